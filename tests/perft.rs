//! Perft counts from `tests/data/perft.txt` (the table of RULES.md), and divide.
//!
//! Counts up to [`NODE_LIMIT`] run in `cargo test`; larger ones (perft(5) from the start,
//! 289,844,520) in an ignored test: `cargo test --release --test perft -- --ignored`.

mod common;

use std::collections::BTreeSet;

use halma::{Move, Position, Side, divide, perft};

/// Counts above this many nodes run only in the ignored test.
const NODE_LIMIT: u64 = 5_000_000;

const DATA: &str = include_str!("data/perft.txt");

/// One `id` block of the data file.
#[derive(Debug)]
struct Entry {
    id: String,
    position: Position,
    /// (depth, nodes)
    counts: Vec<(u32, u64)>,
}

/// Reads the data file: `id <name>`, `position <text>`, `perft <depth> <nodes>` lines;
/// blank lines and `#` comments ignored. Panics (with the line number) on anything else.
fn entries() -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (number, line) in (1..).zip(DATA.lines()) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("perft.txt line {number}: no value in {line:?}"));
        match key {
            "id" => entries.push(Entry {
                id: value.to_owned(),
                position: Position::start(),
                counts: Vec::new(),
            }),
            "position" => {
                let entry = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("perft.txt line {number}: position before id"));
                entry.position = value
                    .parse()
                    .unwrap_or_else(|e| panic!("perft.txt line {number}: {e}"));
                assert_eq!(entry.position.to_string(), value, "line {number}");
            }
            "perft" => {
                let entry = entries
                    .last_mut()
                    .unwrap_or_else(|| panic!("perft.txt line {number}: perft before id"));
                let (depth, nodes) = value
                    .split_once(' ')
                    .and_then(|(d, n)| Some((d.parse().ok()?, n.parse().ok()?)))
                    .unwrap_or_else(|| panic!("perft.txt line {number}: bad {line:?}"));
                entry.counts.push((depth, nodes));
            }
            _ => panic!("perft.txt line {number}: unknown key {key:?}"),
        }
    }
    entries
}

fn entry(id: &str) -> Entry {
    entries()
        .into_iter()
        .find(|e| e.id == id)
        .unwrap_or_else(|| panic!("no entry {id:?} in perft.txt"))
}

/// Checks every count of the entry up to the node limit; returns how many it checked.
fn run(id: &str) -> usize {
    let entry = entry(id);
    let mut checked = 0;
    for &(depth, nodes) in &entry.counts {
        if nodes <= NODE_LIMIT {
            assert_eq!(
                perft(&entry.position, depth),
                nodes,
                "perft({depth}) of {id}: {}",
                entry.position
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_data_file_holds_the_rules_table() {
    let entries = entries();
    let ids: Vec<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    assert_eq!(
        ids,
        ["start", "middle-game", "endgame-x-home", "endgame-crossed"]
    );
    assert_eq!(entries[0].position, Position::start());
    assert_eq!(entries[0].position.to_string(), common::START);
    for entry in &entries {
        let depths: Vec<u32> = entry.counts.iter().map(|&(d, _)| d).collect();
        let expected: Vec<u32> = (1..=depths.len() as u32).collect();
        assert_eq!(depths, expected, "{}: depths 1, 2, 3...", entry.id);
    }
}

#[test]
fn start_to_depth_4() {
    assert_eq!(run("start"), 4);
}

#[test]
fn middle_game_to_depth_3() {
    assert_eq!(run("middle-game"), 3);
}

#[test]
fn endgame_x_home_to_depth_3() {
    assert_eq!(run("endgame-x-home"), 3);
}

#[test]
fn endgame_crossed_to_depth_3() {
    assert_eq!(run("endgame-crossed"), 3);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "perft(5) from the start: a second in release, minutes in debug (cargo test --release)"
)]
fn start_depth_5() {
    let entry = entry("start");
    let &(depth, nodes) = entry.counts.last().expect("start has counts");
    assert_eq!((depth, nodes), (5, 289_844_520));
    assert_eq!(perft(&entry.position, depth), nodes);
}

#[test]
fn divide_sums_to_perft_and_splits_by_legal_move() {
    for entry in entries() {
        let position = entry.position;
        let moves: BTreeSet<Move> = position.legal_moves().iter().copied().collect();
        for &(depth, nodes) in entry
            .counts
            .iter()
            .filter(|&&(d, n)| d <= 3 && n <= 1_500_000)
        {
            let split = divide(&position, depth);
            let total: u64 = split.iter().map(|&(_, n)| n).sum();
            assert_eq!(total, nodes, "divide({depth}) of {}", entry.id);
            assert_eq!(
                total,
                perft(&position, depth),
                "divide({depth}) of {}",
                entry.id
            );
            let split_moves: BTreeSet<Move> = split.iter().map(|&(mv, _)| mv).collect();
            assert_eq!(split_moves, moves, "divide({depth}) of {}", entry.id);
            assert_eq!(
                split.len(),
                moves.len(),
                "a move twice in divide of {}",
                entry.id
            );
            for &(mv, n) in &split {
                let mut child = position;
                child.play(mv).expect("divide lists legal moves");
                assert_eq!(n, perft(&child, depth - 1), "divide {mv} of {}", entry.id);
            }
        }
    }
}

#[test]
fn divide_and_perft_at_depth_0() {
    let start = Position::start();
    assert_eq!(perft(&start, 0), 1);
    assert!(divide(&start, 0).is_empty());
    let split = divide(&start, 1);
    assert_eq!(split.len(), 40);
    assert!(split.iter().all(|&(_, n)| n == 1));
}

#[test]
fn a_won_position_has_no_moves_in_perft() {
    // x fills its goal camp (o's home); o is spread over the middle.
    let o: Vec<String> = (0..19)
        .map(|i| format!("{}{}", (b'b' + i % 13) as char, 6 + i / 13))
        .collect();
    let o: Vec<&str> = o.iter().map(String::as_str).collect();
    let x = common::names(Side::O.home());
    let x: Vec<&str> = x.iter().map(String::as_str).collect();
    for turn in Side::ALL {
        let won = common::position_of(&x, &o, turn);
        assert_eq!(won.winner(), Some(Side::X));
        assert_eq!(perft(&won, 0), 1);
        assert_eq!(perft(&won, 1), 0);
        assert_eq!(perft(&won, 3), 0);
        assert!(divide(&won, 2).is_empty());
    }
}
