#!/usr/bin/env bash
# The front door (see README.md):
#   scripts/boyi.sh run [args...]   install what is missing, build (Release), run boyi-server
#                                   (port 7700, data in ./data; args go to boyi-server)
#   scripts/boyi.sh test            install what is missing, build, run every test
#                                   (Release build, then the address+undefined sanitizer build)
#   scripts/boyi.sh build           install what is missing and build (Release) only
#   scripts/boyi.sh play [args...]  build, then play in the terminal (boyi-play)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

jobs=$(nproc 2>/dev/null || echo 2)
release=build/release
asan=build/asan

build_release() {
  cmake -S . -B "$release" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBOYI_WERROR=ON >/dev/null
  cmake --build "$release" -j "$jobs"
}

cmd=${1:-run}
shift || true
bash scripts/setup.sh
case "$cmd" in
  build)
    build_release
    ;;
  run)
    build_release
    exec "$release/server/app/boyi-server" "$@"
    ;;
  play)
    build_release
    exec "$release/tools/play/boyi-play" "$@"
    ;;
  test)
    build_release
    ctest --test-dir "$release" --output-on-failure -j "$jobs"
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
