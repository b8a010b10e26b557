//! The answers whose JSON a handler writes by hand, as the API's document (`openapi.rs`)
//! describes them, and the document's tags.

use serde::Serialize;
use utoipa::ToSchema;

use crate::engines::Load;
use crate::games::state::State as GameState;

/// The tag of the routes of every game.
pub const GAME: &str = "games";
/// The tag of the routes of games between two people.
pub const FRIENDS: &str = "games between two people";
/// The tag of the operator's routes.
pub const OPERATORS: &str = "operators";

/// A new game, as `POST /api/games` answers it.
#[derive(Serialize, ToSchema)]
pub struct Created {
    /// The game.
    #[serde(flatten)]
    pub state: GameState<'static>,
    /// In a game between two people: the creator's seat.
    pub seat: Option<NewSeat>,
    /// In a game between two people: the other seat's invitation, for the link's fragment.
    pub invitation: Option<Invitation>,
}

/// A seat: its side and its secret, the `Authorization` of its player's requests.
#[derive(Serialize, ToSchema)]
#[schema(as = Seat)]
pub struct NewSeat {
    /// `"x"` or `"o"`.
    pub side: String,
    /// The seat's secret.
    pub secret: String,
}

/// The invitation to a game between two people's other seat.
#[derive(Serialize, ToSchema)]
pub struct Invitation {
    /// `"x"` or `"o"`.
    pub side: String,
    /// What takes the seat, once, as the secret of `POST /api/games/{id}/join`.
    pub claim: String,
}

/// The seat taken by `POST /api/games/{id}/join`.
#[derive(Serialize, ToSchema)]
pub struct Joined {
    /// The seat, with its own secret.
    pub seat: NewSeat,
}

/// A game forgotten.
#[derive(Serialize, ToSchema)]
pub struct Deleted {
    /// Its id.
    pub deleted: String,
}

/// Where a piece can go.
#[derive(Serialize, ToSchema)]
pub struct Destinations {
    /// The piece's square.
    pub from: String,
    /// The squares it can go to (none once the game is over).
    pub to: Vec<String>,
}

/// Who plays a game: `{"opponent": "computer"}`, or for a game between two people its
/// seats.
#[derive(Serialize, ToSchema)]
pub struct Players {
    /// `"computer"` or `"friend"`.
    pub opponent: String,
    /// The side the request's seat holds, `null` for none.
    pub you: Option<String>,
    /// Whether the invitation to the other seat is still open.
    pub inviting: Option<bool>,
    /// x's seat.
    pub x: Option<PlayerSeat>,
    /// o's seat.
    pub o: Option<PlayerSeat>,
    /// In how many seconds `you` may claim the win, the opponent being away; `null` when
    /// no claim comes by waiting.
    pub claim_in: Option<i64>,
}

/// A seat of a game between two people, as the players see it.
#[derive(Serialize, ToSchema)]
pub struct PlayerSeat {
    /// Whether a player holds it.
    pub taken: bool,
    /// Whether its player is here (follows the game's live stream).
    pub here: bool,
    /// For how many seconds its player has been away, `null` while here or never come.
    pub away_for: Option<i64>,
}

/// The server's health.
#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `"ok"`, or `"database unreachable"`.
    pub status: String,
    /// `"sqlite"` or `"postgres"`.
    pub database: String,
    /// The engines' load.
    pub searches: Load,
}
