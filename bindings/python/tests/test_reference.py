"""The Python package against the Rust library on generated games: the same positions, legal
moves and outcomes, through halma.Game and through the PettingZoo environment's actions,
masks and rewards.

The games come from the Rust example `reference_games` (see its documentation): its output
file is named by HALMA_REFERENCE_GAMES (test.sh makes it), else the test runs the example with
cargo. Without cargo the test is skipped, except under CI=true, where that fails.
"""

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from conftest import pieces

import halma
from halma.pettingzoo import action_to_move, move_to_action, raw_env

ROOT = Path(__file__).resolve().parents[3]


def reference_output() -> str:
    path = os.environ.get("HALMA_REFERENCE_GAMES")
    if path:
        return Path(path).read_text()
    if shutil.which("cargo") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("cargo is needed to generate the reference games")
        pytest.skip("cargo not found: cannot generate the reference games")
    command = ["cargo", "run", "--quiet", "--release", "-p", "halma-python", "--example", "reference_games"]
    return subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout


def parse(output: str) -> list[dict]:
    """The games of the example's output: per game, its plies (position, sorted legal moves,
    the move played or None at the end) and its outcome."""
    games = []
    for line in output.splitlines():
        key, _, value = line.partition(" ")
        if key == "game":
            games.append({"plies": [], "outcome": None})
        elif key == "position":
            games[-1]["plies"].append({"position": value, "move": None})
        elif key == "legal":
            games[-1]["plies"][-1]["legal"] = value.split()
        elif key == "move":
            games[-1]["plies"][-1]["move"] = value
        elif key == "outcome":
            games[-1]["outcome"] = value
    return games


@pytest.fixture(scope="module")
def games() -> list[dict]:
    games = parse(reference_output())
    assert len(games) >= 10
    return games


def test_the_games_are_varied_and_mostly_finished(games):
    outcomes = [game["outcome"] for game in games]
    assert sum(outcome.endswith("wins") for outcome in outcomes) >= len(games) // 2
    assert sum(len(game["plies"]) for game in games) > 1000


def test_halma_game_replays_them_with_the_same_moves_and_outcomes(games):
    for number, reference in enumerate(games):
        game = halma.Game()
        for ply in reference["plies"]:
            assert game.text() == ply["position"], f"game {number}, ply {game.ply}"
            assert sorted(game.legal_moves()) == ply["legal"], f"game {number}, ply {game.ply}"
            if ply["move"] is not None:
                game.play(ply["move"])
        assert str(game.outcome) == reference["outcome"], f"game {number}"


def test_the_environment_replays_them_through_actions_masks_and_rewards(games):
    environment = raw_env(max_plies=2000)
    for number, reference in enumerate(games):
        environment.reset()
        for ply in reference["plies"]:
            where = f"game {number}, ply {environment.game.ply}"
            agent = environment.agent_selection
            side = "xo"[environment.possible_agents.index(agent)]
            observation, _, terminated, truncated, info = environment.last()
            legal = info["legal_actions"]
            assert sorted(action_to_move(int(a), agent) for a in legal) == ply["legal"], where
            assert np.array_equal(np.flatnonzero(observation["action_mask"]), legal), where
            # The planes hold the reference position's pieces, seen from the mover's side.
            flat = observation["observation"].reshape(256, 5)
            seen = (lambda s: s) if side == "x" else (lambda s: 255 - s)
            assert set(np.flatnonzero(flat[:, 0])) == {seen(s) for s in pieces(ply["position"], side)}, where
            if ply["move"] is None:
                break
            assert not (terminated or truncated), where
            environment.step(move_to_action(ply["move"], agent))
        outcome = reference["outcome"]
        if outcome == "the game goes on":
            assert not any(environment.terminations.values())
            continue
        assert all(environment.terminations.values()), f"game {number}"
        rewards = environment.rewards
        if outcome == "x wins":
            assert rewards == {"player_0": 1, "player_1": -1}, f"game {number}"
        elif outcome == "o wins":
            assert rewards == {"player_0": -1, "player_1": 1}, f"game {number}"
        else:
            assert rewards == {"player_0": 0, "player_1": 0}, f"game {number}"
