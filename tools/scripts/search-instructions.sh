#!/usr/bin/env bash
# Prints the instructions the search takes per node over the bench positions (the `bench`
# tool at DEPTH, 8 by default), counted by callgrind: exact and repeatable whatever else
# the machine does, unlike nodes per second. Only the alpha-beta recursion is counted
# (callgrind's --toggle-collect on `Searcher::node`, whatever board the search is generic
# over): clearing and allocating the table, which the bench does per position and callgrind
# counts a byte at a time, stay out.
#
#   tools/scripts/search-instructions.sh [DEPTH] [setting=value,...]
#
# BENCH=path/to/bench measures another build's bench (e.g. a baseline's) instead.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
if [ -z "${BENCH:-}" ]; then
    cargo build --quiet --release -p halma-tools --bin bench
    BENCH=${CARGO_TARGET_DIR:-target}/release/bench
fi
out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --toggle-collect='halma::search::alphabeta::Searcher*::node' "$BENCH" "$@" 2>&1)
nodes=$(sed -n 's/^\([0-9]*\) nodes$/\1/p' <<<"$out")
instructions=$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<<"$out")
echo "$nodes nodes, $instructions instructions in the search, $(( instructions / nodes )) per node"
