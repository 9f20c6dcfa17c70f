//! Text encodings of game files: detection (BOM, then valid UTF-8, then
//! GB18030 against Big5 by the characters they yield) and decoding.

use std::borrow::Cow;

use encoding_rs::{BIG5, Encoding, GB18030, UTF_8, UTF_16BE, UTF_16LE};

/// Finds an encoding by a name people use: `utf-8`, `gbk`, `gb2312`,
/// `gb18030`, `big5`, `utf-16le`, ... (any WHATWG label).
pub fn encoding_by_name(name: &str) -> Option<&'static Encoding> {
    match name.to_ascii_lowercase().as_str() {
        "utf8" => Some(UTF_8),
        "gbk" | "gb2312" | "cp936" => Some(GB18030),
        other => Encoding::for_label(other.as_bytes()),
    }
}

/// Guesses the encoding of `bytes`: a byte-order mark; else UTF-8 if the
/// bytes are valid UTF-8 (a sequence cut off at the end is allowed unless
/// `complete`); else GB18030 or Big5, whichever decodes cleanly and yields
/// more common xiangqi characters (GB18030 on a tie).
pub fn detect_encoding(bytes: &[u8], complete: bool) -> &'static Encoding {
    if let Some((enc, _)) = Encoding::for_bom(bytes) {
        return enc;
    }
    if let Some(enc) = utf16_without_bom(bytes) {
        return enc;
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => return UTF_8,
        Err(e) if !complete && e.error_len().is_none() => return UTF_8,
        Err(_) => {}
    }
    let score = |enc: &'static Encoding| -> i64 {
        let (text, had_errors) = enc.decode_without_bom_handling(bytes);
        let common = text.chars().filter(|c| COMMON_CHARS.contains(*c)).count() as i64;
        if had_errors { common - 1000 } else { common }
    };
    if score(BIG5) > score(GB18030) {
        BIG5
    } else {
        GB18030
    }
}

/// UTF-16 without a byte-order mark, recognised by its NUL bytes: the high
/// bytes of ASCII characters (tags, digits, spaces) fall on odd offsets
/// (little-endian) or on even ones (big-endian). Text in an 8-bit
/// encoding has no NUL bytes.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    // A sample is enough; the units are counted whole.
    let sample = bytes.get(..4096).unwrap_or(bytes);
    let units = sample.len() / 2;
    if units < 8 {
        return None;
    }
    let (mut even, mut odd) = (0usize, 0usize);
    for pair in sample.chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    // NULs on one side (one unit in sixteen at least), under half as many on
    // the other (一 is U+4E00, the ideographic space U+3000).
    let many = (units / 16).max(2);
    if odd >= many && even * 2 < odd {
        Some(UTF_16LE)
    } else if even >= many && odd * 2 < even {
        Some(UTF_16BE)
    } else {
        None
    }
}

/// Characters frequent in game records, in both simplified and traditional
/// form: pieces, directions, results, numerals.
const COMMON_CHARS: &str =
    "帅帥将將仕士相象马馬车車炮砲兵卒进進退平前后後中一二三四五六七八九红紅黑胜勝负負和局方";

/// Decodes `bytes` with `forced`, or with the detected encoding. Returns the
/// text and the encoding used. A byte-order mark is removed.
pub fn decode_text(bytes: &[u8], forced: Option<&'static Encoding>) -> (String, &'static Encoding) {
    let (text, used) = decode(bytes, forced);
    (text.into_owned(), used)
}

/// [`decode_text`] borrowing the bytes when they are UTF-8 already (validated once).
pub(crate) fn decode<'a>(
    bytes: &'a [u8],
    forced: Option<&'static Encoding>,
) -> (Cow<'a, str>, &'static Encoding) {
    if forced.is_none_or(|e| e == UTF_8)
        && Encoding::for_bom(bytes).is_none()
        && (forced.is_some() || utf16_without_bom(bytes).is_none())
        && let Ok(text) = std::str::from_utf8(bytes)
    {
        return (Cow::Borrowed(text), UTF_8);
    }
    let enc = forced.unwrap_or_else(|| detect_encoding(bytes, true));
    let (text, used, _) = enc.decode(bytes);
    (text, used)
}

/// Decodes UTF-16LE text up to the first NUL code unit (CBR/CBL strings).
pub(crate) fn utf16le_until_nul(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units)
}

/// Whether the encoding is one of the UTF-16 forms (which cannot be streamed line by line).
pub(crate) fn is_utf16(enc: &'static Encoding) -> bool {
    enc == UTF_16LE || enc == UTF_16BE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_each_encoding() {
        let text = "炮二平五 马８进７ 红胜";
        let (gbk, _, _) = GB18030.encode(text);
        let (big5, _, _) = BIG5.encode("炮二平五 馬８進７ 紅勝");
        assert_eq!(detect_encoding(text.as_bytes(), true), UTF_8);
        assert_eq!(detect_encoding(&gbk, true), GB18030);
        assert_eq!(detect_encoding(&big5, true), BIG5);
        let mut bom = vec![0xEF, 0xBB, 0xBF];
        bom.extend_from_slice(text.as_bytes());
        assert_eq!(decode_text(&bom, None).0, text);
        assert_eq!(decode_text(&gbk, None).0, text);
        assert_eq!(decode_text(&big5, None).0, "炮二平五 馬８進７ 紅勝");
    }

    #[test]
    fn utf16_without_a_bom_is_found_by_its_nul_bytes() {
        let text = "[Game \"Chinese Chess\"]\n1. 炮二平五 马８进７ 2. h0g2 红胜\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(detect_encoding(&le, true), UTF_16LE);
        assert_eq!(detect_encoding(&be, true), UTF_16BE);
        assert_eq!(decode_text(&le, None), (text.to_string(), UTF_16LE));
        assert_eq!(decode_text(&be, None), (text.to_string(), UTF_16BE));
        // Mostly Chinese, the ASCII numbers and spaces: still found.
        let zh = "1. 炮二平五 马８进７ 2. 马二进三 车一平二 1-0";
        let le: Vec<u8> = zh.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(detect_encoding(&le, true), UTF_16LE);
        // Binary data with NULs on both sides is not text.
        assert_eq!(utf16_without_bom(&[0u8; 64]), None);
        assert_eq!(detect_encoding(text.as_bytes(), true), UTF_8);
    }

    #[test]
    fn cut_utf8_is_still_utf8_in_a_prefix() {
        let bytes = "马八进七".as_bytes();
        assert_eq!(detect_encoding(&bytes[..4], false), UTF_8);
    }

    #[test]
    fn names_and_utf16() {
        assert_eq!(encoding_by_name("GBK"), Some(GB18030));
        assert_eq!(encoding_by_name("big5"), Some(BIG5));
        assert_eq!(encoding_by_name("utf-8"), Some(UTF_8));
        assert!(encoding_by_name("nonsense").is_none());
        assert_eq!(
            utf16le_until_nul(&[0x41, 0, 0x2D, 0x4E, 0, 0, 0x42, 0]),
            "A中"
        );
        assert!(is_utf16(UTF_16LE));
    }
}
