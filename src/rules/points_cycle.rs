//! Cycles over points (多点循环): each side moves one and the same piece, and
//! at least one of them goes round three or more points, so that the moves
//! come round again while no position stands twice. The CXA rulebook rules
//! such a cycle as a repetition (diagram 29a: the red rook goes round i3,
//! h3, g3 and the black rook round h9, i9, g9); cppxq adjudicates cycles "在
//! 三个或三个以上点上". This module finds one, by the moves alone; the
//! referee classifies and rules it as it does a repeated position.
//!
//! The definition: a stretch of plies ending at the last one, after the
//! last capture, in which each move starts where the same side's move
//! before it ended (one piece per side), at least three rounds long; each
//! side's piece stands again, within it, on a point it stood on earlier in
//! it (it goes round, it does not travel), and one of them stands on three
//! or more points. The last ply closes a round: its piece comes back to a
//! point it stood on earlier in the stretch (as the last ply of a repeated
//! position brings it back); a piece that sets out for a new point closes
//! nothing. One pass is as many rounds as the most points one side's piece
//! stands on; the stretch counts its whole passes, back from the last ply.

use std::fmt::Write as _;

use crate::board::{Color, Move, Piece, Position, Square};
use crate::words::Lang;

use super::voice::Voice;

/// The fewest rounds, and the fewest points of one side's piece, of a cycle over points.
const MIN_POINTS: usize = 3;

/// One side's piece in a cycle over points, and the points it stands on.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SidePoints {
    /// The piece that goes round.
    pub piece: Piece,
    /// The points it stands on in the stretch, in the order it first stood
    /// on them (the first is where it stood before the stretch).
    pub points: Vec<Square>,
}

impl SidePoints {
    /// `the red rook goes round i3, h3, g3` (with `goes` as the verb), in
    /// Chinese `红车在 i3、h3、g3 三点`.
    fn describe(&self, voice: Voice, verb: &str) -> String {
        let color = self.piece.color;
        let points = self.points.iter().map(|&sq| voice.square(sq).to_string());
        let points: Vec<String> = points.collect();
        match voice.lang {
            Lang::En => {
                format!(
                    "the {} {} {verb}{}",
                    color.name(),
                    self.piece.role.name(),
                    points.join(", ")
                )
            }
            Lang::Zh => {
                format!(
                    "{}{}在 {} {}点",
                    color.name_zh(),
                    self.piece.chinese(),
                    points.join("、"),
                    count_zh(self.points.len())
                )
            }
        }
    }
}

/// A cycle over points closed by the last ply, as the module defines it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct PointsCycle {
    /// Red's piece and its points.
    pub red: SidePoints,
    /// Black's piece and its points.
    pub black: SidePoints,
    /// Rounds in one pass: the most points one side's piece stands on.
    pub pass_rounds: usize,
    /// Whole passes gone round, back from the last ply (at least one).
    pub passes: usize,
}

impl PointsCycle {
    /// Plies in one pass.
    pub fn pass_plies(&self) -> usize {
        2 * self.pass_rounds
    }

    /// The side's part.
    pub fn side(&self, color: Color) -> &SidePoints {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The cycle in words: "the red rook goes round i3, h3, g3 and the
    /// black rook round h9, i9, g9 (a cycle over three points, repeating no
    /// position)", in Chinese
    /// "红车在 i3、h3、g3 三点、黑车在 h9、i9、g9 三点循环（多点循环，局面未重复）".
    pub fn describe(&self, lang: Lang) -> String {
        self.describe_in(lang.into())
    }

    /// [`PointsCycle::describe`] with the points' ranks numbered in the
    /// voice's ranks (`i4, h4, g4` in ranks 1–10).
    pub(crate) fn describe_in(&self, voice: Voice) -> String {
        let (lang, n) = (voice.lang, self.pass_rounds);
        match lang {
            Lang::En => format!(
                "{} and {} (a cycle over {} points, repeating no position)",
                self.red.describe(voice, "goes round "),
                self.black.describe(voice, "round "),
                count_en(n)
            ),
            Lang::Zh => format!(
                "{}、{}循环（多点循环，局面未重复）",
                self.red.describe(voice, ""),
                self.black.describe(voice, "")
            ),
        }
    }

    /// How far the pieces have gone round, from ply `first` on: "gone round
    /// 2 times (3 rounds each) since ply 4", in Chinese "第4着后起已循环2遍（每遍3回合）".
    pub fn passes_text(&self, first: usize, lang: Lang) -> String {
        let (n, rounds) = (self.passes, self.pass_rounds);
        let mut out = String::new();
        let _ = match (lang, first) {
            (Lang::En, 0) => write!(
                out,
                "gone round {n} times ({rounds} rounds each) from the start"
            ),
            (Lang::En, p) => write!(
                out,
                "gone round {n} times ({rounds} rounds each) since ply {p}"
            ),
            (Lang::Zh, 0) => write!(out, "起始局面起已循环{n}遍（每遍{rounds}回合）"),
            (Lang::Zh, p) => write!(out, "第{p}着后起已循环{n}遍（每遍{rounds}回合）"),
        };
        if lang == Lang::En && n == 1 {
            out = out.replacen("1 times", "once", 1);
        }
        out
    }
}

/// A number of points in English words (digits past twelve).
fn count_en(n: usize) -> String {
    const WORDS: [&str; 13] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "eleven", "twelve",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// A number of points in Chinese (两 for two; digits past ten).
fn count_zh(n: usize) -> String {
    const WORDS: [&str; 11] = [
        "零", "一", "两", "三", "四", "五", "六", "七", "八", "九", "十",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// Whether ply `last` (the last played; `mv(p)` is the move of ply `p`,
/// 1-based) may close a cycle over points, at the cost of at most four
/// comparisons of squares: three whole rounds since the last capture (at
/// ply `last_capture`, 0 for none), in the last two of which each move
/// started where the same side's move before it ended. [`find`] says
/// whether it does.
#[inline]
pub(crate) fn may_close(mv: impl Fn(usize) -> Move, last: usize, last_capture: usize) -> bool {
    last >= last_capture + 2 * MIN_POINTS
        && chained(&mv, last)
        && chained(&mv, last - 1)
        && chained(&mv, last - 2)
        && chained(&mv, last - 3)
}

/// Whether ply `ply` (at least 3) starts where the same side's ply before it ended.
#[inline(always)]
fn chained(mv: &impl Fn(usize) -> Move, ply: usize) -> bool {
    mv(ply).from() == mv(ply - 2).to()
}

/// The cycle over points closed by ply `last` (`mv(p)` is the move of ply
/// `p`, 1-based; the last capture at ply `last_capture`, 0 for none), whose
/// move led to `position`, if it closes one (see the module's definition).
pub(crate) fn find(
    mv: impl Fn(usize) -> Move,
    last: usize,
    last_capture: usize,
    position: &Position,
) -> Option<PointsCycle> {
    if !may_close(&mv, last, last_capture) {
        return None;
    }
    // Back from the last ply, while each ply's mover moved on from where it stood.
    let mut first = last;
    while first - 1 > last_capture && (first + 1 > last || chained(&mv, first + 1)) {
        first -= 1;
    }
    let plies = last - first + 1;
    let rounds = plies / 2;
    let from = last - 2 * rounds;
    // The points of the piece that moves at ply `ply` and every second ply
    // after it, and whether its last move took it back to one. A piece
    // stands on at most as many points as there are rounds only if it
    // stands again on one of them: it goes round, it does not travel.
    let points = |ply: usize| -> (Vec<Square>, bool) {
        let mut points = vec![mv(ply).from()];
        let mut back = false;
        for p in (ply..=last).step_by(2) {
            let to = mv(p).to();
            back = points.contains(&to);
            if !back {
                points.push(to);
            }
        }
        (points, back)
    };
    let (last_points, closes) = points(from + 2);
    let (other_points, _) = points(from + 1);
    let pass_rounds = last_points.len().max(other_points.len());
    if !(closes && MIN_POINTS <= pass_rounds && pass_rounds <= rounds) {
        return None;
    }
    let piece = |ply: usize| {
        position
            .piece_at(mv(ply).to())
            .expect("the last move of each side put its piece there")
    };
    let last_side = SidePoints {
        piece: piece(last),
        points: last_points,
    };
    let other_side = SidePoints {
        piece: piece(last - 1),
        points: other_points,
    };
    let (red, black) = match !position.turn() {
        Color::Red => (last_side, other_side),
        Color::Black => (other_side, last_side),
    };
    Some(PointsCycle {
        red,
        black,
        pass_rounds,
        passes: rounds / pass_rounds,
    })
}
