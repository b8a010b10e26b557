//! [`StarRules`]: the two rule sets of the star board.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

/// The rules a star game is played by (`docs/RULES.md` of the repository). Both move alike:
/// a step to a neighbouring empty hole, or a chain of hops over single pieces of either side
/// to the empty hole beyond, which may stop after any hop and never lands on a hole it has
/// visited (its start included); a side with no move passes.
///
/// ```
/// use halma::StarRules;
///
/// assert_eq!(StarRules::default(), StarRules::Standard);
/// assert_eq!("openspiel".parse::<StarRules>()?, StarRules::OpenSpiel);
/// assert_eq!(StarRules::OpenSpiel.to_string(), "openspiel");
/// # Ok::<(), halma::ParseStarRulesError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum StarRules {
    /// The rules for games between people (the default): OpenSpiel's movement, plus the
    /// goal-camp rule (a piece in its target triangle moves only within it, at every hop),
    /// anti-spoiling (a side wins when its target is full with at least one of its own
    /// pieces in it) and a draw by threefold repetition.
    #[default]
    Standard,
    /// Exactly OpenSpiel 2.0.2's `chinese_checkers` with `players=2`: a side wins when its
    /// turn leaves its 10 pieces on its target; a draw after 1,000 turns (passes included);
    /// no goal-camp rule, no anti-spoiling, no repetition rule.
    OpenSpiel,
}

impl StarRules {
    /// The turns after which an [`OpenSpiel`](StarRules::OpenSpiel) game is drawn.
    pub const OPENSPIEL_TURN_LIMIT: usize = 1_000;

    /// The name: `standard` or `openspiel`.
    pub const fn name(self) -> &'static str {
        match self {
            StarRules::Standard => "standard",
            StarRules::OpenSpiel => "openspiel",
        }
    }
}

impl fmt::Display for StarRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for StarRules {
    type Err = ParseStarRulesError;

    fn from_str(text: &str) -> Result<StarRules, ParseStarRulesError> {
        [StarRules::Standard, StarRules::OpenSpiel]
            .into_iter()
            .find(|rules| rules.name() == text)
            .ok_or_else(|| ParseStarRulesError(text.to_owned()))
    }
}

/// Text that names no rule set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0:?} names no rules of the star board: use standard or openspiel")]
pub struct ParseStarRulesError(String);
