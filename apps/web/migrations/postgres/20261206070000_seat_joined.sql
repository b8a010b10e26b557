-- When the joiner's seat was taken with its invitation (Unix ms; NULL for a seat not yet
-- taken, taken before this column, or carried into a rematch): a join sent again with the
-- same key within ten minutes is answered the same seat, its secret derived again from
-- the invitation and the key (the secret itself is never stored).
ALTER TABLE halma_seats ADD COLUMN joined_ms BIGINT;
