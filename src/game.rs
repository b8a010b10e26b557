//! [`Game`]: a position with its history, repetitions and outcome.

use thiserror::Error;

use crate::history::History;
use crate::moves::{Move, MoveList};
use crate::notation::{MoveText, ParseMoveError};
use crate::position::{IllegalMoveError, ParseLegalMoveError, Position};
use crate::side::Side;

/// How a game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// A side has filled its goal camp.
    Win(Side),
    /// The game is drawn.
    Draw(Draw),
}

/// Why a game is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Draw {
    /// A position (placement and side to move) occurred for the third time.
    Repetition,
    /// The side to move has no legal move.
    NoMoves,
}

impl Outcome {
    /// Whether the game has ended.
    #[inline]
    pub const fn is_over(self) -> bool {
        !matches!(self, Outcome::Ongoing)
    }

    /// The side that won, if a side has.
    #[inline]
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(side) => Some(side),
            _ => None,
        }
    }

    /// How the game stands, as a stable code for programs: `"ongoing"`, `"win"` or
    /// `"draw"`. With [`winner`](Outcome::winner), [`reason`](Outcome::reason) and
    /// [`reason_code`](Outcome::reason_code) it is the outcome every binding shows
    /// (`{result, winner, reason, reason_code}` in the JSON of the online game and of
    /// `halma.js`).
    ///
    /// ```
    /// use halma::{Draw, Outcome, Side};
    ///
    /// assert_eq!(Outcome::Ongoing.result_code(), "ongoing");
    /// assert_eq!(Outcome::Win(Side::O).result_code(), "win");
    /// assert_eq!(Outcome::Draw(Draw::Repetition).result_code(), "draw");
    /// ```
    pub const fn result_code(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Win(_) => "win",
            Outcome::Draw(_) => "draw",
        }
    }

    /// Why the game ended, as a stable code a host can translate: `"goal_camp"` (a win),
    /// `"repetition"` or `"no_moves"` (draws); `None` while it goes on.
    ///
    /// ```
    /// use halma::{Draw, Outcome, Side};
    ///
    /// assert_eq!(Outcome::Win(Side::X).reason_code(), Some("goal_camp"));
    /// assert_eq!(Outcome::Draw(Draw::NoMoves).reason_code(), Some("no_moves"));
    /// assert_eq!(Outcome::Ongoing.reason_code(), None);
    /// ```
    pub const fn reason_code(self) -> Option<&'static str> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Win(_) => Some("goal_camp"),
            Outcome::Draw(Draw::Repetition) => Some("repetition"),
            Outcome::Draw(Draw::NoMoves) => Some("no_moves"),
        }
    }

    /// Why the game ended, in English; `None` while it goes on.
    ///
    /// ```
    /// use halma::{Outcome, Side};
    ///
    /// let reason = Outcome::Win(Side::O).reason();
    /// assert_eq!(reason.as_deref(), Some("all 19 o pieces stand in their goal camp"));
    /// ```
    pub fn reason(self) -> Option<String> {
        match self {
            Outcome::Ongoing => None,
            Outcome::Win(side) => Some(format!("all 19 {side} pieces stand in their goal camp")),
            Outcome::Draw(Draw::Repetition) => {
                Some("the same position occurred for the third time".to_owned())
            }
            Outcome::Draw(Draw::NoMoves) => Some("the side to move has no legal move".to_owned()),
        }
    }
}

impl core::fmt::Display for Outcome {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Outcome::Ongoing => "the game goes on",
            Outcome::Win(Side::X) => "x wins",
            Outcome::Win(Side::O) => "o wins",
            Outcome::Draw(Draw::Repetition) => "draw by threefold repetition",
            Outcome::Draw(Draw::NoMoves) => "draw: the side to move has no legal move",
        })
    }
}

/// A game: the position it started from, the moves played, and the outcome.
///
/// The game ends when a side fills its goal camp, when a position occurs for the third time,
/// or when the side to move has no legal move. Moves can be taken back, also out of a
/// finished game.
///
/// ```
/// use halma::{Game, Outcome};
///
/// let mut game = Game::new();
/// game.play_text("l2-k3")?;
/// game.play_text("e15-f14")?;
/// assert_eq!(game.moves().len(), 2);
/// assert_eq!(game.outcome(), Outcome::Ongoing);
/// game.undo()?;
/// assert_eq!(game.position().turn(), halma::Side::O);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    history: History<Position, Move>,
    outcome: Outcome,
}

impl Game {
    /// A game from the start position.
    pub fn new() -> Game {
        Game::from_position(Position::start())
    }

    /// A game starting from `position`. A position that fills a side's goal camp is a game
    /// already won by that side; one whose side to move has no move is already drawn.
    pub fn from_position(position: Position) -> Game {
        let mut game = Game {
            history: History::new(position),
            outcome: Outcome::Ongoing,
        };
        game.outcome = game.judge();
        game
    }

    /// The outcome of the current position in the light of the history.
    fn judge(&self) -> Outcome {
        let position = self.position();
        if let Some(winner) = position.winner() {
            Outcome::Win(winner)
        } else if self.occurrences(position) >= 3 {
            Outcome::Draw(Draw::Repetition)
        } else if !position.has_legal_move() {
            Outcome::Draw(Draw::NoMoves)
        } else {
            Outcome::Ongoing
        }
    }

    /// How many times `position` occurs in the game so far, the current position included.
    /// Constant time, whatever the game's length.
    pub fn occurrences(&self, position: &Position) -> usize {
        self.history.occurrences(position)
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        self.history.position()
    }

    /// The position the game started from.
    #[inline]
    pub fn start_position(&self) -> &Position {
        &self.history.positions()[0]
    }

    /// Every position of the game in order, from the start to the current one.
    #[inline]
    pub fn positions(&self) -> &[Position] {
        self.history.positions()
    }

    /// The moves played, in order.
    #[inline]
    pub fn moves(&self) -> &[Move] {
        self.history.turns()
    }

    /// The outcome so far.
    #[inline]
    pub fn outcome(&self) -> Outcome {
        self.outcome
    }

    /// The legal moves; none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome.is_over() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Plays `mv`, or says why not (game over, illegal move) and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if self.outcome.is_over() {
            return Err(PlayError::GameOver);
        }
        let mut position = *self.position();
        position.play(mv)?;
        self.history.push(mv, position);
        self.outcome = self.judge();
        Ok(())
    }

    /// Reads move text (`from-to` or a hop path) as a legal move of the game now.
    ///
    /// Errors come in the order: text that is not move text, game over, illegal move.
    ///
    /// ```
    /// use halma::{Game, PlayError};
    ///
    /// let mut game = Game::new();
    /// game.play_text("m3-l3")?;
    /// game.play_text("b14-d12")?;
    /// // x's o1 jumps over n2 to m3, then over l2 to k1.
    /// assert_eq!(game.parse_move("o1-m3-k1")?.to_string(), "o1-k1");
    /// assert!(matches!(game.parse_move("o1+m3"), Err(PlayError::Syntax(_))));
    /// assert!(matches!(game.parse_move("o1-m4"), Err(PlayError::Illegal(_))));
    /// # Ok::<(), PlayError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        let text: MoveText = text.parse()?;
        if self.outcome.is_over() {
            return Err(PlayError::GameOver);
        }
        Ok(self.position().check_move_text(&text)?)
    }

    /// Plays move text (`from-to` or a hop path) and returns the move; errors as
    /// [`parse_move`](Game::parse_move) gives them.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let mv = self.parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Takes back the last move (also out of a finished game) and returns it.
    pub fn undo(&mut self) -> Result<Move, NothingToUndoError> {
        let mv = self.history.pop().ok_or(NothingToUndoError)?;
        self.outcome = self.judge();
        Ok(mv)
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// A move a [`Game`] refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move text is not move text.
    #[error("invalid move text: {0}")]
    Syntax(#[from] ParseMoveError),
    /// The game has ended; no move can be played.
    #[error("the game is over")]
    GameOver,
    /// The move is not legal in the current position.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalMoveError),
}

impl From<ParseLegalMoveError> for PlayError {
    fn from(error: ParseLegalMoveError) -> PlayError {
        match error {
            ParseLegalMoveError::Syntax(e) => PlayError::Syntax(e),
            ParseLegalMoveError::Illegal(e) => PlayError::Illegal(e),
        }
    }
}

/// Undo at the start of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("there is no move to undo")]
pub struct NothingToUndoError;

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::history::COMPARISONS;

    /// A game of `plies` moves in which no position occurs a third time and nobody wins:
    /// each move the first of the legal moves, from a point that walks pseudo-randomly,
    /// that leaves the game going on.
    fn walk(plies: usize) -> Game {
        let mut game = Game::new();
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        while game.moves().len() < plies {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let moves = game.legal_moves();
            let first = (seed % moves.len() as u64) as usize;
            let played = (0..moves.len()).any(|i| {
                game.play(moves[(first + i) % moves.len()])
                    .expect("a legal move");
                if game.outcome().is_over() {
                    game.undo().expect("the move just played");
                    return false;
                }
                true
            });
            assert!(
                played,
                "no move keeps the game going at ply {}",
                game.moves().len()
            );
        }
        game
    }

    #[test]
    fn a_record_of_100_000_plies_reads_in_linear_time() {
        const PLIES: usize = 100_000;
        let text = walk(PLIES).to_record();
        COMPARISONS.with(|count| count.set(0));
        let game = Game::from_record(&text).expect("the record reads");
        let comparisons = COMPARISONS.with(Cell::get);
        assert_eq!(game.moves().len(), PLIES);
        assert_eq!(game.outcome(), Outcome::Ongoing);
        // A position is looked up in the counts when it is played and when the game is
        // judged: about two comparisons a ply, where scanning the game made 5e9.
        assert!(
            comparisons <= 3 * PLIES as u64,
            "{comparisons} positions compared to read {PLIES} plies"
        );
    }

    #[test]
    fn the_counts_follow_play_and_undo() {
        let mut game = walk(300);
        let scanned = |game: &Game, position: &Position| {
            game.positions().iter().filter(|p| *p == position).count()
        };
        for _ in 0..150 {
            for position in game.positions() {
                assert_eq!(game.occurrences(position), scanned(&game, position));
            }
            game.undo().expect("a move to undo");
        }
        let gone = *walk(300).position();
        assert_eq!(game.occurrences(&gone), scanned(&game, &gone));
        // A position played three times ends the game; undone, it goes on.
        let mut game = Game::new();
        for _ in 0..2 {
            for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
                game.play_text(text).unwrap();
            }
        }
        assert_eq!(game.occurrences(&Position::start()), 3);
        assert_eq!(game.outcome(), Outcome::Draw(Draw::Repetition));
        game.undo().unwrap();
        assert_eq!(game.occurrences(&Position::start()), 2);
        assert_eq!(game.outcome(), Outcome::Ongoing);
    }
}
