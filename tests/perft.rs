//! Perft against the project's table `positions/perft.tsv` (id, FEN, counts at depths 1–6;
//! an empty cell means no trusted number is known).
//!
//! The default run checks every row through depth 4 (about 60 million leaves in all; 2.5–7 s
//! in a debug build on a loaded 2-core machine, so it stays in the default run). Depths 5
//! and 6 (about 10^10 leaves) are `#[ignore]`d and meant for
//! `cargo test --release -- --ignored`.

use std::collections::HashMap;

use xqarbiter::board::{Move, Position, Square, perft};

const TABLE: &str = include_str!("../positions/perft.tsv");

/// One row of the table.
struct Row {
    id: String,
    fen: String,
    /// `counts[d - 1]` = perft(d), when known.
    counts: Vec<Option<u64>>,
}

fn rows() -> Vec<Row> {
    let mut lines = TABLE.lines().enumerate();
    let (_, header) = lines.next().expect("perft.tsv is empty");
    assert!(
        header.starts_with("id\tfen\td1"),
        "perft.tsv: unexpected header {header:?}"
    );
    let rows: Vec<Row> = lines
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            let mut cells = line.split('\t');
            let id = cells.next().unwrap_or_default().to_string();
            let fen = cells
                .next()
                .unwrap_or_else(|| panic!("perft.tsv line {}: no FEN", i + 1))
                .to_string();
            let counts = cells
                .map(|c| {
                    let c = c.trim();
                    (!c.is_empty()).then(|| {
                        c.parse().unwrap_or_else(|e| {
                            panic!("perft.tsv line {}: bad count {c:?}: {e}", i + 1)
                        })
                    })
                })
                .collect();
            Row { id, fen, counts }
        })
        .collect();
    assert!(rows.len() >= 30, "perft.tsv has only {} rows", rows.len());
    rows
}

/// Checks every row at each depth in `depths` that has a known count with `count`; returns
/// how many (row, depth) pairs were checked. Reports all mismatches at once.
fn check(depths: std::ops::RangeInclusive<u32>, count: fn(&Position, u32) -> u64) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in rows() {
        let pos = Position::from_fen(&row.fen)
            .unwrap_or_else(|e| panic!("{}: FEN {:?} rejected: {e}", row.id, row.fen));
        for depth in depths.clone() {
            let Some(Some(expected)) = row.counts.get(depth as usize - 1) else {
                continue;
            };
            let got = count(&pos, depth);
            checked += 1;
            if got != *expected {
                failures.push(format!(
                    "{} depth {depth}: expected {expected}, got {got}",
                    row.id
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn every_row_through_depth_4() {
    let checked = check(1..=4, |pos, depth| perft::perft(&mut pos.clone(), depth));
    assert_eq!(
        checked,
        rows().len() * 4,
        "a row lacks a count at depth ≤ 4"
    );
}

#[test]
#[ignore = "deep perft: about a minute in release (`cargo test --release -- --ignored`)"]
fn every_row_at_depths_5_and_6() {
    // Root moves shared among all cores (rayon); depths 1–4 above check the serial path.
    let checked = check(5..=6, perft::perft_parallel);
    assert!(
        checked > rows().len(),
        "too few deep counts checked: {checked}"
    );
}

/// Mirrors a square left–right (file a ↔ i).
fn mirror(sq: Square) -> Square {
    Square::at(8 - sq.file().index() as i32, sq.rank().index() as i32)
        .expect("a mirrored square is on the board")
}

#[test]
fn start_position_mirror_moves_have_equal_subtrees() {
    let pos = Position::startpos();
    let parts: HashMap<Move, u64> = perft::divide(&pos, 3).into_iter().collect();
    assert_eq!(parts.len(), 44);
    assert_eq!(parts.values().sum::<u64>(), 79_666);
    for (&mv, &n) in &parts {
        let twin = Move::new(mirror(mv.from()), mirror(mv.to()));
        assert_eq!(
            parts.get(&twin),
            Some(&n),
            "{mv} has {n} leaves at depth 3, its mirror {twin} has {:?}",
            parts.get(&twin)
        );
    }
}
