#!/usr/bin/env bash
# The C library on each target, from its release archive (run by .ci/run):
#
#   bash tests/install/targets.sh [--abi] [TARGET...]
#       (default: x86_64-linux-gnu aarch64-linux-gnu x86_64-windows-gnu; --abi: step 1 only,
#       which needs no build of the library)
#
# For each TARGET of scripts/lib/targets.sh, what is missing installed first (as root):
#  1. the C ABI: tests/c/abi.c, compiled for the target and run there, prints the record of
#     tests/c/abi.txt (or of tests/c/abi-TARGET.txt, a target's own where a size differs);
#  2. scripts/build-lib.sh builds the libraries (every target's at once) and scripts/dist.sh
#     TARGET packs each into its archive, which is unpacked in a directory of its own: its
#     files, their checksums (SHA256SUMS), nothing else;
#  3. from the unpacked archive alone, the target's C and C++ compilers build tests/c's
#     programs against the shared and the static library (through pkg-config), and
#     examples/c (make, pkg-config) and examples/cpp (CMake, find_package), each shared and
#     static; all run here, under qemu-user or Wine where the target is foreign (the Windows
#     programs find halma.dll and mingw's runtime DLLs through WINEPATH, as through PATH).
#     For Windows also: the DLL imports only Windows' own DLLs, and an import library made
#     from halma.def alone (as MSVC's lib.exe makes one) links and runs a test program.
# Any failure stops it (exit 1). HALMA_BLESS=1 (never under CI) writes a target's ABI record
# instead of failing on it.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/scripts/lib/targets.sh"
. "$root/tests/install/lib.sh"
work="$(mktemp -d "${TMPDIR:-/tmp}/halma-targets.XXXXXX")"
trap 'rm -rf "$work"' EXIT
abi_only=no
if [ "${1:-}" = --abi ]; then
    abi_only=yes
    shift
fi
[ $# -gt 0 ] || set -- x86_64-linux-gnu aarch64-linux-gnu x86_64-windows-gnu
strict=(-Wall -Wextra -Werror -pedantic)

# The ABI record of the selected target, from the repository's root.
abi_record() {
    if [ -f "$root/tests/c/abi-$target_name.txt" ]; then
        echo "tests/c/abi-$target_name.txt"
    else
        echo tests/c/abi.txt
    fi
}

# Checks that tests/c/abi.c, built for the target and run on it, prints its record.
check_abi() {
    local record program="$work/$target_name/abi"
    record="$(abi_record)"
    "$target_cc" -std=c11 "${strict[@]}" -I "$root/include" "$root/tests/c/abi.c" -o "$program"
    [ "$target_os" != windows ] || program="$program.exe"
    bounded 60 "$program" >"$program.txt" || fail "$target_name: abi.c exited with $?"
    if ! diff -u <(grep -v '^#' "$root/$record") "$program.txt" >"$program.diff"; then
        if [ "${HALMA_BLESS:-}" = 1 ] && [ "${CI:-}" != true ]; then
            { grep '^#' "$root/$record"; cat "$program.txt"; } >"$root/$record.blessed"
            mv "$root/$record.blessed" "$root/$record"
            echo "note: HALMA_BLESS=1: wrote $record"
        else
            fail "$target_name: the C ABI is not $record:
$(cat "$program.diff")"
        fi
    fi
    ok "$target_name: the C ABI is $record ($(wc -l <"$program.txt") lines)"
}

# Unpacks the target's release archive into $work/TARGET/ and checks it; sets $unpacked and
# $version.
check_archive() {
    local archive name
    archive="$("$root/scripts/dist.sh" "$target_name" --no-build | tail -n 1)"
    (cd "$(dirname "$archive")" && sha256sum --quiet -c "$(basename "$archive").sha256") ||
        fail "$archive does not match its .sha256"
    case "$archive" in
    *.zip) unzip -q "$archive" -d "$work/$target_name" ;;
    *) tar -xzf "$archive" -C "$work/$target_name" ;;
    esac
    name="$(basename "$archive")"
    name="${name%.zip}"
    unpacked="$work/$target_name/${name%.tar.gz}"
    [ -d "$unpacked" ] || fail "$archive does not hold the directory ${name%.tar.gz}/"
    version="$(sed -n 's/^Version: //p' "$unpacked/lib/pkgconfig/halma.pc")"
    (cd "$unpacked" && sha256sum --quiet -c SHA256SUMS) || fail "$archive: SHA256SUMS does not match"
    local expected=(include/halma.h include/halma.hpp lib/libhalma.a lib/pkgconfig/halma.pc
        lib/cmake/halma/halma-config.cmake lib/cmake/halma/halma-config-version.cmake
        LICENSE-MIT LICENSE-APACHE README.txt SHA256SUMS)
    case "$target_os" in
    linux) expected+=("lib/libhalma.so.$version" "lib/libhalma.so.${version%%.*}" lib/libhalma.so) ;;
    windows) expected+=(bin/halma.dll lib/halma.dll.a lib/halma.def) ;;
    esac
    [ "$(cd "$unpacked" && find . ! -type d | sed 's|^\./||' | LC_ALL=C sort)" = \
        "$(printf '%s\n' "${expected[@]}" | LC_ALL=C sort)" ] ||
        fail "$archive holds $(cd "$unpacked" && find . ! -type d | paste -sd ' ')"
    cmp -s "$root/include/halma.h" "$unpacked/include/halma.h" || fail "$archive: halma.h differs"
    ok "$target_name: $(basename "$archive"): ${#expected[@]} files, checksums match"
}

# Checks that the shared library exports the functions halma.h declares, no more, no fewer
# (what a host links by name, on every target alike): an ELF library's dynamic symbols, the
# DLL's exports as its .def lists them (the DLL's link writes it). Sets $exported.
check_exports() {
    local declared
    declared="$(sed -n 's/^[a-z].* \**\(halma_[a-z0-9_]*\)(.*/\1/p' "$root/include/halma.h" | LC_ALL=C sort -u)"
    if [ "$target_os" = windows ]; then
        exported="$(sed -n 's/^ *\([A-Za-z_][A-Za-z0-9_]*\) @.*/\1/p' "$unpacked/lib/halma.def" | LC_ALL=C sort)"
    else
        exported="$(readelf --dyn-syms -W "$unpacked/lib/libhalma.so" |
            awk 'NR > 3 && $7 != "UND" && $5 != "LOCAL" && $4 != "SECTION" && $4 != "FILE" { print $8 }' |
            LC_ALL=C sort)"
    fi
    if [ -z "$exported" ] || [ "$exported" != "$declared" ]; then
        fail "$target_name: the shared library's exports are not halma.h's functions: $(diff <(echo "$declared") <(echo "$exported"))"
    fi
    ok "$target_name: the shared library exports the $(wc -l <<<"$exported") functions of halma.h, nothing else"
}

# The Windows DLL: only Windows' own imports, and its .def alone gives a working import
# library (what lib.exe /def makes for MSVC; mingw's dlltool stands in for it here).
check_dll() {
    local imports
    imports="$(loads "$unpacked/bin/halma.dll" | tr '[:upper:]' '[:lower:]' | LC_ALL=C sort | paste -sd ' ')"
    for dll in $imports; do
        case "$dll" in
        kernel32.dll | ntdll.dll | msvcrt.dll | bcryptprimitives.dll | api-ms-win-*.dll) ;;
        *) fail "halma.dll imports $dll, which Windows does not have" ;;
        esac
    done
    ok "halma.dll imports Windows' own DLLs only: $imports"
    x86_64-w64-mingw32-dlltool -d "$unpacked/lib/halma.def" -D halma.dll -l "$work/halma-from-def.lib"
    "$target_cc" -std=c99 "${strict[@]}" -I "$unpacked/include" -I "$root/tests/c" \
        "-DHALMA_EXPECTED_VERSION=\"$version\"" "$root/tests/c/test_halma.c" \
        "$work/halma-from-def.lib" -o "$work/test_halma-def.exe"
    passes "$work/test_halma-def.exe"
    ok "halma.def: an import library made from it alone links and runs test_halma.c"
}

# Builds tests/c's programs against the shared and the static library of the archive, and
# runs them.
check_tests() {
    local dir="$work/$target_name/tests" kind test compiler standard flags
    mkdir -p "$dir"
    for kind in shared static; do
        for test in $(cd "$root/tests/c" && ls test_*.c test_*.cpp); do
            case "$test" in
            *.c) compiler="$target_cc" standard=-std=c99 ;;
            *) compiler="$target_cxx" standard=-std=c++17 ;;
            esac
            # shellcheck disable=SC2207 # pkg-config's flags are words
            if [ "$kind" = shared ]; then
                flags=($(pkg-config --cflags --libs halma))
            else
                flags=(-static $(pkg-config --static --cflags --libs halma))
            fi
            local program="$dir/${test/./_}-$kind"
            quietly "$compiler" "$standard" "${strict[@]}" -O1 -I "$root/tests/c" \
                "-DHALMA_EXPECTED_VERSION=\"$version\"" "$root/tests/c/$test" "${flags[@]}" \
                -lpthread -o "$program"
            [ "$target_os" != windows ] || program="$program.exe"
            links_as "$kind" "$program"
            passes "$program"
        done
    done
}

# Checks that a program loads the shared library (shared) or does not (static).
links_as() {
    local library=libhalma.so.0
    [ "$target_os" != windows ] || library=halma.dll
    if [ "$1" = shared ]; then
        loads "$2" | grep -qx "$library" || fail "$2 does not load $library"
    elif loads "$2" | grep -qx "$library"; then
        fail "$2 loads $library"
    fi
}

# Builds examples/c with make and examples/cpp with CMake from the archive, shared and
# static, and plays them.
check_examples() {
    local dir play system processor
    for kind in shared static; do
        dir="$(outside "$target_name/example-c-$kind" "$root/examples/c/play.c" "$root/examples/c/Makefile")"
        local static=()
        [ "$kind" = shared ] || static=(STATIC=1)
        quietly make -s -C "$dir" CC="$target_cc" CFLAGS="-std=c99 -O2 ${strict[*]}" "${static[@]}"
        play="$dir/play"
        [ "$target_os" != windows ] || play="$play.exe"
        links_as "$kind" "$play"
        plays "$play"
    done
    case "$target_os" in
    windows) system=Windows ;;
    *) system=Linux ;;
    esac
    processor="${target_rust%%-*}"
    for kind in shared static; do
        dir="$(outside "$target_name/example-cpp-$kind" "$root/examples/cpp/play.cpp" "$root/examples/cpp/CMakeLists.txt")"
        local options=()
        [ "$target_native" = yes ] || options=(-DCMAKE_SYSTEM_NAME="$system"
            -DCMAKE_SYSTEM_PROCESSOR="$processor")
        [ "$kind" = shared ] || options+=(-Dhalma_USE_STATIC_LIBS=ON)
        quietly cmake -S "$dir" -B "$dir/build" -DCMAKE_BUILD_TYPE=Release \
            -DCMAKE_CXX_COMPILER="$target_cxx" -DCMAKE_PREFIX_PATH="$unpacked" \
            -DCMAKE_CXX_FLAGS="${strict[*]}" "${options[@]}"
        quietly cmake --build "$dir/build"
        play="$dir/build/play"
        [ "$target_os" != windows ] || play="$play.exe"
        links_as "$kind" "$play"
        plays "$play"
    done
}

# Windows paths, for WINEPATH.
windows_paths() {
    local path paths=()
    for path in "$@"; do
        paths+=("Z:${path//\//\\}")
    done
    (IFS=';' && echo "${paths[*]}")
}

step "tools for $*"
for target in "$@"; do
    target_select "$target"
    target_tools
done
for tool in pkg-config cmake make unzip; do
    command -v "$tool" >/dev/null || {
        [ "$(id -u)" = 0 ] || fail "$tool is missing"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null
    }
done

# The libraries, built side by side: a build is mostly one chain of crates (the standard
# library's, then halma's), so that two builds keep two cores busy.
if [ "$abi_only" = no ]; then
    step "the libraries for $*, built at once (logs shown on failure)"
    builds=()
    for target in "$@"; do
        "$root/scripts/build-lib.sh" "$target" >"$work/build-$target.log" 2>&1 &
        builds+=("$!")
    done
    for ((i = 1; i <= $#; i++)); do
        wait "${builds[i - 1]}" || fail "scripts/build-lib.sh ${!i}: $(cat "$work/build-${!i}.log")"
    done
    ok "built for $* (at $SECONDS s)"
fi

for target in "$@"; do
    target_select "$target"
    runner=("${target_runner[@]}")
    mkdir -p "$work/$target_name"
    [ "$target_os" != windows ] || wine_prepare

    step "$target: the C ABI"
    check_abi
    [ "$abi_only" = no ] || continue

    step "$target: the release archive"
    check_archive

    check_exports

    export PKG_CONFIG_LIBDIR="$unpacked/lib/pkgconfig" PKG_CONFIG_PATH=""
    if [ "$target_os" = windows ]; then
        export WINEPATH
        WINEPATH="$(windows_paths "$unpacked/bin" \
            "$(dirname "$("$target_cxx" -print-file-name=libstdc++-6.dll)")" \
            "$(dirname "$("$target_cc" -print-file-name=libwinpthread-1.dll)")")"
        step "$target: halma.dll and halma.def"
        check_dll
    else
        export LD_LIBRARY_PATH="$unpacked/lib"
    fi

    step "$target: tests/c against the shared and the static library"
    check_tests

    step "$target: examples/c (make) and examples/cpp (CMake), shared and static"
    check_examples
    unset PKG_CONFIG_LIBDIR LD_LIBRARY_PATH WINEPATH
done

echo
echo "the C library on $*, in $SECONDS s:"
echo "targets: $checks passed, 0 failed"
