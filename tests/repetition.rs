//! The computer against people who repeat moves while they learn the game: it plays on and
//! wins, at every level, where it used to take the first repetition offered (a draw by
//! threefold repetition at ply 13 to 20). The person steps a piece out of its camp and back
//! (`l2-k3`, `k3-l2`, ...) or cycles pieces within its camp (`n1-l3`, then `p1-n1`, `o1-p1`,
//! `n1-o1`, ...) for the game's first 40 plies, then races greedily (against level 1, a
//! beginner that loses to a greedy racer as often as not, it moves at random); the same as
//! `o` against the computer as `x` (the mirror). Each computer is a new engine, as a host
//! makes it: the default contempt.

use std::time::Duration;

use halma::{Engine, ForcedResult, Game, Limits, Move, Outcome, Side, Square};
use halma_opponents::{Seat, Style};

/// The plies the person repeats for.
const REPEATING_PLIES: usize = 40;

/// The plies a game may last (twice a usual game).
const MAX_PLIES: usize = 400;

/// The nodes that stand for level 10's second a move in this test. The second gave 360,000
/// to 1,140,000 nodes a move at a load of 7 on 2 cores (most near 500,000; level 9 searches
/// 300,000), and fewer under more load; as nodes, the game is the same on every machine and
/// under any load: won at ply 145, 73 moves of the computer (36.5 million nodes, 31 s of CPU
/// at a load of 7), where a second a move took 107 moves, 107 s on any machine.
const LEVEL_10_NODES: u64 = 500_000;

/// A person's repeating moves, as written for `x`: an opening, then a cycle played again and
/// again.
type Repeating = (&'static [&'static str], &'static [&'static str]);

/// The pendulum: `l2-k3`, `k3-l2`, again and again.
const PENDULUM: Repeating = (&[], &["l2-k3", "k3-l2"]);

/// The camp cycler: `n1-l3` out, then `p1-n1`, `o1-p1`, `n1-o1`, again and again.
const CYCLER: Repeating = (&["n1-l3"], &["p1-n1", "o1-p1", "n1-o1"]);

/// `text`'s move, for `side`: as written for `x`, turned half a turn for `o` (its camp is
/// `x`'s turned about the board's centre).
fn move_for(side: Side, text: &str) -> Move {
    let mv: Move = text.parse().unwrap();
    match side {
        Side::X => mv,
        Side::O => {
            let turn = |square: Square| Square::new(255 - square.index());
            Move::new(turn(mv.from), turn(mv.to))
        }
    }
}

/// How the person plays once it stops repeating.
#[derive(Clone, Copy, Debug)]
enum ThenPlays {
    /// Greedy's move: a racer that level 1 (a beginner) loses to as often as not.
    Greedy,
    /// A random move: a beginner who has not learnt the race yet.
    Random,
}

/// Plays a game of the computer (a new engine within `limits`) as `computer` against a
/// person who plays the `opening` moves, then the `cycle` again and again, for the first
/// [`REPEATING_PLIES`] plies (each while it is legal, else greedy's move), then as `then`
/// says. The game ends at its end, after `max_plies`, or once the computer's race solver has
/// proved it wins the race of separated armies (it plays the solver's moves from there, and
/// the greedy person only races). Returns the game and whether the race was proved won.
fn play(
    computer: Side,
    limits: &Limits,
    (opening, cycle): Repeating,
    then: ThenPlays,
    max_plies: usize,
) -> (Game, bool) {
    let person = !computer;
    let script: Vec<Move> = opening
        .iter()
        .chain(cycle.iter().cycle().take(REPEATING_PLIES))
        .map(|text| move_for(person, text))
        .collect();
    let styles = [
        Style::parse("greedy").unwrap(),
        Style::parse("random").unwrap(),
    ];
    let [mut greedy, mut random] = [Seat::new(&styles[0], 0, 1), Seat::new(&styles[1], 7, 1)];
    let mut engine = Engine::new();
    let mut game = Game::new();
    while !game.outcome().is_over() && game.moves().len() < max_plies {
        let ply = game.moves().len();
        let mv = if game.position().turn() == computer {
            let result = engine.search(&game, limits).unwrap();
            if result.race_plies.is_some() && matches!(result.forced, Some(ForcedResult::Win(_))) {
                return (game, true);
            }
            result.best_move
        } else if ply < REPEATING_PLIES {
            let scripted = script[ply / 2];
            if game.position().is_legal(scripted) {
                scripted
            } else {
                greedy.choose(&game).unwrap()
            }
        } else {
            match then {
                ThenPlays::Greedy => greedy.choose(&game).unwrap(),
                ThenPlays::Random => random.choose(&game).unwrap(),
            }
        };
        game.play(mv).unwrap();
    }
    (game, false)
}

/// Asserts that the computer within `limits`, playing `computer`, wins against the person
/// who repeats `opening` then plays as `then` says, within `max_plies`.
fn wins(limits: Limits, computer: Side, opening: Repeating, then: ThenPlays, max_plies: usize) {
    let (game, proved) = play(computer, &limits, opening, then, max_plies);
    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    assert!(
        proved || game.outcome() == Outcome::Win(computer),
        "{limits:?}, computer {computer}, then {then:?}: {:?} after {} plies: {}",
        game.outcome(),
        game.moves().len(),
        moves.join(" ")
    );
    // It played on through the person's repetitions.
    assert!(game.moves().len() > REPEATING_PLIES, "{limits:?}");
}

/// The pendulum and the cycler against the computer as `o` and as `x`.
const OPENINGS: [(Side, Repeating); 4] = [
    (Side::O, PENDULUM),
    (Side::O, CYCLER),
    (Side::X, PENDULUM),
    (Side::X, CYCLER),
];

#[test]
fn level_1_wins_against_people_who_repeat() {
    // Against a beginner: level 1 plays as one, and loses to a greedy racer more often
    // than not. Random moves drag a game on: hence the cap.
    for (computer, opening) in OPENINGS {
        wins(
            Limits::level(1).without_pace(),
            computer,
            opening,
            ThenPlays::Random,
            3000,
        );
    }
}

#[test]
fn level_5_wins_against_people_who_repeat() {
    for (computer, opening) in OPENINGS {
        let limits = Limits::level(5).without_pace();
        wins(limits, computer, opening, ThenPlays::Greedy, MAX_PLIES);
    }
}

/// Level 10 searches a second a move: one game, the first the issue found (the others at
/// full strength in the test below), its second spent as [`LEVEL_10_NODES`].
#[test]
fn level_10_wins_against_a_pendulum() {
    let limits = Limits::level(10)
        .with_time(Duration::ZERO)
        .with_nodes(LEVEL_10_NODES);
    wins(limits, Side::O, PENDULUM, ThenPlays::Greedy, MAX_PLIES);
}

#[test]
fn a_tenth_of_a_second_a_move_wins_against_people_who_repeat() {
    for (computer, opening) in OPENINGS {
        let limits = Limits::time(Duration::from_millis(100));
        wins(limits, computer, opening, ThenPlays::Greedy, MAX_PLIES);
    }
}
