//! Every legal move, in every notation and style, renders uniquely among the
//! legal moves of its position and parses back to itself. Positions: the perft
//! table, positions reached by deterministic random playouts, and constructed
//! positions with pieces and pawns sharing files, for both colours.

use std::collections::HashSet;

use xqarbiter::board::{Move, Position};

#[path = "../tools/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;
use xqarbiter::notation::{
    ChineseStyle, Notation, PawnConvention, RenderOptions, WxfStyle, parse_move, render,
    render_with,
};

/// Every style the renderer can write.
fn styles() -> Vec<(Notation, RenderOptions)> {
    let mut out = vec![
        (Notation::Uci, RenderOptions::default()),
        (Notation::Iccs, RenderOptions::default()),
    ];
    for pawns in [
        PawnConvention::Xqbase,
        PawnConvention::FiveChar,
        PawnConvention::Dhtmlxq,
    ] {
        for ascii_black_digits in [false, true] {
            let chinese = ChineseStyle {
                pawns,
                ascii_black_digits,
            };
            out.push((
                Notation::Chinese,
                RenderOptions {
                    chinese,
                    ..RenderOptions::default()
                },
            ));
        }
    }
    for wxf in [WxfStyle::Official, WxfStyle::Xqbase] {
        out.push((
            Notation::Wxf,
            RenderOptions {
                wxf,
                ..RenderOptions::default()
            },
        ));
    }
    out
}

/// Checks one position; returns the number of (move, style) pairs checked.
fn check(pos: &Position, styles: &[(Notation, RenderOptions)]) -> usize {
    let legal = pos.legal_moves();
    let mut checked = 0;
    for (notation, options) in styles {
        let mut seen = HashSet::new();
        for &mv in &legal {
            let text = render_with(pos, mv, *notation, options);
            assert!(
                seen.insert(text.clone()),
                "{} renders twice as {text} ({notation:?} {options:?})",
                pos.fen()
            );
            match parse_move(pos, &text) {
                Ok(back) => assert_eq!(back, mv, "{} {text}", pos.fen()),
                Err(e) => panic!("{}: {e} ({notation:?} {options:?})", pos.fen()),
            }
            checked += 1;
        }
    }
    checked
}

/// The same position seen from the other side: ranks flipped, colours swapped.
fn mirror(fen: &str) -> String {
    let mut fields = fen.split_whitespace();
    let board = fields.next().unwrap_or_default();
    let side = fields.next().unwrap_or("w");
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if side == "b" { "w" } else { "b" };
    format!("{} {side}", ranks.join("/"))
}

/// Positions with pieces sharing files, Red to move.
const CONSTRUCTED: &[&str] = &[
    // Pawns 3 + 2 on files 七 and 三.
    "4k4/9/2P6/2P3P2/2P3P2/9/9/9/9/3K5 w",
    // Four pawns on file 九, one on file 一.
    "4k4/P8/P8/P8/P8/9/8P/9/9/3K5 w",
    // Five pawns on file 七.
    "2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w",
    // xqbase's example: pawns on f8, f6, d8, d6.
    "4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w",
    // Pawns doubled on two files before the river, with other pieces.
    "4k4/9/9/9/9/2P3P2/2P3P2/9/4A4/2R1KAB1R w",
    // Three pawns on one file and a single pawn.
    "4k4/9/9/2P6/2P6/2P6/6P2/9/9/3K5 w",
    // Two pawns on one file.
    "4k4/9/9/4P4/4P4/9/P8/9/9/3K5 w",
    // Rooks, horses, cannons, advisors and elephants each doubled on a file.
    "3k5/9/9/5C3/1R7/2B6/7N1/3A5/1R3C1N1/2BAK4 w",
];

#[test]
fn perft_positions_round_trip() {
    let styles = styles();
    let table = include_str!("../positions/perft.tsv");
    let mut positions = 0;
    let mut checked = 0;
    for line in table.lines().skip(1) {
        let Some(fen) = line.split('\t').nth(1) else {
            continue;
        };
        let pos = Position::from_fen(fen).expect("perft FEN");
        checked += check(&pos, &styles);
        positions += 1;
    }
    assert!(positions >= 30, "only {positions} perft positions");
    println!("{positions} perft positions, {checked} renderings checked");
}

#[test]
fn random_playout_positions_round_trip() {
    let styles = styles();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut positions = 0;
    let mut checked = 0;
    for _game in 0..14 {
        let mut pos = Position::startpos();
        for ply in 0..200 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply % 12 == 0 {
                checked += check(&pos, &styles);
                positions += 1;
            }
            let mv: Move = legal[(rng.next() % legal.len() as u64) as usize];
            pos.play_unchecked(mv);
        }
    }
    assert!(positions >= 200, "only {positions} playout positions");
    println!("{positions} playout positions, {checked} renderings checked");
}

#[test]
fn constructed_tandem_positions_round_trip() {
    let styles = styles();
    for fen in CONSTRUCTED {
        for fen in [fen.to_string(), mirror(fen)] {
            let pos = Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert!(check(&pos, &styles) > 0, "{fen} has no legal moves");
        }
    }
}

#[test]
fn worked_table_and_xqbase_pawn_example() {
    let mut pos = Position::startpos();
    for (uci, chinese, wxf, iccs) in [
        ("h2e2", "炮二平五", "C2.5", "H2-E2"),
        ("h9g7", "马８进７", "H8+7", "H9-G7"),
        ("h0g2", "马二进三", "H2+3", "H0-G2"),
        ("i9h9", "车９平８", "R9.8", "I9-H9"),
        ("c3c4", "兵七进一", "P7+1", "C3-C4"),
    ] {
        let mv = Move::parse_uci(uci).unwrap();
        assert_eq!(render(&pos, mv, Notation::Chinese), chinese);
        assert_eq!(render(&pos, mv, Notation::Wxf), wxf);
        assert_eq!(render(&pos, mv, Notation::Iccs), iccs);
        for text in [uci, chinese, wxf, iccs] {
            assert_eq!(parse_move(&pos, text).unwrap(), mv, "{text}");
        }
        pos.play_unchecked(mv);
    }

    let pos = Position::from_fen("4k4/3P1P3/9/3P1P3/9/9/9/9/9/3K5 w").unwrap();
    for (iccs, chinese) in [
        ("F8-E8", "一兵平五"),
        ("F6-E6", "二兵平五"),
        ("D8-E8", "三兵平五"),
        ("D6-E6", "四兵平五"),
    ] {
        let mv = Move::parse_uci(iccs).unwrap();
        assert_eq!(render(&pos, mv, Notation::Chinese), chinese);
        assert_eq!(parse_move(&pos, chinese).unwrap(), mv);
    }
}
