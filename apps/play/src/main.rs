//! Play Halma against the computer in a terminal, in English, Thai or Malay.
//!
//! ```text
//! cargo run --release -p halma-play
//! cargo run --release -p halma-play -- --side o --level 3
//! cargo run --release -p halma-play -- --lang th
//! ```
//!
//! You are `x` (bottom-right camp, moving first) unless `--side o`; type moves like
//! `l2-k3` or a whole hop path like `n2-n4-n6`, `rules` for the rules and `help` for the
//! commands. The computer thinks on a background thread ([`think`]) while this thread shows
//! its progress; Ctrl-C during its thought makes it play its best move so far, Ctrl-C at
//! the prompt quits.
//!
//! The language is `--lang`'s, else the locale's (`LC_ALL`, `LC_MESSAGES`, `LANG`), else
//! English; every word the game shows comes from the language files of `i18n/`
//! ([`text`]). Colour is used when stdout is a terminal and `NO_COLOR` is unset; otherwise
//! the output is plain text and, when stdin is not a terminal, each line read is echoed
//! after the prompt, so a piped session reads like a transcript.

mod board;
mod command;
mod options;
mod rules;
mod session;
mod text;
mod think;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use options::Action;
use session::Session;

fn main() -> ExitCode {
    let parsed = options::parse();
    let words = parsed
        .language
        .unwrap_or_else(|| halma_i18n::negotiate::environment(|name| std::env::var(name).ok()));
    let options = match parsed.action {
        Ok(Action::Play(options)) => options,
        Ok(Action::Help) => {
            println!("{}", options::usage(words));
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            let message = error.describe(words);
            eprintln!("{}", words.format("play.error", &[("message", &message)]));
            return ExitCode::from(2);
        }
    };
    let live = io::stdout().is_terminal();
    let colour = live && !options.no_color && !no_color_variable();
    let echo = !io::stdin().is_terminal();
    let mut session = Session::new(&options, words, colour, live, echo);
    let thinking = session.thinking();
    let bye = words.text("play.bye");
    let handler = ctrlc::set_handler(move || {
        if !thinking.interrupt() {
            // At the prompt: leave at once, as the player asked.
            let _ = writeln!(io::stdout(), "\n{bye}");
            std::process::exit(0);
        }
    });
    if let Err(error) = handler {
        eprintln!(
            "{}",
            words.format("play.error.warning", &[("reason", &error)])
        );
    }
    match session.run(&mut io::stdin().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{}", words.format("play.error", &[("message", &message)]));
            ExitCode::FAILURE
        }
    }
}

/// Whether the `NO_COLOR` convention asks for no colour: the variable is set and not empty.
fn no_color_variable() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}
