// Halma against the computer in a terminal, in C++17 over halma.hpp: a complete small host.
//
//   cmake -S . -B build && cmake --build build && build/play [LEVEL]
//
// LEVEL is 1 (a beginner) to 10 (full strength). You are x (bottom right, moving first); the
// computer is o. The computer thinks on a worker thread (std::async, on its own copy of the
// game) while this one, the UI thread, keeps taking commands and showing the search's
// progress; typing "stop" makes the computer play its best move so far at once. A game
// engine's frame loop works the same way: start the search, poll its future each frame.
#include <halma.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <future>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include <unistd.h>

namespace {

using namespace std::chrono_literals;

// Lines typed, read by a thread of their own so that the UI thread never waits on input.
class Input {
public:
    Input() : state_(std::make_shared<State>()) {
        // Detached: it may still be waiting for a line when the game ends; the state it
        // shares stays alive as long as it runs.
        std::thread([state = state_] {
            std::string line;
            while (std::getline(std::cin, line)) {
                if (!line.empty() && line.back() == '\r') {
                    line.pop_back();
                }
                const std::lock_guard<std::mutex> lock(state->mutex);
                state->lines.push_back(line);
                state->ready.notify_one();
            }
            const std::lock_guard<std::mutex> lock(state->mutex);
            state->closed = true;
            state->ready.notify_one();
        }).detach();
    }

    // The next line, waiting at most `timeout`; std::nullopt when none came or the input has
    // ended (closed()).
    std::optional<std::string> next(std::chrono::milliseconds timeout) {
        std::unique_lock<std::mutex> lock(state_->mutex);
        state_->ready.wait_for(lock, timeout, [this] { return !state_->lines.empty() || state_->closed; });
        if (state_->lines.empty()) {
            return std::nullopt;
        }
        std::string line = std::move(state_->lines.front());
        state_->lines.pop_front();
        if (echo_) {
            std::cout << line << '\n';
        }
        return line;
    }

    bool closed() const {
        const std::lock_guard<std::mutex> lock(state_->mutex);
        return state_->closed && state_->lines.empty();
    }

private:
    struct State {
        std::mutex mutex;
        std::condition_variable ready;
        std::deque<std::string> lines;
        bool closed = false;
    };
    std::shared_ptr<State> state_;
    // Input from a file or a pipe is shown, so that the transcript reads like a session.
    bool echo_ = !isatty(STDIN_FILENO);
};

void print_board(const halma::Game &game) {
    const char *files = "    a b c d e f g h i j k l m n o p\n";
    std::cout << files;
    for (int number = 16; number >= 1; number--) {
        const halma::Rank rank = *halma::Rank::from_number(number);
        std::cout << (number < 10 ? " " : "") << rank << ' ';
        for (int index = 0; index < 16; index++) {
            const halma::File file = *halma::File::from_index(index);
            const halma::Piece piece = game.piece_at(halma::Square::at(file, rank));
            std::cout << ' ' << (piece == halma::Piece::x ? 'x' : piece == halma::Piece::o ? 'o' : '.');
        }
        std::cout << "  " << rank << '\n';
    }
    std::cout << files;
}

// Prints the result when the game is over; returns whether it is.
bool game_over(const halma::Game &game) {
    switch (game.outcome()) {
    case halma::Outcome::x_wins: std::cout << "You win: x has filled its goal camp.\n"; return true;
    case halma::Outcome::o_wins: std::cout << "The computer wins: o has filled its goal camp.\n"; return true;
    case halma::Outcome::draw_repetition: std::cout << "A draw: the position occurred three times.\n"; return true;
    case halma::Outcome::draw_no_moves: std::cout << "A draw: the side to move has no move.\n"; return true;
    case halma::Outcome::ongoing: break;
    }
    return false;
}

void prompt() { std::cout << "Your move (or moves, board, undo, quit): " << std::flush; }

class Host {
public:
    explicit Host(int level) : level_(level) {
        engine_.set_info_callback([this](const halma::SearchInfo &info) {
            depth_ = info.depth;
            score_ = info.score;
        });
    }

    // Runs the game until it ends, the player quits or the input ends.
    void run() {
        std::cout << "Halma (halma " << halma::version() << "), level " << level_
                  << ". You are x, bottom right; fill the top-left camp.\n";
        print_board(game_);
        prompt();
        bool playing = true;
        while (playing) {
            playing = thinking_.valid() ? while_thinking() : players_turn();
        }
        std::cout << '\n';
    }

private:
    // One frame while the computer thinks; returns whether the game goes on.
    bool while_thinking() {
        const std::optional<std::string> line = input_.next(100ms);
        bool playing = true;
        if (line == "stop" || line == "quit") {
            // The search returns its best move so far within a few milliseconds. The token
            // is this search's: the stop counts even if the worker has not entered the
            // search yet, and never reaches the next one.
            stop_->stop();
            thinking_.wait();
            std::cout << "Stopped: the computer plays its best move so far.\n";
            playing = line != "quit";
        } else if (line == "board") {
            print_board(game_);
        } else if (line) {
            std::cout << "The computer is thinking: type stop to make it move now.\n";
        } else if (input_.closed()) {
            thinking_.wait();  // The end of the input: let the computer finish its move.
        } else if (depth_ > shown_depth_) {
            shown_depth_ = depth_;
            std::cout << "  ... depth " << shown_depth_ << ", score " << score_ << '\n';
        }
        if (thinking_.wait_for(0s) != std::future_status::ready && playing) {
            return true;
        }
        try {
            const halma::SearchResult result = thinking_.get();
            game_.play(result.best_move);
            std::cout << "The computer plays " << result.best_move << " (depth " << result.depth
                      << ", " << result.nodes << " nodes, " << result.time.count() << " ms).\n";
            print_board(game_);
        } catch (const halma::Error &error) {
            std::cout << error.what() << " (" << error.status_name() << ")\n";
        }
        shown_depth_ = 0;
        if (game_over(game_)) {
            return false;
        }
        if (playing) {
            prompt();
        }
        return playing;
    }

    // Takes the player's command; returns whether the game goes on.
    bool players_turn() {
        const std::optional<std::string> line = input_.next(24h);
        if (!line) {
            return !input_.closed();
        }
        try {
            if (*line == "quit") {
                return false;
            } else if (*line == "board") {
                print_board(game_);
            } else if (*line == "moves") {
                const std::vector<halma::Move> moves = game_.legal_moves();
                std::cout << moves.size() << " legal moves:";
                for (const halma::Move move : moves) {
                    std::cout << ' ' << move;
                }
                std::cout << '\n';
            } else if (*line == "undo") {
                // Takes back the computer's move and yours.
                game_.undo();
                game_.undo();
                print_board(game_);
            } else if (*line == "stop") {
                std::cout << "The computer is not thinking.\n";
            } else if (!line->empty()) {
                game_.play(*line);
                if (game_over(game_)) {
                    return false;
                }
                think();
                return true;
            }
        } catch (const halma::Error &error) {
            std::cout << error.what() << " (" << error.status_name() << ")\n";
        }
        prompt();
        return true;
    }

    // Starts the computer's search on a worker thread, on a copy of the game, with a stop
    // token of its own.
    void think() {
        stop_ = std::make_shared<halma::StopToken>();
        thinking_ = std::async(std::launch::async, [this, position = game_, stop = stop_] {
            return engine_.search_level(position, level_, *stop);
        });
        std::cout << "The computer is thinking (type stop to make it move now).\n" << std::flush;
    }

    int level_;
    halma::Game game_;
    halma::Engine engine_;
    // Written by the info callback on the worker thread, read by the UI thread.
    std::atomic<std::uint32_t> depth_{0};
    std::atomic<std::int32_t> score_{0};
    std::uint32_t shown_depth_ = 0;
    std::future<halma::SearchResult> thinking_;
    // The running search's stop, shared with the worker.
    std::shared_ptr<halma::StopToken> stop_;
    Input input_;
};

// The level given on the command line: 1 to 10.
std::optional<int> parse_level(const std::string &text) {
    if (text.empty() || text.size() > 2 || text.find_first_not_of("0123456789") != std::string::npos) {
        return std::nullopt;
    }
    const int level = std::stoi(text);
    return level >= 1 && level <= 10 ? std::optional<int>(level) : std::nullopt;
}

}  // namespace

int main(int argc, char **argv) {
    const std::optional<int> level = argc == 1 ? halma::default_level
                                     : argc == 2 ? parse_level(argv[1])
                                                 : std::nullopt;
    if (!level) {
        std::cerr << "usage: " << argv[0] << " [LEVEL]   (LEVEL 1, a beginner, to 10, full "
                  << "strength; default " << halma::default_level << ")\n";
        return 2;
    }
    try {
        Host(*level).run();
    } catch (const halma::Error &error) {
        std::cerr << error.what() << " (" << error.status_name() << ")\n";
        return 1;
    }
    return 0;
}
