#!/bin/bash
# The backup procedure of deploy/README.md, tested on one engine: back up a running server
# under load (boyi-admin backup), restore into a fresh database (boyi-admin restore), and
# every match that had finished before the backup is there, finished, with its journal; a
# server starts on the restored data.
#   deploy/tests/backup_test.sh BUILD_DIR sqlite|postgresql
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$root/deploy/tests/common.sh"
build=$(cd "${1:?usage: $0 BUILD_DIR sqlite|postgresql}" && pwd)
engine=${2:?usage: $0 BUILD_DIR sqlite|postgresql}

work=$(mktemp -d /tmp/boyi-backup-XXXXXX)
server_pid=""
load_pid=""
cleanup() {
  [ -n "$load_pid" ] && kill "$load_pid" 2>/dev/null || true
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  [ "$engine" = postgresql ] && "$root/tests/postgres/test-cluster.sh" stop "$work/pg" || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  for log in server.log load.log restored.log; do
    [ -f "$work/$log" ] && { echo "--- $log" >&2; tail -n 30 "$work/$log" >&2; }
  done
  exit 1
}

live=(--data "$work/live")
fresh=(--data "$work/restored")
if [ "$engine" = postgresql ]; then
  "$root/tests/postgres/test-cluster.sh" start "$work/pg" >/dev/null
  url=$(cat "$work/pg/url")
  psql -q "$url/postgres" -c "CREATE DATABASE live" -c "CREATE DATABASE restored"
  live+=(--storage "$url/live")
  fresh+=(--storage "$url/restored")
fi
admin() { "$build/bin/boyi-admin" --argon2-memory-kib 256 "$@"; }
# The ids of finished matches, from `boyi-admin match list`.
finished_ids() { admin "$@" match list --limit 100000 | awk '$4 == "finished" {print $1}' | sort -n; }

port=$(free_port)
"$build/bin/boyi-server" --address 127.0.0.1 --port "$port" "${live[@]}" >"$work/server.log" 2>&1 &
server_pid=$!
wait_healthy "$port" "$server_pid" || fail "the server did not start"
"$build/bin/boyi-load" --port "$port" --matches 8 --duration 8 --ramp 1 --think-ms 25 \
  --transport tcp-binary --preset dots-ccgc --no-echo >"$work/load.log" 2>&1 &
load_pid=$!

# Wait until some matches have finished, note them, and back up while the load goes on.
for _ in $(seq 1 100); do
  [ "$(finished_ids "${live[@]}" | wc -l)" -ge 3 ] && break
  sleep 0.2
done
finished_ids "${live[@]}" >"$work/before"
[ "$(wc -l <"$work/before")" -ge 3 ] || fail "fewer than 3 matches finished under load"
admin "${live[@]}" backup "$work/boyi.backup" >/dev/null || fail "backup while running"
kill -0 "$load_pid" 2>/dev/null || fail "the load ended before the backup: not a backup under load"
wait "$load_pid" || fail "boyi-load failed"
load_pid=""
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=""

# A backup never overwrites, and restores only into an empty database.
admin "${live[@]}" backup "$work/boyi.backup" >/dev/null 2>&1 && fail "backup overwrote a file"
admin "${live[@]}" restore "$work/boyi.backup" >/dev/null 2>&1 &&
  fail "restore wrote over a database in use"

admin "${fresh[@]}" restore "$work/boyi.backup" >/dev/null || fail "restore into a fresh database"
finished_ids "${fresh[@]}" >"$work/after"
missing=$(comm -23 "$work/before" "$work/after")
[ -z "$missing" ] || fail "finished before the backup but missing after the restore: $missing"
first=$(head -n 1 "$work/before")
shown=$(admin "${fresh[@]}" match show "$first") || fail "no match $first after the restore"
grep -q "status: finished" <<<"$shown" || fail "match $first lost its state"
grep -q "action" <<<"$shown" || fail "match $first lost its journal"

# A server runs on the restored data.
port=$(free_port)
"$build/bin/boyi-server" --address 127.0.0.1 --port "$port" "${fresh[@]}" >"$work/restored.log" 2>&1 &
server_pid=$!
wait_healthy "$port" "$server_pid" || fail "no server on the restored data"
echo "backup ($engine): $(wc -l <"$work/before") finished matches backed up under load and restored"
