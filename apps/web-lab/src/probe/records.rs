//! Long games for the probe and the tests: a record built with the library, written
//! straight into a game's row, as no client can play one past `--max-plies` (and as a
//! server of an earlier release, or with a higher bound, could have stored it).

/// A record of `plies` moves that neither a third repetition nor a win ends: at each ply,
/// from a pseudo-random point of the legal moves, the first that keeps the game going.
pub fn walked_record(plies: usize) -> Result<String, String> {
    let mut game = halma::Game::new();
    let mut state: u32 = 0x1234_5678;
    while game.moves().len() < plies {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let going = going_move(&mut game, state as usize)
            .ok_or_else(|| format!("no move keeps the game going at ply {}", game.moves().len()))?;
        game.play(going).map_err(|e| e.to_string())?;
    }
    Ok(game.to_record())
}

/// The first of `game`'s legal moves from the `skip`th on (round the list) after which the
/// game goes on, if any.
pub fn going_move(game: &mut halma::Game, skip: usize) -> Option<halma::Move> {
    let legal = game.legal_moves();
    let start = skip % legal.len().max(1);
    legal
        .iter()
        .cycle()
        .skip(start)
        .take(legal.len())
        .copied()
        .find(|&mv| {
            if game.play(mv).is_err() {
                return false;
            }
            let over = game.outcome().is_over();
            let _ = game.undo();
            !over
        })
}

/// Writes `record` into the game `id` of the database at `url`, as a change of the game
/// (its version one larger, as every change of a row makes it).
pub fn write_record(url: &str, id: &str, record: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime
        .block_on(async {
            sqlx::any::install_default_drivers();
            let mut connection = <sqlx::AnyConnection as sqlx::Connection>::connect(url).await?;
            sqlx::query("UPDATE halma_games SET record = $1, version = version + 1 WHERE id = $2")
                .bind(record)
                .bind(id)
                .execute(&mut connection)
                .await
        })
        .map(drop)
        .map_err(|e| e.to_string())
}
