"""Halma as a PettingZoo AEC environment, in the conventions of PettingZoo's classic games.

======================  ====================================================================
Agents                  ``player_0`` (``x``, moves first) and ``player_1`` (``o``)
Actions                 ``Discrete(65536)``: ``from * 256 + to`` of squares seen by the mover
Observations            ``{"observation": Box(0, 1, (16, 16, 5), float32),
                        "action_mask": Box(0, 1, (65536,), int8)}``
Rewards                 +1 for the winner, -1 for the loser, 0 for a draw and every other step
Truncation              after ``max_plies`` plies (1000 by default)
Render modes            ``"human"`` (prints the board), ``"ansi"`` (text), ``"rgb_array"``
======================  ====================================================================

Everything is seen from the agent's side: ``player_1``'s board is turned half a circle
(square ``s`` is seen as ``255 - s``, ``a1`` as ``p16``) and its actions are turned with it, so
both agents see their pieces start bottom right and race to the top left. A square's index is
``rank * 16 + file`` (``a1`` = 0, ``p1`` = 15, ``p16`` = 255), so the observation is indexed
``[rank, file, plane]`` of seen squares. The planes:

0. the agent's pieces; 1. the opponent's pieces; 2. the agent's goal camp;
3. how often the position has occurred: 0 the first time, 0.5 the second (a third ends the
   game in a draw); 4. the plies played over ``max_plies``.

The action mask is all zeros for the agent not to move. The mover's legal actions are also in
its ``info["legal_actions"]`` (an increasing ``int64`` array), as scanning a mask of 65,536
takes longer than a step. :func:`env` wraps :class:`raw_env` as PettingZoo's classic games do:
an illegal action ends the game with -1 for its agent, an action outside the action space
fails an assertion. :class:`raw_env` itself raises :class:`halma.IllegalMoveError` for both.

``reset(options={"position": text})`` starts from position text, ``{"record": text}`` from a
game record (its history counts for repetitions). :attr:`raw_env.game` is the game so far as
a :class:`halma.Game`, for an engine's opinion: :func:`move_to_action` turns its moves into
actions.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from halma._env import (
    DEFAULT_MAX_PLIES,
    NUM_ACTIONS,
    OBSERVATION_SHAPE,
    ONGOING,
    RENDER_MODES,
    TRUNCATED,
    WON,
    check_render_mode,
    render,
)
from halma._halma import EnvCore, Game, IllegalMoveError
from halma._halma import action_to_move as _action_to_move
from halma._halma import move_to_action as _move_to_action

__all__ = [
    "AGENTS",
    "DEFAULT_MAX_PLIES",
    "NUM_ACTIONS",
    "OBSERVATION_SHAPE",
    "action_to_move",
    "env",
    "move_to_action",
    "raw_env",
]

#: The agents, in the order they move from the start.
AGENTS = ("player_0", "player_1")

_SIDES = {"player_0": "x", "player_1": "o"}
_INDEX = {"player_0": 0, "player_1": 1}
_OTHER = {"player_0": "player_1", "player_1": "player_0"}
_NO_ACTIONS = np.zeros(0, dtype=np.int64)
_NO_ACTIONS.flags.writeable = False


def _side(agent: str) -> str:
    try:
        return _SIDES[agent]
    except KeyError:
        raise ValueError(f"unknown agent {agent!r}: the agents are player_0 and player_1") from None


def move_to_action(move: str, agent: str) -> int:
    """The action of ``agent`` that plays ``move`` (``from-to`` as the board is)."""
    return _move_to_action(move, _side(agent))


def action_to_move(action: int, agent: str) -> str:
    """The move (``from-to`` as the board is, legal or not) that ``action`` of ``agent`` names."""
    return _action_to_move(action, _side(agent))


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: an illegal action ends the game
    with -1 for its agent, an action outside the action space fails an assertion, and calls out
    of order are refused. Keyword arguments go to :class:`raw_env`."""
    environment: AECEnv = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv, EzPickle):
    """Halma for two agents, stepped in turn (see the module's documentation).

    :param render_mode: ``None``, ``"human"``, ``"ansi"`` or ``"rgb_array"``.
    :param max_plies: the ply cap: the game is truncated after that many plies.
    """

    metadata = {
        "render_modes": RENDER_MODES,
        "name": "halma_v0",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, render_mode: str | None = None, max_plies: int = DEFAULT_MAX_PLIES):
        EzPickle.__init__(self, render_mode, max_plies)
        super().__init__()
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self._core = EnvCore(max_plies)
        self.possible_agents = list(AGENTS)
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in AGENTS}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, OBSERVATION_SHAPE, np.float32),
                    "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
                }
            )
            for agent in AGENTS
        }
        self._start()

    @property
    def max_plies(self) -> int:
        """The ply cap."""
        return self._core.max_plies

    @property
    def game(self) -> Game:
        """The game so far (a copy)."""
        return self._core.game()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        observation, mask = self._core.observe(_INDEX[agent])
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Starts a new game: from the start, or from ``options["position"]`` (position text) or
        ``options["record"]`` (a game record). The game has no randomness: ``seed`` is unused."""
        options = options or {}
        self._core.reset(options.get("position"), options.get("record"))
        self._start()
        if self.render_mode == "human":
            self.render()

    def _start(self) -> None:
        """The bookkeeping of a game that has just started."""
        self.agents = list(AGENTS)
        self.rewards = {agent: 0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.agent_selection = AGENTS[self._core.turn]
        self.infos = {agent: {"legal_actions": _NO_ACTIONS} for agent in AGENTS}
        self.infos[self.agent_selection] = {"legal_actions": self._core.legal_actions()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} is to move: None is the action of a finished agent only")
        status = self._core.step(action)
        other = _OTHER[agent]
        self._cumulative_rewards[agent] = 0
        self.agent_selection = other
        if status == ONGOING:
            self.infos[agent] = {"legal_actions": _NO_ACTIONS}
            self.infos[other] = {"legal_actions": self._core.legal_actions()}
        else:
            if status == WON:
                self.rewards[agent] = 1
                self.rewards[other] = -1
            ended = self.truncations if status == TRUNCATED else self.terminations
            for name in AGENTS:
                ended[name] = True
                self.infos[name] = {"legal_actions": _NO_ACTIONS}
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | np.ndarray | None:
        """The board: printed (``"human"``), as text (``"ansi"``) or as an RGB image of
        384 x 384 pixels (``"rgb_array"``), rank 16 on top."""
        return render(self._core, self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in memory only."""
