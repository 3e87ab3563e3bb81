# Shared by the deployment tests (sourced): a free loopback port, and waiting for a server.

# A TCP port on 127.0.0.1 that was free a moment ago.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits up to 30 s for http://127.0.0.1:PORT/healthz; false if it never answered or the
# process PID (when given) exited first.
wait_healthy() {
  local port=$1 pid=${2:-}
  for _ in $(seq 1 300); do
    curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return 0
    if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then return 1; fi
    sleep 0.1
  done
  return 1
}
