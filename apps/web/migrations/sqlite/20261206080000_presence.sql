-- Presence by process: a row for each process that holds live streams of a side's player,
-- renewed while it holds them (`until_ms`, Unix ms; a process that died stops renewing and
-- its row lapses). A side is here while any process's row is; when a process's last
-- stream of the side ends, its row goes, and the seat's `x_here_until`/`o_here_until`
-- becomes the latest other row's time, or the moment it went if there is none: away from
-- then, whichever process held the last stream.
CREATE TABLE IF NOT EXISTS halma_presence (
    id TEXT NOT NULL,
    side TEXT NOT NULL,
    process TEXT NOT NULL,
    until_ms BIGINT NOT NULL,
    PRIMARY KEY (id, side, process)
);
