"""An agent evaluated against built-in opponents over the Gymnasium environment.

The agent reads only what the environment gives it: among its legal actions it takes the move
that gains the most towards the top-left goal corner (every agent sees its board that way),
ties broken at random. It is a greedy racer written in four lines of numpy, with no look at the
game's rules beyond the action encoding, ``from * 256 + to`` with a square ``rank * 16 + file``.

    python examples/evaluate_agent.py [games]
"""

from __future__ import annotations

import sys

import gymnasium
import numpy as np

import halma.gymnasium  # noqa: F401  (registers halma/Halma-v0)


def racer(legal: np.ndarray, rng: np.random.Generator) -> int:
    """The legal action that gains most towards the top left: ranks up plus files left."""
    source, target = legal // 256, legal % 256
    gain = (target // 16 - source // 16) + (source % 16 - target % 16)
    best = np.flatnonzero(gain == gain.max())
    return int(legal[rng.choice(best)])


def evaluate(opponent: str, games: int, seed: int = 0) -> dict[str, int]:
    """The agent's wins, draws, losses and truncated games against `opponent`, playing each
    side in turn."""
    results = {"won": 0, "drawn": 0, "lost": 0, "truncated": 0}
    rng = np.random.default_rng(seed)
    for game in range(games):
        env = gymnasium.make("halma/Halma-v0", opponent=opponent, side="xo"[game % 2], max_plies=600)
        _, info = env.reset(seed=seed + game)
        while True:
            _, reward, terminated, truncated, info = env.step(racer(info["legal_actions"], rng))
            if terminated or truncated:
                break
        if truncated:
            results["truncated"] += 1
        else:
            results[{1.0: "won", 0.0: "drawn", -1.0: "lost"}[reward]] += 1
        env.close()
    return results


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for opponent in ["random:40+greedy", "greedy", "depth:2", "level:3"]:
        print(f"against {opponent:<16} {evaluate(opponent, games)}")
