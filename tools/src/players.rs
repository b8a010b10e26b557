//! The players of a match: their names on the command line (parsed into a [`Player`]) and
//! a [`Seat`], one player's state for one game, that chooses its moves.
//!
//! - `greedy`: one ply, the move that most reduces the total distance to the goal corner;
//! - `lazy:K`: greedy, but its K rearmost home pieces stay while another piece gains;
//! - `spoiler`: greedy, but its home corner piece moves only when nothing else can;
//! - `blocker`: a plain depth-2 alpha-beta that likes its pieces in the opponent's goal, the
//!   more when they cannot move;
//! - `random`: a random legal move; `random:N+PLAYER`: random for the game's first N plies
//!   (the opening's included), then PLAYER (any of these);
//! - `ab2`: a plain depth-2 alpha-beta with the engine's evaluation (nothing pruned);
//! - `level:N`: difficulty level N (1..=10) without its minimum thinking time;
//!   `paced-level:N`: the same with it, as a host plays it;
//! - `time:MS`, `depth:N`, `nodes:N`: the engine at full strength with that limit (combine
//!   with `+`: `depth:6+time:500`); then engine settings after commas, for experiments:
//!   `time:100,beam_base=12,lmr=off`.
//!
//! Every player but the engine is deterministic given its seed.

use std::time::Duration;

use halma::search::Params;
use halma::{Engine, Game, Limits, Move};

use crate::blocker::blocker;
use crate::rng::Rng;
use crate::styles::{greedy, lazy, random, spoiler};

/// A player as named on the command line.
#[derive(Clone, Debug)]
pub struct Player {
    /// The name it was given, e.g. `random:20+greedy`.
    pub name: String,
    style: Style,
}

/// How a player chooses its moves.
#[derive(Clone, Debug)]
enum Style {
    Greedy,
    Lazy(usize),
    Spoiler,
    Blocker,
    Random,
    /// Random for the game's first plies, then the other style.
    Mixture(usize, Box<Style>),
    Engine(Limits),
}

impl Player {
    /// The player named `spec` (see the module's documentation for the names).
    pub fn parse(spec: &str) -> Result<Player, String> {
        Ok(Player {
            name: spec.to_string(),
            style: style(spec)?,
        })
    }
}

/// The style named `spec`.
fn style(spec: &str) -> Result<Style, String> {
    if let Some(rest) = spec.strip_prefix("random:") {
        let (plies, then) = rest
            .split_once('+')
            .ok_or_else(|| format!("{spec:?}: write random:N+PLAYER (random for N plies)"))?;
        let plies = whole(plies, "random")?;
        return Ok(Style::Mixture(plies, Box::new(style(then)?)));
    }
    Ok(match spec {
        "greedy" => Style::Greedy,
        "spoiler" => Style::Spoiler,
        "blocker" => Style::Blocker,
        "random" => Style::Random,
        _ => match spec.strip_prefix("lazy:") {
            Some(keep) => Style::Lazy(whole(keep, "lazy")?),
            None => Style::Engine(engine(spec)?),
        },
    })
}

/// `text` as the whole number that `key` takes.
fn whole<T: std::str::FromStr>(text: &str, key: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{key} takes a whole number, not {text:?}"))
}

/// The engine's limits named by `spec`: limits joined by `+`, then settings after commas.
fn engine(spec: &str) -> Result<Limits, String> {
    let mut parts = spec.split(',');
    let head = parts.next().unwrap_or_default();
    let mut limits: Option<Limits> = None;
    for item in head.split('+') {
        let (key, value) = item.split_once(':').unwrap_or((item, ""));
        let number = || whole::<u64>(value, key);
        let base = limits.take().unwrap_or_else(|| Limits::depth(0));
        limits = Some(match key {
            "ab2" => Limits::depth(2).with_params(Params::exhaustive()),
            "level" => Limits::level(number()?.min(255) as u8).without_pace(),
            "paced-level" => Limits::level(number()?.min(255) as u8),
            "time" => base.with_time(Duration::from_millis(number()?)),
            "depth" => base.with_depth(number()?.min(u64::from(u32::MAX)) as u32),
            "nodes" => base.with_nodes(number()?),
            _ => return Err(format!("unknown player {item:?}")),
        });
    }
    let limits = limits.ok_or_else(|| format!("empty player {spec:?}"))?;
    let mut params = limits.params().clone();
    for setting in parts {
        let (name, value) = setting
            .split_once('=')
            .ok_or_else(|| format!("a setting is name=value, not {setting:?}"))?;
        params.set(name, value)?;
    }
    Ok(limits.with_params(params))
}

/// One player's state for one game: its random generator and, made when first needed, its
/// engine with its table.
pub struct Seat<'a> {
    player: &'a Player,
    rng: Rng,
    engine: Option<Engine>,
    table_mb: usize,
}

impl<'a> Seat<'a> {
    /// `player` at a new game, its random choices drawn from `seed`, an engine (if it uses
    /// one) with a table of `table_mb` MiB.
    pub fn new(player: &'a Player, seed: u64, table_mb: usize) -> Seat<'a> {
        Seat {
            player,
            rng: Rng::new(seed),
            engine: None,
            table_mb,
        }
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.player.name
    }

    /// The player's move in `game`, which must not be over.
    pub fn choose(&mut self, game: &Game) -> Result<Move, String> {
        let player = self.player;
        self.choose_as(&player.style, game)
    }

    /// The move of `style` in `game`.
    fn choose_as(&mut self, style: &Style, game: &Game) -> Result<Move, String> {
        let chosen = match style {
            Style::Greedy => greedy(game),
            Style::Lazy(keep) => lazy(game, *keep),
            Style::Spoiler => spoiler(game),
            Style::Blocker => blocker(game),
            Style::Random => random(game, &mut self.rng),
            Style::Mixture(plies, _) if game.moves().len() < *plies => random(game, &mut self.rng),
            Style::Mixture(_, then) => return self.choose_as(then, game),
            Style::Engine(limits) => {
                let table_mb = self.table_mb;
                let engine = self
                    .engine
                    .get_or_insert_with(|| Engine::with_table_mb(table_mb));
                let result = engine.search(game, limits).map_err(|e| e.to_string())?;
                Some(result.best_move)
            }
        };
        chosen.ok_or_else(|| format!("{} found no move", self.player.name))
    }
}

#[cfg(test)]
mod tests {
    use halma::Game;

    use super::*;

    #[test]
    fn every_style_is_read_by_its_name() {
        for name in [
            "greedy",
            "lazy:3",
            "spoiler",
            "blocker",
            "random",
            "random:20+greedy",
            "random:4+random:8+lazy:5",
            "ab2",
            "level:5",
            "depth:6+time:500",
            "time:100,lmr=off",
            "random:10+time:100,lmr=off",
        ] {
            let player = Player::parse(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(player.name, name);
        }
        assert!(matches!(style("lazy:5"), Ok(Style::Lazy(5))));
        assert!(
            matches!(style("random:7+spoiler"), Ok(Style::Mixture(7, then)) if matches!(*then, Style::Spoiler))
        );
    }

    #[test]
    fn bad_names_are_refused() {
        for name in [
            "",
            "lazy",
            "lazy:",
            "lazy:-1",
            "random:",
            "random:5",
            "random:x+greedy",
            "random:5+",
            "random:5+nobody",
            "time:fast",
            "time:100,lmr",
            "nobody",
        ] {
            assert!(Player::parse(name).is_err(), "{name:?} is accepted");
        }
    }

    #[test]
    fn a_mixture_plays_random_for_its_first_plies_then_its_other_player() {
        let mixture = Player::parse("random:6+greedy").unwrap();
        let random = Player::parse("random").unwrap();
        let greedy_player = Player::parse("greedy").unwrap();
        let (mut seat, mut random_seat) = (Seat::new(&mixture, 9, 1), Seat::new(&random, 9, 1));
        let mut greedy_seat = Seat::new(&greedy_player, 0, 1);
        let mut game = Game::new();
        let mut unlike_greedy = 0;
        for ply in 0..14 {
            let mv = seat.choose(&game).unwrap();
            let greedy_move = greedy_seat.choose(&game).unwrap();
            if ply < 6 {
                assert_eq!(mv, random_seat.choose(&game).unwrap(), "ply {ply}");
                unlike_greedy += usize::from(mv != greedy_move);
            } else {
                assert_eq!(mv, greedy_move, "ply {ply}");
            }
            game.play(mv).unwrap();
        }
        assert!(
            unlike_greedy > 0,
            "the random plies all happened to be greedy's"
        );
    }
}
