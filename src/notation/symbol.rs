//! The symbols Chinese and WXF moves are made of, and reading typed text into them.
//!
//! Both notations describe a move as a short sequence of the same symbols:
//! 炮二平五 and `C2.5` are both *cannon, file 2, sideways, 5*; 前炮退二 and `+C-2`
//! are *front, cannon, backward, 2*. Text is read into one bit mask per
//! character holding every symbol the character may stand for (`+` is forward or
//! front, `6` is the digit 6 or the keypad code for the cannon, `a` is the
//! advisor or the first pawn), and a rendered move matches when each of its
//! symbols is allowed by the mask at the same place.

use arrayvec::ArrayVec;

use crate::board::Role;
use crate::text::quoted_char;
use crate::words::Words;

/// One symbol of a Chinese or WXF move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Sym {
    /// A file number or step count, 1–9.
    Digit(u8),
    /// A piece kind.
    Role(Role),
    /// 进 / `+` as a direction.
    Forward,
    /// 退 / `-` as a direction.
    Backward,
    /// 平 / `.` as a direction.
    Sideways,
    /// 前: the piece nearer the opponent.
    Front,
    /// 中: the middle one of three.
    Middle,
    /// 后: the piece nearer its own side.
    Rear,
    /// 一…五: the n-th pawn counted from the front (1–5).
    Ordinal(u8),
}

/// The bits of the digits 1–9 ([`Sym::Digit`]).
const DIGITS: u32 = (1 << 9) - 1;
const ROLE_SHIFT: u32 = 9;
const FORWARD: u32 = 1 << 16;
const BACKWARD: u32 = 1 << 17;
const SIDEWAYS: u32 = 1 << 18;
const FRONT: u32 = 1 << 19;
const MIDDLE: u32 = 1 << 20;
const REAR: u32 = 1 << 21;
const ORDINAL_SHIFT: u32 = 21;

impl Sym {
    /// The bit of this symbol in an input mask.
    pub(crate) fn bit(self) -> u32 {
        match self {
            Sym::Digit(n) => 1 << (n.clamp(1, 9) - 1),
            Sym::Role(r) => 1 << (ROLE_SHIFT + r.index() as u32),
            Sym::Forward => FORWARD,
            Sym::Backward => BACKWARD,
            Sym::Sideways => SIDEWAYS,
            Sym::Front => FRONT,
            Sym::Middle => MIDDLE,
            Sym::Rear => REAR,
            Sym::Ordinal(n) => 1 << (ORDINAL_SHIFT + n.clamp(1, 5) as u32),
        }
    }
}

/// The digits (1–9) a mask allows, in increasing order.
pub(crate) fn digits(mask: u32) -> impl Iterator<Item = u8> {
    let mut bits = mask & DIGITS;
    std::iter::from_fn(move || {
        let n = bits.trailing_zeros();
        bits &= bits.wrapping_sub(1);
        (n < 9).then(|| n as u8 + 1)
    })
}

fn role_bit(r: Role) -> u32 {
    Sym::Role(r).bit()
}

/// The digit `n` (1–9), and the ordinal `n` when it is 1–5.
fn number(n: u8) -> u32 {
    let ordinal = if n <= 5 { Sym::Ordinal(n).bit() } else { 0 };
    Sym::Digit(n).bit() | ordinal
}

/// Which notation a text is written in, as far as the characters tell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    /// Chinese characters (中文纵线).
    Chinese,
    /// Latin letters, digits and `+ - . =` (WXF and its variants).
    Wxf,
}

/// A move text read into symbol masks.
#[derive(Clone, Debug)]
pub(crate) struct Input {
    /// The notation the characters belong to.
    pub family: Family,
    /// One mask per meaningful character.
    pub masks: ArrayVec<u32, 6>,
    /// The same masks with digits also read as keypad piece codes (1 king … 7
    /// pawn), tried only when the plain reading finds nothing: `55.4` is the
    /// middle pawn on file 5 before it is `R5.4`.
    pub keypad: Option<ArrayVec<u32, 6>>,
    /// Whether `=` was used for sideways moves (Fairy-Stockfish style).
    pub equals: bool,
}

/// Maps full-width ASCII forms (`Ｃ２＝５`, `１`) and the ideographic space to ASCII.
pub(crate) fn fold_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        '\u{2212}' | '\u{2013}' | '\u{2014}' => '-',
        _ => c,
    }
}

/// The symbols a character of Chinese notation may stand for.
fn chinese_mask(c: char) -> Option<u32> {
    Some(match c {
        '帅' | '帥' | '将' | '將' => role_bit(Role::King),
        '仕' | '士' => role_bit(Role::Advisor),
        '相' | '象' => role_bit(Role::Elephant),
        '马' | '馬' | '傌' => role_bit(Role::Horse),
        '车' | '車' | '俥' | '硨' => role_bit(Role::Rook),
        '炮' | '砲' | '包' => role_bit(Role::Cannon),
        '兵' | '卒' => role_bit(Role::Pawn),
        '一' | '壹' => number(1),
        '二' | '贰' | '貳' => number(2),
        '三' | '叁' | '參' => number(3),
        '四' | '肆' => number(4),
        '五' | '伍' => number(5),
        '六' | '陆' | '陸' => number(6),
        '七' | '柒' => number(7),
        '八' | '捌' => number(8),
        '九' | '玖' => number(9),
        '进' | '進' | '上' => FORWARD,
        '退' | '下' => BACKWARD,
        '平' => SIDEWAYS,
        '前' => FRONT,
        '中' => MIDDLE,
        '后' | '後' => REAR,
        _ => return None,
    })
}

/// The symbols a character of WXF notation (or one of its variants) may stand for.
fn wxf_mask(c: char) -> Option<u32> {
    Some(match c {
        'K' | 'k' => role_bit(Role::King),
        'A' | 'G' | 'g' => role_bit(Role::Advisor),
        'a' => role_bit(Role::Advisor) | Sym::Ordinal(1).bit(),
        'E' | 'B' | 'M' | 'm' => role_bit(Role::Elephant),
        'b' => role_bit(Role::Elephant) | Sym::Ordinal(2).bit(),
        'e' => role_bit(Role::Elephant) | Sym::Ordinal(5).bit(),
        'H' | 'N' | 'h' | 'n' => role_bit(Role::Horse),
        'R' => role_bit(Role::Rook),
        'r' => role_bit(Role::Rook) | REAR,
        'C' => role_bit(Role::Cannon),
        'c' => role_bit(Role::Cannon) | Sym::Ordinal(3).bit(),
        'd' => Sym::Ordinal(4).bit(),
        'P' | 'p' => role_bit(Role::Pawn),
        'F' | 'f' => FRONT,
        '+' => FORWARD | FRONT,
        '-' => BACKWARD | REAR,
        '.' | '=' => SIDEWAYS | MIDDLE,
        '1'..='9' => Sym::Digit(c as u8 - b'0').bit(),
        _ => return None,
    })
}

/// Characters that separate or decorate moves without meaning anything.
fn is_noise(c: char, family: Family) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '!' | '?' | '#' | '、' | '。' | '，' | '；' | '：' | '·' | '…'
        )
        || (family == Family::Chinese && c.is_ascii_punctuation())
}

/// Reads a move in Chinese or WXF notation into symbol masks. The error is a
/// reason for the user.
pub(crate) fn read(text: &str) -> Result<Input, Words> {
    let family = if text.chars().any(|c| chinese_mask(c).is_some()) {
        Family::Chinese
    } else {
        Family::Wxf
    };
    let mut masks = ArrayVec::new();
    let mut keypad = ArrayVec::<u32, 6>::new();
    let mut has_keypad = false;
    let mut equals = false;
    for raw in text.chars() {
        let c = fold_width(raw);
        if is_noise(c, family) {
            continue;
        }
        let mask = match family {
            Family::Chinese => chinese_mask(c).or_else(|| match c {
                '1'..='9' => Some(number(c as u8 - b'0')),
                _ => None,
            }),
            // A leading `b` may also be "back" (`bc-1`, as some Western books write).
            Family::Wxf if c == 'b' && masks.is_empty() => wxf_mask(c).map(|m| m | REAR),
            Family::Wxf => wxf_mask(c),
        };
        let Some(mask) = mask else {
            let (en, zh) = quoted_char(raw);
            return Err(match family {
                Family::Chinese => Words::new(
                    format!("{en} is not a piece, file, direction or number"),
                    format!("{zh}不是棋子、纵线、方向或数字"),
                ),
                Family::Wxf => Words::new(
                    format!(
                        "{en} is not part of a move (expected coordinates like h2e2, Chinese like 炮二平五 or WXF like C2.5)"
                    ),
                    format!(
                        "{zh}不是着法的一部分（应为坐标如 h2e2、中文纵线如 炮二平五 或 WXF 如 C2.5）"
                    ),
                ),
            });
        };
        equals |= c == '=';
        // Keypad piece codes: 1 king … 7 pawn, in the board's role order.
        let code = match (family, c) {
            (Family::Wxf, '1'..='7') => {
                Role::from_index(c as usize - '1' as usize).map_or(0, role_bit)
            }
            _ => 0,
        };
        has_keypad |= code != 0;
        if masks.try_push(mask).is_err() || keypad.try_push(mask | code).is_err() {
            return Err(Words::new("too long for one move", "一步着法没有这么长"));
        }
    }
    Ok(Input {
        family,
        masks,
        keypad: has_keypad.then_some(keypad),
        equals,
    })
}

/// Reads a text that [`read`] rejects or reads short as `family`, for
/// suggestions: every character but spaces takes a place, one that stands
/// for no symbol of that notation (a stray letter, a dot in Chinese) with an
/// empty mask, so that a slip of the pen keeps the length of the move meant.
/// `None` for more than six places.
pub(crate) fn read_lenient(text: &str, family: Family) -> Option<ArrayVec<u32, 6>> {
    let mut masks = ArrayVec::new();
    for c in text.chars().map(fold_width).filter(|c| !c.is_whitespace()) {
        let mask = match family {
            Family::Chinese => chinese_mask(c).or_else(|| match c {
                '1'..='9' => Some(number(c as u8 - b'0')),
                _ => None,
            }),
            Family::Wxf => wxf_mask(c),
        };
        masks.try_push(mask.unwrap_or(0)).ok()?;
    }
    Some(masks)
}

/// How a text of Chinese notation's characters (digits of either width too)
/// reads, place by place: `None` when a character is none of them.
/// `Some(true)` in the second place for a text holding a Chinese character.
fn chinese_places(text: &str) -> Option<(ArrayVec<u32, 6>, bool)> {
    let mut masks = ArrayVec::new();
    let mut chinese = false;
    for c in text.chars().map(fold_width).filter(|c| !c.is_whitespace()) {
        let mask = match (chinese_mask(c), c) {
            (Some(m), _) => {
                chinese = true;
                m
            }
            (None, '1'..='9') => number(c as u8 - b'0'),
            _ => return None,
        };
        masks.try_push(mask).ok()?;
    }
    Some((masks, chinese))
}

/// Whether `text` can be the head of a Chinese move that stray spaces split
/// (`炮二` of `炮二 平五`, `马` of `马 8 进 7`, `前兵四平` of `前兵四平 五`):
/// Chinese characters (and digits) only, and fewer than make a move: three
/// places at most, or four whose last is a direction.
pub(crate) fn begins_split_move(text: &str) -> bool {
    let Some((masks, true)) = chinese_places(text) else {
        return false;
    };
    match masks.len() {
        1..=3 => true,
        4 => masks[3] & (FORWARD | BACKWARD | SIDEWAYS) == masks[3],
        _ => false,
    }
}

/// Whether `text` may be a Chinese move with a slip of the pen (`马８２７`,
/// `炮二平前`, `２二进三`): Chinese notation's characters (and digits) only,
/// four or five places, as many as a move's, the first of which is no
/// direction, as a move starts with a piece, a file or a marker
/// (`进五五进` is none).
pub(crate) fn slipped_chinese_move(text: &str) -> bool {
    let Some((masks, true)) = chinese_places(text) else {
        return false;
    };
    const DIRECTIONS: u32 = FORWARD | BACKWARD | SIDEWAYS;
    matches!(masks.len(), 4 | 5) && masks[0] & DIRECTIONS != masks[0]
}

/// Whether `text` is a Chinese move short of its last number (`马８进`,
/// `前兵四平`): Chinese notation's characters (and digits) only, three or
/// four places, the first no direction, the last a direction.
pub(crate) fn lacks_last_number(text: &str) -> bool {
    let Some((masks, true)) = chinese_places(text) else {
        return false;
    };
    const DIRECTIONS: u32 = FORWARD | BACKWARD | SIDEWAYS;
    matches!(masks.len(), 3 | 4)
        && masks[0] & DIRECTIONS != masks[0]
        && masks[masks.len() - 1] & DIRECTIONS == masks[masks.len() - 1]
}

/// Whether `text` has the shape of a Chinese move, whether or not it names
/// a legal one (`将５进５`, `前炮退二`): Chinese notation's characters only,
/// four or five places, a direction then a number last, and a piece named
/// before them among places that are pieces, files or markers. A word of
/// prose (`是最常见`) has none of it.
pub(crate) fn shaped_like_chinese_move(text: &str) -> bool {
    const DIRECTIONS: u32 = FORWARD | BACKWARD | SIDEWAYS;
    let Some((masks, true)) = chinese_places(text) else {
        return false;
    };
    let [head @ .., direction, count] = &masks[..] else {
        return false;
    };
    matches!(head.len(), 2 | 3)
        && direction & DIRECTIONS == *direction
        && count & DIGITS != 0
        && head.iter().all(|m| m & DIRECTIONS == 0)
        && head.iter().any(|&m| pure_role(m).is_some())
}

/// Whether the word `word` is talk, not a move however mistyped: a word
/// of letters alone (`ok`, `thanks`: a move in letters has a digit or a
/// sign, `h2e2`, `C+.5`), or of other characters two or more of which,
/// or the first, are no symbol of Chinese notation (`这步怎么样`, `好棋！`,
/// `车来了`, `😀`). A word a character away from a move (`炮二评五`, `马８进`,
/// `h2e`) is no talk: the reader stops at it and says why. Marks after
/// the word (`!`, `？`, `。`) count for nothing.
pub(crate) fn is_talk(word: &str) -> bool {
    let word = word.trim_end_matches(|c: char| is_noise(fold_width(c), Family::Wxf));
    if word.is_empty() {
        return false;
    }
    if word.is_ascii() {
        return !word
            .bytes()
            .any(|b| b.is_ascii_digit() || b"+-.=".contains(&b));
    }
    let symbol = |c: char| {
        let c = fold_width(c);
        c.is_ascii_digit() || chinese_mask(c).is_some()
    };
    !word.chars().next().is_some_and(symbol) || word.chars().filter(|&c| !symbol(c)).count() > 1
}

/// Whether `text` can go on with a split Chinese move: Chinese notation's
/// characters or digits only (`平五`, `8`, `７`).
pub(crate) fn continues_split_move(text: &str) -> bool {
    chinese_places(text).is_some_and(|(masks, _)| !masks.is_empty())
}

/// How many places `text` takes in Chinese notation, if every character is one.
pub(crate) fn chinese_length(text: &str) -> Option<usize> {
    chinese_places(text).map(|(masks, _)| masks.len())
}

impl Input {
    /// Whether `syms` is one reading of `masks` (the plain or the keypad reading).
    pub(crate) fn matches(masks: &[u32], syms: &[Sym]) -> bool {
        syms.len() == masks.len() && syms.iter().zip(masks).all(|(s, &m)| s.bit() & m != 0)
    }

    /// The roles the text may name anywhere (keypad codes included), one bit per role index.
    pub(crate) fn roles(&self) -> u32 {
        let masks = self.keypad.as_ref().unwrap_or(&self.masks);
        masks.iter().fold(0, |acc, m| acc | m) >> ROLE_SHIFT & 0x7F
    }

    /// The role named unambiguously at one of the first two places, if any.
    pub(crate) fn role(&self) -> Option<Role> {
        self.masks.iter().take(2).find_map(|&m| pure_role(m))
    }

    /// Whether the text starts with a position marker (前/中/后, `+`, `-`) before a piece.
    pub(crate) fn marked(&self) -> bool {
        let markers = FRONT | MIDDLE | REAR;
        self.masks.first().is_some_and(|&m| m & markers != 0)
            && self.masks.get(1).copied().and_then(pure_role).is_some()
    }

    /// For four Chinese characters of the plain shape piece, file, direction,
    /// number (`炮二平五`): the piece and the file, when each is the only thing
    /// its character can mean.
    pub(crate) fn chinese_piece_file(&self) -> Option<(Role, u8)> {
        let (Family::Chinese, &[first, second, _, _]) = (self.family, self.masks.as_slice()) else {
            return None;
        };
        let roles = first >> ROLE_SHIFT;
        if first != roles << ROLE_SHIFT || roles.count_ones() != 1 {
            return None;
        }
        let mut files = digits(second);
        let (Some(file), None) = (files.next(), files.next()) else {
            return None;
        };
        let role = Role::from_index(roles.trailing_zeros() as usize)?;
        Some((role, file))
    }

    /// The file digit right after a leading role (`炮二…`, `C2…`), if the text has that shape.
    pub(crate) fn plain_file(&self) -> Option<u8> {
        let first = *self.masks.first()?;
        pure_role(first)?;
        let second = *self.masks.get(1)?;
        (1..=9u8).find(|&n| second & Sym::Digit(n).bit() != 0)
    }
}

/// The role a mask names, when it names exactly one role and nothing else but digits.
fn pure_role(mask: u32) -> Option<Role> {
    let roles = (mask >> ROLE_SHIFT) & 0x7F;
    if roles.count_ones() != 1
        || mask & (FORWARD | BACKWARD | SIDEWAYS | FRONT | MIDDLE | REAR) != 0
    {
        return None;
    }
    Role::from_index(roles.trailing_zeros() as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn talk_is_told_from_mistyped_moves() {
        for word in [
            "这步怎么样",
            "好棋！",
            "车来了",
            "等一下",
            "😀",
            "ok",
            "thanks!",
        ] {
            assert!(is_talk(word), "{word}");
        }
        for word in [
            "炮二评五",
            "马８进",
            "炮二平五",
            "h2e",
            "C+.5",
            "1.",
            "!?",
            "马8进",
        ] {
            assert!(!is_talk(word), "{word}");
        }
    }

    #[test]
    fn a_character_no_font_shows_is_named_by_its_code_point() {
        let why = read("马８进\u{7}").unwrap_err();
        assert_eq!(
            why.en,
            "the invisible character U+0007 is not a piece, file, direction or number"
        );
        assert_eq!(why.zh, "不可见字符U+0007不是棋子、纵线、方向或数字");
        let why = read("h2\u{200B}e2").unwrap_err();
        assert!(
            why.en
                .starts_with("the invisible character U+200B is not part of a move"),
            "{}",
            why.en
        );
        let why = read("马８进\u{E000}").unwrap_err();
        assert!(
            why.en.starts_with("the invisible character U+E000"),
            "{}",
            why.en
        );
        assert!(
            read("马８进x")
                .unwrap_err()
                .en
                .starts_with("'x' is not a piece")
        );
        let why = read("马８进\u{FFFD}").unwrap_err();
        assert!(why.en.starts_with("'�' (bytes that the text's encoding reads as no character: the file is damaged there, or in another encoding) is not a piece"), "{}", why.en);
    }

    #[test]
    fn chinese_and_wxf_read_to_the_same_symbols() {
        let syms = [
            Sym::Role(Role::Cannon),
            Sym::Digit(2),
            Sym::Sideways,
            Sym::Digit(5),
        ];
        for text in ["炮二平五", "砲２平５", "C2.5", "C2=5", "Ｃ２＝５", "c2.5"] {
            let input = read(text).unwrap();
            assert!(Input::matches(&input.masks, &syms), "{text}");
        }
        let keypad = read("62.5").unwrap();
        assert!(!Input::matches(&keypad.masks, &syms));
        assert!(Input::matches(keypad.keypad.as_ref().unwrap(), &syms));
        let (c, a, r) = (Role::Cannon, Role::Advisor, Role::Rook);
        assert_eq!(
            keypad.roles(),
            1 << c.index() | 1 << a.index() | 1 << r.index()
        );
        assert_eq!(read("炮二平五").unwrap().family, Family::Chinese);
        assert_eq!(read("C2.5").unwrap().family, Family::Wxf);
        assert!(read("C2=5").unwrap().equals);
    }

    #[test]
    fn digits_of_a_mask() {
        assert_eq!(
            digits(read("五").unwrap().masks[0]).collect::<Vec<_>>(),
            [5]
        );
        assert_eq!(
            digits(number(1) | number(9) | FORWARD).collect::<Vec<_>>(),
            [1, 9]
        );
        assert_eq!(digits(FRONT).count(), 0);
    }

    #[test]
    fn markers_and_directions_share_characters() {
        let input = read("C+-2").unwrap();
        let syms = [
            Sym::Role(Role::Cannon),
            Sym::Front,
            Sym::Backward,
            Sym::Digit(2),
        ];
        assert!(Input::matches(&input.masks, &syms));
        let plain = [
            Sym::Role(Role::Cannon),
            Sym::Digit(2),
            Sym::Backward,
            Sym::Digit(2),
        ];
        assert!(!Input::matches(&input.masks, &plain));
        let pawn = [
            Sym::Role(Role::Pawn),
            Sym::Ordinal(1),
            Sym::Sideways,
            Sym::Digit(5),
        ];
        assert!(Input::matches(&read("Pa.5").unwrap().masks, &pawn));
        assert!(!Input::matches(&read("P1.5").unwrap().masks, &pawn));
    }

    #[test]
    fn traditional_glyphs_and_punctuation() {
        let input = read("前 俥 進 ３。").unwrap();
        let syms = [
            Sym::Front,
            Sym::Role(Role::Rook),
            Sym::Forward,
            Sym::Digit(3),
        ];
        assert!(Input::matches(&input.masks, &syms));
        assert_eq!(input.role(), Some(Role::Rook));
        assert_eq!(read("車九平八").unwrap().plain_file(), Some(9));
    }

    #[test]
    fn a_lenient_reading_keeps_every_character_in_its_place() {
        let strict = read("炮二平五").unwrap().masks;
        let slip = read_lenient("炮二.五", Family::Chinese).unwrap();
        assert_eq!(slip.len(), 4);
        assert_eq!(
            (slip[0], slip[1], slip[2], slip[3]),
            (strict[0], strict[1], 0, strict[3])
        );
        let mixed = read_lenient("C2.马", Family::Wxf).unwrap();
        assert_eq!(mixed[..3], read("C2.5").unwrap().masks[..3]);
        assert_eq!(mixed[3], 0);
        assert!(
            read_lenient("C2.5 C2.5", Family::Wxf).is_none(),
            "eight places"
        );
    }

    #[test]
    fn explains_unknown_characters() {
        let why = read("炮二平X").unwrap_err();
        assert!(why.en.contains("'X'") && why.zh.contains("“X”"), "{why:?}");
        assert!(read("C2.5x").unwrap_err().en.contains("'x'"));
        assert!(read("C2.5C2.5").unwrap_err().en.contains("too long"));
    }
}
