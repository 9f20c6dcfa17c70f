//! A game read from coordinates in ranks 0–9 or 1–10, weighed and finished
//! by [`ranks_from_one::choose`]: where it stops, its note, and a game read
//! in ranks 1–10 written as its record writes it.

use crate::board::Ranks;
use crate::notation::ranks_from_one::{self, Reading, written_text, written_words};
use crate::words::Words;

use super::error::RecordError;
use super::game::Game;
use super::move_text::MoveText;

impl Reading for Game {
    fn stop(&self) -> Option<usize> {
        self.illegal.as_ref().map(|bad| bad.ply)
    }

    fn stopped_at(&self) -> Option<(usize, &str)> {
        self.illegal
            .as_ref()
            .map(|bad| (bad.ply, bad.text.as_str()))
    }

    fn note(&mut self, note: Words) {
        self.warnings.insert(0, note);
    }

    fn add_to_stop(&mut self, more: &Words) {
        if let Some(bad) = &mut self.illegal {
            ranks_from_one::add_to_reason(&mut bad.reason, more);
        }
    }

    fn in_ranks_from_one(&mut self) {
        self.ranks = Ranks::FromOne;
        for m in &mut self.moves {
            m.text = MoveText::from(written_text(&m.text).as_str());
            m.comment = m.comment.as_deref().map(written_text);
        }
        self.comment = self.comment.as_deref().map(written_text);
        for (_, other) in &mut self.other_readings {
            other.in_ranks_from_one();
        }
        for warning in &mut self.warnings {
            *warning = written_words(warning);
        }
        if let Some(bad) = &mut self.illegal {
            bad.text = written_text(&bad.text);
            bad.reason = written_words(&bad.reason);
            for m in bad.legal.iter_mut().chain(&mut bad.near) {
                *m = written_text(m);
            }
        }
    }
}

/// A reading that could not be read as a game at all stops before its
/// first move (ply 0), and names no move.
impl<G: Reading> Reading for Result<G, RecordError> {
    fn stop(&self) -> Option<usize> {
        self.as_ref().map_or(Some(0), G::stop)
    }

    fn stopped_at(&self) -> Option<(usize, &str)> {
        self.as_ref().ok().and_then(G::stopped_at)
    }

    fn note(&mut self, note: Words) {
        if let Ok(game) = self {
            game.note(note);
        }
    }

    fn add_to_stop(&mut self, more: &Words) {
        if let Ok(game) = self {
            game.add_to_stop(more);
        }
    }

    fn in_ranks_from_one(&mut self) {
        if let Ok(game) = self {
            game.in_ranks_from_one();
        }
    }
}
