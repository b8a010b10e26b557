"""halma.StarGame: the star board from Python, against OpenSpiel's own turns and winners
(``tests/data/star-openspiel.txt``, written with pyspiel by tools/scripts/openspiel-moves.py),
its moves, passes, outcomes, perft, errors, and the engine's searches of it."""

from pathlib import Path

import pytest

import halma
from halma import (
    GameOverError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    NothingToUndoError,
    ParseError,
)

DATA = Path(__file__).resolve().parents[3] / "tests" / "data" / "star-openspiel.txt"

# 1,000 turns of this, four at a time, end an OpenSpiel game in a draw.
THERE_AND_BACK = ["6-14", "114-105", "14-6", "105-114"]

# x has nine pieces on its target and the tenth on 102, a step from the empty hole 111.
X_WINS_NEXT = "o/oo/ooo/ooo1/13/12/11/10/4o4/10/11/12/4x8/1xxx/xxx/xx/x x"


def positions():
    """The data file's positions: (cells, to_move or None, moves or None, winner)."""
    entries = []
    for line in DATA.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        key, value = line.split(" ", 1)
        if key == "position":
            cells, to_move = value.split(" ")
            entry = {"cells": [int(c) for c in cells], "to_move": to_move, "moves": None}
            entry["winner"] = None
            entries.append(entry)
        elif key == "moves":
            pairs = (text.split("-") for text in value.split(" "))
            entries[-1]["moves"] = {(int(a), int(b)) for a, b in pairs}
        elif key == "winner":
            entries[-1]["winner"] = int(value)
    return entries


def test_the_start_has_fourteen_moves():
    game = halma.StarGame()
    assert game.rules == "standard" and game.turn == "x"
    assert game.text() == halma.STAR_START
    assert len(game.legal_moves()) == 14
    assert (6, 14) in game.openspiel_moves() and "3-14" in game.legal_moves()
    assert game.cells()[:11] == [1] * 10 + [0]
    assert str(game).splitlines()[0] == " " * 12 + "x"
    assert str(game).endswith("x to move")
    assert [game.perft(depth) for depth in range(1, 5)] == [14, 196, 4_760, 115_600]


def test_openspiels_positions_have_its_moves_and_winners():
    checked = 0
    for entry in positions():
        winner = entry["winner"]
        to_move = int(entry["to_move"]) if entry["to_move"] != "-" else 1 - winner
        game = halma.StarGame.from_openspiel(entry["cells"], to_move, rules="openspiel")
        assert game.cells() == entry["cells"]
        if entry["moves"] is None:
            assert game.openspiel_winner() == winner
            assert game.is_over and game.openspiel_moves() == []
            continue
        moves = game.openspiel_moves()
        assert set(moves) == entry["moves"] and len(moves) == len(entry["moves"])
        assert game.openspiel_winner() is None
        checked += 1
    assert checked > 300


def test_openspiel_actions_are_a_chain_of_steps_or_hops():
    game = halma.StarGame(rules="openspiel")
    assert game.openspiel_actions((6, 14)) == [6 * 6 + 4]
    assert game.openspiel_actions("3-14") == [3 * 6 + 4]
    assert game.chain((3, 14)) == [3, 14]
    with pytest.raises(IllegalMoveError):
        game.openspiel_actions((6, 26))
    # Every turn of a played game: its actions start at its origin, hop by hop.
    for mv in THERE_AND_BACK[:2]:
        game.play(mv)
    for origin, destination in game.openspiel_moves():
        actions = game.openspiel_actions((origin, destination))
        chain = game.chain((origin, destination))
        assert chain[0] == origin and chain[-1] == destination
        assert [a // 6 for a in actions if a != 726] == chain[:-1]


def test_turns_as_text_pairs_and_passes():
    game = halma.StarGame(rules="openspiel")
    assert game.play("6-14") == "6-14"
    assert game.play((114, 105)) == "114-105"
    assert game.turns == ["6-14", "114-105"]
    assert game.undo() == "114-105"
    with pytest.raises(IllegalMoveError, match="pass only"):
        game.play(None)
    assert not game.must_pass
    copy = game.copy()
    copy.undo()
    assert game.turns == ["6-14"] and copy.turns == []
    with pytest.raises(NothingToUndoError):
        copy.undo()


def test_outcomes_by_each_rules():
    standard = halma.StarGame()
    for _ in range(2):
        for mv in THERE_AND_BACK:
            standard.play(mv)
    assert standard.outcome.draw == "repetition" and standard.occurrences() == 3
    openspiel = halma.StarGame(rules="openspiel")
    for turn in range(1_000):
        assert not openspiel.is_over
        openspiel.play(THERE_AND_BACK[turn % 4])
    assert openspiel.outcome.draw == "turn_limit"
    with pytest.raises(GameOverError):
        openspiel.play("6-14")
    won = halma.StarGame(rules="openspiel", position=X_WINS_NEXT)
    won.play((102, 111))
    assert won.outcome.winner == "x" and won.openspiel_winner() == 0


def test_bad_input_raises_the_error_of_its_kind():
    with pytest.raises(ParseError):
        halma.StarGame(rules="chess")
    with pytest.raises(ParseError):
        halma.StarGame(position="x/xx o")
    game = halma.StarGame()
    with pytest.raises(ParseError):
        game.play("6+14")
    with pytest.raises(InvalidArgumentError):
        game.play((6, 200))
    with pytest.raises(IllegalMoveError):
        game.play((6, 26))
    cells = game.cells()
    with pytest.raises(InvalidPositionError):
        halma.StarGame.from_openspiel(cells[:120], 0)
    with pytest.raises(InvalidArgumentError):
        halma.StarGame.from_openspiel(cells, 2)
    with pytest.raises(InvalidArgumentError):
        halma.StarGame.from_openspiel([3] + cells[1:], 0)


def test_the_engine_searches_a_star_game():
    engine = halma.Engine(contempt=0)
    game = halma.StarGame(rules="openspiel")
    result = engine.search(game, depth=3)
    assert result.move in game.legal_moves() and result.depth == 3
    assert engine.search(game, depth=3).nodes == result.nodes
    won = halma.StarGame(rules="openspiel", position=X_WINS_NEXT)
    assert engine.search(won, depth=2).move == "102-111"
    won.play("102-111")
    with pytest.raises(GameOverError):
        engine.search(won, depth=2)
