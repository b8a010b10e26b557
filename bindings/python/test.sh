#!/usr/bin/env bash
# The Python package's tests: builds the wheel (maturin, pinned, from PyPI) into a virtual
# environment under target/python/, runs pytest against it and the Rust library's generated
# games, lints the extension module's Rust code, and checks that `pip install bindings/python`
# works in a fresh virtual environment with nothing but numpy beside it.
#
#     bash bindings/python/test.sh
#
# Without python3, its venv module or pip, it prints a note and exits 0; under CI=true that
# fails instead (scripts/lib/toolchain.sh).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$root/target/python"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

# shellcheck source=../../scripts/lib/toolchain.sh
. "$root/scripts/lib/toolchain.sh"
missing() { toolchain_missing "the Python package's tests" "$1"; }

command -v python3 >/dev/null || missing "python3 not found"
python3 -c 'import sys; assert sys.version_info >= (3, 9)' 2>/dev/null ||
    missing "python3 is older than 3.9"
python3 -c 'import venv, ensurepip' 2>/dev/null ||
    missing "python3 has no venv or pip (Debian: apt-get install python3-venv)"

step() { printf -- '-- %s\n' "$*"; }

step "test environment ($work/test)"
mkdir -p "$work"
[ -x "$work/test/bin/python" ] || python3 -m venv "$work/test"
venv="$work/test/bin"
"$venv/python" -m pip install --quiet -r "$here/requirements-test.txt"

step "clippy on the extension module (the workspace's clippy leaves its feature off)"
cargo clippy --release -p halma-python --features python --all-targets -- -D warnings

step "wheel"
rm -rf "$work/wheels"
"$venv/maturin" build --release --quiet -m "$here/Cargo.toml" --out "$work/wheels"
"$venv/python" -m pip install --quiet --force-reinstall --no-deps "$work/wheels"/halma-*.whl

step "reference games from the Rust library"
cargo run --quiet --release -p halma-python --example reference_games >"$work/reference_games.txt"

step "pytest"
cd "$here"
HALMA_REFERENCE_GAMES="$work/reference_games.txt" "$venv/python" -m pytest -q tests

step "pip install bindings/python in a fresh virtual environment"
python3 -m venv --clear "$work/fresh"
"$work/fresh/bin/python" -m pip install --quiet "$here"
"$work/fresh/bin/python" - <<'EOF'
import importlib.metadata as metadata

import halma

installed = sorted(d.metadata["Name"].lower() for d in metadata.distributions())
extra = set(installed) - {"halma", "numpy", "pip", "setuptools"}
assert not extra, f"installed beside halma and numpy: {sorted(extra)}"
game = halma.Game()
game.play(halma.Engine().search(game, depth=2).move)
print(f"halma {halma.__version__} imports and plays with only {installed}")
EOF
