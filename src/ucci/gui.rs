//! The GUI's side of a session: the protocol it chose with its handshake
//! word (`ucci` or `uci`) and how it numbers ranks, which decide how every
//! move and answer is written to it.
//!
//! A UCCI GUI counts ranks 0–9. A UCI GUI may count 0–9 (Pikafish,
//! UCI-Cyclone) or 1–10 (Fairy-Stockfish, cutechess): the session starts at
//! 0–9, takes 1–10 once the GUI sets `UCI_Variant` to `xiangqi` (the
//! Fairy-Stockfish convention), and follows a `position` whose moves read
//! only in the other base, unless the `RankBase` option fixes it.

use crate::board::{Move, Ranks};
use crate::rules::Voice;
use crate::words::{Lang, Words};

use super::combo::vars_default_first;
use super::dialect::{Dialect, EngineProtocol, FenLetters, uci_score};

/// The name of the UCI option that fixes the GUI's rank base.
pub(crate) const RANK_BASE_OPTION: &str = "RankBase";

/// The protocol and coordinates of the GUI.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct GuiSide {
    /// The GUI's protocol, as its handshake chose it.
    pub(crate) protocol: EngineProtocol,
    /// The number the GUI gives Red's back rank: 0 or 1.
    rank_base: u8,
    /// The rank base the `RankBase` option fixed, if any.
    fixed: Option<u8>,
}

impl Default for GuiSide {
    fn default() -> GuiSide {
        GuiSide::new(EngineProtocol::Ucci)
    }
}

impl GuiSide {
    /// The GUI right after its handshake word: ranks 0–9.
    pub(crate) fn new(protocol: EngineProtocol) -> GuiSide {
        GuiSide {
            protocol,
            rank_base: 0,
            fixed: None,
        }
    }

    /// Whether the GUI speaks UCI.
    pub(crate) fn is_uci(&self) -> bool {
        self.protocol == EngineProtocol::Uci
    }

    /// The GUI's coordinates, as a [`Dialect`] that reads and writes moves.
    pub(crate) fn coords(&self) -> Dialect {
        Dialect {
            protocol: self.protocol,
            rank_base: self.rank_base,
            millis: true,
            go_infinite: true,
            letters: FenLetters::Standard,
            increments: true,
            cp_mate: None,
        }
    }

    /// The GUI's rank base.
    pub(crate) fn rank_base(&self) -> u8 {
        self.rank_base
    }

    /// `lang` with squares in the GUI's ranks, for the words of the
    /// message lines (a ruling's points, the moves of its reasons).
    pub(crate) fn voice(&self, lang: Lang) -> Voice {
        let ranks = match self.rank_base {
            0 => Ranks::FromZero,
            _ => Ranks::FromOne,
        };
        Voice::new(lang, ranks)
    }

    /// Whether a `position` that reads only in the other base may switch it:
    /// a UCI GUI whose rank base no option fixed.
    pub(crate) fn may_switch(&self) -> bool {
        self.is_uci() && self.fixed.is_none()
    }

    /// Takes `base` as the GUI's rank base (after a `position` told it).
    pub(crate) fn switch_to(&mut self, base: u8) {
        self.rank_base = base;
    }

    /// A move as the GUI writes it.
    pub(crate) fn move_text(&self, mv: Move) -> String {
        self.coords().move_text(mv)
    }

    /// Reads a move as the GUI writes it.
    pub(crate) fn parse_move(&self, text: &str) -> Option<Move> {
        self.coords().parse_move(text)
    }

    /// The `score` words of an `info` line for a score in UCCI units (for
    /// the side to move, a mate ±(10000 − plies)): `score N` in UCCI,
    /// `score cp N` or `score mate M` in UCI.
    pub(crate) fn score_text(&self, ucci: i64) -> String {
        match self.protocol {
            EngineProtocol::Ucci => format!("score {ucci}"),
            EngineProtocol::Uci => format!("score {}", uci_score(ucci)),
        }
    }

    /// A message for the GUI to show the user: UCCI's `info message`
    /// (UCCI 3.0 item 11, protocols.md §1.7), UCI's `info string`.
    pub(crate) fn message(&self, text: &str) -> String {
        match self.protocol {
            EngineProtocol::Ucci => format!("info message {text}"),
            EngineProtocol::Uci => format!("info string {text}"),
        }
    }

    /// The answer to a `go` that has no move.
    pub(crate) fn no_move(&self) -> &'static str {
        match self.protocol {
            EngineProtocol::Ucci => "nobestmove",
            EngineProtocol::Uci => "bestmove (none)",
        }
    }

    /// `setoption name UCI_Variant value V`: `xiangqi` means ranks 1–10
    /// unless `RankBase` fixed them. Any other variant is refused, in words.
    pub(crate) fn set_variant(&mut self, value: Option<&str>) -> Result<(), Words> {
        match value.map(str::to_ascii_lowercase).as_deref() {
            Some("xiangqi") => {
                if self.fixed.is_none() {
                    self.rank_base = 1;
                }
                Ok(())
            }
            other => Err(Words::new(
                format!(
                    "setoption UCI_Variant {}: only xiangqi is played here",
                    other.unwrap_or("(no value)")
                ),
                format!(
                    "setoption UCI_Variant {}：这里只下中国象棋（xiangqi）",
                    other.unwrap_or("（无值）")
                ),
            )),
        }
    }

    /// `setoption name RankBase value auto|0|1` (also `0-9`, `1-10`).
    pub(crate) fn set_rank_base(&mut self, value: Option<&str>) -> Result<(), Words> {
        let v = value.map(|v| v.trim().replace('–', "-"));
        match v.as_deref() {
            Some("auto") => self.fixed = None,
            Some("0" | "0-9") => self.fixed = Some(0),
            Some("1" | "1-10") => self.fixed = Some(1),
            _ => {
                return Err(Words::new(
                    format!(
                        "setoption {RANK_BASE_OPTION} {}: expected auto, 0 or 1",
                        value.unwrap_or("(no value)")
                    ),
                    format!(
                        "setoption {RANK_BASE_OPTION} {}：应为 auto、0 或 1",
                        value.unwrap_or("（无值）")
                    ),
                ));
            }
        }
        if let Some(b) = self.fixed {
            self.rank_base = b;
        }
        Ok(())
    }

    /// The UCI `option` line of `RankBase`.
    pub(crate) fn rank_base_option(&self) -> String {
        let default = self.fixed.map_or("auto".to_string(), |b| b.to_string());
        let vars = vars_default_first(&default, &["auto", "0", "1"]);
        format!("option name {RANK_BASE_OPTION} type combo default {default}{vars}")
    }
}

/// Reads a move with ranks counted from `base` (0 or 1), or says why it is
/// not one.
pub(crate) fn read_move(text: &str, base: u8) -> Result<Move, Words> {
    if base == 0 {
        return Move::parse_uci(text)
            .map_err(|e| Words::new(e.in_lang(Lang::En), e.in_lang(Lang::Zh)));
    }
    let gui = GuiSide {
        protocol: EngineProtocol::Uci,
        rank_base: base,
        fixed: None,
    };
    gui.parse_move(text).ok_or_else(|| {
        Words::new(
            format!("not a move with ranks {}", ranks(base)),
            format!("按行号 {} 读不成着法", ranks(base)),
        )
    })
}

/// Ranks as words, for message lines: `0–9` or `1–10`.
pub(crate) fn ranks(base: u8) -> &'static str {
    if base == 0 { "0–9" } else { "1–10" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_base_follows_variant_and_option() {
        let h2e2 = Move::parse_uci("h2e2").unwrap();
        let mut gui = GuiSide::new(EngineProtocol::Uci);
        assert_eq!(gui.move_text(h2e2), "h2e2");
        assert_eq!(gui.no_move(), "bestmove (none)");
        assert!(gui.may_switch());
        gui.set_variant(Some("xiangqi")).unwrap();
        assert_eq!(gui.move_text(h2e2), "h3e3");
        assert_eq!(gui.parse_move("h3e3"), Some(h2e2));
        assert!(gui.set_variant(Some("chess")).is_err());
        gui.set_rank_base(Some("0")).unwrap();
        assert!(!gui.may_switch());
        assert_eq!(gui.rank_base(), 0);
        // A fixed base stays when the variant is set again.
        gui.set_variant(Some("xiangqi")).unwrap();
        assert_eq!(gui.rank_base(), 0);
        assert!(gui.set_rank_base(Some("2")).is_err());
        gui.set_rank_base(Some("1-10")).unwrap();
        assert_eq!(gui.rank_base(), 1);
        assert!(gui.rank_base_option().contains("default 1"));
        gui.set_rank_base(Some("auto")).unwrap();
        assert!(gui.may_switch());
        assert_eq!(read_move("h10g8", 1), Ok(Move::parse_uci("h9g7").unwrap()));
        assert!(read_move("h10g8", 0).is_err());
        let e = read_move("h0g2", 1).unwrap_err();
        assert!(
            e.en.contains("ranks 1–10") && e.zh.contains("行号 1–10"),
            "{e:?}"
        );
        let ucci = GuiSide::default();
        assert_eq!(ucci.no_move(), "nobestmove");
        assert_eq!(ucci.score_text(-9997), "score -9997");
        assert_eq!(gui.score_text(-9997), "score mate -2");
        assert_eq!(gui.score_text(9999), "score mate 1");
        assert_eq!(gui.score_text(-150), "score cp -150");
        assert!(!ucci.may_switch());
    }
}
