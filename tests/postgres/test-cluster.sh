#!/bin/bash
# A throw-away PostgreSQL cluster for the tests, on loopback only.
#   test-cluster.sh start STATE_DIR [--durable]
#       initdb + start; writes STATE_DIR/url (postgresql://postgres@127.0.0.1:PORT)
#   test-cluster.sh stop STATE_DIR    stops it and removes its files
# Uses Debian's postgresql package (initdb and pg_ctl under /usr/lib/postgresql/N/bin).
# PostgreSQL refuses to run as root: as root the cluster runs as user nobody. The cluster
# trusts every local connection and syncs nothing to disk (fsync=off): it is for tests.
# --durable keeps PostgreSQL's default fsync (for benchmarks that compare durable storage).
set -euo pipefail

usage() { echo "usage: $0 start|stop STATE_DIR [--durable]" >&2; exit 2; }
[ $# -ge 2 ] || usage
command=$1
state=$2
sync_options="-c fsync=off -c full_page_writes=off"
if [ "${3:-}" = --durable ]; then sync_options=""; fi

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ] || [ ! -x "$bindir/pg_ctl" ]; then
  echo "test-cluster: PostgreSQL server not installed (Debian package postgresql)" >&2
  exit 1
fi

as_owner=()
if [ "$(id -u)" = 0 ]; then as_owner=(runuser -u nobody --); fi

stop() {
  if [ -f "$state/cluster" ]; then
    local cluster
    cluster=$(cat "$state/cluster")
    if [ -d "$cluster/data" ]; then
      "${as_owner[@]}" "$bindir/pg_ctl" -D "$cluster/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$cluster"
  fi
  rm -f "$state/cluster" "$state/url"
}

case $command in
  start)
    mkdir -p "$state"
    stop  # a cluster left by an interrupted run
    # The cluster lives in /tmp: the user nobody must reach it, and the socket path is short.
    cluster=$(mktemp -d /tmp/boyi-pg-XXXXXX)
    echo "$cluster" >"$state/cluster"
    if [ "$(id -u)" = 0 ]; then chown nobody "$cluster"; fi
    "${as_owner[@]}" "$bindir/initdb" -D "$cluster/data" -U postgres --auth=trust -E UTF8 \
      --no-locale --no-sync >"$cluster/initdb.log" 2>&1 || {
      cat "$cluster/initdb.log" >&2
      exit 1
    }
    for _ in $(seq 1 20); do
      port=$((20000 + RANDOM % 40000))
      if "${as_owner[@]}" "$bindir/pg_ctl" -D "$cluster/data" -l "$cluster/server.log" -w -t 60 \
        -o "-p $port -k $cluster -c listen_addresses=127.0.0.1 $sync_options \
            -c max_connections=200 -c shared_buffers=32MB" \
        start >/dev/null 2>&1; then
        echo "postgresql://postgres@127.0.0.1:$port" >"$state/url"
        cat "$state/url"
        exit 0
      fi
    done
    echo "test-cluster: PostgreSQL did not start; its log:" >&2
    cat "$cluster/server.log" >&2 || true
    exit 1
    ;;
  stop) stop ;;
  *) usage ;;
esac
