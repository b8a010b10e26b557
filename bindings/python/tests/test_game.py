"""halma.Game and halma.Outcome: the rules from Python, and every kind of bad input."""

import copy
import pickle

import pytest

import halma
from halma import GameOverError, HalmaError, IllegalMoveError, ParseError

# x steps back and forth and so does o: the start position occurs a third time after 8 plies.
SHUFFLE = ["l2-k3", "e15-f14", "k3-l2", "f14-e15"]
# x, to move, wins by a12: 18 pieces in o's home camp, the 19th on a11.
X_WINS_NEXT = "xxxxx11/xxxxx11/xxxx12/xxx13/1x14/x15/16/16/16/oooooooooooooooo/ooo13/16/16/16/16/16 x"


def test_a_new_game_is_the_start_with_x_to_move():
    game = halma.Game()
    assert game.text() == halma.START
    assert game.turn == "x"
    assert game.ply == 0
    assert game.moves == []
    assert not game.is_over
    assert len(game.legal_moves()) == 40
    assert game.outcome.winner is None and game.outcome.draw is None


def test_moves_are_played_as_text_and_hop_paths_and_undone():
    game = halma.Game()
    assert game.play("n4-n5") == "n4-n5"
    assert game.play("b12-b11") == "b12-b11"
    # n2 jumps over n3 to n4 (empty now), then over n5 to n6: a hop path names the move.
    assert game.path("n2-n6") == ["n2", "n4", "n6"]
    assert game.play("n2-n4-n6") == "n2-n6"
    assert game.moves == ["n4-n5", "b12-b11", "n2-n6"]
    assert game.turn == "o"
    assert game.undo() == "n2-n6"
    assert game.turn == "x"
    assert game.ply == 2


def test_legal_moves_and_destinations_agree():
    game = halma.Game()
    for square in ["l1", "n2", "p5", "o5"]:
        expected = sorted(m.split("-")[1] for m in game.legal_moves() if m.startswith(square + "-"))
        assert sorted(game.destinations(square)) == expected
    assert game.destinations("n2") == ["l4"]
    assert game.destinations("a16") == []  # o's piece, x to move
    assert game.destinations("h8") == []  # empty


def test_pieces_and_is_legal():
    game = halma.Game()
    assert game.piece_at("p1") == "x"
    assert game.piece_at("a16") == "o"
    assert game.piece_at("h8") is None
    assert game.is_legal("l2-k3")
    assert not game.is_legal("l2-k4")
    assert not game.is_legal("a16-b15")  # o's piece
    with pytest.raises(ParseError):
        game.is_legal("l2")


def test_a_position_text_starts_a_game_and_a_win_ends_it():
    game = halma.Game(X_WINS_NEXT)
    assert game.turn == "x"
    game.play("a11-a12")
    assert game.is_over
    assert game.outcome.winner == "x"
    assert game.outcome.draw is None
    assert str(game.outcome) == "x wins"
    assert repr(game.outcome) == "Outcome(winner='x')"
    assert game.legal_moves() == []
    assert game.destinations("a12") == []
    with pytest.raises(GameOverError, match="the game is over"):
        game.play("b12-c12")
    # A finished game can be taken back.
    assert game.undo() == "a11-a12"
    assert not game.is_over


def test_threefold_repetition_draws():
    game = halma.Game()
    for move in SHUFFLE:
        game.play(move)
    assert game.occurrences() == 2
    for move in SHUFFLE:
        game.play(move)
    assert game.occurrences() == 3
    assert game.outcome.draw == "repetition"
    assert game.outcome.winner is None
    assert repr(game.outcome) == "Outcome(draw='repetition')"
    assert str(game.outcome) == "draw by threefold repetition"


def test_outcomes_compare_and_hash_by_value():
    ongoing = halma.Game().outcome
    assert ongoing == halma.Game().outcome
    assert hash(ongoing) == hash(halma.Game().outcome)
    assert repr(ongoing) == "Outcome(ongoing)"
    assert not ongoing.is_over
    drawn = halma.Game()
    for move in SHUFFLE * 2:
        drawn.play(move)
    assert drawn.outcome != ongoing
    assert len({ongoing, drawn.outcome, halma.Game().outcome}) == 2


def test_records_round_trip_with_their_history():
    game = halma.Game()
    for move in SHUFFLE:
        game.play(move)
    record = game.record()
    assert record == '[Result "*"]\n\n1. l2-k3 e15-f14\n2. k3-l2 f14-e15\n*\n'
    again = halma.Game.from_record(record)
    assert again == game
    assert again.occurrences() == 2  # the history came along
    assert again.record() == record


def test_copies_are_independent_and_games_compare_by_history():
    game = halma.Game()
    game.play("l2-k3")
    for other in (game.copy(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))):
        assert other == game
        other.play("e15-f14")
        assert other != game
        assert game.ply == 1
    # The same position reached another way is another game.
    a, b = halma.Game(), halma.Game()
    for move in SHUFFLE:
        a.play(move)
    assert a.text() == b.text()
    assert a != b
    assert game != "not a game"
    with pytest.raises(TypeError):
        hash(game)  # games change: they have no hash


def test_repr_and_str_show_the_position():
    game = halma.Game()
    assert repr(game) == f"Game('{halma.START}')"
    game.play("l2-k3")
    assert repr(game) == f"<Game '{game.text()}' after 1 move>"
    board = str(game).splitlines()
    assert board[1] == "16  o o o o o . . . . . . . . . . .  16"
    assert board[-1] == "o to move"


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("x", "16 ranks are needed, found 1"),
        (halma.START.replace(" x", " z"), "must be x or o"),
        (halma.START.replace("16/16", "17/15", 1), "runs are 1 to 16"),
        (halma.START + " ", "after the side to move"),
        ("ooooo11/" * 16, "more than 16 ranks"),
        ("\x00\xff", "unexpected character"),
        ("ó" * 100, "unexpected character 'ó' at byte 0"),
    ],
)
def test_malformed_positions_raise_parse_errors(text, message):
    with pytest.raises(ParseError, match="^invalid position text: .*" + message):
        halma.Game(text)


def test_invalid_positions_say_why():
    # 20 pieces for x.
    with pytest.raises(ParseError, match="19"):
        halma.Game(halma.START.replace("/16/16/16/16/16/16/", "/x15/16/16/16/16/16/"))


@pytest.mark.parametrize("move", ["", "l2", "l2-", "l2k3", "L2-K3", "q1-a1", "a0-a1", "a17-a1", "l2-k3-", "é-ü", "l2 - k3"])
def test_malformed_moves_raise_parse_errors(move):
    game = halma.Game()
    with pytest.raises(ParseError, match="invalid move text"):
        game.play(move)
    assert game.ply == 0


@pytest.mark.parametrize(
    "move, reason",
    [
        ("a1-a2", "there is no piece on a1"),
        ("a16-b15", "belongs to o"),
        ("l2-k4", "cannot reach k4"),
        ("p1-p2", "p2 is occupied"),
        ("l2-l2", "both origin and destination"),
    ],
)
def test_illegal_moves_raise_illegal_move_errors_and_change_nothing(move, reason):
    game = halma.Game()
    with pytest.raises(IllegalMoveError, match="^illegal move: .*" + reason):
        game.play(move)
    assert game.ply == 0 and game.text() == halma.START


def test_every_error_is_a_value_error_with_a_message():
    for call in (
        lambda: halma.Game("nonsense"),
        lambda: halma.Game().play("a1-a2"),
        lambda: halma.Game().play("?"),
        lambda: halma.Game().undo(),
        lambda: halma.Game().destinations("z9"),
        lambda: halma.Game().piece_at(""),
        lambda: halma.Game().path("l2-k4"),
        lambda: halma.Game.from_record(""),
        lambda: halma.Game.from_record(halma.START + "\nl2-k3 k3-j4"),
        lambda: halma.Game.from_record(halma.START + "\nn2-n4-n6"),
        lambda: halma.Record.parse("[Site nowhere]"),
        lambda: halma.Record(halma.Game(), Result="1-0"),
        lambda: halma.Record(halma.Game()).resign("y"),
    ):
        with pytest.raises(HalmaError) as error:
            call()
        assert isinstance(error.value, ValueError)
        assert str(error.value)


def test_undo_at_the_start_says_so():
    with pytest.raises(HalmaError, match="no move to undo"):
        halma.Game().undo()


def test_records_say_what_is_wrong_and_where():
    with pytest.raises(ParseError, match="move 2 .* line 2"):
        halma.Game.from_record(halma.START + "\nl2-k3 k3-j4\n")
    with pytest.raises(ParseError, match="empty"):
        halma.Game.from_record("  \n")


def test_wrong_argument_types_raise_type_errors():
    with pytest.raises(TypeError):
        halma.Game(5)
    with pytest.raises(TypeError):
        halma.Game().play(None)
