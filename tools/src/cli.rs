//! What the tools' command lines share: refusing bad arguments with the usage, and
//! printing to a stdout that may be a closed pipe.

use std::fmt;
use std::io::{self, ErrorKind, Write};
use std::process::{self, ExitCode};

/// Prints a line to stdout like `println!`, but a reader that went away (`bench | head`)
/// ends the program quietly with exit code 0 instead of a panic, and another write error
/// ends it with a message and exit code 1.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::say(format_args!($($arg)*))
    };
}

/// What [`say!`] does: writes `line` and a newline to stdout, flushed.
pub fn say(line: fmt::Arguments) {
    let mut out = io::stdout().lock();
    if let Err(error) = writeln!(out, "{line}").and_then(|()| out.flush()) {
        if error.kind() == ErrorKind::BrokenPipe {
            process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {error}");
        process::exit(1);
    }
}

/// The settings `parsed` from the command line, or, after printing the error (if any: an
/// empty one stands for `--help`) and `usage` to stderr, the exit code 2 to return.
pub fn or_usage<T>(parsed: Result<T, String>, usage: &str) -> Result<T, ExitCode> {
    parsed.map_err(|error| {
        if !error.is_empty() {
            eprintln!("error: {error}");
        }
        eprintln!("{usage}");
        ExitCode::from(2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_settings_pass_and_an_error_gives_exit_code_two() {
        assert_eq!(or_usage(Ok(7), "usage: x"), Ok(7));
        assert_eq!(
            or_usage::<u8>(Err("bad".into()), "usage: x"),
            Err(ExitCode::from(2))
        );
    }
}
