//! Why a text is not a move, in the two languages the program speaks.

/// A reason for the user, in English and in Chinese.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Why {
    /// In English.
    pub(crate) en: String,
    /// In Chinese.
    pub(crate) zh: String,
}

impl Why {
    /// The reason `en`, in Chinese `zh`.
    pub(crate) fn new(en: impl Into<String>, zh: impl Into<String>) -> Why {
        Why {
            en: en.into(),
            zh: zh.into(),
        }
    }
}
