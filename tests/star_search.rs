//! The engine on the star board: the search with its table and ordering returns a plain
//! negamax's score, takes a win in one, refuses finished games, repeats itself under depth
//! and node limits, keeps no piece home to spoil a win under OpenSpiel's rules, and plays
//! whole games to a win under both rule sets.

use halma::search::{Params, SCORE_WIN, evaluate};
use halma::{
    Engine, Limits, SearchError, Side, StarBitboard, StarGame, StarMove, StarOutcome, StarPosition,
    StarRules,
};

/// A seeded generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

/// A game of `plies` random turns (fewer if it ends first: the last is then taken back).
fn random_game(rng: &mut Rng, rules: StarRules, plies: usize) -> StarGame {
    let mut game = StarGame::new(rules);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.below(moves.len())]).unwrap();
        if game.outcome().is_over() {
            game.undo().unwrap();
            break;
        }
    }
    game
}

/// Plain negamax with the engine's rules for wins (a won position scores for its winner),
/// passes, and draws by repetition of the game or of the path (worth 0, no contempt).
fn negamax(
    game: &StarGame,
    params: &Params,
    position: &mut StarPosition,
    path: &mut Vec<u64>,
    (depth, ply): (u32, i32),
) -> i32 {
    if ply > 0 {
        if let Some(winner) = position.winner() {
            let win = SCORE_WIN - ply;
            return if winner == position.turn() { win } else { -win };
        }
        let hash = position.hash();
        if path.contains(&hash) || game.positions().iter().any(|p| p.hash() == hash) {
            return 0;
        }
    }
    if depth == 0 {
        return evaluate(game, params, position);
    }
    let moves = position.legal_moves();
    path.push(position.hash());
    let best = if moves.is_empty() {
        let mut passed = *position;
        passed.pass();
        -negamax(game, params, &mut passed, path, (depth - 1, ply + 1))
    } else {
        let mut best = i32::MIN;
        for &mv in moves.iter() {
            position.play_unchecked(mv);
            let score = -negamax(game, params, position, path, (depth - 1, ply + 1));
            position.undo_unchecked(mv);
            best = best.max(score);
        }
        best
    };
    path.pop();
    best
}

#[test]
fn alpha_beta_with_table_and_ordering_equals_plain_negamax() {
    let params = Params::exhaustive();
    let mut rng = Rng(11);
    let mut engine = Engine::with_table_mb(1);
    engine.set_contempt(0);
    let count = if cfg!(debug_assertions) { 8 } else { 30 };
    for index in 0..count {
        let rules = [StarRules::OpenSpiel, StarRules::Standard][index % 2];
        let plies = rng.below(120);
        let game = random_game(&mut rng, rules, plies);
        if game.outcome().is_over() {
            continue;
        }
        let depth = if game.legal_moves().len() <= 40 { 3 } else { 2 };
        let mut position = *game.position();
        let expected = negamax(&game, &params, &mut position, &mut Vec::new(), (depth, 0));
        let limits = Limits::depth(depth).with_params(params.clone());
        let result = engine.search(&game, &limits).expect("an ongoing game");
        assert_eq!(
            result.score,
            expected,
            "{rules}, depth {depth}: {}",
            game.position()
        );
        assert!(game.legal_moves().contains(&result.best_move));
    }
}

/// `x` with nine pieces on its target and the tenth on `from`; the target's hole `hole`
/// empty; `o` far away.
fn win_in_one(rules: StarRules, hole: u8, from: u8) -> StarGame {
    let target = StarBitboard::home(Side::O);
    let x = target.without(halma::Hole::new(hole).unwrap()) | hole_set(&[from]);
    let o = hole_set(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 60]);
    StarGame::from_position(StarPosition::from_parts([x, o], Side::X, rules).unwrap())
}

fn hole_set(numbers: &[u8]) -> StarBitboard {
    numbers
        .iter()
        .map(|&n| halma::Hole::new(n).unwrap())
        .collect()
}

#[test]
fn a_win_in_one_is_always_taken() {
    for rules in [StarRules::OpenSpiel, StarRules::Standard] {
        // The piece on 102 steps to 111; the one on 90 hops over 103 (o's) to 112.
        for (hole, from) in [(111, 102), (112, 90)] {
            let mut game = win_in_one(rules, hole, from);
            if hole == 112 {
                let o = hole_set(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 103]);
                let x = game.position().pieces(Side::X);
                let position = StarPosition::from_parts([x, o], Side::X, rules).unwrap();
                game = StarGame::from_position(position);
            }
            let winning = StarMove::new(
                halma::Hole::new(from).unwrap(),
                halma::Hole::new(hole).unwrap(),
            );
            assert!(game.legal_moves().contains(&winning), "{rules}: {winning}");
            for depth in 1..=3 {
                let result = Engine::new().search(&game, &Limits::depth(depth)).unwrap();
                assert_eq!(result.best_move, winning, "{rules}, depth {depth}");
                assert_eq!(result.score, SCORE_WIN - 1);
            }
        }
    }
}

#[test]
fn finished_games_and_missing_limits_are_refused() {
    let game = win_in_one(StarRules::OpenSpiel, 111, 102);
    let mv: StarMove = "102-111".parse().unwrap();
    let mut won = game.clone();
    won.play(mv).unwrap();
    assert_eq!(won.outcome(), StarOutcome::Win(Side::X));
    let mut engine = Engine::new();
    assert_eq!(
        engine.search(&won, &Limits::depth(2)),
        Err(SearchError::GameOver)
    );
    assert_eq!(
        engine.search(&game, &Limits::depth(0)),
        Err(SearchError::NoLimits)
    );
}

#[test]
fn depth_and_node_limited_searches_are_deterministic() {
    let mut rng = Rng(5);
    let game = random_game(&mut rng, StarRules::OpenSpiel, 30);
    for limits in [Limits::depth(5), Limits::nodes(20_000)] {
        let first = Engine::new().search(&game, &limits).unwrap();
        let mut used = Engine::new();
        used.search(
            &random_game(&mut rng, StarRules::Standard, 10),
            &Limits::depth(4),
        )
        .unwrap();
        let again = used.search(&game, &limits).unwrap();
        assert_eq!(
            (first.best_move, first.score, first.depth, first.nodes),
            (again.best_move, again.score, again.depth, again.nodes)
        );
    }
}

#[test]
fn under_openspiels_rules_no_piece_stays_home_to_spoil_a_win() {
    // o has nine pieces on its target (x's home) and its tenth on 60; x keeps one piece at
    // home, on 6, the hole o needs, and its other pieces on its own target but for 120. Were
    // it to stay, o could never win: the engine moves it out.
    let x_target = StarBitboard::home(Side::O);
    let x = hole_set(&[6]) | x_target.without(halma::Hole::new(120).unwrap());
    let o = StarBitboard::home(Side::X).without(halma::Hole::new(6).unwrap()) | hole_set(&[60]);
    let position = StarPosition::from_parts([x, o], Side::X, StarRules::OpenSpiel).unwrap();
    let game = StarGame::from_position(position);
    for limits in [Limits::depth(4), Limits::nodes(5_000)] {
        let result = Engine::new().search(&game, &limits).unwrap();
        assert_eq!(result.best_move.from.number(), 6, "{limits:?}");
    }
}

#[test]
fn the_engine_plays_whole_games_against_itself_to_a_win() {
    for rules in [StarRules::OpenSpiel, StarRules::Standard] {
        let mut game = StarGame::new(rules);
        let mut engine = Engine::new();
        engine.set_contempt(0);
        while !game.outcome().is_over() {
            assert!(game.turns().len() < 400, "{rules}: {}", game.position());
            let result = engine.search(&game, &Limits::nodes(3_000)).unwrap();
            game.play(result.best_move).unwrap();
        }
        assert!(
            matches!(game.outcome(), StarOutcome::Win(_)),
            "{rules}: {:?} after {} turns",
            game.outcome(),
            game.turns().len()
        );
    }
}
