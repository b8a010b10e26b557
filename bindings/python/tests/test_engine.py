"""halma.Engine and halma.perft: searches from Python, the GIL released, stops from threads."""

import threading
import time

import pytest

import halma
from halma import GameOverError, HalmaError, ParseError

# RULES.md's perft table (depth 4 from the start is the slowest kept here: 4.5 million leaves).
PERFT = [
    (halma.START, [40, 1_600, 85_440, 4_562_496]),
    (
        "1o14/xxx1o11/1o1o12/2x13/1o1o12/3oxo10/4ooxx8/7o1o6/8xx6/9o6/7xx3x3/9o1x4/9x1xo1o1/12oxo1/14o1/13xxx x",
        [157, 21_232, 3_399_000],
    ),
    (
        "xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
        [52, 780, 37_814],
    ),
    (
        "3xx11/x3x11/3x12/2x13/1o14/1o14/1ooo12/1oo1o11/oooo12/1o14/13x2/12xxxx/11x2x1/11x1xx1/11oxxx1/11ooooo o",
        [105, 10_809, 1_190_567],
    ),
]


@pytest.mark.parametrize("text, counts", PERFT)
def test_perft_matches_the_rules_table(text, counts):
    for depth, count in enumerate(counts, start=1):
        assert halma.perft(text, depth) == count
    assert halma.perft(text, 0) == 1


def test_perft_refuses_bad_input():
    with pytest.raises(ParseError):
        halma.perft("nonsense", 1)
    with pytest.raises(HalmaError, match="depth must be a whole number from 0"):
        halma.perft(halma.START, -1)


def test_a_search_returns_a_legal_move_with_its_line():
    game = halma.Game()
    result = halma.Engine().search(game, depth=3)
    assert result.move in game.legal_moves()
    assert result.depth == 3
    assert result.pv[0] == result.move
    assert result.nodes > 0
    assert result.time >= 0
    assert result.nodes_per_second > 0
    assert result.forced is None
    assert repr(result).startswith(f"<SearchResult move={result.move} ")


def test_depth_and_node_limited_searches_are_deterministic():
    game = halma.Game()
    game.play("l2-k3")
    first = halma.Engine().search(game, depth=4)
    again = halma.Engine().search(game, depth=4)
    assert (first.move, first.score, first.nodes, first.pv) == (again.move, again.score, again.nodes, again.pv)
    engine = halma.Engine()
    a = engine.search(game, nodes=3000)
    b = engine.search(game, nodes=3000)
    assert (a.move, a.nodes) == (b.move, b.nodes)


def test_a_forced_win_is_reported():
    # x wins by a11-a12; o's piece on b11 keeps the armies from being separated.
    game = halma.Game("xxxxx11/xxxxx11/xxxx12/xxx13/1x14/xo14/16/16/16/ooooooooooooooo1/ooo13/16/16/16/16/16 x")
    result = halma.Engine().search(game, depth=2)
    assert result.move == "a11-a12"
    assert result.forced == 1
    assert result.score == 30_000 - 1


def test_levels_search_and_pace_can_be_left_out():
    game = halma.Game()
    started = time.perf_counter()
    result = halma.Engine().search(game, level=1, pace=False)
    assert result.move in game.legal_moves()
    assert time.perf_counter() - started < 0.3  # level 1 otherwise takes 300 ms at least


def test_a_search_on_a_finished_game_is_refused():
    game = halma.Game()
    for move in ["l2-k3", "e15-f14", "k3-l2", "f14-e15"] * 2:
        game.play(move)
    with pytest.raises(GameOverError, match="the game is over"):
        halma.Engine().search(game, depth=1)


@pytest.mark.parametrize(
    "limits, message",
    [
        ({"depth": 0}, "depth must be a whole number from 1"),
        ({"depth": -3}, "depth"),
        ({"nodes": 0}, "nodes"),
        ({"time_ms": -1}, "time_ms"),
        ({"level": 0}, "level must be a whole number from 1 to 10"),
        ({"level": 11}, "level"),
    ],
)
def test_bad_limits_are_refused(limits, message):
    with pytest.raises(HalmaError, match=message):
        halma.Engine().search(halma.Game(), **limits)


def test_bad_engine_arguments_are_refused():
    with pytest.raises(HalmaError, match="table_mb"):
        halma.Engine(-1)
    with pytest.raises(TypeError):
        halma.Engine().search("not a game", depth=1)
    with pytest.raises(TypeError):
        halma.Engine().search(halma.Game(), depth=1.5)


def test_contempt_decides_between_a_repetition_and_playing_on():
    # o, a little behind, can take its last move back to a position of the game.
    game = halma.Game()
    for move in ["m1-k3", "d16-f16", "l1-k1", "b12-a11", "k1-l1"]:
        game.play(move)
    engine = halma.Engine()
    assert engine.contempt == halma.DEFAULT_CONTEMPT == 150
    playing_on = engine.search(game, depth=3)
    assert playing_on.move != "a11-b12" and -150 < playing_on.score < 0
    engine.contempt = 0
    assert engine.contempt == 0
    repeating = engine.search(game, depth=3)
    assert (repeating.move, repeating.score) == ("a11-b12", 0)
    assert halma.Engine(contempt=0).search(game, depth=3).move == "a11-b12"
    assert repr(halma.Engine(contempt=-20)) == "Engine(table_mb=16, contempt=-20)"
    for bad in [1001, -1001]:
        with pytest.raises(halma.InvalidArgumentError, match="contempt"):
            engine.contempt = bad
        with pytest.raises(halma.InvalidArgumentError, match="contempt"):
            halma.Engine(contempt=bad)
    assert engine.contempt == 0


def test_the_search_releases_the_gil_and_stops_from_another_thread():
    engine = halma.Engine()
    game = halma.Game()
    results = []
    searcher = threading.Thread(target=lambda: results.append(engine.search(game, time_ms=3_600_000)))
    started = time.perf_counter()
    searcher.start()
    # Python code runs while the engine searches: the GIL is free.
    ticks = 0
    while ticks < 20:
        time.sleep(0.005)
        ticks += 1
    assert searcher.is_alive()
    # A stop before the search has begun is ignored, so stop until it returns.
    while searcher.is_alive():
        engine.stop()
        searcher.join(0.01)
    assert time.perf_counter() - started < 30
    [result] = results
    assert result.move in game.legal_moves()


def test_one_search_at_a_time_per_engine():
    engine = halma.Engine()
    game = halma.Game()
    searcher = threading.Thread(target=lambda: engine.search(game, time_ms=3_600_000))
    searcher.start()
    try:
        deadline = time.perf_counter() + 10
        refused = False
        while not refused and time.perf_counter() < deadline:
            try:
                engine.search(game, depth=1)
            except halma.BusyError as error:
                assert "searching already" in str(error)
                refused = True
        assert refused
        # The contempt is read while it searches, not set.
        assert engine.contempt == halma.DEFAULT_CONTEMPT
        with pytest.raises(halma.BusyError):
            engine.contempt = 0
    finally:
        while searcher.is_alive():
            engine.stop()
            searcher.join(0.01)
    # Another engine searches meanwhile without trouble.
    assert halma.Engine().search(game, depth=2).move in game.legal_moves()


def test_the_searched_game_is_a_snapshot():
    game = halma.Game()
    engine = halma.Engine()
    result = engine.search(game, depth=2)
    game.play(result.move)
    # The engine holds no reference to the game: it can go on being played.
    assert engine.search(game, depth=2).move in game.legal_moves()
    engine.clear()
    assert repr(engine) == "Engine(table_mb=16, contempt=150)"
