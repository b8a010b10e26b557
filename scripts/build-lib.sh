#!/usr/bin/env bash
# Builds the C library, libhalma (the halma-capi crate, capi/), for a target, release profile:
#
#   scripts/build-lib.sh [TARGET]
#
# TARGET is x86_64-linux-gnu, aarch64-linux-gnu, armv7-linux-gnueabihf or x86_64-windows-gnu
# (default: this machine's; on a Mac, aarch64-macos or x86_64-macos). Prints, as its last line, the directory that
# holds what it built:
#   x86_64-linux-gnu    target/release: libhalma.a, libhalma.so (SONAME libhalma.so.0), what
#                       `cargo build --release -p halma-capi` builds
#   aarch64, armv7      target/cross/T/T/release (T: Rust's target): libhalma.a,
#                       libhalma.so
#   x86_64-windows-gnu  target/cross/T/T/release (T: x86_64-pc-windows-gnu): halma.dll, its
#                       import library libhalma.dll.a, its exports halma.def, and libhalma.a
# A foreign target's build also writes native-static-libs there: what a program linking
# libhalma.a needs besides it, as rustc prints it for the target.
#
# A foreign target is built by Debian's rustc-web, its standard library built from source
# (-Zbuild-std) and linked by the target's GCC: scripts/lib/targets.sh says what each takes;
# what is missing is installed (as root). The first build of a target's standard library takes
# a few minutes; later builds reuse it. Each foreign target has a cargo target directory of
# its own (target/cross/T), so that builds for two targets can run at once.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/lib/targets.sh"
[ $# -le 1 ] || { echo "usage: scripts/build-lib.sh [TARGET]" >&2; exit 2; }
target_select "${1:-$(target_host)}"
target_tools >&2
cd "$root"

if [ "$target_native" = yes ]; then
    cargo build --release --locked -p halma-capi >&2
    target_output
    exit 0
fi

output="$(target_output)"
upper="$(tr 'a-z-' 'A-Z_' <<<"$target_rust")"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# panic_unwind: the C ABI's panic guard catches a panic and returns HALMA_STATUS_PANIC.
env RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$(target_cargo_dir)" \
    "CARGO_TARGET_${upper}_LINKER=$target_cc" \
    /usr/bin/cargo rustc --release --locked -p halma-capi --target "$target_rust" \
    -Zbuild-std=std,panic_unwind -- --print=native-static-libs 2>&1 | tee "$log" >&2
sed -n 's/^note: native-static-libs: //p' "$log" | tail -n 1 >"$output/native-static-libs"
[ -s "$output/native-static-libs" ] || { echo "build-lib: rustc printed no native-static-libs" >&2; exit 1; }
echo "$output"
