//! What the tools' command lines share: refusing bad arguments with the usage.

use std::process::ExitCode;

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
