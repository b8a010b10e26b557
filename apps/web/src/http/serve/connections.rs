//! The open connections, each either busy (a request in progress, from its head to the end
//! of its answer) or idle (it never sent a whole head, or it waits between requests); a busy
//! one may be waiting on its client (for the request's body). At the cap a new connection is
//! admitted by closing the connection that has waited on its client the longest, idle or
//! for a body, so a flood of idle connections or of heads without their bodies costs its
//! sender connections, not the players their turn (a player's connection, newer than the
//! flood's, is closed last); only when every connection is busy with the server's own work
//! is a newcomer refused.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

use crate::locks::lock;

/// One open connection in the table.
struct Open {
    /// When it became idle (a tick of the table's clock), or `None` while busy.
    idle_since: Option<u64>,
    /// When it began to wait on its client (a tick), while it does.
    waiting_since: Option<u64>,
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
    /// Connections waiting on their client, by the tick they began to: the first is the
    /// oldest.
    waiting: BTreeMap<u64, u64>,
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

/// A request's connection, as its extensions carry it, so that a check that waits on the
/// client (for the body) can say so: [`Stalling::waiting`].
#[derive(Clone)]
pub struct Stalling(pub Arc<Tracked>);

/// A request waiting on its client: its connection may be closed for a newcomer at the
/// cap until this is dropped.
pub struct Waiting {
    tracked: Arc<Tracked>,
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

    /// Admits a new connection, idle until its first request, closing the connection that
    /// has waited on its client the longest (idle, or for a request's body) if the table is
    /// full; `None` when full of connections busy otherwise. The receiver completes when
    /// this connection is evicted in turn.
    pub fn admit(self: &Arc<Registry>) -> Option<(Tracked, oneshot::Receiver<()>)> {
        let mut table = lock(&self.table);
        if table.open.len() >= self.max {
            let idle = table.idle.first_key_value().map(|(&since, _)| since);
            let waiting = table.waiting.first_key_value().map(|(&since, _)| since);
            let (_, oldest) = match (idle, waiting) {
                (Some(idle), Some(waiting)) if waiting < idle => table.waiting.pop_first()?,
                (Some(_), _) => table.idle.pop_first()?,
                (None, _) => table.waiting.pop_first()?,
            };
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
                waiting_since: None,
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

impl Stalling {
    /// Marks the connection as waiting on its client until the returned guard is dropped.
    pub fn waiting(&self) -> Waiting {
        let mut table = lock(&self.0.registry.table);
        let since = table.tick();
        if let Some(open) = table.open.get_mut(&self.0.id) {
            open.waiting_since = Some(since);
            table.waiting.insert(since, self.0.id);
        }
        Waiting {
            tracked: Arc::clone(&self.0),
        }
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut table = lock(&self.tracked.registry.table);
        if let Some(since) = table
            .open
            .get_mut(&self.tracked.id)
            .and_then(|open| open.waiting_since.take())
        {
            table.waiting.remove(&since);
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
        if let Some(open) = table.open.remove(&self.id) {
            if let Some(since) = open.idle_since {
                table.idle.remove(&since);
            }
            if let Some(since) = open.waiting_since {
                table.waiting.remove(&since);
            }
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

    #[test]
    fn at_the_cap_the_connection_waiting_longest_on_its_client_is_closed() {
        let registry = Registry::new(3);
        let admitted: Vec<_> = (0..3).map(|_| registry.admit().unwrap()).collect();
        let (tracked, mut evicted): (Vec<_>, Vec<_>) = admitted.into_iter().unzip();
        let tracked: Vec<Arc<Tracked>> = tracked.into_iter().map(Arc::new).collect();
        let _busy: Vec<Busy> = tracked.iter().map(Tracked::busy).collect();
        // The second began to wait for its body before the third; the first never did.
        let _second = Stalling(Arc::clone(&tracked[1])).waiting();
        let _third = Stalling(Arc::clone(&tracked[2])).waiting();
        let (d, mut d_evicted) = registry.admit().expect("the second makes room");
        assert_eq!(evicted[1].try_recv(), Ok(()));
        assert!(evicted[0].try_recv().is_err() && evicted[2].try_recv().is_err());
        // d, idle since after the third began to wait, is closed after it.
        let (e, _) = registry.admit().expect("the third makes room");
        assert_eq!(evicted[2].try_recv(), Ok(()));
        assert!(d_evicted.try_recv().is_err());
        // Busy with the server's work, nobody waits on a client: the newcomer is refused.
        let (d, e) = (Arc::new(d), Arc::new(e));
        let _busy_too = (d.busy(), e.busy());
        assert!(registry.admit().is_none(), "nobody waits on a client");
        assert!(evicted[0].try_recv().is_err());
    }
}
