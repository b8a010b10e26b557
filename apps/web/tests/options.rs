//! The command line as a process meets it: every option also read from its environment
//! variable (`HALMA_<NAME>`), the command line winning; a value that does not read refused
//! before anything starts, with a message naming the option and exit status 2; `--help`
//! naming every option and its variable; a failed start showing no password.

mod common;

use std::process::{Command, Output, Stdio};

use common::{Server, TempDir};
use serde_json::json;

/// The server's binary.
const BINARY: &str = env!("CARGO_BIN_EXE_halma-web");

/// The server run with `args` and the environment `env` until it exits by itself.
fn exited(args: &[&str], env: &[(&str, &str)]) -> Output {
    Command::new(BINARY)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the server runs")
}

/// The server started with `args` and the environment `env` only (no `--port` or
/// `--database` of the tests'), serving once it has printed its address.
fn started(args: &[&str], env: &[(&str, &str)]) -> Server {
    let child = Command::new(BINARY)
        .args(args)
        .envs(env.iter().copied())
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    Server::of_process(child)
}

#[test]
fn every_option_is_read_from_its_environment_variable_and_the_command_line_wins() {
    let dir = TempDir::new();
    let url = dir.sqlite();
    // The port and the database from the environment alone.
    let env = [
        ("HALMA_PORT", "0"),
        ("HALMA_DATABASE", url.as_str()),
        ("HALMA_MAX_PLIES", "2"),
        ("HALMA_NO_ENGINE", "true"),
        ("HALMA_ALLOWED_HOST", "halma.example,play.example"),
    ];
    let server = started(&[], &env);
    let id = server.new_game(json!({}));
    let path = format!("/api/games/{id}");
    assert_eq!(
        server
            .post(&format!("{path}/move"), json!({ "move": "l2-k3" }))
            .0,
        200
    );
    // --no-engine from HALMA_NO_ENGINE: no search.
    let (status, refused) = server.post(&format!("{path}/computer"), json!({}));
    assert_eq!((status, refused["code"].as_str()), (501, Some("no_engine")));
    let reply = json!({ "move": "e15-f14" });
    assert_eq!(server.post(&format!("{path}/computer"), reply).0, 200);
    // --max-plies 2 from HALMA_MAX_PLIES.
    let (status, refused) = server.post(&format!("{path}/move"), json!({ "move": "n3-n5" }));
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("game_too_long"))
    );
    // Both names of HALMA_ALLOWED_HOST are served.
    for host in ["halma.example", "play.example", "evil.example"] {
        let answer = server.raw(
            &format!("GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"),
            b"",
        );
        let served = if host == "evil.example" { 421 } else { 200 };
        assert_eq!(answer.status, served, "{host}");
    }
    drop(server);

    // The command line wins over the environment.
    let server = started(&["--port", "0", "--max-plies", "3"], &env);
    let id = server.new_game(json!({}));
    let path = format!("/api/games/{id}");
    for (action, mv) in [
        ("move", "l2-k3"),
        ("computer", "e15-f14"),
        ("move", "n3-n5"),
    ] {
        let (status, played) = server.post(&format!("{path}/{action}"), json!({ "move": mv }));
        assert_eq!(status, 200, "{played}");
    }
}

#[test]
fn a_bad_value_is_refused_before_anything_starts_with_status_2() {
    for (args, env, named) in [
        (&["--port", "70000"][..], &[][..], "--port"),
        (&["--queue", "0"], &[], "--queue"),
        // A time the server cannot keep is refused, not read as another.
        (&["--abandon-after-secs", "0"], &[], "--abandon-after-secs"),
        (&[], &[("HALMA_THINK_MS", "0")], "--think-ms"),
        (&["--bind", "nowhere"], &[], "--bind"),
        (&["--trusted-proxy", "10.0.0.0/40"], &[], "--trusted-proxy"),
        (&["--frobnicate"], &[], "--frobnicate"),
        (&[], &[("HALMA_THINK_MS", "soon")], "--think-ms"),
        (
            &[],
            &[("HALMA_PROXY_HEADER", "x-real-ip")],
            "--proxy-header",
        ),
    ] {
        let output = exited(args, env);
        let said = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?} {env:?}: {said}");
        assert!(said.contains(named), "{args:?} {env:?}: {said}");
        assert!(
            output.stdout.is_empty(),
            "nothing started: {args:?} {env:?}"
        );
    }
}

#[test]
fn help_names_every_option_with_its_variable_and_its_default() {
    let output = exited(&["--help"], &[]);
    assert_eq!(output.status.code(), Some(0));
    let help = String::from_utf8_lossy(&output.stdout);
    for (option, variable, default) in [
        ("--port <N>", "HALMA_PORT", Some("8080")),
        ("--database <URL>", "HALMA_DATABASE", None),
        ("--queue-wait-ms <N>", "HALMA_QUEUE_WAIT_MS", Some("10000")),
        ("--max-plies <N>", "HALMA_MAX_PLIES", Some("2000")),
        ("--allowed-host <NAME>", "HALMA_ALLOWED_HOST", None),
        ("--no-engine", "HALMA_NO_ENGINE", None),
    ] {
        let line = help
            .lines()
            .find(|line| line.trim_start().starts_with(option))
            .unwrap_or_else(|| panic!("no {option} in the help:\n{help}"));
        assert!(line.contains(&format!("[env: {variable}=]")), "{line}");
        if let Some(default) = default {
            assert!(line.contains(&format!("[default: {default}]")), "{line}");
        }
    }
}

#[test]
fn a_failed_start_never_shows_the_database_password() {
    let urls = [
        // Nothing listens on port 1: the connection is refused.
        "postgres://halma:s3cret-word@127.0.0.1:1/halma",
        "postgres://halma@127.0.0.1:1/halma?password=s3cret-word&sslmode=disable",
        "mysql://halma:s3cret-word@127.0.0.1:1/halma",
    ];
    let runs: Vec<_> = urls
        .iter()
        .map(|url| {
            let url = (*url).to_owned();
            std::thread::spawn(move || exited(&["--port", "0", "--database", &url], &[]))
        })
        .collect();
    for (url, run) in urls.iter().zip(runs) {
        let output = run.join().expect("the server ran");
        let said = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{url}: {said}");
        assert!(said.contains("cannot open the database"), "{url}: {said}");
        assert!(said.contains("***"), "{url}: {said}");
        assert!(!said.contains("s3cret"), "{url}: {said}");
        assert!(!String::from_utf8_lossy(&output.stdout).contains("s3cret"));
    }
}
