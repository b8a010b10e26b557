#!/usr/bin/env bash
# The npm package as the registry would take it (run by .ci/run): `npm pack` in bindings/wasm,
# the tarball installed into a fresh project outside the repository (a copy of
# bindings/wasm/test/consumer/), then bindings/wasm/test/package.test.mjs: the tarball's files,
# the installed manifest (the crate's version), a game in Node.js with init() finding
# halma.wasm by itself, a TypeScript program checked against the declarations, the same game
# in Chromium from a page and from a worker of the page's own, no bundler.
#
#   bash scripts/check-npm-package.sh
#
# Needs Node.js, npm and Chromium; without them it prints a note and passes, except under
# CI=true, where it fails (scripts/lib/toolchain.sh).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
wasm="$root/bindings/wasm"
part="the npm package"

# shellcheck source=lib/toolchain.sh
. "$root/scripts/lib/toolchain.sh"
toolchain_node "$part"
command -v npm >/dev/null || toolchain_missing "$part" "npm is not installed"
toolchain_chromium "$part"
toolchain_playwright "$part" "$wasm/test"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export npm_config_audit=false npm_config_fund=false npm_config_loglevel=error \
    npm_config_update_notifier=false

version="$(bash "$root/scripts/version.sh")"
echo "-- npm pack (bindings/wasm, version $version)"
(cd "$wasm" && npm pack --silent --pack-destination "$work" >/dev/null)
tarball="$work/halma-$version.tgz"
[ -f "$tarball" ] || { echo "npm pack made no $tarball: $(ls "$work")" >&2; exit 1; }
echo "ok: $(basename "$tarball"), $(wc -c <"$tarball") bytes"

echo "-- a fresh project, the tarball installed (npm install, offline: it has no dependencies)"
cp -r "$wasm/test/consumer" "$work/project"
(cd "$work/project" && npm install --offline "$tarball" >/dev/null)

echo "-- the package in Node.js $(node --version), TypeScript, $("$CHROMIUM" --version)"
HALMA_TARBALL="$tarball" HALMA_PROJECT="$work/project" HALMA_VERSION="$version" \
    node --test --test-reporter=spec "$wasm/test/package.test.mjs"
