// halma.hpp: the C++17 API of halma, header-only, over the C ABI of halma.h.
//
// Link libhalma as for C (`pkg-config --cflags --libs halma`, or CMake's `halma::halma`).
//
//   halma::Game game;                                 // the start position, x to move
//   game.play("l2-k3");                               // move text, or a halma::Move
//   halma::Engine engine;
//   halma::SearchResult result = engine.search_level(game, 3);
//   game.play(result.best_move);
//   for (halma::Move move : game.legal_moves()) std::cout << move << '\n';
//
// - Every failure of the library throws halma::Error: its status() is the halma_status,
//   its what() the library's message (a sentence a player can read).
// - Game, Record and Engine own their C object (RAII). A Game copies (halma_game_clone)
//   and moves; a Record (a game with its record's headers) and an Engine only move. A moved-from object may be assigned to or destroyed; any other
//   call on it throws halma::Error (HALMA_STATUS_NULL_ARGUMENT).
// - Thread safety as in halma.h: a Game or an Engine may move between threads; the const
//   member functions of a Game may run on one game from several threads at once, the others
//   need the game to themselves. One search at a time per engine (another call meanwhile
//   throws HALMA_STATUS_BUSY), but Engine::stop may be called from any thread at any time.
//   A StopToken stops the one search it is handed to, from any thread, also before that
//   search has begun (Engine::stop reaches only a search that has); Engine::set_threads
//   makes its searches run on more threads.
// - Square and Move are small values (one and two bytes of data) with text conversion:
//   text(), operator<<, and parse(), which gives std::nullopt for text that is not one.
// - Coordinates: a Square is on a File (a to p, left to right) and a Rank (1 to 16, bottom
//   to top): square.file_of(), square.rank_of(), Square::at(file, rank). Each has a
//   number() counting from 1, as square names and the rules do, and an index() counting
//   from 0, as arrays do: l2 is on file l (number 12, index 11) and rank 2 (index 1). The
//   older Square::file() (an index) and Square::rank() (a number) are deprecated.
#ifndef HALMA_HPP
#define HALMA_HPP

#include "halma.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace halma {

/// The version this header belongs to; halma::version() tells the library's.
inline constexpr int version_major = HALMA_VERSION_MAJOR;
inline constexpr int version_minor = HALMA_VERSION_MINOR;
inline constexpr int version_patch = HALMA_VERSION_PATCH;

/// The version of the library linked, e.g. "0.1.0".
inline std::string version() { return halma_version(); }

/// A failed call of the library: the status and the library's message.
class Error : public std::runtime_error {
public:
    Error(halma_status status, const std::string &message)
        : std::runtime_error(message), status_(status) {}

    /// The HALMA_STATUS_* value.
    halma_status status() const noexcept { return status_; }
    /// Its name, e.g. "HALMA_STATUS_ILLEGAL_MOVE".
    const char *status_name() const noexcept { return halma_status_str(status_); }

private:
    halma_status status_;
};

namespace detail {

/// Calls `call(items, cap, &len)`, the library's array and text outputs, with room for
/// `guess` items (and a NUL for text, `nul` = 1), then once more with the room the library
/// asked for if that was too small. Leaves the items written in `items`.
template <typename T, typename Call>
halma_status fill(std::vector<T> &items, std::size_t guess, std::size_t nul, Call call) {
    items.resize(guess + nul);
    std::size_t len = 0;
    halma_status status = call(items.data(), items.size(), &len);
    if (status == HALMA_STATUS_BUFFER_TOO_SMALL) {
        items.resize(len + nul);
        status = call(items.data(), items.size(), &len);
    }
    items.resize(status == HALMA_STATUS_OK ? len : 0);
    return status;
}

/// The message of the latest failed call on this thread.
inline std::string last_error_message() {
    std::vector<char> text;
    fill(text, 128, 1, halma_last_error_message);
    return std::string(text.begin(), text.end());
}

[[noreturn]] inline void fail(halma_status status) { throw Error(status, last_error_message()); }

inline void check(halma_status status) {
    if (status != HALMA_STATUS_OK) {
        fail(status);
    }
}

/// The value a call writes to its last parameter, `function(args..., &value)`.
template <typename T, typename Function, typename... Args>
T out(Function function, Args... args) {
    T value{};
    check(function(args..., &value));
    return value;
}

/// Text written by `call(buf, len, &out_len)`.
template <typename Call>
std::string text(std::size_t guess, Call call) {
    std::vector<char> text;
    check(fill(text, guess, 1, call));
    return std::string(text.begin(), text.end());
}

/// Items written by `call(items, cap, &out_len)`.
template <typename T, typename Call>
std::vector<T> items(std::size_t guess, Call call) {
    std::vector<T> items;
    check(fill(items, guess, 0, call));
    return items;
}

/// `text` as a C string; text with a NUL in it is refused as the library refuses text it
/// cannot read.
inline std::string c_string(std::string_view text) {
    if (text.find('\0') != std::string_view::npos) {
        throw Error(HALMA_STATUS_PARSE_ERROR, "Parse error: the text contains a NUL character.");
    }
    return std::string(text);
}

/// A C object the library failed to make (it returns NULL only after a panic).
template <typename T>
T *made(T *object) {
    if (object == nullptr) {
        fail(HALMA_STATUS_PANIC);
    }
    return object;
}

}  // namespace detail

namespace detail {

/// A coordinate of the board (File or Rank): an index 0 to 15, a number 1 to 16.
template <typename Self>
class Coordinate {
public:
    /// The one with this index, 0 to 15; std::nullopt for any other.
    static constexpr std::optional<Self> from_index(int index) noexcept {
        if (index < 0 || index > 15) {
            return std::nullopt;
        }
        return Self(static_cast<std::uint8_t>(index));
    }
    /// The one with this number, 1 to 16; std::nullopt for any other.
    static constexpr std::optional<Self> from_number(int number) noexcept {
        return from_index(number - 1);
    }

    /// 0 to 15, as arrays count.
    constexpr int index() const noexcept { return index_; }
    /// 1 to 16, as square names and the rules count.
    constexpr int number() const noexcept { return index_ + 1; }

    friend constexpr bool operator==(Self a, Self b) noexcept { return a.index_ == b.index_; }
    friend constexpr bool operator!=(Self a, Self b) noexcept { return !(a == b); }
    friend constexpr bool operator<(Self a, Self b) noexcept { return a.index_ < b.index_; }

protected:
    constexpr Coordinate() noexcept = default;
    constexpr explicit Coordinate(std::uint8_t index) noexcept : index_(index) {}

private:
    std::uint8_t index_ = 0;
};

}  // namespace detail

/// A file of the board: a (the left edge) to p. Its number() counts from 1 like the rules
/// (a is file 1), its index() from 0 like arrays; its text is the letter.
class File : public detail::Coordinate<File> {
public:
    /// File a.
    constexpr File() noexcept = default;

    /// The file of a lower-case letter 'a' to 'p'; std::nullopt for anything else.
    static constexpr std::optional<File> from_letter(char letter) noexcept {
        return from_index(letter - 'a');
    }
    /// A file's text, "a" to "p"; std::nullopt for anything else.
    static constexpr std::optional<File> parse(std::string_view text) noexcept {
        if (text.size() != 1) {
            return std::nullopt;
        }
        return from_letter(text[0]);
    }

    /// 'a' to 'p'.
    constexpr char letter() const noexcept { return static_cast<char>('a' + index()); }
    /// "a" to "p".
    std::string text() const { return std::string(1, letter()); }

private:
    friend class detail::Coordinate<File>;
    constexpr explicit File(std::uint8_t index) noexcept : Coordinate(index) {}
};

/// A rank of the board: 1 (the bottom edge, x's home side) to 16. Its number() counts from
/// 1 like the rules and square names (l2 is on rank 2), its index() from 0 like arrays;
/// its text is the number.
class Rank : public detail::Coordinate<Rank> {
public:
    /// Rank 1.
    constexpr Rank() noexcept = default;

    /// A rank's text, "1" to "16" without a leading zero; std::nullopt for anything else.
    static constexpr std::optional<Rank> parse(std::string_view text) noexcept {
        if (text.empty() || text.size() > 2 || text[0] < '1' || text[0] > '9') {
            return std::nullopt;
        }
        int number = text[0] - '0';
        if (text.size() == 2) {
            if (text[1] < '0' || text[1] > '9') {
                return std::nullopt;
            }
            number = number * 10 + (text[1] - '0');
        }
        return from_number(number);
    }

    /// "1" to "16".
    std::string text() const { return std::to_string(number()); }

private:
    friend class detail::Coordinate<Rank>;
    constexpr explicit Rank(std::uint8_t index) noexcept : Coordinate(index) {}
};

inline std::ostream &operator<<(std::ostream &out, File file) { return out << file.letter(); }
inline std::ostream &operator<<(std::ostream &out, Rank rank) { return out << rank.number(); }

/// A square, a1 (index 0) to p16 (index 255), on a File and a Rank: index
/// rank.index() * 16 + file.index().
class Square {
public:
    /// a1.
    constexpr Square() noexcept = default;
    constexpr explicit Square(std::uint8_t index) noexcept : index_(index) {}

    /// The square on `file` and `rank`.
    static constexpr Square at(File file, Rank rank) noexcept {
        return Square(static_cast<std::uint8_t>(rank.index() * 16 + file.index()));
    }

    /// The square on `file` (0 = a to 15 = p) and `rank` (1 to 16); std::nullopt off the
    /// board.
    [[deprecated("mixes a file index from 0 with a rank number from 1: use "
                 "Square::at(File, Rank), with File::from_index and Rank::from_number")]]
    static constexpr std::optional<Square> at(int file, int rank) noexcept {
        const std::optional<File> f = File::from_index(file);
        const std::optional<Rank> r = Rank::from_number(rank);
        if (!f || !r) {
            return std::nullopt;
        }
        return at(*f, *r);
    }

    /// A square's name such as "l2": a lower-case file a to p, a rank 1 to 16 without a
    /// leading zero; std::nullopt for anything else.
    static constexpr std::optional<Square> parse(std::string_view text) noexcept {
        if (text.empty()) {
            return std::nullopt;
        }
        const std::optional<File> file = File::from_letter(text[0]);
        const std::optional<Rank> rank = Rank::parse(text.substr(1));
        if (!file || !rank) {
            return std::nullopt;
        }
        return at(*file, *rank);
    }

    constexpr std::uint8_t index() const noexcept { return index_; }
    /// The file, a to p.
    constexpr File file_of() const noexcept { return *File::from_index(index_ % 16); }
    /// The rank, 1 to 16.
    constexpr Rank rank_of() const noexcept { return *Rank::from_index(index_ / 16); }
    /// 0 (a) to 15 (p).
    [[deprecated("an index beside rank() counting from 1: use file_of().index() or "
                 "file_of().number()")]]
    constexpr int file() const noexcept { return file_of().index(); }
    /// 1 to 16.
    [[deprecated("a number beside file() counting from 0: use rank_of().number() or "
                 "rank_of().index()")]]
    constexpr int rank() const noexcept { return rank_of().number(); }
    /// The name, e.g. "l2".
    std::string text() const { return file_of().text() + rank_of().text(); }

    friend constexpr bool operator==(Square a, Square b) noexcept {
        return a.index_ == b.index_;
    }
    friend constexpr bool operator!=(Square a, Square b) noexcept { return !(a == b); }
    friend constexpr bool operator<(Square a, Square b) noexcept { return a.index_ < b.index_; }

private:
    std::uint8_t index_ = 0;
};

inline std::ostream &operator<<(std::ostream &out, Square square) { return out << square.text(); }

/// A move: the piece on from() goes to to(), by a step or a chain of jumps. Any two squares
/// make a Move; Game says which are legal.
class Move {
public:
    constexpr Move() noexcept = default;
    constexpr Move(Square from, Square to) noexcept : from_(from), to_(to) {}
    constexpr explicit Move(halma_move move) noexcept : from_(move.from), to_(move.to) {}

    /// Move text "from-to" such as "l2-k3" (a hop path such as "n2-n4-n6" needs the position:
    /// Game::parse_move); std::nullopt for anything else.
    static constexpr std::optional<Move> parse(std::string_view text) noexcept {
        const std::size_t dash = text.find('-');
        if (dash == std::string_view::npos) {
            return std::nullopt;
        }
        const std::optional<Square> from = Square::parse(text.substr(0, dash));
        const std::optional<Square> to = Square::parse(text.substr(dash + 1));
        if (!from || !to) {
            return std::nullopt;
        }
        return Move(*from, *to);
    }

    constexpr Square from() const noexcept { return from_; }
    constexpr Square to() const noexcept { return to_; }
    /// The C value.
    constexpr halma_move c() const noexcept { return halma_move{from_.index(), to_.index()}; }
    /// The move text, e.g. "l2-k3".
    std::string text() const {
        const halma_move move = c();
        return detail::text(7, [move](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_move_to_text(move, buf, len, out_len);
        });
    }

    friend constexpr bool operator==(Move a, Move b) noexcept {
        return a.from_ == b.from_ && a.to_ == b.to_;
    }
    friend constexpr bool operator!=(Move a, Move b) noexcept { return !(a == b); }
    friend constexpr bool operator<(Move a, Move b) noexcept {
        return a.from_ < b.from_ || (a.from_ == b.from_ && a.to_ < b.to_);
    }

private:
    Square from_;
    Square to_;
};

inline std::ostream &operator<<(std::ostream &out, Move move) { return out << move.text(); }

enum class Side : halma_side { x = HALMA_SIDE_X, o = HALMA_SIDE_O };
enum class Piece : halma_piece { none = HALMA_PIECE_NONE, x = HALMA_PIECE_X, o = HALMA_PIECE_O };
enum class Outcome : halma_outcome {
    ongoing = HALMA_OUTCOME_ONGOING,
    x_wins = HALMA_OUTCOME_X_WINS,
    o_wins = HALMA_OUTCOME_O_WINS,
    draw_repetition = HALMA_OUTCOME_DRAW_REPETITION,
    draw_no_moves = HALMA_OUTCOME_DRAW_NO_MOVES,
};

/// A game: a position and its history.
class Game {
public:
    /// The start position, x to move.
    Game() : game_(detail::made(halma_game_new())) {}

    /// A game from position text; throws HALMA_STATUS_PARSE_ERROR or INVALID_POSITION.
    static Game from_text(std::string_view position) {
        return Game(detail::out<halma_game *>(halma_game_from_text,
                                              detail::c_string(position).c_str()));
    }

    /// A game from its game record (either form of halma.h's record format), its moves
    /// replayed; throws HALMA_STATUS_PARSE_ERROR, saying what and where, if it does not read.
    static Game from_record(std::string_view record) {
        return Game(detail::out<halma_game *>(halma_game_from_record,
                                              detail::c_string(record).c_str()));
    }

    /// A copy with its history.
    Game(const Game &other)
        : game_(other.game_ ? detail::made(halma_game_clone(other.game_.get())) : nullptr) {}
    Game &operator=(const Game &other) {
        if (this != &other) {
            *this = Game(other);
        }
        return *this;
    }
    Game(Game &&) noexcept = default;
    Game &operator=(Game &&) noexcept = default;
    ~Game() = default;

    /// The position text of the current position.
    std::string text() const {
        return detail::text(300, [this](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_game_to_text(get(), buf, len, out_len);
        });
    }
    /// The position text of the position the game started from.
    std::string start_text() const {
        return detail::text(300, [this](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_game_start_to_text(get(), buf, len, out_len);
        });
    }
    /// The game record: the result as a header (and the start, when it is not the standard
    /// one), then the moves numbered. A Record adds headers of its own.
    std::string record() const {
        return detail::text(1024, [this](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_game_to_record(get(), buf, len, out_len);
        });
    }

    Side side_to_move() const {
        return static_cast<Side>(detail::out<halma_side>(halma_game_side_to_move, get()));
    }
    Piece piece_at(Square square) const {
        return static_cast<Piece>(
            detail::out<halma_piece>(halma_game_piece_at, get(), square.index()));
    }
    Outcome outcome() const {
        return static_cast<Outcome>(detail::out<halma_outcome>(halma_game_outcome, get()));
    }
    bool is_over() const { return outcome() != Outcome::ongoing; }

    /// The legal moves; none once the game is over.
    std::vector<Move> legal_moves() const {
        return moves_of(HALMA_MAX_MOVES, [this](halma_move *moves, std::size_t cap,
                                                std::size_t *len) {
            return halma_game_legal_moves(get(), moves, cap, len);
        });
    }
    /// Where the piece on `from` can go, in increasing order.
    std::vector<Square> destinations(Square from) const {
        return squares_of(HALMA_MAX_DESTINATIONS, [this, from](std::uint8_t *squares,
                                                               std::size_t cap, std::size_t *len) {
            return halma_game_destinations(get(), from.index(), squares, cap, len);
        });
    }
    bool is_legal(Move move) const {
        return detail::out<bool>(halma_game_is_legal, get(), move.c());
    }
    /// Move text, "l2-k3" or a hop path such as "n2-n4-n6", as a legal move here; throws
    /// HALMA_STATUS_PARSE_ERROR, GAME_OVER or ILLEGAL_MOVE.
    Move parse_move(std::string_view text) const {
        return Move(detail::out<halma_move>(halma_game_parse_move, get(),
                                            detail::c_string(text).c_str()));
    }
    /// The squares `move` passes through: origin, each landing square, destination.
    std::vector<Square> jump_path(Move move) const {
        return squares_of(HALMA_MAX_PATH, [this, move](std::uint8_t *squares, std::size_t cap,
                                                       std::size_t *len) {
            return halma_game_jump_path(get(), move.c(), squares, cap, len);
        });
    }

    /// Plays a move; throws HALMA_STATUS_GAME_OVER or ILLEGAL_MOVE (and changes nothing).
    void play(Move move) { detail::check(halma_game_play(get(), move.c())); }
    /// Plays move text; throws HALMA_STATUS_PARSE_ERROR, GAME_OVER or ILLEGAL_MOVE.
    void play(std::string_view text) {
        detail::check(halma_game_play_text(get(), detail::c_string(text).c_str()));
    }
    /// Takes back the last move; throws HALMA_STATUS_NOTHING_TO_UNDO at the start.
    void undo() { detail::check(halma_game_undo(get())); }

    /// The number of moves played (plies).
    std::size_t move_count() const { return detail::out<std::size_t>(halma_game_move_count, get()); }
    /// The moves played, in order.
    std::vector<Move> moves() const {
        return moves_of(move_count(), [this](halma_move *moves, std::size_t cap,
                                             std::size_t *len) {
            return halma_game_moves(get(), moves, cap, len);
        });
    }

    /// The C object, for calls of halma.h (still owned by this Game).
    halma_game *get() noexcept { return game_.get(); }
    const halma_game *get() const noexcept { return game_.get(); }

private:
    friend class Record;
    explicit Game(halma_game *game) : game_(game) {}

    template <typename Call>
    static std::vector<Move> moves_of(std::size_t guess, Call call) {
        const std::vector<halma_move> moves = detail::items<halma_move>(guess, call);
        return std::vector<Move>(moves.begin(), moves.end());
    }
    template <typename Call>
    static std::vector<Square> squares_of(std::size_t guess, Call call) {
        const std::vector<std::uint8_t> squares = detail::items<std::uint8_t>(guess, call);
        return std::vector<Square>(squares.begin(), squares.end());
    }

    struct Free {
        void operator()(halma_game *game) const noexcept { halma_game_free(game); }
    };
    std::unique_ptr<halma_game, Free> game_;
};

/// A game record: a game with the headers of its record (the players, the date...) and a
/// resignation, as text in halma.h's record format. Owns its C object; moves, not copies.
class Record {
public:
    /// The record of a copy of `game`, without headers.
    explicit Record(const Game &game) : record_(detail::made(halma_record_new(game.get()))) {}

    /// Reads a game record (either form); throws HALMA_STATUS_PARSE_ERROR, saying what and
    /// where, if it does not read.
    static Record from_text(std::string_view text) {
        return Record(detail::out<halma_record *>(halma_record_from_text,
                                                  detail::c_string(text).c_str()));
    }

    Record(Record &&) noexcept = default;
    Record &operator=(Record &&) noexcept = default;
    ~Record() = default;

    /// The record's text: the headers, then the moves numbered, then the result.
    std::string text() const {
        return detail::text(1024, [this](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_record_to_text(get(), buf, len, out_len);
        });
    }
    /// A copy of the record's game, with its history.
    Game game() const { return Game(detail::out<halma_game *>(halma_record_game, get())); }

    /// The value of the header `name` ("Site", "X"...), or std::nullopt if there is none.
    std::optional<std::string> tag(std::string_view name) const {
        const std::string key = detail::c_string(name);
        std::vector<char> value;
        const halma_status status =
            detail::fill(value, 64, 1, [this, &key](char *buf, std::size_t len, std::size_t *out_len) {
                return halma_record_tag(get(), key.c_str(), buf, len, out_len);
            });
        if (status == HALMA_STATUS_INVALID_ARGUMENT) {
            return std::nullopt;
        }
        detail::check(status);
        return std::string(value.begin(), value.end());
    }
    /// Sets the header `name`; throws HALMA_STATUS_INVALID_ARGUMENT for a name or value the
    /// format cannot hold, or one of the headers written from the game.
    void set_tag(std::string_view name, std::string_view value) {
        detail::check(halma_record_set_tag(get(), detail::c_string(name).c_str(),
                                           detail::c_string(value).c_str()));
    }
    /// Records that `side` resigned; throws HALMA_STATUS_GAME_OVER once the game is over.
    void resign(Side side) {
        detail::check(halma_record_resign(get(), static_cast<halma_side>(side)));
    }

    /// "1-0" (x won), "0-1" (o won), "1/2-1/2" (drawn) or "*" (going on).
    std::string result() const {
        return detail::text(8, [this](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_record_result(get(), buf, len, out_len);
        });
    }
    /// "goal_camp", "repetition", "no_moves", "resignation", "agreement", "time",
    /// "abandonment", or "" while the game goes on.
    std::string reason() const {
        return detail::text(16, [this](char *buf, std::size_t len, std::size_t *out_len) {
            return halma_record_reason(get(), buf, len, out_len);
        });
    }

    /// The C object, for calls of halma.h (still owned by this Record).
    halma_record *get() noexcept { return record_.get(); }
    const halma_record *get() const noexcept { return record_.get(); }

private:
    explicit Record(halma_record *record) : record_(record) {}

    struct Free {
        void operator()(halma_record *record) const noexcept { halma_record_free(record); }
    };
    std::unique_ptr<halma_record, Free> record_;
};

/// perft(`depth`) of a position given as text: the number of move sequences `depth` plies
/// deep.
inline std::uint64_t perft(std::string_view position, std::uint32_t depth) {
    return detail::out<std::uint64_t>(halma_perft, detail::c_string(position).c_str(), depth);
}

/// A forced win in n plies scores score_win - n, a forced loss the negation.
inline constexpr std::int32_t score_win = HALMA_SCORE_WIN;
/// The level to offer first: 1 (a beginner) to 10 (full strength).
inline constexpr int default_level = HALMA_DEFAULT_LEVEL;

/// When a search stops: each field 0 means no limit on it; the first limit reached ends the
/// search. All three 0 throws HALMA_STATUS_INVALID_ARGUMENT.
struct Limits {
    std::uint32_t depth = 0;
    std::uint64_t nodes = 0;
    std::chrono::milliseconds time{0};
};

/// What a search found.
struct SearchResult {
    /// The move to play: always legal in the searched game.
    Move best_move;
    /// From the side to move's point of view, in hundredths of a move (see score_win).
    std::int32_t score = 0;
    /// The last completed iteration.
    std::uint32_t depth = 0;
    std::uint64_t nodes = 0;
    std::chrono::milliseconds time{0};
};

/// Progress of a search, given to the info callback after each completed iteration.
struct SearchInfo {
    std::uint32_t depth = 0;
    std::int32_t score = 0;
    std::uint64_t nodes = 0;
    std::uint64_t nodes_per_second = 0;
    std::chrono::milliseconds time{0};
    /// The principal variation, the best move first.
    std::vector<Move> pv;
};

/// A stop for one search (RAII over halma_stop_token), made not stopped: hand it to one
/// Engine::search or Engine::search_level, and stop() it from any thread at any time; a stop
/// made before the search has begun is not lost (the search then returns at once). A token
/// is its search's: handing it to a second search throws HALMA_STATUS_INVALID_ARGUMENT.
/// Move-only; it must outlive the search and every stop() call on it.
class StopToken {
public:
    StopToken() : token_(detail::made(halma_stop_token_new())) {}

    /// Stops the search this token is handed to: now if it runs, at once when it starts if
    /// it has not yet (it returns its best move so far within a few milliseconds). Callable
    /// from any thread at any time, as often as wanted; on a moved-from token it does
    /// nothing.
    void stop() const noexcept { halma_stop_token_stop(token_.get()); }

    /// The C object, for calls of halma.h (still owned by this StopToken).
    const halma_stop_token *get() const noexcept { return token_.get(); }

private:
    struct Free {
        void operator()(halma_stop_token *token) const noexcept { halma_stop_token_free(token); }
    };
    std::unique_ptr<halma_stop_token, Free> token_;
};

/// The computer opponent: an engine with its transposition table. Move-only.
class Engine {
public:
    /// Called on the searching thread after each completed iteration. An exception it
    /// throws stops the search and comes out of search() or search_level().
    using InfoCallback = std::function<void(const SearchInfo &)>;

    /// An engine with a table of HALMA_DEFAULT_TABLE_MB mebibytes.
    Engine() : engine_(detail::made(halma_engine_new())) {}
    /// An engine with a table of at most `table_mb` mebibytes.
    explicit Engine(std::size_t table_mb)
        : engine_(detail::made(halma_engine_new_with_table_mb(table_mb))) {}

    /// Searches the current position of `game` (with its history) within `limits`; blocks
    /// until a limit is reached or stop() is called.
    SearchResult search(const Game &game, const Limits &limits) {
        const halma_search_limits c = c_limits(limits);
        halma_search_result out{};
        return finish(halma_engine_search(engine_.get(), game.get(), &c, &out), out);
    }
    /// Like search(game, limits), stopped also by `stop` (a StopToken no search was handed
    /// yet, else HALMA_STATUS_INVALID_ARGUMENT).
    SearchResult search(const Game &game, const Limits &limits, const StopToken &stop) {
        const halma_search_limits c = c_limits(limits);
        halma_search_result out{};
        return finish(
            halma_engine_search_with_stop(engine_.get(), game.get(), &c, stop.get(), &out), out);
    }
    /// Searches with the limits and style of difficulty level `level`, 1 to 10 (clamped).
    SearchResult search_level(const Game &game, int level = default_level) {
        halma_search_result out{};
        return finish(halma_engine_search_level(engine_.get(), game.get(), level, &out), out);
    }
    /// Like search_level(game, level), stopped also by `stop`, as search(game, limits, stop)
    /// is.
    SearchResult search_level(const Game &game, int level, const StopToken &stop) {
        halma_search_result out{};
        return finish(halma_engine_search_level_with_stop(engine_.get(), game.get(), level,
                                                          stop.get(), &out),
                      out);
    }

    /// Stops the running search, if any: it returns its best move so far within a few
    /// milliseconds. Callable from any thread at any time. It reaches only a search that has
    /// begun: to stop one just started on another thread, repeat it until search() returns.
    void stop() const noexcept { halma_engine_stop(engine_.get()); }

    /// Forgets what earlier searches stored in the table (for a new game).
    void clear() { detail::check(halma_engine_clear(engine_.get())); }

    /// Makes the searches run on `threads` threads (1 by default, up to 256), sharing the
    /// table (Lazy SMP): with 1 a search limited by depth or nodes alone is deterministic,
    /// with more it is not and a node limit counts every thread's nodes. Throws
    /// HALMA_STATUS_INVALID_ARGUMENT for 0 or more than 256, BUSY while a search runs.
    void set_threads(std::uint32_t threads) {
        detail::check(halma_engine_set_threads(engine_.get(), threads));
    }

    /// Sets how much less than an even game a draw is worth to the engine, in hundredths of
    /// a move: 150 for a new engine (play against people), 0 for matches between engines and
    /// analysis, negative to seek draws. Throws HALMA_STATUS_INVALID_ARGUMENT outside
    /// -1000..1000, BUSY while a search runs.
    void set_contempt(std::int32_t contempt) {
        detail::check(halma_engine_set_contempt(engine_.get(), contempt));
    }

    /// Sets the function called after each completed iteration (an empty one: none).
    void set_info_callback(InfoCallback callback) {
        std::unique_ptr<Callback> next;
        if (callback) {
            next.reset(new Callback{std::move(callback), engine_.get(), nullptr});
        }
        detail::check(halma_engine_set_info_callback(
            engine_.get(), next ? on_info : nullptr, next.get()));
        callback_ = std::move(next);
    }

    /// The C object, for calls of halma.h (still owned by this Engine).
    halma_engine *get() const noexcept { return engine_.get(); }

private:
    // On the heap, so that the pointer the library holds stays valid when the Engine moves.
    struct Callback {
        InfoCallback function;
        const halma_engine *engine;
        std::exception_ptr error;
    };

    static void on_info(const halma_search_info *info, void *user) noexcept {
        Callback &callback = *static_cast<Callback *>(user);
        if (callback.error) {
            return;
        }
        try {
            SearchInfo progress;
            progress.depth = info->depth;
            progress.score = info->score;
            progress.nodes = info->nodes;
            progress.nodes_per_second = info->nodes_per_second;
            progress.time = std::chrono::milliseconds(info->time_ms);
            progress.pv = std::vector<Move>(info->pv, info->pv + info->pv_len);
            callback.function(progress);
        } catch (...) {
            // Nothing may unwind into the library: keep it for search() and end the search.
            callback.error = std::current_exception();
            halma_engine_stop(callback.engine);
        }
    }

    static halma_search_limits c_limits(const Limits &limits) {
        halma_search_limits c{};
        c.depth = limits.depth;
        c.nodes = limits.nodes;
        c.time_ms = static_cast<std::uint64_t>(limits.time.count());
        return c;
    }

    SearchResult finish(halma_status status, const halma_search_result &out) {
        // Only a search that ran on this thread (OK, or PANIC on the way) may have left an
        // exception of the callback: a refused call must not touch what a search on another
        // thread may be writing.
        if ((status == HALMA_STATUS_OK || status == HALMA_STATUS_PANIC) && callback_ &&
            callback_->error) {
            std::rethrow_exception(std::exchange(callback_->error, nullptr));
        }
        detail::check(status);
        SearchResult result;
        result.best_move = Move(out.best_move);
        result.score = out.score;
        result.depth = out.depth;
        result.nodes = out.nodes;
        result.time = std::chrono::milliseconds(out.time_ms);
        return result;
    }

    struct Free {
        void operator()(halma_engine *engine) const noexcept { halma_engine_free(engine); }
    };
    // Declared first, destroyed last: the engine that may call it goes first.
    std::unique_ptr<Callback> callback_;
    std::unique_ptr<halma_engine, Free> engine_;
};

}  // namespace halma

#endif  // HALMA_HPP
