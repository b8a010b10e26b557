#!/usr/bin/env bash
# The README's capacity table: each kind of request from the load tool against one and two
# server processes sharing one database, SQLite and PostgreSQL (the latter when
# HALMA_TEST_POSTGRES names one, in a schema of its own, dropped after). Loopback only; each
# run stops by itself.
#
#   cargo build --release -p halma-web -p halma-web-lab
#   export HALMA_TEST_POSTGRES="$(bash apps/web/ci/postgres.sh)"   # optional
#   bash apps/web/ci/capacity.sh [BINARY_DIR]   # default target/release; SECONDS_EACH=5
set -euo pipefail
bin="${1:-target/release}"
seconds="${SECONDS_EACH:-5}"
work="$(mktemp -d)"
pids=()
schema=""

stop_servers() {
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    pids=()
}
cleanup() {
    stop_servers
    if [ -n "$schema" ]; then
        psql "$HALMA_TEST_POSTGRES" -qc "DROP SCHEMA $schema CASCADE" >/dev/null 2>&1 || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# start PORT URL: a server whose one load-tool "client" (one address) may use every engine.
start() {
    RUST_LOG=warn "$bin/halma-web" --port "$1" --database "$2" --games-per-minute 1000000 \
        --engines-per-client 2 --searches-per-client 1000 --connections-per-client 1000 \
        >/dev/null 2>&1 &
    pids+=("$!")
    for _ in $(seq 100); do
        curl -sf "http://127.0.0.1:$1/healthz" >/dev/null && return
        sleep 0.1
    done
    echo "the server on port $1 did not start" >&2
    exit 1
}

load() {
    "$bin/halma-web-load" --addr "$1" --kind "$2" --clients "$3" --seconds "$seconds" ${4:+--level "$4"}
}

rss() {
    for pid in "${pids[@]}"; do
        printf '%s ' "$(awk '/VmRSS/ {print $2}' "/proc/$pid/status") KiB"
    done
    echo
}

databases=("sqlite://$work/games.sqlite3")
if [ -n "${HALMA_TEST_POSTGRES:-}" ]; then
    schema="capacity_$$"
    psql "$HALMA_TEST_POSTGRES" -qc "CREATE SCHEMA $schema" >/dev/null
    databases+=("$HALMA_TEST_POSTGRES?options=-c%20search_path%3D$schema")
fi

echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
for url in "${databases[@]}"; do
    for processes in 1 2; do
        addrs="127.0.0.1:8191"
        start 8191 "$url"
        if [ "$processes" = 2 ]; then
            start 8192 "$url"
            addrs="$addrs,127.0.0.1:8192"
        fi
        echo "== ${url%%:*}, $processes process(es)"
        load "$addrs" state 50
        load "$addrs" move 50
        load "$addrs" computer $((2 * processes)) 5
        if [ "$processes" = 1 ] && [ "${url%%:*}" = sqlite ]; then
            load "$addrs" computer 2 1
            load "$addrs" computer 2 10
        fi
        echo "RSS after: $(rss)"
        stop_servers
    done
done
echo "machine: load average $(cut -d' ' -f1-3 /proc/loadavg) after the runs"
