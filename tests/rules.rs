//! One named test for every rule of RULES.md, in the order of that page.
//!
//! Hand-built positions use `build`: the named pieces, with each side topped up to 19 by
//! filler pieces far from the squares a test looks at (`x` on ranks 1 to 3 from file a,
//! `o` on ranks 16 down to 14 from file h).

mod common;

use std::collections::BTreeSet;

use common::{Rng, mv, names, pos, position_of, sq, squares};
use halma::{
    Bitboard, Draw, Game, IllegalMoveError, Move, Outcome, ParseLegalMoveError, ParseMoveError,
    PlayError, Position, Side, Square, perft,
};

/// The named pieces, each side topped up to 19 with fillers away from the action.
fn build(x: &[&str], o: &[&str], turn: Side) -> Position {
    let mut pieces = [squares(x), squares(o)];
    let used = pieces[0] | pieces[1];
    let x_filler = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
        .iter()
        .flat_map(|f| (1..=3).map(move |r| format!("{f}{r}")));
    let mut x_filler: Vec<Square> = x_filler.map(|n| sq(&n)).collect();
    x_filler.sort();
    let o_filler = ["h", "i", "j", "k", "l", "m", "n", "o", "p"]
        .iter()
        .flat_map(|f| (14..=16).map(move |r| format!("{f}{r}")));
    let mut o_filler: Vec<Square> = o_filler.map(|n| sq(&n)).collect();
    o_filler.sort_by_key(|s| std::cmp::Reverse(*s));
    for (side, filler) in [(Side::X, x_filler), (Side::O, o_filler)] {
        let plane = &mut pieces[side.index()];
        for square in filler {
            if plane.count() == 19 {
                break;
            }
            if !used.contains(square) {
                plane.insert(square);
            }
        }
    }
    Position::from_parts(pieces, turn).unwrap_or_else(|e| panic!("bad test position: {e}"))
}

/// The destinations of the piece on `from`, as names.
fn dests(position: &Position, from: &str) -> BTreeSet<String> {
    names(position.destinations(sq(from))).into_iter().collect()
}

fn set(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn path_of(position: &Position, text: &str) -> Vec<String> {
    position
        .jump_path(mv(text))
        .unwrap_or_else(|| panic!("{text} has no path"))
        .iter()
        .map(Square::to_string)
        .collect()
}

// ---------------------------------------------------------------- Board and squares

#[test]
fn squares_are_named_file_then_rank_and_indexed_rank_major() {
    for (name, index) in [
        ("a1", 0),
        ("p1", 15),
        ("a16", 240),
        ("p16", 255),
        ("l2", 27),
    ] {
        assert_eq!(sq(name).index(), index, "{name}");
        assert_eq!(Square::new(index).to_string(), name);
    }
    let files = "abcdefghijklmnop";
    for rank in 1..=16u8 {
        for (file, letter) in files.chars().enumerate() {
            let name = format!("{letter}{rank}");
            let square = sq(&name);
            assert_eq!(square.index(), (rank - 1) * 16 + file as u8, "{name}");
            let (f, r) = (square.file_of(), square.rank_of());
            assert_eq!(
                (f.char(), f.number(), f.index()),
                (letter, file as u8 + 1, file as u8)
            );
            assert_eq!((r.number(), r.index()), (rank, rank - 1));
            assert_eq!(
                (f.to_string(), r.to_string()),
                (letter.to_string(), rank.to_string())
            );
            assert_eq!(Square::at(f, r), square);
            assert_eq!(square.to_string(), name);
        }
    }
    assert_eq!(Square::all().count(), 256);
}

// ---------------------------------------------------------------- Sides and camps

#[test]
fn camps_are_the_staircases_of_the_rules() {
    let x_home = "l1 m1 n1 o1 p1 l2 m2 n2 o2 p2 m3 n3 o3 p3 n4 o4 p4 o5 p5";
    let o_home = "a12 b12 a13 b13 c13 a14 b14 c14 d14 a15 b15 c15 d15 e15 a16 b16 c16 d16 e16";
    assert_eq!(names(Side::X.home()).join(" "), x_home);
    assert_eq!(names(Side::O.home()).join(" "), o_home);
    // The definition: dr < 5, dc < 5, dr + dc <= 5 from the camp's corner.
    for square in Square::all() {
        let (f, r) = (
            square.file_of().index() as i32,
            square.rank_of().index() as i32,
        );
        let in_corner = |cf: i32, cr: i32| {
            let (dc, dr) = ((f - cf).abs(), (r - cr).abs());
            dc < 5 && dr < 5 && dc + dr <= 5
        };
        assert_eq!(
            Side::X.home().contains(square),
            in_corner(15, 0),
            "{square}"
        );
        assert_eq!(
            Side::O.home().contains(square),
            in_corner(0, 15),
            "{square}"
        );
    }
}

#[test]
fn each_goal_camp_is_the_other_sides_home() {
    assert_eq!(Side::X.goal(), Side::O.home());
    assert_eq!(Side::O.goal(), Side::X.home());
    assert_eq!(!Side::X, Side::O);
}

#[test]
fn the_start_fills_each_camp_with_its_owner_and_x_moves_first() {
    let start = Position::start();
    assert_eq!(start.pieces(Side::X), Side::X.home());
    assert_eq!(start.pieces(Side::O), Side::O.home());
    assert_eq!(start.pieces(Side::X).count(), 19);
    assert_eq!(start.pieces(Side::O).count(), 19);
    assert_eq!(start.turn(), Side::X);
    assert_eq!(start.piece_at(sq("p1")), Some(Side::X));
    assert_eq!(start.piece_at(sq("a16")), Some(Side::O));
    assert_eq!(start.to_string(), common::START);
    assert_eq!(pos(common::START), start);
    assert_eq!(Game::new().position(), &start);
}

// ---------------------------------------------------------------- Moves

#[test]
fn a_step_goes_to_any_of_the_eight_neighbours() {
    let position = build(&["h8", "p1"], &[], Side::X);
    assert_eq!(
        dests(&position, "h8"),
        set(&["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"])
    );
    // At the edge and in a corner, fewer neighbours.
    assert_eq!(dests(&position, "p1"), set(&["o1", "o2", "p2"]));
    // A step ends the turn.
    let mut after = position;
    after.play(mv("h8-h9")).unwrap();
    assert_eq!(after.turn(), Side::O);
    assert_eq!(after.piece_at(sq("h9")), Some(Side::X));
    assert_eq!(after.piece_at(sq("h8")), None);
}

#[test]
fn a_step_needs_an_empty_square() {
    let position = build(&["h8", "h9"], &["g8"], Side::X);
    let d = dests(&position, "h8");
    assert!(!d.contains("h9") && !d.contains("g8"), "{d:?}");
    assert!(d.contains("i9") && d.contains("g7"));
    assert!(matches!(
        position.check_move(mv("h8-g8")),
        Err(IllegalMoveError::OccupiedTarget { .. })
    ));
}

#[test]
fn a_jump_goes_over_an_adjacent_own_piece_in_all_eight_directions() {
    let ring = ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"];
    let mut x = vec!["h8"];
    x.extend(ring);
    let position = build(&x, &[], Side::X);
    assert_eq!(
        dests(&position, "h8"),
        set(&["f6", "h6", "j6", "f8", "j8", "f10", "h10", "j10"])
    );
}

#[test]
fn a_jump_goes_over_an_adjacent_opponent_piece_in_all_eight_directions() {
    let ring = ["g7", "h7", "i7", "g8", "i8", "g9", "h9", "i9"];
    let position = build(&["h8"], &ring, Side::X);
    assert_eq!(
        dests(&position, "h8"),
        set(&["f6", "h6", "j6", "f8", "j8", "f10", "h10", "j10"])
    );
}

#[test]
fn a_jump_needs_an_adjacent_piece_and_an_empty_square_beyond() {
    // A piece two squares away cannot be jumped (no long jumps).
    let far = build(&["h8"], &["h10"], Side::X);
    let d = dests(&far, "h8");
    assert!(!d.contains("h12") && !d.contains("h11"), "{d:?}");
    assert_eq!(d.len(), 8, "only steps: {d:?}");
    // The square beyond must be empty.
    let blocked = build(&["h8"], &["h9", "h10"], Side::X);
    assert!(!dests(&blocked, "h8").contains("h10"));
    assert!(!dests(&blocked, "h8").contains("h11"));
    // And on the board.
    let edge = build(&["b8"], &["a8"], Side::X);
    assert_eq!(
        dests(&edge, "b8"),
        set(&["a7", "b7", "c7", "c8", "a9", "b9", "c9"])
    );
}

#[test]
fn jumps_chain_over_pieces_of_either_side() {
    let position = build(&["e4", "e7"], &["e5", "f9", "h11"], Side::X);
    let d = dests(&position, "e4");
    for landing in ["e6", "e8", "g10", "i12"] {
        assert!(d.contains(landing), "{landing} missing from {d:?}");
    }
    assert_eq!(
        path_of(&position, "e4-i12"),
        ["e4", "e6", "e8", "g10", "i12"]
    );
    assert_eq!(position.parse_move("e4-e6-e8-g10-i12"), Ok(mv("e4-i12")));
}

#[test]
fn a_chain_may_stop_after_any_jump() {
    let position = build(&["e4", "e7"], &["e5", "f9", "h11"], Side::X);
    for (to, hops) in [("e6", 1), ("e8", 2), ("g10", 3), ("i12", 4)] {
        let m = mv(&format!("e4-{to}"));
        assert!(position.is_legal(m), "{m}");
        assert_eq!(position.jump_path(m).unwrap().len(), hops + 1, "{m}");
    }
}

#[test]
fn jumped_pieces_stay_where_they_are() {
    let mut position = build(&["e4", "e7"], &["e5", "f9", "h11"], Side::X);
    let o_before = position.pieces(Side::O);
    position.play(mv("e4-i12")).unwrap();
    assert_eq!(position.pieces(Side::O), o_before);
    assert_eq!(position.pieces(Side::X).count(), 19);
    assert_eq!(position.piece_at(sq("e7")), Some(Side::X));
    assert_eq!(position.piece_at(sq("i12")), Some(Side::X));
    assert_eq!(position.piece_at(sq("e4")), None);
}

#[test]
fn the_origin_is_vacated_during_a_chain() {
    // e5 can jump to e7 over e6, back over e6 onto its own (empty) origin, and on over e4
    // to e3: the chain may land on and pass the origin.
    let position = build(&["e5"], &["e6", "e4"], Side::X);
    assert_eq!(
        dests(&position, "e5"),
        set(&["d4", "f4", "d5", "f5", "d6", "f6", "e7", "e3"])
    );
    // A hop path never names a square twice, so a path through the origin is not text.
    assert_eq!(
        position.parse_move("e5-e7-e5-e3"),
        Err(ParseLegalMoveError::Syntax(
            ParseMoveError::RepeatedSquare { square: sq("e5") }
        ))
    );
}

#[test]
fn the_origin_is_never_jumped_over() {
    // A chain keeps the parity of file and rank, so the moving piece never stands next to
    // its own origin and can never jump over it: no landing of any hop path is adjacent to
    // the origin. Checked on positions of random games.
    let mut rng = Rng::new(7);
    let mut jumps = 0;
    for game in 0..6 {
        for position in common::playout(&mut rng, 120, [0, 80][game % 2]) {
            for m in position.legal_moves() {
                let path = position.jump_path(m).expect("legal move has a path");
                if path.len() == 2 && is_neighbour(m.from, m.to) {
                    continue;
                }
                jumps += 1;
                for &square in &path[1..] {
                    assert!(
                        !is_neighbour(m.from, square),
                        "{m} passes next to its origin: {path:?} in {position}"
                    );
                    assert_eq!(square.file_of().index() % 2, m.from.file_of().index() % 2);
                    assert_eq!(square.rank_of().index() % 2, m.from.rank_of().index() % 2);
                }
            }
        }
    }
    assert!(jumps > 1_000, "only {jumps} jumps seen");
}

fn is_neighbour(a: Square, b: Square) -> bool {
    a != b
        && a.file_of().index().abs_diff(b.file_of().index()) <= 1
        && a.rank_of().index().abs_diff(b.rank_of().index()) <= 1
}

#[test]
fn a_move_back_to_the_origin_is_not_a_move() {
    // e5 can chain back to e5 (e5-e7-e5), but that is not a move.
    let position = build(&["e5"], &["e6", "e4"], Side::X);
    assert!(!position.destinations(sq("e5")).contains(sq("e5")));
    assert!(position.legal_moves().iter().all(|m| m.from != m.to));
    assert_eq!(
        position.check_move(mv("e5-e5")),
        Err(IllegalMoveError::SameSquare { square: sq("e5") })
    );
    // Nor is passing: a side with no move does not pass, the game is drawn (see below).
}

#[test]
fn steps_and_jumps_never_share_a_destination() {
    // A step changes the file or rank parity, a chain of jumps keeps both: so from-to names
    // one move, and no move is listed twice.
    let mut rng = Rng::new(11);
    for game in 0..6 {
        for position in common::playout(&mut rng, 150, [0, 90][game % 2]) {
            let moves = position.legal_moves();
            let unique: BTreeSet<Move> = moves.iter().copied().collect();
            assert_eq!(
                unique.len(),
                moves.len(),
                "a move listed twice in {position}"
            );
            for m in &moves {
                let path = position.jump_path(*m).unwrap();
                let keeps_parity = m.from.file_of().index() % 2 == m.to.file_of().index() % 2
                    && m.from.rank_of().index() % 2 == m.to.rank_of().index() % 2;
                if is_neighbour(m.from, m.to) {
                    assert!(!keeps_parity, "{m}");
                    assert_eq!(path.len(), 2, "a step is one square: {m} in {position}");
                } else {
                    assert!(keeps_parity, "{m} in {position}");
                    assert!(path.len() >= 2);
                    for hop in path.windows(2) {
                        assert!(
                            hop[0].file_of().index().abs_diff(hop[1].file_of().index()) % 2 == 0
                                && hop[0].rank_of().index().abs_diff(hop[1].rank_of().index()) % 2
                                    == 0,
                            "{m}: hop {:?} in {position}",
                            hop
                        );
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------- The goal-camp rule

#[test]
fn a_piece_in_its_goal_camp_only_steps_inside_it() {
    // x's goal is the top-left camp; c13 is in it, c12, d12 and d13 are not.
    let position = build(&["c13"], &[], Side::X);
    assert_eq!(
        dests(&position, "c13"),
        set(&["b12", "b13", "b14", "c14", "d14"])
    );
    assert_eq!(
        position.check_move(mv("c13-d12")),
        Err(IllegalMoveError::LeavesGoal {
            from: sq("c13"),
            to: sq("d12")
        })
    );
    // The same for o in its goal, the bottom-right camp: m3 steps to l2, m2, n2, n3, n4
    // only, not to l3, l4 or m4.
    let position = build(&[], &["m3"], Side::O);
    assert_eq!(dests(&position, "m3"), set(&["l2", "m2", "n2", "n3", "n4"]));
}

#[test]
fn a_piece_in_its_goal_camp_only_jumps_inside_it() {
    // From c13 (in the goal): over d13 to e13 would leave the goal; over c14 to c15 stays.
    let position = build(&["c13"], &["d13", "c14"], Side::X);
    assert_eq!(
        dests(&position, "c13"),
        set(&["b12", "b13", "b14", "d14", "c15"])
    );
    assert_eq!(
        position.check_move(mv("c13-e13")),
        Err(IllegalMoveError::LeavesGoal {
            from: sq("c13"),
            to: sq("e13")
        })
    );
    assert_eq!(
        position.parse_move("c13-e13"),
        Err(ParseLegalMoveError::Illegal(IllegalMoveError::LeavesGoal {
            from: sq("c13"),
            to: sq("e13")
        }))
    );
}

#[test]
fn a_chain_that_enters_the_goal_camp_cannot_leave_it() {
    // e11 jumps over d12 into the goal at c13; from there over d13 to e13 would leave it, so
    // e13 is not a destination. Over b14 to a15 stays inside, so the chain goes on there.
    let position = build(&["e11"], &["d12", "d13", "b14"], Side::X);
    let d = dests(&position, "e11");
    assert!(d.contains("c13") && d.contains("a15"), "{d:?}");
    assert!(!d.contains("e13"), "the chain left the goal: {d:?}");
    assert_eq!(path_of(&position, "e11-a15"), ["e11", "c13", "a15"]);
    assert_eq!(
        position.parse_move("e11-c13-e13"),
        Err(ParseLegalMoveError::Illegal(IllegalMoveError::LeavesGoal {
            from: sq("c13"),
            to: sq("e13")
        }))
    );
    assert!(matches!(
        position.check_move(mv("e11-e13")),
        Err(IllegalMoveError::Unreachable { .. })
    ));
    // Control: without the goal camp in the way (the same shape mirrored to the right of
    // the board), the chain does reach the square beyond.
    let free = build(&["l11"], &["m12", "m13", "o14"], Side::X);
    assert!(dests(&free, "l11").contains("l13"));
}

#[test]
fn the_goal_rule_binds_only_the_goal_camp() {
    // Pieces leave their home camps freely (x's home is o's goal and the reverse).
    let start = Position::start();
    assert!(start.is_legal(mv("l2-k3")));
    assert!(start.is_legal(mv("n3-n5")));
    let mut after = start;
    after.play(mv("l2-k3")).unwrap();
    assert!(after.is_legal(mv("e15-f14")));
    // An o piece left in o's home (x's goal) may still leave it.
    let position = build(&["c13"], &["b14"], Side::O);
    assert!(position.is_legal(mv("b14-a13")));
    assert!(
        dests(&position, "b14").contains("d12"),
        "o jumps out over c13"
    );
}

// ---------------------------------------------------------------- End of the game

/// x on every square of its goal but `missing`, plus `outside`; o where given (topped up).
fn x_almost_home(missing: &str, outside: &str, o: &[&str], turn: Side) -> Position {
    let mut x: Vec<String> = names(Side::X.goal())
        .into_iter()
        .filter(|s| s != missing)
        .collect();
    x.push(outside.to_owned());
    let x: Vec<&str> = x.iter().map(String::as_str).collect();
    build(&x, o, turn)
}

#[test]
fn a_side_wins_when_its_19_pieces_fill_its_goal_camp() {
    let mut game = Game::from_position(x_almost_home("e16", "f16", &[], Side::X));
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert_eq!(game.position().winner(), None);
    game.play_text("f16-e16").unwrap();
    assert_eq!(game.outcome(), Outcome::Win(Side::X));
    assert!(game.outcome().is_over());
    assert_eq!(game.position().winner(), Some(Side::X));
    assert_eq!(game.position().pieces(Side::X), Side::X.goal());
}

#[test]
fn only_the_side_that_just_moved_can_win() {
    // x has 18 pieces in its goal; o's piece on e16 holds the last square. o moving it
    // away does not make x win: x wins only with its own move into the square.
    let start = x_almost_home("e16", "f16", &["e16"], Side::O);
    let mut game = Game::from_position(start);
    game.play_text("e16-f15").unwrap();
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert_eq!(game.position().winner(), None);
    game.play_text("f16-e16").unwrap();
    assert_eq!(game.outcome(), Outcome::Win(Side::X));
    // o has no reply: the position is finished.
    assert!(game.legal_moves().is_empty());
    assert!(game.position().legal_moves().is_empty());
}

#[test]
fn a_loaded_won_position_is_finished_and_won_whichever_side_is_to_move() {
    for winner in Side::ALL {
        for turn in Side::ALL {
            let mut pieces = [Bitboard::EMPTY; 2];
            pieces[winner.index()] = winner.goal();
            // The loser spread over ranks 7 and 8.
            pieces[(!winner).index()] = Square::all()
                .filter(|s| (6..8).contains(&s.rank_of().index()))
                .take(19)
                .collect();
            let position = Position::from_parts(pieces, turn).unwrap();
            let text = position.to_string();
            let loaded: Position = text.parse().unwrap();
            assert_eq!(loaded.winner(), Some(winner), "{text}");
            assert!(loaded.legal_moves().is_empty(), "{text}");
            assert_eq!(loaded.count_moves(), 0);
            assert!(!loaded.has_legal_move());
            let game = Game::from_position(loaded);
            assert_eq!(game.outcome(), Outcome::Win(winner), "{text}");
            assert!(game.legal_moves().is_empty());
            let some_piece = loaded.pieces(turn).first().unwrap();
            assert_eq!(
                loaded.check_move(Move::new(some_piece, sq("h10"))),
                Err(IllegalMoveError::PositionWon { winner })
            );
        }
    }
}

#[test]
fn a_position_occurring_the_third_time_draws_counting_the_first() {
    let cycle = ["l2-k3", "e15-f14", "k3-l2", "f14-e15"];
    let mut game = Game::new();
    for text in cycle {
        game.play_text(text).unwrap();
    }
    // The start has occurred twice (the first position counts).
    assert_eq!(game.occurrences(&Position::start()), 2);
    assert_eq!(game.outcome(), Outcome::Ongoing);
    for text in &cycle[..3] {
        game.play_text(text).unwrap();
        assert_eq!(game.outcome(), Outcome::Ongoing, "after {text}");
    }
    game.play_text(cycle[3]).unwrap();
    assert_eq!(game.occurrences(&Position::start()), 3);
    assert_eq!(game.outcome(), Outcome::Draw(Draw::Repetition));
    assert_eq!(game.moves().len(), 8);
}

#[test]
fn a_repeated_position_needs_the_same_side_to_move() {
    // x's piece goes round a triangle (3 moves) while o goes back and forth (2 moves): after
    // 5 plies the placement is the start's, but with o to move. Not a repetition of it.
    let mut game = Game::new();
    let x_cycle = ["l2-k3", "k3-k2", "k2-l2"];
    let o_cycle = ["e15-f14", "f14-e15"];
    let (mut xi, mut oi) = (0, 0);
    let mut same_placement = 0;
    for ply in 0..30 {
        let text = if ply % 2 == 0 {
            xi += 1;
            x_cycle[(xi - 1) % 3]
        } else {
            oi += 1;
            o_cycle[(oi - 1) % 2]
        };
        game.play_text(text).unwrap();
        let p = game.position();
        if p.pieces(Side::X) == Side::X.home() && p.pieces(Side::O) == Side::O.home() {
            same_placement += 1;
        }
        if game.outcome().is_over() {
            break;
        }
    }
    // The start's placement came back after 5, 12, 17 and 24 plies, with o to move after 5
    // and 17: those are other positions. The start itself (x to move) occurred for the third
    // time after 24 plies, and only then was the game drawn.
    assert_eq!(same_placement, 4);
    assert_eq!(game.moves().len(), 24);
    assert_eq!(game.outcome(), Outcome::Draw(Draw::Repetition));
    assert_eq!(game.position(), &Position::start());
    assert_eq!(game.occurrences(&Position::start()), 3);
    let flipped = Position::from_parts([Side::X.home(), Side::O.home()], Side::O).unwrap();
    assert_eq!(game.occurrences(&flipped), 2);
}

#[test]
fn a_repetition_counts_from_a_loaded_first_position() {
    let first = pos(
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
    );
    // A step of each side that can be stepped back: outside the goals, not into each
    // other's squares.
    let plain_step = |p: &Position, avoid: &[Square]| {
        let goal = p.turn().goal();
        p.legal_moves()
            .into_iter()
            .find(|m| {
                is_neighbour(m.from, m.to)
                    && !goal.contains(m.from)
                    && !goal.contains(m.to)
                    && !avoid.contains(&m.from)
                    && !avoid.contains(&m.to)
                    && avoid
                        .iter()
                        .all(|&a| !is_neighbour(a, m.from) && !is_neighbour(a, m.to))
            })
            .expect("a plain step")
    };
    let x_move = plain_step(&first, &[]);
    let mut after_x = first;
    after_x.play(x_move).unwrap();
    let o_move = plain_step(&after_x, &[x_move.from, x_move.to]);
    let back = |m: Move| Move::new(m.to, m.from);
    let mut game = Game::from_position(first);
    for round in 0..2 {
        assert_eq!(game.outcome(), Outcome::Ongoing, "round {round}");
        for m in [x_move, o_move, back(x_move), back(o_move)] {
            game.play(m)
                .unwrap_or_else(|e| panic!("{m} in round {round}: {e}"));
        }
    }
    assert_eq!(game.occurrences(&first), 3);
    assert_eq!(game.outcome(), Outcome::Draw(Draw::Repetition));
}

/// x: 18 pieces in its goal (o's home) and one on p16; o holds the last goal square a16 and
/// walls p16 in (o16, o15, p15, and n16, n14, p14 beyond them); the rest of o on rank 8.
fn blocked_x(o_extra: &str, turn: Side) -> Position {
    let mut x: Vec<String> = names(Side::X.goal())
        .into_iter()
        .filter(|s| s != "a16")
        .collect();
    x.push("p16".to_owned());
    let mut o: Vec<String> = ["a16", "o16", "o15", "p15", "n16", "p14", o_extra]
        .iter()
        .map(|s| s.to_string())
        .collect();
    o.extend(('a'..='l').map(|f| format!("{f}8")));
    let x: Vec<&str> = x.iter().map(String::as_str).collect();
    let o: Vec<&str> = o.iter().map(String::as_str).collect();
    position_of(&x, &o, turn)
}

#[test]
fn no_legal_move_draws_the_game() {
    // A side with no legal move is possible with 19 pieces a side: its pieces fill all but
    // one square of its goal, an opponent's piece holds that square, and its last piece is
    // walled into a corner.
    let blocked = blocked_x("n14", Side::X);
    assert_eq!(blocked.winner(), None);
    assert!(!blocked.has_legal_move());
    assert!(blocked.legal_moves().is_empty());
    let game = Game::from_position(blocked);
    assert_eq!(game.outcome(), Outcome::Draw(Draw::NoMoves));
    // Reached by a move: o closes the last gap, m13-n14.
    let before = blocked_x("m13", Side::O);
    let mut game = Game::from_position(before);
    assert_eq!(game.outcome(), Outcome::Ongoing);
    let mut x_view = before;
    x_view.play(mv("m13-l13")).unwrap();
    assert!(x_view.is_legal(mv("p16-n14")), "x could still jump out");
    game.play_text("m13-n14").unwrap();
    assert_eq!(game.outcome(), Outcome::Draw(Draw::NoMoves));
    assert_eq!(game.position(), &blocked);
}

#[test]
fn a_finished_game_has_no_legal_moves() {
    // Won.
    let mut won = Game::from_position(x_almost_home("e16", "f16", &[], Side::X));
    won.play_text("f16-e16").unwrap();
    // Drawn by repetition: the position itself still has moves, the game does not.
    let mut repeated = Game::new();
    for _ in 0..2 {
        for text in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] {
            repeated.play_text(text).unwrap();
        }
    }
    assert!(repeated.position().has_legal_move());
    // Drawn for want of moves.
    let blocked = Game::from_position(blocked_x("n14", Side::X));
    for (name, mut game) in [
        ("won", won),
        ("repetition", repeated),
        ("no moves", blocked),
    ] {
        assert!(game.outcome().is_over(), "{name}");
        assert!(game.legal_moves().is_empty(), "{name}");
        let any = Move::new(sq("l2"), sq("k3"));
        assert_eq!(game.play(any), Err(PlayError::GameOver), "{name}");
        assert_eq!(game.play_text("l2-k3"), Err(PlayError::GameOver), "{name}");
    }
}

#[test]
fn a_move_can_be_taken_back_out_of_a_finished_game() {
    let mut game = Game::from_position(x_almost_home("e16", "f16", &[], Side::X));
    game.play_text("f16-e16").unwrap();
    assert_eq!(game.undo(), Ok(mv("f16-e16")));
    assert_eq!(game.outcome(), Outcome::Ongoing);
    assert!(game.legal_moves().iter().any(|m| *m == mv("f16-e16")));
}

// ---------------------------------------------------------------- Notation

#[test]
fn a_move_is_written_from_dash_to_in_lower_case() {
    let m: Move = "l2-k3".parse().unwrap();
    assert_eq!(m, Move::new(sq("l2"), sq("k3")));
    assert_eq!(m.to_string(), "l2-k3");
    assert_eq!(Position::start().parse_move("l2-k3"), Ok(m));
    assert_eq!(mv("n2-n6").to_string(), "n2-n6");
    assert_eq!(mv("a16-p1").to_string(), "a16-p1");
    assert!("L2-K3".parse::<Move>().is_err());
    assert!("l2k3".parse::<Move>().is_err());
    assert!("l2 - k3".parse::<Move>().is_err());
}

#[test]
fn a_hop_path_names_its_move_as_in_the_rules_example() {
    // After n4-n5 b12-b11, n2-n4-n6 means the move n2-n6.
    let mut game = Game::new();
    game.play_text("n4-n5").unwrap();
    game.play_text("b12-b11").unwrap();
    let position = *game.position();
    assert_eq!(position.parse_move("n2-n4-n6"), Ok(mv("n2-n6")));
    assert_eq!(position.parse_move("n2-n6"), Ok(mv("n2-n6")));
    assert_eq!(path_of(&position, "n2-n6"), ["n2", "n4", "n6"]);
    assert_eq!(game.play_text("n2-n4-n6"), Ok(mv("n2-n6")));
    assert_eq!(game.moves(), [mv("n4-n5"), mv("b12-b11"), mv("n2-n6")]);
    // Without a position, only from-to is move text.
    assert_eq!(
        "n2-n4-n6".parse::<Move>(),
        Err(ParseMoveError::PathNotAllowed)
    );
}

#[test]
fn a_hop_path_must_be_one_chain_of_legal_jumps() {
    let position = build(&["e4", "e7"], &["e5", "f9", "h11"], Side::X);
    assert_eq!(position.parse_move("e4-e6-e8-g10"), Ok(mv("e4-g10")));
    // Skipping a landing is not a hop.
    assert_eq!(
        position.parse_move("e4-e8-g10"),
        Err(ParseLegalMoveError::Illegal(IllegalMoveError::NotAJump {
            from: sq("e4"),
            to: sq("e8")
        }))
    );
    // A step is not a hop.
    assert!(matches!(
        position.parse_move("e4-e6-f6"),
        Err(ParseLegalMoveError::Illegal(
            IllegalMoveError::NotAJump { .. }
        ))
    ));
    // A square named twice.
    assert_eq!(
        position.parse_move("e4-e6-e8-e6"),
        Err(ParseLegalMoveError::Syntax(
            ParseMoveError::RepeatedSquare { square: sq("e6") }
        ))
    );
}

#[test]
fn position_text_round_trips_for_the_rules_positions() {
    for text in [
        common::START,
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
        "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
        "3xx11/x3x11/3x12/2x13/1o14/1o14/1ooo12/1oo1o11/oooo12/1o14/13x2/12xxxx/11x2x1/11x1xx1/11oxxx1/11ooooo o",
    ] {
        let position = pos(text);
        assert_eq!(position.to_string(), text);
        assert_eq!(position.pieces(Side::X).count(), 19);
        assert_eq!(position.pieces(Side::O).count(), 19);
    }
    // The first rank of the text is rank 16, files a to p.
    let middle = pos(
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
    );
    assert_eq!(middle.piece_at(sq("b16")), Some(Side::O));
    assert_eq!(middle.piece_at(sq("a15")), Some(Side::X));
    assert_eq!(middle.piece_at(sq("p1")), Some(Side::X));
    assert_eq!(middle.piece_at(sq("a1")), None);
}

#[test]
fn position_text_is_strict() {
    let start = common::START;
    let (placement, _) = start.split_once(' ').unwrap();
    let bad = [
        format!("{start} "),                                   // trailing space
        format!("{placement}  x"),                             // two spaces
        format!("{placement}\tx"),                             // a tab
        format!("{placement} X"),                              // upper case side
        format!("{placement} xo"),                             // trailing text
        format!(" {start}"),                                   // leading space
        start.replace("11/", "011/"),                          // leading zero
        start.replace("/16/", "/8/8/"),                        // ranks of 8 squares
        start.replace("/16/", "/0016/"),                       // leading zeros
        start.replacen("ooooo11", "OOOOO11", 1),               // upper case pieces
        start.replacen("16/16/16", "16/15/16", 1),             // a short rank
        start.replacen("16/16/16", "16/17/16", 1),             // a run over 16
        start.replacen("16/16/16", "16/1-15/16", 1),           // a stray character
        start.replacen("14xx/", "14xx//", 1),                  // an empty rank
        start.replacen("16/16/16", "16/16/16/", 1),            // too many separators
        format!("{} x", placement.split_once('/').unwrap().1), // 15 ranks, not 16
    ];
    for text in &bad {
        assert!(text.parse::<Position>().is_err(), "accepted {text:?}");
    }
    // Each valid text is the canonical one: it prints back unchanged.
    assert_eq!(pos(start).to_string(), start);
}

#[test]
fn a_valid_position_has_19_pieces_a_side_and_not_both_goals_filled() {
    let both = Position::from_parts([Side::X.goal(), Side::O.goal()], Side::X);
    assert!(both.is_err());
    let mut short = Side::X.home();
    short.remove(sq("p1"));
    assert!(Position::from_parts([short, Side::O.home()], Side::X).is_err());
    let long = Side::O.home().with(sq("h8"));
    assert!(Position::from_parts([Side::X.home(), long], Side::X).is_err());
    // One goal filled is a valid (finished) position.
    let one = Position::from_parts(
        [
            Side::X.goal(),
            squares(&[
                "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "i1", "j1", "a2", "b2", "c2", "d2",
                "e2", "f2", "g2", "h2", "i2",
            ]),
        ],
        Side::O,
    );
    assert!(one.is_ok());
}

// ---------------------------------------------------------------- Perft

#[test]
fn perft_counts_of_the_rules_table_at_depths_1_and_2() {
    // The full table is tests/perft.rs; here the small counts, as a rule of the page.
    for (text, counts) in [
        (common::START, [40, 1_600]),
        (
            "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
            [157, 21_232],
        ),
        (
            "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
            [52, 780],
        ),
        (
            "3xx11/x3x11/3x12/2x13/1o14/1o14/1ooo12/1oo1o11/oooo12/1o14/13x2/12xxxx/11x2x1/11x1xx1/11oxxx1/11ooooo o",
            [105, 10_809],
        ),
    ] {
        let position = pos(text);
        assert_eq!(perft(&position, 1), counts[0], "{text}");
        assert_eq!(perft(&position, 2), counts[1], "{text}");
    }
}
