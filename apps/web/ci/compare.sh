#!/usr/bin/env bash
# Two builds of the server side by side in one run: state reads (GET /api/games/{id}) and
# moves (POST .../move) a second, 50 clients, SQLite, one process each, the two builds
# alternating (their order swapped every round, a fresh database each run), then the median
# of each and the median of the rounds' ratios, new to old. Loopback only; each run stops by
# itself. Figures for the docs, never for a test.
#
#   cargo build --release -p halma-web -p halma-web-lab   # and the other build, in its own worktree
#   bash apps/web/ci/compare.sh OLD_DIR NEW_DIR  # each a directory holding a halma-web
#   ROUNDS=4 SECONDS_EACH=5 CLIENTS=50           # the defaults
#
# The load is NEW_DIR's halma-web-load, for both.
set -euo pipefail
old="${1:?usage: compare.sh OLD_DIR NEW_DIR}"
new="${2:?usage: compare.sh OLD_DIR NEW_DIR}"
rounds="${ROUNDS:-4}"
seconds="${SECONDS_EACH:-5}"
clients="${CLIENTS:-50}"
port=8193
work="$(mktemp -d)"
pid=""

cleanup() {
    [ -z "$pid" ] || { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; }
    rm -rf "$work"
}
trap cleanup EXIT

# run NAME DIR KIND: one server of DIR on a fresh database, one load of KIND; prints
# "NAME KIND PER_SECOND".
run() {
    rm -f "$work"/games.sqlite3*
    RUST_LOG=warn "$2/halma-web" --port "$port" --database "sqlite://$work/games.sqlite3" \
        --games-per-minute 1000000 --connections-per-client 1000 >/dev/null 2>&1 &
    pid="$!"
    for _ in $(seq 100); do
        curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
        sleep 0.1
    done
    local line
    line="$("$new/halma-web-load" --addr "127.0.0.1:$port" --kind "$3" --clients "$clients" \
        --seconds "$seconds")"
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    pid=""
    echo "$1 $3 $(echo "$line" | sed -n 's/.*ok (\([0-9]*\)\/s).*/\1/p')" | tee -a "$work/figures"
}

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
for round in $(seq "$rounds"); do
    for kind in state move; do
        if [ $((round % 2)) = 1 ]; then
            run old "$old" "$kind"
            run new "$new" "$kind"
        else
            run new "$new" "$kind"
            run old "$old" "$kind"
        fi
    done
done
echo "machine: load average $(cut -d' ' -f1-3 /proc/loadavg) after the runs"
# The median of a list of numbers, one a line.
median() {
    sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
for kind in state move; do
    before="$(grep "^old $kind " "$work/figures" | cut -d' ' -f3 | median)"
    after="$(grep "^new $kind " "$work/figures" | cut -d' ' -f3 | median)"
    # Each round's two runs side by side: the load of the machine changes less within a round.
    paired="$(paste <(grep "^old $kind " "$work/figures" | cut -d' ' -f3) \
        <(grep "^new $kind " "$work/figures" | cut -d' ' -f3) |
        awk '{ printf "%.3f\n", $2 / $1 }' | median)"
    echo "$kind: median $before/s before, $after/s now; now/before by round, median $paired"
done
