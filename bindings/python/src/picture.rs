//! A game drawn for people: as text (the `ansi` render mode) and as an RGB image (the
//! `rgb_array` render mode). Both show the board as it is, rank 16 on top, `x` starting
//! bottom right.

use halma::{Game, Hole, Move, Side, Square, StarGame};

/// The width and height of a square of the image, in pixels.
pub const SQUARE_PX: usize = 24;
/// The width and height of the image, in pixels.
pub const IMAGE_PX: usize = 16 * SQUARE_PX;

/// The files' letters, as the text board's header and footer.
const FILES: &str = "    a b c d e f g h i j k l m n o p";

/// The board of `game` as text: rank 16 on top, `x` and `o` for pieces, `+` for an empty
/// camp square, `.` for another empty square; then who is to move, or the outcome (no line
/// break at the end).
///
/// ```
/// let text = halma_python::picture::text(&halma::Game::new());
/// assert!(text.lines().nth(1).unwrap().starts_with("16  o o o o o . ."));
/// assert!(text.ends_with("x to move"));
/// ```
pub fn text(game: &Game) -> String {
    let position = game.position();
    let camps = Side::X.home() | Side::O.home();
    let mut out = String::with_capacity(24 * 40);
    out.push_str(FILES);
    out.push('\n');
    for rank in (0..16u8).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..16u8 {
            let square = Square::new(rank * 16 + file);
            out.push(' ');
            out.push(match position.piece_at(square) {
                Some(side) => side.char(),
                None if camps.contains(square) => '+',
                None => '.',
            });
        }
        out.push_str(&format!("  {}\n", rank + 1));
    }
    out.push_str(FILES);
    out.push('\n');
    let outcome = game.outcome();
    push_status(&mut out, outcome.is_over(), outcome, position.turn());
    out
}

/// The last line of a picture: the `outcome` of a game that is `over`, else who is to move.
fn push_status(out: &mut String, over: bool, outcome: impl std::fmt::Display, turn: Side) {
    if over {
        out.push_str(&outcome.to_string());
    } else {
        out.push_str(&format!("{turn} to move"));
    }
}

/// The star of `game` as text: each hole at its doubled column, a row a line from the top
/// tip (x's home), `x` and `o` for pieces, `.` for an empty hole; then who is to move, or the
/// outcome (no line break at the end).
///
/// ```
/// let game = halma::StarGame::new(halma::StarRules::OpenSpiel);
/// let text = halma_python::picture::star_text(&game);
/// assert_eq!(text.lines().next(), Some("            x"));
/// assert!(text.ends_with("x to move"));
/// ```
pub fn star_text(game: &StarGame) -> String {
    let position = game.position();
    let mut out = String::with_capacity(26 * 18);
    let mut line = String::new();
    let mut row = 0;
    for hole in Hole::all() {
        if hole.row() != row {
            out.push_str(&line);
            out.push('\n');
            line.clear();
            row = hole.row();
        }
        while line.len() < usize::from(hole.column()) {
            line.push(' ');
        }
        line.push(position.piece_at(hole).map_or('.', Side::char));
    }
    out.push_str(&line);
    out.push('\n');
    let outcome = game.outcome();
    push_status(&mut out, outcome.is_over(), outcome, position.turn());
    out
}

/// An RGB colour.
type Rgb = [u8; 3];

const LIGHT: Rgb = [240, 217, 181];
const DARK: Rgb = [181, 136, 99];
const X_PIECE: Rgb = [200, 48, 44];
const O_PIECE: Rgb = [40, 84, 150];
const OUTLINE: Rgb = [30, 30, 30];
const LAST_MOVE: Rgb = [246, 232, 105];

/// `base` mixed with `tint`, `weight` parts in 4 of the tint.
fn mix(base: Rgb, tint: Rgb, weight: u16) -> Rgb {
    let channel = |b: u8, t: u8| ((u16::from(b) * (4 - weight) + u16::from(t) * weight) / 4) as u8;
    [
        channel(base[0], tint[0]),
        channel(base[1], tint[1]),
        channel(base[2], tint[2]),
    ]
}

/// The background colour of `square`: a checkerboard, the camps tinted with their owner's
/// colour, the squares of `last` (the last move) highlighted.
fn background(square: Square, last: Option<Move>) -> Rgb {
    let index = square.index();
    let base = if (index / 16 + index % 16).is_multiple_of(2) {
        DARK
    } else {
        LIGHT
    };
    if last.is_some_and(|mv| mv.from == square || mv.to == square) {
        return mix(base, LAST_MOVE, 3);
    }
    match Side::ALL
        .into_iter()
        .find(|side| side.home().contains(square))
    {
        Some(Side::X) => mix(base, X_PIECE, 1),
        Some(Side::O) => mix(base, O_PIECE, 1),
        None => base,
    }
}

/// The board of `game` as an RGB image, [`IMAGE_PX`] x [`IMAGE_PX`] pixels of 3 bytes, rows
/// from the top (rank 16): each piece a disc of its side's colour (`x` red, `o` blue), the
/// camps tinted, the last move's squares highlighted.
///
/// ```
/// use halma_python::picture::{rgb, IMAGE_PX};
///
/// let image = rgb(&halma::Game::new());
/// assert_eq!(image.len(), IMAGE_PX * IMAGE_PX * 3);
/// ```
pub fn rgb(game: &Game) -> Vec<u8> {
    let position = game.position();
    let last = game.moves().last().copied();
    let mut image = vec![0; IMAGE_PX * IMAGE_PX * 3];
    let centre = (SQUARE_PX as i32 - 1) * 2; // twice the centre, in half pixels
    let radius = SQUARE_PX as i32 * 2 * 3 / 8 * 2; // twice the radius, in half pixels
    for (row, line) in image.chunks_exact_mut(IMAGE_PX * 3).enumerate() {
        let rank = 15 - row / SQUARE_PX;
        let dy = (row % SQUARE_PX) as i32 * 4 - centre;
        for (column, pixel) in line.chunks_exact_mut(3).enumerate() {
            let square = Square::new((rank * 16 + column / SQUARE_PX) as u8);
            let dx = (column % SQUARE_PX) as i32 * 4 - centre;
            let distance = dx * dx + dy * dy;
            let colour = match position.piece_at(square) {
                Some(side) if distance <= radius * radius => {
                    let inner = radius - 6;
                    if distance >= inner * inner {
                        OUTLINE
                    } else if side == Side::X {
                        X_PIECE
                    } else {
                        O_PIECE
                    }
                }
                _ => background(square, last),
            };
            pixel.copy_from_slice(&colour);
        }
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour of the pixel at (`row`, `column`).
    fn pixel(image: &[u8], row: usize, column: usize) -> Rgb {
        let at = (row * IMAGE_PX + column) * 3;
        [image[at], image[at + 1], image[at + 2]]
    }

    /// The pixel at the centre of `name`'s square.
    fn centre(image: &[u8], name: &str) -> Rgb {
        let square: Square = name.parse().unwrap();
        let (rank, file) = (
            usize::from(square.index() / 16),
            usize::from(square.index() % 16),
        );
        pixel(
            image,
            (15 - rank) * SQUARE_PX + SQUARE_PX / 2,
            file * SQUARE_PX + SQUARE_PX / 2,
        )
    }

    #[test]
    fn the_text_board_shows_pieces_camps_and_the_turn() {
        let mut game = Game::new();
        game.play_text("l2-k3").unwrap();
        let text = text(&game);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 19);
        assert_eq!(lines[0], FILES);
        assert_eq!(lines[1], "16  o o o o o . . . . . . . . . . .  16");
        // Rank 3: k3 now holds x, m3-p3 too; rank 2: l2 is an empty camp square.
        assert_eq!(lines[14], " 3  . . . . . . . . . . x . x x x x  3");
        assert_eq!(lines[15], " 2  . . . . . . . . . . . + x x x x  2");
        assert_eq!(lines[18], "o to move");
    }

    #[test]
    fn the_text_board_of_a_finished_game_gives_the_outcome() {
        let mut game = Game::new();
        for _ in 0..2 {
            for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
                game.play_text(text).unwrap();
            }
        }
        assert!(text(&game).ends_with("draw by threefold repetition"));
    }

    #[test]
    fn the_image_shows_pieces_in_their_colours_and_the_last_move() {
        let mut game = Game::new();
        let image = rgb(&game);
        assert_eq!(centre(&image, "p1"), X_PIECE);
        assert_eq!(centre(&image, "a16"), O_PIECE);
        assert!([LIGHT, DARK].contains(&centre(&image, "h8")));
        // The corner pixel of a piece's square is background, tinted as a camp.
        assert_eq!(
            pixel(&image, IMAGE_PX - 1, IMAGE_PX - 1),
            background("p1".parse().unwrap(), None)
        );
        assert_ne!(pixel(&image, IMAGE_PX - 1, IMAGE_PX - 1), LIGHT);
        game.play_text("l2-k3").unwrap();
        let image = rgb(&game);
        assert_eq!(centre(&image, "k3"), X_PIECE);
        let emptied = centre(&image, "l2");
        assert_eq!(
            emptied,
            background("l2".parse().unwrap(), game.moves().last().copied())
        );
        assert_ne!(emptied, background("l2".parse().unwrap(), None));
    }
}
