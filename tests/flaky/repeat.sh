#!/bin/bash
# Finds flaky tests: runs the tests of a ctest label (default "concurrency": the network
# layer, the server, storage, bots over the wire, end-to-end) repeatedly, each until it
# fails or has passed N times, and lists every test that failed at least once with its
# failure count. A flaky test fails CI at random: each one listed is a bug to fix.
#   tests/flaky/repeat.sh BUILD_DIR [N=20] [LABEL=concurrency] [extra ctest args...]
# Exit status 1 when any test failed.
set -uo pipefail
build=${1:?usage: $0 BUILD_DIR [N] [LABEL] [ctest args...]}
repeats=${2:-20}
label=${3:-concurrency}
shift $(($# < 3 ? $# : 3))
log=$(mktemp /tmp/boyi-flaky-XXXXXX.log)
started=$(date +%s)
# The PostgreSQL runs repeat the same programs on another engine; add them with -R if wanted.
ctest --test-dir "$build" -L "$label" -E '^postgres\.|^deploy_' --repeat "until-fail:$repeats" \
  -j "$(nproc)" --output-on-failure "$@" >"$log" 2>&1
status=$?
elapsed=$(($(date +%s) - started))
tests=$(grep -oE 'out of [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || true)
runs=$(grep -cE 'Test +#[0-9]+: ' "$log" || true)
echo "label '$label': ${tests:-?} tests, $runs runs (up to $repeats each) in ${elapsed} s (log: $log)"
failed=$(grep -E '\*\*\*Failed|\*\*\*Timeout|\*\*\*Exception' "$log" |
  sed -E 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: ([^ ]+).*/\1/' | sort | uniq -c | sort -rn)
if [ -z "$failed" ]; then
  echo "no test failed"
  exit 0
fi
echo "failed at least once (count, test):"
echo "$failed"
exit 1
