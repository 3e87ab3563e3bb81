#!/usr/bin/env bash
# The 苏拉卡尔塔 seed paper (a residual policy/value network trained by SARSA self-play, §4's
# evaluation: the network after 500 training games against networks trained longer, 100 games,
# equal search) reproduced with Boyi's engines. One SARSA self-play run (boyi-train surakarta
# sarsa) exports its network every 100 games into a temporary directory; the 500-game network
# then plays each other snapshot, the untrained network and the shipped weights through
# boyi-match, every move a fixed number of playouts of the network-only PUCT search. Writes
# docs/seeds/surakarta-results.csv and the plot docs/seeds/surakarta-elo.svg (drawn here with
# awk). The page: docs/seeds/surakarta.md.
#
# Usage: docs/seeds/run-surakarta.sh [--plot] [BUILD_DIR [GAMES [PLAYOUTS [SEED [TRAIN]]]]]
#   --plot     train and play nothing: redraw the plot from the CSV already there (pass the
#              arguments of the run that wrote it, for the plot's subtitle)
#   BUILD_DIR  where boyi-train and boyi-match were built, from the repository root
#              (default build/release)
#   GAMES      games of each pairing (default 100, the paper's); colours alternate, and each
#              pair of games starts from the same 4 random plies (boyi-match --random-opening)
#   PLAYOUTS   playouts of the search per move, both sides (default 100)
#   SEED       boyi-train --seed and boyi-match --seed (default 1: the shipped weights' run)
#   TRAIN      self-play games of the training run, a multiple of 100, at least 600
#              (default 2000)
# Training runs on one thread (--threads 1: reproducible weights), every match one game at a
# time (--concurrency 1). Training output goes to a temporary directory that is removed at the
# end (KEEP_RUN=1 keeps it and prints where). At the defaults: 1300 games of 13 pairings and
# 2000 training games, about 40 minutes on a loaded 2-core machine.
set -euo pipefail

# shellcheck source=docs/seeds/seed-script.sh
source "$(dirname "${BASH_SOURCE[0]}")/seed-script.sh"
build="${1:-build/release}"
games="${2:-100}"
playouts="${3:-100}"
seed="${4:-1}"
train="${5:-2000}"
train_bin="$build/bin/boyi-train"
match="$build/bin/boyi-match"
shipped="bots/learned/weights/surakarta-sarsa.pt"
shipped_games=2280  # the shipped weights' run (bots/learned/surakarta/README.md)
shipped_curve="docs/learning/surakarta-sarsa.csv"
ref=500  # the paper's reference network: 500 training games
out="docs/seeds"
csv="$out/surakarta-results.csv"
svg="$out/surakarta-elo.svg"

if ((train % 100 != 0 || train <= ref)); then
  echo "run-surakarta.sh: TRAIN must be a multiple of 100 above $ref" >&2
  exit 1
fi
if ((!plot_only)); then
  for bin in "$train_bin" "$match"; do
    if [[ ! -x "$bin" ]]; then
      echo "run-surakarta.sh: no $bin; build it: cmake --build $build --target $(basename "$bin")" >&2
      exit 1
    fi
  done
fi

# The player: the paper's network-guided search alone — PUCT with the policy as prior and the
# value at the leaves, none of Boyi's tactical additions (mix=0: no quiescence in the leaf
# value, prior=0: no tactical prior, init=0: no quiescence child values), c = 1.5 and 8 leaves
# per network call (the player as first built), a fixed number of playouts a move.
player="neural:mix=0,prior=0,init=0,c=1.5,batch=8,playouts=$playouts"
# --per-move-ms only bounds a stuck search: the playouts end every move long before it.
per_move_ms=20000

# The networks the 500-game one meets, by training games: every 100 up to 1000 (the untrained
# network first), every 500 after that up to TRAIN (and TRAIN), then the shipped weights.
others=()
for ((g = 0; g <= 1000 && g <= train; g += 100)); do ((g == ref)) || others+=("$g"); done
for ((g = 1500; g < train; g += 500)); do others+=("$g"); done
((train <= 1000)) || others+=("$train")

run=""
table=""  # the CSV being written: it replaces the old one only once every pairing is played
cleanup() {
  rm -f "$table"
  if [[ -n "$run" ]]; then
    if [[ "${KEEP_RUN:-0}" == 1 ]]; then echo "run-surakarta.sh: training run kept in $run"; else rm -rf "$run"; fi
  fi
}
trap cleanup EXIT

train_run() {
  run="$(mktemp -d "${TMPDIR:-/tmp}/boyi-surakarta-seed.XXXXXX")"
  echo "== training: boyi-train surakarta sarsa --games $train --chunk 20 --threads 1 --seed $seed" \
    "--eval-every 100 --eval-games 0"
  local t0
  t0=$(date +%s)
  # --chunk 20 as the shipped weights' run (chunks set the training steps); --eval-games 0:
  # every 100 games the network is exported (weights-G.pt), no evaluation matches.
  "$train_bin" surakarta sarsa --games "$train" --chunk 20 --threads 1 --seed "$seed" \
    --eval-every 100 --eval-games 0 --out "$run/train" 2>"$run/train.log" ||
    { tail -5 "$run/train.log" >&2; exit 1; }
  echo "training: $train games, $(tail -1 "$run/train/curve.csv" | cut -d, -f2) positions in" \
    "$(($(date +%s) - t0)) s"
  # With seed 1 the run is the shipped weights' run: the same chunks, the same games. Its
  # learning curve must then match the shipped one row for row (games, positions, loss), as far
  # as both go.
  if [[ "$seed" == 1 && -f "$shipped_curve" ]]; then
    local rows=$(((train < shipped_games ? train : shipped_games) / 20))
    if cmp -s <(sed -n "2,$((rows + 1))p" "$shipped_curve" | cut -d, -f1,2,4) \
      <(sed -n "2,$((rows + 1))p" "$run/train/curve.csv" | cut -d, -f1,2,4); then
      echo "training: the first $((rows * 20)) games match the shipped run's curve ($shipped_curve)"
    else
      echo "run-surakarta.sh: warning: the run's curve differs from $shipped_curve:" \
        "the shipped weights are not this run continued" >&2
    fi
  fi
}

play() {
  local weights first second text wins draws losses score elo elo_low elo_high label g
  local second_w="$run/train/weights-$ref.pt"
  table="$(mktemp)"
  echo "network,train_games,first,second,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
  echo "run-surakarta.sh: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $playouts playouts/move," \
    "$games games per pairing, seed $seed"
  for g in "${others[@]}" shipped; do
    if [[ "$g" == shipped ]]; then
      weights="$shipped"
      label="shipped weights"
      g=$shipped_games
    else
      weights="$run/train/weights-$g.pt"
      label="$g games"
      if ((g == 0)); then label="untrained"; fi
    fi
    first="$player,weights=$weights"
    second="$player,weights=$second_w"
    if [[ "$label" == "$g games" ]]; then echo "== $label vs $ref games: $games games"; else
      echo "== $label ($g training games) vs $ref games: $games games"; fi
    text="$("$match" --game surakarta --first "$first" --second "$second" --games "$games" \
      --per-move-ms "$per_move_ms" --concurrency 1 --seed "$seed" --random-opening 4 --quiet)"
    read_match_result run-surakarta.sh "$label" "$text"
    # The specs hold commas: every text field is quoted. The temporary run directory is
    # written as RUN (no machine's path in the CSV).
    printf '"%s",%s,"%s","%s",%s,%s,%s,%s,%s,%s,%s,%s\n' "$label" "$g" "${first//$run/RUN}" \
      "${second//$run/RUN}" "$games" "$wins" "$draws" "$losses" "$score" "$elo" "$elo_low" "$elo_high" >>"$table"
  done
  mv "$table" "$csv"
}

start=$(date +%s)
if ((!plot_only)); then
  train_run
  play
elif [[ ! -f "$csv" ]]; then
  echo "run-surakarta.sh: --plot needs $csv (run without --plot first)" >&2
  exit 1
fi

# The plot: the Elo of each network over the 500-game one (y) against its training games (x),
# a point with its 95% interval; the 500-game network itself at 0 (by definition, hollow). An
# infinite Elo or bound (a 100% or 0% score) is drawn on a row of its own beyond the last tick;
# a finite one past ±800 runs to the edge with an arrow head.
# The CSV is read back ("label",games,"first","second",...: the specs hold commas, the labels
# none), so --plot redraws it without playing.
awk -v playouts="$playouts" -v games="$games" -v seed="$seed" -v ref="$ref" '
  function isinf(v) { return v == "inf" || v == "-inf" }
  function val(v) { return v == "inf" ? I : (v == "-inf" ? -I : (v + 0 > R ? R : (v + 0 < -R ? -R : v + 0))) }
  function y(v) { return y0 + H / 2 - val(v) / I * H / 2 }
  function x(g) { return x0 + g / X * W }
  function out(v) { return !isinf(v) && (v + 0 > R || v + 0 < -R) }
  function fmt(v,   s) {
    if (isinf(v)) return v == "inf" ? "+∞" : "−∞"
    s = sprintf("%+.0f", v); if (s == "+0" || s == "-0") return "0"
    return substr(s, 1, 1) == "-" ? "−" substr(s, 2) : s
  }
  function arrow(xp, v,   ye, d) {
    ye = y(v); d = (val(v) > 0) ? 7 : -7
    printf "<path d=\"M%.1f %.1f L%.1f %.1f L%.1f %.1f Z\" fill=\"#222\"/>\n", xp, ye, xp - 4, ye + d, xp + 4, ye + d
  }
  NR > 1 {
    line = substr($0, 2)
    i = index(line, "\","); label = substr(line, 1, i - 1); line = substr(line, i + 2)
    i = index(line, ","); tg = substr(line, 1, i - 1); line = substr(line, i + 2)
    i = index(line, "\",\""); line = substr(line, i + 3)
    i = index(line, "\","); line = substr(line, i + 2)
    split(line, f, ",")  # games wins draws losses score elo elo_low elo_high
    n++; lab[n] = label; tgs[n] = tg + 0
    nn[n] = f[1]; w[n] = f[2]; d[n] = f[3]; l[n] = f[4]; e[n] = f[6]; lo[n] = f[7]; hi[n] = f[8]
    if (tg + 0 > mx) mx = tg + 0
    for (k = 6; k <= 8; k++) if (!isinf(f[k]) && (f[k] < 0 ? -f[k] : f[k]) > m) m = (f[k] < 0 ? -f[k] : f[k])
  }
  END {
    step = m > 400 ? 200 : 100
    R = int((m + step - 1) / step) * step; if (R < 200) R = 200; if (R > 800) R = 800
    I = R + step / 2  # where an infinite Elo is drawn, beyond the last tick
    X = int((mx + 499) / 500) * 500; if (X < 1000) X = 1000
    x0 = 80; W = 620; y0 = 60; H = 360; width = 1100; h = y0 + H + 60
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">\n", width, h, width, h
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">苏拉卡尔塔 seed: SARSA self-play network, trained longer vs trained %d games, reproduced with Boyi</text>\n", ref
    printf "<text x=\"10\" y=\"42\" fill=\"#444\">Elo over the %d-game network, 95%% interval; %d games per pairing, %d playouts a move (network-only PUCT), seed %d</text>\n", ref, games, playouts, seed
    for (t = -R; t <= R; t += step) {
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n", x0, y(t), x0 + W, y(t), t == 0 ? "#222" : "#ddd"
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">%s</text>\n", x0 - 6, y(t), fmt(t)
    }
    split("inf -inf", infs, " ")
    for (t = 1; t <= 2; t++) {  # the infinite rows, dashed
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#bbb\" stroke-dasharray=\"2 3\"/>\n", x0, y(infs[t]), x0 + W, y(infs[t])
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">%s</text>\n", x0 - 6, y(infs[t]), fmt(infs[t])
    }
    for (g = 0; g <= X; g += 500) {
      printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", x(g), y0, x(g), y0 + H
      printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%d</text>\n", x(g), y0 + H + 16, g
    }
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">self-play training games; ±∞: a 0%% or 100%% score (boyi-match clamps the interval there)</text>\n", x0 + W / 2, y0 + H + 36
    printf "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#444\" transform=\"rotate(-90 18 %.1f)\">Elo over the %d-game network</text>\n", y0 + H / 2, y0 + H / 2, ref
    # the line through the points, in order of training games, the reference included
    np = 0
    for (i = 1; i <= n; i++) { px[i] = tgs[i]; py[i] = val(e[i]) }
    px[n + 1] = ref; py[n + 1] = 0
    for (i = 1; i <= n + 1; i++) idx[i] = i
    for (i = 1; i <= n + 1; i++) for (j = i + 1; j <= n + 1; j++) if (px[idx[j]] < px[idx[i]]) { t = idx[i]; idx[i] = idx[j]; idx[j] = t }
    path = ""
    for (i = 1; i <= n + 1; i++) path = path sprintf("%s%.1f %.1f ", i == 1 ? "M" : "L", x(px[idx[i]]), y(py[idx[i]]))
    printf "<path d=\"%s\" fill=\"none\" stroke=\"#4e79a7\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"/>\n", path
    for (i = 1; i <= n; i++) {
      xp = x(tgs[i])
      printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"1.5\"/>\n", xp, y(lo[i]), xp, y(hi[i])
      if (out(lo[i])) arrow(xp, lo[i]); else printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"1.5\"/>\n", xp - 5, y(lo[i]), xp + 5, y(lo[i])
      if (out(hi[i])) arrow(xp, hi[i]); else printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#222\" stroke-width=\"1.5\"/>\n", xp - 5, y(hi[i]), xp + 5, y(hi[i])
      printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"#4e79a7\"/>\n", xp, y(e[i])
    }
    printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"white\" stroke=\"#4e79a7\" stroke-width=\"2\"/>\n", x(ref), y(0)
    # the table beside the plot
    tx = x0 + W + 25; ty = y0 + 10
    printf "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">network vs %d games: W–D–L, Elo [95%%]</text>\n", tx, ty, ref
    printf "<text x=\"%d\" y=\"%d\" fill=\"#444\">%d games (reference, hollow): 0 by definition</text>\n", tx, ty + 22, ref
    for (i = 1; i <= n; i++)
      printf "<text x=\"%d\" y=\"%d\">%s: %d–%d–%d, %s [%s, %s]</text>\n", tx, ty + 22 * (i + 1), lab[i] (lab[i] ~ /shipped/ ? " (" tgs[i] ")" : ""), w[i], d[i], l[i], fmt(e[i]), fmt(lo[i]), fmt(hi[i])
    printf "</svg>\n"
  }' "$csv" >"$svg"

if ((plot_only)); then echo "wrote $svg from $csv"; else echo "wrote $csv and $svg in $(($(date +%s) - start)) s"; fi
