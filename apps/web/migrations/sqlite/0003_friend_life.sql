-- A game between two people's life beyond its rules, as JSON (`src/friend/life.rs`): how
-- its players ended it off the board (a resignation, a draw agreed, a flag fallen, a player
-- gone), the offers standing between them, its clock, and the game that followed it. NULL
-- for a game against the computer. It is a column of the game's row so that each of its
-- changes is a change of the game: one compare-and-swap on the row's version.
ALTER TABLE halma_games ADD COLUMN life TEXT;
