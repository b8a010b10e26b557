//! The log of a match: one line per finished game, written as the game ends, so that an
//! interrupted match resumes where it stopped (the games already logged are read back and
//! not played again) and its games can be read by other tools (the tuner's positions).
//!
//! The file starts with a header naming the match (players, openings, seed, cap, table
//! size); a log is resumed only by the same match. Each game is a line of tab-separated
//! fields:
//!
//! ```text
//! <index> <A's side> <ending> <x's move times, µs, comma-separated> <o's> <moves> [<forfeit>]
//! ```
//!
//! The ending is `x` or `o` (that side won by the rules), `=r` (threefold repetition), `=n`
//! (no legal move), `cx`, `co` or `c=` (stopped at the cap, adjudicated), `fx` or `fo` (that
//! side won by the other's forfeit, the reason in the last field); the moves are every move
//! of the game from the start position, the opening's included. A last line cut short (the
//! match killed while writing it) is dropped when the log is opened again.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use halma::{Game, Outcome, Side};

use crate::referee::{Ending, Played};
use crate::schedule::Record;

/// The first line of every log.
const MAGIC: &str = "# halma match log 1";

/// A match log open for appending.
pub struct Log {
    file: File,
    path: PathBuf,
}

impl Log {
    /// Opens the log at `path` for the match described by `header` (one line): the games it
    /// already holds, and the log to append the next ones to. A new file gets the header; an
    /// existing one must have been written for the same match.
    pub fn open(path: &Path, header: &str) -> Result<(Log, Vec<Record>), String> {
        let shown = path.display();
        let (written, records, whole) = match read_whole(path)? {
            Some((written, records, whole)) => (Some(written), records, whole),
            None => (None, Vec::new(), 0),
        };
        if let Some(written) = written.filter(|written| written != header) {
            return Err(format!(
                "{shown} is the log of another match:\n  {written}\nnot\n  {header}"
            ));
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .map_err(|e| format!("{shown}: {e}"))?;
        file.set_len(whole as u64)
            .map_err(|e| format!("{shown}: {e}"))?;
        let mut log = Log {
            file,
            path: path.to_path_buf(),
        };
        if whole == 0 {
            log.append(&format!("{MAGIC}\n{header}\n"))?;
        }
        Ok((log, records))
    }

    /// Appends `record`'s line.
    pub fn write(&mut self, record: &Record) -> Result<(), String> {
        self.append(&format!("{}\n", line(record)))
    }

    /// Appends `text` at the end of the file and flushes it.
    fn append(&mut self, text: &str) -> Result<(), String> {
        self.file
            .seek(SeekFrom::End(0))
            .and_then(|_| self.file.write_all(text.as_bytes()))
            .and_then(|()| self.file.flush())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

/// The header and the games of the log at `path` (a last line cut short left out).
pub fn read(path: &Path) -> Result<(String, Vec<Record>), String> {
    read_whole(path)?
        .map(|(header, records, _)| (header, records))
        .ok_or_else(|| format!("{}: no match log there", path.display()))
}

/// The header, the games and the length of the whole lines of the log at `path`; `None`
/// when there is no file or it holds no whole line.
fn read_whole(path: &Path) -> Result<Option<(String, Vec<Record>, usize)>, String> {
    let shown = path.display();
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map_err(|_| format!("{shown}: not text"))?,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("{shown}: {error}")),
    };
    // Whole lines only: a last line without its end was cut short.
    let whole = text.rfind('\n').map_or(0, |end| end + 1);
    if whole == 0 {
        return Ok(None);
    }
    let mut lines = text[..whole].lines();
    if lines.next() != Some(MAGIC) {
        return Err(format!("{shown} is not a match log"));
    }
    let header = lines.next().unwrap_or_default().to_string();
    let mut seen = HashSet::new();
    let mut records = Vec::new();
    for (number, line) in lines.enumerate() {
        let record = parse(line).map_err(|e| format!("{shown}:{}: {e}", number + 3))?;
        if seen.insert(record.index) {
            records.push(record);
        }
    }
    Ok(Some((header, records, whole)))
}

/// The header line of a match: its settings that decide its games.
pub fn header(names: [&str; 2], random_plies: usize, seed: u64, cap: usize, mb: usize) -> String {
    let [a, b] = names;
    format!("# A {a} B {b} random-plies {random_plies} seed {seed} max-plies {cap} table-mb {mb}")
}

/// The log line of `record`.
pub fn line(record: &Record) -> String {
    let played = &record.played;
    let times = |side: Side| {
        played.times[side.index()]
            .iter()
            .map(|time| time.as_micros().to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let moves: Vec<String> = played
        .game
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    let mut line = format!(
        "{}\t{}\t{}\t{}\t{}\t{}",
        record.index,
        record.a_side,
        ending_code(played.ending),
        times(Side::X),
        times(Side::O),
        moves.join(" ")
    );
    if let Some(reason) = &played.forfeit {
        line.push('\t');
        line.push_str(&reason.replace(['\t', '\n'], " "));
    }
    line
}

/// The record of a log line, its game replayed from the start position.
pub fn parse(line: &str) -> Result<Record, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [
        index,
        a_side,
        ending,
        x_times,
        o_times,
        moves,
        ref rest @ ..,
    ] = fields[..]
    else {
        return Err("a game line has at least six tab-separated fields".to_string());
    };
    let index = index
        .parse()
        .map_err(|_| format!("not a game number: {index:?}"))?;
    let a_side: Side = a_side.parse().map_err(|e| format!("{e}"))?;
    let ending = parse_ending(ending)?;
    let times = [x_times, o_times].map(parse_times);
    let [x_times, o_times] = times;
    let mut game = Game::new();
    for text in moves.split_whitespace() {
        game.play_text(text)
            .map_err(|e| format!("game {index}: move {text:?}: {e}"))?;
    }
    let consistent = match (ending, game.outcome()) {
        (Ending::Win(side), Outcome::Win(winner)) => side == winner,
        (Ending::Win(_), _) | (_, Outcome::Win(_)) => false,
        _ => true,
    };
    if !consistent {
        return Err(format!("game {index}: its moves do not end as logged"));
    }
    let forfeit = match (ending, rest) {
        (Ending::Forfeit(_), [reason, ..]) => Some(reason.to_string()),
        (Ending::Forfeit(_), []) => Some(String::new()),
        _ => None,
    };
    Ok(Record {
        index,
        a_side,
        played: Played {
            game,
            ending,
            times: [x_times?, o_times?],
            forfeit,
        },
    })
}

/// The move times of a log field: microseconds, comma-separated.
fn parse_times(field: &str) -> Result<Vec<Duration>, String> {
    field
        .split(',')
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse()
                .map(Duration::from_micros)
                .map_err(|_| format!("not a move time: {part:?}"))
        })
        .collect()
}

/// The code of `ending` in a log.
fn ending_code(ending: Ending) -> String {
    match ending {
        Ending::Win(side) => side.to_string(),
        Ending::Repetition => "=r".to_string(),
        Ending::NoMoves => "=n".to_string(),
        Ending::Capped(Some(side)) => format!("c{side}"),
        Ending::Capped(None) => "c=".to_string(),
        Ending::Forfeit(side) => format!("f{side}"),
    }
}

/// The ending of a log's code.
fn parse_ending(code: &str) -> Result<Ending, String> {
    let side = |text: &str| {
        text.parse::<Side>()
            .map_err(|_| format!("not an ending: {code:?}"))
    };
    Ok(match code {
        "=r" => Ending::Repetition,
        "=n" => Ending::NoMoves,
        "c=" => Ending::Capped(None),
        _ => {
            if let Some(rest) = code.strip_prefix('c') {
                Ending::Capped(Some(side(rest)?))
            } else if let Some(rest) = code.strip_prefix('f') {
                Ending::Forfeit(side(rest)?)
            } else {
                Ending::Win(side(code)?)
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::Player;
    use crate::schedule::Match;

    fn a_match() -> Match {
        Match {
            players: [
                Player::parse("greedy").unwrap(),
                Player::parse("random").unwrap(),
            ],
            games: 3,
            random_plies: 4,
            seed: 7,
            max_plies: 60,
            table_mb: 1,
        }
    }

    fn temporary(name: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("halma-log-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        path
    }

    #[test]
    fn every_ending_is_written_and_read_back() {
        for ending in [
            Ending::Win(Side::X),
            Ending::Win(Side::O),
            Ending::Repetition,
            Ending::NoMoves,
            Ending::Capped(Some(Side::O)),
            Ending::Capped(None),
            Ending::Forfeit(Side::X),
        ] {
            assert_eq!(parse_ending(&ending_code(ending)), Ok(ending));
        }
        for bad in ["", "w", "cz", "f", "xx"] {
            assert!(parse_ending(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_game_line_gives_back_the_same_game() {
        let played = a_match();
        for index in 0..2 {
            let record = played.play(index).unwrap();
            let back = parse(&line(&record)).unwrap();
            assert_eq!(back.index, record.index);
            assert_eq!(back.a_side, record.a_side);
            assert_eq!(back.played.ending, record.played.ending);
            assert_eq!(back.played.game.moves(), record.played.game.moves());
            let micros =
                |times: &[Duration]| times.iter().map(Duration::as_micros).collect::<Vec<_>>();
            for side in 0..2 {
                assert_eq!(
                    micros(&back.played.times[side]),
                    micros(&record.played.times[side])
                );
            }
        }
        assert!(
            parse("1\tx\tx\t\t\tl2-k3").is_err(),
            "a win without its moves"
        );
        assert!(parse("1\tx\t=r").is_err());
    }

    #[test]
    fn a_log_resumes_its_own_match_only_and_drops_a_cut_line() {
        let path = temporary("resume");
        let played = a_match();
        let header = header(["greedy", "random"], 4, 7, 60, 1);
        let (mut log, old) = Log::open(&path, &header).unwrap();
        assert!(old.is_empty());
        let first = played.play(0).unwrap();
        log.write(&first).unwrap();
        drop(log);
        // A second line cut short, as when the match is killed while writing it.
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        let second = line(&played.play(1).unwrap());
        file.write_all(&second.as_bytes()[..second.len() / 2])
            .unwrap();
        drop(file);
        let (mut log, old) = Log::open(&path, &header).unwrap();
        assert_eq!(old.len(), 1);
        assert_eq!(old[0].played.game.moves(), first.played.game.moves());
        log.write(&played.play(2).unwrap()).unwrap();
        drop(log);
        let (_, old) = Log::open(&path, &header).unwrap();
        assert_eq!(old.iter().map(|r| r.index).collect::<Vec<_>>(), [0, 2]);
        let other = header.replace("seed 7", "seed 8");
        let error = Log::open(&path, &other).err().unwrap();
        assert!(error.contains("another match"), "{error}");
        std::fs::remove_file(&path).unwrap();
    }
}
