// The C++17 API of include/halma.hpp: values and their text, RAII and copies, game records,
// errors as halma::Error with the library's status and message, the engine with its info
// callback (an exception thrown in it included), a stop from another thread, stop tokens,
// threads.
// Built and run by tests/ffi.rs (`cargo test --test ffi`), also under valgrind, and under
// sanitizers by tests/install/run.sh:
//   c++ -std=c++17 -Wall -Wextra -Werror -pedantic -Iinclude tests/c/test_halma_hpp.cpp
//       libhalma.a -lpthread -ldl -lm
// Prints every failed check with its line, then "N passed, M failed"; exits 1 on a failure.
#include "check.h"
#include "halma.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace {

// Runs `statement` and checks it throws halma::Error with `status` (and `message`, unless
// it is null).
template <typename Statement>
void expect_error(Statement statement, halma_status status, const char *message,
                  const char *what, int line) {
    try {
        statement();
        check(0, what, "test_halma_hpp.cpp", line);
        std::fprintf(stderr, "  (no exception)\n");
    } catch (const halma::Error &error) {
        const bool ok = error.status() == status && (message == nullptr || error.what() == std::string(message));
        check(ok ? 1 : 0, what, "test_halma_hpp.cpp", line);
        if (!ok) {
            std::fprintf(stderr, "  threw %s \"%s\", expected %s\n", error.status_name(),
                         error.what(), halma_status_str(status));
        }
    }
}

#define EXPECT_ERROR(statement, status, message) \
    expect_error([&] { statement; }, (status), (message), #statement, __LINE__)

halma::Move move(const char *text) { return halma::Move::parse(text).value(); }
halma::Square square(const char *text) { return halma::Square::parse(text).value(); }

bool contains(const std::vector<halma::Move> &moves, halma::Move move) {
    return std::find(moves.begin(), moves.end(), move) != moves.end();
}

void test_version() {
    const std::string numbers = std::to_string(HALMA_VERSION_MAJOR) + "." +
                                std::to_string(HALMA_VERSION_MINOR) + "." +
                                std::to_string(HALMA_VERSION_PATCH);
    const std::string version = halma::version();
    // A pre-release or build suffix may follow the numbers.
    CHECK(version.compare(0, numbers.size(), numbers) == 0);
    CHECK(version.size() == numbers.size() || version[numbers.size()] == '-' ||
          version[numbers.size()] == '+');
    CHECK(version == HALMA_EXPECTED_VERSION);
    CHECK(halma::version_major == HALMA_VERSION_MAJOR && halma::version_minor == HALMA_VERSION_MINOR &&
          halma::version_patch == HALMA_VERSION_PATCH);
}

void test_squares_and_moves() {
    static_assert(sizeof(halma::Square) == 1 && sizeof(halma::Move) == 2, "small values");
    static_assert(halma::Square::parse("p16")->index() == 255, "constexpr parse");
    int round_trips = 0;
    for (int index = 0; index < 256; index++) {
        const halma::Square square(static_cast<std::uint8_t>(index));
        const std::string name = square.text();
        // The library writes the same square names.
        round_trips += halma::Square::parse(name) == square &&
                       halma::Move(square, square).text() == name + "-" + name &&
                       halma::Square::at(square.file_of(), square.rank_of()) == square;
    }
    CHECK(round_trips == 256);
    CHECK(square("a1").index() == 0 && square("p1").index() == 15 && square("a16").index() == 240);
    CHECK(square("l2").file_of().index() == 11 && square("l2").file_of().number() == 12 &&
          square("l2").file_of().letter() == 'l' && square("l2").file_of().text() == "l");
    CHECK(square("l2").rank_of().index() == 1 && square("l2").rank_of().number() == 2 &&
          square("l2").rank_of().text() == "2");
    CHECK(halma::Square::at(*halma::File::from_index(11), *halma::Rank::from_number(2)) ==
          square("l2"));
    for (const char *text : {"", "a", "q1", "a0", "a17", "a01", "A1", "a1 ", "a1x", "a100", "1a"}) {
        CHECK(!halma::Square::parse(text));
    }
    static_assert(halma::File::parse("p")->number() == 16 && halma::Rank::parse("16")->index() == 15,
                  "constexpr coordinates");
    int coordinates = 0;
    for (int index = 0; index < 16; index++) {
        const halma::File file = *halma::File::from_index(index);
        const halma::Rank rank = *halma::Rank::from_index(index);
        coordinates += file.number() == index + 1 && rank.number() == index + 1 &&
                       halma::File::from_number(index + 1) == file &&
                       halma::Rank::from_number(index + 1) == rank &&
                       halma::File::parse(file.text()) == file && halma::Rank::parse(rank.text()) == rank;
    }
    CHECK(coordinates == 16);
    CHECK(!halma::File::from_index(16) && !halma::File::from_index(-1) && !halma::File::from_number(0));
    CHECK(!halma::Rank::from_index(16) && !halma::Rank::from_number(17) && !halma::File::from_letter('q'));
    for (const char *text : {"", "0", "17", "01", "1 ", "+1", "a", "-1", "160"}) {
        CHECK(!halma::Rank::parse(text));
    }
    for (const char *text : {"", "q", "A", "aa", "a ", "1"}) {
        CHECK(!halma::File::parse(text));
    }
    std::ostringstream coordinate_text;
    coordinate_text << square("l2").file_of() << square("l2").rank_of();
    CHECK(coordinate_text.str() == "l2");
    // The deprecated forms keep their meaning.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK(square("l2").file() == 11 && square("l2").rank() == 2);
    CHECK(halma::Square::at(11, 2) == square("l2"));
    CHECK(!halma::Square::at(16, 1) && !halma::Square::at(0, 0) && !halma::Square::at(-1, 3));
#pragma GCC diagnostic pop

    const halma::Move step = move("l2-k3");
    CHECK(step.from() == square("l2") && step.to() == square("k3"));
    CHECK(step.text() == "l2-k3" && move("p16-a1").text() == "p16-a1");
    CHECK(step.c().from == 27 && step.c().to == 42 && halma::Move(step.c()) == step);
    for (const char *text : {"", "l2", "l2-", "-k3", "l2k3", "l2-k3-", "n2-n4-n6", "l2 - k3"}) {
        CHECK(!halma::Move::parse(text));
    }
    std::ostringstream out;
    out << step << ' ' << square("p16");
    CHECK(out.str() == "l2-k3 p16");
    CHECK(step < move("l2-k4") && move("k1-a1") < step && step != move("k3-l2"));
}

void test_game() {
    halma::Game game;
    CHECK(game.text() == START && game.start_text() == START);
    CHECK(game.side_to_move() == halma::Side::x && game.outcome() == halma::Outcome::ongoing);
    CHECK(!game.is_over());
    const std::vector<halma::Move> legal = game.legal_moves();
    CHECK(legal.size() == 40 && contains(legal, move("l2-k3")) && !contains(legal, move("l2-k9")));
    CHECK(game.is_legal(move("l2-k3")) && !game.is_legal(move("l2-k9")));
    CHECK(game.piece_at(square("p1")) == halma::Piece::x && game.piece_at(square("a16")) == halma::Piece::o);
    CHECK(game.piece_at(square("h8")) == halma::Piece::none);

    EXPECT_ERROR(game.play("l2-k9"), HALMA_STATUS_ILLEGAL_MOVE, nullptr);
    EXPECT_ERROR(game.play("zz"), HALMA_STATUS_PARSE_ERROR, nullptr);
    EXPECT_ERROR(game.play(std::string("l2-k3\0junk", 10)), HALMA_STATUS_PARSE_ERROR,
                 "Parse error: the text contains a NUL character.");
    EXPECT_ERROR(game.undo(), HALMA_STATUS_NOTHING_TO_UNDO, "There is no move to undo.");
    CHECK(game.move_count() == 0 && game.moves().empty());

    game.play("l2-k3");
    CHECK(game.side_to_move() == halma::Side::o && game.move_count() == 1);
    EXPECT_ERROR(game.play(move("l2-k3")), HALMA_STATUS_ILLEGAL_MOVE,
                 "Illegal move: there is no piece on l2.");
    game.undo();
    CHECK(game.text() == START);

    // Hop paths: n4 steps away, then n2 jumps n2-n4-n6.
    game.play("n4-n5");
    game.play(move("b12-b11"));
    const std::vector<halma::Square> path = game.jump_path(move("n2-n6"));
    CHECK(path.size() == 3 && path[0] == square("n2") && path[1] == square("n4") && path[2] == square("n6"));
    CHECK(game.parse_move("n2-n4-n6") == move("n2-n6"));
    EXPECT_ERROR(game.parse_move("n2-n8"), HALMA_STATUS_ILLEGAL_MOVE, nullptr);
    const std::vector<halma::Square> targets = game.destinations(square("n2"));
    CHECK(std::find(targets.begin(), targets.end(), square("n6")) != targets.end());
    CHECK(std::is_sorted(targets.begin(), targets.end()));
    CHECK(game.destinations(square("h8")).empty());
    game.play("n2-n4-n6");
    const std::vector<halma::Move> moves = game.moves();
    CHECK(moves.size() == 3 && moves[0] == move("n4-n5") && moves[2] == move("n2-n6"));

    // Copies are independent, with their history; a moved-from game refuses calls.
    halma::Game copy = game;
    copy.undo();
    CHECK(copy.move_count() == 2 && game.move_count() == 3);
    copy = game;
    copy = *&copy;
    CHECK(copy.text() == game.text() && copy.moves() == game.moves());
    halma::Game moved = std::move(copy);
    CHECK(moved.move_count() == 3);
    EXPECT_ERROR(copy.move_count(), HALMA_STATUS_NULL_ARGUMENT, nullptr);
    EXPECT_ERROR(copy.play("l2-k3"), HALMA_STATUS_NULL_ARGUMENT, nullptr);
    const halma::Game empty_copy = copy;
    CHECK(empty_copy.get() == nullptr);
    copy = moved;
    CHECK(copy.move_count() == 3);

    // Position text.
    EXPECT_ERROR(halma::Game::from_text("16/16 x"), HALMA_STATUS_PARSE_ERROR, nullptr);
    EXPECT_ERROR(halma::Game::from_text(std::string(START) + '\0'), HALMA_STATUS_PARSE_ERROR, nullptr);
    const halma::Game won = halma::Game::from_text(WON_BY_X);
    CHECK(won.outcome() == halma::Outcome::x_wins && won.is_over() && won.legal_moves().empty());
    EXPECT_ERROR(halma::Game(won).play("a1-a2"), HALMA_STATUS_GAME_OVER, "The game is over.");
    CHECK(halma::perft(START, 2) == 1600);
    EXPECT_ERROR(halma::perft("x", 1), HALMA_STATUS_PARSE_ERROR, nullptr);
}

void test_errors() {
    try {
        halma::Game().play("l2-l9");
        CHECK(false);
    } catch (const std::runtime_error &error) {
        // Catchable as a standard exception, with the library's sentence.
        const auto *halma_error = dynamic_cast<const halma::Error *>(&error);
        CHECK(halma_error != nullptr && halma_error->status() == HALMA_STATUS_ILLEGAL_MOVE);
        CHECK(halma_error != nullptr &&
              std::string(halma_error->status_name()) == "HALMA_STATUS_ILLEGAL_MOVE");
        const std::string message = error.what();
        CHECK(message.rfind("Illegal move: ", 0) == 0 && message.back() == '.');
    }
}

void test_engine() {
    halma::Engine engine(1);
    const halma::Game game;
    halma::Limits limits;
    limits.depth = 3;
    const halma::SearchResult result = engine.search(game, limits);
    CHECK(game.is_legal(result.best_move) && result.depth == 3 && result.nodes > 0);
    CHECK(result.score > -(halma::score_win - 1000) && result.score < halma::score_win - 1000);

    // The info callback: once per iteration, the principal variation as moves.
    std::vector<std::uint32_t> depths;
    bool pv_legal = true;
    engine.set_info_callback([&](const halma::SearchInfo &info) {
        depths.push_back(info.depth);
        pv_legal = pv_legal && !info.pv.empty() && game.is_legal(info.pv.front());
    });
    const halma::SearchResult again = engine.search(game, limits);
    CHECK((depths == std::vector<std::uint32_t>{1, 2, 3}) && pv_legal);
    CHECK(again.best_move == result.best_move && again.nodes == result.nodes);

    // The callback follows the engine when it moves; an empty one removes it.
    halma::Engine moved = std::move(engine);
    moved.search(game, limits);
    CHECK(depths.size() == 6);
    moved.set_info_callback(nullptr);
    moved.search(game, limits);
    CHECK(depths.size() == 6);
    EXPECT_ERROR(engine.search(game, limits), HALMA_STATUS_NULL_ARGUMENT, nullptr);
    engine.stop();

    // An exception of the callback stops the search and comes out of it; the engine goes on.
    struct Enough {};
    moved.set_info_callback([](const halma::SearchInfo &info) {
        if (info.depth == 2) {
            throw Enough{};
        }
    });
    bool thrown = false;
    try {
        limits.depth = 30;
        moved.search(game, limits);
    } catch (const Enough &) {
        thrown = true;
    }
    CHECK(thrown);
    moved.set_info_callback(nullptr);
    limits.depth = 2;
    CHECK(moved.search(game, limits).depth == 2);

    // Refusals.
    EXPECT_ERROR(moved.search(game, halma::Limits{}), HALMA_STATUS_INVALID_ARGUMENT, nullptr);
    const halma::Game won = halma::Game::from_text(WON_BY_X);
    EXPECT_ERROR(moved.search(won, limits), HALMA_STATUS_GAME_OVER, nullptr);
    EXPECT_ERROR(moved.search_level(won, 3), HALMA_STATUS_GAME_OVER, nullptr);
    const halma::Game before_win = halma::Game::from_text(BEFORE_WIN);
    const halma::SearchResult win = moved.search_level(before_win, 1);
    CHECK(win.best_move == move("b11-b12") && win.score == halma::score_win - 1);
    moved.clear();
}

// Waits until a search on another thread has completed an iteration (`iterations`, which its
// info callback counts, above 0), a minute at most.
void wait_for_an_iteration(const std::atomic<int> &iterations) {
    for (int waited = 0; waited < 60000 && iterations == 0; waited++) {
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    CHECK(iterations > 0);
}

// Stops the search running on `searcher` by `stop()`, joins it, and checks that it ended
// within seconds with `result` a legal move of `game` from a completed iteration.
template <typename Stop>
void stop_and_join(Stop stop, std::thread &searcher, const halma::Game &game,
                   const halma::SearchResult &result) {
    const auto asked = std::chrono::steady_clock::now();
    stop();
    searcher.join();
    CHECK(std::chrono::steady_clock::now() - asked < std::chrono::seconds(5));
    CHECK(game.is_legal(result.best_move) && result.depth >= 1);
}

void test_stop_from_another_thread() {
    halma::Engine engine;
    const halma::Game game;
    std::atomic<int> iterations{0};
    engine.set_info_callback([&](const halma::SearchInfo &) { iterations++; });
    halma::Limits hour;
    hour.time = std::chrono::hours(1);
    halma::SearchResult result;
    std::thread searcher([&] { result = engine.search(game, hour); });
    wait_for_an_iteration(iterations);
    // One search at a time: the others are refused at once, also a new callback.
    halma::Limits quick;
    quick.depth = 1;
    EXPECT_ERROR(engine.search(game, quick), HALMA_STATUS_BUSY, nullptr);
    EXPECT_ERROR(engine.set_info_callback(nullptr), HALMA_STATUS_BUSY, nullptr);
    EXPECT_ERROR(engine.clear(), HALMA_STATUS_BUSY, nullptr);
    stop_and_join([&] { engine.stop(); }, searcher, game, result);
    CHECK(result.time < std::chrono::minutes(10));
    engine.set_info_callback(nullptr);
    CHECK(engine.search(game, quick).depth == 1);
}

// Threads (Lazy SMP) and StopToken: threads outside 1..256 are refused, a stop made before
// the search is not lost, a token is one search's, a moved-from token is refused, and a stop
// from another thread ends a running search.
void test_threads_and_stop_tokens() {
    halma::Engine engine(1);
    const halma::Game game;
    EXPECT_ERROR(engine.set_threads(0), HALMA_STATUS_INVALID_ARGUMENT, nullptr);
    EXPECT_ERROR(engine.set_threads(257), HALMA_STATUS_INVALID_ARGUMENT, nullptr);
    engine.set_threads(2);
    halma::Limits depth;
    depth.depth = 3;
    const halma::SearchResult two_threads = engine.search(game, depth);
    CHECK(game.is_legal(two_threads.best_move) && two_threads.depth == 3);

    // Stopped before the search: a minute's search returns at once, with a legal move.
    halma::Limits minute;
    minute.time = std::chrono::minutes(1);
    const halma::StopToken early;
    early.stop();
    early.stop();
    const halma::SearchResult at_once = engine.search(game, minute, early);
    CHECK(game.is_legal(at_once.best_move) && at_once.depth == 0);
    // The token was that search's.
    EXPECT_ERROR(engine.search(game, depth, early), HALMA_STATUS_INVALID_ARGUMENT, nullptr);
    EXPECT_ERROR(engine.search_level(game, 1, early), HALMA_STATUS_INVALID_ARGUMENT, nullptr);

    // A moved-from token stops nothing and is refused; the one it moved to works.
    halma::StopToken moved_from;
    const halma::StopToken fresh = std::move(moved_from);
    moved_from.stop();
    CHECK(moved_from.get() == nullptr && fresh.get() != nullptr);
    EXPECT_ERROR(engine.search(game, depth, moved_from), HALMA_STATUS_NULL_ARGUMENT, nullptr);
    // Not stopped, on one thread: the search runs to its limit, as without a token.
    engine.set_threads(1);
    engine.clear();
    const halma::SearchResult with_token = engine.search(game, depth, fresh);
    engine.clear();
    const halma::SearchResult without = engine.search(game, depth);
    CHECK(with_token.depth == 3 && with_token.best_move == without.best_move &&
          with_token.nodes == without.nodes);
    const halma::StopToken level_token;
    CHECK(game.is_legal(engine.search_level(game, 1, level_token).best_move));

    // A stop from another thread ends a running search within seconds (a minute at most: a
    // stop that does not stop fails the checks instead of hanging the test).
    std::atomic<int> iterations{0};
    engine.set_info_callback([&](const halma::SearchInfo &) { iterations++; });
    const halma::StopToken stop;
    halma::SearchResult stopped;
    std::thread searcher([&] { stopped = engine.search(game, minute, stop); });
    wait_for_an_iteration(iterations);
    stop_and_join([&] { stop.stop(); }, searcher, game, stopped);
    CHECK(stopped.time < std::chrono::seconds(50));
    engine.set_info_callback(nullptr);
}

// Contempt: o, a little behind, can take its last move back to a position of the game. A new
// engine plays on; at contempt 0 it repeats; outside -1000..1000 is refused.
void test_contempt() {
    halma::Engine engine(1);
    halma::Game game;
    for (const char *text : {"m1-k3", "d16-f16", "l1-k1", "b12-a11", "k1-l1"}) {
        game.play(text);
    }
    halma::Limits depth;
    depth.depth = 3;
    const halma::SearchResult playing_on = engine.search(game, depth);
    CHECK(playing_on.best_move != move("a11-b12") && playing_on.score > -150);
    engine.set_contempt(0);
    const halma::SearchResult repeating = engine.search(game, depth);
    CHECK(repeating.best_move == move("a11-b12") && repeating.score == 0);
    EXPECT_ERROR(engine.set_contempt(1001), HALMA_STATUS_INVALID_ARGUMENT, nullptr);
    EXPECT_ERROR(engine.set_contempt(-1001), HALMA_STATUS_INVALID_ARGUMENT, nullptr);
}

void test_records() {
    halma::Game game;
    game.play("l2-k3");
    game.play("e15-f14");
    CHECK(game.record() == "[Result \"*\"]\n\n1. l2-k3 e15-f14\n*\n");
    CHECK(halma::Game::from_record(game.record()).moves() == game.moves());
    CHECK(halma::Game::from_record("n4-n5 b12-b11 n2-n4-n6").moves().back() == move("n2-n6"));
    EXPECT_ERROR(halma::Game::from_record("1. l2-k3 l1-l2"), HALMA_STATUS_PARSE_ERROR, nullptr);

    halma::Record record(game);
    record.set_tag("X", "Ann");
    record.resign(halma::Side::o);
    CHECK(record.result() == "1-0" && record.reason() == "resignation");
    EXPECT_ERROR(record.resign(halma::Side::x), HALMA_STATUS_GAME_OVER, nullptr);
    EXPECT_ERROR(record.set_tag("Result", "*"), HALMA_STATUS_INVALID_ARGUMENT, nullptr);
    const halma::Record read = halma::Record::from_text(record.text());
    CHECK(read.tag("X") == std::optional<std::string>("Ann"));
    CHECK(!read.tag("Site").has_value());
    CHECK(read.game().moves() == game.moves());
    CHECK(read.text() == record.text());
    EXPECT_ERROR(halma::Record::from_text("[Site nowhere]"), HALMA_STATUS_PARSE_ERROR, nullptr);
}

}  // namespace

int main() {
    test_version();
    test_squares_and_moves();
    test_game();
    test_errors();
    test_records();
    test_engine();
    test_stop_from_another_thread();
    test_threads_and_stop_tokens();
    test_contempt();
    return report("test_halma_hpp.cpp");
}
