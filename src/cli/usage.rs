//! clap's usage errors (an unknown option, a missing or bad value, a
//! missing argument) in Chinese when the command line asks for `--lang zh`:
//! the error's kind and context put in words; clap's English otherwise.
//! And whether the command line asks for `rule --json`, whose programs get
//! the error as JSON too.

use std::ffi::OsString;
use std::num::{IntErrorKind, ParseFloatError, ParseIntError};

use clap::error::{ContextKind, ContextValue, ErrorKind};

/// Whether the raw command line asks for Chinese: its last `--lang zh` or
/// `--lang=zh` before a `--` (after which nothing is an option), wherever it
/// stands, since a usage error may come before clap reaches it.
pub(super) fn asks_chinese(args: impl IntoIterator<Item = OsString>) -> bool {
    let mut chinese = false;
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let value = match arg.to_str() {
            Some("--") => break,
            Some("--lang") => args.next(),
            Some(a) => a.strip_prefix("--lang=").map(OsString::from),
            None => None,
        };
        if let Some(value) = value {
            chinese = value == "zh";
        }
    }
    chinese
}

/// Whether the raw command line `args` (the program's name first) runs the
/// subcommand `rule` of `cli` with its flag `--json`: a word `--json` before a
/// `--`, not taken by the option before it as its value (as clap takes a
/// word: one that looks like an option only by an option that allows such
/// values, as `--moves` does). `rule` is the first word after the program's
/// name, which takes no options before its subcommand.
pub(super) fn asks_rule_json(cli: &clap::Command, args: &[OsString]) -> bool {
    let Some(rule) = args
        .get(1)
        .filter(|a| *a == "rule")
        .and_then(|_| cli.find_subcommand("rule"))
    else {
        return false;
    };
    let mut words = args.iter().skip(2).map(|a| a.to_str()).peekable();
    while let Some(word) = words.next() {
        let Some(word) = word else { continue };
        if word == "--" {
            return false;
        }
        if word == "--json" {
            return true;
        }
        let option = word
            .strip_prefix("--")
            .filter(|name| !name.contains('='))
            .and_then(|name| rule.get_arguments().find(|a| a.get_long() == Some(name)))
            .filter(|a| a.get_action().takes_values());
        if let Some(option) = option {
            let takes_next = words.peek().is_some_and(|next| {
                next.is_none_or(|next| {
                    next == "-" || !next.starts_with('-') || option.is_allow_hyphen_values_set()
                })
            });
            if takes_next {
                words.next();
            }
        }
    }
    false
}

/// The error `e` in Chinese, as clap lays out its English (the error, tips,
/// usage, where to read more); `None` for the kinds not put in Chinese, which
/// are left to clap (help and version, which are no errors, and kinds the
/// options of this program do not meet).
pub(super) fn in_chinese(e: &clap::Error) -> Option<String> {
    let arg = string(e, ContextKind::InvalidArg);
    let value = string(e, ContextKind::InvalidValue);
    let error = match e.kind() {
        // An unknown option, or a word after the arguments a command takes.
        ErrorKind::UnknownArgument => match arg? {
            arg if arg.starts_with('-') => format!("未知的选项“{arg}”"),
            arg => format!("多余的参数“{arg}”"),
        },
        ErrorKind::InvalidSubcommand => {
            format!(
                "未知的子命令“{}”",
                string(e, ContextKind::InvalidSubcommand)?
            )
        }
        ErrorKind::InvalidValue if value.as_deref() == Some("") => {
            format!("选项 {} 缺少值{}", arg?, valid_values(e))
        }
        ErrorKind::InvalidValue => {
            format!("{} 的值“{}”无效{}", arg?, value?, valid_values(e))
        }
        ErrorKind::ValueValidation => {
            let why = std::error::Error::source(e)
                .map_or_else(String::new, |why| format!("：{}", why_invalid(why)));
            format!("{} 的值“{}”无效{why}", arg?, value?)
        }
        ErrorKind::MissingRequiredArgument => {
            format!(
                "缺少必需的参数：{}",
                strings(e, ContextKind::InvalidArg)?.join("、")
            )
        }
        ErrorKind::ArgumentConflict => match strings(e, ContextKind::PriorArg) {
            Some(others) if others == [arg.clone()?] => format!("{} 只能给出一次", arg?),
            Some(others) if !others.is_empty() => {
                format!("{} 不能与 {} 同时使用", arg?, others.join("、"))
            }
            _ => format!("{} 不能与其他选项同时使用", arg?),
        },
        ErrorKind::InvalidUtf8 => "参数不是有效的 UTF-8 文本".to_string(),
        _ => return None,
    };
    let mut out = format!("错误：{error}\n");
    let tips = tips(e);
    if !tips.is_empty() {
        out.push('\n');
        for tip in tips {
            out.push_str(&format!("  提示：{tip}\n"));
        }
    }
    if let Some(ContextValue::StyledStr(usage)) = e.get(ContextKind::Usage) {
        let usage = usage.to_string();
        let usage = usage.strip_prefix("Usage: ").unwrap_or(&usage);
        out.push_str(&format!("\n用法：{usage}\n"));
    }
    out.push_str("\n更多信息请用 --help 查看。\n");
    Some(out)
}

/// The context `kind` of `e` when it is one string.
fn string(e: &clap::Error, kind: ContextKind) -> Option<String> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// The context `kind` of `e` as a list of strings (one string, or none, is a
/// list too).
fn strings(e: &clap::Error, kind: ContextKind) -> Option<Vec<String>> {
    match e.get(kind)? {
        ContextValue::String(s) => Some(vec![s.clone()]),
        ContextValue::Strings(list) => Some(list.clone()),
        ContextValue::None => Some(Vec::new()),
        _ => None,
    }
}

/// The values an option takes, on a line under the error, when it has a list.
fn valid_values(e: &clap::Error) -> String {
    match strings(e, ContextKind::ValidValue) {
        Some(values) if !values.is_empty() => format!("\n  [可选值：{}]", values.join("、")),
        _ => String::new(),
    }
}

/// Why a value its parser refused is no good: a number that is none, or out
/// of range, in Chinese; what another parser says, as it says it.
fn why_invalid(why: &(dyn std::error::Error + 'static)) -> String {
    if let Some(e) = why.downcast_ref::<ParseIntError>() {
        return match e.kind() {
            IntErrorKind::Empty => "值为空".to_string(),
            IntErrorKind::PosOverflow => "数值太大".to_string(),
            IntErrorKind::NegOverflow => "数值太小".to_string(),
            IntErrorKind::Zero => "不能为0".to_string(),
            _ => "应为非负整数".to_string(),
        };
    }
    if why.is::<ParseFloatError>() {
        return "应为数字".to_string();
    }
    // clap's ranged integer parsers say "N is not in LOW..=HIGH"; an open
    // range `LOW..` ends at its type's maximum.
    let message = why.to_string();
    let range = message
        .split_once(" is not in ")
        .and_then(|(_, range)| range.split_once("..="));
    match range {
        Some((low, high))
            if high
                .parse::<u128>()
                .is_ok_and(|h| h >= u128::from(u32::MAX)) =>
        {
            format!("应不小于{low}")
        }
        Some((low, high)) => format!("应在{low}到{high}之间"),
        None => message,
    }
}

/// The tips under the error: the option, subcommand or value meant, or how
/// to write what was taken for an option.
fn tips(e: &clap::Error) -> Vec<String> {
    let mut tips = Vec::new();
    let quoted = |names: Vec<String>| {
        names
            .iter()
            .map(|n| format!("“{n}”"))
            .collect::<Vec<_>>()
            .join("、")
    };
    for (kind, what) in [
        (ContextKind::SuggestedSubcommand, "子命令"),
        (ContextKind::SuggestedArg, "选项"),
        (ContextKind::SuggestedValue, "值"),
    ] {
        if let Some(names) = strings(e, kind).filter(|n| !n.is_empty()) {
            tips.push(format!("相近的{what}：{}", quoted(names)));
        }
    }
    if let Some(ContextValue::StyledStrs(suggested)) = e.get(ContextKind::Suggested) {
        tips.extend(suggested.iter().map(|s| suggestion(&s.to_string())));
    }
    tips
}

/// One of clap's suggestions in Chinese: how to pass a word that looks like
/// an option as a value (`to pass 'X' as a value, use '… -- X'`), or the
/// subcommand an option belongs to (`'SUB --opt' exists`); any other as
/// clap says it.
fn suggestion(text: &str) -> String {
    let pass = text
        .strip_prefix("to pass '")
        .and_then(|rest| rest.split_once("' as a value, use '"))
        .and_then(|(arg, rest)| Some((arg, rest.strip_suffix('\'')?)));
    if let Some((arg, usage)) = pass {
        return format!("如要把“{arg}”作为值传入，请写成“{usage}”");
    }
    match text
        .strip_suffix("' exists")
        .and_then(|s| s.strip_prefix('\''))
    {
        Some(usage) => format!("该选项属于子命令，应写在子命令之后：“{usage}”"),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn asks(args: &[&str]) -> bool {
        asks_chinese(args.iter().map(OsString::from))
    }

    #[test]
    fn chinese_is_asked_for_by_the_last_lang_before_a_double_dash() {
        assert!(asks(&["xqarbiter", "rule", "--bad", "--lang", "zh"]));
        assert!(asks(&["xqarbiter", "rule", "--lang=zh", "--bad"]));
        assert!(!asks(&[
            "xqarbiter",
            "rule",
            "--lang",
            "zh",
            "--lang",
            "en"
        ]));
        assert!(!asks(&["xqarbiter", "rule", "--", "--lang", "zh"]));
        assert!(!asks(&["xqarbiter", "rule", "--lang"]));
        assert!(!asks(&["xqarbiter", "rule", "zh"]));
    }

    fn asks_json(args: &[&str]) -> bool {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        asks_rule_json(&<crate::cli::Cli as clap::CommandFactory>::command(), &args)
    }

    #[test]
    fn rule_json_is_asked_for_by_the_flag_not_by_a_value() {
        assert!(asks_json(&["xqarbiter", "rule", "--fenn", "x", "--json"]));
        assert!(asks_json(&["xqarbiter", "rule", "--json", "--rules"]));
        assert!(asks_json(&["xqarbiter", "rule", "--fen", "--json"]));
        assert!(asks_json(&["xqarbiter", "rule", "--fen=x", "--json"]));
        assert!(!asks_json(&["xqarbiter", "rule", "--moves", "--json"]));
        assert!(!asks_json(&[
            "xqarbiter",
            "rule",
            "--fen",
            "x",
            "--",
            "--json"
        ]));
        assert!(!asks_json(&["xqarbiter", "audit", "--json"]));
        assert!(!asks_json(&["xqarbiter", "--json", "rule"]));
        assert!(!asks_json(&["xqarbiter", "rule"]));
    }

    #[test]
    fn clap_suggestions_are_put_in_chinese_and_others_kept() {
        assert_eq!(
            suggestion("to pass '-3' as a value, use '-- -3'"),
            "如要把“-3”作为值传入，请写成“-- -3”"
        );
        assert_eq!(
            suggestion("'rule --lang' exists"),
            "该选项属于子命令，应写在子命令之后：“rule --lang”"
        );
        assert_eq!(suggestion("something else"), "something else");
    }
}
