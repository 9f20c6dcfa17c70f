//! Errors of the record readers: what went wrong, in which file and game.

use std::fmt;

use super::game::Game;
use super::place::Place;
use crate::words::{Lang, Words};

/// What kind of problem a [`RecordError`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

/// A reader error: the file, the game (its index from 0, as `FILE#N` and
/// `audit` number games), the kind and why.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RecordError {
    /// The file, as given.
    pub file: Option<String>,
    /// The game's index in the file, from 0 (`FILE#N`).
    pub game: Option<usize>,
    /// What kind of problem it is.
    pub kind: ErrorKind,
    /// Why, with the place (offset, line, ply, text as written) where it applies.
    pub message: Words,
    /// Where in the file the damage is, when the reader knows: the line and
    /// column of a text, the byte of binary data (also said in `message`);
    /// boxed, as `partial`, to keep the error small.
    pub place: Option<Box<Place>>,
    /// What was read of the game before the damage, when the reader could
    /// read its header: tags, result, and the moves before the damage.
    pub partial: Option<Box<Game>>,
}

impl RecordError {
    /// An error about a whole file.
    pub fn file(name: &str, kind: ErrorKind, why: Words) -> RecordError {
        RecordError {
            file: Some(name.to_string()),
            game: None,
            kind,
            message: why,
            place: None,
            partial: None,
        }
    }

    /// An error about game `game` (its index from 0) of file `name`.
    pub fn game(name: &str, game: usize, kind: ErrorKind, why: Words) -> RecordError {
        RecordError {
            file: Some(name.to_string()),
            game: Some(game),
            kind,
            message: why,
            place: None,
            partial: None,
        }
    }

    /// The error with the place of the damage in the file.
    pub fn at(self, place: Place) -> RecordError {
        RecordError {
            place: Some(Box::new(place)),
            ..self
        }
    }

    /// The error with what was read of the game before the damage.
    pub fn with_partial(self, game: Game) -> RecordError {
        RecordError {
            partial: Some(Box::new(game)),
            ..self
        }
    }

    /// An error about a file that cannot be opened or read, the system's
    /// reason put in words for people.
    pub fn io(name: &str, e: &std::io::Error) -> RecordError {
        RecordError::file(name, ErrorKind::Io, Words::io(e))
    }

    /// The message in `lang`, with the file and the game.
    pub fn in_lang(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.to_string(),
            Lang::Zh => match (&self.file, self.game) {
                (Some(file), Some(g)) => format!("{file}，对局#{g}：{}", self.message.zh),
                (Some(file), None) => format!("{file}：{}", self.message.zh),
                (None, Some(g)) => format!("对局#{g}：{}", self.message.zh),
                (None, None) => self.message.zh.clone(),
            },
        }
    }

    /// Just the reason, without the file and the game, in both languages.
    pub fn words(&self) -> Words {
        self.message.clone()
    }
}

/// [`warn_first`] for a warning about the text's encoding, counted in
/// [`Game::encoding_warnings`].
pub(crate) fn warn_of_encoding(item: &mut Result<Game, RecordError>, warning: Words) {
    warn_first(item, warning);
    let read = match item {
        Ok(game) => Some(game),
        Err(e) => e.partial.as_deref_mut(),
    };
    if let Some(game) = read {
        game.encoding_warnings += 1;
    }
}

/// Puts `warning` first on what a reader read of one game: among the
/// game's warnings, or its partial game's; when nothing of the game could
/// be read, after the error's reason, so that it is not lost.
pub(crate) fn warn_first(item: &mut Result<Game, RecordError>, warning: Words) {
    match item {
        Ok(game) => game.warnings.insert(0, warning),
        Err(e) => match e.partial.as_deref_mut() {
            Some(read) => read.warnings.insert(0, warning),
            None => {
                e.message = Words::new(
                    format!("{}; besides, {}", e.message.en, warning.en),
                    format!("{}；另外，{}", e.message.zh, warning.zh),
                );
            }
        },
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.game) {
            (Some(file), Some(g)) => write!(f, "{file}, game #{g}: {}", self.message.en),
            (Some(file), None) => write!(f, "{file}: {}", self.message.en),
            (None, Some(g)) => write!(f, "game #{g}: {}", self.message.en),
            (None, None) => write!(f, "{}", self.message.en),
        }
    }
}

impl std::error::Error for RecordError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names_file_and_game() {
        let why = Words::new("why", "原因");
        let e = RecordError::game("a.pgn", 2, ErrorKind::Truncated, why.clone());
        assert_eq!(e.to_string(), "a.pgn, game #2: why");
        assert_eq!(e.in_lang(Lang::Zh), "a.pgn，对局#2：原因");
        let e = RecordError::file("a.xqf", ErrorKind::Corrupt, why);
        assert_eq!(e.to_string(), "a.xqf: why");
        assert_eq!(e.in_lang(Lang::Zh), "a.xqf：原因");
    }

    #[test]
    fn a_missing_file_is_named_so_in_both_languages() {
        let missing = std::fs::File::open("/nonexistent/xqarbiter/a.pgn").unwrap_err();
        let e = RecordError::io("a.pgn", &missing);
        assert_eq!(e.kind, ErrorKind::Io);
        assert_eq!(e.in_lang(Lang::Zh), "a.pgn：文件不存在");
        assert_eq!(e.to_string(), "a.pgn: the file does not exist");
    }

    #[test]
    fn a_folder_and_no_permission_are_named_so_in_both_languages() {
        use std::io::{Error, ErrorKind as Io};
        let e = RecordError::io("d", &Error::from(Io::IsADirectory));
        assert_eq!(e.to_string(), "d: it is a folder, not a file");
        assert_eq!(e.in_lang(Lang::Zh), "d：这是文件夹，不是文件");
        let e = RecordError::io("p", &Error::from(Io::PermissionDenied));
        assert_eq!(e.to_string(), "p: there is no permission to read it");
        assert_eq!(e.in_lang(Lang::Zh), "p：没有读取权限");
        let e = RecordError::io("q", &Error::other("disk on fire"));
        assert_eq!(e.to_string(), "q: cannot be read: disk on fire");
        assert_eq!(e.in_lang(Lang::Zh), "q：无法读取（disk on fire）");
    }
}
