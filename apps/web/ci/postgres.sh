#!/usr/bin/env bash
# A PostgreSQL for the web server's tests, on a fresh Debian machine as root: installs
# Debian's postgresql if missing, starts its cluster (creating one if none), makes the role
# `halma` and the database `halma_test` if missing, and prints the database's URL on stdout
# (everything else goes to stderr):
#
#   export HALMA_TEST_POSTGRES="$(bash apps/web/ci/postgres.sh)"
#
# With a cluster's name (bash apps/web/ci/postgres.sh tls) it starts that cluster, which
# must exist, instead of the first (apps/web/ci/postgres-tls.sh makes one).
set -euo pipefail
cluster="${1:-}"
export DEBIAN_FRONTEND=noninteractive

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    echo "postgres: installing Debian's postgresql" >&2
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >/dev/null
fi
if [ -z "$(pg_lsclusters -h)" ]; then
    version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
    pg_createcluster "$version" main >&2
fi
if [ -n "$cluster" ]; then
    read -r version name port status _ < <(pg_lsclusters -h | awk -v name="$cluster" '$2 == name')
else
    read -r version name port status _ < <(pg_lsclusters -h | head -n 1)
fi
if [ "$status" != "online" ]; then
    pg_ctlcluster "$version" "$name" start >&2
fi
psql_as_postgres() { runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_as_postgres -c "SELECT 1 FROM pg_roles WHERE rolname = 'halma'")" != "1" ]; then
    psql_as_postgres -c "CREATE ROLE halma LOGIN PASSWORD 'halma'" >&2
fi
if [ "$(psql_as_postgres -c "SELECT 1 FROM pg_database WHERE datname = 'halma_test'")" != "1" ]; then
    runuser -u postgres -- createdb -p "$port" -O halma halma_test >&2
fi
echo "postgres: cluster $version/$name online on port $port" >&2
echo "postgres://halma:halma@127.0.0.1:$port/halma_test"
