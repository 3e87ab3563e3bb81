#!/bin/sh
# boyi-train end to end, one scenario per CTest test:
#   cli_test.sh BOYI_TRAIN SCRATCH_DIR SCENARIO
# Scenarios: tiny-run, resume-reproducible, list, errors, warm-start, average. Each uses a
# fresh folder under SCRATCH_DIR and the gomoku bp-td method (small and fast); average uses
# the shipped 军棋 DMC weights.
set -u
train=$1
scratch=$2/$3
rm -rf "$scratch"
mkdir -p "$scratch"
cd "$scratch" || exit 1

fail() { echo "FAIL: $*" >&2; exit 1; }
need_file() { [ -s "$1" ] || fail "missing or empty: $1"; }
tiny="--games 4 --chunk 2 --eval-every 2 --eval-games 2 --eval-ms 20 --threads 1 --seed 5"
# Exit status 2 and a message naming what is wrong, never a crash.
expect_error() {
  pattern=$1
  shift
  "$train" "$@" > out.txt 2> err.txt
  code=$?
  [ "$code" -eq 2 ] || { cat err.txt >&2; fail "exit $code (want 2) for: $*"; }
  grep -q -- "$pattern" err.txt || { cat err.txt >&2; fail "no '$pattern' in the error of: $*"; }
}

case $3 in
tiny-run)
  "$train" gomoku bp-td $tiny --out run --export shipped.pt > out.txt 2> err.txt ||
    { cat err.txt >&2; fail "the tiny run failed"; }
  cat err.txt
  grep -q "on cpu\|on cuda" err.txt || fail "no device line"
  grep -q "2/4 games" err.txt || fail "no progress line at 2 games"
  grep -q "eval @2 games vs previous (weights-0.pt): .*Elo" err.txt || fail "no evaluation line"
  grep -q "eval @4 games vs threat: " err.txt || fail "no evaluation against the baseline"
  for f in curve.csv latest.ckpt run-state.txt checkpoint-2.ckpt checkpoint-4.ckpt \
           weights-0.pt weights-2.pt weights-4.pt curve.gp; do
    need_file "run/$f"
  done
  if command -v gnuplot > /dev/null; then need_file run/curve.png; fi
  cmp -s run/weights-4.pt shipped.pt || fail "--export is not the final weights"
  [ "$(wc -l < run/curve.csv)" -eq 3 ] || fail "curve.csv should have a header and 2 rows"
  head -1 run/curve.csv | grep -q "^games,positions,seconds,loss,epsilon,step_size,.*vs_previous,vs_threat$" ||
    fail "curve.csv header: $(head -1 run/curve.csv)"
  # Both rows are evaluation rows: no empty score at the end.
  tail -2 run/curve.csv | grep -q ",$" && fail "an evaluation row without scores"
  # A fresh run into a run's folder is refused.
  expect_error "already holds a training run" gomoku bp-td $tiny --out run
  # The target already reached: nothing to train, the final weights stay.
  "$train" gomoku bp-td $tiny --out run --resume 2> err.txt || fail "resume at the target failed"
  grep -q "already 4 games" err.txt || fail "resume at the target: $(cat err.txt)"
  ;;
resume-reproducible)
  # 4 games at once, and 2 then --resume to 4, with the same seed on one
  # thread: the same network.
  "$train" gomoku bp-td $tiny --eval-games 0 --out straight 2> err.txt ||
    { cat err.txt >&2; fail "straight run"; }
  "$train" gomoku bp-td $tiny --eval-games 0 --games 2 --out resumed 2> err.txt ||
    { cat err.txt >&2; fail "first half"; }
  [ -s resumed/weights-4.pt ] && fail "the first half trained past 2 games"
  "$train" gomoku bp-td $tiny --eval-games 0 --out resumed --resume 2> err.txt ||
    { cat err.txt >&2; fail "resumed half"; }
  grep -q "resuming at 2 games" err.txt || fail "no resume line"
  cmp straight/weights-4.pt resumed/weights-4.pt || fail "resumed weights differ"
  [ "$(wc -l < resumed/curve.csv)" -eq 3 ] || fail "the resumed curve should have 2 rows"
  # A different seed trains a different network.
  "$train" gomoku bp-td $tiny --eval-games 0 --seed 6 --out other 2> err.txt ||
    { cat err.txt >&2; fail "other seed"; }
  cmp -s straight/weights-4.pt other/weights-4.pt && fail "seed 6 gave the weights of seed 5"
  ;;
warm-start)
  # Two real games (the JSON lines boyi-admin export writes) learnt from before self-play:
  # the network differs from the same run without them.
  games=$(dirname "$0")/testdata/warm-gomoku.jsonl
  "$train" gomoku bp-td $tiny --eval-games 0 --games 2 --warm-start "$games" --warm-epochs 2 \
    --out warm 2> err.txt || { cat err.txt >&2; fail "the warm-started run failed"; }
  grep -q "warm start: 2 recorded games, 2 epoch(s), [1-9][0-9]* positions" err.txt ||
    fail "no warm-start line: $(cat err.txt)"
  "$train" gomoku bp-td $tiny --eval-games 0 --games 2 --out cold 2> err.txt ||
    { cat err.txt >&2; fail "the cold run failed"; }
  cmp -s warm/weights-2.pt cold/weights-2.pt && fail "the warm start changed nothing"
  # No self-play at all: the run's weights are the warm-started network, not the untrained one.
  "$train" gomoku bp-td $tiny --eval-games 0 --games 0 --warm-start "$games" --export only.pt \
    --out warm-only 2> err.txt || { cat err.txt >&2; fail "the warm start alone failed"; }
  grep -q "done: 0 games, weights in warm-only/weights-warm.pt" err.txt ||
    fail "a warm start alone should end with weights-warm.pt: $(cat err.txt)"
  cmp -s only.pt warm-only/weights-warm.pt || fail "--export did not copy the warm-started weights"
  cmp -s only.pt warm-only/weights-0.pt && fail "the warm start alone exported the untrained weights"
  grep -q "warning" err.txt && fail "a warm start alone warns: $(cat err.txt)"
  expect_error "cannot be combined with --resume" gomoku bp-td $tiny --out cold --resume \
    --warm-start "$games"
  expect_error "cannot read" gomoku bp-td $tiny --out x --warm-start no-such-file.jsonl
  echo '{"format": "boyi-observations/1", "game": "junqi", "match_id": "1"}' > junqi.jsonl
  expect_error "this trainer learns gomoku" gomoku bp-td $tiny --out y --warm-start junqi.jsonl
  : > empty.jsonl
  expect_error "holds no gomoku games" gomoku bp-td $tiny --out z --warm-start empty.jsonl
  ;;
list)
  "$train" --list > out.txt 2> err.txt || fail "--list failed"
  grep -q "^gomoku bp-td " out.txt || fail "--list: $(cat out.txt)"
  ;;
errors)
  expect_error "no training method" gomoku no-such-method --out x
  expect_error "no training method" chess bp-td --out x
  expect_error "give GAME and METHOD" gomoku
  expect_error "expected key=value" gomoku bp-td --set lambda --out x
  expect_error "chunk" gomoku bp-td --chunk 0 --out x
  expect_error "no .*latest.ckpt to resume" gomoku bp-td $tiny --out fresh --resume
  expect_error "has a ','" gomoku bp-td $tiny --out "a,b"
  echo x > afile
  expect_error "cannot create the out dir" gomoku bp-td $tiny --out afile/sub
  mkdir corrupt
  head -c 3000 /dev/urandom > corrupt/latest.ckpt
  expect_error "cannot resume" gomoku bp-td $tiny --out corrupt --resume
  : > corrupt/latest.ckpt
  expect_error "cannot resume" gomoku bp-td $tiny --out corrupt --resume
  ;;
average)
  # The shipped 军棋 DMC weights averaged with themselves: a weights file the player loads
  # (the arithmetic is dmc_test's); errors name what is wrong and write nothing.
  weights=$(dirname "$0")/../../bots/learned/weights
  "$train" junqi dmc --average "$weights/junqi-dmc.pt" "$weights/junqi-dmc.pt" \
    --export twice.pt 2> err.txt || { cat err.txt >&2; fail "averaging the shipped weights"; }
  grep -q "averaged 2 weights files into twice.pt" err.txt || fail "no average line: $(cat err.txt)"
  need_file twice.pt
  expect_error "--average needs --export" junqi dmc --average a.pt b.pt
  expect_error "cannot average weights files" gomoku bp-td --average a.pt --export avg.pt
  expect_error "--average: .*no-such.pt" junqi dmc --average no-such.pt --export avg.pt
  expect_error "sizes differ" junqi dmc --average "$weights/junqi-dmc.pt" \
    "$weights/junqi-dmc-seed.pt" --export avg.pt
  [ -e avg.pt ] && fail "a failed --average wrote its --export"
  ;;
*)
  fail "unknown scenario $3"
  ;;
esac
echo "ok: $3"
