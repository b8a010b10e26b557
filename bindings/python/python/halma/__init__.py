"""Halma, the two-player game on a 16x16 board, and Sternhalma, its star board ("Chinese
checkers"), with a fast engine written in Rust.

- :class:`Game`: the rules; moves as text (``"l2-k3"``, or a hop path such as ``"n2-n4-n6"``),
  position text, game records, repetitions and the :class:`Outcome`.
- :class:`StarGame`: the star board for two players, under the standard rules or exactly
  OpenSpiel's ``chinese_checkers``, with OpenSpiel's cells, moves, actions and winner.
- :class:`Record`: a game record with its headers (the players, the site...) and a
  resignation, as text.
- :class:`Engine`: the computer opponent of either board, searching with the GIL released;
  :meth:`Engine.stop` ends a search from another thread.
- :func:`perft`: move-generation counts.
- :mod:`halma.pettingzoo` and :mod:`halma.gymnasium`: environments for learning agents
  (they need ``pettingzoo`` or ``gymnasium`` installed).

Bad input raises a :class:`HalmaError` (a ``ValueError``) with the library's own message, of a
class for each kind of error, whose ``kind`` names it as the Rust library, the C ABI and
halma.js do: :class:`ParseError` for malformed text (``"parse_error"``; its subclass
:class:`InvalidPositionError` for an impossible position), :class:`IllegalMoveError` for a
move or action that is not legal, :class:`GameOverError` for a call on a finished game,
:class:`NothingToUndoError`, :class:`InvalidArgumentError` for an argument out of range,
:class:`BusyError` for an engine searching already.

>>> import halma
>>> game = halma.Game()
>>> game.play("l2-k3")
'l2-k3'
>>> game.turn
'o'
>>> len(game.legal_moves())
40
"""

from halma._halma import (
    DEFAULT_CONTEMPT,
    DEFAULT_LEVEL,
    STAR_START,
    START,
    BusyError,
    Engine,
    Game,
    GameOverError,
    HalmaError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidPositionError,
    NothingToUndoError,
    Outcome,
    ParseError,
    Record,
    SearchResult,
    StarGame,
    __version__,
    perft,
)

__all__ = [
    "DEFAULT_CONTEMPT",
    "DEFAULT_LEVEL",
    "STAR_START",
    "START",
    "BusyError",
    "Engine",
    "Game",
    "GameOverError",
    "HalmaError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidPositionError",
    "NothingToUndoError",
    "Outcome",
    "ParseError",
    "Record",
    "SearchResult",
    "StarGame",
    "__version__",
    "perft",
]
