//! The synthetic game collections of the records bench and of
//! `tools/records_profile.rs`: seeded random legal games of 80–150 plies,
//! written as PGN (in a given notation) or as DhtmlXQ.

use xqarbiter::board::{Move, Position};
use xqarbiter::notation::{Notation, render};

#[path = "xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

/// Seeded random legal games of 80–150 plies from the initial position.
pub fn random_games(n: usize) -> Vec<Vec<Move>> {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    (0..n)
        .map(|_| {
            let plies = 80 + (rng.next() % 71) as usize;
            let mut pos = Position::startpos();
            let mut moves = Vec::with_capacity(plies);
            for _ in 0..plies {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[(rng.next() % legal.len() as u64) as usize];
                pos.play_unchecked(mv);
                moves.push(mv);
            }
            moves
        })
        .collect()
}

/// The games as one PGN text, moves in `notation`.
pub fn pgn(games: &[Vec<Move>], notation: Notation) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        out.push_str(&format!(
            "[Game \"Chinese Chess\"]\n[Event \"Bench\"]\n[Round \"{}\"]\n[Red \"R\"]\n[Black \"B\"]\n[Result \"*\"]\n",
            i + 1
        ));
        let mut pos = Position::startpos();
        for (ply, &mv) in g.iter().enumerate() {
            if ply % 2 == 0 {
                out.push_str(&format!("{}. ", ply / 2 + 1));
            }
            out.push_str(&render(&pos, mv, notation));
            out.push(' ');
            pos.play_unchecked(mv);
        }
        out.push_str("*\n\n");
    }
    out
}

/// The games as DhtmlXQ blocks, one after another.
pub fn dhtmlxq(games: &[Vec<Move>]) -> String {
    let mut out = String::new();
    for g in games {
        out.push_str("[DhtmlXQ]\n[DhtmlXQ_red]R[/DhtmlXQ_red]\n[DhtmlXQ_result]红胜[/DhtmlXQ_result]\n[DhtmlXQ_movelist]");
        for mv in g {
            for sq in [mv.from(), mv.to()] {
                out.push(char::from(b'0' + sq.file().index() as u8));
                out.push(char::from(b'0' + 9 - sq.rank().index() as u8));
            }
        }
        out.push_str("[/DhtmlXQ_movelist]\n[/DhtmlXQ]\n");
    }
    out
}
