//! [`Style`]: how a player chooses its moves, read from its name, and [`Seat`], one player's
//! state for one game, that chooses them.

use halma::{Engine, Game, Move};

use crate::blocker::blocker;
use crate::repeaters::{camper, cycler, pendulum};
use crate::rng::Rng;
use crate::spec::{Spec, whole};
use crate::styles::{greedy, lazy, random, spoiler};

/// Players that a host adds to the names this crate reads (the match tool's programs, for
/// `exec:PATH`).
pub trait HostPlayer: Sized {
    /// The host's player named `name`, or `None` when `name` names none of the host's.
    fn parse(name: &str) -> Option<Result<Self, String>>;
}

/// No player of the host's own: the names this crate reads and no others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoHostPlayer {}

impl HostPlayer for NoHostPlayer {
    fn parse(_: &str) -> Option<Result<NoHostPlayer, String>> {
        None
    }
}

/// How a player chooses its moves (see the crate's documentation for the names), with the
/// players of a host of kind `H`.
#[derive(Clone, Debug)]
pub enum Style<H = NoHostPlayer> {
    /// `greedy`.
    Greedy,
    /// `lazy:K`.
    Lazy(usize),
    /// `spoiler`.
    Spoiler,
    /// `blocker`.
    Blocker,
    /// `random`.
    Random,
    /// `pendulum`.
    Pendulum,
    /// `cycler`.
    Cycler,
    /// `camper`.
    Camper,
    /// `NAME:N+PLAYER`: the first style (`random`, `pendulum`, `cycler` or `camper`) for the
    /// game's first `N` plies, then the second.
    Mixture(usize, Box<Style<H>>, Box<Style<H>>),
    /// The engine within limits (`time:100`, `level:5`, ...).
    Engine(Spec),
    /// A player of the host's own.
    Host(H),
}

impl<H: HostPlayer> Style<H> {
    /// The style named `spec`: the host's names first, then this crate's.
    ///
    /// ```
    /// use halma_opponents::Style;
    ///
    /// let parse = |name| -> Result<Style, String> { Style::parse(name) };
    /// assert!(matches!(parse("lazy:3"), Ok(Style::Lazy(3))));
    /// assert!(matches!(parse("level:5"), Ok(Style::Engine(_))));
    /// assert!(parse("nobody").is_err());
    /// ```
    pub fn parse(spec: &str) -> Result<Style<H>, String> {
        if let Some(host) = H::parse(spec) {
            return host.map(Style::Host);
        }
        if let Some((name, rest)) = spec.split_once(':')
            && let Some(first) = Style::opening(name)
        {
            let (plies, then) = rest.split_once('+').ok_or_else(|| {
                format!("{spec:?}: write {name}:N+PLAYER ({name} for N plies, then PLAYER)")
            })?;
            let plies = whole(plies, name)?;
            return Ok(Style::Mixture(
                plies,
                Box::new(first),
                Box::new(Style::parse(then)?),
            ));
        }
        if let Some(style) = Style::opening(spec) {
            return Ok(style);
        }
        Ok(match spec {
            "greedy" => Style::Greedy,
            "spoiler" => Style::Spoiler,
            "blocker" => Style::Blocker,
            _ => match spec.strip_prefix("lazy:") {
                Some(keep) => Style::Lazy(whole(keep, "lazy")?),
                None => Style::Engine(Spec::parse(spec)?),
            },
        })
    }

    /// The style it plays after a mixture's first plies: itself if it is no mixture.
    pub fn settled(&self) -> &Style<H> {
        match self {
            Style::Mixture(_, _, then) => then.settled(),
            style => style,
        }
    }

    /// [`settled`](Style::settled), to change.
    pub fn settled_mut(&mut self) -> &mut Style<H> {
        match self {
            Style::Mixture(_, _, then) => then.settled_mut(),
            style => style,
        }
    }

    /// The style named `name` that can open a mixture (`NAME:N+PLAYER`).
    fn opening(name: &str) -> Option<Style<H>> {
        Some(match name {
            "random" => Style::Random,
            "pendulum" => Style::Pendulum,
            "cycler" => Style::Cycler,
            "camper" => Style::Camper,
            _ => return None,
        })
    }
}

/// One player's state for one game: its random generator and, made when first needed, its
/// engine with its table.
pub struct Seat<'a, H = NoHostPlayer> {
    style: &'a Style<H>,
    rng: Rng,
    engine: Option<Engine>,
    table_mb: usize,
}

impl<'a, H> Seat<'a, H> {
    /// A player of `style` at a new game, its random choices drawn from `seed`, an engine
    /// (if it uses one) with a table of `table_mb` MiB.
    pub fn new(style: &'a Style<H>, seed: u64, table_mb: usize) -> Seat<'a, H> {
        Seat {
            style,
            rng: Rng::new(seed),
            engine: None,
            table_mb,
        }
    }

    /// The player's move in `game`, which must not be over: a legal move. A host's player
    /// moves by `host`; an engine that refuses to search, or a player without a move, fails
    /// with a message.
    pub fn choose_with<E: From<String>>(
        &mut self,
        game: &Game,
        host: impl FnOnce(&H, &Game) -> Result<Move, E>,
    ) -> Result<Move, E> {
        self.choose_as(self.style, game, host)
    }

    /// The move of `style` in `game`.
    fn choose_as<E: From<String>>(
        &mut self,
        style: &Style<H>,
        game: &Game,
        host: impl FnOnce(&H, &Game) -> Result<Move, E>,
    ) -> Result<Move, E> {
        let chosen = match style {
            Style::Greedy => greedy(game),
            Style::Lazy(keep) => lazy(game, *keep),
            Style::Spoiler => spoiler(game),
            Style::Blocker => blocker(game),
            Style::Random => random(game, &mut self.rng),
            Style::Pendulum => pendulum(game),
            Style::Cycler => cycler(game),
            Style::Camper => camper(game, &mut self.rng),
            Style::Mixture(plies, first, then) => {
                let style = if game.moves().len() < *plies {
                    first
                } else {
                    then
                };
                return self.choose_as(style, game, host);
            }
            Style::Engine(spec) => {
                let table_mb = self.table_mb;
                let engine = self.engine.get_or_insert_with(|| {
                    let mut engine = Engine::with_table_mb(table_mb);
                    spec.apply(&mut engine);
                    engine
                });
                let result = engine
                    .search(game, &spec.limits)
                    .map_err(|e| e.to_string())?;
                Some(result.best_move)
            }
            Style::Host(player) => return host(player, game),
        };
        chosen.ok_or_else(|| E::from("the player found no move".to_owned()))
    }
}

impl Seat<'_, NoHostPlayer> {
    /// The player's move in `game`, which must not be over: a legal move, or why there is
    /// none (an engine that refuses to search, a player without a move).
    pub fn choose(&mut self, game: &Game) -> Result<Move, String> {
        self.choose_with(game, |never, _| match *never {})
    }
}

#[cfg(test)]
mod tests {
    use halma::Game;

    use super::*;

    /// The move of a player of this crate's styles.
    fn choose(seat: &mut Seat<'_>, game: &Game) -> Move {
        seat.choose(game).unwrap_or_else(|error| panic!("{error}"))
    }

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
            "pendulum",
            "cycler",
            "camper",
            "pendulum:30+greedy",
            "cycler:12+camper:20+level:3",
            "level:5,contempt=0",
            "level:5",
            "depth:6+time:500",
            "time:100,threads=2",
            "random:10+time:100",
        ] {
            if let Err(error) = Style::<NoHostPlayer>::parse(name) {
                panic!("{name}: {error}");
            }
        }
        assert!(matches!(
            Style::<NoHostPlayer>::parse("lazy:5"),
            Ok(Style::Lazy(5))
        ));
        assert!(matches!(
            Style::<NoHostPlayer>::parse("random:7+spoiler"),
            Ok(Style::Mixture(7, first, then))
                if matches!(*first, Style::Random) && matches!(*then, Style::Spoiler)
        ));
        assert!(matches!(
            Style::<NoHostPlayer>::parse("camper:9+greedy"),
            Ok(Style::Mixture(9, first, _)) if matches!(*first, Style::Camper)
        ));
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
            "pendulum:",
            "pendulum:5",
            "cycler:x+greedy",
            "greedy:5+greedy",
            "time:fast",
            "time:100,lmr",
            "nobody",
            "exec:/bin/sh",
        ] {
            assert!(
                Style::<NoHostPlayer>::parse(name).is_err(),
                "{name:?} is accepted"
            );
        }
    }

    #[test]
    fn a_mixture_plays_random_for_its_first_plies_then_its_other_player() {
        let [mixture, random, greedy] =
            ["random:6+greedy", "random", "greedy"].map(|name| Style::parse(name).unwrap());
        let (mut seat, mut random_seat) = (Seat::new(&mixture, 9, 1), Seat::new(&random, 9, 1));
        let mut greedy_seat = Seat::new(&greedy, 0, 1);
        let mut game = Game::new();
        let mut unlike_greedy = 0;
        for ply in 0..14 {
            let mv = choose(&mut seat, &game);
            let greedy_move = choose(&mut greedy_seat, &game);
            if ply < 6 {
                assert_eq!(mv, choose(&mut random_seat, &game), "ply {ply}");
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

    #[test]
    fn an_engine_player_plays_the_engines_move() {
        let style = Style::parse("depth:2").unwrap();
        let game = Game::new();
        let expected = Engine::with_table_mb(1)
            .search(&game, &halma::Limits::depth(2))
            .unwrap()
            .best_move;
        assert_eq!(choose(&mut Seat::new(&style, 0, 1), &game), expected);
    }
}
