"""What the tests share: positions, and turning a position half a circle."""

import re

# x steps back and forth and so does o: the start position occurs a third time after 8 plies.
SHUFFLE = ["l2-k3", "e15-f14", "k3-l2", "f14-e15"]

# x, to move, wins by a11-a12 (18 pieces in o's home camp, the 19th on a11); o's piece on b11
# keeps the armies from being separated.
X_WINS_NEXT = "xxxxx11/xxxxx11/xxxx12/xxx13/1x14/xo14/16/16/16/ooooooooooooooo1/ooo13/16/16/16/16/16 x"


def expand(text: str) -> tuple[list[str], str]:
    """The 16 ranks of position text (rank 16 first) as 16 characters each, and the turn."""
    placement, turn = text.split(" ")
    ranks = [re.sub(r"\d+", lambda run: "." * int(run.group()), rank) for rank in placement.split("/")]
    return ranks, turn


def compress(ranks: list[str], turn: str) -> str:
    """Position text of 16 expanded ranks (rank 16 first) and the turn."""
    runs = [re.sub(r"\.+", lambda run: str(len(run.group())), rank) for rank in ranks]
    return "/".join(runs) + " " + turn


def turned(text: str) -> str:
    """The position turned half a circle with the sides swapped: what o sees as x would."""
    ranks, turn = expand(text)
    swap = str.maketrans("xo", "ox")
    return compress([rank[::-1].translate(swap) for rank in reversed(ranks)], turn.translate(swap))


def pieces(text: str, side: str) -> set[int]:
    """The squares (indexes, a1 = 0) of `side`'s pieces in position text."""
    ranks, _ = expand(text)
    return {(15 - row) * 16 + file for row, rank in enumerate(ranks) for file, c in enumerate(rank) if c == side}
