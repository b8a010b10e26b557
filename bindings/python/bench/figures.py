"""The Python package's figures, measured on one core in one run:

- the PettingZoo raw environment's ``step`` plus ``observe`` (mask included) a second, over
  recorded games (the agent's choice not counted), and the usual ``agent_iter``/``last`` loop;
- the Gymnasium environment's steps a second against the greedy opponent (its moves counted);
- the engine's nodes a second from Python (``Engine.search`` timed around the call) against the
  native engine (the example ``search_speed``, built here with cargo) on the same positions
  and depth, in alternating rounds; their node counts must agree.

Run it from the repository with the package installed (``bash bindings/python/test.sh`` makes
such an environment in ``target/python/test``)::

    target/python/test/bin/python bindings/python/bench/figures.py

Times are CPU times (of this process, or of the native program), the medians of several
rounds: a shared machine's wall clock counts the other processes' turns too.
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import time
from pathlib import Path

import numpy as np

import halma
from halma.gymnasium import HalmaEnv
from halma.pettingzoo import raw_env

ROOT = Path(__file__).resolve().parents[3]

# The process's CPU time: what a step costs on one core, whatever else the machine runs (a
# shared machine's wall clock counts the other processes' turns too).
_clock = time.process_time


def record_games(count: int, max_plies: int, seed: int) -> list[list[int]]:
    """The actions of `count` games of random legal moves, each to its end or the ply cap."""
    rng = np.random.default_rng(seed)
    environment = raw_env(max_plies=max_plies)
    games = []
    for _ in range(count):
        environment.reset()
        actions = []
        while True:
            agent = environment.agent_selection
            if environment.terminations[agent] or environment.truncations[agent]:
                break
            action = int(rng.choice(environment.infos[agent]["legal_actions"]))
            environment.step(action)
            actions.append(action)
        games.append(actions)
    return games


def raw_step_observe(games: list[list[int]], max_plies: int) -> float:
    """Steps a second of `step(action)` then `observe(next agent)` over the recorded games."""
    environment = raw_env(max_plies=max_plies)
    steps = 0
    started = _clock()
    for actions in games:
        environment.reset()
        for action in actions:
            environment.step(action)
            environment.observe(environment.agent_selection)
        steps += len(actions)
    return steps / (_clock() - started)


def raw_last_loop(games: list[list[int]], max_plies: int) -> float:
    """Steps a second of PettingZoo's usual loop (`agent_iter`, `last()`, `step`), replayed."""
    environment = raw_env(max_plies=max_plies)
    steps = 0
    started = _clock()
    for actions in games:
        environment.reset()
        moves = iter(actions)
        for _ in environment.agent_iter():
            _, _, terminated, truncated, _ = environment.last()
            environment.step(None if terminated or truncated else next(moves))
        steps += len(actions)
    return steps / (_clock() - started)


def record_gym_games(count: int, seed: int) -> list[list[int]]:
    """The agent's actions of `count` games of a random agent against greedy."""
    rng = np.random.default_rng(seed)
    environment = HalmaEnv(opponent="greedy")
    games = []
    for game in range(count):
        _, info = environment.reset(seed=seed + game)
        actions = []
        while True:
            action = int(rng.choice(info["legal_actions"]))
            _, _, terminated, truncated, info = environment.step(action)
            actions.append(action)
            if terminated or truncated:
                break
        games.append(actions)
    return games


def gym_steps(games: list[list[int]], seed: int) -> float:
    """Steps a second of the Gymnasium environment against greedy, replaying the games."""
    environment = HalmaEnv(opponent="greedy")
    steps = 0
    started = _clock()
    for game, actions in enumerate(games):
        environment.reset(seed=seed + game)
        for action in actions:
            environment.step(action)
        steps += len(actions)
    return steps / (_clock() - started)


def native_searches(binary: Path, depth: int) -> tuple[list[int], list[str], float]:
    """The node counts and positions of the native searches, and the CPU time of the program
    that ran them (its start and its engine's table included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run([str(binary), str(depth)], check=True, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    rows = [line.split(" ", 2) for line in output.stdout.splitlines()]
    return [int(nodes) for nodes, _, _ in rows], [text for _, _, text in rows], seconds


def python_searches(texts: list[str], depth: int) -> tuple[list[int], float, float]:
    """The node counts of the same searches from Python, as natively with one engine, their
    CPU time (the engine's table included; the search runs in this thread), and the time
    around the calls that the searches themselves did not take (the bindings' share)."""
    started = time.thread_time()
    engine = halma.Engine()
    nodes, outside = [], 0.0
    for text in texts:
        game = halma.Game(text)
        called = time.perf_counter()
        result = engine.search(game, depth=depth)
        outside += time.perf_counter() - called - result.time
        nodes.append(result.nodes)
    return nodes, time.thread_time() - started, outside


def pin_to_one_core() -> str:
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned"
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return f"pinned to core {core}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each measurement")
    parser.add_argument("--depth", type=int, default=8, help="the engine's search depth")
    parser.add_argument("--games", type=int, default=4, help="recorded games per round")
    arguments = parser.parse_args()

    print(f"halma {halma.__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{pin_to_one_core()}, medians of {arguments.rounds} rounds")
    max_plies = 1000
    games = record_games(arguments.games, max_plies, seed=1)
    steps = sum(len(g) for g in games)
    rates = [raw_step_observe(games, max_plies) for _ in range(arguments.rounds)]
    print(f"raw env step + observe (mask included): {statistics.median(rates):,.0f} /s "
          f"({steps} steps of random games a round, to the {max_plies}-ply cap)")
    rates = [raw_last_loop(games, max_plies) for _ in range(arguments.rounds)]
    print(f"raw env agent_iter + last() + step:     {statistics.median(rates):,.0f} /s")

    gym_games = record_gym_games(arguments.games * 4, seed=7)
    steps = sum(len(g) for g in gym_games)
    rates = [gym_steps(gym_games, seed=7) for _ in range(arguments.rounds)]
    print(f"Gymnasium env vs greedy:                {statistics.median(rates):,.0f} steps/s "
          f"({steps} steps a round, the opponent's moves included)")

    subprocess.run(
        ["cargo", "build", "--quiet", "--release", "-p", "halma-python", "--example", "search_speed"],
        cwd=ROOT,
        check=True,
    )
    binary = ROOT / "target" / "release" / "examples" / "search_speed"
    native_rates, python_rates, ratios, overheads = [], [], [], []
    texts = native_searches(binary, arguments.depth)[1]
    for round in range(2 * arguments.rounds - 1):
        # Rounds in pairs, the order alternating, each pair's ratio kept.
        python_first = round % 2 == 1
        if python_first:
            python_nodes, python_seconds, outside = python_searches(texts, arguments.depth)
        native_nodes, texts, native_seconds = native_searches(binary, arguments.depth)
        if not python_first:
            python_nodes, python_seconds, outside = python_searches(texts, arguments.depth)
        assert native_nodes == python_nodes, f"node counts differ: {native_nodes} {python_nodes}"
        overheads.append(outside / len(texts))
        native_rates.append(sum(native_nodes) / native_seconds)
        python_rates.append(sum(python_nodes) / python_seconds)
        ratios.append(python_rates[-1] / native_rates[-1])
    native_rate, python_rate = statistics.median(native_rates), statistics.median(python_rates)
    print(f"engine, native:                         {native_rate:,.0f} nodes/s "
          f"({len(texts)} positions to depth {arguments.depth}, {sum(native_nodes):,} nodes a round)")
    print(f"engine, from Python:                    {python_rate:,.0f} nodes/s "
          f"(the same node counts)")
    print(f"from Python / native, by round:         median {statistics.median(ratios):.1%}, "
          f"{min(ratios):.1%} to {max(ratios):.1%} over {len(ratios)} rounds")
    print(f"the bindings' time around a search:     {statistics.median(overheads) * 1e6:.0f} us "
          f"(a search here takes {python_seconds / len(texts) * 1e3:.0f} ms)")


if __name__ == "__main__":
    main()
