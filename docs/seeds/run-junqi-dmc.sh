#!/usr/bin/env bash
# The 军棋 Deep Monte-Carlo seed (patent 一种基于深度蒙特卡洛的强化学习军棋AI系统: a Q(s,a)
# network trained by self-play Monte-Carlo returns, with a piece rank upper/lower bound tracking,
# 上下限评估) reproduced with Boyi's engines. Three parts:
#  1. training curve: one self-play run (boyi-train junqi dmc) exports its networks every EVERY
#     games; each export, the untrained one (0 games) first, plays `random` and `greedy`;
#  2. the trained network (the shipped weights) against its untrained network, `random`,
#     `greedy`, and the search engines `uct` and `belief` at a fixed number of playouts a move;
#  3. bound tracking: BOUND_GAMES greedy-vs-greedy games, and every game of part 2, are replayed
#     by junqi-bounds, which checks at every position, for both seats, that each enemy piece's
#     true identity lies in the belief tracker's mask (between its rank bounds).
# Writes docs/seeds/junqi-dmc-curve.csv, junqi-dmc-results.csv, junqi-dmc-bounds.csv (tightness
# by ply, greedy games), junqi-dmc-bounds-summary.csv (totals per game set) and the plot
# junqi-dmc.svg (drawn here with awk). The page: docs/seeds/junqi-dmc.md.
#
# Usage: docs/seeds/run-junqi-dmc.sh [--plot] [BUILD_DIR [GAMES [PLAYOUTS [SEED [TRAIN [EVERY]]]]]]
#   --plot     train and play nothing: redraw the plot from the CSVs already there (pass the
#              arguments of the run that wrote them, for the plot's subtitle)
#   BUILD_DIR  where boyi-train, boyi-match and junqi-bounds were built, from the repository
#              root (default build/release)
#   GAMES      games of each training-curve match (default 200); the matches of part 2 play
#              half as many. Colours alternate.
#   PLAYOUTS   playouts a move of `uct` and `belief` in part 2 (default 200; `belief` also
#              plays at 5 × PLAYOUTS)
#   SEED       boyi-train --seed and boyi-match --seed (default 1: the shipped weights' run)
#   TRAIN      self-play games of the training run, a multiple of EVERY (default 5000)
#   EVERY      games between exports (default 500; a multiple of the 100-game chunk keeps the
#              run the shipped weights' run)
# Environment: BOUND_GAMES (default 300) greedy-vs-greedy games for part 3. RUN=DIR uses DIR
# for the training run and the game logs and keeps it; a run already trained there (its
# weights-TRAIN.pt) is not trained again. Without RUN a temporary directory is used and removed
# at the end (KEEP_RUN=1 keeps it and prints where).
# Training runs on one thread (--threads 1: reproducible weights), every match one game at a
# time (--concurrency 1); no player is limited by time (fixed playouts; `dmc`, `random` and
# `greedy` have no search). At the defaults: 5000 training games (about 25 minutes on a loaded
# 2-core machine) and 5300 games with the bound check (about 10 minutes).
set -euo pipefail

# shellcheck source=docs/seeds/seed-script.sh
source "$(dirname "${BASH_SOURCE[0]}")/seed-script.sh"
build="${1:-build/release}"
games="${2:-200}"
playouts="${3:-200}"
seed="${4:-1}"
train="${5:-5000}"
every="${6:-500}"
bound_games="${BOUND_GAMES:-300}"
final_games=$((games / 2))
train_bin="$build/bin/boyi-train"
match="$build/bin/boyi-match"
bounds="$build/bin/junqi-bounds"
# The seed's network (features=1: the patent's features, no battle outlook), the 5000-game
# export of this script's run at seed 1 (bots/learned/junqi/README.md). The default `dmc`
# weights, junqi-dmc.pt, read the battle outlook too (the page's last section).
shipped="bots/learned/weights/junqi-dmc-seed.pt"
shipped_games=5000
shipped_curve="docs/learning/junqi-dmc-seed.csv"
out="docs/seeds"
curve_csv="$out/junqi-dmc-curve.csv"
results_csv="$out/junqi-dmc-results.csv"
bounds_csv="$out/junqi-dmc-bounds.csv"
summary_csv="$out/junqi-dmc-bounds-summary.csv"
svg="$out/junqi-dmc.svg"

if ((every <= 0 || train % every != 0)); then
  echo "run-junqi-dmc.sh: TRAIN must be a multiple of EVERY" >&2
  exit 1
fi
if ((!plot_only)); then
  for bin in "$train_bin" "$match" "$bounds"; do
    if [[ ! -x "$bin" ]]; then
      echo "run-junqi-dmc.sh: no $bin; build it: cmake --build $build --target $(basename "$bin")" >&2
      exit 1
    fi
  done
fi

# --per-move-ms only bounds a stuck player: no player here is limited by time.
per_move_ms=20000
keep_run_folder run-junqi-dmc.sh "training run and game logs"

train_run() {
  make_run_folder junqi-dmc
  mkdir -p "$run"
  if [[ -f "$run/train/weights-$train.pt" ]]; then
    echo "== training: reusing the run in $run (weights-$train.pt is there)"
  else
    echo "== training: boyi-train junqi dmc --games $train --chunk 100 --threads 1 --seed $seed" \
      "--eval-every $every --eval-games 0 --set material=2 --set features=1"
    local t0
    t0=$(date +%s)
    # As the seed network's run (--chunk 100, material=2, the patent's features), but
    # --eval-games 0: every EVERY games the networks are exported (weights-G.pt), no matches.
    nice -n 10 "$train_bin" junqi dmc --games "$train" --chunk 100 --threads 1 --seed "$seed" \
      --eval-every "$every" --eval-games 0 --set material=2 --set features=1 --out "$run/train" \
      2>"$run/train.log" ||
      { tail -5 "$run/train.log" >&2; exit 1; }
    echo "training: $train games in $(($(date +%s) - t0)) s"
  fi
  echo "training: $train games, $(tail -1 "$run/train/curve.csv" | cut -d, -f2) positions," \
    "$(tail -1 "$run/train/curve.csv" | cut -d, -f3) s of training"
  # With seed 1 the run is the shipped weights' run: its curve must match the shipped one row
  # for row (games, positions, loss) as far as both go, and its 5000-game export the file.
  if [[ "$seed" == 1 && -f "$shipped_curve" ]]; then
    local rows=$(((train < shipped_games ? train : shipped_games) / 100))
    if cmp -s <(sed -n "2,$((rows + 1))p" "$shipped_curve" | cut -d, -f1,2,4) \
      <(sed -n "2,$((rows + 1))p" "$run/train/curve.csv" | cut -d, -f1,2,4); then
      echo "training: the first $((rows * 100)) games match the shipped run's curve ($shipped_curve)"
    else
      echo "run-junqi-dmc.sh: warning: the run's curve differs from $shipped_curve" >&2
    fi
    if [[ -f "$run/train/weights-$shipped_games.pt" ]]; then
      if cmp -s "$run/train/weights-$shipped_games.pt" "$shipped"; then
        echo "training: weights-$shipped_games.pt is byte-identical to $shipped"
      else
        echo "run-junqi-dmc.sh: warning: weights-$shipped_games.pt differs from $shipped" >&2
      fi
    fi
  fi
}

# play FIRST SECOND N LABEL [LOG]: one boyi-match; sets the match-result globals.
play() {
  local text log=()
  if [[ -n "${5:-}" ]]; then log=(--log "$5"); fi
  text="$(nice -n 10 "$match" --game junqi --first "$1" --second "$2" --games "$3" \
    --per-move-ms "$per_move_ms" --concurrency 1 --seed "$seed" --quiet "${log[@]}")"
  read_match_result run-junqi-dmc.sh "$4" "$text"
}

curve() {
  local table g opp
  table="$(mktemp)"
  tables+=("$table")
  echo "train_games,opponent,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
  for ((g = 0; g <= train; g += every)); do
    for opp in random greedy; do
      echo "== export $g vs $opp: $games games"
      play "dmc:weights=$run/train/weights-$g.pt" "$opp" "$games" "$g vs $opp"
      echo "$g,$opp,$games,$wins,$draws,$losses,$score,$elo,$elo_low,$elo_high" >>"$table"
    done
  done
  mv "$table" "$curve_csv"
}

final() {
  local table opp label i=0
  table="$(mktemp)"
  tables+=("$table")
  echo "opponent,first,second,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
  local trained="dmc:weights=$shipped"
  for opp in "untrained dmc|dmc:weights=$run/train/weights-0.pt" "random|random" "greedy|greedy" \
    "uct, $playouts playouts|uct:playouts=$playouts" \
    "belief, $playouts playouts|belief:playouts=$playouts" \
    "belief, $((5 * playouts)) playouts|belief:playouts=$((5 * playouts))"; do
    label="${opp%%|*}"
    i=$((i + 1))
    echo "== trained dmc vs $label: $final_games games"
    play "$trained" "${opp#*|}" "$final_games" "trained vs $label" "$run/final-$i.log"
    # The specs hold commas: the text fields are quoted; the run directory is written as RUN.
    printf '"%s","%s","%s",%s,%s,%s,%s,%s,%s,%s,%s\n' "$label" "$trained" "${opp#*|}" \
      "$final_games" "$wins" "$draws" "$losses" "$score" "$elo" "$elo_low" "$elo_high" |
      sed "s|$run|RUN|g" >>"$table"
  done
  mv "$table" "$results_csv"
}

# bounds_row SET LOG...: junqi-bounds over the logs, one summary row (and, for the greedy
# games, the tightness by ply).
bounds_row() {
  local set="$1" text csv_arg=()
  shift
  if [[ "$set" == greedy ]]; then csv_arg=(--csv "$run/bounds.csv"); fi
  text="$(nice -n 10 "$bounds" "${csv_arg[@]}" "$@")" || {
    echo "$text"
    echo "run-junqi-dmc.sh: junqi-bounds found a bound violation or an unexplained history ($set)" >&2
    exit 1
  }
  echo "$text" >&2
  # games G, positions P, tracker states S, unexplained histories U / checks C, violations V /
  # final positions ...: tracker states FS, unexplained histories FU, checks FC, violations FV /
  # alive enemy pieces: mean possible identities M, pinned to one PIN, mean P(truth) PT; removed:
  # mean possible identities RM
  echo "$text" | tr -c '0-9.\n' ' ' | tr -s ' \n' ' ' |
    awk -v set="$set" '{ printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", set, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14 }'
}

check_bounds() {
  local table
  table="$(mktemp)"
  tables+=("$table")
  echo "== bound tracking: $bound_games greedy-vs-greedy games, then the $((6 * final_games)) games of the trained dmc"
  nice -n 10 "$match" --game junqi --first greedy --second greedy --games "$bound_games" \
    --per-move-ms "$per_move_ms" --concurrency 1 --seed "$seed" --quiet --log "$run/greedy.log" >/dev/null
  echo "set,games,positions,states,unexplained,checks,violations,final_states,final_unexplained,final_checks,final_violations,mean_identities,pinned_share,mean_p_true,removed_mean_identities" >"$table"
  bounds_row greedy "$run/greedy.log" | tail -1 >>"$table"
  bounds_row "trained dmc games" "$run"/final-*.log | tail -1 >>"$table"
  mv "$run/bounds.csv" "$bounds_csv"
  mv "$table" "$summary_csv"
  cat "$summary_csv"
}

start=$(date +%s)
if ((!plot_only)); then
  echo "run-junqi-dmc.sh: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), seed $seed"
  train_run
  curve
  final
  check_bounds
else
  for f in "$curve_csv" "$results_csv" "$bounds_csv"; do
    if [[ ! -f "$f" ]]; then
      echo "run-junqi-dmc.sh: --plot needs $f (run without --plot first)" >&2
      exit 1
    fi
  done
fi

# The plot, two panels. Left: the training curve, the score of each export against `random`
# and `greedy` (y, 0..1, with the 95% interval turned from Elo back into score) by training
# games (x). Right: how tight the bounds get in the greedy games, by ply: the mean number of
# identities an alive enemy piece may still have (of 12) and the share pinned to one. Beside
# them, the trained network's results of part 2.
awk -F, -v games="$games" -v fgames="$final_games" -v seed="$seed" -v train="$train" '
  function sc(e) { return e == "inf" ? 1 : (e == "-inf" ? 0 : 1 / (1 + 10 ^ (-e / 400))) }
  function fmt(v,   s) {
    if (v == "inf") return "+∞"; if (v == "-inf") return "−∞"
    s = sprintf("%+.0f", v); if (s == "+0" || s == "-0") return "0"
    return substr(s, 1, 1) == "-" ? "−" substr(s, 2) : s
  }
  FILENAME == ARGV[1] && FNR > 1 {
    k = ($2 == "random") ? 1 : 2; n[k]++; g[k, n[k]] = $1; s[k, n[k]] = $7; lo[k, n[k]] = sc($9); hi[k, n[k]] = sc($10)
  }
  FILENAME == ARGV[2] && FNR > 1 {
    # "label","first","second",games,wins,draws,losses,score,elo,elo_low,elo_high
    line = substr($0, 2); i = index(line, "\""); lab = substr(line, 1, i - 1)
    m = split($0, f, ","); nr++
    rl[nr] = lab; rw[nr] = f[m - 6]; rd[nr] = f[m - 5]; rlo[nr] = f[m - 4]; rs[nr] = f[m - 3]
    re[nr] = f[m - 2]; rel[nr] = f[m - 1]; reh[nr] = f[m]
  }
  FILENAME == ARGV[3] && FNR > 1 && $6 >= 200 { nb++; bp[nb] = ($1 + $2) / 2; bm[nb] = $7; bs[nb] = $8; if ($2 > bx) bx = $2 + 1 }
  END {
    width = 1180; height = 580
    x0 = 70; W = 420; y0 = 90; H = 340
    x1 = 600; W1 = 300
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">\n", width, height, width, height
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">军棋 Deep Monte-Carlo seed reproduced with Boyi: training curve and rank-bound tracking</text>\n"
    printf "<text x=\"10\" y=\"42\" fill=\"#444\">left: score of each export, %d games per point, 95%% interval; right: the belief tracker in greedy-vs-greedy games; seed %d</text>\n", games, seed
    # left panel
    for (t = 0; t <= 1.0001; t += 0.25) {
      yy = y0 + H - t * H
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n", x0, yy, x0 + W, yy, t == 0.5 ? "#999" : "#ddd"
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">%.2f</text>\n", x0 - 6, yy, t
    }
    for (t = 0; t <= train; t += 1000) {
      xx = x0 + t / train * W
      printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", xx, y0, xx, y0 + H
      printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%d</text>\n", xx, y0 + H + 16, t
    }
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">self-play training games</text>\n", x0 + W / 2, y0 + H + 36
    printf "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#444\" transform=\"rotate(-90 18 %.1f)\">score of the export</text>\n", y0 + H / 2, y0 + H / 2
    split("#4e79a7 #e15759", col, " "); split("random greedy", nm, " ")
    for (k = 1; k <= 2; k++) {
      path = ""
      for (i = 1; i <= n[k]; i++) {
        xx = x0 + g[k, i] / train * W + (k == 1 ? -3 : 3)
        path = path sprintf("%s%.1f %.1f ", i == 1 ? "M" : "L", xx, y0 + H - s[k, i] * H)
        printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", xx, y0 + H - lo[k, i] * H, xx, y0 + H - hi[k, i] * H, col[k]
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", xx, y0 + H - s[k, i] * H, col[k]
      }
      printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", path, col[k]
      printf "<circle cx=\"%d\" cy=\"%d\" r=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">vs %s</text>\n", x0 + 12, y0 + 12 + 18 * (k - 1), col[k], x0 + 22, y0 + 12 + 18 * (k - 1), nm[k]
    }
    # right panel: bounds by ply
    for (t = 0; t <= 12; t += 3) {
      yy = y0 + H - t / 12 * H
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", x1, yy, x1 + W1, yy
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">%d</text>\n", x1 - 6, yy, t
      printf "<text x=\"%d\" y=\"%.1f\" dominant-baseline=\"middle\" fill=\"#e15759\">%.0f%%</text>\n", x1 + W1 + 6, yy, t / 12 * 100
    }
    if (bx < 100) bx = 100
    for (t = 0; t <= bx; t += 50) {
      xx = x1 + t / bx * W1
      printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", xx, y0, xx, y0 + H
      printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%d</text>\n", xx, y0 + H + 16, t
    }
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">ply (buckets with 200+ alive pieces)</text>\n", x1 + W1 / 2, y0 + H + 36
    printf "<text x=\"%d\" y=\"%d\" fill=\"#4e79a7\">mean identities an alive enemy piece may still have (of 12)</text>\n", x1, y0 - 16
    printf "<text x=\"%d\" y=\"%d\" fill=\"#e15759\">share pinned to one identity (right axis, dashed)</text>\n", x1, y0 - 34
    p1 = ""; p2 = ""
    for (i = 1; i <= nb; i++) {
      xx = x1 + bp[i] / bx * W1
      p1 = p1 sprintf("%s%.1f %.1f ", i == 1 ? "M" : "L", xx, y0 + H - bm[i] / 12 * H)
      p2 = p2 sprintf("%s%.1f %.1f ", i == 1 ? "M" : "L", xx, y0 + H - bs[i] * H)
    }
    printf "<path d=\"%s\" fill=\"none\" stroke=\"#4e79a7\" stroke-width=\"2\"/>\n", p1
    printf "<path d=\"%s\" fill=\"none\" stroke=\"#e15759\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>\n", p2
    # the trained network against the others
    tx = 20; ty = y0 + H + 68
    printf "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">trained dmc (shipped) vs, %d games each: W–D–L, Elo [95%%]</text>\n", tx, ty, fgames
    for (i = 1; i <= nr; i++)
      printf "<text x=\"%d\" y=\"%d\">%s: %d–%d–%d, %s [%s, %s]</text>\n", tx + ((i - 1) % 3) * 380, ty + 20 * (int((i - 1) / 3) + 1), rl[i], rw[i], rd[i], rlo[i], fmt(re[i]), fmt(rel[i]), fmt(reh[i])
    printf "</svg>\n"
  }' "$curve_csv" "$results_csv" "$bounds_csv" >"$svg"

if ((plot_only)); then echo "wrote $svg"; else echo "wrote the CSVs and $svg in $(($(date +%s) - start)) s"; fi
