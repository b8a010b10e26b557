/*
 * The star board's C ABI tested from C99: games from the start, text and OpenSpiel's cells,
 * legal moves, play and undo, move text, chains and OpenSpiel's actions, outcomes (a win, a
 * draw by the turn limit), perft, searches with limits and a stop token, and the errors.
 * Built and run by tests/ffi.rs (`cargo test --test ffi`), also under valgrind:
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude tests/c/test_star.c libhalma.a \
 *      -lpthread -ldl -lm
 * Prints every failed check with its line, then "N passed, M failed"; exits 1 on a failure.
 */
#include "check.h"

#include <string.h>

#define STAR_START "x/xx/xxx/xxxx/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x"
/* x has nine pieces on its target (o's home) and its tenth on 102, a step from the empty
   hole 111: x to move wins with 102-111. o has nine pieces on its target and one on 60. */
#define STAR_BEFORE_WIN "o/oo/ooo/ooo1/13/12/11/10/4o4/10/11/12/4x8/1xxx/xxx/xx/x x"

static halma_star_game *star(const char *text, halma_star_rules rules) {
    halma_star_game *game = NULL;
    OK(halma_star_game_from_text(text, rules, &game));
    CHECK(game != NULL);
    return game;
}

static halma_star_move star_move(uint8_t from, uint8_t to) {
    halma_star_move move;
    move.from = from;
    move.to = to;
    return move;
}

static int star_legal(const halma_star_game *game, halma_star_move move) {
    halma_star_move moves[HALMA_MAX_STAR_MOVES];
    size_t len = 0;
    size_t i;
    if (halma_star_game_legal_moves(game, moves, HALMA_MAX_STAR_MOVES, &len) != HALMA_STATUS_OK) {
        return 0;
    }
    for (i = 0; i < len; i++) {
        if (moves[i].from == move.from && moves[i].to == move.to) {
            return 1;
        }
    }
    return 0;
}

static void test_start_and_moves(void) {
    halma_star_game *game = NULL;
    halma_star_move moves[HALMA_MAX_STAR_MOVES];
    char text[256];
    size_t len = 0;
    halma_side side = -1;
    halma_star_rules rules = -1;
    halma_outcome outcome = -1;
    bool must_pass = true;
    OK(halma_star_game_new(HALMA_STAR_RULES_OPENSPIEL, &game));
    OK(halma_star_game_to_text(game, text, sizeof text, &len));
    CHECK(strcmp(text, STAR_START) == 0 && len == strlen(STAR_START));
    OK(halma_star_game_rules(game, &rules));
    CHECK(rules == HALMA_STAR_RULES_OPENSPIEL);
    OK(halma_star_game_side_to_move(game, &side));
    CHECK(side == HALMA_SIDE_X);
    OK(halma_star_game_outcome(game, &outcome));
    CHECK(outcome == HALMA_OUTCOME_ONGOING);
    OK(halma_star_game_must_pass(game, &must_pass));
    CHECK(!must_pass);
    OK(halma_star_game_legal_moves(game, moves, HALMA_MAX_STAR_MOVES, &len));
    CHECK(len == 14);
    CHECK(star_legal(game, star_move(3, 14)) && star_legal(game, star_move(6, 14)));
    /* Too small an array: the count needed, nothing written. */
    EXPECT(halma_star_game_legal_moves(game, moves, 3, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == 14);
    OK(halma_star_game_play(game, star_move(6, 14)));
    OK(halma_star_game_play_text(game, "114-105"));
    OK(halma_star_game_side_to_move(game, &side));
    CHECK(side == HALMA_SIDE_X);
    OK(halma_star_game_undo(game));
    OK(halma_star_game_undo(game));
    EXPECT(halma_star_game_undo(game), HALMA_STATUS_NOTHING_TO_UNDO);
    OK(halma_star_game_to_text(game, text, sizeof text, &len));
    CHECK(strcmp(text, STAR_START) == 0);
    OK(halma_star_move_to_text(star_move(120, 3), text, sizeof text, &len));
    CHECK(strcmp(text, "120-3") == 0 && len == 5);
    halma_star_game_free(game);
    halma_star_game_free(NULL);
}

static void test_errors(void) {
    halma_star_game *game = NULL;
    halma_star_game *kept = NULL;
    size_t len = 0;
    char text[16];
    uint8_t cells[HALMA_STAR_HOLES];
    EXPECT(halma_star_game_new(7, &game), HALMA_STATUS_INVALID_ARGUMENT);
    CHECK(game == NULL);
    EXPECT(halma_star_game_new(HALMA_STAR_RULES_STANDARD, NULL), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_star_game_from_text("x/xx o", HALMA_STAR_RULES_STANDARD, &game),
           HALMA_STATUS_PARSE_ERROR);
    CHECK(strstr(last_error(), "17 rows") != NULL);
    EXPECT(halma_star_game_from_text("x/xx/xxx/xxx1/13/12/11/10/9/10/11/12/13/oooo/ooo/oo/o x",
                                     HALMA_STAR_RULES_STANDARD, &game),
           HALMA_STATUS_INVALID_POSITION);
    game = star(STAR_START, HALMA_STAR_RULES_STANDARD);
    kept = halma_star_game_clone(game);
    CHECK(kept != NULL);
    EXPECT(halma_star_game_play(game, star_move(6, 26)), HALMA_STATUS_ILLEGAL_MOVE);
    EXPECT(halma_star_game_play(game, star_move(6, 200)), HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_star_game_play_text(game, "6+14"), HALMA_STATUS_PARSE_ERROR);
    EXPECT(halma_star_game_pass(game), HALMA_STATUS_ILLEGAL_MOVE);
    EXPECT(halma_star_game_chain(game, star_move(60, 61), cells, sizeof cells, &len),
           HALMA_STATUS_ILLEGAL_MOVE);
    EXPECT(halma_star_move_to_text(star_move(121, 3), text, sizeof text, &len),
           HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_star_game_legal_moves(NULL, NULL, 0, &len), HALMA_STATUS_NULL_ARGUMENT);
    /* Cells: 121 of them, each 0, 1 or 2, 10 pieces a side. */
    OK(halma_star_game_cells(game, cells, sizeof cells, &len));
    CHECK(len == HALMA_STAR_HOLES && cells[0] == 1 && cells[60] == 0 && cells[120] == 2);
    EXPECT(halma_star_game_from_cells(cells, 120, HALMA_SIDE_X, HALMA_STAR_RULES_OPENSPIEL,
                                      &game),
           HALMA_STATUS_INVALID_POSITION);
    EXPECT(halma_star_game_from_cells(cells, sizeof cells, 2, HALMA_STAR_RULES_OPENSPIEL, &game),
           HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_star_game_from_cells(NULL, 121, HALMA_SIDE_X, HALMA_STAR_RULES_OPENSPIEL, &game),
           HALMA_STATUS_NULL_ARGUMENT);
    halma_star_game_free(game);
    OK(halma_star_game_from_cells(cells, sizeof cells, HALMA_SIDE_O, HALMA_STAR_RULES_OPENSPIEL,
                                  &game));
    EXPECT(halma_star_game_to_text(game, text, 0, &len), HALMA_STATUS_BUFFER_TOO_SMALL);
    CHECK(len == strlen(STAR_START));
    halma_star_game_free(game);
    halma_star_game_free(kept);
}

static void test_chains_and_actions(void) {
    halma_star_game *game = star(STAR_START, HALMA_STAR_RULES_OPENSPIEL);
    uint8_t holes[HALMA_MAX_STAR_CHAIN];
    uint16_t actions[HALMA_MAX_STAR_CHAIN];
    size_t len = 0;
    /* A step: its two holes, one action (hole 6, direction down-left: 6 * 6 + 4). */
    OK(halma_star_game_chain(game, star_move(6, 14), holes, HALMA_MAX_STAR_CHAIN, &len));
    CHECK(len == 2 && holes[0] == 6 && holes[1] == 14);
    OK(halma_star_game_openspiel_actions(game, star_move(6, 14), actions, HALMA_MAX_STAR_CHAIN,
                                         &len));
    CHECK(len == 1 && actions[0] == 6 * 6 + 4);
    /* A hop over 6: one action; no hop goes on from 14, so no Pass. */
    OK(halma_star_game_openspiel_actions(game, star_move(3, 14), actions, HALMA_MAX_STAR_CHAIN,
                                         &len));
    CHECK(len == 1 && actions[0] == 3 * 6 + 4);
    CHECK(HALMA_STAR_PASS_ACTION == 726);
    halma_star_game_free(game);
}

static void test_outcomes_and_perft(void) {
    halma_star_game *game = star(STAR_BEFORE_WIN, HALMA_STAR_RULES_OPENSPIEL);
    halma_outcome outcome = -1;
    uint64_t nodes = 0;
    int turn;
    OK(halma_star_game_play(game, star_move(102, 111)));
    OK(halma_star_game_outcome(game, &outcome));
    CHECK(outcome == HALMA_OUTCOME_X_WINS);
    EXPECT(halma_star_game_play_text(game, "0-13"), HALMA_STATUS_GAME_OVER);
    halma_star_game_free(game);
    /* 1,000 turns back and forth: OpenSpiel's draw. */
    game = star(STAR_START, HALMA_STAR_RULES_OPENSPIEL);
    for (turn = 0; turn < 1000; turn++) {
        static const char *moves[4] = {"6-14", "114-105", "14-6", "105-114"};
        OK(halma_star_game_play_text(game, moves[turn % 4]));
    }
    OK(halma_star_game_outcome(game, &outcome));
    CHECK(outcome == HALMA_OUTCOME_DRAW_TURN_LIMIT);
    halma_star_game_free(game);
    OK(halma_star_perft(STAR_START, HALMA_STAR_RULES_OPENSPIEL, 4, &nodes));
    CHECK(nodes == 115600);
    EXPECT(halma_star_perft(STAR_START, 9, 1, &nodes), HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_star_perft("x", HALMA_STAR_RULES_OPENSPIEL, 1, &nodes), HALMA_STATUS_PARSE_ERROR);
}

static void test_search(void) {
    halma_engine *engine = halma_engine_new();
    halma_star_game *game = star(STAR_START, HALMA_STAR_RULES_OPENSPIEL);
    halma_star_game *won = star(STAR_BEFORE_WIN, HALMA_STAR_RULES_STANDARD);
    halma_stop_token *token = halma_stop_token_new();
    halma_search_limits limits;
    halma_star_search_result result;
    halma_star_search_result again;
    limits.depth = 4;
    limits.nodes = 0;
    limits.time_ms = 0;
    OK(halma_engine_search_star(engine, game, &limits, &result));
    CHECK(star_legal(game, result.best_move));
    CHECK(result.depth == 4 && result.nodes > 0);
    OK(halma_engine_search_star(engine, game, &limits, &again));
    CHECK(again.best_move.from == result.best_move.from && again.nodes == result.nodes);
    /* A win in one is found. */
    OK(halma_engine_search_star(engine, won, &limits, &result));
    CHECK(result.best_move.from == 102 && result.best_move.to == 111);
    CHECK(result.score == HALMA_SCORE_WIN - 1);
    OK(halma_star_game_play(won, result.best_move));
    EXPECT(halma_engine_search_star(engine, won, &limits, &result), HALMA_STATUS_GAME_OVER);
    /* A token stopped before the search: a legal move at once. */
    limits.depth = 0;
    limits.time_ms = 3600000;
    halma_stop_token_stop(token);
    OK(halma_engine_search_star_with_stop(engine, game, &limits, token, &result));
    CHECK(star_legal(game, result.best_move));
    limits.time_ms = 0;
    EXPECT(halma_engine_search_star(engine, game, &limits, &result), HALMA_STATUS_INVALID_ARGUMENT);
    halma_stop_token_free(token);
    halma_star_game_free(won);
    halma_star_game_free(game);
    halma_engine_free(engine);
}

int main(void) {
    test_start_and_moves();
    test_errors();
    test_chains_and_actions();
    test_outcomes_and_perft();
    test_search();
    return report("test_star");
}
