#!/usr/bin/env bash
# The libFuzzer targets (fuzz/README.md), built with clang under address + undefined sanitizers:
#   scripts/fuzz.sh build             configure and build build/fuzz, make the seed corpora
#   scripts/fuzz.sh ci [SECONDS]      build, then every target SECONDS (default 15: about 4 min
#                                     for the 15 targets) from its seeds; fails on any finding
#   scripts/fuzz.sh long [SECONDS] [TARGET...]
#                                     build, then each target (default: all) up to SECONDS
#                                     (default 3600) or 10^7 executions, one after the other,
#                                     at low priority, in a faster build without the address
#                                     sanitizer (build/fuzz-fast); then its grown corpus is
#                                     minimized and every input run once under address +
#                                     undefined
#   scripts/fuzz.sh run TARGET [SECONDS]  one target (default 60 s)
# Each run prints a table: target, executions, seconds, findings. Inputs that crashed are kept
# in build/fuzz/fuzz-findings/ (replay: build/fuzz/bin/TARGET_fuzz FILE); the corpus grown
# by the runs in build/fuzz/fuzz-work/ (kept, so a later run goes on from it).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=build/fuzz
fast=build/fuzz-fast
targets=(frames json_lines http_entry websocket junqi gomoku dots surakarta text_record
         json_record junqi_lines sau_lines piskvork_lines stored_journal config)
export CCACHE_BASEDIR=$root CCACHE_NOHASHDIR=true
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

# configure DIR [-D...]: a fuzz build folder, its targets built.
configure() {
  local dir=$1
  shift
  CC=clang CXX=clang++ cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DBOYI_FUZZ=ON -DBOYI_WERROR=ON "$@" >/dev/null
  cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" --target boyi_fuzz
}

build() {
  configure "$build"
  bash fuzz/seed-corpora.sh "$build"
}

# run_one TARGET SECONDS [RUNS] [PREFIX...]: one libFuzzer run of $bin's target (the
# address build's unless a caller sets bin); appends its row to $table.
run_one() {
  local target=$1 seconds=$2 runs=${3:--1}
  shift 3
  local work=$build/fuzz-work/$target findings=$build/fuzz-findings
  local log=$build/fuzz-logs/$target.log
  mkdir -p "$work" "$findings" "$build/fuzz-logs" "$build/fuzz-seeds/$target"
  local before after start rc=0
  before=$(find "$findings" -name "$target-*" | wc -l)
  start=$(date +%s)
  "$@" "${bin:-$build/bin}/${target}_fuzz" -dict="fuzz/dict/$target.dict" -max_total_time="$seconds" \
    -runs="$runs" -timeout=10 -rss_limit_mb=2560 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="$findings/$target-" "$work" "$build/fuzz-seeds/$target" >"$log" 2>&1 ||
    rc=$?
  after=$(find "$findings" -name "$target-*" | wc -l)
  local execs found=$((after - before))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ "$rc" -ne 0 ] && [ "$found" -eq 0 ]; then found=1; fi  # died without saving an input
  printf '%-16s %12s %8s %9s\n' "$target" "${execs:-?}" "$(($(date +%s) - start))" "$found" |
    tee -a "$table"
  if [ "$found" -ne 0 ]; then
    grep -m1 -E 'ERROR|SUMMARY|broken' "$log" | sed "s/^/  $target: /" || true
    failures=$((failures + 1))
  fi
}

# minimize TARGET: the target's grown corpus cut to the inputs that add coverage (libFuzzer's
# merge, in the fast build), so the next run and the replay start in seconds, not minutes.
minimize() {
  local target=$1 work=$build/fuzz-work/$1
  rm -rf "$work.merged"
  mkdir -p "$work.merged"
  if "$fast/bin/${target}_fuzz" -merge=1 -timeout=10 -rss_limit_mb=2560 -max_len=4096 \
    "$work.merged" "$work" >"$build/fuzz-logs/$target-merge.log" 2>&1; then
    rm -rf "$work"
    mv "$work.merged" "$work"
  else
    rm -rf "$work.merged"  # keep the whole corpus; the replay still checks it
  fi
}

# replay TARGET: every input of the target's grown corpus once in the address build, where the
# fast build's run could not see a memory error; a report counts as a finding.
replay() {
  local target=$1 work=$build/fuzz-work/$1 findings=$build/fuzz-findings
  local log=$build/fuzz-logs/$target-replay.log rc=0
  "$build/bin/${target}_fuzz" -runs=0 -timeout=10 -rss_limit_mb=2560 -max_len=4096 \
    -artifact_prefix="$findings/$target-" "$work" >"$log" 2>&1 || rc=$?
  local inputs
  inputs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
  printf '%-16s %12s %8s %9s\n' "$target" "${inputs:-?}" replayed "$([ "$rc" -eq 0 ] && echo 0 || echo 1)" |
    tee -a "$table"
  if [ "$rc" -ne 0 ]; then
    grep -m1 -E 'ERROR|SUMMARY|broken' "$log" | sed "s/^/  $target (replay): /" || true
    failures=$((failures + 1))
  fi
}

# run_all SECONDS RUNS [PREFIX...] over $run_targets (default every target); with REPLAY=1
# each target's corpus is replayed in the address build after its run.
run_all() {
  local seconds=$1 runs=$2
  shift 2
  table=$(mktemp)
  failures=0
  printf '%-16s %12s %8s %9s\n' target executions seconds findings
  local chosen=("${targets[@]}")
  if [ "${#run_targets[@]}" -gt 0 ]; then chosen=("${run_targets[@]}"); fi
  for t in "${chosen[@]}"; do
    run_one "$t" "$seconds" "$runs" "$@"
    if [ "${REPLAY:-0}" = 1 ]; then
      minimize "$t"
      replay "$t"
    fi
  done
  rm -f "$table"
  if [ "$failures" -ne 0 ]; then
    echo "fuzz: findings in $failures target(s); inputs in $build/fuzz-findings, logs in $build/fuzz-logs" >&2
    return 1
  fi
}

cmd=${1:-ci}
run_targets=()
case "$cmd" in
  build) build ;;
  ci)
    build
    run_all "${2:-15}" -1
    ;;
  long)
    build
    # The address sanitizer halves a game target's executions a second or worse; the long runs
    # fuzz without it and check what they grew with it (replay).
    configure "$fast" -DBOYI_FUZZ_ADDRESS=OFF
    run_targets=("${@:3}")
    for t in "${run_targets[@]}"; do
      [[ " ${targets[*]} " == *" $t "* ]] || { echo "fuzz: no target $t (${targets[*]})" >&2; exit 2; }
    done
    bin=$fast/bin REPLAY=1 run_all "${2:-3600}" 10000000 nice -n 19
    ;;
  run)
    table=$(mktemp)
    failures=0
    run_one "${2:?usage: scripts/fuzz.sh run TARGET [SECONDS]}" "${3:-60}" -1
    rm -f "$table"
    [ "$failures" -eq 0 ]
    ;;
  *)
    echo "usage: scripts/fuzz.sh build|ci [SECONDS]|long [SECONDS [TARGET...]]|run TARGET [SECONDS]" >&2
    exit 2
    ;;
esac
