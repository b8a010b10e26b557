#!/usr/bin/env bash
# End-to-end test of the browser game (apps/web) in Debian's headless Chromium, driven by
# playwright-core (pinned in package.json / package-lock.json).
#
#   bash apps/web/e2e/run.sh                 # install what is missing, build, serve, test
#
# (The docs' pictures of the page: bash scripts/screenshots.sh.)
# Installs if missing: Debian's chromium (apt, as root), playwright-core (npm ci, from the
# lock file; it downloads no browser). Needs Node.js >= 20 and cargo; without Node.js or
# Chromium it prints a note and exits 0, except under CI=true (scripts/lib/toolchain.sh).
# HALMA_SERVER_BIN=path/to/halma-web tests that server instead of building one. Exits
# non-zero on any failure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
cd "$root"

if [ $# -gt 0 ]; then
  echo "usage: $0" >&2
  exit 2
fi

# shellcheck source=../../../scripts/lib/toolchain.sh
. "$root/scripts/lib/toolchain.sh"
part="the browser game's tests"
toolchain_node "$part"
toolchain_chromium "$part"
chromium="$CHROMIUM"
toolchain_playwright "$part" "$here"

# The server: HALMA_SERVER_BIN when given (scripts/test.sh gives the one its Rust tests
# built), else this build.
binary="${HALMA_SERVER_BIN:-}"
if [ -z "$binary" ]; then
  cargo build --release -p halma-web
  binary="${CARGO_TARGET_DIR:-$root/target}/release/halma-web"
fi
echo "e2e: server $binary"

work="$(mktemp -d)"
log="$work/server.log"
database="sqlite://$work/games.sqlite3"
# The server runs no engine: every computer move and hint of these tests is searched in the
# browser (halma.js), so a page that asked the server to search would get 501 and fail. A
# player of a friend game may claim the win after 2 s of the friend's absence, not 120, as
# on the friend test's own servers.
server_args=(--no-engine --abandon-after-secs 2)
"$binary" --port 0 --database "$database" "${server_args[@]}" >"$log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://[0-9.:]*/' "$log" | head -n 1 || true)"
  [ -n "$url" ] && break
  if ! kill -0 "$server" 2>/dev/null; then
    echo "e2e: the server did not start:" >&2
    cat "$log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "e2e: the server printed no address" >&2
  exit 1
fi
echo "e2e: server at $url"

# The friend test's two server processes share a PostgreSQL: HALMA_TEST_POSTGRES, else the
# local cluster apps/web/ci/postgres.sh starts (as root, as under CI).
if [ -z "${HALMA_TEST_POSTGRES:-}" ] && [ "$(id -u)" = 0 ]; then
  HALMA_TEST_POSTGRES="$(bash "$root/apps/web/ci/postgres.sh")"
  export HALMA_TEST_POSTGRES
fi
HALMA_URL="$url" CHROMIUM="$chromium" HALMA_SERVER_BIN="$binary" \
  node --test --test-reporter=spec "$here/languages.test.mjs" "$here/record.test.mjs" \
  "$here/page.test.mjs" "$here/friend.test.mjs" "$here/friendpage.test.mjs"
# The game test restarts the server (SIGTERM, then the same binary on the same port and database)
# to check that a game resumes from its link, so it runs last.
port="${url##*:}"
port="${port%/}"
HALMA_URL="$url" CHROMIUM="$chromium" \
  HALMA_SERVER_PID="$server" HALMA_SERVER_BIN="$binary" HALMA_SERVER_PORT="$port" \
  HALMA_DATABASE="$database" HALMA_SERVER_ARGS="${server_args[*]}" \
  node --test --test-concurrency=1 --test-reporter=spec "$here/game.test.mjs" "$here/offline.test.mjs"
