//! The command line: every limit the server enforces can be set here, with the defaults the
//! README documents.

use std::net::IpAddr;
use std::time::Duration;

use crate::clients::{Cidr, ProxyHeader};
use crate::engines;
use crate::http::serve::socket::send_buffer;
use crate::http::serve::{ConnectionLimits, default_max_connections};

/// The usage text printed for `--help` and after a bad option.
pub const USAGE: &str = "\
usage: halma-web [options]

  --bind ADDR               address to listen on (default 127.0.0.1)
  --port N                  port (default 8080; 0 picks a free port, the address is printed)
  --database URL            sqlite://PATH or postgres://USER@HOST/DB (default: the file
                            halma-web.sqlite3 next to the server's binary, created on first start)
  --workers N               threads answering requests (default: the cores)
  --engines N               searches that may run at once (default: the cores)
  --engines-per-client N    searches one client may run at once (default: half the engines, at least 1)
  --searches-per-client N   searches one client may have running or waiting (default: its share + 2)
  --queue N                 computer moves that may wait for an engine, and as many hints;
                            past it 503 (default 64)
  --queue-wait-ms N         longest wait for an engine before 503 (default 10000)
  --think-ms N              cap on the computer's thinking per request (default 2000)
  --max-connections N       open connections at most; at the cap the longest idle is closed
                            for a new one (default: the descriptor limit less 64)
  --connections-per-client N  open connections from one client at most (default 128)
  --max-live N              live streams of games open at most (default: half --max-connections)
  --live-per-client N       live streams one client may have open (default 8)
  --abandon-after-secs N    a player of a game between two people away this long may be
                            claimed against: their opponent may take the win (default 120)
  --games-per-minute N      new games one client may start per minute (default 30)
  --max-games N             games stored at most; past it new games get 503 (default 1000000)
  --max-plies N             moves one game may have; past it moves get 409 (default 2000)
  --header-timeout-ms N     time to send a request's head, and to idle between requests (default 10000)
  --body-timeout-ms N       time to send a request's body (default 10000)
  --send-timeout-ms N       time a client may leave what it was sent unread (default 10000)
  --send-buffers-mb N       kernel send buffers of all connections together, at most: each
                            connection's is this over --max-connections, 16 to 128 KiB (default 512)
  --allowed-host NAME       a host name this server answers to (repeatable; localhost and
                            IP addresses always; every other Host is refused with 421)
  --trusted-proxy CIDR      a proxy whose forwarding header names the client
                            (repeatable; default none)
  --proxy-header NAME       the header the trusted proxies write: x-forwarded-for or
                            forwarded (default x-forwarded-for); the other is ignored
  --metrics-from CIDR       addresses that may read /metrics (repeatable; default loopback)
  --keep-finished-s N       finished games are deleted after this long unchanged (default 604800, a week)
  --keep-idle-s N           unfinished games are deleted after this long unchanged (default 7776000, 90 days)
  --prune-every-s N         how often old games are looked for (default 3600)
  --shutdown-grace-ms N     on SIGTERM, longest wait for requests in flight (default 15000)
  --no-engine               search nothing: computer moves come from the clients (the page
                            searches in the browser); hints and server searches get 501";

/// Everything the command line sets.
#[derive(Clone, Debug)]
pub struct Options {
    /// Address to listen on.
    pub bind: IpAddr,
    /// Port, 0 for any free one.
    pub port: u16,
    /// Database URL, `None` for the default SQLite file.
    pub database: Option<String>,
    /// Tokio worker threads.
    pub workers: Option<usize>,
    /// Engines (searches at once).
    pub engines: Option<usize>,
    /// Live streams at most, `None` for half the connections.
    pub max_live: Option<usize>,
    /// Live streams per client at most.
    pub live_per_client: usize,
    /// How long a player of a game between two people is away before the opponent may
    /// claim the win.
    pub abandon_after: Duration,
    /// Engines one client may hold at once.
    pub engines_per_client: Option<usize>,
    /// Searches one client may have running or waiting.
    pub searches_per_client: Option<usize>,
    /// Waiting searches at most.
    pub queue: usize,
    /// Longest wait in the queue.
    pub queue_wait: Duration,
    /// Cap on one search.
    pub think: Duration,
    /// Open connections at most (`None`: from the descriptor limit).
    pub max_connections: Option<usize>,
    /// Open connections per client at most.
    pub connections_per_client: usize,
    /// New games per client per minute.
    pub games_per_minute: u32,
    /// Stored games at most.
    pub max_games: u64,
    /// Moves (plies) one game may have.
    pub max_plies: usize,
    /// Time for a request head, and idle time between requests.
    pub header_timeout: Duration,
    /// Time for a request body.
    pub body_timeout: Duration,
    /// Time a client may leave answers unread.
    pub send_timeout: Duration,
    /// Kernel send buffers of all connections together, in bytes.
    pub send_buffers: usize,
    /// Host names served besides `localhost` and IP literals (lower case).
    pub allowed_hosts: Vec<String>,
    /// Proxies trusted to name the client.
    pub trusted_proxies: Vec<Cidr>,
    /// The forwarding header they write.
    pub proxy_header: ProxyHeader,
    /// Who may read `/metrics` (`None`: loopback).
    pub metrics_from: Option<Vec<Cidr>>,
    /// Age at which finished games are pruned.
    pub keep_finished: Duration,
    /// Age at which unfinished games are pruned.
    pub keep_idle: Duration,
    /// Pruning period.
    pub prune_every: Duration,
    /// Longest wait for requests in flight on SIGTERM.
    pub shutdown_grace: Duration,
    /// Whether the server searches (`--no-engine` turns it off).
    pub engine: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            bind: IpAddr::from([127, 0, 0, 1]),
            port: 8080,
            database: None,
            workers: None,
            engines: None,
            max_live: None,
            live_per_client: 8,
            abandon_after: Duration::from_secs(120),
            engines_per_client: None,
            searches_per_client: None,
            queue: 64,
            queue_wait: Duration::from_secs(10),
            think: Duration::from_millis(2000),
            max_connections: None,
            connections_per_client: 128,
            games_per_minute: 30,
            max_games: 1_000_000,
            max_plies: 2_000,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            send_timeout: Duration::from_secs(10),
            send_buffers: 512 << 20,
            allowed_hosts: Vec::new(),
            trusted_proxies: Vec::new(),
            proxy_header: ProxyHeader::XForwardedFor,
            metrics_from: None,
            keep_finished: Duration::from_secs(7 * 24 * 3600),
            keep_idle: Duration::from_secs(90 * 24 * 3600),
            prune_every: Duration::from_secs(3600),
            shutdown_grace: Duration::from_secs(15),
            engine: true,
        }
    }
}

impl Options {
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

/// What the command line asks for.
pub enum Parsed {
    /// Run with these options.
    Run(Box<Options>),
    /// Print the usage and stop.
    Help,
}

/// Parses the arguments (without the program name).
pub fn parse(args: &[String]) -> Result<Parsed, String> {
    let mut options = Options::default();
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            return Ok(Parsed::Help);
        }
        if flag == "--no-engine" {
            options.engine = false;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} needs a number, not {value:?}"))
        };
        let count = || -> Result<usize, String> {
            match usize::try_from(number()?) {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(format!("{flag} must be at least 1")),
            }
        };
        let millis = || number().map(|n| Duration::from_millis(n.max(1)));
        let seconds = || number().map(|n| Duration::from_secs(n.max(1)));
        let range = || Cidr::parse(value).map_err(|error| format!("{flag}: {error}"));
        match flag.as_str() {
            "--bind" => {
                options.bind = value
                    .parse()
                    .map_err(|_| format!("{flag} needs an IP address, not {value:?}"))?;
            }
            "--port" => {
                options.port = u16::try_from(number()?)
                    .map_err(|_| format!("{flag}: {value} is not a port number"))?;
            }
            "--database" => options.database = Some(value.clone()),
            "--workers" => options.workers = Some(count()?),
            "--engines" => options.engines = Some(count()?),
            "--max-live" => options.max_live = Some(count()?),
            "--live-per-client" => options.live_per_client = count()?,
            "--abandon-after-secs" => options.abandon_after = seconds()?,
            "--engines-per-client" => options.engines_per_client = Some(count()?),
            "--searches-per-client" => options.searches_per_client = Some(count()?),
            "--queue" => options.queue = count()?,
            "--queue-wait-ms" => options.queue_wait = millis()?,
            "--think-ms" => options.think = millis()?,
            "--max-connections" => options.max_connections = Some(count()?),
            "--connections-per-client" => options.connections_per_client = count()?,
            "--games-per-minute" => {
                options.games_per_minute = u32::try_from(count()?).unwrap_or(u32::MAX);
            }
            "--max-games" => options.max_games = count()? as u64,
            "--max-plies" => options.max_plies = count()?,
            "--header-timeout-ms" => options.header_timeout = millis()?,
            "--body-timeout-ms" => options.body_timeout = millis()?,
            "--send-timeout-ms" => options.send_timeout = millis()?,
            "--send-buffers-mb" => options.send_buffers = count()?.saturating_mul(1 << 20),
            "--allowed-host" => options.allowed_hosts.push(host_name(value)?),
            "--trusted-proxy" => options.trusted_proxies.push(range()?),
            "--proxy-header" => {
                options.proxy_header = ProxyHeader::parse(value).ok_or_else(|| {
                    format!("{flag} is x-forwarded-for or forwarded, not {value:?}")
                })?;
            }
            "--metrics-from" => options
                .metrics_from
                .get_or_insert_with(Vec::new)
                .push(range()?),
            "--keep-finished-s" => options.keep_finished = seconds()?,
            "--keep-idle-s" => options.keep_idle = seconds()?,
            "--prune-every-s" => options.prune_every = seconds()?,
            "--shutdown-grace-ms" => options.shutdown_grace = millis()?,
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(Parsed::Run(Box::new(options)))
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
        Err(format!("--allowed-host needs a host name, not {value:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Options, String> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        match parse(&args)? {
            Parsed::Run(options) => Ok(*options),
            Parsed::Help => Err("help".to_owned()),
        }
    }

    #[test]
    fn flags_set_options_and_bad_values_are_refused() {
        let options = run(&["--bind", "0.0.0.0", "--port", "0", "--queue", "3"]).unwrap();
        assert_eq!(options.max_plies, 2_000);
        assert_eq!(options.abandon_after, Duration::from_secs(120));
        let short = run(&["--abandon-after-secs", "2"]).unwrap();
        assert_eq!(short.abandon_after, Duration::from_secs(2));
        assert_eq!(run(&["--max-plies", "40"]).unwrap().max_plies, 40);
        assert_eq!(options.bind, IpAddr::from([0, 0, 0, 0]));
        assert_eq!(options.port, 0);
        assert_eq!(options.queue, 3);
        assert_eq!(options.send_buffers, 512 << 20);
        assert_eq!(
            run(&["--send-buffers-mb", "64"]).unwrap().send_buffers,
            64 << 20
        );
        assert!(run(&["--port", "70000"]).unwrap_err().contains("port"));
        assert!(run(&["--queue", "0"]).unwrap_err().contains("at least 1"));
        assert!(
            run(&["--bind", "nowhere"])
                .unwrap_err()
                .contains("IP address")
        );
        assert!(run(&["--think-ms"]).unwrap_err().contains("needs a value"));
        assert!(run(&["--frobnicate", "1"]).unwrap_err().contains("unknown"));
        assert_eq!(run(&["--help"]).unwrap_err(), "help");
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
        assert_eq!(
            options.metrics_from,
            Some(vec![Cidr::parse("192.0.2.1").unwrap()])
        );
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
        assert!(run(&[]).unwrap().engine);
        assert!(!run(&["--no-engine", "--port", "0"]).unwrap().engine);
    }
}
