//! Who a client is, and what each client may hold: open connections and new games per
//! minute. A client is its IP address (an IPv6 client its /64, which one host usually gets
//! whole). Every table here is bounded, so a flood of addresses cannot grow it without end.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The clients a table remembers at most.
const MAX_CLIENTS: usize = 65_536;

/// A client, as fairness and limits see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Client(u128);

impl Client {
    /// The client at `ip`: an IPv4 address whole, an IPv6 address by its /64.
    pub fn of(ip: IpAddr) -> Client {
        match ip {
            IpAddr::V4(v4) => Client(u128::from(u32::from(v4))),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Client(u128::from(u32::from(v4))),
                None => Client(u128::from(v6) & !u128::from(u64::MAX) | 1 << 32),
            },
        }
    }
}

impl std::fmt::Display for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match u32::try_from(self.0) {
            Ok(v4) => write!(f, "{}", std::net::Ipv4Addr::from(v4)),
            Err(_) => write!(f, "{}/64", std::net::Ipv6Addr::from(self.0 & !(1 << 32))),
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Open connections per client, at most `limit` each.
pub struct Connections {
    open: Mutex<HashMap<Client, usize>>,
    limit: usize,
}

/// One open connection, counted until dropped.
pub struct ConnectionSlot {
    table: Arc<Connections>,
    client: Client,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = lock(&self.table.open);
        if let Some(count) = open.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.client);
            }
        }
    }
}

impl Connections {
    /// A table allowing `limit` connections per client.
    pub fn new(limit: usize) -> Arc<Connections> {
        Arc::new(Connections {
            open: Mutex::new(HashMap::new()),
            limit,
        })
    }

    /// Counts a new connection of `client`, or `None` when it has its limit open already
    /// (or the table is full of other clients).
    pub fn open(self: &Arc<Connections>, client: Client) -> Option<ConnectionSlot> {
        let mut open = lock(&self.open);
        if open.len() >= MAX_CLIENTS && !open.contains_key(&client) {
            return None;
        }
        let count = open.entry(client).or_insert(0);
        if *count >= self.limit {
            return None;
        }
        *count += 1;
        Some(ConnectionSlot {
            table: Arc::clone(self),
            client,
        })
    }
}

/// New games per client: a token bucket of `per_minute` tokens, refilled evenly over a
/// minute.
pub struct RateLimit {
    buckets: Mutex<HashMap<Client, (f64, Instant)>>,
    per_minute: f64,
}

impl RateLimit {
    /// `per_minute` games per minute per client, in bursts of as many.
    pub fn new(per_minute: u32) -> RateLimit {
        RateLimit {
            buckets: Mutex::new(HashMap::new()),
            per_minute: f64::from(per_minute.max(1)),
        }
    }

    /// Takes a token for `client`; `Err` with the time until the next one when none is left.
    pub fn take(&self, client: Client, now: Instant) -> Result<(), Duration> {
        let rate = self.per_minute / 60.0;
        let mut buckets = lock(&self.buckets);
        if buckets.len() >= MAX_CLIENTS && !buckets.contains_key(&client) {
            // Forget the clients whose buckets are full again: they are as if new.
            let full = self.per_minute;
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.saturating_duration_since(*at).as_secs_f64() * rate < full
            });
            if buckets.len() >= MAX_CLIENTS {
                return Err(Duration::from_secs(1));
            }
        }
        let (tokens, at) = buckets.entry(client).or_insert((self.per_minute, now));
        *tokens = (*tokens + now.saturating_duration_since(*at).as_secs_f64() * rate)
            .min(self.per_minute);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / rate))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_clients_are_their_64_and_mapped_ipv4_is_ipv4() {
        let a: IpAddr = "2001:db8::1".parse().unwrap();
        let b: IpAddr = "2001:db8::ffff:2".parse().unwrap();
        let c: IpAddr = "2001:db8:0:1::1".parse().unwrap();
        assert_eq!(Client::of(a), Client::of(b));
        assert_ne!(Client::of(a), Client::of(c));
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        assert_eq!(Client::of(mapped), Client::of("127.0.0.1".parse().unwrap()));
        assert_ne!(
            Client::of("0.0.0.1".parse().unwrap()),
            Client::of("::1".parse().unwrap())
        );
        assert_eq!(Client::of(mapped).to_string(), "127.0.0.1");
        assert_eq!(Client::of(b).to_string(), "2001:db8::/64");
    }

    #[test]
    fn connections_are_limited_per_client_and_freed_on_drop() {
        let table = Connections::new(2);
        let one = Client::of("127.0.0.2".parse().unwrap());
        let two = Client::of("127.0.0.3".parse().unwrap());
        let a = table.open(one).unwrap();
        let _b = table.open(one).unwrap();
        assert!(table.open(one).is_none());
        assert!(table.open(two).is_some());
        drop(a);
        assert!(table.open(one).is_some());
    }

    #[test]
    fn games_per_minute_refill_over_time() {
        let limit = RateLimit::new(2);
        let client = Client::of("127.0.0.2".parse().unwrap());
        let start = Instant::now();
        assert!(limit.take(client, start).is_ok());
        assert!(limit.take(client, start).is_ok());
        let wait = limit.take(client, start).unwrap_err();
        assert!(wait > Duration::from_secs(29) && wait <= Duration::from_secs(30));
        assert!(limit.take(client, start + Duration::from_secs(31)).is_ok());
        let other = Client::of("127.0.0.3".parse().unwrap());
        assert!(limit.take(other, start).is_ok());
    }
}
