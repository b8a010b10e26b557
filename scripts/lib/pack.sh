# shellcheck shell=bash
# Packs a release archive as every archive of the project is packed (scripts/dist.sh,
# scripts/dist-apps.sh). Sourced:
#
#   . "$root/scripts/lib/pack.sh"
#   pack_sums "$work/$name"                    # writes its SHA256SUMS
#   pack_archive "$work" "$name" "$dist"       # SHA256SUMS, then $dist/$name.tar.gz
#
# The archive holds the directory $work/$name whole, files in name order with the last
# commit's time (or SOURCE_DATE_EPOCH) and no owner, so that the same files give the same
# archive; its checksum is written beside it ($name.tar.gz.sha256) and its path printed.

# pack_sums TREE: every file's SHA-256 in TREE/SHA256SUMS (sha256sum -c SHA256SUMS).
pack_sums() {
    local sums
    sums="$(cd "$1" && find . -type f | LC_ALL=C sort | sed 's|^\./||' | xargs sha256sum)"
    printf '%s\n' "$sums" >"$1/SHA256SUMS"
}

# pack_epoch: the time every file of an archive carries.
pack_epoch() {
    echo "${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}"
}

# pack_checksum ARCHIVE: its checksum beside it, and its path printed.
pack_checksum() {
    (cd "$(dirname "$1")" && sha256sum "$(basename "$1")" >"$(basename "$1").sha256")
    echo "$1"
}

# pack_archive WORK NAME DIST: WORK/NAME's SHA256SUMS, then DIST/NAME.tar.gz.
pack_archive() {
    local work="$1" name="$2" dist="$3"
    pack_sums "$work/$name"
    mkdir -p "$dist"
    tar -C "$work" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$(pack_epoch)" \
        -cf - "$name" | gzip -n -9 >"$dist/$name.tar.gz"
    pack_checksum "$dist/$name.tar.gz"
}
