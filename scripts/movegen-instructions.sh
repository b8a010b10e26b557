#!/usr/bin/env bash
# Prints the instructions one operation of a move-generation workload takes, averaged over
# the benchmark positions (benches/positions.rs), counted by callgrind: exact and
# repeatable, unlike time.
#
#   scripts/movegen-instructions.sh [list|count|play]
#
# list: a full legal move generation into a move list; count: counting the moves without a
# list; play: one play plus undo. It runs the `generate` example with R and 2R rounds and
# divides the difference in instructions by the difference in operations, so start-up and
# parsing cancel out.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-list}
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
cargo build --quiet --release -p halma-tools --bin generate
binary=${CARGO_TARGET_DIR:-target}/release/generate
run() { # prints "<instructions> <operations>"
    local out
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$mode" 2>&1)
    echo "$(sed -n 's/.*Collected : *\([0-9]*\).*/\1/p' <<<"$out") $(grep -E '^[0-9]+$' <<<"$out" | tail -1)"
}
read -r small_instructions small_operations < <(run 1000)
read -r large_instructions large_operations < <(run 2000)
per_operation=$(( (large_instructions - small_instructions) / (large_operations - small_operations) ))
echo "$mode: $per_operation instructions per operation (mean over the benchmark positions)"
