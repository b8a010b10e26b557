//! Games replayed from their records, kept for the next request. Reading a stored game
//! replays its record (every move checked, every position counted): work in proportion to
//! its length, on every request that reads it. A game long enough for that to matter is
//! kept here with the record it was replayed from, and a request whose stored record is
//! that same record takes the game from here instead. The record is compared whole, so an
//! entry is never wrong, whichever process changed the game meanwhile; it is only of no use.
//!
//! The kept games hold [`MAX_PLIES`] plies at most together (a ply costs about 200 bytes:
//! its position, its count, its text): past it the least recently used go first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use halma::Game;

use crate::locks::lock;

/// Games shorter than this are replayed every time (a fraction of a millisecond).
pub const MIN_PLIES: usize = 200;

/// The plies of all kept games together, at most (about 40 MB).
pub const MAX_PLIES: usize = 200_000;

/// The kept games.
pub struct Replays {
    min_plies: usize,
    max_plies: usize,
    kept: Mutex<Kept>,
}

impl Default for Replays {
    /// Games of [`MIN_PLIES`] or more kept, [`MAX_PLIES`] in all.
    fn default() -> Replays {
        Replays::new(MIN_PLIES, MAX_PLIES)
    }
}

#[derive(Default)]
struct Kept {
    games: HashMap<String, Entry>,
    plies: usize,
    /// Counts uses, to tell the least recently used.
    clock: u64,
}

struct Entry {
    record: String,
    game: Arc<Game>,
    used: u64,
}

impl Replays {
    /// Keeps games of `min_plies` or more, `max_plies` in all.
    pub fn new(min_plies: usize, max_plies: usize) -> Replays {
        Replays {
            min_plies,
            max_plies,
            kept: Mutex::default(),
        }
    }

    /// The game `id` as `record` replays it, if kept from that very record.
    pub fn get(&self, id: &str, record: &str) -> Option<Arc<Game>> {
        let mut kept = lock(&self.kept);
        kept.clock += 1;
        let clock = kept.clock;
        let entry = kept.games.get_mut(id)?;
        if entry.record != record {
            return None;
        }
        entry.used = clock;
        Some(Arc::clone(&entry.game))
    }

    /// Keeps `game`, replayed from (or written as) `record`, as the game `id`, if it is long
    /// enough to be worth it and fits.
    pub fn keep(&self, id: &str, record: String, game: Arc<Game>) {
        let plies = game.moves().len();
        let mut kept = lock(&self.kept);
        if let Some(old) = kept.games.remove(id) {
            kept.plies -= old.game.moves().len();
        }
        if !(self.min_plies..=self.max_plies).contains(&plies) {
            return;
        }
        while kept.plies + plies > self.max_plies {
            let Some(oldest) = kept
                .games
                .iter()
                .min_by_key(|(_, entry)| entry.used)
                .map(|(id, _)| id.clone())
            else {
                break;
            };
            if let Some(old) = kept.games.remove(&oldest) {
                kept.plies -= old.game.moves().len();
            }
        }
        kept.clock += 1;
        let used = kept.clock;
        kept.plies += plies;
        kept.games
            .insert(id.to_owned(), Entry { record, game, used });
    }

    /// How many plies the kept games hold together.
    #[cfg(test)]
    fn plies(&self) -> usize {
        lock(&self.kept).plies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `plies` moves (a few): each the first legal move that keeps it going.
    fn game(plies: usize) -> Arc<Game> {
        let mut game = Game::new();
        while game.moves().len() < plies {
            let moves = game.legal_moves();
            for &mv in &moves {
                game.play(mv).expect("a legal move");
                if !game.outcome().is_over() {
                    break;
                }
                game.undo().expect("the move just played");
            }
        }
        Arc::new(game)
    }

    #[test]
    fn a_kept_game_is_given_for_its_own_record_only() {
        let replays = Replays::new(4, 100);
        let long = game(4);
        replays.keep("a", "record a".to_owned(), Arc::clone(&long));
        assert!(replays.get("a", "record a").is_some());
        assert!(replays.get("a", "record a, changed").is_none());
        assert!(replays.get("b", "record a").is_none());
        // Short games are not kept: replaying them costs less than keeping them.
        replays.keep("c", "record c".to_owned(), game(3));
        assert!(replays.get("c", "record c").is_none());
        // Keeping a game again replaces it.
        replays.keep("a", "record a2".to_owned(), long);
        assert!(replays.get("a", "record a").is_none());
        assert!(replays.get("a", "record a2").is_some());
        assert_eq!(replays.plies(), 4);
    }

    #[test]
    fn the_least_recently_used_go_first_past_the_bound() {
        let replays = Replays::new(1, 12);
        let long = game(4);
        for id in ["a", "b", "c"] {
            replays.keep(id, id.to_owned(), Arc::clone(&long));
        }
        assert!(replays.get("a", "a").is_some());
        // A fourth does not fit beside three: the least recently used (b) goes.
        replays.keep("d", "d".to_owned(), Arc::clone(&long));
        assert!(replays.get("b", "b").is_none());
        for id in ["a", "c", "d"] {
            assert!(replays.get(id, id).is_some(), "{id} is kept");
        }
        assert_eq!(replays.plies(), 12);
        // A game longer than the bound is never kept, and evicts nothing.
        replays.keep("e", "e".to_owned(), game(13));
        assert!(replays.get("e", "e").is_none());
        assert_eq!(replays.plies(), 12);
    }
}
