//! Text encodings of game files: detection (BOM, then valid UTF-8, then
//! GB18030 against Big5 by the characters they yield) and decoding.

use std::borrow::Cow;

use encoding_rs::{BIG5, Encoding, GB18030, UTF_8, UTF_16BE, UTF_16LE};

use crate::words::Words;

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
/// `complete`) or UTF-8 with a few damaged bytes (sixteen characters beyond
/// ASCII to one place that is no UTF-8, at least); else
/// GB18030 or Big5, whichever decodes cleanly and yields more common
/// xiangqi characters (GB18030 on a tie).
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
        Err(_) if mostly_utf8(bytes) => return UTF_8,
        Err(_) => {}
    }
    chinese_guess(bytes).chosen
}

/// How GB18030 and Big5 were weighed against each other for some bytes.
struct ChineseGuess {
    /// The one chosen: the one that decodes cleanly and yields more common
    /// xiangqi characters (GB18030 on a tie).
    chosen: &'static Encoding,
    /// The xiangqi characters each yields, GB18030's then Big5's, and
    /// whether it decodes cleanly.
    counts: [(usize, bool); 2],
}

/// [`detect_encoding`]'s choice between GB18030 and Big5 for `bytes`: a
/// byte that is no character costs a thousand xiangqi characters.
fn chinese_guess(bytes: &[u8]) -> ChineseGuess {
    let count = |enc: &'static Encoding| {
        let (text, had_errors) = enc.decode_without_bom_handling(bytes);
        let common = text.chars().filter(|&c| is_common(c)).count();
        (common, !had_errors)
    };
    let counts = [count(GB18030), count(BIG5)];
    let score = |(common, clean): (usize, bool)| {
        let common = i64::try_from(common).unwrap_or(i64::MAX);
        if clean { common } else { common - 1000 }
    };
    let chosen = if score(counts[1]) > score(counts[0]) {
        BIG5
    } else {
        GB18030
    };
    ChineseGuess { chosen, counts }
}

/// The warning for text whose encoding was guessed between GBK and Big5
/// on little evidence: `bytes`, read as `chosen` by [`detect_encoding`],
/// read cleanly as both, and the xiangqi characters they yield do not set
/// one well above the other (fewer than twice as many and four more), as a
/// file of names and coordinates makes them. It says which was chosen and
/// why, and how to ask for the other. `None` when the guess was clear or
/// not between those two.
pub(crate) fn close_chinese_guess(bytes: &[u8], chosen: &'static Encoding) -> Option<Words> {
    if chosen != GB18030 && chosen != BIG5 {
        return None;
    }
    let guess = chinese_guess(bytes);
    let [(gbk, true), (big5, true)] = guess.counts else {
        return None;
    };
    let (won, lost) = if guess.chosen == BIG5 {
        (big5, gbk)
    } else {
        (gbk, big5)
    };
    if won >= 2 * lost + 4 {
        return None;
    }
    let (chosen, other) = (
        encoding_name(guess.chosen),
        flag(other_chinese(guess.chosen)),
    );
    let why = if gbk == big5 {
        (
            format!("as both yield as many xiangqi characters ({gbk}) and GBK is the more common"),
            format!("两种读法的象棋用字一样多（{gbk}个），而GBK较常见"),
        )
    } else {
        (
            format!("which yields {won} xiangqi characters against {lost}"),
            format!("按它读象棋用字有{won}个，另一种读法有{lost}个"),
        )
    };
    Some(Words::new(
        format!(
            "the text reads cleanly both as GBK (GB18030) and as Big5, and little in it tells which: read as {chosen}, {}; if names or notes look garbled, try --encoding {other}",
            why.0
        ),
        format!(
            "文本按GBK (GB18030)和按Big5读都无误，难以分辨：已按{chosen}读取（{}）；如人名、注释显示为乱码，请改用--encoding {other}",
            why.1
        ),
    ))
}

/// Whether `bytes` read as GBK of the shape simplified-Chinese programs
/// write (XQStudio's XQF files): beyond ASCII only characters of GB2312,
/// two bytes each from 0xA1 up, three ideographs (lead byte 0xB0 up) at
/// least. A Big5 text hardly has that shape: about two of its ideographs
/// in five end in a byte under 0xA1, and a quarter of the common ones
/// start with 0xA4 to 0xAF, where GB2312 has no ideograph.
pub(crate) fn reads_as_gb2312(bytes: &[u8]) -> bool {
    let mut ideographs = 0usize;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b < 0x80 {
            i += 1;
            continue;
        }
        let Some(&trail) = bytes.get(i + 1) else {
            return false;
        };
        if !matches!(b, 0xA1..=0xA9 | 0xB0..=0xF7) || !(0xA1..=0xFE).contains(&trail) {
            return false;
        }
        ideographs += usize::from(b >= 0xB0);
        i += 2;
    }
    ideographs >= 3
}

/// Big5 for GB18030 and GB18030 for Big5.
fn other_chinese(enc: &'static Encoding) -> &'static Encoding {
    if enc == BIG5 { GB18030 } else { BIG5 }
}

/// Whether `bytes` are UTF-8 text with a few damaged bytes: many more
/// characters beyond ASCII than places that are no UTF-8 (sixteen to one).
/// Read as GBK or Big5, such text would turn every character into others;
/// read as UTF-8, only the damaged places are lost. GBK or Big5 text makes
/// valid UTF-8 only here and there by chance, far below that ratio.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut chars, mut damaged) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        chars += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        damaged += usize::from(!chunk.invalid().is_empty());
    }
    chars >= 16 * damaged.max(1)
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
/// form: pieces, directions, results, numerals; in code-point order, for
/// [`is_common`]'s binary search.
const COMMON_CHARS: [char; 43] = [
    '一', '七', '三', '中', '九', '二', '五', '仕', '八', '六', '兵', '前', '勝', '卒', '后', '和',
    '四', '士', '将', '將', '局', '帅', '帥', '平', '後', '方', '炮', '相', '砲', '紅', '红', '胜',
    '象', '負', '负', '車', '车', '进', '退', '進', '馬', '马', '黑',
];

/// Whether `c` is one of [`COMMON_CHARS`], none of which is ASCII: the
/// ASCII characters of a record, most of them, are not searched for.
fn is_common(c: char) -> bool {
    !c.is_ascii() && COMMON_CHARS.binary_search(&c).is_ok()
}

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

/// Why text read with the `forced` encoding is most likely in another, if
/// it shows: bytes that are no text in `forced` (the first such place
/// named), text that is valid UTF-8 read as a legacy encoding (which turns
/// every Chinese character into two or three others), replacement
/// characters (�) already in the text, or text that reads as many more
/// xiangqi characters in the other Chinese encoding. `None` when the text
/// reads cleanly and nothing hints at another encoding, or when its bytes
/// that are no text in `forced` read no better in another (a damaged file). Meant for a
/// command whose user forced an encoding: mojibake says nothing by itself.
///
/// ```
/// use xqarbiter::record::{encoding_by_name, forced_encoding_mismatch};
/// let gbk = encoding_by_name("gbk").unwrap();
/// let why = forced_encoding_mismatch("炮二平五 马８进７".as_bytes(), gbk).unwrap();
/// assert!(why.en.starts_with("the text is valid UTF-8"), "{}", why.en);
/// ```
pub fn forced_encoding_mismatch(bytes: &[u8], forced: &'static Encoding) -> Option<Words> {
    mismatch(bytes, forced, |at| {
        let line = 1 + bytes[..at].iter().filter(|&&b| b == b'\n').count();
        Words::new(
            format!("the byte at offset {at} (line {line})"),
            format!("偏移{at}处的字节（第{line}行）"),
        )
    })
}

/// [`forced_encoding_mismatch`] for text kept in separate pieces, each
/// named by its label (the header strings and comments of a binary
/// record): a byte that is no character is placed by its piece. A
/// character cut off at the end of a piece ([`without_cut_tail`]) is no
/// sign of another encoding.
pub(crate) fn pieces_encoding_mismatch(
    pieces: &[(Words, &[u8])],
    forced: &'static Encoding,
) -> Option<Words> {
    let mut joined = Vec::new();
    let mut starts = Vec::with_capacity(pieces.len());
    for (_, bytes) in pieces {
        starts.push(joined.len());
        joined.extend_from_slice(without_cut_tail(bytes, forced));
        joined.push(b'\n');
    }
    mismatch(&joined, forced, |at| {
        let i = starts.partition_point(|&s| s <= at).saturating_sub(1);
        let (label, k) = (&pieces[i].0, at - starts[i] + 1);
        Words::new(
            format!("byte {k} of {}", label.en),
            format!("{}的第{k}个字节", label.zh),
        )
    })
}

/// `bytes` without the last character if it is cut off: bytes that `enc`
/// reads as no character at the very end (three at most), after text it
/// reads cleanly, as programs leave a string cut to the room they give it.
pub(crate) fn without_cut_tail<'a>(bytes: &'a [u8], enc: &'static Encoding) -> &'a [u8] {
    match first_undecodable(bytes, enc) {
        Some(at) if at + 3 >= bytes.len() && first_undecodable(&bytes[..at], enc).is_none() => {
            &bytes[..at]
        }
        _ => bytes,
    }
}

/// [`forced_encoding_mismatch`], a byte that is no character placed by `at`.
fn mismatch(bytes: &[u8], forced: &'static Encoding, at: impl Fn(usize) -> Words) -> Option<Words> {
    if is_utf16(forced) || bytes.is_ascii() {
        return None;
    }
    let name = encoding_name(forced);
    let utf8 = std::str::from_utf8(bytes);
    if forced != UTF_8 {
        // UTF-8 with a few damaged bytes is still UTF-8 (`mostly_utf8`).
        if utf8.is_err() && mostly_utf8(bytes) {
            let sample = sample_of(bytes, forced);
            // Places: runs of bytes that are no UTF-8, however many sequences.
            let mut damaged = 0;
            let mut in_run = false;
            for chunk in bytes.utf8_chunks() {
                let run_goes_on = in_run && chunk.valid().is_empty();
                damaged += usize::from(!chunk.invalid().is_empty() && !run_goes_on);
                in_run = !chunk.invalid().is_empty();
            }
            let place = at(first_undecodable(bytes, UTF_8).unwrap_or(0));
            let (places, places_zh) = if damaged == 1 {
                (
                    format!("one damaged place, {}", place.en),
                    format!("一处损坏：{}", place.zh),
                )
            } else {
                (
                    format!("{damaged} damaged places, the first {}", place.en),
                    format!("{damaged}处损坏，第一处为{}", place.zh),
                )
            };
            return Some(Words::new(
                format!(
                    "the text is UTF-8 but for {places}; read as {name} its Chinese becomes \
                     other characters ({sample}); try --encoding utf-8, or leave --encoding out"
                ),
                format!(
                    "文本是UTF-8（仅有{places_zh}），按{name}读则中文变成乱码（{sample}）；\
                     可改用 --encoding utf-8，或不加 --encoding"
                ),
            ));
        }
        if utf8.is_ok() {
            let sample = sample_of(bytes, forced);
            return Some(Words::new(
                format!(
                    "the text is valid UTF-8, and read as {name} its Chinese becomes other \
                     characters ({sample}); try --encoding utf-8, or leave --encoding out"
                ),
                format!(
                    "文本是有效的UTF-8，按{name}读则中文变成乱码（{sample}）；\
                     可改用 --encoding utf-8，或不加 --encoding"
                ),
            ));
        }
    } else if let Ok(text) = utf8
        && text.contains('\u{FFFD}')
    {
        return Some(Words::new(
            "the text already holds replacement characters (�): it was read with a wrong \
             encoding before it was saved, and the characters lost there cannot be recovered",
            "文本中已有替换字符（�）：保存之前就曾按错误的编码读过，那里丢失的字无法恢复",
        ));
    }
    let detected = detect_encoding(bytes, true);
    // Bytes that no encoding reads better than the one given are damage,
    // not a sign of another encoding.
    if let Some(offset) = first_undecodable(bytes, forced).filter(|_| detected != forced) {
        let place = at(offset);
        let (hint_en, hint_zh) = clean_elsewhere(bytes, forced);
        return Some(Words::new(
            format!(
                "the text is not valid {name}: {} is no character in it{hint_en}",
                place.en
            ),
            format!("文本不是有效的{name}：{}不是{name}字符{hint_zh}", place.zh),
        ));
    }
    // Both legacy encodings read it: the one with many more xiangqi characters is meant.
    let other = (detected != forced && detected != UTF_8).then_some(detected);
    let other = other.filter(|&e| {
        let (mine, theirs) = (common_chars(bytes, forced), common_chars(bytes, e));
        clean(bytes, e) && theirs >= 2 * mine + 4
    })?;
    let (hint_en, hint_zh) = try_instead(other);
    Some(Words::new(
        format!("read as {name}, the text holds few of the characters game records use{hint_en}"),
        format!("按{name}读，文本中几乎没有棋谱常用的字{hint_zh}"),
    ))
}

/// The hint to try `enc` instead, which reads the text cleanly.
fn try_instead(enc: &'static Encoding) -> (String, String) {
    let (name, flag) = (encoding_name(enc), flag(enc));
    (
        format!("; it reads cleanly as {name}: try --encoding {flag}, or leave --encoding out"),
        format!("；按{name}读则无误：可改用 --encoding {flag}，或不加 --encoding"),
    )
}

/// The `--encoding` value that names `enc`.
fn flag(enc: &'static Encoding) -> &'static str {
    if enc == BIG5 { "big5" } else { "gbk" }
}

/// Which of GBK and Big5, other than `forced`, reads `bytes` cleanly, as a
/// hint: the one that does, or of two that do the one that yields many
/// more xiangqi characters; when nothing tells the two apart (names alone
/// read cleanly as both), says so rather than name one. Nothing when
/// neither does.
fn clean_elsewhere(bytes: &[u8], forced: &'static Encoding) -> (String, String) {
    let clean_ones: Vec<&'static Encoding> = [GB18030, BIG5]
        .into_iter()
        .filter(|&e| e != forced && clean(bytes, e))
        .collect();
    let [gbk, big5] = clean_ones[..] else {
        return clean_ones
            .first()
            .map_or((String::new(), String::new()), |&e| try_instead(e));
    };
    let (g, b) = (common_chars(bytes, gbk), common_chars(bytes, big5));
    if g >= 2 * b + 4 {
        return try_instead(gbk);
    }
    if b >= 2 * g + 4 {
        return try_instead(big5);
    }
    (
        "; it reads cleanly both as GBK (GB18030) and as Big5, and nothing in it tells which \
         (names alone do not): try --encoding gbk or --encoding big5 and look at the names"
            .to_string(),
        "；按GBK (GB18030)和按Big5读都无误，文本中没有能分辨二者的字（仅凭人名无法分辨）：\
         可试 --encoding gbk 或 --encoding big5，看人名是否正确"
            .to_string(),
    )
}

/// The name people know an encoding by (GB18030 reads GBK and GB2312 too).
fn encoding_name(enc: &'static Encoding) -> &'static str {
    if enc == GB18030 {
        "GBK (GB18030)"
    } else {
        enc.name()
    }
}

/// Whether `enc` reads every byte of `bytes` as a character.
fn clean(bytes: &[u8], enc: &'static Encoding) -> bool {
    !enc.decode_without_bom_handling(bytes).1
}

/// How many characters frequent in game records `bytes` hold, read as `enc`.
fn common_chars(bytes: &[u8], enc: &'static Encoding) -> usize {
    let (text, _) = enc.decode_without_bom_handling(bytes);
    text.chars().filter(|&c| is_common(c)).count()
}

/// The offset of the first byte that `enc` reads as no character, if any.
fn first_undecodable(bytes: &[u8], enc: &'static Encoding) -> Option<usize> {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(64);
    let mut read = 0;
    while read < bytes.len() {
        out.clear();
        let (result, n) =
            decoder.decode_to_string_without_replacement(&bytes[read..], &mut out, true);
        match result {
            encoding_rs::DecoderResult::InputEmpty => return None,
            encoding_rs::DecoderResult::OutputFull => {
                read += n;
                out.reserve(64);
            }
            encoding_rs::DecoderResult::Malformed(bad, after) => {
                return Some((read + n).saturating_sub(usize::from(bad) + usize::from(after)));
            }
        }
    }
    None
}

/// The first non-ASCII run of `bytes` as `enc` reads it, a few characters
/// long: what the user sees instead of the Chinese.
fn sample_of(bytes: &[u8], enc: &'static Encoding) -> String {
    let (text, _) = enc.decode_without_bom_handling(bytes);
    let start = text.find(|c: char| !c.is_ascii()).unwrap_or(0);
    text[start..]
        .chars()
        .take_while(|c| !c.is_ascii())
        .take(6)
        .collect()
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
    fn the_common_characters_are_those_of_the_list() {
        let plane = (0..0x1_0000).filter_map(char::from_u32);
        for c in plane {
            assert_eq!(is_common(c), COMMON_CHARS.contains(&c), "{c}");
        }
        assert!(
            COMMON_CHARS.is_sorted(),
            "binary search needs code-point order"
        );
        assert!(COMMON_CHARS.iter().all(|&c| is_common(c)));
    }

    #[test]
    fn a_close_guess_between_gbk_and_big5_is_said_with_its_reason() {
        // Names alone: both read cleanly, no xiangqi character tells.
        let (gbk, _, _) = GB18030.encode("[Red \"胡荣华\"]\n1. h2e2 *\n");
        let w = close_chinese_guess(&gbk, GB18030).unwrap();
        assert_eq!(
            w.en,
            "the text reads cleanly both as GBK (GB18030) and as Big5, and little in it tells \
             which: read as GBK (GB18030), as both yield as many xiangqi characters (0) and GBK \
             is the more common; if names or notes look garbled, try --encoding big5"
        );
        assert_eq!(
            w.zh,
            "文本按GBK (GB18030)和按Big5读都无误，难以分辨：已按GBK (GB18030)读取（两种读法的象棋用字一样多（0个），\
             而GBK较常见）；如人名、注释显示为乱码，请改用--encoding big5"
        );
        let (gbk, _, _) = GB18030.encode("红方：胡荣华\n1. h2e2\n");
        assert!(
            close_chinese_guess(&gbk, GB18030)
                .unwrap()
                .en
                .contains("read as GBK (GB18030), which yields 2 xiangqi characters against 0;"),
        );
        // Moves in Chinese tell, and so do bytes that are no Big5; UTF-8
        // is no guess between the two.
        let (gbk, _, _) = GB18030.encode("1. 炮二平五 马８进７ 2. 马二进三 车９平８\n");
        assert_eq!(close_chinese_guess(&gbk, GB18030), None);
        let (big5, _, _) = BIG5.encode("1. 炮二平五 馬８進７ 2. 馬二進三 車９平８\n");
        assert_eq!(close_chinese_guess(&big5, BIG5), None);
        assert_eq!(
            close_chinese_guess("[Red \"胡荣华\"]".as_bytes(), UTF_8),
            None
        );
    }

    #[test]
    fn gbk_of_gb2312_is_told_from_big5() {
        for text in [
            "无标题",
            "金启昌、李中健\n着法细腻，取胜。",
            "许银川 vs. Lü",
        ] {
            let (gbk, _, _) = GB18030.encode(text);
            assert!(reads_as_gb2312(&gbk), "{text}");
        }
        // Big5, too few ideographs, a character beyond GB2312, a cut character.
        for text in ["許銀川", "胡榮華", "呂欽", "陳", "红方", "炮二平五 𠀀"] {
            let (big5, _, _) = BIG5.encode(text);
            assert!(!reads_as_gb2312(&big5), "Big5 {text}");
        }
        for text in ["红方", "镕 堃", "炮二平五 丂"] {
            let (gbk, _, _) = GB18030.encode(text);
            assert!(!reads_as_gb2312(&gbk), "GBK {text}");
        }
        let (gbk, _, _) = GB18030.encode("许银川");
        assert!(!reads_as_gb2312(&gbk[..5]));
    }

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
    fn utf8_with_a_damaged_byte_is_still_utf8() {
        let text = "[Event \"全国象棋个人赛\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 红胜\n";
        let mut damaged = text.as_bytes().to_vec();
        damaged[30] = 0xFF;
        assert_eq!(detect_encoding(&damaged, true), UTF_8);
        let (read, _) = decode_text(&damaged, None);
        assert!(
            read.contains("马８进７") && read.contains('\u{FFFD}'),
            "{read}"
        );
        // GBK and Big5 text is not taken for damaged UTF-8.
        let (gbk, _, _) = GB18030.encode(text);
        assert_eq!(detect_encoding(&gbk, true), GB18030);
        let (big5, _, _) = BIG5.encode("1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 紅勝");
        assert_eq!(detect_encoding(&big5, true), BIG5);
        // Too few characters to tell: not UTF-8.
        assert_eq!(detect_encoding(b"1. \xc5\xda\xb6\xfe h2e2", true), GB18030);
    }

    #[test]
    fn cut_utf8_is_still_utf8_in_a_prefix() {
        let bytes = "马八进七".as_bytes();
        assert_eq!(detect_encoding(&bytes[..4], false), UTF_8);
    }

    #[test]
    fn a_forced_encoding_the_text_is_not_in_is_told() {
        let text = "[Event \"测试\"]\n1. 炮二平五 马８进７ 红胜\n";
        let (gbk, _, _) = GB18030.encode(text);
        let (big5, _, _) = BIG5.encode("1. 炮二平五 馬８進７ 紅勝\n");
        let why = |bytes: &[u8], enc| forced_encoding_mismatch(bytes, enc).map(|w| w.en);
        // Each text in its own encoding, or ASCII in any: nothing to say.
        assert_eq!(why(text.as_bytes(), UTF_8), None);
        assert_eq!(why(&gbk, GB18030), None);
        assert_eq!(why(&big5, BIG5), None);
        assert_eq!(why(b"1. h2e2 h9g7", GB18030), None);
        // UTF-8 read as a legacy encoding.
        let w = why(text.as_bytes(), GB18030).unwrap();
        assert!(w.starts_with("the text is valid UTF-8"), "{w}");
        // Bytes that are no UTF-8: the place, and the encoding that reads them.
        let w = why(&gbk, UTF_8).unwrap();
        assert!(
            w.starts_with("the text is not valid UTF-8: the byte at offset 8 (line 1)")
                && w.ends_with("try --encoding gbk, or leave --encoding out"),
            "{w}"
        );
        let w = why(&big5, UTF_8).unwrap();
        assert!(
            w.ends_with("try --encoding big5, or leave --encoding out"),
            "{w}"
        );
        // Big5 read as GBK decodes, into few xiangqi characters.
        let w = why(&big5, GB18030).unwrap();
        assert!(w.contains("few of the characters game records use"), "{w}");
        // Replacement characters saved in the text.
        let w = why("1. 炮二平五 马�进７".as_bytes(), UTF_8).unwrap();
        assert!(w.contains("replacement characters"), "{w}");
        assert_eq!(first_undecodable(&gbk, GB18030), None);
        assert_eq!(first_undecodable(&gbk, UTF_8), Some(8));
    }

    #[test]
    fn the_hint_names_an_encoding_only_when_the_text_tells_it() {
        let why = |bytes: &[u8], enc| forced_encoding_mismatch(bytes, enc).unwrap().en;
        // Names alone, in Big5 or in GBK: both read cleanly, nothing tells
        // which; the hint names neither.
        let both = "it reads cleanly both as GBK (GB18030) and as Big5, and nothing in it tells \
                    which (names alone do not): try --encoding gbk or --encoding big5";
        for (enc, names) in [
            (BIG5, "[Red \"許銀川\"]\n"),
            (GB18030, "[Red \"胡荣华\"]\n"),
        ] {
            let (bytes, _, _) = enc.encode(names);
            let w = why(&bytes, UTF_8);
            assert!(w.contains(both), "{w}");
            assert!(!w.contains("reads cleanly as"), "{w}");
        }
        // Moves tell: each is named.
        let (big5, _, _) =
            BIG5.encode("[Red \"許銀川\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８\n");
        let w = why(&big5, UTF_8);
        assert!(
            w.ends_with("; it reads cleanly as Big5: try --encoding big5, or leave --encoding out"),
            "{w}"
        );
        let (gbk, _, _) =
            GB18030.encode("[Red \"胡荣华\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８\n");
        let w = why(&gbk, UTF_8);
        assert!(
            w.ends_with(
                "; it reads cleanly as GBK (GB18030): try --encoding gbk, or leave --encoding out"
            ),
            "{w}"
        );
    }

    #[test]
    fn utf8_with_a_damaged_byte_forced_as_gbk_or_big5_is_told() {
        let text = "[Event \"全国象棋个人赛\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 红胜\n";
        let mut damaged = text.as_bytes().to_vec();
        damaged[30] = 0xFF;
        let w = forced_encoding_mismatch(&damaged, GB18030).unwrap();
        assert!(
            w.en.starts_with(
                "the text is UTF-8 but for one damaged place, the byte at offset 30 (line 1); \
                 read as GBK (GB18030) its Chinese becomes other characters ("
            ) && w
                .en
                .ends_with("try --encoding utf-8, or leave --encoding out"),
            "{}",
            w.en
        );
        assert!(
            w.zh.starts_with("文本是UTF-8（仅有一处损坏：偏移30处的字节（第1行）），按GBK (GB18030)读则中文变成乱码"),
            "{}",
            w.zh
        );
        // A second damaged place, a whole character lost to two bytes, in
        // a longer text (detection wants sixteen characters to a place).
        let at = text.find("马二").unwrap();
        damaged[at] = 0xFE;
        damaged[at + 1] = 0xFE;
        damaged.extend_from_slice(
            "{炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３}\n"
                .repeat(3)
                .as_bytes(),
        );
        let w = forced_encoding_mismatch(&damaged, BIG5).unwrap().en;
        assert!(
            w.starts_with(
                "the text is UTF-8 but for 2 damaged places, the first the byte at offset 30"
            ),
            "{w}"
        );
        // Read as UTF-8, as given, only the replacement is said, as before.
        assert_eq!(forced_encoding_mismatch(&damaged, UTF_8), None);
    }

    #[test]
    fn pieces_are_named_and_a_cut_or_damaged_character_is_no_other_encoding() {
        let (red, _, _) = GB18030.encode("胡荣华");
        let (comment, _, _) = GB18030.encode("炮二平五 马８进７ 红胜");
        let pieces = |red: &[u8]| {
            vec![
                (Words::new("the Red name", "红方名"), red.to_vec()),
                (Words::new("a comment", "注释"), comment.to_vec()),
            ]
        };
        let why = |p: &[(Words, Vec<u8>)], enc| {
            let p: Vec<(Words, &[u8])> = p.iter().map(|(w, b)| (w.clone(), &b[..])).collect();
            pieces_encoding_mismatch(&p, enc).map(|w| w.en)
        };
        assert_eq!(why(&pieces(&red), GB18030), None);
        let w = why(&pieces(&red), UTF_8).unwrap();
        assert!(
            w.starts_with("the text is not valid UTF-8: byte 1 of the Red name is no character")
                && w.ends_with("try --encoding gbk, or leave --encoding out"),
            "{w}"
        );
        // A name cut to its room in the middle of a character: its last
        // byte is no character, which says nothing of the encoding.
        let cut = &red[..red.len() - 1];
        assert_eq!(without_cut_tail(cut, GB18030), &red[..red.len() - 2]);
        assert_eq!(why(&pieces(cut), GB18030), None);
        // One damaged byte inside GBK text that no encoding reads better.
        let mut damaged = comment.to_vec();
        damaged.insert(4, 0xC4);
        damaged.insert(5, b' ');
        assert!(first_undecodable(&damaged, GB18030).is_some());
        assert_eq!(forced_encoding_mismatch(&damaged, GB18030), None);
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
