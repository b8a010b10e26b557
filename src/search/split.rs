//! How the helper threads of a search split the root moves with the main thread.

/// A helper's share of the root moves. Every thread searches every depth and the best move
/// of the last iteration first (its score bounds the others), but a helper takes the other
/// moves in reverse order, helper `index` of `count` starting `index / count` of the way
/// along: so the main thread and the helpers begin at different moves and meet, each then
/// finding the others' results in the table, where the same order would search the same
/// moves at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Helper {
    index: usize,
    count: usize,
}

impl Helper {
    /// Helper `index` (from 0) of `count` helpers.
    pub(crate) fn new(index: usize, count: usize) -> Helper {
        Helper {
            index,
            count: count.max(index + 1),
        }
    }

    /// The helper's order of the root moves `root`, the last iteration's best first, for an
    /// iteration.
    pub(crate) fn reorder<T>(self, root: &mut [T]) {
        if let Some((_, rest)) = root.split_first_mut() {
            rest.reverse();
            rest.rotate_left(self.index * rest.len() / self.count);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_keep_the_best_first_and_begin_the_others_at_different_moves() {
        let order = |index, count| {
            let mut root = [0, 1, 2, 3, 4, 5];
            Helper::new(index, count).reorder(&mut root);
            root
        };
        assert_eq!(order(0, 1), [0, 5, 4, 3, 2, 1]);
        assert_eq!(order(0, 2), [0, 5, 4, 3, 2, 1]);
        assert_eq!(order(1, 2), [0, 3, 2, 1, 5, 4]);
        assert_eq!(order(2, 3), [0, 2, 1, 5, 4, 3]);
        assert_eq!(order(3, 0), [0, 2, 1, 5, 4, 3], "a count below the index");
        let mut one = [0];
        Helper::new(0, 1).reorder(&mut one);
        assert_eq!(one, [0]);
    }
}
