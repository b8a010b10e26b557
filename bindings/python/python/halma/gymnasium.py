"""Halma as a Gymnasium environment for one agent against a built-in opponent.

Importing this module registers it as ``halma/Halma-v0``::

    import gymnasium
    import halma.gymnasium  # registers halma/Halma-v0

    env = gymnasium.make("halma/Halma-v0", opponent="greedy")
    observation, info = env.reset(seed=1)
    action = env.np_random.choice(info["legal_actions"])
    observation, reward, terminated, truncated, info = env.step(action)

Observations and actions are :mod:`halma.pettingzoo`'s, from the agent's side (the board
turned half a circle when it plays ``o``): planes ``Box(0, 1, (16, 16, 5), float32)`` and
``Discrete(65536)`` actions ``from * 256 + to``. The action mask and the legal actions are in
``info`` (``"action_mask"``, ``"legal_actions"``), and :meth:`HalmaEnv.action_masks` gives the
mask as masking learners ask for it. ``info["opponent_move"]`` is the opponent's last move.

The reward is +1 when the agent wins, -1 when it loses, 0 otherwise. An illegal action (in
range) loses the game at once, with ``info["illegal_action"]`` set; an action outside
``0..65535`` raises :class:`halma.IllegalMoveError`. The game is truncated after
``max_plies`` plies (both sides' moves counted).

The opponent is named as the match tool names players: ``"greedy"`` (one ply, the move that
gains most), ``"random"``, ``"depth:N"`` or ``"nodes:N"`` (the engine at full strength within
that limit), ``"level:N"`` (difficulty level N, 1 to 10, without its pacing), ``"lazy:K"``,
``"spoiler"``, ``"blocker"``, the players who repeat moves (``"pendulum"``, ``"cycler"``,
``"camper"``) and ``"random:N+PLAYER"`` (random for N plies, then PLAYER; ``"pendulum:N+PLAYER"``
and so on likewise). An engine opponent plays with ``DEFAULT_CONTEMPT`` unless its name sets
``contempt=N`` (``"level:5,contempt=0"``). Every opponent but a time-limited engine is
deterministic given the seed of :meth:`HalmaEnv.reset`.
"""

from __future__ import annotations

from typing import Any, SupportsInt

import gymnasium
import numpy as np
from gymnasium import spaces

from halma._env import (
    DEFAULT_MAX_PLIES,
    DRAWN,
    NUM_ACTIONS,
    OBSERVATION_SHAPE,
    ONGOING,
    RENDER_MODES,
    TRUNCATED,
    WON,
    check_render_mode,
    render,
)
from halma._halma import EnvCore, Game, GameOverError, Opponent, action_to_move, move_to_action

__all__ = ["ENV_ID", "HalmaEnv"]

#: The id the environment is registered under.
ENV_ID = "halma/Halma-v0"

_SIDES = ("x", "o", "random")


class HalmaEnv(gymnasium.Env):
    """One agent against a built-in opponent (see the module's documentation).

    :param opponent: the opponent's name, ``"greedy"`` by default.
    :param side: the agent's side: ``"x"`` (moves first), ``"o"``, or ``"random"`` (drawn at
        each reset).
    :param max_plies: the ply cap.
    :param render_mode: ``None``, ``"human"``, ``"ansi"`` or ``"rgb_array"``.
    :param table_mb: the size of the opponent engine's table, in MiB.
    """

    metadata = {"render_modes": RENDER_MODES, "render_fps": 2}

    def __init__(
        self,
        opponent: str = "greedy",
        side: str = "x",
        max_plies: int = DEFAULT_MAX_PLIES,
        render_mode: str | None = None,
        table_mb: int = 4,
    ):
        if side not in _SIDES:
            raise ValueError(f"side must be 'x', 'o' or 'random', not {side!r}")
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.opponent = opponent
        self.side = side
        self._opponent = Opponent(opponent, table_mb)
        self._core = EnvCore(max_plies)
        self.observation_space = spaces.Box(0.0, 1.0, OBSERVATION_SHAPE, np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self._agent = 0
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        self._done = True

    @property
    def agent_side(self) -> str:
        """The side the agent plays in this episode: ``"x"`` or ``"o"``."""
        return "xo"[self._agent]

    @property
    def game(self) -> Game:
        """The game so far (a copy)."""
        return self._core.game()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Starts a new game, from the start or from ``options["position"]`` (position text) or
        ``options["record"]`` (a game record); the opponent moves first when it is to move."""
        super().reset(seed=seed)
        options = options or {}
        self._core.reset(options.get("position"), options.get("record"))
        if self.side == "random":
            self._agent = int(self.np_random.integers(2))
        else:
            self._agent = _SIDES.index(self.side)
        self._opponent.reset(int(self.np_random.integers(2**63)))
        self._done = False
        opponent_move = None
        if self._core.turn != self._agent:
            status, opponent_move = self._opponent.play(self._core)
            if status != ONGOING:
                raise GameOverError(f"the opponent's first move {opponent_move} ended the game")
        observation, info = self._observe(opponent_move)
        if self.render_mode == "human":
            self.render()
        return observation, info

    def step(
        self, action: SupportsInt
    ) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Plays the agent's ``action``, then the opponent's reply."""
        if self._done:
            raise GameOverError("the episode is over: call reset()")
        if not self._core.is_legal(action):
            self._done = True
            observation, info = self._observe(None)
            info["illegal_action"] = True
            return observation, -1.0, True, False, info
        status = self._core.step(action)
        reward = 1.0
        opponent_move = None
        if status == ONGOING:
            status, opponent_move = self._opponent.play(self._core)
            reward = -1.0
        self._done = status != ONGOING
        observation, info = self._observe(opponent_move)
        if self.render_mode == "human":
            self.render()
        return (
            observation,
            reward if status == WON else 0.0,
            status in (WON, DRAWN),
            status == TRUNCATED,
            info,
        )

    def move_to_action(self, move: str) -> int:
        """The agent's action that plays ``move`` (``from-to`` as the board is)."""
        return move_to_action(move, self.agent_side)

    def action_to_move(self, action: SupportsInt) -> str:
        """The move (``from-to`` as the board is, legal or not) that the agent's ``action``
        names."""
        return action_to_move(action, self.agent_side)

    def action_masks(self) -> np.ndarray:
        """The action mask now (for masking learners such as sb3-contrib's MaskablePPO)."""
        return self._mask

    def _observe(self, opponent_move: str | None) -> tuple[np.ndarray, dict[str, Any]]:
        observation, self._mask = self._core.observe(self._agent)
        info = {
            "action_mask": self._mask,
            "legal_actions": self._core.legal_actions(),
            "opponent_move": opponent_move,
        }
        return observation, info

    def render(self) -> str | np.ndarray | None:
        """The board: printed (``"human"``), as text (``"ansi"``) or as an RGB image of
        384 x 384 pixels (``"rgb_array"``), rank 16 on top."""
        return render(self._core, self.render_mode)


gymnasium.register(id=ENV_ID, entry_point="halma.gymnasium:HalmaEnv")
