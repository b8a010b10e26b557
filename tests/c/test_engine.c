/*
 * The engine's C ABI tested from C99: searches, limits, refusals, the info callback, levels,
 * BUSY while a search runs, halma_engine_stop from a second thread, threads and stop tokens,
 * contempt.
 * Built and run by tests/ffi.rs (`cargo test --test ffi`), also under valgrind:
 *   cc -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude tests/c/test_engine.c libhalma.a \
 *      -lpthread -ldl -lm
 * Prints every failed check with its line, then "N passed, M failed"; exits 1 on a failure.
 */
#define _POSIX_C_SOURCE 200809L

#include "check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Whether `move` is among the legal moves of `game`. */
static int is_legal(const halma_game *game, halma_move move) {
    halma_move moves[HALMA_MAX_MOVES];
    size_t len = 0;
    size_t i;
    if (halma_game_legal_moves(game, moves, HALMA_MAX_MOVES, &len) != HALMA_STATUS_OK) {
        return 0;
    }
    for (i = 0; i < len; i++) {
        if (moves[i].from == move.from && moves[i].to == move.to) {
            return 1;
        }
    }
    return 0;
}

static halma_search_limits limits_of(uint32_t depth, uint64_t nodes, uint64_t time_ms) {
    halma_search_limits limits;
    limits.depth = depth;
    limits.nodes = nodes;
    limits.time_ms = time_ms;
    return limits;
}

static void sleep_ms(long ms) {
    struct timespec pause;
    pause.tv_sec = ms / 1000;
    pause.tv_nsec = (ms % 1000) * 1000000L;
    nanosleep(&pause, NULL);
}

static void test_search(void) {
    halma_engine *engine = halma_engine_new();
    halma_game *game = load(START);
    halma_search_limits limits = limits_of(3, 0, 0);
    halma_search_result result;
    halma_search_result again;
    CHECK(engine != NULL);
    memset(&result, 0, sizeof result);
    OK(halma_engine_search(engine, game, &limits, &result));
    CHECK(is_legal(game, result.best_move));
    CHECK(result.depth == 3);
    CHECK(result.nodes > 0);
    CHECK(result.score > -(HALMA_SCORE_WIN - 1000) && result.score < HALMA_SCORE_WIN - 1000);
    /* Depth-limited searches are deterministic, whatever the engine searched before. */
    OK(halma_engine_search(engine, game, &limits, &again));
    CHECK(again.best_move.from == result.best_move.from && again.best_move.to == result.best_move.to);
    CHECK(again.nodes == result.nodes && again.score == result.score && again.depth == 3);
    /* A node limit alone, a time limit alone. */
    limits = limits_of(0, 2000, 0);
    OK(halma_engine_search(engine, game, &limits, &result));
    CHECK(is_legal(game, result.best_move));
    CHECK(result.nodes <= 2100);
    limits = limits_of(0, 0, 30);
    OK(halma_engine_search(engine, game, &limits, &result));
    CHECK(is_legal(game, result.best_move));
    OK(halma_engine_clear(engine));
    halma_game_free(game);
    halma_engine_free(engine);
    halma_engine_free(NULL);
    halma_engine_stop(NULL);
}

static void test_win_and_refusals(void) {
    halma_engine *engine = halma_engine_new_with_table_mb(1);
    halma_engine *tiny = halma_engine_new_with_table_mb(0);
    halma_game *before_win = load(BEFORE_WIN);
    halma_game *won = load(WON_BY_X);
    halma_search_limits limits = limits_of(4, 0, 0);
    halma_search_limits none = limits_of(0, 0, 0);
    halma_search_result result;
    halma_search_result untouched;
    CHECK(engine != NULL && tiny != NULL);
    OK(halma_engine_search(engine, before_win, &limits, &result));
    CHECK(result.best_move.from == sq("b11") && result.best_move.to == sq("b12"));
    CHECK(result.score == HALMA_SCORE_WIN - 1);
    OK(halma_engine_search(tiny, before_win, &limits, &result));
    CHECK(result.best_move.from == sq("b11") && result.best_move.to == sq("b12"));

    memset(&untouched, 0x5a, sizeof untouched);
    result = untouched;
    EXPECT(halma_engine_search(engine, won, &limits, &result), HALMA_STATUS_GAME_OVER);
    CHECK(strlen(last_error()) > 0);
    EXPECT(halma_engine_search(engine, before_win, &none, &result), HALMA_STATUS_INVALID_ARGUMENT);
    /* NULL_ARGUMENT comes first, INVALID_ARGUMENT before GAME_OVER. */
    EXPECT(halma_engine_search(engine, won, &none, &result), HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_engine_search(NULL, before_win, &limits, &result), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_engine_search(engine, NULL, &limits, &result), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_engine_search(engine, before_win, NULL, &result), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_engine_search(engine, before_win, &limits, NULL), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_engine_search(NULL, NULL, &none, NULL), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_engine_search_level(NULL, before_win, 3, &result), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_engine_search_level(engine, won, 3, &result), HALMA_STATUS_GAME_OVER);
    EXPECT(halma_engine_clear(NULL), HALMA_STATUS_NULL_ARGUMENT);
    EXPECT(halma_engine_set_info_callback(NULL, NULL, NULL), HALMA_STATUS_NULL_ARGUMENT);
    /* Failed calls wrote nothing. */
    CHECK(memcmp(&result, &untouched, sizeof result) == 0);
    halma_game_free(before_win);
    halma_game_free(won);
    halma_engine_free(engine);
    halma_engine_free(tiny);
}

struct infos {
    int count;
    uint32_t depths[16];
    int pv_ok;
};

static void on_info(const halma_search_info *info, void *user) {
    struct infos *infos = (struct infos *)user;
    if (infos->count < 16) {
        infos->depths[infos->count] = info->depth;
    }
    infos->count++;
    if (info->pv == NULL || info->pv_len == 0) {
        infos->pv_ok = 0;
    }
}

static void test_info_and_levels(void) {
    halma_engine *engine = halma_engine_new();
    halma_game *game = load(START);
    halma_search_limits limits = limits_of(3, 0, 0);
    halma_search_result result;
    struct infos infos;
    int level;
    memset(&infos, 0, sizeof infos);
    infos.pv_ok = 1;
    OK(halma_engine_set_info_callback(engine, on_info, &infos));
    OK(halma_engine_search(engine, game, &limits, &result));
    CHECK(infos.count == 3);
    CHECK(infos.depths[0] == 1 && infos.depths[1] == 2 && infos.depths[2] == 3);
    CHECK(infos.pv_ok);
    OK(halma_engine_set_info_callback(engine, NULL, NULL));
    OK(halma_engine_search(engine, game, &limits, &result));
    CHECK(infos.count == 3);
    /* Levels, out-of-range ones clamped. */
    for (level = 0; level <= 11; level += 11) {
        OK(halma_engine_search_level(engine, game, level, &result));
        CHECK(is_legal(game, result.best_move));
    }
    OK(halma_engine_search_level(engine, game, HALMA_DEFAULT_LEVEL, &result));
    CHECK(is_legal(game, result.best_move));
    halma_game_free(game);
    halma_engine_free(engine);
}

/* A search on another thread, with flags the main thread watches. */
struct searcher {
    halma_engine *engine;
    halma_game *game;
    halma_search_limits limits;
    halma_search_result result;
    halma_status status;
    pthread_mutex_t lock;
    int iterations;
    int done;
};

static void on_iteration(const halma_search_info *info, void *user) {
    struct searcher *searcher = (struct searcher *)user;
    (void)info;
    pthread_mutex_lock(&searcher->lock);
    searcher->iterations++;
    pthread_mutex_unlock(&searcher->lock);
}

static void *run_search(void *arg) {
    struct searcher *searcher = (struct searcher *)arg;
    halma_status status =
        halma_engine_search(searcher->engine, searcher->game, &searcher->limits, &searcher->result);
    pthread_mutex_lock(&searcher->lock);
    searcher->status = status;
    searcher->done = 1;
    pthread_mutex_unlock(&searcher->lock);
    return NULL;
}

static int read_flag(struct searcher *searcher, int *flag) {
    int value;
    pthread_mutex_lock(&searcher->lock);
    value = *flag;
    pthread_mutex_unlock(&searcher->lock);
    return value;
}

static void test_stop_from_another_thread_and_busy(void) {
    struct searcher searcher;
    pthread_t thread;
    halma_search_limits quick = limits_of(2, 0, 0);
    halma_search_result result;
    int waited;
    memset(&searcher, 0, sizeof searcher);
    searcher.engine = halma_engine_new();
    searcher.game = load(START);
    /* An hour: only a stop ends it. */
    searcher.limits = limits_of(0, 0, 3600000);
    pthread_mutex_init(&searcher.lock, NULL);
    /* A stop with no search running is ignored. */
    halma_engine_stop(searcher.engine);
    OK(halma_engine_set_info_callback(searcher.engine, on_iteration, &searcher));
    CHECK(pthread_create(&thread, NULL, run_search, &searcher) == 0);
    /* Wait until the search has completed an iteration (so it surely runs). */
    for (waited = 0; waited < 60000 && read_flag(&searcher, &searcher.iterations) == 0; waited++) {
        sleep_ms(1);
    }
    CHECK(read_flag(&searcher, &searcher.iterations) > 0);
    CHECK(!read_flag(&searcher, &searcher.done));
    /* One search at a time: the others are told at once. */
    EXPECT(halma_engine_search(searcher.engine, searcher.game, &quick, &result), HALMA_STATUS_BUSY);
    EXPECT(halma_engine_search_level(searcher.engine, searcher.game, 1, &result), HALMA_STATUS_BUSY);
    EXPECT(halma_engine_clear(searcher.engine), HALMA_STATUS_BUSY);
    EXPECT(halma_engine_set_info_callback(searcher.engine, NULL, NULL), HALMA_STATUS_BUSY);
    halma_engine_stop(searcher.engine);
    CHECK(pthread_join(thread, NULL) == 0);
    OK(searcher.status);
    CHECK(is_legal(searcher.game, searcher.result.best_move));
    CHECK(searcher.result.depth >= 1);
    /* The stop was for that search only: the next one runs to its depth. */
    OK(halma_engine_set_info_callback(searcher.engine, NULL, NULL));
    OK(halma_engine_search(searcher.engine, searcher.game, &quick, &result));
    CHECK(result.depth == 2);
    pthread_mutex_destroy(&searcher.lock);
    halma_game_free(searcher.game);
    halma_engine_free(searcher.engine);
}

/* Threads (Lazy SMP) and a stop token: a stop made before the search is not lost, a token
 * is one search's, and threads outside 1..256 are refused. */
static void test_threads_and_stop_tokens(void) {
    halma_engine *engine = halma_engine_new();
    halma_game *game = load(START);
    halma_search_limits hour = limits_of(0, 0, 3600000);
    halma_search_limits depth = limits_of(4, 0, 0);
    halma_search_result result;
    halma_stop_token *stop = halma_stop_token_new();
    CHECK(engine != NULL && stop != NULL);
    EXPECT(halma_engine_set_threads(engine, 0), HALMA_STATUS_INVALID_ARGUMENT);
    CHECK(strlen(last_error()) > 0);
    EXPECT(halma_engine_set_threads(engine, 257), HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_engine_set_threads(NULL, 2), HALMA_STATUS_NULL_ARGUMENT);
    OK(halma_engine_set_threads(engine, 2));
    OK(halma_engine_search(engine, game, &depth, &result));
    CHECK(is_legal(game, result.best_move) && result.depth == 4);
    /* Stopped before the search: an hour's search returns at once. */
    halma_stop_token_stop(stop);
    halma_stop_token_stop(stop);
    halma_stop_token_stop(NULL);
    OK(halma_engine_search_with_stop(engine, game, &hour, stop, &result));
    CHECK(is_legal(game, result.best_move) && result.depth == 0);
    /* The token was that search's. */
    EXPECT(halma_engine_search_with_stop(engine, game, &depth, stop, &result),
           HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_engine_search_level_with_stop(engine, game, 1, stop, &result),
           HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_engine_search_with_stop(engine, game, &depth, NULL, &result),
           HALMA_STATUS_NULL_ARGUMENT);
    halma_stop_token_free(stop);
    /* A fresh token not stopped: the search runs to its limit. */
    stop = halma_stop_token_new();
    OK(halma_engine_set_threads(engine, 1));
    OK(halma_engine_search_level_with_stop(engine, game, 1, stop, &result));
    CHECK(is_legal(game, result.best_move));
    halma_stop_token_free(stop);
    halma_stop_token_free(NULL);
    halma_game_free(game);
    halma_engine_free(engine);
}

/* Contempt: o, a little behind, can take its last move back to a position of the game
 * (start, m1-k3 d16-f16 l1-k1 b12-a11 k1-l1). At contempt 0 it repeats (a11-b12, score 0);
 * a new engine's contempt makes a draw worth less than playing on, so it plays on. */
static void test_contempt(void) {
    static const char *const moves[] = {"m1-k3", "d16-f16", "l1-k1", "b12-a11", "k1-l1"};
    halma_engine *engine = halma_engine_new();
    halma_game *game = load(START);
    halma_search_limits depth = limits_of(3, 0, 0);
    halma_search_result result;
    size_t i;
    CHECK(engine != NULL);
    for (i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        OK(halma_game_play_text(game, moves[i]));
    }
    OK(halma_engine_search(engine, game, &depth, &result));
    CHECK(!(result.best_move.from == sq("a11") && result.best_move.to == sq("b12")));
    CHECK(result.score > -150 && result.score < 0);
    OK(halma_engine_set_contempt(engine, 0));
    OK(halma_engine_search(engine, game, &depth, &result));
    CHECK(result.best_move.from == sq("a11") && result.best_move.to == sq("b12"));
    CHECK(result.score == 0);
    OK(halma_engine_set_contempt(engine, -1000));
    OK(halma_engine_set_contempt(engine, 1000));
    EXPECT(halma_engine_set_contempt(engine, 1001), HALMA_STATUS_INVALID_ARGUMENT);
    CHECK(strstr(last_error(), "1001") != NULL);
    EXPECT(halma_engine_set_contempt(engine, -1001), HALMA_STATUS_INVALID_ARGUMENT);
    EXPECT(halma_engine_set_contempt(NULL, 0), HALMA_STATUS_NULL_ARGUMENT);
    halma_game_free(game);
    halma_engine_free(engine);
}

int main(void) {
    test_search();
    test_win_and_refusals();
    test_info_and_levels();
    test_stop_from_another_thread_and_busy();
    test_threads_and_stop_tokens();
    test_contempt();
    return report("test_engine.c");
}
