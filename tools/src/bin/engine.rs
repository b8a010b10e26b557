//! The engine as a program: serves the engine protocol (`halma_tools::protocol`) on stdin and
//! stdout, one engine kept across the moves of a game, so that a match can play it as
//! `exec:PATH[:LIMITS]` against another build.
//!
//! ```text
//! cargo build --release -p halma-tools --bin engine
//! target/release/engine [--table-mb N]
//! ```
//!
//! `--table-mb N`: the engine's table size in MiB (16, as in `match`).

use std::io;
use std::process::ExitCode;

use halma_tools::cli::or_usage;
use halma_tools::protocol::Server;

/// The command line's usage.
const USAGE: &str = "usage: engine [--table-mb N]  (then requests on stdin: position, go, quit)";

/// The table size the command line asks for.
fn parse_args() -> Result<usize, String> {
    let mut args = std::env::args().skip(1);
    let mut table_mb = 16;
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--table-mb" => {
                let text = args.next().unwrap_or_default();
                table_mb = text
                    .parse()
                    .map_err(|_| format!("--table-mb takes a whole number, not {text:?}"))?;
            }
            "--help" | "-h" => return Err(String::new()),
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    Ok(table_mb)
}

fn main() -> ExitCode {
    let table_mb = match or_usage(parse_args(), USAGE) {
        Ok(table_mb) => table_mb,
        Err(code) => return code,
    };
    match Server::new(table_mb).serve(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
