//! Colours, piece roles and pieces.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use crate::words::UnknownName;

/// A side: Red moves first, Black second.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// Red (upper-case letters in FEN, at the bottom of the board).
    Red = 0,
    /// Black (lower-case letters in FEN, at the top).
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// 0 for Red, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN side-to-move letter, `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }

    /// English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// Chinese name, 红 or 黑.
    pub const fn name_zh(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
}

impl fmt::Display for Color {
    /// `red` or `black`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Color {
    type Err = UnknownName;

    /// `red` or `black` (case-insensitive), or 红 or 黑.
    fn from_str(s: &str) -> Result<Color, UnknownName> {
        Color::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(s) || c.name_zh() == s)
            .ok_or_else(|| UnknownName::new("colour", s, "red or black (or 红 or 黑)"))
    }
}

/// What kind of piece, independent of colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// 帅/将, general.
    King = 0,
    /// 仕/士, guard.
    Advisor = 1,
    /// 相/象, minister.
    Elephant = 2,
    /// 马, knight.
    Horse = 3,
    /// 车, chariot.
    Rook = 4,
    /// 炮, catapult.
    Cannon = 5,
    /// 兵/卒, soldier.
    Pawn = 6,
}

impl Role {
    /// All roles, king first.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    /// 0–6.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The role with index `i`.
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < 7 { Some(Role::ALL[i]) } else { None }
    }

    /// Upper-case FEN letter (`K A B N R C P`).
    pub const fn upper_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Rook => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// Reads a FEN letter of either case; `H` and `E` are accepted for horse and elephant.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::King,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Rook,
            'C' => Role::Cannon,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    /// The most pieces of this role one side has in the initial position.
    pub const fn max_count(self) -> u32 {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// English name.
    pub const fn name(self) -> &'static str {
        match self {
            Role::King => "king",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Rook => "rook",
            Role::Cannon => "cannon",
            Role::Pawn => "pawn",
        }
    }
}

/// A coloured piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Dense index 0–13: Red pieces 0–6, Black pieces 7–13.
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }

    /// The FEN letter: upper case for Red.
    pub fn fen_char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter (`H`/`E` accepted as aliases).
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece::new(color, role))
    }

    /// The Chinese character for this piece (帅仕相马车炮兵 for Red, 将士象马车炮卒 for Black).
    pub const fn chinese(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::King) => '帅',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Red, Role::Elephant) => '相',
            (Color::Red, Role::Pawn) => '兵',
            (Color::Black, Role::King) => '将',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Pawn) => '卒',
            (_, Role::Horse) => '马',
            (_, Role::Rook) => '车',
            (_, Role::Cannon) => '炮',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}
