"""halma.pettingzoo: PettingZoo's own tests, and the conventions of its classic games."""

import pickle

import numpy as np
import pytest
from conftest import SHUFFLE, X_WINS_NEXT, pieces, turned
from pettingzoo.test import api_test, render_test, seed_test

import halma
from halma import GameOverError, IllegalMoveError, ParseError
from halma.pettingzoo import action_to_move, env, move_to_action, raw_env


def test_api_test_of_the_wrapped_environment():
    # A ply cap within reach of the test's random games, so that truncation is tested too.
    api_test(env(max_plies=300), num_cycles=400)


def test_api_test_of_the_raw_environment():
    api_test(raw_env(), num_cycles=100)


def test_seed_test():
    seed_test(env, num_cycles=50)


def test_render_test(capsys):
    render_test(env)
    assert "to move" in capsys.readouterr().out


def test_spaces_follow_the_classic_games():
    environment = raw_env()
    environment.reset()
    assert environment.possible_agents == ["player_0", "player_1"]
    assert environment.agent_selection == "player_0"
    for agent in environment.possible_agents:
        assert environment.action_space(agent).n == 65536
        space = environment.observation_space(agent)
        assert space["observation"].shape == (16, 16, 5)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (65536,)
        assert space["action_mask"].dtype == np.int8


def test_the_mover_sees_its_legal_actions_and_the_other_agent_none():
    environment = raw_env()
    environment.reset()
    observation, reward, terminated, truncated, info = environment.last()
    mask = observation["action_mask"]
    assert mask.sum() == 40
    legal = info["legal_actions"]
    assert legal.dtype == np.int64
    assert np.array_equal(legal, np.flatnonzero(mask))
    moves = {action_to_move(int(action), "player_0") for action in legal}
    assert moves == set(halma.Game().legal_moves())
    assert environment.observe("player_1")["action_mask"].sum() == 0
    assert len(environment.infos["player_1"]["legal_actions"]) == 0
    assert (reward, terminated, truncated) == (0, False, False)


def test_observations_are_planes_from_the_agents_side():
    environment = raw_env(max_plies=100)
    environment.reset()
    environment.step(move_to_action("l2-k3", "player_0"))
    text = environment.game.text()
    for agent, side, other in [("player_0", "x", "o"), ("player_1", "o", "x")]:
        planes = environment.observe(agent)["observation"]
        seen = (lambda s: s) if side == "x" else (lambda s: 255 - s)
        own = {seen(s) for s in pieces(text, side)}
        theirs = {seen(s) for s in pieces(text, other)}
        flat = planes.reshape(256, 5)
        assert set(np.flatnonzero(flat[:, 0])) == own
        assert set(np.flatnonzero(flat[:, 1])) == theirs
        # The goal camp is the top-left one for both agents.
        assert flat[240, 2] == 1 and flat[15, 2] == 0 and flat[:, 2].sum() == 19
        assert np.all(flat[:, 3] == 0)
        assert np.allclose(flat[:, 4], 1 / 100)
    # [rank, file, plane]: x's k3 (rank 3, file k) is player_0's own piece.
    assert environment.observe("player_0")["observation"][2, 10, 0] == 1


def test_player_1_sees_a_turned_position_as_player_0_sees_the_original():
    game = halma.Game()
    for move in ["l2-k3", "e15-f14", "n4-n5", "b12-b11", "n2-n6"]:
        game.play(move)
    original, mirror = raw_env(), raw_env()
    original.reset(options={"position": game.text()})
    mirror.reset(options={"position": turned(game.text())})
    assert original.agent_selection == "player_1" and mirror.agent_selection == "player_0"
    a, b = original.observe("player_1"), mirror.observe("player_0")
    assert np.array_equal(a["observation"], b["observation"])
    assert np.array_equal(a["action_mask"], b["action_mask"])
    # The same action is the turned move on the two boards.
    for action in np.flatnonzero(a["action_mask"])[:10]:
        move = action_to_move(int(action), "player_1")
        turned_move = "-".join(_turned_square(s) for s in move.split("-"))
        assert action_to_move(int(action), "player_0") == turned_move


def _turned_square(name: str) -> str:
    index = (int(name[1:]) - 1) * 16 + ord(name[0]) - ord("a")
    index = 255 - index
    return chr(ord("a") + index % 16) + str(index // 16 + 1)


def test_moves_and_actions_convert_both_ways():
    assert move_to_action("l2-k3", "player_0") == 27 * 256 + 42
    assert move_to_action("l2-k3", "player_1") == 228 * 256 + 213
    for agent in ("player_0", "player_1"):
        assert action_to_move(move_to_action("e15-f14", agent), agent) == "e15-f14"
    with pytest.raises(ValueError, match="unknown agent"):
        move_to_action("l2-k3", "player_2")
    with pytest.raises(ParseError):
        move_to_action("l2", "player_0")
    with pytest.raises(IllegalMoveError, match="out of range"):
        action_to_move(65536, "player_0")


def test_a_win_gives_plus_one_and_minus_one():
    environment = raw_env()
    environment.reset(options={"position": X_WINS_NEXT})
    environment.step(move_to_action("a11-a12", "player_0"))
    assert all(environment.terminations.values())
    assert not any(environment.truncations.values())
    assert environment.rewards == {"player_0": 1, "player_1": -1}
    assert environment.agent_selection == "player_1"
    _, reward, terminated, _, _ = environment.last()
    assert (reward, terminated) == (-1, True)
    environment.step(None)
    _, reward, terminated, _, _ = environment.last()
    assert environment.agent_selection == "player_0"
    assert (reward, terminated) == (1, True)
    environment.step(None)
    assert environment.agents == []
    assert environment.game.outcome.winner == "x"


def test_o_wins_too_and_sees_its_winning_move_turned():
    environment = raw_env()
    environment.reset(options={"position": turned(X_WINS_NEXT)})
    assert environment.agent_selection == "player_1"
    # o's winning move is p6-p5; turned, it is the a11-a12 of x's position.
    assert action_to_move(move_to_action("a11-a12", "player_0"), "player_1") == "p6-p5"
    environment.step(move_to_action("a11-a12", "player_0"))
    assert environment.rewards == {"player_0": -1, "player_1": 1}
    assert environment.game.outcome.winner == "o"


def test_threefold_repetition_is_a_draw():
    environment = raw_env()
    environment.reset()
    for ply, move in enumerate(SHUFFLE * 2):
        agent = environment.agent_selection
        environment.step(move_to_action(move, agent))
        if ply == 3:
            # The start again, the second time: the repetition plane says so.
            assert np.all(environment.observe("player_0")["observation"][..., 3] == 0.5)
    assert all(environment.terminations.values())
    assert environment.rewards == {"player_0": 0, "player_1": 0}
    assert environment.game.outcome.draw == "repetition"


def test_the_game_is_truncated_at_the_ply_cap():
    environment = raw_env(max_plies=4)
    environment.reset()
    for move in SHUFFLE:
        environment.step(move_to_action(move, environment.agent_selection))
    assert all(environment.truncations.values())
    assert not any(environment.terminations.values())
    assert environment.rewards == {"player_0": 0, "player_1": 0}
    assert np.all(environment.observe("player_0")["observation"][..., 4] == 1)
    environment.step(None)
    environment.step(None)
    assert environment.agents == []


def test_the_raw_environment_refuses_bad_actions_with_clear_errors():
    environment = raw_env()
    environment.reset()
    for action in (-1, 65536, 2**70):
        with pytest.raises(IllegalMoveError, match="out of range"):
            environment.step(action)
    with pytest.raises(IllegalMoveError, match=r"action 0 \(a1-a1 for x\) is not legal"):
        environment.step(0)
    with pytest.raises(IllegalMoveError, match="there is no piece on a1"):
        environment.step(move_to_action("a1-a2", "player_0"))
    with pytest.raises(IllegalMoveError, match="finished agent"):
        environment.step(None)
    with pytest.raises(TypeError):
        environment.step("l2-k3")
    with pytest.raises(TypeError):
        environment.step(1.5)
    # Nothing was played; numpy integers work.
    assert environment.game.ply == 0
    environment.step(np.int32(move_to_action("l2-k3", "player_0")))
    environment.step(np.int64(move_to_action("e15-f14", "player_1")))
    assert environment.game.moves == ["l2-k3", "e15-f14"]


def test_the_wrapped_environment_ends_the_game_on_an_illegal_action(caplog):
    environment = env()
    environment.reset()
    environment.step(0)
    assert "Illegal move made" in caplog.text
    assert all(environment.terminations.values())
    assert environment.rewards["player_0"] == -1
    with pytest.raises(AssertionError, match="action space"):
        fresh = env()
        fresh.reset()
        fresh.step(65536)


def test_reset_starts_from_a_position_or_a_record():
    environment = raw_env()
    game = halma.Game()
    for move in SHUFFLE:
        game.play(move)
    environment.reset(options={"record": game.record()})
    assert environment.game == game
    assert np.all(environment.observe("player_0")["observation"][..., 3] == 0.5)
    environment.reset(options={"position": game.text()})
    assert environment.game.ply == 0
    environment.reset()
    assert environment.game.text() == halma.START


def test_reset_refuses_bad_starts():
    environment = raw_env(max_plies=4)
    with pytest.raises(ParseError):
        environment.reset(options={"position": "nonsense"})
    with pytest.raises(ParseError):
        environment.reset(options={"record": halma.START + "\nl2-k3 k3-j4"})
    won = halma.Game(X_WINS_NEXT)
    won.play("a11-a12")
    with pytest.raises(GameOverError, match="over already"):
        environment.reset(options={"record": won.record()})
    long = halma.Game()
    for move in SHUFFLE:
        long.play(move)
    with pytest.raises(GameOverError, match="ply cap"):
        environment.reset(options={"record": long.record()})
    with pytest.raises(ValueError, match="not both"):
        environment.reset(options={"record": long.record(), "position": halma.START})


def test_bad_constructor_arguments():
    with pytest.raises(ValueError, match="render mode"):
        raw_env(render_mode="pygame")
    with pytest.raises(ValueError, match="max_plies"):
        raw_env(max_plies=0)


def test_render_modes():
    text = raw_env(render_mode="ansi")
    text.reset()
    board = text.render()
    assert board.splitlines()[-1] == "x to move"
    image = raw_env(render_mode="rgb_array")
    image.reset()
    pixels = image.render()
    assert pixels.shape == (384, 384, 3) and pixels.dtype == np.uint8
    assert len(np.unique(pixels.reshape(-1, 3), axis=0)) > 4


def test_the_environment_pickles():
    environment = raw_env(max_plies=77)
    again = pickle.loads(pickle.dumps(environment))
    again.reset()
    assert again.max_plies == 77
