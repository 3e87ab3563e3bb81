#!/usr/bin/env bash
# Measures the ccgc opening book of the 五子棋 engine (bots/engines/gomoku/ccgc_book.cc):
# black's score in each of the 26 standard openings after white keeps colours, from games
# between Boyi's own engines under renju-ccgc (black offers two fifth stones, white picks).
# Each pairing plays every opening once with each engine as black (52 games); the engines and
# times differ between pairings so that the games differ. Prints the book's rows, in the order
# of openings/renju-26.txt, for ccgc_book.cc, and the logs stay in OUT_DIR.
#
#   tools/match/ccgc-book.sh [BUILD_DIR] [OUT_DIR]     (defaults: build/release, a new temp dir)
#
# About 40 minutes on two cores. `td` needs the learned players (a build with libtorch).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${1:-$root/build/release}
out=${2:-$(mktemp -d)}
match=$build/bin/boyi-match
mkdir -p "$out"

# The openings with white's keep after them: black's score in each is the book's entry.
grep -v '^#' "$root/tools/match/openings/renju-26.txt" | grep . | sed 's/$/ keep/' >"$out/openings.txt"

old="threat:lmr=0,qfours=0,history=0,asp=0"  # the engine before its search refinements
pairings=(
  "new-old-200|threat|$old|200"
  "td-new-200|td|threat|200"
  "new-new-400|threat|threat|400"
  "new-old-100|threat|$old|100"
  "td-old-200|td|$old|200"
  "new-old-400|threat|$old|400"
  "td-new-100|td|threat|100"
)
for p in "${pairings[@]}"; do
  IFS='|' read -r name first second ms <<<"$p"
  echo "ccgc-book: $name ($first against $second, $ms ms a move)" >&2
  "$match" --game gomoku --rules "rule=renju opening=ccgc fifth_n=2" --openings "$out/openings.txt" \
    --games 52 --concurrency 2 --per-move-ms "$ms" --first "$first" --second "$second" \
    --log "$out/$name.log" --quiet >"$out/$name.out"
done

# Each game of the logs: its first three moves and its result (seat 0 is black: white kept).
awk '
  /^\[Result / { result = $2; gsub(/[]"]/, "", result) }
  /^[0-9]+\. / {
    n = $1 + 0
    if (n == 2) white = $3
    if (n == 3) {
      key = white " " $3
      games[key]++
      points[key] += result == "1-0" ? 1 : result == "1/2-1/2" ? 0.5 : 0
    }
  }
  END { for (k in games) print k, points[k], games[k] }
' "$out"/*.log >"$out/scores.txt"

while read -r h8 white black _; do
  read -r pts games < <(awk -v k="$white $black" '$1 " " $2 == k { print $3, $4 }' "$out/scores.txt") || true
  printf '    {at("%s"), at("%s"), %s, %s},\n' "$white" "$black" "${pts:-0}" "${games:-0}"
done <"$out/openings.txt"
echo "ccgc-book: logs in $out" >&2
