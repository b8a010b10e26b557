//! Games between two people, by link (`docs/live.md`): a game made with
//! `{"opponent": "friend"}` has two seats (`games/seats.rs`), one its creator's, the other
//! behind an invitation; each change names its player by the seat's [`Secret`]. Whoever
//! holds neither secret may read and follow the game, not change it. Beyond its rules, a
//! game between two people has a life of its own (`games/life.rs`): resignations, offers
//! of a draw and of a rematch, clocks, and the win claimed over a player who left. What its
//! players do is [`Friends`]'s, each rule a plain function of the game ([`resign`],
//! [`draw`], [`claim`]).
//!
//! A game between two people is stored as such (`Opponent::Friend`, with no level): the
//! computer's actions refuse it from the game they read anyway, and a move asks [`Friends`]
//! for the player. A game against the computer is served as it always was, with no read
//! more.

use std::sync::Arc;

use halma::{Ending, Game, Side};

use crate::clients::{Client, RateLimit};
use crate::games::error::GameError;
use crate::games::life::{self, Action, Answer, Clock, Life};
use crate::games::moves::{self, Moved};
use crate::games::new::allowed;
use crate::games::rules::ongoing;
use crate::games::seats::{self, JoinKey, NewSeats, Seats, Secret};
use crate::games::stored::{Games, Loaded, inserting};
use crate::games::{Opponent, Session, now_ms};
use crate::live::Live;

/// Games between two people: what their players do, each checked against the game's rules
/// and seats, stored, and announced to the game's live streams.
#[derive(Clone)]
pub struct Friends {
    games: Games,
    live: Arc<Live>,
    /// New games per client: a rematch agreed is a new game of the client agreeing.
    creations: Arc<RateLimit>,
    /// Games stored at most (a rematch is a new game).
    max_games: u64,
    /// Moves (plies) one game may have.
    max_plies: usize,
}

impl Friends {
    /// The games between two people of `games`, announced through `live`, at most
    /// `max_games` stored and `max_plies` moves each; a rematch agreed takes a new game
    /// from the agreeing client's share of `creations`.
    pub fn new(
        games: Games,
        live: Arc<Live>,
        creations: Arc<RateLimit>,
        max_games: u64,
        max_plies: usize,
    ) -> Friends {
        Friends {
            games,
            live,
            creations,
            max_games,
            max_plies,
        }
    }

    /// The seats of the game `id`, `None` for a game against the computer.
    async fn seats(&self, id: &str) -> Result<Option<Seats>, GameError> {
        Ok(seats::load(self.games.store(), id).await?)
    }

    /// The seats of the game between two people `id`, and the side whose secret is
    /// `secret`: `ComputerGame` for a game against the computer, `NotAPlayer` for anyone
    /// but its players.
    async fn player(&self, id: &str, secret: Option<&Secret>) -> Result<(Seats, Side), GameError> {
        let seats = self.seats(id).await?.ok_or(GameError::ComputerGame)?;
        let side = seats.side_of(secret).ok_or(GameError::NotAPlayer)?;
        Ok((seats, side))
    }

    /// A new game between two people from `game`, its creator playing `creator`, with
    /// `clock` if any, and its seats, stored together: the game as stored, and the secrets
    /// of its seats, answered once.
    pub async fn create(
        &self,
        game: Game,
        creator: Side,
        clock: Option<Clock>,
    ) -> Result<(Loaded, NewSeats), GameError> {
        let session = Session {
            game: Arc::new(game),
            human: creator,
            opponent: Opponent::Friend(Life::new(clock)),
            thinking: None,
        };
        let seats = NewSeats::generate();
        let now = now_ms();
        // Never a game without its seats, which would be a game against the computer.
        let game = self
            .games
            .create_with(&session, self.max_games, |id| {
                vec![seats.stored(id, creator, now)]
            })
            .await?;
        Ok((game, seats))
    }

    /// Refuses to delete a game between two people but to one of its players, whose secret
    /// is `secret`; a game against the computer goes for anyone with its link, as always.
    pub async fn may_delete(&self, id: &str, secret: Option<&Secret>) -> Result<(), GameError> {
        match self.seats(id).await? {
            Some(seats) => seats
                .side_of(secret)
                .map(|_| ())
                .ok_or(GameError::NotAPlayer),
            None => Ok(()),
        }
    }

    /// The invitation's seat of the game `id` to whoever presents `invitation` first: its
    /// side and its new secret; `SeatTaken` for everyone after, but for the same join sent
    /// again with the same `key` within `seats::REJOIN_MS`, answered the same seat and
    /// secret. Both seats taken, the clock of the side to move starts, if the game has one:
    /// the seat and the clock in one write.
    pub async fn join(
        &self,
        id: &str,
        invitation: Option<&Secret>,
        key: Option<&JoinKey>,
    ) -> Result<(Side, Secret), GameError> {
        match self.take_seat(id, invitation, key).await {
            Err(GameError::SeatTaken) => {
                let (Some(invitation), Some(key)) = (invitation, key) else {
                    return Err(GameError::SeatTaken);
                };
                let seats = self.seats(id).await?.ok_or(GameError::SeatTaken)?;
                let secret = seats.joined_again(id, invitation, key, now_ms());
                let side = seats.creator().other();
                secret
                    .map(|secret| (side, secret))
                    .ok_or(GameError::SeatTaken)
            }
            taken => taken,
        }
    }

    /// Takes the invitation's seat of the game `id` with `invitation` (and `key`), if it is
    /// open: its side and secret.
    async fn take_seat(
        &self,
        id: &str,
        invitation: Option<&Secret>,
        key: Option<&JoinKey>,
    ) -> Result<(Side, Secret), GameError> {
        let Some(seats) = self.seats(id).await? else {
            self.games.load(id).await?;
            return Err(GameError::SeatTaken);
        };
        let invitation = invitation
            .filter(|invitation| seats.invites(invitation))
            .ok_or(GameError::SeatTaken)?;
        let now = now_ms();
        let (secret, take) = seats::taking(id, invitation, key, now);
        let read = self.games.load(id).await?;
        if read.session.life().is_some_and(|life| life.clock.is_some()) {
            self.games
                .modify_with(id, Some(read), |session| {
                    life_of(session)?.start_clock(now);
                    Ok::<_, GameError>(((), vec![take.clone()]))
                })
                .await?;
        } else {
            self.games.commit(&[take]).await?;
        }
        self.live.changed(id);
        Ok((seats.creator().other(), secret))
    }

    /// Who plays the game `id`, as the holder of `secret` sees it (`seats::players_json`).
    pub async fn players(
        &self,
        id: &str,
        secret: Option<&Secret>,
    ) -> Result<serde_json::Value, GameError> {
        let game = self.live.read(id).await?;
        let seats = self.seats(id).await?;
        let you = seats.as_ref().and_then(|seats| seats.side_of(secret));
        let now = now_ms();
        let view = seats.map(|seats| seats.view(now));
        let over = game.session.over();
        Ok(seats::players_json(
            view.as_ref(),
            you,
            over,
            now,
            self.live.abandon_after(),
        ))
    }

    /// Plays the move `text` (made when the game had `ply` moves, if given) in the game
    /// between two people `read`, `id`, for the player whose secret is `secret`.
    pub async fn play(
        &self,
        read: Loaded,
        id: &str,
        secret: Option<&Secret>,
        text: &str,
        ply: Option<u64>,
    ) -> Result<Moved, GameError> {
        let side = self
            .seats(id)
            .await?
            .and_then(|seats| seats.side_of(secret))
            .ok_or(GameError::NotAPlayer)?;
        let moved = moves::play(&self.games, read, id, text, ply, self.max_plies, |_| side)
            .await
            .map_err(|error| match error {
                GameError::NotComputerTurn(turn) | GameError::NotYourTurn(turn) => {
                    GameError::OpponentsTurn(turn)
                }
                error => error,
            })?;
        self.live.changed(id);
        Ok(moved)
    }

    /// Changes the game between two people `id` as the player whose secret is `secret`,
    /// with `change` (given the game, the player's side and the seats); announces the change
    /// and answers the game as stored.
    async fn as_player(
        &self,
        id: &str,
        secret: Option<&Secret>,
        mut change: impl FnMut(&mut Session, Side, &Seats, Lapsed) -> Result<(), GameError>,
    ) -> Result<Loaded, GameError> {
        let read = self.live.read(id).await?;
        let (seats, side) = self.player(id, secret).await?;
        let (read, lapsed) = self.lapse_offers(id, read, &seats, now_ms()).await?;
        let ((), game) = self
            .games
            .modify(id, Some(read), |session| {
                change(session, side, &seats, lapsed)
            })
            .await?;
        self.live.changed(id);
        Ok(game)
    }

    /// The game `read` (`id`) with its offers whose maker has been away the abandonment
    /// period at `now` (the seats standing as `seats`) taken back, stored and announced if
    /// any was: the game as it then is, and which offers lapsed.
    async fn lapse_offers(
        &self,
        id: &str,
        read: Loaded,
        seats: &Seats,
        now: i64,
    ) -> Result<(Loaded, Lapsed), GameError> {
        let view = seats.view(now);
        let abandon_after = self.live.abandon_after();
        let lapses = |maker: Option<Side>| {
            maker.is_some_and(|side| {
                (view.side(side).away_since).is_some_and(|since| now - since >= abandon_after)
            })
        };
        let lapsed = read
            .session
            .life()
            .map_or_else(Lapsed::default, |life| Lapsed {
                draw: lapses(life.offers.draw),
                rematch: lapses(life.offers.rematch),
            });
        if lapsed == Lapsed::default() {
            return Ok((read, lapsed));
        }
        let ((), game) = self
            .games
            .modify(id, Some(read), |session| {
                let offers = &mut life_of(session)?.offers;
                for offer in [&mut offers.draw, &mut offers.rematch] {
                    if lapses(*offer) {
                        *offer = None;
                    }
                }
                Ok::<_, GameError>(())
            })
            .await?;
        self.live.changed(id);
        Ok((game, lapsed))
    }

    /// The player whose secret is `secret` resigns the game `id`; the other wins.
    pub async fn resign(&self, id: &str, secret: Option<&Secret>) -> Result<Loaded, GameError> {
        self.as_player(id, secret, |session, side, _, _| {
            resign(session, side, now_ms())
        })
        .await
    }

    /// The player whose secret is `secret` offers a draw in the game `id`, or answers the
    /// opponent's offer (`action`); both wanting it, the game is drawn.
    pub async fn draw(
        &self,
        id: &str,
        secret: Option<&Secret>,
        action: Action,
    ) -> Result<Loaded, GameError> {
        self.as_player(id, secret, |session, side, _, lapsed| {
            draw(session, side, action, now_ms()).map_err(|error| lapsed_answer(error, lapsed.draw))
        })
        .await
    }

    /// The player whose secret is `secret` claims the win in the game `id` because the
    /// opponent left: once the opponent, whose seat is taken, has been away (no live stream
    /// of theirs) for the server's `--abandon-after-secs`; `TooEarly` before, with the
    /// seconds to wait.
    pub async fn claim(&self, id: &str, secret: Option<&Secret>) -> Result<Loaded, GameError> {
        let abandon_after = self.live.abandon_after();
        self.as_player(id, secret, |session, side, seats, _| {
            let now = now_ms();
            claim(session, side, &seats.view(now), now, abandon_after)
        })
        .await
    }

    /// The player whose secret is `secret`, of `client`, offers a rematch of the game `id`,
    /// which is over, or answers the opponent's offer (`action`); both wanting it, a new
    /// game between the same two people, the sides swapped, each seat held by its
    /// player's secret of this game (no invitation), stored with this game's change that
    /// names it (`rematch`), in one transaction. The new game comes out of `client`'s share
    /// of new games (`TooManyGames` when it is used up: the offer stands). Asked again,
    /// the same rematch.
    pub async fn rematch(
        &self,
        id: &str,
        secret: Option<&Secret>,
        action: Action,
        client: Client,
    ) -> Result<Loaded, GameError> {
        let read = self.live.read(id).await?;
        let (seats, side) = self.player(id, secret).await?;
        if !read.session.over() {
            return Err(GameError::NotOver);
        }
        let (read, lapsed) = self.lapse_offers(id, read, &seats, now_ms()).await?;
        let answer = |standing: &mut Option<Side>| {
            life::answer(standing, side, action)
                .map_err(|error| lapsed_answer(error, lapsed.rematch))
        };
        let life = read.session.life().ok_or(GameError::ComputerGame)?;
        if life.rematch.is_some() {
            return Ok(read);
        }
        if answer(&mut life.offers.rematch.clone())? == Answer::Agreed {
            allowed(&self.creations, client)?;
        }
        let now = now_ms();
        let changed = self
            .games
            .modify_with(id, Some(read), |session| {
                let next = rematch_of(session, now);
                let life = life_of(session)?;
                if life.rematch.is_some() {
                    return Err(GameError::RematchMade);
                }
                if answer(&mut life.offers.rematch)? == Answer::Stands {
                    return Ok(((), Vec::new()));
                }
                let (new, insert) = inserting(&next, self.max_games);
                life.rematch = Some(new.id.clone());
                Ok(((), vec![insert, seats.swapped(&new.id, now)]))
            })
            .await;
        match changed {
            Ok(((), game)) => {
                self.live.changed(id);
                Ok(game)
            }
            Err(error) => {
                // Made by the other player's request meanwhile: the same rematch.
                let now = self.games.load(id).await?;
                match now.session.life().and_then(|life| life.rematch.as_ref()) {
                    Some(_) => Ok(now),
                    None => Err(error),
                }
            }
        }
    }
}

/// Which offers of a game lapsed as a player acted on it: their makers had been away the
/// abandonment period.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Lapsed {
    draw: bool,
    rematch: bool,
}

/// `error` of an answer to an offer, which is `OfferLapsed` for no offer standing where
/// one has just lapsed (`lapsed`).
fn lapsed_answer(error: GameError, lapsed: bool) -> GameError {
    match error {
        GameError::NoOffer if lapsed => GameError::OfferLapsed,
        error => error,
    }
}

/// The rematch of the game `old`, made at `now`: the same start and rules, the sides
/// swapped, its clock afresh and running (both seats are taken).
fn rematch_of(old: &Session, now: i64) -> Session {
    Session {
        game: Arc::new(Game::from_position(*old.game.start_position())),
        human: old.human.other(),
        opponent: Opponent::Friend(
            old.life()
                .map_or_else(Life::default, |life| life.rematch(now)),
        ),
        thinking: None,
    }
}

/// The game's life, to change it: a game between two people has one, a game against the
/// computer none (`ComputerGame`).
fn life_of(session: &mut Session) -> Result<&mut Life, GameError> {
    session.life_mut().ok_or(GameError::ComputerGame)
}

/// Ends the game as `ending` at `now`.
fn end(session: &mut Session, ending: Ending, now: i64) -> Result<(), GameError> {
    let turn = session.game.position().turn();
    life_of(session)?.end(ending, turn, now);
    Ok(())
}

/// `side` resigns the game `session` at `now`: the other side wins.
pub fn resign(session: &mut Session, side: Side, now: i64) -> Result<(), GameError> {
    ongoing(session)?;
    end(session, Ending::Resignation(side), now)
}

/// `side` acts on a draw (`action`) in the game `session` at `now`: an offer stands until
/// the other side answers it, and both wanting it, the game is drawn.
pub fn draw(session: &mut Session, side: Side, action: Action, now: i64) -> Result<(), GameError> {
    ongoing(session)?;
    if life::answer(&mut life_of(session)?.offers.draw, side, action)? == Answer::Agreed {
        end(session, Ending::Agreement, now)?;
    }
    Ok(())
}

/// `side` claims the win of the game `session` at `now`, its seats standing as `seats`,
/// because its opponent has been away `abandon_after` ms: the opponent loses by
/// abandonment; `TooEarly` before, with the seconds left to wait (all of `abandon_after`
/// while the opponent is here or has not joined).
pub fn claim(
    session: &mut Session,
    side: Side,
    seats: &seats::View,
    now: i64,
    abandon_after: i64,
) -> Result<(), GameError> {
    ongoing(session)?;
    let seconds = |ms: i64| u64::try_from((ms + 999) / 1000).unwrap_or(1).max(1);
    match seats.claim_in(side, now, abandon_after) {
        Some(0) => end(session, Ending::Abandonment(side.other()), now),
        Some(wait) => Err(GameError::TooEarly(seconds(wait))),
        None => Err(GameError::TooEarly(seconds(abandon_after))),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::games::new_id;
    use crate::games::state::state;
    use crate::store::Store;

    /// A game between two people at its start, x its creator's side, with `clock`.
    fn friend_game(clock: Option<Clock>) -> Session {
        Session {
            game: Arc::new(Game::new()),
            human: Side::X,
            opponent: Opponent::Friend(Life::new(clock)),
            thinking: None,
        }
    }

    #[test]
    fn a_resignation_ends_the_game_once_for_the_other_side() {
        let mut session = friend_game(None);
        resign(&mut session, Side::O, 1_000).unwrap();
        let ending = session.ending().expect("ended");
        assert_eq!(
            (ending.reason_code(), ending.winner()),
            ("resignation", Some(Side::X))
        );
        assert!(session.over());
        assert!(matches!(
            resign(&mut session, Side::X, 2_000),
            Err(GameError::GameOver(why)) if why == "x won: o resigned"
        ));
        // A game against the computer has no life to end.
        let mut computer = Session {
            opponent: Opponent::Computer { level: 3 },
            ..friend_game(None)
        };
        assert_eq!(
            resign(&mut computer, Side::X, 0),
            Err(GameError::ComputerGame)
        );
    }

    #[test]
    fn a_draw_stands_until_answered_lapses_with_a_move_and_ends_the_game_when_agreed() {
        let mut session = friend_game(None);
        let offered = |session: &Session| session.life().unwrap().offers.draw;
        assert_eq!(
            draw(&mut session, Side::X, Action::Accept, 0),
            Err(GameError::NoOffer)
        );
        draw(&mut session, Side::X, Action::Offer, 0).unwrap();
        assert_eq!(offered(&session), Some(Side::X));
        assert_eq!(
            draw(&mut session, Side::X, Action::Offer, 0),
            Err(GameError::OfferPending)
        );
        draw(&mut session, Side::O, Action::Decline, 0).unwrap();
        assert_eq!(offered(&session), None);
        // An offer lapses when a move is played (its maker's, or the opponent's instead of
        // an answer).
        draw(&mut session, Side::X, Action::Offer, 0).unwrap();
        session.game_mut().play_text("l2-k3").unwrap();
        session.life_mut().unwrap().moved(Side::X, 10, false);
        assert_eq!(offered(&session), None);
        draw(&mut session, Side::O, Action::Offer, 20).unwrap();
        draw(&mut session, Side::X, Action::Accept, 30).unwrap();
        let ending = session.ending().expect("drawn");
        assert_eq!((ending.reason_code(), ending.winner()), ("agreement", None));
        assert!(matches!(
            draw(&mut session, Side::X, Action::Offer, 40),
            Err(GameError::GameOver(_))
        ));
    }

    #[test]
    fn a_flag_ends_the_game_and_nothing_is_played_after_it() {
        let mut session = friend_game(Some(Clock::new(10, 0).unwrap()));
        let life = session.life_mut().unwrap();
        assert!(life.start_clock(1_000));
        assert_eq!(session.flag_at(), Some(11_000));
        assert_eq!(session.flag_fallen(10_999), None);
        // Fallen but not stored yet: the game is over for every action already.
        assert!(matches!(
            draw(&mut session, Side::O, Action::Offer, 11_000),
            Err(GameError::GameOver(why)) if why == "o won: x ran out of time"
        ));
        assert!(session.settle(11_000));
        assert!(!session.settle(12_000), "decided once");
        assert!(!session.clock_runs());
    }

    /// The games between two people of a database of their own (in the folder given), a
    /// player away for `abandon_after` losing to a claim, each client making `per_minute`
    /// new games a minute; and the store.
    async fn friends(
        abandon_after: Duration,
        per_minute: u32,
    ) -> (Friends, Store, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("halma-friends-{}", new_id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("games.sqlite3").display());
        let (friends, store) = friends_on(&url, abandon_after, per_minute).await;
        (friends, store, dir)
    }

    /// [`friends`] on the database `url`.
    async fn friends_on(url: &str, abandon_after: Duration, per_minute: u32) -> (Friends, Store) {
        let store = Store::connect(url, 2).await.unwrap();
        let games = Games::new(store.clone());
        let live = Live::new(games.clone(), false, 10, 10, abandon_after);
        let creations = Arc::new(RateLimit::new(per_minute));
        (Friends::new(games, live, creations, 1000, 100), store)
    }

    /// A client, by its number.
    fn client(number: u8) -> Client {
        Client::of(std::net::Ipv4Addr::new(127, 0, 0, number).into())
    }

    /// A new game between two people, x its creator's, with `clock`, joined: its id and
    /// the secrets of x and o.
    async fn joined(friends: &Friends, clock: Option<Clock>) -> (String, Secret, Secret) {
        let (game, seats) = friends.create(Game::new(), Side::X, clock).await.unwrap();
        let (_, o) = friends
            .join(&game.id, Some(&seats.invitation), None)
            .await
            .unwrap();
        (game.id, seats.secret, o)
    }

    #[tokio::test]
    async fn a_win_is_claimed_only_over_a_player_away_long_enough() {
        let abandon_after = Duration::from_secs(60);
        let (friends, store, dir) = friends(abandon_after, 10).await;
        let (game, seats) = friends.create(Game::new(), Side::X, None).await.unwrap();
        let (id, x) = (game.id.clone(), Some(&seats.secret));
        // Before the second player joins, no claim can come by waiting.
        assert_eq!(
            friends.claim(&id, x).await.unwrap_err(),
            GameError::TooEarly(60)
        );
        let (side, o) = friends
            .join(&id, Some(&seats.invitation), None)
            .await
            .unwrap();
        assert_eq!(side, Side::O);
        assert_eq!(
            friends
                .join(&id, Some(&seats.invitation), None)
                .await
                .unwrap_err(),
            GameError::SeatTaken,
            "an invitation seats one player"
        );
        // o here: no claim; o gone 45 s ago: 15 s to wait; gone a minute ago: x wins.
        let now = now_ms();
        seats::set_here(&store, &id, Side::O, now + 10_000)
            .await
            .unwrap();
        assert_eq!(
            friends.claim(&id, x).await.unwrap_err(),
            GameError::TooEarly(60)
        );
        let players = friends.players(&id, x).await.unwrap();
        assert_eq!(
            (players["o"]["here"].as_bool(), players["you"].as_str()),
            (Some(true), Some("x"))
        );
        seats::set_here(&store, &id, Side::O, now - 45_000)
            .await
            .unwrap();
        assert_eq!(
            friends.claim(&id, x).await.unwrap_err(),
            GameError::TooEarly(15)
        );
        assert_eq!(friends.players(&id, x).await.unwrap()["claim_in"], 15);
        assert_eq!(
            friends.claim(&id, None).await.unwrap_err(),
            GameError::NotAPlayer,
            "a watcher claims nothing"
        );
        seats::set_here(&store, &id, Side::O, now - 60_000)
            .await
            .unwrap();
        let over = friends.claim(&id, x).await.unwrap();
        let ending = over.session.ending().expect("won");
        assert_eq!(
            (ending.reason_code(), ending.winner()),
            ("abandonment", Some(Side::X))
        );
        assert_eq!(
            friends.claim(&id, Some(&o)).await.unwrap_err(),
            GameError::GameOver("x won: o left the game".to_owned())
        );
        store.close().await;
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[tokio::test]
    async fn a_rematch_agreed_swaps_the_sides_and_keeps_the_seats_and_the_clock() {
        let (friends, store, dir) = friends(Duration::from_secs(60), 10).await;
        let (id, x, o) = joined(&friends, Clock::new(300, 3).ok()).await;
        let offer = |secret| friends.rematch(&id, Some(secret), Action::Offer, client(1));
        assert_eq!(offer(&x).await.unwrap_err(), GameError::NotOver);
        friends.resign(&id, Some(&x)).await.unwrap();
        let standing = offer(&x).await.unwrap();
        let life = standing.session.life().unwrap();
        assert_eq!(
            (life.offers.rematch, life.rematch.as_ref()),
            (Some(Side::X), None)
        );
        assert_eq!(offer(&x).await.unwrap_err(), GameError::OfferPending);
        let agreed = friends
            .rematch(&id, Some(&o), Action::Accept, client(1))
            .await
            .unwrap();
        let rematch = agreed
            .session
            .life()
            .unwrap()
            .rematch
            .clone()
            .expect("a rematch");
        // Asked again, the same rematch.
        let again = offer(&o).await.unwrap();
        assert_eq!(
            again.session.life().unwrap().rematch.as_ref(),
            Some(&rematch)
        );
        // In the rematch the creator's secret plays o, the joiner's x; nobody else plays.
        let new = friends.live.read(&rematch).await.unwrap();
        assert_eq!(new.session.human, Side::O);
        let view = serde_json::to_value(state(&new)).unwrap();
        assert_eq!(
            (view["opponent"].as_str(), view["turn"].as_str()),
            (Some("friend"), Some("x"))
        );
        let clock = new.session.life().unwrap().clock.expect("the same clock");
        assert_eq!(
            (clock.initial, clock.increment, clock.x_ms),
            (300, 3, 300_000)
        );
        assert!(clock.since.is_some(), "running: both seats are taken");
        let play = |secret| friends.play(new.clone(), &rematch, Some(secret), "l2-k3", Some(0));
        assert_eq!(
            play(&x).await.unwrap_err(),
            GameError::OpponentsTurn(Side::X)
        );
        assert_eq!(
            friends
                .play(new.clone(), &rematch, None, "l2-k3", Some(0))
                .await
                .unwrap_err(),
            GameError::NotAPlayer
        );
        let moved = play(&o).await.unwrap();
        assert_eq!(moved.game.session.game.moves().len(), 1);
        store.close().await;
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A rematch agreed is a new game of the client who agrees: past that client's share
    /// of new games it is refused, and the offer stands; another client's share is its own.
    #[tokio::test]
    async fn a_rematch_is_a_new_game_of_the_client_who_agrees() {
        let (friends, store, dir) = friends(Duration::from_secs(60), 2).await;
        let (mut id, mut x, mut o) = joined(&friends, None).await;
        for _ in 0..2 {
            friends.resign(&id, Some(&o)).await.unwrap();
            let rematch = |secret, action| friends.rematch(&id, Some(secret), action, client(1));
            rematch(&x, Action::Offer).await.unwrap();
            let agreed = rematch(&o, Action::Accept).await.unwrap();
            let life = agreed.session.life().unwrap();
            id = life.rematch.clone().expect("a rematch");
            // The sides swap: x's secret plays o in the rematch.
            (x, o) = (o, x);
        }
        friends.resign(&id, Some(&o)).await.unwrap();
        let rematch = |action, who| friends.rematch(&id, Some(&x), action, who);
        friends
            .rematch(&id, Some(&o), Action::Offer, client(1))
            .await
            .unwrap();
        assert!(matches!(
            rematch(Action::Accept, client(1)).await,
            Err(GameError::TooManyGames(_))
        ));
        let life = friends.live.read(&id).await.unwrap().session;
        let life = life.life().unwrap();
        assert_eq!(
            (life.offers.rematch, life.rematch.as_ref()),
            (Some(Side::O), None),
            "the offer stands"
        );
        let agreed = rematch(Action::Accept, client(2)).await.unwrap();
        assert!(agreed.session.life().unwrap().rematch.is_some());
        store.close().await;
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// The games stored in `store`: each one's id, and the game its life names as its
    /// rematch, if any; and the ids that have seats.
    async fn stored(store: &Store) -> (Vec<(String, Option<String>)>, Vec<String>) {
        let rows: Vec<(String, Option<String>)> =
            sqlx::query_as("SELECT id, life FROM halma_games")
                .fetch_all(store.pool())
                .await
                .unwrap();
        let games = rows
            .into_iter()
            .map(|(id, life)| {
                let life = life.map(|life| serde_json::from_str::<Life>(&life).unwrap());
                (id, life.and_then(|life| life.rematch))
            })
            .collect();
        let seats = sqlx::query_scalar("SELECT id FROM halma_seats")
            .fetch_all(store.pool())
            .await
            .unwrap();
        (games, seats)
    }

    /// An accept cut off at whatever moment (its request's future dropped, as when its
    /// client goes) leaves every rematch named by its game and every game named or made
    /// by a request; a join cut off takes the seat and starts the clock together or
    /// neither.
    #[tokio::test]
    async fn a_rematch_or_a_join_cut_off_at_any_moment_is_written_whole_or_not_at_all() {
        let (friends, store, dir) = friends(Duration::from_secs(60), 1000).await;
        cut_off(&friends, &store).await;
        store.close().await;
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// The same on PostgreSQL.
    #[tokio::test]
    async fn a_rematch_or_a_join_cut_off_on_postgres_is_written_whole_or_not_at_all() {
        let Some(url) = crate::postgres_for_tests() else {
            return;
        };
        // A schema of its own: the test reads every game stored.
        let url = tokio::task::spawn_blocking(move || crate::postgres_schema(&url))
            .await
            .unwrap();
        let (friends, store) = friends_on(&url, Duration::from_secs(60), 1000).await;
        cut_off(&friends, &store).await;
        store.close().await;
    }

    /// 40 accepts and 40 joins of `friends`, on `store`, each cut off after a little longer
    /// than the one before; then every game stored is checked.
    async fn cut_off(friends: &Friends, store: &Store) {
        let (mut made, mut joins) = (Vec::new(), Vec::new());
        for cut in 0..40u64 {
            let cut = Duration::from_micros(cut * 150);
            let (id, x, o) = joined(friends, None).await;
            friends.resign(&id, Some(&o)).await.unwrap();
            let offer = friends.rematch(&id, Some(&x), Action::Offer, client(1));
            offer.await.unwrap();
            let accept = friends.rematch(&id, Some(&o), Action::Accept, client(1));
            let _ = tokio::time::timeout(cut, accept).await;
            made.push(id);

            let clock = Clock::new(60, 0).ok();
            let (game, seats) = friends.create(Game::new(), Side::X, clock).await.unwrap();
            let join = friends.join(&game.id, Some(&seats.invitation), None);
            let _ = tokio::time::timeout(cut, join).await;
            joins.push(game.id.clone());
            made.push(game.id);
        }
        // Let the cut requests' connections roll back what they began (or commit: a cut
        // after its COMMIT was sent is written whole).
        tokio::time::sleep(Duration::from_millis(200)).await;
        for id in &joins {
            let players = friends.players(id, None).await.unwrap();
            let running = friends.live.read(id).await.unwrap().session.clock_runs();
            assert_eq!(
                players["o"]["taken"].as_bool(),
                Some(running),
                "the seat taken and the clock started are one write: {players}"
            );
        }
        let (games, seats) = stored(store).await;
        let ids: Vec<&String> = games.iter().map(|(id, _)| id).collect();
        let named: Vec<&String> = games
            .iter()
            .filter_map(|(_, rematch)| rematch.as_ref())
            .collect();
        for rematch in &named {
            assert!(ids.contains(rematch), "the rematch {rematch} is stored");
        }
        for id in &ids {
            assert!(
                made.contains(id) || named.contains(id),
                "the game {id} was made by a request or is named by one"
            );
            assert!(seats.contains(id), "the game {id} has its seats");
        }
        println!(
            "{} of 40 accepts cut off before their rematch was made",
            40 - named.len()
        );
    }
}
