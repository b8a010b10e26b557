//! Play Halma against the computer in a browser.
//!
//! ```text
//! cargo run --release -p halma-web                # then open http://127.0.0.1:8080/
//! cargo run --release -p halma-web -- --port 0    # any free port; the address is printed
//! ```
//!
//! A small HTTP server (tiny_http, a worker pool) serves one page, with no build step and
//! nothing fetched from elsewhere, and a JSON API under `/api` (docs/web-api.md). Many games
//! run at once, each under an unguessable id; the computer's thinking time per request is
//! capped, and the engines are a small shared pool, so one client cannot starve the others.

mod api;
mod store;
mod think;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tiny_http::{Header, Request, Response, Server};

use api::{ApiError, App, Reply, Req};

/// Request bodies above this size are refused with 413.
const MAX_BODY: usize = 16 * 1024;
/// tiny_http drains an unread body when the request is dropped, into a buffer of the whole
/// declared remainder (lazily mapped, so cheap up to here); for an absurd `Content-Length`
/// that allocation would fail and abort the process, so above this the connection is
/// abandoned instead of drained.
const DRAIN_LIMIT: usize = 1 << 30;

const USAGE: &str = "\
usage: web [--port N] [--workers N] [--engines N] [--max-games N] [--think-ms N]

  --port N       listen on 127.0.0.1:N (default 8080; 0 picks a free port)
  --workers N    threads answering requests (default 4)
  --engines N    searches that may run at once (default: workers - 1, at most the cores)
  --max-games N  live games kept; the one idle longest is evicted (default 1000)
  --think-ms N   cap on the computer's thinking per request, in ms (default 2000)";

struct Options {
    port: u16,
    workers: usize,
    engines: Option<usize>,
    max_games: usize,
    think_ms: u64,
}

fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        port: 8080,
        workers: 4,
        engines: None,
        max_games: 1000,
        think_ms: 2000,
    };
    let mut args = args.iter();
    while let Some(flag) = args.next() {
        if flag == "-h" || flag == "--help" {
            return Err(String::new());
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |what: &str| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} needs {what}, not {value:?}"))
        };
        match flag.as_str() {
            "--port" => {
                options.port = u16::try_from(number("a port number")?)
                    .map_err(|_| format!("{flag}: {value} is not a port number"))?;
            }
            "--workers" => options.workers = positive(flag, number("a count")?)?,
            "--engines" => options.engines = Some(positive(flag, number("a count")?)?),
            "--max-games" => options.max_games = positive(flag, number("a count")?)?,
            "--think-ms" => {
                options.think_ms = number("milliseconds")?.max(1);
            }
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(options)
}

fn positive(flag: &str, value: u64) -> Result<usize, String> {
    match usize::try_from(value) {
        Ok(value) if value > 0 => Ok(value),
        _ => Err(format!("{flag} must be at least 1")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(options) => options,
        Err(message) if message.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let server = match listen(options.port)
        .map_err(Into::into)
        .and_then(|listener| Server::from_listener(listener, None))
    {
        Ok(server) => Arc::new(server),
        Err(error) => {
            eprintln!(
                "error: cannot listen on 127.0.0.1:{}: {error}",
                options.port
            );
            return ExitCode::FAILURE;
        }
    };
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let engines = options
        .engines
        .unwrap_or_else(|| options.workers.saturating_sub(1).clamp(1, cores));
    let app = Arc::new(App {
        store: store::Store::new(options.max_games),
        pool: think::Pool::new(engines, Duration::from_millis(options.think_ms)),
    });
    match server.server_addr().to_ip() {
        Some(address) => println!("halma: play at http://{address}/ (Ctrl-C stops the server)"),
        None => println!("halma: listening"),
    }
    let _ = std::io::stdout().flush();

    let workers: Vec<_> = (0..options.workers)
        .map(|n| {
            let server = Arc::clone(&server);
            let app = Arc::clone(&app);
            std::thread::Builder::new()
                .name(format!("worker-{n}"))
                .spawn(move || {
                    loop {
                        match server.recv() {
                            Ok(request) => dispatch(&app, request),
                            Err(error) => {
                                eprintln!("error: accepting a request failed: {error}");
                                std::thread::sleep(Duration::from_millis(50));
                            }
                        }
                    }
                })
        })
        .collect();
    for worker in workers {
        match worker {
            Ok(handle) => {
                let _ = handle.join();
            }
            Err(error) => {
                eprintln!("error: cannot start a worker thread: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// A listening socket on 127.0.0.1:`port` with `TCP_NODELAY`, which accepted connections
/// inherit: tiny_http writes a response over 1 KiB in two parts (headers, then body), and
/// with Nagle's algorithm the second waits for the client's delayed ACK, about 40 ms on every
/// keep-alive request (measured: 45 ms per state request from Chromium, 3 ms with this).
fn listen(port: u16) -> std::io::Result<TcpListener> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, Some(Protocol::TCP))?;
    socket.set_reuse_address(true)?;
    socket.set_tcp_nodelay(true)?;
    socket.bind(&SocketAddr::from(([127, 0, 0, 1], port)).into())?;
    socket.listen(128)?;
    Ok(socket.into())
}

/// Bodies up to this size arrive already read by tiny_http's connection thread.
const PREREAD: usize = 1024;
/// Requests whose bodies are read on a thread of their own, at most (beyond, a worker reads).
const MAX_UPLOADS: usize = 256;
static UPLOADS: AtomicUsize = AtomicUsize::new(0);

/// Serves `request` on this worker, or on a thread of its own when its body still has to be
/// read from the network: a client that declares a body and never sends it then holds that
/// thread only, never a worker.
fn dispatch(app: &Arc<App>, request: Request) {
    let expects_continue = request.headers().iter().any(|h| h.field.equiv("Expect"));
    let chunked = request
        .headers()
        .iter()
        .any(|h| h.field.equiv("Transfer-Encoding"));
    let unread = !chunked
        && (expects_continue || request.body_length().is_some_and(|length| length > PREREAD));
    if unread && UPLOADS.fetch_add(1, Ordering::SeqCst) < MAX_UPLOADS {
        let app = Arc::clone(app);
        let spawned = std::thread::Builder::new()
            .name("upload".to_owned())
            .spawn(move || {
                serve_guarded(&app, request);
                UPLOADS.fetch_sub(1, Ordering::SeqCst);
            });
        if let Err(error) = spawned {
            // The request went down with the closure (tiny_http answers it with a 500).
            UPLOADS.fetch_sub(1, Ordering::SeqCst);
            eprintln!("error: cannot start a thread for a request: {error}");
        }
        return;
    }
    if unread {
        UPLOADS.fetch_sub(1, Ordering::SeqCst);
    }
    serve_guarded(app, request);
}

/// [`serve`], surviving a panic in the plumbing too (the handler's are caught inside).
fn serve_guarded(app: &App, request: Request) {
    if catch_unwind(AssertUnwindSafe(|| serve(app, request))).is_err() {
        eprintln!("error: a bug: serving a request panicked");
    }
}

/// Reads, checks and answers one request. Nothing a client sends can make this panic; a bug
/// that does is caught and answered with a 500.
fn serve(app: &App, mut request: Request) {
    if request
        .headers()
        .iter()
        .any(|h| h.field.equiv("Transfer-Encoding"))
    {
        let error = ApiError::new(411, "send the body with a Content-Length, not chunked");
        respond(request, error.reply());
        return;
    }
    let declared = request
        .headers()
        .iter()
        .any(|h| h.field.equiv("Content-Length"));
    if declared && request.body_length().is_none() {
        let error = ApiError::new(400, "the Content-Length header is not a valid number");
        respond(request, error.reply());
        return;
    }
    if let Some(length) = request.body_length().filter(|&length| length > MAX_BODY) {
        refuse_oversized(request, length);
        return;
    }
    let mut body = Vec::new();
    if let Err(error) = request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body)
    {
        let error = ApiError::new(400, format!("could not read the request body: {error}"));
        respond(request, error.reply());
        return;
    }
    if body.len() > MAX_BODY {
        refuse_oversized(request, body.len());
        return;
    }
    let method = request.method().as_str().to_owned();
    let url = request.url().to_owned();
    let (path, query) = url.split_once('?').unwrap_or((&url, ""));
    let req = Req {
        method: &method,
        path,
        query,
        body: &body,
    };
    let reply = catch_unwind(AssertUnwindSafe(|| api::handle(app, &req))).unwrap_or_else(|_| {
        eprintln!("error: a bug: handling {method} {path} panicked");
        ApiError::new(500, "internal error while handling this request").reply()
    });
    respond(request, reply);
}

fn refuse_oversized(request: Request, length: usize) {
    let error = ApiError::new(
        413,
        format!("the request body is {length} bytes, more than the {MAX_BODY} allowed"),
    );
    if length <= DRAIN_LIMIT {
        respond(request, error.reply());
        return;
    }
    // Answer over the raw stream and abandon the connection without dropping the body reader
    // (whose drop would allocate `length` bytes): it stays open until the process ends.
    let reply = error.reply();
    let mut response = Response::empty(reply.status);
    for header in headers(&reply) {
        response.add_header(header);
    }
    let mut stream = request.upgrade("none", response);
    let _ = stream.write_all(&reply.body);
    let _ = stream.flush();
    std::mem::forget(stream);
    eprintln!("refused a request declaring a {length}-byte body; its connection is abandoned");
}

fn header(name: &str, value: &str) -> Option<Header> {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).ok()
}

fn headers(reply: &Reply) -> Vec<Header> {
    let mut all = vec![("Content-Type", reply.content_type.to_owned())];
    all.extend(reply.headers.iter().cloned());
    all.push(("X-Content-Type-Options", "nosniff".to_owned()));
    all.push(("Referrer-Policy", "no-referrer".to_owned()));
    all.push((
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
            .to_owned(),
    ));
    all.iter()
        .filter_map(|(name, value)| header(name, value))
        .collect()
}

fn respond(request: Request, reply: Reply) {
    let mut response = Response::from_data(reply.body.clone()).with_status_code(reply.status);
    for header in headers(&reply) {
        response.add_header(header);
    }
    if let Err(error) = request.respond(response) {
        eprintln!("note: could not send a response: {error}");
    }
}
