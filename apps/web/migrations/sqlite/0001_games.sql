-- The games and their count, as the server stored them before it kept a migration history:
-- every statement leaves a database that already has them as it is, so such a database
-- takes this migration as applied and goes on from it.
CREATE TABLE IF NOT EXISTS halma_games (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    human TEXT NOT NULL,
    level BIGINT NOT NULL,
    version BIGINT NOT NULL,
    thinking TEXT,
    thinking_token TEXT,
    thinking_until BIGINT,
    finished BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL
);

CREATE INDEX IF NOT EXISTS halma_games_age ON halma_games (finished, updated_ms);

CREATE TABLE IF NOT EXISTS halma_counts (name TEXT PRIMARY KEY, value BIGINT NOT NULL);

-- The count of the games stored, in the same transaction as each insert and delete.
INSERT INTO halma_counts (name, value) SELECT 'games', COUNT(*) FROM halma_games WHERE TRUE
ON CONFLICT (name) DO NOTHING;
