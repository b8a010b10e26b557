#!/usr/bin/env bash
# The Python package's tests: builds the wheel PyPI gets (manylinux2014, scripts/lib/python.sh)
# and installs it into a virtual environment under target/python/ (maturin and the test
# libraries pinned, from PyPI), runs pytest against it and the Rust library's generated games,
# and lints the extension module's Rust code. scripts/check-python-package.sh goes on from
# there: auditwheel, the sdist installed in a fresh environment, every Python here.
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
# shellcheck source=../../scripts/lib/python.sh
. "$root/scripts/lib/python.sh"
python_toolchain "the Python package's tests"

step() { printf -- '-- %s\n' "$*"; }

step "test environment ($work/test)"
python_tools

step "clippy on the extension module (the workspace's clippy leaves its feature off)"
cargo clippy --release -p halma-python --features python --all-targets -- -D warnings

step "wheel"
build_wheel "$work/wheels"
"$TOOLS/python" -m pip install --quiet --force-reinstall --no-deps "$work/wheels"/halma-*.whl

step "reference games from the Rust library"
cargo run --quiet --release -p halma-python --example reference_games >"$work/reference_games.txt"

step "pytest"
cd "$here"
HALMA_REFERENCE_GAMES="$work/reference_games.txt" "$TOOLS/python" -m pytest -q tests
