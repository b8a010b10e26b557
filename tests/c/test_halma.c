/*
 * The C ABI of halma tested from C99: every function, every convention, every bad input.
 * Built and run by tests/ffi.rs (`cargo test --test ffi`), also under valgrind:
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude tests/c/test_halma.c libhalma.a \
 *      -lpthread -ldl -lm
 * Prints every failed check with its line, then "N passed, M failed"; exits 1 on a failure.
 */
#include "check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef HALMA_EXPECTED_VERSION
#error "compile with -DHALMA_EXPECTED_VERSION=\"x.y.z\""
#endif

static halma_move mv(const char *from, const char *to) {
    halma_move move;
    move.from = sq(from);
    move.to = sq(to);
    return move;
}

static int text_is(const halma_game *game, const char *expected) {
    char buf[300];
    size_t len = 0;
    return halma_game_to_text(game, buf, sizeof buf, &len) == HALMA_STATUS_OK &&
           strcmp(buf, expected) == 0 && len == strlen(expected);
}

static halma_outcome outcome(const halma_game *game) {
    halma_outcome result = -1;
    OK(halma_game_outcome(game, &result));
    return result;
}

static size_t legal_move_count(const halma_game *game) {
    halma_move moves[HALMA_MAX_MOVES];
    size_t len = 9999;
    OK(halma_game_legal_moves(game, moves, HALMA_MAX_MOVES, &len));
    return len;
}

static size_t move_count(const halma_game *game) {
    size_t count = 9999;
    OK(halma_game_move_count(game, &count));
    return count;
}

/* A failure message is a sentence: a capital letter first, a period last. */
static int is_sentence(const char *message) {
    size_t len = strlen(message);
    return len > 1 && message[0] >= 'A' && message[0] <= 'Z' && message[len - 1] == '.';
}

static void test_last_error_before_any_failure(void) {
    char buf[8] = "garbage";
    size_t len = 99;
    OK(halma_last_error_message(buf, sizeof buf, &len));
    CHECK(strcmp(buf, "") == 0);
    CHECK(len == 0);
}

static void test_version_and_status_names(void) {
    CHECK(strcmp(halma_version(), HALMA_EXPECTED_VERSION) == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_OK), "HALMA_STATUS_OK") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_NULL_ARGUMENT), "HALMA_STATUS_NULL_ARGUMENT") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_INVALID_ARGUMENT), "HALMA_STATUS_INVALID_ARGUMENT") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_PARSE_ERROR), "HALMA_STATUS_PARSE_ERROR") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_INVALID_POSITION), "HALMA_STATUS_INVALID_POSITION") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_ILLEGAL_MOVE), "HALMA_STATUS_ILLEGAL_MOVE") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_GAME_OVER), "HALMA_STATUS_GAME_OVER") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_BUFFER_TOO_SMALL), "HALMA_STATUS_BUFFER_TOO_SMALL") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_NOTHING_TO_UNDO), "HALMA_STATUS_NOTHING_TO_UNDO") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_PANIC), "HALMA_STATUS_PANIC") == 0);
    CHECK(strcmp(halma_status_str(HALMA_STATUS_BUSY), "HALMA_STATUS_BUSY") == 0);
    CHECK(strcmp(halma_status_str(11), "HALMA_STATUS_UNKNOWN") == 0);
    CHECK(strcmp(halma_status_str(-1), "HALMA_STATUS_UNKNOWN") == 0);
    CHECK(strcmp(halma_status_str(INT32_MIN), "HALMA_STATUS_UNKNOWN") == 0);
    CHECK(strcmp(halma_status_str(INT32_MAX), "HALMA_STATUS_UNKNOWN") == 0);
    /* The values are the contract's. */
    CHECK(HALMA_STATUS_OK == 0 && HALMA_STATUS_NULL_ARGUMENT == 1 && HALMA_STATUS_INVALID_ARGUMENT == 2);
    CHECK(HALMA_STATUS_PARSE_ERROR == 3 && HALMA_STATUS_INVALID_POSITION == 4);
    CHECK(HALMA_STATUS_ILLEGAL_MOVE == 5 && HALMA_STATUS_GAME_OVER == 6);
    CHECK(HALMA_STATUS_BUFFER_TOO_SMALL == 7 && HALMA_STATUS_NOTHING_TO_UNDO == 8);
    CHECK(HALMA_STATUS_PANIC == 9 && HALMA_STATUS_BUSY == 10);
    CHECK(HALMA_OUTCOME_ONGOING == 0 && HALMA_OUTCOME_X_WINS == 1 && HALMA_OUTCOME_O_WINS == 2);
    CHECK(HALMA_OUTCOME_DRAW_REPETITION == 3 && HALMA_OUTCOME_DRAW_NO_MOVES == 4);
    CHECK(sizeof(halma_move) == 2 && sizeof(halma_status) == 4 && sizeof(halma_outcome) == 4);
}

static void test_start_position(void) {
    halma_game *game = halma_game_new();
    halma_game *parsed = load(START);
    halma_side side = -1;
    halma_piece piece = -1;
    halma_move moves[HALMA_MAX_MOVES];
    uint8_t squares[HALMA_MAX_DESTINATIONS];
    size_t len = 0;
    bool legal = false;
    size_t i;
    int found = 0;

    CHECK(game != NULL);
    CHECK(text_is(game, START));
    CHECK(text_is(parsed, START));
    OK(halma_game_side_to_move(game, &side));
    CHECK(side == HALMA_SIDE_X);
    OK(halma_game_piece_at(game, sq("l1"), &piece));
    CHECK(piece == HALMA_PIECE_X);
    OK(halma_game_piece_at(game, sq("a16"), &piece));
    CHECK(piece == HALMA_PIECE_O);
    OK(halma_game_piece_at(game, sq("h8"), &piece));
    CHECK(piece == HALMA_PIECE_NONE);
    OK(halma_game_piece_at(game, 255, &piece));
    CHECK(piece == HALMA_PIECE_NONE);
    CHECK(outcome(game) == HALMA_OUTCOME_ONGOING);
    CHECK(move_count(game) == 0);

    OK(halma_game_legal_moves(game, moves, HALMA_MAX_MOVES, &len));
    CHECK(len == 40);
    for (i = 0; i < len; i++) {
        found += moves[i].from == sq("n3") && moves[i].to == sq("n5");
    }
    CHECK(found == 1);

    OK(halma_game_is_legal(game, mv("n3", "n5"), &legal));
    CHECK(legal);
    OK(halma_game_is_legal(game, mv("n3", "n7"), &legal));
    CHECK(!legal);
    OK(halma_game_is_legal(game, mv("a16", "a15"), &legal));
    CHECK(!legal);

    /* n2 can only jump over m3 to l4. */
    OK(halma_game_destinations(game, sq("n2"), squares, HALMA_MAX_DESTINATIONS, &len));
    CHECK(len == 1 && squares[0] == sq("l4"));
    OK(halma_game_destinations(game, sq("l2"), squares, HALMA_MAX_DESTINATIONS, &len));
    CHECK(len > 1);
    for (i = 1; i < len; i++) {
        CHECK(squares[i - 1] < squares[i]);
    }
    /* A piece of the side not to move, and an empty square: nowhere to go. */
    OK(halma_game_destinations(game, sq("e12"), squares, HALMA_MAX_DESTINATIONS, &len));
    CHECK(len == 0);
    OK(halma_game_destinations(game, sq("h8"), NULL, 0, &len));
    CHECK(len == 0);

    halma_game_free(game);
    halma_game_free(parsed);
}

static void test_play_and_undo(void) {
    halma_game *game = halma_game_new();
    halma_game *copy;
    halma_side side = -1;
    halma_move moves[4];
    size_t len = 0;
    char text[300];

    OK(halma_game_play(game, mv("l2", "k3")));
    OK(halma_game_side_to_move(game, &side));
    CHECK(side == HALMA_SIDE_O);
    CHECK(move_count(game) == 1);
    OK(halma_game_moves(game, moves, 4, &len));
    CHECK(len == 1 && moves[0].from == sq("l2") && moves[0].to == sq("k3"));
    CHECK(!text_is(game, START));
    OK(halma_game_start_to_text(game, text, sizeof text, &len));
    CHECK(strcmp(text, START) == 0 && len == strlen(START));

    /* A clone is independent of its original. */
    copy = halma_game_clone(game);
    CHECK(copy != NULL);
    OK(halma_game_play_text(copy, "e15-f14"));
    CHECK(move_count(copy) == 2);
    CHECK(move_count(game) == 1);

    OK(halma_game_undo(game));
    CHECK(text_is(game, START));
    CHECK(move_count(game) == 0);
    EXPECT(halma_game_undo(game), HALMA_STATUS_NOTHING_TO_UNDO);
    CHECK(is_sentence(last_error()));
    CHECK(strstr(last_error(), "no move to undo") != NULL);
    CHECK(text_is(game, START));

    halma_game_free(copy);
    halma_game_free(game);
}

static void test_hop_paths(void) {
    halma_game *game = halma_game_new();
    halma_move move = {7, 7};
    uint8_t path[HALMA_MAX_PATH];
    size_t len = 0;
    char text[8];

    /* At the start n4 is occupied: n2-n4 is no jump. */
    EXPECT(halma_game_play_text(game, "n2-n4-n6"), HALMA_STATUS_ILLEGAL_MOVE);
    CHECK(strstr(last_error(), "not a jump") != NULL);

    OK(halma_game_play_text(game, "n4-n5"));
    OK(halma_game_play_text(game, "b12-b11"));

    /* The path of a jump chain, and of a step. */
    OK(halma_game_jump_path(game, mv("n2", "n6"), path, HALMA_MAX_PATH, &len));
    CHECK(len == 3 && path[0] == sq("n2") && path[1] == sq("n4") && path[2] == sq("n6"));
    OK(halma_game_jump_path(game, mv("l2", "k3"), path, HALMA_MAX_PATH, &len));
    CHECK(len == 2 && path[0] == sq("l2") && path[1] == sq("k3"));
    EXPECT(halma_game_jump_path(game, mv("n2", "n8"), path, HALMA_MAX_PATH, &len),
           HALMA_STATUS_ILLEGAL_MOVE);

    /* Parsing a hop path does not play it. */
    OK(halma_game_parse_move(game, "n2-n4-n6", &move));
    CHECK(move.from == sq("n2") && move.to == sq("n6"));
    OK(halma_game_parse_move(game, "l2-k3", &move));
    CHECK(move.from == sq("l2") && move.to == sq("k3"));
    CHECK(move_count(game) == 2);

    OK(halma_game_play_text(game, "n2-n4-n6"));
    CHECK(move_count(game) == 3);
    {
        halma_move moves[3];
        OK(halma_game_moves(game, moves, 3, &len));
        CHECK(len == 3 && moves[2].from == sq("n2") && moves[2].to == sq("n6"));
        OK(halma_move_to_text(moves[2], text, sizeof text, &len));
        CHECK(strcmp(text, "n2-n6") == 0 && len == 5);
    }
    OK(halma_move_to_text(mv("p16", "a1"), text, sizeof text, &len));
    CHECK(strcmp(text, "p16-a1") == 0 && len == 6);
    halma_game_free(game);
}

static void test_win(void) {
    halma_game *game = load(BEFORE_WIN);
    halma_game *won = load(WON_BY_X);
    halma_game *copy;
    halma_move move = {7, 7};
    uint8_t squares[HALMA_MAX_PATH];
    size_t len = 0;
    bool legal = true;

    CHECK(outcome(game) == HALMA_OUTCOME_ONGOING);
    OK(halma_game_play(game, mv("b11", "b12")));
    CHECK(outcome(game) == HALMA_OUTCOME_X_WINS);

    /* A finished game has no moves, and refuses any. */
    CHECK(legal_move_count(game) == 0);
    OK(halma_game_destinations(game, sq("b12"), squares, HALMA_MAX_DESTINATIONS, &len));
    CHECK(len == 0);
    OK(halma_game_is_legal(game, mv("g6", "o5"), &legal));
    CHECK(!legal);
    EXPECT(halma_game_play(game, mv("o6", "o5")), HALMA_STATUS_GAME_OVER);
    CHECK(strcmp(last_error(), "The game is over.") == 0);
    EXPECT(halma_game_play(game, mv("a1", "a1")), HALMA_STATUS_GAME_OVER);
    EXPECT(halma_game_play_text(game, "o6-o5"), HALMA_STATUS_GAME_OVER);
    EXPECT(halma_game_parse_move(game, "o6-o5", &move), HALMA_STATUS_GAME_OVER);
    CHECK(move.from == 7 && move.to == 7);
    EXPECT(halma_game_jump_path(game, mv("o6", "o5"), squares, HALMA_MAX_PATH, &len),
           HALMA_STATUS_GAME_OVER);
    /* Precedence: not move text beats game over. */
    EXPECT(halma_game_play_text(game, "o6+o5"), HALMA_STATUS_PARSE_ERROR);
    EXPECT(halma_game_parse_move(game, "", &move), HALMA_STATUS_PARSE_ERROR);

    /* Undo out of a finished game. */
    OK(halma_game_undo(game));
    CHECK(outcome(game) == HALMA_OUTCOME_ONGOING);
    CHECK(text_is(game, BEFORE_WIN));

    /* A filled goal camp loads as a won game, whichever side is to move. */
    CHECK(outcome(won) == HALMA_OUTCOME_X_WINS);
    EXPECT(halma_game_undo(won), HALMA_STATUS_NOTHING_TO_UNDO);
    copy = halma_game_clone(won);
    CHECK(outcome(copy) == HALMA_OUTCOME_X_WINS);

    halma_game_free(copy);
    halma_game_free(won);
    halma_game_free(game);
}

static void test_repetition_draw(void) {
    static const char *const cycle[4] = {"n4-n5", "c13-c12", "n5-n4", "c12-c13"};
    halma_game *game = halma_game_new();
    int ply;

    /* The start position occurs for the third time after two cycles. */
    for (ply = 0; ply < 8; ply++) {
        CHECK(outcome(game) == HALMA_OUTCOME_ONGOING);
        OK(halma_game_play_text(game, cycle[ply % 4]));
    }
    CHECK(outcome(game) == HALMA_OUTCOME_DRAW_REPETITION);
    CHECK(text_is(game, START));
    CHECK(legal_move_count(game) == 0);
    EXPECT(halma_game_play_text(game, "n4-n5"), HALMA_STATUS_GAME_OVER);
    OK(halma_game_undo(game));
    CHECK(outcome(game) == HALMA_OUTCOME_ONGOING);
    halma_game_free(game);
}

static void test_buffers(void) {
    halma_game *game = halma_game_new();
    halma_move moves[40];
    uint8_t path[2] = {99, 99};
    size_t len = 0;
    size_t i;
    char small[6];
    char *text;
    char message[1024];
    char tiny[4] = "abc";

    /* Two calls: ask for the size, then allocate. */
    EXPECT(halma_game_to_text(game, NULL, 0, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == strlen(START));
    CHECK(strstr(last_error(), "too small") != NULL && is_sentence(last_error()));
    text = malloc(len + 1);
    CHECK(text != NULL);
    if (text != NULL) {
        /* Room for the text but not its NUL: still too small, and the empty string. */
        memset(text, 'z', len + 1);
        EXPECT(halma_game_to_text(game, text, len, &i), HALMA_STATUS_BUFFER_TOO_SMALL);
        CHECK(i == len && text[0] == '\0');
        OK(halma_game_to_text(game, text, len + 1, &i));
        CHECK(i == len && strcmp(text, START) == 0);
        free(text);
    }
    strcpy(small, "zzzzz");
    EXPECT(halma_game_start_to_text(game, small, 1, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(small[0] == '\0' && small[1] == 'z' && len == strlen(START));
    strcpy(small, "zzzzz");
    EXPECT(halma_move_to_text(mv("l2", "k3"), small, 5, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(small[0] == '\0' && small[1] == 'z' && len == 5);
    OK(halma_move_to_text(mv("l2", "k3"), small, 6, &len));
    CHECK(strcmp(small, "l2-k3") == 0 && len == 5);
    EXPECT(halma_move_to_text(mv("l2", "k3"), NULL, 0, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 5);

    /* Arrays: the count needed, the array untouched. */
    EXPECT(halma_game_legal_moves(game, NULL, 0, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 40);
    memset(moves, 0xee, sizeof moves);
    EXPECT(halma_game_legal_moves(game, moves, 39, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 40);
    for (i = 0; i < 40; i++) {
        CHECK(moves[i].from == 0xee && moves[i].to == 0xee);
    }
    OK(halma_game_legal_moves(game, moves, 40, &len));
    CHECK(len == 40 && moves[39].from != 0xee);
    OK(halma_game_play_text(game, "n4-n5"));
    OK(halma_game_play_text(game, "b12-b11"));
    EXPECT(halma_game_jump_path(game, mv("n2", "n6"), path, 2, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 3 && path[0] == 99 && path[1] == 99);
    EXPECT(halma_game_jump_path(game, mv("n2", "n6"), NULL, 0, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 3);
    EXPECT(halma_game_moves(game, moves, 1, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 2);
    EXPECT(halma_game_destinations(game, sq("n2"), NULL, 0, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len >= 1);

    /* The last error message through a short buffer: truncated to "", not replaced. */
    strcpy(message, last_error());
    EXPECT(halma_last_error_message(tiny, sizeof tiny, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(tiny[0] == '\0' && len == strlen(message));
    EXPECT(halma_last_error_message(NULL, 0, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == strlen(message));
    CHECK(strcmp(last_error(), message) == 0);
    halma_game_free(game);
}

static void expect_bad_position(const char *text, halma_status want, const char *words, int line) {
    halma_game *marker = (halma_game *)&passed; /* never dereferenced: must stay unwritten */
    halma_game *game = marker;
    uint64_t nodes = 12345;
    halma_status got = halma_game_from_text(text, &game);
    const char *message = last_error();
    expect(got, want, "halma_game_from_text(bad text)", __FILE__, line);
    check(game == marker, "the out-parameter is untouched", __FILE__, line);
    check(is_sentence(message), "the last error is a sentence", __FILE__, line);
    if (strstr(message, words) == NULL) {
        failed++;
        fprintf(stderr, "test_halma.c:%d: FAILED: \"%s\" does not say \"%s\"\n", line, message, words);
    } else {
        passed++;
    }
    if (got == HALMA_STATUS_OK) {
        halma_game_free(game);
    }
    expect(halma_perft(text, 1, &nodes), want, "halma_perft(bad text)", __FILE__, line);
    check(nodes == 12345, "perft's out-parameter is untouched", __FILE__, line);
}

#define BAD_POSITION(text, status, words) expect_bad_position((text), (status), (words), __LINE__)

static void test_bad_positions(void) {
    const halma_status parse = HALMA_STATUS_PARSE_ERROR;
    const halma_status invalid = HALMA_STATUS_INVALID_POSITION;
    BAD_POSITION("", parse, "empty");
    BAD_POSITION("garbage", parse, "unexpected character");
    BAD_POSITION("hello world", parse, "unexpected character");
    BAD_POSITION(" x", parse, "16 ranks are needed");
    /* 15 and 17 ranks. */
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "16 ranks are needed, found 15");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "more than 16 ranks");
    /* Rank 16 with 17 squares, then with 15. */
    BAD_POSITION("ooooo12/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "rank 16 has more than 16 squares");
    BAD_POSITION("ooooo10/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "rank 16 has 15 squares");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxx x",
                 parse, "rank 1 has 15 squares");
    /* Bad characters: a letter, upper case, a zero-led run, a zero run. */
    BAD_POSITION("ooooo11/ooooz11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "unexpected character 'z'");
    BAD_POSITION("OOOOO11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "unexpected character 'O'");
    BAD_POSITION("ooooo011/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "invalid run");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/8080/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "invalid run");
    /* Piece counts. */
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/12xxxx x",
                 invalid, "x has 18 pieces");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/x15/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 invalid, "x has 20 pieces");
    BAD_POSITION("oooo12/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 invalid, "o has 18 pieces");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/o15/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 invalid, "o has 20 pieces");
    BAD_POSITION("xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/16/16/16/16/16/14oo/13ooo/12oooo/11ooooo/11ooooo x",
                 invalid, "both goal camps are filled");
    /* The side to move: missing, invalid, followed by junk. */
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx",
                 parse, "side to move is missing");
    BAD_POSITION(START " ", parse, "unexpected text after the side to move");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx ",
                 parse, "side to move is missing");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx z",
                 parse, "side to move must be x or o");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx X",
                 parse, "side to move must be x or o");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx  x",
                 parse, "side to move must be x or o");
    BAD_POSITION(START " o", parse, "unexpected text after the side to move");
    BAD_POSITION(START "x", parse, "unexpected text after the side to move");
    /* Invalid UTF-8, at the start, in the middle, as the side to move. */
    BAD_POSITION("\xff", parse, "not valid UTF-8");
    BAD_POSITION("ooooo11/\xc3\x28" "oooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x",
                 parse, "not valid UTF-8 (invalid byte at offset 8)");
    BAD_POSITION("ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx \xe2\x82",
                 parse, "not valid UTF-8");
}

static void expect_bad_move(halma_game *game, const char *text, halma_status want, const char *words,
                            int line) {
    halma_move move = {7, 7};
    size_t before = move_count(game);
    const char *message;
    expect(halma_game_play_text(game, text), want, "halma_game_play_text(bad move)", __FILE__, line);
    message = last_error();
    check(is_sentence(message), "the last error is a sentence", __FILE__, line);
    if (strstr(message, words) == NULL) {
        failed++;
        fprintf(stderr, "test_halma.c:%d: FAILED: \"%s\" does not say \"%s\"\n", line, message, words);
    } else {
        passed++;
    }
    check(move_count(game) == before, "nothing was played", __FILE__, line);
    expect(halma_game_parse_move(game, text, &move), want, "halma_game_parse_move(bad move)", __FILE__, line);
    check(move.from == 7 && move.to == 7, "the out-parameter is untouched", __FILE__, line);
}

static void expect_illegal(halma_game *game, halma_move move, const char *words, int line) {
    size_t before = move_count(game);
    expect(halma_game_play(game, move), HALMA_STATUS_ILLEGAL_MOVE, "halma_game_play(illegal)", __FILE__, line);
    if (strstr(last_error(), words) == NULL || !is_sentence(last_error())) {
        failed++;
        fprintf(stderr, "test_halma.c:%d: FAILED: \"%s\" does not say \"%s\"\n", line, last_error(), words);
    } else {
        passed++;
    }
    check(move_count(game) == before, "nothing was played", __FILE__, line);
}

#define BAD_MOVE(game, text, status, words) expect_bad_move((game), (text), (status), (words), __LINE__)
#define ILLEGAL(game, move, words) expect_illegal((game), (move), (words), __LINE__)

static void test_bad_moves(void) {
    halma_game *game = halma_game_new();
    halma_game *near_win = load(BEFORE_WIN);
    const halma_status parse = HALMA_STATUS_PARSE_ERROR;
    const halma_status illegal = HALMA_STATUS_ILLEGAL_MOVE;

    /* Not move text. */
    BAD_MOVE(game, "", parse, "empty");
    BAD_MOVE(game, "l2", parse, "two squares");
    BAD_MOVE(game, "l2-", parse, "expected a square");
    BAD_MOVE(game, "l2+k3", parse, "expected '-'");
    BAD_MOVE(game, "L2-K3", parse, "expected a square");
    BAD_MOVE(game, "q1-a1", parse, "expected a square");
    BAD_MOVE(game, "a0-a1", parse, "expected a square");
    BAD_MOVE(game, "l2-k17", parse, "expected");
    BAD_MOVE(game, "l2-k3 ", parse, "expected '-'");
    BAD_MOVE(game, " l2-k3", parse, "expected a square");
    BAD_MOVE(game, "n2-n4-n2", parse, "twice");
    BAD_MOVE(game, "\xff", parse, "not valid UTF-8");
    BAD_MOVE(game, "l2-k\xc3", parse, "not valid UTF-8");

    /* Well-formed, not legal. */
    BAD_MOVE(game, "l1-l2", illegal, "l2 is occupied");
    BAD_MOVE(game, "a1-a2", illegal, "no piece on a1");
    BAD_MOVE(game, "e16-f16", illegal, "belongs to o");
    BAD_MOVE(game, "l2-l8", illegal, "cannot reach l8");
    BAD_MOVE(game, "l2-l2", illegal, "both origin and destination");
    BAD_MOVE(game, "n2-n4-n6", illegal, "not a jump");
    BAD_MOVE(near_win, "a12-a11", illegal, "goal camp");

    ILLEGAL(game, mv("l1", "l2"), "l2 is occupied");
    ILLEGAL(game, mv("a1", "a2"), "there is no piece on a1");
    ILLEGAL(game, mv("e16", "f16"), "belongs to o");
    ILLEGAL(game, mv("l2", "l8"), "cannot reach l8");
    ILLEGAL(game, mv("l2", "l2"), "both origin and destination");
    ILLEGAL(near_win, mv("a12", "a11"), "goal camp");
    CHECK(text_is(game, START));
    CHECK(text_is(near_win, BEFORE_WIN));

    halma_game_free(near_win);
    halma_game_free(game);
}

static void expect_null(halma_status got, const char *name, const char *call, int line) {
    expect(got, HALMA_STATUS_NULL_ARGUMENT, call, __FILE__, line);
    if (strstr(last_error(), name) == NULL || !is_sentence(last_error())) {
        failed++;
        fprintf(stderr, "test_halma.c:%d: FAILED: \"%s\" does not name %s\n", line, last_error(), name);
    } else {
        passed++;
    }
}

#define NULL_ARG(call, name) expect_null((call), (name), #call, __LINE__)

static void test_null_pointers(void) {
    halma_game *game = halma_game_new();
    halma_game *out = NULL;
    halma_move move = mv("l2", "k3");
    halma_move moves[HALMA_MAX_MOVES];
    uint8_t squares[HALMA_MAX_PATH];
    char buf[300];
    size_t len = 0;
    halma_side side;
    halma_piece piece;
    halma_outcome result;
    bool legal;
    uint64_t nodes;

    /* halma_last_error_message's own failures are not recorded as the last error. */
    EXPECT(halma_last_error_message(NULL, 5, &len), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_last_error_message(buf, sizeof buf, NULL), HALMA_STATUS_NULL_ARGUMENT);
    NULL_ARG(halma_game_from_text(NULL, &out), "position");
    NULL_ARG(halma_game_from_text(START, NULL), "out");
    CHECK(halma_game_clone(NULL) == NULL);
    halma_game_free(NULL);
    NULL_ARG(halma_game_to_text(NULL, buf, sizeof buf, &len), "game");
    NULL_ARG(halma_game_to_text(game, NULL, sizeof buf, &len), "buf");
    NULL_ARG(halma_game_to_text(game, buf, sizeof buf, NULL), "out_len");
    NULL_ARG(halma_game_start_to_text(NULL, buf, sizeof buf, &len), "game");
    NULL_ARG(halma_game_start_to_text(game, NULL, sizeof buf, &len), "buf");
    NULL_ARG(halma_game_start_to_text(game, buf, sizeof buf, NULL), "out_len");
    NULL_ARG(halma_game_side_to_move(NULL, &side), "game");
    NULL_ARG(halma_game_side_to_move(game, NULL), "out");
    NULL_ARG(halma_game_piece_at(NULL, 0, &piece), "game");
    NULL_ARG(halma_game_piece_at(game, 0, NULL), "out");
    NULL_ARG(halma_game_outcome(NULL, &result), "game");
    NULL_ARG(halma_game_outcome(game, NULL), "out");
    NULL_ARG(halma_game_legal_moves(NULL, moves, HALMA_MAX_MOVES, &len), "game");
    NULL_ARG(halma_game_legal_moves(game, NULL, HALMA_MAX_MOVES, &len), "moves");
    NULL_ARG(halma_game_legal_moves(game, moves, HALMA_MAX_MOVES, NULL), "out_len");
    NULL_ARG(halma_game_destinations(NULL, sq("l2"), squares, HALMA_MAX_PATH, &len), "game");
    NULL_ARG(halma_game_destinations(game, sq("l2"), NULL, HALMA_MAX_PATH, &len), "squares");
    NULL_ARG(halma_game_destinations(game, sq("l2"), squares, HALMA_MAX_PATH, NULL), "out_len");
    NULL_ARG(halma_game_is_legal(NULL, move, &legal), "game");
    NULL_ARG(halma_game_is_legal(game, move, NULL), "out");
    NULL_ARG(halma_game_parse_move(NULL, "l2-k3", &move), "game");
    NULL_ARG(halma_game_parse_move(game, NULL, &move), "move");
    NULL_ARG(halma_game_parse_move(game, "l2-k3", NULL), "out");
    NULL_ARG(halma_game_play(NULL, move), "game");
    NULL_ARG(halma_game_play_text(NULL, "l2-k3"), "game");
    NULL_ARG(halma_game_play_text(game, NULL), "move");
    NULL_ARG(halma_game_undo(NULL), "game");
    NULL_ARG(halma_game_move_count(NULL, &len), "game");
    NULL_ARG(halma_game_move_count(game, NULL), "out");
    NULL_ARG(halma_game_moves(NULL, moves, HALMA_MAX_MOVES, &len), "game");
    NULL_ARG(halma_game_moves(game, NULL, HALMA_MAX_MOVES, &len), "moves");
    NULL_ARG(halma_game_moves(game, moves, HALMA_MAX_MOVES, NULL), "out_len");
    NULL_ARG(halma_game_jump_path(NULL, move, squares, HALMA_MAX_PATH, &len), "game");
    NULL_ARG(halma_game_jump_path(game, move, NULL, HALMA_MAX_PATH, &len), "squares");
    NULL_ARG(halma_game_jump_path(game, move, squares, HALMA_MAX_PATH, NULL), "out_len");
    NULL_ARG(halma_move_to_text(move, NULL, sizeof buf, &len), "buf");
    NULL_ARG(halma_move_to_text(move, buf, sizeof buf, NULL), "out_len");
    NULL_ARG(halma_perft(NULL, 1, &nodes), "position");
    NULL_ARG(halma_perft(START, 1, NULL), "out");

    /* NULL_ARGUMENT comes before every other failure. */
    NULL_ARG(halma_game_from_text("garbage", NULL), "out");
    NULL_ARG(halma_game_play_text(NULL, "garbage"), "game");
    NULL_ARG(halma_game_parse_move(game, "garbage", NULL), "out");
    NULL_ARG(halma_game_to_text(game, NULL, 0, NULL), "out_len");
    NULL_ARG(halma_perft("garbage", 1, NULL), "out");

    CHECK(text_is(game, START));
    CHECK(out == NULL);
    halma_game_free(game);
}

static void *other_thread(void *arg) {
    char buf[64] = "unchanged";
    size_t len = 99;
    halma_game *game = NULL;
    int *ok = (int *)arg;
    /* A new thread has no last error, whatever the main thread did. */
    *ok = halma_last_error_message(buf, sizeof buf, &len) == HALMA_STATUS_OK && buf[0] == '\0' &&
          len == 0;
    /* Its failures are its own. */
    *ok = *ok && halma_game_from_text("garbage", &game) == HALMA_STATUS_PARSE_ERROR;
    return NULL;
}

static void test_last_error_semantics(void) {
    halma_game *game = halma_game_new();
    pthread_t thread;
    int thread_ok = 0;

    EXPECT(halma_game_play_text(game, "l1-l2"), HALMA_STATUS_ILLEGAL_MOVE);
    CHECK(strcmp(last_error(), "Illegal move: l2 is occupied.") == 0);
    /* Successes leave it alone. */
    OK(halma_game_play_text(game, "l2-k3"));
    CHECK(legal_move_count(game) > 0);
    CHECK(strcmp(last_error(), "Illegal move: l2 is occupied.") == 0);
    /* halma_last_error_message's own failures leave it alone. */
    EXPECT(halma_last_error_message(NULL, 10, NULL), HALMA_STATUS_NULL_ARGUMENT);
    CHECK(strcmp(last_error(), "Illegal move: l2 is occupied.") == 0);
    /* The next failure replaces it. */
    OK(halma_game_undo(game));
    EXPECT(halma_game_undo(game), HALMA_STATUS_NOTHING_TO_UNDO);
    CHECK(strcmp(last_error(), "There is no move to undo.") == 0);

    /* Per thread. */
    CHECK(pthread_create(&thread, NULL, other_thread, &thread_ok) == 0);
    CHECK(pthread_join(thread, NULL) == 0);
    CHECK(thread_ok);
    CHECK(strcmp(last_error(), "There is no move to undo.") == 0);
    halma_game_free(game);
}

static void test_perft(void) {
    uint64_t nodes = 0;
    OK(halma_perft(START, 0, &nodes));
    CHECK(nodes == 1);
    OK(halma_perft(START, 1, &nodes));
    CHECK(nodes == 40);
    OK(halma_perft(START, 2, &nodes));
    CHECK(nodes == 1600);
    OK(halma_perft("xxxxx11/xxxxx11/xxxx12/x1xx12/xx14/16/16/16/16/16/16/10oo4/11oo1oo/12oooo/11ooooo/12oooo o",
                   2, &nodes));
    CHECK(nodes == 780);
    /* A won position has no moves. */
    OK(halma_perft(WON_BY_X, 1, &nodes));
    CHECK(nodes == 0);
}

int main(void) {
    test_last_error_before_any_failure();
    test_version_and_status_names();
    test_start_position();
    test_play_and_undo();
    test_hop_paths();
    test_win();
    test_repetition_draw();
    test_buffers();
    test_bad_positions();
    test_bad_moves();
    test_null_pointers();
    test_last_error_semantics();
    test_perft();
    printf("halma %s\n", halma_version());
    return report("C99 ABI tests");
}
