//! `--encoding E`, as every command that reads records takes it: the
//! encoding named, and the warning when a file's text is plainly not in it.

use std::path::Path;

use encoding_rs::Encoding;

use crate::record::{encoding_by_name, file_encoding_mismatch, file_head, wrong_encoding_warning};
use crate::words::{Lang, Words};

/// An encoding named on the command line, or why it is not one.
pub(super) fn named_encoding(name: &str) -> Result<&'static Encoding, Words> {
    encoding_by_name(name).ok_or_else(|| {
        Words::new(
            format!("unknown encoding '{name}' (try gbk, big5 or utf-8)"),
            format!("未知的编码“{name}”（可用 gbk、big5 或 utf-8）"),
        )
    })
}

/// The warning that the text of `name` is most likely not in the encoding
/// given, and why, in `lang`.
pub(super) fn wrong_encoding_line(name: &str, why: &Words, lang: Lang) -> String {
    let warning = wrong_encoding_warning(why);
    match lang {
        Lang::En => format!("xqarbiter: {name}: {}", warning.en),
        Lang::Zh => format!("xqarbiter: {name}：{}", warning.zh),
    }
}

/// Says on standard error when the text of `name` (`bytes`, all of it or
/// its head) is most likely not in the `forced` encoding
/// ([`file_encoding_mismatch`]): the text would come out garbled without a word.
pub(super) fn check_bytes(bytes: &[u8], name: &str, forced: &'static Encoding, lang: Lang) {
    if let Some(why) = file_encoding_mismatch(bytes, name, forced) {
        eprintln!("{}", wrong_encoding_line(name, &why, lang));
    }
}

/// [`check_bytes`] on the head of the file at `path`.
pub(super) fn check_file(path: &Path, forced: &'static Encoding, lang: Lang) {
    check_bytes(&file_head(path), &path.display().to_string(), forced, lang);
}
