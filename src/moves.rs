//! [`Move`], and [`MoveBuffer`], the move lists of both boards ([`MoveList`] for the 16x16
//! board).

use core::fmt;
use core::ops::Deref;

use crate::square::Square;

/// A move: the piece on `from` goes to `to`, by a step or a chain of jumps.
///
/// Origin and destination identify a move (a step and a jump never share a destination),
/// so the hop path is not part of it: [`Position::jump_path`](crate::Position::jump_path)
/// gives one for display. Text is `from-to` in lower case, e.g. `l2-k3`.
///
/// ```
/// use halma::Move;
///
/// let mv: Move = "n2-n6".parse()?;
/// assert_eq!(mv.from.to_string(), "n2");
/// assert_eq!(mv.to_string(), "n2-n6");
/// # Ok::<(), halma::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The square the piece leaves.
    pub from: Square,
    /// The square the piece ends on.
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most moves a valid position can have: each of 19 pieces has at most 8 steps and at
/// most 63 jump destinations (the other squares of its parity class).
pub const MAX_MOVES: usize = 19 * (8 + 63);

/// The room a [`MoveList`] has: a power of two above [`MAX_MOVES`], so that an index masked
/// by `STORAGE - 1` is in bounds without a check.
pub(crate) const STORAGE: usize = MAX_MOVES.next_power_of_two();

/// The legal moves of a position, in a buffer on the stack that no position can overflow.
///
/// Dereferences to a slice of [`Move`]s. Reuse one list with
/// [`Position::generate`](crate::Position::generate) to save setting it up each time.
///
/// A list holds every move of any valid position ([`MAX_MOVES`] at most). A position
/// corrupted by illegal [unchecked moves](crate::Position::play_unchecked) (more than 19
/// pieces a side) can have more: its list then holds only some of them, a room's worth. That
/// is the whole contract: no panic, no undefined behaviour.
pub type MoveList = MoveBuffer<Move, STORAGE>;

/// A list of moves of type `M` with room for `ROOM` of them (a power of two), on the stack:
/// the 16x16 board's [`MoveList`] and the star's
/// [`StarMoveList`](crate::star::StarMoveList). Dereferences to a slice of moves.
#[derive(Clone)]
pub struct MoveBuffer<M, const ROOM: usize> {
    moves: [M; ROOM],
    len: usize,
}

/// The move types a [`MoveBuffer`] holds, with the move its unused room is filled with.
pub(crate) mod sealed {
    /// A move type of the library.
    pub trait Placeholder: Copy {
        /// Any move: what a new list's room holds.
        const PLACEHOLDER: Self;
    }
}

impl sealed::Placeholder for Move {
    const PLACEHOLDER: Move = Move::new(Square::new(0), Square::new(0));
}

impl<M: sealed::Placeholder, const ROOM: usize> MoveBuffer<M, ROOM> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveBuffer {
            moves: [M::PLACEHOLDER; ROOM],
            len: 0,
        }
    }
}

impl<M, const ROOM: usize> MoveBuffer<M, ROOM> {
    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Replaces the contents with the moves `fill` pushes to the [`Appender`] it is given.
    #[inline(always)]
    pub(crate) fn refill(&mut self, fill: impl FnOnce(&mut Appender<'_, M, ROOM>)) {
        let mut appender = Appender {
            moves: &mut self.moves,
            len: 0,
        };
        fill(&mut appender);
        // Past the room, pushes wrapped around (see `Appender::push`).
        self.len = appender.len.min(ROOM);
    }
}

/// Appends to a [`MoveBuffer`] being refilled, the length kept apart from the list (in a
/// register) until the end.
pub(crate) struct Appender<'a, M, const ROOM: usize> {
    moves: &'a mut [M; ROOM],
    len: usize,
}

impl<M, const ROOM: usize> Appender<'_, M, ROOM> {
    /// Appends `mv`. Valid positions never fill the list; past its room (a position
    /// corrupted by illegal unchecked moves), a push overwrites the oldest move.
    #[inline(always)]
    pub(crate) fn push(&mut self, mv: M) {
        self.moves[self.len & (ROOM - 1)] = mv;
        self.len += 1;
    }
}

impl<M: sealed::Placeholder, const ROOM: usize> Default for MoveBuffer<M, ROOM> {
    fn default() -> Self {
        MoveBuffer::new()
    }
}

impl<M, const ROOM: usize> Deref for MoveBuffer<M, ROOM> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        &self.moves[..self.len]
    }
}

impl<M, const ROOM: usize> core::ops::DerefMut for MoveBuffer<M, ROOM> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        &mut self.moves[..self.len]
    }
}

impl<M, const ROOM: usize> IntoIterator for MoveBuffer<M, ROOM> {
    type Item = M;
    type IntoIter = core::iter::Take<core::array::IntoIter<M, ROOM>>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves.into_iter().take(self.len)
    }
}

impl<'a, M, const ROOM: usize> IntoIterator for &'a MoveBuffer<M, ROOM> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: fmt::Debug, const ROOM: usize> fmt::Debug for MoveBuffer<M, ROOM> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
