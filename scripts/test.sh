#!/usr/bin/env bash
# Every test of the project, Rust, JavaScript and Python alike: the README's test command.
#
#   scripts/test.sh            # everything
#   scripts/test.sh rust wasm  # some parts only (rust, python, wasm, browser)
#
# Each part that needs a toolchain beyond Rust (Node.js and Chromium for the browser parts,
# Python 3 with venv for the Python package) prints a note and is skipped when that toolchain
# is missing, except under CI (CI=true), where a missing toolchain fails the run. Exits
# non-zero when any part fails, after running the others.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(rust python wasm browser)

ci() { [ "${CI:-}" = true ]; }

# A PostgreSQL for the server's storage tests: the one HALMA_TEST_POSTGRES names, else a
# local cluster started by apps/web/ci/postgres.sh where that can work (as root, or with
# Debian's postgresql installed); otherwise those tests print a note (and fail under CI).
postgres() {
    [ -z "${HALMA_TEST_POSTGRES:-}" ] || return 0
    if [ "$(id -u)" = 0 ] || { ls /usr/lib/postgresql/*/bin/pg_ctl && [ -n "$(pg_lsclusters -h 2>/dev/null)" ]; } >/dev/null 2>&1; then
        if url="$(bash apps/web/ci/postgres.sh)"; then
            export HALMA_TEST_POSTGRES="$url"
            return 0
        fi
    fi
    echo "test: no PostgreSQL (set HALMA_TEST_POSTGRES, or run as root to install Debian's): its tests print a note"
}

# The browser game's test needs Node.js and Chromium (apps/web/e2e/run.sh installs Debian's
# chromium as root).
browser() {
    if ! ci; then
        if ! command -v node >/dev/null; then
            echo "test: skipped the browser game: node (Node.js >= 20) is not installed"
            return 0
        fi
        if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ] && [ "$(id -u)" != 0 ]; then
            echo "test: skipped the browser game: no Chromium at ${CHROMIUM:-/usr/bin/chromium} (install Debian's chromium, or run as root)"
            return 0
        fi
    fi
    bash apps/web/e2e/run.sh
}

# name, then the command that runs the part's tests (the python and wasm scripts do their
# own toolchain checks and skip or fail by CI's rule).
run_part() {
    case "$1" in
        rust) postgres && cargo test --release --workspace ;;
        python) bash bindings/python/test.sh ;;
        wasm) bash bindings/wasm/test.sh ;;
        browser) browser ;;
        *)
            echo "test: unknown part '$1' (rust, python, wasm, browser)" >&2
            return 2
            ;;
    esac
}

failed=()
for part in "${parts[@]}"; do
    printf '\n==== test: %s\n' "$part"
    start=$SECONDS
    if run_part "$part"; then
        printf '==== test: %s passed (%d s)\n' "$part" $((SECONDS - start))
    else
        printf '==== test: %s FAILED (%d s)\n' "$part" $((SECONDS - start))
        failed+=("$part")
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "test: failed: ${failed[*]}" >&2
    exit 1
fi
echo "test: all passed"
