-- A game says what its opponent is: `computer`, at its `level`, or `friend`, a game between
-- two people, which has no level. Until now a game between two people was stored as a
-- computer game of level 0: such rows become `friend` rows without a level.
-- (From here on migrations are named by the time they were written, so that two lines of
-- work cannot take the same number.)
ALTER TABLE halma_games ADD COLUMN opponent TEXT NOT NULL DEFAULT 'computer';
ALTER TABLE halma_games ALTER COLUMN opponent DROP DEFAULT;
ALTER TABLE halma_games ALTER COLUMN level DROP NOT NULL;
UPDATE halma_games SET opponent = 'friend', level = NULL WHERE level = 0;
