//! What the search needs of a game and its board, so that one search plays both boards:
//! [`Searchable`] (the 16x16 [`Game`] and the star's [`StarGame`](crate::StarGame)), and
//! behind it, hidden, the hooks each game and board fills in: their position and history,
//! evaluation, move ordering's distances, a win in one, the root's filters and, on the 16x16
//! board, the race solver.

use core::fmt::Debug;

use crate::board::Board;
use crate::clock::Instant;
use crate::distance::{DISTANCE, remaining};
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::race::Solver;
use crate::side::Side;
use crate::square::Square;

use super::SearchError;
use super::alphabeta::winning_move;
use super::block::{shuts_in, spoiling};
use super::eval::Evaluator;
use super::limits::Limits;
use super::params::Params;
use super::report::Answer;
use super::stop::StopToken;

/// A game the [`Engine`](super::Engine) searches: the 16x16 board's [`Game`] or the star's
/// [`StarGame`](crate::StarGame). Implemented by those two only.
pub trait Searchable: SearchGame + Sync {}

/// The move type of a [`Searchable`] game: [`Move`] for a [`Game`],
/// [`StarMove`](crate::StarMove) for a [`StarGame`](crate::StarGame).
pub type MoveOf<G> = <<G as SearchGame>::Board as Board>::Move;

/// A move as the search keeps it: a number of 16 bits, never 0 (its origin and
/// destination), for the table, the history and the keys of the ordering.
pub trait MoveCode: Copy + Eq + Debug + Send + Sync + 'static {
    /// A placeholder, for unused slots.
    const NONE: Self;
    /// The move's number: `from << 8 | to`, never 0 (a move never has `from == to`).
    fn code(self) -> u16;
    /// The move of a number [`code`](MoveCode::code) gave.
    fn from_code(code: u16) -> Self;
    /// Whether this move takes `previous` back (its destination to its origin).
    fn reverses(self, previous: Self) -> bool;
}

impl MoveCode for Move {
    const NONE: Move = Move::new(Square::new(0), Square::new(0));

    #[inline(always)]
    fn code(self) -> u16 {
        u16::from(self.from.index()) << 8 | u16::from(self.to.index())
    }

    #[inline(always)]
    fn from_code(code: u16) -> Move {
        Move::new(Square::new((code >> 8) as u8), Square::new(code as u8))
    }

    #[inline]
    fn reverses(self, previous: Move) -> bool {
        self.from == previous.to && self.to == previous.from
    }
}

/// The evaluation of a board's positions for the side to move, with what the root of a
/// search learned from the game's history.
pub trait Evaluate<B>: Clone {
    /// The score of `position` for the side to move (a finished position is not evaluated:
    /// the search scores wins itself).
    fn evaluate(&self, position: &B) -> i32;
    /// Whether the root found `side`'s goal blocked by the opponent, so that it can at best
    /// draw.
    fn blocked(&self, side: Side) -> bool;
}

/// What the search needs of a board besides its rules ([`Board`]).
pub trait SearchBoard: Board<Move: MoveCode> {
    /// Its evaluation.
    type Eval: Evaluate<Self>;
    /// A number of its own: a search of another board than the last starts from an empty
    /// table.
    const KIND: u8;
    /// Whether a move can make the other side win (on the star, by filling its target),
    /// so that a node must look for a winner before anything else; on the 16x16 board only
    /// the side that moves can win, and a win in one is found by
    /// [`winning_move`](SearchBoard::winning_move) a ply earlier.
    const OPPONENT_CAN_WIN: bool;

    /// The move that wins at once, if the side to move has one.
    fn winning_move(&self) -> Option<Self::Move>;

    /// The distances of `mv`'s origin and destination to `side`'s goal: the move ordering's
    /// gain (their difference) and its rear-first key.
    fn distances(side: Side, mv: Self::Move) -> (i32, i32);

    /// The distance `side` still has to cover (the imperfect levels' margin fades with it).
    fn remaining(&self, side: Side) -> i32;

    /// The root moves among `legal` (the position's legal moves) that the search considers.
    fn root_moves(&self, legal: Vec<Self::Move>, params: &Params) -> Vec<Self::Move>;
}

/// What the search needs of a game: its board's position and history, and whether and how
/// the search may answer.
pub trait SearchGame {
    /// The board.
    type Board: SearchBoard;

    /// The current position.
    fn position(&self) -> &Self::Board;

    /// Every position of the game, from the start to the current one.
    fn positions(&self) -> &[Self::Board];

    /// Why the game cannot be searched, if it cannot (it is over; on the star, the side to
    /// move must pass).
    fn refusal(&self) -> Option<SearchError>;

    /// The turns played.
    fn ply(&self) -> usize;

    /// The previous move of the side to move, if its last turn was a move.
    fn previous_own_move(&self) -> Option<MoveOf<Self>>;

    /// The evaluation for a search of the game with `params`.
    fn evaluator(&self, params: &Params) -> <Self::Board as SearchBoard>::Eval;

    /// The answer of the race solver, when the game is one it plays: the 16x16 board's
    /// separated races at full strength.
    fn solved(&self, racing: Racing<'_>) -> Option<Answer<MoveOf<Self>>>;
}

/// What the race solver plays with: the engine's solver (made at the first separated race,
/// with a table of `table_mb`), and the search's limits, start and stop.
pub struct Racing<'a> {
    pub(crate) solver: &'a mut Option<Box<Solver>>,
    pub(crate) table_mb: usize,
    pub(crate) limits: &'a Limits,
    pub(crate) start: Instant,
    pub(crate) stop: &'a StopToken,
}

impl Evaluate<Position> for Evaluator {
    #[inline(always)]
    fn evaluate(&self, position: &Position) -> i32 {
        Evaluator::evaluate(self, position)
    }

    #[inline(always)]
    fn blocked(&self, side: Side) -> bool {
        Evaluator::blocked(self, side)
    }
}

impl SearchBoard for Position {
    type Eval = Evaluator;
    const KIND: u8 = 0;
    const OPPONENT_CAN_WIN: bool = false;

    #[inline(always)]
    fn winning_move(&self) -> Option<Move> {
        winning_move(self)
    }

    #[inline(always)]
    fn distances(side: Side, mv: Move) -> (i32, i32) {
        let distance = &DISTANCE[side.index()];
        (
            distance[usize::from(mv.from.index())],
            distance[usize::from(mv.to.index())],
        )
    }

    fn remaining(&self, side: Side) -> i32 {
        remaining(self, side)
    }

    fn root_moves(&self, mut legal: Vec<Move>, params: &Params) -> Vec<Move> {
        let side = self.turn();
        if params.block_detection {
            let kept = spoiling(self);
            if !kept.is_empty() {
                // No spoiling: the pieces kept at home leave it (or at least move), whatever
                // the search thinks of the race that follows.
                let home = side.home();
                let leaving: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|mv| kept.contains(mv.from) && !home.contains(mv.to))
                    .collect();
                let moving: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|mv| kept.contains(mv.from))
                    .collect();
                if !leaving.is_empty() {
                    legal = leaving;
                } else if !moving.is_empty() {
                    legal = moving;
                }
            }
            // Never shut an opponent piece in our goal camp in: our win needs it out.
            let open: Vec<Move> = legal
                .iter()
                .copied()
                .filter(|&mv| !shuts_in(self, mv))
                .collect();
            if !open.is_empty() {
                legal = open;
            }
        }
        legal
    }
}

impl SearchGame for Game {
    type Board = Position;

    #[inline]
    fn position(&self) -> &Position {
        Game::position(self)
    }

    #[inline]
    fn positions(&self) -> &[Position] {
        Game::positions(self)
    }

    fn refusal(&self) -> Option<SearchError> {
        self.outcome().is_over().then_some(SearchError::GameOver)
    }

    fn ply(&self) -> usize {
        self.moves().len()
    }

    fn previous_own_move(&self) -> Option<Move> {
        let moves = self.moves();
        moves.len().checked_sub(2).map(|index| moves[index])
    }

    fn evaluator(&self, params: &Params) -> Evaluator {
        Evaluator::new(params, self)
    }

    fn solved(&self, racing: Racing<'_>) -> Option<Answer<Move>> {
        let Racing {
            solver,
            table_mb,
            limits,
            start,
            stop,
        } = racing;
        if !limits.params.race_solver || limits.margin > 0 {
            return None;
        }
        let position = self.position();
        if !crate::race::separated(position) {
            return None;
        }
        let solver = solver.get_or_insert_with(|| Box::new(Solver::with_table_mb(table_mb)));
        super::separated::solve(position, solver, limits, start, &|| stop.is_stopped())
    }
}

impl Searchable for Game {}
