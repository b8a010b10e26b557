//! The sequential probability ratio test of a match, the way engine projects screen a change
//! (fishtest, OpenBench): games are counted in pairs (the two games of an opening, one with
//! each colour), each pair scoring 0, ½, 1, 1½ or 2 for player A (the *pentanomial*), and the
//! log-likelihood ratio of "A is `elo1` stronger" against "A is `elo0` stronger" is updated
//! after every pair; the match stops once it leaves the bounds that `alpha` (the chance of
//! accepting `elo1` when `elo0` is true) and `beta` (the reverse) set.
//!
//! The ratio is the generalized SPRT (Michel Van den Bergh's, fishtest's `LLR_logistic`):
//! each hypothesis's pair distribution is the one nearest the observed distribution (the
//! maximum-likelihood distribution) whose mean is the expected score of its logistic Elo.
//! Pairs, not games, are the observations: the two games of an opening are correlated (a
//! lopsided opening gives one win to each side), and counting pairs measures that.

use std::collections::HashMap;
use std::fmt;

use crate::stats::elo_interval;

/// What a pair of games can score for A, in half points: 0 (two losses) to 4 (two wins).
pub const PAIR_SCORES: usize = 5;

/// The bounds and hypotheses of a test: `elo0` against `elo1` (logistic Elo, A - B), with
/// error rates `alpha` and `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis (the change gains nothing), e.g. 0.
    pub elo0: f64,
    /// The Elo difference of the alternative (the change gains this much), e.g. 20.
    pub elo1: f64,
    /// The chance of accepting `elo1` when `elo0` holds.
    pub alpha: f64,
    /// The chance of accepting `elo0` when `elo1` holds.
    pub beta: f64,
}

/// Which hypothesis a test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The log-likelihood ratio fell below the lower bound: A is not `elo1` stronger.
    H0,
    /// The ratio rose above the upper bound: A is stronger by more than `elo0`.
    H1,
}

/// The pair results of a match: how many pairs scored 0, ½, 1, 1½ and 2 for A.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u64; PAIR_SCORES]);

impl Sprt {
    /// The test written `elo0,elo1[,alpha,beta]` (`alpha` and `beta` 0.05 when not given).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let numbers: Vec<f64> = text
            .split(',')
            .map(|part| part.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("--sprt takes elo0,elo1[,alpha,beta], not {text:?}"))?;
        let (elo0, elo1, alpha, beta) = match numbers[..] {
            [elo0, elo1] => (elo0, elo1, 0.05, 0.05),
            [elo0, elo1, alpha, beta] => (elo0, elo1, alpha, beta),
            _ => return Err(format!("--sprt takes elo0,elo1[,alpha,beta], not {text:?}")),
        };
        let rate = |p: f64| p > 0.0 && p < 0.5;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(format!("--sprt needs elo0 < elo1, not {text:?}"));
        }
        if elo0.abs() >= 800.0 || elo1.abs() >= 800.0 {
            return Err(format!("--sprt: Elo bounds within ±800, not {text:?}"));
        }
        if !(rate(alpha) && rate(beta)) {
            return Err(format!(
                "--sprt: alpha and beta between 0 and 0.5, not {text:?}"
            ));
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// The lower and upper bounds of the log-likelihood ratio: `ln(beta / (1 - alpha))` and
    /// `ln((1 - beta) / alpha)`.
    pub fn bounds(&self) -> [f64; 2] {
        [
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        ]
    }

    /// The log-likelihood ratio of `elo1` against `elo0` after `pairs` (0 for none).
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        let total = pairs.total();
        if total == 0 {
            return 0.0;
        }
        // Empty classes regularized as fishtest does, so that every probability is positive.
        let counts = pairs.0.map(|count| (count as f64).max(1e-3));
        let n: f64 = counts.iter().sum();
        let observed = counts.map(|count| count / n);
        let [low, high] = [self.elo0, self.elo1]
            .map(|elo| nearest_with_mean(&observed, expected_score(elo)).unwrap_or(observed));
        n * (0..PAIR_SCORES)
            .map(|i| observed[i] * (high[i] / low[i]).ln())
            .sum::<f64>()
    }

    /// The hypothesis the ratio `llr` accepts, if it has left the bounds.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let [lower, upper] = self.bounds();
        if llr <= lower {
            Some(Verdict::H0)
        } else if llr >= upper {
            Some(Verdict::H1)
        } else {
            None
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SPRT elo0 {} elo1 {} alpha {} beta {}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// The expected score of a player `elo` stronger (logistic).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// A pair class's score for A, from 0 to 1 (the mean of its two games).
fn class_score(class: usize) -> f64 {
    class as f64 / (PAIR_SCORES - 1) as f64
}

/// The distribution over the pair classes nearest `observed` (the one of greatest
/// likelihood for it) whose mean score is `mean`: `p_i = observed_i / (1 + x (a_i - mean))`
/// for the `x` that makes the mean right, found by bisection (the mean falls as `x` grows).
/// `None` when `mean` is not strictly between 0 and 1.
fn nearest_with_mean(observed: &[f64; PAIR_SCORES], mean: f64) -> Option<[f64; PAIR_SCORES]> {
    if !(mean > 0.0 && mean < 1.0) {
        return None;
    }
    let excess = |x: f64| -> f64 {
        (0..PAIR_SCORES)
            .map(|i| {
                let d = class_score(i) - mean;
                observed[i] * d / (1.0 + x * d)
            })
            .sum()
    };
    // Every 1 + x (a_i - mean) stays positive for x in (-1 / (1 - mean), 1 / mean).
    let (mut low, mut high) = (-1.0 / (1.0 - mean), 1.0 / mean);
    let shrink = 1e-12;
    (low, high) = (low * (1.0 - shrink), high * (1.0 - shrink));
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if excess(mid) > 0.0 {
            low = mid;
        } else {
            high = mid;
        }
    }
    let x = 0.5 * (low + high);
    let mut p = [0.0; PAIR_SCORES];
    for (i, slot) in p.iter_mut().enumerate() {
        *slot = observed[i] / (1.0 + x * (class_score(i) - mean));
    }
    let sum: f64 = p.iter().sum();
    Some(p.map(|value| value / sum))
}

impl Pentanomial {
    /// The number of pairs.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    /// A's mean score a game, and the Elo difference with the bounds of its 95% interval,
    /// the variance taken over pairs; `None` without pairs.
    pub fn elo(&self) -> Option<(f64, [f64; 3])> {
        let n = self.total() as f64;
        if n == 0.0 {
            return None;
        }
        let share = |i: usize| self.0[i] as f64 / n;
        let mean: f64 = (0..PAIR_SCORES).map(|i| share(i) * class_score(i)).sum();
        let variance: f64 = (0..PAIR_SCORES)
            .map(|i| share(i) * (class_score(i) - mean).powi(2))
            .sum();
        Some((mean, elo_interval(mean, variance, n)))
    }
}

impl fmt::Display for Pentanomial {
    /// `[LL, LD, DD+WL, WD, WW]` counts.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(
            f,
            "pairs (0, ½, 1, 1½, 2 points for A): {a}, {b}, {c}, {d}, {e}"
        )
    }
}

/// The games of a match gathered into pairs as they end: games `2k` and `2k + 1` are the
/// pair of opening `k`.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    /// The half points of the pairs with one game ended so far.
    waiting: HashMap<usize, usize>,
    /// The pairs with both games ended.
    complete: Pentanomial,
}

impl Pairs {
    /// Adds game `index`, in which A won `half_points` (0, 1 or 2).
    pub fn add(&mut self, index: usize, half_points: usize) {
        match self.waiting.remove(&(index / 2)) {
            Some(other) => self.complete.0[(other + half_points).min(PAIR_SCORES - 1)] += 1,
            None => {
                self.waiting.insert(index / 2, half_points);
            }
        }
    }

    /// The pentanomial of the pairs with both games ended.
    pub fn pentanomial(&self) -> Pentanomial {
        self.complete
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn the_bounds_are_those_of_wald() {
        let [lower, upper] = sprt(0.0, 10.0).bounds();
        assert!((lower + 2.944).abs() < 1e-3, "{lower}");
        assert!((upper - 2.944).abs() < 1e-3, "{upper}");
    }

    #[test]
    fn the_nearest_distribution_has_the_asked_mean() {
        let observed = [0.1, 0.2, 0.4, 0.2, 0.1];
        for mean in [0.3, 0.5, 0.52, 0.8] {
            let p = nearest_with_mean(&observed, mean).unwrap();
            let got: f64 = (0..PAIR_SCORES).map(|i| p[i] * class_score(i)).sum();
            assert!((got - mean).abs() < 1e-9, "{mean}: {got}");
            assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        // A distribution that already has the mean is its own nearest.
        let p = nearest_with_mean(&observed, 0.5).unwrap();
        for i in 0..PAIR_SCORES {
            assert!((p[i] - observed[i]).abs() < 1e-9);
        }
        assert!(nearest_with_mean(&observed, 1.0).is_none());
    }

    #[test]
    fn the_ratio_follows_the_evidence() {
        let test = sprt(0.0, 20.0);
        assert_eq!(test.llr(&Pentanomial::default()), 0.0);
        // Even results speak for elo0, strong ones for elo1, and more of them louder.
        let even = Pentanomial([10, 40, 100, 40, 10]);
        let strong = Pentanomial([5, 30, 100, 50, 15]);
        assert!(test.llr(&even) < 0.0);
        assert!(test.llr(&strong) > 0.0);
        let twice = Pentanomial(strong.0.map(|count| 2 * count));
        assert!(test.llr(&twice) > 1.9 * test.llr(&strong));
        // Mirrored results and mirrored hypotheses give the opposite ratio.
        let mut mirrored = strong.0;
        mirrored.reverse();
        let opposite = sprt(-20.0, 0.0).llr(&Pentanomial(mirrored));
        assert!((opposite + test.llr(&strong)).abs() < 1e-6);
    }

    #[test]
    fn the_ratio_is_near_its_quadratic_approximation() {
        // For small Elo differences the generalized SPRT is close to
        // N (s1 - s0) (2 mu - s0 - s1) / (2 var) (fishtest's LLR_alt2).
        let test = sprt(0.0, 10.0);
        let pairs = Pentanomial([30, 200, 500, 220, 40]);
        let n = pairs.total() as f64;
        let share = |i: usize| pairs.0[i] as f64 / n;
        let mu: f64 = (0..PAIR_SCORES).map(|i| share(i) * class_score(i)).sum();
        let var: f64 = (0..PAIR_SCORES)
            .map(|i| share(i) * (class_score(i) - mu).powi(2))
            .sum();
        let [s0, s1] = [0.0, 10.0].map(expected_score);
        let approx = n * (s1 - s0) * (2.0 * mu - s0 - s1) / (2.0 * var);
        let exact = test.llr(&pairs);
        assert!(
            (exact - approx).abs() < 0.02 * approx.abs().max(1.0),
            "{exact} {approx}"
        );
    }

    #[test]
    fn a_verdict_comes_only_beyond_a_bound() {
        let test = sprt(0.0, 20.0);
        assert_eq!(test.verdict(0.0), None);
        assert_eq!(test.verdict(3.0), Some(Verdict::H1));
        assert_eq!(test.verdict(-3.0), Some(Verdict::H0));
        let wins = Pentanomial([0, 5, 40, 60, 30]);
        assert_eq!(test.verdict(test.llr(&wins)), Some(Verdict::H1));
        let losses = Pentanomial([30, 60, 40, 5, 0]);
        assert_eq!(test.verdict(test.llr(&losses)), Some(Verdict::H0));
    }

    #[test]
    fn tests_are_read_from_their_text() {
        assert_eq!(Sprt::parse("0,20"), Ok(sprt(0.0, 20.0)));
        let full = Sprt::parse("-5, 15, 0.1, 0.2").unwrap();
        assert_eq!(
            (full.elo0, full.elo1, full.alpha, full.beta),
            (-5.0, 15.0, 0.1, 0.2)
        );
        for bad in [
            "",
            "5",
            "20,0",
            "0,20,0.05",
            "0,20,0,0.05",
            "0,20,0.6,0.05",
            "x,y",
            "0,900",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad:?} is read");
        }
    }

    #[test]
    fn the_pentanomial_gives_the_elo_of_its_pairs() {
        let pairs = Pentanomial([1, 0, 3, 1, 1]);
        let (mean, [elo, low, high]) = pairs.elo().unwrap();
        assert!((mean - 13.0 / 24.0).abs() < 1e-12);
        assert!(low < elo && elo < high);
        assert!(Pentanomial::default().elo().is_none());
    }

    #[test]
    fn games_pair_up_by_opening_in_any_order() {
        let mut pairs = Pairs::default();
        for (index, half_points) in [(1, 2), (4, 1), (0, 2), (2, 0), (5, 0)] {
            pairs.add(index, half_points);
        }
        // Pairs 0 (2 + 2) and 2 (1 + 0) are complete; game 2 waits for game 3.
        assert_eq!(pairs.pentanomial(), Pentanomial([0, 1, 0, 0, 1]));
    }
}
