//! Where a move stands in its file: a line and a column of a text, or a
//! byte of binary data, for the messages that name a bad move.

use serde::Serialize;

use crate::text::line_and_column;
use crate::words::Words;

/// Where a move was written in its file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Place {
    /// In binary data (XQF, CBR, a CBL library): the offset, from 0, of
    /// the byte where the move's record starts in the file. In JSON,
    /// `{"byte": N}`.
    Byte(usize),
    /// In a text (PGN, a move list, a chat, DhtmlXQ, CBF): the line and
    /// the column of the move's first character, both from 1, the column
    /// counted in characters (not bytes) of the decoded text, as an editor
    /// shows them; a tab counts as one character. In JSON,
    /// `{"line": L, "column": C}`.
    #[serde(untagged)]
    Text {
        /// The line, from 1.
        line: usize,
        /// The column, in characters, from 1.
        column: usize,
    },
}

impl Place {
    /// The place of byte `at` of `text`, whose first line is line
    /// `first_line` of its file and starts a line there.
    pub(crate) fn in_text(text: &str, at: usize, first_line: usize) -> Place {
        let (line, column) = line_and_column(text, at);
        Place::Text {
            line: first_line + line - 1,
            column,
        }
    }

    /// The place in words: `line 4, column 9` (`第4行第9列`), or `byte 1032`
    /// (`第1032字节`).
    pub fn words(&self) -> Words {
        match *self {
            Place::Text { line, column } => Words::new(
                format!("line {line}, column {column}"),
                format!("第{line}行第{column}列"),
            ),
            Place::Byte(at) => Words::new(format!("byte {at}"), format!("第{at}字节")),
        }
    }

    /// The place `by` bytes further on: a record's place in the library
    /// that holds it. A place in a text stays where it is.
    pub(crate) fn shifted(self, by: usize) -> Place {
        match self {
            Place::Byte(at) => Place::Byte(at + by),
            text => text,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_place_in_a_text_counts_lines_from_the_first_and_columns_in_characters() {
        let text = "1. h2e2 h9g7\n2. 马二进三 i9i9\n";
        let at = text.find("i9i9").unwrap();
        let place = Place::in_text(text, at, 7);
        assert_eq!(place, Place::Text { line: 8, column: 9 });
        assert_eq!(place.words().en, "line 8, column 9");
        assert_eq!(place.words().zh, "第8行第9列");
        assert_eq!(
            Place::in_text(text, 0, 1),
            Place::Text { line: 1, column: 1 }
        );
    }

    #[test]
    fn a_place_in_binary_data_is_a_byte_and_shifts_with_its_record() {
        let place = Place::Byte(1032).shifted(100);
        assert_eq!(place, Place::Byte(1132));
        assert_eq!(place.words().en, "byte 1132");
        assert_eq!(place.words().zh, "第1132字节");
        let text = Place::Text { line: 2, column: 3 };
        assert_eq!(text.shifted(100), text);
    }

    #[test]
    fn a_place_in_json_is_a_line_and_column_or_a_byte() {
        let text = serde_json::to_value(Place::Text { line: 2, column: 3 }).unwrap();
        assert_eq!(text, serde_json::json!({ "line": 2, "column": 3 }));
        let byte = serde_json::to_value(Place::Byte(5)).unwrap();
        assert_eq!(byte, serde_json::json!({ "byte": 5 }));
    }
}
