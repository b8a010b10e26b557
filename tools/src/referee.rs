//! Plays a game to its end by the rules (the library's [`Game`] checks every move and
//! declares wins and draws), to a ply cap, where the race adjudicates, or to a player's
//! forfeit.

use std::fmt;
use std::time::{Duration, Instant};

use halma::{Draw, Game, Outcome, Side};

use crate::players::{Failure, Seat};

/// At the ply cap, the side ahead in the race by more than this many units (squares of
/// distance to the goal corner) is adjudicated the winner; within it, the game is a draw.
pub const ADJUDICATION_LEAD: i32 = 4;

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// That side filled its goal camp.
    Win(Side),
    /// Drawn by threefold repetition.
    Repetition,
    /// Drawn: the side to move had no legal move.
    NoMoves,
    /// Stopped at the ply cap, not ended by the rules: adjudicated by the race to the side
    /// ahead by more than [`ADJUDICATION_LEAD`], or a draw (`None`).
    Capped(Option<Side>),
    /// Won by that side: the other one's program failed (see [`Played::forfeit`]).
    Forfeit(Side),
}

impl Ending {
    /// The winner, outright or on adjudication.
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Win(side) | Ending::Capped(Some(side)) | Ending::Forfeit(side) => Some(side),
            _ => None,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Win(side) => write!(f, "{side} wins"),
            Ending::Repetition => f.write_str("draw by threefold repetition"),
            Ending::NoMoves => f.write_str("draw by no legal move"),
            Ending::Capped(Some(side)) => {
                write!(
                    f,
                    "stopped at the ply cap, adjudicated to {side} (ahead in the race)"
                )
            }
            Ending::Capped(None) => f.write_str("stopped at the ply cap, adjudicated a draw"),
            Ending::Forfeit(side) => write!(f, "{side} wins by forfeit"),
        }
    }
}

/// A game played out.
pub struct Played {
    /// The whole game: every position and move.
    pub game: Game,
    /// How it ended.
    pub ending: Ending,
    /// The time each side took for each of its moves, by [`Side::index`] (a failed move not
    /// counted).
    pub times: [Vec<Duration>; 2],
    /// Why the loser forfeited, after a [`Ending::Forfeit`]: its name and what failed.
    pub forfeit: Option<String>,
}

/// Plays `game` on, `seats[side.index()]` choosing the moves of `side`, until it is over by
/// the rules, has `max_plies` plies (its opening included) or a seat forfeits.
pub fn play_out(
    mut game: Game,
    seats: &mut [Seat<'_>; 2],
    max_plies: usize,
) -> Result<Played, String> {
    let mut times: [Vec<Duration>; 2] = [Vec::new(), Vec::new()];
    while !game.outcome().is_over() && game.moves().len() < max_plies {
        let side = game.position().turn();
        let who = side.index();
        let started = Instant::now();
        let mv = match seats[who].choose(&game) {
            Ok(mv) => mv,
            Err(Failure::Fatal(error)) => return Err(error),
            Err(Failure::Forfeit(reason)) => {
                let forfeit = Some(format!("{} ({side}) forfeits: {reason}", seats[who].name()));
                return Ok(Played {
                    game,
                    ending: Ending::Forfeit(side.other()),
                    times,
                    forfeit,
                });
            }
        };
        times[who].push(started.elapsed());
        game.play(mv).map_err(|e| {
            let name = seats[who].name();
            format!("{name} played {mv}, {e}, in {}", game.position())
        })?;
    }
    let ending = match game.outcome() {
        Outcome::Win(side) => Ending::Win(side),
        Outcome::Draw(Draw::Repetition) => Ending::Repetition,
        Outcome::Draw(Draw::NoMoves) => Ending::NoMoves,
        Outcome::Ongoing => Ending::Capped(leader(&game)),
    };
    Ok(Played {
        game,
        ending,
        times,
        forfeit: None,
    })
}

/// The side ahead in the race by more than [`ADJUDICATION_LEAD`], if any.
fn leader(game: &Game) -> Option<Side> {
    let position = game.position();
    let lead = position.distance_left(Side::O) as i32 - position.distance_left(Side::X) as i32;
    match lead {
        l if l > ADJUDICATION_LEAD => Some(Side::X),
        l if l < -ADJUDICATION_LEAD => Some(Side::O),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use halma::{Game, Outcome, Side};

    use super::*;
    use crate::players::Player;

    fn play(players: [&str; 2], game: Game, max_plies: usize) -> Played {
        let [x, o] = players.map(|name| Player::parse(name).unwrap());
        let mut seats = [Seat::new(&x, 1, 1), Seat::new(&o, 2, 1)];
        play_out(game, &mut seats, max_plies).unwrap()
    }

    #[test]
    fn a_game_is_played_to_its_win() {
        let played = play(["greedy", "greedy"], Game::new(), 600);
        assert!(matches!(played.ending, Ending::Win(_)));
        assert_eq!(
            Outcome::Win(played.ending.winner().unwrap()),
            played.game.outcome()
        );
        let plies = played.game.moves().len();
        assert_eq!(played.times[0].len() + played.times[1].len(), plies);
    }

    #[test]
    fn a_game_still_going_at_the_cap_is_stopped_and_adjudicated_by_the_race() {
        let played = play(["greedy", "random"], Game::new(), 40);
        assert_eq!(played.game.moves().len(), 40);
        assert_eq!(played.game.outcome(), Outcome::Ongoing);
        // The racer is far ahead of the random mover after 40 plies.
        assert_eq!(played.ending, Ending::Capped(Some(Side::X)));
    }

    #[test]
    fn a_game_without_a_legal_move_is_drawn() {
        // x's goal is full (18 x and an o on a16) and its piece on p1 is walled in.
        let walled = "oxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/16/16/16/4oooooo6/4oooooo6/16/16/13o1o/14oo/13oox x";
        let played = play(
            ["greedy", "greedy"],
            Game::from_position(walled.parse().unwrap()),
            600,
        );
        assert_eq!(played.ending, Ending::NoMoves);
        assert!(played.game.moves().is_empty());
    }

    #[test]
    fn a_repeated_position_ends_the_game_as_a_draw() {
        // Neither racer wins while the lazy player keeps three pieces home; greedy's pieces
        // end up shuffling in their goal.
        let played = play(["greedy", "lazy:3"], Game::new(), 600);
        assert_eq!(played.ending, Ending::Repetition);
        assert_eq!(
            played.game.outcome(),
            Outcome::Draw(halma::Draw::Repetition)
        );
    }
}
