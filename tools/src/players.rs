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
//!   `time:100,beam_base=12,lmr=off`, and its threads: `time:100,threads=2`;
//! - `exec:PATH[:LIMITS]`: the engine of the program at PATH (another build, or another
//!   engine), spoken to by the [protocol](crate::protocol) and searching within LIMITS
//!   (engine limits as above, `time:100` if none): `exec:/tmp/old/engine:time:100`. The
//!   program is started afresh for each game, when asked its first move (that move's time
//!   includes the start), and told to quit at the game's end. It loses the game (a
//!   [forfeit](Failure::Forfeit)) if it dies, answers garbage, an error or an illegal move,
//!   or is silent longer than the move timeout: 10 s plus 3 times its time limit, 60 s
//!   without one, unless set ([`Player::with_move_timeout`]). PATH holds no `:`. LIMITS are
//!   checked here but for their settings, which the program checks (another build may know
//!   other settings).
//!
//! Every player but the engine is deterministic given its seed.

use std::path::Path;
use std::time::Duration;

use halma::{Engine, Game, Move};

use crate::blocker::blocker;
use crate::exec::Program;
use crate::protocol::{Reply, Request, Spec, whole};
use crate::rng::Rng;
use crate::styles::{greedy, lazy, random, spoiler};

/// A player as named on the command line.
#[derive(Clone, Debug)]
pub struct Player {
    /// The name it was given, e.g. `random:20+greedy`.
    pub name: String,
    style: Style,
    /// How long an `exec:` player may take for a move, if set.
    move_timeout: Option<Duration>,
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
    Engine(Spec),
    /// A program's engine: its path, the limits it searches within and its default move
    /// timeout.
    Exec {
        path: String,
        limits: String,
        timeout: Duration,
    },
}

/// Why a seat has no move.
#[derive(Debug)]
pub enum Failure {
    /// The player's program failed, for this reason: it loses the game.
    Forfeit(String),
    /// The match cannot go on (a player without a move, an engine refusing to search).
    Fatal(String),
}

impl From<String> for Failure {
    fn from(error: String) -> Failure {
        Failure::Fatal(error)
    }
}

impl Player {
    /// The player named `spec` (see the module's documentation for the names).
    pub fn parse(spec: &str) -> Result<Player, String> {
        Ok(Player {
            name: spec.to_string(),
            style: style(spec)?,
            move_timeout: None,
        })
    }

    /// The player with `timeout` as the longest time an `exec:` player may take for a move.
    #[must_use]
    pub fn with_move_timeout(mut self, timeout: Duration) -> Player {
        self.move_timeout = Some(timeout);
        self
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
    if let Some(rest) = spec.strip_prefix("exec:") {
        return exec(rest);
    }
    Ok(match spec {
        "greedy" => Style::Greedy,
        "spoiler" => Style::Spoiler,
        "blocker" => Style::Blocker,
        "random" => Style::Random,
        _ => match spec.strip_prefix("lazy:") {
            Some(keep) => Style::Lazy(whole(keep, "lazy")?),
            None => Style::Engine(Spec::parse(spec)?),
        },
    })
}

/// The program player of `spec`, `PATH[:LIMITS]`: the limits but their settings checked.
fn exec(spec: &str) -> Result<Style, String> {
    let (path, spec) = spec.split_once(':').unwrap_or((spec, "time:100"));
    if path.is_empty() || (path.contains('/') && !Path::new(path).is_file()) {
        return Err(format!("exec: no program at {path:?}"));
    }
    let head = spec.split(',').next().unwrap_or_default();
    let time = Spec::parse(head)?
        .limits
        .max_time()
        .unwrap_or(Duration::ZERO);
    let timeout = if time.is_zero() {
        Duration::from_secs(60)
    } else {
        Duration::from_secs(10) + 3 * time
    };
    Ok(Style::Exec {
        path: path.to_string(),
        limits: spec.to_string(),
        timeout,
    })
}

/// One player's state for one game: its random generator and, made when first needed, its
/// engine with its table or its program.
pub struct Seat<'a> {
    player: &'a Player,
    rng: Rng,
    engine: Option<Engine>,
    program: Option<Program>,
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
            program: None,
            table_mb,
        }
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.player.name
    }

    /// The player's move in `game`, which must not be over: a legal move.
    pub fn choose(&mut self, game: &Game) -> Result<Move, Failure> {
        let player = self.player;
        self.choose_as(&player.style, game)
    }

    /// The move of `style` in `game`.
    fn choose_as(&mut self, style: &Style, game: &Game) -> Result<Move, Failure> {
        let chosen = match style {
            Style::Greedy => greedy(game),
            Style::Lazy(keep) => lazy(game, *keep),
            Style::Spoiler => spoiler(game),
            Style::Blocker => blocker(game),
            Style::Random => random(game, &mut self.rng),
            Style::Mixture(plies, _) if game.moves().len() < *plies => random(game, &mut self.rng),
            Style::Mixture(_, then) => return self.choose_as(then, game),
            Style::Engine(spec) => {
                let table_mb = self.table_mb;
                let engine = self.engine.get_or_insert_with(|| {
                    let mut engine = Engine::with_table_mb(table_mb);
                    engine.set_threads(spec.threads);
                    engine
                });
                let result = engine
                    .search(game, &spec.limits)
                    .map_err(|e| e.to_string())?;
                Some(result.best_move)
            }
            Style::Exec {
                path,
                limits,
                timeout,
            } => {
                let timeout = self.player.move_timeout.unwrap_or(*timeout);
                return self.ask(path, limits, game, timeout).map_err(|error| {
                    // The game is over for the program.
                    if let Some(mut program) = self.program.take() {
                        program.kill();
                    }
                    Failure::Forfeit(error)
                });
            }
        };
        chosen.ok_or_else(|| Failure::Fatal(format!("{} found no move", self.player.name)))
    }

    /// The move in `game` of the program at `path` searching within `limits`, each answer
    /// awaited at most `timeout`; started if it is not running.
    fn ask(
        &mut self,
        path: &str,
        limits: &str,
        game: &Game,
        timeout: Duration,
    ) -> Result<Move, String> {
        let program = match &mut self.program {
            Some(program) => program,
            empty => empty.insert(Program::start(path)?),
        };
        match program.ask(&Request::Position(game.clone()), timeout)? {
            Reply::Ok => {}
            other => return Err(format!("it answered {other} to the position")),
        }
        match program.ask(&Request::Go(limits.to_string()), timeout)? {
            Reply::BestMove(answer) => game
                .parse_move(&answer.best_move)
                .map_err(|e| format!("it played {:?}: {e}", answer.best_move)),
            other => Err(format!("it answered {other} to go")),
        }
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
            "exec:/bin/sh",
            "exec:/bin/sh:depth:2+time:50,lmr=off",
            "exec:/bin/sh:time:100,only_the_program_knows=1",
            "random:4+exec:sh:level:3",
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
            "exec:",
            "exec::time:100",
            "exec:/no/such/program:time:100",
            "exec:/bin/sh:fast",
            "exec:/bin/sh:time:x",
        ] {
            assert!(Player::parse(name).is_err(), "{name:?} is accepted");
        }
    }

    #[test]
    fn a_program_searches_a_tenth_of_a_second_by_default_and_waits_long_for_it() {
        let exec = |spec| match style(spec) {
            Ok(Style::Exec {
                path,
                limits,
                timeout,
            }) => (path, limits, timeout),
            other => panic!("{spec}: {other:?}"),
        };
        let (path, limits, timeout) = exec("exec:/bin/sh");
        assert_eq!((path.as_str(), limits.as_str()), ("/bin/sh", "time:100"));
        assert_eq!(timeout, Duration::from_millis(10_300));
        let (_, limits, timeout) = exec("exec:/bin/sh:depth:9,lmr=off");
        assert_eq!(
            (limits.as_str(), timeout),
            ("depth:9,lmr=off", Duration::from_secs(60))
        );
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
