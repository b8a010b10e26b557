"""What the two environments share: the spaces' sizes, the core's statuses, rendering."""

from __future__ import annotations

import gymnasium
import numpy as np

from halma._halma import EnvCore

#: The number of actions: 256 seen origin squares times 256 destinations.
NUM_ACTIONS = 65536
#: The shape of an observation's planes: rank, file, plane.
OBSERVATION_SHAPE = (16, 16, 5)
#: The default ply cap.
DEFAULT_MAX_PLIES = 1000
#: The render modes of both environments.
RENDER_MODES = ["human", "ansi", "rgb_array"]

# EnvCore's statuses after a step.
ONGOING, WON, DRAWN, TRUNCATED = 0, 1, 2, 3


def check_render_mode(render_mode: str | None) -> None:
    """A ValueError unless `render_mode` is None or one of the modes."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"unknown render mode {render_mode!r}: the modes are {RENDER_MODES}")


def render(core: EnvCore, render_mode: str | None) -> str | np.ndarray | None:
    """The board of `core`: printed (``"human"``), as text (``"ansi"``) or as an RGB image of
    384 x 384 pixels (``"rgb_array"``), rank 16 on top."""
    if render_mode is None:
        gymnasium.logger.warn("render() was called without a render mode")
        return None
    if render_mode == "rgb_array":
        return core.render_rgb()
    text = core.render_text()
    if render_mode == "ansi":
        return text
    print(text)
    return None
