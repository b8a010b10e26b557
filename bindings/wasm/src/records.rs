//! Game records as the host reads and writes them: a record's text to JSON (the start, the
//! moves, the headers, the result), and a game with headers and its ending to a record's
//! text.

use halma::{Ending, Game, Record, Side};

use crate::json::Json;
use crate::status::{Failure, INVALID_ARGUMENT};

/// The record `text` (either form) as JSON: `{start, moves, tags, result, reason, resigned,
/// winner}`, `tags` an object of the host's headers in order.
pub fn read(text: &str) -> Result<String, Failure> {
    let record: Record = text.parse()?;
    let game = record.game();
    let mut json = Json::default();
    json.open();
    json.key("start").string(game.start_position());
    json.key("moves").strings(game.moves());
    json.key("tags").open();
    for (name, value) in record.tags() {
        json.key(name).string(value);
    }
    json.close();
    json.key("result").string(record.result());
    json.key("reason");
    optional(&mut json, record.reason());
    json.key("resigned");
    optional(&mut json, record.resigned());
    json.key("winner");
    optional(&mut json, record.winner());
    json.close();
    Ok(json.finish())
}

/// Writes `value` as a JSON string, or `null`.
fn optional(json: &mut Json, value: Option<impl core::fmt::Display>) {
    match value {
        Some(value) => json.string(value),
        None => json.raw("null"),
    };
}

/// The record of `game` with the host's headers `headers`, written as a record writes them
/// (`[Name "value"]` a line; not `Result`, `Reason` or `Position`, which the game writes),
/// and its ending beyond the rules, `ending` (a number, see [`ending()`]).
pub fn write(game: &Game, ending: u32, headers: &str) -> Result<String, Failure> {
    let mut record = Record::new(game.clone());
    if !headers.trim().is_empty() {
        let given: Record = headers.parse()?;
        for (name, value) in given.tags() {
            record.set_tag(name, value)?;
        }
    }
    if let Some(ending) = self::ending(ending)? {
        record.end(ending)?;
    }
    Ok(record.to_string())
}

/// The ending beyond the rules a number names: 0 none, 1 x resigned, 2 o resigned, 3 a draw
/// agreed, 4 x's flag fell, 5 o's, 6 x left (o claimed the win), 7 o left.
pub fn ending(code: u32) -> Result<Option<Ending>, Failure> {
    // The endings that a side loses come in pairs: x's, then o's.
    let loser = |first: u32| if code == first { Side::X } else { Side::O };
    Ok(match code {
        0 => None,
        1 | 2 => Some(Ending::Resignation(loser(1))),
        3 => Some(Ending::Agreement),
        4 | 5 => Some(Ending::Time(loser(4))),
        6 | 7 => Some(Ending::Abandonment(loser(6))),
        _ => {
            return Err(Failure::new(
                INVALID_ARGUMENT,
                format!(
                    "{code} names no ending: 0 none, 1 x resigned, 2 o resigned, 3 a draw agreed, \
                     4 x lost on time, 5 o lost on time, 6 x left, 7 o left"
                ),
            ));
        }
    })
}
