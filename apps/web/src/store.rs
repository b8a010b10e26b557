//! The live games: each under its own lock, found by an unguessable id, with a bound on how
//! many are kept (the one idle longest goes first).

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use halma::{Game, Side};

use crate::think::Progress;

/// One game against the computer.
pub struct Session {
    /// The game itself.
    pub game: Game,
    /// The side the person plays; the computer plays the other.
    pub human: Side,
    /// The computer's level, 1 to 10.
    pub level: u8,
    /// Set while a search for this game runs (the computer's move or a hint).
    pub thinking: Option<Progress>,
}

impl Session {
    /// The side of the computer.
    pub fn computer(&self) -> Side {
        self.human.other()
    }
}

/// A stored game and when it was last used (a tick of the store's logical clock).
pub struct Entry {
    session: Mutex<Session>,
    last_used: AtomicU64,
}

impl Entry {
    /// Locks the game. A panic while it was locked leaves the game as it was (every change
    /// is made whole or not at all), so a poisoned lock is taken over.
    pub fn lock(&self) -> MutexGuard<'_, Session> {
        self.session
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// All live games.
pub struct Store {
    games: Mutex<HashMap<String, Arc<Entry>>>,
    max_games: usize,
    clock: AtomicU64,
    keys: std::collections::hash_map::RandomState,
    counter: AtomicU64,
}

impl Store {
    /// A store that keeps at most `max_games` games (at least one).
    pub fn new(max_games: usize) -> Store {
        Store {
            games: Mutex::new(HashMap::new()),
            max_games: max_games.max(1),
            clock: AtomicU64::new(0),
            keys: std::collections::hash_map::RandomState::new(),
            counter: AtomicU64::new(0),
        }
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<Entry>>> {
        self.games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The next tick: every use of a game gets a later one than all before it.
    fn now(&self) -> u64 {
        self.clock.fetch_add(1, Ordering::Relaxed)
    }

    /// A fresh id: 64 bits of SipHash, keyed by the process's random `RandomState` keys, over
    /// a counter and the clock, as 16 hex digits.
    fn fresh_id(&self) -> String {
        let mut hasher = self.keys.build_hasher();
        hasher.write_u64(self.counter.fetch_add(1, Ordering::Relaxed));
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        hasher.write_u128(nanos);
        format!("{:016x}", hasher.finish())
    }

    /// Stores `session` under a new id, evicting the game idle longest if the store is full.
    /// Returns the id and the evicted game's id, if any.
    pub fn insert(&self, session: Session) -> (String, Arc<Entry>, Option<String>) {
        let entry = Arc::new(Entry {
            session: Mutex::new(session),
            last_used: AtomicU64::new(self.now()),
        });
        let mut games = self.map();
        let mut evicted = None;
        while games.len() >= self.max_games {
            let oldest = games
                .iter()
                .min_by_key(|(_, entry)| entry.last_used.load(Ordering::Relaxed))
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => {
                    games.remove(&id);
                    evicted = Some(id);
                }
                None => break,
            }
        }
        let mut id = self.fresh_id();
        while games.contains_key(&id) {
            id = self.fresh_id();
        }
        games.insert(id.clone(), entry.clone());
        (id, entry, evicted)
    }

    /// The game `id`, marked as used now.
    pub fn get(&self, id: &str) -> Option<Arc<Entry>> {
        let entry = self.map().get(id).cloned()?;
        entry.last_used.store(self.now(), Ordering::Relaxed);
        Some(entry)
    }

    /// Forgets the game `id`; whether it existed.
    pub fn remove(&self, id: &str) -> bool {
        self.map().remove(id).is_some()
    }
}
