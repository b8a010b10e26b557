//! The engine of this module instance (one search at a time, as in a Web Worker) and its
//! searches: limits checked, progress reported to the host, the result as JSON.

use std::cell::RefCell;
use std::time::Duration;

use halma::search::MAX_CONTEMPT;
use halma::{Engine, ForcedResult, Game, Limits, SearchInfo, SearchResult, StopToken};

use crate::games;
use crate::host;
use crate::json::Json;
use crate::status::{Failure, INVALID_ARGUMENT};

/// The largest transposition table the module takes, in mebibytes (the race solver adds
/// another of the same size: together they stay within wasm32's 4 GiB).
pub const MAX_TABLE_MB: u32 = 1024;

/// The largest node limit (the integers a JavaScript number holds exactly).
const MAX_NODES: f64 = 9_007_199_254_740_991.0;

/// The longest time limit: a day.
const MAX_TIME_MS: f64 = 86_400_000.0;

thread_local! {
    static ENGINE: RefCell<Option<Engine>> = const { RefCell::new(None) };
}

/// Replaces the engine by one with a table of `table_mb` mebibytes (1 to [`MAX_TABLE_MB`]).
pub fn create(table_mb: u32) -> Result<(), Failure> {
    if !(1..=MAX_TABLE_MB).contains(&table_mb) {
        return Err(Failure::new(
            INVALID_ARGUMENT,
            format!("the table size must be 1 to {MAX_TABLE_MB} MiB, not {table_mb}"),
        ));
    }
    ENGINE.with_borrow_mut(|engine| {
        *engine = None; // the old table is freed before the new one is made
        *engine = Some(Engine::with_table_mb(table_mb as usize));
    });
    Ok(())
}

/// Sets the engine's contempt (-1000 to 1000; a new engine has the library's default):
/// what a draw is worth less than an even game to it, in hundredths of a move.
pub fn set_contempt(contempt: i32) -> Result<(), Failure> {
    if !(-MAX_CONTEMPT..=MAX_CONTEMPT).contains(&contempt) {
        return Err(Failure::new(
            INVALID_ARGUMENT,
            format!("the contempt must be -{MAX_CONTEMPT} to {MAX_CONTEMPT}, not {contempt}"),
        ));
    }
    ENGINE.with_borrow_mut(|slot| slot.get_or_insert_with(Engine::new).set_contempt(contempt));
    Ok(())
}

/// The limits of a search: `level` (1 to 10) alone, or any of a depth, a node count and a
/// time in milliseconds (0 for none of each).
pub fn limits(depth: u32, nodes: f64, time_ms: f64, level: u32) -> Result<Limits, Failure> {
    let bad = |what: &str| Err(Failure::new(INVALID_ARGUMENT, what));
    if !(0.0..=MAX_NODES).contains(&nodes) || nodes.fract() != 0.0 {
        return bad("the node limit must be a whole number from 0 to 2^53 - 1");
    }
    if !(0.0..=MAX_TIME_MS).contains(&time_ms) {
        return bad("the time limit must be 0 to 86,400,000 ms (a day)");
    }
    if level > 10 {
        return bad("the level must be 1 to 10 (0 for none)");
    }
    let explicit = depth > 0 || nodes > 0.0 || time_ms > 0.0;
    match (level, explicit) {
        (0, false) => bad("a search needs a level, or a depth, node or time limit"),
        (0, true) => Ok(Limits::depth(depth)
            .with_nodes(nodes as u64)
            .with_time(Duration::from_secs_f64(time_ms / 1000.0))),
        (level, false) => Ok(Limits::level(level as u8)),
        (_, true) => bad("a search takes a level or limits, not both"),
    }
}

/// Searches the game `handle` within `limits`, reporting each completed iteration to the
/// host, and returns the result as JSON.
pub fn search(handle: u32, limits: &Limits) -> Result<String, Failure> {
    let game = games::with(handle, |game| Ok(game.clone()))?;
    let pace = limits.pace();
    let limits = limits.clone().without_pace(); // the host waits it out
    ENGINE.with_borrow_mut(|slot| {
        let engine = slot.get_or_insert_with(Engine::new);
        // Stopped by the host: its flag, read about every 1024 nodes.
        let stop = StopToken::with_poll(host::stop_requested);
        let result = engine.search_with_stop(&game, &limits, &stop, &mut |info| {
            host::info(&info_json(info))
        })?;
        Ok(result_json(&game, &result, pace))
    })
}

/// Forgets what earlier searches stored (for a new game).
pub fn clear() {
    ENGINE.with_borrow_mut(|engine| {
        if let Some(engine) = engine {
            engine.clear();
        }
    });
}

/// Plies to the mover's win (positive) or loss (negative), for a proven result.
fn forced_win_in(score: i32) -> Option<i64> {
    ForcedResult::from_score(score).map(|forced| match forced {
        ForcedResult::Win(plies) => i64::from(plies),
        ForcedResult::Loss(plies) => -i64::from(plies),
    })
}

/// `{depth, score, nodes, time_ms, pv, forced_win_in, nodes_per_second}`.
fn info_json(info: &SearchInfo) -> String {
    let mut json = Json::default();
    json.open();
    found(
        &mut json,
        info.plies_ahead(),
        info.score,
        info.nodes,
        info.time,
        &info.pv,
    );
    json.key("nodes_per_second").raw(info.nodes_per_second);
    json.close();
    json.finish()
}

/// `{move, path, depth, score, nodes, time_ms, pv, forced_win_in, pace_ms}`.
fn result_json(game: &Game, result: &SearchResult, pace: Duration) -> String {
    let mut json = Json::default();
    json.open();
    json.key("move").string(result.best_move);
    json.key("path")
        .strings(games::path(game.position(), result.best_move));
    let r = result;
    let depth = r.plies_ahead();
    found(&mut json, depth, r.score, r.nodes, r.time, &r.pv);
    json.key("pace_ms").raw(pace.as_millis());
    json.close();
    json.finish()
}

/// The members a search's progress and result share: what it found so far.
fn found(json: &mut Json, depth: u32, score: i32, nodes: u64, time: Duration, pv: &[halma::Move]) {
    json.key("depth").raw(depth);
    json.key("score").raw(score);
    json.key("nodes").raw(nodes);
    json.key("time_ms").raw(time.as_millis());
    json.key("pv").strings(pv);
    forced(json, score);
}

/// The member `forced_win_in` for `score`.
fn forced(json: &mut Json, score: i32) {
    json.key("forced_win_in");
    match forced_win_in(score) {
        Some(plies) => json.raw(plies),
        None => json.raw("null"),
    };
}
