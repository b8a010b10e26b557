//! The engine protocol: how a client (the `match` tool's `exec:` player) asks an engine in
//! another program for its moves, one line at a time on the program's stdin and stdout.
//!
//! The client writes requests, one a line; the engine answers each with exactly one line,
//! in order (but `quit`, which it does not answer; blank lines are ignored):
//!
//! | request | answer |
//! | --- | --- |
//! | `position <position text> [moves <m1> <m2> ...]` | `ok` |
//! | `go <limits>` | `bestmove <move> [score <s>] [depth <d>] [nodes <n>]` |
//! | `quit` | none: the engine exits |
//!
//! - `position` sets the game to search: its start position as position text (two words:
//!   `ooooo11/.../11xxxxx x`; `start` is short for the start position) and every move played
//!   since, by both sides, as move text (`l2-k3`; a hop path such as `n2-n4-n6` is read too).
//!   The engine rebuilds the whole game, so repetitions count. A game that does not continue
//!   the previous one (another start position, or the moves sent before are not the first of
//!   its moves) is a new game: the engine forgets what it learnt (`Engine::clear`). The client
//!   sends the whole game before every `go`.
//! - `go` searches the game's current position within the limits and answers the move, as
//!   `from-to`, with its score (from the mover's point of view), the depth of the last
//!   completed iteration and the nodes visited. Limits are written like the `match` tool's
//!   engine players: `time:MS`, `depth:N`, `nodes:N`, `level:N`, `paced-level:N`, `ab2`,
//!   joined by `+` (`depth:6+time:500`), then engine settings after commas
//!   (`time:100,lmr=off`), the engine's threads among them (`time:100,threads=2`) and its
//!   contempt (`time:100,contempt=150`; 0 if not set: the program plays other engines); see
//!   [`Spec::parse`].
//! - A request the engine cannot serve (unknown, malformed, an illegal move, no position yet,
//!   a game already over) is answered `error <message>` on one line; the engine goes on.
//! - The engine may send lines `info <anything>` before an answer; the client ignores them.
//!
//! A session:
//!
//! ```text
//! > position start moves l2-k3
//! < ok
//! > go depth:4
//! < bestmove c15-e13 score -55 depth 4 nodes 992
//! > go time:fast
//! < error time takes a whole number, not "fast"
//! > quit
//! ```
//!
//! This module depends on nothing but the `halma` library and the names of engine players
//! (`halma_opponents::Spec`).

use std::fmt;
use std::io::{self, BufRead, Write};

use halma::{Engine, Game, Position, SearchResult};
pub use halma_opponents::Spec;

/// A request of the client, one line.
#[derive(Clone, Debug)]
pub enum Request {
    /// `position ...`: the game to search, its start position and moves.
    Position(Game),
    /// `go <limits>`: search within these limits (their text, see [`Spec::parse`]).
    Go(String),
    /// `quit`: the engine exits.
    Quit,
}

/// An answer of the engine, one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `ok`: a position was taken.
    Ok,
    /// `bestmove ...`: the move found.
    BestMove(Answer),
    /// `error <message>`: the request was not served.
    Error(String),
    /// `info <anything>`, or a blank line: said in passing, ignored by the client.
    Info(String),
}

/// The answer to `go`: the move (its text as sent) and what the engine says of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Answer {
    /// The move text, to be checked against the game.
    pub best_move: String,
    /// The score, from the side to move's point of view.
    pub score: Option<i32>,
    /// The depth of the last completed iteration.
    pub depth: Option<u32>,
    /// The nodes visited.
    pub nodes: Option<u64>,
}

impl Request {
    /// The request on `line` (surrounding blanks ignored).
    pub fn parse(line: &str) -> Result<Request, String> {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("position") => position(words).map(Request::Position),
            Some("go") => match (words.next(), words.next()) {
                (Some(spec), None) => Ok(Request::Go(spec.to_string())),
                (None, _) => Err("go needs limits, e.g. go time:100".to_string()),
                (Some(_), Some(extra)) => {
                    Err(format!("go takes one word of limits, not {extra:?}"))
                }
            },
            Some("quit") => Ok(Request::Quit),
            Some(other) => Err(format!("unknown request {other:?}")),
            None => Err("an empty request".to_string()),
        }
    }
}

/// The game of a `position` request, from the words after `position`.
fn position<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<Game, String> {
    let start = match words.next() {
        Some("start") => Position::start(),
        Some(placement) => {
            let side = words.next().unwrap_or_default();
            format!("{placement} {side}")
                .parse()
                .map_err(|e| format!("{e}"))?
        }
        None => return Err("position needs a position text or start".to_string()),
    };
    let mut game = Game::from_position(start);
    match words.next() {
        None | Some("moves") => {}
        Some(other) => return Err(format!("expected moves after the position, not {other:?}")),
    }
    for (ply, text) in words.enumerate() {
        game.play_text(text)
            .map_err(|e| format!("move {} {text:?}: {e}", ply + 1))?;
    }
    Ok(game)
}

impl fmt::Display for Request {
    /// Writes the request's line (without its line end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Request::Position(game) => {
                write!(f, "position {}", game.start_position())?;
                if !game.moves().is_empty() {
                    f.write_str(" moves")?;
                    for mv in game.moves() {
                        write!(f, " {mv}")?;
                    }
                }
                Ok(())
            }
            Request::Go(spec) => write!(f, "go {spec}"),
            Request::Quit => f.write_str("quit"),
        }
    }
}

impl Reply {
    /// The answer on `line` (surrounding blanks ignored).
    pub fn parse(line: &str) -> Result<Reply, String> {
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "ok" if rest.is_empty() => Ok(Reply::Ok),
            "bestmove" => answer(rest).map(Reply::BestMove),
            "error" => Ok(Reply::Error(rest.trim().to_string())),
            "info" | "" => Ok(Reply::Info(rest.trim().to_string())),
            _ => Err(format!("not an answer: {line:?}")),
        }
    }

    /// The answer to a search: its move and what it found.
    pub fn best_move(result: &SearchResult) -> Reply {
        Reply::BestMove(Answer {
            best_move: result.best_move.to_string(),
            score: Some(result.score),
            depth: Some(result.depth),
            nodes: Some(result.nodes),
        })
    }

    /// The error `message`, kept on one line.
    pub fn error(message: impl fmt::Display) -> Reply {
        let message = message.to_string();
        Reply::Error(message.split_whitespace().collect::<Vec<_>>().join(" "))
    }
}

/// The answer of a `bestmove` line, from the words after `bestmove`: the move, then `key
/// value` pairs, those of unknown keys skipped.
fn answer(rest: &str) -> Result<Answer, String> {
    let mut words = rest.split_whitespace();
    let mut answer = Answer {
        best_move: words.next().ok_or("bestmove without a move")?.to_string(),
        ..Answer::default()
    };
    while let Some(key) = words.next() {
        let value = words
            .next()
            .ok_or_else(|| format!("bestmove: {key} without a value"))?;
        let number = |_: ()| format!("bestmove: {key} takes a number, not {value:?}");
        match key {
            "score" => answer.score = Some(value.parse().map_err(|_| number(()))?),
            "depth" => answer.depth = Some(value.parse().map_err(|_| number(()))?),
            "nodes" => answer.nodes = Some(value.parse().map_err(|_| number(()))?),
            _ => {}
        }
    }
    Ok(answer)
}

impl fmt::Display for Reply {
    /// Writes the answer's line (without its line end).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Ok => f.write_str("ok"),
            Reply::BestMove(answer) => {
                write!(f, "bestmove {}", answer.best_move)?;
                if let Some(score) = answer.score {
                    write!(f, " score {score}")?;
                }
                if let Some(depth) = answer.depth {
                    write!(f, " depth {depth}")?;
                }
                if let Some(nodes) = answer.nodes {
                    write!(f, " nodes {nodes}")?;
                }
                Ok(())
            }
            Reply::Error(message) => write!(f, "error {message}"),
            Reply::Info(text) => write!(f, "info {text}"),
        }
    }
}

/// The engine's side of the protocol: the engine, kept across the moves of a game, and the
/// game last sent.
pub struct Server {
    engine: Engine,
    game: Option<Game>,
}

impl Server {
    /// A server whose engine has a table of `table_mb` MiB.
    pub fn new(table_mb: usize) -> Server {
        Server {
            engine: Engine::with_table_mb(table_mb),
            game: None,
        }
    }

    /// Answers requests read from `input` on `output`, one line each, until `quit` or the
    /// end of the input; fails only when reading or writing fails.
    pub fn serve(&mut self, mut input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        let mut line = Vec::new();
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                return Ok(());
            }
            let text = String::from_utf8_lossy(&line);
            if text.trim().is_empty() {
                continue;
            }
            let reply = match Request::parse(&text) {
                Ok(request) => match self.answer(request) {
                    Some(reply) => reply,
                    None => return Ok(()),
                },
                Err(error) => Reply::error(error),
            };
            writeln!(output, "{reply}")?;
            output.flush()?;
        }
    }

    /// The answer to `request`; `None` for `quit`.
    pub fn answer(&mut self, request: Request) -> Option<Reply> {
        Some(match request {
            Request::Position(game) => {
                let continued = self.game.as_ref().is_none_or(|last| {
                    last.start_position() == game.start_position()
                        && game.moves().starts_with(last.moves())
                });
                if !continued {
                    self.engine.clear();
                }
                self.game = Some(game);
                Reply::Ok
            }
            Request::Go(text) => match (&self.game, Spec::parse(&text)) {
                (None, _) => Reply::error("no position yet: send position first"),
                (_, Err(error)) => Reply::error(error),
                (Some(game), Ok(spec)) => {
                    // A program plays other engines: a draw is worth as much to either.
                    self.engine.set_contempt(0);
                    spec.apply(&mut self.engine);
                    match self.engine.search(game, &spec.limits) {
                        Ok(result) => Reply::best_move(&result),
                        Err(error) => Reply::error(error),
                    }
                }
            },
            Request::Quit => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start position's text.
    const START: &str =
        "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x";

    fn game(line: &str) -> Game {
        match Request::parse(line) {
            Ok(Request::Position(game)) => game,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn a_position_request_rebuilds_the_game_and_is_written_back_the_same() {
        let line = format!("position {START} moves l2-k3 b14-d12");
        let played = game(&line);
        assert_eq!(played.moves().len(), 2);
        assert_eq!(played.start_position(), &Position::start());
        assert_eq!(Request::Position(played.clone()).to_string(), line);
        // `start` is short for the start position; blanks and a hop path are read.
        let short = game("  position start  moves l2-k3\tb14-d12 \n");
        assert_eq!(short.positions(), played.positions());
        assert_eq!(
            Request::Position(game("position start")).to_string(),
            format!("position {START}")
        );
        assert_eq!(game("position start moves").moves().len(), 0);
    }

    #[test]
    fn bad_requests_are_refused_with_a_reason() {
        for (line, reason) in [
            ("", "empty"),
            ("hello", "unknown request"),
            ("position", "position needs"),
            ("position 16/16 x", "16 ranks"),
            ("position start l2-k3", "expected moves"),
            (
                "position start moves l2-k9",
                "move 1 \"l2-k9\": illegal move",
            ),
            (
                "position start moves l2-k3 zz",
                "move 2 \"zz\": invalid move text",
            ),
            ("go", "go needs limits"),
            ("go depth:2 time:5", "one word"),
        ] {
            let error = Request::parse(line).unwrap_err();
            assert!(error.contains(reason), "{line:?}: {error}");
        }
        assert!(matches!(Request::parse("go depth:2"), Ok(Request::Go(spec)) if spec == "depth:2"));
        assert!(matches!(Request::parse("quit"), Ok(Request::Quit)));
    }

    #[test]
    fn replies_are_read_back_as_written() {
        let full = Answer {
            best_move: "l2-k3".to_string(),
            score: Some(-12),
            depth: Some(6),
            nodes: Some(12_345),
        };
        for reply in [
            Reply::Ok,
            Reply::BestMove(full.clone()),
            Reply::BestMove(Answer {
                best_move: "n2-n4-n6".to_string(),
                ..Answer::default()
            }),
            Reply::Error("no position yet".to_string()),
            Reply::Info("depth 3".to_string()),
        ] {
            assert_eq!(Reply::parse(&reply.to_string()), Ok(reply));
        }
        // Unknown keys are skipped; blank lines are said in passing.
        let extra = Reply::parse("bestmove l2-k3 time 5 score -12 depth 6 nodes 12345 pv x");
        assert_eq!(extra, Ok(Reply::BestMove(full)));
        assert_eq!(Reply::parse("  "), Ok(Reply::Info(String::new())));
        for garbage in [
            "ok then",
            "bestmove",
            "bestmove l2-k3 score",
            "bestmove l2-k3 depth x",
            "hi",
        ] {
            assert!(Reply::parse(garbage).is_err(), "{garbage:?} is read");
        }
        assert_eq!(Reply::error("two\nlines").to_string(), "error two lines");
    }

    /// The lines `server` writes for `input`.
    fn session(server: &mut Server, input: &str) -> Vec<String> {
        let mut output = Vec::new();
        server.serve(input.as_bytes(), &mut output).unwrap();
        String::from_utf8(output)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn the_server_answers_every_request_and_stops_at_quit() {
        let mut server = Server::new(1);
        let input = "go depth:1\nposition start moves l2-k3\n\ngo depth:2\nnonsense\n\
                     go time:fast\nposition start moves l2-k9\nquit\ngo depth:1\n";
        let lines = session(&mut server, input);
        assert_eq!(lines.len(), 6, "{lines:?}");
        assert!(lines[0].starts_with("error no position"), "{lines:?}");
        assert_eq!(lines[1], "ok");
        let Ok(Reply::BestMove(answer)) = Reply::parse(&lines[2]) else {
            panic!("{lines:?}");
        };
        assert_eq!(answer.depth, Some(2));
        assert!(answer.score.is_some() && answer.nodes.is_some());
        let mut played = game("position start moves l2-k3");
        played.play_text(&answer.best_move).unwrap();
        assert!(lines[3].starts_with("error unknown request"), "{lines:?}");
        assert!(
            lines[4].starts_with("error time takes a whole number"),
            "{lines:?}"
        );
        assert!(lines[5].starts_with("error move 1"), "{lines:?}");
    }

    #[test]
    fn a_game_over_is_refused_and_the_server_goes_on() {
        let mut server = Server::new(1);
        let lines = session(&mut server, "position start\ngo depth:1\n");
        assert!(lines[1].starts_with("bestmove "), "{lines:?}");
        // Each side steps out and back twice: the start position's third occurrence draws.
        let mut over = Game::new();
        for _ in 0..2 {
            for mv in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
                over.play_text(mv).unwrap();
            }
        }
        assert!(over.outcome().is_over());
        let request = Request::Position(over).to_string();
        let lines = session(&mut server, &format!("{request}\ngo depth:1\ngo depth:1\n"));
        assert_eq!(lines[0], "ok");
        assert!(lines[1].starts_with("error the game is over"), "{lines:?}");
        assert_eq!(lines[1], lines[2]);
    }
}
