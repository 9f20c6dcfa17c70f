//! Attack tables, computed at compile time.
//!
//! Rooks and cannons are looked up one line at a time: the 9-bit occupancy of
//! a rank is a shift away, and the 10-bit occupancy of a file is gathered with
//! one 64-bit multiplication. Each line has its own small table (a few
//! kilobytes in all, so they stay in the first-level cache), which makes the
//! lookups portable: no BMI2, no magic numbers, the same code on every target.
//!
//! Horses and elephants are lame leapers: each of their four directions has a
//! blocking square (leg or eye) and its targets.

use super::{Bitboard, Color, Square};

const fn bit(sq: usize) -> u128 {
    1u128 << sq
}

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 9 && rank >= 0 && rank < 10
}

const fn in_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7) && rank >= 0 && rank <= 9
}

/// Attacks along one line for a slider at `pos` on a line of `len` points
/// with occupancy `occ` (bit i = point i). Cannon attacks are the points after
/// the first screen, up to and including the next piece.
const fn line_attacks(pos: i32, occ: u32, len: i32, cannon: bool) -> u16 {
    let mut out: u16 = 0;
    let mut dir = -1;
    while dir <= 1 {
        let mut i = pos + dir;
        let mut screened = false;
        while i >= 0 && i < len {
            let occupied = occ >> i & 1 != 0;
            if !cannon || screened {
                out |= 1 << i;
                if occupied {
                    break;
                }
            } else if occupied {
                screened = true;
            }
            i += dir;
        }
        dir += 2;
    }
    out
}

/// The attacks of a slider on each of the `POINTS` points of a line, for
/// each of the `OCCUPANCIES` (2^`POINTS`) occupancies of the line:
/// `[point][occupancy]`, by [`line_attacks`].
const fn line_attack_table<const POINTS: usize, const OCCUPANCIES: usize>(
    cannon: bool,
) -> [[u16; OCCUPANCIES]; POINTS] {
    let mut t = [[0u16; OCCUPANCIES]; POINTS];
    let mut pos = 0;
    while pos < POINTS {
        let mut occ = 0;
        while occ < OCCUPANCIES {
            t[pos][occ] = line_attacks(pos as i32, occ as u32, POINTS as i32, cannon);
            occ += 1;
        }
        pos += 1;
    }
    t
}

const fn file_spread() -> [u128; 1024] {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m >> r & 1 != 0 {
                t[m] |= bit(r * 9);
            }
            r += 1;
        }
        m += 1;
    }
    t
}

static ROOK_RANK: [[u16; 512]; 9] = line_attack_table(false);
static CANNON_RANK: [[u16; 512]; 9] = line_attack_table(true);
static ROOK_FILE: [[u16; 1024]; 10] = line_attack_table(false);
static CANNON_FILE: [[u16; 1024]; 10] = line_attack_table(true);
static FILE_SPREAD: [u128; 1024] = file_spread();

/// The 9-bit occupancy of the rank of `sq`.
#[inline(always)]
fn rank_occ(occ: u128, rank: usize) -> usize {
    ((occ >> (9 * rank)) as usize) & 0x1FF
}

/// The 10-bit occupancy of file `file` (bit r = rank r).
#[inline(always)]
fn file_occ(occ: u128, file: usize) -> usize {
    let x = occ >> file;
    // Ranks 0–7 sit at bits 0, 9, …, 63 of the low word: the multiplication
    // gathers them into its top byte without carries.
    let low = ((x as u64) & 0x8040_2010_0804_0201).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    let high = (x >> 72) as u64;
    (low | (high & 1) << 8 | (high >> 9 & 1) << 9) as usize
}

#[inline(always)]
fn slider(
    sq: Square,
    occ: Bitboard,
    rank_t: &[[u16; 512]; 9],
    file_t: &[[u16; 1024]; 10],
) -> Bitboard {
    let file = sq.file().index();
    let rank = sq.rank().index();
    let along_rank = (rank_t[file][rank_occ(occ.0, rank)] as u128) << (9 * rank);
    let along_file = FILE_SPREAD[file_t[rank][file_occ(occ.0, file)] as usize] << file;
    Bitboard(along_rank | along_file)
}

/// The rook and the cannon attacks from `sq` ([`rook_attacks`],
/// [`cannon_attacks`]), the line occupancies read once for both.
#[inline(always)]
pub(crate) fn rook_and_cannon_attacks(sq: Square, occ: Bitboard) -> (Bitboard, Bitboard) {
    let file = sq.file().index();
    let rank = sq.rank().index();
    let (on_rank, on_file) = (rank_occ(occ.0, rank), file_occ(occ.0, file));
    let along = |rank_t: &[[u16; 512]; 9], file_t: &[[u16; 1024]; 10]| {
        let along_rank = (rank_t[file][on_rank] as u128) << (9 * rank);
        let along_file = FILE_SPREAD[file_t[rank][on_file] as usize] << file;
        Bitboard(along_rank | along_file)
    };
    (
        along(&ROOK_RANK, &ROOK_FILE),
        along(&CANNON_RANK, &CANNON_FILE),
    )
}

/// The squares of the rank of each square.
static RANK_OF: [u128; 90] = {
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        t[sq] = 0x1FF << (9 * (sq / 9));
        sq += 1;
    }
    t
};

/// The pieces among `rooks` (rook-like: rooks, or a king facing along a
/// file) and `cannons` that attack `sq` along its rank or file with
/// occupancy `occ`: `rook_attacks(sq, occ) & rooks | cannon_attacks(sq, occ)
/// & cannons`, each line looked up only when one of them stands on it.
#[inline(always)]
pub(crate) fn line_attackers(
    sq: Square,
    occ: Bitboard,
    rooks: Bitboard,
    cannons: Bitboard,
) -> Bitboard {
    let on_lines = (rooks | cannons) & cross(sq);
    if on_lines.is_empty() {
        return Bitboard::EMPTY;
    }
    let file = sq.file().index();
    let rank = sq.rank().index();
    let mut out = 0;
    let rank_bits = RANK_OF[sq.index()];
    if on_lines.0 & rank_bits != 0 {
        let i = rank_occ(occ.0, rank);
        let hits = ROOK_RANK[file][i] as u128 & (rooks.0 >> (9 * rank))
            | CANNON_RANK[file][i] as u128 & (cannons.0 >> (9 * rank));
        out |= hits << (9 * rank);
    }
    if on_lines.0 & !rank_bits != 0 {
        let i = file_occ(occ.0, file);
        out |= FILE_SPREAD[ROOK_FILE[rank][i] as usize] << file & rooks.0
            | FILE_SPREAD[CANNON_FILE[rank][i] as usize] << file & cannons.0;
    }
    Bitboard(out)
}

/// Squares a rook on `sq` attacks (moves to or captures on) given occupancy `occ`.
/// A king facing along a file attacks the same way (the flying-general rule).
#[inline(always)]
pub(crate) fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    slider(sq, occ, &ROOK_RANK, &ROOK_FILE)
}

/// Squares a cannon on `sq` attacks: those beyond exactly one screen, up to and
/// including the next piece. Its quiet moves are the rook's empty targets.
#[inline(always)]
pub(crate) fn cannon_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    slider(sq, occ, &CANNON_RANK, &CANNON_FILE)
}

/// One direction of a lame leaper: the blocking square and the targets behind it.
#[derive(Copy, Clone)]
struct Leg {
    /// The blocking square as a one-bit mask, or 0 when this direction
    /// leaves the board (and has no targets).
    block: u128,
    targets: u128,
}

const NO_LEG: Leg = Leg {
    block: 0,
    targets: 0,
};

const ORTHO: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn horse_legs() -> [[Leg; 4]; 90] {
    let mut t = [[NO_LEG; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let f = (sq % 9) as i32;
        let r = (sq / 9) as i32;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHO[d];
            if on_board(f + df, r + dr) {
                let mut targets = 0u128;
                // Two targets: two steps along the leg, one step sideways.
                let (sf, sr) = (dr, df);
                let (tf, tr) = (f + 2 * df + sf, r + 2 * dr + sr);
                if on_board(tf, tr) {
                    targets |= bit((tr * 9 + tf) as usize);
                }
                let (tf, tr) = (f + 2 * df - sf, r + 2 * dr - sr);
                if on_board(tf, tr) {
                    targets |= bit((tr * 9 + tf) as usize);
                }
                t[sq][d] = Leg {
                    block: bit(((r + dr) * 9 + f + df) as usize),
                    targets,
                };
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// For a target square: each diagonal neighbour is the leg of the two horses
/// that would attack the target through it.
const fn horse_to_legs() -> [[Leg; 4]; 90] {
    let mut t = [[NO_LEG; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let f = (sq % 9) as i32;
        let r = (sq / 9) as i32;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAG[d];
            if on_board(f + df, r + dr) {
                let mut from = 0u128;
                if on_board(f + 2 * df, r + dr) {
                    from |= bit(((r + dr) * 9 + f + 2 * df) as usize);
                }
                if on_board(f + df, r + 2 * dr) {
                    from |= bit(((r + 2 * dr) * 9 + f + df) as usize);
                }
                t[sq][d] = Leg {
                    block: bit(((r + dr) * 9 + f + df) as usize),
                    targets: from,
                };
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn elephant_legs() -> [[Leg; 4]; 90] {
    let mut t = [[NO_LEG; 4]; 90];
    let mut sq = 0;
    while sq < 90 {
        let f = (sq % 9) as i32;
        let r = (sq / 9) as i32;
        let red_half = r <= 4;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAG[d];
            let (tf, tr) = (f + 2 * df, r + 2 * dr);
            if on_board(tf, tr) && (tr <= 4) == red_half {
                t[sq][d] = Leg {
                    block: bit(((r + dr) * 9 + f + df) as usize),
                    targets: bit((tr * 9 + tf) as usize),
                };
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn step_table(dirs: [(i32, i32); 4], palace: bool) -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let f = (sq % 9) as i32;
        let r = (sq / 9) as i32;
        let mut d = 0;
        while d < 4 {
            let (tf, tr) = (f + dirs[d].0, r + dirs[d].1);
            if on_board(tf, tr)
                && (!palace || (in_palace(f, r) && in_palace(tf, tr) && (tr <= 4) == (r <= 4)))
            {
                t[sq] |= bit((tr * 9 + tf) as usize);
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// Pawn moves: `[color][square]`.
const fn pawn_table() -> [[u128; 90]; 2] {
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd = if c == 0 { 1 } else { -1 };
        let mut sq = 0;
        while sq < 90 {
            let f = (sq % 9) as i32;
            let r = (sq / 9) as i32;
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            if on_board(f, r + fwd) {
                t[c][sq] |= bit(((r + fwd) * 9 + f) as usize);
            }
            if crossed {
                if on_board(f - 1, r) {
                    t[c][sq] |= bit((r * 9 + f - 1) as usize);
                }
                if on_board(f + 1, r) {
                    t[c][sq] |= bit((r * 9 + f + 1) as usize);
                }
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

/// Squares from which a pawn of each colour attacks a square: `[color][square]`.
const fn pawn_to_table() -> [[u128; 90]; 2] {
    let from = pawn_table();
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let mut to = 0;
            while to < 90 {
                if from[c][sq] >> to & 1 != 0 {
                    t[c][to] |= bit(sq);
                }
                to += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

/// Squares strictly between two squares on one rank or file; empty otherwise.
const fn between_table() -> [[u128; 90]; 90] {
    let mut t = [[0u128; 90]; 90];
    let mut a = 0;
    while a < 90 {
        let mut b = 0;
        while b < 90 {
            let (af, ar, bf, br) = (
                (a % 9) as i32,
                (a / 9) as i32,
                (b % 9) as i32,
                (b / 9) as i32,
            );
            if a != b && (af == bf || ar == br) {
                let df = if bf > af {
                    1
                } else if bf < af {
                    -1
                } else {
                    0
                };
                let dr = if br > ar {
                    1
                } else if br < ar {
                    -1
                } else {
                    0
                };
                let (mut f, mut r) = (af + df, ar + dr);
                while f != bf || r != br {
                    t[a][b] |= bit((r * 9 + f) as usize);
                    f += df;
                    r += dr;
                }
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// The whole rank and file through a square, and whole lines through two squares.
const fn line_table() -> [[u128; 90]; 90] {
    let mut t = [[0u128; 90]; 90];
    let mut a = 0;
    while a < 90 {
        let mut b = 0;
        while b < 90 {
            let (af, ar, bf, br) = (a % 9, a / 9, b % 9, b / 9);
            if a != b && af == bf {
                let mut r = 0;
                while r < 10 {
                    t[a][b] |= bit(r * 9 + af);
                    r += 1;
                }
            } else if a != b && ar == br {
                t[a][b] = 0x1FFu128 << (9 * ar);
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// The rank and file through each square, without the square.
const fn cross_table() -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = (sq % 9, sq / 9);
        let mut file = 0u128;
        let mut i = 0;
        while i < 10 {
            file |= bit(i * 9 + f);
            i += 1;
        }
        t[sq] = (file | 0x1FFu128 << (9 * r)) & !bit(sq);
        sq += 1;
    }
    t
}

static HORSE: [[Leg; 4]; 90] = horse_legs();
static HORSE_TO: [[Leg; 4]; 90] = horse_to_legs();
static ELEPHANT: [[Leg; 4]; 90] = elephant_legs();
static KING: [u128; 90] = step_table(ORTHO, true);
static ADVISOR: [u128; 90] = step_table(DIAG, true);
static PAWN: [[u128; 90]; 2] = pawn_table();
static PAWN_TO: [[u128; 90]; 2] = pawn_to_table();
static BETWEEN: [[u128; 90]; 90] = between_table();
static LINE: [[u128; 90]; 90] = line_table();

#[inline(always)]
fn lame(legs: &[Leg; 4], occ: Bitboard) -> Bitboard {
    let mut out = 0;
    for leg in legs {
        // Off-board legs have no block and no targets.
        if occ.0 & leg.block == 0 {
            out |= leg.targets;
        }
    }
    Bitboard(out)
}

/// The squares a horse on `sq` reaches with its legs free: also those from
/// which a horse with its legs free reaches `sq`.
#[inline(always)]
pub(crate) fn horse_reach(sq: Square) -> Bitboard {
    Bitboard(HORSE_REACH[sq.index()])
}

/// The squares an elephant on `sq` reaches with its eyes free: also those
/// from which an elephant with its eyes free reaches `sq`.
#[inline(always)]
pub(crate) fn elephant_reach(sq: Square) -> Bitboard {
    Bitboard(ELEPHANT_REACH[sq.index()])
}

/// The squares a piece of `color` and `role` on `sq` could move to on an
/// empty board: a superset of its targets whatever stands in its way.
#[inline(always)]
pub(crate) fn unblocked_reach(color: Color, role: super::Role, sq: Square) -> Bitboard {
    use super::Role;
    match role {
        Role::King => king_attacks(sq),
        Role::Advisor => advisor_attacks(sq),
        Role::Elephant => elephant_reach(sq),
        Role::Horse => horse_reach(sq),
        Role::Rook | Role::Cannon => cross(sq),
        Role::Pawn => pawn_attacks(color, sq),
    }
}

/// The targets of a leaper's directions from each square, all legs free.
const fn unblocked(legs: [[Leg; 4]; 90]) -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut d = 0;
        while d < 4 {
            t[sq] |= legs[sq][d].targets;
            d += 1;
        }
        sq += 1;
    }
    t
}

static HORSE_REACH: [u128; 90] = unblocked(horse_legs());

/// The squares two horse leaps from each square, all legs free.
static HORSE_REACH_TWICE: [u128; 90] = {
    let once = unblocked(horse_legs());
    let mut t = [0u128; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut via = 0;
        while via < 90 {
            if once[sq] >> via & 1 != 0 {
                t[sq] |= once[via];
            }
            via += 1;
        }
        sq += 1;
    }
    t
};

/// The squares from which a horse with its legs free reaches `sq` in two
/// leaps: where a horse may stand to reach, in one leap, a square from
/// which it would attack `sq`.
#[inline(always)]
pub(crate) fn horse_reach_twice(sq: Square) -> Bitboard {
    Bitboard(HORSE_REACH_TWICE[sq.index()])
}
static ELEPHANT_REACH: [u128; 90] = unblocked(elephant_legs());

/// Squares a horse on `sq` attacks, with its legs blocked by `occ`.
#[inline(always)]
pub(crate) fn horse_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    lame(&HORSE[sq.index()], occ)
}

/// Squares from which a horse would attack `sq`, with legs blocked by `occ`
/// (the reverse of [`horse_attacks`]: a horse's leg is next to the horse, not to its target).
#[inline(always)]
pub(crate) fn horse_attackers_from(sq: Square, occ: Bitboard) -> Bitboard {
    lame(&HORSE_TO[sq.index()], occ)
}

/// Occupied squares that are the only thing stopping a horse in `horses` from attacking `sq`.
#[inline(always)]
pub(crate) fn horse_leg_blockers(sq: Square, occ: Bitboard, horses: Bitboard) -> Bitboard {
    let mut out = 0;
    if horses.0 & HORSE_REACH[sq.index()] == 0 {
        return Bitboard(out);
    }
    for leg in &HORSE_TO[sq.index()] {
        if occ.0 & leg.block != 0 && leg.targets & horses.0 != 0 {
            out |= leg.block;
        }
    }
    Bitboard(out)
}

/// The leg square that must be empty for a horse on `from` to reach `to`, if `to` is a horse jump away.
pub(crate) fn horse_leg(from: Square, to: Square) -> Option<Square> {
    HORSE[from.index()]
        .iter()
        .find(|leg| leg.targets >> to.index() & 1 != 0)
        .and_then(|leg| Square::new(leg.block.trailing_zeros() as u8))
}

/// Squares an elephant on `sq` attacks, with its eyes blocked by `occ`; it never crosses the river.
#[inline(always)]
pub(crate) fn elephant_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    lame(&ELEPHANT[sq.index()], occ)
}

/// King steps from `sq` inside its palace.
#[inline(always)]
pub(crate) fn king_attacks(sq: Square) -> Bitboard {
    Bitboard(KING[sq.index()])
}

/// Advisor steps from `sq` inside its palace.
#[inline(always)]
pub(crate) fn advisor_attacks(sq: Square) -> Bitboard {
    Bitboard(ADVISOR[sq.index()])
}

/// Squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub(crate) fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN[color.index()][sq.index()])
}

/// Squares from which a pawn of `color` attacks `sq`.
#[inline(always)]
pub(crate) fn pawn_attackers_from(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_TO[color.index()][sq.index()])
}

/// The squares from which a pawn of each color reaches each square in two steps.
static PAWN_TO_TWICE: [[u128; 90]; 2] = {
    let once = pawn_to_table();
    let mut t = [[0u128; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let mut via = 0;
            while via < 90 {
                if once[c][sq] >> via & 1 != 0 {
                    t[c][sq] |= once[c][via];
                }
                via += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    t
};

/// The squares from which a pawn of `color` reaches `sq` in two steps:
/// where it may stand to step, in one, onto a square from which it would
/// attack `sq`.
#[inline(always)]
pub(crate) fn pawn_attackers_from_twice(color: Color, sq: Square) -> Bitboard {
    Bitboard(PAWN_TO_TWICE[color.index()][sq.index()])
}

/// Squares strictly between `a` and `b` on a shared rank or file (empty if none).
#[inline(always)]
pub(crate) fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The squares on the rank and file through `sq`, other than `sq`: where a
/// rook, cannon or king must stand to attack it along a line.
#[inline(always)]
pub(crate) fn cross(sq: Square) -> Bitboard {
    Bitboard(CROSS[sq.index()])
}

static CROSS: [u128; 90] = cross_table();

/// The whole rank or file through `a` and `b` (empty if they share neither).
#[inline(always)]
pub(crate) fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

/// The squares where a piece of `color` can ever stand, by role: king and advisors
/// in the palace, elephants on their seven points, pawns on their reachable points.
#[inline(always)]
pub(crate) fn reachable(color: Color, role: super::Role) -> Bitboard {
    Bitboard(REACHABLE[color.index()][role.index()])
}

/// [`reachable`] as a table: `[color][role]`, roles in the order of `Role::index`.
static REACHABLE: [[u128; 7]; 2] = reachable_table();

const fn reachable_table() -> [[u128; 7]; 2] {
    let mut t = [[0u128; 7]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let f = (sq % 9) as i32;
            let r = if c == 0 { sq / 9 } else { 9 - sq / 9 } as i32;
            let mut role = 0;
            while role < 7 {
                let ok = match super::Role::ALL[role] {
                    super::Role::King => f >= 3 && f <= 5 && r <= 2,
                    super::Role::Advisor => {
                        matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
                    }
                    super::Role::Elephant => matches!(
                        (f, r),
                        (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
                    ),
                    super::Role::Pawn => r >= 5 || (r >= 3 && f % 2 == 0),
                    _ => true,
                };
                if ok {
                    t[c][role] |= bit(sq);
                }
                role += 1;
            }
            sq += 1;
        }
        c += 1;
    }
    t
}

/// For each king square: the squares a piece must leave, or the squares a
/// piece must reach, for a move to possibly give check to a king there.
/// Leaving: the king's rank and file (uncovering a rook, cannon or king line,
/// or removing a cannon's second screen) and its diagonal neighbours (horse
/// legs). Reaching: the king's rank and file (a rook, cannon or king line, a
/// new cannon screen, a pawn's step) and the horse points (1, 2) away.
/// Advisors and elephants never attack a king; occupying a leg only blocks.
static CHECK_FROM: [u128; 90] = check_zone(false);
static CHECK_TO: [u128; 90] = check_zone(true);

const fn check_zone(reach: bool) -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut k = 0;
    while k < 90 {
        let (kf, kr) = ((k % 9) as i32, (k / 9) as i32);
        let mut sq = 0;
        while sq < 90 {
            let (df, dr) = (((sq % 9) as i32 - kf).abs(), ((sq / 9) as i32 - kr).abs());
            let on_line = df == 0 || dr == 0;
            let diagonal = df == 1 && dr == 1;
            let horse = (df == 1 && dr == 2) || (df == 2 && dr == 1);
            if on_line || if reach { horse } else { diagonal } {
                t[k] |= bit(sq);
            }
            sq += 1;
        }
        k += 1;
    }
    t
}

/// A cheap necessary condition for a move from `from` to `to` to give check to
/// a king on `king`, when that king is not attacked before the move: a move
/// that fails it changes no line, leg or attack that reaches the king.
#[inline(always)]
pub(crate) fn may_give_check(king: Square, from: Square, to: Square) -> bool {
    (CHECK_FROM[king.index()] >> from.index() | CHECK_TO[king.index()] >> to.index()) & 1 != 0
}

/// Diagonal neighbours of each square (the legs of horses attacking it).
static DIAGONAL: [u128; 90] = step_table(DIAG, false);

/// The squares that are legs of the horses attacking `sq`: its diagonal neighbours.
#[inline(always)]
pub(crate) fn horse_legs_around(sq: Square) -> Bitboard {
    Bitboard(DIAGONAL[sq.index()])
}

/// The squares a piece other than the king must reach to answer a check by
/// `checker` on `king`: the checker itself, the squares between (a block, or a
/// second cannon screen), and the king's diagonal neighbours (a horse's leg).
/// A piece standing between (a cannon's screen) answers by leaving instead.
#[inline(always)]
pub(crate) fn check_answers(king: Square, checker: Square) -> Bitboard {
    Bitboard(BETWEEN[king.index()][checker.index()] | DIAGONAL[king.index()] | bit(checker.index()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn set(squares: &[&str]) -> Bitboard {
        squares.iter().map(|s| sq(s)).collect()
    }

    #[test]
    fn rook_stops_at_first_piece_on_both_lines() {
        let occ = set(&["e5", "e2", "b4", "h4"]);
        let att = rook_attacks(sq("e4"), occ);
        assert_eq!(
            att,
            set(&["e5", "e3", "e2", "b4", "c4", "d4", "f4", "g4", "h4"])
        );
    }

    #[test]
    fn file_occupancy_reaches_top_ranks() {
        let occ = set(&["a8", "a9", "a0"]);
        assert_eq!(
            rook_attacks(sq("a5"), occ),
            set(&[
                "a6", "a7", "a8", "a4", "a3", "a2", "a1", "a0", "b5", "c5", "d5", "e5", "f5", "g5",
                "h5", "i5"
            ])
        );
        assert_eq!(file_occ(occ.0, 0), 0b11_0000_0001);
    }

    #[test]
    fn cannon_jumps_exactly_one_screen() {
        let occ = set(&["b2", "b7", "b9", "e2", "h2"]);
        let att = cannon_attacks(sq("b2"), occ);
        assert_eq!(att, set(&["b8", "b9", "f2", "g2", "h2"]));
    }

    #[test]
    fn horse_legs_block_and_reverse_table_agrees() {
        let occ = set(&["b1"]);
        assert_eq!(horse_attacks(sq("b0"), occ), set(&["d1"]));
        for s in Square::all() {
            for occ in [Bitboard::EMPTY, set(&["e5", "d4", "f6", "c3", "g3"])] {
                let forward: Bitboard = Square::all()
                    .filter(|&h| horse_attacks(h, occ).contains(s))
                    .collect();
                assert_eq!(horse_attackers_from(s, occ), forward, "square {s}");
            }
        }
        assert_eq!(horse_leg(sq("b0"), sq("c2")), Some(sq("b1")));
    }

    #[test]
    fn elephants_and_guards_keep_their_territory() {
        assert_eq!(
            elephant_attacks(sq("c4"), Bitboard::EMPTY),
            set(&["a2", "e2"])
        );
        assert_eq!(
            elephant_attacks(sq("e2"), set(&["d1"])),
            set(&["c4", "g4", "g0"])
        );
        assert_eq!(advisor_attacks(sq("e8")), set(&["d9", "f9", "d7", "f7"]));
        assert_eq!(king_attacks(sq("d0")), set(&["e0", "d1"]));
    }

    #[test]
    fn pawns_move_sideways_after_the_river() {
        assert_eq!(pawn_attacks(Color::Red, sq("e3")), set(&["e4"]));
        assert_eq!(pawn_attacks(Color::Red, sq("e5")), set(&["e6", "d5", "f5"]));
        assert_eq!(
            pawn_attacks(Color::Black, sq("e4")),
            set(&["e3", "d4", "f4"])
        );
        assert_eq!(pawn_attacks(Color::Red, sq("e9")), set(&["d9", "f9"]));
        assert_eq!(
            pawn_attackers_from(Color::Red, sq("e6")),
            set(&["e5", "d6", "f6"])
        );
    }

    #[test]
    fn cross_is_a_rook_on_an_empty_board() {
        for sq in Bitboard::FULL {
            assert_eq!(cross(sq), rook_attacks(sq, Bitboard::EMPTY), "{sq}");
        }
    }

    #[test]
    fn between_and_line() {
        assert_eq!(between(sq("e0"), sq("e4")), set(&["e1", "e2", "e3"]));
        assert_eq!(between(sq("a0"), sq("b1")), Bitboard::EMPTY);
        assert_eq!(
            line(sq("a0"), sq("i0")),
            Bitboard::rank(crate::board::Rank::new(0).unwrap())
        );
    }

    #[test]
    fn two_steps_tables_are_one_step_taken_twice() {
        let all = || (0..90u8).map(Square::new_unchecked);
        for sq in all() {
            let horses: Bitboard = horse_reach(sq)
                .into_iter()
                .map(horse_reach)
                .fold(Bitboard::EMPTY, |a, b| a | b);
            assert_eq!(horse_reach_twice(sq), horses, "{sq}");
            for color in [Color::Red, Color::Black] {
                let pawns = pawn_attackers_from(color, sq)
                    .into_iter()
                    .map(|via| pawn_attackers_from(color, via))
                    .fold(Bitboard::EMPTY, |a, b| a | b);
                assert_eq!(
                    pawn_attackers_from_twice(color, sq),
                    pawns,
                    "{sq} {color:?}"
                );
            }
        }
        // A horse on e4 reaches e0 by c3 or g3; a red pawn on e3 reaches e5 by e4.
        assert!(horse_reach_twice(sq("e0")).contains(sq("e4")));
        assert!(pawn_attackers_from_twice(Color::Red, sq("e5")).contains(sq("e3")));
        assert!(!pawn_attackers_from_twice(Color::Red, sq("e5")).contains(sq("e6")));
    }
}
