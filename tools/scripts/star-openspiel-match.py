#!/usr/bin/env python3
"""The engine against OpenSpiel's Python MCTSBot on OpenSpiel's own chinese_checkers
(players=2): games played in pyspiel, the engine's turns given to it as OpenSpiel's actions
(``StarGame.openspiel_actions``), the bot's read back as (from, to) pairs of holes; each
seeded random opening played twice, once with each colour.

The bot searches ``--simulations`` simulations a move (200), its leaves evaluated by the
distance heuristic (tanh of the difference of the sides' summed distances to their targets,
in rows, over 20) instead of random rollouts, which never finish a game.

    python3 -m venv /tmp/spiel && /tmp/spiel/bin/pip install open-spiel==2.0.2
    /tmp/spiel/bin/pip install target/python/wheels/halma-*.whl   # bash bindings/python/test.sh builds it
    /tmp/spiel/bin/python tools/scripts/star-openspiel-match.py --games 100 --time-ms 100

Options: ``--games N`` (10), ``--first N`` (0: the first game's number, to play a match in
parts), ``--time-ms MS`` (100: the engine's time a move), ``--simulations N`` (200),
``--random-plies N`` (4), ``--seed N`` (1). Prints a line a game and the engine's score.
"""

import argparse
import math
import random
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import halma

PASS = 726
HOLES = 121
ROW_LENGTHS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
ROW = [row for row, length in enumerate(ROW_LENGTHS) for _ in range(length)]


def cells(state):
    """The 121 occupants of a pyspiel state: 0 empty, 1 player 0, 2 player 1."""
    tensor = state.observation_tensor(0)
    return [0 if tensor[2 * HOLES + h] else 1 if tensor[h] else 2 for h in range(HOLES)]


def distances(board):
    """Each player's summed distance, in rows, to the far row of its target."""
    return (
        sum(16 - ROW[h] for h in range(HOLES) if board[h] == 1),
        sum(ROW[h] for h in range(HOLES) if board[h] == 2),
    )


class DistanceEvaluator(mcts.Evaluator):
    """MCTS leaves valued by the race: tanh((their distance - mine) / 20)."""

    def evaluate(self, state):
        if state.is_terminal():
            return np.array(state.returns())
        mine, theirs = distances(cells(state))
        value = math.tanh((theirs - mine) / 20)
        return np.array([value, -value])

    def prior(self, state):
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


def turn_played(before, after, player):
    """The (from, to) pair a turn of `player` played, from the cells around it."""
    mine = player + 1
    origin = [h for h in range(HOLES) if before[h] == mine and after[h] != mine]
    destination = [h for h in range(HOLES) if after[h] == mine and before[h] != mine]
    return (origin[0], destination[0]) if origin else None


def play_game(index, args, engine):
    """Game `index`: the engine plays player 0 in even games, player 1 in odd ones."""
    spiel = pyspiel.load_game("chinese_checkers", {"players": 2})
    state = spiel.new_initial_state()
    game = halma.StarGame(rules="openspiel")
    rng = random.Random(args.seed * 1_000_003 + index // 2)
    engine_player = index % 2
    bot = mcts.MCTSBot(
        spiel,
        uct_c=2,
        max_simulations=args.simulations,
        evaluator=DistanceEvaluator(),
        random_state=np.random.RandomState(args.seed * 7 + index),
    )
    engine.clear()
    times = []
    turns = 0
    while not state.is_terminal():
        player = state.current_player()
        if turns < args.random_plies or player == engine_player:
            if game.must_pass:
                actions, move = [PASS], None
            elif turns < args.random_plies:
                move = rng.choice(game.openspiel_moves())
                actions = game.openspiel_actions(move)
            else:
                started = time.perf_counter()
                move = engine.search(game, time_ms=args.time_ms).move
                times.append(time.perf_counter() - started)
                actions = game.openspiel_actions(move)
            for action in actions:
                state.apply_action(action)
            assert state.is_terminal() or state.current_player() != player, (index, move, actions)
            game.play(move)
        else:
            before = cells(state)
            while not state.is_terminal() and state.current_player() == player:
                state.apply_action(bot.step(state))
            game.play(turn_played(before, cells(state), player))
        turns += 1
        assert game.cells() == cells(state), (index, turns)
    returns = state.returns()
    score = 0.5 if returns[0] == returns[1] else float(returns[engine_player] > 0)
    return score, turns, times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--time-ms", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine = halma.Engine(contempt=0)
    scores, lengths, times = [], [], []
    for index in range(args.first, args.first + args.games):
        score, turns, moves = play_game(index, args, engine)
        scores.append(score)
        lengths.append(turns)
        times.extend(moves)
        side = "x" if index % 2 == 0 else "o"
        print(f"game {index:>3}: engine plays {side}: scores {score} after {turns} turns", flush=True)
    wins, draws = scores.count(1.0), scores.count(0.5)
    losses = len(scores) - wins - draws
    lengths.sort()
    times.sort()
    print(
        f"engine: {wins} wins, {draws} draws, {losses} losses of {len(scores)} games: "
        f"{sum(scores)} points, {100 * sum(scores) / max(1, len(scores)):.1f}%"
    )
    print(f"turns: median {lengths[len(lengths) // 2]}, shortest {lengths[0]}, longest {lengths[-1]}")
    print(f"engine's moves: {len(times)}, median {1e3 * times[len(times) // 2]:.1f} ms, slowest {1e3 * times[-1]:.1f} ms")


if __name__ == "__main__":
    main()
