/*
 * The game records of the C ABI tested from C99: a game to its record and back, a record's
 * headers and resignation, both forms of the text, every bad input. Built and run by
 * tests/ffi.rs (`cargo test --test ffi`), also under valgrind:
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude tests/c/test_record.c libhalma.a \
 *      -lpthread -ldl -lm
 * Prints every failed check with its line, then "N passed, M failed"; exits 1 on a failure.
 */
#include "check.h"

#include <string.h>

/* The record of a game of two moves from the start, as halma_game_to_record writes it. */
#define TWO_MOVES "[Result \"*\"]\n\n1. l2-k3 e15-f14\n*\n"

/* `text` of the record, or "(failed)". */
static const char *record_text(const halma_record *record) {
    static char buf[1024];
    size_t len = 0;
    if (halma_record_to_text(record, buf, sizeof buf, &len) != HALMA_STATUS_OK) return "(failed)";
    return buf;
}

/* The header `name` of `record`, or "(failed)". */
static const char *tag(const halma_record *record, const char *name) {
    static char buf[256];
    size_t len = 0;
    if (halma_record_tag(record, name, buf, sizeof buf, &len) != HALMA_STATUS_OK) return "(failed)";
    return buf;
}

static int result_is(const halma_record *record, const char *result, const char *reason) {
    char buf[16];
    size_t len = 0;
    if (halma_record_result(record, buf, sizeof buf, &len) != HALMA_STATUS_OK) return 0;
    if (strcmp(buf, result) != 0) return 0;
    if (halma_record_reason(record, buf, sizeof buf, &len) != HALMA_STATUS_OK) return 0;
    return strcmp(buf, reason) == 0 && len == strlen(reason);
}

static void test_a_game_to_its_record_and_back(void) {
    halma_game *game = halma_game_new();
    halma_game *again = NULL;
    char buf[256];
    size_t len = 0;
    size_t count = 0;
    OK(halma_game_play_text(game, "l2-k3"));
    OK(halma_game_play_text(game, "e15-f14"));
    /* Asked with no buffer first: the size needed. */
    EXPECT(halma_game_to_record(game, NULL, 0, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == strlen(TWO_MOVES));
    OK(halma_game_to_record(game, buf, sizeof buf, &len));
    CHECK(strcmp(buf, TWO_MOVES) == 0);
    OK(halma_game_from_record(buf, &again));
    OK(halma_game_move_count(again, &count));
    CHECK(count == 2);
    halma_game_free(again);
    /* The earlier form, and hop paths. */
    OK(halma_game_from_record(START "\nn4-n5 b12-b11\nn2-n4-n6\n", &again));
    OK(halma_game_move_count(again, &count));
    CHECK(count == 3);
    halma_game_free(again);
    halma_game_free(game);
}

static void test_headers_and_a_resignation(void) {
    halma_game *game = halma_game_new();
    halma_record *record = NULL;
    halma_record *read = NULL;
    halma_game *copy = NULL;
    size_t count = 0;
    OK(halma_game_play_text(game, "l2-k3"));
    OK(halma_game_play_text(game, "e15-f14"));
    record = halma_record_new(game);
    CHECK(record != NULL);
    OK(halma_record_set_tag(record, "Site", "https://halma.example/g/1"));
    OK(halma_record_set_tag(record, "X", "Ann \"the fox\""));
    CHECK(result_is(record, "*", ""));
    OK(halma_record_resign(record, HALMA_SIDE_X));
    CHECK(result_is(record, "0-1", "resignation"));
    EXPECT(halma_record_resign(record, HALMA_SIDE_O), HALMA_STATUS_GAME_OVER);
    CHECK(strcmp(record_text(record),
                 "[Site \"https://halma.example/g/1\"]\n[X \"Ann \\\"the fox\\\"\"]\n"
                 "[Result \"0-1\"]\n[Reason \"resignation\"]\n\n1. l2-k3 e15-f14\n0-1\n") == 0);

    OK(halma_record_from_text(record_text(record), &read));
    CHECK(strcmp(tag(read, "X"), "Ann \"the fox\"") == 0);
    CHECK(result_is(read, "0-1", "resignation"));
    OK(halma_record_game(read, &copy));
    OK(halma_game_move_count(copy, &count));
    CHECK(count == 2);
    /* The game was copied: playing on it leaves the record alone. */
    OK(halma_game_play_text(copy, "k3-l2"));
    halma_game_free(copy);
    OK(halma_record_game(read, &copy));
    OK(halma_game_move_count(copy, &count));
    CHECK(count == 2);
    halma_game_free(copy);
    halma_record_free(read);
    halma_record_free(record);
    halma_game_free(game);
}

static void test_a_finished_game(void) {
    halma_game *game = load(BEFORE_WIN);
    halma_record *record = NULL;
    OK(halma_game_play_text(game, "b11-b12"));
    record = halma_record_new(game);
    CHECK(result_is(record, "1-0", "goal_camp"));
    EXPECT(halma_record_resign(record, HALMA_SIDE_O), HALMA_STATUS_GAME_OVER);
    CHECK(strstr(record_text(record), "[Position \"" BEFORE_WIN "\"]\n") != NULL);
    halma_record_free(record);
    halma_game_free(game);
}

static void test_bad_input(void) {
    halma_game *game = halma_game_new();
    halma_game *out_game = NULL;
    halma_record *record = halma_record_new(game);
    halma_record *out = NULL;
    char buf[64];
    size_t len = 0;
    EXPECT(halma_game_from_record("", &out_game), HALMA_STATUS_PARSE_ERROR);
    EXPECT(halma_game_from_record("[Site nowhere]", &out_game), HALMA_STATUS_PARSE_ERROR);
    EXPECT(halma_game_from_record("1. l2-k3 1-0", &out_game), HALMA_STATUS_PARSE_ERROR);
    EXPECT(halma_game_from_record("\xff", &out_game), HALMA_STATUS_PARSE_ERROR);
    EXPECT(halma_game_from_record("1. l2-k3 l1-l2", &out_game), HALMA_STATUS_PARSE_ERROR);
    CHECK(strstr(last_error(), "line 1") != NULL);
    EXPECT(halma_record_from_text("[Position \"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 x\"]",
                                  &out),
           HALMA_STATUS_PARSE_ERROR);
    CHECK(out_game == NULL && out == NULL);
    EXPECT(halma_record_tag(record, "Site", buf, sizeof buf, &len), HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_record_set_tag(record, "Result", "1-0"), HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_record_set_tag(record, "X", "two\nlines"), HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_record_set_tag(record, "X", "\xff"), HALMA_STATUS_PARSE_ERROR);
    EXPECT(halma_record_resign(record, 2), HALMA_STATUS_INVALID_ARGUMENT);
    /* NULL pointers. */
    CHECK(halma_record_new(NULL) == NULL);
    EXPECT(halma_game_from_record(NULL, &out_game), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_game_from_record("", NULL), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_game_to_record(NULL, buf, sizeof buf, &len), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_from_text(NULL, &out), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_to_text(NULL, buf, sizeof buf, &len), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_to_text(record, buf, sizeof buf, NULL), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_game(record, NULL), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_tag(record, NULL, buf, sizeof buf, &len), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_set_tag(NULL, "X", "y"), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_set_tag(record, "X", NULL), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_resign(NULL, HALMA_SIDE_X), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_result(NULL, buf, sizeof buf, &len), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_record_reason(record, NULL, 1, &len), HALMA_STATUS_NULL_ARGUMENT);
    halma_record_free(NULL);
    halma_record_free(record);
    halma_game_free(game);
}

int main(void) {
    test_a_game_to_its_record_and_back();
    test_headers_and_a_resignation();
    test_a_finished_game();
    test_bad_input();
    return report("test_record");
}
