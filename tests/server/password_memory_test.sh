#!/bin/bash
# The server gives back the memory of password checks: 120 wrong-password HTTP Basic requests
# (argon2id at the default 19 MiB each, 8 at a time) may not leave the server holding much
# more than before. Before boyi-server set glibc's mmap threshold, the same requests took it
# from 18 to 270 MiB, for good.
#   tests/server/password_memory_test.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$root/deploy/tests/common.sh"
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
work=$(mktemp -d /tmp/boyi-memory-XXXXXX)
port=$(free_port)
"$build/bin/boyi-server" --address 127.0.0.1 --port "$port" --data "$work/data" \
  --log-level warn >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT
wait_healthy "$port" "$server" || { echo "FAIL: the server did not start" >&2; exit 1; }
rss() { awk '/^VmRSS/ {print $2}' "/proc/$server/status"; }
before=$(rss)
# Each request from its own loopback address, so the sign-in throttle (a few failures per
# address) lets every one reach argon2: each must be answered 401, not 429.
for round in $(seq 1 15); do
  clients=()
  for i in $(seq 1 8); do
    curl -s -o /dev/null -w '%{http_code}\n' --interface "127.0.1.$((round * 8 + i))" \
      -u "nobody$round-$i:wrong" -X POST -d '{}' \
      "http://127.0.0.1:$port/api/tournaments" >>"$work/codes" &
    clients+=($!)
  done
  wait "${clients[@]}"
done
checked=$(grep -c '^401$' "$work/codes" || true)
[ "$checked" -eq 120 ] || { echo "FAIL: $checked of 120 passwords were checked" >&2; exit 1; }
after=$(rss)
growth=$(((after - before) / 1024))
echo "VmRSS ${before} kB before, ${after} kB after 120 wrong passwords (+${growth} MiB)"
# Eight checks at once may each hold 19 MiB while they run; afterwards little may remain.
[ "$growth" -lt 48 ] || { echo "FAIL: the server kept ${growth} MiB" >&2; exit 1; }
