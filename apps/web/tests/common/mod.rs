//! What the server tests share: a server on a free port with a database of its own (the
//! binary started as a process, or one the test process runs itself: `tests/api/`),
//! requests over plain TCP (from any loopback address, so that tests can play several
//! clients), and the process's memory.
#![allow(dead_code, unused_imports)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub mod friends;
mod postgres;
pub use postgres::{postgres, postgres_schema};

/// A fresh temporary directory, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// A new empty directory.
    pub fn new() -> TempDir {
        static COUNTER: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("halma-web-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("a temporary directory");
        TempDir(path)
    }

    /// A SQLite URL for a file in it.
    pub fn sqlite(&self) -> String {
        format!("sqlite://{}", self.0.join("games.sqlite3").display())
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// How a test server runs.
enum Running {
    /// A process of its own, killed when dropped.
    Process(Child),
    /// In the test process: what keeps it running, and stops it when dropped.
    Here(Box<dyn std::any::Any + Send + Sync>),
}

/// A running server, stopped when dropped.
pub struct Server {
    running: Running,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// Its database directory, when the server made its own.
    pub dir: Option<TempDir>,
    /// The file its log (stderr) goes to, when kept.
    pub log: Option<PathBuf>,
}

/// How a test server is started.
pub struct Launch<'a> {
    /// The database URL.
    pub url: &'a str,
    /// Options after the test defaults.
    pub args: &'a [&'a str],
    /// A descriptor limit (through util-linux's `prlimit`).
    pub nofile: Option<u32>,
    /// `RUST_LOG` and the file the log goes to (else `warn`, and the log is dropped).
    pub log: Option<(&'a str, PathBuf)>,
}

/// Options every test server gets unless it says otherwise: a generous game-creation limit
/// (tests start many games from one address).
const TEST_DEFAULTS: [&str; 2] = ["--games-per-minute", "10000"];

impl Server {
    /// A server with a database of its own, and `args`.
    pub fn start(args: &[&str]) -> Server {
        let dir = TempDir::new();
        let mut server = Server::start_with(&dir.sqlite(), args, None);
        server.dir = Some(dir);
        server
    }

    /// A server on the database `url`, with `args`, its descriptors limited to `nofile` if
    /// given (through util-linux's `prlimit`).
    pub fn start_with(url: &str, args: &[&str], nofile: Option<u32>) -> Server {
        Server::launch(Launch {
            url,
            args,
            nofile,
            log: None,
        })
    }

    /// A server as `launch` says.
    pub fn launch(launch: Launch<'_>) -> Server {
        let Launch {
            url,
            args,
            nofile,
            log,
        } = launch;
        // Another build of the server (an older one, another allocator) may be put to the
        // same tests: `HALMA_TEST_SERVER=path/to/halma-web cargo test ...`.
        let binary = std::env::var("HALMA_TEST_SERVER")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_halma-web").to_owned());
        let mut command = match nofile {
            Some(limit) => {
                let mut command = Command::new("prlimit");
                command
                    .arg(format!("--nofile={limit}:{limit}"))
                    .arg("--")
                    .arg(&binary);
                command
            }
            None => Command::new(&binary),
        };
        let mut all: Vec<&str> = TEST_DEFAULTS.to_vec();
        all.extend_from_slice(args);
        command
            .args(["--port", "0", "--database", url])
            .args(all)
            .stdout(Stdio::piped());
        match &log {
            Some((filter, path)) => {
                let file = std::fs::File::create(path).expect("a log file");
                command.env("RUST_LOG", filter).stderr(file);
            }
            None => {
                command.env("RUST_LOG", "warn").stderr(Stdio::null());
            }
        }
        let child = command.spawn().expect("the server starts");
        let mut server = Server::of_process(child);
        server.log = log.map(|(_, path)| path);
        server
    }

    /// The server that the process `child` runs, its standard output piped: listening on
    /// the address it prints on its first line.
    pub fn of_process(mut child: Child) -> Server {
        let stdout = child.stdout.take().expect("piped stdout");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the server prints its address");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Server {
            running: Running::Process(child),
            addr,
            dir: None,
            log: None,
        }
    }

    /// A server that this process runs, listening on `addr`, kept running by `held` until
    /// dropped, on a database in `dir`.
    pub fn here(
        addr: String,
        held: Box<dyn std::any::Any + Send + Sync>,
        dir: Option<TempDir>,
    ) -> Server {
        Server {
            running: Running::Here(held),
            addr,
            dir,
            log: None,
        }
    }

    /// The server's process.
    fn child(&mut self) -> &mut Child {
        match &mut self.running {
            Running::Process(child) => child,
            Running::Here(_) => panic!("a server of the test process has no process of its own"),
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        match &self.running {
            Running::Process(child) => child.id(),
            Running::Here(_) => panic!("a server of the test process has no process of its own"),
        }
    }

    /// A server with a database of its own and `args`, its log at `filter` kept in a file.
    pub fn start_logged(args: &[&str], filter: &str) -> Server {
        let dir = TempDir::new();
        let mut server = Server::launch(Launch {
            url: &dir.sqlite(),
            args,
            nofile: None,
            log: Some((filter, dir.0.join("server.log"))),
        });
        server.dir = Some(dir);
        server
    }

    /// What the server logged so far (with [`Server::start_logged`]).
    pub fn log_text(&self) -> String {
        let path = self
            .log
            .as_ref()
            .expect("a server started with its log kept");
        std::fs::read_to_string(path).unwrap_or_default()
    }

    /// The port.
    pub fn port(&self) -> u16 {
        self.socket().port()
    }

    /// The socket address.
    pub fn socket(&self) -> SocketAddr {
        self.addr.parse().expect("an address")
    }

    /// A connection from the loopback address `127.0.0.{source}` (1 is the usual one).
    pub fn connect_from(&self, source: u8) -> TcpStream {
        self.connect_from_ip(Ipv4Addr::new(127, 0, 0, source), None)
    }

    /// A connection from the loopback address `source`, its receive buffer set to
    /// `receive_buffer` bytes if given (before connecting, so that the window stays small).
    pub fn connect_from_ip(&self, source: Ipv4Addr, receive_buffer: Option<usize>) -> TcpStream {
        use socket2::{Domain, Socket, Type};
        let socket = Socket::new(Domain::IPV4, Type::STREAM, None).expect("a socket");
        if let Some(bytes) = receive_buffer {
            socket
                .set_recv_buffer_size(bytes)
                .expect("a receive buffer");
        }
        socket
            .bind(&SocketAddr::from((source, 0)).into())
            .expect("bind a loopback source address");
        socket
            .connect_timeout(&self.socket().into(), Duration::from_secs(5))
            .expect("connect");
        let stream: TcpStream = socket.into();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        stream
    }

    /// Sends `head` and `body` on a new connection from `127.0.0.{source}` and reads the
    /// whole answer (the head should say `Connection: close`).
    pub fn raw_from(&self, source: u8, head: &str, body: &[u8]) -> Response {
        let mut stream = self.connect_from(source);
        stream.write_all(head.as_bytes()).expect("send head");
        stream.write_all(body).expect("send body");
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        Response::parse(&response)
    }

    /// [`Server::raw_from`] from 127.0.0.1.
    pub fn raw(&self, head: &str, body: &[u8]) -> Response {
        self.raw_from(1, head, body)
    }

    /// A JSON request from `127.0.0.{source}`: status and body.
    pub fn request_from(
        &self,
        source: u8,
        method: &str,
        path: &str,
        body: Option<&str>,
    ) -> (u16, Value) {
        let body = body.unwrap_or("");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        let response = self.raw_from(source, &head, body.as_bytes());
        let content_type = response.header("content-type").unwrap_or_default();
        assert!(
            content_type.starts_with("application/json"),
            "{method} {path}: {} with content type {content_type:?}",
            response.status
        );
        (response.status, response.json())
    }

    /// A JSON request from 127.0.0.1.
    pub fn request(&self, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
        self.request_from(1, method, path, body)
    }

    /// `GET path`.
    pub fn get(&self, path: &str) -> (u16, Value) {
        self.request("GET", path, None)
    }

    /// `POST path` with a JSON body.
    pub fn post(&self, path: &str, body: Value) -> (u16, Value) {
        self.request("POST", path, Some(&body.to_string()))
    }

    /// A new game; its id.
    pub fn new_game(&self, body: Value) -> String {
        let (status, state) = self.post("/api/games", body);
        assert_eq!(status, 201, "{state}");
        state["id"].as_str().expect("an id").to_owned()
    }

    /// Asserts that `(status, body)` is the error `status` with a message containing `needle`.
    pub fn expect_error(&self, (status, body): (u16, Value), expected: u16, needle: &str) {
        assert_eq!(status, expected, "{body}");
        let message = body["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error in {body}"));
        assert!(
            message.contains(needle),
            "error {message:?} should mention {needle:?}"
        );
    }

    /// The process's resident memory, in KiB.
    pub fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()))
            .expect("the server's /proc status");
        status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|value| value.split_whitespace().next())
            .and_then(|kib| kib.parse().ok())
            .expect("VmRSS")
    }

    /// The value of `series` (a metric's name and labels, as `/metrics` writes them).
    pub fn metric(&self, series: &str) -> u64 {
        let metrics = self.raw(
            &format!(
                "GET /metrics HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
                self.addr
            ),
            b"",
        );
        String::from_utf8_lossy(&metrics.body)
            .lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .and_then(|value| value.parse().ok())
            .unwrap_or_else(|| panic!("no {series} in /metrics"))
    }

    /// The bytes the server's allocator holds for it (`halma_memory_allocated_bytes`):
    /// memory in use, not what the allocator keeps freed for reuse or has yet to hand back,
    /// so it does not depend on when the allocator does that.
    pub fn allocated(&self) -> u64 {
        self.metric("halma_memory_allocated_bytes")
    }

    /// The process's open descriptors.
    pub fn open_fds(&self) -> usize {
        std::fs::read_dir(format!("/proc/{}/fd", self.pid()))
            .map(|entries| entries.count())
            .unwrap_or(0)
    }

    /// Asserts that an honest client (from 127.0.0.1, a new connection) gets the state of
    /// `id` within a second, the issue's own bar; returns the time it took.
    pub fn honest_client_served(&self, id: &str) -> Duration {
        let start = Instant::now();
        let (status, state) = self.get(&format!("/api/games/{id}"));
        let took = start.elapsed();
        assert_eq!(status, 200, "{state}");
        assert!(
            took < Duration::from_secs(1),
            "the honest client waited {took:?}"
        );
        took
    }

    /// Sends SIGTERM (through the `kill` command) and waits for the process to end; whether
    /// it exited successfully.
    pub fn terminate(&mut self) -> bool {
        let pid = self.pid().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -TERM {pid}");
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = self.child().try_wait().expect("wait") {
                return status.success();
            }
            assert!(
                Instant::now() < deadline,
                "the server did not stop on SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until `check` holds, at most `limit`; whether it did.
    pub fn eventually(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if check() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        check()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Running::Process(child) = &mut self.running {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A parsed response.
pub struct Response {
    /// The status, 0 if there was no answer.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body (chunked encoding not undone).
    pub body: Vec<u8>,
}

impl Response {
    /// Parses the first response in `bytes`; status 0 for no (or no complete) head.
    pub fn parse(bytes: &[u8]) -> Response {
        let Some(split) = bytes.windows(4).position(|w| w == b"\r\n\r\n") else {
            return Response {
                status: 0,
                headers: Vec::new(),
                body: bytes.to_vec(),
            };
        };
        let head = String::from_utf8_lossy(&bytes[..split]);
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|line| line.split(' ').nth(1))
            .and_then(|code| code.parse().ok())
            .unwrap_or(0);
        let headers: Vec<(String, String)> = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
            .collect();
        let mut body = bytes[split + 4..].to_vec();
        let length = headers
            .iter()
            .find(|(name, _)| name == "content-length")
            .and_then(|(_, value)| value.parse::<usize>().ok());
        if let Some(length) = length {
            body.truncate(length);
        }
        Response {
            status,
            headers,
            body,
        }
    }

    /// The header `name` (lower case).
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    }

    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|error| {
            panic!(
                "status {}: body is not JSON ({error}): {:?}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }
}

/// The strings of a JSON array.
pub fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(|v| v.as_str().expect("a string").to_owned())
        .collect()
}

/// The 99th percentile of `latencies` (the largest of fewer than 100).
pub fn p99(latencies: &[Duration]) -> Duration {
    let mut sorted = latencies.to_vec();
    sorted.sort();
    let index = (sorted.len() * 99).div_ceil(100).saturating_sub(1);
    sorted.get(index).copied().unwrap_or_default()
}

/// Prints the p99 of `during` beside that of `baseline` (the same requests before the
/// attack, in the same run): a figure for the docs, never an assertion, since a loaded
/// machine moves latencies by more than any bar a test could hold (the tests count what
/// was served instead).
pub fn print_p99(what: &str, baseline: &[Duration], during: &[Duration]) {
    let (idle, attacked) = (p99(baseline), p99(during));
    println!(
        "figure: {what}: honest p99 {:.1} ms during the attack, {:.1} ms idle ({} and {} requests)",
        attacked.as_secs_f64() * 1e3,
        idle.as_secs_f64() * 1e3,
        during.len(),
        baseline.len()
    );
}

/// The bytes the kernel holds unsent or unacknowledged on the server side of every TCP
/// socket on `port` (orphaned ones included), from `/proc/net/tcp`, and how many sockets.
pub fn queued_on_port(port: u16) -> (u64, usize) {
    let table = std::fs::read_to_string("/proc/net/tcp").expect("/proc/net/tcp");
    let mut bytes = 0;
    let mut sockets = 0;
    for line in table.lines().skip(1) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (Some(local), Some(state), Some(queues)) =
            (fields.get(1), fields.get(3), fields.get(4))
        else {
            continue;
        };
        let local_port = local
            .rsplit_once(':')
            .and_then(|(_, p)| u16::from_str_radix(p, 16).ok());
        // 0A is LISTEN: the listener, not a connection.
        if local_port != Some(port) || *state == "0A" {
            continue;
        }
        let tx = queues
            .split_once(':')
            .and_then(|(tx, _)| u64::from_str_radix(tx, 16).ok())
            .unwrap_or(0);
        bytes += tx;
        sockets += 1;
    }
    (bytes, sockets)
}

/// The kernel's TCP memory, in pages (`/proc/net/sockstat`): the whole machine's.
pub fn kernel_tcp_pages() -> u64 {
    let stat = std::fs::read_to_string("/proc/net/sockstat").expect("/proc/net/sockstat");
    stat.lines()
        .find(|line| line.starts_with("TCP:"))
        .and_then(|line| line.split_whitespace().skip_while(|w| *w != "mem").nth(1))
        .and_then(|pages| pages.parse().ok())
        .unwrap_or(0)
}
