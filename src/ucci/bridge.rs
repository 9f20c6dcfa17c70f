//! The engine side of the bridge: how to run the engine, what it declared at
//! its handshake, and how the GUI's options reach it.

use std::time::Duration;

use crate::words::Words;

use super::combo::default_var_first;
use super::deaf::Drain;
use super::dialect::{Dialect, EngineProtocol, FenLetters};
use super::engine::Engine;

/// How to run the engine behind the bridge.
#[derive(Clone, Debug)]
pub struct EngineSettings {
    /// Program and arguments.
    pub command: Vec<String>,
    /// The engine's protocol.
    pub protocol: EngineProtocol,
    /// Options set after every start, as `(name, value)` in the engine's own names.
    pub options: Vec<(String, String)>,
    /// Rank base of the engine's coordinates; `None` = 0, or 1 for Fairy-Stockfish in UCI mode and Sjaak II.
    pub rank_base: Option<u8>,
    /// How long to wait for the handshake and `readyok`, and the margin after
    /// a search's time budget or a `stop`.
    pub timeout: Duration,
    /// The longest a `depth` or `nodes` search may take before the engine counts as hung.
    pub search_limit: Duration,
}

/// What Sjaak II's `score cp` gives a mate on the board: a mate in one is
/// `score cp 15999`, and being mated in one `score cp -15998`.
const SJAAK_MATE: i64 = 16_000;

/// An option the engine declared, as offered to the GUI.
#[derive(Clone, Debug)]
pub(crate) struct EngineOption {
    /// The UCCI name shown to the GUI.
    pub(crate) ucci_name: String,
    /// The engine's own name.
    pub(crate) engine_name: String,
    /// The UCCI `option` line for the GUI.
    pub(crate) line: String,
    /// The UCI `option` line for the GUI: the engine's own name.
    pub(crate) uci_line: String,
    /// A `check` option: its value is `true` or `false`.
    pub(crate) check: bool,
    /// A `spin` option's `min` and `max`, when it declared both.
    pub(crate) range: Option<(i64, i64)>,
}

/// The engine side of the bridge.
pub(crate) struct Bridge {
    /// How to run it.
    pub(crate) settings: EngineSettings,
    /// The running process, if any.
    pub(crate) engine: Option<Engine>,
    /// How many times it was started.
    pub(crate) generation: u64,
    /// How to talk to it (rank base and time unit learned at the handshake).
    pub(crate) dialect: Dialect,
    /// Its `id name`.
    pub(crate) name: Option<String>,
    /// Its options, as offered to the GUI.
    pub(crate) options: Vec<EngineOption>,
    /// GUI `setoption`s already translated, replayed after a restart: the
    /// engine's option name and the line, the last one set for each name.
    pub(crate) gui_options: Vec<(String, String)>,
    /// Why the last start failed, if it did.
    pub(crate) start_failure: Option<Words>,
    /// The engine reads no command while it searches, so `stop` and
    /// `ponderhit` never reach it: Sjaak II, or an engine that let a `stop`
    /// go unanswered, or a UCCI engine put in batch mode by
    /// `--engine-option batch=true`. The bridge then answers a `stop` itself
    /// and does not pass `go ponder` on.
    pub(crate) deaf: bool,
    /// Searches of the running engine that were answered for it and still run.
    pub(crate) drain: Drain,
    /// How many of the engine's answers (one per search) were legal only
    /// with ranks from 0, and only with ranks from 1: once there is such
    /// evidence, the base it points to holds over the name's hint, after
    /// restarts too, and a stray answer does not outweigh it.
    pub(crate) rank_votes: [u32; 2],
    /// A UCCI engine that reads the options it declared only in the UCI
    /// form of `setoption` (`setoption name Hash value 32`): Sjaak II, whose
    /// UCCI side crashes at its next search after `setoption Hash 32`.
    options_in_uci_form: bool,
    /// The engine's mate in centipawns (see `mate_scale`) as its lines
    /// showed it: it holds over the name's hint, after restarts too.
    cp_mate_seen: Option<i64>,
}

impl Bridge {
    /// A bridge to the engine `settings` describe, not started yet.
    pub(crate) fn new(settings: EngineSettings) -> Bridge {
        Bridge {
            dialect: Dialect {
                protocol: settings.protocol,
                rank_base: settings.rank_base.unwrap_or(0),
                millis: false,
                go_infinite: settings.protocol == EngineProtocol::Uci,
                letters: FenLetters::Standard,
                increments: true,
                cp_mate: None,
            },
            settings,
            engine: None,
            generation: 0,
            name: None,
            options: Vec::new(),
            gui_options: Vec::new(),
            start_failure: None,
            deaf: false,
            drain: Drain::default(),
            rank_votes: [0, 0],
            options_in_uci_form: false,
            cp_mate_seen: None,
        }
    }

    /// Learns the engine's name, options, rank base and time unit from its
    /// handshake lines, and returns the lines that set it up.
    ///
    /// Quirks and how each is known:
    ///
    /// | quirk | known by | name hint |
    /// | --- | --- | --- |
    /// | ranks from 1 | its moves: more answers legal only so than only with ranks from 0 (`learn_rank_base` in the session), unless `--engine-rank-base` | Fairy-Stockfish (UCI), Sjaak II |
    /// | deaf while searching | a `stop` left unanswered, or `--engine-option batch=true` (UCCI) | Sjaak II |
    /// | FEN letters H and E | name only | Sjaak II |
    /// | increments misread (both protocols) | name only | Sjaak II |
    /// | mates written `score cp ±(K − plies)` | a line whose `score cp` is beyond material (≥ 10000) and whose `pv` ends in a mate (`mate_scale`), else name | Sjaak II (K = 16000) |
    /// | UCCI: options set only in UCI form (`usemillisec` in either) | name only | Sjaak II |
    /// | UCCI times in milliseconds | `option usemillisec`, else name | Fairy-Stockfish |
    /// | `go infinite` rather than `go depth infinite` | name, or the UCI protocol | Fairy-Stockfish |
    ///
    /// A rank base or a mate scale learned from the engine's lines holds
    /// over the name's hint, after a restart too. The name stays the only
    /// key where the quirk would show only by the harm it does: an engine
    /// that reads no `N` or `B` in a FEN answers no search after one (and
    /// no move has other causes), one that misreads increments overspends
    /// its clock as a slow engine would, and Sjaak II's UCCI side takes
    /// `setoption Hash 32` without a word and crashes at its next search,
    /// while an engine that reads the other form of `setoption` says
    /// nothing either (ElephantEye ignores unknown options): no probe at the
    /// handshake tells the forms apart without risking the crash.
    pub(crate) fn configure(&mut self, handshake: &[String]) -> Vec<String> {
        self.name = handshake
            .iter()
            .find_map(|l| l.strip_prefix("id name "))
            .map(str::to_string);
        self.options = handshake
            .iter()
            .filter_map(|l| engine_option(l, self.dialect.protocol))
            .collect();
        // Fairy-Stockfish numbers ranks from 1 in UCI mode, and in UCCI mode
        // reads `go` times in milliseconds (its `usemillisec` defaults to true
        // but is not advertised), protocols.md §1.11, and searches until
        // `stop` on `go infinite` but not on `go depth infinite`.
        let fairy = self
            .name
            .as_deref()
            .is_some_and(|n| n.starts_with("Fairy-Stockfish"));
        let fsf_uci = fairy && self.dialect.protocol == EngineProtocol::Uci;
        // Sjaak II numbers ranks from 1 in both protocols, reads the horse
        // and elephant as H and E in a FEN, misreads increments, writes
        // mates as centipawns from 16000, and reads no input while it
        // searches (not even `stop`).
        let sjaak = self.name.as_deref().is_some_and(|n| n.starts_with("Sjaak"));
        if self.rank_votes == [0, 0] {
            self.dialect.rank_base = self
                .settings
                .rank_base
                .unwrap_or(u8::from(fsf_uci || sjaak));
        }
        self.dialect.increments = !sjaak;
        self.dialect.cp_mate = self.cp_mate_seen.or(sjaak.then_some(SJAAK_MATE));
        self.options_in_uci_form = sjaak;
        self.dialect.letters = if sjaak {
            FenLetters::HorseElephant
        } else {
            FenLetters::Standard
        };
        // UCCI's batch mode, which the bridge never passes on from the GUI
        // but the operator may set: the engine then reads no command while
        // it searches.
        let batch = self.dialect.protocol == EngineProtocol::Ucci
            && self.settings.options.iter().any(|(n, v)| {
                n.eq_ignore_ascii_case("batch")
                    && (v.eq_ignore_ascii_case("true") || v.eq_ignore_ascii_case("on"))
            });
        self.deaf |= sjaak || batch;
        self.dialect.go_infinite = fairy || self.dialect.protocol == EngineProtocol::Uci;
        let mut setup = Vec::new();
        match self.dialect.protocol {
            EngineProtocol::Ucci => {
                let declared = handshake
                    .iter()
                    .any(|l| l.starts_with("option usemillisec "));
                if declared {
                    setup.push(self.dialect.setoption("usemillisec", Some("true")));
                }
                self.dialect.millis = declared || fairy;
            }
            EngineProtocol::Uci => {
                let has_variant = handshake
                    .iter()
                    .any(|l| l.starts_with("option name UCI_Variant "));
                let user_variant = self
                    .settings
                    .options
                    .iter()
                    .any(|(n, _)| n == "UCI_Variant");
                if has_variant && !user_variant {
                    setup.push(self.dialect.setoption("UCI_Variant", Some("xiangqi")));
                }
            }
        }
        for (n, v) in &self.settings.options {
            setup.push(self.option_line(n, Some(v)));
        }
        setup.extend(self.gui_options.iter().map(|(_, line)| line.clone()));
        setup
    }

    /// The engine's lines showed its mates written as centipawns, a mate
    /// `n` plies away as ±(`scale` − n) (see `mate_scale`): they are
    /// passed on as mates from now on, after restarts too.
    pub(crate) fn learn_cp_mate(&mut self, scale: i64) {
        self.cp_mate_seen = Some(scale);
        self.dialect.cp_mate = Some(scale);
    }

    /// The line that sets the engine's option `name` (its own name) to
    /// `value`: in the engine's protocol, or in UCI form for an engine that
    /// reads its options only so.
    fn option_line(&self, name: &str, value: Option<&str>) -> String {
        let dialect = Dialect {
            protocol: if self.options_in_uci_form {
                EngineProtocol::Uci
            } else {
                self.dialect.protocol
            },
            ..self.dialect
        };
        dialect.setoption(name, value)
    }

    /// The engine's option the GUI names: by its UCCI name, or (the UCI form
    /// of `setoption`) by the engine's own name in any case.
    fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options.iter().find(|o| {
            o.ucci_name == name
                || o.engine_name.eq_ignore_ascii_case(name)
                || o.ucci_name == name.replace(' ', "_")
        })
    }

    /// The `min` and `max` the engine declared for its spin option `name`.
    pub(crate) fn spin_range(&self, name: &str) -> Option<(i64, i64)> {
        self.option(name)?.range
    }

    /// The engine's line for the GUI's `setoption name [value]`, or `None`
    /// when the engine has no such option. Options other than the `newgame`
    /// button are remembered for restarts (the last value of each).
    pub(crate) fn setoption(&mut self, name: &str, value: Option<&str>) -> Option<String> {
        let engine_name = match (self.dialect.protocol, name) {
            (EngineProtocol::Uci, "newgame") => return Some("ucinewgame".to_string()),
            (EngineProtocol::Ucci, _) => self
                .option(name)
                .map_or(name, |o| o.engine_name.as_str())
                .to_string(),
            (EngineProtocol::Uci, _) => {
                let standard = match name {
                    "hashsize" | "hash" => Some("Hash"),
                    "threads" => Some("Threads"),
                    "ponder" => Some("Ponder"),
                    _ => None,
                };
                self.option(name)
                    .map(|o| o.engine_name.clone())
                    .or(standard.map(str::to_string))?
            }
        };
        // UCCI GUIs may set a check option `on` or `off` (ElephantEye reads
        // them); UCI gives a check option only `true` and `false`, and
        // engines written to it need not read anything else.
        let check = name == "ponder" || self.option(name).is_some_and(|o| o.check);
        let value = match value {
            Some(v) if check && v.eq_ignore_ascii_case("on") => Some("true"),
            Some(v) if check && v.eq_ignore_ascii_case("off") => Some("false"),
            v => v,
        };
        let line = self.option_line(&engine_name, value);
        if name != "newgame" {
            self.gui_options.retain(|(n, _)| *n != engine_name);
            self.gui_options.push((engine_name, line.clone()));
        }
        Some(line)
    }
}

/// Reads an engine's `option` line into what the GUI is offered; options the
/// bridge handles itself (`batch` among them: it is never passed on), and chess's `UCI_Chess960` (Sjaak II offers it), are left out.
fn engine_option(line: &str, protocol: EngineProtocol) -> Option<EngineOption> {
    let rest = line.strip_prefix("option ")?;
    let (engine_name, tail) = match protocol {
        EngineProtocol::Ucci => {
            let rest = rest.strip_prefix("name ").unwrap_or(rest);
            rest.split_once(' ')?
        }
        EngineProtocol::Uci => rest.strip_prefix("name ")?.split_once(" type ")?,
    };
    let ucci_name = match engine_name {
        "Hash" => "hashsize".to_string(),
        n => n.to_ascii_lowercase().replace(' ', "_"),
    };
    if matches!(
        ucci_name.as_str(),
        "usemillisec"
            | "batch"
            | "profile"
            | "language"
            | "newgame"
            | "uci_variant"
            | "uci_chess960"
            | "rankbase"
            | "protocol"
    ) {
        return None;
    }
    let tail = default_var_first(&match protocol {
        EngineProtocol::Ucci => tail.to_string(),
        EngineProtocol::Uci => format!("type {tail}"),
    });
    let words: Vec<&str> = tail.split_whitespace().collect();
    let after = |key: &str| words.windows(2).find(|w| w[0] == key).map(|w| w[1]);
    let bound = |key: &str| after(key).and_then(|v| v.parse::<i64>().ok());
    let range = match (after("type"), bound("min"), bound("max")) {
        (Some("spin"), Some(min), Some(max)) if min <= max => Some((min, max)),
        _ => None,
    };
    Some(EngineOption {
        check: after("type") == Some("check"),
        range,
        line: format!("option {ucci_name} {tail}"),
        uci_line: format!("option name {engine_name} {tail}"),
        ucci_name,
        engine_name: engine_name.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings for a bridge whose engine is never started: only its handshake is read.
    fn settings(protocol: EngineProtocol, options: Vec<(String, String)>) -> EngineSettings {
        EngineSettings {
            command: vec!["x".into()],
            protocol,
            options,
            rank_base: None,
            timeout: Duration::from_secs(1),
            search_limit: Duration::from_secs(1),
        }
    }

    #[test]
    fn reads_engine_options_in_both_protocols() {
        let o = engine_option(
            "option name Hash type spin default 16 min 1 max 131072",
            EngineProtocol::Uci,
        )
        .unwrap();
        assert_eq!(
            o.line,
            "option hashsize type spin default 16 min 1 max 131072"
        );
        assert_eq!(o.engine_name, "Hash");
        assert_eq!(
            o.uci_line,
            "option name Hash type spin default 16 min 1 max 131072"
        );
        let o = engine_option(
            "option name Skill Level type spin default 20",
            EngineProtocol::Uci,
        )
        .unwrap();
        assert_eq!(
            (o.ucci_name.as_str(), o.engine_name.as_str()),
            ("skill_level", "Skill Level")
        );
        assert!(
            engine_option(
                "option name UCI_Variant type combo default xiangqi",
                EngineProtocol::Uci
            )
            .is_none()
        );
        let o = engine_option(
            "option hashsize type spin min 16 max 1024 default 16",
            EngineProtocol::Ucci,
        )
        .unwrap();
        assert_eq!(
            o.line,
            "option hashsize type spin min 16 max 1024 default 16"
        );
        assert!(
            engine_option(
                "option usemillisec type check default true",
                EngineProtocol::Ucci
            )
            .is_none()
        );
        // ElephantEye offers batch mode; the bridge keeps it to itself.
        assert!(
            engine_option(
                "option batch type check default false",
                EngineProtocol::Ucci
            )
            .is_none()
        );
        assert!(engine_option("id name x", EngineProtocol::Ucci).is_none());
        assert!(
            engine_option(
                "option name UCI_Chess960 type check default true",
                EngineProtocol::Uci
            )
            .is_none()
        );
    }

    #[test]
    fn fairy_stockfish_ucci_takes_milliseconds_without_declaring_them() {
        let lines = |v: &[&str]| -> Vec<String> { v.iter().map(|s| s.to_string()).collect() };
        let mut fsf = Bridge::new(settings(EngineProtocol::Ucci, Vec::new()));
        let setup = fsf.configure(&lines(&[
            "id name Fairy-Stockfish 11.1 LB 64",
            "option Hash type spin default 16 min 1 max 131072",
            "option Skill_Level type spin default 20 min -20 max 20",
        ]));
        // The UCI form of setoption names it with spaces; the UCCI engine's
        // name has underscores.
        assert_eq!(
            fsf.setoption("skill level", Some("3")).as_deref(),
            Some("setoption Skill_Level 3")
        );
        assert!(fsf.dialect.millis);
        assert!(fsf.dialect.go_infinite);
        assert_eq!(fsf.dialect.rank_base, 0);
        assert!(setup.is_empty(), "{setup:?}");
        let mut old = Bridge::new(settings(EngineProtocol::Ucci, Vec::new()));
        old.configure(&lines(&["id name OldEngine"]));
        assert!(!old.dialect.millis);
        assert!(!old.dialect.go_infinite);
        let mut eleeye = Bridge::new(settings(EngineProtocol::Ucci, Vec::new()));
        let setup = eleeye.configure(&lines(&[
            "id name ElephantEye",
            "option usemillisec type check default true",
        ]));
        assert!(eleeye.dialect.millis);
        assert_eq!(setup, vec!["setoption usemillisec true"]);
    }

    #[test]
    fn sjaak_counts_ranks_from_one_and_reads_h_and_e_in_both_protocols() {
        for protocol in [EngineProtocol::Ucci, EngineProtocol::Uci] {
            let mut b = Bridge::new(settings(protocol, Vec::new()));
            assert!(!b.deaf);
            let hash = match protocol {
                EngineProtocol::Ucci => "option Hash type spin default 48 min 1 max 4096",
                EngineProtocol::Uci => "option name Hash type spin default 48 min 1 max 4096",
            };
            b.configure(&[
                "Sjaak II version 1.4.1 (x86_64)".to_string(),
                "id name Sjaak II 1.4.1 (x86_64)".to_string(),
                hash.to_string(),
            ]);
            assert_eq!(b.dialect.rank_base, 1, "{protocol:?}");
            assert_eq!(b.dialect.letters, FenLetters::HorseElephant);
            assert!(!b.dialect.increments);
            assert_eq!(b.dialect.cp_mate, Some(SJAAK_MATE));
            // Its options in UCI form, whatever the protocol (its UCCI side
            // crashes after `setoption Hash 32`).
            assert_eq!(
                b.setoption("hashsize", Some("32")).as_deref(),
                Some("setoption name Hash value 32")
            );
            assert!(b.deaf);
        }
    }

    #[test]
    fn translates_gui_options_and_learns_the_rank_base() {
        let mut b = Bridge::new(settings(
            EngineProtocol::Uci,
            vec![("Threads".into(), "1".into())],
        ));
        let handshake: Vec<String> = [
            "id name Fairy-Stockfish 11.1 LB 64",
            "option name UCI_Variant type combo default chess var xiangqi",
            "option name Skill Level type spin default 20 min -20 max 20",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let setup = b.configure(&handshake);
        assert_eq!(
            setup,
            vec![
                "setoption name UCI_Variant value xiangqi",
                "setoption name Threads value 1"
            ]
        );
        assert_eq!(b.dialect.rank_base, 1);
        assert_eq!(b.spin_range("skill_level"), Some((-20, 20)));
        assert_eq!(b.spin_range("uci_variant"), None);
        assert_eq!(
            b.setoption("skill_level", Some("3")).as_deref(),
            Some("setoption name Skill Level value 3")
        );
        assert_eq!(
            b.setoption("hashsize", Some("64")).as_deref(),
            Some("setoption name Hash value 64")
        );
        // The UCI form of setoption gives the engine's own name (lower-cased).
        assert_eq!(
            b.setoption("skill level", Some("3")).as_deref(),
            Some("setoption name Skill Level value 3")
        );
        assert_eq!(
            b.setoption("hash", Some("64")).as_deref(),
            Some("setoption name Hash value 64")
        );
        assert_eq!(b.setoption("newgame", None).as_deref(), Some("ucinewgame"));
        assert_eq!(b.setoption("bookfiles", Some("a.dat")), None);
        // A check option set `on` or `off` (UCCI) reaches the engine as
        // `true` or `false`; other options keep their value as written.
        assert_eq!(
            b.setoption("ponder", Some("on")).as_deref(),
            Some("setoption name Ponder value true")
        );
        assert_eq!(
            b.setoption("ponder", Some("OFF")).as_deref(),
            Some("setoption name Ponder value false")
        );
        assert_eq!(
            b.setoption("skill_level", Some("on")).as_deref(),
            Some("setoption name Skill Level value on")
        );
        b.gui_options.retain(|(n, _)| n != "Ponder");
        // One line per option is replayed after a restart: the last value set.
        assert_eq!(b.gui_options.len(), 2);
        let setup = b.configure(&handshake);
        assert_eq!(setup.len(), 4);
        assert!(setup.contains(&"setoption name Hash value 64".to_string()));
    }
}
