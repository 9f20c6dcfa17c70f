//! Whether a file's text is in the encoding a reader was told to use
//! (`--encoding`): the text formats' text, the strings of an XQF file.

use std::io::Read;
use std::path::Path;

use encoding_rs::Encoding;

use super::encoding::forced_encoding_mismatch;
use super::{Format, detect_format, xqf};
use crate::words::Words;

/// How much of a file [`file_head`] reads: enough to tell an encoding.
const HEAD: usize = 1 << 20;

/// The first MiB of the file at `path`, cut after its last whole line when
/// the file is longer; nothing if it cannot be read (reading it for its
/// games reports that).
pub fn file_head(path: &Path) -> Vec<u8> {
    let mut head = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        let _ = file.take(HEAD as u64).read_to_end(&mut head);
    }
    if head.len() == HEAD
        && let Some(end) = head.iter().rposition(|&b| b == b'\n')
    {
        head.truncate(end + 1);
    }
    head
}

/// Why the text of the file `name` (`bytes`, all of it or its head) is
/// plainly not in the `forced` encoding, if it shows: the text of a text
/// format ([`forced_encoding_mismatch`]); the header strings and comments
/// of an XQF file, whole or cut short, each named where a byte is no
/// character. Nothing for CBR and CBL, whose strings are UTF-16 by the
/// format, whatever the encoding given.
///
/// ```
/// use xqarbiter::record::{encoding_by_name, file_encoding_mismatch};
/// let (gbk, _, _) = encoding_rs::GBK.encode("[Red \"胡荣华\"]\n1. 炮二平五 马８进７\n");
/// let utf8 = encoding_by_name("utf-8").unwrap();
/// let why = file_encoding_mismatch(&gbk, "a.pgn", utf8).unwrap();
/// assert!(why.en.ends_with("try --encoding gbk, or leave --encoding out"), "{}", why.en);
/// ```
pub fn file_encoding_mismatch(
    bytes: &[u8],
    name: &str,
    forced: &'static Encoding,
) -> Option<Words> {
    match detect_format(bytes, Some(name)) {
        Some(Format::Xqf) => xqf::encoding_mismatch(bytes, forced),
        Some(Format::Cbr | Format::Cbl) => None,
        _ => forced_encoding_mismatch(bytes, forced),
    }
}

/// The warning that the encoding given looks wrong for a file's text,
/// `why` being what [`file_encoding_mismatch`] says.
pub fn wrong_encoding_warning(why: &Words) -> Words {
    Words::new(
        format!("the encoding given (--encoding) looks wrong: {}", why.en),
        format!("指定的编码（--encoding）似乎不对：{}", why.zh),
    )
}
