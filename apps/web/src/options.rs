//! The command line: every limit the server enforces can be set here, with the defaults the
//! docs give (`docs/server.md`), each option also read from an environment variable
//! `HALMA_<NAME>` (`--queue-wait-ms` from `HALMA_QUEUE_WAIT_MS`; a repeatable option's
//! values separated by commas); the command line wins. A value that does not read is
//! refused before the server starts: a message naming the option, and exit status 2.

use std::net::IpAddr;
use std::time::Duration;

use clap::Parser;

use crate::clients::{Cidr, ProxyHeader};
use crate::engines;
use crate::http::serve::socket::send_buffer;
use crate::http::serve::{ConnectionLimits, default_max_connections};
use crate::origin::Origin;

/// Play Halma against the computer, or a friend, in a browser: an HTTP server with a JSON
/// API (docs/server.md), storing every game as it is played.
#[derive(Clone, Debug, Parser)]
// An option given twice takes its last value, as a later flag overrides a script's default.
#[command(name = "halma-web", version, args_override_self = true)]
pub struct Options {
    /// Address to listen on.
    #[arg(
        long,
        env = "HALMA_BIND",
        value_name = "ADDR",
        default_value = "127.0.0.1"
    )]
    pub bind: IpAddr,
    /// Port; 0 picks a free port, the address is printed.
    #[arg(long, env = "HALMA_PORT", value_name = "N", default_value_t = 8080)]
    pub port: u16,
    /// sqlite://PATH or postgres://USER@HOST/DB (default: the file halma-web.sqlite3 next
    /// to the server's binary, created on first start).
    #[arg(long, env = "HALMA_DATABASE", value_name = "URL")]
    pub database: Option<String>,
    /// Threads answering requests (default: the cores).
    #[arg(long, env = "HALMA_WORKERS", value_name = "N", value_parser = count)]
    pub workers: Option<usize>,
    /// Searches that may run at once (default: the cores).
    #[arg(long, env = "HALMA_ENGINES", value_name = "N", value_parser = count)]
    pub engines: Option<usize>,
    /// Searches one client may run at once (default: half the engines, at least 1).
    #[arg(long, env = "HALMA_ENGINES_PER_CLIENT", value_name = "N", value_parser = count)]
    pub engines_per_client: Option<usize>,
    /// Searches one client may have running or waiting (default: its share + 2).
    #[arg(long, env = "HALMA_SEARCHES_PER_CLIENT", value_name = "N", value_parser = count)]
    pub searches_per_client: Option<usize>,
    /// Computer moves that may wait for an engine, and as many hints; past it 503.
    #[arg(long, env = "HALMA_QUEUE", value_name = "N", default_value = "64", value_parser = count)]
    pub queue: usize,
    /// Longest wait for an engine before 503.
    #[arg(long = "queue-wait-ms", env = "HALMA_QUEUE_WAIT_MS", value_name = "N", default_value = "10000", value_parser = millis)]
    pub queue_wait: Duration,
    /// Cap on the computer's thinking per request.
    #[arg(long = "think-ms", env = "HALMA_THINK_MS", value_name = "N", default_value = "2000", value_parser = millis)]
    pub think: Duration,
    /// Open connections at most; at the cap the longest idle is closed for a new one
    /// (default: the descriptor limit less 64).
    #[arg(long, env = "HALMA_MAX_CONNECTIONS", value_name = "N", value_parser = count)]
    pub max_connections: Option<usize>,
    /// Open connections from one client at most.
    #[arg(long, env = "HALMA_CONNECTIONS_PER_CLIENT", value_name = "N", default_value = "128", value_parser = count)]
    pub connections_per_client: usize,
    /// Live streams of games open at most (default: half --max-connections).
    #[arg(long, env = "HALMA_MAX_LIVE", value_name = "N", value_parser = count)]
    pub max_live: Option<usize>,
    /// Live streams one client may have open.
    #[arg(long, env = "HALMA_LIVE_PER_CLIENT", value_name = "N", default_value = "8", value_parser = count)]
    pub live_per_client: usize,
    /// A player of a game between two people away this long may be claimed against: their
    /// opponent may take the win.
    #[arg(long = "abandon-after-secs", env = "HALMA_ABANDON_AFTER_SECS", value_name = "N", default_value = "120", value_parser = seconds)]
    pub abandon_after: Duration,
    /// New games one client may start per minute.
    #[arg(long, env = "HALMA_GAMES_PER_MINUTE", value_name = "N", default_value = "30", value_parser = count_u32)]
    pub games_per_minute: u32,
    /// Games stored at most; past it new games get 503.
    #[arg(long, env = "HALMA_MAX_GAMES", value_name = "N", default_value = "1000000", value_parser = count_u64)]
    pub max_games: u64,
    /// Moves one game may have; past it moves get 409.
    #[arg(long, env = "HALMA_MAX_PLIES", value_name = "N", default_value = "2000", value_parser = count)]
    pub max_plies: usize,
    /// Time to send a request's head, and to idle between requests.
    #[arg(long = "header-timeout-ms", env = "HALMA_HEADER_TIMEOUT_MS", value_name = "N", default_value = "10000", value_parser = millis)]
    pub header_timeout: Duration,
    /// Time to send a request's body.
    #[arg(long = "body-timeout-ms", env = "HALMA_BODY_TIMEOUT_MS", value_name = "N", default_value = "10000", value_parser = millis)]
    pub body_timeout: Duration,
    /// Time a client may leave what it was sent unread.
    #[arg(long = "send-timeout-ms", env = "HALMA_SEND_TIMEOUT_MS", value_name = "N", default_value = "10000", value_parser = millis)]
    pub send_timeout: Duration,
    /// Kernel send buffers of all connections together, at most, in MiB: each
    /// connection's is this over --max-connections, 16 to 128 KiB.
    #[arg(long = "send-buffers-mb", env = "HALMA_SEND_BUFFERS_MB", value_name = "N", default_value = "512", value_parser = mebibytes)]
    pub send_buffers: usize,
    /// A host name this server answers to (repeatable; localhost and IP addresses always;
    /// every other Host is refused with 421).
    #[arg(long = "allowed-host", env = "HALMA_ALLOWED_HOST", value_name = "NAME", value_delimiter = ',', value_parser = host_name)]
    pub allowed_hosts: Vec<String>,
    /// The site's address as browsers open it behind a reverse proxy, https://NAME or
    /// https://NAME:PORT: requests from that Origin may change games whatever Host the proxy
    /// passes, NAME is served (as --allowed-host), and the page's links to itself
    /// (canonical, other languages) are absolute.
    #[arg(long, env = "HALMA_PUBLIC_ORIGIN", value_name = "URL", value_parser = public_origin)]
    pub public_origin: Option<Origin>,
    /// A proxy whose forwarding header names the client (repeatable; default none).
    #[arg(long = "trusted-proxy", env = "HALMA_TRUSTED_PROXY", value_name = "CIDR", value_delimiter = ',', value_parser = Cidr::parse)]
    pub trusted_proxies: Vec<Cidr>,
    /// The header the trusted proxies write: x-forwarded-for or forwarded; the other is
    /// ignored.
    #[arg(long, env = "HALMA_PROXY_HEADER", value_name = "NAME", default_value = "x-forwarded-for", value_parser = proxy_header)]
    pub proxy_header: ProxyHeader,
    /// Addresses that may read /metrics (repeatable; default loopback).
    #[arg(long, env = "HALMA_METRICS_FROM", value_name = "CIDR", value_delimiter = ',', value_parser = Cidr::parse)]
    pub metrics_from: Vec<Cidr>,
    /// Finished games are deleted after this long unchanged (a week).
    #[arg(long = "keep-finished-s", env = "HALMA_KEEP_FINISHED_S", value_name = "N", default_value = "604800", value_parser = seconds)]
    pub keep_finished: Duration,
    /// Unfinished games are deleted after this long unchanged (90 days).
    #[arg(long = "keep-idle-s", env = "HALMA_KEEP_IDLE_S", value_name = "N", default_value = "7776000", value_parser = seconds)]
    pub keep_idle: Duration,
    /// How often old games are looked for.
    #[arg(long = "prune-every-s", env = "HALMA_PRUNE_EVERY_S", value_name = "N", default_value = "3600", value_parser = seconds)]
    pub prune_every: Duration,
    /// On SIGTERM, longest wait for requests in flight.
    #[arg(long = "shutdown-grace-ms", env = "HALMA_SHUTDOWN_GRACE_MS", value_name = "N", default_value = "15000", value_parser = millis)]
    pub shutdown_grace: Duration,
    /// Search nothing: computer moves come from the clients (the page searches in the
    /// browser); hints and server searches get 501.
    #[arg(long, env = "HALMA_NO_ENGINE")]
    pub no_engine: bool,
}

impl Options {
    /// Whether the server searches (`--no-engine` turns it off).
    pub fn engine(&self) -> bool {
        !self.no_engine
    }

    /// Who may read `/metrics`: `--metrics-from`, else loopback.
    pub fn metrics_from(&self) -> Vec<Cidr> {
        if self.metrics_from.is_empty() {
            Cidr::loopback()
        } else {
            self.metrics_from.clone()
        }
    }

    /// The database's URL: `--database`, else the file `halma-web.sqlite3` next to the
    /// server's binary.
    pub fn database_url(&self) -> String {
        self.database.clone().unwrap_or_else(|| {
            let path = std::env::current_exe()
                .map(|exe| exe.with_file_name("halma-web.sqlite3"))
                .unwrap_or_else(|_| "halma-web.sqlite3".into());
            format!("sqlite://{}", path.display())
        })
    }

    /// The engines on a machine of `cores` cores: `--engines` (the cores by default), each
    /// on the cores it may use alone, and the shares of each client.
    pub fn engines(&self, cores: usize) -> engines::Config {
        let engines = self.engines.unwrap_or(cores).max(1);
        let per_client = self.engines_per_client.unwrap_or((engines / 2).max(1));
        engines::Config {
            engines,
            // Engines times threads within the cores: the cores an engine may use alone.
            threads: (cores / engines).max(1),
            per_client,
            outstanding_per_client: self.searches_per_client.unwrap_or(per_client + 2),
            queue: self.queue,
            queue_wait: self.queue_wait,
            cap: self.think,
        }
    }

    /// The host names served besides `localhost` and IP addresses: `--allowed-host`, and
    /// `--public-origin`'s.
    pub fn served_hosts(&self) -> Vec<String> {
        let mut hosts = self.allowed_hosts.clone();
        hosts.extend(
            self.public_origin
                .as_ref()
                .map(|origin| origin.host().to_owned()),
        );
        hosts
    }

    /// Open connections at most: `--max-connections`, else the descriptor limit less 64.
    pub fn max_connections(&self) -> usize {
        self.max_connections.unwrap_or_else(default_max_connections)
    }

    /// The bounds of the connections, `max_connections` at most open.
    pub fn connection_limits(&self, max_connections: usize) -> ConnectionLimits {
        ConnectionLimits {
            per_client: self.connections_per_client,
            header_timeout: self.header_timeout,
            send_timeout: self.send_timeout,
            send_buffer: send_buffer(self.send_buffers, max_connections),
            shutdown_grace: self.shutdown_grace,
            proxies: self.trusted_proxies.clone(),
        }
    }
}

/// A count: a whole number, at least 1.
fn count(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        Ok(_) => Err("must be at least 1".to_owned()),
        Err(_) => Err(format!("needs a number, not {text:?}")),
    }
}

/// A count as a `u32`.
fn count_u32(text: &str) -> Result<u32, String> {
    count(text).map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// A count as a `u64`.
fn count_u64(text: &str) -> Result<u64, String> {
    count(text).map(|n| u64::try_from(n).unwrap_or(u64::MAX))
}

/// Milliseconds, at least 1: no time the server keeps can be 0 (a search with no time, a
/// wait with none), and none is quietly read as another.
fn millis(text: &str) -> Result<Duration, String> {
    count_u64(text).map(Duration::from_millis)
}

/// Seconds, at least 1 (a claim of the win with no wait at all is refused, not read as 1).
fn seconds(text: &str) -> Result<Duration, String> {
    count_u64(text).map(Duration::from_secs)
}

/// Mebibytes, in bytes.
fn mebibytes(text: &str) -> Result<usize, String> {
    count(text).map(|n| n.saturating_mul(1 << 20))
}

/// A forwarding header's name.
fn proxy_header(text: &str) -> Result<ProxyHeader, String> {
    ProxyHeader::parse(text).ok_or_else(|| format!("is x-forwarded-for or forwarded, not {text:?}"))
}

/// An origin as `--public-origin` takes it.
fn public_origin(text: &str) -> Result<Origin, String> {
    Origin::parse(text)
        .ok_or_else(|| format!("needs https://NAME[:PORT] (or http://), not {text:?}"))
}

/// A host name as `--allowed-host` takes it: letters, digits, dots and dashes (or an
/// origin, `https://NAME[:PORT]`, whose name is taken), lower-cased.
fn host_name(value: &str) -> Result<String, String> {
    let name = value
        .split_once("://")
        .map_or(value, |(_, rest)| rest)
        .trim_end_matches('/');
    let name = name.rsplit_once(':').map_or(name, |(name, port)| {
        if port.bytes().all(|b| b.is_ascii_digit()) {
            name
        } else {
            value
        }
    });
    let valid = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
    if valid {
        Ok(name.to_ascii_lowercase())
    } else {
        Err(format!("needs a host name, not {value:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn run(args: &[&str]) -> Result<Options, String> {
        Options::try_parse_from(std::iter::once("halma-web").chain(args.iter().copied()))
            .map_err(|error| error.to_string())
    }

    #[test]
    fn flags_set_options_and_bad_values_are_refused() {
        let options = run(&["--bind", "0.0.0.0", "--port", "0", "--queue", "3"]).unwrap();
        assert_eq!(options.max_plies, 2_000);
        assert_eq!(options.abandon_after, Duration::from_secs(120));
        let short = run(&["--abandon-after-secs", "1"]).unwrap();
        assert_eq!(short.abandon_after, Duration::from_secs(1));
        // No time is read as another: 0 is refused, not taken as 1.
        for option in ["--abandon-after-secs", "--think-ms", "--prune-every-s"] {
            let error = run(&[option, "0"]).unwrap_err();
            assert!(
                error.contains(option) && error.contains("at least 1"),
                "{error}"
            );
        }
        assert_eq!(run(&["--max-plies", "40"]).unwrap().max_plies, 40);
        assert_eq!(options.bind, IpAddr::from([0, 0, 0, 0]));
        assert_eq!(options.port, 0);
        assert_eq!(options.queue, 3);
        assert_eq!(options.send_buffers, 512 << 20);
        assert_eq!(
            run(&["--send-buffers-mb", "64"]).unwrap().send_buffers,
            64 << 20
        );
        assert!(run(&["--port", "70000"]).unwrap_err().contains("--port"));
        let twice = run(&["--max-plies", "40", "--max-plies", "50"]).unwrap();
        assert_eq!(twice.max_plies, 50, "the last one");
        assert!(run(&["--queue", "0"]).unwrap_err().contains("at least 1"));
        assert!(run(&["--bind", "nowhere"]).unwrap_err().contains("--bind"));
        assert!(
            run(&["--think-ms"])
                .unwrap_err()
                .contains("a value is required")
        );
        assert!(
            run(&["--frobnicate", "1"])
                .unwrap_err()
                .contains("unexpected argument")
        );
        let options = run(&[
            "--allowed-host",
            "Halma.example",
            "--allowed-host",
            "https://play.example:8443/",
            "--trusted-proxy",
            "10.0.0.0/8",
            "--metrics-from",
            "192.0.2.1",
        ])
        .unwrap();
        assert_eq!(options.allowed_hosts, ["halma.example", "play.example"]);
        assert_eq!(
            options.trusted_proxies,
            [Cidr::parse("10.0.0.0/8").unwrap()]
        );
        assert_eq!(options.metrics_from(), [Cidr::parse("192.0.2.1").unwrap()]);
        assert_eq!(run(&[]).unwrap().metrics_from(), Cidr::loopback());
        assert!(run(&["--allowed-host", "a b"]).is_err());
        assert_eq!(
            run(&["--proxy-header", "Forwarded"]).unwrap().proxy_header,
            ProxyHeader::Forwarded
        );
        assert!(run(&["--proxy-header", "x-real-ip"]).is_err());
        assert!(
            run(&["--trusted-proxy", "10.0.0.0/40"])
                .unwrap_err()
                .contains("prefix")
        );
        let behind = run(&[
            "--public-origin",
            "https://Play.Example:8443/",
            "--allowed-host",
            "a.example",
        ])
        .unwrap();
        assert_eq!(
            behind
                .public_origin
                .as_ref()
                .map(ToString::to_string)
                .as_deref(),
            Some("https://play.example:8443")
        );
        assert_eq!(behind.served_hosts(), ["a.example", "play.example"]);
        assert!(
            run(&["--public-origin", "play.example"])
                .unwrap_err()
                .contains("--public-origin")
        );
        assert!(run(&["--public-origin", "https://play.example/halma"]).is_err());
        assert!(run(&[]).unwrap().engine());
        assert!(!run(&["--no-engine", "--port", "0"]).unwrap().engine());
    }

    #[test]
    fn every_option_has_its_environment_variable() {
        Options::command().debug_assert();
        for argument in Options::command().get_arguments() {
            let Some(long) = argument.get_long() else {
                continue;
            };
            if ["help", "version"].contains(&long) {
                continue;
            }
            let name = format!("HALMA_{}", long.to_uppercase().replace('-', "_"));
            let env = argument.get_env().and_then(|env| env.to_str());
            assert_eq!(env, Some(name.as_str()), "--{long}");
        }
    }
}
