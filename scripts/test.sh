#!/usr/bin/env bash
# Every test of the project, Rust, JavaScript and Python alike: the README's test command.
#
#   scripts/test.sh            # everything
#   scripts/test.sh rust wasm  # some parts only (rust, python, wasm, browser, docs)
#
# Each part that needs a toolchain beyond Rust (Node.js and Chromium for the browser parts,
# Python 3 with venv for the Python package) prints a note and is skipped when that toolchain
# is missing, except under CI (CI=true), where a missing toolchain fails the run. Exits
# non-zero when any part fails, after running the others.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The tests build at release optimisation but without the release profile's LTO at one codegen
# unit (Cargo.toml): that is for the programs and libraries people run, and links each of the
# ~50 test programs whole, which made the build most of the test command's time. Every part
# below runs with it (their scripts build with --release), so they share one build.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(rust python wasm browser docs)

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

# What the tests of the operator's kit need beyond PostgreSQL (nginx, openssl,
# systemd-analyze): installed by apps/web/ci/kit.sh where that can work (as root); otherwise
# those tests print a note when a tool is missing (and fail under CI).
kit_tools() {
    if [ "$(id -u)" = 0 ]; then
        bash apps/web/ci/kit.sh || echo "test: the kit's tools could not be installed: their tests print a note"
    fi
    return 0
}

# A PostgreSQL over TLS (its own cluster, a certificate of a test CA made at set-up), for the
# server's TLS tests: the one HALMA_TEST_POSTGRES_TLS names, else one started by
# apps/web/ci/postgres-tls.sh as root; otherwise those tests print a note (and fail under CI).
postgres_tls() {
    [ -z "${HALMA_TEST_POSTGRES_TLS:-}" ] || return 0
    if [ "$(id -u)" = 0 ] && ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
        local variables
        if variables="$(bash apps/web/ci/postgres-tls.sh)"; then
            eval "$variables"
            return 0
        fi
    fi
    echo "test: no PostgreSQL over TLS (run as root to make one): its tests print a note"
}

# The Rust tests; they build the server the browser part then runs.
rust_tests() { cargo test --release --workspace "$@"; }

# The page's unit tests under Node (apps/web/unit/run.sh), then the browser game's test
# (apps/web/e2e/run.sh checks for Node.js and Chromium itself). After
# the Rust tests it runs the server they built: its own `cargo build -p halma-web` would
# resolve the library's features for that package alone and build the library and the server
# again. Cargo names that binary (an artefact of the Rust tests' build, already fresh).
browser() {
    local server=""
    if [ -n "$rust_ran" ]; then
        server="$(rust_tests --no-run --message-format=json 2>/dev/null |
            grep -F '"kind":["bin"],"crate_types":["bin"],"name":"halma-web",' |
            grep -F '"test":false' | sed -n 's/.*"executable":"\([^"]*\)".*/\1/p' | head -n 1)"
        echo "test: the browser game against ${server:-a server of its own build}"
    fi
    bash apps/web/unit/run.sh && HALMA_SERVER_BIN="$server" bash apps/web/e2e/run.sh
}

# name, then the command that runs the part's tests (the python, wasm and browser scripts do
# their own toolchain checks and skip or fail by CI's rule, scripts/lib/toolchain.sh).
run_part() {
    case "$1" in
        rust) rust_ran=1 && postgres && kit_tools && postgres_tls && rust_tests ;;
        python) bash bindings/python/test.sh ;;
        wasm) bash bindings/wasm/test.sh ;;
        browser) browser ;;
        docs) python3 scripts/check-docs.py ;; # every code block of the docs runs or is checked
        *)
            echo "test: unknown part '$1' (rust, python, wasm, browser, docs)" >&2
            return 2
            ;;
    esac
}

rust_ran=""
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
