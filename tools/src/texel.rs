//! Texel-style tuning of the evaluation: the weights that make the static evaluation of
//! positions from played games the best predictor of how those games ended.
//!
//! Each position of a game (after its opening) is labelled with the game's result for `x`
//! (1 won, ½ drawn, 0 lost); the evaluation `e` (for `x`, in hundredths of a move) predicts
//! it as `sigmoid(e) = 1 / (1 + 10^(-k e / 400))`. The error is the mean squared difference
//! between result and prediction. `k` is fitted first, with the weights as they are; then
//! each weight in turn is moved by a step up or down while that lowers the error, the steps
//! halving when no weight moves (Texel's local search).

use halma::search::{Params, evaluate};
use halma::{Game, Position, Side};

use crate::referee::Ending;
use crate::schedule::Record;

/// A position and how its game ended for `x`.
pub struct Sample {
    /// The position (a game of its own: the evaluation takes a game).
    pub game: Game,
    /// 1 if `x` won the game, ½ for a draw, 0 if `x` lost.
    pub result: f64,
}

/// A weight of the evaluation the tuner may move: its name and where it is in [`Params`].
pub struct Weight {
    /// The setting's name (as `Params::set` and the match players write it).
    pub name: &'static str,
    /// The weight in a parameter set.
    pub field: fn(&mut Params) -> &mut i32,
}

/// The evaluation's weights, by name.
pub const WEIGHTS: [Weight; 6] = [
    Weight {
        name: "distance",
        field: |p| &mut p.distance,
    },
    Weight {
        name: "outside",
        field: |p| &mut p.outside,
    },
    Weight {
        name: "straggler",
        field: |p| &mut p.straggler,
    },
    Weight {
        name: "straggler_gap",
        field: |p| &mut p.straggler_gap,
    },
    Weight {
        name: "lateral",
        field: |p| &mut p.lateral,
    },
    Weight {
        name: "tempo",
        field: |p| &mut p.tempo,
    },
];

/// The weight named `name`.
pub fn weight(name: &str) -> Option<&'static Weight> {
    WEIGHTS.iter().find(|weight| weight.name == name)
}

/// The samples of `records`: every position from ply `skip` on of each game that ended by
/// the rules or was adjudicated at the cap (not by a forfeit), each `every`-th one.
pub fn samples(records: &[Record], skip: usize, every: usize) -> Vec<Sample> {
    let mut samples = Vec::new();
    for record in records {
        let played = &record.played;
        let result = match played.ending {
            Ending::Forfeit(_) => continue,
            ending => match ending.winner() {
                Some(Side::X) => 1.0,
                Some(Side::O) => 0.0,
                None => 0.5,
            },
        };
        let positions = played.game.positions();
        // The last position is over: the search scores it, not the evaluation.
        let last = positions.len().saturating_sub(1);
        for position in positions[..last].iter().skip(skip).step_by(every.max(1)) {
            samples.push(Sample {
                game: Game::from_position(*position),
                result,
            });
        }
    }
    samples
}

/// The evaluation of `position` for `x` with `params`.
fn for_x(game: &Game, params: &Params, position: &Position) -> f64 {
    let score = f64::from(evaluate(game, params, position));
    if position.turn() == Side::X {
        score
    } else {
        -score
    }
}

/// The predicted result for a score `score` (for `x`) with scale `k`.
fn sigmoid(score: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// The mean squared error of the evaluation with `params` and scale `k` over `samples`.
pub fn error(samples: &[Sample], params: &Params, k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|sample| {
            let score = for_x(&sample.game, params, sample.game.position());
            (sample.result - sigmoid(score, k)).powi(2)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale `k` of least error for `params` (a golden-section search over 10^-4 to 10).
pub fn fit_k(samples: &[Sample], params: &Params) -> f64 {
    // The error is searched over log10(k), where it is unimodal in practice.
    let error_at = |log_k: f64| error(samples, params, 10f64.powf(log_k));
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (-4.0, 1.0);
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) = (error_at(a), error_at(b));
    while high - low > 1e-4 {
        if error_a < error_b {
            high = b;
            (b, error_b) = (a, error_a);
            a = high - ratio * (high - low);
            error_a = error_at(a);
        } else {
            low = a;
            (a, error_a) = (b, error_b);
            b = low + ratio * (high - low);
            error_b = error_at(b);
        }
    }
    10f64.powf((low + high) / 2.0)
}

/// Texel's local search from `params` over `weights`, with scale `k`: each weight moved by
/// `step` up or down while the error falls, the step halved (down to 1) when nothing moves.
/// `report` hears of every improvement: the weight's name, its new value, the new error.
/// The tuned parameters and their error.
pub fn tune(
    samples: &[Sample],
    params: &Params,
    weights: &[&Weight],
    k: f64,
    mut step: i32,
    mut report: impl FnMut(&str, i32, f64),
) -> (Params, f64) {
    let mut best = params.clone();
    let mut best_error = error(samples, &best, k);
    loop {
        let mut moved = false;
        for weight in weights {
            for direction in [1, -1] {
                let mut trial = best.clone();
                *(weight.field)(&mut trial) += direction * step;
                let trial_error = error(samples, &trial, k);
                if trial_error < best_error {
                    best_error = trial_error;
                    best = trial;
                    moved = true;
                    report(weight.name, *(weight.field)(&mut best), best_error);
                    break;
                }
            }
        }
        if !moved {
            if step == 1 {
                return (best, best_error);
            }
            step = (step / 2).max(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::Player;
    use crate::schedule::Match;

    fn records() -> Vec<Record> {
        let played = Match {
            players: [
                Player::parse("greedy").unwrap(),
                Player::parse("random:40+greedy").unwrap(),
            ],
            games: 4,
            random_plies: 2,
            seed: 3,
            max_plies: 300,
            table_mb: 1,
        };
        (0..4).map(|index| played.play(index).unwrap()).collect()
    }

    #[test]
    fn samples_skip_the_opening_and_carry_the_result_for_x() {
        let records = records();
        let all = samples(&records, 0, 1);
        let plies: usize = records.iter().map(Record::plies).sum();
        assert_eq!(all.len(), plies);
        let sparse = samples(&records, 10, 3);
        assert!(sparse.len() < all.len() / 3);
        let expected = match records[0].played.ending.winner() {
            Some(Side::X) => 1.0,
            Some(Side::O) => 0.0,
            None => 0.5,
        };
        assert_eq!(all[0].result, expected);
    }

    #[test]
    fn the_tuned_weights_predict_no_worse_and_a_wrong_weight_is_moved_back() {
        let samples = samples(&records(), 4, 2);
        let params = Params::default();
        let k = fit_k(&samples, &params);
        assert!(k > 1e-4 && k < 10.0, "{k}");
        let start = error(&samples, &params, k);
        assert!(start < 0.25, "{start}: no better than a coin");
        // The distance weight negated predicts the opposite: the tuner brings it back up.
        let mut wrong = params.clone();
        wrong.distance = -25;
        let distance = weight("distance").unwrap();
        let mut reports = 0;
        let (tuned, tuned_error) =
            tune(&samples, &wrong, &[distance], k, 16, |_, _, _| reports += 1);
        assert!(tuned.distance > 0, "{}", tuned.distance);
        assert!(tuned_error < error(&samples, &wrong, k));
        assert!(reports > 0);
        assert!(weight("nothing").is_none());
    }
}
