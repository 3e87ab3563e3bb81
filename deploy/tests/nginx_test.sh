#!/bin/bash
# The nginx site (deploy/nginx/boyi.conf) as an operator installs it, tested for real: it
# passes `nginx -t`, and a real nginx on loopback with a self-signed certificate redirects
# HTTP to HTTPS, serves /healthz and the web client, and carries a whole game between two bots
# over wss:// (examples/python/random_bot.py) to a real boyi-server.
#   deploy/tests/nginx_test.sh BUILD_DIR
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
source "$root/deploy/tests/common.sh"
build=$(cd "${1:?usage: $0 BUILD_DIR}" && pwd)
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "nginx is not installed (Debian package nginx-light)" >&2; exit 1; }

work=$(mktemp -d /tmp/boyi-nginx-XXXXXX)
server_pid=""
cleanup() {
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*" >&2
  for log in server.log error.log bot-a.log bot-b.log; do
    [ -f "$work/$log" ] && { echo "--- $log" >&2; tail -n 30 "$work/$log" >&2; }
  done
  exit 1
}

# A self-signed certificate for 127.0.0.1.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$work/privkey.pem" -out "$work/fullchain.pem" \
  2>/dev/null

# boyi-server on loopback.
server_port=$(free_port)
cat >"$work/boyi.json" <<JSON
{"address": "127.0.0.1", "port": $server_port, "data": "$work/data", "house_bots": false,
 "argon2": {"t_cost": 1, "m_cost_kib": 1024, "parallelism": 1}}
JSON
"$build/bin/boyi-server" --config "$work/boyi.json" --web "$root/web/dist" >"$work/server.log" 2>&1 &
server_pid=$!
wait_healthy "$server_port" "$server_pid" || fail "boyi-server did not start"

# The site exactly as shipped, with this test's ports, names and certificate.
https_port=$(free_port)
http_port=$(free_port)
sed -e "s|server 127.0.0.1:7700;|server 127.0.0.1:$server_port;|" \
  -e "s|listen 443 ssl http2;|listen 127.0.0.1:$https_port ssl http2;|" \
  -e "s|listen \[::\]:443 ssl http2;||" \
  -e "s|listen 80;|listen 127.0.0.1:$http_port;|" \
  -e "s|listen \[::\]:80;||" \
  -e "s|server_name boyi.example.org;|server_name 127.0.0.1;|" \
  -e "s|/etc/ssl/boyi/|$work/|" \
  "$root/deploy/nginx/boyi.conf" >"$work/boyi.conf"
grep -q "$server_port" "$work/boyi.conf" || fail "the site no longer names upstream 127.0.0.1:7700"
user_line=""
[ "$(id -u)" = 0 ] && user_line="user root;"
cat >"$work/nginx.conf" <<CONF
$user_line
pid $work/nginx.pid;
error_log $work/error.log;
events {}
http {
  include /etc/nginx/mime.types;
  access_log $work/access.log;
  client_body_temp_path $work/body;
  proxy_temp_path $work/proxy;
  include $work/boyi.conf;
}
CONF
"$nginx" -t -q -p "$work" -c "$work/nginx.conf" || fail "nginx -t refused the site"
"$nginx" -p "$work" -c "$work/nginx.conf" || fail "nginx did not start"

https="https://127.0.0.1:$https_port"
code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$http_port/lobby")
[ "$code" = 301 ] || fail "plain HTTP answered $code, not a redirect"
location=$(curl -s -o /dev/null -w '%{redirect_url}' "http://127.0.0.1:$http_port/lobby")
case $location in https://127.0.0.1*/lobby) ;; *) fail "redirected to '$location'" ;; esac
curl -sf --cacert "$work/fullchain.pem" "$https/healthz" >/dev/null || fail "no /healthz over TLS"
page=$(curl -sf --cacert "$work/fullchain.pem" "$https/") || fail "no web client through the proxy"
grep -qi "<html" <<<"$page" || fail "the proxy served something else than the web client"

# Two bots play one game over wss:// through nginx.
admin=("$build/bin/boyi-admin" --data "$work/data" --argon2-memory-kib 256)
token_a=$("${admin[@]}" bot add nginx-a) || fail "boyi-admin bot add"
token_b=$("${admin[@]}" bot add nginx-b) || fail "boyi-admin bot add"
bot=("python3" "$root/examples/python/random_bot.py" --url "wss://127.0.0.1:$https_port/"
  --cafile "$work/fullchain.pem" --games 1)
timeout 120 "${bot[@]}" --token "$token_a" --seed 1 >"$work/bot-a.log" 2>&1 &
bot_a=$!
timeout 120 "${bot[@]}" --token "$token_b" --seed 2 --challenge nginx-a \
  --preset surakarta-ccgc >"$work/bot-b.log" 2>&1 &
bot_b=$!
wait "$bot_a" || fail "bot a did not finish its game"
wait "$bot_b" || fail "bot b did not finish its game"
grep -q "over:" "$work/bot-a.log" || fail "bot a saw no end of the game"
matches=$("${admin[@]}" match list) || fail "boyi-admin match list"
grep -q "finished" <<<"$matches" || fail "no finished match in the server's data"
echo "nginx site: nginx -t, redirect, /healthz, web client and a game over wss:// passed"
