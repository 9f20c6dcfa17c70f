//! Why `rule` gives no ruling (exit 2): a record that cannot be read or
//! played through, options that cannot rule on it, or a command line that
//! cannot be parsed. Said on standard
//! error for people and, with `--json`, also as one object on standard
//! output for programs: `{"error": {"kind": …, "file": …, "ply": …, …}}`.

use crate::record::{ErrorKind, Place, RecordError, wrong_side_to_move};
use crate::words::{Lang, Words};

/// The name standard input goes by in the messages.
pub(super) const STDIN_NAME: &str = "<stdin>";

/// What kind of problem keeps `rule` from ruling, as the JSON's `kind` names it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// The command line cannot be parsed (clap's usage error).
    Usage,
    /// A move of the record cannot be played (illegal, unreadable, or
    /// written after the game was over).
    IllegalMove,
    /// `--fen` is no position.
    BadFen,
    /// `--profile` names no profile, or its file is not a profile.
    BadProfile,
    /// An option's value, or options that do not go together with the record.
    BadOption,
    /// Neither a file, `-` nor `--moves` was given.
    NoInput,
    /// The file holds no game, or not the one asked for.
    NoGame,
    /// The file cannot be read as a record (the reader's kind of problem).
    Unreadable(ErrorKind),
}

impl Kind {
    /// The name in the JSON.
    fn name(self) -> &'static str {
        match self {
            Kind::Usage => "usage",
            Kind::IllegalMove => "illegal_move",
            Kind::BadFen => "bad_fen",
            Kind::BadProfile => "bad_profile",
            Kind::BadOption => "bad_option",
            Kind::NoInput => "no_input",
            Kind::NoGame => "no_game",
            Kind::Unreadable(kind) => match kind {
                ErrorKind::Io => "io",
                ErrorKind::UnknownFormat => "unknown_format",
                ErrorKind::TooLarge => "too_large",
                ErrorKind::Truncated => "truncated",
                ErrorKind::Corrupt => "corrupt",
                ErrorKind::Syntax => "syntax",
                ErrorKind::BadPosition => "bad_position",
                ErrorKind::Unsupported => "unsupported",
            },
        }
    }
}

/// A move that cannot be played: where it stands, and the moves that could
/// have been meant.
pub(super) struct BadMove {
    /// Its ply, from 1.
    pub(super) ply: usize,
    /// The move as written.
    pub(super) text: String,
    /// The position before it (FEN).
    pub(super) fen: String,
    /// The legal moves there, in the notation the record uses (none when
    /// the game was over).
    pub(super) legal: Vec<String>,
    /// Where it was written in the file or text read, when known.
    pub(super) place: Option<Place>,
}

/// Why `rule` gives no ruling: the kind of problem, the record it is in,
/// the move, and the message.
pub(super) struct BadRecord {
    kind: Kind,
    /// The whole message, as standard error says it.
    message: Words,
    /// The file read (`-` for standard input), when the record came from one.
    file: Option<String>,
    /// The game's index in the file (from 0), when the problem is one game's.
    game: Option<usize>,
    /// The move that cannot be played, when that is the problem.
    bad_move: Option<Box<BadMove>>,
    /// Where in the file or text read the problem is, when known: the bad
    /// move's place, or the damage's (boxed to keep the error small).
    place: Option<Box<Place>>,
}

impl BadRecord {
    /// A problem of `kind`, in English `en` and in Chinese `zh`.
    pub(super) fn new(kind: Kind, en: impl Into<String>, zh: impl Into<String>) -> BadRecord {
        BadRecord::said(kind, Words::new(en, zh))
    }

    /// A problem of `kind`, said in `message`.
    pub(super) fn said(kind: Kind, message: Words) -> BadRecord {
        BadRecord {
            kind,
            message,
            file: None,
            game: None,
            bad_move: None,
            place: None,
        }
    }

    /// The move `bad` cannot be played, `why`: the message gives its ply and
    /// text, why, the position and the legal moves; none when the game was
    /// over, but how to rule on it where it ended (`--ply`, which reads no
    /// further).
    pub(super) fn of_move(bad: BadMove, why: &Words) -> BadRecord {
        let BadMove {
            ply,
            text,
            fen,
            place,
            ..
        } = &bad;
        let (at, at_zh) = place.map_or((String::new(), String::new()), |p| {
            let p = p.words();
            (format!(", {}", p.en), format!("（{}）", p.zh))
        });
        let (legal_en, legal_zh) = if bad.legal.is_empty() {
            let end = ply - 1;
            (
                format!("\nTo rule on the game where it ended, add --ply {end}"),
                format!("\n如需裁决对局结束之处，请加 --ply {end}"),
            )
        } else {
            let legal = bad.legal.join(" ");
            (
                format!("\nLegal moves: {legal}"),
                format!("\n合法着法：{legal}"),
            )
        };
        let (side_en, side_zh) = wrong_side_to_move(*ply, fen, text)
            .map_or((String::new(), String::new()), |w| {
                (format!("\n{}", w.en), format!("\n{}", w.zh))
            });
        let message = Words::new(
            format!(
                "illegal or unreadable move at ply {ply}{at}: '{text}': {}\nPosition: {fen}{side_en}{legal_en}",
                why.en
            ),
            format!(
                "第{ply}着{at_zh}“{text}”无法走出：{}\n局面：{fen}{side_zh}{legal_zh}",
                why.zh
            ),
        );
        BadRecord {
            place: bad.place.map(Box::new),
            bad_move: Some(Box::new(bad)),
            ..BadRecord::said(Kind::IllegalMove, message)
        }
    }

    /// The problem as one of file `file` (its name in the messages;
    /// standard input's is [`STDIN_NAME`]) and of its game `game`.
    pub(super) fn of(self, file: &str, game: Option<usize>) -> BadRecord {
        BadRecord {
            file: Some(file.to_string()),
            game,
            ..self
        }
    }

    /// The message after the name of the record it is about (a file, a
    /// file's game `FILE#N`).
    pub(super) fn in_record(self, name: &str) -> BadRecord {
        BadRecord {
            message: self.message.prefixed(name, name),
            ..self
        }
    }

    /// The message in `lang`.
    pub(super) fn message(&self, lang: Lang) -> &str {
        self.message.get(lang)
    }

    /// The object `{"error": …}` that `rule --json` prints: `kind`, `file`
    /// (`-` for standard input), `game`, the move's `ply`, `text`, `fen`,
    /// `legal_moves`, the problem's `line` and `column` (a text) or `byte`
    /// (binary data) (null where they do not apply or are not known), and
    /// the `message` in English and Chinese.
    pub(super) fn json(&self) -> serde_json::Value {
        let mv = self.bad_move.as_deref();
        let (line, column, byte) = match self.place.as_deref() {
            Some(&Place::Text { line, column }) => (Some(line), Some(column), None),
            Some(&Place::Byte(at)) => (None, None, Some(at)),
            None => (None, None, None),
        };
        let file = self
            .file
            .as_deref()
            .map(|f| if f == STDIN_NAME { "-" } else { f });
        serde_json::json!({
            "error": {
                "kind": self.kind.name(),
                "file": file,
                "game": self.game,
                "ply": mv.map(|m| m.ply),
                "text": mv.map(|m| &m.text),
                "fen": mv.map(|m| &m.fen),
                "legal_moves": mv.map_or(&[][..], |m| &m.legal[..]),
                "line": line,
                "column": column,
                "byte": byte,
                "message": self.message.en,
                "message_zh": self.message.zh,
            }
        })
    }
}

impl From<RecordError> for BadRecord {
    /// A file that cannot be read as a record, or a game of it that cannot.
    fn from(e: RecordError) -> BadRecord {
        let message = Words::new(e.in_lang(Lang::En), e.in_lang(Lang::Zh));
        BadRecord {
            file: e.file,
            game: e.game,
            place: e.place,
            ..BadRecord::said(Kind::Unreadable(e.kind), message)
        }
    }
}
