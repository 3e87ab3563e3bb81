#!/bin/bash
# boyi-load against a throw-away server on SQLite and on PostgreSQL, in the same run,
# alternating, at each match count given (default 100 1000). Both engines durable: SQLite
# synchronous=FULL, PostgreSQL fsync on with synchronous_commit=on (a cluster of its own on
# loopback, tests/postgres/test-cluster.sh --durable); every move is on disk before anyone
# hears of it. Prints each boyi-load report.
#   tools/load/compare-storage.sh [BUILD_DIR] [N...]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build/release}
shift || true
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(100 1000)
duration=${BOYI_LOAD_DURATION:-20}

ulimit -n "$(ulimit -Hn)"  # 1,000 matches open 4,000 sockets
state=$(mktemp -d /tmp/boyi-load-pg-XXXXXX)
trap '"$root/tests/postgres/test-cluster.sh" stop "$state"; rm -rf "$state"' EXIT
"$root/tests/postgres/test-cluster.sh" start "$state" --durable >/dev/null
url=$(cat "$state/url")

run=0
for n in "${counts[@]}"; do
  for storage in sqlite postgresql; do
    run=$((run + 1))
    args=()
    if [ "$storage" = postgresql ]; then
      psql -q "$url/postgres" -c "CREATE DATABASE load_$run"
      args=(--storage "$url/load_$run")
    fi
    echo "=== $n matches, $storage"
    "$build/bin/boyi-load" --server-bin "$build/bin/boyi-server" "${args[@]}" --matches "$n" \
      --duration "$duration" --ramp 5 --transport tcp-binary --preset surakarta-ccgc \
      --think-ms 25 --no-echo
  done
done
