//! Each bad input gets its own error variant, with a message that says what is wrong and
//! where: position text, move text, illegal moves, play after the end, undo at the start.
//!
//! Messages are checked to be lower case without a final period, and to name the offending
//! square, rank or byte offset.

mod common;

use common::{START, mv, names, pos, sq};
use halma::{
    Game, IllegalMoveError, InvalidPositionError, Move, NothingToUndoError, ParseLegalMoveError,
    ParseMoveError, ParsePositionError, ParseSquareError, PlayError, Position, PositionSyntaxError,
    Side, Square,
};

/// The placement part of the start text (before the space).
fn placement() -> &'static str {
    START.split_once(' ').unwrap().0
}

fn syntax(text: &str) -> PositionSyntaxError {
    match text.parse::<Position>() {
        Err(ParsePositionError::Syntax(error)) => error,
        other => panic!("{text:?}: expected a syntax error, got {other:?}"),
    }
}

fn invalid(text: &str) -> InvalidPositionError {
    match text.parse::<Position>() {
        Err(ParsePositionError::Invalid(error)) => error,
        other => panic!("{text:?}: expected an invalid position, got {other:?}"),
    }
}

/// A readable message: lower case start, no trailing period, mentions every `needle`.
fn assert_readable(error: &dyn std::error::Error, needles: &[&str]) {
    let message = error.to_string();
    assert!(!message.is_empty());
    assert!(
        !message.starts_with(|c: char| c.is_uppercase()),
        "message starts upper case: {message:?}"
    );
    assert!(
        !message.ends_with('.'),
        "message ends with a period: {message:?}"
    );
    for needle in needles {
        assert!(
            message.contains(needle),
            "{message:?} does not mention {needle:?}"
        );
    }
}

fn assert_send_sync<T: Send + Sync + 'static + std::error::Error>() {}

#[test]
fn error_types_are_send_sync_static_errors() {
    assert_send_sync::<ParsePositionError>();
    assert_send_sync::<PositionSyntaxError>();
    assert_send_sync::<InvalidPositionError>();
    assert_send_sync::<ParseMoveError>();
    assert_send_sync::<ParseLegalMoveError>();
    assert_send_sync::<IllegalMoveError>();
    assert_send_sync::<PlayError>();
    assert_send_sync::<NothingToUndoError>();
    assert_send_sync::<ParseSquareError>();
}

// ---------------------------------------------------------------- Position text

#[test]
fn empty_position_text() {
    assert_eq!(syntax(""), PositionSyntaxError::Empty);
    assert_readable(&"".parse::<Position>().unwrap_err(), &["empty"]);
}

#[test]
fn garbage_position_text() {
    let error = syntax("hello world");
    assert_eq!(
        error,
        PositionSyntaxError::InvalidCharacter {
            found: 'h',
            offset: 0
        }
    );
    assert_readable(&error, &["'h'", "byte 0"]);
    // Whitespace alone, or a side to move alone.
    assert!(matches!(
        syntax(" x"),
        PositionSyntaxError::TooFewRanks { .. } | PositionSyntaxError::RankTooShort { .. }
    ));
}

#[test]
fn too_few_ranks() {
    let fifteen = format!("{} x", placement().split_once('/').unwrap().1);
    let error = syntax(&fifteen);
    assert_eq!(error, PositionSyntaxError::TooFewRanks { ranks: 15 });
    assert_readable(&error, &["16 ranks", "15"]);
    assert_eq!(
        syntax("16/16 x"),
        PositionSyntaxError::TooFewRanks { ranks: 2 }
    );
}

#[test]
fn too_many_ranks() {
    let text = format!("16/{START}");
    let error = syntax(&text);
    // The 17th rank starts after 16 ranks and their 16 separators: "16/" + placement.
    let offset = 3 + placement().rfind('/').unwrap() + 1;
    assert_eq!(error, PositionSyntaxError::TooManyRanks { offset });
    assert_readable(&error, &["more than 16 ranks", &format!("byte {offset}")]);
}

#[test]
fn a_rank_too_long() {
    // Rank 16 "ooooo12" describes 17 squares; the run 12 is where it overflows.
    let text = START.replacen("ooooo11", "ooooo12", 1);
    let error = syntax(&text);
    assert_eq!(
        error,
        PositionSyntaxError::RankTooLong {
            rank: 16,
            offset: 5
        }
    );
    assert_readable(&error, &["rank 16", "byte 5"]);
    // A piece past the 16th square, on rank 11 ("16" -> "16x").
    let text = START.replacen("oo14/16/", "oo14/16x/", 1);
    let offset = text.find("16x").unwrap() + 2;
    assert_eq!(
        syntax(&text),
        PositionSyntaxError::RankTooLong { rank: 11, offset }
    );
}

#[test]
fn a_rank_too_short() {
    let text = START.replacen("ooooo11", "ooooo10", 1);
    let error = syntax(&text);
    assert_eq!(
        error,
        PositionSyntaxError::RankTooShort {
            rank: 16,
            squares: 15
        }
    );
    assert_readable(&error, &["rank 16", "15 squares"]);
    // The last rank, rank 1, too short before the side to move.
    let text = START.replace("/11xxxxx x", "/11xxxx x");
    assert_eq!(
        syntax(&text),
        PositionSyntaxError::RankTooShort {
            rank: 1,
            squares: 15
        }
    );
    // An empty rank.
    let text = START.replacen("/16/", "//16/", 1);
    assert_eq!(
        syntax(&text),
        PositionSyntaxError::RankTooShort {
            rank: 11,
            squares: 0
        }
    );
}

#[test]
fn a_bad_character() {
    let text = START.replacen("14xx", "14xX", 1);
    let offset = text.find('X').unwrap();
    let error = syntax(&text);
    assert_eq!(
        error,
        PositionSyntaxError::InvalidCharacter { found: 'X', offset }
    );
    assert_readable(&error, &["'X'", &format!("byte {offset}")]);
    for (bad, found) in [("-", '-'), ("é", 'é'), ("\t", '\t'), ("p", 'p')] {
        let text = START.replacen("16/16/16", &format!("16/{bad}16/16"), 1);
        let offset = text.find(found).unwrap();
        assert_eq!(
            syntax(&text),
            PositionSyntaxError::InvalidCharacter { found, offset },
            "{text:?}"
        );
    }
}

#[test]
fn upper_case_pieces_and_side() {
    assert_eq!(
        syntax(&START.replacen("ooooo11", "Ooooo11", 1)),
        PositionSyntaxError::InvalidCharacter {
            found: 'O',
            offset: 0
        }
    );
    let text = format!("{} X", placement());
    let error = syntax(&text);
    assert_eq!(
        error,
        PositionSyntaxError::InvalidSideToMove {
            found: "X".to_owned(),
            offset: placement().len() + 1
        }
    );
    assert_readable(&error, &["\"X\"", "x or o"]);
}

#[test]
fn runs_with_leading_zeros_zero_or_over_sixteen() {
    for (from, to, run) in [
        ("ooooo11", "ooooo011", "011"),
        ("ooooo11", "ooooo0011", "0011"),
        ("/16/16/", "/016/16/", "016"),
        ("ooooo11", "0ooooo11", "0"),
        ("ooooo11", "ooooo0", "0"),
        ("/16/16/", "/17/16/", "17"),
        (
            "/16/16/",
            "/99999999999999999999/16/",
            "99999999999999999999",
        ),
    ] {
        let text = START.replacen(from, to, 1);
        let offset = text.find(run).unwrap();
        let error = syntax(&text);
        assert_eq!(
            error,
            PositionSyntaxError::InvalidRun {
                run: run.to_owned(),
                offset
            },
            "{text:?}"
        );
        assert_readable(&error, &[&format!("{run:?}"), &format!("byte {offset}")]);
    }
}

#[test]
fn eighteen_or_twenty_pieces_of_a_side() {
    // x short of one piece (p1 gone: the last rank reads "11xxxx1").
    let text = START.replace("/11xxxxx x", "/11xxxx1 x");
    let error = invalid(&text);
    assert_eq!(
        error,
        InvalidPositionError::PieceCount {
            side: Side::X,
            count: 18
        }
    );
    assert_readable(&error, &["x has 18 pieces", "19"]);
    // o with one piece too many (on h8).
    let text = START.replacen("/16/16/16/16/16/16/", "/16/16/16/7o8/16/16/", 1);
    assert_eq!(
        invalid(&text),
        InvalidPositionError::PieceCount {
            side: Side::O,
            count: 20
        }
    );
    // Both short: the first side named is x.
    let text = START
        .replace("/11xxxxx x", "/11xxxx1 x")
        .replacen("ooooo11", "oooo12", 1);
    assert!(matches!(
        invalid(&text),
        InvalidPositionError::PieceCount { .. }
    ));
}

#[test]
fn both_goals_filled() {
    // x on o's home, o on x's home: the start with the letters swapped.
    let swapped: String = START
        .chars()
        .map(|c| match c {
            'x' => 'o',
            'o' => 'x',
            c => c,
        })
        .collect();
    let (placement, _) = swapped.split_once(' ').unwrap();
    for turn in ["x", "o"] {
        let text = format!("{placement} {turn}");
        let error = invalid(&text);
        assert_eq!(error, InvalidPositionError::BothGoalsFilled);
        assert_readable(&error, &["both goal"]);
    }
    let parts = Position::from_parts([Side::X.goal(), Side::O.goal()], Side::O);
    assert_eq!(parts, Err(InvalidPositionError::BothGoalsFilled));
}

#[test]
fn overlapping_pieces_from_parts() {
    let error = Position::from_parts([Side::X.home(), Side::X.home()], Side::X).unwrap_err();
    assert_eq!(error, InvalidPositionError::Overlap { square: sq("l1") });
    assert_readable(&error, &["l1"]);
}

#[test]
fn missing_side_to_move() {
    for text in [placement().to_owned(), format!("{} ", placement())] {
        let error = syntax(&text);
        assert_eq!(error, PositionSyntaxError::MissingSideToMove, "{text:?}");
        assert_readable(&error, &["side to move"]);
    }
}

#[test]
fn invalid_side_to_move() {
    let offset = placement().len() + 1;
    for (side, found) in [("z", "z"), ("-", "-"), ("white", "white"), ("1", "1")] {
        let text = format!("{} {side}", placement());
        assert_eq!(
            syntax(&text),
            PositionSyntaxError::InvalidSideToMove {
                found: found.to_owned(),
                offset
            },
            "{text:?}"
        );
    }
    // Two spaces before the side: the side field is empty (or not x/o).
    assert!(matches!(
        syntax(&format!("{}  x", placement())),
        PositionSyntaxError::InvalidSideToMove { .. } | PositionSyntaxError::MissingSideToMove
    ));
    // Another separator than one space.
    assert!(matches!(
        syntax(&format!("{}\tx", placement())),
        PositionSyntaxError::InvalidCharacter { found: '\t', .. }
    ));
}

#[test]
fn trailing_text_after_the_side_to_move() {
    let end = START.len();
    for (suffix, offset) in [(" ", end), ("o", end), ("x", end), (" o", end), ("\n", end)] {
        let text = format!("{START}{suffix}");
        let error = syntax(&text);
        assert_eq!(
            error,
            PositionSyntaxError::TrailingText { offset },
            "{text:?}"
        );
        assert_readable(&error, &[&format!("byte {offset}")]);
    }
}

// ---------------------------------------------------------------- Square and move text

#[test]
fn square_text_errors_name_the_text() {
    for bad in ["", "q1", "a0", "a17", "A1", "a01", " a1", "a1 "] {
        let error = bad.parse::<Square>().unwrap_err();
        assert_eq!(error.text, bad);
        assert_readable(&error, &[&format!("{bad:?}")]);
    }
}

#[test]
fn move_text_errors() {
    let cases: [(&str, ParseMoveError); 11] = [
        ("", ParseMoveError::Empty),
        ("l2", ParseMoveError::SingleSquare),
        ("l2-", ParseMoveError::ExpectedSquare { offset: 3 }),
        ("-k3", ParseMoveError::ExpectedSquare { offset: 0 }),
        ("l2k3", ParseMoveError::ExpectedDash { offset: 2 }),
        ("l2-k3 ", ParseMoveError::ExpectedDash { offset: 5 }),
        ("L2-K3", ParseMoveError::ExpectedSquare { offset: 0 }),
        ("q1-a1", ParseMoveError::ExpectedSquare { offset: 0 }),
        ("l02-k3", ParseMoveError::ExpectedSquare { offset: 0 }),
        ("l2--k3", ParseMoveError::ExpectedSquare { offset: 3 }),
        (
            "n2-n4-n2",
            ParseMoveError::RepeatedSquare { square: sq("n2") },
        ),
    ];
    let start = Position::start();
    for (text, expected) in cases {
        assert_eq!(
            start.parse_move(text),
            Err(ParseLegalMoveError::Syntax(expected.clone())),
            "{text:?}"
        );
        assert_eq!(
            Game::new().play_text(text),
            Err(PlayError::Syntax(expected.clone())),
            "{text:?}"
        );
        if !matches!(expected, ParseMoveError::RepeatedSquare { .. }) {
            assert_eq!(text.parse::<Move>(), Err(expected.clone()), "{text:?}");
        }
        assert_readable(&expected, &[]);
    }
    assert_readable(&ParseMoveError::ExpectedDash { offset: 2 }, &["byte 2"]);
    assert_readable(
        &ParseMoveError::RepeatedSquare { square: sq("n2") },
        &["n2"],
    );
    assert_eq!(
        "n2-n4-n6".parse::<Move>(),
        Err(ParseMoveError::PathNotAllowed)
    );
}

// ---------------------------------------------------------------- Illegal moves

/// The error of `text` in `position`, checked the same through check_move, play,
/// parse_move and Game::play/play_text; the position and game are left unchanged.
fn illegal(position: &Position, text: &str) -> IllegalMoveError {
    let m = mv(text);
    let error = position
        .check_move(m)
        .expect_err(&format!("{text} is legal"));
    assert!(!position.is_legal(m));
    assert_eq!(position.jump_path(m), None);
    let mut copy = *position;
    assert_eq!(copy.play(m), Err(error.clone()));
    assert_eq!(&copy, position, "a refused move changed the position");
    assert_eq!(copy.hash(), position.hash());
    assert_eq!(
        position.parse_move(text),
        Err(ParseLegalMoveError::Illegal(error.clone()))
    );
    let mut game = Game::from_position(*position);
    assert_eq!(game.play(m), Err(PlayError::Illegal(error.clone())));
    assert_eq!(game.play_text(text), Err(PlayError::Illegal(error.clone())));
    assert!(game.moves().is_empty(), "a refused move was recorded");
    assert_eq!(game.position(), position);
    error
}

#[test]
fn illegal_move_to_an_occupied_square() {
    let error = illegal(&Position::start(), "l2-l1");
    assert_eq!(error, IllegalMoveError::OccupiedTarget { to: sq("l1") });
    assert_readable(&error, &["l1", "occupied"]);
}

#[test]
fn illegal_move_from_an_empty_square() {
    let error = illegal(&Position::start(), "h8-h9");
    assert_eq!(error, IllegalMoveError::EmptyOrigin { from: sq("h8") });
    assert_readable(&error, &["h8"]);
}

#[test]
fn illegal_move_of_the_opponents_piece() {
    let error = illegal(&Position::start(), "e15-f14");
    assert_eq!(
        error,
        IllegalMoveError::NotYourPiece {
            from: sq("e15"),
            owner: Side::O
        }
    );
    assert_readable(&error, &["e15", "o"]);
}

#[test]
fn illegal_move_to_an_unreachable_square() {
    for text in ["n3-n7", "l2-h8", "p1-h16", "n3-n6"] {
        let error = illegal(&Position::start(), text);
        let m = mv(text);
        assert_eq!(
            error,
            IllegalMoveError::Unreachable {
                from: m.from,
                to: m.to
            }
        );
        assert_readable(&error, &[&m.from.to_string(), &m.to.to_string()]);
    }
}

#[test]
fn illegal_move_leaving_the_goal() {
    // x on c13 (in its goal camp, top-left) with room all round.
    let x: Vec<String> = std::iter::once("c13".to_owned())
        .chain(names(Side::X.home()).into_iter().skip(1))
        .collect();
    let x: Vec<&str> = x.iter().map(String::as_str).collect();
    let o: Vec<String> = names(Side::O.home())
        .into_iter()
        .filter(|s| s != "c13")
        .chain(std::iter::once("h8".to_owned()))
        .collect();
    let o: Vec<&str> = o.iter().map(String::as_str).collect();
    // Clear the goal around c13 by putting o's pieces elsewhere.
    let o: Vec<&str> = o
        .into_iter()
        .map(|s| match s {
            "b12" => "h9",
            "b13" => "h10",
            "b14" => "h11",
            "c14" => "h12",
            "d14" => "h13",
            s => s,
        })
        .collect();
    let position = common::position_of(&x, &o, Side::X);
    for to in ["c12", "d12", "d13"] {
        let error = illegal(&position, &format!("c13-{to}"));
        assert_eq!(
            error,
            IllegalMoveError::LeavesGoal {
                from: sq("c13"),
                to: sq(to)
            }
        );
        assert_readable(&error, &["c13", to, "goal"]);
    }
    assert!(position.is_legal(mv("c13-b12")));
}

#[test]
fn illegal_move_to_its_own_origin() {
    let error = illegal(&Position::start(), "l2-l2");
    assert_eq!(error, IllegalMoveError::SameSquare { square: sq("l2") });
    assert_readable(&error, &["l2"]);
    // Even for an empty square, the same-square error comes first.
    assert_eq!(
        Position::start().check_move(mv("h8-h8")),
        Err(IllegalMoveError::SameSquare { square: sq("h8") })
    );
}

#[test]
fn hop_path_with_a_hop_that_is_not_a_jump() {
    let mut position = Position::start();
    for text in ["n4-n5", "b12-b11"] {
        position.play(position.parse_move(text).unwrap()).unwrap();
    }
    // n2-n3 is a step, not a hop; n2-n6 in one is two hops.
    for (text, from, to) in [("n2-n3-n6", "n2", "n3"), ("n2-n6-n8", "n2", "n6")] {
        let error = match position.parse_move(text) {
            Err(ParseLegalMoveError::Illegal(error)) => error,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(
            error,
            IllegalMoveError::NotAJump {
                from: sq(from),
                to: sq(to)
            },
            "{text}"
        );
        assert_readable(&error, &[from, to]);
    }
    // A hop path whose squares repeat is not even move text.
    assert_eq!(
        position.parse_move("n2-n4-n2-n4"),
        Err(ParseLegalMoveError::Syntax(
            ParseMoveError::RepeatedSquare { square: sq("n2") }
        ))
    );
    // A hop path of the opponent's piece or from an empty square: the origin error.
    assert_eq!(
        position.parse_move("b11-b9-b7"),
        Err(ParseLegalMoveError::Illegal(
            IllegalMoveError::NotYourPiece {
                from: sq("b11"),
                owner: Side::O
            }
        ))
    );
    assert_eq!(
        position.parse_move("h8-h10-h12"),
        Err(ParseLegalMoveError::Illegal(
            IllegalMoveError::EmptyOrigin { from: sq("h8") }
        ))
    );
}

// ---------------------------------------------------------------- Games

/// A game x has just won (x filled its goal with f16-e16).
fn won_game() -> Game {
    let mut x: Vec<String> = names(Side::X.goal())
        .into_iter()
        .filter(|s| s != "e16")
        .collect();
    x.push("f16".to_owned());
    let x: Vec<&str> = x.iter().map(String::as_str).collect();
    let o: Vec<String> = Square::all()
        .filter(|s| s.rank_of().index() == 7 || s.rank_of().index() == 6)
        .take(19)
        .map(|s| s.to_string())
        .collect();
    let o: Vec<&str> = o.iter().map(String::as_str).collect();
    let mut game = Game::from_position(common::position_of(&x, &o, Side::X));
    game.play_text("f16-e16").unwrap();
    assert!(game.outcome().is_over());
    game
}

#[test]
fn play_after_the_end_of_the_game() {
    let mut game = won_game();
    let before = game.positions().to_vec();
    // A move the position would allow, an illegal one, and one of the wrong side: all
    // refused as game over, which comes before illegality.
    let o_piece = game.position().pieces(Side::O).first().unwrap();
    for m in [
        Move::new(o_piece, o_piece.offset(0, 2).unwrap()),
        mv("a1-a1"),
        mv("e16-f16"),
        mv("h8-p16"),
    ] {
        assert_eq!(game.play(m), Err(PlayError::GameOver), "{m}");
        assert_eq!(
            game.play_text(&m.to_string()),
            Err(PlayError::GameOver),
            "{m}"
        );
    }
    // A well-formed hop path too.
    assert_eq!(game.play_text("a1-c3-e5"), Err(PlayError::GameOver));
    // Text that is not move text: the syntax error comes first.
    assert_eq!(
        game.play_text("zz"),
        Err(PlayError::Syntax(ParseMoveError::ExpectedSquare {
            offset: 0
        }))
    );
    assert_eq!(
        game.play_text(""),
        Err(PlayError::Syntax(ParseMoveError::Empty))
    );
    assert_eq!(
        game.play_text("a1-b2-a1"),
        Err(PlayError::Syntax(ParseMoveError::RepeatedSquare {
            square: sq("a1")
        }))
    );
    assert_eq!(game.positions(), before, "a refused move changed the game");
    assert_readable(&PlayError::GameOver, &["over"]);
    // The position itself refuses moves because it is won.
    let error = game.position().check_move(mv("h7-h9")).unwrap_err();
    assert_eq!(error, IllegalMoveError::PositionWon { winner: Side::X });
    assert_readable(&error, &["won", "x"]);
}

#[test]
fn play_after_a_repetition_draw() {
    let mut game = Game::new();
    for _ in 0..2 {
        for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
            game.play_text(text).unwrap();
        }
    }
    assert!(game.outcome().is_over());
    assert!(game.position().is_legal(mv("l2-k3")));
    assert_eq!(game.play_text("l2-k3"), Err(PlayError::GameOver));
    assert_eq!(game.play(mv("l2-k3")), Err(PlayError::GameOver));
}

#[test]
fn undo_at_the_start() {
    let mut game = Game::new();
    assert_eq!(game.undo(), Err(NothingToUndoError));
    assert_readable(&NothingToUndoError, &["no move to undo"]);
    game.play_text("l2-k3").unwrap();
    assert_eq!(game.undo(), Ok(mv("l2-k3")));
    assert_eq!(game.undo(), Err(NothingToUndoError));
    assert_eq!(game.position(), &Position::start());
    // A game loaded from a position starts there: nothing to undo either.
    let mut loaded = Game::from_position(pos(START));
    assert_eq!(loaded.undo(), Err(NothingToUndoError));
}

#[test]
fn wrapped_errors_keep_the_detail_in_their_message() {
    let error = "".parse::<Position>().unwrap_err();
    assert_readable(&error, &["position", "empty"]);
    let error = Position::start().parse_move("l2-l1").unwrap_err();
    assert_readable(&error, &["l1"]);
    let error = Game::new().play_text("e15-f14").unwrap_err();
    assert_readable(&error, &["e15"]);
    let error = Game::new().play_text("l2k3").unwrap_err();
    assert_readable(&error, &["byte 2"]);
}
