#!/usr/bin/env bash
# The halma crate as a dependent builds it and as crates.io would get it (run by .ci/run):
#  1. the library with no default features, then with each feature alone, clippy with
#     warnings denied: no feature needs another one to compile or to be warning-free;
#  2. no C ABI without the `capi` feature: cbindgen is not in the dependency tree and the
#     rlib defines no halma_* symbol (with `capi`, both are there: the check can fail);
#  3. the package: `cargo publish --dry-run -p halma` (the packaged crate builds) with no
#     warning but the one cargo prints for each test, bench and example target the package
#     leaves out on purpose (they need the repository: its tools, the C library, data files).
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

echo "-- the package: cargo publish --dry-run -p halma"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
cargo publish --dry-run -p halma >"$log" 2>&1 || fail "cargo publish --dry-run: $(cat "$log")"
# The targets left out are under tests/, benches/ and examples/, each a warning of its own.
unexpected="$(grep '^warning: ' "$log" |
    grep -Ev '^warning: ignoring (test|benchmark|example) `[a-z_]+` as `(tests|benches|examples)/[a-z_]+\.rs` is not included in the published package$' |
    grep -v '^warning: aborting upload due to dry run$' || true)"
[ -z "$unexpected" ] || fail "cargo publish --dry-run warns: $unexpected"
grep -E '^ *Packaged ' "$log" | sed 's/^ */ok: /'
echo "ok: the package builds; left out on purpose: $(grep -c '^warning: ignoring' "$log") test, bench and example targets"
