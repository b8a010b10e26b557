//! Properties of the rules engine, checked with proptest on random positions: positions
//! reached by random (partly progress-biased) move sequences from the start, and random
//! dense placements with many pieces in goal camps.

mod common;

use std::collections::BTreeSet;

use common::Rng;
use halma::{Bitboard, Game, Move, Position, Side, Square};
use proptest::prelude::*;
use proptest::sample::select;

/// The hash of `position` computed from scratch: that of the same placement and side to move
/// built anew.
fn rebuilt_hash(position: &Position) -> u64 {
    let pieces = [position.pieces(Side::X), position.pieces(Side::O)];
    Position::from_parts(pieces, position.turn())
        .expect("a valid position")
        .hash()
}

/// Plays `choices.len()` moves from the start (fewer if the game ends): a choice picks a
/// random move, or (when its top bits say so, in `greedy` percent of plies) one of the moves
/// that advance the most toward the goal.
fn play_choices(choices: &[u32], greedy: u32) -> (Position, Vec<Move>) {
    let mut position = Position::start();
    let mut played = Vec::new();
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = if (choice >> 16) % 100 < greedy {
            let gain = |m: &Move| position.turn().gain(*m);
            let best = moves.iter().map(gain).max().unwrap();
            let top: Vec<Move> = moves.iter().copied().filter(|m| gain(m) == best).collect();
            top[(choice & 0xffff) as usize % top.len()]
        } else {
            moves[(choice & 0xffff) as usize % moves.len()]
        };
        position.play(m).expect("a generated move is legal");
        played.push(m);
    }
    (position, played)
}

fn after<T>(position: &Position, m: Move, f: impl Fn(&Position) -> T) -> T {
    let mut next = *position;
    next.play_unchecked(m);
    f(&next)
}

/// A position reached from the start by up to 300 plies.
fn reachable() -> impl Strategy<Value = Position> {
    (prop::collection::vec(any::<u32>(), 0..300), 0u32..=100)
        .prop_map(|(choices, greedy)| play_choices(&choices, greedy).0)
}

/// A random dense placement (many pieces in goal camps, goals almost or entirely full).
fn dense() -> impl Strategy<Value = Position> {
    any::<u64>().prop_map(|seed| common::dense_placement(&mut Rng::new(seed)))
}

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![reachable(), dense()]
}

fn square() -> impl Strategy<Value = Square> {
    any::<u8>().prop_map(Square::new)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn position_text_round_trips(position in any_position()) {
        let text = position.to_string();
        let parsed: Position = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(parsed, position);
        prop_assert_eq!(parsed.hash(), position.hash());
        prop_assert_eq!(parsed.to_string(), text);
    }

    #[test]
    fn play_then_undo_restores_position_and_hash(position in any_position()) {
        for m in position.legal_moves() {
            let mut copy = position;
            prop_assert_eq!(copy.play(m), Ok(()));
            prop_assert_ne!(copy, position);
            prop_assert_eq!(copy.turn(), !position.turn());
            prop_assert_eq!(copy.hash(), rebuilt_hash(&copy));
            copy.undo_unchecked(m);
            prop_assert_eq!(copy, position);
            prop_assert_eq!(copy.hash(), position.hash());
            let mut unchecked = position;
            unchecked.play_unchecked(m);
            unchecked.undo_unchecked(m);
            prop_assert_eq!(unchecked, position);
        }
    }

    #[test]
    fn incremental_hash_equals_recomputed(
        choices in prop::collection::vec(any::<u32>(), 0..300),
        greedy in 0u32..=100,
    ) {
        let (_, moves) = play_choices(&choices, greedy);
        let mut position = Position::start();
        prop_assert_eq!(position.hash(), rebuilt_hash(&position));
        for m in moves {
            position.play(m).unwrap();
            prop_assert_eq!(position.hash(), rebuilt_hash(&position), "after {}", m);
            let fresh: Position = position.to_string().parse().unwrap();
            prop_assert_eq!(fresh.hash(), position.hash());
        }
        // The side to move is part of the hash.
        let flipped = Position::from_parts(
            [position.pieces(Side::X), position.pieces(Side::O)],
            !position.turn(),
        );
        if let Ok(flipped) = flipped {
            prop_assert_ne!(flipped.hash(), position.hash());
        }
    }

    #[test]
    fn no_generated_move_leaves_the_goal_camp(position in any_position()) {
        let goal = position.turn().goal();
        for m in position.legal_moves() {
            prop_assert!(!goal.contains(m.from) || goal.contains(m.to), "{} leaves the goal in {}", m, position);
        }
        for from in position.pieces(position.turn()) & goal {
            let d = position.destinations(from);
            prop_assert_eq!(d - goal, Bitboard::EMPTY, "{} in {}", from, position);
        }
    }

    #[test]
    fn every_generated_move_is_accepted(position in any_position()) {
        let moves = position.legal_moves();
        prop_assert_eq!(moves.len(), position.count_moves());
        prop_assert_eq!(position.has_legal_move(), !moves.is_empty());
        let unique: BTreeSet<Move> = moves.iter().copied().collect();
        prop_assert_eq!(unique.len(), moves.len());
        let mut by_destinations = 0;
        for from in Square::all() {
            let d = position.destinations(from);
            by_destinations += d.count() as usize;
            for to in d {
                prop_assert!(unique.contains(&Move::new(from, to)));
            }
        }
        prop_assert_eq!(by_destinations, moves.len());
        for m in moves {
            prop_assert!(position.is_legal(m), "{} in {}", m, position);
            prop_assert_eq!(position.check_move(m), Ok(()));
            prop_assert_eq!(position.parse_move(&m.to_string()), Ok(m));
            let mut copy = position;
            prop_assert_eq!(copy.play(m), Ok(()));
        }
        if position.winner().is_some() {
            prop_assert!(unique.is_empty());
        }
    }

    #[test]
    fn is_legal_is_membership_in_the_legal_moves(
        position in any_position(),
        pairs in prop::collection::vec((square(), square()), 64),
        own in prop::collection::vec((0usize..19, square()), 64),
    ) {
        let legal: BTreeSet<Move> = position.legal_moves().iter().copied().collect();
        let pieces: Vec<Square> = position.pieces(position.turn()).iter().collect();
        let candidates = pairs
            .into_iter()
            .chain(own.into_iter().map(|(i, to)| (pieces[i], to)))
            .map(|(from, to)| Move::new(from, to));
        for m in candidates {
            let contained = legal.contains(&m);
            prop_assert_eq!(position.is_legal(m), contained, "{} in {}", m, position);
            prop_assert_eq!(position.check_move(m).is_ok(), contained);
            prop_assert_eq!(position.jump_path(m).is_some(), contained);
            let mut copy = position;
            prop_assert_eq!(copy.play(m).is_ok(), contained);
            if !contained {
                prop_assert_eq!(copy, position, "a refused move changed the position");
            }
        }
    }

    #[test]
    fn game_play_then_undo_restores(
        position in any_position(),
        choices in prop::collection::vec(any::<u32>(), 0..40),
    ) {
        let original = Game::from_position(position);
        let mut game = original.clone();
        let mut played = 0;
        for choice in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                prop_assert!(game.outcome().is_over() || moves.is_empty());
                break;
            }
            let m = moves[choice as usize % moves.len()];
            let before = game.clone();
            prop_assert_eq!(game.play(m), Ok(()));
            played += 1;
            prop_assert_eq!(game.position(), &after(before.position(), m, |p| *p));
            // Undo one and play it again: the same game.
            let mut again = game.clone();
            prop_assert_eq!(again.undo(), Ok(m));
            prop_assert_eq!(again.positions(), before.positions());
            prop_assert_eq!(again.outcome(), before.outcome());
            prop_assert_eq!(again.play(m), Ok(()));
            prop_assert_eq!(again.positions(), game.positions());
        }
        prop_assert_eq!(game.moves().len(), played);
        for _ in 0..played {
            prop_assert!(game.undo().is_ok());
        }
        prop_assert!(game.undo().is_err());
        prop_assert_eq!(game.positions(), original.positions());
        prop_assert_eq!(game.moves(), original.moves());
        prop_assert_eq!(game.outcome(), original.outcome());
        prop_assert_eq!(game.position().hash(), original.position().hash());
    }

    #[test]
    fn game_outcome_follows_the_position(position in any_position()) {
        let game = Game::from_position(position);
        match position.winner() {
            Some(side) => prop_assert_eq!(game.outcome(), halma::Outcome::Win(side)),
            None if !position.has_legal_move() => {
                prop_assert_eq!(game.outcome(), halma::Outcome::Draw(halma::Draw::NoMoves))
            }
            None => prop_assert_eq!(game.outcome(), halma::Outcome::Ongoing),
        }
        prop_assert_eq!(game.legal_moves().is_empty(), game.outcome().is_over());
    }

    #[test]
    fn bitboard_matches_a_set_of_indices(
        a in prop::collection::vec(any::<u8>(), 0..120),
        b in prop::collection::vec(any::<u8>(), 0..120),
        probe in select((0..=255u8).collect::<Vec<_>>()),
    ) {
        let sa: BTreeSet<u8> = a.iter().copied().collect();
        let sb: BTreeSet<u8> = b.iter().copied().collect();
        let ba: Bitboard = a.iter().map(|&i| Square::new(i)).collect();
        let bb: Bitboard = b.iter().map(|&i| Square::new(i)).collect();
        let indices = |bitboard: Bitboard| -> Vec<u8> { bitboard.iter().map(Square::index).collect() };
        let all: BTreeSet<u8> = (0..=255).collect();

        prop_assert_eq!(indices(ba), sa.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(ba.count() as usize, sa.len());
        prop_assert_eq!(ba.iter().len(), sa.len());
        prop_assert_eq!(ba.is_empty(), sa.is_empty());
        prop_assert_eq!(ba.first().map(Square::index), sa.first().copied());
        for i in 0..=255u8 {
            prop_assert_eq!(ba.contains(Square::new(i)), sa.contains(&i));
        }
        prop_assert_eq!(indices(ba & bb), sa.intersection(&sb).copied().collect::<Vec<_>>());
        prop_assert_eq!(indices(ba | bb), sa.union(&sb).copied().collect::<Vec<_>>());
        prop_assert_eq!(indices(ba ^ bb), sa.symmetric_difference(&sb).copied().collect::<Vec<_>>());
        prop_assert_eq!(indices(ba - bb), sa.difference(&sb).copied().collect::<Vec<_>>());
        prop_assert_eq!(indices(!ba), all.difference(&sa).copied().collect::<Vec<_>>());
        prop_assert_eq!(ba.is_superset(bb), sa.is_superset(&sb));
        prop_assert_eq!(ba.intersects(bb), !sa.is_disjoint(&sb));

        // Assign forms agree with the operators.
        let mut x = ba; x &= bb; prop_assert_eq!(x, ba & bb);
        let mut x = ba; x |= bb; prop_assert_eq!(x, ba | bb);
        let mut x = ba; x ^= bb; prop_assert_eq!(x, ba ^ bb);
        let mut x = ba; x -= bb; prop_assert_eq!(x, ba - bb);

        // Laws.
        prop_assert_eq!(!(ba | bb), !ba & !bb);
        prop_assert_eq!(!(ba & bb), !ba | !bb);
        prop_assert_eq!(ba - bb, ba & !bb);
        prop_assert_eq!(ba ^ bb, (ba | bb) - (ba & bb));
        prop_assert_eq!(!!ba, ba);
        prop_assert_eq!(ba | Bitboard::EMPTY, ba);
        prop_assert_eq!(ba & Bitboard::FULL, ba);
        prop_assert_eq!(ba ^ ba, Bitboard::EMPTY);
        prop_assert_eq!(ba | !ba, Bitboard::FULL);
        prop_assert!((ba | bb).is_superset(ba));

        // Single squares.
        let p = Square::new(probe);
        let mut with = sa.clone(); with.insert(probe);
        let mut without = sa.clone(); without.remove(&probe);
        prop_assert_eq!(indices(ba.with(p)), with.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(indices(ba.without(p)), without.iter().copied().collect::<Vec<_>>());
        let mut x = ba; x.insert(p); prop_assert_eq!(x, ba.with(p));
        let mut x = ba; x.remove(p); prop_assert_eq!(x, ba.without(p));
        let mut x = ba; x.toggle(p);
        prop_assert_eq!(x, if sa.contains(&probe) { ba.without(p) } else { ba.with(p) });
        prop_assert_eq!(Bitboard::from_square(p), Bitboard::EMPTY.with(p));
        prop_assert_eq!(Bitboard::from(p), Bitboard::from_square(p));

        // pop_first empties the set in index order.
        let mut x = ba;
        let mut popped = Vec::new();
        while let Some(s) = x.pop_first() {
            popped.push(s.index());
        }
        prop_assert_eq!(popped, sa.iter().copied().collect::<Vec<_>>());
        prop_assert!(x.is_empty());

        // Display: 16 rows of 16, rank 16 on top.
        let drawn = ba.to_string();
        let rows: Vec<&str> = drawn.lines().collect();
        prop_assert_eq!(rows.len(), 16);
        for (row, line) in rows.iter().enumerate() {
            prop_assert_eq!(line.chars().count(), 16);
            for (file, c) in line.chars().enumerate() {
                let index = ((15 - row) * 16 + file) as u8;
                prop_assert_eq!(c != '.', sa.contains(&index), "row {} file {}", row, file);
            }
        }
    }
}

/// A position corrupted by `moves` played unchecked from `position`, legal or not (from
/// empty squares, onto pieces, across the board): more or fewer than 19 pieces a side,
/// both goals filled, anything.
fn corrupted(position: &Position, moves: &[(u8, u8)]) -> Position {
    let mut corrupt = *position;
    for &(from, to) in moves {
        corrupt.play_unchecked(Move::new(Square::new(from), Square::new(to)));
    }
    corrupt
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Illegal unchecked moves may corrupt a position, never crash what follows: every call
    /// on it returns (a search included), whatever it answers.
    #[test]
    fn a_corrupted_position_never_panics(
        position in any_position(),
        moves in prop::collection::vec((any::<u8>(), any::<u8>()), 1..120),
        probe in square(),
    ) {
        let corrupt = corrupted(&position, &moves);
        let moves = corrupt.legal_moves();
        prop_assert!(moves.len() <= 2048);
        prop_assert_eq!(moves.len(), corrupt.count_moves().min(2048));
        let mut list = halma::MoveList::new();
        corrupt.generate(&mut list);
        prop_assert_eq!(&*list, &*moves);
        let _ = (corrupt.has_legal_move(), corrupt.winner(), corrupt.occupied(), corrupt.hash());
        let _ = (corrupt.destinations(probe), corrupt.piece_at(probe));
        for &mv in moves.iter().take(20) {
            let _ = (corrupt.jump_path(mv), corrupt.is_legal(mv), corrupt.check_move(mv));
        }
        let _ = corrupt.is_legal(Move::new(probe, probe));
        let text = corrupt.to_string();
        let _ = text.parse::<Position>();
        let _ = halma::perft(&corrupt, 2);
        let _ = halma::race::separated(&corrupt);
        let game = Game::from_position(corrupt);
        let _ = (game.outcome(), game.legal_moves(), game.to_record());
        let limits = halma::Limits::nodes(2_000).with_time(std::time::Duration::from_millis(50));
        let _ = halma::Engine::with_table_mb(1).search(&game, &limits);
        let mut solver = halma::race::Solver::with_table_mb(1);
        solver.set_budget(halma::race::Budget::nodes(100).and_time(std::time::Duration::from_millis(10)));
        let _ = halma::race::race(&corrupt, &mut solver);
    }
}
