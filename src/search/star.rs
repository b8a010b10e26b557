//! The search's part of the star board: its evaluation (the race: each side's distance to
//! its target, stragglers), a win in one, the root's rule against spoiling under OpenSpiel's
//! rules, and the hooks of [`StarPosition`] and [`StarGame`].

use crate::side::Side;
use crate::star::geometry::{DISTANCE, FILLED_DISTANCE, HOLES, LANDING, NEIGHBOUR, NONE};
use crate::star::{Hole, StarBitboard, StarGame, StarMove, StarPosition, StarRules};

use super::SearchError;
use super::eval::MAX_EVAL;
use super::game::{Evaluate, MoveCode, MoveOf, Racing, SearchBoard, SearchGame, Searchable};
use super::params::Params;
use super::report::Answer;

/// What a step of distance left costs, in hundredths of a move (a move gains about three).
const DISTANCE_WEIGHT: i32 = 30;

/// What each step of distance costs beyond [`STRAGGLER_GAP`] behind the mean of a side's
/// pieces.
const STRAGGLER_WEIGHT: i32 = 30;

/// How far behind the mean a piece may lag before it counts as a straggler.
const STRAGGLER_GAP: i32 = 4;

/// The side to move's advantage of being on move.
const TEMPO: i32 = 50;

/// What a side loses, under OpenSpiel's rules, for each opponent piece in its target that
/// its own pieces help to leave without a move: it cannot win before they leave.
const TRAPPED: i32 = 300;

/// What a side loses, under OpenSpiel's rules, for each opponent piece in its target that
/// its own pieces help to leave without a move forward (a player that moves only forward
/// would never leave then).
const HELD_BACK: i32 = 60;

impl MoveCode for StarMove {
    const NONE: StarMove = StarMove::new(Hole::new_unchecked(0), Hole::new_unchecked(0));

    #[inline(always)]
    fn code(self) -> u16 {
        u16::from(self.from.number()) << 8 | u16::from(self.to.number())
    }

    #[inline(always)]
    fn from_code(code: u16) -> StarMove {
        // A code of another board's move names holes the star may not have: they are kept
        // below 121, and the move is checked legal before it is played.
        let hole = |number: u16| Hole::new_unchecked((number as u8).min(HOLES as u8 - 1));
        StarMove::new(hole(code >> 8), hole(code & 0xff))
    }

    #[inline]
    fn reverses(self, previous: StarMove) -> bool {
        self.from == previous.to && self.to == previous.from
    }
}

/// The star's evaluation: the race.
#[derive(Clone, Debug)]
pub struct StarEvaluator;

impl StarEvaluator {
    /// What `side` still has to do, in hundredths of a move: its distance to its target,
    /// and its stragglers.
    fn race_cost(position: &StarPosition, side: Side) -> i32 {
        let table = &DISTANCE[side.index()];
        let mut distances = [0i32; 10];
        let mut sum = 0;
        for (slot, hole) in distances.iter_mut().zip(position.pieces(side)) {
            *slot = table[usize::from(hole.number())];
            sum += *slot;
        }
        let limit = sum / 10 + STRAGGLER_GAP;
        let behind: i32 = distances.iter().map(|&d| (d - limit).max(0)).sum();
        (sum - FILLED_DISTANCE) * DISTANCE_WEIGHT
            + behind * STRAGGLER_WEIGHT
            + StarEvaluator::stuck_cost(position, side)
    }

    /// Under OpenSpiel's rules (without anti-spoiling, `side` wins only once the opponent's
    /// pieces have left its target): what the opponent pieces in `side`'s target that
    /// `side`'s own pieces hem in cost it, [`TRAPPED`] each without a step or hop, and
    /// [`HELD_BACK`] each without one forward. Pieces hemmed in by their own side alone (a
    /// crowded home at the start) cost nothing.
    fn stuck_cost(position: &StarPosition, side: Side) -> i32 {
        let target = StarBitboard::home(!side);
        let kept = position.pieces(!side) & target;
        if position.rules() != StarRules::OpenSpiel || kept.is_empty() {
            return 0;
        }
        let (mine, occupied) = (position.pieces(side), position.occupied());
        let distance = &DISTANCE[(!side).index()];
        let holds = |hole: u8| occupied.contains(Hole::new_unchecked(hole));
        let mut cost = 0;
        for piece in kept {
            let from = usize::from(piece.number());
            let (mut hemmed, mut moves, mut forward) = (false, false, false);
            for d in 0..6 {
                let (over, land) = (NEIGHBOUR[from][d], LANDING[from][d]);
                let to = if over == NONE {
                    continue;
                } else if !holds(over) {
                    over
                } else {
                    hemmed |= mine.contains(Hole::new_unchecked(over));
                    if land == NONE {
                        continue;
                    }
                    if holds(land) {
                        hemmed |= mine.contains(Hole::new_unchecked(land));
                        continue;
                    }
                    land
                };
                moves = true;
                forward |= distance[usize::from(to)] < distance[from];
            }
            if hemmed && !moves {
                cost += TRAPPED;
            } else if hemmed && !forward {
                cost += HELD_BACK;
            }
        }
        cost
    }
}

impl Evaluate<StarPosition> for StarEvaluator {
    fn evaluate(&self, position: &StarPosition) -> i32 {
        let me = position.turn();
        let score = StarEvaluator::race_cost(position, !me)
            - StarEvaluator::race_cost(position, me)
            + TEMPO;
        score.clamp(-MAX_EVAL, MAX_EVAL)
    }

    fn blocked(&self, _side: Side) -> bool {
        false
    }
}

impl SearchBoard for StarPosition {
    type Eval = StarEvaluator;
    const KIND: u8 = 1;
    const OPPONENT_CAN_WIN: bool = true;

    /// A move that wins at once: into the target's one empty hole, from a piece outside
    /// the target, when that fills it as the rules want (OpenSpiel's: with all ten pieces;
    /// standard: with the target full).
    fn winning_move(&self) -> Option<StarMove> {
        let side = self.turn();
        let target = StarBitboard::home(!side);
        let mine = self.pieces(side);
        let mut holes = (target - self.occupied()).iter();
        let (Some(hole), None) = (holes.next(), holes.next()) else {
            return None;
        };
        let outside = mine - target;
        if self.rules() == StarRules::OpenSpiel && outside.count() != 1 {
            return None;
        }
        outside
            .iter()
            .find(|&from| self.destinations(from).contains(hole))
            .map(|from| StarMove::new(from, hole))
    }

    #[inline(always)]
    fn distances(side: Side, mv: StarMove) -> (i32, i32) {
        let table = &DISTANCE[side.index()];
        (
            table[usize::from(mv.from.number())],
            table[usize::from(mv.to.number())],
        )
    }

    fn remaining(&self, side: Side) -> i32 {
        self.distance_left(side) as i32
    }

    /// Under OpenSpiel's rules, without anti-spoiling, pieces left in the side's home hold
    /// the opponent's target: once the opponent is nearly done (it has at most two pieces
    /// outside its target besides the holes they hold), they leave, or at least move, as a
    /// search that sees its loss coming would never make them do.
    fn root_moves(&self, legal: Vec<StarMove>, _params: &Params) -> Vec<StarMove> {
        if self.rules() != StarRules::OpenSpiel {
            return legal;
        }
        let side = self.turn();
        let home = StarBitboard::home(side);
        let kept = self.pieces(side) & home;
        let waiting = (self.pieces(!side) - home).count();
        if kept.is_empty() || waiting > kept.count() + 2 {
            return legal;
        }
        let leaving: Vec<StarMove> = legal
            .iter()
            .copied()
            .filter(|mv| kept.contains(mv.from) && !home.contains(mv.to))
            .collect();
        let moving: Vec<StarMove> = legal
            .iter()
            .copied()
            .filter(|mv| kept.contains(mv.from))
            .collect();
        [leaving, moving]
            .into_iter()
            .find(|moves| !moves.is_empty())
            .unwrap_or(legal)
    }
}

impl SearchGame for StarGame {
    type Board = StarPosition;

    #[inline]
    fn position(&self) -> &StarPosition {
        StarGame::position(self)
    }

    #[inline]
    fn positions(&self) -> &[StarPosition] {
        StarGame::positions(self)
    }

    fn refusal(&self) -> Option<SearchError> {
        if self.outcome().is_over() {
            Some(SearchError::GameOver)
        } else if self.must_pass() {
            Some(SearchError::MustPass)
        } else {
            None
        }
    }

    fn ply(&self) -> usize {
        self.turns().len()
    }

    fn previous_own_move(&self) -> Option<StarMove> {
        let turns = self.turns();
        turns.len().checked_sub(2).and_then(|index| turns[index])
    }

    fn evaluator(&self, _params: &Params) -> StarEvaluator {
        StarEvaluator
    }

    fn solved(&self, _racing: Racing<'_>) -> Option<Answer<MoveOf<Self>>> {
        None
    }
}

impl Searchable for StarGame {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        for rules in [StarRules::Standard, StarRules::OpenSpiel] {
            assert_eq!(StarEvaluator.evaluate(&StarPosition::start(rules)), TEMPO);
        }
    }

    #[test]
    fn a_side_that_must_pass_is_not_searched_and_passes() {
        use crate::search::{Engine, Limits};
        use crate::star::position::tests::walled_in;
        let mut game = StarGame::from_position(walled_in(StarRules::OpenSpiel));
        assert!(game.must_pass());
        let mut engine = Engine::new();
        let refused = engine.search(&game, &Limits::depth(2));
        assert_eq!(refused, Err(SearchError::MustPass));
        game.pass().unwrap();
        assert_eq!(game.turns(), [None]);
        let result = engine.search(&game, &Limits::depth(2)).unwrap();
        assert!(game.legal_moves().contains(&result.best_move));
    }

    #[test]
    fn opponent_pieces_hemmed_in_the_target_cost_under_openspiels_rules_alone() {
        // o's last piece on 119, in x's target, walled in by x's pieces (116, 117, 118,
        // 120, and 112 and 114 where its hops would land).
        let text = "o/oo/ooo/o1oo/13/12/11/10/9/10/11/8x3/6x6/xxxx/1xx/xo/x o";
        let walled = StarPosition::from_text(text, StarRules::OpenSpiel).unwrap();
        assert_eq!(StarEvaluator::stuck_cost(&walled, Side::X), TRAPPED);
        assert_eq!(StarEvaluator::stuck_cost(&walled, Side::O), 0);
        let standard = StarPosition::from_text(text, StarRules::Standard).unwrap();
        assert_eq!(StarEvaluator::stuck_cost(&standard, Side::X), 0);
        // The start's crowded homes hem nobody in.
        let start = StarPosition::start(StarRules::OpenSpiel);
        assert_eq!(StarEvaluator::stuck_cost(&start, Side::X), 0);
    }

    #[test]
    fn codes_read_back() {
        let mv: StarMove = "120-3".parse().unwrap();
        assert_eq!(StarMove::from_code(mv.code()), mv);
        assert_ne!(mv.code(), 0);
        assert!(mv.reverses("3-120".parse().unwrap()));
    }
}
