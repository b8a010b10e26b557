//! The per-ply state of a search: one [`Frame`] for each ply of the current path.

use super::game::MoveCode;
use super::ordering::Keyed;

/// The deepest a search path goes.
pub(crate) const MAX_PLY: usize = 96;

/// What the search keeps for one ply of its path (moves of type `M`).
#[derive(Clone)]
pub(crate) struct Frame<M> {
    /// Whether the move into this ply was a pass (the null move).
    pub(crate) passed: bool,
    /// The move into this ply (by the other side), if known and not a pass.
    pub(crate) entered_by: Option<M>,
    /// The principal variation from this ply: `pv[ply..pv_len]`.
    pub(crate) pv: [M; MAX_PLY],
    /// The end of the principal variation in `pv`.
    pub(crate) pv_len: usize,
    /// Two moves that caused a cutoff at this ply lately.
    pub(crate) killers: [Option<M>; 2],
    /// The moves of the node at this ply with their ordering keys (reused between nodes).
    pub(crate) moves: Vec<Keyed>,
}

impl<M: MoveCode> Frame<M> {
    fn new() -> Frame<M> {
        Frame {
            passed: false,
            entered_by: None,
            pv: [M::NONE; MAX_PLY],
            pv_len: 0,
            killers: [None; 2],
            moves: Vec::new(),
        }
    }

    /// Records `mv` as a move that caused a cutoff here (it is not the table move).
    pub(crate) fn add_killer(&mut self, mv: M) {
        if self.killers[0] != Some(mv) {
            self.killers[1] = self.killers[0];
            self.killers[0] = Some(mv);
        }
    }
}

/// The frames of a search path, root (ply 0) to [`MAX_PLY`], and the hashes of its
/// positions (apart, so that the repetition test scans one short array).
pub(crate) struct Stack<M> {
    frames: Vec<Frame<M>>,
    path: [u64; MAX_PLY + 1],
}

impl<M: MoveCode> Stack<M> {
    /// A stack of fresh frames.
    pub(crate) fn new() -> Stack<M> {
        Stack {
            frames: vec![Frame::new(); MAX_PLY + 1],
            path: [0; MAX_PLY + 1],
        }
    }

    /// The principal variation at `ply` becomes `mv` followed by that of `ply + 1`.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: M) {
        let (here, below) = self.frames.split_at_mut(ply + 1);
        let (frame, next) = (&mut here[ply], &below[0]);
        frame.pv[ply] = mv;
        let len = next.pv_len.max(ply + 1);
        frame.pv[ply + 1..len].copy_from_slice(&next.pv[ply + 1..len]);
        frame.pv_len = len;
    }

    /// The principal variation from the root.
    pub(crate) fn root_pv(&self) -> &[M] {
        &self.frames[0].pv[..self.frames[0].pv_len]
    }

    /// Enters the position with `hash` at `ply`.
    #[inline]
    pub(crate) fn enter(&mut self, ply: usize, hash: u64) {
        self.path[ply] = hash;
    }

    /// Whether `hash` occurred on the path above `ply`.
    #[inline]
    pub(crate) fn on_path(&self, hash: u64, ply: usize) -> bool {
        self.path[..ply].contains(&hash)
    }
}

impl<M> core::ops::Index<usize> for Stack<M> {
    type Output = Frame<M>;
    #[inline]
    fn index(&self, ply: usize) -> &Frame<M> {
        &self.frames[ply]
    }
}

impl<M> core::ops::IndexMut<usize> for Stack<M> {
    #[inline]
    fn index_mut(&mut self, ply: usize) -> &mut Frame<M> {
        &mut self.frames[ply]
    }
}
