//! What the `halma` tools share: the named positions (with the library's benchmarks) and
//! the parts of the engine match (`match`): the players, the referee, the schedule of a
//! match and its statistics; the engine protocol (served by `engine`, spoken by the match's
//! `exec:` players to engines in other programs).

pub mod cli;
pub mod exec;
pub mod log;
pub mod players;
pub mod positions;
pub mod progress;
pub mod protocol;
pub mod referee;
pub mod schedule;
pub mod sprt;
pub mod star;
pub mod stats;
pub mod texel;
