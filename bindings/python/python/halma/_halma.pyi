"""Type stubs of the extension module ``halma._halma`` (the Rust library through PyO3)."""

from typing import ClassVar, Literal, Optional, SupportsIndex, Tuple, Union

import numpy as np
import numpy.typing as npt

__version__: str
#: The position text of the start position.
START: str
#: The star position text of the star board's start.
STAR_START: str
#: The difficulty level to offer first (``Engine.search`` without limits plays it).
DEFAULT_LEVEL: int
#: The contempt of a new engine (``Engine.contempt``): a draw worth a move and a half less than
#: an even game, for play against people.
DEFAULT_CONTEMPT: int

Side = Literal["x", "o"]

class HalmaError(ValueError):
    """The base of halma's exceptions (a ``ValueError``): bad input or a call the game's state
    refuses. Each subclass is a kind of error, named by ``kind`` as the Rust library
    (``halma::ErrorKind``), the C ABI (``HALMA_STATUS_<KIND>``) and halma.js (``code``) name
    it."""

    #: The name of the kind of error (``None`` for an error of no kind).
    kind: ClassVar[Optional[str]]

class ParseError(HalmaError):
    """Text that is not what it should be: a square, move, position or game record."""

    kind: ClassVar[Optional[str]]  # "parse_error"

class InvalidPositionError(ParseError):
    """Well-formed position text of a position no game can have (not 19 pieces a side, both
    goal camps filled)."""

    kind: ClassVar[Optional[str]]  # "invalid_position"

class IllegalMoveError(HalmaError):
    """A well-formed move or action that is not legal now (or an action out of range)."""

    kind: ClassVar[Optional[str]]  # "illegal_move"

class GameOverError(HalmaError):
    """A move, search or step asked of a game that has ended."""

    kind: ClassVar[Optional[str]]  # "game_over"

class NothingToUndoError(HalmaError):
    """Undo at the start of a game."""

    kind: ClassVar[Optional[str]]  # "nothing_to_undo"

class InvalidArgumentError(HalmaError):
    """An argument out of its range: a search limit, a table size, a side, an opponent's name."""

    kind: ClassVar[Optional[str]]  # "invalid_argument"

class BusyError(HalmaError):
    """An engine asked to search while it searches already: one search at a time per engine."""

    kind: ClassVar[Optional[str]]  # "busy"

class Outcome:
    """How a game stands: going on, won by a side, or drawn. Compares and hashes by value."""

    @property
    def winner(self) -> Optional[Side]:
        """The side that won, or ``None``."""
    @property
    def draw(self) -> Optional[Literal["repetition", "no_moves", "turn_limit"]]:
        """Why the game is drawn (``"turn_limit"``: a star game under OpenSpiel's rules after
        1,000 turns), or ``None``."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Game:
    """A game of Halma: the position it started from, the moves played, and the outcome.

    Moves are text: ``from-to`` (``"l2-k3"``), or as input a hop path (``"n2-n4-n6"``).
    Games compare equal when they started from the same position and played the same moves;
    they change, so they have no hash. ``str(game)`` draws the board.
    """

    def __init__(self, position: Optional[str] = None) -> None:
        """A game from the start position, or from ``position`` (position text)."""
    @classmethod
    def from_record(cls, record: str) -> "Game":
        """The game a game record describes (as ``record()`` or ``Record`` writes it, or the
        earlier form: the start position's text, then the moves), replayed move by move."""
    def record(self) -> str:
        """The game record: the result (and the start, when it is not the standard one) as
        headers, then the moves numbered. ``Record`` adds headers of a host's."""
    def text(self) -> str:
        """The position text of the current position."""
    @property
    def turn(self) -> Side:
        """The side to move."""
    @property
    def outcome(self) -> Outcome:
        """How the game stands."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
    @property
    def moves(self) -> list[str]:
        """The moves played, in order, as ``from-to``."""
    @property
    def ply(self) -> int:
        """The number of moves played."""
    def occurrences(self) -> int:
        """How many times the current position has occurred in the game, this time included."""
    def legal_moves(self) -> list[str]:
        """The legal moves as ``from-to``; none once the game is over."""
    def is_legal(self, move: str) -> bool:
        """Whether ``move`` is legal now; ``ParseError`` if it is no move."""
    def play(self, move: str) -> str:
        """Plays ``move`` (``from-to`` or a hop path) and returns it as ``from-to``.

        :raises ParseError: the text is not a move.
        :raises GameOverError: the game has ended.
        :raises IllegalMoveError: the move is not legal now (the message says why).
        """
    def undo(self) -> str:
        """Takes back the last move (also out of a finished game) and returns it."""
    def destinations(self, square: str) -> list[str]:
        """The squares the piece on ``square`` can move to now; none if it is not the side to
        move's piece or the game is over."""
    def path(self, move: str) -> list[str]:
        """The squares a legal ``move`` passes through, origin to destination."""
    def piece_at(self, square: str) -> Optional[Side]:
        """The side with a piece on ``square``, or ``None``."""
    def copy(self) -> "Game":
        """A copy of the game, history included."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: object) -> "Game": ...
    def __eq__(self, other: object) -> bool: ...

#: A star game's rules.
StarRules = Literal["standard", "openspiel"]
#: A star move: ``from-to`` text (``"3-14"``) or a ``(from_hole, to_hole)`` pair.
StarMove = Union[str, Tuple[int, int]]

class StarGame:
    """A game of the star board (Sternhalma, "Chinese checkers") for two players: the position
    it started from, the turns played (a move, or ``None`` for the pass of a side without a
    move) and the outcome, under the ``"standard"`` rules (the default: the goal-camp rule,
    anti-spoiling, a draw by threefold repetition) or ``"openspiel"`` ones (exactly OpenSpiel's
    ``chinese_checkers`` with two players: a draw after 1,000 turns).

    Holes are numbered 0 to 120 as OpenSpiel numbers them; ``x`` is OpenSpiel's player 0, on
    the top triangle, and moves first. Moves are ``from-to`` text or ``(from, to)`` pairs.
    ``str(game)`` draws the star.
    """

    def __init__(self, rules: StarRules = "standard", position: Optional[str] = None) -> None:
        """A game of ``rules`` from the start, or from ``position`` (star position text).

        :raises ParseError: ``rules`` or ``position`` does not read.
        :raises InvalidPositionError: ``position`` has not 10 pieces a side.
        """
    @classmethod
    def from_openspiel(
        cls, cells: list[int], to_move: int, rules: StarRules = "standard"
    ) -> "StarGame":
        """The game of OpenSpiel's ``cells`` (121 occupants in hole order: 0 empty, 1 player
        0, 2 player 1) with player ``to_move`` (0 or 1) to move, under ``rules``. Any placement
        of 10 pieces a side is a game, won ones included.

        :raises InvalidArgumentError: a cell or ``to_move`` out of range.
        :raises InvalidPositionError: not 121 cells, or not 10 pieces a side.
        """
    @property
    def rules(self) -> StarRules:
        """The rules."""
    def text(self) -> str:
        """The position text of the current position."""
    @property
    def turn(self) -> Side:
        """The side to move: ``"x"`` (OpenSpiel's player 0) or ``"o"`` (player 1)."""
    def cells(self) -> list[int]:
        """OpenSpiel's cells of the current position."""
    @property
    def outcome(self) -> Outcome:
        """How the game stands."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
    @property
    def must_pass(self) -> bool:
        """Whether the side to move has no move in a game going on: its turn is
        ``play(None)``."""
    @property
    def turns(self) -> list[Optional[str]]:
        """The turns played, in order: ``from-to``, or ``None`` for a pass."""
    def occurrences(self) -> int:
        """How many times the current position has occurred, this time included."""
    def legal_moves(self) -> list[str]:
        """The legal moves as ``from-to``, each (from, to) pair once."""
    def openspiel_moves(self) -> list[Tuple[int, int]]:
        """The legal moves as OpenSpiel's ``(from_hole, to_hole)`` pairs, each pair once;
        ``[]`` once the game is over or for a side that must pass."""
    def openspiel_actions(self, move: StarMove) -> list[int]:
        """The OpenSpiel actions that play the legal ``move``: ``hole * 6 + direction`` for
        the step or each hop of one chain realising it, then Pass (726) where the chain could
        go on, so that a pyspiel state of this position replays it.

        :raises ParseError: text that is no move.
        :raises GameOverError: the game has ended.
        :raises IllegalMoveError: the move is not legal now.
        """
    def chain(self, move: StarMove) -> list[int]:
        """The holes of a shortest chain realising the legal ``move``, origin to
        destination (a step gives its two holes). Raises as :meth:`openspiel_actions`."""
    def openspiel_winner(self) -> Optional[int]:
        """The player (0 or 1) with all 10 pieces on its target, OpenSpiel's winner, under
        either rules; else ``None``."""
    def play(self, move: Optional[StarMove]) -> Optional[str]:
        """Plays ``move`` (``None``: the pass of a side without a move) and returns it as
        ``from-to`` (``None`` for a pass).

        :raises ParseError: text that is no move.
        :raises InvalidArgumentError: a hole out of range.
        :raises GameOverError: the game has ended.
        :raises IllegalMoveError: the move is not legal now (or a pass with a move left).
        """
    def undo(self) -> Optional[str]:
        """Takes back the last turn (also out of a finished game) and returns it.

        :raises NothingToUndoError: no turn was played.
        """
    def perft(self, depth: int) -> int:
        """The number of turn sequences ``depth`` deep from the current position (a pass
        counted; no history), with the GIL released."""
    def copy(self) -> "StarGame":
        """A copy of the game, history included."""
    def __copy__(self) -> "StarGame": ...
    def __deepcopy__(self, memo: object) -> "StarGame": ...

class SearchResult:
    """What a search found."""

    @property
    def move(self) -> str:
        """The move to play, ``from-to`` (squares on the 16x16 board, holes on the star):
        always legal in the searched game."""
    @property
    def score(self) -> int:
        """Its score for the side to move, in hundredths of a move of race advantage; a forced
        win in n plies scores 30000 - n."""
    @property
    def depth(self) -> int:
        """The last completed iteration (in a separated race, the plies the race solver saw
        to the end)."""
    @property
    def nodes(self) -> int:
        """The nodes visited."""
    @property
    def time(self) -> float:
        """The time the search took, in seconds."""
    @property
    def pv(self) -> list[str]:
        """The principal variation, starting with the move."""
    @property
    def forced(self) -> Optional[int]:
        """A proven result: n > 0 when the side to move wins within n plies, -n when it loses
        within n plies; ``None`` if nothing is proven."""
    @property
    def nodes_per_second(self) -> float:
        """The speed of the search."""

class Record:
    """A game record: a game with the headers of its record (``Site``, ``Date``, the players
    ``X`` and ``O``, the ``Level``...) and a resignation. ``str(record)`` is its text: the
    headers, then the moves numbered, then the result."""

    def __init__(self, game: Game, **tags: str) -> None:
        """The record of a copy of ``game``, with the headers given as keywords, in order."""
    @classmethod
    def parse(cls, text: str) -> "Record":
        """The record that ``text`` holds, its moves replayed (``ParseError`` if it is none)."""
    @property
    def game(self) -> Game:
        """A copy of the record's game, with its history."""
    @property
    def tags(self) -> dict[str, str]:
        """The host's headers, in order (a new dict)."""
    def tag(self, name: str) -> Optional[str]:
        """The value of the header ``name``, or ``None``."""
    def set_tag(self, name: str, value: str) -> None:
        """Sets the header ``name`` to ``value`` (in its place if the record has it)."""
    def resign(self, side: Side) -> None:
        """Records that ``side`` resigned: the other side wins (``GameOverError`` once over)."""
    @property
    def resigned(self) -> Optional[Side]:
        """The side that resigned, or ``None``."""
    @property
    def winner(self) -> Optional[Side]:
        """The side that won, by the rules or a resignation, or ``None``."""
    @property
    def is_over(self) -> bool:
        """Whether the game is over, by the rules or a resignation."""
    @property
    def result(self) -> Literal["1-0", "0-1", "1/2-1/2", "*"]:
        """``"1-0"`` (x won), ``"0-1"`` (o won), ``"1/2-1/2"`` (drawn) or ``"*"`` (going on)."""
    @property
    def reason(
        self,
    ) -> Optional[
        Literal[
            "goal_camp",
            "repetition",
            "no_moves",
            "resignation",
            "agreement",
            "time",
            "abandonment",
        ]
    ]:
        """Why the game ended, or ``None`` while it goes on."""

class Engine:
    """The computer opponent: an alpha-beta search with a transposition table of at most
    ``table_mb`` MiB and a ``contempt`` (``DEFAULT_CONTEMPT`` unless given). One search runs at
    a time per engine; ``stop()`` ends it from another thread."""

    def __init__(self, table_mb: int = 16, contempt: int = ...) -> None: ...
    @property
    def contempt(self) -> int:
        """How much less than an even game a draw is worth to the engine, in hundredths of a
        move: with it, the engine never steers into a repetition while it finds playing on
        worth more than minus the contempt. ``DEFAULT_CONTEMPT`` for a new engine (play against
        people), 0 for matches between engines and analysis, negative to seek draws; -1000 to
        1000.

        :raises InvalidArgumentError: set out of range.
        :raises BusyError: set while this engine is searching.
        """
    @contempt.setter
    def contempt(self, contempt: int) -> None: ...
    def search(
        self,
        game: Union[Game, StarGame],
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        level: Optional[int] = None,
        pace: bool = True,
    ) -> SearchResult:
        """Searches the current position of ``game``, a :class:`Game` or a :class:`StarGame`
        (as it is now: the game can be changed meanwhile), with the GIL released, and returns
        the best move found.

        ``level`` (1 to 10) sets the play of a difficulty level, ``depth``, ``nodes`` and
        ``time_ms`` limit the search (the first reached ends it) on top of the level if one is
        given; with none of them, the search plays ``DEFAULT_LEVEL``. Levels 1 to 9 take 300 ms
        at least unless ``pace=False``. Searches limited by depth and nodes only are
        deterministic.

        :raises GameOverError: the game has ended.
        :raises InvalidArgumentError: a limit is out of range, or the side to move of a star
            game must pass.
        :raises BusyError: this engine is searching already.
        """
    def stop(self) -> None:
        """Stops the search running now on this engine, from any thread: it returns its best
        move so far within a few milliseconds. Does nothing when no search runs."""
    def clear(self) -> None:
        """Forgets what earlier searches stored (for a new game)."""

def perft(position: str, depth: int) -> int:
    """The number of leaf nodes of the tree of legal moves ``depth`` plies deep from
    ``position`` (position text), with the GIL released. It grows about fiftyfold a ply."""

def move_to_action(move: str, side: Side) -> int:
    """The action (``from * 256 + to`` of squares seen by ``side``) that plays ``move``."""

def action_to_move(action: SupportsIndex, side: Side) -> str:
    """The move (``from-to``, legal or not) that ``action`` names for ``side``."""

class EnvCore:
    """The core of the environments: a game stepped by actions, observed as numpy arrays."""

    def __init__(self, max_plies: int) -> None: ...
    def reset(self, position: Optional[str] = None, record: Optional[str] = None) -> None: ...
    def step(self, action: SupportsIndex) -> int:
        """Plays ``action``: 0 the game goes on, 1 the mover won, 2 drawn, 3 truncated."""
    def is_legal(self, action: SupportsIndex) -> bool: ...
    def observe(
        self, viewer: int
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]: ...
    def legal_actions(self) -> npt.NDArray[np.int64]: ...
    @property
    def turn(self) -> int: ...
    @property
    def status(self) -> int: ...
    @property
    def ply(self) -> int: ...
    @property
    def max_plies(self) -> int: ...
    def game(self) -> Game: ...
    def render_text(self) -> str: ...
    def render_rgb(self) -> npt.NDArray[np.uint8]: ...

class Opponent:
    """A built-in opponent of the Gymnasium environment, named as the match tool names players."""

    def __init__(self, spec: str, table_mb: int = 4) -> None: ...
    def reset(self, seed: int) -> None: ...
    def play(self, core: EnvCore) -> Tuple[int, str]: ...
