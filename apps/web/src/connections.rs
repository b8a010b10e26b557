//! The open connections, each either busy (a request in progress, from its head to the end
//! of its answer) or idle (it never sent a whole head, or it waits between requests). At the
//! cap a new connection is admitted by closing the connection idle the longest, so an idle
//! flood costs its sender connections, not the players their turn; only when every
//! connection is busy is a newcomer refused.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::oneshot;

/// One open connection in the table.
struct Open {
    /// When it became idle (a tick of the table's clock), or `None` while busy.
    idle_since: Option<u64>,
    /// Closes the connection; taken when it is evicted.
    evict: Option<oneshot::Sender<()>>,
}

#[derive(Default)]
struct Table {
    /// Counts ids and idle ticks alike: both only grow.
    clock: u64,
    open: HashMap<u64, Open>,
    /// Idle connections by the tick they became idle: the first is the oldest.
    idle: BTreeMap<u64, u64>,
}

impl Table {
    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }
}

/// The open connections, at most `max`.
pub struct Registry {
    table: Mutex<Table>,
    max: usize,
}

/// A connection's entry, removed from the table when dropped.
pub struct Tracked {
    registry: Arc<Registry>,
    id: u64,
}

/// A request in progress on a connection: the connection is busy until this is dropped.
pub struct Busy {
    tracked: Arc<Tracked>,
}

fn lock(mutex: &Mutex<Table>) -> MutexGuard<'_, Table> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Registry {
    /// A table of at most `max` connections.
    pub fn new(max: usize) -> Arc<Registry> {
        Arc::new(Registry {
            table: Mutex::new(Table::default()),
            max,
        })
    }

    /// The bound.
    pub fn max(&self) -> usize {
        self.max
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        lock(&self.table).open.len()
    }

    /// Admits a new connection, idle until its first request, closing the connection idle
    /// the longest if the table is full; `None` when full of busy connections. The receiver
    /// completes when this connection is evicted in turn.
    pub fn admit(self: &Arc<Registry>) -> Option<(Tracked, oneshot::Receiver<()>)> {
        let mut table = lock(&self.table);
        if table.open.len() >= self.max {
            let (_, oldest) = table.idle.pop_first()?;
            if let Some(mut evicted) = table.open.remove(&oldest)
                && let Some(evict) = evicted.evict.take()
            {
                let _ = evict.send(());
            }
        }
        let id = table.tick();
        let since = table.tick();
        let (evict, evicted) = oneshot::channel();
        table.open.insert(
            id,
            Open {
                idle_since: Some(since),
                evict: Some(evict),
            },
        );
        table.idle.insert(since, id);
        let tracked = Tracked {
            registry: Arc::clone(self),
            id,
        };
        Some((tracked, evicted))
    }
}

impl Tracked {
    /// Marks the connection busy until the returned guard is dropped.
    pub fn busy(self: &Arc<Tracked>) -> Busy {
        let mut table = lock(&self.registry.table);
        if let Some(since) = table
            .open
            .get_mut(&self.id)
            .and_then(|o| o.idle_since.take())
        {
            table.idle.remove(&since);
        }
        Busy {
            tracked: Arc::clone(self),
        }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        let registry = &self.tracked.registry;
        let mut table = lock(&registry.table);
        let since = table.tick();
        if let Some(open) = table.open.get_mut(&self.tracked.id) {
            open.idle_since = Some(since);
            table.idle.insert(since, self.tracked.id);
        }
    }
}

impl Drop for Tracked {
    fn drop(&mut self) {
        let mut table = lock(&self.registry.table);
        if let Some(open) = table.open.remove(&self.id)
            && let Some(since) = open.idle_since
        {
            table.idle.remove(&since);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_the_cap_the_connection_idle_longest_is_closed_and_busy_ones_stay() {
        let registry = Registry::new(3);
        let (a, mut a_evicted) = registry.admit().unwrap();
        let (b, mut b_evicted) = registry.admit().unwrap();
        let (c, mut c_evicted) = registry.admit().unwrap();
        let (a, b, c) = (Arc::new(a), Arc::new(b), Arc::new(c));
        // a is busy; b went idle after c did (a request came and went).
        let a_busy = a.busy();
        drop(b.busy());
        let (d, _) = registry.admit().expect("c, the oldest idle, makes room");
        assert_eq!(c_evicted.try_recv(), Ok(()));
        assert!(a_evicted.try_recv().is_err() && b_evicted.try_recv().is_err());
        assert_eq!(registry.open(), 3);
        let (e, _) = registry.admit().expect("then b");
        assert_eq!(b_evicted.try_recv(), Ok(()));
        let d = Arc::new(d);
        let d_busy = d.busy();
        let e = Arc::new(e);
        let _e_busy = e.busy();
        assert!(registry.admit().is_none(), "every connection is busy");
        // A connection that closes leaves room; one whose request ended is idle again.
        drop(d_busy);
        drop(d);
        assert_eq!(registry.open(), 2);
        let (_f, mut f_evicted) = registry.admit().expect("the room d left");
        drop(a_busy);
        let _g = registry.admit().expect("f, idle before a, makes room");
        assert_eq!(f_evicted.try_recv(), Ok(()));
        assert!(a_evicted.try_recv().is_err());
        drop((a, b, c));
    }
}
