//! The engine against opponents that keep pieces in its goal camp: it never shuts one in,
//! it lets a piece that waits for a way forward out, and a game nobody can win any more
//! ends by repetition. The opponents are the match tool's scripted styles
//! (`halma_opponents`); the engine searches to a fixed depth, so every run plays the same
//! game.

use halma::search::Params;
use halma::{Bitboard, Draw, Engine, Game, Limits, Move, Outcome, Position, Side, Square};
use halma_opponents::{Seat, Style};

fn square(name: &str) -> Square {
    name.parse().unwrap()
}

fn squares(names: &[&str]) -> Bitboard {
    names.iter().map(|name| square(name)).collect()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// Plays `game` to its end or `plies` more plies: the engine (depth-limited) for `engine`,
/// the scripted player named `opponent` for the other side. Returns the game.
fn play_out(mut game: Game, engine: Side, plies: usize, opponent: &str) -> Game {
    let style: Style = Style::parse(opponent).expect("a scripted player");
    let mut opponent = Seat::new(&style, 0, 1);
    let mut searcher = Engine::with_table_mb(4);
    for _ in 0..plies {
        if game.outcome().is_over() {
            break;
        }
        let next = if game.position().turn() == engine {
            searcher.search(&game, &Limits::depth(3)).unwrap().best_move
        } else {
            opponent.choose(&game).expect("an ongoing game has a move")
        };
        game.play(next).expect("both players play legal moves");
    }
    game
}

/// `o`'s straggler stands on `a16` in `x`'s goal camp, which `x` has filled but for `c16`:
/// the straggler's one way out is `a16-c16` and on. `x`'s `e14-c16` (a jump into its goal,
/// which the race alone likes) would close it for good: the engine never plays it, at any
/// depth, where it does without its knowledge of held goals.
#[test]
fn the_engine_never_closes_the_last_way_out() {
    let x = (Side::X.goal() - squares(&["a16", "c16"])) | squares(&["e14", "h9"]);
    let o = (Side::O.goal() - squares(&["p1"])) | squares(&["a16"]);
    let position = Position::from_parts([x, o], Side::X).unwrap();
    let closing = mv("e14-c16");
    assert!(position.is_legal(closing));
    let game = Game::from_position(position);
    let unaware = Params {
        block_detection: false,
        ..Params::default()
    };
    let mut tempted = false;
    for depth in 1..=5 {
        let limits = Limits::depth(depth);
        let best = Engine::new().search(&game, &limits).unwrap().best_move;
        assert_ne!(best, closing, "depth {depth}");
        let limits = limits.with_params(unaware.clone());
        tempted |= Engine::new().search(&game, &limits).unwrap().best_move == closing;
    }
    assert!(
        tempted,
        "the race alone never liked {closing}: the test shows nothing"
    );
}

/// A beginner (`lazy:3`) keeps its three rearmost home pieces (`b16`, `a15`, `b15`) in `x`'s
/// goal until nothing else gains, and `x`'s pieces there leave them no move forward: they
/// would never leave. The engine opens a way forward (its goal pieces step deeper) and wins.
/// (Taken from a match game the engine drew by repetition before it knew this.)
#[test]
fn the_engine_lets_held_back_pieces_out_and_wins() {
    let position: Position =
        "1oxxx11/ooxxx11/xxxx12/xxxx12/xxx13/xx14/16/16/16/16/16/15o/13ooo/13ooo/12oooo/11ooooo x"
            .parse()
            .unwrap();
    let game = play_out(Game::from_position(position), Side::X, 300, "lazy:3");
    assert_eq!(
        game.outcome(),
        Outcome::Win(Side::X),
        "after {} plies: {} {:?}",
        game.moves().len(),
        game.position(),
        game.moves()
    );
}

/// A spoiler never moves the piece on its home corner (`a16`, in `x`'s goal) while it has
/// another move, and it always has one: it shuffles a piece in its goal camp. `x` cannot win
/// and cannot force the piece out in time (the freed piece would win the race home), so the
/// engine fills what it can, keeps the piece a way out, and repeats its own moves: the game
/// ends by threefold repetition, soon.
#[test]
fn a_spoiled_game_ends_by_repetition() {
    let position: Position =
        "oxxxxx10/xxxxx11/xx1x12/xxx13/xx14/x15/16/16/16/16/16/14oo/13ooo/13ooo/11ooooo/11ooooo x"
            .parse()
            .unwrap();
    let game = play_out(Game::from_position(position), Side::X, 120, "spoiler");
    assert_eq!(
        game.outcome(),
        Outcome::Draw(Draw::Repetition),
        "after {} plies: {}",
        game.moves().len(),
        game.position()
    );
}
