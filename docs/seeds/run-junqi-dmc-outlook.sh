#!/usr/bin/env bash
# Past the 军棋 Deep Monte-Carlo seed: the battle outlook (feature version 2,
# bots/learned/junqi/README.md). Trains today's network in the legs the shipped weights
# (bots/learned/weights/junqi-dmc.pt) were made in, plays every export against `greedy` (its
# sibling: the same one-ply choice on the hand-made evaluation) and against the seed's network
# (junqi-dmc-seed.pt), then confirms the chosen export on fresh seeds, where the choice cannot
# flatter it. Writes docs/seeds/junqi-dmc-outlook.csv; the page: docs/seeds/junqi-dmc.md.
#
# Usage: docs/seeds/run-junqi-dmc-outlook.sh [BUILD_DIR [GAMES [CHOSEN]]]
#   BUILD_DIR  where boyi-train and boyi-match were built (default build/release)
#   GAMES      games of each screening match (default 1000); each confirmation plays twice as
#              many. Colours alternate.
#   CHOSEN     the export to confirm (default 20000: the shipped one)
# Environment: RUN=DIR keeps the training run in DIR (a leg already trained there is not
# trained again); LEGS (default "6000 12000 20000 30000") the games at which the run stops and
# is resumed. A resumed run refills its experience pools, so only the same legs remake the
# shipped weights byte for byte. Training runs on one thread (about 13 minutes per 6,000 games
# beside one other process), every match one game at a time; no player here searches, so no
# limit binds (--per-move-ms only bounds a stuck player). At the defaults: about an hour of
# training and 66,000 games (about an hour).
set -euo pipefail

# shellcheck source=docs/seeds/seed-script.sh
source "$(dirname "${BASH_SOURCE[0]}")/seed-script.sh"
build="${1:-build/release}"
games="${2:-1000}"
chosen="${3:-20000}"
legs="${LEGS:-6000 12000 20000 30000}"
train_bin="$build/bin/boyi-train"
match="$build/bin/boyi-match"
seed_net="bots/learned/weights/junqi-dmc-seed.pt"
csv="docs/seeds/junqi-dmc-outlook.csv"
per_move_ms=20000
for bin in "$train_bin" "$match"; do
  if [[ ! -x "$bin" ]]; then
    echo "run-junqi-dmc-outlook.sh: no $bin; build it: cmake --build $build --target $(basename "$bin")" >&2
    exit 1
  fi
done
keep_run_folder run-junqi-dmc-outlook.sh "training run"
make_run_folder junqi-dmc-outlook

resume=()
for leg in $legs; do
  if [[ -f "$run/train/weights-$leg.pt" ]]; then
    echo "== training to $leg games: already there"
  else
    echo "== training to $leg games"
    nice -n 10 "$train_bin" junqi dmc --out "$run/train" "${resume[@]}" --games "$leg" \
      --chunk 100 --threads 1 --eval-every 1000 --eval-games 0 --seed 1 --set material=2 \
      2>"$run/train-$leg.log" || { tail -5 "$run/train-$leg.log" >&2; exit 1; }
  fi
  resume=(--resume)
  last="$leg"
done

table="$(mktemp)"
tables+=("$table")
echo "stage,export,opponent,seed,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
# play STAGE EXPORT OPPONENT_LABEL OPPONENT_SPEC SEED GAMES
play() {
  local text
  text="$(nice -n 10 "$match" --game junqi --first "dmc:weights=$run/train/weights-$2.pt" \
    --second "$4" --games "$6" --per-move-ms "$per_move_ms" --concurrency 1 --seed "$5" --quiet)"
  read_match_result run-junqi-dmc-outlook.sh "$1 $2 vs $3" "$text"
  echo "$1,$2,$3,$5,$6,$wins,$draws,$losses,$score,$elo,$elo_low,$elo_high" >>"$table"
}
for ((g = 1000; g <= last; g += 1000)); do
  echo "== export $g: $games games against greedy (seed 11) and the seed's network (seed 13)"
  play screen "$g" greedy greedy 11 "$games"
  play screen "$g" seed-network "dmc:weights=$seed_net" 13 "$games"
done
echo "== export $chosen confirmed: $((2 * games)) games each on fresh seeds"
play confirm "$chosen" greedy greedy 12 $((2 * games))
play confirm "$chosen" seed-network "dmc:weights=$seed_net" 14 $((2 * games))
play confirm "$chosen" random random 15 $((2 * games))
mv "$table" "$csv"
echo "wrote $csv"
