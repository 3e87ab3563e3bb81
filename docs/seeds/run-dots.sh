#!/usr/bin/env bash
# The 点格棋 seed paper (UCT + 招法合并 + α-AMAF, compared with alpha-beta) reproduced with
# Boyi's engines: every pairing below through boyi-match, then docs/seeds/dots-results.csv
# and the bar chart docs/seeds/dots-elo.svg (written here with awk). The page: docs/seeds/dots.md.
#
# Usage: docs/seeds/run-dots.sh [--plot] [BUILD_DIR [GAMES [MS_PER_MOVE [SEED]]]]
#   --plot       play nothing: redraw the chart from the CSV already there (pass the arguments
#                of the run that wrote it, for the chart's subtitle)
#   BUILD_DIR    where boyi-match was built, from the repository root (default build/release)
#   GAMES        games of each α pairing (default 200); the pairings whose result is one-sided
#                (merging, alpha-beta, the references) play half as many
#   MS_PER_MOVE  boyi-match --per-move-ms (default 40); the players keep a 10 ms margin
#                (--margin-ms 10), so each thinks about MS_PER_MOVE - 10 ms a move
#   SEED         boyi-match --seed of every pairing (default 1)
# Every match runs with --concurrency 1 (one game at a time: equal time means equal CPU).
# At the defaults: 1400 games, about 30 minutes on a 2-core machine.
set -euo pipefail

# shellcheck source=docs/seeds/seed-script.sh
source "$(dirname "${BASH_SOURCE[0]}")/seed-script.sh"
build="${1:-build/release}"
games="${2:-200}"
ms="${3:-40}"
seed="${4:-1}"
margin=10
match="$build/bin/boyi-match"
out="docs/seeds"
csv="$out/dots-results.csv"
svg="$out/dots-elo.svg"

if ((!plot_only)) && [[ ! -x "$match" ]]; then
  echo "run-dots.sh: no $match; build it: cmake --build $build --target boyi-match" >&2
  exit 1
fi
if ((ms <= margin)); then
  echo "run-dots.sh: MS_PER_MOVE must exceed the ${margin} ms margin" >&2
  exit 1
fi
half=$(((games + 1) / 2))

# The paper's system in the chain engine: UCT with merged claims (招法合并) and α-AMAF
# (α = 0.3), the playouts that take claims and keep boxes while safe edges last, and none of
# Boyi's additions — no exact solver (solve=-1), no chain arithmetic in the playouts
# (endgame=0), no long-chain rule (rule=0) — searching for the whole move time (open_time=1).
paper="chain:solve=-1,endgame=0,rule=0,open_time=1"
plain="$paper,amaf=0"  # α = 0: plain UCT, everything else the same

# group|label|first|second|games (group: sweep, ablation, reference — the bar's colour)
pairings=(
  "sweep|α=0.1 vs plain UCT|$paper,alpha=0.1|$plain|$games"
  "sweep|α=0.3 (paper system) vs plain UCT|$paper|$plain|$games"
  "sweep|α=0.5 vs plain UCT|$paper,alpha=0.5|$plain|$games"
  "sweep|α=0.75 vs plain UCT|$paper,alpha=0.75|$plain|$games"
  "sweep|α=1 (pure AMAF) vs plain UCT|$paper,alpha=1|$plain|$games"
  "ablation|merging on vs off|$paper|$paper,merge=0|$half"
  "ablation|paper system vs alpha-beta|$paper|alphabeta|$half"
  "reference|generic UCT (no merging) vs alpha-beta|uct|alphabeta|$half"
  "reference|Boyi chain (full) vs paper system|chain|$paper|$half"
)

groups=""  # label|group|label|group|... for the chart's colours
for p in "${pairings[@]}"; do
  IFS='|' read -r group label _ <<<"$p"
  groups+="$label|$group|"
done

table=""  # the CSV being written: it replaces the old one only once every pairing is played
trap 'rm -f "$table"' EXIT
play() {
  local group label first second n text wins draws losses score elo elo_low elo_high
  table="$(mktemp)"
  echo "pairing,first,second,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
  echo "run-dots.sh: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), ${ms} ms/move," \
    "${games}/${half} games, seed ${seed}"
  for p in "${pairings[@]}"; do
    IFS='|' read -r group label first second n <<<"$p"
    echo "== $label: $first vs $second, $n games"
    text="$("$match" --game dots --first "$first" --second "$second" --games "$n" \
      --per-move-ms "$ms" --margin-ms "$margin" --concurrency 1 --seed "$seed" --quiet)"
    read_match_result run-dots.sh "$label" "$text"
    # The specs hold commas: every text field is quoted.
    printf '"%s","%s","%s",%s,%s,%s,%s,%s,%s,%s,%s\n' "$label" "$first" "$second" "$n" \
      "$wins" "$draws" "$losses" "$score" "$elo" "$elo_low" "$elo_high" >>"$table"
  done
  mv "$table" "$csv"
}

start=$(date +%s)
if ((!plot_only)); then
  play
elif [[ ! -f "$csv" ]]; then
  echo "run-dots.sh: --plot needs $csv (run without --plot first)" >&2
  exit 1
fi

# The chart: one bar per pairing, the Elo of the first engine over the second, its 95%
# interval as a line; an infinite end (a 100% score) or one past the axis runs to the edge
# with an arrow head.
# The CSV is read back ("label","first","second",games,...: the specs hold commas, the labels
# no quotes), so --plot redraws it without playing.
awk -v ms="$((ms - margin))" -v games="$games" -v half="$half" -v seed="$seed" \
  -v groups="$groups" '
  function isinf(v) { return v == "inf" || v == "-inf" }
  function val(v) { return v == "inf" ? R : (v == "-inf" ? -R : (v + 0 > R ? R : (v + 0 < -R ? -R : v + 0))) }
  function x(v) { return x0 + (val(v) + R) / (2 * R) * W }
  function out(v) { return isinf(v) || v + 0 > R || v + 0 < -R }
  function fmt(v,   s) {
    if (isinf(v)) return v == "inf" ? "+∞" : "−∞"
    s = sprintf("%+.0f", v); if (s == "+0" || s == "-0") return "0"
    return substr(s, 1, 1) == "-" ? "−" substr(s, 2) : s
  }
  function arrow(v, y,   xe, d) {
    xe = x(v); d = (val(v) > 0) ? -7 : 7
    printf "<path d=\"M%.1f %.1f L%.1f %.1f L%.1f %.1f Z\" fill=\"#222\"/>\n", xe, y, xe + d, y - 4, xe + d, y + 4
  }
  BEGIN { k = split(groups, a, "|"); for (i = 1; i < k; i += 2) grp[a[i]] = a[i + 1] }
  NR > 1 {
    line = substr($0, 2)
    i = index(line, "\",\""); label = substr(line, 1, i - 1); line = substr(line, i + 3)
    i = index(line, "\",\""); line = substr(line, i + 3)
    i = index(line, "\","); line = substr(line, i + 2)
    split(line, f, ",")  # games wins draws losses score elo elo_low elo_high
    n++; lab[n] = label; g[n] = (label in grp) ? grp[label] : "reference"
    nn[n] = f[1]; w[n] = f[2]; d[n] = f[3]; l[n] = f[4]; e[n] = f[6]; lo[n] = f[7]; hi[n] = f[8]
    for (k = 6; k <= 8; k++) if (!isinf(f[k]) && (f[k] < 0 ? -f[k] : f[k]) > m) m = (f[k] < 0 ? -f[k] : f[k])
  }
  END {
    R = int((m + 99) / 100) * 100; if (R < 200) R = 200; if (R > 800) R = 800
    x0 = 330; W = 500; top = 60; row = 32; h = top + n * row + 50; width = 1150
    colour["sweep"] = "#4e79a7"; colour["ablation"] = "#f28e2b"; colour["reference"] = "#9c9c9c"
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">\n", width, h, width, h
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">点格棋 seed: UCT + 招法合并 + α-AMAF, reproduced with Boyi</text>\n", 10
    printf "<text x=\"%d\" y=\"42\" fill=\"#444\">Elo of the first engine over the second, 95%% interval; %d games per α pairing, %d for the others; %d ms of thought a move; seed %d</text>\n", 10, games, half, ms, seed
    for (t = -R; t <= R; t += (R > 400 ? 200 : 100)) {
      xt = x0 + (t + R) / (2 * R) * W
      printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/>\n", xt, top - 6, xt, top + n * row, t == 0 ? "#222" : "#ddd"
      printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%s</text>\n", xt, top + n * row + 16, fmt(t)
    }
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">Elo (first − second); arrows: beyond ±%d or unbounded (a 100%% score)</text>\n", x0 + W / 2, top + n * row + 36, R
    for (i = 1; i <= n; i++) {
      y = top + (i - 1) * row + row / 2
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n", x0 - 10, y, lab[i]
      xa = x(0); xb = x(e[i])
      printf "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n", (xa < xb ? xa : xb), y - 9, (xa < xb ? xb - xa : xa - xb), 18, colour[g[i]]
      printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"1.5\"/>\n", x(lo[i]), y, x(hi[i]), y
      if (out(lo[i])) arrow(lo[i], y); else printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"1.5\"/>\n", x(lo[i]), y - 5, x(lo[i]), y + 5
      if (out(hi[i])) arrow(hi[i], y); else printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"1.5\"/>\n", x(hi[i]), y - 5, x(hi[i]), y + 5
      printf "<text x=\"%d\" y=\"%.1f\" dominant-baseline=\"middle\">%s [%s, %s]  %d–%d–%d of %d</text>\n", x0 + W + 12, y, fmt(e[i]), fmt(lo[i]), fmt(hi[i]), w[i], d[i], l[i], nn[i]
    }
    printf "</svg>\n"
  }' "$csv" >"$svg"

if ((plot_only)); then echo "wrote $svg from $csv"; else echo "wrote $csv and $svg in $(($(date +%s) - start)) s"; fi
