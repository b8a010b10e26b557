//! Printing to a stdout that may be a closed pipe, as every tool does.

use std::fmt;
use std::io::{self, ErrorKind, Write};
use std::process;

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
