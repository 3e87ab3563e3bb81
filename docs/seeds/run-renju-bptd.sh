#!/usr/bin/env bash
# The 五子棋 BP-TD(λ) seed paper (吕艳辉, 宫瑞敏: a 44-14-1 back-propagation network trained by
# TD(λ) self-play, with the step size α and trace decay λ set by stage: (α₁, λ₁) while black
# has fewer than 8 stones, (α₂, λ₂) after) reproduced with Boyi's engines. Two parts:
#  1. learning curves: two self-play runs (boyi-train gomoku bp-td), the same seed, games and
#     settings but for (α, λ): `staged` is the paper's schedule ((0.2, 0.4), (0.4, 0.6)), then
#     ((0.1, 0.1), (0.2, 0.2)) after 4000 games (the shipped weights' flags); `fixed` holds the
#     schedule's first stage (0.2, 0.4) in every phase and every game. Each run exports its
#     network every 500 games; every EVERY games the export plays the non-learned `threat`;
#  2. the shipped weights against the non-learned evaluation at equal search: `td` (the threat
#     engine with the network at the alpha-beta leaves) against `threat` (the same engine with
#     its pattern evaluation), both at the same fixed alpha-beta depth, FINAL games; and the two
#     runs' last networks head to head.
# Every game: renju rules, black's first stone on the centre (rule=renju opening=centre, as in
# the self-play), then 4 random plies, the same for both games of a pair, colours swapped
# (boyi-match --random-opening 4). Fixed depth, node-limited threat searches: time never binds.
# Writes docs/seeds/renju-bptd-curve.csv, renju-bptd-results.csv and the plot renju-bptd.svg
# (drawn here with awk). The page: docs/seeds/renju-bptd.md.
#
# Usage: docs/seeds/run-renju-bptd.sh [--plot] [BUILD_DIR [GAMES [FINAL [DEPTH [SEED [TRAIN [EVERY]]]]]]]
#   --plot     train and play nothing: redraw the plot from the CSVs already there (pass the
#              arguments of the run that wrote them, for the plot's subtitle)
#   BUILD_DIR  where boyi-train and boyi-match were built, from the repository root
#              (default build/release)
#   GAMES      games of each learning-curve match and of the head-to-head match (default 100)
#   FINAL      games of the shipped weights against `threat` (default 400)
#   DEPTH      alpha-beta depth of both sides, every match (default 4)
#   SEED       boyi-train --seed and boyi-match --seed (default 1: the shipped weights' seed)
#   TRAIN      self-play games of each run, a multiple of EVERY (default 6000, the shipped run's)
#   EVERY      games between evaluated exports, a multiple of 500 (default 1000)
# Environment: RUN=DIR keeps the training runs and every match's summary in DIR; a run already
# trained there (its weights-TRAIN.pt) is not trained again, a match already played there is
# not played again. Without RUN a temporary directory is used and removed at the end
# (KEEP_RUN=1 keeps it and prints where).
# Training runs on one thread (--threads 1: reproducible weights), every match one game at a
# time (--concurrency 1), everything under nice -n 10. At the defaults: 2 × 6000 training
# games (about 3.5 minutes each) and 1800 games (about 22 minutes) on a loaded 2-core machine.
set -euo pipefail

# shellcheck source=docs/seeds/seed-script.sh
source "$(dirname "${BASH_SOURCE[0]}")/seed-script.sh"
build="${1:-build/release}"
games="${2:-100}"
final_games="${3:-400}"
depth="${4:-4}"
seed="${5:-1}"
train="${6:-6000}"
every="${7:-1000}"
train_bin="$build/bin/boyi-train"
match="$build/bin/boyi-match"
shipped="bots/learned/weights/gomoku-bptd.pt"
shipped_curve="docs/learning/gomoku-bp-td.csv"
out="docs/seeds"
curve_csv="$out/renju-bptd-curve.csv"
results_csv="$out/renju-bptd-results.csv"
svg="$out/renju-bptd.svg"

if ((every <= 0 || every % 500 != 0 || train % every != 0)); then
  echo "run-renju-bptd.sh: EVERY must be a multiple of 500 and TRAIN a multiple of EVERY" >&2
  exit 1
fi
if ((!plot_only)); then
  for bin in "$train_bin" "$match"; do
    if [[ ! -x "$bin" ]]; then
      echo "run-renju-bptd.sh: no $bin; build it: cmake --build $build --target $(basename "$bin")" >&2
      exit 1
    fi
  done
fi

# The shipped run's flags (bots/learned/gomoku/README.md): 50 games a training step, the late
# schedule after 4000 games, the opening window m shrinking from 6 to 3 over 6000 games.
common=(--games "$train" --chunk 50 --threads 1 --seed "$seed" --eval-every 500 --eval-games 0
  --set late_after=4000 --set m_decay=6000 --set m_min=3)
# staged: the defaults, the paper's ((0.2, 0.4), (0.4, 0.6)) then ((0.1, 0.1), (0.2, 0.2)).
staged_set=()
# fixed: (α, λ) = (0.2, 0.4), the schedule's first stage, in both phases and after 4000 games.
fixed_set=(--set alpha2=0.2 --set lambda2=0.4 --set late_alpha1=0.2 --set late_lambda1=0.4
  --set late_alpha2=0.2 --set late_lambda2=0.4)
schedules=(staged fixed)

# Both sides: the threat engine (VCF/VCT threat-space search, alpha-beta over threat-restricted
# candidates) at the same fixed depth; `td` evaluates the alpha-beta leaves with the network,
# `threat` with its hand-made pattern sum. --per-move-ms only bounds a stuck search.
td="td:depth=$depth"
threat="threat:depth=$depth"
rules="rule=renju opening=centre"
per_move_ms=20000

keep_run_folder run-renju-bptd.sh "training runs and match summaries"

train_run() {
  local name="$1" t0
  shift
  if [[ -f "$run/$name/weights-$train.pt" ]]; then
    echo "== training $name: reusing the run in $run/$name (weights-$train.pt is there)"
  else
    echo "== training $name: boyi-train gomoku bp-td ${common[*]} $*"
    t0=$(date +%s)
    nice -n 10 "$train_bin" gomoku bp-td "${common[@]}" "$@" --out "$run/$name" 2>"$run/$name.log" ||
      { tail -5 "$run/$name.log" >&2; exit 1; }
    echo "training $name: $train games in $(($(date +%s) - t0)) s"
  fi
  echo "training $name: $(tail -1 "$run/$name/curve.csv" | cut -d, -f2) positions," \
    "$(tail -1 "$run/$name/curve.csv" | cut -d, -f3) s of training"
}

train_runs() {
  make_run_folder renju-bptd
  mkdir -p "$run/matches"
  train_run staged "${staged_set[@]}"
  train_run fixed "${fixed_set[@]}"
  # With seed 1 the staged run has the shipped weights' flags: report how far its curve
  # (games, positions, loss) matches the shipped one, and whether its last export is the file.
  if [[ "$seed" == 1 && -f "$shipped_curve" ]]; then
    local same
    same=$(paste -d'|' <(cut -d, -f1,2,4 "$shipped_curve") <(cut -d, -f1,2,4 "$run/staged/curve.csv") |
      awk -F'|' 'NR > 1 { if ($1 != $2) exit; n = $1 } END { split(n, f, ","); print f[1] + 0 }')
    echo "training staged: its curve matches the shipped run's ($shipped_curve) for the first $same games"
    if ((train == 6000)); then
      if cmp -s "$run/staged/weights-$train.pt" "$shipped"; then
        echo "training staged: weights-$train.pt is byte-identical to $shipped"
      else
        # So far it is not: the run parts from the shipped one after 4050 games (see the page).
        echo "run-renju-bptd.sh: note: the staged run's weights-$train.pt differs from $shipped" >&2
      fi
    fi
  fi
}

# play FIRST SECOND N LABEL KEY: one boyi-match (its summary kept in RUN/matches, named by KEY,
# the depth, N and the seed, and reused when there); sets the match-result globals.
play() {
  local text file="$run/matches/$5-depth$depth-games$3-seed$seed.txt"
  if [[ ! -s "$file" ]]; then
    nice -n 10 "$match" --game gomoku --rules "$rules" --first "$1" --second "$2" --games "$3" \
      --per-move-ms "$per_move_ms" --concurrency 1 --seed "$seed" --random-opening 4 --quiet \
      >"$file.part"
    mv "$file.part" "$file"
  fi
  text="$(cat "$file")"
  read_match_result run-renju-bptd.sh "$4" "$text"
}

curve() {
  local table name g weights key
  table="$(mktemp)"
  tables+=("$table")
  echo "schedule,train_games,first,second,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
  for name in "${schedules[@]}"; do
    for ((g = 0; g <= train; g += every)); do
      weights="$run/$name/weights-$g.pt"
      key="curve-$name-$g"
      # Both runs start from the same network (same seed): its match is played once.
      if [[ "$name" != staged ]] && cmp -s "$weights" "$run/staged/weights-$g.pt"; then
        key="curve-staged-$g"
      fi
      echo "== $name, $g games vs threat: $games games"
      play "$td,weights=$weights" "$threat" "$games" "$name $g vs threat" "$key"
      # The specs hold commas: the text fields are quoted; the run directory is written as RUN.
      printf '%s,%s,"%s","%s",%s,%s,%s,%s,%s,%s,%s,%s\n' "$name" "$g" "$td,weights=$weights" "$threat" \
        "$games" "$wins" "$draws" "$losses" "$score" "$elo" "$elo_low" "$elo_high" |
        sed "s|$run|RUN|g" >>"$table"
    done
  done
  mv "$table" "$curve_csv"
}

final() {
  local table row label first second n key
  table="$(mktemp)"
  tables+=("$table")
  echo "pairing,first,second,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
  for row in "shipped weights vs threat|$td,weights=$shipped|$threat|$final_games|final-shipped" \
    "staged $train vs fixed $train|$td,weights=$run/staged/weights-$train.pt|$td,weights=$run/fixed/weights-$train.pt|$games|final-staged-fixed"; do
    IFS='|' read -r label first second n key <<<"$row"
    echo "== $label: $n games"
    play "$first" "$second" "$n" "$label" "$key"
    printf '"%s","%s","%s",%s,%s,%s,%s,%s,%s,%s,%s\n' "$label" "$first" "$second" "$n" "$wins" "$draws" \
      "$losses" "$score" "$elo" "$elo_low" "$elo_high" | sed "s|$run|RUN|g" >>"$table"
  done
  mv "$table" "$results_csv"
}

start=$(date +%s)
if ((!plot_only)); then
  echo "run-renju-bptd.sh: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), depth $depth," \
    "$games games per curve match, $final_games final games, seed $seed"
  train_runs
  curve
  final
else
  for f in "$curve_csv" "$results_csv"; do
    if [[ ! -f "$f" ]]; then
      echo "run-renju-bptd.sh: --plot needs $f (run without --plot first)" >&2
      exit 1
    fi
  done
fi

# The plot: each run's exports' score against `threat` (y, 0..1, the 95% interval turned from
# Elo back into score) by training games (x), one line per schedule; the shipped weights'
# longer match drawn at its training games as a diamond. Beside it, both tables' numbers.
# The CSVs are read back (the specs are quoted and hold commas; the fields around them none).
awk -v games="$games" -v fgames="$final_games" -v depth="$depth" -v seed="$seed" -v train="$train" '
  function sc(e) { return e == "inf" ? 1 : (e == "-inf" ? 0 : 1 / (1 + 10 ^ (-e / 400))) }
  function fmt(v,   s) {
    if (v == "inf") return "+∞"
    if (v == "-inf") return "−∞"
    s = sprintf("%+.0f", v); if (s == "+0" || s == "-0") return "0"
    return substr(s, 1, 1) == "-" ? "−" substr(s, 2) : s
  }
  function x(g) { return x0 + g / X * W }
  function y(s) { return y0 + H - s * H }
  # the last 8 comma-separated fields of a row: games wins draws losses score elo low high
  function tail8(line,   k, nf, f) {
    nf = split(line, f, ",")
    for (k = 1; k <= 8; k++) t[k] = f[nf - 8 + k]
  }
  FNR == 1 { file++; next }
  file == 1 {
    split($0, h, ","); tail8($0)
    n++; sch[n] = h[1]; tg[n] = h[2] + 0; w[n] = t[2]; d[n] = t[3]; l[n] = t[4]
    s[n] = t[5] + 0; e[n] = t[6]; elo_lo[n] = t[7]; elo_hi[n] = t[8]; lo[n] = sc(t[7]); hi[n] = sc(t[8])
  }
  file == 2 {
    tail8($0); m++
    rl[m] = substr($0, 2, index(substr($0, 2), "\"") - 1)
    rn[m] = t[1]; rw[m] = t[2]; rd[m] = t[3]; rls[m] = t[4]; rs[m] = t[5] + 0; re[m] = t[6]; rlo[m] = t[7]; rhi[m] = t[8]
  }
  END {
    X = train; x0 = 70; W = 560; y0 = 60; H = 340; width = 1120; hgt = y0 + H + 70
    col["staged"] = "#4e79a7"; col["fixed"] = "#e15759"; off["staged"] = -4; off["fixed"] = 4
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">\n", width, hgt, width, hgt
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">五子棋 seed: BP-TD(λ) 44-14-1 network, staged (α, λ) vs fixed, against the non-learned evaluation, reproduced with Boyi</text>\n"
    printf "<text x=\"10\" y=\"42\" fill=\"#444\">score of td (network at the leaves) vs threat (pattern evaluation), both depth %d; %d games per point, 95%% interval; renju, centre + 4 random plies; seed %d</text>\n", depth, games, seed
    for (v = 0; v <= 1.0001; v += 0.25) {
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n", x0, y(v), x0 + W, y(v), v == 0.5 ? "#222" : "#ddd"
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">%.2f</text>\n", x0 - 6, y(v), v
    }
    step = X > 3000 ? 1000 : 500
    for (g = 0; g <= X; g += step) {
      printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", x(g), y0, x(g), y0 + H
      printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%d</text>\n", x(g), y0 + H + 16, g
    }
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">self-play training games (late schedule from 4000 in the staged run)</text>\n", x0 + W / 2, y0 + H + 36
    printf "<text x=\"18\" y=\"%.1f\" text-anchor=\"middle\" fill=\"#444\" transform=\"rotate(-90 18 %.1f)\">score against threat</text>\n", y0 + H / 2, y0 + H / 2
    for (c = 1; c <= 2; c++) {
      name = c == 1 ? "staged" : "fixed"; path = ""
      for (i = 1; i <= n; i++) if (sch[i] == name) path = path sprintf("%s%.1f %.1f ", path == "" ? "M" : "L", x(tg[i]) + off[name], y(s[i]))
      printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", path, col[name]
      for (i = 1; i <= n; i++) if (sch[i] == name) {
        xp = x(tg[i]) + off[name]
        printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.5\"/>\n", xp, y(lo[i]), xp, y(hi[i]), col[name]
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", xp, y(s[i]), col[name]
      }
    }
    # the shipped weights against threat (the longer match), at the end of training
    for (j = 1; j <= m; j++) if (rl[j] ~ /^shipped/) {
      xp = x(X) + 14
      printf "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#59a14f\" stroke-width=\"1.5\"/>\n", xp, y(sc(rlo[j])), xp, y(sc(rhi[j]))
      printf "<path d=\"M%.1f %.1f l6 6 l-6 6 l-6 -6 Z\" fill=\"#59a14f\"/>\n", xp, y(rs[j]) - 6
    }
    # legend and the tables
    tx = x0 + W + 40; ty = y0 + 6
    printf "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">staged: ((0.2, 0.4), (0.4, 0.6)), after 4000 ((0.1, 0.1), (0.2, 0.2))</text>\n", tx, ty - 6, col["staged"], tx + 18, ty
    printf "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">fixed: (0.2, 0.4) throughout</text>\n", tx, ty + 14, col["fixed"], tx + 18, ty + 20
    printf "<path d=\"M%d %d l6 6 l-6 6 l-6 -6 Z\" fill=\"#59a14f\"/><text x=\"%d\" y=\"%d\">shipped weights vs threat, %d games</text>\n", tx + 6, ty + 28, tx + 18, ty + 40, fgames
    ty += 72
    printf "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">vs threat: W–D–L, Elo [95%%]</text>\n", tx, ty
    for (c = 1; c <= 2; c++) {
      name = c == 1 ? "staged" : "fixed"
      for (i = 1; i <= n; i++) if (sch[i] == name) {
        ty += 18
        printf "<text x=\"%d\" y=\"%d\" fill=\"%s\">%s %d: %d–%d–%d, %s [%s, %s]</text>\n", tx, ty, col[name], name, tg[i], w[i], d[i], l[i], fmt(e[i]), fmt(elo_lo[i]), fmt(elo_hi[i])
      }
    }
    ty += 26
    printf "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">matches: W–D–L of the first, Elo [95%%]</text>\n", tx, ty
    for (j = 1; j <= m; j++) {
      ty += 18
      printf "<text x=\"%d\" y=\"%d\">%s (%d games): %d–%d–%d, %s [%s, %s]</text>\n", tx, ty, rl[j], rn[j], rw[j], rd[j], rls[j], fmt(re[j]), fmt(rlo[j]), fmt(rhi[j])
    }
    printf "</svg>\n"
  }
' "$curve_csv" "$results_csv" >"$svg"

if ((plot_only)); then echo "wrote $svg from $curve_csv and $results_csv"; else
  echo "wrote $curve_csv, $results_csv and $svg in $(($(date +%s) - start)) s"; fi
