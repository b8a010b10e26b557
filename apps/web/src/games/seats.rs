//! The seats of a game between two people (`halma_seats`): who may move for each side. A
//! seat is bound to a secret of 256 random bits that only its player's browser holds; the
//! database keeps its SHA-256 digest, so that neither the database nor its backups let
//! anyone move. The creator's secret is answered when the game is made; the joiner's seat
//! waits behind an invitation (another secret, which travels in the link's fragment), and
//! whoever presents it first gets a fresh secret of their own and the invitation is spent
//! (one `UPDATE` that names it: the database decides who was first, on every process).
//!
//! A join sent with a key of the client's ([`JoinKey`], `Idempotency-Key`) gets a secret
//! derived from the invitation and the key (HMAC-SHA256 keyed by the invitation, over the
//! game's id and the key), not drawn at random: the same join sent again within
//! [`REJOIN_MS`], to whichever process, derives the same secret and finds its digest in
//! the seat, and is answered it again. The database keeps no more than before (the
//! digests, and when the seat was taken): without the invitation, which it keeps only as a
//! digest, nobody can derive the secret from it.

use halma::Side;
use hmac::{Hmac, Mac};
use serde_json::json;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::games::error::GameError;
use crate::games::{hex, is_hex, new_id};
use crate::metrics::Query;
use crate::store::{Statement, Store, StoreError, Write};

/// A seat's secret, or an invitation's, as a request presents it: whoever holds it holds
/// the seat. Never written to a log (its `Debug` shows no digit of it).
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// A new secret: 256 random bits as 64 hex digits.
    pub fn generate() -> Secret {
        Secret(format!("{}{}", new_id(), new_id()))
    }

    /// The secret's text, to answer it to its holder.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for Secret {
    /// The secret `text` stands for, as a request presents it (well formed or not).
    fn from(text: &str) -> Secret {
        Secret(text.to_owned())
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(...)")
    }
}

/// How long (ms) after a join the same join, with the same key, is answered again.
pub const REJOIN_MS: i64 = 10 * 60 * 1000;

/// A client's key for one join (the `Idempotency-Key` header): the same join sent again
/// with it answers the same seat and secret.
#[derive(Clone, PartialEq, Eq)]
pub struct JoinKey(String);

impl JoinKey {
    /// The key `text` is, if it is one: 1 to 255 visible ASCII characters.
    pub fn parse(text: &str) -> Option<JoinKey> {
        let visible = text.bytes().all(|byte| byte.is_ascii_graphic());
        (visible && (1..=255).contains(&text.len())).then(|| JoinKey(text.to_owned()))
    }
}

impl std::fmt::Debug for JoinKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JoinKey(...)")
    }
}

/// The joiner's secret of the game `id` taken with `invitation` and `key`: HMAC-SHA256
/// keyed by the invitation (256 random bits) over the id and the key, as 64 hex digits.
fn derived(id: &str, invitation: &Secret, key: &JoinKey) -> Secret {
    // HMAC takes a key of any length: `new_from_slice` cannot refuse one.
    let mut mac = Hmac::<Sha256>::new_from_slice(invitation.as_str().as_bytes())
        .expect("HMAC takes a key of any length");
    mac.update(id.as_bytes());
    mac.update(b"\n");
    mac.update(key.0.as_bytes());
    Secret(hex(&mac.finalize().into_bytes()))
}

/// The digest stored for `secret`, in hex.
fn digest(secret: &str) -> String {
    hex(&Sha256::digest(secret.as_bytes()))
}

/// Whether `text` has a secret's shape (64 lower-case hex digits): anything else is no
/// secret, and is not even hashed.
fn well_formed(text: &str) -> bool {
    is_hex(text, 64)
}

/// The two sides' seats of one game, as stored.
#[derive(Clone, Debug)]
pub struct Seats {
    creator: Side,
    creator_hash: String,
    invitation_hash: Option<String>,
    joiner_hash: Option<String>,
    /// When the joiner's seat was taken with an invitation (Unix ms), if it was.
    joined_ms: Option<i64>,
    here_until: [i64; 2],
}

/// Index of `side` in per-side arrays.
fn index(side: Side) -> usize {
    usize::from(side == Side::O)
}

impl Seats {
    /// The side of the game's creator.
    pub fn creator(&self) -> Side {
        self.creator
    }

    /// The side whose secret `secret` is, if any.
    pub fn side_of(&self, secret: Option<&Secret>) -> Option<Side> {
        let secret = secret
            .map(Secret::as_str)
            .filter(|secret| well_formed(secret))?;
        let hash = digest(secret);
        if hash == self.creator_hash {
            Some(self.creator)
        } else if self.joiner_hash.as_deref() == Some(hash.as_str()) {
            Some(self.creator.other())
        } else {
            None
        }
    }

    /// Whether `side`'s seat has a player (the creator's always has).
    pub fn taken(&self, side: Side) -> bool {
        side == self.creator || self.joiner_hash.is_some()
    }

    /// Whether `side` was here at `now` (Unix ms) by its live connections.
    pub fn here(&self, side: Side, now: i64) -> bool {
        self.here_until[index(side)] > now
    }

    /// The joiner's secret again, for a join of the game `id` with `invitation` and `key`
    /// sent again at `now` within [`REJOIN_MS`] of the one that took the seat with them;
    /// `None` for any other (another key, none, another invitation, too late).
    pub fn joined_again(
        &self,
        id: &str,
        invitation: &Secret,
        key: &JoinKey,
        now: i64,
    ) -> Option<Secret> {
        let recent = self
            .joined_ms
            .is_some_and(|joined| now - joined < REJOIN_MS);
        let secret = derived(id, invitation, key);
        let same = self.joiner_hash.as_deref() == Some(digest(secret.as_str()).as_str());
        (recent && well_formed(invitation.as_str()) && same).then_some(secret)
    }

    /// Whether the invitation is still open.
    pub fn inviting(&self) -> bool {
        self.invitation_hash.is_some()
    }

    /// How the seats stand at `now` (Unix ms), for the players' events.
    pub fn view(&self, now: i64) -> View {
        let side = |side| {
            let taken = self.taken(side);
            let here = self.here(side, now);
            let until = self.here_until[index(side)];
            SideView {
                taken,
                here,
                // A side is away from the moment its last stream ended (or its mark
                // lapsed, or its seat was taken without a stream yet).
                away_since: (taken && !here && until > 0).then_some(until),
            }
        };
        View {
            inviting: self.inviting(),
            sides: [side(Side::X), side(Side::O)],
        }
    }
}

/// How one side's seat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideView {
    /// Whether it has a player.
    pub taken: bool,
    /// Whether its player is here (a live stream of theirs).
    pub here: bool,
    /// Since when its player is away (Unix ms), if taken and away.
    pub away_since: Option<i64>,
}

/// How the seats of a game stand at a moment: what its players' events show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Whether the invitation is still open.
    pub inviting: bool,
    sides: [SideView; 2],
}

impl View {
    /// `side`'s seat.
    pub fn side(&self, side: Side) -> SideView {
        self.sides[index(side)]
    }

    /// How long (ms, at `now`) until `side` may claim the win because its opponent is
    /// away, `abandon_after` being how long the opponent must be; `None` when no claim can
    /// come by waiting (the opponent has not joined, or is here).
    pub fn claim_in(&self, side: Side, now: i64, abandon_after: i64) -> Option<i64> {
        let away_since = self.side(side.other()).away_since?;
        Some((away_since + abandon_after - now).max(0))
    }
}

/// The players' JSON of a game whose seats stood as `seats` (`None`: a game against the
/// computer), for a stream and for `GET /api/games/{id}/players`, at `now`: each side's
/// seat taken or not, here or not, away for how long (seconds), and for `you` (the side the
/// request's secret holds) in how many seconds it may claim the win (`abandon_after` ms
/// after its opponent left), unless the game is `over`.
pub fn players_json(
    seats: Option<&View>,
    you: Option<Side>,
    over: bool,
    now: i64,
    abandon_after: i64,
) -> serde_json::Value {
    let seconds = |ms: i64| (ms + 999) / 1000;
    let seat = |seats: &View, side| {
        let seat = seats.side(side);
        json!({
            "taken": seat.taken,
            "here": seat.here,
            "away_for": seat.away_since.map(|since| (now - since).max(0) / 1000),
        })
    };
    match seats {
        None => json!({ "opponent": "computer" }),
        Some(seats) => json!({
            "opponent": "friend",
            "you": you.map(|side| side.to_string()),
            "inviting": seats.inviting,
            "x": seat(seats, Side::X),
            "o": seat(seats, Side::O),
            "claim_in": you
                .filter(|_| !over)
                .and_then(|side| seats.claim_in(side, now, abandon_after))
                .map(seconds),
        }),
    }
}

/// The secrets of a new game's seats, answered once to its creator.
#[derive(Debug)]
pub struct NewSeats {
    /// The creator's seat's secret.
    pub secret: Secret,
    /// The invitation to the other seat.
    pub invitation: Secret,
}

impl NewSeats {
    /// Fresh secrets for a new game's seats.
    pub fn generate() -> NewSeats {
        NewSeats {
            secret: Secret::generate(),
            invitation: Secret::generate(),
        }
    }

    /// The write that stores these seats for the new game `id`, made at `now`, its creator
    /// playing `creator` (with the game, in one transaction: `Games::create_with`).
    pub fn stored(&self, id: &str, creator: Side, now: i64) -> Write<GameError> {
        // The creator is away, until their stream comes, from the moment the game is made.
        let creator_since = |side| if side == creator { now } else { 0 };
        Write::Any(
            Statement::new(
                "INSERT INTO halma_seats (id, creator, creator_hash, invitation_hash, \
                 joiner_hash, x_here_until, o_here_until) VALUES ($1, $2, $3, $4, NULL, $5, $6)",
            )
            .bind(id)
            .bind(creator.to_string())
            .bind(digest(self.secret.as_str()))
            .bind(digest(self.invitation.as_str()))
            .bind(creator_since(Side::X))
            .bind(creator_since(Side::O)),
        )
    }
}

/// The seats of the game `id`: `None` for a game against the computer (or none at all).
pub async fn load(store: &Store, id: &str) -> Result<Option<Seats>, StoreError> {
    let query = sqlx::query(
        "SELECT creator, creator_hash, invitation_hash, joiner_hash, x_here_until, \
         o_here_until, joined_ms FROM halma_seats WHERE id = $1",
    )
    .bind(id.to_owned())
    .fetch_optional(store.pool());
    let Some(row) = store.timed(Query::Load, query).await? else {
        return Ok(None);
    };
    let creator = match row.try_get::<String, _>(0)?.as_str() {
        "x" => Side::X,
        "o" => Side::O,
        other => return Err(StoreError(format!("a seat's side {other:?}"))),
    };
    Ok(Some(Seats {
        creator,
        creator_hash: row.try_get(1)?,
        invitation_hash: row.try_get(2)?,
        joiner_hash: row.try_get(3)?,
        joined_ms: row.try_get(6)?,
        here_until: [row.try_get(4)?, row.try_get(5)?],
    }))
}

impl Seats {
    /// The write that stores the seats of the game `id`, a rematch of the game whose seats
    /// these are, made at `now`, with the sides swapped: each player's secret of this game
    /// holds the other side's seat there (the digests are copied, none is made), and no
    /// invitation is open (with the new game and the old one's change, in one transaction).
    pub fn swapped(&self, id: &str, now: i64) -> Write<GameError> {
        Write::Any(
            Statement::new(
                "INSERT INTO halma_seats (id, creator, creator_hash, invitation_hash, \
                 joiner_hash, x_here_until, o_here_until) VALUES ($1, $2, $3, NULL, $4, $5, $5)",
            )
            .bind(id)
            .bind(self.creator.other().to_string())
            .bind(self.creator_hash.clone())
            .bind(self.joiner_hash.clone())
            .bind(now),
        )
    }

    /// Whether `invitation` is this game's open invitation (a join with it takes the seat,
    /// unless another comes first).
    pub fn invites(&self, invitation: &Secret) -> bool {
        well_formed(invitation.as_str())
            && self.invitation_hash.as_deref() == Some(digest(invitation.as_str()).as_str())
    }
}

/// The joiner's seat of the game `id` taken at `now` with `invitation` (and the client's
/// `key`, if any): its new secret (derived from the invitation and the key, else drawn),
/// and the write that takes it, `SeatTaken` when the invitation is not the game's open one
/// (spent by whoever came first: the database decides, on every process).
pub fn taking(
    id: &str,
    invitation: &Secret,
    key: Option<&JoinKey>,
    now: i64,
) -> (Secret, Write<GameError>) {
    let secret = key.map_or_else(Secret::generate, |key| derived(id, invitation, key));
    // The joiner is away, until their stream comes, from the moment the seat is taken; and
    // the creator, if away, is away from then too: absence before the game began is no
    // abandonment.
    let take = Statement::new(
        "UPDATE halma_seats SET joiner_hash = $1, invitation_hash = NULL, joined_ms = $4, \
         x_here_until = CASE WHEN creator = 'o' OR x_here_until < $4 THEN $4 \
         ELSE x_here_until END, \
         o_here_until = CASE WHEN creator = 'x' OR o_here_until < $4 THEN $4 \
         ELSE o_here_until END \
         WHERE id = $2 AND invitation_hash = $3",
    )
    .bind(digest(secret.as_str()))
    .bind(id)
    .bind(digest(invitation.as_str()))
    .bind(now);
    (secret, Write::One(take, GameError::SeatTaken))
}

/// Marks `side` of the game `id` here until `until` (Unix ms; now or earlier: away since
/// then), whatever the processes' presence says.
#[cfg(test)]
pub async fn set_here(store: &Store, id: &str, side: Side, until: i64) -> Result<(), StoreError> {
    let sql = match side {
        Side::X => "UPDATE halma_seats SET x_here_until = $1 WHERE id = $2",
        Side::O => "UPDATE halma_seats SET o_here_until = $1 WHERE id = $2",
    };
    let query = sqlx::query(sql)
        .bind(until)
        .bind(id.to_owned())
        .execute(store.pool());
    store.timed(Query::Update, query).await?;
    Ok(())
}

/// The statement that takes the seats' row of the game `id` first in a transaction of
/// presence: such transactions of one game, on every process, go one after the other, each
/// seeing what the one before wrote.
fn seats_locked(id: &str) -> Write<()> {
    Write::Any(Statement::new("UPDATE halma_seats SET creator = creator WHERE id = $1").bind(id))
}

/// Marks `side` of the game `id` here until `until` (Unix ms) for the streams that
/// `process` holds (arriving, or renewing): here as long as any process's mark lasts.
pub async fn present(
    store: &Store,
    id: &str,
    side: Side,
    process: &str,
    until: i64,
) -> Result<(), StoreError> {
    let latest = match side {
        Side::X => {
            "UPDATE halma_seats SET x_here_until = CASE WHEN x_here_until > $2 \
             THEN x_here_until ELSE $2 END WHERE id = $1"
        }
        Side::O => {
            "UPDATE halma_seats SET o_here_until = CASE WHEN o_here_until > $2 \
             THEN o_here_until ELSE $2 END WHERE id = $1"
        }
    };
    let writes = [
        seats_locked(id),
        Write::Any(
            Statement::new(
                "INSERT INTO halma_presence (id, side, process, until_ms) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (id, side, process) \
                 DO UPDATE SET until_ms = excluded.until_ms",
            )
            .bind(id)
            .bind(side.to_string())
            .bind(process)
            .bind(until),
        ),
        Write::Any(Statement::new(latest).bind(id).bind(until)),
    ];
    store.commit(&writes).await?;
    Ok(())
}

/// The last stream of `side`'s player of the game `id` that `process` held ended at `now`:
/// `side` stays here as long as another process's mark lasts, else is away from `now`.
pub async fn gone(
    store: &Store,
    id: &str,
    side: Side,
    process: &str,
    now: i64,
) -> Result<(), StoreError> {
    let latest = match side {
        Side::X => {
            "UPDATE halma_seats SET x_here_until = COALESCE((SELECT MAX(until_ms) \
             FROM halma_presence WHERE id = $1 AND side = 'x' AND until_ms > $2), $2) \
             WHERE id = $1"
        }
        Side::O => {
            "UPDATE halma_seats SET o_here_until = COALESCE((SELECT MAX(until_ms) \
             FROM halma_presence WHERE id = $1 AND side = 'o' AND until_ms > $2), $2) \
             WHERE id = $1"
        }
    };
    let writes = [
        seats_locked(id),
        Write::Any(
            Statement::new(
                "DELETE FROM halma_presence WHERE id = $1 AND side = $2 AND process = $3",
            )
            .bind(id)
            .bind(side.to_string())
            .bind(process),
        ),
        Write::Any(Statement::new(latest).bind(id).bind(now)),
    ];
    store.commit(&writes).await?;
    Ok(())
}

/// Deletes the seats of games that are gone (deleted or pruned), and the presence marks
/// that lapsed (of processes that died) before `now`; how many seats.
pub async fn forget_orphans(store: &Store, now: i64) -> Result<u64, StoreError> {
    let lapsed = sqlx::query("DELETE FROM halma_presence WHERE until_ms < $1")
        .bind(now)
        .execute(store.pool());
    store.timed(Query::Delete, lapsed).await?;
    let query = sqlx::query(
        "DELETE FROM halma_seats WHERE NOT EXISTS \
         (SELECT 1 FROM halma_games WHERE halma_games.id = halma_seats.id)",
    )
    .execute(store.pool());
    Ok(store.timed(Query::Delete, query).await?.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_its_secret_and_nothing_else() {
        let creator = Secret::generate();
        let joiner = Secret::generate();
        let seats = Seats {
            creator: Side::O,
            creator_hash: digest(creator.as_str()),
            invitation_hash: None,
            joiner_hash: Some(digest(joiner.as_str())),
            joined_ms: None,
            here_until: [10, 0],
        };
        assert_eq!(seats.side_of(Some(&creator)), Some(Side::O));
        assert_eq!(seats.side_of(Some(&joiner)), Some(Side::X));
        assert_eq!(seats.side_of(Some(&Secret::generate())), None);
        let upper = creator.as_str().to_uppercase();
        assert_eq!(seats.side_of(Some(&Secret::from(upper.as_str()))), None);
        let digested = digest(creator.as_str());
        assert_eq!(
            seats.side_of(Some(&Secret::from(digested.as_str()))),
            None,
            "not the digest"
        );
        assert_eq!(seats.side_of(None), None);
        assert!(seats.here(Side::X, 9) && !seats.here(Side::X, 10));
        assert!(!seats.here(Side::O, 0));
        assert!(seats.taken(Side::X) && seats.taken(Side::O));
        // x left at 10; o's stream never came (no mark): only x can be claimed against.
        let view = seats.view(20);
        assert_eq!(view.side(Side::X).away_since, Some(10));
        assert_eq!(view.side(Side::O).away_since, None);
        assert_eq!(view.claim_in(Side::O, 20, 100), Some(90));
        assert_eq!(view.claim_in(Side::O, 500, 100), Some(0));
        assert_eq!(view.claim_in(Side::X, 20, 100), None);
        assert_eq!(seats.view(5).side(Side::X).away_since, None, "here");
        assert_ne!(Secret::generate(), Secret::generate());
        assert!(well_formed(Secret::generate().as_str()));
        assert_eq!(
            format!("{creator:?}"),
            "Secret(...)",
            "no digit of it in a log"
        );
    }

    /// A join with a key takes a secret derived from the invitation and the key: the same
    /// join sent again within the window gets it again, any other join does not.
    #[test]
    fn a_join_sent_again_with_its_key_gets_its_secret_again() {
        let invitation = Secret::generate();
        let key = JoinKey::parse("retry-1").unwrap();
        let (secret, _) = taking("g1", &invitation, Some(&key), 1_000);
        assert!(well_formed(secret.as_str()));
        let seats = Seats {
            creator: Side::X,
            creator_hash: digest(Secret::generate().as_str()),
            invitation_hash: None,
            joiner_hash: Some(digest(secret.as_str())),
            joined_ms: Some(1_000),
            here_until: [0, 0],
        };
        assert_eq!(seats.side_of(Some(&secret)), Some(Side::O));
        let again = |invitation: &Secret, key: &str, now| {
            seats.joined_again("g1", invitation, &JoinKey::parse(key).unwrap(), now)
        };
        assert_eq!(
            again(&invitation, "retry-1", 1_000 + REJOIN_MS - 1),
            Some(secret)
        );
        assert_eq!(
            again(&invitation, "retry-1", 1_000 + REJOIN_MS),
            None,
            "too late"
        );
        assert_eq!(again(&invitation, "retry-2", 2_000), None, "another key");
        assert_eq!(again(&Secret::generate(), "retry-1", 2_000), None);
        let from_other = derived("g2", &invitation, &key);
        assert_eq!(seats.side_of(Some(&from_other)), None, "another game's id");
        let (drawn, _) = taking("g1", &invitation, None, 1_000);
        assert_ne!(
            drawn,
            taking("g1", &invitation, None, 1_000).0,
            "no key: drawn"
        );
        for bad in ["", "with space", "é", &"k".repeat(256)] {
            assert_eq!(JoinKey::parse(bad), None, "{bad:?}");
        }
        assert!(JoinKey::parse(&"k".repeat(255)).is_some());
        assert_eq!(format!("{key:?}"), "JoinKey(...)");
    }
}
