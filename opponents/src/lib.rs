//! The scripted opponents of Halma and the names of players, shared by the match tool
//! (`halma-tools`) and the Python package's environments.
//!
//! A player is named as the match tool names it ([`Style::parse`]):
//!
//! - `greedy`: one ply, the move that most reduces the total distance to the goal corner;
//! - `lazy:K`: greedy, but its K rearmost home pieces stay while another piece gains;
//! - `spoiler`: greedy, but its home corner piece moves only when nothing else can;
//! - `blocker`: a plain depth-2 alpha-beta that likes its pieces in the opponent's goal, the
//!   more when they cannot move;
//! - `random`: a random legal move;
//! - players who repeat moves, keeping their army at home as people learning the game do
//!   (while they play so, the opponent's goal camp cannot be filled): `pendulum` takes its
//!   previous move back whenever it can (else greedy's move), `cycler` moves a piece within
//!   its home camp whenever it can, never straight back (the first such move; else greedy's),
//!   `camper` a random move within its home camp whenever it has one (else a random move);
//! - `NAME:N+PLAYER` (NAME one of `random`, `pendulum`, `cycler`, `camper`): NAME for the
//!   game's first N plies (the opening's included), then PLAYER (any of these);
//! - `level:N`: difficulty level N (1..=10) without its minimum thinking time;
//!   `paced-level:N`: the same with it, as a host plays it;
//! - `time:MS`, `depth:N`, `nodes:N`: the engine at full strength with that limit (combine
//!   with `+`: `depth:6+time:500`), then settings after commas: the engine's threads
//!   (`time:100,threads=2`) and, with the feature `tuning`, its search parameters
//!   (`time:100,beam_base=12,lmr=off`) and `ab2`, a plain depth-2 alpha-beta with the
//!   engine's evaluation (nothing pruned) ([`Spec`]); `contempt=N` sets the engine's
//!   contempt (`halma::Engine::set_contempt`; the default for play against people if
//!   none);
//! - a host's own players ([`HostPlayer`]: the match tool's `exec:PATH`).
//!
//! A [`Seat`] plays a player in one game. Every player but the engine within a time limit is
//! deterministic given its seed ([`Rng`]).
//!
//! ```
//! use halma::Game;
//! use halma_opponents::{Seat, Style};
//!
//! let style = Style::parse("random:4+greedy")?;
//! let mut seat = Seat::new(&style, 7, 1);
//! let mut game = Game::new();
//! for _ in 0..10 {
//!     let mv = seat.choose(&game)?;
//!     game.play(mv).unwrap();
//! }
//! # Ok::<(), String>(())
//! ```

#![deny(missing_docs)]

mod blocker;
#[cfg(test)]
mod fixtures;
mod repeaters;
mod rng;
mod spec;
mod style;
mod styles;

pub use rng::Rng;
pub use spec::Spec;
pub use style::{HostPlayer, NoHostPlayer, Seat, Style};
