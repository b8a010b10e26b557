#!/usr/bin/env bash
# Builds the halma C library (release: the halma-capi crate, capi/) and installs it for C and
# C++ hosts, like any system library:
#
#   scripts/install.sh [--prefix DIR] [--target TARGET] [--no-build] [--relocatable]
#
# installs, under PREFIX (default /usr/local; DESTDIR is honoured, for packagers):
#   include/halma.h, include/halma.hpp          the C header and the C++17 API over it
#   lib/libhalma.a                              the static library
#   lib/pkgconfig/halma.pc                      pkg-config --cflags --libs [--static] halma
#   lib/cmake/halma/                            find_package(halma), target halma::halma
# and the shared library:
#   Linux    lib/libhalma.so.X.Y.Z (SONAME libhalma.so.X), links libhalma.so.X, libhalma.so
#   macOS    lib/libhalma.X.Y.Z.dylib (install name @rpath/libhalma.X.dylib), links
#            libhalma.X.dylib, libhalma.dylib
#   Windows  bin/halma.dll, its import library lib/halma.dll.a and its exports lib/halma.def
#
# --target installs a build for another target (scripts/build-lib.sh lists them; the
# default is this machine's). --no-build installs what scripts/build-lib.sh (for this
# machine, `cargo build --release -p halma-capi`) built before, so that the build can run as
# a user and the install as root. --relocatable writes a halma.pc that finds the prefix from
# its own place, for a tree that moves (the release archives of scripts/dist.sh); the CMake
# package always does.
#
# The layout is cargo-c's (`cargo cinstall`), with the headers directly in include/. cargo-c
# itself is not used: installing it builds all of cargo, `cargo install cargo-c --version
# 0.10.24 --locked` took 28.5 minutes on the shared 2-core development machine (17 minutes
# of CPU), more than a whole CI run; its newest release needs a newer rustc than 1.95, and
# Debian 12's (0.9.14) reads no edition 2024 manifest.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/lib/targets.sh"
prefix=/usr/local
build=yes
target=""
relocatable=no
while [ $# -gt 0 ]; do
    case "$1" in
    --prefix) prefix="${2:?--prefix needs a directory}"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --target) target="${2:?--target needs a target}"; shift 2 ;;
    --target=*) target="${1#--target=}"; shift ;;
    --no-build) build=no; shift ;;
    --relocatable) relocatable=yes; shift ;;
    -h | --help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$prefix" in
/*) ;;
*) echo "install.sh: the prefix must be an absolute path, not $prefix" >&2; exit 2 ;;
esac
prefix="${prefix%/}"
destdir="${DESTDIR:-}"
target_select "${target:-$(target_host)}"

cd "$root"
if [ "$build" = yes ]; then
    "$root/scripts/build-lib.sh" "$target_name" >/dev/null
fi
built="$(target_output)"

# The version, from the header that the build checked against Cargo.toml.
header_number() { sed -n "s/^#define HALMA_VERSION_$1 \([0-9][0-9]*\)\$/\1/p" include/halma.h; }
major="$(header_number MAJOR)"
version="$major.$(header_number MINOR).$(header_number PATCH)"

lib="$destdir$prefix/lib"
# Each file built, and where it goes (from the prefix); then the shared library's links.
case "$target_os" in
linux)
    files=(libhalma.so "lib/libhalma.so.$version")
    links=("lib/libhalma.so.$major" "libhalma.so.$version" lib/libhalma.so "libhalma.so.$major")
    shared="lib/libhalma.so.$version"
    shared_property="IMPORTED_SONAME \"libhalma.so.$major\""
    ;;
macos)
    files=(libhalma.dylib "lib/libhalma.$version.dylib")
    links=("lib/libhalma.$major.dylib" "libhalma.$version.dylib" lib/libhalma.dylib "libhalma.$major.dylib")
    shared="lib/libhalma.$version.dylib"
    shared_property="IMPORTED_SONAME \"@rpath/libhalma.$major.dylib\""
    ;;
windows)
    files=(halma.dll bin/halma.dll libhalma.dll.a lib/halma.dll.a halma.def lib/halma.def)
    links=()
    shared=bin/halma.dll
    # shellcheck disable=SC2016 # a CMake variable, for the CMake package
    shared_property='IMPORTED_IMPLIB "${_halma_prefix}/lib/halma.dll.a"'
    ;;
esac
files+=(libhalma.a lib/libhalma.a)
for ((i = 0; i < ${#files[@]}; i += 2)); do
    if [ ! -f "$built/${files[i]}" ]; then
        echo "install.sh: $built/${files[i]} is missing: build first (or drop --no-build)" >&2
        exit 1
    fi
done

# What a program linking the static library needs besides it: Rust's standard library's
# system libraries, as rustc prints them for the target (halma's dependencies add none):
# for this machine's, from rustup's standard library; for another, from its build.
# -lgcc_s is left to the compiler driver, which links libgcc_s (or libgcc_eh with -static).
if [ "$target_native" = yes ]; then
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    echo 'pub fn none() {}' >"$work/empty.rs"
    static_libs="$("${RUSTC:-rustc}" --crate-type staticlib --crate-name empty --print native-static-libs \
        -o "$work/libempty.a" "$work/empty.rs" 2>&1 | sed -n 's/^note: native-static-libs: //p')"
else
    static_libs="$(cat "$built/native-static-libs")"
fi
static_libs="$(sed 's/-lgcc_s *//; s/ *$//' <<<"$static_libs")"
pointer_bytes=$(($(target_pointer_width) / 8))

include="$destdir$prefix/include"
cmake_dir="$lib/cmake/halma"
install -d "$include" "$lib/pkgconfig" "$cmake_dir"
install -m 644 include/halma.h include/halma.hpp "$include/"
for ((i = 0; i < ${#files[@]}; i += 2)); do
    install -d "$(dirname "$destdir$prefix/${files[i + 1]}")"
    case "${files[i]}" in
    *.a | *.def) mode=644 ;;
    *) mode=755 ;;
    esac
    install -m "$mode" "$built/${files[i]}" "$destdir$prefix/${files[i + 1]}"
done
for ((i = 0; i < ${#links[@]}; i += 2)); do
    ln -sf "${links[i + 1]}" "$destdir$prefix/${links[i]}"
done

if [ "$relocatable" = yes ]; then
    # shellcheck disable=SC2016 # pkg-config's variable: the directory of halma.pc
    pc_prefix='${pcfiledir}/../..'
else
    pc_prefix="$prefix"
fi
fill() {
    sed -e "s|@PREFIX@|$pc_prefix|g" -e "s|@VERSION@|$version|g" -e "s|@MAJOR@|$major|g" \
        -e "s|@POINTER_BYTES@|$pointer_bytes|g" -e "s|@STATIC_LIBS@|$static_libs|g" \
        -e "s|@STATIC_LIBS_CMAKE@|${static_libs// /;}|g" -e "s|@SHARED@|$shared|g" \
        -e "s|@SHARED_PROPERTY@|$shared_property|g" "scripts/install/$1.in" >"$2"
    chmod 644 "$2"
}
fill halma.pc "$lib/pkgconfig/halma.pc"
fill halma-config.cmake "$cmake_dir/halma-config.cmake"
fill halma-config-version.cmake "$cmake_dir/halma-config-version.cmake"

echo "installed halma $version for $target_name into $destdir$prefix"
