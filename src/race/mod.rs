//! The race endgame played perfectly: once the armies have passed each other, each side's
//! least number of moves to fill its goal camp, and who wins the race.
//!
//! - [`separated`] / [`Separation`]: whether the armies can no longer meet, and the region
//!   each side keeps to.
//! - [`Solver`]: the least number of moves for one side ([`Puzzle`]) with a shortest
//!   sequence, exact within a [`Budget`], a proven lower bound beyond it.

mod army;
mod bounds;
mod classes;
mod separation;
mod solver;
mod table;

pub use separation::{Separation, separated};
pub use solver::{Budget, Count, Puzzle, Solution, Solver};
