"""halma.gymnasium: Gymnasium's own checker, the opponents, rewards and errors."""

import gymnasium
import numpy as np
import pytest
from conftest import X_WINS_NEXT, turned
from gymnasium.utils.env_checker import check_env

import halma
import halma.gymnasium
from halma import GameOverError, HalmaError, IllegalMoveError
from halma.gymnasium import HalmaEnv
from halma.pettingzoo import action_to_move, move_to_action


def play_out(environment, seed, choose=None):
    """Plays a game with `choose(info)` (a random legal action by default); returns the steps,
    the last reward and how it ended."""
    observation, info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        action = choose(info) if choose else rng.choice(info["legal_actions"])
        observation, reward, terminated, truncated, info = environment.step(action)
        steps += 1
        assert observation in environment.observation_space
        if terminated or truncated:
            return steps, reward, terminated, truncated


@pytest.mark.parametrize("opponent", ["greedy", "random", "depth:1", "nodes:200", "level:2", "random:6+greedy"])
def test_check_env(opponent):
    # Made by gymnasium.make, so that the checker also renders in every render mode.
    environment = gymnasium.make(halma.gymnasium.ENV_ID, opponent=opponent, max_plies=200, render_mode="ansi")
    check_env(environment.unwrapped)


def test_registered_as_halma_halma_v0():
    environment = gymnasium.make("halma/Halma-v0", opponent="greedy", side="o")
    observation, info = environment.reset(seed=3)
    assert observation.shape == (16, 16, 5)
    # o plays: x (the opponent) has moved first.
    assert info["opponent_move"] is not None
    assert environment.unwrapped.agent_side == "o"
    assert environment.unwrapped.game.ply == 1
    environment.close()


def test_the_greedy_opponent_races_while_a_random_agent_dawdles():
    # A random agent never leaves its home camp for good, so greedy cannot fill its goal: the
    # game runs to the ply cap with the greedy side far ahead.
    environment = HalmaEnv(opponent="greedy", max_plies=300)
    steps, reward, terminated, truncated = play_out(environment, seed=5)
    assert (steps, reward, terminated, truncated) == (150, 0.0, False, True)
    o_pieces = [s for s in range(256) if environment.game.piece_at(_name(s)) == "o"]
    # o started on ranks 12 to 16 and raced to ranks 1 to 5 as far as x lets it.
    assert sum(s // 16 + 1 for s in o_pieces) / 19 < 5


def _name(square):
    return chr(ord("a") + square % 16) + str(square // 16 + 1)


def test_an_agent_playing_the_engines_moves_finishes_its_game():
    environment = HalmaEnv(opponent="greedy", max_plies=1000)
    engine = halma.Engine(1)

    def engine_move(info):
        move = engine.search(environment.game, depth=1).move
        return move_to_action(move, "player_0")

    steps, reward, terminated, truncated = play_out(environment, seed=1, choose=engine_move)
    assert terminated or truncated
    assert reward in (-1.0, 0.0, 1.0)


def test_a_winning_move_gives_plus_one():
    environment = HalmaEnv()
    environment.reset(seed=0, options={"position": X_WINS_NEXT})
    _, reward, terminated, truncated, info = environment.step(move_to_action("a11-a12", "player_0"))
    assert (reward, terminated, truncated) == (1.0, True, False)
    assert info["opponent_move"] is None
    assert info["action_mask"].sum() == 0
    with pytest.raises(GameOverError, match="reset"):
        environment.step(0)


def test_the_agent_as_o_sees_its_board_turned():
    environment = HalmaEnv(side="o")
    observation, info = environment.reset(seed=0, options={"position": turned(X_WINS_NEXT)})
    # o is to move: the opponent (x) did not move; o's winning move is the turned a11-a12.
    assert info["opponent_move"] is None
    assert action_to_move(move_to_action("a11-a12", "player_0"), "player_1") == "p6-p5"
    assert move_to_action("a11-a12", "player_0") in info["legal_actions"]
    _, reward, terminated, _, _ = environment.step(move_to_action("a11-a12", "player_0"))
    assert (reward, terminated) == (1.0, True)
    assert environment.game.outcome.winner == "o"


def test_an_illegal_action_loses_and_an_action_out_of_range_raises():
    environment = HalmaEnv()
    environment.reset(seed=0)
    for action in (-1, 65536, 2**64):
        with pytest.raises(IllegalMoveError, match="out of range"):
            environment.step(action)
    _, reward, terminated, truncated, info = environment.step(0)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    with pytest.raises(GameOverError):
        environment.step(0)


def test_truncation_at_the_ply_cap():
    environment = HalmaEnv(opponent="random", max_plies=6)
    steps, reward, terminated, truncated = play_out(environment, seed=2)
    assert (steps, reward, terminated, truncated) == (3, 0.0, False, True)


def test_the_same_seed_gives_the_same_game():
    def moves(seed):
        environment = HalmaEnv(opponent="random:10+greedy", side="random", max_plies=60)
        play_out(environment, seed)
        return environment.agent_side, environment.game.moves

    assert moves(11) == moves(11)
    assert moves(11) != moves(12)


def test_moves_and_actions_of_the_agent_convert_both_ways():
    environment = HalmaEnv(side="o")
    environment.reset(seed=0)
    assert environment.move_to_action("e15-f14") == move_to_action("e15-f14", "player_1")
    assert environment.action_to_move(move_to_action("e15-f14", "player_1")) == "e15-f14"


def test_masks_for_masking_learners():
    environment = HalmaEnv()
    _, info = environment.reset(seed=0)
    assert environment.action_masks() is info["action_mask"]
    assert np.array_equal(np.flatnonzero(info["action_mask"]), info["legal_actions"])


@pytest.mark.parametrize(
    "arguments, message",
    [
        ({"opponent": "nobody"}, "unknown player"),
        ({"opponent": "depth:x"}, "whole number"),
        ({"opponent": "exec:/bin/true"}, "exec"),
        ({"side": "z"}, "side must be"),
        ({"max_plies": -5}, "max_plies"),
        ({"render_mode": "pygame"}, "render mode"),
        ({"table_mb": -1}, "table_mb"),
    ],
)
def test_bad_arguments_are_refused(arguments, message):
    with pytest.raises(ValueError, match=message):
        HalmaEnv(**arguments)


def test_errors_are_halma_errors():
    with pytest.raises(HalmaError):
        HalmaEnv(opponent="nobody")


def test_the_readmes_agent_example_runs():
    # examples/evaluate_agent.py, as the README shows it, on two games.
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "evaluate_agent.py"
    spec = importlib.util.spec_from_file_location("evaluate_agent", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    results = example.evaluate("greedy", games=2)
    assert sum(results.values()) == 2
