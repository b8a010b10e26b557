//! The star board against OpenSpiel 2.0.2's `chinese_checkers` (players=2), the reference of
//! its `openspiel` rules: the turns, winners and perft(2) counts of the positions of
//! `tests/data/star-openspiel.txt` (written by `tools/scripts/openspiel-moves.py` with
//! pyspiel, a tool of that script only), and OpenSpiel's actions for every turn of them,
//! replayed by OpenSpiel's rules of actions as its source states them (below). The standard
//! rules differ only by the goal-camp rule: the same placements' destinations are checked
//! against a plain search of the hop graph with the rule (below too), and perft(3) of both
//! rule sets from a sample of the positions against perft by that plain search.

use std::collections::{BTreeSet, HashMap};

use halma::star::OPENSPIEL_PASS;
use halma::{Hole, Side, StarBitboard, StarMove, StarPosition, StarRules, perft};

const DATA: &str = include_str!("data/star-openspiel.txt");

/// A position of the data file.
struct Entry {
    line: usize,
    cells: Vec<u8>,
    /// The player to move, `None` once the game is over.
    to_move: Option<Side>,
    /// The turns as (from, to), for a game going on.
    moves: Option<BTreeSet<(u8, u8)>>,
    winner: Option<Option<Side>>,
    perft: Option<(u32, u64)>,
}

impl Entry {
    /// The position, under OpenSpiel's rules; a finished game's side to move is the loser's
    /// (the winner has just moved).
    fn position(&self) -> StarPosition {
        let turn = match (self.to_move, self.winner) {
            (Some(side), _) => side,
            (None, Some(Some(winner))) => !winner,
            (None, _) => panic!("line {}: a finished game without a winner", self.line),
        };
        StarPosition::from_cells(&self.cells, turn, StarRules::OpenSpiel)
            .unwrap_or_else(|e| panic!("line {}: {e}", self.line))
    }
}

fn player(text: &str) -> Option<Side> {
    match text {
        "0" => Some(Side::X),
        "1" => Some(Side::O),
        "-" => None,
        other => panic!("not a player: {other:?}"),
    }
}

fn entries() -> Vec<Entry> {
    let mut entries: Vec<Entry> = Vec::new();
    for (number, line) in (1..).zip(DATA.lines()) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').expect("a key and a value");
        if key == "position" {
            let (cells, to_move) = value.split_once(' ').expect("cells and a player");
            entries.push(Entry {
                line: number,
                cells: cells.bytes().map(|b| b - b'0').collect(),
                to_move: player(to_move),
                moves: None,
                winner: None,
                perft: None,
            });
            continue;
        }
        let entry = entries.last_mut().expect("a position first");
        match key {
            "moves" => {
                let moves = value.split(' ').map(|text| {
                    let (from, to) = text.split_once('-').expect("from-to");
                    (from.parse().unwrap(), to.parse().unwrap())
                });
                entry.moves = Some(moves.collect());
            }
            "winner" => entry.winner = Some(player(value)),
            "perft" => {
                let (depth, count) = value.split_once(' ').expect("depth and count");
                entry.perft = Some((depth.parse().unwrap(), count.parse().unwrap()));
            }
            other => panic!("line {number}: unknown key {other:?}"),
        }
    }
    entries
}

fn pairs(position: &StarPosition) -> BTreeSet<(u8, u8)> {
    position
        .legal_moves()
        .iter()
        .map(|mv| (mv.from.number(), mv.to.number()))
        .collect()
}

#[test]
fn the_data_covers_games_going_on_and_won() {
    let entries = entries();
    assert!(entries.len() > 300, "{} positions", entries.len());
    let going_on = entries.iter().filter(|e| e.moves.is_some()).count();
    let won = entries.iter().filter(|e| matches!(e.winner, Some(Some(_))));
    assert!(going_on > 300 && won.count() >= 12);
    assert_eq!(
        entries[0].position(),
        StarPosition::start(StarRules::OpenSpiel)
    );
}

#[test]
fn every_position_has_openspiels_turns_each_once() {
    for entry in entries() {
        let Some(expected) = &entry.moves else {
            continue;
        };
        let position = entry.position();
        let moves = position.legal_moves();
        assert_eq!(&pairs(&position), expected, "line {}", entry.line);
        assert_eq!(
            moves.len(),
            expected.len(),
            "line {}: a turn twice",
            entry.line
        );
        assert_eq!(
            position.count_moves(),
            expected.len(),
            "line {}",
            entry.line
        );
        assert_eq!(position.winner(), None, "line {}", entry.line);
        assert!(position.has_legal_move());
        // A piece's destinations are its turns' destinations.
        for from in position.pieces(position.turn()) {
            let mine: BTreeSet<u8> = expected
                .iter()
                .filter(|&&(f, _)| f == from.number())
                .map(|&(_, to)| to)
                .collect();
            let destinations = position.destinations(from).iter().map(Hole::number);
            assert_eq!(
                destinations.collect::<BTreeSet<_>>(),
                mine,
                "line {}",
                entry.line
            );
        }
        assert_eq!(position.cells().as_slice(), entry.cells.as_slice());
        let text = position.to_string();
        assert_eq!(
            StarPosition::from_text(&text, StarRules::OpenSpiel),
            Ok(position)
        );
    }
}

#[test]
fn won_positions_have_openspiels_winner_and_no_move() {
    for entry in entries() {
        let Some(winner) = entry.winner else {
            continue;
        };
        let position = entry.position();
        assert_eq!(position.winner(), winner, "line {}", entry.line);
        assert!(position.legal_moves().is_empty() && !position.must_pass());
    }
}

#[test]
fn perft_two_is_openspiels() {
    let mut checked = 0;
    for entry in entries() {
        if let Some((depth, count)) = entry.perft {
            assert_eq!(
                perft(&entry.position(), depth),
                count,
                "line {}",
                entry.line
            );
            checked += 1;
        }
    }
    assert!(checked >= 9);
}

/// OpenSpiel's six directions as (row, doubled column) offsets, in its order.
const DIRECTIONS: [(i32, i32); 6] = [(-1, -1), (-1, 1), (0, -2), (0, 2), (1, -1), (1, 1)];

/// OpenSpiel's board of one turn: the hole `steps` away from each hole in each direction,
/// from the holes' rows and columns.
struct Board {
    at: HashMap<(i32, i32), u8>,
}

impl Board {
    fn new() -> Board {
        let at = Hole::all()
            .map(|h| ((i32::from(h.row()), i32::from(h.column())), h.number()))
            .collect();
        Board { at }
    }

    fn away(&self, hole: u8, d: usize, steps: i32) -> Option<usize> {
        let hole = Hole::new(hole).unwrap();
        let (dr, dc) = DIRECTIONS[d];
        let key = (
            i32::from(hole.row()) + steps * dr,
            i32::from(hole.column()) + steps * dc,
        );
        self.at.get(&key).map(|&h| usize::from(h))
    }

    /// OpenSpiel's `HasContinuationHops`.
    fn goes_on(&self, cells: &[u8], at: u8, visited: &BTreeSet<usize>) -> bool {
        (0..6).any(|d| {
            let (Some(over), Some(land)) = (self.away(at, d, 1), self.away(at, d, 2)) else {
                return false;
            };
            cells[over] != 0 && cells[land] == 0 && !visited.contains(&land)
        })
    }

    /// Applies `actions` to `cells` as OpenSpiel's `DoApplyAction` does for the piece of
    /// `piece` (1 or 2); the cells once the turn passes to the other player, or `None` if an
    /// action is not legal or the turn does not end exactly with the last one.
    fn replay(&self, cells: &[u8], piece: u8, actions: &[u16]) -> Option<Vec<u8>> {
        let mut cells = cells.to_vec();
        let mut hop_from: Option<u8> = None;
        let mut visited = BTreeSet::new();
        for (index, &action) in actions.iter().enumerate() {
            let last = index + 1 == actions.len();
            if action == OPENSPIEL_PASS {
                return (hop_from.is_some() && last).then_some(cells);
            }
            let (source, d) = ((action / 6) as u8, usize::from(action % 6));
            let neighbour = self.away(source, d, 1)?;
            if cells[usize::from(source)] != piece {
                return None;
            }
            let landing = if hop_from.is_none() && cells[neighbour] == 0 {
                // A step ends the turn.
                cells.swap(usize::from(source), neighbour);
                return last.then_some(cells);
            } else {
                let landing = self.away(source, d, 2)?;
                let chained = hop_from.is_some();
                if (chained && hop_from != Some(source))
                    || cells[neighbour] == 0
                    || cells[landing] != 0
                    || visited.contains(&landing)
                {
                    return None;
                }
                if !chained {
                    visited.insert(usize::from(source));
                }
                landing
            };
            cells.swap(usize::from(source), landing);
            visited.insert(landing);
            hop_from = Some(landing as u8);
            if !self.goes_on(&cells, landing as u8, &visited) {
                return last.then_some(cells);
            }
        }
        None
    }
}

impl Board {
    /// The holes the piece on `from` reaches in `cells` (steps and hop chains, no hole
    /// twice, the origin empty once it leaves), a chain that lands in `goal` (with `lock`)
    /// staying in it: a plain breadth-first search.
    fn destinations(
        &self,
        cells: &[u8],
        from: u8,
        goal: &BTreeSet<usize>,
        lock: bool,
    ) -> BTreeSet<usize> {
        let from = usize::from(from);
        let inside = |hole: usize| lock && goal.contains(&hole);
        let mut reached = BTreeSet::new();
        for d in 0..6 {
            match self.away(from as u8, d, 1) {
                Some(to) if cells[to] == 0 && (!inside(from) || inside(to)) => {
                    reached.insert(to);
                }
                _ => {}
            }
        }
        let mut seen = BTreeSet::from([from]);
        let mut queue = vec![from];
        while let Some(at) = queue.pop() {
            for d in 0..6 {
                let (Some(over), Some(land)) =
                    (self.away(at as u8, d, 1), self.away(at as u8, d, 2))
                else {
                    continue;
                };
                let occupied = |hole: usize| hole != from && cells[hole] != 0;
                if occupied(over)
                    && !occupied(land)
                    && (!inside(at) || inside(land))
                    && seen.insert(land)
                {
                    reached.insert(land);
                    queue.push(land);
                }
            }
        }
        reached.remove(&from);
        reached
    }
}

impl Board {
    /// Whether a side has won in `cells` under `rules`: all ten of its pieces on its target
    /// (OpenSpiel's), or its target full with one of its pieces in it (the standard rules'
    /// anti-spoiling).
    fn won(cells: &[u8], rules: StarRules) -> bool {
        [Side::X, Side::O].into_iter().any(|side| {
            let piece = side.index() as u8 + 1;
            let target = StarBitboard::home(!side);
            let own = target
                .iter()
                .filter(|h| cells[usize::from(h.number())] == piece)
                .count();
            let held = target
                .iter()
                .filter(|h| cells[usize::from(h.number())] != 0)
                .count();
            match rules {
                StarRules::OpenSpiel => own == 10,
                StarRules::Standard => held == 10 && own > 0,
            }
        })
    }

    /// Perft by the plain search: each piece's destinations, no move once a side has won, a
    /// side without a move passing (its pass a move, as perft counts it).
    fn perft(&self, cells: &mut [u8], turn: Side, rules: StarRules, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if Board::won(cells, rules) {
            return 0;
        }
        let piece = turn.index() as u8 + 1;
        let goal: BTreeSet<usize> = StarBitboard::home(!turn)
            .iter()
            .map(|h| usize::from(h.number()))
            .collect();
        let lock = rules == StarRules::Standard;
        let mut moves = Vec::new();
        for from in (0..cells.len()).filter(|&hole| cells[hole] == piece) {
            for to in self.destinations(cells, from as u8, &goal, lock) {
                moves.push((from, to));
            }
        }
        if moves.is_empty() {
            return self.perft(cells, !turn, rules, depth - 1);
        }
        let mut nodes = 0;
        for (from, to) in moves {
            cells.swap(from, to);
            nodes += self.perft(cells, !turn, rules, depth - 1);
            cells.swap(from, to);
        }
        nodes
    }
}

#[test]
fn perft_three_is_the_plain_searchs_under_both_rules() {
    let board = Board::new();
    let mut checked = 0;
    let going_on = entries().into_iter().filter(|entry| entry.moves.is_some());
    // Every 30th position of the data: openings, middle games and races.
    for entry in going_on.step_by(30) {
        let turn = entry.position().turn();
        for rules in [StarRules::OpenSpiel, StarRules::Standard] {
            let position = StarPosition::from_cells(&entry.cells, turn, rules).unwrap();
            let mut cells = entry.cells.clone();
            assert_eq!(
                perft(&position, 3),
                board.perft(&mut cells, turn, rules, 3),
                "line {} under {rules}",
                entry.line
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked} positions");
}

#[test]
fn the_standard_rules_move_as_a_plain_search_with_the_goal_camp_rule_says() {
    let board = Board::new();
    let mut differing = 0;
    for entry in entries() {
        if entry.moves.is_none() {
            continue;
        }
        let openspiel = entry.position();
        let standard =
            StarPosition::from_cells(&entry.cells, openspiel.turn(), StarRules::Standard).unwrap();
        if standard.winner().is_some() {
            // Anti-spoiling: won under the standard rules alone.
            assert!(standard.legal_moves().is_empty());
            continue;
        }
        let goal: BTreeSet<usize> = StarBitboard::home(!openspiel.turn())
            .iter()
            .map(|h| usize::from(h.number()))
            .collect();
        for from in standard.pieces(standard.turn()) {
            let expected = board.destinations(&entry.cells, from.number(), &goal, true);
            let found: BTreeSet<usize> = standard
                .destinations(from)
                .iter()
                .map(|h| usize::from(h.number()))
                .collect();
            assert_eq!(found, expected, "line {}: from {from}", entry.line);
            let free = board.destinations(&entry.cells, from.number(), &goal, false);
            differing += usize::from(free != expected);
        }
        assert_eq!(standard.count_moves(), standard.legal_moves().len());
    }
    assert!(
        differing > 20,
        "{differing} pieces move otherwise under the goal-camp rule"
    );
}

#[test]
fn openspiel_actions_replay_every_turn_by_openspiels_rules() {
    let board = Board::new();
    let mut turns = 0;
    for entry in entries() {
        if entry.moves.is_none() {
            continue;
        }
        let position = entry.position();
        let piece = position.turn().index() as u8 + 1;
        for &mv in position.legal_moves().iter() {
            let actions = position
                .openspiel_actions(mv)
                .expect("a legal move's actions");
            let mut after = position;
            after.play_unchecked(mv);
            let replayed = board.replay(&entry.cells, piece, &actions);
            assert_eq!(
                replayed.as_deref(),
                Some(after.cells().as_slice()),
                "line {}: {mv} as {actions:?}",
                entry.line
            );
            let chain = position.chain(mv).expect("a legal move's chain");
            assert_eq!((chain[0], chain[chain.len() - 1]), (mv.from, mv.to));
            turns += 1;
        }
    }
    assert!(turns > 15_000, "{turns} turns");
    let illegal = StarMove::new(Hole::new(0).unwrap(), Hole::new(60).unwrap());
    assert_eq!(
        StarPosition::start(StarRules::OpenSpiel).openspiel_actions(illegal),
        None
    );
}
