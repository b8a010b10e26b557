# The test scripts' one rule for a toolchain beyond Rust (Node.js, Chromium, Python): when it
# is missing, the part prints a note and is skipped on a developer's machine, and fails under
# CI (CI=true), where every test must test. Sourced (bash) by bindings/python/test.sh,
# bindings/wasm/test.sh and apps/web/e2e/run.sh:
#
#   . "$root/scripts/lib/toolchain.sh"
#   command -v python3 >/dev/null || toolchain_missing "the Python package" "python3 not found"
#   toolchain_node "the browser game"
#   toolchain_chromium "the browser game"        # sets and exports CHROMIUM
#   toolchain_playwright "the browser game" "$here"
#
# Each function ends the script (exit 0 with a note, or exit 1 under CI) when the toolchain
# is missing.

# toolchain_missing PART REASON: skips PART (exit 0) with a note, or fails (exit 1) under CI.
toolchain_missing() {
    if [ "${CI:-}" = true ]; then
        echo "$1: $2 (CI=true: failing)" >&2
        exit 1
    fi
    echo "$1: skipped: $2"
    exit 0
}

# toolchain_node PART: Node.js 20 or later on the PATH.
toolchain_node() {
    command -v node >/dev/null || toolchain_missing "$1" "node (Node.js >= 20) is not installed"
    local major
    major="$(node -p 'process.versions.node.split(".")[0]')"
    [ "$major" -ge 20 ] || toolchain_missing "$1" "node $(node --version) is older than 20"
}

# toolchain_chromium PART: Chromium at $CHROMIUM (default /usr/bin/chromium), Debian's
# installed when it is missing and this runs as root; exports CHROMIUM.
toolchain_chromium() {
    CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
    if [ ! -x "$CHROMIUM" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "$1: installing Debian's chromium"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
    [ -x "$CHROMIUM" ] ||
        toolchain_missing "$1" "no Chromium at $CHROMIUM (install Debian's chromium, or run as root)"
    export CHROMIUM
}

# toolchain_playwright PART DIR: playwright-core in DIR/node_modules, installed from DIR's
# lock file when missing (npm ci; it downloads no browser).
toolchain_playwright() {
    [ -f "$2/node_modules/playwright-core/package.json" ] && return 0
    command -v npm >/dev/null || toolchain_missing "$1" "npm is not installed (for playwright-core)"
    echo "$1: installing playwright-core (npm ci, from the lock file; it downloads no browser)"
    (cd "$2" && npm ci --no-audit --no-fund --loglevel=error)
}
