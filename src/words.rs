//! Words for people, in the two languages the program speaks, and the
//! error of the name parsers ([`UnknownName`]).

use std::fmt;
use std::str::FromStr;

/// Output language for people. The default is English, as every command's
/// `--lang` has it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Lang {
    /// Chinese.
    Zh,
    /// English.
    #[default]
    En,
}

impl Lang {
    /// The name on the command line: `zh` or `en`.
    pub const fn name(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }
}

impl fmt::Display for Lang {
    /// `zh` or `en`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Lang {
    type Err = UnknownName;

    /// `zh` or `en` (case-insensitive).
    fn from_str(s: &str) -> Result<Lang, UnknownName> {
        match s.to_ascii_lowercase().as_str() {
            "zh" => Ok(Lang::Zh),
            "en" => Ok(Lang::En),
            _ => Err(UnknownName::new("language", s, "zh or en")),
        }
    }
}

/// A name that none of a type's names matches: the error of the `FromStr`
/// implementations of the named types (rule sets, colours, languages,
/// verdicts, natures, squares).
///
/// ```
/// use xqarbiter::rules::RuleSet;
/// let err = "fide".parse::<RuleSet>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown rule set 'fide': expected cxa2011, cxa2020 or axf");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} '{text}': expected {expected}")]
#[non_exhaustive]
pub struct UnknownName {
    /// What the name was to name (`rule set`, `colour`, …).
    pub what: &'static str,
    /// The text as given.
    pub text: String,
    /// The names accepted, in words.
    pub expected: &'static str,
}

impl UnknownName {
    /// `text`, which names no `what`; `expected` lists the names accepted.
    pub fn new(what: &'static str, text: &str, expected: &'static str) -> UnknownName {
        UnknownName {
            what,
            text: text.to_string(),
            expected,
        }
    }
}

impl From<UnknownName> for String {
    /// The message, as `Display` writes it.
    fn from(e: UnknownName) -> String {
        e.to_string()
    }
}

/// A player's name as a record gives it, or `None` when it is empty or only
/// says which side (`红方`, `黑方`, `Red`, `Black`, `?`), as programs write
/// for a player they do not know: no name an organiser can use.
///
/// ```
/// use xqarbiter::words::player_name;
/// assert_eq!(player_name(Some("许银川")), Some("许银川"));
/// assert_eq!(player_name(Some("红方")), None);
/// assert_eq!(player_name(Some(" Black ")), None);
/// ```
pub fn player_name(name: Option<&str>) -> Option<&str> {
    name.filter(|name| {
        let name = name.trim();
        !name.is_empty()
            && !["?", "红方", "黑方", "紅方", "red", "black"]
                .iter()
                .any(|p| name.eq_ignore_ascii_case(p))
    })
}

/// A message for people (a reason, an error), in English and in Chinese.
/// Serialized as `{"en": …, "zh": …}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
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

    /// Why a file or folder cannot be opened or read: the common cases in
    /// words (it does not exist, no permission, a folder), the others with
    /// the system's message.
    pub fn io(e: &std::io::Error) -> Words {
        use std::io::ErrorKind as Io;
        match e.kind() {
            Io::NotFound => Words::new("the file does not exist", "文件不存在"),
            Io::PermissionDenied => Words::new("there is no permission to read it", "没有读取权限"),
            Io::IsADirectory => Words::new("it is a folder, not a file", "这是文件夹，不是文件"),
            _ => Words::new(format!("cannot be read: {e}"), format!("无法读取（{e}）")),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_print_and_parse_by_their_command_line_names() {
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(lang.to_string().parse::<Lang>(), Ok(lang));
        }
        assert_eq!("EN".parse::<Lang>(), Ok(Lang::En));
        let err = "fr".parse::<Lang>().unwrap_err();
        assert_eq!(err.to_string(), "unknown language 'fr': expected zh or en");
        assert_eq!(String::from(err.clone()), err.to_string());
    }
}
