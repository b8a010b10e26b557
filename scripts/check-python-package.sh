#!/usr/bin/env bash
# The Python package as PyPI would take it (run by .ci/run):
#  1. the wheel PyPI gets (scripts/lib/python.sh: maturin with zig as the linker against
#     glibc 2.17, manylinux2014; bindings/python/test.sh built and tested it), checked by
#     auditwheel: the platform tag it finds is the one the wheel claims, and no library
#     outside the manylinux policy is linked;
#  2. the source distribution: its files (the crates it builds from, the Python sources, the
#     licenses; none of the repository's other parts), and `pip install` of it in a fresh
#     virtual environment (maturin and the Rust build from it), which then plays a game;
#  3. the wheel on every CPython of the supported ones (3.9 and later) found here, one for
#     each minor version, Debian's first (/usr/bin/python3.X), then pyenv's: installed with
#     its extras in a fresh virtual environment, the package's tests run against it (the
#     newest numpy, PettingZoo and Gymnasium pip finds for that Python, as a user would get);
#     each version pyproject.toml's classifiers claim must be among them.
#
#   bash scripts/check-python-package.sh
#
# The tools come from PyPI, pinned (bindings/python/requirements-test.txt). Without python3
# and its venv module it prints a note and passes, except under CI=true, where it fails
# (scripts/lib/toolchain.sh); as root, Debian's python3-venv is installed when missing.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
here="$root/bindings/python"
work="$root/target/python"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1

# shellcheck source=lib/toolchain.sh
. "$root/scripts/lib/toolchain.sh"
# shellcheck source=lib/python.sh
. "$root/scripts/lib/python.sh"
python_toolchain "the Python package"

step() { printf -- '-- [%d s] %s\n' "$SECONDS" "$*"; }
fail() {
    echo "FAILED: $*" >&2
    exit 1
}

version="$(bash "$root/scripts/version.sh")"
arch="$(uname -m)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

step "the tools (maturin, ziglang, auditwheel: $work/test)"
python_tools

step "the manylinux wheel (maturin --zig --compatibility manylinux2014) and the sdist"
dist="$work/wheels"
build_wheel "$dist"
"$TOOLS/maturin" sdist -m "$here/Cargo.toml" --out "$dist" >"$scratch/sdist.log" 2>&1 ||
    fail "maturin sdist: $(cat "$scratch/sdist.log")"
wheel="$dist/halma-$version-cp39-abi3-manylinux2014_$arch.manylinux_2_17_$arch.whl"
sdist="$dist/halma-$version.tar.gz"
[ -f "$wheel" ] && [ -f "$sdist" ] || fail "expected $wheel and $sdist; made: $(ls "$dist")"
echo "ok: $(basename "$wheel") ($(wc -c <"$wheel") bytes), $(basename "$sdist") ($(wc -c <"$sdist") bytes)"

step "auditwheel show: the wheel is manylinux_2_17 and needs nothing outside the policy"
"$TOOLS/auditwheel" show "$wheel" >"$scratch/audit.txt"
tr '\n' ' ' <"$scratch/audit.txt" | grep -q "is consistent with the following platform tag: \"manylinux_2_17_$arch\"" ||
    fail "auditwheel: $(cat "$scratch/audit.txt")"
grep -q 'system-provided shared libraries' "$scratch/audit.txt" ||
    fail "auditwheel found no system libraries (its output changed?): $(cat "$scratch/audit.txt")"
if grep -q 'external shared libraries' "$scratch/audit.txt"; then
    fail "the wheel needs libraries a repair would have to bundle: $(cat "$scratch/audit.txt")"
fi
echo "ok: auditwheel: consistent with manylinux_2_17_$arch, no external library"

step "the sdist's files"
tar -tzf "$sdist" | sed "s|^halma-$version/||" | LC_ALL=C sort >"$scratch/sdist.txt"
for file in pyproject.toml PKG-INFO Cargo.toml Cargo.lock LICENSE-APACHE LICENSE-MIT \
    src/lib.rs opponents/src/lib.rs bindings/python/src/lib.rs python/halma/__init__.py \
    python/halma/_halma.pyi python/halma/py.typed; do
    grep -qx "$file" "$scratch/sdist.txt" || fail "the sdist has no $file"
done
unwanted="$(grep -E '^(target|apps|capi|fuzz|docs|benches|tests/harness|bindings/wasm|\.ci)/' "$scratch/sdist.txt" || true)"
[ -z "$unwanted" ] || fail "the sdist carries parts of the repository it does not build from: $unwanted"
tar -xzOf "$sdist" "halma-$version/PKG-INFO" >"$scratch/PKG-INFO"
for field in "Version: $version" "License-Expression: MIT OR Apache-2.0" "License-File: LICENSE-MIT" \
    "Requires-Python: >=3.9" "Requires-Dist: numpy>=1.26"; do
    grep -qxF "$field" "$scratch/PKG-INFO" || fail "PKG-INFO has no '$field'"
done
echo "ok: $(wc -l <"$scratch/sdist.txt") files, PKG-INFO as PyPI shows it"

# Plays a game with the halma package that $1 (a python) imports, from outside the
# repository; checks its version and where it comes from, and with `alone` as $2 that
# nothing but numpy was installed beside it.
play() {
    (cd "$scratch" && "$1" - "$version" "${@:2}" <<'EOF'
import importlib.metadata as metadata
import sys

import halma

assert halma.__version__ == sys.argv[1], halma.__version__
assert metadata.version("halma") == sys.argv[1], metadata.version("halma")
assert "site-packages" in halma.__file__, halma.__file__
if sys.argv[2:] == ["alone"]:
    installed = {d.metadata["Name"].lower() for d in metadata.distributions()}
    extra = installed - {"halma", "numpy", "pip", "setuptools"}
    assert not extra, f"installed beside halma and numpy: {sorted(extra)}"
game, engine = halma.Game(), halma.Engine()
while not game.is_over and game.ply < 1000:
    game.play(engine.search(game, nodes=500).move)
assert game.is_over, "no result in 1000 plies"
print(f"ok: halma {halma.__version__} on Python {sys.version.split()[0]}: a game of {game.ply} plies won by {game.outcome.winner}")
EOF
    )
}

step "pip install of the sdist in a fresh virtual environment (maturin from PyPI, the Rust build)"
python3 -m venv --clear "$work/sdist-venv"
# The Rust build's own target directory: kept between runs (the crates.io dependencies are
# built once), apart from the workspace's.
CARGO_TARGET_DIR="$work/sdist-target" "$work/sdist-venv/bin/python" -m pip install --quiet "$sdist"
play "$work/sdist-venv/bin/python" alone

step "the Rust library's reference games, for the tests"
cargo run --quiet --release -p halma-python --example reference_games >"$work/reference_games.txt"

# Each supported CPython found here, one a minor version: Debian's, then pyenv's by version.
interpreters() {
    local seen=" " python minor
    for python in $(printf '%s\n' /usr/bin/python3.* | grep -E '/python3\.[0-9]+$') \
        $(printf '%s\n' "${PYENV_ROOT:-$HOME/.pyenv}"/versions/*/bin/python3 | sort -V); do
        [ -x "$python" ] || continue
        minor="$("$python" -c 'import sys; assert sys.version_info >= (3, 9)
print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" || continue
        case "$seen" in *" $minor "*) continue ;; esac
        seen="$seen$minor "
        echo "$python"
    done
}

mapfile -t pythons < <(interpreters)
[ ${#pythons[@]} -gt 0 ] || fail "no CPython 3.9 or later found"
tested=()
for python in "${pythons[@]}"; do
    minor="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
    step "the wheel on Python $("$python" -c 'import sys; print(sys.version.split()[0])') ($python)"
    venv="$work/py$minor"
    # No pip of its own (ensurepip takes long): the tools' pip installs into it.
    "$python" -m venv --clear --without-pip "$venv"
    "$TOOLS/python" -m pip --python "$venv/bin/python" install --quiet "$wheel[pettingzoo,gymnasium]" pytest
    play "$venv/bin/python"
    (cd "$here" && HALMA_REFERENCE_GAMES="$work/reference_games.txt" \
        "$venv/bin/python" -m pytest -q -p no:cacheprovider tests)
    tested+=("$minor")
done
echo "ok: the wheel passes the package's tests on CPython ${tested[*]}"

# The versions pyproject.toml's classifiers claim are those tested here: none is missing.
claimed="$(sed -n 's/^ *"Programming Language :: Python :: \(3\.[0-9]*\)",$/\1/p' "$here/pyproject.toml")"
[ -n "$claimed" ] || fail "pyproject.toml claims no Python 3.X version (its classifiers changed?)"
untested=()
for minor in $claimed; do
    case " ${tested[*]} " in *" $minor "*) ;; *) untested+=("$minor") ;; esac
done
[ ${#untested[@]} = 0 ] ||
    toolchain_missing "the Python package" "no CPython ${untested[*]} here, which pyproject.toml claims (pyenv install)"
echo "ok: every version pyproject.toml claims was tested ($(echo $claimed))"
