//! A move played: its text read once, checked against the game as stored on each try of
//! the change (`Games::modify`), and answered with the game after it; a move sent again
//! after its answer was lost is answered as it was then.

use halma::{Move, MoveText, Position, Side, Square};

use super::error::{GameError, Reading};
use super::rules::{at_ply, not_thinking, playable, turn_of};
use super::state::{mover, path_of};
use super::stored::{Games, Loaded};
use super::{Session, now_ms};

/// A move played, and the game after it.
#[derive(Debug)]
pub struct Moved {
    /// The move.
    pub mv: Move,
    /// The squares it passes through.
    pub path: Vec<Square>,
    /// The game after it.
    pub game: Loaded,
}

/// Plays the move `text` for the side `side` names (the person's, a player's, or the
/// computer's move that a client searched), checked as every move is, on the game `id` as
/// `read` holds it, in a game of at most `max_plies` moves. The text is read once; each try
/// of the change checks it against the game as stored. With `ply`, the move was chosen when
/// the game had `ply` moves: on a game that has more it is refused (`StalePly`), unless it
/// is the move played there, which is answered as it was then (a request sent again after
/// its answer was lost).
pub async fn play(
    games: &Games,
    read: Loaded,
    id: &str,
    text: &str,
    ply: Option<u64>,
    max_plies: usize,
    side: impl Fn(&Session) -> Side,
) -> Result<Moved, GameError> {
    let text = text.trim();
    // Text that is not move text is a bad request even in a finished game.
    let refused = |error: &dyn halma::Error| GameError::refused(Reading::Move(text), error);
    let written: MoveText = text.parse().map_err(|error| refused(&error))?;
    let same = |session: &Session, index, before: &Position, played| {
        mover(session.game.start_position().turn(), index) == side(session)
            && before.check_move_text(&written).ok() == Some(played)
    };
    if let Some(answer) = replayed(&read, ply, same) {
        return answer;
    }
    let ((mv, path), game) = games
        .modify(id, Some(read), |session| -> Result<_, GameError> {
            at_ply(session, ply)?;
            not_thinking(session)?;
            playable(session, max_plies)?;
            turn_of(session, side(session))?;
            let mv = session
                .game
                .position()
                .check_move_text(&written)
                .map_err(|error| refused(&error))?;
            let path = path_of(&session.game, mv);
            let mover = session.game.position().turn();
            session
                .game_mut()
                .play(mv)
                .map_err(|error| refused(&error))?;
            let over = session.game.outcome().is_over();
            if let Some(life) = session.life_mut() {
                life.moved(mover, now_ms(), over);
            }
            Ok((mv, path))
        })
        .await?;
    Ok(Moved { mv, path, game })
}

/// The answer to a move request made for a game of `ply` moves when the game `read` has
/// more: if the move played at `ply` is the one asked for (`same`, given its index, the
/// position before it and the move), the answer it had then (the game as it was after it;
/// no search report), else `StalePly`. `None` when the request is not late: it is to be
/// played. The game then is given the newest version it can have had: the row's, less one
/// for each move played after it (each was a change of its own), so that a client ordering
/// what it gets by version never takes it for a newer state than those after it.
pub fn replayed(
    read: &Loaded,
    ply: Option<u64>,
    same: impl Fn(&Session, usize, &Position, Move) -> bool,
) -> Option<Result<Moved, GameError>> {
    let session = &read.session;
    let game = &session.game;
    let index = usize::try_from(ply?).ok()?;
    let stale = GameError::StalePly {
        ply: ply?,
        moves: game.moves().len(),
    };
    let (Some(&played), Some(before)) = (game.moves().get(index), game.positions().get(index))
    else {
        return (index != game.moves().len()).then_some(Err(stale));
    };
    if !same(session, index, before, played) {
        return Some(Err(stale));
    }
    let mut then = read.clone();
    then.session.thinking = None;
    then.version -= i64::try_from(game.moves().len() - (index + 1)).unwrap_or(0);
    while then.session.game.moves().len() > index + 1 {
        then.session.game_mut().undo().ok()?;
    }
    let path = before
        .jump_path(played)
        .unwrap_or_else(|| vec![played.from, played.to]);
    Some(Ok(Moved {
        mv: played,
        path,
        game: then,
    }))
}
