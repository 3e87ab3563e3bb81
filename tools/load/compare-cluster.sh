#!/bin/bash
# Several servers on one PostgreSQL database (server/cluster), measured in one run on this
# machine (all servers, the database and boyi-load share its cores):
#   1. boyi-load against one server;
#   2. the same load spread over three servers (each match on one server);
#   3. the same with every match's second seat on the next server, through the relay;
#   4. takeover: three servers under the relayed load, one SIGKILLed; the time until the
#      others host all of its matches (read from the database), at the default lease (5 s,
#      heartbeat 1 s) and at a short one (1.5 s, heartbeat 250 ms).
# PostgreSQL durable (fsync on, synchronous_commit on), a cluster of its own on loopback.
#   tools/load/compare-cluster.sh [BUILD_DIR] [MATCHES]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build/release}
matches=${2:-100}
duration=${BOYI_LOAD_DURATION:-20}
ulimit -n "$(ulimit -Hn)"

state=$(mktemp -d /tmp/boyi-cluster-XXXXXX)
pids=()
stop_servers() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
trap 'stop_servers; "$root/tests/postgres/test-cluster.sh" stop "$state"; rm -rf "$state"' EXIT
"$root/tests/postgres/test-cluster.sh" start "$state" --durable >/dev/null
url=$(cat "$state/url")

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

# start_server NAME DATABASE LEASE_MS HEARTBEAT_MS: a node on a free port; sets $port.
start_server() {
  local name=$1 db=$2 lease=$3 beat=$4
  port=$(free_port)
  mkdir -p "$state/$name"
  cat >"$state/$name/config.json" <<JSON
{"address": "127.0.0.1", "port": $port, "data": "$state/$name", "storage": "$url/$db",
 "signing_key": "$state/signing-key.pem", "node_name": "$name", "log_level": "warn",
 "node_lease_ms": $lease, "heartbeat_interval_ms": $beat,
 "guests_per_address_per_hour": 0, "sign_ups_per_address_per_hour": 0, "limits": {"max_connections_per_address": 100000}}
JSON
  "$build/bin/boyi-server" --config "$state/$name/config.json" >"$state/$name/log" 2>&1 &
  pids+=($!)
  for _ in $(seq 200); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return 0
    sleep 0.05
  done
  echo "server $name did not start:" >&2
  cat "$state/$name/log" >&2
  return 1
}

load() {
  "$build/bin/boyi-load" --matches "$matches" --duration "$duration" --ramp 5 \
    --transport tcp-binary --preset surakarta-ccgc --think-ms 25 --no-echo "$@"
}

psql -q "$url/postgres" -c "CREATE DATABASE one"
start_server one one 5000 1000
echo "=== one server, $matches matches"
load --port "$port"
stop_servers

for mode in spread relay; do
  psql -q "$url/postgres" -c "CREATE DATABASE three_$mode"
  ports=()
  for n in n1 n2 n3; do
    start_server "$n-$mode" "three_$mode" 5000 1000
    ports+=("$port")
  done
  list=$(IFS=,; echo "${ports[*]}")
  if [ "$mode" = spread ]; then
    echo "=== three servers, $matches matches spread over them"
    load --ports "$list"
  else
    echo "=== three servers, $matches matches, every second seat through the relay"
    load --ports "$list" --relay
  fi
  stop_servers
done

# Takeover: the first server's matches, counted in the database until none is left.
for lease in 5000:1000 1500:250; do
  ms=${lease%:*}
  beat=${lease#*:}
  db=takeover_$ms
  psql -q "$url/postgres" -c "CREATE DATABASE $db"
  ports=()
  for n in k1 k2 k3; do
    start_server "$n-$ms" "$db" "$ms" "$beat"
    ports+=("$port")
  done
  victim=${pids[0]}
  list=$(IFS=,; echo "${ports[*]}")
  BOYI_LOAD_DURATION=$((duration + 20)) load --ports "$list" --relay >"$state/takeover-$ms.log" 2>&1 &
  loader=$!
  sleep 10
  node=$(psql -tA "$url/$db" -c "SELECT max(id) FROM cluster_nodes WHERE name = 'k1-$ms'")
  hosted=$(psql -tA "$url/$db" -c "SELECT count(*) FROM match_owners WHERE node_id = $node")
  start=$(date +%s.%N)
  kill -9 "$victim"
  while [ "$(psql -tA "$url/$db" -c "SELECT count(*) FROM match_owners WHERE node_id = $node")" != 0 ]; do
    sleep 0.05
  done
  end=$(date +%s.%N)
  echo "=== takeover, lease $ms ms, heartbeat $beat ms: $hosted running matches of the killed" \
    "server all hosted elsewhere after $(python3 -c "print(f'{$end - $start:.2f}')") s"
  wait "$loader" || true
  grep -E "^(moves|relay|matches|errors|  )" "$state/takeover-$ms.log" || true
  stop_servers
done
