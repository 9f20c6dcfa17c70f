//! The one place the UCCI front end asks the rules: replay a position under a
//! profile, and report the game state and the moves the side to move may not play.

use crate::board::{Move, Position};
use crate::rules::profile::Profile;

/// A move the side to move may not play, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ban {
    /// The move.
    pub mv: Move,
    /// Why, in words.
    pub reason: String,
}

/// The game state after the last move, for `info string` lines.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The ruling in one line when the game is over by the rules.
    pub over: Option<String>,
    /// The state in `info string` text lines (without the `info string` prefix).
    pub lines: Vec<String>,
    /// Moves the side to move may not play.
    pub bans: Vec<Ban>,
}

/// A built-in profile by name, or a profile file.
pub fn load_profile(spec: &str) -> Result<Profile, String> {
    Profile::load(spec).map_err(|e| e.to_string())
}

/// A game replayed under a profile.
#[derive(Clone, Debug)]
pub struct Judge {
    profile: String,
    position: Position,
    plies: usize,
}

impl Judge {
    /// Starts a game from `start` under `profile`.
    pub fn new(profile: &Profile, start: Position) -> Judge {
        Judge {
            profile: profile.name.clone(),
            position: start,
            plies: 0,
        }
    }

    /// Plays `mv`, or says why it is not legal (the game is then unchanged).
    pub fn push(&mut self, mv: Move) -> Result<(), String> {
        if !self.position.is_legal(mv) {
            return Err("not a legal move in this position".into());
        }
        self.position.play(mv);
        self.plies += 1;
        Ok(())
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The state after the last move.
    pub fn report(&self) -> Report {
        let over = self
            .position
            .has_no_legal_moves()
            .then(|| format!("{} has no legal move", self.position.turn().name()));
        Report {
            lines: vec![format!("profile {} plies {}", self.profile, self.plies)],
            over,
            bans: Vec::new(),
        }
    }
}
