//! The operator's kit as shipped (`deploy/`): Debian's nginx with the site
//! `deploy/nginx/halma.conf` (its upstream addresses and listen port the only lines
//! changed) in front of two server processes on one PostgreSQL database, each started with
//! the flags of `deploy/systemd/halma-web.service` (its `--bind`, `--port` and `--database`
//! aside; its `--public-origin` names the site without the test's port, so the site works
//! by `Host` and `--allowed-host` alone): the page, a game against the computer from a
//! browser whose `Origin` carries the port, a friend game's moves reaching the other seat's live stream within 2 s whichever
//! process takes them, another `Host` refused, and a client that writes its own
//! `X-Forwarded-For` still limited. The unit clean under `systemd-analyze verify`. And the
//! backups docs/operating.md gives (SQLite's online backup, `pg_dump`) restored and played on.
//!
//! nginx, systemd-analyze and sqlite3 come from the test command's set-up
//! (`apps/web/ci/kit.sh`); without one of them or PostgreSQL a test says it is skipped, and
//! fails under CI (`CI` set), where it must run.

mod common;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::friends::{LOCAL, Stream, friend_game, join, moves, play, some_move};
use common::{Server, TempDir, postgres, postgres_schema};
use serde_json::json;

/// The site, as shipped.
const SITE: &str = include_str!("../../../deploy/nginx/halma.conf");

/// The unit, as shipped.
const UNIT: &str = include_str!("../../../deploy/systemd/halma-web.service");

/// The name the site and the unit are written for.
const NAME: &str = "halma.example.org";

/// The longest a move may take to reach the other seat's stream.
const LIVE_WITHIN: Duration = Duration::from_secs(2);

/// The path of `program` if it is installed (on the `PATH`, or in `/usr/sbin`, where
/// Debian puts nginx); else `None`, after saying the test is skipped (a failure under CI).
fn installed(program: &str) -> Option<PathBuf> {
    let path = std::env::var("PATH").unwrap_or_default();
    let found = path
        .split(':')
        .chain(["/usr/sbin", "/usr/bin"])
        .map(|dir| Path::new(dir).join(program))
        .find(|candidate| candidate.is_file());
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{program} must be installed under CI (apps/web/ci/kit.sh)"
        );
        println!("skipped: {program} is not installed");
    }
    found
}

/// The unit's `ExecStart` as words, its lines joined.
fn exec_start() -> Vec<String> {
    let joined = UNIT.replace("\\\n", " ");
    let line = joined
        .lines()
        .find_map(|line| line.strip_prefix("ExecStart="))
        .expect("the unit has an ExecStart");
    line.split_whitespace().map(str::to_owned).collect()
}

/// The unit's server flags but those that say where it listens and what database it opens
/// (each test process has its own port; the two share the test's PostgreSQL).
fn unit_flags() -> Vec<String> {
    let words = exec_start();
    let mut flags = Vec::new();
    let mut rest = words[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().expect("every flag of the unit has a value");
        if !["--bind", "--port", "--database"].contains(&flag.as_str()) {
            flags.extend([flag.clone(), value.clone()]);
        }
    }
    flags
}

/// nginx serving the site, stopped (SIGTERM, then waited for) when dropped.
struct Nginx {
    child: Child,
    port: u16,
    dir: TempDir,
}

impl Nginx {
    /// nginx at `program` with the site in front of `upstreams`, on a free port.
    fn start(program: &Path, upstreams: [&str; 2]) -> Nginx {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|free| free.local_addr())
            .expect("a free port")
            .port();
        let site = site(upstreams, port);
        let dir = TempDir::new();
        let at = |name: &str| dir.0.join(name).display().to_string();
        std::fs::write(at("halma.conf"), site).expect("the site");
        // The smallest nginx.conf around the site: its files in the test's folder.
        let main = format!(
            "worker_processes 1;\npid {pid};\nerror_log {log} info;\n\
             events {{ worker_connections 512; }}\n\
             http {{\n    access_log {access};\n    client_body_temp_path {temp}/body;\n    \
             proxy_temp_path {temp}/proxy;\n    fastcgi_temp_path {temp}/fastcgi;\n    \
             uwsgi_temp_path {temp}/uwsgi;\n    scgi_temp_path {temp}/scgi;\n    \
             include {site};\n}}\n",
            pid = at("nginx.pid"),
            log = at("error.log"),
            access = at("access.log"),
            temp = dir.0.display(),
            site = at("halma.conf"),
        );
        std::fs::write(at("nginx.conf"), main).expect("nginx.conf");
        let child = Command::new(program)
            .args([
                "-e",
                &at("error.log"),
                "-p",
                &at(""),
                "-c",
                &at("nginx.conf"),
            ])
            .args(["-g", "daemon off;"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("nginx starts");
        let mut nginx = Nginx { child, port, dir };
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            let exited = nginx.child.try_wait().expect("wait").is_some();
            assert!(
                !exited && Instant::now() < deadline,
                "nginx did not start: {}",
                nginx.log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        nginx
    }

    /// nginx's error log so far.
    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.0.join("error.log")).unwrap_or_default()
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The site as shipped with the processes `upstreams` and the listen `port`: no other line
/// changed. Without IPv6 on the machine, its IPv6 listen line is left out.
fn site(upstreams: [&str; 2], port: u16) -> String {
    let ipv6 = Path::new("/proc/net/if_inet6").exists();
    let listen_v6 = if ipv6 {
        format!("listen [::]:{port};")
    } else {
        String::new()
    };
    let changes = [
        (
            "server 127.0.0.1:8080;",
            format!("server {};", upstreams[0]),
        ),
        (
            "server 127.0.0.1:8081;",
            format!("server {};", upstreams[1]),
        ),
        ("listen 80;", format!("listen {port};")),
        ("listen [::]:80;", listen_v6),
    ];
    let mut site = SITE.to_owned();
    for (shipped, test) in changes {
        assert_eq!(site.matches(shipped).count(), 1, "the site has {shipped}");
        site = site.replace(shipped, &test);
    }
    site
}

#[test]
fn the_site_is_plain_and_proxies_everything() {
    let directives: Vec<&str> = SITE
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    for directive in &directives {
        assert!(
            !directive.starts_with("root ") && !directive.starts_with("alias "),
            "nginx serves no file itself: {directive}"
        );
        assert!(
            !directive.contains("http2") && !directive.contains("return 30"),
            "no HTTP/2 and no redirect in the working site: {directive}"
        );
        if let Some(included) = directive.strip_prefix("include ") {
            assert!(
                ["proxy_params;", "mime.types;"].contains(&included),
                "{directive}"
            );
        }
    }
    for needed in [
        "proxy_set_header Host $http_host;",
        "proxy_set_header X-Forwarded-For $remote_addr;",
        "proxy_http_version 1.1;",
        "proxy_buffering off;",
    ] {
        assert!(directives.contains(&needed), "the site sets {needed}");
    }
    let flags = unit_flags();
    let origin = format!("http://{NAME}");
    for (flag, value) in [
        ("--trusted-proxy", "127.0.0.1"),
        ("--allowed-host", NAME),
        ("--public-origin", origin.as_str()),
    ] {
        assert!(
            flags.windows(2).any(|pair| pair == [flag, value]),
            "the unit runs the server with {flag} {value}: {flags:?}"
        );
    }
    let database = exec_start()
        .windows(2)
        .find(|pair| pair[0] == "--database")
        .map(|pair| pair[1].clone());
    assert!(
        database.is_some_and(|url| url.starts_with("sqlite:///var/lib/halma/")),
        "the unit's database is under its StateDirectory"
    );
}

#[test]
fn the_unit_is_clean_under_systemd_analyze_verify() {
    let Some(analyze) = installed("systemd-analyze") else {
        return;
    };
    let dir = TempDir::new();
    // The unit names the installed binary; here it is the one just built.
    let unit = UNIT.replace("/usr/local/bin/halma-web", env!("CARGO_BIN_EXE_halma-web"));
    assert_ne!(unit, UNIT, "the unit runs /usr/local/bin/halma-web");
    let path = dir.0.join("halma-web.service");
    std::fs::write(&path, unit).expect("the unit");
    let output = Command::new(analyze)
        .arg("verify")
        .arg(&path)
        .output()
        .expect("systemd-analyze runs");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{said}");
    let about_it: Vec<&str> = said
        .lines()
        .filter(|line| line.contains("halma-web"))
        .collect();
    assert!(about_it.is_empty(), "{about_it:?}");
}

/// A request as a browser on the site sends it (`Host` and `Origin` with the site's port),
/// through nginx at `via`, from `127.0.0.{source}` with the extra `headers`: status and
/// body.
fn browser(
    via: &Server,
    source: u8,
    method: &str,
    path: &str,
    body: &str,
    headers: &str,
) -> (u16, serde_json::Value) {
    let port = via.port();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {NAME}:{port}\r\nOrigin: http://{NAME}:{port}\r\n\
         Connection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         {headers}\r\n",
        body.len()
    );
    let response = via.raw_from(source, &head, body.as_bytes());
    let json = serde_json::from_slice(&response.body).unwrap_or(serde_json::Value::Null);
    (response.status, json)
}

#[test]
fn two_processes_behind_the_site_serve_every_game() {
    let Some(url) = postgres() else {
        return;
    };
    let Some(program) = installed("nginx") else {
        return;
    };
    let url = postgres_schema(&url);
    let mut args = unit_flags();
    // Few games per minute, to see a client limited.
    args.extend(["--games-per-minute".to_owned(), "3".to_owned()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let first = Server::start_with(&url, &args, None);
    let second = Server::start_with(&url, &args, None);
    let nginx = Nginx::start(&program, [&first.addr, &second.addr]);
    let port = nginx.port;
    // The site as a client sees it; dropped last, with nginx.
    let via = Server::here(format!("127.0.0.1:{port}"), Box::new(nginx), None);

    // The page, and a file it names.
    let page = via.raw(
        &format!("GET / HTTP/1.1\r\nHost: {NAME}:{port}\r\nConnection: close\r\n\r\n"),
        b"",
    );
    assert_eq!(page.status, 200);
    let html = String::from_utf8_lossy(&page.body);
    assert!(html.starts_with("<!doctype html>"), "{html}");
    let script = html
        .split("src=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .expect("the page names a script");
    let file = via.raw(
        &format!("GET {script} HTTP/1.1\r\nHost: {NAME}:{port}\r\nConnection: close\r\n\r\n"),
        b"",
    );
    assert_eq!(file.status, 200, "{script}");
    assert!(
        file.header("content-type")
            .is_some_and(|t| t.contains("javascript"))
    );

    // Another Host is refused; another site's page may not change a game.
    let other = via.raw(
        &format!("GET / HTTP/1.1\r\nHost: evil.example:{port}\r\nConnection: close\r\n\r\n"),
        b"",
    );
    assert_eq!(other.status, 421);
    let forged = format!(
        "POST /api/games HTTP/1.1\r\nHost: {NAME}:{port}\r\nOrigin: http://evil.example\r\n\
         Connection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n"
    );
    assert_eq!(via.raw(&forged, b"{}").status, 403);

    // A game against the computer, every request from the browser through the site.
    let (status, state) = browser(&via, 1, "POST", "/api/games", r#"{"level": 1}"#, "");
    assert_eq!(status, 201, "{state}");
    let id = state["id"].as_str().expect("an id").to_owned();
    for _ in 0..2 {
        let (_, state) = browser(&via, 1, "GET", &format!("/api/games/{id}"), "", "");
        let ply = moves(&state);
        let body = json!({ "move": some_move(&state, ply), "ply": ply });
        let path = format!("/api/games/{id}/move");
        let (status, played) = browser(&via, 1, "POST", &path, &body.to_string(), "");
        assert_eq!(status, 200, "{played}");
        let path = format!("/api/games/{id}/computer");
        let (status, reply) = browser(&via, 1, "POST", &path, "{}", "");
        assert_eq!(status, 200, "{reply}");
        assert!(reply["move"].is_string(), "{reply}");
    }

    // A game between two people: each seat's stream through the site; moves taken by one
    // process, the other, and the site, each on the other seat's stream within 2 s.
    let (id, x, invitation) = friend_game(&via, "x");
    let o = join(&via, &id, &invitation);
    let (status, mut x_live) = Stream::open(&via, LOCAL, &id, Some(&x), "");
    assert_eq!(status, 200);
    let (status, mut o_live) = Stream::open(&via, LOCAL, &id, Some(&o), "");
    assert_eq!(status, 200);
    let takers = [&first, &second, &via, &second, &first, &via];
    for (ply, taker) in takers.into_iter().enumerate() {
        let (mover, watcher) = if ply % 2 == 0 {
            (&x, &mut o_live)
        } else {
            (&o, &mut x_live)
        };
        play(taker, &id, mover, ply);
        let played = Instant::now();
        watcher.until("state", |state| moves(state) == ply + 1);
        let took = played.elapsed();
        assert!(
            took <= LIVE_WITHIN,
            "move {ply} (taken by {}) reached the other seat's stream in {took:?}",
            taker.addr
        );
    }

    // A client naming another address in each request is still the address nginx sees:
    // each process lets it start its 3 games a minute, no more.
    let mut started = 0;
    let mut limited = 0;
    for n in 0..10 {
        let named = format!("X-Forwarded-For: 198.51.100.{n}\r\n");
        match browser(&via, 7, "POST", "/api/games", "{}", &named) {
            (201, _) => started += 1,
            (429, body) => {
                assert_eq!(body["code"], "too_many_games", "{body}");
                limited += 1;
            }
            (status, body) => panic!("{status} {body}"),
        }
    }
    assert!(started <= 6, "{started} games started: 3 a process at most");
    assert_eq!(started + limited, 10);
}

/// Runs `program` with `args`; panics with what it said unless it succeeds.
fn run(program: &str, args: &[&str]) {
    let output = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|error| panic!("{program} runs: {error}"));
    assert!(
        output.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A game with a move, on `server`: its id.
fn game_with_a_move(server: &Server) -> String {
    let id = server.new_game(json!({ "level": 1 }));
    let (status, played) =
        server.post(&format!("/api/games/{id}/move"), json!({ "move": "n3-n5" }));
    assert_eq!(status, 200, "{played}");
    id
}

/// Asserts that `server` has the game `id` with its move, and plays on.
fn plays_on(server: &Server, id: &str) {
    let (status, state) = server.get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["moves"], json!(["n3-n5"]));
    let (status, reply) = server.post(&format!("/api/games/{id}/computer"), json!({}));
    assert_eq!(status, 200, "{reply}");
}

#[test]
fn a_backup_of_each_database_restores_its_games() {
    // SQLite: the online backup of a running server's file, opened by a new server.
    if installed("sqlite3").is_some() {
        let dir = TempDir::new();
        let server = Server::start_with(&dir.sqlite(), &[], None);
        let id = game_with_a_move(&server);
        let file = dir.sqlite().trim_start_matches("sqlite://").to_owned();
        let backup = dir.0.join("backup.sqlite3").display().to_string();
        run("sqlite3", &[&file, &format!(".backup '{backup}'")]);
        drop(server);
        let restored = Server::start_with(&format!("sqlite://{backup}"), &[], None);
        plays_on(&restored, &id);
    }
    // PostgreSQL: pg_dump of the server's schema, the game deleted, pg_restore --clean.
    let Some(base) = postgres() else {
        return;
    };
    let url = postgres_schema(&base);
    let schema = url
        .rsplit("search_path%3D")
        .next()
        .expect("the test's schema")
        .to_owned();
    let server = Server::start_with(&url, &[], None);
    let id = game_with_a_move(&server);
    let dir = TempDir::new();
    let dump = dir.0.join("halma.dump").display().to_string();
    run("pg_dump", &["-Fc", "-n", &schema, "-d", &base, "-f", &dump]);
    let (status, _) = server.request("DELETE", &format!("/api/games/{id}"), None);
    assert_eq!(status, 200);
    drop(server);
    run(
        "pg_restore",
        &["--clean", "--if-exists", "-d", &base, &dump],
    );
    let restored = Server::start_with(&url, &[], None);
    plays_on(&restored, &id);
}
