//! Replaying a main line while reading: each move is checked on the board,
//! and the first one that cannot be played ends the line as an [`IllegalMove`].

use crate::board::attacks::may_give_check;
use crate::board::{Color, Move, Piece, Position, Ranks, Square};
use crate::notation::{self, Failure, Outcome, piece_zh};
use crate::words::Words;

use super::game::{Game, GameMove, IllegalMove};
use super::move_text::MoveText;
use super::place::Place;

/// The main line of a binary format's move tree (XQF, CBR), its comments and
/// the number of variations.
pub(crate) struct Tree {
    pub(crate) root_comment: Option<String>,
    pub(crate) moves: Vec<TreeMove>,
    pub(crate) variations: usize,
    /// The main-line record that could not be read as a move: its raw
    /// text, why, and the byte of the file where it starts.
    pub(crate) unreadable: Option<(String, Words, usize)>,
}

/// A move of a [`Tree`]'s main line.
pub(crate) struct TreeMove {
    /// The move.
    pub(crate) mv: Move,
    /// The byte of the file where its record starts.
    pub(crate) at: usize,
    /// Its comment, if any.
    pub(crate) comment: Option<String>,
}

impl Tree {
    /// Replays the main line from a placement of pieces (the side to move
    /// comes from the first move's piece); the error says why the placement
    /// is not a start position.
    pub(crate) fn replay(self, pieces: &[(Square, Piece)]) -> Result<Replay, Words> {
        let first = self.moves.first().map(|m| m.mv.from());
        let start = position_from_placement(pieces, first)
            .map_err(|why| why.prefixed("start position", "开局局面"))?;
        let mut replay = Replay::new(start, false);
        replay.reserve(self.moves.len());
        if let Some(c) = &self.root_comment {
            replay.comment(c);
        }
        for TreeMove { mv, at, comment } in &self.moves {
            if !replay.push_move(*mv, &mv.to_string()) {
                replay.stopped_at(|| Place::Byte(*at));
                break;
            }
            if let Some(c) = comment {
                replay.comment(c);
            }
        }
        if let Some((text, reason, at)) = self.unreadable {
            replay.unreadable(&text, reason);
            replay.stopped_at(|| Place::Byte(at));
        }
        replay.game_mut().variations = self.variations;
        Ok(replay)
    }
}

/// Builds a [`Game`]'s main line move by move.
pub(crate) struct Replay {
    game: Game,
    pos: Position,
    /// The side of the start position may still be switched by the first move.
    flexible_side: bool,
    /// Whether the side to move in `pos` may be in check: false only when
    /// it is known not to be.
    may_be_in_check: bool,
    /// Whether the replay stopped at a text that reads as no move in any
    /// notation (not one that reads as a move but cannot be played, nor a
    /// slip away from a legal move).
    stopped_unreadable: bool,
    /// Whether a labelled note (`注：中炮开局`) came before the first move.
    leading_note: bool,
    /// The words of a Chinese move split by spaces, waiting for the rest.
    fragment: Option<Fragment>,
    /// The re-readings of the line still allowed ([`notation::reread_other_way`]).
    rereadings: usize,
    /// The ply and text of the first move that only XBoard's SAN read, if
    /// one did: the record is in XBoard's SAN ([`notation::read_record_move`]).
    san_record: Option<(usize, String)>,
    /// The ranks the record is read in: why a move is no move names the
    /// board's squares in them ([`Replay::in_ranks`]).
    ranks: Ranks,
}

/// The first words of a Chinese move split by stray spaces (`炮二` of `炮二 平五`).
struct Fragment {
    /// The words as written, a space between them.
    written: String,
    /// The words joined, as read.
    joined: String,
    /// Why the words so far are no move.
    failure: Failure,
}

/// What [`Replay::push`] made of a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pushed {
    /// Played, or kept as the head of a split move.
    Played,
    /// Its moves played, and the result run into the last of them.
    Result(Outcome),
    /// It could not be played (the illegal move is recorded).
    Failed,
}

impl Replay {
    /// Starts at `start`. With `flexible_side`, a first move that only the
    /// other side could play switches the side to move of the start position.
    pub(crate) fn new(start: Position, flexible_side: bool) -> Replay {
        Replay {
            may_be_in_check: start.in_check(),
            pos: start.clone(),
            game: Game::new(start),
            flexible_side,
            stopped_unreadable: false,
            leading_note: false,
            fragment: None,
            rereadings: notation::MAX_REREADINGS,
            san_record: None,
            ranks: Ranks::FromZero,
        }
    }

    /// The replay of a record read in `ranks` (its moves in coordinates
    /// given in ranks 0–9, as [`crate::notation::ranks_from_one`] reads
    /// one in ranks 1–10): why a move is no move names the board's squares
    /// in `ranks`.
    pub(crate) fn in_ranks(self, ranks: Ranks) -> Replay {
        Replay { ranks, ..self }
    }

    /// [`Replay::new`] of a record known to be in XBoard's SAN from its
    /// ply `ply`, written `text`, the first move only that notation reads
    /// ([`notation::read_record_move`]): a move read two ways before it
    /// is read in SAN too.
    pub(crate) fn in_san(
        start: Position,
        flexible_side: bool,
        (ply, text): (usize, String),
    ) -> Replay {
        Replay {
            san_record: Some((ply, text)),
            ..Replay::new(start, flexible_side)
        }
    }

    /// The record's first move only XBoard's SAN read, when a move before it
    /// was read two ways, in coordinates: the record read again
    /// [`Replay::in_san`] decides that move by the whole record.
    pub(crate) fn san_after_coordinates(&self) -> Option<(usize, String)> {
        let (ply, text) = self.san_record.as_ref()?;
        self.game
            .other_readings
            .iter()
            .any(|(at, _)| at < ply)
            .then(|| (*ply, text.clone()))
    }

    /// How many moves of the main line were played so far.
    pub(crate) fn plies_read(&self) -> usize {
        self.game.moves.len()
    }

    /// Makes room for about `plies` moves (a hint from the text length).
    pub(crate) fn reserve(&mut self, plies: usize) {
        self.game.moves.reserve(plies.min(1024));
    }

    /// The game being built (tags, result, comments are set directly).
    pub(crate) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The position after the moves played so far.
    pub(crate) fn position(&self) -> &Position {
        &self.pos
    }

    /// Whether the main line has stopped at an illegal move.
    pub(crate) fn stopped(&self) -> bool {
        self.game.illegal.is_some()
    }

    /// Reads and plays a move written in any notation (or Chinese moves
    /// written without spaces, each played in turn, or the words of a
    /// Chinese move split by stray spaces: `炮二 平五`, `马 8 进 7`, read once
    /// the move is whole). Returns false (and records the illegal move) if
    /// it cannot be played.
    pub(crate) fn push_text(&mut self, text: &str) -> bool {
        self.push(text, false) == Pushed::Played
    }

    /// [`Replay::push_text`] for a word of a typed list, whose last move
    /// may have the result run into it (`马二进三红胜`, `i9h91-0`): that
    /// result, once the moves before it are played
    /// ([`notation::glued_result`]); `None` otherwise.
    pub(crate) fn push_text_or_result(&mut self, text: &str) -> Option<Outcome> {
        match self.push(text, true) {
            Pushed::Result(outcome) => Some(outcome),
            Pushed::Played | Pushed::Failed => None,
        }
    }

    /// [`Replay::push_text`], and when `results` the result run into the
    /// last move of `text` ([`Pushed::Result`]).
    fn push(&mut self, text: &str, results: bool) -> Pushed {
        if self.stopped() {
            return Pushed::Failed;
        }
        if let Some(head) = self.fragment.take() {
            return if self.continue_fragment(head, text) {
                Pushed::Played
            } else {
                Pushed::Failed
            };
        }
        match self.read_and_play(text) {
            Ok(()) => Pushed::Played,
            Err(failure) if notation::begins_split_move(text) => {
                self.fragment = Some(Fragment {
                    written: text.to_string(),
                    joined: text.to_string(),
                    failure,
                });
                Pushed::Played
            }
            Err(failure) => {
                if results
                    && let Some((at, outcome)) = notation::glued_result(&self.pos, text)
                    && self.read_and_play(&text[..at]).is_ok()
                {
                    return Pushed::Result(outcome);
                }
                // Moves run together that go bad are cut where they do
                // ([`notation::cut_run_together`]), as a typed list cuts them.
                match notation::cut_run_together(&self.pos, text, self.ranks) {
                    Some(cut) => {
                        for (mv, written) in cut.moves {
                            self.play(mv, &written);
                        }
                        self.fail(cut.bad, cut.failure);
                    }
                    None => self.fail(text, failure),
                }
                Pushed::Failed
            }
        }
    }

    /// Whether the words of a split Chinese move wait for the rest of it:
    /// a digit is then part of the move, not a move number.
    pub(crate) fn awaits_rest_of_move(&self) -> bool {
        self.fragment.is_some()
    }

    /// Ends the moves: the words of a split Chinese move still waiting for
    /// the rest of it name no move, and the main line stops there.
    pub(crate) fn end_of_moves(&mut self) {
        if let Some(head) = self.fragment.take() {
            self.fail(&head.written, head.failure);
        }
    }

    /// [`Replay::end_of_moves`] at `between`, a comment, NAG or move number
    /// that came after the words of a split Chinese move: the stop says so
    /// when the word after it, `next`, would have made the move whole
    /// ([`notation::split_by`]).
    pub(crate) fn end_of_moves_at(&mut self, between: notation::Between, next: &str) {
        if let Some(head) = self.fragment.take() {
            let written = (head.written.as_str(), head.joined.as_str());
            let failure = notation::split_by(&self.pos, head.failure, between, written, next);
            self.fail(&head.written, failure);
        }
    }

    /// Reads `text` as one move (for the other side too, before the first
    /// move of a flexible start) or as Chinese moves run together, and plays it.
    fn read_and_play(&mut self, text: &str) -> Result<(), Failure> {
        let ply = self.game.moves.len() + 1;
        let parsed = match parse_coordinates(text) {
            Some(mv) if self.is_legal(mv) && !notation::may_be_xboard_san(text) => {
                self.play(mv, text);
                return Ok(());
            }
            _ => {
                let san_record = self.san_record.as_ref().map(|(p, t)| (*p, t.as_str()));
                notation::read_record_move(&self.pos, text, san_record, self.ranks)
            }
        };
        let failure = match parsed {
            Ok(read) => {
                if let Some(other) = read.other {
                    self.game.other_readings.push((ply, other));
                }
                if read.by_san && self.san_record.is_none() {
                    self.san_record = Some((ply, text.to_string()));
                }
                self.play(read.mv, text);
                return Ok(());
            }
            Err(failure) => failure,
        };
        if self.try_other_side(|p| notation::read_move(p, text).ok(), text) {
            return Ok(());
        }
        if let Some(moves) = notation::split_run_together(&self.pos, text, usize::MAX) {
            // Chinese moves written without spaces: 炮二平五马８进７.
            for (mv, written) in moves {
                self.play(mv, &written);
            }
            return Ok(());
        }
        // The head of a Chinese move split by spaces waits for the rest first.
        if !notation::begins_split_move(text) && self.reread_other_way(text) {
            return Ok(());
        }
        Err(failure)
    }

    /// Reads the line again with one of its ambiguous moves read the other
    /// way, if that lets `text` (unplayable after the line as read) and
    /// every move between be played; then plays `text`. The moves keep
    /// their texts and comments.
    fn reread_other_way(&mut self, text: &str) -> bool {
        if self.game.other_readings.is_empty() {
            return false;
        }
        let moves: Vec<Move> = self.game.moves.iter().map(|m| m.mv).collect();
        let game = &self.game;
        let Some(reread) = notation::reread_other_way(
            &game.start,
            &moves,
            |i| game.moves[i].text.as_str(),
            &game.other_readings,
            text,
            &mut self.rereadings,
        ) else {
            return false;
        };
        let from = reread.ply - 1;
        let (next, line) = match reread.moves.split_last() {
            Some((&next, line)) => (next, line),
            None => return false,
        };
        for (m, &mv) in self.game.moves[from..].iter_mut().zip(line) {
            m.mv = mv;
        }
        self.game
            .other_readings
            .retain(|(ply, _)| *ply < reread.ply);
        self.game.other_readings.extend(reread.other_readings);
        self.pos = self.game.start.clone();
        for m in &self.game.moves {
            self.pos.play_unchecked(m.mv);
        }
        self.play(next, text);
        true
    }

    /// Joins `text` to the words of a split Chinese move: plays the move
    /// once whole, waits for more while it is still short, else stops. The
    /// stop names the words as written: all of them when they make a
    /// move's length, else the head alone (`text` belongs to no move of it).
    fn continue_fragment(&mut self, head: Fragment, text: &str) -> bool {
        if !notation::continues_split_move(text) {
            self.fail(&head.written, head.failure);
            return false;
        }
        let joined = format!("{}{text}", head.joined);
        let written = format!("{} {text}", head.written);
        let failure = match self.read_and_play(&joined) {
            Ok(()) => return true,
            Err(failure) => failure,
        };
        if notation::begins_split_move(&joined) {
            self.fragment = Some(Fragment {
                written,
                joined,
                failure,
            });
            return true;
        }
        let whole = matches!(notation::chinese_length(&joined), Some(4 | 5))
            && notation::read_move(&self.pos, text).is_err();
        if whole {
            self.fail(&written, failure);
        } else {
            self.fail(&head.written, head.failure);
        }
        false
    }

    /// Stops the main line at `text`, which `failure` says is no move here.
    fn fail(&mut self, text: &str, failure: Failure) {
        let previous = self.game.moves.last().map(|m| m.text.as_str());
        self.stopped_unreadable = failure.is_no_move(&self.pos, text);
        let (e, near) = failure
            .listed_like(text, previous)
            .into_error_and_near(&self.pos, text);
        self.stop(text, e.reason, Some((e.legal, near)));
    }

    /// Whether no move was read because the first text reads as no move in
    /// any notation: prose, not a record. Labelled notes before it
    /// (`注：中炮开局`) are passed over; a text of such notes and nothing
    /// else (`注：欢迎访问`) is prose too.
    pub(crate) fn first_text_is_no_move(&self) -> bool {
        self.game.moves.is_empty()
            && (self.stopped_unreadable || (self.leading_note && !self.stopped()))
    }

    /// The record marks Black as moving first (`1...`, `1. ...`). Before the
    /// first move it sets Black to move: on a flexible start by switching the
    /// side; a start that has Red to move by its own word is an error.
    /// After the first move the marker says nothing.
    pub(crate) fn black_first(&mut self) -> Result<(), Words> {
        if !self.game.moves.is_empty() || self.stopped() || self.pos.turn() == Color::Black {
            return Ok(());
        }
        let switched = self
            .flexible_side
            .then(|| Position::from_fen(&self.pos.passed().fen()).ok())
            .flatten();
        let Some(start) = switched else {
            return Err(Words::new(
                "the record says Black moves first ('1...'), but its start position has Red to move",
                "棋谱标明黑方先走（“1...”），但其开局局面是红方走棋",
            ));
        };
        self.game.start = start.clone();
        self.may_be_in_check = start.in_check();
        self.pos = start;
        self.flexible_side = false;
        Ok(())
    }

    /// Plays a move given as squares (binary formats); `text` is how the file wrote it.
    pub(crate) fn push_move(&mut self, mv: Move, text: &str) -> bool {
        if self.stopped() {
            return false;
        }
        if self.is_legal(mv) {
            self.play(mv, text);
            return true;
        }
        if self.try_other_side(|p| p.is_legal(mv).then_some(mv), text) {
            return true;
        }
        let (from, to) = (mv.from(), mv.to());
        let why = match self.pos.piece_at(from) {
            None => Words::new(
                format!("no piece stands on {from}"),
                format!("{from} 上没有棋子"),
            ),
            Some(p) if p.color != self.pos.turn() => Words::new(
                format!("{} on {from} belongs to the side not to move", p.chinese()),
                format!("{from} 上的{}不是走子方的棋子", piece_zh(p)),
            ),
            Some(p) => Words::new(
                format!("{} on {from} cannot move to {to}", p.chinese()),
                format!("{from} 的{}不能走到 {to}", piece_zh(p)),
            ),
        };
        self.stop(text, why, None);
        false
    }

    /// Ends the main line at a move the file does not let us read (e.g.
    /// squares off the board), unless it has already stopped.
    pub(crate) fn unreadable(&mut self, text: &str, reason: Words) {
        if !self.stopped() {
            self.stop(text, reason, None);
        }
    }

    /// Attaches a labelled note (`注：好棋`, `评注：中炮开局`) as a
    /// [`Replay::comment`]; before the first move, a text that holds
    /// nothing else is no record ([`Replay::first_text_is_no_move`]).
    pub(crate) fn note(&mut self, text: &str) {
        self.leading_note |= self.game.moves.is_empty();
        self.comment(text);
    }

    /// Attaches a comment to the last move, or to the game if no move was played yet.
    pub(crate) fn comment(&mut self, text: &str) {
        self.end_of_moves();
        let text = text.trim();
        if text.is_empty() || self.stopped() {
            return;
        }
        let slot = match self.game.moves.last_mut() {
            Some(m) => &mut m.comment,
            None => &mut self.game.comment,
        };
        match slot {
            Some(c) => {
                c.push('\n');
                c.push_str(text);
            }
            None => *slot = Some(text.to_string()),
        }
    }

    /// The finished game; a termination found in the last comment is filled in
    /// unless the reader set one.
    pub(crate) fn finish(mut self) -> Game {
        self.end_of_moves();
        if self.game.termination.is_none() {
            let last = match self.game.moves.last() {
                Some(m) => m.comment.as_deref(),
                None => self.game.comment.as_deref(),
            };
            self.game.termination = last.and_then(super::game::termination_from_comment);
        }
        self.game
    }

    /// Whether `mv` is legal in the current position. Taking a possible
    /// check for a check only costs the king-safety test that a check needs.
    fn is_legal(&self, mv: Move) -> bool {
        self.pos.is_legal_knowing_check(mv, self.may_be_in_check)
    }

    fn play(&mut self, mv: Move, text: &str) {
        self.flexible_side = false;
        self.pos.play_unchecked(mv);
        // The side now to move was not in check before a move that followed a
        // legal move, so only a move touching its king's lines can check it.
        // After the first move that rests on the start position alone, so the
        // reply to it gets the full test.
        let king = self.pos.king(self.pos.turn());
        self.may_be_in_check =
            self.game.moves.is_empty() || may_give_check(king, mv.from(), mv.to());
        self.game.moves.push(GameMove {
            mv,
            text: MoveText::from(text),
            comment: None,
        });
    }

    /// Before the first move of a flexible start, tries the move for the other side.
    fn try_other_side(&mut self, find: impl Fn(&Position) -> Option<Move>, text: &str) -> bool {
        if !self.flexible_side || !self.game.moves.is_empty() {
            return false;
        }
        // Going through FEN validates the switched position (e.g. the side
        // not to move may not stand in check).
        let Ok(start) = Position::from_fen(&self.pos.passed().fen()) else {
            return false;
        };
        let Some(mv) = find(&start) else {
            return false;
        };
        self.game.start = start.clone();
        self.pos = start;
        self.play(mv, text);
        true
    }

    /// Ends the main line at `text`. The legal moves, and those one symbol
    /// away from `text`, are listed as `written` (in the notation the move
    /// was written in) if given, else the legal moves in sorted coordinates. When the game is over before `text` (mate, stalemate),
    /// that is why, and there are no legal moves to list.
    fn stop(&mut self, text: &str, why: Words, written: Option<(Vec<String>, Vec<String>)>) {
        let played = self.game.moves.len();
        let (why, written) = match notation::game_over(&self.pos, played) {
            Some(over) => (over, Some((Vec::new(), Vec::new()))),
            None => (why, written),
        };
        let (legal, near) = written.unwrap_or_else(|| {
            let mut legal: Vec<String> = self
                .pos
                .legal_moves()
                .iter()
                .map(|m| m.to_string())
                .collect();
            legal.sort();
            (legal, Vec::new())
        });
        self.game.illegal = Some(IllegalMove {
            ply: played + 1,
            text: text.to_string(),
            fen: self.pos.fen(),
            reason: why,
            legal,
            near,
            place: None,
        });
    }

    /// Says where the move at which the main line just stopped was
    /// written ([`IllegalMove::place`]), unless that is said already:
    /// `place` is asked only then.
    pub(crate) fn stopped_at(&mut self, place: impl FnOnce() -> Place) {
        if let Some(illegal) = &mut self.game.illegal
            && illegal.place.is_none()
        {
            illegal.place = Some(place());
        }
    }
}

/// The initial position, parsed once (readers start most games from it).
pub(crate) fn initial_position() -> Position {
    static START: once_cell::sync::Lazy<Position> = once_cell::sync::Lazy::new(Position::startpos);
    START.clone()
}

/// Reads `h2e2`, `H2-E2` or `h2-e2` exactly, without allocating.
pub(crate) fn parse_coordinates(text: &str) -> Option<Move> {
    let b = text.as_bytes();
    let (f1, r1, f2, r2) = match b {
        [f1, r1, f2, r2] => (*f1, *r1, *f2, *r2),
        [f1, r1, b'-', f2, r2] => (*f1, *r1, *f2, *r2),
        _ => return None,
    };
    let square = |f: u8, r: u8| -> Option<Square> {
        let f = f.to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&f) || !r.is_ascii_digit() {
            return None;
        }
        Square::at(i32::from(f - b'a'), i32::from(r - b'0'))
    };
    let (from, to) = (square(f1, r1)?, square(f2, r2)?);
    (from != to).then(|| Move::new(from, to))
}

/// A start position from a piece placement, as binary formats store it. The
/// side to move is the colour of the piece on `first_from` (the first move's
/// origin); without one, Red if that gives a legal position, else Black.
pub(crate) fn position_from_placement(
    pieces: &[(Square, Piece)],
    first_from: Option<Square>,
) -> Result<Position, Words> {
    let mut board: [Option<Piece>; 90] = [None; 90];
    for &(sq, piece) in pieces {
        if let Some(other) = board[sq.index()] {
            let (a, b) = (other.chinese(), piece.chinese());
            return Err(Words::new(
                format!("two pieces on {sq}: {a} and {b}"),
                format!("{sq}上有两个棋子：{a}和{b}"),
            ));
        }
        board[sq.index()] = Some(piece);
    }
    let mut fen = String::with_capacity(100);
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match board[rank * 9 + file] {
                Some(p) => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let side = first_from.and_then(|sq| board[sq.index()]).map(|p| p.color);
    let try_side = |c: Color| Position::from_fen(&format!("{fen} {}", c.fen_char()));
    let why = |e: crate::board::FenError| e.reason;
    match side {
        Some(c) => try_side(c).map_err(why),
        None => try_side(Color::Red)
            .or_else(|_| try_side(Color::Black))
            .map_err(why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Role;
    use crate::board::random_moves::RandomMoves;

    #[test]
    fn coordinates_fast_path() {
        assert_eq!(
            parse_coordinates("h2e2").map(|m| m.to_string()).as_deref(),
            Some("h2e2")
        );
        assert_eq!(
            parse_coordinates("H2-E2").map(|m| m.to_string()).as_deref(),
            Some("h2e2")
        );
        assert!(parse_coordinates("h2e").is_none());
        assert!(parse_coordinates("j2e2").is_none());
        assert!(parse_coordinates("e2e2").is_none());
        assert!(parse_coordinates("C2.5").is_none());
    }

    #[test]
    fn illegal_move_keeps_the_line_before_it() {
        let mut r = Replay::new(Position::startpos(), false);
        assert!(r.push_text("h2e2"));
        assert!(!r.push_text("h2e2"));
        assert!(!r.push_text("h9g7"));
        let g = r.finish();
        assert_eq!(g.moves.len(), 1);
        let ill = g.illegal.unwrap();
        assert_eq!(ill.ply, 2);
        assert_eq!(ill.text, "h2e2");
        assert!(ill.legal.contains(&"h9g7".to_string()));
        assert!(ill.fen.ends_with(" b - - 1 1"));
    }

    #[test]
    fn an_unreadable_move_lists_the_legal_ones_as_the_record_writes_them() {
        let mut r = Replay::new(Position::startpos(), false);
        assert!(r.push_text("炮二平五"));
        assert!(!r.push_text("xyz"));
        let ill = r.finish().illegal.unwrap();
        assert!(
            ill.legal.contains(&"马８进７".to_string()),
            "{:?}",
            ill.legal
        );
    }

    #[test]
    fn an_illegal_move_lists_the_legal_ones_as_it_was_written() {
        for (illegal, listed) in [("马８进６", "马８进７"), ("H8+6", "H8+7"), ("h9f8", "h9g7")]
        {
            let mut r = Replay::new(Position::startpos(), false);
            assert!(r.push_text("炮二平五"));
            assert!(!r.push_text(illegal));
            let ill = r.finish().illegal.unwrap();
            assert_eq!(ill.text, illegal);
            assert!(ill.legal.contains(&listed.to_string()), "{:?}", ill.legal);
        }
        // A move stored as squares is listed with the legal moves in coordinates.
        let mut r = Replay::new(Position::startpos(), false);
        assert!(!r.push_move(Move::parse_uci("h2h8").unwrap(), "h2h8"));
        let ill = r.finish().illegal.unwrap();
        assert_eq!(ill.reason.zh, "h2 的红方炮不能走到 h8");
        let legal = ill.legal;
        assert!(
            legal.contains(&"h2e2".to_string()) && legal.is_sorted(),
            "{legal:?}"
        );
    }

    #[test]
    fn legality_knowing_the_last_move_agrees_with_the_board() {
        let mut random = RandomMoves::new(0x2545_F491_4F6C_DD1D);
        for _ in 0..4 {
            let mut r = Replay::new(Position::startpos(), false);
            for _ in 0..120 {
                let pos = r.pos.clone();
                for from in pos.us(pos.turn()) {
                    for to in Square::all().filter(|&to| to != from) {
                        let mv = Move::new(from, to);
                        assert_eq!(r.is_legal(mv), pos.is_legal(mv), "{} {mv}", pos.fen());
                    }
                }
                let Some(mv) = random.pick(&pos) else {
                    break;
                };
                assert!(r.push_move(mv, &mv.to_string()));
            }
        }
    }

    #[test]
    fn flexible_side_accepts_black_first() {
        let mut r = Replay::new(Position::startpos(), true);
        assert!(r.push_text("h9g7"));
        assert!(r.push_text("h2e2"));
        let g = r.finish();
        assert_eq!(g.start.turn(), Color::Black);
        let mut strict = Replay::new(Position::startpos(), false);
        assert!(!strict.push_text("h9g7"));
    }

    #[test]
    fn placement_side_from_first_move() {
        let k = |c| Piece {
            color: c,
            role: Role::King,
        };
        let pieces = [
            (Square::parse("e0").unwrap(), k(Color::Red)),
            (Square::parse("d9").unwrap(), k(Color::Black)),
        ];
        let pos = position_from_placement(&pieces, Square::parse("d9")).unwrap();
        assert_eq!(pos.turn(), Color::Black);
        let pos = position_from_placement(&pieces, None).unwrap();
        assert_eq!(pos.turn(), Color::Red);
        let twice = [pieces[0], pieces[0]];
        let why = position_from_placement(&twice, None).unwrap_err();
        assert!(why.en.contains("two pieces"), "{why:?}");
        assert!(why.zh.contains("两个棋子"), "{why:?}");
    }

    #[test]
    fn comments_and_termination() {
        let mut r = Replay::new(Position::startpos(), false);
        r.comment("before");
        r.push_text("h2e2");
        r.comment("黑方认负");
        let g = r.finish();
        assert_eq!(g.comment.as_deref(), Some("before"));
        assert_eq!(g.termination.as_deref(), Some("黑方认负"));
    }
}
