//! [`Flood`]: the flood fill of hop chains that both boards' move generators run on a class
//! board (the 16x16 board's parity classes, the star's axial ones), two pieces at a time in
//! one SIMD register, each board giving its own hop ([`Flood::hop`]).

use super::pair::Pair;
use super::parity::ClassBoard;

/// Where the hops of one class lead with the pieces of a position.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reach {
    /// The empty squares.
    pub(crate) empty: ClassBoard,
    /// The squares with at least one hop to an empty square.
    pub(crate) jumpable: ClassBoard,
    /// The squares with hops to two empty squares or more: a chain that came to one of them
    /// from an empty square (a hop back is one of its hops) can only go on from here.
    pub(crate) crossings: ClassBoard,
}

/// The hop graph of one class with the pieces of a position: what the hop floods of all its
/// pieces share.
pub(crate) trait Flood {
    /// The squares one hop away from any square of `from`, empty or not, for each lane.
    fn hop(&self, from: Pair) -> Pair;

    /// Where the hops lead.
    fn reach(&self) -> Reach;

    /// Calls `visit(origin, reached)` for each of `pieces` (squares of this class) with a
    /// hop: its square, and the squares it reaches by one hop or more (see
    /// [`jumps`](Flood::jumps)). Two pieces at a time, in bit order.
    #[inline(always)]
    fn for_each_jumper<const LOCK: bool>(
        &self,
        pieces: ClassBoard,
        goal: ClassBoard,
        mut visit: impl FnMut(ClassBoard, ClassBoard),
    ) {
        let mut pieces = pieces & self.reach().jumpable;
        while pieces != 0 {
            let first = pieces & pieces.wrapping_neg();
            pieces ^= first;
            let second = pieces & pieces.wrapping_neg();
            pieces ^= second;
            let reached = self.jumps::<LOCK>(Pair::new(first, second), goal).lanes();
            visit(first, reached[0]);
            if second != 0 {
                visit(second, reached[1]);
            }
        }
    }

    /// The squares the pieces on `origins` (one square a lane; an empty lane gives an empty
    /// set) reach by one hop or more. With `LOCK`, `goal` is the set a chain may not leave
    /// once in it (on this class board): the goal camp of the side moving, or, for the race
    /// solver's moves read backward, the squares outside it; without it (OpenSpiel's rules
    /// on the star) chains go anywhere.
    #[inline(always)]
    fn jumps<const LOCK: bool>(&self, origins: Pair, goal: ClassBoard) -> Pair {
        let Reach {
            empty,
            jumpable,
            crossings,
        } = self.reach();
        let empty = Pair::splat(empty);
        // The empty squares not reached yet (the origin, reached from the start, is not
        // empty: a chain passing it again adds nothing).
        let mut unreached = empty;
        // Outside the goal: hop anywhere, but hops landing in the goal go no further
        // here. After the first hop only squares with a hop to an empty square lead
        // further; after the others, only those with two (one leads back).
        let goal = if LOCK { goal } else { 0 };
        let first_onward = Pair::splat(jumpable & !goal);
        let later_onward = Pair::splat(crossings & !goal);
        let goal = Pair::splat(goal);
        let mut frontier = if LOCK { origins.and_not(goal) } else { origins };
        let mut onward = first_onward;
        loop {
            let landed = self.hop(frontier).and(unreached);
            unreached = unreached.and_not(landed);
            frontier = landed.and(onward);
            if frontier.is_empty() {
                break;
            }
            onward = later_onward;
        }
        let landed = empty.and_not(unreached);
        if !LOCK {
            return landed;
        }
        // Inside the goal: hop on inside it only.
        let mut frontier = origins.or(landed).and(goal);
        let open_goal = unreached.and(goal);
        let mut unreached_goal = open_goal;
        while !frontier.is_empty() {
            frontier = self.hop(frontier).and(unreached_goal);
            unreached_goal = unreached_goal.and_not(frontier);
        }
        landed.or(open_goal.and_not(unreached_goal))
    }
}
