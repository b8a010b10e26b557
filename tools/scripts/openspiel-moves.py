#!/usr/bin/env python3
"""Writes the star board's reference move sets, computed by OpenSpiel's own chinese_checkers
(players=2): tests/data/star-openspiel.txt, which the library's tests compare its move
generation, its winner and its position reading with.

    python3 -m venv /tmp/spiel && /tmp/spiel/bin/pip install open-spiel==2.0.2
    /tmp/spiel/bin/python tools/scripts/openspiel-moves.py > tests/data/star-openspiel.txt

OpenSpiel is a tool of this script alone, never of the build or the tests. A turn is
enumerated through pyspiel's API: each legal action, and in a hop chain each continuation
and Pass, until the turn passes to the other player; its (from, to) pair is the hole the
piece left and the one it ended on. The positions: the start, positions of seeded random
games (every 20th turn up to the 1,000-turn cap), and the last turns of seeded games of two
one-ply greedy players (the turn gaining most rows, ties broken at random), which end with
a win. Every 100th turn of the first random game has its perft(2) too.
"""

import random

import pyspiel

PASS = 726
HOLES = 121


def cells(state):
    """The 121 occupants: 0 empty, 1 player 0, 2 player 1 (from the observation tensor)."""
    tensor = state.observation_tensor(0)
    out = []
    for hole in range(HOLES):
        if tensor[2 * HOLES + hole] == 1:
            out.append(0)
        elif tensor[hole] == 1:
            out.append(1)
        else:
            out.append(2)
    return out


def turns(state):
    """The turns of the player to move: {(from, to): the state after one chain doing it}; a
    blocked player's pass is {None: state}."""
    player = state.current_player()
    before = cells(state)
    out = {}
    for action in state.legal_actions():
        if action == PASS:
            out[None] = state.child(action)
            continue
        origin = action // 6
        stack = [state.child(action)]
        while stack:
            child = stack.pop()
            if child.is_terminal() or child.current_player() != player:
                after = cells(child)
                (to,) = [h for h in range(HOLES) if after[h] == player + 1 and before[h] == 0]
                out.setdefault((origin, to), child)
                continue
            stack.extend(child.child(next_action) for next_action in child.legal_actions())
    return out


def row(hole):
    lengths = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    for number, length in enumerate(lengths):
        if hole < length:
            return number
        hole -= length
    raise ValueError(hole)


def greedy(state, rng):
    """The turn gaining most rows toward the player's target, ties at random."""
    player = state.current_player()
    options = turns(state)
    def gain(turn):
        if turn is None:
            return 0
        forward = row(turn[1]) - row(turn[0])
        return forward if player == 0 else -forward
    best = max(gain(turn) for turn in options)
    choice = rng.choice(sorted((t for t in options if gain(t) == best), key=str))
    return options[choice]


def perft(state, depth):
    """The turns `depth` deep (a blocked player's pass is a turn), as the library counts."""
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    children = turns(state).values()
    if depth == 1:
        return len(children)
    return sum(perft(child, depth - 1) for child in children)


def record(state, perft_depth=0):
    """The lines of one position: its cells, the player to move, the winner, the moves, and
    with `perft_depth` its perft count at that depth."""
    board = "".join(map(str, cells(state)))
    lines = [f"position {board} {state.current_player() if not state.is_terminal() else '-'}"]
    if state.is_terminal():
        returns = state.returns()
        winner = "-" if returns[0] == returns[1] else str(returns.index(max(returns)))
        lines.append(f"winner {winner}")
        return lines
    options = turns(state)
    moves = sorted(t for t in options if t is not None)
    lines.append("moves " + " ".join(f"{a}-{b}" for a, b in moves))
    if perft_depth:
        lines.append(f"perft {perft_depth} {perft(state, perft_depth)}")
    return lines


def main():
    game = pyspiel.load_game("chinese_checkers", {"players": 2})
    print("# The star board's turns as OpenSpiel 2.0.2's chinese_checkers (players=2) gives them,")
    print("# written by tools/scripts/openspiel-moves.py (see there). Per position:")
    print("#   position <121 digits: 0 empty, 1 player 0, 2 player 1, hole 0 first> <to move>")
    print("#   moves <from-to ...>   the distinct (from, to) turns, sorted (or, once the game")
    print("#   winner <0|1|->        is over, `-` to move and the winner instead)")
    print("#   perft <depth> <count> (some positions) the turns that deep, a pass counted")
    blocks = [record(game.new_initial_state())]
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state()
        turn = 0
        while not state.is_terminal():
            if turn % 20 == 0 and turn > 0:
                # Every 100th turn of the first game with its perft(2).
                depth = 2 if seed == 0 and turn % 100 == 0 else 0
                blocks.append(record(state, depth))
            options = turns(state)
            state = options[rng.choice(sorted(options, key=str))]
            turn += 1
    for seed in range(12):
        rng = random.Random(100 + seed)
        state = game.new_initial_state()
        history = [state]
        while not state.is_terminal():
            state = greedy(state, rng)
            history.append(state)
        # The last turns, the win included; every other, to keep the file small.
        blocks.extend(record(s) for s in history[-12::2] + [history[-1]])
    for block in blocks:
        print()
        print("\n".join(block))


if __name__ == "__main__":
    main()
