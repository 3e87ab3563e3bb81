#!/usr/bin/env bash
# The install test: `cmake --install` to a temporary prefix, move the tree elsewhere, and run
# from there — the server serves the web client and the house bots, boyi-match plays, and
# (when built with them) a learned player loads its library and weights. Everything must be
# found relative to the programs (base/program_paths.h), never at a path of the build.
#   install_test.sh BUILD_DIR WITH_LEARNED(ON|OFF)
set -euo pipefail
build=$1
with_learned=$2
work=$(mktemp -d)
server_pid=""
cleanup() {
  [[ -n $server_pid ]] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "install test: FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/first" >/dev/null
mv "$work/first" "$work/moved"
prefix=$work/moved
for p in boyi-server boyi-admin boyi-bot boyi-engine boyi-match boyi-tourney boyi-load boyi-play boyi-verify \
  boyi-engine-check; do
  [[ -x $prefix/bin/$p ]] || fail "bin/$p is not installed"
done
[[ -f $prefix/share/boyi/web/index.html ]] ||
  fail "share/boyi/web/index.html is missing: build the web client first (bash scripts/boyi.sh build)"
# Nothing of the build tree may be named in what was installed.
if grep -rlF "$(cd "$build" && pwd)" "$prefix/bin" "$prefix/lib" 2>/dev/null; then
  fail "an installed file names the build folder"
fi

# boyi-match from the moved tree (a learned player when built with them).
first=greedy
[[ $with_learned == ON ]] && first=td
out=$(cd / && "$prefix/bin/boyi-match" --game gomoku --first "$first" --second random --games 2 \
  --per-move-ms 100 2>&1) || fail "boyi-match: $out"
grep -q "Elo difference" <<<"$out" || fail "boyi-match printed no result: $out"
grep -q "unavailable" <<<"$out" && fail "boyi-match: $out"
if [[ $with_learned == ON ]]; then
  [[ -f $prefix/lib/boyi/libboyi_learned.so ]] || fail "lib/boyi/libboyi_learned.so is missing"
  grep -qi "warning" <<<"$out" && fail "the learned player did not load cleanly: $out"
  "$prefix/bin/boyi-train" --help >/dev/null || fail "boyi-train does not start"
fi

# The server from the moved tree, with no --web: the web client at /, the house bots listed.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd / && exec "$prefix/bin/boyi-server" --port "$port" --address 127.0.0.1 --data "$work/data" \
  --log-level warn) &
server_pid=$!
python3 - "$port" <<'PY' || fail "the installed server did not serve the web client"
import sys, time, urllib.request
port = sys.argv[1]
def get(path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as r:
        return r.status, r.read().decode("utf-8", "replace")
for _ in range(100):
    try:
        status, body = get("/healthz")
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("no answer on /healthz")
status, body = get("/")
assert status == 200 and "<html" in body.lower(), (status, body[:200])
status, body = get("/api/house-bots")
assert status == 200 and "gomoku" in body, (status, body[:200])
print("installed server: / and /api/house-bots answer")
PY
echo "install test: passed (learned players: $with_learned)"
