/*
 * A whole game, engine against engine, through an installed halma: built by
 * tests/install/run.sh outside the source tree with `pkg-config --cflags --libs halma`
 * (shared) and `--static`. Checks the result against the rules: a win has the winner's
 * pieces on every square of its goal camp, a draw by repetition has the final position
 * three times in the game, a draw by no moves has no legal move; and the header's version
 * is the library's. Prints the result, then "N passed, M failed"; exits 1 on a failure.
 */
#include "check.h" /* tests/c/check.h, copied beside this file; it includes <halma.h> */

#include <stdio.h>
#include <string.h>

#define MAX_PLIES 2000

static int same_text(const halma_game *a, const halma_game *b) {
    char text_a[300];
    char text_b[300];
    size_t len = 0;
    return halma_game_to_text(a, text_a, sizeof text_a, &len) == HALMA_STATUS_OK &&
           halma_game_to_text(b, text_b, sizeof text_b, &len) == HALMA_STATUS_OK &&
           strcmp(text_a, text_b) == 0;
}

/* Whether every square `side` starts on in `start` holds a piece of the other side now. */
static int camp_filled_by_other(const halma_game *start, const halma_game *game, halma_piece side) {
    halma_piece winner = side == HALMA_PIECE_X ? HALMA_PIECE_O : HALMA_PIECE_X;
    int camp = 0;
    int filled = 0;
    int square;
    for (square = 0; square < 256; square++) {
        halma_piece at_start = HALMA_PIECE_NONE;
        halma_piece now = HALMA_PIECE_NONE;
        halma_game_piece_at(start, (uint8_t)square, &at_start);
        halma_game_piece_at(game, (uint8_t)square, &now);
        camp += at_start == side;
        filled += at_start == side && now == winner;
    }
    return camp == 19 && filled == 19;
}

/* The game's moves replayed on a new game: the same position; how often it occurred. */
static int replay_occurrences(const halma_game *game, size_t plies) {
    static halma_move moves[MAX_PLIES];
    halma_game *replay = halma_game_new();
    size_t len = 0;
    size_t i;
    int occurrences = 0;
    CHECK(halma_game_moves(game, moves, MAX_PLIES, &len) == HALMA_STATUS_OK && len == plies);
    occurrences += same_text(replay, game);
    for (i = 0; i < len; i++) {
        CHECK(halma_game_play(replay, moves[i]) == HALMA_STATUS_OK);
        occurrences += same_text(replay, game);
    }
    CHECK(same_text(replay, game));
    halma_game_free(replay);
    return occurrences;
}

static void check_version(void) {
    char numbers[64];
    const char *version = halma_version();
    size_t length;
    snprintf(numbers, sizeof numbers, "%d.%d.%d", HALMA_VERSION_MAJOR, HALMA_VERSION_MINOR,
             HALMA_VERSION_PATCH);
    length = strlen(numbers);
    CHECK(strncmp(version, numbers, length) == 0 &&
          (version[length] == '\0' || version[length] == '-' || version[length] == '+'));
}

int main(void) {
    halma_game *start = halma_game_new();
    halma_game *game = halma_game_new();
    /* Each side its own engine and its own depth: no time limit, so the game is the same on
     * every machine. */
    halma_engine *engines[2];
    halma_search_limits limits[2] = {{2, 0, 0}, {3, 0, 0}};
    halma_outcome outcome = HALMA_OUTCOME_ONGOING;
    size_t plies = 0;
    halma_move legal[HALMA_MAX_MOVES];
    size_t legal_count = 0;

    check_version();
    engines[0] = halma_engine_new_with_table_mb(4);
    engines[1] = halma_engine_new_with_table_mb(4);
    CHECK(start != NULL && game != NULL && engines[0] != NULL && engines[1] != NULL);
    while (plies < MAX_PLIES && halma_game_outcome(game, &outcome) == HALMA_STATUS_OK &&
           outcome == HALMA_OUTCOME_ONGOING) {
        halma_side side = HALMA_SIDE_X;
        halma_search_result result;
        CHECK(halma_game_side_to_move(game, &side) == HALMA_STATUS_OK);
        if (halma_engine_search(engines[side], game, &limits[side], &result) != HALMA_STATUS_OK ||
            halma_game_play(game, result.best_move) != HALMA_STATUS_OK) {
            CHECK(!"a search or its move failed");
            break;
        }
        plies++;
    }
    CHECK(outcome != HALMA_OUTCOME_ONGOING);
    CHECK(halma_game_legal_moves(game, legal, HALMA_MAX_MOVES, &legal_count) == HALMA_STATUS_OK);
    {
        int occurrences = replay_occurrences(game, plies);
        switch (outcome) {
        case HALMA_OUTCOME_X_WINS: CHECK(camp_filled_by_other(start, game, HALMA_PIECE_O)); break;
        case HALMA_OUTCOME_O_WINS: CHECK(camp_filled_by_other(start, game, HALMA_PIECE_X)); break;
        case HALMA_OUTCOME_DRAW_REPETITION: CHECK(occurrences >= 3); break;
        case HALMA_OUTCOME_DRAW_NO_MOVES: break;
        default: CHECK(!"the game ended by the rules"); break;
        }
        CHECK(legal_count == 0);
    }
    printf("selfplay.c (halma %s): outcome %d after %zu plies\n", halma_version(), (int)outcome, plies);
    halma_engine_free(engines[0]);
    halma_engine_free(engines[1]);
    halma_game_free(game);
    halma_game_free(start);
    return report("selfplay.c");
}
