//! An engine in another program, spoken to by the [protocol](crate::protocol): started,
//! asked with a deadline, and killed when it fails or is no longer needed.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

use crate::protocol::{Reply, Request};

/// The longest line read from a program; a longer one is cut (and is garbage).
const MAX_LINE: u64 = 1 << 16;

/// How long a program may take to exit after `quit` before it is killed.
const QUIT_PATIENCE: Duration = Duration::from_millis(500);

/// A running program: its input, and its output's lines as a thread reads them.
pub struct Program {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Program {
    /// Starts the program at `path` (found on `PATH` if it names no folder), its stderr
    /// shared with ours.
    pub fn start(path: &str) -> Result<Program, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("could not start {path}: {e}"))?;
        let (input, output) = match (child.stdin.take(), child.stdout.take()) {
            (Some(input), Some(output)) => (input, output),
            _ => return Err(format!("{path} has no stdin or stdout")),
        };
        let (sender, lines) = channel();
        thread::spawn(move || {
            let mut output = BufReader::new(output);
            let mut line = Vec::new();
            loop {
                line.clear();
                match (&mut output).take(MAX_LINE).read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line).trim().to_string();
                        if sender.send(text).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Program {
            child,
            input,
            lines,
        })
    }

    /// Sends `request` and returns the answer (`info` lines skipped) that comes within
    /// `timeout`; on failure (it cannot be written to, answers garbage, closes its output or
    /// is silent too long) the program is killed and the error says which.
    pub fn ask(&mut self, request: &Request, timeout: Duration) -> Result<Reply, String> {
        let answer = self.exchange(request, timeout);
        if answer.is_err() {
            self.kill();
        }
        answer
    }

    /// [`ask`](Program::ask) without the killing.
    fn exchange(&mut self, request: &Request, timeout: Duration) -> Result<Reply, String> {
        writeln!(self.input, "{request}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("could not write to it ({e}){}", self.exit_status()))?;
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no answer within {:.1} s", timeout.as_secs_f64()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("it closed its output{}", self.exit_status()));
                }
            };
            match Reply::parse(&line) {
                Ok(Reply::Info(_)) => continue,
                Ok(reply) => return Ok(reply),
                Err(_) => return Err(format!("it answered garbage: {line:?}")),
            }
        }
    }

    /// `: it exited with ...` once it has exited (waiting a little for it), else nothing.
    fn exit_status(&mut self) -> String {
        self.wait(Duration::from_millis(200))
            .map(|status| format!(": it exited with {status}"))
            .unwrap_or_default()
    }

    /// Its exit status once it has exited, waiting at most `patience` for it.
    fn wait(&mut self, patience: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + patience;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Kills it (if it is still running) and collects its exit.
    pub fn kill(&mut self) {
        // Killing a program that has exited fails harmlessly.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Program {
    /// Asks it to quit, and kills it if it has not within half a second.
    fn drop(&mut self) {
        let _ = writeln!(self.input, "{}", Request::Quit).and_then(|()| self.input.flush());
        if self.wait(QUIT_PATIENCE).is_none() {
            self.kill();
        }
    }
}
