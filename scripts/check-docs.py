#!/usr/bin/env python3
"""Every code block of the docs runs, or is checked, so that a stale example fails the tests.

    python3 scripts/check-docs.py                 # every Markdown file git knows
    python3 scripts/check-docs.py docs/rust.md    # some files only

The blocks of each Markdown file, by the language of their fence:

- rust: doctests. README.md and README.crates.md are the library's own (src/lib.rs includes
  them); every other file's are run with `rustdoc --test` against the library as built.
- c, cpp: compiled (C99, C++17, warnings as errors) against include/ and libhalma.a, then run.
- js: run as a module in headless Chromium beside halma.js, as a page would load it.
- python: run by the Python package's test environment (bindings/python/test.sh makes it).
- sh: run by bash (set -euo pipefail) from the repository's root.
- json: parsed. text: not code, not checked. Any other language must be marked not run.

A block that cannot run here (interactive, the test command itself, a server left running,
a measurement) is marked on the line before its fence with the reason:

    <!-- not run: a server left running -->

and is then only checked: C and C++ compiled, JS and Python read for syntax, shell read by
`bash -n`. A shell block marked `<!-- run with a server -->` runs while a halma-web server
(its own SQLite database, a free port) listens: the block's 127.0.0.1:8080 and
localhost:8080 are that server's address.

Every shell block, and every command in inline code that starts with `cargo` or names a
script, is checked too: the packages and targets of `cargo run|build|test|bench` exist, the
repository's paths it names exist, the options it gives a program of the workspace are in
that program's --help, and a `match` or `star-match` command reads (run with --games 0).
Every relative link and picture must name a file of the repository.

The library, libhalma.a and the programs are those of `cargo test --release --workspace`
(scripts/test.sh's rust part builds them; run alone, this builds them). Without a C or C++
compiler, Node.js and Chromium, or the Python environment, the blocks that need them are
skipped with a note, except under CI (CI=true), where that fails. Exits 1 on any failure.
"""

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CI = os.environ.get("CI") == "true"
# Files whose Rust blocks src/lib.rs runs as the library's own doctests.
LIBRARY_DOCTESTS = re.findall(r'include_str!\("\.\./([^"]+\.md)"\)', (ROOT / "src/lib.rs").read_text())
FENCE = re.compile(r"^(\s*)(```+)(.*)$")
MARKER = re.compile(r"^\s*<!--\s*(not run:\s*(?P<reason>.+?)|(?P<server>run with a server))\s*-->\s*$")
# Programs of the workspace whose options a documented command may give.
PROGRAMS = (
    "match",
    "star-match",
    "bench",
    "solve",
    "engine",
    "tune",
    "depth",
    "generate",
    "halma-web",
    "halma-play",
    "halma-web-load",
)
# Top-level directories of the repository, for the paths commands name.
TOP = tuple(
    sorted(
        p.name + "/"
        for p in ROOT.iterdir()
        if p.is_dir() and not p.name.startswith(".") and p.name != "target"
    )
)
TIMEOUT_S = 120


@dataclass
class Block:
    """One fenced code block."""

    file: str
    line: int  # of the opening fence, from 1
    language: str
    text: str
    not_run: str | None  # the reason, when marked not run
    server: bool  # marked to run with a server

    def where(self) -> str:
        return f"{self.file}:{self.line} ({self.language})"


def blocks_of(path: str) -> list[Block]:
    """The fenced blocks of a Markdown file, each with its marker."""
    lines = (ROOT / path).read_text().split("\n")
    found = []
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, fence, info = opening.groups()
        end = index + 1
        while end < len(lines) and not lines[end].strip().startswith(fence):
            end += 1
        body = "\n".join(
            line[len(indent) :] if line.startswith(indent) else line for line in lines[index + 1 : end]
        )
        marker = MARKER.match(lines[index - 1]) if index > 0 else None
        found.append(
            Block(
                file=path,
                line=index + 1,
                language=info.strip().split(",")[0].split(" ")[0],
                text=body + "\n",
                not_run=marker.group("reason") if marker and marker.group("reason") else None,
                server=bool(marker and marker.group("server")),
            )
        )
        index = end + 1
    return found


def inline_commands(path: str) -> list[tuple[int, str]]:
    """Commands in a Markdown file's inline code: `cargo ...`, `bash scripts/...`, `scripts/...`."""
    found = []
    in_block = False
    for number, line in enumerate((ROOT / path).read_text().split("\n"), 1):
        if FENCE.match(line):
            in_block = not in_block
            continue
        if in_block:
            continue
        for span in re.findall(r"`([^`]+)`", line):
            if re.match(r"(cargo (run|build|test|bench)|bash [\w./-]+\.sh|scripts/[\w./-]+\.sh)( |$)", span):
                found.append((number, span))
    return found


def check_links(path: str, failures: "Failures") -> int:
    """Every relative link and picture of a Markdown file names a file of the repository."""
    text = (ROOT / path).read_text()
    targets = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'<img src="([^"]+)"', text)
    checked = 0
    for target in targets:
        if re.match(r"^[a-z]+:", target) or target.startswith("#"):
            continue
        checked += 1
        file = target.split("#", 1)[0]
        if not (ROOT / path).parent.joinpath(file).resolve().exists():
            failures.add(path, f"links to {target}, which does not exist")
    return checked


class Failures:
    """The failures found, each with where it is."""

    def __init__(self):
        self.items: list[str] = []

    def add(self, where: str, what: str):
        self.items.append(f"{where}: {what}")
        print(f"FAILED {where}: {what}", flush=True)


SKIPPED: set[str] = set()


def toolchain_missing(what: str, failures: Failures, language: str = "") -> None:
    """A note on a developer's machine, a failure under CI."""
    SKIPPED.add(language)
    if CI:
        failures.add("docs", f"{what} (CI=true: every block must be checked)")
    else:
        print(f"docs: skipped: {what}")


def run(
    command: list[str],
    *,
    cwd: Path = ROOT,
    stdin: str | None = None,
    env: dict | None = None,
    timeout: float = TIMEOUT_S,
) -> subprocess.CompletedProcess:
    """Runs a command, its output captured; a command over its time is killed and fails."""
    try:
        return subprocess.run(
            command, cwd=cwd, input=stdin, env=env, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired as expired:
        return subprocess.CompletedProcess(command, 124, expired.stdout or "", f"timed out after {timeout} s")


def output_of(result: subprocess.CompletedProcess) -> str:
    text = (result.stdout or "") + (result.stderr or "")
    return text[-3000:]


class Build:
    """What `cargo test --release --workspace` built: the library, libhalma.a, the programs."""

    def __init__(self):
        result = run(
            ["cargo", "test", "--release", "--workspace", "--no-run", "--message-format=json"], timeout=3600
        )
        if result.returncode != 0:
            raise SystemExit(f"docs: cargo test --no-run failed:\n{output_of(result)}")
        self.rlib = self.staticlib = None
        self.programs: dict[str, str] = {}
        for line in result.stdout.splitlines():
            message = json.loads(line)
            if message.get("reason") != "compiler-artifact" or message["profile"]["test"]:
                continue
            target = message["target"]
            files = message["filenames"]
            if target["name"] == "halma" and "lib" in target["kind"]:
                self.rlib = next(f for f in files if f.endswith(".rlib"))
            elif "staticlib" in target["kind"]:
                self.staticlib = next(f for f in files if f.endswith(".a"))
            elif "bin" in target["kind"] and message.get("executable"):
                self.programs[target["name"]] = message["executable"]
        if not (self.rlib and self.staticlib):
            raise SystemExit("docs: cargo test --no-run built no halma library or no libhalma.a")
        parent = Path(self.rlib).parent
        self.deps = str(parent if parent.name == "deps" else parent / "deps")


class Workspace:
    """The packages of the workspace and their targets (cargo metadata)."""

    def __init__(self):
        metadata = json.loads(run(["cargo", "metadata", "--no-deps", "--format-version", "1"]).stdout)
        self.targets: dict[str, set[tuple[str, str]]] = {}
        for package in metadata["packages"]:
            self.targets[package["name"]] = {
                (kind, target["name"]) for target in package["targets"] for kind in target["kind"]
            }
        members = {p["id"]: p["name"] for p in metadata["packages"]}
        self.default = [members[i] for i in metadata.get("workspace_default_members", [])] or list(
            self.targets
        )


# The options each cargo subcommand takes a value for, and the target kinds they name.
CARGO_VALUE_OPTIONS = {
    "-p",
    "--package",
    "--bin",
    "--example",
    "--test",
    "--bench",
    "--features",
    "-F",
    "--profile",
    "--target",
    "--manifest-path",
    "--target-dir",
    "-j",
    "--jobs",
    "--message-format",
    "--color",
}
TARGET_KINDS = {"--bin": "bin", "--example": "example", "--test": "test", "--bench": "bench"}


class Commands:
    """Checks the commands of shell blocks and of inline code."""

    def __init__(self, workspace: Workspace, build: Build, failures: Failures):
        self.workspace = workspace
        self.build = build
        self.failures = failures
        self.helps: dict[str, str] = {}

    def help_of(self, program: str) -> str | None:
        if program not in self.helps:
            path = self.build.programs.get(program)
            # The whole help: output_of keeps only the end, where a long help's first
            # options are not.
            result = run([path, "--help"], timeout=30) if path else None
            self.helps[program] = (result.stdout or "") + (result.stderr or "") if result else ""
        return self.helps[program] or None

    def check_text(self, where: str, text: str) -> None:
        """Every command of a shell text: continued lines joined, split at ;, &&, || and |."""
        text = re.sub(r"\\\n\s*", " ", text)
        for line in text.split("\n"):
            try:
                words = shlex.split(line, comments=True)
            except ValueError:
                continue  # bash -n judges the syntax
            command: list[str] = []
            for word in words + [";"]:
                if word in (";", "&&", "||", "|"):
                    if command:
                        self.check_command(where, command)
                    command = []
                else:
                    command.append(word)

    def check_command(self, where: str, words: list[str]) -> None:
        while words and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
            words = words[1:]  # VAR=value before the command
        if words and words[0] in ("nice", "time", "sudo", "exec"):
            words = [w for w in words[1:] if not re.match(r"^-n$|^-?\d+$", w)]
        if not words:
            return
        for word in words:
            self.check_path(where, word)
        if words[0] == "cargo" and len(words) > 1 and words[1] in ("run", "build", "test", "bench"):
            self.check_cargo(where, words)
        elif Path(words[0]).name in PROGRAMS and ("/" in words[0]):
            self.check_options(where, Path(words[0]).name, words[1:])

    def check_path(self, where: str, word: str) -> None:
        """A word that names a file or directory of the repository must exist."""
        word = word.split("=", 1)[-1].rstrip(".,:;)")
        if not word.startswith(TOP) or any(c in word for c in "*{}<>$[]") or "..." in word:
            return
        if word.startswith(("target/", "fuzz/artifacts/", "fuzz/corpus/")):
            return  # build outputs
        if not (ROOT / word).exists():
            self.failures.add(where, f"{word} does not exist")

    def check_cargo(self, where: str, words: list[str]) -> None:
        options = words[2:]
        arguments: list[str] = []
        if "--" in options:
            arguments = options[options.index("--") + 1 :]
            options = options[: options.index("--")]
        if "--manifest-path" in options:
            return  # another checkout's
        packages = [options[i + 1] for i, w in enumerate(options[:-1]) if w in ("-p", "--package")]
        for package in packages:
            if package not in self.workspace.targets:
                self.failures.add(where, f"no package {package} in the workspace: {shlex.join(words)}")
                return
        searched = packages or self.workspace.default
        program = None
        for i, word in enumerate(options[:-1]):
            kind = TARGET_KINDS.get(word)
            if not kind:
                continue
            name = options[i + 1]
            if name.isupper():
                return  # a placeholder, as in --bin NAME
            if not any((kind, name) in self.workspace.targets[p] for p in searched):
                self.failures.add(
                    where, f"no {kind} target {name} in {', '.join(searched)}: {shlex.join(words)}"
                )
                return
            if kind == "bin":
                program = name
        if words[1] == "run" and program is None and len(packages) == 1:
            bins = [name for kind, name in self.workspace.targets[packages[0]] if kind == "bin"]
            program = bins[0] if len(bins) == 1 else packages[0]
        if words[1] == "run" and program in PROGRAMS:
            self.check_options(where, program, arguments)

    def check_options(self, where: str, program: str, arguments: list[str]) -> None:
        """The options given are in the program's --help; a match command is read by the tool."""
        text = self.help_of(program)
        if text is None:
            toolchain_missing(
                f"{program} was not built: its options in {where} are not checked", self.failures
            )
            return
        for word in arguments:
            option = word.split("=", 1)[0]
            if re.match(r"^--[a-z][a-z0-9-]*$", option) and not re.search(re.escape(option) + r"\b", text):
                self.failures.add(
                    where, f"{program} has no option {option} (its --help): {shlex.join(arguments)}"
                )
        if program in ("match", "star-match") and not any(placeholder(word) for word in arguments):
            self.check_match(where, program, arguments)

    def check_match(self, where: str, program: str, arguments: list[str]) -> None:
        """A match command (`match`, `star-match`) reads its players with no game (--games 0)
        and no log."""
        dry: list[str] = []
        skip = False
        for word in arguments:
            if skip:
                skip = False
                continue
            if word in ("--games", "--log"):
                skip = True
                continue
            dry.append(word)
        result = run([self.build.programs[program], *dry, "--games", "0"], timeout=30)
        if result.returncode != 0:
            self.failures.add(
                where, f"{program} does not read {shlex.join(arguments)}: {output_of(result).strip()}"
            )


def placeholder(word: str) -> bool:
    """Whether a command's word stands for something the reader supplies: `level:N`, `...`,
    an `exec:` player whose program is not in the repository."""
    if "..." in word or re.search(r"(^|[:+,=])[A-Z][A-Z0-9_-]*($|[:+,/-])", word):
        return True
    program = re.match(r"exec:([^:]+)", word)
    return bool(program) and not (ROOT / program.group(1)).exists()


class Runners:
    """Runs (or checks) the blocks of each language."""

    def __init__(self, build: Build, commands: Commands, failures: Failures, work: Path):
        self.build = build
        self.commands = commands
        self.failures = failures
        self.work = work
        self.counts: dict[str, int] = {}
        self.python = self.find_python()
        self.server: subprocess.Popen | None = None
        self.server_address: str | None = None

    @staticmethod
    def skipped(language: str) -> bool:
        return language in SKIPPED

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1

    @staticmethod
    def find_python() -> str | None:
        python = os.environ.get("HALMA_DOCS_PYTHON") or str(ROOT / "target/python/test/bin/python")
        if Path(python).exists() and run([python, "-c", "import halma, numpy"]).returncode == 0:
            return python
        return None

    # C and C++ --------------------------------------------------------------------------

    def native(self, block: Block, index: int) -> None:
        c = block.language == "c"
        compiler = os.environ.get("CC" if c else "CXX", "cc" if c else "c++")
        if not shutil.which(compiler):
            toolchain_missing(
                f"no {compiler}: {block.where()} is not compiled", self.failures, block.language
            )
            return
        source = self.work / f"block{index}.{block.language}"
        source.write_text(block.text)
        program = self.work / f"block{index}"
        standard = "-std=c99" if c else "-std=c++17"
        flags = [standard, "-Wall", "-Wextra", "-Werror", "-pedantic", "-I", str(ROOT / "include")]
        result = run(
            [
                compiler,
                *flags,
                str(source),
                self.build.staticlib,
                "-lpthread",
                "-ldl",
                "-lm",
                "-o",
                str(program),
            ]
        )
        if result.returncode != 0:
            self.failures.add(block.where(), f"does not compile:\n{output_of(result)}")
            return
        if block.not_run:
            self.count(f"{block.language} compiled")
            return
        result = run([str(program)], cwd=self.work, stdin="")
        if result.returncode != 0:
            self.failures.add(block.where(), f"exits {result.returncode}:\n{output_of(result)}")
        self.count(f"{block.language} run")

    # Python -----------------------------------------------------------------------------

    def python_block(self, block: Block) -> None:
        if block.not_run:
            try:
                compile(block.text, block.where(), "exec")
            except SyntaxError as error:
                self.failures.add(block.where(), f"not Python: {error}")
            self.count("python read")
            return
        if not self.python:
            toolchain_missing(
                f"no Python environment with halma (bindings/python/test.sh makes it): {block.where()} not run",
                self.failures,
                "python",
            )
            return
        result = run([self.python, "-c", block.text], cwd=ROOT / "bindings/python")
        if result.returncode != 0:
            self.failures.add(block.where(), f"raises:\n{output_of(result)}")
        self.count("python run")

    # Shell ------------------------------------------------------------------------------

    def shell(self, block: Block) -> None:
        result = run(["bash", "-n"], stdin=block.text)
        if result.returncode != 0:
            self.failures.add(block.where(), f"not bash:\n{output_of(result)}")
            return
        self.commands.check_text(block.where(), block.text)
        if block.not_run:
            self.count("sh checked")
            return
        text = block.text
        if block.server:
            if not shutil.which("curl"):
                toolchain_missing(f"no curl: {block.where()} is not run", self.failures, "sh")
                return
            address = self.start_server()
            if not address:
                return
            text = text.replace("127.0.0.1:8080", address).replace("localhost:8080", address)
        result = run(["bash", "-c", "set -euo pipefail\n" + text])
        if result.returncode != 0:
            self.failures.add(block.where(), f"exits {result.returncode}:\n{output_of(result)}")
        self.count("sh run")

    def start_server(self) -> str | None:
        """A halma-web on a free port with a database of its own, once for every block."""
        if self.server_address:
            return self.server_address
        binary = self.build.programs.get("halma-web")
        log = self.work / "server.log"
        self.server = subprocess.Popen(
            [binary, "--port", "0", "--database", f"sqlite://{self.work}/games.sqlite3"],
            stdout=log.open("w"),
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = re.search(r"http://([0-9.]+:[0-9]+)/", log.read_text())
            if found:
                self.server_address = found.group(1)
                return self.server_address
            if self.server.poll() is not None:
                break
            time.sleep(0.1)
        self.failures.add(
            "docs", f"the server for the shell blocks did not start:\n{log.read_text()[-2000:]}"
        )
        return None

    def stop_server(self) -> None:
        if self.server:
            self.server.send_signal(signal.SIGTERM)
            self.server.wait(timeout=30)

    # JavaScript -------------------------------------------------------------------------

    def javascript(self, blocks: list[Block]) -> None:
        """The runnable blocks in Chromium (scripts/docs-js.mjs); the others read by node --check."""
        if not shutil.which("node"):
            toolchain_missing("no node: the JS blocks are not run", self.failures, "js")
            return
        to_run = []
        for index, block in enumerate(blocks):
            module = self.work / f"block{index}.mjs"
            module.write_text(block.text)
            result = run(["node", "--check", str(module)])
            if result.returncode != 0:
                self.failures.add(block.where(), f"not JavaScript:\n{output_of(result)}")
            elif block.not_run:
                self.count("js read")
            else:
                to_run.append({"where": block.where(), "file": str(module)})
        if not to_run:
            return
        chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        playwright = ROOT / "bindings/wasm/test/node_modules/playwright-core"
        if not playwright.exists() and shutil.which("npm"):
            # As bindings/wasm/test.sh installs it: from the lock file, no browser downloaded.
            run(
                ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                cwd=ROOT / "bindings/wasm/test",
                timeout=300,
            )
        if not Path(chromium).exists() or not playwright.exists():
            toolchain_missing(
                f"no Chromium at {chromium} or no playwright-core in bindings/wasm/test (its"
                " test.sh installs them): the JS blocks are not run",
                self.failures,
                "js",
            )
            return
        listing = self.work / "js-blocks.json"
        listing.write_text(json.dumps(to_run))
        result = run(
            ["node", str(ROOT / "scripts/docs-js.mjs"), str(listing)],
            env={**os.environ, "CHROMIUM": chromium},
            timeout=300,
        )
        for line in result.stdout.splitlines():
            if line.startswith("ok "):
                self.count("js run")
            elif line.startswith("FAILED "):
                where, _, what = line[len("FAILED ") :].partition(": ")
                self.failures.add(where, what)
        if result.returncode != 0 and "FAILED " not in result.stdout:
            self.failures.add("docs", f"the JS blocks' runner failed:\n{output_of(result)}")

    # Rust -------------------------------------------------------------------------------

    def rust(self, path: str, blocks: list[Block]) -> None:
        if path in LIBRARY_DOCTESTS:
            self.count("rust (the library's doctests)")
            return
        if any(block.not_run for block in blocks):
            self.failures.add(
                blocks[0].where(), "a Rust block says ignore or no_run in its fence, not in a marker"
            )
        command = [
            "rustdoc",
            "--test",
            str(ROOT / path),
            "--edition",
            "2024",
            "-L",
            f"dependency={self.build.deps}",
            "--extern",
            f"halma={self.build.rlib}",
        ]
        result = run(command, timeout=300)
        if result.returncode != 0:
            self.failures.add(path, f"rustdoc --test fails:\n{output_of(result)}")
        self.count("rust run")


def markdown_files(arguments: list[str]) -> list[str]:
    if arguments:
        return arguments
    listed = run(["git", "ls-files", "*.md"]).stdout.split()
    return [path for path in listed if not path.startswith("docs/matches/")]


def main() -> int:
    start = time.monotonic()
    files = markdown_files(sys.argv[1:])
    failures = Failures()
    build = Build()
    commands = Commands(Workspace(), build, failures)
    with tempfile.TemporaryDirectory(prefix="halma-docs-") as work:
        runners = Runners(build, commands, failures, Path(work))
        javascript: list[Block] = []
        index = 0
        try:
            for path in files:
                blocks = blocks_of(path)
                runners.counts["links checked"] = runners.counts.get("links checked", 0) + check_links(
                    path, failures
                )
                for number, text in inline_commands(path):
                    commands.check_text(f"{path}:{number}", text)
                    runners.count("inline commands checked")
                rust = [b for b in blocks if b.language == "rust"]
                if rust:
                    runners.rust(path, rust)
                for block in blocks:
                    index += 1
                    if block.not_run is not None and block.server:
                        failures.add(block.where(), "marked both not run and run with a server")
                    if block.server and block.language != "sh":
                        failures.add(block.where(), "only shell blocks run with a server")
                    if block.language in ("c", "cpp"):
                        runners.native(block, index)
                    elif block.language == "python":
                        runners.python_block(block)
                    elif block.language == "sh":
                        runners.shell(block)
                    elif block.language == "js":
                        javascript.append(block)
                    elif block.language == "json":
                        try:
                            json.loads(block.text)
                        except json.JSONDecodeError as error:
                            failures.add(block.where(), f"not JSON: {error}")
                    elif block.language not in ("rust", "text") and not block.not_run:
                        failures.add(
                            block.where(),
                            f"no runner for {block.language or 'a block without a language'}: mark it not run",
                        )
            runners.javascript(javascript)
        finally:
            runners.stop_server()
    if not sys.argv[1:]:
        # A check that found nothing to run would pass for nothing: the docs have blocks of
        # each of these kinds, so each must have run (or been skipped for its toolchain).
        for kind in ("rust run", "c run", "cpp run", "js run", "python run", "sh run", "sh checked"):
            if not runners.counts.get(kind) and not runners.skipped(kind.split()[0]):
                failures.add("docs", f"no {kind.split()[0]} block was run: the check finds none")
    summary = ", ".join(f"{count} {what}" for what, count in sorted(runners.counts.items()))
    print(f"docs: {len(files)} files: {summary} ({time.monotonic() - start:.0f} s)")
    if failures.items:
        print(f"docs: {len(failures.items)} failures", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
