# What the Python package's scripts share (bindings/python/test.sh, the package's tests, and
# scripts/check-python-package.sh, the package as PyPI would take it): Python itself, the
# tools' virtual environment, and the one wheel build, so that the tests run on the wheel
# that ships and the second script finds it built. Sourced (bash), after
# scripts/lib/toolchain.sh, with $root set:
#
#   python_toolchain "the Python package"   # python3 >= 3.9 with venv, or the part ends
#   python_tools                            # sets TOOLS: target/python/test/bin
#   build_wheel "$out"                      # the manylinux wheel into $out

# python_toolchain PART: python3 3.9 or later with its venv module (Debian's python3-venv
# installed when missing and this runs as root), else toolchain_missing.
python_toolchain() {
    command -v python3 >/dev/null || toolchain_missing "$1" "python3 not found"
    python3 -c 'import sys; assert sys.version_info >= (3, 9)' 2>/dev/null ||
        toolchain_missing "$1" "python3 is older than 3.9"
    if ! python3 -c 'import venv, ensurepip' 2>/dev/null && [ "$(id -u)" = 0 ] &&
        command -v apt-get >/dev/null; then
        echo "$1: installing Debian's python3-venv"
        DEBIAN_FRONTEND=noninteractive apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null
    fi
    python3 -c 'import venv, ensurepip' 2>/dev/null ||
        toolchain_missing "$1" "python3 has no venv or pip (Debian: apt-get install python3-venv)"
}

# python_tools: the virtual environment target/python/test with what
# bindings/python/requirements-test.txt pins (maturin, ziglang, auditwheel, pytest and the
# test libraries); sets TOOLS to its bin directory.
python_tools() {
    local venv="$root/target/python/test"
    mkdir -p "$root/target/python"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1 \
        "$venv/bin/python" -m pip install --quiet -r "$root/bindings/python/requirements-test.txt"
    TOOLS="$venv/bin"
}

# build_wheel OUT: the wheel PyPI gets, into the directory OUT (emptied first): maturin with
# zig as the linker against glibc 2.17 (manylinux2014: any Linux since 2014; a wheel linked
# here would need Debian 12's glibc 2.34 symbols, manylinux_2_34). maturin finds zig as
# `python3 -m ziglang`, hence the tools first on the PATH. Needs python_tools.
build_wheel() {
    rm -rf "$1"
    PATH="$TOOLS:$PATH" "$TOOLS/maturin" build --quiet --release --zig --compatibility manylinux2014 \
        -m "$root/bindings/python/Cargo.toml" --out "$1"
}
