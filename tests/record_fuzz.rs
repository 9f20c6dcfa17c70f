//! Robustness: truncated and randomly mutated copies of every fixture (and of
//! the corpus format files when $XQARBITER_CORPUS is set) go through every
//! reader. Nothing may panic; every call must return. Deterministic
//! (xorshift), no extra crate.

use std::path::{Path, PathBuf};

use xqarbiter::record::{Format, ReadOptions, file_encoding_mismatch, read_games_from_bytes};

#[path = "../tools/xorshift.rs"]
mod xorshift;
use xorshift::XorShift;

const FORMATS: [Format; 7] = [
    Format::Pgn,
    Format::Xqf,
    Format::DhtmlXq,
    Format::Cbf,
    Format::Cbr,
    Format::Cbl,
    Format::MoveList,
];

/// Reads `bytes` as detected, as one more format and in one encoding, and
/// checks that encoding; returns the number of items.
fn read_all_ways(bytes: &[u8], name: &str, rng: &mut XorShift) -> usize {
    let mut n = 0;
    if let Ok(games) = read_games_from_bytes(bytes, name, &ReadOptions::default()) {
        n += games.len();
    }
    let forced = ReadOptions {
        encoding: None,
        format: Some(FORMATS[rng.below(FORMATS.len())]),
    };
    if let Ok(games) = read_games_from_bytes(bytes, name, &forced) {
        n += games.len();
    }
    // A forced encoding, and the check that it is not plainly wrong.
    let encodings = [encoding_rs::GB18030, encoding_rs::BIG5, encoding_rs::UTF_8];
    let encoding = encodings[rng.below(encodings.len())];
    let told = ReadOptions {
        encoding: Some(encoding),
        format: None,
    };
    if let Ok(games) = read_games_from_bytes(bytes, name, &told) {
        n += games.len();
    }
    n += usize::from(file_encoding_mismatch(bytes, name, encoding).is_some());
    n
}

fn mutate(bytes: &[u8], rng: &mut XorShift) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for _ in 0..1 + rng.below(8) {
        if b.is_empty() {
            break;
        }
        let i = rng.below(b.len());
        match rng.below(4) {
            0 => b[i] ^= 1 << rng.below(8),
            1 => b[i] = rng.next() as u8,
            2 => {
                b.remove(i);
            }
            _ => b.insert(i, rng.next() as u8),
        }
    }
    b
}

fn hammer(path: &Path, cases: usize) {
    let bytes = std::fs::read(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15 ^ bytes.len() as u64);
    // Truncations at evenly spread lengths, then random mutations.
    let step = (bytes.len() / (cases / 2)).max(1);
    for len in (0..bytes.len()).step_by(step) {
        read_all_ways(&bytes[..len], &name, &mut rng);
    }
    for _ in 0..cases / 2 {
        let m = mutate(&bytes, &mut rng);
        read_all_ways(&m, &name, &mut rng);
    }
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e != "md"))
        .collect();
    v.sort();
    v
}

#[test]
fn fixtures_survive_truncation_and_mutation() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let fixtures = files(&dir);
    assert!(fixtures.len() >= 10);
    for f in fixtures {
        hammer(&f, 1000);
    }
}

#[test]
fn corpus_files_survive_truncation_and_mutation() {
    let Some(root) = std::env::var_os("XQARBITER_CORPUS") else {
        eprintln!("note: XQARBITER_CORPUS is not set; corpus fuzzing skipped");
        return;
    };
    for f in files(&PathBuf::from(root).join("formats")) {
        // Fewer cases for the large files keep the run short in debug builds.
        let len = std::fs::metadata(&f).unwrap().len() as usize;
        hammer(&f, (1_000_000 / len.max(1)).clamp(20, 200));
    }
}

#[test]
fn hostile_headers_are_errors() {
    // Huge announced lengths must not allocate or loop.
    let mut xqf = vec![0u8; 0x400];
    xqf[..3].copy_from_slice(b"XQ\x0a");
    xqf.extend_from_slice(&[0x18, 0x20, 0xF0, 0, 0xFF, 0xFF, 0xFF, 0xFF]);
    let r = read_games_from_bytes(&xqf, "h.xqf", &ReadOptions::default()).unwrap();
    assert!(r[0].is_err());
    let mut cbl = b"CCBridgeLibrary\0".to_vec();
    cbl.resize(64, 0);
    cbl[60..64].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(
        read_games_from_bytes(&cbl, "h.cbl", &ReadOptions::default())
            .unwrap()
            .is_empty()
    );
    let r = read_games_from_bytes(b"XQ", "h.xqf", &ReadOptions::default()).unwrap();
    assert!(r[0].is_err());
}
