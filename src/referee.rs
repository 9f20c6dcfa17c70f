//! The incremental game judge shared by every front end: push moves, ask for
//! the ruling, ask which moves the side to move may not play.
//!
//! A ply that closes no cycle costs a make-move and one hash probe; moves are
//! classified only when a position repeats, and each classification is cached
//! by position and move, so that a cycle played again is not classified again.

use std::cell::{RefCell, RefMut};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::ops::Index;
use std::sync::Arc;

use arrayvec::ArrayVec;

use crate::board::{Color, KeyHasher, KeyMap, Move, PlayError, Position, Undo};
use crate::rules::RuleSet;
use crate::rules::limit::{ClaimMode, LimitCounter, LimitOutcome, LimitStatus, PlyFacts};
use crate::rules::limit_trail::LimitTrail;
use crate::rules::mate_search::MateSearch;
use crate::rules::move_table::MoveReport;
use crate::rules::nature::{MoveNature, classify_searching};
use crate::rules::points_cycle::{self, PointsCycle};
use crate::rules::profile::Profile;
use crate::rules::repetition::{CycleOutcome, CycleRuling, rule_cycle};
use crate::rules::ruling::{PreviousCycle, Reason, RepetitionReport, Ruling, Verdict};
use crate::words::{Lang, Words};

/// Where a position has stood so far.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Occurrence {
    /// The first ply after which it stood (0 = the start).
    first: u32,
    /// The last ply after which it stood.
    last: u32,
    /// How often it has stood.
    count: u32,
}

/// For each position key, where it has stood.
type Occurrences = KeyMap<Occurrence>;

/// No earlier ply had the same position.
const NONE: u32 = u32::MAX;

/// Runs of moves up to this long (a cycle's, mostly) are gathered on the
/// stack when a list of them is needed ([`Referee::with_moves`]).
const SHORT_RUN: usize = 16;

/// The cycle closed by a ply is not drawn by the rule set ([`Referee::drawn_since`]).
const NOT_DRAWN: u32 = u32::MAX - 1;

/// What a move's nature depends on: the position's key, the move, and the
/// opponent's move before it (for 跟).
type NatureKey = (u64, Move, Option<Move>);

/// What happened on a push, cheaply, so that callers know when to ask for a ruling.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Event {
    /// Nothing to rule on.
    Quiet,
    /// The position has now stood this many times.
    Repetition(usize),
    /// The last moves went round a cycle over points, repeating no position
    /// ([`crate::rules::points_cycle`]): it counts as this many occurrences
    /// (the passes gone round plus one), as [`Event::Repetition`] counts a
    /// position's. The ruling reports it only if the rule set orders a side
    /// to vary (its moves not classified yet, the event cannot tell).
    PointsCycle(usize),
    /// The side to move has no legal move: checkmate if the move checked,
    /// stalemate (困毙, also a loss) otherwise.
    NoLegalMoves,
    /// No piece has been taken for so long that the natural move limit may
    /// be reached: the ruling ([`Referee::ruling_after`]) says whether it is
    /// and who may claim the draw. The draw is the players' to claim, so
    /// [`Referee::ending`] returns it only when the referee judges one side's
    /// claim ([`Referee::set_claim`]) and the claim holds ([`Ruling::ends_game`]). A
    /// move that also repeats a position, or leaves no legal move, brings
    /// that event instead; its ruling reports the limit too.
    NaturalLimit,
}

/// A legal move the side to move may not play, and the ruling it would bring.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ForbiddenMove {
    /// The move.
    pub mv: Move,
    /// The ruling after it.
    pub ruling: Ruling,
}

impl ForbiddenMove {
    /// What the move would bring, in one line in `lang` ([`Ruling::consequence`]).
    pub fn reason(&self, lang: Lang) -> String {
        self.ruling.consequence(lang)
    }
}

/// A cycle between two occurrences of a position, judged. The position it
/// starts from is not kept: a report rewinds the last position to it where
/// the report holds it, rather than a position copied along the way.
struct JudgedCycle {
    /// The plies after which it starts and ends: its moves are those of the record between.
    plies: (usize, usize),
    /// Its moves as reported, with their natures.
    reports: Vec<MoveReport>,
    /// Its ruling by the rule set, before the profile's clauses.
    cycle: CycleRuling,
}

/// The natures of moves as reported, indexed as the moves are: what
/// [`rule_cycle`] reads of them.
struct ReportedNatures<'a>(&'a [MoveReport]);

impl Index<usize> for ReportedNatures<'_> {
    type Output = MoveNature;

    fn index(&self, i: usize) -> &MoveNature {
        &self.0[i].nature
    }
}

/// Where a run of drawn cycles, which `began` at the cycle closed by that
/// ply (if it did), stands once the next cycle, closed by ply `to`, is ruled
/// `outcome`: a draw goes on with the run (or starts one), a must-vary ends it.
fn run_began(began: Option<usize>, outcome: CycleOutcome, to: usize) -> Option<usize> {
    match outcome {
        CycleOutcome::Draw => began.or(Some(to)),
        CycleOutcome::MustVary(_) => None,
    }
}

/// The incremental judge of one game: [`Referee::push`] each move (or
/// [`Referee::pop`] to take one back), and ask for the [`Referee::ruling`],
/// or cheaply for [`Referee::ending`] after each push. The first ruling
/// that ended the game stays at hand: [`Referee::ended`].
///
/// A referee is `Send` but not `Sync`: it caches classified natures and
/// what its searches for mate have learnt in `RefCell`s, filled by the
/// `&self` methods that rule. To share one between threads, put it in a
/// `Mutex` (`Arc<Mutex<Referee>>`); an `RwLock` does not compile. One
/// referee per game and thread needs nothing.
#[derive(Clone, Debug)]
pub struct Referee {
    profile: Profile,
    claim: ClaimMode,
    limit_detail: bool,
    start: Position,
    position: Position,
    history: Vec<(Undo, u64)>,
    /// Each ply's facts, and the natural-limit count after each.
    limit: LimitTrail,
    /// The count from the last capture on with the attacking moves
    /// classified, as far as it has been asked for.
    attacks: RefCell<Option<LimitTrail>>,
    last_capture: usize,
    keys: Occurrences,
    /// For each ply (0 = the start), the previous ply after which the same position stood.
    previous: Vec<u32>,
    /// For each ply that closed a cycle, as far as it has been asked for:
    /// the ply that closed the first of the cycles in a row up to it that
    /// the rule set draws, [`NOT_DRAWN`], or [`NONE`] when not known yet.
    drawn_since: RefCell<Vec<u32>>,
    /// Natures classified so far: a cycle played again meets the same positions and moves.
    /// Shared with the reports, which thus copy none.
    natures: RefCell<HashMap<NatureKey, Arc<MoveNature>, BuildHasherDefault<KeyHasher>>>,
    /// What the searches by checks of the classifications have learnt about
    /// positions: one ruling of a game meets the positions of the last.
    searches: RefCell<MateSearch>,
    /// The first ruling that ended the game ([`Referee::ended`]).
    ended: Option<Box<Ruling>>,
}

impl Referee {
    /// A referee for a game starting at `start`, judged under `profile`.
    pub fn new(profile: Profile, start: Position) -> Referee {
        // 224 positions fill a table of 256 slots: a game of 150 plies never
        // grows it, and a copy (forbidden_moves makes one) moves 6 KB.
        let mut keys = Occurrences::with_capacity_and_hasher(224, Default::default());
        let occurrence = Occurrence {
            first: 0,
            last: 0,
            count: 1,
        };
        keys.insert(start.key(), occurrence);
        Referee {
            profile,
            claim: ClaimMode::Automatic,
            limit_detail: false,
            limit: LimitTrail::new(&start),
            attacks: RefCell::default(),
            start: start.clone(),
            position: start,
            history: Vec::with_capacity(256),
            last_capture: 0,
            keys,
            previous: vec![NONE],
            drawn_since: RefCell::default(),
            natures: RefCell::default(),
            searches: RefCell::default(),
            ended: None,
        }
    }

    /// A referee under the built-in profile of a rule set (`cxa2011`, `cxa2020` or `axf`).
    pub fn with_rules(rules: RuleSet, start: Position) -> Referee {
        let profile =
            Profile::builtin(rules.name()).expect("every rule set has a built-in profile");
        Referee::new(profile, start)
    }

    /// Whether the natural-limit report classifies every move since the last
    /// capture (for people reading the counts), or only when an attack cap
    /// could change who may claim (the default: judging a repetition or a game
    /// then classifies no move outside the cycle, the counts of 杀 and 捉 are
    /// left at zero and the JSON says `"attacks_classified": false`).
    pub fn set_limit_detail(&mut self, detail: bool) {
        self.limit_detail = detail;
    }

    /// Who may claim the natural-limit draw: either side (automatic, for engine
    /// play, the default) or only the named claimant (for an arbiter).
    ///
    /// A claimant's claim is judged at once, in the position as it stands:
    /// if it holds, the game ends here ([`Referee::ended`]); if not, it is
    /// judged again after each move pushed. A game already ended stays ended
    /// whatever the claim mode becomes: only [`Referee::pop`] takes an
    /// ending back. Who may claim, without a claim being made, is
    /// [`Referee::natural_limit`]'s `claimable_by`.
    ///
    /// ```
    /// use xqarbiter::board::{Color, Position};
    /// use xqarbiter::referee::Referee;
    /// use xqarbiter::rules::limit::{ClaimMode, LimitOutcome};
    /// use xqarbiter::rules::profile::Profile;
    /// use xqarbiter::rules::ruling::Verdict;
    ///
    /// // 40 rounds, in which a claimant's checks do not count: 78 plies
    /// // without a capture already, then Red checks and Black steps aside.
    /// let start: Position = "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 78 40".parse().unwrap();
    /// let profile = Profile::builtin("nanping2018").unwrap();
    /// let mut referee = Referee::new(profile, start);
    /// for mv in ["a0a9", "d9d8"] {
    ///     referee.push(mv.parse().unwrap()).unwrap();
    /// }
    /// // Black's 40 moves count, Red's do not all: only Black may claim.
    /// assert_eq!(referee.natural_limit().claimable_by, [Color::Black]);
    /// assert_eq!(referee.ruling().verdict, Verdict::Draw); // automatic: a claim holds
    ///
    /// // An arbiter answers Red's claim: it does not hold, the game goes on.
    /// referee.set_claim(ClaimMode::Claim(Color::Red));
    /// assert_eq!(referee.natural_limit().outcome, LimitOutcome::Running);
    /// assert_eq!(referee.ruling().verdict, Verdict::Ongoing);
    /// ```
    pub fn set_claim(&mut self, claim: ClaimMode) {
        self.claim = claim;
        if self.claim_may_end() {
            self.note_ending();
        }
    }

    /// The profile.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        self.history.len()
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.profile.rules
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().map(|(u, _)| u.mv)
    }

    /// Plays `mv` if it is legal; otherwise leaves the referee as it was and
    /// returns the move, its ply, why it is illegal and the position.
    ///
    /// A legal move is played even after a decisive repetition ended the
    /// game, since records go on past their end and an audit reports it: a
    /// caller that stops the game at its end asks [`Referee::ending`] after
    /// each push, or [`Referee::ended`] at any time. After a mate no move is
    /// legal.
    pub fn push(&mut self, mv: Move) -> Result<Event, PlayError> {
        let in_check = match self.limit.facts().last() {
            Some(f) => f.check,
            None => self.position.in_check(),
        };
        // The reason is looked for only for a move the fast test refuses.
        if !self.position.is_legal_knowing_check(mv, in_check)
            && let Some(illegality) = self.position.illegality(mv)
        {
            return Err(PlayError {
                mv,
                illegality,
                fen: self.position.fen(),
                ply: Some(self.plies() + 1),
            });
        }
        Ok(self.push_legal(mv))
    }

    /// Plays `mv`, which the caller knows to be legal (a move of
    /// [`Position::legal_moves`], or of a record already replayed), without
    /// checking it: the fast form of [`Referee::push`], which checks.
    ///
    /// # Panics
    ///
    /// `mv` must be legal in [`Referee::position`]; debug builds assert it.
    /// An illegal move panics if no piece stands on its origin square, and
    /// otherwise leaves the referee in a position the rules cannot reach,
    /// so that every ruling after it is meaningless.
    pub(crate) fn push_legal(&mut self, mv: Move) -> Event {
        let event = self.play_legal(mv);
        // Only a ply that could end the game is ruled on: a quiet one costs nothing more.
        let may_end = match event {
            Event::Quiet => false,
            Event::NoLegalMoves => self.ended.is_none(),
            Event::Repetition(n) | Event::PointsCycle(n)
                if n >= self.profile.decisive_occurrence as usize =>
            {
                self.ended.is_none()
            }
            // A claim of the natural-limit draw, judged after every move once it may hold.
            Event::Repetition(_) | Event::PointsCycle(_) | Event::NaturalLimit => {
                self.claim_may_end()
            }
        };
        if may_end {
            self.note_ending();
        }
        event
    }

    /// Whether the natural-limit draw could end the game here: the referee
    /// judges one side's claim and the limit is in reach.
    fn claim_may_end(&self) -> bool {
        self.ended.is_none() && matches!(self.claim, ClaimMode::Claim(_)) && self.limit_in_reach()
    }

    /// Rules on the position as it stands, and keeps the ruling as
    /// [`Referee::ended`] if it ends the game.
    fn note_ending(&mut self) {
        let ruling = self.ruling();
        if ruling.ends_game() {
            self.ended = Some(Box::new(ruling));
        }
    }

    /// [`Referee::push_legal`] without looking at whether the move ended the
    /// game: for a referee cloned to try a move and ruled on at once.
    fn play_legal(&mut self, mv: Move) -> Event {
        let (n, check) = self.record(mv);
        if n > 1 {
            Event::Repetition(n)
        } else if if check {
            self.position.has_no_legal_moves()
        } else {
            self.position.is_stalemate()
        } {
            Event::NoLegalMoves
        } else if self.points_may_close()
            && let Some(cycle) = self.points_cycle()
        {
            Event::PointsCycle(cycle.passes + 1)
        } else if self.limit_in_reach() {
            Event::NaturalLimit
        } else {
            Event::Quiet
        }
    }

    /// Plays `mv`, which the caller knows to be legal, and returns how many
    /// times the position after it has now stood: what [`Referee::play_legal`]
    /// keeps, without its look for a legal reply, for a search that
    /// generates the replies itself and asks [`Referee::repetition_outcome`]
    /// only when a position stands again. [`Referee::pop`] takes it back.
    pub(crate) fn record_legal(&mut self, mv: Move) -> usize {
        self.record(mv).0
    }

    /// [`Referee::record_legal`], also saying whether `mv` checks: one body
    /// inlined into both callers, as a replay pushes every ply through it.
    #[inline(always)]
    fn record(&mut self, mv: Move) -> (usize, bool) {
        debug_assert!(
            self.position.is_legal(mv),
            "{mv} is illegal in {}",
            self.position.fen()
        );
        let mover = self.position.turn();
        let check = self.position.gives_check(mv);
        let undo = self.position.play_unchecked(mv);
        let key = self.position.key();
        let capture = undo.captured.is_some();
        self.history.push((undo, key));
        self.limit.push(PlyFacts {
            capture,
            check,
            ..PlyFacts::quiet(mover)
        });
        let ply = self.history.len();
        if capture {
            self.last_capture = ply;
        }
        let entry = self.keys.entry(key).or_insert(Occurrence {
            first: ply as u32,
            last: NONE,
            count: 0,
        });
        self.previous.push(entry.last);
        entry.last = ply as u32;
        entry.count += 1;
        (entry.count as usize, check)
    }

    /// Takes back the last move, if any, and returns it: the referee then
    /// rules exactly as it did before that move was pushed (position,
    /// repetition counts, last capture and natural-limit count). The
    /// classified natures are kept: a variation explored and taken back
    /// leaves them for when it is played again. Taking back the move that
    /// ended the game, or a move before it, takes the ending back
    /// ([`Referee::ended`]); a claim is judged again at the next push or
    /// [`Referee::set_claim`].
    ///
    /// ```
    /// use xqarbiter::board::{Move, Position};
    /// use xqarbiter::referee::Referee;
    /// use xqarbiter::rules::RuleSet;
    ///
    /// let mut referee = Referee::with_rules(RuleSet::Cxa2020, Position::startpos());
    /// let before = referee.ruling();
    /// referee.push(Move::parse_uci("h2e2").unwrap()).unwrap();
    /// assert_eq!(referee.pop(), Move::parse_uci("h2e2").ok());
    /// assert_eq!(referee.ruling(), before);
    /// assert_eq!(referee.pop(), None);
    /// ```
    pub fn pop(&mut self) -> Option<Move> {
        let (undo, key) = self.history.pop()?;
        let ply = self.history.len() + 1;
        self.limit.truncate(ply - 1);
        let attacks = self.attacks.get_mut();
        match attacks {
            Some(trail) if trail.base() < ply => trail.truncate(ply - 1),
            _ => *attacks = None,
        }
        self.drawn_since.get_mut().truncate(ply);
        let before = self.previous.pop().unwrap_or(NONE);
        // The position after the move stood once less; at the last ply
        // before it, if it had stood before (its first ply stays).
        if let Some(entry) = self.keys.get_mut(&key) {
            entry.count -= 1;
            if entry.count == 0 {
                self.keys.remove(&key);
            } else {
                entry.last = before;
            }
        }
        if self.last_capture == ply {
            self.last_capture = self
                .limit
                .facts()
                .iter()
                .rposition(|f| f.capture)
                .map_or(0, |i| i + 1);
        }
        self.position.undo(undo);
        if self.ended.as_ref().is_some_and(|r| r.plies >= ply) {
            self.ended = None;
        }
        Some(undo.mv)
    }

    /// The first ruling that ended the game ([`Ruling::ends_game`]), kept
    /// once it is made: mate or stalemate, a repetition's decisive
    /// occurrence, or a natural-limit draw whose claim holds under the
    /// claim mode in force when the move was pushed, or when
    /// [`Referee::set_claim`] made the claim. Its [`Ruling::plies`] says
    /// after which move. The referee goes on playing the legal moves pushed
    /// after it (a record may go on past its end) without changing it;
    /// [`Referee::pop`] of the move that ended the game takes it back.
    ///
    /// Under an unchanged claim mode it is the first ruling
    /// [`Referee::ending`] returned, so that a server need not remember it.
    /// A quiet push costs nothing more for it: only a move that may end the
    /// game (one that leaves no legal move, a repetition's decisive
    /// occurrence, a move with the natural limit in reach while a claim is
    /// judged) is ruled on when pushed, until one ends it.
    ///
    /// ```
    /// use xqarbiter::{Reason, Referee, RuleSet, Verdict};
    ///
    /// // Red's rook checks from e0 and f0 in turn: the third occurrence ends the game.
    /// let start = "2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w".parse()?;
    /// let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
    /// for text in ["f0e0", "e8f8", "e0f0", "f8e8", "f0e0", "e8f8", "e0f0"] {
    ///     referee.push(text.parse()?)?;
    ///     assert_eq!(referee.ended(), None);
    /// }
    /// referee.push("f8e8".parse()?)?;
    /// let ended = referee.ended().expect("perpetual check");
    /// assert_eq!((ended.verdict, ended.reason, ended.plies), (Verdict::BlackWins, Some(Reason::Perpetual), 8));
    ///
    /// // The referee plays on, the ending stays; taking back its move takes it back.
    /// referee.push("f0e0".parse()?)?;
    /// assert_eq!(referee.ended().map(|r| r.plies), Some(8));
    /// referee.pop();
    /// referee.pop();
    /// assert_eq!(referee.ended(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ended(&self) -> Option<&Ruling> {
        self.ended.as_deref()
    }

    /// The nature of ply `ply` (1-based), classified on first request (of
    /// this move from this position after the same opponent's move), its
    /// searches for mate sharing `mates` with the other moves judged together.
    fn nature(&self, ply: usize, before: &mut Position, mates: &mut MateSearch) -> Arc<MoveNature> {
        let mv = self.history[ply - 1].0.mv;
        let previous = ply.checked_sub(2).map(|i| self.history[i].0.mv);
        let mut known = self.natures.borrow_mut();
        let nature = known
            .entry((before.key(), mv, previous))
            .or_insert_with(|| {
                Arc::new(classify_searching(
                    before,
                    previous,
                    mv,
                    self.profile.rules,
                    mates,
                ))
            });
        Arc::clone(nature)
    }

    /// How the profile rules the cycle closed by the last move, if it
    /// repeated a position or closed a cycle over points, and whether that repetition decides the game
    /// (its decisive occurrence, the cycles before it ruled alike): the
    /// part of [`Referee::ruling`] that says which moves are forbidden and
    /// when a repetition ends the game, without the rest (mate, natural
    /// limit).
    pub(crate) fn repetition_outcome(&self) -> Option<(CycleOutcome, bool)> {
        self.repetition()
            .map(|r| (r.cycle.outcome, r.decides(self.profile.decisive_occurrence)))
    }

    /// The move of ply `ply` (1-based).
    #[inline]
    fn move_of(&self, ply: usize) -> Move {
        self.history[ply - 1].0.mv
    }

    /// Whether the last move may close a cycle over points, at the cost of
    /// a few comparisons ([`points_cycle::may_close`]).
    #[inline]
    pub(crate) fn points_may_close(&self) -> bool {
        points_cycle::may_close(|p| self.move_of(p), self.plies(), self.last_capture)
    }

    /// The cycle over points closed by the last move, if it closes one and
    /// no position stands again.
    fn points_cycle(&self) -> Option<PointsCycle> {
        if !self.points_may_close() || self.last_stood() > 1 {
            return None;
        }
        points_cycle::find(
            |p| self.move_of(p),
            self.plies(),
            self.last_capture,
            &self.position,
        )
    }

    /// How often the position after the last move has stood (0 at the start).
    fn last_stood(&self) -> u32 {
        self.history
            .last()
            .and_then(|(_, key)| self.keys.get(key))
            .map_or(0, |o| o.count)
    }

    /// The repetition closed by the last move, if any: a position that
    /// stands again, or else a cycle over points.
    fn repetition(&self) -> Option<RepetitionReport> {
        let last = self.plies();
        let key = self.history.last()?.1;
        let occurrence = *self.keys.get(&key)?;
        let occurrences = occurrence.count;
        if occurrences < 2 {
            return self.points_repetition();
        }
        let prev = self.previous[last] as usize;
        let first = occurrence.first as usize;
        let judged = self.judge_cycle(prev, last);
        let earlier = self.earlier_cycles(prev, &judged);
        // Under an early-repetition clause, a run of drawn cycles may have
        // begun before the oldest of them.
        let oldest = earlier.last().map_or(last, |e| e.1);
        let began = match self.profile.early_repetition {
            Some(_) => self.drawn_since(oldest, &judged),
            None => None,
        };
        Some(self.report(judged, first, occurrences as usize, earlier, began, None))
    }

    /// The report of the cycle `judged`, which the last move closed, where
    /// the repetition began after ply `first` and has now come round
    /// `occurrences` times; `earlier` and `began` as
    /// [`Referee::cycles_before`] takes them; `points` when it is a cycle
    /// over points.
    fn report(
        &self,
        judged: JudgedCycle,
        first: usize,
        occurrences: usize,
        earlier: Vec<(usize, usize, CycleRuling)>,
        began: Option<usize>,
        points: Option<PointsCycle>,
    ) -> RepetitionReport {
        let last = self.plies();
        let JudgedCycle {
            plies: (from, _),
            reports,
            mut cycle,
        } = judged;
        let (early, alike, before) = self.cycles_before(last, &mut cycle, earlier, began);
        let early_rounds = early.map(|began| self.early_rounds(began, last, occurrences));
        let note = early_rounds
            .as_ref()
            .map(|rounds| self.early_note(rounds, &cycle));
        // Rewound in place: a position returned would be copied once more.
        let mut start = self.position.clone();
        self.rewind(&mut start, from, last);
        RepetitionReport {
            first_ply: first,
            last_ply: last,
            occurrences,
            start,
            cycle,
            moves: reports,
            note,
            early_rounds,
            rules: self.profile.rules,
            alike,
            previous: before,
            points,
        }
    }

    /// The cycle over points closed by the last move, if any, ruled as a
    /// repeated position is: its last pass is the cycle, and the passes
    /// before it are the cycles before (each pass one more occurrence).
    /// Only a cycle in which the rule set orders a side to vary counts: one
    /// that it would draw repeats no position and no forbidden move, so the
    /// game simply goes on.
    fn points_repetition(&self) -> Option<RepetitionReport> {
        let points = self.points_cycle()?;
        let last = self.plies();
        let pass = points.pass_plies();
        let first = last - pass * points.passes;
        let judged = self.judge_cycle(last - pass, last);
        if judged.cycle.outcome == CycleOutcome::Draw {
            return None;
        }
        // The passes before the last, newest first.
        let earlier: Vec<(usize, usize, CycleRuling)> = (1..points.passes)
            .map(|i| {
                let (from, to) = (last - pass * (i + 1), last - pass * i);
                (from, to, self.judge_cycle(from, to).cycle)
            })
            .collect();
        // A cycle the rule set does not draw, which no early-repetition clause changes.
        let occurrences = points.passes + 1;
        Some(self.report(judged, first, occurrences, earlier, None, Some(points)))
    }

    /// Rules under the profile the cycle closed by ply `last`, ruled
    /// `judged` by the rule set (in place), and says where its drawn
    /// repetition began when the profile's early-repetition clause changed
    /// the ruling (the ply that closed the first of its drawn cycles), and,
    /// of the cycles of the repeated position before it (`earlier`, newest
    /// first, as [`Referee::earlier_cycles`] finds them), how many in a row,
    /// the last one included, were ruled alike (counted no further than the
    /// decision needs), and the one just before it. `began` is where a run
    /// of drawn cycles up to the oldest of `earlier` began, if one did.
    fn cycles_before(
        &self,
        last: usize,
        judged: &mut CycleRuling,
        mut earlier: Vec<(usize, usize, CycleRuling)>,
        mut began: Option<usize>,
    ) -> (Option<usize>, usize, Option<PreviousCycle>) {
        // Oldest first, so that a run of drawn cycles knows where it began.
        for (_, to, cycle) in earlier.iter_mut().rev() {
            began = run_began(began, cycle.outcome, *to);
            self.profile_ruling(cycle, began.unwrap_or(*to));
        }
        began = run_began(began, judged.outcome, last);
        let early = self
            .profile_ruling(judged, began.unwrap_or(last))
            .then(|| began.unwrap_or(last));
        let needed = self.profile.decisive_occurrence.saturating_sub(1) as usize;
        let mut alike = 1;
        for (_, _, earlier) in &earlier {
            if earlier.outcome != judged.outcome {
                break;
            }
            alike += 1;
            if alike >= needed {
                break;
            }
        }
        let before = (!earlier.is_empty()).then(|| {
            let (first_ply, last_ply, cycle) = earlier.swap_remove(0);
            PreviousCycle {
                first_ply,
                last_ply,
                cycle,
            }
        });
        (early, alike, before)
    }

    /// The cycles of the repeated position before the one `judged` (which
    /// starts after ply `prev`), newest first, each as the plies after which
    /// it starts and ends and its ruling by the rule set: as many as the
    /// decision needs (the profile's decisive occurrence less one, `judged`
    /// included, and at least one).
    fn earlier_cycles(
        &self,
        prev: usize,
        judged: &JudgedCycle,
    ) -> Vec<(usize, usize, CycleRuling)> {
        let needed = self.profile.decisive_occurrence.saturating_sub(1) as usize;
        let want = needed.saturating_sub(1).max(1);
        let mut out: Vec<(usize, usize, CycleRuling)> = Vec::new();
        let (mut from, mut to) = (self.previous[prev], prev);
        while from != NONE && out.len() < want {
            let from_ply = from as usize;
            out.push((from_ply, to, self.rule_cycle_alike(from_ply, to, judged)));
            (from, to) = (self.previous[from_ply], from_ply);
        }
        out
    }

    /// The ruling by the rule set of the cycle after ply `from` up to ply
    /// `to`: `judged`'s if its moves are the same, since a cycle of the same
    /// moves from the same position is ruled alike.
    fn rule_cycle_alike(&self, from: usize, to: usize, judged: &JudgedCycle) -> CycleRuling {
        let (judged_from, judged_to) = judged.plies;
        let same_moves = self.history[from..to]
            .iter()
            .map(|(undo, _)| undo.mv)
            .eq(self.history[judged_from..judged_to]
                .iter()
                .map(|(undo, _)| undo.mv));
        if same_moves {
            judged.cycle.clone()
        } else {
            self.judge_cycle(from, to).cycle
        }
    }

    /// The ply that closed the first of the cycles in a row, up to the one
    /// closed by ply `to`, that the rule set draws (the cycles of one
    /// position, each from one occurrence to the next), or `None` if it
    /// does not draw the one closed by `to`: where a drawn repetition
    /// began, for an early-repetition clause. Each ply's answer is kept, so
    /// that a long run of drawn cycles is walked once, not at every ruling.
    fn drawn_since(&self, to: usize, judged: &JudgedCycle) -> Option<usize> {
        let mut known = self.drawn_since.borrow_mut();
        if known.len() <= self.plies() {
            known.resize(self.plies() + 1, NONE);
        }
        // Back from `to`, the drawn cycles not known yet, newest first, up
        // to a known one (its answer), one not drawn, or the position's
        // first occurrence (no run before).
        let mut drawn = Vec::new();
        let mut t = to;
        let mut run = loop {
            if known[t] != NONE {
                break known[t];
            }
            let Some(from) = Some(self.previous[t]).filter(|&p| p != NONE) else {
                break NOT_DRAWN;
            };
            let from = from as usize;
            if self.rule_cycle_alike(from, t, judged).outcome != CycleOutcome::Draw {
                known[t] = NOT_DRAWN;
                break NOT_DRAWN;
            }
            drawn.push(t);
            t = from;
        };
        for &t in drawn.iter().rev() {
            if run == NOT_DRAWN {
                run = t as u32;
            }
            known[t] = run;
        }
        Some(known[to])
            .filter(|&p| p != NONE && p != NOT_DRAWN)
            .map(|p| p as usize)
    }

    /// The cycle of the moves after ply `from` up to ply `to` (the same
    /// position standing after both), classified and ruled by the rule set.
    fn judge_cycle(&self, from: usize, to: usize) -> JudgedCycle {
        // Rewound in place: a position returned would be copied once more.
        let mut start = self.position.clone();
        self.rewind(&mut start, from, self.plies());
        let reports = self.classify_on(&mut start, from, to);
        let cycle = self.with_moves(from, to, |moves| {
            rule_cycle(
                self.profile.rules,
                &start,
                moves,
                &ReportedNatures(&reports),
            )
        });
        JudgedCycle {
            plies: (from, to),
            reports,
            cycle,
        }
    }

    /// Runs `f` on the moves after ply `from` up to ply `to`, gathered on
    /// the stack when they are few, so that no list is allocated for them.
    fn with_moves<T>(&self, from: usize, to: usize, f: impl FnOnce(&[Move]) -> T) -> T {
        let moves = self.history[from..to].iter().map(|(undo, _)| undo.mv);
        if to - from <= SHORT_RUN {
            f(&moves.collect::<ArrayVec<Move, SHORT_RUN>>())
        } else {
            f(&moves.collect::<Vec<Move>>())
        }
    }

    /// The position after ply `ply`.
    fn position_after(&self, ply: usize) -> Position {
        let mut pos = self.position.clone();
        self.rewind(&mut pos, ply, self.plies());
        pos
    }

    /// Takes `pos`, the position after ply `to`, back to the position after
    /// ply `from`. When it is the same position (the same key: the plies
    /// between go round a cycle), only the move counters are set back, not
    /// every move taken back.
    fn rewind(&self, pos: &mut Position, from: usize, to: usize) {
        let between = &self.history[from..to];
        let key = match from {
            0 => self.start.key(),
            _ => self.history[from - 1].1,
        };
        match between.first() {
            Some(&(first, _)) if key == pos.key() => pos.rewind_counters(first, between.len()),
            _ => {
                for (undo, _) in between.iter().rev() {
                    pos.undo(*undo);
                }
            }
        }
    }

    /// The moves after ply `from` up to ply `to` as reported, with their
    /// natures, and the position before the first.
    fn classify(&self, from: usize, to: usize) -> (Position, Vec<MoveReport>) {
        let mut pos = self.position_after(from);
        let reports = self.classify_on(&mut pos, from, to);
        (pos, reports)
    }

    /// The moves after ply `from` up to ply `to` as reported, with their
    /// natures, classified on `pos`, the position after ply `from`, which is
    /// left as it was.
    fn classify_on(&self, pos: &mut Position, from: usize, to: usize) -> Vec<MoveReport> {
        let mut reports = Vec::with_capacity(to - from);
        let mut mates = self.searches.borrow_mut();
        // Room for the cycle's natures in a cache that has none yet (a table
        // made at that size: cheaper than room reserved in an empty one);
        // once it has some, the cycle's may be there already: room made for
        // them again would grow the cache for nothing.
        let mut known = self.natures.borrow_mut();
        if known.is_empty() {
            *known = HashMap::with_capacity_and_hasher(to - from, Default::default());
        }
        drop(known);
        for ply in from + 1..=to {
            let mv = self.history[ply - 1].0.mv;
            let nature = self.nature(ply, pos, &mut mates);
            reports.push(MoveReport { ply, mv, nature });
            pos.play_unchecked(mv);
        }
        // Back to the start, rather than a copy of it kept.
        self.rewind(pos, from, to);
        reports
    }

    /// The last `n` moves of the record (all of them if it has fewer), each
    /// with its nature under the rule set, whether or not they repeat a
    /// position, and the position before the first of them: what an arbiter
    /// asks of a sequence that has not repeated yet.
    pub fn last_moves(&self, n: usize) -> (Position, Vec<MoveReport>) {
        let last = self.plies();
        let from = last - n.min(last);
        self.classify(from, last)
    }

    /// A cycle's ruling under the profile, for a repetition that began with
    /// the cycle closed by ply `began` (the first of the drawn cycles in a
    /// row that lead to it): the early-repetition clause may make a draw a
    /// must-vary, in place; says whether it did.
    fn profile_ruling(&self, cycle: &mut CycleRuling, began: usize) -> bool {
        if cycle.outcome == CycleOutcome::Draw
            && let Some(offender) = self
                .profile
                .early_repetition_offender(self.round_of(began), true)
        {
            let rounds = self.profile.early_repetition.map_or(0, |r| r.rounds);
            cycle.rule_early_repetition(&self.profile.name, rounds, offender);
            return true;
        }
        false
    }

    /// Where the repeated position stood, by ply and round, from the start
    /// of a drawn repetition to ply `last`, its `occurrences`-th time:
    /// before and after the cycle closed by ply `began`, the first drawn
    /// one, then at `last` if it came later.
    fn early_rounds(&self, began: usize, last: usize, occurrences: usize) -> Words {
        let first = self.previous[began] as usize;
        let at = |ply: usize, lang: Lang| match (lang, ply) {
            (Lang::En, 0) => "at the start".to_string(),
            (Lang::En, p) => format!("after ply {p} (round {})", self.round_of(p)),
            (Lang::Zh, 0) => "起始局面".to_string(),
            (Lang::Zh, p) => format!("第{p}着后（第{}回合）", self.round_of(p)),
        };
        let mut en = format!(
            "the position stood {}, again {}",
            at(first, Lang::En),
            at(began, Lang::En)
        );
        let mut zh = match first {
            0 => format!("起始局面，{}再现", at(began, Lang::Zh)),
            _ => format!(
                "局面{}出现，{}再现",
                at(first, Lang::Zh),
                at(began, Lang::Zh)
            ),
        };
        if last != began {
            let nth = crate::text::ordinal(occurrences);
            en.push_str(&format!(" and a {nth} time {}", at(last, Lang::En)));
            zh.push_str(&format!("，{}第{occurrences}次出现", at(last, Lang::Zh)));
        }
        Words::new(en, zh)
    }

    /// The note of a `cycle` the early-repetition clause made a must-vary,
    /// with the repetition's `rounds` ([`Referee::early_rounds`]).
    fn early_note(&self, rounds: &Words, cycle: &CycleRuling) -> Words {
        let offender = match cycle.outcome {
            CycleOutcome::MustVary(c) => c,
            CycleOutcome::Draw => Color::Red,
        };
        let (name, limit) = (
            &self.profile.name,
            self.profile.early_repetition.map_or(0, |r| r.rounds),
        );
        Words::new(
            format!(
                "profile {name}: {}: the rules would draw this repetition, but it began within the first {limit} rounds, so it is not a draw: {offender} must vary, else {offender} loses",
                rounds.en
            ),
            format!(
                "规程{name}：{}：按规则为不变作和，但在{limit}回合以内出现，不作和：{}方必须变着，不变作负",
                rounds.zh,
                offender.name_zh()
            ),
        )
    }

    /// The round (1-based) in which ply `ply` (1-based) of the record is played.
    fn round_of(&self, ply: usize) -> u32 {
        let black_first = usize::from(self.start.turn() == Color::Black);
        self.start.fullmoves() + ((ply - 1 + black_first) / 2) as u32
    }

    /// The natural limit's status after the last move. Checks are always
    /// counted; mate threats and chases only when [`Referee::set_limit_detail`]
    /// asks for them or when an attack cap could change who may claim
    /// (`attacks_classified` in the status says which).
    ///
    /// When the last move completed a decisive repetition, that repetition
    /// decides the game, as [`Referee::ruling`] says: no side may claim.
    pub fn natural_limit(&self) -> LimitStatus {
        let no_moves = self.position.has_no_legal_moves();
        let mut status = self.limit_status(self.attacks_classified(), no_moves);
        if !no_moves && self.repetition_decided() {
            status.repetition_decides();
        }
        status
    }

    /// Whether the last move completed a repetition that decides the game
    /// (its decisive occurrence, the cycles before it ruled alike); the
    /// cycle is judged only when the position has stood often enough.
    fn repetition_decided(&self) -> bool {
        let decisive = self.profile.decisive_occurrence;
        (self.last_stood() >= decisive || self.points_may_close())
            && self.repetition().is_some_and(|r| r.decides(decisive))
    }

    /// Whether the natural-limit report classifies the attacking moves.
    fn attacks_classified(&self) -> bool {
        self.limit_detail || (self.profile.limit.attack_cap.is_some() && self.limit_in_reach())
    }

    /// Whether enough plies have gone by without a capture (counting those
    /// before the start that its FEN gives) for a side to reach the natural
    /// limit: each side must have made its number of moves.
    pub(crate) fn limit_in_reach(&self) -> bool {
        self.plies_without_capture() + 1 >= 2 * self.profile.limit.rounds as usize
    }

    /// Whether one more move that captures nothing would bring the natural
    /// limit in reach ([`Referee::limit_in_reach`] after it).
    pub(crate) fn limit_in_reach_next(&self) -> bool {
        self.plies_without_capture() + 2 >= 2 * self.profile.limit.rounds as usize
    }

    /// The plies since the last capture, those before the start that its
    /// FEN gives included when there was none since.
    fn plies_without_capture(&self) -> usize {
        let prior = if self.last_capture == 0 {
            self.start.halfmoves() as usize
        } else {
            0
        };
        self.plies() - self.last_capture + prior
    }

    /// Whether `mv`, if the next move, may close a cycle over points
    /// ([`Referee::points_may_close`] after it), without playing it: a few comparisons.
    pub(crate) fn points_may_close_with(&self, mv: Move) -> bool {
        let last = self.plies() + 1;
        let move_of = |p: usize| if p == last { mv } else { self.move_of(p) };
        points_cycle::may_close(move_of, last, self.last_capture)
            && self.position.piece_at(mv.to()).is_none()
    }

    /// Whether the position `key` has stood in the game (the moves pushed
    /// so far): a move that brings it about repeats it.
    pub(crate) fn has_stood(&self, key: u64) -> bool {
        self.keys.contains_key(&key)
    }

    /// Whether the natural limit draws the game after the last move, when
    /// that move completed no decisive repetition (the caller knows): what
    /// [`Referee::natural_limit`]'s outcome then says, for a search that
    /// asks after every move. The attacking moves are classified only when
    /// they could change the answer: when the limit is reached with none of
    /// them counted, but not with every move not classified yet counted as
    /// one (since more attacks only leave a claimant fewer valid moves).
    pub(crate) fn limit_draws(&self) -> bool {
        if !self.limit_in_reach() {
            return false;
        }
        let draws = |counter: LimitCounter| {
            counter.outcome(&self.profile.limit, self.claim) == LimitOutcome::Draw
        };
        if !draws(self.limit.last(false)) || self.position.has_no_legal_moves() {
            return false;
        }
        self.profile.limit.attack_cap.is_none()
            || draws(self.counter_attacking_unless_classified())
            || draws(
                self.attacks_trail()
                    .as_ref()
                    .expect("the trail is made")
                    .last(false),
            )
    }

    /// The natural-limit count after the last move with the attacking moves
    /// classified as far as they have been, and every later move that does
    /// not check counted as an attack: each claimant's fewest valid moves.
    fn counter_attacking_unless_classified(&self) -> LimitCounter {
        let trail = self.attacks.borrow();
        let (mut counter, from) = match trail.as_ref() {
            Some(t) if t.base() == self.last_capture => (t.last(false), t.end()),
            _ => (
                self.limit.counter_after_capture(self.last_capture),
                self.last_capture,
            ),
        };
        for facts in &self.limit.facts()[from..] {
            counter.push(&PlyFacts {
                chase: !facts.check,
                ..*facts
            });
        }
        counter
    }

    /// The natural limit's status, told whether to classify the attacking
    /// moves and whether the side to move has no legal move.
    fn limit_status(&self, classify_attacks: bool, no_moves: bool) -> LimitStatus {
        let counter = if classify_attacks {
            self.attacks_trail()
                .as_ref()
                .expect("the trail is made")
                .last(no_moves)
        } else {
            self.limit.last(no_moves)
        };
        counter.status(&self.profile.limit, self.claim)
    }

    /// The natural-limit count from the last capture on with every move
    /// that is not a check classified (a mate threat or a chase counts as
    /// an attack), up to the last ply: each move is classified once, when
    /// the count is first asked for after it.
    fn attacks_trail(&self) -> RefMut<'_, Option<LimitTrail>> {
        let mut slot = self.attacks.borrow_mut();
        let base = self.last_capture;
        if slot.as_ref().is_none_or(|t| t.base() != base) {
            *slot = Some(LimitTrail::after(
                base,
                self.limit.counter_after_capture(base),
            ));
        }
        let trail = slot.as_mut().expect("the trail is made");
        let from = trail.end();
        if from < self.plies() {
            let mut pos = self.position_after(from);
            let mut mates = self.searches.borrow_mut();
            for ply in from + 1..=self.plies() {
                let mut f = self.limit.facts()[ply - 1];
                if !f.check {
                    let n = self.nature(ply, &mut pos, &mut mates);
                    f.chase = n.nature == crate::rules::Nature::Chase;
                    f.mate_threat = n.nature == crate::rules::Nature::MateThreat;
                }
                pos.play_unchecked(self.history[ply - 1].0.mv);
                trail.push(f);
            }
        }
        slot
    }

    /// The ruling after the last move, if that move ended the game (see
    /// [`Ruling::ends_game`]); `event` is what pushing it returned, so that a
    /// quiet move costs nothing. A natural-limit draw ends the game here only
    /// when a claim is judged ([`Referee::set_claim`]); an engine match that
    /// adjudicates it at once stops on the first [`Referee::ruling_after`]
    /// whose verdict is not [`Verdict::Ongoing`].
    pub fn ending(&self, event: Event) -> Option<Ruling> {
        self.ruling_after(event).filter(Ruling::ends_game)
    }

    /// The ruling after the last move, unless that move was quiet: `event` is
    /// what pushing it returned, so that a quiet move costs nothing.
    pub fn ruling_after(&self, event: Event) -> Option<Ruling> {
        (event != Event::Quiet).then(|| self.ruling())
    }

    /// The ruling after the last move.
    pub fn ruling(&self) -> Ruling {
        #[cfg(feature = "question-counts")]
        crate::rules::question_counts::ruling_starts();
        let mut verdict = Verdict::Ongoing;
        let mut reason = None;
        let repetition = self.repetition();
        // A position that stood before had a legal move played after it.
        let no_moves = self.last_stood() < 2 && self.position.has_no_legal_moves();
        let mut limit = self.limit_status(self.attacks_classified(), no_moves);
        if no_moves {
            verdict = Verdict::win_for(!self.position.turn());
            reason = Some(if self.position.in_check() {
                Reason::Checkmate
            } else {
                Reason::Stalemate
            });
        } else if let Some(r) = repetition
            .as_ref()
            .filter(|r| r.decides(self.profile.decisive_occurrence))
        {
            {
                match r.cycle.outcome {
                    CycleOutcome::MustVary(offender) => {
                        verdict = Verdict::win_for(!offender);
                        // A loss for moves the rules forbid, or else for not
                        // varying where a tournament's clause said so.
                        reason = Some(if r.cycle.side(offender).forbidden {
                            Reason::Perpetual
                        } else {
                            Reason::Repetition
                        });
                    }
                    CycleOutcome::Draw => {
                        verdict = Verdict::Draw;
                        reason = Some(Reason::Repetition);
                    }
                }
            }
            limit.repetition_decides();
        } else if limit.outcome == LimitOutcome::Draw {
            verdict = Verdict::Draw;
            reason = Some(Reason::NaturalLimit);
        }
        let mut draw_note = None;
        if verdict == Verdict::Draw && self.profile.final_winner(None) == Some(Color::Black) {
            verdict = Verdict::BlackWins;
            draw_note = Some(armageddon_note(&self.profile.name, reason));
        }
        Ruling {
            rules: self.profile.rules,
            profile: self.profile.name.clone(),
            plies: self.plies(),
            verdict,
            reason,
            repetition,
            natural_limit: limit,
            attacks_classified: self.attacks_classified(),
            draw_note,
            position: self.position.clone(),
        }
    }

    /// The legal moves of the side to move after which the position repeats
    /// with the mover ruled the offender, each with the ruling it would
    /// bring. Asked after a decisive repetition ended the game, it still
    /// answers for the position as it stands (a move may then "end" the game
    /// again); after a mate there is no legal move and the list is empty.
    ///
    /// ```
    /// use xqarbiter::board::{Move, Position};
    /// use xqarbiter::referee::Referee;
    /// use xqarbiter::rules::RuleSet;
    ///
    /// // One round of perpetual check: checking from e0 again would repeat it.
    /// let start = Position::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w").unwrap();
    /// let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
    /// for mv in ["f0e0", "e8f8", "e0f0", "f8e8"] {
    ///     referee.push(Move::parse_uci(mv).unwrap()).unwrap();
    /// }
    /// let banned: Vec<String> = referee
    ///     .forbidden_moves()
    ///     .iter()
    ///     .map(|f| f.mv.to_string())
    ///     .collect();
    /// assert_eq!(banned, ["f0e0"]);
    /// ```
    pub fn forbidden_moves(&self) -> Vec<ForbiddenMove> {
        let mover = self.position.turn();
        // Only a move to a position that has stood before can repeat one,
        // and only a move of the piece the mover moved last can close a
        // cycle over points.
        let repeating: Vec<Move> = self
            .position
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                self.keys.contains_key(&self.position.key_after(mv))
                    || self.points_may_close_with(mv)
            })
            .collect();
        if repeating.is_empty() {
            return Vec::new();
        }
        // Each move is tried on one copy of the game, played and taken back.
        let mut probe = self.probe();
        let mut out = Vec::new();
        for mv in repeating {
            probe.play_legal(mv);
            let ruling = probe.ruling();
            probe.pop();
            // A move that closes a cycle over points may mate: it wins.
            let mates = matches!(ruling.reason, Some(Reason::Checkmate | Reason::Stalemate));
            if ruling.cycle_outcome() == Some(CycleOutcome::MustVary(mover)) && !mates {
                out.push(ForbiddenMove { mv, ruling });
            }
        }
        self.take_back(probe);
        out
    }

    /// A copy of the game to try moves on, without the ending kept and
    /// without the natural limit's detail; what this referee has learnt
    /// (the natures classified, the searches for mate, the counts of the
    /// attacks, where runs of drawn cycles began) is lent to it, not copied,
    /// until [`Referee::take_back`].
    fn probe(&self) -> Referee {
        Referee {
            profile: self.profile.clone(),
            claim: self.claim,
            limit_detail: false,
            start: self.start.clone(),
            position: self.position.clone(),
            history: self.history.clone(),
            limit: self.limit.clone(),
            attacks: RefCell::new(self.attacks.take()),
            last_capture: self.last_capture,
            keys: self.keys.clone(),
            previous: self.previous.clone(),
            drawn_since: RefCell::new(self.drawn_since.take()),
            natures: RefCell::new(self.natures.take()),
            searches: RefCell::new(self.searches.take()),
            ended: None,
        }
    }

    /// Takes back what was lent to `probe` ([`Referee::probe`]), with what it
    /// learnt: `probe` stands where this referee does, all its moves taken
    /// back, so that what it knows of the plies holds here.
    fn take_back(&self, probe: Referee) {
        debug_assert_eq!(probe.plies(), self.plies());
        self.attacks.replace(probe.attacks.into_inner());
        self.drawn_since.replace(probe.drawn_since.into_inner());
        self.natures.replace(probe.natures.into_inner());
        self.searches.replace(probe.searches.into_inner());
    }
}

/// What a profile that scores a draw as a Black win (Armageddon) says of a
/// drawn game: that the game itself is a draw, by `reason`, and that the
/// profile awards it to Black, so the verdict "Black wins" reads right.
fn armageddon_note(profile: &str, reason: Option<Reason>) -> Words {
    let (how, how_zh) = match reason {
        Some(Reason::NaturalLimit) => (" by the natural move limit", "按自然限着"),
        Some(Reason::Repetition) => (" by repetition", "按循环不变"),
        _ => ("", ""),
    };
    Words::new(
        format!(
            "the game is a draw{how}; profile {profile} awards a draw to Black (Armageddon): Black wins"
        ),
        format!("本局{how_zh}作和；{profile}规程规定和棋判黑方胜"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cycle_starts_from_the_position_after_its_first_ply_counters_included() {
        // Black to move, 7 plies without a capture and move 12 (the FEN's
        // counters): the black king and the red rook go round twice.
        let start: Position = "4k4/9/9/9/9/9/9/9/9/R4K3 b - - 7 12".parse().unwrap();
        let moves: Vec<Move> = ["e9d9", "a0a1", "d9e9", "a1a0"]
            .iter()
            .cycle()
            .take(8)
            .map(|m| m.parse().unwrap())
            .collect();
        let after = |plies: usize| {
            let mut pos = start.clone();
            for &mv in &moves[..plies] {
                pos.play_unchecked(mv);
            }
            pos
        };
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start.clone());
        for (ply, &mv) in moves.iter().enumerate() {
            referee.push(mv).unwrap();
            let plies = ply + 1;
            if plies % 4 == 0 {
                let repetition = referee.ruling().repetition.expect("a repetition");
                assert_eq!(repetition.start, after(plies - 4), "after ply {plies}");
                assert_eq!(repetition.start.fen(), after(plies - 4).fen());
                let previous = repetition.previous.map(|p| p.first_ply);
                assert_eq!(previous, (plies == 8).then_some(0));
            }
            // Moves that go round no cycle: taken back one by one.
            assert_eq!(referee.last_moves(3).0, after(plies.saturating_sub(3)));
        }
    }

    #[test]
    fn a_move_that_leaves_no_legal_reply_is_announced_mate_or_stalemate() {
        // Stalemate: the red king steps to e0, and the black king on d9 has no move.
        let start = Position::from_fen("3k5/9/3P5/9/9/9/9/9/9/5K3 w").unwrap();
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
        let event = referee.push(Move::parse_uci("f0e0").unwrap()).unwrap();
        assert_eq!(event, Event::NoLegalMoves);
        let ruling = referee.ending(event).expect("the game is over");
        assert_eq!(
            (ruling.verdict, ruling.reason),
            (Verdict::RedWins, Some(Reason::Stalemate))
        );
        // Mate: the rook checks on the back rank.
        let start = Position::from_fen("3k5/9/3P5/9/9/9/9/9/9/R3K4 w").unwrap();
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
        let event = referee.push(Move::parse_uci("a0a9").unwrap()).unwrap();
        assert_eq!(event, Event::NoLegalMoves);
        let ruling = referee.ending(event).expect("the game is over");
        assert_eq!(ruling.reason, Some(Reason::Checkmate));
        // A quiet move is announced as quiet.
        let event = Referee::with_rules(RuleSet::Cxa2020, Position::startpos())
            .push(Move::parse_uci("h2e2").unwrap())
            .unwrap();
        assert_eq!(event, Event::Quiet);
    }

    #[test]
    fn a_refused_move_is_explained_in_either_language() {
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, Position::startpos());
        let err = referee.push(Move::parse_uci("a0a5").unwrap()).unwrap_err();
        assert_eq!(err.ply, Some(1));
        assert!(
            err.in_lang(Lang::En)
                .starts_with("illegal move a0a5 at ply 1: ")
        );
        assert!(
            err.in_lang(Lang::Zh).starts_with("第1着 a0a5 不合法："),
            "{}",
            err.in_lang(Lang::Zh)
        );
        assert_eq!(referee.plies(), 0);
    }

    #[test]
    fn the_natural_limit_is_announced_once_it_is_in_reach() {
        // 118 plies without a capture before the start: the 60-round limit
        // could be reached on the 119th, and is on the 120th.
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 118 60").unwrap();
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
        let event = referee.push(Move::parse_uci("e1d2").unwrap()).unwrap();
        assert_eq!(event, Event::NaturalLimit);
        let ruling = referee.ruling_after(event).expect("a ruling is due");
        assert_eq!(ruling.natural_limit.outcome, LimitOutcome::Running);
        let event = referee.push(Move::parse_uci("d9d8").unwrap()).unwrap();
        assert_eq!(event, Event::NaturalLimit);
        let ruling = referee.ruling_after(event).expect("a ruling is due");
        assert_eq!(
            (ruling.verdict, ruling.reason),
            (Verdict::Draw, Some(Reason::NaturalLimit))
        );
        // The draw is claimed: the game does not end by itself.
        assert_eq!(referee.ending(event), None);
        // Unless a player claims it, and the claim holds.
        referee.set_claim(ClaimMode::Claim(Color::Red));
        let ended = referee.ending(event).expect("Red's claim ends the game");
        assert_eq!(ended.reason, Some(Reason::NaturalLimit));
        // One ply earlier, no side can have made its 60 moves.
        let start = Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w - - 117 60").unwrap();
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
        assert_eq!(
            referee.push(Move::parse_uci("e1d2").unwrap()).unwrap(),
            Event::Quiet
        );
    }

    #[test]
    fn the_limit_draws_without_classifying_attacks_that_cannot_change_it() {
        // 50 rounds, the claimant's checks and attacks capped at 25: 97
        // plies without a capture before the start, then three quiet moves.
        let start = Position::from_fen(
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 97 50",
        )
        .unwrap();
        let profile = Profile::builtin("dqsz2017-rapid").unwrap();
        let mut referee = Referee::new(profile, start);
        for (mv, draws) in [("a0a1", false), ("a9a8", false), ("a1a2", true)] {
            referee.push(Move::parse_uci(mv).unwrap()).unwrap();
            // Red has made 49 moves, then 50: none of the moves since the
            // start can be one attack too many, so none is classified.
            assert_eq!(referee.limit_draws(), draws, "after {mv}");
            assert!(referee.attacks.borrow().is_none(), "after {mv}");
            // As the status says, which classifies them (on a copy).
            let outcome = referee.clone().natural_limit().outcome;
            assert_eq!(outcome == LimitOutcome::Draw, draws, "after {mv}");
        }
    }

    #[test]
    fn the_limit_draws_as_the_natural_limit_says() {
        use crate::rules::limit::AttackCap;
        // Short limits with small caps, under every claim mode, on walks of
        // mostly quiet moves (some taken back) among pieces that attack one
        // another: the attacking moves often decide who may claim.
        let start = Position::from_fen(
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
        )
        .unwrap();
        let mut rng = crate::board::random_moves::RandomMoves::new(0x2545_F491_4F6C_DD1D_u64);
        let mut next = |n: usize| (rng.next_u64() % n as u64) as usize;
        let (mut draws, mut by_attacks) = (0, 0);
        for (check_cap, counts_checks) in [(1, true), (0, false)] {
            for claim in [
                ClaimMode::Automatic,
                ClaimMode::Claim(Color::Red),
                ClaimMode::Claim(Color::Black),
            ] {
                let mut profile = Profile::builtin("cxa2020").unwrap();
                profile.limit.rounds = 4;
                profile.limit.check_cap = check_cap;
                profile.limit.attack_cap = Some(AttackCap {
                    max: 0,
                    counts_checks,
                });
                let mut referee = Referee::new(profile, start.clone());
                referee.set_claim(claim);
                for _ in 0..400 {
                    if referee.plies() > 0 && next(5) == 0 {
                        referee.pop();
                        continue;
                    }
                    let legal = referee.position().legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let quiet: Vec<Move> = legal
                        .iter()
                        .copied()
                        .filter(|m| referee.position().piece_at(m.to()).is_none())
                        .collect();
                    let pool: Vec<Move> = if quiet.is_empty() || next(10) == 0 {
                        legal.iter().copied().collect()
                    } else {
                        quiet
                    };
                    let mv = pool[next(pool.len())];
                    referee.push_legal(mv);
                    if referee.repetition_decided() {
                        continue;
                    }
                    let status = referee.clone().natural_limit().outcome == LimitOutcome::Draw;
                    let plain = referee
                        .limit
                        .last(false)
                        .outcome(&referee.profile.limit, claim)
                        == LimitOutcome::Draw;
                    assert_eq!(
                        referee.limit_draws(),
                        status,
                        "{:?}",
                        referee.moves().collect::<Vec<_>>()
                    );
                    draws += usize::from(status);
                    by_attacks +=
                        usize::from(plain && !status && !referee.position.has_no_legal_moves());
                }
            }
        }
        assert!(draws > 500 && by_attacks > 20, "{draws} {by_attacks}");
    }

    /// Everything a ruling depends on, as comparable values.
    fn state(r: &Referee) -> impl PartialEq + std::fmt::Debug + use<> {
        let mut keys: Vec<_> = r.keys.iter().map(|(k, v)| (*k, *v)).collect();
        keys.sort_unstable();
        let limit = r.limit.last(false).status(&r.profile.limit, r.claim);
        (
            r.position.clone(),
            r.history.clone(),
            r.limit.facts().to_vec(),
            limit,
            r.last_capture,
            keys,
            r.previous.clone(),
        )
    }

    #[test]
    fn pop_restores_every_table_push_changed() {
        // Two captures, then the rook shuttles a6–a5 while the black king
        // steps e8–e9: the position after ply 3 stands three times. Each pop
        // must undo the count, the ply of the last occurrence and the last
        // capture (back to ply 1 when ply 3 is taken back).
        let start = Position::from_fen("4k4/9/9/p8/9/p8/9/9/9/R2K5 w").unwrap();
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
        let moves = [
            "a0a4", "e9e8", "a4a6", "e8e9", "a6a5", "e9e8", "a5a6", "e8e9", "a6a5", "e9e8", "a5a6",
        ];
        let mut states = vec![state(&referee)];
        for m in moves {
            referee.push(Move::parse_uci(m).unwrap()).unwrap();
            states.push(state(&referee));
        }
        assert_eq!(referee.last_capture, 3);
        assert_eq!(referee.ruling().repetition.map(|r| r.occurrences), Some(3));
        for m in moves.iter().rev() {
            states.pop();
            assert_eq!(referee.pop(), Move::parse_uci(m).ok());
            assert_eq!(
                &state(&referee),
                states.last().unwrap(),
                "after popping {m}"
            );
        }
        assert_eq!(referee.pop(), None);
    }

    #[test]
    fn an_illegal_push_says_why() {
        let mut referee = Referee::with_rules(RuleSet::Axf, Position::startpos());
        let err = referee.push(Move::parse_uci("e0e2").unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "illegal move e0e2 at ply 1: the red king on e0 cannot move to e2 (in {})",
                Position::startpos().fen()
            )
        );
        assert_eq!(referee.plies(), 0);
    }

    #[test]
    fn a_forbidden_move_says_what_it_would_bring_in_either_language() {
        let start = Position::from_fen("2b6/4k4/9/9/9/9/9/9/2p6/3K1RBc1 w").unwrap();
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
        for mv in ["f0e0", "e8f8", "e0f0", "f8e8"] {
            referee.push(Move::parse_uci(mv).unwrap()).unwrap();
        }
        let banned = referee.forbidden_moves();
        assert_eq!(banned.len(), 1);
        let en = banned[0].reason(crate::rules::ruling::Lang::En);
        let zh = banned[0].reason(crate::rules::ruling::Lang::Zh);
        assert!(en.starts_with("the position would stand 2 times"), "{en}");
        assert!(zh.starts_with("局面将第2次出现"), "{zh}");
    }

    #[test]
    fn ruling_a_classified_cycle_again_leaves_the_natures_cache_as_it_was() {
        // The cycle's four natures are classified at the first ruling; the
        // next rulings find them all and make no room for more.
        let start = Position::from_fen("4k4/9/9/9/9/9/9/9/5R3/3K5 w").unwrap();
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
        for m in ["f1e1", "e9f9", "e1f1", "f9e9"] {
            referee.push(Move::parse_uci(m).unwrap()).unwrap();
        }
        referee.ruling();
        let (len, room) = {
            let known = referee.natures.borrow();
            (known.len(), known.capacity())
        };
        assert_eq!(len, 4);
        for _ in 0..3 {
            referee.ruling();
            let known = referee.natures.borrow();
            assert_eq!((known.len(), known.capacity()), (len, room));
        }
    }

    #[test]
    fn a_cycle_played_again_is_not_classified_again() {
        // The red rook checks from e1/f1 and the black king steps aside: a
        // four-ply cycle, ruled after every move up to its third occurrence.
        let start = Position::from_fen("4k4/9/9/9/9/9/9/9/5R3/3K5 w").unwrap();
        let mut referee = Referee::with_rules(RuleSet::Cxa2020, start);
        let cycle = ["f1e1", "e9f9", "e1f1", "f9e9"];
        for m in cycle.iter().chain(&cycle) {
            referee.push(Move::parse_uci(m).unwrap()).unwrap();
            referee.ruling();
        }
        assert_eq!(referee.ruling().repetition.map(|r| r.occurrences), Some(3));
        // The four moves, and the first one again after a different previous
        // move (the game's first ply had none): five classifications for eight plies.
        assert_eq!(referee.natures.borrow().len(), cycle.len() + 1);
    }
}
