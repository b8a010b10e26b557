-- The seats of the games between two people, a row per game (a game without one is played
-- against the computer). A seat is held by whoever has its secret; only the secrets'
-- SHA-256 digests are stored, so the database alone lets nobody move. The joiner's seat
-- has an invitation until someone opens it: then the invitation is gone and the seat's
-- secret is the joiner's own. Presence is when each side's live connections last said
-- they were there (Unix ms), refreshed by the process holding them.
CREATE TABLE IF NOT EXISTS halma_seats (
    id TEXT PRIMARY KEY,
    creator TEXT NOT NULL,
    creator_hash TEXT NOT NULL,
    invitation_hash TEXT,
    joiner_hash TEXT,
    x_here_until BIGINT NOT NULL,
    o_here_until BIGINT NOT NULL
);
