//! Matches on the star board (`star-match`): its players (the engine within limits, a one-ply
//! greedy player, random play), a game between two of them from a seeded random opening,
//! and what a match of such games adds up to.

use std::time::{Duration, Instant};

use halma::{Engine, Side, StarGame, StarMove, StarOutcome, StarPosition, StarRules};
use halma_opponents::{Rng, Spec};

use crate::schedule::a_side;

/// A player of the star board.
#[derive(Clone, Debug, PartialEq)]
pub enum StarPlayer {
    /// The engine within limits (`time:MS`, `depth:N`, `nodes:N`, combined with `+`, then
    /// `,setting=value`: see [`Spec::parse`]).
    Engine(Spec),
    /// The turn that gains most rows toward the player's target, ties broken at random.
    Greedy,
    /// A random turn.
    Random,
}

impl StarPlayer {
    /// The player named by `spec`: `greedy`, `random` or an engine's limits.
    pub fn parse(spec: &str) -> Result<StarPlayer, String> {
        match spec {
            "greedy" => Ok(StarPlayer::Greedy),
            "random" => Ok(StarPlayer::Random),
            _ => Spec::parse(spec).map(StarPlayer::Engine),
        }
    }
}

/// The rows `mv` gains toward `side`'s target (`x` goes down the rows, `o` up).
pub fn rows_gained(side: Side, mv: StarMove) -> i32 {
    let forward = i32::from(mv.to.row()) - i32::from(mv.from.row());
    match side {
        Side::X => forward,
        Side::O => -forward,
    }
}

/// The greedy player's turn in `position`: the most rows gained, ties at random; `None`
/// without a move.
pub fn greedy(position: &StarPosition, rng: &mut Rng) -> Option<StarMove> {
    let side = position.turn();
    let moves = position.legal_moves();
    let best = moves.iter().map(|&mv| rows_gained(side, mv)).max()?;
    let top: Vec<StarMove> = moves
        .iter()
        .copied()
        .filter(|&mv| rows_gained(side, mv) == best)
        .collect();
    Some(top[rng.below(top.len())])
}

/// A player in one game: its engine (made for the game) and its random generator.
pub struct StarSeat<'a> {
    player: &'a StarPlayer,
    engine: Option<Engine>,
    rng: Rng,
}

impl<'a> StarSeat<'a> {
    /// `player` for one game, its choices seeded by `seed`, an engine's table of `table_mb`.
    pub fn new(player: &'a StarPlayer, seed: u64, table_mb: usize) -> StarSeat<'a> {
        let engine = match player {
            StarPlayer::Engine(spec) => {
                let mut engine = Engine::with_table_mb(table_mb);
                // A draw is worth as much to either engine unless a player says otherwise.
                engine.set_contempt(0);
                spec.apply(&mut engine);
                Some(engine)
            }
            _ => None,
        };
        StarSeat {
            player,
            engine,
            rng: Rng::new(seed),
        }
    }

    /// The seat's move in `game` (going on, with a move to make).
    pub fn choose(&mut self, game: &StarGame) -> Result<StarMove, String> {
        let position = game.position();
        match (self.player, &mut self.engine) {
            (StarPlayer::Engine(spec), Some(engine)) => engine
                .search(game, &spec.limits)
                .map(|result| result.best_move)
                .map_err(|error| error.to_string()),
            (StarPlayer::Random, _) => {
                let moves = position.legal_moves();
                Ok(moves[self.rng.below(moves.len())])
            }
            _ => greedy(position, &mut self.rng).ok_or_else(|| "no move".to_owned()),
        }
    }
}

/// A game played: the game, the side player A had, and each player's move times.
pub struct StarRecord {
    /// The game's number in the match.
    pub index: usize,
    /// The game to its end.
    pub game: StarGame,
    /// The side player A played.
    pub a_side: Side,
    /// A's and B's move times.
    pub times: [Vec<Duration>; 2],
}

impl StarRecord {
    /// A's score: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn score_a(&self) -> f64 {
        match self.game.outcome().winner() {
            Some(side) if side == self.a_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// A match on the star: two players, the rules, the openings' random plies and seed, an
/// engine's table size.
pub struct StarMatch {
    /// Players A and B.
    pub players: [StarPlayer; 2],
    /// The rules of every game.
    pub rules: StarRules,
    /// The random turns that open each pair of games.
    pub random_plies: usize,
    /// The seed of the openings and of the players' random choices.
    pub seed: u64,
    /// The engines' table size in mebibytes.
    pub table_mb: usize,
}

impl StarMatch {
    /// The opening of game pair `pair`: `random_plies` random turns from the start, the same
    /// for both games of the pair (each player gets each colour once).
    pub fn opening(&self, pair: usize) -> StarGame {
        let mut rng = Rng::new(self.seed ^ (pair as u64 + 1).wrapping_mul(0x2545_f491_4f6c_dd1d));
        let mut game = StarGame::new(self.rules);
        for _ in 0..self.random_plies {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            if game.play(moves[rng.below(moves.len())]).is_err() {
                break;
            }
        }
        game
    }

    /// Plays game `index`: the opening of pair `index / 2`, A playing `x` in even games and
    /// `o` in odd ones, to the end (a side without a move passes).
    pub fn play(&self, index: usize) -> Result<StarRecord, String> {
        let a_side = a_side(index);
        let mut game = self.opening(index / 2);
        let seed = |who: u64| {
            self.seed
                .wrapping_mul(31)
                .wrapping_add(index as u64 * 2 + who)
        };
        let mut seats = [
            StarSeat::new(&self.players[0], seed(0), self.table_mb),
            StarSeat::new(&self.players[1], seed(1), self.table_mb),
        ];
        let mut times = [Vec::new(), Vec::new()];
        while game.outcome() == StarOutcome::Ongoing {
            if game.must_pass() {
                game.pass().map_err(|e| e.to_string())?;
                continue;
            }
            let who = usize::from(game.position().turn() != a_side);
            let started = Instant::now();
            let mv = seats[who].choose(&game)?;
            times[who].push(started.elapsed());
            game.play(mv).map_err(|error| format!("{mv}: {error}"))?;
        }
        Ok(StarRecord {
            index,
            game,
            a_side,
            times,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_are_read_and_bad_names_refused() {
        assert_eq!(StarPlayer::parse("greedy"), Ok(StarPlayer::Greedy));
        assert!(matches!(
            StarPlayer::parse("nodes:500"),
            Ok(StarPlayer::Engine(_))
        ));
        assert!(StarPlayer::parse("spoiler").is_err());
    }

    #[test]
    fn greedy_takes_the_most_rows() {
        let start = StarPosition::start(StarRules::OpenSpiel);
        let mv = greedy(&start, &mut Rng::new(3)).unwrap();
        // From the start, x's best are the hops from row 2 to row 4.
        assert_eq!(rows_gained(Side::X, mv), 2);
    }

    #[test]
    fn a_game_pair_shares_its_opening_and_swaps_colours() {
        let star_match = StarMatch {
            players: [StarPlayer::Greedy, StarPlayer::Random],
            rules: StarRules::OpenSpiel,
            random_plies: 4,
            seed: 9,
            table_mb: 1,
        };
        assert_eq!(
            star_match.opening(3).position(),
            star_match.opening(3).position()
        );
        let (first, second) = (star_match.play(6).unwrap(), star_match.play(7).unwrap());
        assert_eq!((first.a_side, second.a_side), (Side::X, Side::O));
        assert_eq!(first.game.positions()[4], second.game.positions()[4]);
        assert!(first.game.outcome().is_over());
    }
}
