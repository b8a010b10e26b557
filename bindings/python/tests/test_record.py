"""halma.Record: a game record with its headers and a resignation, written and read back."""

import pytest

import halma
from halma import GameOverError, HalmaError, ParseError


def two_moves():
    game = halma.Game()
    game.play("l2-k3")
    game.play("e15-f14")
    return game


def test_a_record_writes_its_headers_in_order_then_the_moves():
    record = halma.Record(two_moves(), Site="https://halma.example/g/1", X="Ann", O="halma level 5")
    record.set_tag("Level", "5")
    assert str(record) == (
        '[Site "https://halma.example/g/1"]\n[X "Ann"]\n[O "halma level 5"]\n[Level "5"]\n'
        '[Result "*"]\n\n1. l2-k3 e15-f14\n*\n'
    )
    assert record.tags == {"Site": "https://halma.example/g/1", "X": "Ann", "O": "halma level 5", "Level": "5"}
    assert list(record.tags) == ["Site", "X", "O", "Level"]
    assert record.tag("Date") is None
    assert repr(record) == "<Record * after 2 moves>"


def test_a_resignation_is_the_result_and_reads_back():
    record = halma.Record(two_moves(), X="Ann")
    assert (record.result, record.reason, record.is_over) == ("*", None, False)
    record.resign("x")
    assert (record.result, record.reason, record.winner, record.resigned) == ("0-1", "resignation", "o", "x")
    with pytest.raises(GameOverError):
        record.resign("o")
    again = halma.Record.parse(str(record))
    assert again.resigned == "x"
    assert again.tag("X") == "Ann"
    assert again.game == two_moves()
    assert str(again) == str(record)


def test_the_game_is_a_copy():
    game = two_moves()
    record = halma.Record(game)
    game.play("k3-l2")
    copy = record.game
    copy.play("k3-j4")
    assert record.game.ply == 2


def test_a_finished_game_has_its_result_from_the_rules():
    game = halma.Game()
    for move in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] * 2:
        game.play(move)
    record = halma.Record(game)
    assert (record.result, record.reason, record.winner) == ("1/2-1/2", "repetition", None)
    with pytest.raises(GameOverError):
        record.resign("o")


def test_both_forms_and_hop_paths_read():
    assert halma.Record.parse("1. n4-n5 b12-b11 2. n2-n4-n6").game.moves[-1] == "n2-n6"
    assert halma.Record.parse(halma.START + "\nl2-k3 e15-f14\n").game.ply == 2


def test_bad_records_and_headers_say_what_is_wrong():
    with pytest.raises(ParseError, match="line 2"):
        halma.Record.parse('[Site "a"]\n[Site "b"]')
    with pytest.raises(ParseError, match="says 1-0, but its moves leave the game going on"):
        halma.Record.parse("1. l2-k3 1-0")
    with pytest.raises(ParseError, match="move 2 .* cannot be played"):
        halma.Record.parse("1. l2-k3 l1-l2")
    record = halma.Record(halma.Game())
    for name, value in [("Result", "1-0"), ("Two words", "v"), ("X", "a\nb")]:
        with pytest.raises(HalmaError):
            record.set_tag(name, value)
    with pytest.raises(TypeError):
        halma.Record(halma.Game(), X=5)
