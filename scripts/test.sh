#!/usr/bin/env bash
# Every test of the project, Rust, JavaScript and Python alike: the README's test command.
#
#   scripts/test.sh            # everything
#   scripts/test.sh rust js    # some parts only (rust, python, wasm, browser)
#
# Each part that needs a toolchain beyond Rust (Node.js and Chromium for the browser parts,
# Python 3 with venv for the Python package) prints a note and is skipped when that toolchain
# is missing, except under CI (CI=true), where a missing toolchain fails the run. Exits
# non-zero when any part fails, after running the others.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(rust python wasm browser)

# name, then the command that runs the part's tests (each part script does its own
# toolchain check and skips or fails by CI's rule).
run_part() {
    case "$1" in
        rust) cargo test --release --workspace ;;
        python) bash bindings/python/test.sh ;;
        wasm) bash bindings/wasm/test.sh ;;
        browser) bash apps/web/e2e/run.sh ;;
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
