//! Drawing the board as text, with or without ANSI colour: the game's board, and parts of
//! boards for the rules' diagrams.
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

use halma::{File, Game, Move, Position, Rank, Side, Square};

use crate::text::{self, Words};

const RESET: &str = "\x1b[0m";
const X_PIECE: &str = "1;38;5;203";
const O_PIECE: &str = "1;38;5;81";
const EMPTY: &str = "38;5;244";
const CAMP_X: &str = "48;5;52";
const CAMP_O: &str = "48;5;17";
const PATH: &str = "48;5;58";
const PATH_MARK: &str = "1;38;5;227";

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
    pub fn describe(&self, words: Words) -> String {
        text::describe_move(words, self.mv, &self.path)
    }
}

/// A rectangle of the board: its bottom-left and top-right squares' files and ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Files from..=to.
    pub files: (File, File),
    /// Ranks from..=to.
    pub ranks: (Rank, Rank),
}

impl View {
    /// The whole board.
    pub const BOARD: View = View {
        files: (File::ALL[0], File::ALL[15]),
        ranks: (Rank::ALL[0], Rank::ALL[15]),
    };

    /// The rectangle between two corner squares, `"f6-j10"`; `None` if it is not that.
    pub fn parse(text: &str) -> Option<View> {
        let (low, high) = text.split_once('-')?;
        let (low, high): (Square, Square) = (low.parse().ok()?, high.parse().ok()?);
        let files = (low.file_of(), high.file_of());
        let ranks = (low.rank_of(), high.rank_of());
        (files.0 <= files.1 && ranks.0 <= ranks.1).then_some(View { files, ranks })
    }
}

/// How a square looks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cell {
    /// The piece on it.
    pub piece: Option<Side>,
    /// The camp it belongs to.
    pub camp: Option<Side>,
    /// The piece is drawn in capitals (it moved, or a diagram is about it).
    pub capital: bool,
    /// What an empty square shows instead of `+` or `.`.
    pub mark: Option<char>,
    /// Highlighted (a move's path).
    pub lit: bool,
}

impl Cell {
    /// The square's cell in `position`, before any marks.
    pub fn of(position: &Position, square: Square) -> Cell {
        Cell {
            piece: position.piece_at(square),
            camp: Side::ALL
                .into_iter()
                .find(|side| side.home().contains(square)),
            ..Cell::default()
        }
    }

    /// The character drawn for the square.
    fn glyph(&self) -> char {
        match (self.piece, self.mark) {
            (Some(side), _) if self.capital => side.char().to_ascii_uppercase(),
            (Some(side), _) => side.char(),
            (None, Some(mark)) => mark,
            (None, None) if self.camp.is_some() => '+',
            (None, None) => '.',
        }
    }

    /// The ANSI SGR codes for the square.
    fn codes(&self) -> String {
        let fg = match self.piece {
            Some(Side::X) => X_PIECE,
            Some(Side::O) => O_PIECE,
            None if self.lit => PATH_MARK,
            None => EMPTY,
        };
        let bg = if self.lit {
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

    /// The two characters of a cell: a space and the glyph, coloured or not.
    fn paint(&self, colour: bool) -> String {
        if colour {
            format!("\x1b[{}m {}{RESET}", self.codes(), self.glyph())
        } else {
            format!(" {}", self.glyph())
        }
    }
}

/// The squares of `view` as text lines, rank labels at both sides and file letters above
/// and below, each square drawn as `cell` says, with ANSI colour when `colour` is set.
pub fn grid(view: View, colour: bool, cell: impl Fn(Square) -> Cell) -> String {
    let files = &File::ALL[view.files.0.index() as usize..=view.files.1.index() as usize];
    let ranks = &Rank::ALL[view.ranks.0.index() as usize..=view.ranks.1.index() as usize];
    let letters: String = files.iter().map(|file| format!(" {file}")).collect();
    let header = format!("   {letters}\n");
    let mut text = header.clone();
    for &rank in ranks.iter().rev() {
        text.push_str(&format!("{rank:>2} "));
        for &file in files {
            text.push_str(&cell(Square::at(file, rank)).paint(colour));
        }
        text.push_str(&format!("  {rank}\n"));
    }
    text.push_str(&header);
    text
}

/// The board of `game` as text lines, its last move marked, with ANSI colour when `colour`
/// is set.
pub fn draw(game: &Game, colour: bool) -> String {
    let last = LastMove::of(game);
    let path = last
        .as_ref()
        .map(|last| last.path.as_slice())
        .unwrap_or(&[]);
    grid(View::BOARD, colour, |square| {
        let on_path = path.contains(&square);
        Cell {
            capital: path.last() == Some(&square),
            mark: on_path.then_some('*'),
            lit: on_path,
            ..Cell::of(game.position(), square)
        }
    })
}

/// The key under the board.
pub fn legend(words: Words, human: Side) -> String {
    let sides = words.format(
        "play.legend.sides",
        &[
            ("human", &human),
            ("human_home", &text::home(words, human)),
            ("computer", &human.other()),
            ("computer_home", &text::home(words, human.other())),
        ],
    );
    format!("{sides}\n{}", words.text("play.legend.marks"))
}
