//! The games the host holds, by handle, and what it can ask of each: the rules' answers as
//! JSON text.

use std::cell::RefCell;
use std::collections::BTreeMap;

use halma::{Game, Move, Outcome, Position, Side, Square};

use crate::json::Json;
use crate::status::{Failure, INVALID_ARGUMENT, NO_GAME};

/// The deepest perft the module runs (depth 5 from the start already takes seconds).
pub const MAX_PERFT_DEPTH: u32 = 5;

/// The games, by handle (handles count up from 1 and are never reused, so a freed game's
/// handle stays dead).
#[derive(Default)]
struct Games {
    games: BTreeMap<u32, Game>,
    last: u32,
}

thread_local! {
    static GAMES: RefCell<Games> = RefCell::new(Games::default());
}

/// Keeps `game` and returns its handle.
pub fn insert(game: Game) -> u32 {
    GAMES.with_borrow_mut(|games| {
        games.last = games.last.wrapping_add(1).max(1);
        while games.games.contains_key(&games.last) {
            games.last = games.last.wrapping_add(1).max(1);
        }
        let handle = games.last;
        games.games.insert(handle, game);
        handle
    })
}

/// Forgets the game `handle`; whether there was one.
pub fn remove(handle: u32) -> bool {
    GAMES.with_borrow_mut(|games| games.games.remove(&handle).is_some())
}

/// Calls `f` with the game `handle`.
pub fn with<T>(handle: u32, f: impl FnOnce(&mut Game) -> Result<T, Failure>) -> Result<T, Failure> {
    GAMES.with_borrow_mut(|games| match games.games.get_mut(&handle) {
        Some(game) => f(game),
        None => Err(Failure::new(
            NO_GAME,
            format!("no game has the handle {handle} (never made, or freed)"),
        )),
    })
}

/// A game from text: empty for the start position, one line of position text, or a game
/// record (text with a line break: position text, then the moves played).
pub fn parse(text: &str) -> Result<Game, Failure> {
    let record = text.contains('\n');
    let text = text.trim();
    if record {
        Ok(Game::from_record(text)?)
    } else if text.is_empty() {
        Ok(Game::new())
    } else {
        let position: Position = text.parse()?;
        Ok(Game::from_position(position))
    }
}

/// The state of `game`: its position, the side to move, the moves, the outcome, the pieces,
/// the last move and the destinations of each piece of the side to move.
pub fn state(game: &Game) -> String {
    let position = game.position();
    let mut json = Json::default();
    json.open();
    json.key("position").string(position);
    json.key("start").string(game.start_position());
    json.key("turn").string(position.turn());
    json.key("moves").strings(game.moves());
    json.key("outcome");
    outcome(&mut json, game.outcome());
    json.key("pieces").open();
    for side in Side::ALL {
        json.key(&side.to_string())
            .strings(position.pieces(side).iter());
    }
    json.close();
    json.key("last_move");
    match last_move(game) {
        Some((mv, path, side)) => {
            json.open();
            json.key("move").string(mv);
            json.key("path").strings(path);
            json.key("side").string(side);
            json.close();
        }
        None => {
            json.raw("null");
        }
    }
    json.key("destinations").open();
    if !game.outcome().is_over() {
        for from in position.pieces(position.turn()).iter() {
            let to = position.destinations(from);
            if !to.is_empty() {
                json.key(&from.to_string()).strings(to.iter());
            }
        }
    }
    json.close();
    json.close();
    json.finish()
}

/// The last move of `game`, the squares it passed through and the side that played it.
fn last_move(game: &Game) -> Option<(Move, Vec<Square>, Side)> {
    let mv = *game.moves().last()?;
    let before = game.positions().iter().rev().nth(1)?;
    Some((mv, path(before, mv), before.turn()))
}

/// Writes `outcome` as `{result, winner, reason, reason_code}` (the online game's form).
fn outcome(json: &mut Json, outcome: Outcome) {
    json.open();
    json.key("result").string(outcome.result_code());
    match outcome.winner() {
        Some(side) => json.key("winner").string(side),
        None => json.key("winner").raw("null"),
    };
    match outcome.reason() {
        Some(reason) => json.key("reason").string(reason),
        None => json.key("reason").raw("null"),
    };
    match outcome.reason_code() {
        Some(code) => json.key("reason_code").string(code),
        None => json.key("reason_code").raw("null"),
    };
    json.close();
}

/// The squares `mv` passes through in `position`: origin, each landing, destination.
pub fn path(position: &Position, mv: Move) -> Vec<Square> {
    position
        .jump_path(mv)
        .unwrap_or_else(|| vec![mv.from, mv.to])
}

/// The legal moves of `game` (none once it is over), as a JSON array.
pub fn legal_moves(game: &Game) -> String {
    let mut json = Json::default();
    json.strings(game.legal_moves().iter());
    json.finish()
}

/// Where the piece on `from` can go (none for an empty square, a piece of the side not to
/// move, or a finished game), as a JSON array.
pub fn destinations(game: &Game, from: &str) -> Result<String, Failure> {
    let from: Square = from.trim().parse()?;
    let position = game.position();
    let mut json = Json::default();
    if game.outcome().is_over() || position.piece_at(from) != Some(position.turn()) {
        json.strings(core::iter::empty::<Square>());
    } else {
        json.strings(position.destinations(from).iter());
    }
    Ok(json.finish())
}

/// The move that `text` (`from-to` or a hop path) names, checked to be legal in `game`.
fn legal_move(game: &Game, text: &str) -> Result<Move, Failure> {
    Ok(game.parse_move(text.trim())?)
}

/// The hop path of the legal move `text`, as a JSON array of squares.
pub fn move_path(game: &Game, text: &str) -> Result<String, Failure> {
    let mv = legal_move(game, text)?;
    let mut json = Json::default();
    json.strings(path(game.position(), mv));
    Ok(json.finish())
}

/// Plays the move `text` and returns `{move, path, side}`.
pub fn play(game: &mut Game, text: &str) -> Result<String, Failure> {
    let mv = legal_move(game, text)?;
    let side = game.position().turn();
    let squares = path(game.position(), mv);
    game.play(mv)?;
    let mut json = Json::default();
    json.open();
    json.key("move").string(mv);
    json.key("path").strings(squares);
    json.key("side").string(side);
    json.close();
    Ok(json.finish())
}

/// Takes back the last move and returns it, as a JSON string.
pub fn undo(game: &mut Game) -> Result<String, Failure> {
    let mv = game.undo()?;
    let mut json = Json::default();
    json.string(mv);
    Ok(json.finish())
}

/// The leaf count of the move tree `depth` plies deep from the game's position.
pub fn perft(game: &Game, depth: u32) -> Result<u64, Failure> {
    if depth > MAX_PERFT_DEPTH {
        return Err(Failure::new(
            INVALID_ARGUMENT,
            format!("perft depth {depth} is more than the {MAX_PERFT_DEPTH} this module runs"),
        ));
    }
    Ok(halma::perft(game.position(), depth))
}
