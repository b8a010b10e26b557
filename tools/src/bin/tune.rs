//! Texel-style tuning of the evaluation's weights on the games of match logs (see
//! `halma_tools::texel`): every position after the opening labelled with its game's result,
//! the weights moved while they predict the results better.
//!
//! ```text
//! # the data: self-play games, logged by the match tool
//! cargo run --release -p halma-tools --bin match -- --a nodes:5000 --b nodes:5000 \
//!     --games 2000 --random-plies 8 --table-mb 2 --threads 2 --log selfplay.log
//! cargo run --release -p halma-tools --bin tune -- --data selfplay.log
//! ```
//!
//! `--help` lists the options (the weights: `distance`, `outside`, `straggler`,
//! `straggler_gap`, `lateral`, `tempo`). It prints the fitted scale, each improvement and the
//! tuned weights as settings for a match player (`time:100,...`); on a terminal a spinner on
//! stderr shows the improvements so far, the time and the error (`--quiet`: none).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use halma::search::Params;
use halma_tools::log;
use halma_tools::progress::Progress;
use halma_tools::say;
use halma_tools::texel::{WEIGHTS, Weight, error, fit_k, samples, tune, weight};

/// Texel-style tuning of the evaluation's weights on the games of match logs.
#[derive(Parser)]
#[command(name = "tune")]
struct Args {
    /// Match logs (`match --log`).
    #[arg(long, value_name = "LOG,...", required = true, value_delimiter = ',')]
    data: Vec<PathBuf>,
    /// The weights to tune (all by default).
    #[arg(long, value_name = "NAME,...", value_delimiter = ',', value_parser = known_weight)]
    weights: Vec<&'static Weight>,
    /// The parameters to start from, as `name=value,...` (the engine's own by default).
    #[arg(long, value_name = "SETTINGS", value_parser = params)]
    start: Option<Params>,
    /// Plies left out at the start of each game.
    #[arg(long, default_value_t = 12)]
    skip: usize,
    /// One position in N.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    every: u64,
    /// The first step of each weight.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(i32).range(1..=1 << 20))]
    step: i32,
    /// The scale (fitted to the start by default).
    #[arg(long, value_parser = positive)]
    k: Option<f64>,
    /// No progress on the terminal.
    #[arg(long)]
    quiet: bool,
}

/// The weight named `name`.
fn known_weight(name: &str) -> Result<&'static Weight, String> {
    weight(name).ok_or_else(|| {
        let names: Vec<&str> = WEIGHTS.iter().map(|weight| weight.name).collect();
        format!("no weight named {name:?} (weights: {})", names.join(", "))
    })
}

/// The engine's parameters with the settings of `text` (`name=value,...`).
fn params(text: &str) -> Result<Params, String> {
    let mut params = Params::default();
    for setting in text.split(',') {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("a setting is name=value, not {setting:?}"))?;
        params.set(name, value)?;
    }
    Ok(params)
}

/// A positive, finite number.
fn positive(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|k| *k > 0.0 && k.is_finite())
        .ok_or_else(|| format!("a positive number, not {text:?}"))
}

fn main() -> ExitCode {
    let settings = Args::parse();
    let weights = if settings.weights.is_empty() {
        WEIGHTS.iter().collect()
    } else {
        settings.weights.clone()
    };
    let mut records = Vec::new();
    for path in &settings.data {
        match log::read(path) {
            Ok((_, games)) => records.extend(games),
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    let samples = samples(&records, settings.skip, settings.every as usize);
    say!("{} positions from {} games", samples.len(), records.len());
    if samples.is_empty() {
        eprintln!("error: no positions to tune on");
        return ExitCode::FAILURE;
    }
    let start = &settings.start.clone().unwrap_or_default();
    let k = settings.k.unwrap_or_else(|| fit_k(&samples, start));
    say!("scale k {k:.5}: error {:.6}", error(&samples, start, k));
    let progress = Progress::open_ended("improvements", settings.quiet);
    let (tuned, tuned_error) = tune(
        &samples,
        start,
        &weights,
        k,
        settings.step,
        |name, value, error| {
            progress.advance(1);
            progress.show(format!("error {error:.6}"));
            progress.say(format_args!("  {name} = {value}: error {error:.6}"));
        },
    );
    drop(progress);
    let mut tuned = tuned;
    let text: Vec<String> = WEIGHTS
        .iter()
        .map(|weight| format!("{}={}", weight.name, (weight.field)(&mut tuned)))
        .collect();
    say!("tuned: error {tuned_error:.6}");
    say!("settings: {}", text.join(","));
    ExitCode::SUCCESS
}
