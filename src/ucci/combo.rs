//! `combo` options with their default listed first among their `var`s.
//!
//! A GUI adapter may ignore a combo's `default` and take its first `var` as
//! the value (UCI2WB does, so XBoard sends it back at every engine start): a
//! bridge whose `profile` listed `cxa2011` first ran under CXA 2011 in XBoard
//! although it announced `default cxa2020`. Every combo the session announces,
//! its own and the engine's, therefore names its default first.

/// The ` var …` words of a combo whose choices are `choices` and whose
/// default is `default`: the default first, then the others in their order.
pub(crate) fn vars_default_first(default: &str, choices: &[&str]) -> String {
    let rest = choices.iter().filter(|c| **c != default);
    std::iter::once(&default)
        .chain(rest)
        .map(|c| format!(" var {c}"))
        .collect()
}

/// The words that start a part of an `option` line's tail.
const KEYWORDS: [&str; 5] = ["type", "default", "min", "max", "var"];

/// An `option` line's tail (from `type` on) with its `var`s reordered so that
/// the default comes first; any other tail is returned as it is. Values may
/// hold spaces (a UCI `var Both Sides`): a value runs to the next keyword.
pub(crate) fn default_var_first(tail: &str) -> String {
    let mut parts: Vec<(&str, Vec<&str>)> = Vec::new();
    for word in tail.split_whitespace() {
        match parts.last_mut() {
            Some((_, value)) if !KEYWORDS.contains(&word) => value.push(word),
            _ => parts.push((word, Vec::new())),
        }
    }
    let value = |key: &str| {
        parts
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.join(" "))
    };
    let Some(default) = value("default").filter(|_| value("type").as_deref() == Some("combo"))
    else {
        return tail.to_string();
    };
    let mut vars: Vec<String> = parts
        .iter()
        .filter(|(k, _)| *k == "var")
        .map(|(_, v)| v.join(" "))
        .collect();
    if !vars.contains(&default) {
        return tail.to_string();
    }
    vars.sort_by_key(|v| *v != default);
    let mut vars = vars.into_iter();
    let words: Vec<String> = parts
        .iter()
        .map(|(k, v)| match *k {
            "var" => format!("var {}", vars.next().unwrap_or_default()),
            _ => std::iter::once(*k)
                .chain(v.iter().copied())
                .collect::<Vec<_>>()
                .join(" "),
        })
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_comes_first_among_the_vars() {
        assert_eq!(
            vars_default_first("cxa2020", &["cxa2011", "cxa2020", "axf"]),
            " var cxa2020 var cxa2011 var axf"
        );
        assert_eq!(vars_default_first("en", &["en", "zh"]), " var en var zh");
    }

    #[test]
    fn engine_combos_are_reordered_in_both_layouts() {
        assert_eq!(
            default_var_first("type combo default ucci var uci var usi var ucci var xboard"),
            "type combo default ucci var ucci var uci var usi var xboard"
        );
        assert_eq!(
            default_var_first("type combo var none var small var large default large"),
            "type combo var large var none var small default large"
        );
        assert_eq!(
            default_var_first("type combo default Both Sides var Off var Both Sides"),
            "type combo default Both Sides var Both Sides var Off"
        );
    }

    #[test]
    fn other_tails_are_kept_as_they_are() {
        for tail in [
            "type spin default 16 min 1 max 131072",
            "type combo default chess var xiangqi",
            "type string default <empty>",
            "type button",
        ] {
            assert_eq!(default_var_first(tail), tail);
        }
    }
}
