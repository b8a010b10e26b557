# shellcheck shell=bash
# What the checks of C and C++ hosts share (tests/install/run.sh, tests/install/targets.sh):
# reporting, running programs bounded in time (through $runner, the command that runs the
# target's programs here: empty for this machine's, else qemu or Wine), and playing the
# examples with scripted input. Sourced (bash) after `set -euo pipefail`; counts in $checks.

checks=0
runner=()

# A step's title, and when it starts (seconds into the script).
step() { printf '\n-- %s (at %d s)\n' "$*" "$SECONDS"; }
fail() {
    echo "FAILED: $*" >&2
    exit 1
}
ok() {
    checks=$((checks + 1))
    echo "ok: $*"
}

# A copy of files of the tree in a directory of their own under $work (the caller's
# temporary directory).
outside() {
    local dir="$work/$1"
    shift
    mkdir -p "$dir"
    cp "$@" "$dir/"
    echo "$dir"
}

# The shared libraries a program loads: an ELF program's NEEDED entries, the DLLs a Windows
# program imports.
loads() {
    if [ "$(head -c 2 "$1")" = MZ ]; then
        x86_64-w64-mingw32-objdump -p "$1" | sed -n 's/^\tDLL Name: //p'
    else
        readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
    fi
}

# Runs a program through $runner, bounded in time (SECONDS), its output with Unix line ends.
bounded() {
    local seconds="$1"
    shift
    timeout "$seconds" "${runner[@]}" "$@" | tr -d '\r'
}

# Runs a program (bounded in time) and checks it printed "N passed, 0 failed".
passes() {
    local output
    output="$(bounded 300 "$@" 2>&1)" || fail "$* exited with $?: $output"
    grep -q ' passed, 0 failed$' <<<"$output" || fail "$*: $output"
    ok "$(basename "$1"): $(grep -E ' passed, 0 failed$|: outcome ' <<<"$output" | paste -sd ' ')"
}

# Runs a build command, showing its output only when it fails (a static link with glibc
# warns about functions of Rust's std the program never calls).
quietly() {
    local output
    output="$("$@" 2>&1)" || fail "$* exited with $?: $output"
}

# One game's transcript of examples/c or examples/cpp: checks that `play` did what the input
# asked.
plays() {
    local play="$1" output
    # A move, and the computer's answer at level 1.
    output="$(printf 'l2-k3\n' | bounded 60 "$play" 1)" || fail "$play 1 exited with $?"
    grep -q '^The computer plays [a-p][0-9]*-[a-p][0-9]*' <<<"$output" || fail "$play 1: $output"
    # Bad input, a stop while the computer thinks at level 10, another move, quit.
    output="$(printf 'zz\nl2-k9\nl2-k3\nboard\nstop\nk3-k4\nmoves\nquit\n' | bounded 60 "$play" 10)" ||
        fail "$play 10 exited with $?"
    grep -q 'PARSE_ERROR' <<<"$output" || fail "$play: no parse error for zz: $output"
    grep -q '^Illegal move: .*ILLEGAL_MOVE' <<<"$output" || fail "$play: l2-k9 not refused: $output"
    grep -q '^Stopped: ' <<<"$output" || fail "$play: stop did not stop: $output"
    [ "$(grep -c '^The computer is thinking (type stop' <<<"$output")" = 2 ] ||
        fail "$play: the second move was not played: $output"
    grep -q '^The computer plays ' <<<"$output" || fail "$play: no computer move: $output"
    for level in 0 11 x '1 2'; do
        # shellcheck disable=SC2086 # '1 2' is two arguments
        if bounded 60 "$play" $level </dev/null >/dev/null 2>&1; then fail "$play accepted '$level'"; fi
    done
    ok "$play: a move and the answer, a stop while thinking, bad input and levels refused"
}
