//! Play Halma against the computer in a terminal.
//!
//! ```text
//! cargo run --release -p halma-play
//! cargo run --release -p halma-play -- --side o --level 3
//! ```
//!
//! You are `x` (bottom-right camp, moving first) unless `--side o`; type moves like
//! `l2-k3` or a whole hop path like `n2-n4-n6`, and `help` for the commands. The computer
//! thinks on a background thread ([`think`]) while this thread shows its progress; Ctrl-C
//! during its thought makes it play its best move so far, Ctrl-C at the prompt quits.
//!
//! Colour is used when stdout is a terminal and `NO_COLOR` is unset; otherwise the output
//! is plain text and, when stdin is not a terminal, each line read is echoed after the
//! prompt, so a piped session reads like a transcript.

mod board;
mod command;
mod options;
mod session;
mod think;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use options::Parsed;
use session::Session;

fn main() -> ExitCode {
    let options = match options::parse(std::env::args().skip(1)) {
        Ok(Parsed::Play(options)) => options,
        Ok(Parsed::Help) => {
            println!("{}", options::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("error: {message}");
            return ExitCode::from(2);
        }
    };
    let live = io::stdout().is_terminal();
    let colour = live && !options.no_color && !no_color_variable();
    let echo = !io::stdin().is_terminal();
    let mut session = Session::new(&options, colour, live, echo);
    let thinking = session.thinking();
    let handler = ctrlc::set_handler(move || {
        if !thinking.interrupt() {
            // At the prompt: leave at once, as the player asked.
            let _ = writeln!(io::stdout(), "\nbye");
            std::process::exit(0);
        }
    });
    if let Err(error) = handler {
        eprintln!("warning: Ctrl-C cannot be caught ({error}); it will end the program");
    }
    match session.run(&mut io::stdin().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Whether the `NO_COLOR` convention asks for no colour: the variable is set and not empty.
fn no_color_variable() -> bool {
    std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty())
}
