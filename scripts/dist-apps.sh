#!/usr/bin/env bash
# The release archives of the programs, for this machine's target (x86_64-linux-gnu on
# Debian x86-64):
#
#   scripts/dist-apps.sh [--no-build]
#
# Writes target/dist/halma-web-VERSION-TARGET.tar.gz (the online game's server, the
# operator's kit deploy/ and docs/operating.md) and halma-play-VERSION-TARGET.tar.gz (the
# terminal game), each with its checksum beside it (.sha256), and prints their paths. Each
# is packed as scripts/dist.sh packs the library's (scripts/lib/pack.sh): one directory named
# as the archive, the licences, a README saying how to use it, and SHA256SUMS, every file's
# checksum; files in name order with the last commit's time and no owner.
#
# It builds both programs first at the release profile (cargo build --release); --no-build
# packs what that built before.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/lib/pack.sh"
build=yes
for argument in "$@"; do
    case "$argument" in
    --no-build) build=no ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "dist-apps.sh: unknown argument $argument (see --help)" >&2; exit 2 ;;
    esac
done

cd "$root"
if [ "$build" = yes ]; then
    cargo build --release --locked -p halma-web -p halma-play >&2
fi
version="$(bash scripts/version.sh)"
# Rust's host target without its vendor: x86_64-unknown-linux-gnu is x86_64-linux-gnu.
target="$(rustc -vV | sed -n 's/^host: //p' | sed 's/-unknown-/-/')"
binaries="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')/release"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The server, with the kit and its manual.
name="halma-web-$version-$target"
tree="$work/$name"
mkdir -p "$tree/docs"
install -m 0755 "$binaries/halma-web" "$tree/halma-web"
cp -R deploy "$tree/deploy"
cp docs/operating.md "$tree/docs/operating.md"
cp LICENSE-MIT LICENSE-APACHE "$tree/"
cat >"$tree/README.txt" <<EOF
halma-web $version for $target: the online Halma game's server, a JSON API and the page,
against the computer or a friend, in a browser.

halma-web                   the server (SQLite built in, the page's files inside)
deploy/nginx/halma.conf     the nginx site in front of it
deploy/systemd/halma-web.service  its systemd unit
deploy/Containerfile, deploy/compose.yaml  a container image, and it beside PostgreSQL
docs/operating.md           how to install, run, back up and upgrade it
LICENSE-MIT, LICENSE-APACHE the licences: MIT or Apache-2.0, at your choice
SHA256SUMS                  every file's SHA-256: sha256sum -c SHA256SUMS

    ./halma-web --port 8080     # then open http://127.0.0.1:8080/
    ./halma-web --help          # every option

The games are kept in halma-web.sqlite3 beside the binary unless --database says
otherwise. For a site behind nginx, read docs/operating.md.
EOF
pack_archive "$work" "$name" "$root/target/dist"

# The terminal game.
name="halma-play-$version-$target"
tree="$work/$name"
mkdir -p "$tree"
install -m 0755 "$binaries/halma-play" "$tree/halma-play"
cp LICENSE-MIT LICENSE-APACHE "$tree/"
cat >"$tree/README.txt" <<EOF
halma-play $version for $target: Halma in the terminal, against the computer at ten
levels, in English, Thai and Malay.

halma-play                  the game
LICENSE-MIT, LICENSE-APACHE the licences: MIT or Apache-2.0, at your choice
SHA256SUMS                  every file's SHA-256: sha256sum -c SHA256SUMS

    ./halma-play                # you play x and move first; type a move as l2-k3
    ./halma-play --help         # sides, levels, colours, languages
EOF
pack_archive "$work" "$name" "$root/target/dist"
