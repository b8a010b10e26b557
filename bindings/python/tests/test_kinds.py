"""The bad inputs every binding is given (``tests/data/bad_inputs.txt``): each raises the
exception of the kind the file names, as Rust, C and JavaScript report it, and each kind's
class names it as ``kind``."""

from pathlib import Path

import pytest

import halma

BAD_INPUTS = Path(__file__).resolve().parents[3] / "tests" / "data" / "bad_inputs.txt"


def cases() -> list[tuple[str, str, str, list[str]]]:
    """Each line of the file: the kind, the call, its input, the moves played before it."""
    rows = []
    for line in BAD_INPUTS.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        kind, call, text, moves = (line.split("\t") + ["", ""])[:4]
        rows.append((kind, call, text.replace("\\n", "\n"), moves.split()))
    return rows


def test_the_file_has_cases():
    assert len(cases()) >= 15


@pytest.mark.parametrize("kind, call, text, moves", cases())
def test_a_bad_input_raises_the_exception_of_its_kind(kind, call, text, moves):
    game = halma.Game()
    for move in moves:
        game.play(move)
    calls = {
        "position": lambda: halma.Game(text),
        "record": lambda: halma.Game.from_record(text),
        "play": lambda: game.play(text),
        "undo": lambda: game.undo(),
        "search": lambda: halma.Engine().search(game, depth=int(text)),
    }
    with pytest.raises(halma.HalmaError) as raised:
        calls[call]()
    assert raised.value.kind == kind
    assert isinstance(raised.value, ValueError)


def test_each_class_names_its_kind():
    classes = {
        halma.ParseError: "parse_error",
        halma.InvalidPositionError: "invalid_position",
        halma.IllegalMoveError: "illegal_move",
        halma.GameOverError: "game_over",
        halma.NothingToUndoError: "nothing_to_undo",
        halma.InvalidArgumentError: "invalid_argument",
        halma.BusyError: "busy",
    }
    for cls, kind in classes.items():
        assert cls.kind == kind
        assert issubclass(cls, halma.HalmaError)
    assert halma.HalmaError.kind is None
    # An impossible position is text that does not read too.
    assert issubclass(halma.InvalidPositionError, halma.ParseError)
