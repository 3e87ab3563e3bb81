#!/usr/bin/env bash
# Past the 军棋 Deep Monte-Carlo seed: the battle outlook (feature version 2,
# bots/learned/junqi/README.md). Trains today's network in the legs the shipped weights
# (bots/learned/weights/junqi-dmc.pt) were made in, plays every export against `greedy` (its
# sibling: the same one-ply choice on the hand-made evaluation) and against the seed's network
# (junqi-dmc-seed.pt), then confirms the chosen export on fresh seeds, where the choice cannot
# flatter it, and plays the average of the last seven exports (no choice) on the same seeds.
# Writes docs/seeds/junqi-dmc-outlook.csv; the page: docs/seeds/junqi-dmc.md.
#
# Usage: docs/seeds/run-junqi-dmc-outlook.sh [BUILD_DIR [GAMES [CHOSEN]]]
#   BUILD_DIR  where boyi-train and boyi-match were built (default build/release)
#   GAMES      games of each screening match (default 1000); each confirmation plays twice as
#              many. Colours alternate.
#   CHOSEN     the export to confirm (default: the one with the best sum of its two screen
#              scores; for the shipped run that is 28000, the shipped weights)
# Environment: RUN=DIR keeps the training run in DIR (a leg already trained there is not
# trained again); LEGS (default "6000 12000 20000 30000") the games at which the run stops and
# is resumed; EVERY (default 1000) the games between screened exports. A resumed run refills
# its experience pools, so only the same legs remake the shipped weights byte for byte.
# FEATURES=1 is the control: the seed's features (no battle outlook) trained and screened the
# same way, written to docs/seeds/junqi-dmc-control.csv/svg instead (its 5,000-game export is
# the seed's network itself). Training runs on one thread (about 13 minutes per 6,000 games
# beside one other process), every match one game at a time; no player here searches, so no
# limit binds (--per-move-ms only bounds a stuck player). At the defaults: about an hour of
# training and 78,000 games (a little over an hour).
set -euo pipefail

# shellcheck source=docs/seeds/seed-script.sh
source "$(dirname "${BASH_SOURCE[0]}")/seed-script.sh"
build="${1:-build/release}"
games="${2:-1000}"
chosen="${3:-best}"
legs="${LEGS:-6000 12000 20000 30000}"
every="${EVERY:-1000}"
features="${FEATURES:-2}"
train_bin="$build/bin/boyi-train"
match="$build/bin/boyi-match"
seed_net="bots/learned/weights/junqi-dmc-seed.pt"
case "$features" in
  2) name=outlook title="with the battle outlook" ;;
  1) name=control title="without the battle outlook (the control)" ;;
  *) echo "run-junqi-dmc-outlook.sh: FEATURES must be 1 or 2, not $features" >&2; exit 1 ;;
esac
csv="docs/seeds/junqi-dmc-$name.csv"
per_move_ms=20000
svg="docs/seeds/junqi-dmc-$name.svg"
keep_run_folder run-junqi-dmc-outlook.sh "training run"
if ((!plot_only)); then
for bin in "$train_bin" "$match"; do
  if [[ ! -x "$bin" ]]; then
    echo "run-junqi-dmc-outlook.sh: no $bin; build it: cmake --build $build --target $(basename "$bin")" >&2
    exit 1
  fi
done
last=0
for leg in $legs; do last="$leg"; done
if ((every < 1000 || every % 1000 != 0)); then
  echo "run-junqi-dmc-outlook.sh: EVERY ($every) must be a multiple of 1000" >&2
  exit 1
fi
if [[ "$chosen" != best ]] && ((chosen % every != 0 || chosen < every || chosen > last)); then
  echo "run-junqi-dmc-outlook.sh: CHOSEN ($chosen) must be a screened export (every $every games) within LEGS ($legs)" >&2
  exit 1
fi
make_run_folder "junqi-dmc-$name"

# A run folder that already holds a checkpoint (an earlier, perhaps interrupted, leg) resumes.
resume=()
if [[ -f "$run/train/latest.ckpt" ]]; then resume=(--resume); fi
for leg in $legs; do
  if [[ -f "$run/train/weights-$leg.pt" ]]; then
    echo "== training to $leg games: already there"
  else
    echo "== training to $leg games"
    nice -n 10 "$train_bin" junqi dmc --out "$run/train" "${resume[@]}" --games "$leg" \
      --chunk 100 --threads 1 --eval-every 1000 --eval-games 0 --seed 1 --set material=2 \
      --set features="$features" \
      2>"$run/train-$leg.log" || { tail -5 "$run/train-$leg.log" >&2; exit 1; }
  fi
  resume=(--resume)
done

table="$(mktemp)"
tables+=("$table")
echo "stage,export,opponent,seed,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
# play STAGE EXPORT OPPONENT_LABEL OPPONENT_SPEC SEED GAMES [WEIGHTS]: WEIGHTS defaults to
# the export's own file.
play() {
  local text weights="${7:-$run/train/weights-$2.pt}"
  text="$(nice -n 10 "$match" --game junqi --first "dmc:weights=$weights" \
    --second "$4" --games "$6" --per-move-ms "$per_move_ms" --concurrency 1 --seed "$5" --quiet)"
  read_match_result run-junqi-dmc-outlook.sh "$1 $2 vs $3" "$text"
  echo "$1,$2,$3,$5,$6,$wins,$draws,$losses,$score,$elo,$elo_low,$elo_high" >>"$table"
}
for ((g = every; g <= last; g += every)); do
  echo "== export $g: $games games against greedy (seed 11) and the seed's network (seed 13)"
  play screen "$g" greedy greedy 11 "$games"
  play screen "$g" seed-network "dmc:weights=$seed_net" 13 "$games"
done
if [[ "$chosen" == best ]]; then
  chosen="$(awk -F, '$1 == "screen" { sum[$2] += $9 }
    END { for (g in sum) if (best == "" || sum[g] > sum[best]) best = g; print best }' "$table")"
fi
echo "== export $chosen confirmed: $((2 * games)) games each on fresh seeds"
play confirm "$chosen" greedy greedy 12 $((2 * games))
play confirm "$chosen" seed-network "dmc:weights=$seed_net" 14 $((2 * games))
play confirm "$chosen" random random 15 $((2 * games))
# No choice at all: the mean of the last seven exports' weights (boyi-train --average),
# played on the same fresh seeds; its row's export is the last one averaged.
averaged=()
oldest=$((last > 6000 ? last - 6000 : 1000))
for ((g = oldest; g <= last; g += 1000)); do averaged+=("$run/train/weights-$g.pt"); done
echo "== the average of exports $oldest..$last: $((2 * games)) games each on the same seeds"
"$train_bin" junqi dmc --average "${averaged[@]}" --export "$run/averaged.pt" 2>"$run/average.log" ||
  { cat "$run/average.log" >&2; exit 1; }
play average "$last" greedy greedy 12 $((2 * games)) "$run/averaged.pt"
play average "$last" seed-network "dmc:weights=$seed_net" 14 $((2 * games)) "$run/averaged.pt"
play average "$last" random random 15 $((2 * games)) "$run/averaged.pt"
mv "$table" "$csv"
echo "wrote $csv"
fi

# The plot: each export's score against `greedy` and against the seed's network (y, with the
# 95% interval turned from Elo back into score) by training games (x); the confirmation
# matches as filled marks.
awk -F, -v title="$title" '
  function sc(e) { return e == "inf" ? 1 : (e == "-inf" ? 0 : 1 / (1 + 10 ^ (-e / 400))) }
  NR > 1 { n++; st[n] = $1; g[n] = $2; op[n] = $3; s[n] = $9; lo[n] = sc($11); hi[n] = sc($12); if ($2 > gmax) gmax = $2 }
  END {
    x0 = 70; W = 640; y0 = 60; H = 320; ylo = 0.25; yhi = 0.75
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"760\" height=\"440\" viewBox=\"0 0 760 440\" font-family=\"sans-serif\" font-size=\"13\">\n"
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">军棋 dmc %s: score of each export (95%% interval)</text>\n", title
    printf "<text x=\"10\" y=\"42\" fill=\"#444\">blue: against greedy (its sibling); orange: against the seed network; filled: confirmed on fresh seeds</text>\n"
    for (t = ylo; t <= yhi + 1e-9; t += 0.05) {
      yy = y0 + H - (t - ylo) / (yhi - ylo) * H
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n", x0, yy, x0 + W, yy, (t > 0.499 && t < 0.501) ? "#888" : "#ddd"
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">%.2f</text>\n", x0 - 6, yy, t
    }
    for (t = 0; t <= gmax; t += 5000) {
      xx = x0 + t / gmax * W
      printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%d</text>\n", xx, y0 + H + 18, t
    }
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">self-play games</text>\n", x0 + W / 2, y0 + H + 38
    for (i = 1; i <= n; i++) {
      if (op[i] == "random" || st[i] == "average") continue
      c = op[i] == "greedy" ? "#1f77b4" : "#ff7f0e"
      xx = x0 + g[i] / gmax * W + (op[i] == "greedy" ? -3 : 3)
      y = y0 + H - (s[i] - ylo) / (yhi - ylo) * H
      ya = y0 + H - (lo[i] - ylo) / (yhi - ylo) * H; yb = y0 + H - (hi[i] - ylo) / (yhi - ylo) * H
      printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", xx, ya, xx, yb, c
      printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\" stroke=\"%s\"/>\n", xx, y, st[i] == "confirm" ? 5 : 3, st[i] == "confirm" ? c : "white", c
    }
    printf "</svg>\n"
  }' "$csv" >"$svg"
echo "wrote $svg"
