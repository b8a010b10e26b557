// The C ABI of halma from C++17: the header compiles as C++ (cpp_compat, extern "C") and a
// C++ host can drive a game with RAII and std::vector. Built and run by tests/ffi.rs, also under valgrind:
//   c++ -std=c++17 -Wall -Wextra -Werror -Iinclude tests/c/test_halma.cpp libhalma.a -lpthread -ldl -lm
#include "halma.h"

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

struct GameDeleter {
    void operator()(halma_game *game) const { halma_game_free(game); }
};
using Game = std::unique_ptr<halma_game, GameDeleter>;

int passed = 0;
int failed = 0;

void check(bool ok, const char *what, int line) {
    if (ok) {
        ++passed;
    } else {
        ++failed;
        std::fprintf(stderr, "test_halma.cpp:%d: FAILED: %s\n", line, what);
    }
}

#define CHECK(cond) check((cond), #cond, __LINE__)

// The two-call pattern: ask for the size, then allocate.
std::string position_text(const halma_game *game) {
    size_t len = 0;
    if (halma_game_to_text(game, nullptr, 0, &len) != HALMA_STATUS_BUFFER_TOO_SMALL) {
        return "";
    }
    std::vector<char> buf(len + 1);
    if (halma_game_to_text(game, buf.data(), buf.size(), &len) != HALMA_STATUS_OK) {
        return "";
    }
    return std::string(buf.data(), len);
}

std::vector<halma_move> legal_moves(const halma_game *game) {
    size_t len = 0;
    halma_game_legal_moves(game, nullptr, 0, &len);
    std::vector<halma_move> moves(len);
    if (halma_game_legal_moves(game, moves.data(), moves.size(), &len) != HALMA_STATUS_OK) {
        return {};
    }
    return moves;
}

std::string last_error() {
    char buf[512];
    size_t len = 0;
    halma_last_error_message(buf, sizeof buf, &len);
    return buf;
}

}  // namespace

int main() {
    const std::string start =
        "ooooo11/ooooo11/oooo12/ooo13/oo14/16/16/16/16/16/16/14xx/13xxx/12xxxx/11xxxxx/11xxxxx x";
    Game game(halma_game_new());
    CHECK(game != nullptr);
    CHECK(position_text(game.get()) == start);
    CHECK(legal_moves(game.get()).size() == 40);

    const halma_move step = {27, 42};  // l2-k3
    CHECK(halma_game_play(game.get(), step) == HALMA_STATUS_OK);
    halma_side side = -1;
    CHECK(halma_game_side_to_move(game.get(), &side) == HALMA_STATUS_OK && side == HALMA_SIDE_O);
    CHECK(halma_game_play_text(game.get(), "l2-k3") == HALMA_STATUS_ILLEGAL_MOVE);
    CHECK(last_error() == "Illegal move: there is no piece on l2.");
    CHECK(std::strcmp(halma_status_str(HALMA_STATUS_ILLEGAL_MOVE), "HALMA_STATUS_ILLEGAL_MOVE") == 0);
    CHECK(halma_game_undo(game.get()) == HALMA_STATUS_OK);
    CHECK(position_text(game.get()) == start);

    halma_game *raw = nullptr;
    CHECK(halma_game_from_text("16/16 x", &raw) == HALMA_STATUS_PARSE_ERROR && raw == nullptr);
    CHECK(halma_game_from_text(start.c_str(), &raw) == HALMA_STATUS_OK);
    Game parsed(raw);
    halma_outcome outcome = -1;
    CHECK(halma_game_outcome(parsed.get(), &outcome) == HALMA_STATUS_OK &&
          outcome == HALMA_OUTCOME_ONGOING);

    std::printf("halma %s C++ ABI tests: %d passed, %d failed\n", halma_version(), passed, failed);
    return failed == 0 ? 0 : 1;
}
