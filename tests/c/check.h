/*
 * What the C test programs share: positions, the check counters and macros, small helpers.
 * Each program includes it once, counts with CHECK/EXPECT/OK and ends with
 * `return report(name);`, which prints "N passed, M failed".
 */
#ifndef HALMA_TEST_CHECK_H
#define HALMA_TEST_CHECK_H

#include "halma.h"

#include <stdio.h>
#include <stdlib.h>

#define START "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x"
/* x to move plays b11-b12 and fills its goal camp (o's home, top left). */
#define BEFORE_WIN "xxxxx11/xxxxx11/xxxx12/xxx13/x15/1x14/16/16/16/16/14o1/15o/13ooo/12oooo/11ooooo/11ooooo x"
/* x's goal camp is already filled: a game x has won. */
#define WON_BY_X "xxxxx11/xxxxx11/xxxx12/xxx13/xx14/16/16/16/16/16/14o1/15o/13ooo/12oooo/11ooooo/11ooooo o"

static int passed;
static int failed;

/* The calling thread's last error message (the call does not change it). */
static inline const char *last_error(void) {
    static char message[1024];
    size_t len = 0;
    if (halma_last_error_message(message, sizeof message, &len) != HALMA_STATUS_OK) {
        return "(halma_last_error_message failed)";
    }
    return message;
}

static inline void check(int ok, const char *what, const char *file, int line) {
    if (ok) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "%s:%d: FAILED: %s\n", file, line, what);
    }
}

static inline void expect(halma_status got, halma_status want, const char *call, const char *file,
                          int line) {
    if (got == want) {
        passed++;
    } else {
        failed++;
        fprintf(stderr, "%s:%d: FAILED: %s returned %s, expected %s (last error: \"%s\")\n", file,
                line, call, halma_status_str(got), halma_status_str(want), last_error());
    }
}

#define CHECK(cond) check((cond) ? 1 : 0, #cond, __FILE__, __LINE__)
#define EXPECT(call, status) expect((call), (status), #call, __FILE__, __LINE__)
#define OK(call) EXPECT(call, HALMA_STATUS_OK)

/* The index of a square name such as "n2": (rank - 1) * 16 + file. */
static inline uint8_t sq(const char *name) {
    return (uint8_t)((atoi(name + 1) - 1) * 16 + (name[0] - 'a'));
}

/* A game loaded from position text, checked to load. */
static inline halma_game *load(const char *text) {
    halma_game *game = NULL;
    OK(halma_game_from_text(text, &game));
    CHECK(game != NULL);
    return game;
}

/* Prints the counts and gives the exit status. */
static inline int report(const char *name) {
    printf("%s: %d passed, %d failed\n", name, passed, failed);
    return failed == 0 ? 0 : 1;
}

#endif
