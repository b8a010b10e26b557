//! Lazy SMP: the threads of one search. Every thread searches the same root by iterative
//! deepening (the helpers of odd number only every other depth, so that they run ahead of
//! the main thread), sharing only the transposition table (lockless), the halt and the node count;
//! the helpers' results reach the main thread through the table, and the main thread alone
//! reads the clock, hears the stops and reports each iteration. The move is the main
//! thread's, or a helper's that completed a deeper iteration (a vote by depth). With one
//! thread nothing is spawned (a WebAssembly build has no threads); with more, the helpers
//! are scoped to the search (spawning them costs microseconds against the milliseconds of a
//! search, and nothing outlives it).

use crate::clock::Instant;
use crate::game::Game;

use super::SearchInfo;
use super::alphabeta::{Searcher, Team};
use super::limits::Limits;
use super::root::Answer;
use super::stop::{Shared, Stops};
use super::tt::Table;

/// The stack each helper thread gets: the recursion, its frames on the heap, needs far
/// less.
const HELPER_STACK: usize = 4 << 20;

/// Searches `game` within `limits` on `threads` threads (at least one: the calling thread),
/// started at `start`, ended by `stops`; `info` hears of each iteration of the main thread.
/// The nodes of the outcome are those of every thread. A helper the system refuses to start
/// is done without.
pub(crate) fn search(
    table: &Table,
    stops: Stops<'_>,
    threads: usize,
    game: &Game,
    limits: &Limits,
    start: Instant,
    info: &mut dyn FnMut(&SearchInfo),
) -> Answer {
    let shared = Shared::default();
    let alone = threads <= 1;
    let searcher = |number| {
        let team = Team {
            shared: &shared,
            number,
            alone,
        };
        Searcher::new(table, stops, team, game, limits, start)
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
        let deepest = helpers
            .into_iter()
            .map(|helper| {
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .max_by_key(|answer| answer.depth);
        match deepest {
            // A deliberately imperfect level chooses among the main thread's moves, a
            // drawn score leaves the main thread's choice of a repetition standing, and a
            // host's stop gets the main thread's move of that moment.
            Some(answer)
                if answer.depth > outcome.depth
                    && limits.margin == 0
                    && answer.score != main.draw
                    && !stops.stopped() =>
            {
                answer
            }
            _ => outcome,
        }
    });
    outcome.nodes = shared.nodes();
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;
    use crate::search::stop::Signal;
    use crate::search::tt::Bound;

    /// A depth-3 search of `game` on one thread with `table`.
    fn search_with(table: &Table, game: &Game) -> Answer {
        let signal = Signal::default();
        let number = signal.begin();
        let stops = Stops {
            signal: &signal,
            number,
            token: None,
        };
        let limits = Limits::depth(3);
        search(table, stops, 1, game, &limits, Instant::now(), &mut |_| {})
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
            table.store(key, Some(bogus), 0, 0, Bound::Upper);
        }
        let searched = search_with(&table, &game);
        assert!(game.legal_moves().contains(&searched.best_move));
        assert_eq!(
            (searched.best_move, searched.score, searched.nodes),
            (clean.best_move, clean.score, clean.nodes)
        );
    }
}
