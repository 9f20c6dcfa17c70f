//! Errors of the record readers: what went wrong, in which file and game.

use std::fmt;

/// What kind of problem a [`RecordError`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The file could not be opened or read.
    Io,
    /// The content is not a known game format.
    UnknownFormat,
    /// The file is larger than a reader accepts.
    TooLarge,
    /// The data ends before a structure it announces.
    Truncated,
    /// The data contradicts its own format (bad magic, impossible values).
    Corrupt,
    /// The text does not follow the format's syntax.
    Syntax,
    /// The start position is not a legal xiangqi position.
    BadPosition,
    /// The format version is not supported.
    Unsupported,
}

/// A reader error: the file, the game (1-based, as people count), the kind and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// The file, as given.
    pub file: Option<String>,
    /// The game's number in the file, 1-based.
    pub game: Option<usize>,
    /// What kind of problem it is.
    pub kind: ErrorKind,
    /// Why, with the place (offset, line, ply, text as written) where it applies.
    pub message: String,
}

impl RecordError {
    /// An error about a whole file.
    pub fn file(name: &str, kind: ErrorKind, message: String) -> RecordError {
        RecordError {
            file: Some(name.to_string()),
            game: None,
            kind,
            message,
        }
    }

    /// An error about game `game` (1-based) of file `name`.
    pub fn game(name: &str, game: usize, kind: ErrorKind, message: String) -> RecordError {
        RecordError {
            file: Some(name.to_string()),
            game: Some(game),
            kind,
            message,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.game) {
            (Some(file), Some(g)) => write!(f, "{file}, game {g}: {}", self.message),
            (Some(file), None) => write!(f, "{file}: {}", self.message),
            (None, Some(g)) => write!(f, "game {g}: {}", self.message),
            (None, None) => write!(f, "{}", self.message),
        }
    }
}

impl std::error::Error for RecordError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_and_game() {
        let e = RecordError::game("a.xqf", 3, ErrorKind::Truncated, "why".into());
        assert_eq!(e.to_string(), "a.xqf, game 3: why");
        let e = RecordError::file("a.xqf", ErrorKind::Io, "gone".into());
        assert_eq!(e.to_string(), "a.xqf: gone");
    }
}
