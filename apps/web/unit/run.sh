#!/usr/bin/env bash
# The page's unit tests: its modules (apps/web/static) under Node's own test runner, no
# browser: the store, the texts, the record, the review's marks, the clocks, the live
# stream's events, the API client, and that every module imports without a DOM.
#
#   bash apps/web/unit/run.sh
#
# Without Node.js it prints a note and exits 0, except under CI=true (scripts/lib/toolchain.sh).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
# shellcheck source=../../../scripts/lib/toolchain.sh
. "$root/scripts/lib/toolchain.sh"
toolchain_node "the page's unit tests"
node --test "$here"/*.test.mjs
