#!/usr/bin/env bash
# halma for C and C++ hosts, checked from outside the source tree (run by .ci/run):
#  1. scripts/install.sh into a temporary prefix (and with DESTDIR): the files, the SONAME,
#     the links, the pkg-config file and the CMake package;
#  2. in directories that hold nothing but a copy of the program: a C program built with
#     `pkg-config --cflags --libs halma` (shared) and `--static`, a C++ program built
#     through CMake's find_package(halma) (shared and static), each playing a whole game
#     engine against engine and checking the result against the rules;
#  3. examples/c (make) and examples/cpp (CMake) built the same way and played with scripted
#     input: a game against the computer, a stop while it thinks, bad input, bad levels;
#  4. the C and C++ test programs of tests/c under AddressSanitizer and
#     UndefinedBehaviorSanitizer (gcc), the threaded ones under ThreadSanitizer (clang), with
#     halma.hpp compiled warning-free by g++ and clang++.
# Needs cargo, cc/c++, pkg-config, cmake, make, clang. Any failure stops it (exit 1).
#   bash tests/install/run.sh
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/tests/install/lib.sh"
work="$(mktemp -d "${TMPDIR:-/tmp}/halma-install.XXXXXX")"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"


step "install into $prefix"
"$root/scripts/install.sh" --prefix "$prefix"
version="$(sed -n 's/^Version: //p' "$prefix/lib/pkgconfig/halma.pc")"
for file in include/halma.h include/halma.hpp lib/libhalma.a "lib/libhalma.so.$version" \
    lib/cmake/halma/halma-config.cmake lib/cmake/halma/halma-config-version.cmake; do
    [ -f "$prefix/$file" ] || fail "$file is not installed"
done
[ "$(readlink "$prefix/lib/libhalma.so")" = libhalma.so.0 ] || fail "libhalma.so -> libhalma.so.0"
[ "$(readlink "$prefix/lib/libhalma.so.0")" = "libhalma.so.$version" ] || fail "libhalma.so.0 link"
readelf -d "$prefix/lib/libhalma.so.$version" | grep -q 'SONAME.*\[libhalma\.so\.0\]' ||
    fail "the SONAME is not libhalma.so.0"
cmp -s "$root/include/halma.h" "$prefix/include/halma.h" || fail "halma.h differs"
ok "halma $version installed: headers, libhalma.a, libhalma.so.$version (SONAME libhalma.so.0)"

DESTDIR="$work/stage" "$root/scripts/install.sh" --no-build --prefix /opt/halma >/dev/null
[ -f "$work/stage/opt/halma/lib/libhalma.a" ] || fail "DESTDIR: no libhalma.a"
grep -qx 'prefix=/opt/halma' "$work/stage/opt/halma/lib/pkgconfig/halma.pc" ||
    fail "DESTDIR: halma.pc does not name the prefix /opt/halma"
ok "DESTDIR stages the files; halma.pc names the final prefix"

export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
export CMAKE_PREFIX_PATH="$prefix"
export LD_LIBRARY_PATH="$prefix/lib"
[ "$(pkg-config --modversion halma)" = "$version" ] || fail "pkg-config --modversion"
grep -q '^Libs.private: -l' "$prefix/lib/pkgconfig/halma.pc" || fail "halma.pc has no Libs.private"
ok "pkg-config halma: $(pkg-config --static --libs halma)"

step "a C program, engine against engine, with pkg-config (shared, then static)"
dir="$(outside selfplay-c "$root/tests/install/selfplay.c" "$root/tests/c/check.h")"
cd "$dir"
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 selfplay.c $(pkg-config --cflags --libs halma) \
    -o selfplay-shared
loads selfplay-shared | grep -qx libhalma.so.0 || fail "selfplay-shared does not load libhalma.so.0"
passes ./selfplay-shared
# shellcheck disable=SC2046
quietly cc -static -std=c99 -Wall -Wextra -Werror -pedantic -O2 selfplay.c \
    $(pkg-config --static --cflags --libs halma) -o selfplay-static
[ -z "$(loads selfplay-static)" ] || fail "selfplay-static loads $(loads selfplay-static)"
passes ./selfplay-static

step "a C++ program, engine against engine, with CMake's find_package(halma)"
dir="$(outside selfplay-cpp "$root/tests/install/selfplay.cpp" "$root/tests/install/CMakeLists.txt" \
    "$root/tests/c/check.h")"
quietly cmake -S "$dir" -B "$dir/shared" -DCMAKE_BUILD_TYPE=Release
quietly cmake --build "$dir/shared"
loads "$dir/shared/selfplay" | grep -qx libhalma.so.0 || fail "the CMake build does not load libhalma.so.0"
LD_LIBRARY_PATH='' passes "$dir/shared/selfplay"
quietly cmake -S "$dir" -B "$dir/static" -DCMAKE_BUILD_TYPE=Release -Dhalma_USE_STATIC_LIBS=ON
quietly cmake --build "$dir/static"
loads "$dir/static/selfplay" | grep -q libhalma && fail "the static CMake build loads libhalma"
passes "$dir/static/selfplay"

step "examples/c (make) and examples/cpp (CMake), played with scripted input"
dir="$(outside example-c "$root/examples/c/play.c" "$root/examples/c/Makefile")"
quietly make -s -C "$dir" CFLAGS='-std=c99 -O2 -Wall -Wextra -Werror -pedantic'
loads "$dir/play" | grep -qx libhalma.so.0 || fail "examples/c does not load libhalma.so.0"
plays "$dir/play"
make -s -C "$dir" clean
quietly make -s -C "$dir" STATIC=1 CFLAGS='-std=c99 -O2 -Wall -Wextra -Werror -pedantic'
loads "$dir/play" | grep -q libhalma && fail "examples/c STATIC=1 loads libhalma"
plays "$dir/play"
dir="$(outside example-cpp "$root/examples/cpp/play.cpp" "$root/examples/cpp/CMakeLists.txt")"
quietly cmake -S "$dir" -B "$dir/build" -DCMAKE_CXX_FLAGS='-Wall -Wextra -Werror -pedantic'
quietly cmake --build "$dir/build"
plays "$dir/build/play"

step "tests/c under AddressSanitizer and UndefinedBehaviorSanitizer (gcc), ThreadSanitizer (clang)"
cd "$work"
# shellcheck disable=SC2207
halma=($(pkg-config --cflags --libs halma))
common=(-g -O1 -fno-omit-frame-pointer -Wall -Wextra -Werror -pedantic -I "$root/tests/c"
    "-DHALMA_EXPECTED_VERSION=\"$version\"")
# shellcheck disable=SC2054 # one option naming two sanitizers
address=(-fsanitize=address,undefined -fno-sanitize-recover=all)
for test in test_halma test_engine test_star; do
    cc -std=c99 "${common[@]}" "${address[@]}" "$root/tests/c/$test.c" "${halma[@]}" -lpthread \
        -o "$test-asan"
    passes "./$test-asan"
done
for test in test_halma test_halma_hpp; do
    c++ -std=c++17 "${common[@]}" "${address[@]}" "$root/tests/c/$test.cpp" "${halma[@]}" \
        -lpthread -o "${test}_cpp-asan"
    passes "./${test}_cpp-asan"
done
clang -std=c99 "${common[@]}" -fsanitize=thread "$root/tests/c/test_engine.c" "${halma[@]}" \
    -lpthread -o test_engine-tsan
TSAN_OPTIONS=halt_on_error=1 passes ./test_engine-tsan
clang++ -std=c++17 "${common[@]}" -fsanitize=thread "$root/tests/c/test_halma_hpp.cpp" \
    "${halma[@]}" -lpthread -o test_halma_hpp-tsan
TSAN_OPTIONS=halt_on_error=1 passes ./test_halma_hpp-tsan

echo
echo "C and C++ hosts: $checks passed, 0 failed"
