#!/usr/bin/env bash
# The docs' pictures of the online game, from the running page: the game and the rules page
# in each language, on a desktop window and on a phone, into docs/images/ (README.md and
# docs/play.md show them). Run it after a change to the page, and commit the pictures.
#
#   bash scripts/screenshots.sh
#
# Needs cargo, Node.js 20 or later, Chromium and a Thai font; as root it installs Debian's
# chromium, fonts-thai-tlwg and pngquant (which keeps each picture small) when missing, and
# playwright-core from apps/web/e2e's lock file. HALMA_SERVER_BIN=path/to/halma-web
# photographs that server instead of building one.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

# shellcheck source=lib/toolchain.sh
. "$root/scripts/lib/toolchain.sh"
part="screenshots"
toolchain_node "$part"
toolchain_chromium "$part"
toolchain_playwright "$part" "$root/apps/web/e2e"
missing=()
[ -n "$(fc-list :lang=th 2>/dev/null)" ] || missing+=(fonts-thai-tlwg)
command -v pngquant >/dev/null || missing+=(pngquant)
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
[ -n "$(fc-list :lang=th 2>/dev/null)" ] ||
    { echo "screenshots: no Thai font (Debian: apt-get install fonts-thai-tlwg)" >&2; exit 1; }

binary="${HALMA_SERVER_BIN:-}"
if [ -z "$binary" ]; then
    cargo build --release -p halma-web
    binary="${CARGO_TARGET_DIR:-$root/target}/release/halma-web"
fi

work="$(mktemp -d)"
"$binary" --port 0 --database "sqlite://$work/games.sqlite3" >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

url=""
for _ in $(seq 1 100); do
    url="$(grep -o 'http://[0-9.:]*/' "$work/server.log" | head -n 1 || true)"
    [ -n "$url" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$url" ] || { echo "screenshots: the server printed no address" >&2; exit 1; }

mkdir -p docs/images
HALMA_URL="$url" CHROMIUM="$CHROMIUM" node scripts/screenshots.mjs docs/images
if command -v pngquant >/dev/null; then
    for png in docs/images/*.png; do
        pngquant --force --skip-if-larger --quality 70-95 --output "$png" "$png" || true
    done
fi
ls -l docs/images
