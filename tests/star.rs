//! The star board's rules (docs/RULES.md): the perft counts of `tests/data/star-perft.txt`,
//! the goal-camp rule, the winners of both rule sets, position text and move text.

use halma::{
    Hole, IllegalStarMoveError, InvalidStarPositionError, ParseStarPositionError, Side,
    StarBitboard, StarMove, StarPosition, StarRules, divide, perft,
};

const DATA: &str = include_str!("data/star-perft.txt");

/// The start position's text.
const START: &str = "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x";

fn hole(number: u8) -> Hole {
    Hole::new(number).unwrap()
}

fn holes(numbers: &[u8]) -> StarBitboard {
    numbers.iter().map(|&n| hole(n)).collect()
}

fn mv(text: &str) -> StarMove {
    text.parse().unwrap()
}

fn position(x: &[u8], o: &[u8], turn: Side, rules: StarRules) -> StarPosition {
    StarPosition::from_parts([holes(x), holes(o)], turn, rules).unwrap()
}

#[test]
fn perft_counts_of_the_data_file() {
    let mut checked = 0;
    let (mut rules, mut position) = (StarRules::Standard, None);
    for line in DATA
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (key, value) = line.split_once(' ').unwrap();
        match key {
            "id" => position = None,
            "rules" => rules = value.parse().unwrap(),
            "position" => position = Some(StarPosition::from_text(value, rules).unwrap()),
            "perft" => {
                let (depth, nodes) = value.split_once(' ').unwrap();
                let start = position.expect("a position before its counts");
                assert_eq!(
                    perft(&start, depth.parse().unwrap()),
                    nodes.parse().unwrap()
                );
                checked += 1;
            }
            other => panic!("unknown key {other:?}"),
        }
    }
    assert_eq!(checked, 12);
}

#[test]
fn divide_splits_perft_by_first_move() {
    let start = StarPosition::start(StarRules::OpenSpiel);
    let split = divide(&start, 3);
    assert_eq!(split.len(), 14);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 4_760);
    let after = |mv: StarMove| {
        let mut position = start;
        position.play(mv).unwrap();
        perft(&position, 2)
    };
    for (mv, nodes) in split {
        assert_eq!(after(mv), nodes, "{mv}");
    }
}

#[test]
fn position_text_reads_back_and_errors_say_what_is_wrong() {
    let start: StarPosition = START.parse().unwrap();
    assert_eq!(start, StarPosition::start(StarRules::Standard));
    assert_eq!(start.to_string(), START);
    let errors = [
        (
            "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o",
            "the side to move",
        ),
        (
            "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o y",
            "x or o",
        ),
        (
            "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x ",
            "x or o",
        ),
        (
            "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo x",
            "17 rows",
        ),
        (
            "x/xx/xxx/xxxx/14/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x",
            "1 to 13",
        ),
        (
            "x/xx/xxx/xxxx/012/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x",
            "1 to 13",
        ),
        (
            "x/xx/xxx/xxxx/12/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x",
            "row 4 has 13",
        ),
        (
            "x/xx/xxx/xxxx/1x12/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x",
            "row 4 has 13",
        ),
        (
            "x/xx/xxx/xxx-/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x",
            "'-'",
        ),
        (
            "x/xx/xxx/xxxx/x12/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x",
            "11 pieces",
        ),
    ];
    for (text, says) in errors {
        let error = text.parse::<StarPosition>().unwrap_err();
        assert!(error.to_string().contains(says), "{text}: {error}");
    }
    let overlap = StarPosition::from_parts(
        [StarBitboard::home(Side::X), StarBitboard::home(Side::X)],
        Side::X,
        StarRules::Standard,
    );
    assert_eq!(
        overlap,
        Err(InvalidStarPositionError::Overlap { hole: hole(0) })
    );
    assert!(matches!(
        "x/xx/xxx/xxx1/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x".parse::<StarPosition>(),
        Err(ParseStarPositionError::Invalid(
            InvalidStarPositionError::PieceCount { .. }
        ))
    ));
}

#[test]
fn cells_in_and_out() {
    let mut cells = StarPosition::start(StarRules::OpenSpiel).cells();
    assert_eq!(cells.iter().filter(|&&c| c == 2).count(), 10);
    cells[60] = 3;
    assert_eq!(
        StarPosition::from_cells(&cells, Side::X, StarRules::OpenSpiel),
        Err(InvalidStarPositionError::CellValue {
            hole: hole(60),
            value: 3
        })
    );
}

#[test]
fn under_the_standard_rules_a_piece_in_its_target_stays_in_it() {
    // x's piece on 112, in its target (o's home, 111 to 120), from which o moved two pieces
    // to 60 and 61 (120 is empty); x's other pieces at home.
    let o: Vec<u8> = [111, 113, 114, 115, 116, 117, 118, 119, 60, 61].to_vec();
    let x: Vec<u8> = (1..10).chain([112]).collect();
    let standard = position(&x, &o, Side::X, StarRules::Standard);
    let openspiel = position(&x, &o, Side::X, StarRules::OpenSpiel);
    // 112's neighbours: 103 and 104 above, outside the target, the others in it, full;
    // no hop stays in it.
    assert_eq!(
        standard.check_move(mv("112-103")),
        Err(IllegalStarMoveError::LeavesTarget {
            from: hole(112),
            to: hole(103)
        })
    );
    assert_eq!(openspiel.check_move(mv("112-103")), Ok(()));
    assert!(standard.destinations(hole(112)).is_empty());
    assert!(openspiel.destinations(hole(112)).contains(hole(104)));
}

#[test]
fn openspiel_wins_with_all_ten_on_the_target_and_standard_with_the_target_full() {
    let target = (111..121).collect::<Vec<u8>>();
    // x on nine target holes and 60; o on the tenth target hole (120) and nine others.
    let x: Vec<u8> = target[..9].iter().copied().chain([60]).collect();
    let o: Vec<u8> = [120, 1, 2, 3, 4, 5, 6, 7, 8, 9].to_vec();
    let spoiled = |rules| position(&x, &o, Side::O, rules);
    assert_eq!(spoiled(StarRules::OpenSpiel).winner(), None);
    // x holds 111 to 119 and o 120: the target is full with x's pieces in it.
    assert_eq!(spoiled(StarRules::Standard).winner(), Some(Side::X));
    assert!(spoiled(StarRules::Standard).legal_moves().is_empty());
    // All ten on it: a win under both.
    let all: Vec<u8> = target.clone();
    for rules in [StarRules::Standard, StarRules::OpenSpiel] {
        let won = position(
            &all,
            &o[1..].iter().copied().chain([60]).collect::<Vec<_>>(),
            Side::O,
            rules,
        );
        assert_eq!(won.winner(), Some(Side::X));
        assert_eq!(won.count_moves(), 0);
        assert!(!won.must_pass());
    }
    // A target full of the opponent's pieces alone is no win.
    let o_home = position(
        &(50..60).collect::<Vec<_>>(),
        &target,
        Side::X,
        StarRules::Standard,
    );
    assert_eq!(o_home.winner(), None);
}

#[test]
fn when_both_sides_have_won_the_side_that_moved_last_is_the_winner() {
    let (top, bottom): (Vec<u8>, Vec<u8>) = ((0..10).collect(), (111..121).collect());
    for rules in [StarRules::Standard, StarRules::OpenSpiel] {
        let x_to_move = position(&bottom, &top, Side::X, rules);
        assert_eq!(x_to_move.winner(), Some(Side::O));
        let o_to_move = position(&bottom, &top, Side::O, rules);
        assert_eq!(o_to_move.winner(), Some(Side::X));
    }
}

#[test]
fn moves_are_checked_with_reasons() {
    let start = StarPosition::start(StarRules::Standard);
    let cases = [
        ("6-6", IllegalStarMoveError::SameHole { hole: hole(6) }),
        (
            "60-61",
            IllegalStarMoveError::EmptyOrigin { from: hole(60) },
        ),
        (
            "111-100",
            IllegalStarMoveError::NotYourPiece {
                from: hole(111),
                owner: Side::O,
            },
        ),
        ("3-6", IllegalStarMoveError::OccupiedTarget { to: hole(6) }),
        (
            "6-26",
            IllegalStarMoveError::Unreachable {
                from: hole(6),
                to: hole(26),
            },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(start.check_move(mv(text)), Err(error), "{text}");
        assert!(start.parse_move(text).is_err());
    }
    let mut position = start;
    position.play(mv("6-14")).unwrap();
    assert_eq!(position.turn(), Side::O);
    assert_ne!(position.hash(), start.hash());
    position.undo_unchecked(mv("6-14"));
    assert_eq!((position, position.hash()), (start, start.hash()));
}

/// Plays `texts` in `game`, each a legal move.
fn play_all(game: &mut halma::StarGame, texts: &[&str]) {
    for text in texts {
        game.play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

#[test]
fn a_standard_game_is_drawn_by_threefold_repetition_and_openspiels_is_not() {
    use halma::{StarDraw, StarGame, StarOutcome};
    let there_and_back = ["6-14", "114-105", "14-6", "105-114"];
    for rules in [StarRules::Standard, StarRules::OpenSpiel] {
        let mut game = StarGame::new(rules);
        play_all(&mut game, &there_and_back);
        play_all(&mut game, &there_and_back[..3]);
        assert_eq!(game.outcome(), StarOutcome::Ongoing);
        play_all(&mut game, &there_and_back[3..]);
        assert_eq!(game.occurrences(game.position()), 3);
        let expected = match rules {
            StarRules::Standard => StarOutcome::Draw(StarDraw::Repetition),
            StarRules::OpenSpiel => StarOutcome::Ongoing,
        };
        assert_eq!(game.outcome(), expected, "{rules}");
        game.undo().unwrap();
        assert_eq!(game.outcome(), StarOutcome::Ongoing);
    }
}

#[test]
fn an_openspiel_game_is_drawn_after_a_thousand_turns() {
    use halma::{StarDraw, StarGame, StarOutcome, StarPlayError};
    let mut game = StarGame::new(StarRules::OpenSpiel);
    let there_and_back = ["6-14", "114-105", "14-6", "105-114"];
    for turn in 0..1_000 {
        assert_eq!(game.outcome(), StarOutcome::Ongoing, "turn {turn}");
        game.play_text(there_and_back[turn % 4]).unwrap();
    }
    assert_eq!(game.turns().len(), StarRules::OPENSPIEL_TURN_LIMIT);
    assert_eq!(game.outcome(), StarOutcome::Draw(StarDraw::TurnLimit));
    assert_eq!(game.outcome().reason_code(), Some("turn_limit"));
    assert_eq!(game.play_text("6-14"), Err(StarPlayError::GameOver));
    assert!(game.legal_moves().is_empty() && !game.must_pass());
    assert_eq!(game.undo(), Ok(Some(mv("105-114"))));
    assert_eq!(game.outcome(), StarOutcome::Ongoing);
}

#[test]
fn a_game_refuses_bad_turns_in_order_and_changes_nothing() {
    use halma::{StarGame, StarPlayError};
    let mut game = StarGame::new(StarRules::Standard);
    assert!(matches!(
        game.play_text("6+14"),
        Err(StarPlayError::Syntax(_))
    ));
    assert!(matches!(
        game.play_text("6-26"),
        Err(StarPlayError::Illegal(_))
    ));
    assert_eq!(game.pass(), Err(StarPlayError::NoPass));
    assert!(game.undo().is_err());
    assert!(game.turns().is_empty());
    assert_eq!(game.start_position(), game.position());
    // A won position is a game already won.
    let (top, bottom): (Vec<u8>, Vec<u8>) = ((0..10).collect(), (111..121).collect());
    let won = StarGame::from_position(position(&bottom, &top, Side::O, StarRules::OpenSpiel));
    assert_eq!(won.outcome().winner(), Some(Side::X));
    assert_eq!(won.parse_move("111-100"), Err(StarPlayError::GameOver));
}

#[test]
fn star_errors_are_readable_send_sync_errors_of_their_kind() {
    use halma::{Error, ErrorKind, ParseStarRulesError, StarGame, StarPlayError};
    fn readable<E: Error>(error: E, kind: ErrorKind, needle: &str) {
        let message = error.to_string();
        assert!(!message.starts_with(char::is_uppercase) && !message.ends_with('.'));
        assert!(message.contains(needle), "{message:?} lacks {needle:?}");
        assert_eq!(error.kind(), kind, "{message}");
    }
    readable("121".parse::<Hole>().unwrap_err(), ErrorKind::Parse, "121");
    readable(
        "3_14".parse::<StarMove>().unwrap_err(),
        ErrorKind::Parse,
        "3_14",
    );
    readable(
        "chess".parse::<StarRules>().unwrap_err(),
        ErrorKind::Parse,
        "chess",
    );
    readable(
        "x o".parse::<StarPosition>().unwrap_err(),
        ErrorKind::Parse,
        "17 rows",
    );
    let start = StarPosition::start(StarRules::Standard);
    readable(
        start.parse_move("6-26").unwrap_err(),
        ErrorKind::IllegalMove,
        "26",
    );
    readable(start.parse_move("6-").unwrap_err(), ErrorKind::Parse, "6-");
    let mut game = StarGame::new(StarRules::Standard);
    readable(game.pass().unwrap_err(), ErrorKind::IllegalMove, "pass");
    readable(game.undo().unwrap_err(), ErrorKind::NothingToUndo, "undo");
    let cells = [0u8; 121];
    readable(
        StarPosition::from_cells(&cells, Side::X, StarRules::OpenSpiel).unwrap_err(),
        ErrorKind::InvalidPosition,
        "0 pieces",
    );
    let _: fn() = || {
        fn send_sync<T: Send + Sync + 'static>() {}
        send_sync::<StarPlayError>();
        send_sync::<ParseStarRulesError>();
        send_sync::<ParseStarPositionError>();
    };
}
