//! `xqarbiter profiles [--json] [--file PATH]`: the built-in tournament profiles
//! with their numbers, or a user profile file checked and shown the same way.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::rules::profile::Profile;
use crate::text;

/// Arguments of `profiles`.
#[derive(Debug, Args)]
pub struct ProfilesArgs {
    /// Print a JSON array of profile objects instead of a table.
    #[arg(long)]
    json: bool,
    /// Check a user profile file (TOML) and show it instead of the built-ins.
    #[arg(long, value_name = "PATH")]
    file: Option<PathBuf>,
}

/// Runs `profiles`.
pub fn run(args: ProfilesArgs) -> Result<ExitCode, Box<dyn std::error::Error>> {
    let profiles = match &args.file {
        Some(path) => vec![Profile::from_file(path)?],
        None => Profile::builtins(),
    };
    if args.json {
        let all: Vec<_> = profiles.iter().map(Profile::to_json).collect();
        println!("{}", serde_json::Value::from(all));
    } else {
        print!("{}", table(&profiles));
    }
    Ok(ExitCode::SUCCESS)
}

/// The profiles as a table for people: name, rules, limit, caps, other clauses.
fn table(profiles: &[Profile]) -> String {
    let header = ["name", "rules", "limit", "check cap", "attack cap", "other"].map(String::from);
    let rows: Vec<[String; 6]> = std::iter::once(header)
        .chain(profiles.iter().map(row))
        .collect();
    text::table(&rows)
}

fn row(p: &Profile) -> [String; 6] {
    let check_cap = match p.limit.check_cap {
        0 => "never counted".to_string(),
        n => n.to_string(),
    };
    let attack_cap = match p.limit.attack_cap {
        None => "none".to_string(),
        Some(c) if c.counts_checks => format!("{} (将+杀+捉)", c.max),
        Some(c) => format!("{} (捉+杀)", c.max),
    };
    let mut other = vec![format!(
        "decisive repetition: occurrence {}",
        p.decisive_occurrence
    )];
    if let Some(r) = p.early_repetition {
        other.push(format!(
            "early repetition ≤{} rounds: Red must vary",
            r.rounds
        ));
    }
    if let Some(e) = p.early_end {
        let what = if e.includes_resignation {
            "agreed draw or resignation"
        } else {
            "agreed draw"
        };
        other.push(format!("{what} ≤{} rounds flagged", e.rounds));
    }
    if p.draw_is_black_win {
        other.push("a draw is a Black win".to_string());
    }
    if p.flags_simple_draws {
        other.push("simple draws noted".to_string());
    }
    [
        p.name.clone(),
        p.rules.name().to_string(),
        p.limit.rounds.to_string(),
        check_cap,
        attack_cap,
        other.join("; "),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_lists_every_builtin_with_its_numbers() {
        let t = table(&Profile::builtins());
        assert_eq!(t.lines().count(), 11);
        let heng = t
            .lines()
            .find(|l| l.starts_with("hengfang2024-slow"))
            .unwrap();
        assert!(
            heng.contains("40") && heng.contains("never counted") && heng.contains("20 (捉+杀)")
        );
    }
}
