#!/usr/bin/env bash
# What the tests of the operator's kit (apps/web/tests/kit.rs) and of PostgreSQL over TLS
# need beyond PostgreSQL, on a fresh Debian machine as root: Debian's nginx (the site of
# deploy/nginx/halma.conf runs in front of the server), openssl (a test CA and certificates
# are made at set-up), systemd-analyze (the unit of deploy/systemd is verified) and sqlite3
# (a backup is taken as docs/operating.md says). Installs whatever is missing; prints nothing
# on stdout.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

missing=()
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || missing+=(nginx)
command -v openssl >/dev/null || missing+=(openssl)
command -v systemd-analyze >/dev/null || missing+=(systemd)
command -v sqlite3 >/dev/null || missing+=(sqlite3)
if [ ${#missing[@]} -gt 0 ]; then
    echo "kit: installing Debian's ${missing[*]}" >&2
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
