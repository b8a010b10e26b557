#!/usr/bin/env bash
# The JS module's tests, against the committed halma.wasm (or --wasm PATH):
#   - Node (test/node.test.mjs): the rules agree with the native library on generated
#     positions, perft(3) from the start is 85,440, searches at depth and node limits find
#     the native moves and node counts, bad input gets errors;
#   - the engine protocol (test/protocol.test.mjs): tools/protocol-player.mjs, the module as
#     a program the match tool plays, answers as the native engine (halma-tools' `engine`)
#     does, refuses garbage and goes on, quits;
#   - headless Chromium (test/browser.test.mjs, Debian's /usr/bin/chromium driven by
#     playwright-core): the Engine in its Web Worker, info as it goes, stop mid-search
#     (shared flag on a cross-origin isolated page, terminate() on a plain one), a trap
#     answered as an error and the worker replaced, garbage refused.
#
#   bash bindings/wasm/test.sh [--wasm PATH] [--speed]
#
# --speed then prints wasm against native nodes/s in Node and Chromium (test/speed.mjs:
# native and wasm searches interleaved in rounds; the median and best ratio). Without node
# or Chromium the tests that need them print a note and pass, except under CI=true, where
# they fail (scripts/lib/toolchain.sh). As root, Debian's chromium is installed when missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

wasm="$here/halma.wasm"
speed=""
while [ $# -gt 0 ]; do
  case "$1" in
    --wasm) wasm="$(realpath "$2")"; shift 2 ;;
    --speed) speed=1; shift ;;
    *) echo "usage: $0 [--wasm PATH] [--speed]" >&2; exit 2 ;;
  esac
done

say() { printf 'wasm tests: %s\n' "$*"; }
# shellcheck source=../../scripts/lib/toolchain.sh
. "$root/scripts/lib/toolchain.sh"
part="wasm tests"

toolchain_node "$part"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

say "the native side (cargo run --release -p halma-wasm --example ..., halma-tools' engine)"
# One build for both packages: apart, each would build the library with its own features.
cargo build --release --quiet -p halma-wasm --example native_moves --example native_search \
  -p halma-tools --bin engine
target="${CARGO_TARGET_DIR:-$root/target}/release/examples"
"$target/native_moves" 10 1 >"$work/moves.jsonl"
"$target/native_search" depth 7 >"$work/searches.jsonl"
"$target/native_search" nodes 20000 >>"$work/searches.jsonl"

say "Node $(node --version), module $wasm"
HALMA_WASM="$wasm" NATIVE_MOVES="$work/moves.jsonl" NATIVE_SEARCHES="$work/searches.jsonl" \
  node --test --test-reporter=spec "$here/test/node.test.mjs"
HALMA_WASM="$wasm" NATIVE_ENGINE="$target/../engine" \
  node --test --test-reporter=spec "$here/test/protocol.test.mjs"


toolchain_chromium "$part"
chromium="$CHROMIUM"
toolchain_playwright "$part" "$here/test"
say "$("$chromium" --version)"
HALMA_WASM="$wasm" CHROMIUM="$chromium" \
  node --test --test-reporter=spec "$here/test/browser.test.mjs"

if [ -n "$speed" ]; then
  say "wasm against native nodes/s (test/speed.mjs), interleaved rounds"
  node "$here/test/speed.mjs" --native "$target/native_search" --chromium "$chromium" --wasm "$wasm"
fi
