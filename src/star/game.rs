//! [`StarGame`]: a star position with its history, the passes of a side without a move,
//! repetitions, OpenSpiel's turn limit and the outcome.

use core::fmt;

use thiserror::Error;

use crate::game::NothingToUndoError;
use crate::history::History;
use crate::side::Side;

use super::moves::{ParseStarMoveError, StarMove, StarMoveList};
use super::position::{IllegalStarMoveError, ParseLegalStarMoveError, StarPosition};
use super::rules::StarRules;

/// How a star game stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StarOutcome {
    /// The game goes on.
    Ongoing,
    /// A side has won (see [`StarPosition::winner`]).
    Win(Side),
    /// The game is drawn.
    Draw(StarDraw),
}

/// Why a star game is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum StarDraw {
    /// Standard rules: a position occurred for the third time.
    Repetition,
    /// OpenSpiel's rules: 1,000 turns were played without a win.
    TurnLimit,
}

impl StarOutcome {
    /// Whether the game has ended.
    #[inline]
    pub const fn is_over(self) -> bool {
        !matches!(self, StarOutcome::Ongoing)
    }

    /// The side that won, if a side has.
    #[inline]
    pub const fn winner(self) -> Option<Side> {
        match self {
            StarOutcome::Win(side) => Some(side),
            _ => None,
        }
    }

    /// How the game stands, as a stable code: `"ongoing"`, `"win"` or `"draw"`.
    pub const fn result_code(self) -> &'static str {
        match self {
            StarOutcome::Ongoing => "ongoing",
            StarOutcome::Win(_) => "win",
            StarOutcome::Draw(_) => "draw",
        }
    }

    /// Why the game ended, as a stable code: `"target"` (a win), `"repetition"` or
    /// `"turn_limit"` (draws); `None` while it goes on.
    ///
    /// ```
    /// use halma::{Side, StarDraw, StarOutcome};
    ///
    /// assert_eq!(StarOutcome::Win(Side::O).reason_code(), Some("target"));
    /// assert_eq!(StarOutcome::Draw(StarDraw::TurnLimit).reason_code(), Some("turn_limit"));
    /// assert_eq!(StarOutcome::Ongoing.reason_code(), None);
    /// ```
    pub const fn reason_code(self) -> Option<&'static str> {
        match self {
            StarOutcome::Ongoing => None,
            StarOutcome::Win(_) => Some("target"),
            StarOutcome::Draw(StarDraw::Repetition) => Some("repetition"),
            StarOutcome::Draw(StarDraw::TurnLimit) => Some("turn_limit"),
        }
    }
}

impl fmt::Display for StarOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StarOutcome::Ongoing => f.write_str("the game goes on"),
            StarOutcome::Win(side) => write!(f, "{side} wins"),
            StarOutcome::Draw(StarDraw::Repetition) => f.write_str("draw by threefold repetition"),
            StarOutcome::Draw(StarDraw::TurnLimit) => {
                f.write_str("draw: 1,000 turns were played without a win")
            }
        }
    }
}

/// A star game: the position it started from, the turns played (a pass is a turn: `None`),
/// and the outcome by its [rules](StarRules).
///
/// The game ends with a win ([`StarPosition::winner`]), under the standard rules when a
/// position occurs for the third time, under OpenSpiel's after 1,000 turns. A side without
/// a move must [pass](StarGame::pass). Turns can be taken back, also out of a finished game.
///
/// ```
/// use halma::{StarGame, StarOutcome, StarRules};
///
/// let mut game = StarGame::new(StarRules::OpenSpiel);
/// game.play_text("6-14")?;
/// game.play_text("114-105")?;
/// assert_eq!(game.turns().len(), 2);
/// assert_eq!(game.outcome(), StarOutcome::Ongoing);
/// assert_eq!(game.undo()?, Some("114-105".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct StarGame {
    history: History<StarPosition, Option<StarMove>>,
    outcome: StarOutcome,
}

impl StarGame {
    /// A game of `rules` from the start.
    pub fn new(rules: StarRules) -> StarGame {
        StarGame::from_position(StarPosition::start(rules))
    }

    /// A game from `position`, by its rules; a won position is a game already won.
    pub fn from_position(position: StarPosition) -> StarGame {
        let mut game = StarGame {
            history: History::new(position),
            outcome: StarOutcome::Ongoing,
        };
        game.outcome = game.judge();
        game
    }

    /// The outcome of the current position in the light of the history.
    fn judge(&self) -> StarOutcome {
        let position = self.position();
        if let Some(winner) = position.winner() {
            return StarOutcome::Win(winner);
        }
        match position.rules() {
            StarRules::Standard if self.occurrences(position) >= 3 => {
                StarOutcome::Draw(StarDraw::Repetition)
            }
            StarRules::OpenSpiel if self.turns().len() >= StarRules::OPENSPIEL_TURN_LIMIT => {
                StarOutcome::Draw(StarDraw::TurnLimit)
            }
            _ => StarOutcome::Ongoing,
        }
    }

    /// The rules the game is played by.
    #[inline]
    pub fn rules(&self) -> StarRules {
        self.position().rules()
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &StarPosition {
        self.history.position()
    }

    /// The position the game started from.
    #[inline]
    pub fn start_position(&self) -> &StarPosition {
        &self.history.positions()[0]
    }

    /// Every position of the game in order, from the start to the current one.
    #[inline]
    pub fn positions(&self) -> &[StarPosition] {
        self.history.positions()
    }

    /// The turns played, in order: a move, or `None` for a pass.
    #[inline]
    pub fn turns(&self) -> &[Option<StarMove>] {
        self.history.turns()
    }

    /// How many times `position` occurs in the game so far, the current one included.
    pub fn occurrences(&self, position: &StarPosition) -> usize {
        self.history.occurrences(position)
    }

    /// The outcome so far.
    #[inline]
    pub fn outcome(&self) -> StarOutcome {
        self.outcome
    }

    /// The legal moves; none once the game is over, and none when the side to move must
    /// pass.
    pub fn legal_moves(&self) -> StarMoveList {
        if self.outcome.is_over() {
            StarMoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Whether the side to move has no move in a game going on: its turn is a
    /// [pass](StarGame::pass).
    pub fn must_pass(&self) -> bool {
        !self.outcome.is_over() && self.position().must_pass()
    }

    /// Plays `mv`, or says why not (game over, illegal move) and changes nothing.
    pub fn play(&mut self, mv: StarMove) -> Result<(), StarPlayError> {
        if self.outcome.is_over() {
            return Err(StarPlayError::GameOver);
        }
        let mut position = *self.position();
        position.play(mv)?;
        self.push(Some(mv), position);
        Ok(())
    }

    /// Reads move text (`from-to`) as a legal move of the game now; errors come in the
    /// order: text that is not move text, game over, illegal move.
    pub fn parse_move(&self, text: &str) -> Result<StarMove, StarPlayError> {
        let mv: StarMove = text.parse()?;
        if self.outcome.is_over() {
            return Err(StarPlayError::GameOver);
        }
        self.position().check_move(mv)?;
        Ok(mv)
    }

    /// Plays move text (`from-to`) and returns the move.
    pub fn play_text(&mut self, text: &str) -> Result<StarMove, StarPlayError> {
        let mv = self.parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// Passes, the turn of a side without a move; refused while the game is over or the
    /// side has a move.
    pub fn pass(&mut self) -> Result<(), StarPlayError> {
        if self.outcome.is_over() {
            return Err(StarPlayError::GameOver);
        }
        if !self.must_pass() {
            return Err(StarPlayError::NoPass);
        }
        let mut position = *self.position();
        position.pass();
        self.push(None, position);
        Ok(())
    }

    fn push(&mut self, turn: Option<StarMove>, position: StarPosition) {
        self.history.push(turn, position);
        self.outcome = self.judge();
    }

    /// Takes back the last turn (also out of a finished game) and returns it: the move, or
    /// `None` for a pass.
    pub fn undo(&mut self) -> Result<Option<StarMove>, NothingToUndoError> {
        let turn = self.history.pop().ok_or(NothingToUndoError)?;
        self.outcome = self.judge();
        Ok(turn)
    }
}

/// A turn a [`StarGame`] refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum StarPlayError {
    /// The move text is not move text.
    #[error("invalid move text: {0}")]
    Syntax(#[from] ParseStarMoveError),
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The move is not legal.
    #[error("illegal move: {0}")]
    Illegal(#[from] IllegalStarMoveError),
    /// A pass by a side that has a move.
    #[error("a side may pass only when it has no move")]
    NoPass,
}

impl From<ParseLegalStarMoveError> for StarPlayError {
    fn from(error: ParseLegalStarMoveError) -> StarPlayError {
        match error {
            ParseLegalStarMoveError::Syntax(e) => StarPlayError::Syntax(e),
            ParseLegalStarMoveError::Illegal(e) => StarPlayError::Illegal(e),
        }
    }
}
