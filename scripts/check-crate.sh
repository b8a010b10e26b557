#!/usr/bin/env bash
# The halma crate as a dependent builds it and as crates.io would get it (run by .ci/run):
#  1. the library with no default features, then with each feature alone, clippy with
#     warnings denied: no feature needs another one to compile or to be warning-free;
#  2. no C ABI without the `capi` feature: cbindgen is not in the dependency tree and the
#     rlib defines no halma_* symbol (with `capi`, both are there: the check can fail);
#  3. the package: `cargo publish --dry-run -p halma` (the packaged crate builds) with no
#     warning at all (but cargo's note that a dry run does not upload): every target the
#     published manifest declares ships (the integration tests and benches, which need the
#     repository, belong to the unpublished halma-tests package, tests/harness/);
#  4. the package on its own: the .crate unpacked outside the workspace, where it builds and
#     passes its tests, example and header check (`cargo test --all-features`) from the
#     published manifest and lock file alone.
# Any failure stops it (exit 1).
#   bash scripts/check-crate.sh
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "FAILED: $*" >&2
    exit 1
}

echo "-- halma with no default features, then each feature alone (clippy, -D warnings)"
features="$(cargo metadata --no-deps --format-version 1 | python3 -c '
import json, sys
package = next(p for p in json.load(sys.stdin)["packages"] if p["name"] == "halma")
print(" ".join(sorted(name for name in package["features"] if name != "default")))')"
[ -n "$features" ] || fail "no features found in the manifest"
# --release: the profile of .ci/run's clippy step, whose checked dependencies it reuses.
cargo clippy --quiet --release -p halma --lib --no-default-features -- -D warnings
for feature in $features; do
    cargo clippy --quiet --release -p halma --lib --no-default-features --features "$feature" \
        -- -D warnings
    echo "ok: --no-default-features, and --features $feature alone"
done

echo "-- no C ABI without the capi feature"
# How often cbindgen is in halma's dependency tree (as a dependent sees it: no dev-dependencies).
cbindgen() { cargo tree -p halma -e normal,build --prefix none "$@" | grep -c '^cbindgen ' || true; }
[ "$(cbindgen)" = 0 ] || fail "cbindgen is in halma's dependency tree without capi"
[ "$(cbindgen --features capi)" -gt 0 ] || fail "the check sees no cbindgen even with capi"
# Where cargo puts its output (CARGO_TARGET_DIR, .cargo/config.toml or target/).
target_dir="$(cargo metadata --no-deps --format-version 1 |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')"
# The C functions the rlib defines (nm reads the archive's objects; its metadata is no
# object). A debug build: the quickest, and what `cargo publish` verifies with next.
c_functions() {
    cargo build --quiet -p halma --lib --no-default-features "$@"
    nm --defined-only "$target_dir/debug/libhalma.rlib" 2>/dev/null | grep -c ' T halma_' || true
}
[ "$(c_functions)" = 0 ] || fail "the rlib defines halma_* functions without capi"
with_capi="$(c_functions --features capi)"
[ "$with_capi" -gt 0 ] || fail "the check sees no halma_* function even with capi"
echo "ok: no cbindgen and no halma_* function without capi ($with_capi functions with it)"

echo "-- the package: cargo publish --dry-run -p halma, no warning"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
log="$scratch/publish.log"
cargo publish --dry-run -p halma >"$log" 2>&1 || fail "cargo publish --dry-run: $(cat "$log")"
unexpected="$(grep -E '^(warning|error)' "$log" | grep -vx 'warning: aborting upload due to dry run' || true)"
[ -z "$unexpected" ] || fail "cargo publish --dry-run warns: $unexpected"
grep -E '^ *Packaged ' "$log" | sed 's/^ */ok: /'

echo "-- the package on its own: unpacked outside the workspace, cargo test --all-features"
cargo package --quiet -p halma --no-verify
version="$(cargo pkgid -p halma | sed 's/.*[#@]//')"
tar -xzf "$target_dir/package/halma-$version.crate" -C "$scratch"
# A workspace of its own (in mktemp's directory), the published lock file, and the
# workspace's target directory, whose dependencies built above it reuses (its halma has a
# hash of its own; its example binary, target/debug/examples/perft, is the same code).
(cd "$scratch/halma-$version" && CARGO_TARGET_DIR="$target_dir" cargo test --locked \
    --all-features >"$scratch/test.log" 2>&1) || fail "the unpacked package: $(cat "$scratch/test.log")"
unexpected="$(grep -E '^warning' "$scratch/test.log" || true)"
[ -z "$unexpected" ] || fail "the unpacked package warns: $unexpected"
grep -q '^test committed_header_is_the_one_cbindgen_generates ... ok$' "$scratch/test.log" ||
    fail "the unpacked package did not check its header: $(cat "$scratch/test.log")"
echo "ok: the unpacked package builds and passes its tests ($(grep -c '^test result: ok' "$scratch/test.log") binaries, doctests included)"
