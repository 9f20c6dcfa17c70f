//! Mate by a series of checks (the 杀 of the rulebooks): whether the side to
//! move can force mate checking on every move, the defender free to answer
//! each check with any legal move. A bounded search, with the replies that
//! refuted a check remembered, positions already shown to hold skipped, and
//! lines that come back to a position on them cut ([`Path`]).

use arrayvec::ArrayVec;

use super::nature::MATE_THREAT_DEPTH;
use crate::board::{Bitboard, KeyMap, Move, MoveList, Position};

/// What searches learnt about checks and replies. Mate tests in positions
/// that differ by a move or two meet the same checks, which the same reply
/// usually answers again (a reply still legal proves there is no mate at
/// once), and the same check usually mates again. Only the order in which
/// moves are tried comes from it, never an answer.
#[derive(Clone, Debug, Default)]
pub(super) struct Answers {
    /// Replies found to answer checks, by check.
    replies: ArrayVec<(Move, Move), 32>,
    /// Checks found to mate.
    mating: ArrayVec<Move, 16>,
}

impl Answers {
    /// The reply last found to answer `check`.
    pub(super) fn get(&self, check: Move) -> Option<Move> {
        self.replies.iter().find(|a| a.0 == check).map(|a| a.1)
    }

    /// Notes that `reply` answered `check` (a full table keeps what it has).
    pub(super) fn note(&mut self, check: Move, reply: Move) {
        match self.replies.iter_mut().find(|a| a.0 == check) {
            Some(a) => a.1 = reply,
            None => {
                let _ = self.replies.try_push((check, reply));
            }
        }
    }

    /// Notes that `check` mated (a full table keeps what it has).
    fn note_mate(&mut self, check: Move) {
        if !self.mating.contains(&check) {
            let _ = self.mating.try_push(check);
        }
    }

    /// Whether the side to move, just checked by `check`, has no legal move.
    pub(super) fn mated(&mut self, pos: &Position, check: Move) -> bool {
        if self.get(check).is_some_and(|r| pos.is_legal(r)) {
            return false;
        }
        let Some(reply) = pos.first_legal_move() else {
            return true;
        };
        self.note(check, reply);
        false
    }
}

/// Searches by checks (for mate, and for material won after checks) that
/// share what they learn: the positions shown to hold against mate and the
/// checking moves of positions met are facts about the position alone, so
/// searches from neighbouring positions (the moves of one cycle, the
/// rulings of one game) reuse them. The searches for mate, among them the
/// tests that a capture does not let the opponent mate (CXA 29.4), also
/// share the replies that answered their checks: those of the moves of one
/// cycle meet the same checks again; and so do the searches for material.
#[derive(Clone, Debug, Default)]
pub struct MateSearch {
    refuted: Refuted,
    mating: Mating,
    /// The slots of [`MateSearch::checking_moves`]'s table.
    check_slots: Slots,
    /// The slots of [`MateSearch::legal_moves`]'s table.
    move_slots: Slots,
    /// The positions both tables remember, in one allocation made at the
    /// first moves asked.
    remembered: Option<Box<Remembered>>,
    captures: CaptureGains,
    /// Boxed, so that a search borrows it from here and gives it back
    /// without copying the table; none until the first search for mate.
    answers: Option<Box<Answers>>,
    /// The replies that answered the checks of the searches for material
    /// won after checks ([`super::after_checks`]), kept from one search to
    /// the next as the searches for mate keep theirs.
    pub(super) after_checks: Answers,
    /// The positions of the line a search for mate is on (empty between searches).
    path: Path,
    /// Enemy pieces offered in exchange (兑) for the piece a move just
    /// moved, while that move is judged ([`MateSearch::offering`]): no
    /// check of a mate by checks may take one, wherever a reply moves it.
    offered: Bitboard,
}

impl MateSearch {
    /// Positions kept at most: beyond, the table starts afresh.
    const CAPACITY: usize = 1 << 16;

    /// The checking moves of the side to move ([`Position::checking_moves`]),
    /// remembered for the positions met last, written into `out`, which must
    /// be empty (a list in the caller's frame is not copied on return).
    pub(super) fn checking_moves(&mut self, pos: &Position, out: &mut MoveList) {
        let remembered = self.remembered.get_or_insert_with(Box::default);
        let generate = Position::checking_moves_into;
        self.check_slots
            .of(&mut remembered.checks, pos, out, generate);
    }

    /// The legal moves of the side to move ([`Position::legal_moves`]),
    /// remembered like [`MateSearch::checking_moves`] (the answers to a
    /// check, mostly), written into `out`, which must be empty.
    pub(super) fn legal_moves(&mut self, pos: &Position, out: &mut MoveList) {
        let remembered = self.remembered.get_or_insert_with(Box::default);
        let generate = Position::legal_moves_into;
        self.move_slots
            .of(&mut remembered.moves, pos, out, generate);
    }

    /// The gain of the capture `mv` at the end of a series of checks, above
    /// `floor`, as `evaluate` finds it (`None`: no gain above `floor`),
    /// remembered for the captures met last with the same floor and rules
    /// (`rules`, a tag of the rule options): the searches after checks of
    /// one cycle reach the same captures by different checks.
    #[inline(never)]
    pub(super) fn capture_gain_after_checks(
        &mut self,
        pos: &mut Position,
        mv: Move,
        floor: i32,
        rules: u8,
        evaluate: impl FnOnce(&mut Position, &mut MateSearch) -> Option<i32>,
    ) -> Option<i32> {
        let asked = CaptureAsked {
            key: pos.key(),
            mv,
            floor,
            rules,
        };
        // While pieces are offered, a capture's test of mate holds only then.
        if !self.offered.is_empty() {
            return evaluate(pos, self);
        }
        if let Some(gain) = self.captures.get(asked) {
            return gain;
        }
        let gain = evaluate(pos, self);
        self.captures.note(asked, gain);
        gain
    }

    /// CXA 29.4 ("下一着吃子或得子后，不致被将死"): whether the side to move,
    /// whose piece the opponent has just taken, can then force mate by checks
    /// within [`MATE_THREAT_DEPTH`] moves, as a mate threat (杀) would: a
    /// capture that allows that wins nothing, and a recapture that allows it
    /// is no protection (不能离线).
    pub(super) fn mates_after_capture(&mut self, pos: &mut Position) -> bool {
        self.mates(pos, MATE_THREAT_DEPTH, Bitboard::EMPTY)
    }

    /// Runs `judge` with `offered` as the pieces offered in exchange, which
    /// no search for mate may take by a check meanwhile (CXA 图29a: a mate
    /// that needs a piece the opponent can trade off evenly is the exchange
    /// offer, 兑; 图29b: one the opponent cannot trade without being mated
    /// is no offer, 不能离线). Nothing learnt meanwhile is kept for other
    /// searches, as it holds only while those pieces are spared; with none
    /// offered, `judge` searches as always.
    pub(super) fn offering<T>(
        &mut self,
        offered: Bitboard,
        judge: impl FnOnce(&mut Self) -> T,
    ) -> T {
        debug_assert!(self.offered.is_empty());
        self.offered = offered;
        let judged = judge(self);
        self.offered = Bitboard::EMPTY;
        judged
    }

    /// Whether the side to move can force mate by checks within `depth` of
    /// its own moves with a first check that does not take a piece on
    /// `spared`, remembering what it learns for the next search.
    pub fn mates(&mut self, pos: &mut Position, depth: u32, spared: Bitboard) -> bool {
        if self.refuted.0.len() > Self::CAPACITY {
            self.refuted.0.clear();
        }
        if self.mating.0.len() > Self::CAPACITY {
            self.mating.0.clear();
        }
        debug_assert!(self.path.keys.is_empty());
        self.counted(pos, depth, spared, |search, pos| {
            if depth == 0 {
                return false;
            }
            // An answer the tables hold is taken before any check is tried.
            if spared.is_empty() && search.offered.is_empty() {
                let key = pos.key();
                if search.refuted.holds(key, depth) {
                    return false;
                }
                if search.mating.mates(key, depth) {
                    return true;
                }
            }
            // The root's checks, generated once for the quick test and the full search.
            let mut checks = MoveList::new();
            search.checking_moves(pos, &mut checks);
            if search.every_check_answered_at_once(pos, &checks, spared) {
                return false;
            }
            search.with_answers(|search, answers| {
                attacker_mates_by(pos, &checks, depth, spared, search, answers)
            })
        })
    }

    /// Whether each of `checks`, the checks that the side to move may play
    /// first in `pos` (none taking a piece on `spared`, or an offered one),
    /// has a legal reply after which the side to move has no check at all,
    /// found among the few replies [`MateSearch::answer_leaving_no_check`]
    /// tries. It then has no mate by checks at any depth: a line that mates
    /// checks on every move, and after that reply none is left (the reply itself shows the
    /// check is no mate at once). Most searches end so, at their first reply
    /// to each check: they are settled here without the tables and the line
    /// of a full search, whose answer would be the same (what it would have
    /// noted only orders and skips later searches, and the reply found is
    /// noted for them as it would have been). False leaves the answer to
    /// the full search.
    fn every_check_answered_at_once(
        &mut self,
        pos: &mut Position,
        checks: &[Move],
        spared: Bitboard,
    ) -> bool {
        checks.iter().all(|&check| {
            if spared.contains(check.to()) || self.offered.contains(check.to()) {
                return true;
            }
            #[cfg(feature = "question-counts")]
            super::question_counts::node();
            let undo = pos.play_unchecked(check);
            let answered = self.answer_leaving_no_check(pos, check);
            pos.undo(undo);
            answered
        })
    }

    /// Whether the side to move, just checked by `check`, has a legal reply
    /// after which the checking side has no check, among the replies a full
    /// search tries first: the one that answered the check before (if
    /// legal), then the captures of the checker. The other replies, costly
    /// to generate, are left to the full search. The reply found is noted
    /// as the check's answer.
    fn answer_leaving_no_check(&mut self, pos: &mut Position, check: Move) -> bool {
        let leaves_none = |search: &mut Self, pos: &mut Position, reply: Move| {
            #[cfg(feature = "question-counts")]
            super::question_counts::node();
            let undo = pos.play_unchecked(reply);
            let mut checks = MoveList::new();
            search.checking_moves(pos, &mut checks);
            pos.undo(undo);
            checks.is_empty()
        };
        let known = self
            .answers
            .as_ref()
            .and_then(|a| a.get(check))
            .filter(|&r| pos.is_legal(r));
        if let Some(reply) = known
            && leaves_none(self, pos, reply)
        {
            return true;
        }
        let takes = pos.legal_captures_of(check.to());
        let found = takes
            .iter()
            .copied()
            .find(|&r| Some(r) != known && leaves_none(self, pos, r));
        if let Some(reply) = found {
            self.answers.get_or_insert_default().note(check, reply);
        }
        found.is_some()
    }

    /// Runs `search`, a search of `pos` for mate to `depth` with first
    /// checks that spare `spared`, and counts it by its question
    /// ([`super::question_counts`]).
    #[cfg(feature = "question-counts")]
    fn counted(
        &mut self,
        pos: &mut Position,
        depth: u32,
        spared: Bitboard,
        search: impl FnOnce(&mut Self, &mut Position) -> bool,
    ) -> bool {
        use super::question_counts::{Root, search_starts, searched};
        let key = pos.key();
        let known =
            spared.is_empty() && (self.refuted.holds(key, depth) || self.mating.mates(key, depth));
        let root = if depth == 0 || known {
            Root::Known
        } else {
            let mut checks = MoveList::new();
            self.checking_moves(pos, &mut checks);
            if checks.is_empty() {
                Root::NoCheck
            } else {
                Root::Searched
            }
        };
        search_starts();
        let found = search(self, pos);
        searched(key, depth, spared, root, found);
        found
    }

    /// Runs `search` (counted only with the feature `question-counts`).
    #[cfg(not(feature = "question-counts"))]
    #[inline(always)]
    fn counted(
        &mut self,
        pos: &mut Position,
        _: u32,
        _: Bitboard,
        search: impl FnOnce(&mut Self, &mut Position) -> bool,
    ) -> bool {
        search(self, pos)
    }

    /// Follows an offered piece that the defender's `reply` moves to its
    /// new square; returns the offered pieces as they stood before it.
    fn follow_offered(&mut self, reply: Move) -> Bitboard {
        let before = self.offered;
        if before.contains(reply.from()) {
            self.offered = before.without(reply.from());
            self.offered.set(reply.to());
        }
        before
    }

    /// Runs `search` with the replies the searches before it found to answer
    /// checks, and keeps what it adds to them.
    fn with_answers(&mut self, search: impl FnOnce(&mut Self, &mut Answers) -> bool) -> bool {
        let mut answers = self.answers.take().unwrap_or_default();
        let found = search(self, &mut answers);
        self.answers = Some(answers);
        found
    }
}

/// [`Remembered`] keeps the moves of `1 << SLOT_BITS` positions.
const SLOT_BITS: u32 = 6;

/// Positions with more checking moves than this are not remembered.
const REMEMBERED_CHECKS: usize = 15;

/// Positions with more legal moves than this are not remembered: those met
/// again and again stand in check, with few answers.
const REMEMBERED_MOVES: usize = 8;

/// The slots of a table of [`Remembered`] positions.
const SLOTS: usize = 1 << SLOT_BITS;
// A slot holds 1 + an index of `Entries` in a byte.
const _: () = assert!(SLOTS < 256);

/// Positions remembered with their moves of one kind, each with its key.
type Entries<const N: usize> = ArrayVec<(u64, ArrayVec<Move, N>), SLOTS>;

/// The positions met last, with their moves of one kind (the checking
/// moves, or all legal moves), filled only as [`Slots`] are: searches for
/// mate and for captures after checks meet the same positions again and again.
#[derive(Clone, Debug, Default)]
struct Remembered {
    /// The positions of [`MateSearch::checking_moves`].
    checks: Entries<REMEMBERED_CHECKS>,
    /// The positions of [`MateSearch::legal_moves`].
    moves: Entries<REMEMBERED_MOVES>,
}

/// A small table of one position per slot, chosen by the Zobrist key: for
/// each slot, 1 + the index of its position in [`Entries`] (0: none yet),
/// so that only these few bytes are cleared when a table is made.
#[derive(Clone, Debug)]
struct Slots([u8; SLOTS]);

impl Default for Slots {
    fn default() -> Slots {
        Slots([0; SLOTS])
    }
}

impl Slots {
    /// The moves `generate` writes for `pos`, written into `out`, which must
    /// be empty, remembered in `entries`.
    fn of<const N: usize>(
        &mut self,
        entries: &mut Entries<N>,
        pos: &Position,
        out: &mut MoveList,
        generate: fn(&Position, &mut MoveList),
    ) {
        debug_assert!(out.is_empty());
        let key = pos.key();
        let slot = (key >> (64 - SLOT_BITS)) as usize;
        let filled = usize::from(self.0[slot]);
        if let Some((k, moves)) = filled.checked_sub(1).map(|i| &entries[i])
            && *k == key
        {
            out.extend(moves.iter().copied());
            return;
        }
        generate(pos, out);
        let Ok(few) = out.as_slice().try_into() else {
            return;
        };
        if filled != 0 {
            entries[filled - 1] = (key, few);
            return;
        }
        entries.push((key, few));
        self.0[slot] = entries.len() as u8;
    }
}

/// Room made in a table of [`MateSearch`] at its first entry: a table grown
/// from nothing is rehashed at 3 and 7 entries on the way, and the searches
/// of one ruling often fill that many.
const FIRST_ROOM: usize = 8;

/// Makes [`FIRST_ROOM`] in `map` if it has none yet.
fn make_room<V>(map: &mut KeyMap<V>) {
    if map.capacity() == 0 {
        map.reserve(FIRST_ROOM);
    }
}

/// A capture at the end of checks, as asked of [`MateSearch::capture_gain_after_checks`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct CaptureAsked {
    key: u64,
    mv: Move,
    floor: i32,
    rules: u8,
}

impl CaptureAsked {
    /// The move, rules and floor in one word.
    fn word(self) -> u64 {
        u64::from(self.mv.to_u16())
            | u64::from(self.rules) << 16
            | u64::from(self.floor as u32) << 32
    }

    /// The key of its entry in [`CaptureGains`]: the position's key mixed
    /// with [`CaptureAsked::word`].
    fn mixed(self) -> u64 {
        self.key ^ self.word().wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

/// The gains of the captures at the end of checks asked so far, each kept
/// with what was asked ([`CaptureAsked::key`] and [`CaptureAsked::word`]),
/// so that another capture with the same mixed key is not taken for it.
#[derive(Clone, Debug, Default)]
struct CaptureGains(KeyMap<(u64, u64, Option<i32>)>);

impl CaptureGains {
    /// The gain noted for `asked`, if there is one.
    fn get(&self, asked: CaptureAsked) -> Option<Option<i32>> {
        let &(key, word, gain) = self.0.get(&asked.mixed())?;
        (key == asked.key && word == asked.word()).then_some(gain)
    }

    /// Notes the gain of `asked`, in place of a capture with the same mixed
    /// key; beyond [`MateSearch::CAPACITY`] captures, the table starts afresh.
    fn note(&mut self, asked: CaptureAsked, gain: Option<i32>) {
        if self.0.len() > MateSearch::CAPACITY {
            self.0.clear();
        }
        make_room(&mut self.0);
        self.0
            .insert(asked.mixed(), (asked.key, asked.word(), gain));
    }
}

/// Positions (attacker to move) already shown to hold against mate by checks,
/// with the depth they were searched to: check sequences often transpose.
#[derive(Clone, Debug, Default)]
struct Refuted(KeyMap<u32>);

impl Refuted {
    fn holds(&self, key: u64, depth: u32) -> bool {
        self.0.get(&key).is_some_and(|&d| d >= depth)
    }

    fn add(&mut self, key: u64, depth: u32) {
        make_room(&mut self.0);
        let d = self.0.entry(key).or_insert(depth);
        *d = (*d).max(depth);
    }
}

/// Positions (attacker to move) already shown to mate by checks, with the
/// least depth found to be enough: a mate threat's searches meet them again.
#[derive(Clone, Debug, Default)]
struct Mating(KeyMap<u32>);

impl Mating {
    fn mates(&self, key: u64, depth: u32) -> bool {
        self.0.get(&key).is_some_and(|&d| d <= depth)
    }

    fn add(&mut self, key: u64, depth: u32) {
        make_room(&mut self.0);
        let d = self.0.entry(key).or_insert(depth);
        *d = (*d).min(depth);
    }
}

/// The positions (by Zobrist key, which tells the side to move) of the line
/// a search for mate is on, from its root down: a line that comes back to
/// one of them is cut, as neither mating nor mated. That changes no answer.
/// A position that comes back has fewer checks left than when first met,
/// and what can be forced with fewer can be forced with more (its first
/// meeting answers for both); and a mate, if there is one, can be forced
/// without ever coming back to a position: take a line that does, and
/// play from the first meeting what was played from the last. So a search
/// that cuts such lines finds every mate, and finds none that is not one.
///
/// Only the answer of the search from the root is sure of that: a position
/// below it found to hold because a line from it came back to a position
/// above it might not hold on a line without that position. Such a
/// position is not noted as holding ([`Path::leave`] tells).
#[derive(Clone, Debug)]
struct Path {
    /// The keys, from the root down; a line deeper than this holds is not
    /// looked at for coming back to its positions beyond.
    keys: ArrayVec<u64, 32>,
    /// The least index in `keys` of a position that a line came back to,
    /// below the position entered last ([`usize::MAX`]: none).
    back_to: usize,
}

impl Default for Path {
    fn default() -> Path {
        Path {
            keys: ArrayVec::new(),
            back_to: usize::MAX,
        }
    }
}

/// A position entered on the [`Path`], to be left with [`Path::leave`].
struct Entered {
    /// Its index on the path (the path's length before it, if it was full).
    index: usize,
    /// Whether its key went on the path (not if the path was full).
    pushed: bool,
    /// The `back_to` of the positions above it, before it was entered.
    above: usize,
}

impl Path {
    /// Whether the position with `key` is on the line already: the line
    /// came back to it, and is cut.
    fn comes_back(&mut self, key: u64) -> bool {
        match self.keys.iter().position(|&k| k == key) {
            Some(i) => {
                self.back_to = self.back_to.min(i);
                true
            }
            None => false,
        }
    }

    /// Puts the position with `key` on the line, below the others.
    fn enter(&mut self, key: u64) -> Entered {
        let entered = Entered {
            index: self.keys.len(),
            pushed: self.keys.try_push(key).is_ok(),
            above: self.back_to,
        };
        self.back_to = usize::MAX;
        entered
    }

    /// Takes the position `entered` off the line. Whether what the search
    /// found below it holds whatever the line above it: no line below it
    /// came back to a position above it.
    fn leave(&mut self, entered: Entered) -> bool {
        if entered.pushed {
            self.keys.pop();
        }
        let below = self.back_to;
        self.back_to = below.min(entered.above);
        below >= entered.index
    }
}

/// Whether the side to move mates by checks within `depth`, its first check
/// not taking a piece on `spared`. Only a search of every check (nothing
/// spared) proves that a position holds, or tells whether it mates.
fn attacker_mates(
    pos: &mut Position,
    depth: u32,
    spared: Bitboard,
    search: &mut MateSearch,
    answers: &mut Answers,
) -> bool {
    let free = spared.is_empty() && search.offered.is_empty();
    if depth == 0 || (free && search.refuted.holds(pos.key(), depth)) {
        return false;
    }
    if free && search.mating.mates(pos.key(), depth) {
        return true;
    }
    if free && search.path.comes_back(pos.key()) {
        return false;
    }
    let mut checks = MoveList::new();
    search.checking_moves(pos, &mut checks);
    attacker_mates_by(pos, &checks, depth, spared, search, answers)
}

/// [`attacker_mates`] with the checks of the side to move given, in a
/// position not on the [`Path`] already.
fn attacker_mates_by(
    pos: &mut Position,
    checks: &[Move],
    depth: u32,
    spared: Bitboard,
    search: &mut MateSearch,
    answers: &mut Answers,
) -> bool {
    let free = spared.is_empty() && search.offered.is_empty();
    if free && search.mating.mates(pos.key(), depth) {
        return true;
    }
    // A root whose first check spares pieces is no position that a line
    // could come back to: from there, every check may be played. Pieces
    // offered are spared all along: what is found then is not noted.
    let entered = free.then(|| search.path.enter(pos.key()));
    let mates = attacker_mates_on_path(pos, checks, depth, spared, search, answers);
    // Shown to hold only on this line: not noted.
    let exact = entered.is_some_and(|e| search.path.leave(e));
    if !mates && exact {
        search.refuted.add(pos.key(), depth);
    }
    mates
}

/// [`attacker_mates_by`] once the position is on the [`Path`] (unless
/// something is `spared`).
fn attacker_mates_on_path(
    pos: &mut Position,
    checks: &[Move],
    depth: u32,
    spared: Bitboard,
    search: &mut MateSearch,
    answers: &mut Answers,
) -> bool {
    // Checks that mated elsewhere in this search go first.
    let mating = |m: &&Move| answers.mating.contains(*m);
    let first: ArrayVec<Move, 16> = checks.iter().filter(mating).copied().collect();
    let rest = checks
        .iter()
        .filter(|m| first.is_empty() || !first.contains(*m));
    for &mv in first.iter().chain(rest) {
        if spared.contains(mv.to()) || search.offered.contains(mv.to()) {
            continue;
        }
        #[cfg(feature = "question-counts")]
        super::question_counts::node();
        let undo = pos.play_unchecked(mv);
        let good = defender_loses(pos, mv, depth - 1, search, answers);
        pos.undo(undo);
        if good {
            answers.note_mate(mv);
            if spared.is_empty() && search.offered.is_empty() {
                search.mating.add(pos.key(), depth);
            }
            return true;
        }
    }
    false
}

/// Below this many checks left to the attacker, the defender's replies are
/// tried in a fixed order; from it on, by the checks they leave.
const RANK_REPLIES_FROM: u32 = 3;

/// Whether the side to move, just checked by `check`, is mated within `depth` more checks.
fn defender_loses(
    pos: &mut Position,
    check: Move,
    depth: u32,
    search: &mut MateSearch,
    answers: &mut Answers,
) -> bool {
    if depth == 0 {
        return answers.mated(pos, check);
    }
    if search.path.comes_back(pos.key()) {
        return false;
    }
    let entered = search.path.enter(pos.key());
    let lost = replies_lose(pos, check, depth, search, answers);
    search.path.leave(entered);
    lost
}

/// [`defender_loses`] with more checks to come (`depth` > 0), the position
/// on the [`Path`].
fn replies_lose(
    pos: &mut Position,
    check: Move,
    depth: u32,
    search: &mut MateSearch,
    answers: &mut Answers,
) -> bool {
    let refutes =
        |pos: &mut Position, reply: Move, search: &mut MateSearch, answers: &mut Answers| {
            #[cfg(feature = "question-counts")]
            super::question_counts::node();
            let undo = pos.play_unchecked(reply);
            let offered = search.follow_offered(reply);
            let mated = attacker_mates(pos, depth, Bitboard::EMPTY, search, answers);
            search.offered = offered;
            pos.undo(undo);
            !mated
        };
    // One reply that holds is enough: the one that held against this check
    // before, if legal, goes before the others are even generated.
    let known = answers.get(check).filter(|&r| pos.is_legal(r));
    if let Some(reply) = known
        && refutes(pos, reply, search, answers)
    {
        return false;
    }
    // Captures of the checker refute most often: they go before the other
    // replies are generated, then the other captures and king steps.
    let mut takes = pos.legal_captures_of(check.to());
    takes.retain(|m| Some(*m) != known);
    // Written into the caller's list: one returned would be copied.
    let rest = |pos: &Position, search: &mut MateSearch, replies: &mut MoveList| {
        search.legal_moves(pos, replies);
        replies.retain(|m| Some(*m) != known && !takes.contains(m));
        let king = pos.king(pos.turn());
        replies.sort_by_key(|m| (pos.piece_at(m.to()).is_none(), m.from() != king));
    };
    let mut replies = MoveList::new();
    if depth < RANK_REPLIES_FROM {
        for &reply in &takes {
            if refutes(pos, reply, search, answers) {
                answers.note(check, reply);
                return false;
            }
        }
        rest(pos, search, &mut replies);
        for &reply in &replies {
            if refutes(pos, reply, search, answers) {
                answers.note(check, reply);
                return false;
            }
        }
        return true;
    }
    // Deeper, the replies that leave the fewest checks refute most often:
    // one that leaves none, reaches a position known to hold or comes back
    // to one on the line, refutes at once; the others are searched in that order, their checks kept.
    let mut checks: Vec<Move> = Vec::new();
    let mut ranked: ArrayVec<(usize, usize, Move), 128> = ArrayVec::new();
    let mut rank = |pos: &mut Position, reply: Move, search: &mut MateSearch| {
        #[cfg(feature = "question-counts")]
        super::question_counts::node();
        let undo = pos.play_unchecked(reply);
        let holds = search.refuted.holds(pos.key(), depth) || search.path.comes_back(pos.key());
        let start = checks.len();
        if !holds {
            let mut found = MoveList::new();
            search.checking_moves(pos, &mut found);
            checks.extend_from_slice(&found);
        }
        pos.undo(undo);
        let leaves_none = holds || checks.len() == start;
        if !leaves_none {
            ranked.push((checks.len() - start, start, reply));
        }
        leaves_none
    };
    for &reply in &takes {
        if rank(pos, reply, search) {
            answers.note(check, reply);
            return false;
        }
    }
    rest(pos, search, &mut replies);
    for &reply in &replies {
        if rank(pos, reply, search) {
            answers.note(check, reply);
            return false;
        }
    }
    ranked.sort_by_key(|r| r.0);
    // By reference: the table is 3 KB, not worth a copy into an iterator.
    for &(n, start, reply) in &ranked {
        let undo = pos.play_unchecked(reply);
        let offered = search.follow_offered(reply);
        let mated = attacker_mates_by(
            pos,
            &checks[start..start + n],
            depth,
            Bitboard::EMPTY,
            search,
            answers,
        );
        search.offered = offered;
        pos.undo(undo);
        if !mated {
            answers.note(check, reply);
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Role;

    #[test]
    fn a_capture_gain_is_remembered_only_for_the_same_position_move_floor_and_rules() {
        let mut search = MateSearch::default();
        let mut pos = Position::startpos();
        let mv = Move::parse_uci("b2b9").unwrap();
        let ask = |search: &mut MateSearch, pos: &mut Position, mv, floor, rules, gain| {
            let mut evaluated = false;
            let found = search.capture_gain_after_checks(pos, mv, floor, rules, |_, _| {
                evaluated = true;
                gain
            });
            (found, evaluated)
        };
        assert_eq!(
            ask(&mut search, &mut pos, mv, 0, 1, Some(3)),
            (Some(3), true)
        );
        // Asked again: the gain noted, not evaluated.
        assert_eq!(ask(&mut search, &mut pos, mv, 0, 1, None), (Some(3), false));
        // Another floor, rules, move or position is evaluated anew.
        assert_eq!(ask(&mut search, &mut pos, mv, 2, 1, None), (None, true));
        assert_eq!(
            ask(&mut search, &mut pos, mv, 0, 2, Some(1)),
            (Some(1), true)
        );
        let other = Move::parse_uci("h2h9").unwrap();
        assert_eq!(
            ask(&mut search, &mut pos, other, 0, 1, Some(2)),
            (Some(2), true)
        );
        let mut passed = pos.passed();
        assert_eq!(
            ask(&mut search, &mut passed, mv, 0, 1, Some(4)),
            (Some(4), true)
        );
        // Each kept apart: the first is still known, and so is a noted "no gain".
        assert_eq!(ask(&mut search, &mut pos, mv, 0, 1, None), (Some(3), false));
        assert_eq!(ask(&mut search, &mut pos, mv, 2, 1, Some(9)), (None, false));
    }

    #[test]
    fn remembered_moves_are_those_of_the_position_asked() {
        // Positions of random games, and those after their checks (with few
        // answers, remembered), met twice: far more than the tables have
        // slots, so positions displace each other.
        let mut random = crate::board::random_moves::RandomMoves::new(0x5DEE_CE66_D1CE_4E5B);
        let mut seen = Vec::new();
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for _ in 0..100 {
                seen.push(pos.clone());
                for check in pos.checking_moves() {
                    let mut checked = pos.clone();
                    checked.play_unchecked(check);
                    seen.push(checked);
                }
                let Some(mv) = random.pick(&pos) else { break };
                pos.play_unchecked(mv);
            }
        }
        assert!(seen.len() > 4 << SLOT_BITS);
        let mut search = MateSearch::default();
        type Remembering = fn(&mut MateSearch, &Position, &mut MoveList);
        type Generating = fn(&Position) -> MoveList;
        let remembered: [(Remembering, Generating); 2] = [
            (MateSearch::checking_moves, Position::checking_moves),
            (MateSearch::legal_moves, Position::legal_moves),
        ];
        for round in 0..2 {
            for pos in &seen {
                for (remember, expected) in remembered {
                    let expected = expected(pos);
                    for time in ["first", "again"] {
                        let mut out = MoveList::new();
                        remember(&mut search, pos, &mut out);
                        assert_eq!(out, expected, "{} {round} {time}", pos.fen());
                    }
                }
            }
        }
    }

    #[test]
    fn a_position_below_a_line_that_came_back_above_it_is_not_sure() {
        let mut path = Path::default();
        let root = path.enter(1);
        let middle = path.enter(2);
        // A line below the middle comes back to the root: the middle's
        // finding holds on this line only; the root's holds whatever.
        assert!(path.comes_back(1));
        assert!(!path.comes_back(3));
        assert!(!path.leave(middle));
        // Back to the middle itself: sure of the middle.
        let middle = path.enter(2);
        assert!(path.comes_back(2));
        assert!(path.leave(middle));
        assert!(path.leave(root));
        assert!(path.keys.is_empty());
        // Nothing came back below a fresh position.
        let fresh = path.enter(4);
        assert!(path.leave(fresh));
    }

    #[test]
    fn a_search_finds_a_two_rook_mate() {
        let mut pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/1R1K5 w").unwrap();
        assert!(MateSearch::default().mates(&mut pos, 3, Bitboard::EMPTY));
        let mut lone = Position::from_fen("4k4/9/9/9/9/9/9/9/9/1R1K5 w").unwrap();
        assert!(!MateSearch::default().mates(&mut lone, 2, Bitboard::EMPTY));
    }

    /// Positions with checks to try: mates in one, checks answered by the
    /// king, by a capture or by a block.
    const CHECKING: [&str; 5] = [
        "4k4/R8/9/9/9/9/9/9/9/1R1K5 w",
        "4k4/9/9/9/9/9/9/9/R8/1R1K5 w",
        "3k5/4a4/4b4/9/9/5R3/9/4C4/9/4K4 w",
        "2bak4/4a4/4b4/4C4/9/9/4R4/9/4K4/9 w",
        "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2N2C1/9/R1BAKAB1R w",
    ];

    #[test]
    fn what_a_search_remembers_leaves_its_answers_as_they_are() {
        // The positions of the public rule cases, with either side to move
        // (when legal), asked at several depths in turn: one search that
        // remembers positions shown to hold or to mate answers as fresh ones do.
        let mut positions = Vec::new();
        for (mut pos, moves) in crate::rules::public_case_games() {
            for mv in moves {
                pos.play_unchecked(mv);
                if !pos.in_check() {
                    positions.push(pos.passed());
                }
                positions.push(pos.clone());
            }
        }
        let mut shared = MateSearch::default();
        let mut mates = 0;
        let mut in_one = 0;
        for pos in &mut positions {
            for depth in [7, 1, 3, 5, 2] {
                let fresh = MateSearch::default().mates(pos, depth, Bitboard::EMPTY);
                if depth == 1 {
                    in_one += usize::from(fresh);
                }
                assert_eq!(
                    shared.mates(pos, depth, Bitboard::EMPTY),
                    fresh,
                    "{} {depth}",
                    pos.fen()
                );
                mates += usize::from(fresh);
            }
        }
        println!(
            "{} positions, {mates} mates, {in_one} in one",
            positions.len()
        );
        assert!(
            positions.len() > 1000 && mates > 100 && in_one > 10,
            "{mates} mates, {in_one} in one"
        );
    }

    #[test]
    fn checks_answered_at_once_settle_as_a_full_search_does() {
        // Every position one move away from the public cases, asked by one
        // search that settles checks answered at once (its answers carried
        // from position to position, as in a ruling) and by fresh full
        // searches: with nothing spared, sparing the opponent's rooks and
        // cannons, and with those offered instead.
        let mut shared = MateSearch::default();
        let (mut mates, mut settled) = (0, 0);
        let positions = crate::rules::positions_one_move_away();
        for pos in positions.iter().step_by(3) {
            let mut pos = pos.clone();
            let them = pos.us(!pos.turn());
            let heavy = them & (pos.role(Role::Rook) | pos.role(Role::Cannon));
            for depth in [1, 3, 7] {
                for (spared, offered) in [
                    (Bitboard::EMPTY, Bitboard::EMPTY),
                    (heavy, Bitboard::EMPTY),
                    (Bitboard::EMPTY, heavy),
                ] {
                    let full = MateSearch::default().offering(offered, |search| {
                        search.with_answers(|search, answers| {
                            attacker_mates(&mut pos, depth, spared, search, answers)
                        })
                    });
                    let quick = shared.offering(offered, |search| {
                        let mut checks = MoveList::new();
                        search.checking_moves(&pos, &mut checks);
                        settled += usize::from(
                            search.every_check_answered_at_once(&mut pos, &checks, spared),
                        );
                        search.mates(&mut pos, depth, spared)
                    });
                    assert_eq!(quick, full, "{} {depth} {spared:?} {offered:?}", pos.fen());
                    mates += usize::from(full);
                }
            }
        }
        println!(
            "{} positions, {mates} mates, {settled} settled at once",
            positions.len() / 3
        );
        assert!(
            mates > 100 && settled > 10_000,
            "{mates} mates, {settled} settled"
        );
    }

    #[test]
    fn answers_agree_with_a_full_search_for_a_legal_move() {
        // One table for all positions: a remembered reply may be illegal in the next one.
        let mut answers = Answers::default();
        let mut mates = 0;
        for fen in CHECKING {
            let mut pos = Position::from_fen(fen).unwrap();
            for round in 0..2 {
                for check in pos.checking_moves() {
                    let undo = pos.play_unchecked(check);
                    let mated = answers.mated(&pos, check);
                    assert_eq!(mated, pos.has_no_legal_moves(), "{fen} {check} {round}");
                    mates += usize::from(mated);
                    if !mated {
                        assert!(answers.get(check).is_some_and(|r| pos.is_legal(r)));
                    }
                    pos.undo(undo);
                }
            }
        }
        // Rb0-b9 in the first position, twice.
        assert_eq!(mates, 2);
    }
}
