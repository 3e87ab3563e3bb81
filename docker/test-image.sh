#!/bin/bash
# Builds Boyi's image on this machine and plays a game against the server running inside it.
# These machines reach Debian's mirror but no container registry, and cannot start
# containers, so:
#   1. the base image docker.io/library/debian:bookworm is made locally with debootstrap
#      (minbase, from the mirror apt uses here) and kept for later runs;
#   2. buildah builds docker/Dockerfile with chroot isolation (layers kept between runs):
#      by default its runtime stage over the tree `cmake --install BUILD_DIR` makes
#      (--target prebuilt: the Release build the test suite has just tested, packaged,
#      not compiled a second time); with --from-source, its builder stage compiles
#      everything inside the image as a user's `buildah build` does (the ccache mount kept);
#   3. the server runs inside the image (buildah run, chroot isolation: the host's network),
#      and from outside: /healthz answers, the image's own HEALTHCHECK command passes, and a
#      game is played over TCP (boyi-load from BUILD_DIR).
# For real users the same Dockerfile pulls the real base image.
#   docker/test-image.sh BUILD_DIR [--from-source]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$root/deploy/tests/common.sh"
build=$(cd "${1:?usage: $0 BUILD_DIR [--from-source]}" && pwd)
from_source=false
case "${2:-}" in
  "") ;;
  --from-source) from_source=true ;;
  *) echo "usage: $0 BUILD_DIR [--from-source]" >&2; exit 2 ;;
esac
base=docker.io/library/debian:bookworm
image=localhost/boyi:test
cache=${BOYI_IMAGE_CACHE:-/var/cache/boyi-image}
for tool in buildah debootstrap curl; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "building images here needs root" >&2; exit 1; }

step() { echo "== $(date +%T) $*"; }

if ! buildah inspect --type image "$base" >/dev/null 2>&1; then
  mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  [ -n "$mirror" ] || mirror=$(awk '/^deb / {print $2; exit}' /etc/apt/sources.list)
  step "debootstrap bookworm from $mirror"
  rm -rf "$cache/rootfs"
  mkdir -p "$cache"
  debootstrap --variant=minbase bookworm "$cache/rootfs" "$mirror" >"$cache/debootstrap.log"
  step "import as $base"
  container=$(buildah from scratch)
  mount=$(buildah mount "$container")
  tar -C "$cache/rootfs" -c . | tar -C "$mount" -x
  buildah umount "$container" >/dev/null
  buildah config --cmd /bin/bash "$container"
  buildah commit --rm "$container" "$base" >/dev/null
  rm -rf "$cache/rootfs"
fi

# This machine reaches the npm registry through a proxy whose CA only its own bundle holds:
# lend that bundle to the build (Dockerfile's NODE_EXTRA_CA_CERTS).
ca_args=()
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  ca_args=(--volume /etc/ssl/certs/ca-certificates.crt:/run/build-ca.crt:ro
    --build-arg NODE_EXTRA_CA_CERTS=/run/build-ca.crt)
fi
work=$(mktemp -d /tmp/boyi-image-XXXXXX)
container=""
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  [ -n "$container" ] && buildah rm "$container" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

if $from_source; then
  step "build $image from source"
  buildah build --isolation chroot --pull=never --layers "${ca_args[@]}" \
    -f "$root/docker/Dockerfile" -t "$image" "$root"
else
  step "build $image from the installed tree of $build"
  grep -q '^CMAKE_BUILD_TYPE:STRING=Release$' "$build/CMakeCache.txt" ||
    { echo "$build is not a Release build" >&2; exit 1; }
  cmake --install "$build" --prefix "$work/context/install" >/dev/null
  buildah build --isolation chroot --pull=never --layers --target prebuilt \
    -f "$root/docker/Dockerfile" -t "$image" "$work/context"
fi
fail() {
  echo "FAIL: $*" >&2
  [ -f "$work/server.log" ] && tail -n 40 "$work/server.log" >&2
  exit 1
}

port=$(free_port)
step "run the server inside the image on port $port"
container=$(buildah from --pull=never "$image")
# The image's entrypoint and environment, as a container runtime would start it.
buildah run --isolation chroot --env "BOYI_PORT=$port" --env BOYI_ADDRESS=127.0.0.1 \
  "$container" -- boyi-server >"$work/server.log" 2>&1 &
server_pid=$!
wait_healthy "$port" "$server_pid" || fail "no /healthz from the server in the image"
buildah run --isolation chroot --env "BOYI_PORT=$port" "$container" -- \
  sh -c 'curl -fsS "http://127.0.0.1:${BOYI_PORT}/healthz" >/dev/null' ||
  fail "the image's health check command fails"
page=$(curl -sf "http://127.0.0.1:$port/") || fail "no web client from the image"
grep -qi "<html" <<<"$page" || fail "the image serves no web client"

step "play over TCP from outside"
report=$("$build/bin/boyi-load" --port "$port" --matches 2 --duration 4 --ramp 1 \
  --transport tcp-binary --preset dots-ccgc --no-echo) || fail "boyi-load against the image"
finished=$(sed -n 's/^matches: [0-9]* started, \([0-9]*\) finished.*/\1/p' <<<"$report")
[ "${finished:-0}" -ge 1 ] || fail "no game finished against the image: $report"
kill -TERM "$server_pid"
wait "$server_pid" || true
server_pid=""
grep -q "learned" <(buildah run --isolation chroot "$container" -- ls /opt/boyi/lib/boyi) ||
  fail "the learned plugin is not in the image"
step "image $image: built, served /healthz and the web client, played $finished games over TCP"
