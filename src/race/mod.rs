//! The race endgame played perfectly: once the armies have passed each other, each side's
//! least number of moves to fill its goal camp, and who wins the race.
//!
//! - [`separated`] / [`Separation`]: whether the armies can no longer meet, and the region
//!   each side keeps to.
//! - [`Solver`]: the least number of moves for one side ([`Puzzle`]) with a shortest
//!   sequence, exact within a [`Budget`], bracketed by bounds ([`Count`]) beyond it.
//! - [`race()`]: both counts of a separated position and who wins the race ([`Race`]).

mod army;
mod beam;
mod bounds;
mod perimeter;
mod puzzle;
mod separation;
mod solver;
mod table;
mod verdict;

pub use puzzle::Puzzle;
pub use separation::{Separation, separated};
pub use solver::{Budget, Count, Solution, Solver};
pub(crate) use verdict::race_for_mover;
pub use verdict::{Race, race};
