#!/usr/bin/env bash
# The release archive of the C library for a target:
#
#   scripts/dist.sh TARGET [--no-build]
#
# TARGET is x86_64-linux-gnu, aarch64-linux-gnu, armv7-linux-gnueabihf or x86_64-windows-gnu
# (on a Mac, aarch64-macos or x86_64-macos). Writes target/dist/halma-VERSION-TARGET.tar.gz
# (.zip for Windows) and its checksum beside it (.sha256), and prints the archive's path. The
# archive holds one directory, halma-VERSION-TARGET/: what scripts/install.sh installs (the
# headers, the static and the shared library, a pkg-config file and a CMake package that find
# the files relative to themselves, wherever the directory is unpacked), the licences, a
# README saying how to use it, and SHA256SUMS, every file's checksum (sha256sum -c
# SHA256SUMS). Files are in name order with the last commit's time and no owner, so that the
# same libraries give the same archive.
#
# It builds the library first (scripts/build-lib.sh: a foreign target's first build takes a
# few minutes); --no-build packs what that built before. What is missing is installed (as
# root): zip for Windows.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/lib/targets.sh"
. "$root/scripts/lib/pack.sh"
build=yes
target=""
for argument in "$@"; do
    case "$argument" in
    --no-build) build=no ;;
    -h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "dist.sh: unknown option $argument (see --help)" >&2; exit 2 ;;
    *) [ -z "$target" ] || { echo "dist.sh: one target only" >&2; exit 2; }; target="$argument" ;;
    esac
done
[ -n "$target" ] || { echo "usage: scripts/dist.sh TARGET [--no-build] (see --help)" >&2; exit 2; }
target_select "$target"
if [ "$target_os" = windows ] && ! command -v zip >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zip >/dev/null
    fi
    command -v zip >/dev/null || { echo "dist.sh: zip is missing (apt-get install zip)" >&2; exit 1; }
fi

cd "$root"
if [ "$build" = yes ]; then
    "$root/scripts/build-lib.sh" "$target_name" >/dev/null
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$root/scripts/install.sh" --target "$target_name" --no-build --relocatable --prefix "$work/stage" >/dev/null
version="$(sed -n 's/^Version: //p' "$work/stage/lib/pkgconfig/halma.pc")"
name="halma-$version-$target_name"
tree="$work/$name"
mv "$work/stage" "$tree"
cp LICENSE-MIT LICENSE-APACHE "$tree/"

case "$target_os" in
linux)
    shared="lib/libhalma.so.$version    the shared library (SONAME libhalma.so.${version%%.*}), with
                              the links libhalma.so.${version%%.*} and libhalma.so"
    running="A program linked with the shared library finds it by its SONAME: ship
libhalma.so.${version%%.*} beside the program and link with -Wl,-rpath,'\$ORIGIN', or install it
where the system's loader looks (or set LD_LIBRARY_PATH). pkg-config --static lists what a
program linking libhalma.a needs besides it."
    ;;
macos)
    shared="lib/libhalma.$version.dylib  the shared library (install name
                              @rpath/libhalma.${version%%.*}.dylib), with its links"
    running="A program linked with the shared library finds it through its rpath
(-Wl,-rpath,@executable_path/../Frameworks or the directory it ships in)."
    ;;
windows)
    shared="bin/halma.dll               the shared library (x86-64, Windows 10 or later)
lib/halma.dll.a             its import library for mingw-w64 (GCC, Clang)
lib/halma.def               its exports, for an MSVC import library"
    running="Ship bin/halma.dll beside the program's .exe. mingw-w64 links the DLL through
lib/halma.dll.a (-lhalma) and the static library by its path, lib/libhalma.a (with
pkg-config --static's system libraries); gcc -static links -lhalma statically.

From MSVC (cl, clang-cl): the C ABI is the same, so a program built with MSVC calls
halma.dll; make it an import library from the exports with Microsoft's lib.exe,

    lib /def:lib\\halma.def /machine:x64 /out:lib\\halma.lib

and link lib\\halma.lib. libhalma.a is for mingw-w64 only (it needs mingw's C runtime)."
    ;;
esac
cat >"$tree/README.txt" <<EOF
halma $version for $target_name: libhalma, the C library of the halma engine
(Halma rules, a computer opponent, an exact race solver), for C and C++ hosts.

include/halma.h             the C API (C99); every function is documented there
include/halma.hpp           a header-only C++17 API over it
lib/libhalma.a              the static library
$shared
lib/pkgconfig/halma.pc      pkg-config's file
lib/cmake/halma/            the CMake package
LICENSE-MIT, LICENSE-APACHE the licences: MIT or Apache-2.0, at your choice
SHA256SUMS                  every file's SHA-256: sha256sum -c SHA256SUMS

Unpack it anywhere (DIR below): pkg-config's file and the CMake package find the other
files relative to themselves.

    PKG_CONFIG_PATH=DIR/lib/pkgconfig cc app.c \$(pkg-config --cflags --libs halma)

    # CMakeLists.txt, configured with -DCMAKE_PREFIX_PATH=DIR (and -Dhalma_USE_STATIC_LIBS=ON
    # for the static library)
    find_package(halma ${version%.*} REQUIRED)
    target_link_libraries(game PRIVATE halma::halma)

$running
EOF

dist="$root/target/dist"
if [ "$target_os" = windows ]; then
    pack_sums "$tree"
    mkdir -p "$dist"
    archive="$dist/$name.zip"
    rm -f "$archive"
    find "$tree" -exec touch -h -d "@$(pack_epoch)" {} +
    (cd "$work" && find "$name" | LC_ALL=C sort | TZ=UTC zip -q -X -@ "$archive")
    pack_checksum "$archive"
else
    pack_archive "$work" "$name" "$dist"
fi
