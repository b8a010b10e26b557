//! What a score means: the scale of the search's scores, from the side to move's point of
//! view in hundredths of a move of race advantage, and the forced results at its ends.

/// The score of a win on the move; a forced win in `n` plies scores `SCORE_WIN - n`.
pub const SCORE_WIN: i32 = 30_000;

/// Scores at least this large in absolute value are forced results.
pub(crate) const FORCED: i32 = SCORE_WIN - 1000;

/// Above every score.
pub(crate) const INFINITY: i32 = SCORE_WIN + 1;

/// The score of a draw.
pub(crate) const DRAW: i32 = 0;

/// A result a search proved whatever the opponent does.
///
/// In a separated race it is the [race solver's](crate::race::Race) result: forced as long
/// as both sides race; a side going back to meet the other army (to block it) leaves what
/// the counts say, and the next search sees the armies no longer separated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForcedResult {
    /// The side to move wins within this many plies (its own moves and the opponent's).
    Win(u32),
    /// The side to move loses within this many plies, however it defends.
    Loss(u32),
}

impl ForcedResult {
    /// The forced result a score stands for, if any (see the [module docs](super)).
    ///
    /// ```
    /// use halma::ForcedResult;
    /// use halma::search::SCORE_WIN;
    ///
    /// assert_eq!(ForcedResult::from_score(SCORE_WIN - 3), Some(ForcedResult::Win(3)));
    /// assert_eq!(ForcedResult::from_score(-(SCORE_WIN - 4)), Some(ForcedResult::Loss(4)));
    /// assert_eq!(ForcedResult::from_score(250), None);
    /// ```
    pub fn from_score(score: i32) -> Option<ForcedResult> {
        let magnitude = score.saturating_abs();
        if !(FORCED..=SCORE_WIN).contains(&magnitude) {
            return None;
        }
        let plies = (SCORE_WIN - magnitude) as u32;
        Some(if score > 0 {
            ForcedResult::Win(plies)
        } else {
            ForcedResult::Loss(plies)
        })
    }
}
