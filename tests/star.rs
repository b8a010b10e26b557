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
