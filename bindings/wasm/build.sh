#!/usr/bin/env bash
# Builds the engine's WebAssembly module, bindings/wasm/halma.wasm, and its manifest,
# bindings/wasm/halma.wasm.json (the hash of the sources it was built from, the toolchain,
# its size), both committed so that a machine with rustup's toolchain only (which has no
# wasm32 target and cannot fetch one) still serves the engine.
#
#   bash bindings/wasm/build.sh          # build, write halma.wasm and halma.wasm.json
#   bash bindings/wasm/build.sh --check  # CI: fail when the sources changed without a new
#                                        # artefact; rebuild, and compare the bytes when the
#                                        # toolchain is the manifest's
#
# The toolchain is Debian's (bookworm-security): rustc-web (rustc and std's sources for
# -Zbuild-std: rust-web-src), cargo-web (cargo) and rust-web-llvm (rust-lld, a link to the
# lld-N package's lld, which is installed too). They install into /usr/bin beside rustup's
# proxies in ~/.cargo/bin, which stay first on the PATH: the project's `cargo` stays
# rustup's, and this script calls /usr/bin/cargo with RUSTC=/usr/bin/rustc. As root, what is
# missing is installed (apt-get); otherwise the script says what to install. Under CI=true a
# missing toolchain fails; elsewhere --check then only checks the sources' hash.
#
# simd128 is on: it measured faster (README, "Speed"). wasm-opt (binaryen's, from npm) is not
# used: -O3 made the module 14% smaller but 1.4% larger gzipped, and no faster (README, "Size").
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

mode=build
case "${1:-}" in
  "") ;;
  --check) mode=check ;;
  *) echo "usage: $0 [--check]" >&2; exit 2 ;;
esac

artefact="$here/halma.wasm"
manifest="$here/halma.wasm.json"
target_dir="$root/target/wasm"
rustc=/usr/bin/rustc
cargo=/usr/bin/cargo
packages=(rustc-web rust-web-src cargo-web rust-web-llvm)

# What the module is built with: part of the sources' hash, so a change of flags needs a new
# artefact too.
rustflags="-C target-feature=+simd128 --remap-path-prefix=$root=/halma --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo --remap-path-prefix=/usr/lib/rustlib/src/rust=/rust"
cargo_args=(build --release --locked -p halma-wasm --target wasm32-unknown-unknown
  -Zbuild-std=std,panic_abort
  --config 'profile.release.panic="abort"' --config 'profile.release.strip=true'
  --config 'profile.release.opt-level=3')
settings="simd128; ${cargo_args[*]}"

say() { printf 'wasm: %s\n' "$*"; }
die() { printf 'wasm: %s\n' "$*" >&2; exit 1; }

# The hash of everything the module is built from: the library's and this crate's sources
# and manifests, the locked versions of their dependencies, and the build settings. The
# workspace's member list is left out (another crate joining the workspace changes nothing
# here), and so is everything the module does not depend on.
sources_hash() {
  {
    (cd "$root" && find src bindings/wasm/src bindings/wasm/Cargo.toml build.rs -type f | LC_ALL=C sort |
      xargs sha256sum)
    sed '/^members = /d' "$root/Cargo.toml"
    cargo tree --locked -p halma-wasm -e normal --prefix none --charset ascii 2>/dev/null |
      sed 's/ (.*)$//' | LC_ALL=C sort -u
    printf '%s\n' "$settings"
  } | sha256sum | cut -d' ' -f1
}

# The manifest's value for `key` (a flat JSON object of strings and numbers).
manifest_value() {
  sed -n -e "s/^  \"$1\": \"\(.*\)\",\{0,1\}$/\1/p" -e "s/^  \"$1\": \([0-9]*\),\{0,1\}$/\1/p" "$manifest"
}

toolchain_ready() {
  [ -x "$rustc" ] && [ -x "$cargo" ] &&
    [ -d "$("$rustc" --print sysroot 2>/dev/null)/lib/rustlib/src/rust/library/std" ] &&
    rust-lld -flavor wasm --version >/dev/null 2>&1
}

install_toolchain() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    return 1
  fi
  say "installing Debian's ${packages[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
  # rust-web-llvm's rust-lld is a link to lld-N, a package of its own that it does not pull.
  local lld
  lld="$(readlink /usr/bin/rust-lld || true)"
  if [ -n "$lld" ] && ! command -v "$lld" >/dev/null; then
    apt-get install -y -qq --no-install-recommends "$(basename "$lld")" >/dev/null
  fi
}

toolchain_version() {
  printf '%s, LLVM %s' "$("$rustc" --version)" "$("$rustc" -vV | sed -n 's/^LLVM version: //p')"
}

# Builds the module into $1.
build_into() {
  local out="$1"
  say "building with $("$rustc" --version) for wasm32-unknown-unknown"
  RUSTC="$rustc" RUSTDOC=/usr/bin/rustdoc RUSTC_BOOTSTRAP=1 CARGO_TARGET_DIR="$target_dir" \
    CARGO_ENCODED_RUSTFLAGS="$(printf '%s' "$rustflags" | tr ' ' '\037')" \
    "$cargo" "${cargo_args[@]}"
  cp "$target_dir/wasm32-unknown-unknown/release/halma_wasm.wasm" "$out"
}

write_manifest() {
  local wasm="$1" hash="$2" toolchain="$3"
  cat >"$manifest" <<EOF
{
  "artefact": "halma.wasm",
  "bytes": $(wc -c <"$wasm"),
  "gzip_bytes": $(gzip -9 -n -c "$wasm" | wc -c),
  "sha256": "$(sha256sum "$wasm" | cut -d' ' -f1)",
  "sources_sha256": "$hash",
  "toolchain": "$toolchain",
  "rebuild": "bash bindings/wasm/build.sh"
}
EOF
}

hash="$(sources_hash)"

if [ "$mode" = check ]; then
  [ -f "$artefact" ] && [ -f "$manifest" ] || die "no committed halma.wasm and manifest: run bash bindings/wasm/build.sh"
  [ "$(sha256sum "$artefact" | cut -d' ' -f1)" = "$(manifest_value sha256)" ] ||
    die "halma.wasm is not the artefact its manifest describes: run bash bindings/wasm/build.sh"
  if [ "$hash" != "$(manifest_value sources_sha256)" ]; then
    die "the module's sources changed since halma.wasm was built: run bash bindings/wasm/build.sh and commit halma.wasm and halma.wasm.json"
  fi
  say "the sources are those halma.wasm was built from ($hash)"
fi

if ! toolchain_ready; then
  install_toolchain || true
fi
if ! toolchain_ready; then
  message="the wasm toolchain is missing: as root, apt-get install ${packages[*]} (and the lld-N package /usr/bin/rust-lld links to)"
  if [ "$mode" = build ] || [ "${CI:-}" = true ]; then
    die "$message"
  fi
  say "$message; the module was not rebuilt (the sources' hash matched)"
  exit 0
fi
toolchain="$(toolchain_version)"

if [ "$mode" = build ]; then
  build_into "$artefact"
  write_manifest "$artefact" "$hash" "$toolchain"
  say "wrote $artefact ($(manifest_value bytes) bytes, $(manifest_value gzip_bytes) gzipped) and its manifest"
  exit 0
fi

rebuilt="$target_dir/check/halma.wasm"
mkdir -p "$(dirname "$rebuilt")"
build_into "$rebuilt"
if [ "$toolchain" = "$(manifest_value toolchain)" ]; then
  cmp -s "$rebuilt" "$artefact" ||
    die "the same toolchain ($toolchain) built other bytes than the committed halma.wasm: the build is not reproducible, or the artefact is stale"
  say "rebuilt byte for byte with the manifest's toolchain ($toolchain)"
else
  say "the toolchain ($toolchain) is not the manifest's ($(manifest_value toolchain)): bytes not compared"
  say "rebuilt module: $rebuilt (test it: bash bindings/wasm/test.sh --wasm $rebuilt)"
fi
