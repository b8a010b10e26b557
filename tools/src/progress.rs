//! The progress of long work (a match, a tuning run, a bench of races) on the terminal: what
//! is done of the total, the rate and the time left, drawn on stderr while stderr is a
//! terminal and nothing when it is not (piped, redirected to a file) or with `--quiet`.

use std::fmt;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar of `total` steps of some work, and the lines printed beside it.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar of `total` steps counted in `unit` ("games", "positions"), hidden when `quiet` or
    /// when stderr is not a terminal (indicatif draws nothing then).
    pub fn new(total: u64, unit: &str, quiet: bool) -> Progress {
        Progress::drawn(
            Some(total),
            &format!("{{bar:30}} {{pos}}/{{len}} {unit}, {{per_sec}}, {{eta}} left {{msg}}"),
            quiet,
        )
    }

    /// A spinner for work whose total is not known in advance: the steps counted in `unit`,
    /// the time so far, and the message.
    pub fn open_ended(unit: &str, quiet: bool) -> Progress {
        Progress::drawn(
            None,
            &format!("{{spinner}} {{pos}} {unit} in {{elapsed}} {{msg}}"),
            quiet,
        )
    }

    /// A bar or spinner drawn with `template` (indicatif's), ticking twice a second.
    fn drawn(total: Option<u64>, template: &str, quiet: bool) -> Progress {
        let target = if quiet {
            ProgressDrawTarget::hidden()
        } else {
            ProgressDrawTarget::stderr()
        };
        let bar = ProgressBar::with_draw_target(total, target);
        if let Ok(style) = ProgressStyle::with_template(template) {
            bar.set_style(style);
        }
        bar.enable_steady_tick(Duration::from_millis(500));
        Progress { bar }
    }

    /// Counts `steps` more steps done.
    pub fn advance(&self, steps: u64) {
        self.bar.inc(steps);
    }

    /// Shows `message` after the counts (the running score of a match, say).
    pub fn show(&self, message: String) {
        self.bar.set_message(message);
    }

    /// Prints `line` to stdout as [`say!`](crate::say) does, with the bar cleared while it
    /// prints, so that the two do not mix.
    pub fn say(&self, line: fmt::Arguments) {
        self.bar.suspend(|| crate::cli::say(line));
    }
}

impl Drop for Progress {
    /// Takes the bar off the terminal when the work is done (or given up).
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quiet_bar_counts_without_drawing() {
        let progress = Progress::new(3, "games", true);
        progress.advance(2);
        assert_eq!(progress.bar.position(), 2);
        assert!(progress.bar.is_hidden());
    }
}
