-- A game says what its opponent is: `computer`, at its `level`, or `friend`, a game between
-- two people, which has no level. Until now a game between two people was stored as a
-- computer game of level 0: such rows become `friend` rows without a level. SQLite cannot
-- drop a column's NOT NULL, so the table is made anew and its rows copied into it.
-- (From here on migrations are named by the time they were written, so that two lines of
-- work cannot take the same number.)
CREATE TABLE halma_games_new (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    human TEXT NOT NULL,
    level BIGINT,
    version BIGINT NOT NULL,
    thinking TEXT,
    thinking_token TEXT,
    thinking_until BIGINT,
    finished BIGINT NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    life TEXT,
    opponent TEXT NOT NULL
);

INSERT INTO halma_games_new (id, record, human, level, version, thinking, thinking_token,
    thinking_until, finished, created_ms, updated_ms, life, opponent)
SELECT id, record, human, CASE WHEN level = 0 THEN NULL ELSE level END, version, thinking,
    thinking_token, thinking_until, finished, created_ms, updated_ms, life,
    CASE WHEN level = 0 THEN 'friend' ELSE 'computer' END
FROM halma_games;

DROP TABLE halma_games;

ALTER TABLE halma_games_new RENAME TO halma_games;

CREATE INDEX halma_games_age ON halma_games (finished, updated_ms);
