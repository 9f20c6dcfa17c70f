//! Words for people, in the two languages the program speaks.

/// Output language for people.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// Chinese.
    #[default]
    Zh,
    /// English.
    En,
}

/// A message for people (a reason, an error), in English and in Chinese.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// In English.
    pub en: String,
    /// In Chinese.
    pub zh: String,
}

impl Words {
    /// The message `en`, in Chinese `zh`.
    pub fn new(en: impl Into<String>, zh: impl Into<String>) -> Words {
        Words {
            en: en.into(),
            zh: zh.into(),
        }
    }

    /// Why a file or folder cannot be opened or read: the system's message,
    /// and in Chinese the common cases in words, the others with the
    /// system's message.
    pub fn io(e: &std::io::Error) -> Words {
        use std::io::ErrorKind as Io;
        let zh = match e.kind() {
            Io::NotFound => "文件不存在".to_string(),
            Io::PermissionDenied => "没有读取权限".to_string(),
            Io::IsADirectory => "这是文件夹，不是文件".to_string(),
            _ => format!("无法读取（{e}）"),
        };
        Words::new(format!("cannot be read: {e}"), zh)
    }

    /// The message after a label naming what it is about: `label: message`,
    /// in Chinese `label：message`.
    pub fn prefixed(self, en: &str, zh: &str) -> Words {
        Words {
            en: format!("{en}: {}", self.en),
            zh: format!("{zh}：{}", self.zh),
        }
    }

    /// The message in `lang`.
    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }
}
