//! What can go wrong with a game: one [`GameError`] variant per thing, named by what went
//! wrong in the game (a move that is not legal, a turn that is not yours, an offer that
//! stands already), with its English message for people reading the API. The HTTP layer
//! chooses each one's status and stable code (`http/error.rs`); errors of the library (by
//! their kind and what was asked: [`GameError::refused`]), of the store and of the engines
//! become game errors here, each in one place.

use halma::{ErrorKind, Side};

use crate::engines::ThinkError;
use crate::metrics::{METRICS, Refusal};
use crate::store::StoreError;

/// Everything that refuses a game's request; its message (`Display`) is in English, lower
/// case, without a trailing period.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The move is not move text: the text, and why.
    #[error("invalid move text {0:?}: {1}")]
    BadMoveText(String, String),
    /// A well-formed move that is not legal here: the text, and why.
    #[error("illegal move {0:?}: {1}")]
    IllegalMove(String, String),
    /// A square's name that is no square: why.
    #[error("bad square: {0}")]
    BadSquare(String),
    /// A set-up position that is not position text: why.
    #[error("bad position: {0}")]
    BadPosition(String),
    /// A level out of 1..10.
    #[error("level must be 1 to 10, not {0}")]
    BadLevel(u8),
    /// `human` is neither side.
    #[error("human must be \"x\" or \"o\", not {0:?}")]
    BadSide(String),
    /// `opponent` is neither kind of game.
    #[error("opponent must be \"computer\" or \"friend\", not {:?}", shown(.0, 40))]
    BadOpponent(String),
    /// A clock out of the presets' bounds, or not a clock: why.
    #[error("bad clock: {0}")]
    BadClock(String),
    /// No game with this id.
    #[error(
        "no game with id {:?}: it never existed, was deleted, or was pruned after it ended; start a new one with POST /api/games",
        shown(.0, 40)
    )]
    NotFound(String),
    /// Other requests kept changing the game: this change was overtaken every time.
    #[error("this game is being changed by other requests; try again")]
    Overtaken,
    /// `--max-games` are stored.
    #[error("the server holds the most games it may ({0}); try again later")]
    Full(u64),
    /// The database did not answer (logged where it happened).
    #[error("the game database is not answering; try again in a moment")]
    Unavailable,
    /// `--games-per-minute` reached; seconds until the next may start.
    #[error(
        "you have started too many games in the last minute; resume one from its link, or wait"
    )]
    TooManyGames(u64),
    /// The game is over: how it ended.
    #[error("the game is over ({0})")]
    GameOver(String),
    /// The game has the most moves the server keeps (`--max-plies`).
    #[error(
        "this game has reached {0} moves, the most this server keeps in one game; start a new game"
    )]
    TooLong(usize),
    /// A move made for a game of `ply` moves, which now has `moves`.
    #[error(
        "this move was made when the game had {ply} moves, and it has {moves} now; read the game again"
    )]
    StalePly {
        /// The moves the request says the game had.
        ply: u64,
        /// The moves it has.
        moves: usize,
    },
    /// The computer was asked to move on the person's turn.
    #[error("it is your turn ({0}), not the computer's")]
    NotComputerTurn(Side),
    /// The person moved on the computer's turn.
    #[error("it is the computer's turn ({0}); ask for its move with POST /api/games/<id>/computer")]
    NotYourTurn(Side),
    /// A hint is being searched for this game.
    #[error("a hint is being computed for this game; wait for it")]
    ThinkingOfHint,
    /// The computer's move is being searched for this game.
    #[error("the computer is thinking about its move in this game; wait for it")]
    Thinking,
    /// Nothing of the person's to take back.
    #[error("nothing to undo: you have not moved yet")]
    NothingToUndo,
    /// The computer asked to move, hint, take back or change level in a game between two
    /// people.
    #[error("this game is between two people: no computer moves, hints, undo or level in it")]
    FriendGame,
    /// A player's action of a game between two people (resign, draw, rematch, claim) in a
    /// game against the computer.
    #[error(
        "this game is against the computer: resigning, offers and claims are for games between two people"
    )]
    ComputerGame,
    /// A change of a game between two people without either player's secret.
    #[error(
        "only this game's two players may change it, each with their seat's secret in the Authorization header; anyone else may watch it"
    )]
    NotAPlayer,
    /// The invitation's seat was taken (or there is none to take).
    #[error("this invitation's seat is taken: someone opened it first; you may watch the game")]
    SeatTaken,
    /// A player moved on their opponent's turn.
    #[error("it is your opponent's turn ({0})")]
    OpponentsTurn(Side),
    /// An offer made again while the player's own offer of it stands.
    #[error("your offer stands already; your opponent has not answered it yet")]
    OfferPending,
    /// An answer to an offer that the opponent has not made.
    #[error("your opponent has no offer standing to answer")]
    NoOffer,
    /// An answer to an offer that lapsed: its maker has been away the abandonment period.
    #[error("your opponent's offer lapsed: they have been away too long")]
    OfferLapsed,
    /// A claim of the win before the opponent has been away long enough (or while they are
    /// here, or before they joined); seconds until it may be made at the earliest.
    #[error("your opponent has not been away long enough to claim the win; try again in {0} s")]
    TooEarly(u64),
    /// A rematch asked of a game that is not over.
    #[error("a rematch is for a game that is over; this one goes on")]
    NotOver,
    /// The rematch was agreed by the other player's request while this one was answered.
    #[error("the rematch was made meanwhile")]
    RematchMade,
    /// The live streams are at their bound, the client's or the server's.
    #[error("too many live streams are open; try again in a moment")]
    TooManyLive,
    /// A search asked of a server that runs none (`--no-engine`).
    #[error(
        "this server runs no engine (--no-engine): search in the client and send its move, {{\"move\": \"b14-d12\"}}"
    )]
    NoEngine,
    /// The engines are busy: why.
    #[error("{0}")]
    Busy(String),
    /// The engine refused the search (the game is over) or failed: why.
    #[error("the engine refused: {0}")]
    EngineRefused(String),
    /// A search took so long that its hold on the game lapsed.
    #[error("the search took so long that its hold on the game lapsed; ask again")]
    MarkLapsed,
    /// A bug (logged where it happened): what went wrong.
    #[error("{0}")]
    Bug(&'static str),
}

/// What the server asked of the library when it refused: with the error's kind, the
/// context that decides which game error it is.
#[derive(Clone, Copy, Debug)]
pub enum Reading<'a> {
    /// To read a move's text, as the client wrote it, and play it.
    Move(&'a str),
    /// To read a set-up position's text.
    Position,
    /// To read a square's name.
    Square,
    /// To take a move back.
    Undo,
}

/// `text` cut to `most` characters, for a message.
pub fn shown(text: &str, most: usize) -> String {
    let mut shown: String = text.chars().take(most).collect();
    if shown.len() < text.len() {
        shown.push_str("...");
    }
    shown
}

impl GameError {
    /// The one table from the library's errors to the game's: the library refused `reading`
    /// with `error`, of its kind. Move text that does not read is [`GameError::BadMoveText`],
    /// a move not legal here [`GameError::IllegalMove`], position text
    /// [`GameError::BadPosition`], a square's name [`GameError::BadSquare`], an undo with
    /// nothing to take back [`GameError::NothingToUndo`]. Any other kind there is a check
    /// the server should have made first: a bug.
    pub fn refused(reading: Reading<'_>, error: &dyn halma::Error) -> GameError {
        let why = error.to_string();
        match (reading, error.kind()) {
            (Reading::Move(text), ErrorKind::Parse) => GameError::BadMoveText(text.into(), why),
            (Reading::Move(text), ErrorKind::IllegalMove) => {
                GameError::IllegalMove(text.into(), why)
            }
            (Reading::Position, ErrorKind::Parse | ErrorKind::InvalidPosition) => {
                GameError::BadPosition(why)
            }
            (Reading::Square, ErrorKind::Parse) => GameError::BadSquare(why),
            (Reading::Undo, ErrorKind::NothingToUndo) => GameError::NothingToUndo,
            (reading, kind) => {
                tracing::error!("a bug: the library refused {reading:?} ({kind}): {why}");
                GameError::Bug("the server asked the game for something it refused")
            }
        }
    }
}

impl From<StoreError> for GameError {
    /// The detail goes to the log (at most a line every ten seconds), not to the client.
    fn from(error: StoreError) -> GameError {
        METRICS.refused(Refusal::Database, &error.to_string());
        GameError::Unavailable
    }
}

impl From<ThinkError> for GameError {
    fn from(error: ThinkError) -> GameError {
        match error {
            ThinkError::Busy(why) => GameError::Busy(why),
            ThinkError::Engine(why) => GameError::EngineRefused(why),
        }
    }
}
