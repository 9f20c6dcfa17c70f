//! What a threat wins, in pieces, for its reason: the captures it starts
//! tallied as the pieces won and the pieces given, and said in words ("a
//! rook for a horse", 以马换车). When the tally does not account for the
//! net gain the ruling counted (material won back by checks, a crossed
//! pawn's floating value), the gain is said as the material it is worth.

use crate::board::{Color, Move, Piece, Position, Role};

use super::exchange::{capture_gain, exchange_line, value};
use super::ruling::Lang;

/// The pieces a series of captures wins and gives, from the side of the
/// player who makes the threat, each with its value where it was taken
/// (pieces worth nothing left out).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    won: Vec<(Piece, i32)>,
    given: Vec<(Piece, i32)>,
}

impl Tally {
    /// The captures of `line`, played from `pos` (whose side to move makes
    /// the threat), then the exchange on the square of its last move as far
    /// as it pays: a capture by the side to move wins its target, one by the
    /// opponent gives it. The position is restored.
    pub(crate) fn of_line(pos: &mut Position, line: &[Move]) -> Tally {
        Tally::played(pos, line, true)
    }

    /// The captures of `line` alone, played from `pos` as in
    /// [`Tally::of_line`] but with no exchange after its last move: what the
    /// side to move holds when the opponent takes elsewhere instead of
    /// taking back ([`Tally::elsewhere`]). The position is restored.
    pub(crate) fn of_captures(pos: &mut Position, line: &[Move]) -> Tally {
        Tally::played(pos, line, false)
    }

    /// The captures of `line` played from `pos`, then, if `exchange`, the
    /// exchange on the square of its last move as far as it pays. The
    /// position is restored.
    fn played(pos: &mut Position, line: &[Move], exchange: bool) -> Tally {
        let us = pos.turn();
        let mut tally = Tally::default();
        let mut undos = Vec::new();
        for &mv in line {
            tally.count(pos, mv, us);
            undos.push(pos.play_unchecked(mv));
        }
        if exchange && let Some(last) = line.last() {
            for next in exchange_line(pos, last.to()) {
                tally.count(pos, next, us);
                undos.push(pos.play_unchecked(next));
            }
        }
        for undo in undos.into_iter().rev() {
            pos.undo(undo);
        }
        tally
    }

    /// What the opponent then wins elsewhere, as the net gain counts it:
    /// after the last move of `line`, played from `pos` (whose side to move
    /// makes the threat), the opponent's most winning capture on another
    /// square, with the exchange it starts there; with that capture. The
    /// position is restored.
    pub(crate) fn elsewhere(pos: &mut Position, line: &[Move]) -> (Tally, Option<Move>) {
        let us = pos.turn();
        let mut tally = Tally::default();
        let Some(last) = line.last() else {
            return (tally, None);
        };
        let mut capture = None;
        let undos: Vec<_> = line.iter().map(|&mv| pos.play_unchecked(mv)).collect();
        if pos.turn() != us {
            let best = pos
                .legal_captures()
                .into_iter()
                .filter(|c| c.to() != last.to())
                .map(|c| (capture_gain(pos, c), c))
                .filter(|g| g.0 > 0)
                .max_by_key(|g| g.0);
            if let Some((_, reply)) = best {
                capture = Some(reply);
                let mut answered = pos.clone();
                tally = Tally::of_line(&mut answered, &[reply]);
                // Seen from the threat's side: what the opponent wins is given.
                std::mem::swap(&mut tally.won, &mut tally.given);
            }
        }
        for undo in undos.into_iter().rev() {
            pos.undo(undo);
        }
        (tally, capture)
    }

    /// This tally and `other` together.
    pub(crate) fn and(mut self, other: Tally) -> Tally {
        self.won.extend(other.won);
        self.given.extend(other.given);
        self
    }

    /// Counts what `mv`, about to be played in `pos`, takes: won when `us` takes it.
    fn count(&mut self, pos: &Position, mv: Move, us: Color) {
        let Some(taken) = pos.piece_at(mv.to()) else {
            return;
        };
        let worth = value(taken, mv.to());
        if worth == 0 {
            return;
        }
        if pos.turn() == us {
            self.won.push((taken, worth));
        } else {
            self.given.push((taken, worth));
        }
    }

    /// Counts `piece`, worth `worth`, given besides (a piece lost elsewhere).
    pub(crate) fn give(&mut self, piece: Piece, worth: i32) {
        if worth > 0 {
            self.given.push((piece, worth));
        }
    }

    /// What the pieces won are worth, less what the pieces given are.
    pub(crate) fn net(&self) -> i32 {
        let sum = |pieces: &[(Piece, i32)]| pieces.iter().map(|p| p.1).sum::<i32>();
        sum(&self.won) - sum(&self.given)
    }

    /// The tally with like pieces on both sides taken out (a rook for a
    /// rook): what is left is the net result.
    fn settled(&self) -> Tally {
        let mut won = self.won.clone();
        let mut given = Vec::new();
        for &(piece, worth) in &self.given {
            match won.iter().position(|w| w.0.role == piece.role) {
                Some(i) => {
                    won.remove(i);
                }
                None => given.push((piece, worth)),
            }
        }
        Tally { won, given }
    }
}

/// Whether the tally accounts for the net gain `gain` (units of a crossed
/// pawn, as the ruling counts it), so that [`gain_words`] names pieces.
pub(crate) fn in_pieces(tally: &Tally, gain: i32) -> bool {
    tally.net() == gain && !tally.settled().won.is_empty()
}

/// The net gain `gain` in words, from the tally of what the threat wins and
/// gives, the dearest pieces first: "a rook for a horse", "a horse, for
/// nothing", "a rook and an elephant for a cannon" (以马换车, 净得一马,
/// 以炮换车相, 以马相换车卒);
/// when the tally does not come to `gain` ([`in_pieces`]), the material it
/// is worth ([`worth_words`]).
pub(crate) fn gain_words(tally: &Tally, gain: i32, lang: Lang) -> String {
    if !in_pieces(tally, gain) {
        return worth_words(gain, lang);
    }
    // The dearest pieces first: "a rook and an elephant for a cannon".
    let dearest_first = |pieces: &[(Piece, i32)]| {
        let mut pieces = pieces.to_vec();
        pieces.sort_by_key(|p| std::cmp::Reverse(p.1));
        pieces.into_iter().map(|p| p.0).collect::<Vec<Piece>>()
    };
    let settled = tally.settled();
    let (won, given) = (dearest_first(&settled.won), dearest_first(&settled.given));
    match lang {
        Lang::En if given.is_empty() => format!("{}, for nothing", pieces_en(&won)),
        Lang::En => format!("{} for {}", pieces_en(&won), pieces_en(&given)),
        Lang::Zh if given.is_empty() => format!("净得{}", pieces_zh(&won, true)),
        Lang::Zh => format!("以{}换{}", pieces_zh(&given, false), pieces_zh(&won, false)),
    }
}

/// Material worth `gain` units, as the ruling counts it against the best
/// defence (which a line shown may not be): a piece of that value, "material
/// worth a horse or cannon against the best defence" (对方最佳应对下净得相当于
/// 一马(炮)的子力); otherwise the count and the scale, "material worth 7
/// crossed pawns against the best defence, counting a rook as 8, a horse or
/// cannon 4, an advisor or elephant 2": no brackets, as it stands in the
/// brackets of a reason's gain. A gain of 0 is an even trade, which still
/// chases (26.5 "价值相当").
fn worth_words(gain: i32, lang: Lang) -> String {
    if gain == 0 {
        return match lang {
            Lang::En => "none, as much given as won against the best defence: equal value \
                         counts (CXA 26.5)"
                .to_string(),
            Lang::Zh => "对方最佳应对下得失相当，价值相当按捉（26.5）".to_string(),
        };
    }
    let piece = match gain {
        8 => Some(("a rook", "一车")),
        4 => Some(("a horse or cannon", "一马(炮)")),
        2 => Some(("an advisor or elephant", "一士(象)")),
        1 => Some(("a crossed pawn", "一过河兵")),
        _ => None,
    };
    match (piece, lang) {
        (Some((en, _)), Lang::En) => format!("material worth {en} against the best defence"),
        (Some((_, zh)), Lang::Zh) => format!("对方最佳应对下净得相当于{zh}的子力"),
        (None, Lang::En) => format!(
            "material worth {gain} crossed pawns against the best defence, counting a rook as \
             8, a horse or cannon 4, an advisor or elephant 2"
        ),
        (None, Lang::Zh) => {
            format!("对方最佳应对下净得相当于{gain}个过河兵的子力，按车8、马炮4、士象2计")
        }
    }
}

/// Pieces in English, counted by role: "a rook", "two horses and an
/// elephant"; a pawn of value is a crossed one.
fn pieces_en(pieces: &[Piece]) -> String {
    let parts: Vec<String> = counted(pieces)
        .into_iter()
        .map(|(piece, n)| {
            let name = match piece.role {
                Role::Pawn => "crossed pawn",
                role => role.name(),
            };
            match n {
                1 if matches!(piece.role, Role::Advisor | Role::Elephant) => format!("an {name}"),
                1 => format!("a {name}"),
                2 => format!("two {name}s"),
                n => format!("{n} {name}s"),
            }
        })
        .collect();
    match parts.as_slice() {
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// Pieces in Chinese, counted by role, as an arbiter writes them: 车相,
/// 两马卒 (a single piece of a role without its count: 以马相换车卒); with
/// `one`, a single piece with its count (净得一马, 净得一相一仕).
fn pieces_zh(pieces: &[Piece], one: bool) -> String {
    counted(pieces)
        .into_iter()
        .map(|(piece, n)| {
            let count = match n {
                1 if one => "一".to_string(),
                1 => String::new(),
                2 => "两".to_string(),
                n => ["三", "四", "五"]
                    .get(n - 3)
                    .map_or_else(|| n.to_string(), |c| c.to_string()),
            };
            format!("{count}{}", piece.chinese())
        })
        .collect()
}

/// Pieces with how often each role comes, in order of first appearance.
fn counted(pieces: &[Piece]) -> Vec<(Piece, usize)> {
    let mut out: Vec<(Piece, usize)> = Vec::new();
    for &piece in pieces {
        match out.iter_mut().find(|c| c.0.role == piece.role) {
            Some(c) => c.1 += 1,
            None => out.push((piece, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(fen: &str, line: &str) -> Tally {
        let mut pos = Position::from_fen(fen).unwrap();
        let line: Vec<Move> = line
            .split_whitespace()
            .map(|m| Move::parse_uci(m).unwrap())
            .collect();
        let before = pos.clone();
        let tally = Tally::of_line(&mut pos, &line);
        assert_eq!(pos, before, "restored");
        tally
    }

    #[test]
    fn a_rook_taken_back_by_a_horse_is_a_rook_for_a_horse() {
        // The red horse d6 takes the rook e8, the black king takes back.
        let t = tally("4k4/4r4/9/3N5/9/9/9/9/9/3K5 w", "d6e8");
        assert_eq!(gain_words(&t, 4, Lang::En), "a rook for a horse");
        assert_eq!(gain_words(&t, 4, Lang::Zh), "以马换车");
    }

    #[test]
    fn like_pieces_traded_on_the_way_are_settled() {
        // CXA 2020 diagram 23: the rook b0 takes the cannon b2, the rook b3
        // takes back, the rook c2 takes that rook: a cannon for nothing.
        let t = tally("2bakr3/4a4/4b4/9/9/9/1r7/1cR2A2B/4A2N1/1R3K3 w", "b0b2");
        assert_eq!(gain_words(&t, 4, Lang::En), "a cannon, for nothing");
        assert_eq!(gain_words(&t, 4, Lang::Zh), "净得一炮");
    }

    #[test]
    fn pieces_won_for_nothing_are_counted_one_by_one() {
        let piece = |role| Piece {
            color: Color::Red,
            role,
        };
        let won = [
            piece(Role::Elephant),
            piece(Role::Advisor),
            piece(Role::Pawn),
            piece(Role::Pawn),
        ];
        assert_eq!(pieces_zh(&won, true), "一相一仕两兵");
        assert_eq!(pieces_zh(&won, false), "相仕两兵");
    }

    #[test]
    fn the_dearest_pieces_are_named_first() {
        // The cannon e4 takes the elephant e2 with check, the elephant g0
        // takes back, the cannon h4 takes the rook d4 (CXA 2020 diagram 26).
        let t = tally(
            "2baka2r/9/2n1b4/2p1p4/9/3Rc1Pc1/4C1n2/3NB1NC1/4A4/4KAB2 b",
            "e4e2 g0e2 h4d4",
        );
        assert_eq!(
            gain_words(&t, 6, Lang::En),
            "a rook and an elephant for a cannon"
        );
        assert_eq!(gain_words(&t, 6, Lang::Zh), "以炮换车相");
    }

    #[test]
    fn a_gain_the_tally_does_not_explain_is_said_as_its_worth() {
        let t = tally("4k4/4r4/9/3N5/9/9/9/9/9/3K5 w", "d6e8");
        assert_eq!(
            gain_words(&t, 2, Lang::En),
            "material worth an advisor or elephant against the best defence"
        );
        assert_eq!(
            gain_words(&t, 5, Lang::Zh),
            "对方最佳应对下净得相当于5个过河兵的子力，按车8、马炮4、士象2计"
        );
        assert_eq!(
            gain_words(&t, 5, Lang::En),
            "material worth 5 crossed pawns against the best defence, counting a rook as 8, a \
             horse or cannon 4, an advisor or elephant 2"
        );
    }
}
