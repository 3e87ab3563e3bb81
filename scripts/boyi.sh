#!/usr/bin/env bash
# The front door (see README.md):
#   scripts/boyi.sh run [args...]   install what is missing, build (Release and the web client),
#                                   run boyi-server (port 7700, data in ./data, the web client
#                                   it ships with; args go to boyi-server)
#   scripts/boyi.sh test            install what is missing, build, run every test
#                                   (Release build, the web client's browser tests, the
#                                   container image, the build without the learned players,
#                                   then the address+undefined sanitizer build)
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
    # The container image: built with buildah, the server run inside it and played against.
    bash docker/test-image.sh "$release"
    # Without libtorch: everything but the learned players builds and passes its tests.
    cmake -S . -B "$no_learned" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBOYI_WERROR=ON \
      -DBOYI_WITH_LEARNED=OFF >/dev/null
    cmake --build "$no_learned" -j "$jobs"
    # The second storage engine's runs and the operator's files were tested above; here the
    # point is what builds and works without libtorch.
    ctest --test-dir "$no_learned" --output-on-failure -j "$jobs" -E '^postgres\.|^deploy_'

    # The sanitizer variant builds only the rules engine and its tests: that is
    # where memory and arithmetic bugs would hide, and the rest would double CI time.
    cmake -S . -B "$asan" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DBOYI_SANITIZE=ON -DBOYI_WERROR=ON \
      >/dev/null
    cmake --build "$asan" -j "$jobs"
    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --test-dir "$asan" --output-on-failure -j "$jobs"
    ;;
  *)
    echo "usage: scripts/boyi.sh run|test|build|play [args...]" >&2
    exit 2
    ;;
esac
