//! A match: two players, a number of games, colours alternated, each random opening played
//! twice (once with each colour), on one or two threads.

use std::collections::HashSet;
use std::ops::ControlFlow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use halma::{Game, Move, Side};

use crate::players::{Player, Seat};
use crate::referee::{Ending, Played, play_out};
use halma_opponents::Rng;

/// The options both boards' matches (`match`, `star-match`) read from the command line,
/// flattened into each one's own.
#[derive(clap::Args)]
pub struct MatchOptions {
    /// The games to play (under match's --sprt, the most).
    #[arg(long, default_value_t = 10)]
    pub games: usize,
    /// Random plies opening each pair of games (forward ones on the 16x16 board).
    #[arg(long, default_value_t = 4)]
    pub random_plies: usize,
    /// The seed of the openings and of the players' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    pub threads: u8,
    /// Each engine's table size in MiB.
    #[arg(long, default_value_t = 16)]
    pub table_mb: usize,
    /// A line per game: its length and how it ended.
    #[arg(long)]
    pub verbose: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// What a match plays.
pub struct Match {
    /// Player A, then player B.
    pub players: [Player; 2],
    /// How many games.
    pub games: usize,
    /// How many random forward plies open each pair of games.
    pub random_plies: usize,
    /// The seed of the openings and of the players' random choices.
    pub seed: u64,
    /// Games still going after this many plies are stopped and adjudicated.
    pub max_plies: usize,
    /// The size of each engine's table, in MiB.
    pub table_mb: usize,
}

/// One game of a match.
pub struct Record {
    /// Its number in the match, from 0.
    pub index: usize,
    /// The side player A played.
    pub a_side: Side,
    /// The game.
    pub played: Played,
}

impl Record {
    /// A's score: 1 for a win (outright or on adjudication), 0.5 for a draw, 0 for a loss.
    pub fn score_a(&self) -> f64 {
        self.half_points() as f64 / 2.0
    }

    /// A's score in half points: 2 for a win, 1 for a draw, 0 for a loss.
    pub fn half_points(&self) -> usize {
        match self.played.ending.winner() {
            Some(side) if side == self.a_side => 2,
            Some(_) => 0,
            None => 1,
        }
    }

    /// The number of plies played, the opening's included.
    pub fn plies(&self) -> usize {
        self.played.game.moves().len()
    }

    /// Whether the game ended with a win by the rules (not at the cap, not drawn).
    pub fn won_outright(&self) -> bool {
        matches!(self.played.ending, Ending::Win(_))
    }

    /// The player, `A` or `B`, who played `side`.
    pub fn player_of(&self, side: Side) -> char {
        if side == self.a_side { 'A' } else { 'B' }
    }
}

impl Match {
    /// The random opening of the `pair`-th pair of games: up to `random_plies` moves that
    /// do not go backward.
    pub fn opening(&self, pair: usize) -> Vec<Move> {
        let base = self.seed.wrapping_mul(1_000_003).wrapping_add(pair as u64);
        let mut rng = Rng::new(Rng::new(base).next_u64());
        let mut game = Game::new();
        let mut moves = Vec::new();
        for _ in 0..self.random_plies {
            let side = game.position().turn();
            let forward: Vec<Move> = game
                .legal_moves()
                .iter()
                .copied()
                .filter(|&mv| side.gain(mv) >= 0)
                .collect();
            if forward.is_empty() {
                break;
            }
            let mv = forward[rng.below(forward.len())];
            if game.play(mv).is_err() {
                break;
            }
            moves.push(mv);
        }
        moves
    }

    /// Plays game `index`: A plays `x` in even games, `o` in odd ones, both on the opening
    /// of pair `index / 2`; the players' random choices seeded from the match seed and
    /// `index`.
    pub fn play(&self, index: usize) -> Result<Record, String> {
        let a_side = a_side(index);
        let mut game = Game::new();
        for mv in self.opening(index / 2) {
            game.play(mv).map_err(|e| format!("opening: {e}"))?;
        }
        let mut seeds = Rng::new(
            self.seed
                .wrapping_mul(0x2545_f491_4f6c_dd1d)
                .wrapping_add(index as u64),
        );
        let [a, b] = &self.players;
        let (x, o) = if a_side == Side::X { (a, b) } else { (b, a) };
        let mut seats = [
            Seat::new(x, seeds.next_u64(), self.table_mb),
            Seat::new(o, seeds.next_u64(), self.table_mb),
        ];
        let played = play_out(game, &mut seats, self.max_plies)?;
        Ok(Record {
            index,
            a_side,
            played,
        })
    }

    /// Plays the games of the match not in `done`, in order of their numbers, on `threads`
    /// threads, calling `finished` with each game as it ends (see [`play_games`]). The games
    /// played, in order, or the first error.
    pub fn run(
        &self,
        threads: usize,
        done: &HashSet<usize>,
        finished: impl FnMut(&Record) -> Result<ControlFlow<()>, String> + Send,
    ) -> Result<Vec<Record>, String> {
        let todo: Vec<usize> = (0..self.games).filter(|i| !done.contains(i)).collect();
        play_games(&todo, threads, |index| self.play(index), finished)
    }
}

/// The side player A plays in game `index` of a match: `x` in even games, `o` in odd ones, so
/// that each pair of games plays its opening once with each colour.
pub fn a_side(index: usize) -> Side {
    if index.is_multiple_of(2) {
        Side::X
    } else {
        Side::O
    }
}

/// Plays the games numbered `todo` with `play`, in that order, on `threads` threads, calling
/// `finished` with each game as it ends (one call at a time): a [`ControlFlow::Break`] from
/// it starts no further game (those running finish and are passed to it too), an error stops
/// the match. The games played, in order of their numbers, or the first error. Both boards'
/// matches play their games through it.
pub fn play_games<R: Send>(
    todo: &[usize],
    threads: usize,
    play: impl Fn(usize) -> Result<R, String> + Sync,
    finished: impl FnMut(&R) -> Result<ControlFlow<()>, String> + Send,
) -> Result<Vec<R>, String> {
    let next = AtomicUsize::new(0);
    let records: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let finished = Mutex::new(finished);
    let fail = |error: String| {
        if let Ok(mut failure) = failure.lock() {
            failure.get_or_insert(error);
        }
        next.store(todo.len(), Ordering::SeqCst);
    };
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while let Some(&index) = todo.get(next.fetch_add(1, Ordering::SeqCst)) {
                    let record = match play(index) {
                        Ok(record) => record,
                        Err(error) => {
                            fail(format!("game {index}: {error}"));
                            break;
                        }
                    };
                    let flow = match finished.lock() {
                        Ok(mut finished) => finished(&record),
                        Err(_) => Err("a game's report failed".to_string()),
                    };
                    if let Ok(mut records) = records.lock() {
                        records.push((index, record));
                    }
                    match flow {
                        Ok(ControlFlow::Continue(())) => {}
                        Ok(ControlFlow::Break(())) => next.store(todo.len(), Ordering::SeqCst),
                        Err(error) => fail(error),
                    }
                }
            });
        }
    });
    if let Some(error) = failure.into_inner().map_err(|e| e.to_string())? {
        return Err(error);
    }
    let mut records = records.into_inner().map_err(|e| e.to_string())?;
    records.sort_by_key(|&(index, _)| index);
    Ok(records.into_iter().map(|(_, record)| record).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_match(a: &str, b: &str, seed: u64) -> Match {
        Match {
            players: [Player::parse(a).unwrap(), Player::parse(b).unwrap()],
            games: 2,
            random_plies: 4,
            seed,
            max_plies: 120,
            table_mb: 1,
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_game_and_another_seed_another() {
        let moves = |seed, index| {
            let played = a_match("random:30+greedy", "random", seed)
                .play(index)
                .unwrap();
            played.played.game.moves().to_vec()
        };
        assert_eq!(moves(3, 0), moves(3, 0));
        assert_ne!(moves(3, 0), moves(4, 0));
        // The players' random choices differ from game to game, too.
        assert_ne!(moves(3, 0)[4..], moves(3, 1)[4..]);
    }

    #[test]
    fn each_opening_is_played_once_with_each_colour() {
        let played = a_match("greedy", "random", 5);
        let [first, second] = [0, 1].map(|index| played.play(index).unwrap());
        assert_eq!((first.a_side, second.a_side), (Side::X, Side::O));
        let opening = played.opening(0);
        assert_eq!(opening.len(), 4);
        assert_eq!(first.played.game.moves()[..4], opening[..]);
        assert_eq!(second.played.game.moves()[..4], opening[..]);
        assert_ne!(played.opening(1), opening);
    }

    #[test]
    fn openings_never_go_backward() {
        let played = a_match("greedy", "greedy", 1);
        for pair in 0..20 {
            let mut game = Game::new();
            for mv in played.opening(pair) {
                assert!(game.position().turn().gain(mv) >= 0, "{mv}");
                game.play(mv).unwrap();
            }
        }
    }

    #[test]
    fn a_match_runs_every_game_in_order_on_two_threads() {
        let mut played = a_match("greedy", "random:10+greedy", 2);
        played.games = 5;
        let finished = AtomicUsize::new(0);
        let records = played
            .run(2, &HashSet::new(), |_| {
                finished.fetch_add(1, Ordering::SeqCst);
                Ok(ControlFlow::Continue(()))
            })
            .unwrap();
        assert_eq!(finished.into_inner(), 5);
        let indices: Vec<usize> = records.iter().map(|record| record.index).collect();
        assert_eq!(indices, [0, 1, 2, 3, 4]);
        let alone = played.play(3).unwrap();
        assert_eq!(records[3].played.game.moves(), alone.played.game.moves());
    }

    #[test]
    fn a_match_skips_the_games_done_and_stops_when_told() {
        let mut played = a_match("greedy", "random:10+greedy", 2);
        played.games = 6;
        let done = HashSet::from([0, 2]);
        let records = played
            .run(1, &done, |_| Ok(ControlFlow::Continue(())))
            .unwrap();
        let indices: Vec<usize> = records.iter().map(|record| record.index).collect();
        assert_eq!(indices, [1, 3, 4, 5]);
        let stopped = played
            .run(1, &done, |record| {
                Ok(if record.index == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                })
            })
            .unwrap();
        assert_eq!(stopped.len(), 2);
        let failed = played.run(1, &done, |_| Err("no room".to_string()));
        assert_eq!(failed.err().as_deref(), Some("no room"));
    }
}
