/*
 * Prints the C ABI of halma.h as this compiler lays it out: the record of tests/c/abi.txt.
 * Written from include/halma.h by tests/ffi.rs, which checks that it is up to date:
 * HALMA_BLESS=1 cargo test --release --test ffi abi
 */
#include <stddef.h>
#include <stdio.h>

#include "halma.h"

int main(void) {
    printf("HALMA_SCORE_WIN = %lld\n", (long long)HALMA_SCORE_WIN);
    printf("HALMA_DEFAULT_LEVEL = %lld\n", (long long)HALMA_DEFAULT_LEVEL);
    printf("HALMA_DEFAULT_TABLE_MB = %lld\n", (long long)HALMA_DEFAULT_TABLE_MB);
    printf("HALMA_STAR_HOLES = %lld\n", (long long)HALMA_STAR_HOLES);
    printf("HALMA_MAX_STAR_MOVES = %lld\n", (long long)HALMA_MAX_STAR_MOVES);
    printf("HALMA_MAX_STAR_CHAIN = %lld\n", (long long)HALMA_MAX_STAR_CHAIN);
    printf("HALMA_STAR_PASS_ACTION = %lld\n", (long long)HALMA_STAR_PASS_ACTION);
    printf("HALMA_MAX_MOVES = %lld\n", (long long)HALMA_MAX_MOVES);
    printf("HALMA_MAX_DESTINATIONS = %lld\n", (long long)HALMA_MAX_DESTINATIONS);
    printf("HALMA_MAX_PATH = %lld\n", (long long)HALMA_MAX_PATH);
    printf("HALMA_VERSION_MAJOR = %lld\n", (long long)HALMA_VERSION_MAJOR);
    printf("halma_status: size %zu\n", sizeof(halma_status));
    printf("halma_search_limits: size %zu, align %zu\n", sizeof(halma_search_limits), _Alignof(halma_search_limits));
    printf("  .depth: offset %zu, size %zu (uint32_t)\n", offsetof(halma_search_limits, depth), sizeof(((halma_search_limits *)0)->depth));
    printf("  .nodes: offset %zu, size %zu (uint64_t)\n", offsetof(halma_search_limits, nodes), sizeof(((halma_search_limits *)0)->nodes));
    printf("  .time_ms: offset %zu, size %zu (uint64_t)\n", offsetof(halma_search_limits, time_ms), sizeof(((halma_search_limits *)0)->time_ms));
    printf("halma_move: size %zu, align %zu\n", sizeof(halma_move), _Alignof(halma_move));
    printf("  .from: offset %zu, size %zu (uint8_t)\n", offsetof(halma_move, from), sizeof(((halma_move *)0)->from));
    printf("  .to: offset %zu, size %zu (uint8_t)\n", offsetof(halma_move, to), sizeof(((halma_move *)0)->to));
    printf("halma_search_result: size %zu, align %zu\n", sizeof(halma_search_result), _Alignof(halma_search_result));
    printf("  .best_move: offset %zu, size %zu (halma_move)\n", offsetof(halma_search_result, best_move), sizeof(((halma_search_result *)0)->best_move));
    printf("  .score: offset %zu, size %zu (int32_t)\n", offsetof(halma_search_result, score), sizeof(((halma_search_result *)0)->score));
    printf("  .depth: offset %zu, size %zu (uint32_t)\n", offsetof(halma_search_result, depth), sizeof(((halma_search_result *)0)->depth));
    printf("  .nodes: offset %zu, size %zu (uint64_t)\n", offsetof(halma_search_result, nodes), sizeof(((halma_search_result *)0)->nodes));
    printf("  .time_ms: offset %zu, size %zu (uint64_t)\n", offsetof(halma_search_result, time_ms), sizeof(((halma_search_result *)0)->time_ms));
    printf("halma_search_info: size %zu, align %zu\n", sizeof(halma_search_info), _Alignof(halma_search_info));
    printf("  .depth: offset %zu, size %zu (uint32_t)\n", offsetof(halma_search_info, depth), sizeof(((halma_search_info *)0)->depth));
    printf("  .score: offset %zu, size %zu (int32_t)\n", offsetof(halma_search_info, score), sizeof(((halma_search_info *)0)->score));
    printf("  .nodes: offset %zu, size %zu (uint64_t)\n", offsetof(halma_search_info, nodes), sizeof(((halma_search_info *)0)->nodes));
    printf("  .nodes_per_second: offset %zu, size %zu (uint64_t)\n", offsetof(halma_search_info, nodes_per_second), sizeof(((halma_search_info *)0)->nodes_per_second));
    printf("  .time_ms: offset %zu, size %zu (uint64_t)\n", offsetof(halma_search_info, time_ms), sizeof(((halma_search_info *)0)->time_ms));
    printf("  .pv: offset %zu, size %zu (const halma_move *)\n", offsetof(halma_search_info, pv), sizeof(((halma_search_info *)0)->pv));
    printf("  .pv_len: offset %zu, size %zu (size_t)\n", offsetof(halma_search_info, pv_len), sizeof(((halma_search_info *)0)->pv_len));
    printf("halma_info_callback: size %zu\n", sizeof(halma_info_callback));
    printf("halma_side: size %zu\n", sizeof(halma_side));
    printf("halma_piece: size %zu\n", sizeof(halma_piece));
    printf("halma_outcome: size %zu\n", sizeof(halma_outcome));
    printf("halma_star_rules: size %zu\n", sizeof(halma_star_rules));
    printf("halma_star_move: size %zu, align %zu\n", sizeof(halma_star_move), _Alignof(halma_star_move));
    printf("  .from: offset %zu, size %zu (uint8_t)\n", offsetof(halma_star_move, from), sizeof(((halma_star_move *)0)->from));
    printf("  .to: offset %zu, size %zu (uint8_t)\n", offsetof(halma_star_move, to), sizeof(((halma_star_move *)0)->to));
    printf("halma_star_search_result: size %zu, align %zu\n", sizeof(halma_star_search_result), _Alignof(halma_star_search_result));
    printf("  .best_move: offset %zu, size %zu (halma_star_move)\n", offsetof(halma_star_search_result, best_move), sizeof(((halma_star_search_result *)0)->best_move));
    printf("  .score: offset %zu, size %zu (int32_t)\n", offsetof(halma_star_search_result, score), sizeof(((halma_star_search_result *)0)->score));
    printf("  .depth: offset %zu, size %zu (uint32_t)\n", offsetof(halma_star_search_result, depth), sizeof(((halma_star_search_result *)0)->depth));
    printf("  .nodes: offset %zu, size %zu (uint64_t)\n", offsetof(halma_star_search_result, nodes), sizeof(((halma_star_search_result *)0)->nodes));
    printf("  .time_ms: offset %zu, size %zu (uint64_t)\n", offsetof(halma_star_search_result, time_ms), sizeof(((halma_star_search_result *)0)->time_ms));
    printf("HALMA_STAR_RULES_STANDARD = %lld\n", (long long)HALMA_STAR_RULES_STANDARD);
    printf("HALMA_STAR_RULES_OPENSPIEL = %lld\n", (long long)HALMA_STAR_RULES_OPENSPIEL);
    printf("HALMA_STATUS_OK = %lld\n", (long long)HALMA_STATUS_OK);
    printf("HALMA_STATUS_NULL_ARGUMENT = %lld\n", (long long)HALMA_STATUS_NULL_ARGUMENT);
    printf("HALMA_STATUS_INVALID_ARGUMENT = %lld\n", (long long)HALMA_STATUS_INVALID_ARGUMENT);
    printf("HALMA_STATUS_PARSE_ERROR = %lld\n", (long long)HALMA_STATUS_PARSE_ERROR);
    printf("HALMA_STATUS_INVALID_POSITION = %lld\n", (long long)HALMA_STATUS_INVALID_POSITION);
    printf("HALMA_STATUS_ILLEGAL_MOVE = %lld\n", (long long)HALMA_STATUS_ILLEGAL_MOVE);
    printf("HALMA_STATUS_GAME_OVER = %lld\n", (long long)HALMA_STATUS_GAME_OVER);
    printf("HALMA_STATUS_BUFFER_TOO_SMALL = %lld\n", (long long)HALMA_STATUS_BUFFER_TOO_SMALL);
    printf("HALMA_STATUS_NOTHING_TO_UNDO = %lld\n", (long long)HALMA_STATUS_NOTHING_TO_UNDO);
    printf("HALMA_STATUS_PANIC = %lld\n", (long long)HALMA_STATUS_PANIC);
    printf("HALMA_STATUS_BUSY = %lld\n", (long long)HALMA_STATUS_BUSY);
    printf("HALMA_OUTCOME_ONGOING = %lld\n", (long long)HALMA_OUTCOME_ONGOING);
    printf("HALMA_OUTCOME_X_WINS = %lld\n", (long long)HALMA_OUTCOME_X_WINS);
    printf("HALMA_OUTCOME_O_WINS = %lld\n", (long long)HALMA_OUTCOME_O_WINS);
    printf("HALMA_OUTCOME_DRAW_REPETITION = %lld\n", (long long)HALMA_OUTCOME_DRAW_REPETITION);
    printf("HALMA_OUTCOME_DRAW_NO_MOVES = %lld\n", (long long)HALMA_OUTCOME_DRAW_NO_MOVES);
    printf("HALMA_OUTCOME_DRAW_TURN_LIMIT = %lld\n", (long long)HALMA_OUTCOME_DRAW_TURN_LIMIT);
    printf("HALMA_SIDE_X = %lld\n", (long long)HALMA_SIDE_X);
    printf("HALMA_SIDE_O = %lld\n", (long long)HALMA_SIDE_O);
    printf("HALMA_PIECE_NONE = %lld\n", (long long)HALMA_PIECE_NONE);
    printf("HALMA_PIECE_X = %lld\n", (long long)HALMA_PIECE_X);
    printf("HALMA_PIECE_O = %lld\n", (long long)HALMA_PIECE_O);
    return 0;
}
