#!/usr/bin/env bash
# The front door (see README.md):
#   scripts/boyi.sh run [args...]   install what is missing, build (Release and the web client),
#                                   run boyi-server (port 7700, data in ./data, the web client
#                                   it ships with; args go to boyi-server)
#   scripts/boyi.sh test            install what is missing, build, run every test
#                                   (Release build, the web client's browser tests, the
#                                   container image, the build without the learned players,
#                                   then the address+undefined sanitizer build over every
#                                   test but the deployment's, the thread sanitizer build over
#                                   the concurrency tests, and the fuzz targets briefly)
#   scripts/boyi.sh build           install what is missing and build (Release and web/) only
#   scripts/boyi.sh play [args...]  build, then play in the terminal (boyi-play)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

jobs=$(nproc 2>/dev/null || echo 2)
# ccache keys on paths relative to the checkout, so a clone in another folder (CI's) reuses
# what an earlier build compiled.
export CCACHE_BASEDIR=$root CCACHE_NOHASHDIR=true
release=build/release
asan=build/asan
tsan=build/tsan
no_learned=build/no-learned

build_release() {
  cmake -S . -B "$release" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBOYI_WERROR=ON >/dev/null
  cmake --build "$release" -j "$jobs"
}

# The web client (web/dist, served by boyi-server) from the locked npm packages.
build_web() {
  (cd web && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent)
}

# Browser tests: headless Chromium against the Release boyi-server (screenshots under
# build/release/web-test-artifacts).
test_web() {
  (cd tests/web && npm ci --no-audit --no-fund --loglevel=error)
  BOYI_BUILD_DIR="$root/$release" node --test tests/web/web.test.mjs
}

# sanitizer_test DIR VARIANT [ctest args...]: configure and build the sanitizer variant
# VARIANT (BOYI_SANITIZE: ON, or thread for ctest -L concurrency) in DIR and run its tests. Every process writes its
# sanitizer reports to DIR/sanitizer-reports, the servers, bots and engines the tests start
# included (their own logs are thrown away with their temporary folders): any report there
# fails the run, even when the test that started the process passed.
sanitizer_test() {
  local dir=$1 variant=$2
  shift 2
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DBOYI_SANITIZE="$variant" \
    -DBOYI_WERROR=ON >/dev/null
  cmake --build "$dir" -j "$jobs"
  local reports=$root/$dir/sanitizer-reports status=0
  rm -rf "$reports"
  mkdir -p "$reports"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:log_path=$reports/asan \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:log_path=$reports/ubsan \
    TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:log_path=$reports/tsan \
    ctest --test-dir "$dir" --output-on-failure -j "$jobs" "$@" || status=$?
  # LeakSanitizer writes "Unable to get registers from thread N." when a thread exits while it
  # stops the world for its check at exit: no finding (a leak is reported as one), so a file
  # with nothing else is dropped rather than failing the run.
  local f
  for f in "$reports"/*; do
    [ -e "$f" ] || continue
    if ! grep -qv 'Unable to get registers from thread' "$f"; then
      echo "sanitizer note: $(basename "$f"): LeakSanitizer could not stop an exiting thread" >&2
      rm -f "$f"
    fi
  done
  if compgen -G "$reports/*" >/dev/null; then
    echo "sanitizer reports ($dir/sanitizer-reports):" >&2
    cat "$reports"/* >&2
    status=1
  fi
  return "$status"
}

cmd=${1:-run}
shift || true
bash scripts/setup.sh
case "$cmd" in
  build)
    build_release
    build_web
    ;;
  run)
    build_release
    build_web
    exec "$release/bin/boyi-server" "$@"
    ;;
  play)
    build_release
    exec "$release/bin/boyi-play" "$@"
    ;;
  test)
    build_release
    build_web
    ctest --test-dir "$release" --output-on-failure -j "$jobs"
    test_web
    # The container image over the Release build just tested (docker/README.md): built with
    # buildah, the server run inside it and played against.
    bash docker/test-image.sh "$release"
    # Without libtorch: everything but the learned players builds and passes its tests.
    cmake -S . -B "$no_learned" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBOYI_WERROR=ON \
      -DBOYI_WITH_LEARNED=OFF >/dev/null
    cmake --build "$no_learned" -j "$jobs"
    # The second storage engine's runs and the operator's files were tested above; here the
    # point is what builds and works without libtorch.
    ctest --test-dir "$no_learned" --output-on-failure -j "$jobs" -E '^postgres\.|^deploy_'

    # Address + undefined (and leaks) over every test the build has (all but the learned
    # players', the install test and the deployment's).
    # The PostgreSQL runs repeat the same programs on the other engine: left to Release, for
    # CI's time.
    sanitizer_test "$asan" ON -E '^postgres\.'
    # ... and the code only several servers run (the cluster, its relay, the shared lobby),
    # on PostgreSQL.
    sanitizer_test "$asan" ON -R '^postgres\.(cluster\.|PostgresCluster|ClusterStore|LobbyStore)'
    # Data races: ThreadSanitizer over the tests that run threads or server processes (the
    # network layer, the in-process server, storage, bots over the wire, end-to-end).
    sanitizer_test "$tsan" thread -L concurrency -E '^postgres\.'
    sanitizer_test "$tsan" thread -R '^postgres\.(cluster\.|PostgresCluster|ClusterStore|LobbyStore)'
    # Every decoder that faces untrusted bytes, fuzzed a short while each (fuzz/README.md).
    bash scripts/fuzz.sh ci
    ;;
  *)
    echo "usage: scripts/boyi.sh run|test|build|play [args...]" >&2
    exit 2
    ;;
esac
