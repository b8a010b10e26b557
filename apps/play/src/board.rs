//! Drawing the board as text, with or without ANSI colour.
//!
//! Plain text, rank 16 on top:
//!
//! ```text
//!     a b c d e f g h i j k l m n o p
//! 16  o o o o o . . . . . . . . . . .  16
//! ...
//!  2  . . . . . . . . . . . * + x x x  2
//!  1  . . . . . . . . . . . x x x x x  1
//!     a b c d e f g h i j k l m n o p
//! ```
//!
//! `+` is an empty camp square, `*` a square the last move left or landed on, and the piece
//! that moved is drawn in capitals. With colour the camps are tinted, so they stay marked
//! when full, and the last move's squares are highlighted.

use halma::{File, Game, Move, Rank, Side, Square};

const RESET: &str = "\x1b[0m";
const X_PIECE: &str = "1;38;5;203";
const O_PIECE: &str = "1;38;5;81";
const EMPTY: &str = "38;5;244";
const CAMP_X: &str = "48;5;52";
const CAMP_O: &str = "48;5;17";
const PATH: &str = "48;5;58";
const PATH_MARK: &str = "1;38;5;227";
const FILES: &str = "    a b c d e f g h i j k l m n o p";

/// The last move of `game`: who played it, the move, and its squares (origin, each landing
/// square, destination).
pub struct LastMove {
    /// The side that played it.
    pub side: Side,
    /// The move.
    pub mv: Move,
    /// Origin, landing squares, destination.
    pub path: Vec<Square>,
}

impl LastMove {
    /// The last move of `game`, if any.
    pub fn of(game: &Game) -> Option<LastMove> {
        let &mv = game.moves().last()?;
        let before = game.positions().iter().rev().nth(1)?;
        let path = before.jump_path(mv).unwrap_or_else(|| vec![mv.from, mv.to]);
        Some(LastMove {
            side: before.turn(),
            mv,
            path,
        })
    }

    /// `"e15-f14"`, or `"n2-n6 via n4"` for a chain of jumps.
    pub fn describe(&self) -> String {
        describe(self.mv, &self.path)
    }
}

/// `mv` with the landing squares of its `path` (origin, landings, destination), if any:
/// `"e15-f14"`, `"n2-n6 via n4"`, `"n2-n10 via n4, n6, n8"`.
pub fn describe(mv: Move, path: &[Square]) -> String {
    let mut text = mv.to_string();
    let landings = &path[1.min(path.len())..path.len().saturating_sub(1)];
    if !landings.is_empty() {
        let names: Vec<String> = landings.iter().map(Square::to_string).collect();
        text.push_str(" via ");
        text.push_str(&names.join(", "));
    }
    text
}

/// How a square looks.
struct Cell {
    piece: Option<Side>,
    camp: Option<Side>,
    on_path: bool,
    destination: bool,
}

impl Cell {
    /// The character drawn for the square.
    fn glyph(&self) -> char {
        match self.piece {
            Some(side) if self.destination => side.char().to_ascii_uppercase(),
            Some(side) => side.char(),
            None if self.on_path => '*',
            None if self.camp.is_some() => '+',
            None => '.',
        }
    }

    /// The ANSI SGR codes for the square.
    fn codes(&self) -> String {
        let fg = match self.piece {
            Some(Side::X) => X_PIECE,
            Some(Side::O) => O_PIECE,
            None if self.on_path => PATH_MARK,
            None => EMPTY,
        };
        let bg = if self.on_path {
            Some(PATH)
        } else {
            match self.camp {
                Some(Side::X) => Some(CAMP_X),
                Some(Side::O) => Some(CAMP_O),
                None => None,
            }
        };
        match bg {
            Some(bg) => format!("{fg};{bg}"),
            None => fg.to_owned(),
        }
    }
}

/// The board of `game` as text lines, with ANSI colour when `colour` is set.
pub fn draw(game: &Game, colour: bool) -> String {
    let last = LastMove::of(game);
    let path = last
        .as_ref()
        .map(|last| last.path.as_slice())
        .unwrap_or(&[]);
    let mut text = String::new();
    text.push_str(FILES);
    text.push('\n');
    for rank in Rank::ALL.into_iter().rev() {
        text.push_str(&format!("{rank:>2} "));
        for file in File::ALL {
            let cell = cell(game, Square::at(file, rank), path);
            text.push_str(&paint(&cell, colour));
        }
        text.push_str(&format!("  {rank}\n"));
    }
    text.push_str(FILES);
    text.push('\n');
    text
}

/// What is on `square`, given the last move's `path`.
fn cell(game: &Game, square: Square, path: &[Square]) -> Cell {
    let camp = Side::ALL
        .into_iter()
        .find(|side| side.home().contains(square));
    Cell {
        piece: game.position().piece_at(square),
        camp,
        on_path: path.contains(&square),
        destination: path.last() == Some(&square),
    }
}

/// The two characters of a cell: a space and the glyph, coloured or not.
fn paint(cell: &Cell, colour: bool) -> String {
    if colour {
        format!("\x1b[{}m {}{RESET}", cell.codes(), cell.glyph())
    } else {
        format!(" {}", cell.glyph())
    }
}

/// The key under the board.
pub fn legend(human: Side) -> String {
    format!(
        "you are {human} (home camp {}), the computer is {} (home camp {})\n\
         + empty camp square, * a square the last move left or landed on, \
         capital: the piece that moved",
        home_name(human),
        human.other(),
        home_name(human.other()),
    )
}

/// Where a side's home camp is.
pub fn home_name(side: Side) -> &'static str {
    match side {
        Side::X => "bottom right",
        Side::O => "top left",
    }
}
