//! Zobrist hashing keys, fixed at compile time so that keys are stable across runs.

use super::{Color, Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn piece_keys() -> [[u64; 90]; 14] {
    let mut t = [[0u64; 90]; 14];
    let mut state = 0x5851_F42D_4C95_7F2D;
    let mut p = 0;
    while p < 14 {
        let mut sq = 0;
        while sq < 90 {
            let (s, v) = splitmix(state);
            state = s;
            t[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    t
}

static PIECE_KEYS: [[u64; 90]; 14] = piece_keys();

/// Key of Black to move (xored in when it is Black's turn).
pub(super) const BLACK_TO_MOVE: u64 = 0xF1B6_3D7A_2C49_E805;

/// Key of `piece` standing on `sq`.
#[inline(always)]
pub(super) fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq.index()]
}

/// Key contribution of the side to move.
#[inline(always)]
pub(super) const fn turn_key(color: Color) -> u64 {
    match color {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}

/// A [`Hasher`](std::hash::Hasher) for maps keyed by position keys: Zobrist
/// keys are already uniformly random, so the hash is the key itself.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// A hash map keyed by position keys ([`Position::key`](super::Position::key)).
pub(crate) type KeyMap<V> =
    std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<KeyHasher>>;
