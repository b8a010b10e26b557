#!/usr/bin/env bash
# The one version of the crate, the npm package, the Python package and the C library: the
# workspace's, `[workspace.package] version` in Cargo.toml. Every crate takes it
# (`version.workspace = true`); maturin gives it to the Python package (pyproject.toml's
# `dynamic = ["version"]`); the C library's SONAME and `halma_version()` read it at build
# time. Three places must carry it as text, and follow it: bindings/wasm/package.json (npm
# packs that file), the header's HALMA_VERSION_* (cbindgen writes literals only:
# src/ffi/version.rs, whose build fails when they differ, and include/halma.h), and
# Cargo.lock.
#
#   bash scripts/version.sh                # prints the version
#   bash scripts/version.sh --check        # every place agrees with it, and --set works: a
#                                          # copy of the repository set to another version
#                                          # passes --check (run by .ci/run)
#   bash scripts/version.sh --set X.Y.Z    # sets it everywhere; then rebuild halma.wasm
#                                          # (bash bindings/wasm/build.sh: Cargo.toml is
#                                          # among its sources)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

fail() {
    echo "version: $*" >&2
    exit 1
}

# The workspace's version, from Cargo.toml under $1.
workspace_version() {
    sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"$/\1/p' "$1/Cargo.toml"
}

# A header constant's value (HALMA_VERSION_$2) in the file $1 (a #define or a Rust const).
header_number() {
    sed -n -e "s/^#define HALMA_VERSION_$2 \([0-9]*\)$/\1/p" \
        -e "s/^pub const HALMA_VERSION_$2: u32 = \([0-9]*\);$/\1/p" "$1"
}

# Every place under $1 agrees with its workspace version; says what does not.
check() {
    local dir="$1" version problems=()
    version="$(workspace_version "$dir")"
    [ -n "$version" ] || fail "no [workspace.package] version in $dir/Cargo.toml"
    # Each crate's, as cargo resolves it, with Cargo.lock current (--locked).
    local metadata others
    if metadata="$(cd "$dir" && cargo metadata --locked --offline --no-deps --format-version 1)"; then
        others="$(python3 -c 'import json, sys
version = sys.argv[1]
print(" ".join(p["name"] + " " + p["version"] for p in json.load(sys.stdin)["packages"]
               if p["version"] != version))' "$version" <<<"$metadata")"
        [ -z "$others" ] || problems+=("crates with another version: $others")
    else
        problems+=("cargo metadata --locked failed: Cargo.lock does not follow Cargo.toml")
    fi
    local npm
    npm="$(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$dir/bindings/wasm/package.json")"
    [ "$npm" = "$version" ] || problems+=("bindings/wasm/package.json has version '$npm'")
    grep -q '^dynamic = \["version"\]$' "$dir/bindings/python/pyproject.toml" ||
        problems+=("bindings/python/pyproject.toml does not take its version from Cargo.toml (dynamic)")
    local file header
    for file in src/ffi/version.rs include/halma.h; do
        header="$(header_number "$dir/$file" MAJOR).$(header_number "$dir/$file" MINOR).$(header_number "$dir/$file" PATCH)"
        [ "$header" = "${version%%-*}" ] || problems+=("$file has version $header")
    done
    if [ ${#problems[@]} -gt 0 ]; then
        printf 'version: %s\n' "${problems[@]}" >&2
        fail "not every place has the workspace's version $version (bash scripts/version.sh --set $version)"
    fi
    echo "ok: version $version in every crate, Cargo.lock, package.json, pyproject.toml (dynamic), the C header"
}

# Sets the version under $1 to $2 in every place that carries it as text.
set_version() {
    local dir="$1" version="$2"
    [[ "$version" =~ ^([0-9]+)\.([0-9]+)\.([0-9]+)(-[0-9A-Za-z.-]+)?$ ]] ||
        fail "'$version' is not a semver version (X.Y.Z or X.Y.Z-pre)"
    local parts=("${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" "${BASH_REMATCH[3]}")
    sed -i '/^\[workspace.package\]/,/^\[/s/^version = ".*"$/version = "'"$version"'"/' "$dir/Cargo.toml"
    sed -i 's/^  "version": ".*",$/  "version": "'"$version"'",/' "$dir/bindings/wasm/package.json"
    local i name=(MAJOR MINOR PATCH)
    for i in 0 1 2; do
        sed -i -e "s/^#define HALMA_VERSION_${name[i]} [0-9]*$/#define HALMA_VERSION_${name[i]} ${parts[i]}/" \
            "$dir/include/halma.h"
        sed -i -e "s/^pub const HALMA_VERSION_${name[i]}: u32 = [0-9]*;$/pub const HALMA_VERSION_${name[i]}: u32 = ${parts[i]};/" \
            "$dir/src/ffi/version.rs"
    done
    (cd "$dir" && cargo update --offline --workspace --quiet)
}

case "${1:-}" in
    "")
        workspace_version "$root"
        ;;
    --check)
        check "$root"
        # --set on a copy of the repository's files (without target/), then --check there.
        scratch="$(mktemp -d)"
        trap 'rm -rf "$scratch"' EXIT
        (cd "$root" && git ls-files -z --cached --others --exclude-standard |
            while IFS= read -r -d '' file; do [ ! -e "$file" ] || printf '%s\0' "$file"; done |
            xargs -0 cp --parents -t "$scratch")
        # Another number in each part, so that a part --set leaves alone fails the check.
        IFS=.- read -r major minor patch _ <<<"$(workspace_version "$root")"
        next="$((major + 1)).$((minor + 1)).$((patch + 1))"
        set_version "$scratch" "$next"
        [ "$(workspace_version "$scratch")" = "$next" ] || fail "--set $next did not set Cargo.toml"
        (check "$scratch") >/dev/null || fail "after --set $next, a copy of the repository fails --check"
        echo "ok: --set $next on a copy of the repository, which then passes --check"
        ;;
    --set)
        [ $# = 2 ] || fail "usage: $0 --set X.Y.Z"
        set_version "$root" "$2"
        check "$root"
        echo "now rebuild halma.wasm (bash bindings/wasm/build.sh) and commit it apart"
        ;;
    *)
        echo "usage: $0 [--check | --set X.Y.Z]" >&2
        exit 2
        ;;
esac
