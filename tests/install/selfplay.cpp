// A whole game, engine against engine, through an installed halma and its C++ API: built by
// tests/install/run.sh outside the source tree with CMake's find_package(halma). Checks the
// result against the rules (a win fills the winner's goal camp, a repetition draw repeats the
// final position three times, a finished game has no legal move) and that the version of
// halma.hpp is the library's. Prints the result, then "N passed, M failed".
#include "check.h"  // tests/c/check.h, copied beside this file: CHECK and report()

#include <halma.hpp>

#include <array>
#include <iostream>
#include <string>
#include <vector>

namespace {

// Whether the camp `loser` starts in holds the other side's pieces on all its 19 squares.
bool camp_filled(const halma::Game &game, halma::Piece loser) {
    const halma::Game start;
    const halma::Piece winner = loser == halma::Piece::x ? halma::Piece::o : halma::Piece::x;
    int camp = 0;
    int filled = 0;
    for (int index = 0; index < 256; index++) {
        const halma::Square square(static_cast<std::uint8_t>(index));
        if (start.piece_at(square) == loser) {
            ++camp;
            filled += game.piece_at(square) == winner;
        }
    }
    return camp == 19 && filled == 19;
}

}  // namespace

int main() {
    const std::string version = std::to_string(halma::version_major) + "." +
                                std::to_string(halma::version_minor) + "." +
                                std::to_string(halma::version_patch);
    CHECK(halma::version().rfind(version, 0) == 0);

    // Each side its own engine and depth, no time limit: the same game on every machine.
    std::array<halma::Engine, 2> engines{halma::Engine(4), halma::Engine(4)};
    std::array<halma::Limits, 2> limits{};
    limits[0].depth = 3;
    limits[1].depth = 2;
    halma::Game game;
    try {
        while (!game.is_over() && game.move_count() < 2000) {
            const auto side = static_cast<std::size_t>(game.side_to_move());
            game.play(engines[side].search(game, limits[side]).best_move);
        }
    } catch (const halma::Error &error) {
        std::cerr << "selfplay.cpp: " << error.status_name() << ": " << error.what() << '\n';
        CHECK(false);
    }

    // Replaying the moves gives the same game; count the final position's occurrences.
    halma::Game replay;
    int occurrences = replay.text() == game.text();
    for (const halma::Move move : game.moves()) {
        replay.play(move);
        occurrences += replay.text() == game.text();
    }
    CHECK(replay.text() == game.text());
    CHECK(game.legal_moves().empty());
    const halma::Outcome outcome = game.outcome();
    switch (outcome) {
    case halma::Outcome::x_wins: CHECK(camp_filled(game, halma::Piece::o)); break;
    case halma::Outcome::o_wins: CHECK(camp_filled(game, halma::Piece::x)); break;
    case halma::Outcome::draw_repetition: CHECK(occurrences >= 3); break;
    case halma::Outcome::draw_no_moves: break;
    case halma::Outcome::ongoing: CHECK(!"the game ended by the rules"); break;
    }
    std::cout << "selfplay.cpp (halma " << halma::version() << "): outcome "
              << static_cast<int>(outcome) << " after " << game.move_count() << " plies\n";
    std::cout << std::flush;
    return report("selfplay.cpp");
}
