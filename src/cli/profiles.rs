//! `xqarbiter profiles [--json] [--file PATH] [--lang en|zh]`: the built-in
//! tournament profiles with their numbers, or a user profile file checked and
//! shown the same way.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::rules::profile::Profile;
use crate::text;
use crate::words::{Lang, Words};

use super::LangArg;

/// Arguments of `profiles`.
#[derive(Debug, Args)]
pub(super) struct ProfilesArgs {
    /// Print a JSON array of profile objects instead of a table.
    #[arg(long)]
    json: bool,
    /// Check a user profile file (TOML) and show it instead of the built-ins.
    #[arg(long, value_name = "PATH")]
    file: Option<PathBuf>,
    /// Language of the table and of the errors (the JSON is the same in both).
    #[arg(long, value_enum, default_value = "en")]
    lang: LangArg,
}

/// Runs `profiles`.
pub(super) fn run(args: ProfilesArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let lang = args.lang.lang();
    let profiles = match &args.file {
        Some(path) => match Profile::from_file(path) {
            Ok(p) => vec![p],
            Err(e) => {
                eprintln!("xqarbiter: {}", e.in_lang(lang));
                return Ok(ExitCode::from(2));
            }
        },
        None => Profile::builtins(),
    };
    if args.json {
        let all: Vec<_> = profiles.iter().map(Profile::to_json).collect();
        println!("{}", serde_json::Value::from(all));
    } else {
        print!("{}", table(&profiles, lang));
    }
    Ok(ExitCode::SUCCESS)
}

/// The profiles as a table for people, in `lang`: name, rules, limit, caps,
/// other clauses.
fn table(profiles: &[Profile], lang: Lang) -> String {
    let header = match lang {
        Lang::En => [
            "Name",
            "Rules",
            "Natural limit",
            "Check cap",
            "Attack cap",
            "Other",
        ],
        Lang::Zh => [
            "名称",
            "规则",
            "自然限着",
            "将军限着",
            "攻击限着",
            "其他规定",
        ],
    }
    .map(String::from);
    let rows: Vec<[String; 6]> = std::iter::once(header)
        .chain(profiles.iter().map(|p| row(p, lang)))
        .collect();
    text::table(&rows)
}

fn row(p: &Profile, lang: Lang) -> [String; 6] {
    let say = |en: String, zh: String| Words::new(en, zh).get(lang).to_string();
    let check_cap = match p.limit.check_cap {
        0 => say("never counted".into(), "将军不计着数".into()),
        n => n.to_string(),
    };
    let attack_cap = match p.limit.attack_cap {
        None => say("none".into(), "无".into()),
        Some(c) => {
            // 0, as for the check cap: those moves never count.
            let max = match c.max {
                0 => say("never counted".into(), "不计着数".into()),
                n => n.to_string(),
            };
            // The kinds of moves counted, as the regulations word them;
            // in English, in words.
            let kinds = match (c.counts_checks, lang) {
                (true, Lang::Zh) => "将+杀+捉",
                (false, Lang::Zh) => "捉+杀",
                (true, Lang::En) => "check+mate threat+chase",
                (false, Lang::En) => "chase+mate threat",
            };
            format!("{max} ({kinds})")
        }
    };
    let n = p.decisive_occurrence;
    let mut other = vec![say(
        format!("decisive repetition: occurrence {n}"),
        format!("局面第{n}次出现时判决"),
    )];
    if let Some(r) = p.early_repetition {
        let r = r.rounds;
        other.push(say(
            format!("early repetition ≤{r} rounds: Red must vary"),
            format!("{r}回合以内不得不变作和：红方须变着"),
        ));
    }
    if let Some(e) = p.early_end {
        let r = e.rounds;
        let (what_en, what_zh) = if e.includes_resignation {
            ("agreed draw or resignation", "议和或认负")
        } else {
            ("agreed draw", "议和")
        };
        // As the audit's finding says it: the regulation's sanction.
        let (tail_en, tail_zh) = if e.both_may_lose {
            (
                " (the arbiter may rule both players lost)",
                "（裁判有权判双方负）",
            )
        } else {
            ("", "")
        };
        other.push(say(
            format!("{what_en} ≤{r} rounds flagged{tail_en}"),
            format!("{r}回合以内{what_zh}予以标记{tail_zh}"),
        ));
    }
    if p.draw_is_black_win {
        other.push(say("a draw is a Black win".into(), "和棋黑胜".into()));
    }
    if p.flags_simple_draws {
        other.push(say("simple draws noted".into(), "提示简单和棋".into()));
    }
    let sep = say("; ".into(), "；".into());
    [
        p.name.clone(),
        p.rules.name().to_string(),
        match lang {
            Lang::En => format!("{} rounds", p.limit.rounds),
            Lang::Zh => format!("{}回合", p.limit.rounds),
        },
        check_cap,
        attack_cap,
        other.join(&sep),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lists_every_builtin_with_its_numbers() {
        let t = table(&Profile::builtins(), Lang::En);
        assert_eq!(t.lines().count(), 11);
        let heng = t
            .lines()
            .find(|l| l.starts_with("hengfang2024-slow"))
            .unwrap();
        assert!(
            heng.contains("40")
                && heng.contains("never counted")
                && heng.contains("20 (chase+mate threat)")
        );
        assert!(!t.contains(['将', '杀', '捉']), "{t}");
    }

    #[test]
    fn a_zero_attack_cap_reads_as_the_zero_check_cap_does() {
        let p: Profile =
            "name = \"z\"\nrules = \"cxa2020\"\n[natural_limit]\ncheck_cap = 0\nattack_cap = 0\n"
                .parse()
                .unwrap();
        let en = row(&p, Lang::En);
        assert_eq!(
            (en[3].as_str(), en[4].as_str()),
            ("never counted", "never counted (check+mate threat+chase)")
        );
        let zh = row(&p, Lang::Zh);
        assert_eq!(zh[4], "不计着数 (将+杀+捉)");
    }

    #[test]
    fn the_table_speaks_chinese_too() {
        let t = table(&Profile::builtins(), Lang::Zh);
        assert!(t.starts_with("名称"), "{t}");
        let heng = t
            .lines()
            .find(|l| l.starts_with("hengfang2024-blitz"))
            .unwrap();
        assert!(
            heng.contains("30回合")
                && heng.contains("将军不计着数")
                && heng.contains("15 (捉+杀)")
                && heng.contains("10回合以内议和或认负予以标记（裁判有权判双方负）；和棋黑胜"),
            "{heng}"
        );
        assert!(!t.contains("rounds") && !t.contains("never"), "{t}");
    }
}
