/*
 * Halma against the computer in a terminal, in C99 over halma.h: a complete small host.
 *
 *   make && ./play [LEVEL]        LEVEL 1 (a beginner) to 10 (full strength)
 *
 * You are x (bottom right, moving first); the computer is o. The computer thinks on a worker
 * thread while this one, the UI thread, keeps reading commands and showing the search's
 * progress; typing "stop" makes the computer play its best move so far at once. A game
 * engine's frame loop works the same way: start the search, poll for it each frame.
 */
#define _POSIX_C_SOURCE 200809L

#include <halma.h>

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The computer's search: the worker thread writes, the UI thread reads, under `lock`. */
struct thinker {
    halma_engine *engine;
    halma_game *position; /* the worker's own copy of the game */
    halma_stop_token *stop; /* this search's stop, which the UI thread may call at any time */
    int level;
    pthread_t thread;
    pthread_mutex_t lock;
    int running;
    int done;
    uint32_t depth; /* of the latest completed iteration */
    int32_t score;
    halma_status status;
    char message[512]; /* the worker's last error message, when the search failed */
    halma_search_result result;
};

/* Lines typed, read by a thread of their own so that the UI thread never waits on input
 * (the same with a terminal, a console or a pipe, on every system). */
#define INPUT_LINES 16
struct input {
    pthread_mutex_t lock;
    pthread_cond_t ready; /* a line came, or the input ended */
    pthread_cond_t room;  /* a line was taken */
    char lines[INPUT_LINES][256];
    size_t first;
    size_t count;
    int closed;
};

/* The message of the latest failed call on this thread. */
static void last_error(char *message, size_t size) {
    size_t length = 0;
    if (halma_last_error_message(message, size, &length) != HALMA_STATUS_OK) {
        snprintf(message, size, "(the message is too long)");
    }
}

static void print_error(halma_status status) {
    char message[512];
    last_error(message, sizeof message);
    printf("%s (%s)\n", message, halma_status_str(status));
}

static void print_board(const halma_game *game) {
    const char *file_names = "    a b c d e f g h i j k l m n o p\n";
    int rank;
    int file;
    printf("%s", file_names);
    for (rank = 16; rank >= 1; rank--) {
        printf("%2d ", rank);
        for (file = 0; file < 16; file++) {
            halma_piece piece = HALMA_PIECE_NONE;
            halma_game_piece_at(game, (uint8_t)((rank - 1) * 16 + file), &piece);
            printf(" %c", piece == HALMA_PIECE_X ? 'x' : piece == HALMA_PIECE_O ? 'o' : '.');
        }
        printf("  %d\n", rank);
    }
    printf("%s", file_names);
}

static void print_moves(const halma_game *game) {
    halma_move moves[HALMA_MAX_MOVES];
    size_t count = 0;
    size_t i;
    char text[8];
    size_t length = 0;
    if (halma_game_legal_moves(game, moves, HALMA_MAX_MOVES, &count) != HALMA_STATUS_OK) {
        return;
    }
    printf("%zu legal moves:", count);
    for (i = 0; i < count; i++) {
        halma_move_to_text(moves[i], text, sizeof text, &length);
        printf(" %s", text);
    }
    printf("\n");
}

static halma_outcome outcome_of(const halma_game *game) {
    halma_outcome outcome = HALMA_OUTCOME_ONGOING;
    halma_game_outcome(game, &outcome);
    return outcome;
}

/* Prints the result when the game is over; returns whether it is. */
static int game_over(const halma_game *game) {
    switch (outcome_of(game)) {
    case HALMA_OUTCOME_X_WINS: printf("You win: x has filled its goal camp.\n"); return 1;
    case HALMA_OUTCOME_O_WINS: printf("The computer wins: o has filled its goal camp.\n"); return 1;
    case HALMA_OUTCOME_DRAW_REPETITION: printf("A draw: the position occurred three times.\n"); return 1;
    case HALMA_OUTCOME_DRAW_NO_MOVES: printf("A draw: the side to move has no move.\n"); return 1;
    default: return 0;
    }
}

static void on_info(const halma_search_info *info, void *user) {
    struct thinker *thinker = (struct thinker *)user;
    pthread_mutex_lock(&thinker->lock);
    thinker->depth = info->depth;
    thinker->score = info->score;
    pthread_mutex_unlock(&thinker->lock);
}

static void *think(void *arg) {
    struct thinker *thinker = (struct thinker *)arg;
    halma_search_result result;
    halma_status status = halma_engine_search_level_with_stop(
        thinker->engine, thinker->position, thinker->level, thinker->stop, &result);
    pthread_mutex_lock(&thinker->lock);
    thinker->status = status;
    if (status != HALMA_STATUS_OK) {
        last_error(thinker->message, sizeof thinker->message);
    }
    thinker->result = result;
    thinker->done = 1;
    pthread_mutex_unlock(&thinker->lock);
    return NULL;
}

/* Starts the computer's search of `game` on the worker thread. */
static int start_thinking(struct thinker *thinker, const halma_game *game) {
    thinker->position = halma_game_clone(game);
    thinker->stop = halma_stop_token_new();
    if (thinker->position == NULL || thinker->stop == NULL) {
        halma_game_free(thinker->position);
        halma_stop_token_free(thinker->stop);
        return 0;
    }
    thinker->done = 0;
    thinker->depth = 0;
    if (pthread_create(&thinker->thread, NULL, think, thinker) != 0) {
        halma_game_free(thinker->position);
        halma_stop_token_free(thinker->stop);
        return 0;
    }
    thinker->running = 1;
    printf("The computer is thinking (type stop to make it move now).\n");
    fflush(stdout);
    return 1;
}

/* Waits for the worker (which has finished or been stopped) and plays its move. */
static void finish_thinking(struct thinker *thinker, halma_game *game) {
    char text[8];
    size_t length = 0;
    halma_status status;
    pthread_join(thinker->thread, NULL);
    thinker->running = 0;
    halma_game_free(thinker->position);
    halma_stop_token_free(thinker->stop);
    if (thinker->status != HALMA_STATUS_OK) {
        printf("%s (%s)\n", thinker->message, halma_status_str(thinker->status));
        return;
    }
    if ((status = halma_game_play(game, thinker->result.best_move)) != HALMA_STATUS_OK) {
        print_error(status);
        return;
    }
    halma_move_to_text(thinker->result.best_move, text, sizeof text, &length);
    printf("The computer plays %s (depth %u, %lu nodes, %lu ms).\n", text,
           (unsigned)thinker->result.depth, (unsigned long)thinker->result.nodes,
           (unsigned long)thinker->result.time_ms);
    print_board(game);
}

/* The reader thread: queues each line of standard input (a longer line in pieces). */
static void *read_lines(void *arg) {
    struct input *input = (struct input *)arg;
    char line[sizeof input->lines[0]];
    while (fgets(line, sizeof line, stdin) != NULL) {
        pthread_mutex_lock(&input->lock);
        while (input->count == INPUT_LINES) {
            pthread_cond_wait(&input->room, &input->lock);
        }
        memcpy(input->lines[(input->first + input->count) % INPUT_LINES], line, sizeof line);
        input->count++;
        pthread_cond_signal(&input->ready);
        pthread_mutex_unlock(&input->lock);
    }
    pthread_mutex_lock(&input->lock);
    input->closed = 1;
    pthread_cond_signal(&input->ready);
    pthread_mutex_unlock(&input->lock);
    return NULL;
}

/*
 * The next line of input, without its line end, into `line`: 1 when there is one, 0 when none
 * came within `timeout_ms` (-1: no limit), -1 at the end of the input (after the timeout, so
 * that a caller waiting for something else keeps its pace).
 */
static int next_line(struct input *input, char *line, size_t size, int timeout_ms) {
    struct timespec deadline;
    int timed_out = 0;
    int got;
    if (timeout_ms >= 0) {
        clock_gettime(CLOCK_REALTIME, &deadline);
        deadline.tv_sec += timeout_ms / 1000;
        deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
        if (deadline.tv_nsec >= 1000000000L) {
            deadline.tv_sec++;
            deadline.tv_nsec -= 1000000000L;
        }
    }
    pthread_mutex_lock(&input->lock);
    while (input->count == 0 && !timed_out && (timeout_ms >= 0 || !input->closed)) {
        if (timeout_ms < 0) {
            pthread_cond_wait(&input->ready, &input->lock);
        } else {
            timed_out = pthread_cond_timedwait(&input->ready, &input->lock, &deadline) == ETIMEDOUT;
        }
    }
    if (input->count > 0) {
        char *taken = input->lines[input->first];
        snprintf(line, size, "%s", taken);
        line[strcspn(line, "\r\n")] = '\0';
        input->first = (input->first + 1) % INPUT_LINES;
        input->count--;
        pthread_cond_signal(&input->room);
        got = 1;
    } else {
        got = input->closed ? -1 : 0;
    }
    pthread_mutex_unlock(&input->lock);
    return got;
}

static void prompt(void) {
    printf("Your move (or moves, board, undo, quit): ");
    fflush(stdout);
}

/* A command while it is the player's turn. Returns 0 to quit. */
static int command(const char *line, halma_game *game, struct thinker *thinker) {
    halma_status status;
    if (strcmp(line, "quit") == 0) {
        return 0;
    }
    if (strcmp(line, "") == 0) {
        /* Nothing typed. */
    } else if (strcmp(line, "board") == 0) {
        print_board(game);
    } else if (strcmp(line, "moves") == 0) {
        print_moves(game);
    } else if (strcmp(line, "undo") == 0) {
        /* Takes back the computer's move and yours. */
        if ((status = halma_game_undo(game)) != HALMA_STATUS_OK ||
            (status = halma_game_undo(game)) != HALMA_STATUS_OK) {
            print_error(status);
        }
        print_board(game);
    } else if (strcmp(line, "stop") == 0) {
        printf("The computer is not thinking.\n");
    } else if ((status = halma_game_play_text(game, line)) != HALMA_STATUS_OK) {
        print_error(status);
    } else if (outcome_of(game) == HALMA_OUTCOME_ONGOING && !start_thinking(thinker, game)) {
        printf("The computer cannot start thinking.\n");
        return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    struct thinker thinker;
    /* Static: the detached reader thread may outlive main, waiting for a line. */
    static struct input input;
    pthread_t reader;
    halma_game *game;
    char line[256];
    char *end = NULL;
    long level = HALMA_DEFAULT_LEVEL;
    int playing = 1;
    uint32_t shown_depth = 0;
    /* Input from a file or a pipe is shown, so that the transcript reads like a session. */
    int echo = !isatty(STDIN_FILENO);

    if (argc > 2 || (argc == 2 && ((level = strtol(argv[1], &end, 10)) < 1 || level > 10 ||
                                   *end != '\0' || end == argv[1]))) {
        fprintf(stderr, "usage: %s [LEVEL]   (LEVEL 1, a beginner, to 10, full strength; "
                        "default %d)\n", argv[0], HALMA_DEFAULT_LEVEL);
        return 2;
    }
    memset(&thinker, 0, sizeof thinker);
    thinker.level = (int)level;
    thinker.engine = halma_engine_new();
    game = halma_game_new();
    if (thinker.engine == NULL || game == NULL ||
        halma_engine_set_info_callback(thinker.engine, on_info, &thinker) != HALMA_STATUS_OK ||
        pthread_mutex_init(&thinker.lock, NULL) != 0 || pthread_mutex_init(&input.lock, NULL) != 0 ||
        pthread_cond_init(&input.ready, NULL) != 0 || pthread_cond_init(&input.room, NULL) != 0 ||
        pthread_create(&reader, NULL, read_lines, &input) != 0 || pthread_detach(reader) != 0) {
        fprintf(stderr, "halma cannot start\n");
        return 1;
    }
    printf("Halma (halma %s), level %d. You are x, bottom right; fill the top-left camp.\n",
           halma_version(), thinker.level);
    print_board(game);
    prompt();

    while (playing) {
        /* While the computer thinks, wake up ten times a second to show its progress. */
        int got = next_line(&input, line, sizeof line, thinker.running ? 100 : -1);
        if (got == 1 && echo) {
            printf("%s\n", line);
        }
        if (thinker.running) {
            int done;
            uint32_t depth;
            int32_t score;
            pthread_mutex_lock(&thinker.lock);
            done = thinker.done;
            depth = thinker.depth;
            score = thinker.score;
            pthread_mutex_unlock(&thinker.lock);
            if (got == 1 && (strcmp(line, "stop") == 0 || strcmp(line, "quit") == 0)) {
                /* The search returns its best move so far within a few milliseconds; the
                 * token is this search's, so the stop holds even if the worker has not
                 * entered the search yet. */
                halma_stop_token_stop(thinker.stop);
                printf("Stopped: the computer plays its best move so far.\n");
                playing = strcmp(line, "quit") != 0;
                done = 1;
            } else if (got == 1 && strcmp(line, "board") == 0) {
                print_board(game);
            } else if (got == 1) {
                printf("The computer is thinking: type stop to make it move now.\n");
            } else if (got < 0) {
                /* The end of the input (next_line waited): let the computer finish its move. */
            } else if (depth > shown_depth) {
                printf("  ... depth %u, score %d\n", (unsigned)depth, (int)score);
                shown_depth = depth;
            }
            if (done) {
                finish_thinking(&thinker, game);
                shown_depth = 0;
                if (game_over(game)) {
                    playing = 0;
                } else if (playing) {
                    prompt();
                }
            }
        } else if (got == 1) {
            playing = command(line, game, &thinker);
            if (playing && !thinker.running) {
                playing = !game_over(game);
                if (playing) {
                    prompt();
                }
            }
        } else {
            playing = 0;
        }
        fflush(stdout);
    }
    printf("\n");
    halma_game_free(game);
    halma_engine_free(thinker.engine);
    pthread_mutex_destroy(&thinker.lock);
    return 0;
}
