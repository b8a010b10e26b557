//! Games replayed from their records, kept for the next request. Reading a stored game
//! replays its record (every move checked, every position counted) and writes its state as
//! JSON: work in proportion to its length, on every request that reads it. A game long
//! enough for that to matter is kept here, shared, with the version of its row it is, and
//! its state as JSON once written; a request that finds the row still at that version takes
//! the game from here without reading its record, and its state without writing it again.
//! Every change of a row, by any process, makes its version larger, so an entry is never
//! wrong, whichever process changed the game meanwhile; it is only of no use.
//!
//! The kept games hold [`MAX_PLIES`] plies at most together (a ply costs about 210 bytes:
//! its position, its count, its text in the record and in the state): past it the least
//! recently used go first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use halma::Game;

use crate::locks::lock;

/// Games shorter than this are replayed every time (a fraction of a millisecond).
pub const MIN_PLIES: usize = 200;

/// The plies of all kept games together, at most (about 42 MB).
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
    version: i64,
    game: Arc<Game>,
    /// The game's state as JSON, once written, while no search runs.
    shown: Option<Bytes>,
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

    /// The game `id` if kept, and the version of its row it is.
    pub fn get(&self, id: &str) -> Option<(i64, Arc<Game>)> {
        let mut kept = lock(&self.kept);
        kept.clock += 1;
        let clock = kept.clock;
        let entry = kept.games.get_mut(id)?;
        entry.used = clock;
        Some((entry.version, Arc::clone(&entry.game)))
    }

    /// The state as JSON of the game `id` at `version`, if kept.
    pub fn shown(&self, id: &str, version: i64) -> Option<Bytes> {
        let kept = lock(&self.kept);
        let entry = kept
            .games
            .get(id)
            .filter(|entry| entry.version == version)?;
        entry.shown.clone()
    }

    /// Keeps `body`, the state as JSON of the game `id` at `version` with no search running,
    /// beside the game, if that game is kept.
    pub fn show(&self, id: &str, version: i64, body: Bytes) {
        let mut kept = lock(&self.kept);
        if let Some(entry) = kept.games.get_mut(id).filter(|e| e.version == version) {
            entry.shown = Some(body);
        }
    }

    /// Keeps `game`, the game `id` at `version` of its row, if it is long enough to be worth
    /// it and fits, and no later version of it is kept (a slow replay finishing after a
    /// change was kept).
    pub fn keep(&self, id: &str, version: i64, game: Arc<Game>) {
        let plies = game.moves().len();
        let mut kept = lock(&self.kept);
        if kept.games.get(id).is_some_and(|old| old.version > version) {
            return;
        }
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
        let entry = Entry {
            version,
            game,
            shown: None,
            used,
        };
        kept.games.insert(id.to_owned(), entry);
    }

    /// How many plies the kept games hold together.
    #[cfg(test)]
    fn plies(&self) -> usize {
        lock(&self.kept).plies
    }
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// A game of `plies` moves: each the first legal move that keeps it going.
    pub fn game(plies: usize) -> Arc<Game> {
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
    fn a_kept_game_is_given_with_its_version_and_its_state_for_that_version_only() {
        let replays = Replays::new(4, 100);
        let long = game(4);
        replays.keep("a", 7, Arc::clone(&long));
        let (version, kept) = replays.get("a").expect("kept");
        assert!(
            version == 7 && Arc::ptr_eq(&kept, &long),
            "shared, not copied"
        );
        assert!(replays.get("b").is_none());
        // A state is kept beside its game's version only.
        replays.show("a", 6, Bytes::from_static(b"old"));
        assert!(replays.shown("a", 6).is_none());
        replays.show("a", 7, Bytes::from_static(b"state"));
        assert_eq!(replays.shown("a", 7).as_deref(), Some(&b"state"[..]));
        replays.show("b", 7, Bytes::from_static(b"state"));
        assert!(replays.shown("b", 7).is_none());
        // Short games are not kept: replaying them costs less than keeping them.
        replays.keep("c", 1, game(3));
        assert!(replays.get("c").is_none());
        // Keeping a game again replaces it, and its state; an older version does not.
        replays.keep("a", 8, Arc::clone(&long));
        assert_eq!(replays.get("a").map(|(version, _)| version), Some(8));
        assert!(replays.shown("a", 7).is_none() && replays.shown("a", 8).is_none());
        replays.keep("a", 6, long);
        assert_eq!(replays.get("a").map(|(version, _)| version), Some(8));
        assert_eq!(replays.plies(), 4);
    }

    #[test]
    fn the_least_recently_used_go_first_past_the_bound() {
        let replays = Replays::new(1, 12);
        let long = game(4);
        for id in ["a", "b", "c"] {
            replays.keep(id, 1, Arc::clone(&long));
        }
        assert!(replays.get("a").is_some());
        // A fourth does not fit beside three: the least recently used (b) goes.
        replays.keep("d", 1, Arc::clone(&long));
        assert!(replays.get("b").is_none());
        for id in ["a", "c", "d"] {
            assert!(replays.get(id).is_some(), "{id} is kept");
        }
        assert_eq!(replays.plies(), 12);
        // A game longer than the bound is never kept, and evicts nothing.
        replays.keep("e", 1, game(13));
        assert!(replays.get("e").is_none());
        assert_eq!(replays.plies(), 12);
    }
}
