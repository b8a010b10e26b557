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
//! Options: `--data FILE[,FILE...]` (match logs; required), `--weights NAME,...` (the
//! weights to tune: `distance`, `outside`, `straggler`, `straggler_gap`, `lateral`, `tempo`;
//! all by default), `--start SETTINGS` (`name=value,...`: the parameters to start from, the
//! engine's own by default), `--skip N` (12: plies left out at the start of each game),
//! `--every N` (1: one position in N), `--step N` (8: the first step of each weight),
//! `--k K` (the scale, fitted to the start by default). It prints the fitted scale, each
//! improvement and the tuned weights as settings for a match player (`time:100,...`).

use std::path::PathBuf;
use std::process::ExitCode;

use halma::search::Params;
use halma_tools::cli::or_usage;
use halma_tools::log;
use halma_tools::say;
use halma_tools::texel::{WEIGHTS, Weight, error, fit_k, samples, tune, weight};

/// What the command line asks for.
struct Settings {
    data: Vec<PathBuf>,
    weights: Vec<&'static Weight>,
    start: Params,
    skip: usize,
    every: usize,
    step: i32,
    k: Option<f64>,
}

/// The command line's usage.
const USAGE: &str = "usage: tune --data LOG[,LOG...] [--weights NAME,...] [--start name=value,...] \
     [--skip N] [--every N] [--step N] [--k K]";

fn parse_args() -> Result<Settings, String> {
    let mut args = std::env::args().skip(1);
    let mut settings = Settings {
        data: Vec::new(),
        weights: WEIGHTS.iter().collect(),
        start: Params::default(),
        skip: 12,
        every: 1,
        step: 8,
        k: None,
    };
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| {
            text.parse::<usize>()
                .map_err(|_| format!("{flag} takes a whole number, not {text:?}"))
        };
        match flag.as_str() {
            "--data" => settings.data = value()?.split(',').map(PathBuf::from).collect(),
            "--weights" => {
                settings.weights = value()?
                    .split(',')
                    .map(|name| weight(name).ok_or_else(|| format!("no weight named {name:?}")))
                    .collect::<Result<_, _>>()?
            }
            "--start" => {
                for setting in value()?.split(',') {
                    let (name, value) = setting
                        .split_once('=')
                        .ok_or_else(|| format!("a setting is name=value, not {setting:?}"))?;
                    settings.start.set(name, value)?;
                }
            }
            "--skip" => settings.skip = number(value()?)?,
            "--every" => settings.every = number(value()?)?.max(1),
            "--step" => settings.step = number(value()?)?.clamp(1, 1 << 20) as i32,
            "--k" => {
                let text = value()?;
                let k = text
                    .parse::<f64>()
                    .ok()
                    .filter(|k| *k > 0.0 && k.is_finite());
                settings.k =
                    Some(k.ok_or_else(|| format!("--k takes a positive number, not {text:?}"))?);
            }
            "--help" | "-h" => return Err(String::new()),
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    if settings.data.is_empty() {
        return Err("--data is required".to_string());
    }
    Ok(settings)
}

fn main() -> ExitCode {
    let settings = match or_usage(parse_args(), USAGE) {
        Ok(settings) => settings,
        Err(code) => return code,
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
    let samples = samples(&records, settings.skip, settings.every);
    say!("{} positions from {} games", samples.len(), records.len());
    if samples.is_empty() {
        eprintln!("error: no positions to tune on");
        return ExitCode::FAILURE;
    }
    let start = &settings.start;
    let k = settings.k.unwrap_or_else(|| fit_k(&samples, start));
    say!("scale k {k:.5}: error {:.6}", error(&samples, start, k));
    let (tuned, tuned_error) = tune(
        &samples,
        start,
        &settings.weights,
        k,
        settings.step,
        |name, value, error| {
            say!("  {name} = {value}: error {error:.6}");
        },
    );
    let mut tuned = tuned;
    let text: Vec<String> = WEIGHTS
        .iter()
        .map(|weight| format!("{}={}", weight.name, (weight.field)(&mut tuned)))
        .collect();
    say!("tuned: error {tuned_error:.6}");
    say!("settings: {}", text.join(","));
    ExitCode::SUCCESS
}
