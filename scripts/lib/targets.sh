# shellcheck shell=bash
# The targets the C library is built for, and what building for each and running its programs
# on this machine (Debian x86-64) takes. Sourced (bash) by scripts/build-lib.sh,
# scripts/install.sh, scripts/dist.sh and tests/install/targets.sh:
#
#   root=...                            # the repository's root, which the functions use
#   . "$root/scripts/lib/targets.sh"
#   target_select aarch64-linux-gnu     # sets the target_* variables below, or fails
#   target_tools                        # installs what is missing (as root), or fails
#   wine_prepare                        # for Windows: Wine ready to run programs, headless
#   "${target_runner[@]}" ./program     # runs a program built for the target
#
# TARGET                 Rust's target                  C compiler (C++: g++)     run here by
# x86_64-linux-gnu       x86_64-unknown-linux-gnu       cc                        itself
# aarch64-linux-gnu      aarch64-unknown-linux-gnu      aarch64-linux-gnu-gcc     qemu-aarch64
# armv7-linux-gnueabihf  armv7-unknown-linux-gnueabihf  arm-linux-gnueabihf-gcc   qemu-arm
# x86_64-windows-gnu     x86_64-pc-windows-gnu          x86_64-w64-mingw32-gcc-posix  Wine
# aarch64-macos          aarch64-apple-darwin           cc (on a Mac only)
# x86_64-macos           x86_64-apple-darwin            cc (on a Mac only)
#
# The machine's own target (rustc's host) is built by the toolchain on the PATH (`cargo build
# --release -p halma-capi`) with cc and c++. The others are built on Debian x86-64 by Debian's
# rustc-web, which ships the standard library's sources and no other target's build of it:
# /usr/bin/cargo with RUSTC=/usr/bin/rustc, RUSTC_BOOTSTRAP=1 and -Zbuild-std (rustup's
# targets cannot be installed here), as bindings/wasm/build.sh does. mingw-w64's compilers
# come in two thread models; the posix one is used, whose C++ library has std::thread (GCC
# 12's win32 one has none).

# Debian's rust toolchain for the foreign targets: rustc and the standard library's sources.
target_rust_packages=(rustc-web rust-web-src cargo-web)

# Every target's name, in the table's order.
target_names=(x86_64-linux-gnu aarch64-linux-gnu armv7-linux-gnueabihf x86_64-windows-gnu
    aarch64-macos x86_64-macos)

# target_select TARGET: sets target_name, target_rust (Rust's target), target_os (linux,
# windows or macos), target_cc and target_cxx (the C and C++ compilers), target_native (yes
# when it is this machine's target), target_runner (the command that runs the target's
# programs here, empty when native; Wine after wine_prepare) and target_packages (the Debian packages that give them).
target_select() {
    target_name="$1"
    target_runner=()
    case "$target_name" in
    x86_64-linux-gnu)
        target_rust=x86_64-unknown-linux-gnu target_os=linux
        ;;
    aarch64-linux-gnu)
        target_rust=aarch64-unknown-linux-gnu target_os=linux
        target_cc=aarch64-linux-gnu-gcc target_cxx=aarch64-linux-gnu-g++
        target_runner=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
        target_packages=(gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user)
        ;;
    armv7-linux-gnueabihf)
        target_rust=armv7-unknown-linux-gnueabihf target_os=linux
        target_cc=arm-linux-gnueabihf-gcc target_cxx=arm-linux-gnueabihf-g++
        target_runner=(qemu-arm -L /usr/arm-linux-gnueabihf)
        target_packages=(gcc-arm-linux-gnueabihf g++-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user)
        ;;
    x86_64-windows-gnu)
        target_rust=x86_64-pc-windows-gnu target_os=windows
        target_cc=x86_64-w64-mingw32-gcc-posix target_cxx=x86_64-w64-mingw32-g++-posix
        target_runner=(wine)
        target_packages=(gcc-mingw-w64-x86-64-posix g++-mingw-w64-x86-64-posix wine wine64)
        ;;
    aarch64-macos) target_rust=aarch64-apple-darwin target_os=macos ;;
    x86_64-macos) target_rust=x86_64-apple-darwin target_os=macos ;;
    *)
        echo "unknown target '$target_name': one of ${target_names[*]}" >&2
        return 2
        ;;
    esac
    if [ "$target_rust" = "$(target_rust_host)" ]; then
        target_native=yes target_cc=cc target_cxx=c++ target_runner=() target_packages=(gcc g++)
    elif [ "$target_os" = macos ]; then
        echo "$target_name: built on a Mac only (Apple's linker and SDK)" >&2
        return 2
    elif [ "$(target_rust_host)" != x86_64-unknown-linux-gnu ]; then
        echo "$target_name: built here on x86-64 Linux only (Debian's cross compilers)" >&2
        return 2
    else
        target_native=no
        target_packages+=("${target_rust_packages[@]}")
    fi
}

# The target rustc (the toolchain on the PATH) builds for by default.
target_rust_host() { "${RUSTC:-rustc}" -vV | sed -n 's/^host: //p'; }

# The name of this machine's target (the default of the scripts), from rustc's host.
target_host() {
    local host name
    host="$(target_rust_host)"
    for name in "${target_names[@]}"; do
        target_select "$name" 2>/dev/null || continue
        [ "$target_native" = no ] || { echo "$name"; return 0; }
    done
    echo "rustc's host $host is none of the targets: ${target_names[*]}" >&2
    return 1
}

# The selected target's pointer width in bits, as rustc knows it.
target_pointer_width() {
    local rustc=/usr/bin/rustc
    [ "$target_native" = no ] || rustc="${RUSTC:-rustc}"
    "$rustc" --print cfg --target "$target_rust" | sed -n 's/^target_pointer_width="\(.*\)"$/\1/p'
}

# target_cargo_dir: cargo's target directory for the selected target: target/ (unless
# CARGO_TARGET_DIR or a configuration says otherwise) for this machine's, else a directory of
# its own under target/cross/, so that two targets build at once (cargo locks its target
# directory while it builds).
target_cargo_dir() {
    local base
    base="$(cd "$root" && cargo metadata --no-deps --format-version 1 |
        sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
    base="${base:-$root/target}"
    if [ "$target_native" = yes ]; then
        echo "$base"
    else
        echo "$base/cross/$target_rust"
    fi
}

# target_output: the directory the selected target's build puts the library in.
target_output() {
    if [ "$target_native" = yes ]; then
        echo "$(target_cargo_dir)/release"
    else
        echo "$(target_cargo_dir)/$target_rust/release"
    fi
}

# The commands the selected target needs, one a line.
target_commands() {
    printf '%s\n' "$target_cc" "$target_cxx"
    if [ "$target_native" = no ]; then
        printf '%s\n' /usr/bin/cargo /usr/bin/rustc
    fi
    case "$target_name" in
    x86_64-windows-gnu) printf '%s\n' wine /usr/lib/wine/wine64 ;;
    *) [ ${#target_runner[@]} -eq 0 ] || printf '%s\n' "${target_runner[0]}" ;;
    esac
}

# Whether the selected target's compilers, runner and (for a foreign target) Debian's rust
# toolchain with the standard library's sources are all here.
target_ready() {
    local command
    while read -r command; do
        command -v "$command" >/dev/null || return 1
    done < <(target_commands)
    [ "$target_native" = yes ] ||
        [ -d "$(/usr/bin/rustc --print sysroot)/lib/rustlib/src/rust/library/std" ]
}

# target_tools: installs the selected target's packages when something is missing (as root,
# apt-get), or fails saying what to install.
target_tools() {
    target_ready && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "$target_name: installing Debian's ${target_packages[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq "${target_packages[@]}" >/dev/null
    fi
    target_ready || {
        echo "$target_name: missing tools: as root, apt-get install ${target_packages[*]}" >&2
        return 1
    }
}

# Wine, headless and bounded: a prefix of its own (WINEPREFIX, default target/wine under the
# repository), made on the first call, with no display, no Mono or Gecko installers and no
# debug output. The first start (wineboot) is bounded in time; every program is, by its
# caller.
wine_prepare() {
    export WINEPREFIX="${WINEPREFIX:-$root/target/wine}" WINEARCH=win64 WINEDEBUG=-all
    export WINEDLLOVERRIDES="mscoree,mshtml=" DISPLAY=""
    if [ ! -f "$WINEPREFIX/system.reg" ]; then
        echo "wine: making the prefix $WINEPREFIX (wineboot, at most 5 minutes)" >&2
        mkdir -p "$WINEPREFIX"
        timeout 300 wine wineboot --init >/dev/null 2>&1 || {
            echo "wine: wineboot failed or hung (exit $?)" >&2
            return 1
        }
        timeout 120 wineserver -w || true
    fi
    wine_stand_ins
}

# What Wine 8 (Debian 12) lacks and Windows 10 and later have: bcryptprimitives.dll, whose
# ProcessPrng Rust's standard library imports for random numbers (its HashMap keys). A
# stand-in built from tests/install/wine/bcryptprimitives.c goes into the prefix's system32.
wine_stand_ins() {
    local dll="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
    local source="$root/tests/install/wine/bcryptprimitives.c"
    [ -f "$dll" ] && [ "$dll" -nt "$source" ] && return 0
    "$target_cc" -shared -O2 -Wall -Werror -o "$dll" "$source" -ladvapi32
}
