//! Game records as the host reads and writes them: a record's text to JSON (the start, the
//! moves, the headers, the result), and a game with headers to a record's text.

use halma::{Game, Record, Side};

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
/// `resigned` saying who resigned: 0 nobody, 1 x, 2 o.
pub fn write(game: &Game, resigned: u32, headers: &str) -> Result<String, Failure> {
    let mut record = Record::new(game.clone());
    if !headers.trim().is_empty() {
        let given: Record = headers.parse()?;
        for (name, value) in given.tags() {
            record.set_tag(name, value)?;
        }
    }
    let side = match resigned {
        0 => None,
        1 => Some(Side::X),
        2 => Some(Side::O),
        _ => {
            return Err(Failure::new(
                INVALID_ARGUMENT,
                format!("{resigned} says no side: 0 nobody resigned, 1 x, 2 o"),
            ));
        }
    };
    if let Some(side) = side {
        record.resign(side)?;
    }
    Ok(record.to_string())
}
