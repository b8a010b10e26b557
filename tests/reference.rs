//! A deliberately naive reference move generator, written for clarity rather than speed,
//! compared with the engine's bitboard generator on many thousands of positions.
//!
//! The reference keeps the board as a 16x16 array, finds steps by looping over the eight
//! directions and jump chains by an explicit breadth-first search over hops, and applies the
//! rules of RULES.md literally. It never calls the engine's move generation: it reads a
//! position square by square with `piece_at` and builds positions with `from_parts`.
//!
//! Positions come from three sources, each seeded so a failure reproduces (the failure
//! message prints the seed and the position text):
//! - random playouts (random legal moves until the game ends or a ply cap),
//! - progress-biased playouts (mostly the move that advances furthest; these games end,
//!   many of them with a win),
//! - random dense placements (many pieces in goal camps, goals almost or entirely full).
//!
//! `cargo test --release --test reference` checks over 10,000 positions; a debug build checks
//! a tenth of them so that a plain `cargo test` stays quick.

mod common;

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use common::Rng;
use halma::{
    Bitboard, File, IllegalMoveError, Move, ParseLegalMoveError, Position, Rank, Side, Square,
};

/// The eight directions as (file delta, rank delta).
const DIRECTIONS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

/// How many positions each kind of test checks: all of them in release, a tenth in debug.
const SCALE_DIVISOR: usize = if cfg!(debug_assertions) { 10 } else { 1 };

/// A square as (file, rank), both 0..16: (0, 0) is a1, (15, 15) is p16.
type Coord = (i32, i32);

fn on_board((file, rank): Coord) -> bool {
    (0..16).contains(&file) && (0..16).contains(&rank)
}

/// Whether `square` belongs to the camp in the corner `corner`: row and column distances
/// below 5 and adding up to at most 5 (RULES.md, "Sides and camps").
fn in_camp(corner: Coord, square: Coord) -> bool {
    let dc = (square.0 - corner.0).abs();
    let dr = (square.1 - corner.1).abs();
    dc < 5 && dr < 5 && dc + dr <= 5
}

/// `x` starts bottom-right (p1), `o` top-left (a16).
fn in_home(side: Side, square: Coord) -> bool {
    match side {
        Side::X => in_camp((15, 0), square),
        Side::O => in_camp((0, 15), square),
    }
}

/// A side's goal camp is the other side's home camp.
fn in_goal(side: Side, square: Coord) -> bool {
    in_home(side.other(), square)
}

fn to_square((file, rank): Coord) -> Square {
    let file = File::from_index(file as u8).expect("a file on the board");
    Square::at(
        file,
        Rank::from_index(rank as u8).expect("a rank on the board"),
    )
}

fn to_coord(square: Square) -> Coord {
    (
        square.file_of().index() as i32,
        square.rank_of().index() as i32,
    )
}

/// A legal move found by the reference: origin, destination, and the fewest hops that reach
/// the destination (0 for a step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct RefMove {
    from: Coord,
    to: Coord,
    hops: u32,
}

/// The reference board: `cells[rank][file]`, and the side to move.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Board {
    cells: [[Option<Side>; 16]; 16],
    turn: Side,
}

impl Board {
    /// Reads the engine's position square by square.
    fn from_position(position: &Position) -> Board {
        let mut cells = [[None; 16]; 16];
        for (rank, row) in cells.iter_mut().enumerate() {
            for (file, cell) in row.iter_mut().enumerate() {
                *cell = position.piece_at(to_square((file as i32, rank as i32)));
            }
        }
        Board {
            cells,
            turn: position.turn(),
        }
    }

    /// The engine's position with this placement.
    fn to_position(&self) -> Position {
        let mut pieces = [Bitboard::EMPTY; 2];
        for rank in 0..16 {
            for file in 0..16 {
                if let Some(side) = self.cells[rank][file] {
                    pieces[side.index()].insert(to_square((file as i32, rank as i32)));
                }
            }
        }
        Position::from_parts(pieces, self.turn).expect("the reference board stays valid")
    }

    fn at(&self, (file, rank): Coord) -> Option<Side> {
        self.cells[rank as usize][file as usize]
    }

    /// The side whose pieces stand on all 19 squares of its goal camp, if any.
    fn winner(&self) -> Option<Side> {
        Side::ALL.into_iter().find(|&side| {
            let mut filled = 0;
            for rank in 0..16 {
                for file in 0..16 {
                    if in_goal(side, (file, rank)) && self.at((file, rank)) == Some(side) {
                        filled += 1;
                    }
                }
            }
            filled == 19
        })
    }

    /// Position text written independently of the engine (RULES.md, "Notation").
    fn text(&self) -> String {
        let mut text = String::new();
        for rank in (0..16).rev() {
            let mut run = 0;
            for file in 0..16 {
                match self.at((file, rank)) {
                    None => run += 1,
                    Some(side) => {
                        if run > 0 {
                            text += &run.to_string();
                            run = 0;
                        }
                        text.push(if side == Side::X { 'x' } else { 'o' });
                    }
                }
            }
            if run > 0 {
                text += &run.to_string();
            }
            if rank > 0 {
                text.push('/');
            }
        }
        text.push(' ');
        text.push(if self.turn == Side::X { 'x' } else { 'o' });
        text
    }

    /// Whether the piece that started on `origin` (now vacated) and stands on `from` can
    /// jump to `to` as one hop: over an adjacent piece in a straight line onto an empty
    /// square, never over the vacated origin, and inside the goal camp once in it.
    fn is_hop(&self, origin: Coord, from: Coord, to: Coord) -> bool {
        let occupied = |square: Coord| square != origin && self.at(square).is_some();
        DIRECTIONS.iter().any(|&(df, dr)| {
            let over = (from.0 + df, from.1 + dr);
            let land = (from.0 + 2 * df, from.1 + 2 * dr);
            land == to
                && on_board(land)
                && occupied(over)
                && !occupied(land)
                && (!in_goal(self.turn, from) || in_goal(self.turn, land))
        })
    }

    /// Every legal move of the piece on `from`.
    fn piece_moves(&self, from: Coord) -> Vec<RefMove> {
        let side = self.turn;
        let mut moves = Vec::new();
        // Steps: one square in any of the 8 directions, onto an empty square; a piece in its
        // goal camp only steps inside it.
        let mut step_targets = BTreeSet::new();
        for &(df, dr) in &DIRECTIONS {
            let to = (from.0 + df, from.1 + dr);
            if on_board(to) && self.at(to).is_none() && (!in_goal(side, from) || in_goal(side, to))
            {
                step_targets.insert(to);
                moves.push(RefMove { from, to, hops: 0 });
            }
        }
        // Jumps: breadth-first search over single hops. The origin is empty during the
        // chain; a chain back to the origin is not a move.
        let mut hops_to: HashMap<Coord, u32> = HashMap::new();
        hops_to.insert(from, 0);
        let mut queue = VecDeque::from([from]);
        while let Some(at) = queue.pop_front() {
            let hops = hops_to[&at];
            for &(df, dr) in &DIRECTIONS {
                let land = (at.0 + 2 * df, at.1 + 2 * dr);
                if self.is_hop(from, at, land) && !hops_to.contains_key(&land) {
                    hops_to.insert(land, hops + 1);
                    queue.push_back(land);
                }
            }
        }
        for (to, hops) in hops_to {
            if to != from {
                assert!(
                    !step_targets.contains(&to),
                    "the reference found a step and a jump to the same square"
                );
                moves.push(RefMove { from, to, hops });
            }
        }
        moves
    }

    /// Every legal move of the side to move; none in a won position.
    fn moves(&self) -> Vec<RefMove> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for rank in 0..16 {
            for file in 0..16 {
                if self.at((file, rank)) == Some(self.turn) {
                    moves.extend(self.piece_moves((file, rank)));
                }
            }
        }
        moves.sort();
        moves
    }

    fn play(&mut self, mv: RefMove) {
        let piece = self.cells[mv.from.1 as usize][mv.from.0 as usize].take();
        assert_eq!(piece, Some(self.turn), "the reference plays its own piece");
        assert!(
            self.at(mv.to).is_none(),
            "the reference plays to an empty square"
        );
        self.cells[mv.to.1 as usize][mv.to.0 as usize] = piece;
        self.turn = self.turn.other();
    }
}

/// Perft by the reference alone.
fn reference_perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = board.clone();
            next.play(mv);
            reference_perft(&next, depth - 1)
        })
        .sum()
}

fn move_of(mv: &RefMove) -> Move {
    Move::new(to_square(mv.from), to_square(mv.to))
}

/// Compares the engine with the reference on one position: the moves as sets, their count,
/// the destinations of every square, the hop path of every move (`full`) or of a sample,
/// and move text in. Returns the reference's moves. `context` says how the position was
/// made (kind and seed) for the failure message.
fn check(position: &Position, rng: &mut Rng, full: bool, context: &str) -> Vec<RefMove> {
    let board = Board::from_position(position);
    let text = position.to_string();
    let here = format!("{context}\nposition: {text}");

    // Position text, written independently.
    assert_eq!(board.text(), text, "position text differs: {here}");
    assert_eq!(board.winner(), position.winner(), "winner differs: {here}");

    // The moves as sets, no duplicates.
    let reference = board.moves();
    let expected: BTreeSet<Move> = reference.iter().map(move_of).collect();
    let engine_list = position.legal_moves();
    let engine: BTreeSet<Move> = engine_list.iter().copied().collect();
    assert_eq!(
        engine.len(),
        engine_list.len(),
        "the engine lists a move twice: {here}"
    );
    if engine != expected {
        let missing: Vec<_> = expected.difference(&engine).collect();
        let extra: Vec<_> = engine.difference(&expected).collect();
        panic!(
            "legal moves differ: {here}\nmissing from the engine: {missing:?}\nextra in the engine: {extra:?}"
        );
    }
    assert_eq!(
        position.count_moves(),
        expected.len(),
        "count_moves: {here}"
    );
    assert_eq!(
        position.has_legal_move(),
        !expected.is_empty(),
        "has_legal_move: {here}"
    );

    // Destinations of every square (empty for empty squares and the opponent's pieces).
    let mut by_origin: BTreeMap<Square, Bitboard> = BTreeMap::new();
    for mv in &expected {
        by_origin.entry(mv.from).or_default().insert(mv.to);
    }
    for square in Square::all() {
        let want = by_origin.get(&square).copied().unwrap_or_default();
        assert_eq!(
            position.destinations(square),
            want,
            "destinations of {square}: {here}"
        );
    }

    // Hop paths and move text in.
    for mv in &reference {
        if !full && !rng.chance(1, 8) {
            continue;
        }
        let engine_move = move_of(mv);
        let path = position
            .jump_path(engine_move)
            .unwrap_or_else(|| panic!("no jump path for legal {engine_move}: {here}"));
        check_path(&board, mv, &path, &here);
        let path_text = path
            .iter()
            .map(Square::to_string)
            .collect::<Vec<_>>()
            .join("-");
        assert_eq!(
            position.parse_move(&path_text),
            Ok(engine_move),
            "parse_move({path_text:?}): {here}"
        );
        assert_eq!(
            position.parse_move(&engine_move.to_string()),
            Ok(engine_move),
            "parse_move({engine_move}): {here}"
        );
        assert!(
            position.is_legal(engine_move),
            "is_legal({engine_move}): {here}"
        );
    }

    // Hop paths that are not the shortest: random chains of hops.
    if board.winner().is_none() {
        check_random_hop_paths(&board, position, rng, &here);
    }

    // A few moves that are not legal: is_legal and jump_path must refuse them.
    for _ in 0..8 {
        let own: Vec<Square> = position.pieces(position.turn()).iter().collect();
        let from = if rng.chance(3, 4) {
            own[rng.below(own.len())]
        } else {
            Square::new(rng.below(256) as u8)
        };
        let to = Square::new(rng.below(256) as u8);
        let candidate = Move::new(from, to);
        let legal = expected.contains(&candidate);
        assert_eq!(
            position.is_legal(candidate),
            legal,
            "is_legal({candidate}): {here}"
        );
        assert_eq!(
            position.jump_path(candidate).is_some(),
            legal,
            "jump_path({candidate}): {here}"
        );
    }
    reference
}

/// Walks random chains of hops (never repeating a square) from a few pieces of the side to
/// move: every such path of two hops or more is move text for the move from its first to
/// its last square. Then spoils the path with a last "hop" that is not one and checks the
/// error names it.
fn check_random_hop_paths(board: &Board, position: &Position, rng: &mut Rng, here: &str) {
    let own: Vec<Coord> = position
        .pieces(position.turn())
        .iter()
        .map(to_coord)
        .collect();
    for _ in 0..3 {
        let origin = own[rng.below(own.len())];
        let mut path = vec![origin];
        loop {
            let at = *path.last().expect("the path has its origin");
            let next: Vec<Coord> = DIRECTIONS
                .iter()
                .map(|&(df, dr)| (at.0 + 2 * df, at.1 + 2 * dr))
                .filter(|&to| on_board(to) && !path.contains(&to) && board.is_hop(origin, at, to))
                .collect();
            if next.is_empty() || (path.len() > 2 && rng.chance(1, 4)) {
                break;
            }
            path.push(next[rng.below(next.len())]);
        }
        let text = |coords: &[Coord]| {
            coords
                .iter()
                .map(|&c| to_square(c).to_string())
                .collect::<Vec<_>>()
                .join("-")
        };
        for end in 3..=path.len() {
            let prefix = &path[..end];
            let expected = Move::new(to_square(origin), to_square(prefix[end - 1]));
            assert_eq!(
                position.parse_move(&text(prefix)),
                Ok(expected),
                "hop path {}: {here}",
                text(prefix)
            );
        }
        if path.len() >= 2 {
            // A last square that is not a hop from the end of the path (nor on it).
            let last = *path.last().expect("not empty");
            let bad = loop {
                let candidate = if rng.chance(1, 2) {
                    let (df, dr) = DIRECTIONS[rng.below(8)];
                    let k = 1 + rng.below(3) as i32;
                    (last.0 + k * df, last.1 + k * dr)
                } else {
                    (rng.below(16) as i32, rng.below(16) as i32)
                };
                if on_board(candidate)
                    && !path.contains(&candidate)
                    && !board.is_hop(origin, last, candidate)
                {
                    break candidate;
                }
            };
            let mut spoiled = path.clone();
            spoiled.push(bad);
            let (from, to) = (to_square(last), to_square(bad));
            let expected = if in_goal(board.turn, last) && !in_goal(board.turn, bad) {
                IllegalMoveError::LeavesGoal { from, to }
            } else {
                IllegalMoveError::NotAJump { from, to }
            };
            assert_eq!(
                position.parse_move(&text(&spoiled)),
                Err(ParseLegalMoveError::Illegal(expected)),
                "spoiled hop path {}: {here}",
                text(&spoiled)
            );
        }
    }
}

/// Checks a hop path against the reference: it starts at the origin and ends at the
/// destination; a step is its two squares; otherwise every hop is a legal jump of the chain,
/// no square repeats, and it has the fewest hops possible.
fn check_path(board: &Board, mv: &RefMove, path: &[Square], here: &str) {
    let coords: Vec<Coord> = path.iter().map(|&s| to_coord(s)).collect();
    let shown = format!("{path:?} for {}", move_of(mv));
    assert_eq!(coords.first(), Some(&mv.from), "path start {shown}: {here}");
    assert_eq!(coords.last(), Some(&mv.to), "path end {shown}: {here}");
    if mv.hops == 0 {
        assert_eq!(
            coords.len(),
            2,
            "a step's path is two squares, {shown}: {here}"
        );
        return;
    }
    assert_eq!(
        coords.len() as u32 - 1,
        mv.hops,
        "not a shortest path, {shown}: {here}"
    );
    let distinct: BTreeSet<Coord> = coords.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        coords.len(),
        "path repeats a square, {shown}: {here}"
    );
    for hop in coords.windows(2) {
        assert!(
            board.is_hop(mv.from, hop[0], hop[1]),
            "{}-{} is not a legal hop, {shown}: {here}",
            to_square(hop[0]),
            to_square(hop[1])
        );
    }
}

/// How a playout ended.
#[derive(Debug, PartialEq, Eq)]
enum End {
    Win,
    Repetition,
    NoMoves,
    PlyCap,
}

/// Plays a game from the start with the reference's moves, checking the engine at every
/// position. `greedy` is the percentage of moves chosen to advance the most toward the goal
/// (0: a random playout). Returns how it ended and the number of positions checked.
fn playout(seed: u64, greedy: usize, ply_cap: usize, kind: &str) -> (End, usize) {
    let mut rng = Rng::new(seed);
    let mut board = Board::from_position(&Position::start());
    let mut seen: HashMap<Board, usize> = HashMap::new();
    seen.insert(board.clone(), 1);
    let mut checked = 0;
    for ply in 0.. {
        let position = board.to_position();
        let full = ply % 4 == 0;
        let moves = check(
            &position,
            &mut rng,
            full,
            &format!("{kind} playout, seed {seed}, ply {ply}"),
        );
        checked += 1;
        if board.winner().is_some() {
            return (End::Win, checked);
        }
        if moves.is_empty() {
            return (End::NoMoves, checked);
        }
        if ply >= ply_cap {
            return (End::PlyCap, checked);
        }
        let mv = if rng.below(100) < greedy {
            // Advance the most: distance to the far corner of the goal, file plus rank.
            let corner = if board.turn == Side::X {
                (0, 15)
            } else {
                (15, 0)
            };
            let distance = |c: Coord| (c.0 - corner.0).abs() + (c.1 - corner.1).abs();
            let gain = |m: &RefMove| distance(m.from) - distance(m.to);
            let best = moves.iter().map(gain).max().expect("moves is not empty");
            let top: Vec<&RefMove> = moves.iter().filter(|m| gain(m) == best).collect();
            *top[rng.below(top.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        board.play(mv);
        let count = seen.entry(board.clone()).or_insert(0);
        *count += 1;
        if *count == 3 {
            check(
                &board.to_position(),
                &mut rng,
                true,
                &format!("{kind} playout, seed {seed}, ply {}", ply + 1),
            );
            return (End::Repetition, checked + 1);
        }
    }
    unreachable!()
}

#[test]
fn the_reference_matches_the_published_perft_counts() {
    // The reference is only worth comparing with if it follows RULES.md itself.
    let table: [(&str, &[u64]); 4] = [
        (common::START, &[40, 1_600]),
        (
            "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
            &[157, 21_232],
        ),
        (
            "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
            &[52, 780, 37_814],
        ),
        (
            "3xx11/x3x11/3x12/2x13/1o14/1o14/1ooo12/1oo1o11/oooo12/1o14/13x2/12xxxx/11x2x1/11x1xx1/11oxxx1/11ooooo o",
            &[105, 10_809],
        ),
    ];
    for (text, counts) in table {
        let board = Board::from_position(&common::pos(text));
        assert_eq!(board.text(), text);
        for (depth, &nodes) in (1..).zip(counts) {
            assert_eq!(
                reference_perft(&board, depth),
                nodes,
                "{text} depth {depth}"
            );
        }
    }
}

#[test]
fn the_reference_camps_are_the_rules_staircases() {
    let camp = |side: Side| -> Vec<String> {
        let mut names = Vec::new();
        for rank in 0..16 {
            for file in 0..16 {
                if in_home(side, (file, rank)) {
                    names.push(to_square((file, rank)).to_string());
                }
            }
        }
        names
    };
    let x: Vec<&str> = "l1 m1 n1 o1 p1 l2 m2 n2 o2 p2 m3 n3 o3 p3 n4 o4 p4 o5 p5"
        .split(' ')
        .collect();
    let o: Vec<&str> =
        "a12 b12 a13 b13 c13 a14 b14 c14 d14 a15 b15 c15 d15 e15 a16 b16 c16 d16 e16"
            .split(' ')
            .collect();
    assert_eq!(camp(Side::X), x);
    assert_eq!(camp(Side::O), o);
}

#[test]
fn engine_matches_reference_on_the_published_positions() {
    let mut rng = Rng::new(1);
    for text in [
        common::START,
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
        "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
        "3xx11/x3x11/3x12/2x13/1o14/1o14/1ooo12/1oo1o11/oooo12/1o14/13x2/12xxxx/11x2x1/11x1xx1/11oxxx1/11ooooo o",
    ] {
        let position = common::pos(text);
        check(&position, &mut rng, true, "published position");
        // And every position one ply further.
        for mv in position.legal_moves() {
            let mut next = position;
            next.play(mv).expect("a generated move is legal");
            check(
                &next,
                &mut rng,
                false,
                &format!("published position after {mv}"),
            );
        }
    }
}

#[test]
fn engine_matches_reference_on_random_playouts() {
    let games = 24 / SCALE_DIVISOR.min(8);
    let mut checked = 0;
    for seed in 0..games as u64 {
        let (_, positions) = playout(0x5eed_0000 + seed, 0, 200, "random");
        checked += positions;
    }
    println!("random playouts: {games} games, {checked} positions");
    assert!(checked >= 4_000 / SCALE_DIVISOR, "only {checked} positions");
}

#[test]
fn engine_matches_reference_on_progress_biased_playouts() {
    // Mostly the move that advances furthest: these games reach their end, many with a win.
    let games = 30 / SCALE_DIVISOR.min(10);
    let mut checked = 0;
    let mut ends: BTreeMap<String, usize> = BTreeMap::new();
    for seed in 0..games as u64 {
        let greedy = [70, 85, 95][seed as usize % 3];
        let (end, positions) = playout(0xb1a5_0000 + seed, greedy, 2_000, "progress-biased");
        checked += positions;
        *ends.entry(format!("{end:?}")).or_default() += 1;
    }
    println!("progress-biased playouts: {games} games, {checked} positions, ends {ends:?}");
    assert!(checked >= 3_000 / SCALE_DIVISOR, "only {checked} positions");
    assert!(
        ends.get("Win").copied().unwrap_or(0) * 2 >= games,
        "fewer than half the games were won: {ends:?}"
    );
    assert_eq!(ends.get("PlyCap"), None, "games that did not end: {ends:?}");
}

#[test]
fn engine_matches_reference_on_dense_placements() {
    let count = 4_000 / SCALE_DIVISOR;
    let mut won = 0;
    let mut no_moves = 0;
    for index in 0..count as u64 {
        let seed = 0xde75_0000 + index;
        let mut rng = Rng::new(seed);
        let position = common::dense_placement(&mut rng);
        won += usize::from(position.winner().is_some());
        let moves = check(
            &position,
            &mut rng,
            index % 4 == 0,
            &format!("dense placement, seed {seed}"),
        );
        no_moves += usize::from(moves.is_empty());
        // And one move further, to test positions the placement did not make directly.
        if let Some(mv) = moves.get(rng.below(moves.len().max(1))) {
            let mut next = position;
            next.play(move_of(mv)).expect("a reference move is legal");
            check(
                &next,
                &mut rng,
                false,
                &format!("dense placement, seed {seed}, after {}", move_of(mv)),
            );
        }
    }
    println!(
        "dense placements: {count} (and their successors), {won} won, {no_moves} without moves"
    );
    assert!(won > 0, "no won placement was generated");
}
