//! Who a client is, and what each client may hold: open connections and new games per
//! minute. A client is its IP address (an IPv6 client its /64, which one host usually gets
//! whole); behind a trusted proxy, the address the proxy says it forwards for. Every table
//! here is bounded, so a flood of addresses cannot grow it without end.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::locks::lock;

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

/// Where a request comes from, as the request's extensions carry it (put there by the
/// `client_address` check, `http/guards.rs`).
#[derive(Clone, Copy, Debug)]
pub struct Source {
    /// The address: the peer's, or the one a trusted proxy forwards for.
    pub ip: IpAddr,
    /// The client at that address.
    pub client: Client,
    /// Whether the connection comes from a trusted proxy that named no usable address:
    /// the request is the proxy's own, and the proxy's address (loopback, for a proxy on
    /// the same host) stands for nobody in particular.
    pub unnamed: bool,
}

/// An address range, `ADDRESS/BITS` (or one address).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    /// The range's first address, as IPv6 (IPv4 mapped).
    network: u128,
    /// Leading bits that must match, of 128.
    bits: u32,
}

/// An address as 128 bits: IPv4 as its IPv4-mapped IPv6 address, so that one range type
/// covers both.
fn bits_of(ip: IpAddr) -> u128 {
    match ip {
        IpAddr::V4(v4) => u128::from(v4.to_ipv6_mapped()),
        IpAddr::V6(v6) => u128::from(v6),
    }
}

impl Cidr {
    /// Parses `10.0.0.0/8`, `2001:db8::/32` or a single address.
    pub fn parse(text: &str) -> Result<Cidr, String> {
        let (address, bits) = match text.split_once('/') {
            Some((address, bits)) => (address, Some(bits)),
            None => (text, None),
        };
        let ip: IpAddr = address
            .parse()
            .map_err(|_| format!("{text:?} is not an address or ADDRESS/BITS"))?;
        let most = if ip.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            Some(bits) => bits
                .parse::<u32>()
                .ok()
                .filter(|&bits| bits <= most)
                .ok_or_else(|| format!("{text:?}: the prefix must be 0 to {most} bits"))?,
            None => most,
        };
        let bits = bits + (128 - most);
        Ok(Cidr {
            network: bits_of(ip) & mask(bits),
            bits,
        })
    }

    /// Whether `ip` is in the range (an IPv4-mapped IPv6 address as its IPv4 address).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        bits_of(ip) & mask(self.bits) == self.network
    }

    /// The loopback ranges, `127.0.0.0/8` and `::1`.
    pub fn loopback() -> Vec<Cidr> {
        vec![
            Cidr::parse("127.0.0.0/8").expect("a range"),
            Cidr::parse("::1/128").expect("a range"),
        ]
    }
}

fn mask(bits: u32) -> u128 {
    u128::MAX.checked_shl(128 - bits).unwrap_or(0)
}

/// Whether any of `ranges` holds `ip`.
pub fn within(ranges: &[Cidr], ip: IpAddr) -> bool {
    ranges.iter().any(|range| range.contains(ip))
}

/// The one forwarding header a trusted proxy writes (`--proxy-header`): the other is the
/// client's to write, and ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProxyHeader {
    /// `X-Forwarded-For: client, proxy1, ...`.
    XForwardedFor,
    /// `Forwarded: for=client, for=proxy1, ...` (RFC 7239).
    Forwarded,
}

impl ProxyHeader {
    /// The header's name, as `--proxy-header` takes it (lower case).
    pub fn name(self) -> &'static str {
        match self {
            ProxyHeader::XForwardedFor => "x-forwarded-for",
            ProxyHeader::Forwarded => "forwarded",
        }
    }

    /// The header named `name` (any case).
    pub fn parse(name: &str) -> Option<ProxyHeader> {
        [ProxyHeader::XForwardedFor, ProxyHeader::Forwarded]
            .into_iter()
            .find(|header| header.name().eq_ignore_ascii_case(name))
    }

    /// The hops `value` lists, first to last; `None` for a hop that is no address.
    fn hops(self, value: &str) -> Vec<Option<IpAddr>> {
        match self {
            ProxyHeader::XForwardedFor => {
                value.split(',').map(|hop| parse_hop(hop.trim())).collect()
            }
            ProxyHeader::Forwarded => value
                .split(',')
                .filter_map(|element| {
                    element.split(';').find_map(|pair| {
                        let (name, value) = pair.split_once('=')?;
                        name.trim()
                            .eq_ignore_ascii_case("for")
                            .then(|| parse_hop(value.trim().trim_matches('"')))
                    })
                })
                .collect(),
        }
    }
}

/// The address a request comes from, and whether it is a trusted proxy's own request (see
/// [`Source::unnamed`]): the connection's peer, or, when the peer is one of the `proxies`,
/// the address it forwards for, read from `value`, the proxy's `header` (every line of it,
/// joined): the right-most hop that is not itself a trusted proxy. Each proxy appends the
/// address it took the request from, so the hops left of the last one a trusted proxy
/// wrote are the client's to choose, and never read. When that hop is no address
/// (`unknown`, an obfuscated name) or every hop is a trusted proxy, or the header is
/// missing, the request is the proxy's own. Headers from any other peer are ignored:
/// anyone can write them.
pub fn origin_of(
    peer: IpAddr,
    proxies: &[Cidr],
    header: ProxyHeader,
    value: Option<&str>,
) -> (IpAddr, bool) {
    if !within(proxies, peer) {
        return (peer, false);
    }
    let hops = value.map_or_else(Vec::new, |value| header.hops(value));
    let named = hops
        .into_iter()
        .rev()
        .find(|hop| !hop.is_some_and(|ip| within(proxies, ip)))
        .flatten();
    match named {
        Some(ip) => (ip, false),
        None => (peer, true),
    }
}

/// One hop of a forwarding header: `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1` or
/// `[2001:db8::1]:4711`; `None` for anything else (`unknown`, obfuscated names).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = hop.strip_prefix('[') {
        let (inside, _) = rest.split_once(']')?;
        return inside.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
    }
    let (address, port) = hop.rsplit_once(':')?;
    port.parse::<u16>().ok()?;
    address.parse::<std::net::Ipv4Addr>().ok().map(IpAddr::V4)
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
    fn ranges_hold_their_addresses() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let ten = Cidr::parse("10.0.0.0/8").unwrap();
        assert!(ten.contains(ip("10.200.3.4")));
        assert!(ten.contains(ip("::ffff:10.1.1.1")));
        assert!(!ten.contains(ip("11.0.0.1")));
        assert!(!ten.contains(ip("::a00:1")), "IPv6 is not IPv4");
        let one = Cidr::parse("192.0.2.7").unwrap();
        assert!(one.contains(ip("192.0.2.7")) && !one.contains(ip("192.0.2.8")));
        let v6 = Cidr::parse("2001:db8::/32").unwrap();
        assert!(v6.contains(ip("2001:db8:1::1")) && !v6.contains(ip("2001:db9::1")));
        assert!(Cidr::parse("0.0.0.0/0").unwrap().contains(ip("8.8.8.8")));
        assert!(!Cidr::parse("0.0.0.0/0").unwrap().contains(ip("::2")));
        for bad in ["10.0.0.0/33", "::/129", "nowhere", "10.0.0.0/x", ""] {
            assert!(Cidr::parse(bad).is_err(), "{bad}");
        }
        assert!(within(&Cidr::loopback(), ip("127.9.9.9")));
        assert!(within(&Cidr::loopback(), ip("::1")));
        assert!(!within(&Cidr::loopback(), ip("10.0.0.1")));
    }

    #[test]
    fn only_trusted_proxies_say_whom_they_forward_for() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let proxies = [Cidr::parse("10.0.0.0/8").unwrap()];
        let proxy = ip("10.0.0.5");
        let xff = ProxyHeader::XForwardedFor;
        let named = |header, value| origin_of(proxy, &proxies, header, Some(value));
        // Untrusted peers' headers are ignored.
        assert_eq!(
            origin_of(ip("192.0.2.1"), &proxies, xff, Some("198.51.100.1")),
            (ip("192.0.2.1"), false)
        );
        // The right-most address no trusted proxy wrote: a client cannot pose as another
        // by putting an address in front.
        let chain = "203.0.113.9, 198.51.100.1, 10.0.0.9";
        assert_eq!(named(xff, chain), (ip("198.51.100.1"), false));
        assert_eq!(named(xff, "[2001:db8::1]:80"), (ip("2001:db8::1"), false));
        assert_eq!(named(xff, "198.51.100.1:4711"), (ip("198.51.100.1"), false));
        let forwarded = "for=198.51.100.2;proto=https, For=\"[2001:db8::2]:4711\"";
        assert_eq!(
            named(ProxyHeader::Forwarded, forwarded),
            (ip("2001:db8::2"), false)
        );
        // Nothing usable: the proxy's own request, never an address left of the hop the
        // proxy wrote.
        for unusable in [
            "unknown",
            "198.51.100.7, unknown",
            "garbage, 10.0.0.1",
            "10.0.0.1",
        ] {
            assert_eq!(named(xff, unusable), (proxy, true), "{unusable}");
        }
        assert_eq!(named(ProxyHeader::Forwarded, "by=1.2.3.4"), (proxy, true));
        assert_eq!(origin_of(proxy, &proxies, xff, None), (proxy, true));
        // The other header is not read: with `forwarded`, an X-Forwarded-For is the
        // client's own text.
        assert_eq!(
            origin_of(proxy, &proxies, ProxyHeader::Forwarded, None),
            (proxy, true)
        );
        assert_eq!(ProxyHeader::parse("X-Forwarded-For"), Some(xff));
        assert_eq!(
            ProxyHeader::parse("Forwarded"),
            Some(ProxyHeader::Forwarded)
        );
        assert_eq!(ProxyHeader::parse("x-real-ip"), None);
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
