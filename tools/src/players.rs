//! The players of a match: their names on the command line (parsed into a [`Player`]) and
//! a [`Seat`], one player's state for one game, that chooses its moves.
//!
//! The names are the scripted opponents' and the engine's of `halma_opponents` (`greedy`,
//! `lazy:K`, `spoiler`, `blocker`, `random`, `pendulum`, `cycler`, `camper`,
//! `NAME:N+PLAYER`, `ab2`, `level:N`, `paced-level:N`, `time:MS`, `depth:N`, `nodes:N`,
//! combined with `+` and followed by settings: `time:100,beam_base=12,lmr=off`,
//! `time:100,threads=2`, `time:100,contempt=0`), and one of the match's own:
//!
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

use halma::{Game, Move};
use halma_opponents::{HostPlayer, Spec, Style};

use crate::exec::Program;
use crate::protocol::{Reply, Request};

/// A player as named on the command line.
#[derive(Clone, Debug)]
pub struct Player {
    /// The name it was given, e.g. `random:20+greedy`.
    pub name: String,
    style: Style<Exec>,
    /// How long an `exec:` player may take for a move, if set.
    move_timeout: Option<Duration>,
}

/// A program's engine (`exec:PATH[:LIMITS]`): its path, the limits it searches within and
/// its default move timeout.
#[derive(Clone, Debug)]
pub struct Exec {
    path: String,
    limits: String,
    timeout: Duration,
}

impl HostPlayer for Exec {
    /// The program player of `exec:PATH[:LIMITS]`: the limits but their settings checked.
    fn parse(name: &str) -> Option<Result<Exec, String>> {
        let spec = name.strip_prefix("exec:")?;
        let (path, spec) = spec.split_once(':').unwrap_or((spec, "time:100"));
        if path.is_empty() || (path.contains('/') && !Path::new(path).is_file()) {
            return Some(Err(format!("exec: no program at {path:?}")));
        }
        let head = spec.split(',').next().unwrap_or_default();
        let time = match Spec::parse(head) {
            Ok(head) => head.limits.max_time().unwrap_or(Duration::ZERO),
            Err(error) => return Some(Err(error)),
        };
        let timeout = if time.is_zero() {
            Duration::from_secs(60)
        } else {
            Duration::from_secs(10) + 3 * time
        };
        Some(Ok(Exec {
            path: path.to_string(),
            limits: spec.to_string(),
            timeout,
        }))
    }
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
            style: Style::parse(spec)?,
            move_timeout: None,
        })
    }

    /// Whether the player is an engine (after a mixture's first plies): an engine player or
    /// a program's.
    pub fn is_engine(&self) -> bool {
        matches!(self.style.settled(), Style::Engine(_) | Style::Host(_))
    }

    /// The player with `timeout` as the longest time an `exec:` player may take for a move.
    #[must_use]
    pub fn with_move_timeout(mut self, timeout: Duration) -> Player {
        self.move_timeout = Some(timeout);
        self
    }
}

/// The players of a match as they play: when both are engines, an engine player without a
/// `contempt=N` setting plays at contempt 0 (a draw is worth as much to either engine, and
/// the match compares their play); against a scripted player it keeps the engine's default,
/// for play against people. (A program's contempt is its own: its limits may set it.)
pub fn paired(mut players: [Player; 2]) -> [Player; 2] {
    if players.iter().all(Player::is_engine) {
        for player in &mut players {
            if let Style::Engine(spec) = player.style.settled_mut() {
                spec.contempt.get_or_insert(0);
            }
        }
    }
    players
}

/// One player's state for one game: the scripted or engine player's seat and, started when
/// first needed, its program.
pub struct Seat<'a> {
    player: &'a Player,
    seat: halma_opponents::Seat<'a, Exec>,
    program: Option<Program>,
}

impl<'a> Seat<'a> {
    /// `player` at a new game, its random choices drawn from `seed`, an engine (if it uses
    /// one) with a table of `table_mb` MiB.
    pub fn new(player: &'a Player, seed: u64, table_mb: usize) -> Seat<'a> {
        Seat {
            player,
            seat: halma_opponents::Seat::new(&player.style, seed, table_mb),
            program: None,
        }
    }

    /// The player's name.
    pub fn name(&self) -> &str {
        &self.player.name
    }

    /// The player's move in `game`, which must not be over: a legal move.
    pub fn choose(&mut self, game: &Game) -> Result<Move, Failure> {
        let (program, move_timeout) = (&mut self.program, self.player.move_timeout);
        let chosen = self.seat.choose_with(game, |exec: &Exec, game| {
            let timeout = move_timeout.unwrap_or(exec.timeout);
            ask(program, exec, game, timeout).map_err(|error| {
                // The game is over for the program.
                if let Some(mut program) = program.take() {
                    program.kill();
                }
                Failure::Forfeit(error)
            })
        });
        chosen.map_err(|failure| match failure {
            Failure::Fatal(error) => Failure::Fatal(format!("{}: {error}", self.player.name)),
            forfeit => forfeit,
        })
    }
}

/// The move in `game` of the program `exec` (started into `program` if it is not running),
/// each answer awaited at most `timeout`.
fn ask(
    program: &mut Option<Program>,
    exec: &Exec,
    game: &Game,
    timeout: Duration,
) -> Result<Move, String> {
    let program = match program {
        Some(program) => program,
        empty => empty.insert(Program::start(&exec.path)?),
    };
    match program.ask(&Request::Position(game.clone()), timeout)? {
        Reply::Ok => {}
        other => return Err(format!("it answered {other} to the position")),
    }
    match program.ask(&Request::Go(exec.limits.clone()), timeout)? {
        Reply::BestMove(answer) => game
            .parse_move(&answer.best_move)
            .map_err(|e| format!("it played {:?}: {e}", answer.best_move)),
        other => Err(format!("it answered {other} to go")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_read_the_matchs_own_too() {
        for name in [
            "greedy",
            "random:20+greedy",
            "ab2",
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
    }

    /// The contempt of `player`'s engine: `None` when its spec sets none (or it is no
    /// engine player).
    fn contempt(player: &Player) -> Option<i32> {
        match player.style.settled() {
            Style::Engine(spec) => spec.contempt,
            _ => None,
        }
    }

    #[test]
    fn engines_against_engines_play_at_contempt_zero_unless_told() {
        let pair = |a: &str, b: &str| {
            paired([Player::parse(a).unwrap(), Player::parse(b).unwrap()]).map(|p| contempt(&p))
        };
        assert_eq!(pair("time:100", "nodes:500"), [Some(0), Some(0)]);
        assert_eq!(
            pair("time:100,contempt=150", "level:3"),
            [Some(150), Some(0)]
        );
        assert_eq!(pair("random:8+time:100", "exec:/bin/sh"), [Some(0), None]);
        assert_eq!(pair("time:100", "greedy"), [None, None]);
        assert_eq!(pair("level:10", "pendulum:20+level:1"), [Some(0), Some(0)]);
        assert_eq!(pair("level:10", "pendulum"), [None, None]);
    }

    #[test]
    fn bad_names_are_refused() {
        for name in [
            "nobody",
            "time:100,lmr",
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
        let exec = |spec| match Exec::parse(spec) {
            Some(Ok(exec)) => exec,
            other => panic!("{spec}: {other:?}"),
        };
        let default = exec("exec:/bin/sh");
        assert_eq!(
            (default.path.as_str(), default.limits.as_str()),
            ("/bin/sh", "time:100")
        );
        assert_eq!(default.timeout, Duration::from_millis(10_300));
        let deep = exec("exec:/bin/sh:depth:9,lmr=off");
        assert_eq!(
            (deep.limits.as_str(), deep.timeout),
            ("depth:9,lmr=off", Duration::from_secs(60))
        );
        assert!(Exec::parse("greedy").is_none());
    }
}
