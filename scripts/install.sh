#!/usr/bin/env bash
# Builds the halma C library (release: the halma-capi crate, capi/) and installs it for C and
# C++ hosts, like any system library:
#
#   scripts/install.sh [--prefix DIR] [--no-build]      (DESTDIR is honoured, for packagers)
#
# installs, under PREFIX (default /usr/local):
#   include/halma.h, include/halma.hpp          the C header and the C++17 API over it
#   lib/libhalma.a                              the static library
#   lib/libhalma.so.X.Y.Z (SONAME libhalma.so.X) and the links libhalma.so.X, libhalma.so
#   lib/pkgconfig/halma.pc                      pkg-config --cflags --libs [--static] halma
#   lib/cmake/halma/                            find_package(halma), target halma::halma
#
# --no-build installs what a `cargo build --release -p halma-capi` built before (so the build
# can run as a user and the install as root).
#
# Done by hand rather than with cargo-c (`cargo cinstall`), the ecosystem's tool for this:
# installing cargo-c builds all of cargo, `cargo install cargo-c --version 0.10.24 --locked`
# took 28.5 minutes on the shared 2-core development machine (17 minutes of CPU), more than a
# whole CI run, and its newest release needs a newer rustc than 1.95.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
prefix=/usr/local
build=yes
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --no-build) build=no; shift ;;
    -h | --help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$prefix" in
/*) ;;
*) echo "install.sh: the prefix must be an absolute path, not $prefix" >&2; exit 2 ;;
esac
prefix="${prefix%/}"
destdir="${DESTDIR:-}"

cd "$root"
if [ "$build" = yes ]; then
    cargo build --release --locked -p halma-capi
fi
# Where cargo puts its output (CARGO_TARGET_DIR, .cargo/config.toml or target/).
target_dir="$(cargo metadata --no-deps --format-version 1 |
    sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
release="${target_dir:-$root/target}/release"
for built in libhalma.a libhalma.so; do
    if [ ! -f "$release/$built" ]; then
        echo "install.sh: $release/$built is missing: build first (or drop --no-build)" >&2
        exit 1
    fi
done

# The version, from the header that the build checked against Cargo.toml.
header_number() { sed -n "s/^#define HALMA_VERSION_$1 \([0-9][0-9]*\)\$/\1/p" include/halma.h; }
major="$(header_number MAJOR)"
version="$major.$(header_number MINOR).$(header_number PATCH)"
pointer_bytes=$(($(getconf LONG_BIT) / 8))

# What a program linking the static library needs besides it: Rust's standard library's
# system libraries, as rustc prints them for this target (halma's dependencies add none).
# -lgcc_s is left to the compiler driver, which links libgcc_s (or libgcc_eh with -static).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo 'pub fn none() {}' >"$work/empty.rs"
static_libs="$("${RUSTC:-rustc}" --crate-type staticlib --crate-name empty --print native-static-libs \
    -o "$work/libempty.a" "$work/empty.rs" 2>&1 |
    sed -n 's/^note: native-static-libs: //p' | sed 's/-lgcc_s *//; s/ *$//')"

lib="$destdir$prefix/lib"
include="$destdir$prefix/include"
cmake_dir="$lib/cmake/halma"
install -d "$include" "$lib/pkgconfig" "$cmake_dir"
install -m 644 include/halma.h include/halma.hpp "$include/"
install -m 644 "$release/libhalma.a" "$lib/libhalma.a"
install -m 755 "$release/libhalma.so" "$lib/libhalma.so.$version"
ln -sf "libhalma.so.$version" "$lib/libhalma.so.$major"
ln -sf "libhalma.so.$major" "$lib/libhalma.so"

fill() {
    sed -e "s|@PREFIX@|$prefix|g" -e "s|@VERSION@|$version|g" -e "s|@MAJOR@|$major|g" \
        -e "s|@POINTER_BYTES@|$pointer_bytes|g" -e "s|@STATIC_LIBS@|$static_libs|g" -e "s|@STATIC_LIBS_CMAKE@|${static_libs// /;}|g" \
        "scripts/install/$1.in" >"$2"
    chmod 644 "$2"
}
fill halma.pc "$lib/pkgconfig/halma.pc"
fill halma-config.cmake "$cmake_dir/halma-config.cmake"
fill halma-config-version.cmake "$cmake_dir/halma-config-version.cmake"

echo "installed halma $version into $destdir$prefix"
