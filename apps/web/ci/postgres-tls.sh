#!/usr/bin/env bash
# A PostgreSQL over TLS for the web server's tests (apps/web/tests/tls.rs), on Debian as root,
# beside the cluster of apps/web/ci/postgres.sh (which it leaves alone): a cluster of its own,
# `tls`, with ssl=on and a certificate for localhost signed by a test CA made here with
# openssl, and a second CA that signed nothing. Creates the cluster if missing, then starts it
# and makes its role and database as postgres.sh does, and prints on stdout the variables the
# test reads (everything else goes to stderr):
#
#   eval "$(bash apps/web/ci/postgres-tls.sh)"
#   # HALMA_TEST_POSTGRES_TLS=postgres://halma:halma@localhost:PORT/halma_test
#   # HALMA_TEST_POSTGRES_CA=.../ca.crt  HALMA_TEST_POSTGRES_OTHER_CA=.../other-ca.crt
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

# Debian's PostgreSQL and openssl (installed by postgres.sh and ci/kit.sh before this).
version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
certs=/var/lib/postgresql/halma-tls
mkdir -p "$certs"
if [ ! -s "$certs/server.crt" ]; then
    echo "postgres-tls: making a test CA and a certificate for localhost in $certs" >&2
    make_ca() {
        openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=$2" \
            -keyout "$certs/$1.key" -out "$certs/$1.crt" 2>/dev/null
    }
    make_ca ca "halma test CA"
    make_ca other-ca "another CA"
    openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
        -keyout "$certs/server.key" -out "$certs/server.csr" 2>/dev/null
    printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$certs/server.ext"
    openssl x509 -req -in "$certs/server.csr" -CA "$certs/ca.crt" -CAkey "$certs/ca.key" \
        -CAcreateserial -days 3650 -extfile "$certs/server.ext" -out "$certs/server.crt" 2>/dev/null
    rm -f "$certs/server.csr" "$certs/server.ext" "$certs"/*.srl "$certs/other-ca.key"
fi
chown -R postgres:postgres "$certs"
chmod 0755 "$certs"
chmod 0600 "$certs"/*.key
chmod 0644 "$certs"/*.crt

if ! pg_lsclusters -h | awk '{print $2}' | grep -qx tls; then
    # The first free port from 5433.
    port=5433
    while pg_lsclusters -h | awk '{print $3}' | grep -qx "$port" ||
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        port=$((port + 1))
    done
    pg_createcluster "$version" tls --port "$port" >&2
    for setting in ssl=on "ssl_cert_file=$certs/server.crt" \
        "ssl_key_file=$certs/server.key" listen_addresses=localhost; do
        pg_conftool "$version" tls set "${setting%%=*}" "${setting#*=}" >&2
    done
fi
# Started, with its role and database, as the other cluster is; its URL names localhost,
# the certificate's name.
url="$(bash "$(dirname "${BASH_SOURCE[0]}")/postgres.sh" tls)"
url="${url/@127.0.0.1:/@localhost:}"
port="${url##*:}"
port="${port%%/*}"
echo "postgres-tls: cluster $version/tls online on port $port, ssl on" >&2
echo "export HALMA_TEST_POSTGRES_TLS=$url"
echo "export HALMA_TEST_POSTGRES_CA=$certs/ca.crt"
echo "export HALMA_TEST_POSTGRES_OTHER_CA=$certs/other-ca.crt"
