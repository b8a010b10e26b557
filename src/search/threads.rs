//! Lazy SMP: the threads of one search. Every thread searches the same root by iterative
//! deepening, every depth, the helpers taking the root moves after the first in another
//! order than the main thread (`split::Helper`). They share only the transposition table
//! (lockless), the halt, the node count and the marks of the moves being searched, which
//! the others leave for later (`busy`); the helpers' results reach the main thread through
//! the table, and the main thread alone reads the clock, hears the stops and reports each
//! iteration. The move is the main thread's, or a helper's that completed a deeper
//! iteration (a vote by depth).
//! With one thread nothing is spawned (a WebAssembly build has no threads); with more, the
//! helpers are scoped to the search (spawning them costs microseconds against the
//! milliseconds of a search, and nothing outlives it).

use crate::clock::Instant;

use super::alphabeta::{Searcher, Team};
use super::game::{MoveOf, SearchGame};
use super::limits::Limits;
use super::report::{Answer, SearchInfo};
use super::stop::{Shared, StopToken};
use super::tt::Table;

/// The stack each helper thread gets: the recursion, its frames on the heap, needs far
/// less.
const HELPER_STACK: usize = 4 << 20;

/// What an engine sets for each of its searches.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// The threads a search runs on (at least one: the calling thread).
    pub(crate) threads: usize,
    /// How much less than an even game a draw is worth to the side to move at the root
    /// (`Engine::set_contempt`).
    pub(crate) contempt: i32,
}

/// Searches `game` within `limits` with the engine's `settings`, started at `start`, ended by
/// `stop`; `info` hears of each iteration of the main thread. The nodes of the outcome are
/// those of every thread. A helper the system refuses to start is done without.
pub(crate) fn search<G: SearchGame + Sync>(
    table: &Table,
    stop: &StopToken,
    settings: Settings,
    game: &G,
    limits: &Limits,
    start: Instant,
    info: &mut dyn FnMut(&SearchInfo<MoveOf<G>>),
) -> Answer<MoveOf<G>> {
    let threads = settings.threads;
    let shared = Shared::new(threads);
    let searcher = |number| {
        let team = Team {
            shared: &shared,
            number,
            threads,
        };
        Searcher::new(table, stop, team, game, limits, start, settings.contempt)
    };
    let mut outcome = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map_while(|number| {
                std::thread::Builder::new()
                    .name(format!("halma-search-{number}"))
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, move || {
                        let mut helper = searcher(number);
                        let answer = helper.run(game, limits, &mut |_| {});
                        helper.flush();
                        answer
                    })
                    .ok()
            })
            .collect();
        let mut main = searcher(0);
        let outcome = main.run(game, limits, info);
        main.flush();
        shared.halt();
        let answers = helpers.into_iter().map(|helper| {
            helper
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        let vote = Vote {
            margin: limits.margin,
            draw: main.draw,
            stopped: stop.is_stopped(),
        };
        vote.choose(outcome, answers)
    });
    outcome.nodes = shared.nodes();
    outcome
}

/// What the choice between the threads' answers depends on.
struct Vote {
    /// The level's margin: a deliberately imperfect level chooses among the main thread's
    /// moves.
    margin: i32,
    /// The score of a draw at the root: a drawn best leaves the main thread's choice of a
    /// repetition standing.
    draw: i32,
    /// Whether a host stopped the search: it gets the main thread's move of that moment.
    stopped: bool,
}

impl Vote {
    /// The main thread's `outcome`, or the deepest of the helpers' `answers` when it
    /// completed a deeper iteration and nothing above keeps the main thread's.
    fn choose<M>(&self, outcome: Answer<M>, answers: impl Iterator<Item = Answer<M>>) -> Answer<M> {
        match answers.max_by_key(|answer| answer.depth) {
            Some(answer)
                if answer.depth > outcome.depth
                    && self.margin == 0
                    && answer.score != self.draw
                    && !self.stopped =>
            {
                answer
            }
            _ => outcome,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::moves::Move;
    use crate::search::Params;
    use crate::search::busy::move_key;
    use crate::search::game::MoveCode;
    use crate::search::tt::Bound;

    /// The iterations a thread of `number` (of `number + 1`, the others idle) completes in a
    /// search of the opening to `depth`, and the score of the last.
    fn iterations(number: usize, depth: u32) -> (Vec<u32>, i32) {
        let (stop, shared, table, game) = (
            StopToken::new(),
            Shared::default(),
            Table::new(1),
            Game::new(),
        );
        let team = Team {
            shared: &shared,
            number,
            threads: number + 1,
        };
        let limits = Limits::depth(depth).with_params(Params::exhaustive());
        let mut searcher = Searcher::new(&table, &stop, team, &game, &limits, Instant::now(), 0);
        let mut depths = Vec::new();
        let answer = searcher.run(&game, &limits, &mut |info| depths.push(info.depth));
        (depths, answer.score)
    }

    #[test]
    fn a_helper_searches_every_depth_in_its_own_order_to_the_same_score() {
        let (depths, score) = iterations(0, 4);
        assert_eq!(depths, [1, 2, 3, 4]);
        for number in 1..4 {
            assert_eq!(iterations(number, 4), (depths.clone(), score));
        }
    }

    /// An answer of `depth` with `score`, its move telling the thread.
    fn answer(thread: &str, depth: u32, score: i32) -> Answer<Move> {
        let mv = Move::new(thread.parse().unwrap(), "h9".parse().unwrap());
        Answer {
            best_move: mv,
            score,
            depth,
            race_plies: None,
            nodes: 0,
            pv: vec![mv],
        }
    }

    #[test]
    fn the_deepest_helper_gives_the_move_unless_the_main_thread_must_choose() {
        let vote = Vote {
            margin: 0,
            draw: 0,
            stopped: false,
        };
        let main = || answer("a1", 6, 50);
        let chosen = |vote: &Vote, helpers: Vec<Answer<Move>>| {
            vote.choose(main(), helpers.into_iter()).best_move.from
        };
        let a1 = "a1".parse().unwrap();
        let c1 = "c1".parse().unwrap();
        assert_eq!(chosen(&vote, vec![]), a1);
        assert_eq!(chosen(&vote, vec![answer("b1", 6, 90)]), a1, "not deeper");
        assert_eq!(chosen(&vote, vec![answer("b1", 5, 90)]), a1, "shallower");
        assert_eq!(
            chosen(&vote, vec![answer("b1", 7, 10), answer("c1", 8, -20)]),
            c1,
            "the deepest, whatever its score"
        );
        let vote_with = |margin, stopped| Vote {
            margin,
            draw: 0,
            stopped,
        };
        assert_eq!(chosen(&vote_with(40, false), vec![answer("c1", 8, 9)]), a1);
        assert_eq!(chosen(&vote_with(0, true), vec![answer("c1", 8, 9)]), a1);
        assert_eq!(chosen(&vote, vec![answer("c1", 8, 0)]), a1, "a drawn score");
    }

    /// The score and nodes of an exhaustive depth-4 search of the opening by a thread of a
    /// team of two (the other idle) that finds the moves of `busy` being searched.
    fn searched_beside(busy: impl Fn(&Shared)) -> (i32, u64) {
        let (stop, table, game) = (StopToken::new(), Table::new(1), Game::new());
        let shared = Shared::new(2);
        busy(&shared);
        let team = Team {
            shared: &shared,
            number: 0,
            threads: 2,
        };
        let limits = Limits::depth(4).with_params(Params {
            defer_depth: 2,
            ..Params::exhaustive()
        });
        let mut searcher = Searcher::new(&table, &stop, team, &game, &limits, Instant::now(), 0);
        let answer = searcher.run(&game, &limits, &mut |_| {});
        (answer.score, searcher.nodes)
    }

    #[test]
    fn a_node_leaves_the_moves_another_thread_searches_for_later_but_searches_them() {
        // Every move of every position a ply from the start is marked as being searched:
        // the nodes there take them in another order (other nodes), and the same score.
        let alone = searched_beside(|_| {});
        let beside = searched_beside(|shared| {
            let start = *Game::new().position();
            for first in start.legal_moves() {
                let mut child = start;
                child.play_unchecked(first);
                for second in child.legal_moves() {
                    shared.busy.enter(move_key(child.hash(), second));
                }
            }
        });
        assert_eq!(beside.0, alone.0);
        assert_ne!(beside.1, alone.1);
    }

    /// A depth-3 search of `game` on one thread with `table`.
    fn search_with(table: &Table, game: &Game) -> Answer<Move> {
        let limits = Limits::depth(3);
        let settings = Settings {
            threads: 1,
            contempt: 0,
        };
        search(
            table,
            &StopToken::new(),
            settings,
            game,
            &limits,
            Instant::now(),
            &mut |_| {},
        )
    }

    #[test]
    fn a_table_move_that_is_not_legal_is_never_played() {
        // Every position two plies from the start is given a move from an empty square
        // (as a key collision or a torn entry could): the search must not play it, and
        // searches exactly as with an empty table.
        let game = Game::new();
        let clean = search_with(&Table::new(1), &game);
        let mut table = Table::new(1);
        table.new_search();
        let bogus = Move::new("h8".parse().unwrap(), "h9".parse().unwrap());
        let start = *game.position();
        let mut keys = vec![start.hash()];
        for first in start.legal_moves() {
            let mut child = start;
            child.play_unchecked(first);
            keys.push(child.hash());
            for second in child.legal_moves() {
                let mut grandchild = child;
                grandchild.play_unchecked(second);
                keys.push(grandchild.hash());
            }
        }
        for key in keys {
            table.store(key, bogus.code(), 0, 0, Bound::Upper);
        }
        let searched = search_with(&table, &game);
        assert!(game.legal_moves().contains(&searched.best_move));
        assert_eq!(
            (searched.best_move, searched.score, searched.nodes),
            (clean.best_move, clean.score, clean.nodes)
        );
    }
}
