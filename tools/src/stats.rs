//! What a match's games add up to, from player A's side: the score, the Elo difference with
//! its 95% margin, how the games ended, their lengths and the move times.

use std::fmt;
use std::time::Duration;

use crate::referee::Ending;
use crate::schedule::Record;

/// The summary of a match.
pub struct Summary {
    /// A's wins, draws and losses (adjudicated games included).
    pub results: [usize; 3],
    /// A's score: a point a win, half a draw.
    pub score: f64,
    /// The Elo difference A - B, and the bounds of its 95% interval.
    pub elo: [f64; 3],
    /// How the games ended.
    pub endings: Endings,
    /// The game lengths in plies: median, shortest, longest.
    pub lengths: [f64; 3],
    /// A's and B's move times: median and slowest in seconds, and how many moves.
    pub times: [(f64, f64, usize); 2],
}

/// How the games of a match ended, counted by kind.
#[derive(Default, PartialEq, Debug)]
pub struct Endings {
    /// Won by the rules by A, and by B.
    pub won: [usize; 2],
    /// Drawn by threefold repetition.
    pub repetitions: usize,
    /// Drawn by no legal move.
    pub no_moves: usize,
    /// Stopped at the ply cap and adjudicated: to A, to B, drawn.
    pub capped: [usize; 3],
    /// Won by A, and by B, because the other player's program failed.
    pub forfeits: [usize; 2],
    /// The ply cap.
    pub cap: usize,
}

impl Summary {
    /// The summary of `records`, games of a match with a cap of `cap` plies.
    pub fn new(records: &[Record], cap: usize) -> Summary {
        let n = records.len().max(1) as f64;
        let scores: Vec<f64> = records.iter().map(Record::score_a).collect();
        let count = |score: f64| scores.iter().filter(|&&s| s == score).count();
        let score: f64 = scores.iter().sum();
        let p = score / n;
        let variance = scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / n;
        let mut lengths: Vec<f64> = records.iter().map(|r| r.plies() as f64).collect();
        let median_length = median(&mut lengths);
        Summary {
            results: [count(1.0), count(0.5), count(0.0)],
            score,
            elo: elo_interval(p, variance, n),
            endings: Endings::new(records, cap),
            lengths: [
                median_length,
                lengths.first().copied().unwrap_or(0.0),
                lengths.last().copied().unwrap_or(0.0),
            ],
            times: [0, 1].map(|who| {
                let mut times: Vec<f64> = records
                    .iter()
                    .flat_map(|r| r.played.times[side_index(r, who)].iter())
                    .map(Duration::as_secs_f64)
                    .collect();
                let slowest = times.iter().copied().fold(0.0, f64::max);
                (median(&mut times), slowest, times.len())
            }),
        }
    }
}

/// The index of the side player `who` (0 for A, 1 for B) played in `record`.
fn side_index(record: &Record, who: usize) -> usize {
    let side = if who == 0 {
        record.a_side
    } else {
        record.a_side.other()
    };
    side.index()
}

impl Endings {
    /// The endings of `records`, games with a cap of `cap` plies.
    pub fn new(records: &[Record], cap: usize) -> Endings {
        let mut endings = Endings {
            cap,
            ..Endings::default()
        };
        for record in records {
            let to_a = |side| usize::from(side != record.a_side);
            match record.played.ending {
                Ending::Win(side) => endings.won[to_a(side)] += 1,
                Ending::Repetition => endings.repetitions += 1,
                Ending::NoMoves => endings.no_moves += 1,
                Ending::Capped(Some(side)) => endings.capped[to_a(side)] += 1,
                Ending::Capped(None) => endings.capped[2] += 1,
                Ending::Forfeit(side) => endings.forfeits[to_a(side)] += 1,
            }
        }
        endings
    }
}

impl fmt::Display for Endings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b] = self.won;
        write!(
            f,
            "endings: won by A {a}, won by B {b}, drawn by threefold repetition {}, \
             drawn by no legal move {}; ",
            self.repetitions, self.no_moves
        )?;
        let [a, b] = self.forfeits;
        if a + b > 0 {
            write!(f, "won by forfeit: by A {a}, by B {b}; ")?;
        }
        match self.capped {
            [0, 0, 0] => write!(f, "no game at the {}-ply cap", self.cap),
            [a, b, drawn] => write!(
                f,
                "{} stopped at the {}-ply cap (adjudicated: {a} to A, {b} to B, {drawn} drawn)",
                a + b + drawn,
                self.cap
            ),
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [wins, draws, losses] = self.results;
        let games = wins + draws + losses;
        let share = |k: f64| 100.0 * k / games.max(1) as f64;
        writeln!(
            f,
            "A: +{wins} ={draws} -{losses}  score {}/{games} ({:.1}%), A won {:.1}% of the games",
            self.score,
            share(self.score),
            share(wins as f64)
        )?;
        let [elo, low, high] = self.elo.map(show_elo);
        writeln!(f, "Elo difference A - B: {elo} (95%: {low} .. {high})")?;
        writeln!(f, "{}", self.endings)?;
        let [median, shortest, longest] = self.lengths;
        writeln!(
            f,
            "game length: median {median:.0} plies (min {shortest:.0}, max {longest:.0})"
        )?;
        for (who, (median, slowest, moves)) in ["A", "B"].iter().zip(self.times) {
            writeln!(
                f,
                "{who} move time: median {:.1} ms, slowest {:.1} ms over {moves} moves",
                1e3 * median,
                1e3 * slowest
            )?;
        }
        Ok(())
    }
}

/// The median of `values`, which it sorts; 0 for none.
pub fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

/// The Elo difference that gives the expected score `p` (clamped away from 0 and 1).
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The Elo difference of a mean score `mean` a unit (a game, or a pair's mean) over `n`
/// units whose scores have `variance`, with the bounds of its 95% interval. The normal
/// interval, but when every unit scored the most (or the least), where that interval has no
/// width: then the exact binomial bound, the share `0.025^(1/n)` below which `n` wins in `n`
/// have less than a 2.5% chance (10 wins of 10: above +140).
pub fn elo_interval(mean: f64, variance: f64, n: f64) -> [f64; 3] {
    let exact = 0.025f64.powf(1.0 / n.max(1.0));
    let margin = 1.96 * (variance / n).sqrt();
    let [low, high] = if variance > 0.0 {
        [mean - margin, mean + margin]
    } else if mean >= 1.0 {
        [exact, 1.0]
    } else if mean <= 0.0 {
        [0.0, 1.0 - exact]
    } else {
        [mean, mean]
    };
    [elo(mean), elo(low), elo(high)]
}

/// An Elo difference as text: `+inf` and `-inf` beyond a thousand.
pub fn show_elo(elo: f64) -> String {
    match elo {
        e if e >= 1000.0 => "+inf".to_string(),
        e if e <= -1000.0 => "-inf".to_string(),
        // Adding 0.0 turns -0.0 into +0.0, so an even score shows as +0.
        e => format!("{:+.0}", e.round() + 0.0),
    }
}

#[cfg(test)]
mod tests {
    use halma::{Game, Side};

    use super::*;
    use crate::referee::Played;

    fn record(index: usize, a_side: Side, ending: Ending) -> Record {
        let played = Played {
            game: Game::new(),
            ending,
            times: [
                vec![Duration::from_millis(10)],
                vec![Duration::from_millis(30)],
            ],
            forfeit: None,
        };
        Record {
            index,
            a_side,
            played,
        }
    }

    #[test]
    fn endings_are_counted_by_kind_and_by_player() {
        let records = [
            record(0, Side::X, Ending::Win(Side::X)),
            record(1, Side::O, Ending::Win(Side::X)),
            record(2, Side::X, Ending::Repetition),
            record(3, Side::O, Ending::NoMoves),
            record(4, Side::X, Ending::Capped(Some(Side::O))),
            record(5, Side::O, Ending::Capped(None)),
            record(6, Side::X, Ending::Forfeit(Side::O)),
        ];
        let endings = Endings::new(&records, 600);
        let expected = Endings {
            won: [1, 1],
            repetitions: 1,
            no_moves: 1,
            capped: [0, 1, 1],
            forfeits: [0, 1],
            cap: 600,
        };
        assert_eq!(endings, expected);
        let text = endings.to_string();
        assert!(
            text.ends_with(
                "no legal move 1; won by forfeit: by A 0, by B 1; \
                 2 stopped at the 600-ply cap (adjudicated: 0 to A, 1 to B, 1 drawn)"
            ),
            "{text}"
        );
        let summary = Summary::new(&records, 600);
        assert_eq!(summary.results, [1, 3, 3]);
        assert_eq!(summary.score, 2.5);
        // A played x in games 0, 2, 4 and 6 (10 ms a move) and o in the others (30 ms).
        assert_eq!(summary.times[0], (0.01, 0.03, 7));
    }

    #[test]
    fn a_match_without_a_game_at_the_cap_says_so() {
        let records = [record(0, Side::X, Ending::Win(Side::O))];
        let endings = Endings::new(&records, 600).to_string();
        assert!(endings.ends_with("no game at the 600-ply cap"), "{endings}");
    }

    #[test]
    fn elo_is_zero_at_an_even_score_and_symmetric() {
        assert_eq!(show_elo(elo(0.5)), "+0");
        assert!((elo(0.75) - 190.85).abs() < 0.01);
        assert!((elo(0.25) + elo(0.75)).abs() < 1e-9);
        assert_eq!(show_elo(elo(1.0)), "+inf");
        assert_eq!(show_elo(elo(0.0)), "-inf");
    }

    #[test]
    fn a_perfect_score_has_an_exact_lower_bound() {
        // 10 wins of 10: the normal interval has no width; the binomial bound is 0.69.
        let [elo, low, high] = elo_interval(1.0, 0.0, 10.0);
        assert_eq!(
            (show_elo(elo), show_elo(high)),
            ("+inf".into(), "+inf".into())
        );
        assert_eq!(show_elo(low), "+140");
        let [_, low, high] = elo_interval(0.0, 0.0, 10.0);
        assert_eq!(
            (show_elo(low), show_elo(high)),
            ("-inf".into(), "-140".into())
        );
        // Otherwise the normal interval.
        let [elo, low, high] = elo_interval(0.5, 0.25, 100.0);
        assert_eq!([elo, low, high].map(show_elo), ["+0", "-69", "+69"]);
    }

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(&mut []), 0.0);
    }
}
