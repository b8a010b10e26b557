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

use clap::Parser;

use halma_tools::protocol::Server;

/// The engine as a program: requests on stdin (position, go, quit), answers on stdout.
#[derive(Parser)]
#[command(name = "engine")]
struct Args {
    /// The engine's table size in MiB.
    #[arg(long, default_value_t = 16)]
    table_mb: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    match Server::new(args.table_mb).serve(io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
