#!/usr/bin/env bash
# Runs each cargo-fuzz target of fuzz/ briefly (libFuzzer, address sanitizer), starting from
# the committed seeds in fuzz/seeds/<target> and the local corpus in fuzz/corpus/<target>
# (git-ignored). Exits non-zero when a target finds a crash (or fails to build), printing
# the reproducer and the command that replays it. Needs a nightly toolchain (rustup); without
# one it prints a skip message and exits 0. Installs cargo-fuzz (pinned) when it is missing.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
#   SECONDS_PER_TARGET  default $FUZZ_SECONDS, else 25 (the whole run, build included,
#                       then stays under about 5 minutes on 2 cores)
#   TARGET...           default: every target (position_text position_parts move_text ffi_calls
#                       engine_calls)
# Environment:
#   FUZZ_SECONDS        seconds per target (the first argument wins)
#   FUZZ_TIMEOUT        seconds one input may take before it counts as a hang (default 20)
#   FUZZ_TARGET_DIR     the fuzz crate's build directory (default fuzz/target)
#   CARGO_FUZZ_VERSION  the cargo-fuzz version to install when missing (default 0.13.2)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

all_targets=(position_text position_parts move_text ffi_calls engine_calls)
seconds="${FUZZ_SECONDS:-25}"
if [[ $# -gt 0 && "$1" =~ ^[0-9]+$ ]]; then
    seconds="$1"
    shift
fi
if [[ $# -gt 0 ]]; then
    targets=("$@")
else
    targets=("${all_targets[@]}")
fi
timeout_s="${FUZZ_TIMEOUT:-20}"
cargo_fuzz_version="${CARGO_FUZZ_VERSION:-0.13.2}"

if ! command -v rustup >/dev/null 2>&1 || ! rustup toolchain list | grep -q nightly; then
    echo "fuzz: skipped: no nightly Rust toolchain (cargo-fuzz needs one: rustup toolchain install nightly)"
    exit 0
fi

if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz: installing cargo-fuzz $cargo_fuzz_version (about a minute on 2 cores)"
    start=$SECONDS
    cargo install cargo-fuzz --version "$cargo_fuzz_version" --locked
    echo "fuzz: cargo-fuzz installed in $((SECONDS - start)) s"
fi
echo "fuzz: $(cargo +nightly fuzz --version), $(rustup run nightly rustc --version)"

# The fuzz crate is its own workspace with its own build directory, whatever the caller's
# CARGO_TARGET_DIR says (cargo-fuzz looks for its binaries there).
export CARGO_TARGET_DIR="${FUZZ_TARGET_DIR:-$root/fuzz/target}"

start=$SECONDS
if ! cargo +nightly fuzz build; then
    echo "fuzz: FAILED: the fuzz targets do not build"
    exit 1
fi
echo "fuzz: built in $((SECONDS - start)) s"

failed=()
for target in "${targets[@]}"; do
    corpus="fuzz/corpus/$target"
    seeds="fuzz/seeds/$target"
    artifacts="fuzz/artifacts/$target"
    mkdir -p "$corpus" "$artifacts"
    seed_dirs=()
    if [[ -d "$seeds" ]]; then
        seed_dirs=("$seeds")
    fi
    echo "fuzz: $target for ${seconds} s"
    log="$(mktemp)"
    status=0
    cargo +nightly fuzz run "$target" "$corpus" "${seed_dirs[@]}" -- \
        -max_total_time="$seconds" -timeout="$timeout_s" -print_final_stats=0 \
        >"$log" 2>&1 || status=$?
    if [[ $status -eq 0 ]]; then
        grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 | sed "s/^/fuzz: $target: /" || true
    else
        # The crash report: the panic or sanitizer message and the reproducer's path.
        grep -E -A 12 'panicked at|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|==ERROR' "$log" |
            head -n 40 || true
        artifact="$(grep -oE "$artifacts/[a-z-]+-[0-9a-f]+" "$log" | tail -n 1 || true)"
        echo "fuzz: FAILED: $target (exit status $status)"
        if [[ -n "$artifact" ]]; then
            echo "fuzz: reproducer: $artifact"
            echo "fuzz: replay it with: cargo +nightly fuzz run $target $artifact"
        else
            tail -n 30 "$log"
        fi
        failed+=("$target")
    fi
    rm -f "$log"
done

echo "fuzz: finished in $((SECONDS - start)) s in all"
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: FAILED targets: ${failed[*]}"
    exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran ${seconds} s each without a crash"
