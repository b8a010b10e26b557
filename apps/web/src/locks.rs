//! The server's one way to take a lock on the tables it keeps in memory (clients, queues,
//! connections, live games, replayed games).

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks `mutex`, taking its data as it is when a thread panicked while holding it: a
/// panic in one request must not shut every later request out of the table.
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
