#!/usr/bin/env bash
# The 军棋 multi-piece UCT + Q-learning seed paper (张小川, 王宛宛, 彭丽蓉 2020) reproduced with
# Boyi's `qlearn` player: the α × γ sweep against alpha-beta, minimax, MCTS and UCT (its
# Figures 3–7), a second look at the sweep's best cell and the paper's α = 0.4, γ = 0.6 on fresh
# games, the attack / defence / stalling moves of each system (its Table 1, classified from the
# game records) and the search time per ply with and without the high-value-piece activation
# (its Figure 8). Writes docs/seeds/junqi-qlearn-{sweep,confirm,moves,time}.csv and the charts
# docs/seeds/junqi-qlearn-sweep.svg and docs/seeds/junqi-qlearn-time.svg (awk). The page:
# docs/seeds/junqi-qlearn.md.
#
# Usage: docs/seeds/run-junqi-qlearn.sh [--plot] [BUILD_DIR [GAMES [PLAYOUTS [CONFIRM [TIMING [SEED]]]]]]
#   --plot     play nothing: redraw the charts from the CSVs already there (pass the arguments
#              of the run that wrote them, for the subtitles)
#   BUILD_DIR  where boyi-match and bots-junqi-activation-bench were built, from the
#              repository root (default build/release)
#   GAMES      games of each sweep cell (default 100)
#   PLAYOUTS   the fixed search of qlearn, mcts and uct: playouts=N a move (default 300)
#   CONFIRM    games of each second-look pairing against alpha-beta and minimax, with the
#              game records (default 200); MCTS and UCT, one-sided in the sweep, play half as many
#   TIMING     games of the timing run (default 50; 69 plies each, both searches per ply)
#   SEED       boyi-match --seed of the sweep (default 1); the second look uses SEED + 1
# The sweep: all 25 cells (α, γ ∈ {0.2, 0.4, 0.6, 0.8, 1.0}) against alpha-beta, the γ = 0.6
# row (5 cells) against minimax, MCTS and UCT. The second look also plays the paper's cell
# against itself without the activation (CONFIRM games). Every match runs with --concurrency 1 and a
# fixed search, so its games do not depend on the machine's load (--per-move-ms 20000 only
# guards against a stuck search). RUN=DIR keeps every match's summary and records in DIR
# (created if missing) and skips a match whose summary is already there, so an interrupted
# run resumes; without RUN a temporary directory is used and removed.
# At the defaults: 5,400 games and the timing run, about 65 minutes on a 2-core machine.
set -euo pipefail

# shellcheck source=docs/seeds/seed-script.sh
source "$(dirname "${BASH_SOURCE[0]}")/seed-script.sh"
build="${1:-build/release}"
games="${2:-100}"
playouts="${3:-300}"
confirm="${4:-200}"
timing="${5:-50}"
seed="${6:-1}"
match="$build/bin/boyi-match"
bench="$build/bin/bots-junqi-activation-bench"
out="docs/seeds"
sweep_csv="$out/junqi-qlearn-sweep.csv"
confirm_csv="$out/junqi-qlearn-confirm.csv"
moves_csv="$out/junqi-qlearn-moves.csv"
time_csv="$out/junqi-qlearn-time.csv"
sweep_svg="$out/junqi-qlearn-sweep.svg"
time_svg="$out/junqi-qlearn-time.svg"

if ((!plot_only)); then
  for prog in "$match" "$bench"; do
    if [[ ! -x "$prog" ]]; then
      echo "run-junqi-qlearn.sh: no $prog; build it:" \
        "cmake --build $build --target boyi-match bots-junqi-activation-bench" >&2
      exit 1
    fi
  done
fi

values=(0.2 0.4 0.6 0.8 1.0)
# The opponents (name|spec): Boyi's generic players, determinized over 4 sampled worlds.
# Minimax searches one ply less than alpha-beta: at depth 3 it is five times slower.
opponents=(
  "alphabeta|alphabeta:depth=3"
  "minimax|minimax:depth=2"
  "mcts|mcts:playouts=$playouts"
  "uct|uct:playouts=$playouts"
)
qlearn() { echo "qlearn:alpha=$1,gamma=$2,playouts=$playouts"; }

if [[ -n "${RUN:-}" ]]; then
  run="$RUN"
  mkdir -p "$run"
else
  run="$(mktemp -d)"
  trap 'rm -rf "$run"' EXIT
fi

# play NAME FIRST SECOND GAMES SEED [LOG]: one match, its summary kept as $run/NAME.txt (a
# summary already there is reused); sets the globals of read_match_result.
play() {
  local name="$1" first="$2" second="$3" n="$4" s="$5" log="${6:-}" text
  if [[ ! -s "$run/$name.txt" ]]; then
    echo "== $name: $first vs $second, $n games, seed $s"
    local args=(--game junqi --first "$first" --second "$second" --games "$n"
      --per-move-ms 20000 --concurrency 1 --seed "$s" --quiet)
    [[ -n "$log" ]] && args+=(--log "$run/$name.log")
    nice -n 10 "$match" "${args[@]}" >"$run/$name.txt.part"
    mv "$run/$name.txt.part" "$run/$name.txt"
  else
    echo "== $name: $first vs $second (from $run/$name.txt)"
  fi
  text="$(cat "$run/$name.txt")"
  read_match_result run-junqi-qlearn.sh "$name" "$text"
}

# The attack / defence / stalling moves of a record file, per game and side: "q,..." for the
# qlearn player, "o,..." for its opponent: games, moves, attack, battles, defence, stall.
# A move that starts a battle is an attack; otherwise a piece stepping straight back where it
# came from on its side's previous move is stalling; else rows gained towards the enemy's back
# row make an attack, rows lost a defence, a move along its row stalling. The board is
# replayed from the records (deployments in the own frame: seat 1's are turned 180°).
classify() {
  awk '
    BEGIN { split("30 31 32 33 34 35 37 39 40 41 43 44 45 47 49 50 51 52 53 54 55 56 57 58 59", slot, " ") }
    function post(t) { return (index("ABCDEFGHIJKL", substr(t, 1, 1)) - 1) * 5 + substr(t, 2, 1) }
    function rank(p) { return p <= 8 ? 9 - p : 0 }  # a marshal 9 .. i engineer 1; mines, bombs, flag 0
    /^\[Seat0 / { q0 = index($0, "\"qlearn") > 0; delete own; delete kind; delete last_from; delete last_to; g++ }
    /^[0-9]+\. [01] / {
      s = $2; a = $3
      if (length(a) == 25) {
        for (i = 1; i <= 25; i++) { p = s ? 59 - slot[i] : slot[i]; own[p] = s; kind[p] = index("abcdefghijkl", substr(a, i, 1)) - 1 }
        next
      }
      f = post(substr(a, 1, 2)); t = post(substr(a, 3, 2)); who = ((s == 0) == q0) ? "q" : "o"
      gain = s == 0 ? int(f / 5) - int(t / 5) : int(t / 5) - int(f / 5)
      if (t in own) {
        cls = "attack"; n[who, "battle"]++
        A = kind[f]; D = kind[t]  # 9 mine, 10 bomb, 11 flag
        if (D == 11 || (D == 9 && A == 8) || (A != 10 && D != 10 && D != 9 && rank(A) > rank(D))) { own[t] = s; kind[t] = A }
        else if (A == 10 || D == 10 || (D != 9 && rank(A) == rank(D))) { delete own[t]; delete kind[t] }
      } else {
        if (f == last_to[s] && t == last_from[s]) cls = "stall"
        else cls = gain > 0 ? "attack" : (gain < 0 ? "defence" : "stall")
        own[t] = s; kind[t] = kind[f]
      }
      delete own[f]; delete kind[f]
      last_from[s] = f; last_to[s] = t
      n[who, cls]++; n[who, "moves"]++
    }
    END {
      for (w = 1; w <= 2; w++) {
        who = w == 1 ? "q" : "o"
        printf "%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f\n", who, g, n[who, "moves"] / g, n[who, "attack"] / g,
          n[who, "battle"] / g, n[who, "defence"] / g, n[who, "stall"] / g
      }
    }' "$1"
}

start=$(date +%s)
if ((!plot_only)); then
  echo "run-junqi-qlearn.sh: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)," \
    "${games} games a cell, ${playouts} playouts, ${confirm} games a second look, ${timing}" \
    "timing games, seed ${seed}," \
    "run directory $run"
  table="$(mktemp)"
  trap 'rm -f "$table"; [[ -n "${RUN:-}" ]] || rm -rf "$run"' EXIT
  header="opponent,spec,alpha,gamma,games,wins,draws,losses,score,elo,elo_low,elo_high"
  echo "$header" >"$table"
  # The sweep: the whole grid against alpha-beta, the paper's γ = 0.6 row against the others.
  best_wins=-1
  best=""
  for o in "${opponents[@]}"; do
    IFS='|' read -r oname ospec <<<"$o"
    for g in "${values[@]}"; do
      [[ "$oname" != alphabeta && "$g" != 0.6 ]] && continue
      for a in "${values[@]}"; do
        play "sweep-$oname-a$a-g$g" "$(qlearn "$a" "$g")" "$ospec" "$games" "$seed"
        printf '%s,"%s",%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$oname" "$ospec" "$a" "$g" "$games" \
          "$wins" "$draws" "$losses" "$score" "$elo" "$elo_low" "$elo_high" >>"$table"
        if [[ "$oname" == alphabeta ]] && ((wins > best_wins)); then
          best_wins=$wins
          best="$a $g"
        fi
      done
    done
  done
  mv "$table" "$sweep_csv"

  # The second look: the grid's best cell and the paper's cell on fresh games (the next
  # seed), with the records for the move counts.
  cells=("best $best")
  [[ "$best" != "0.4 0.6" ]] && cells+=("paper 0.4 0.6")
  echo "cell,opponent,spec,alpha,gamma,games,wins,draws,losses,score,elo,elo_low,elo_high" >"$table"
  moves="$(mktemp)"
  echo "cell,alpha,gamma,opponent,games,side,moves,attack,battles,defence,stall" >"$moves"
  for c in "${cells[@]}"; do
    read -r cell a g <<<"$c"
    for o in "${opponents[@]}"; do
      IFS='|' read -r oname ospec <<<"$o"
      name="confirm-$oname-a$a-g$g"
      n=$confirm
      [[ "$oname" == mcts || "$oname" == uct ]] && n=$(((confirm + 1) / 2))
      play "$name" "$(qlearn "$a" "$g")" "$ospec" "$n" "$((seed + 1))" log
      printf '%s,%s,"%s",%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' "$cell" "$oname" "$ospec" "$a" "$g" \
        "$n" "$wins" "$draws" "$losses" "$score" "$elo" "$elo_low" "$elo_high" >>"$table"
      classify "$run/$name.log" | while IFS=, read -r side n rest; do
        printf '%s,%s,%s,%s,%s,%s,%s\n' "$cell" "$a" "$g" "$oname" "$n" \
          "$([[ "$side" == q ]] && echo qlearn || echo "$oname")" "$rest" >>"$moves"
      done
    done
  done
  # Figure 8's point in play: the paper's cell with the activation against itself without it
  # (every move searched), at the same playouts, which take the same time (the timing run).
  noact="qlearn:alpha=0.4,gamma=0.6,pieces=0,root=0,playouts=$playouts"
  play "activation-a0.4-g0.6" "$(qlearn 0.4 0.6)" "$noact" "$confirm" "$((seed + 1))"
  printf '%s,%s,"%s",%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n' activation no-activation "$noact" 0.4 0.6 \
    "$confirm" "$wins" "$draws" "$losses" "$score" "$elo" "$elo_low" "$elo_high" >>"$table"
  mv "$table" "$confirm_csv"
  mv "$moves" "$moves_csv"

  # Figure 8: the search time per ply, activation on (the default: 4 pieces a node, 7 at the
  # root) and off (every move searched), both at the same playouts, in the same positions.
  if [[ ! -s "$run/time.csv" ]]; then
    echo "== timing: $timing games of 69 plies, $playouts playouts"
    nice -n 10 "$bench" games="$timing" plies=69 seed="$seed" on="$(qlearn 0.4 0.6)" \
      off="qlearn:alpha=0.4,gamma=0.6,pieces=0,root=0,playouts=$playouts" >"$run/time.csv.part"
    mv "$run/time.csv.part" "$run/time.csv"
  fi
  cp "$run/time.csv" "$time_csv"
  chmod 644 "$sweep_csv" "$confirm_csv" "$moves_csv" "$time_csv"
else
  for f in "$sweep_csv" "$time_csv"; do
    if [[ ! -f "$f" ]]; then
      echo "run-junqi-qlearn.sh: --plot needs $f (run without --plot first)" >&2
      exit 1
    fi
  done
fi

# The sweep chart: left, the grid against alpha-beta as a heat map (wins of GAMES, the
# grid's best cell outlined, the paper's α = 0.4, γ = 0.6 marked); right, wins against α at
# γ = 0.6 for every opponent, like the paper's Figure 5.
awk -F, -v games="$games" -v po="$playouts" -v seed="$seed" '
  function colour(f,   r, g, b) {  # white (0) .. dark blue (1)
    r = int(247 - f * (247 - 33)); g = int(251 - f * (251 - 102)); b = int(255 - f * (255 - 172))
    return sprintf("#%02x%02x%02x", r, g, b)
  }
  NR > 1 {
    o = $1; a = $(NF - 9); gm = $(NF - 8); w = $(NF - 6)
    if (o == "alphabeta") { grid[a, gm] = w; if (w > bw) { bw = w; ba = a; bg = gm } }
    if (gm == "0.6") row[o, a] = w
  }
  END {
    split("0.2 0.4 0.6 0.8 1.0", v, " ")
    width = 1040; h = 470; cs = 56; x0 = 80; y0 = 90
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">\n", width, h, width, h
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">军棋 seed: multi-piece UCT + Q-learning, the α × γ sweep reproduced with Boyi</text>\n"
    printf "<text x=\"10\" y=\"42\" fill=\"#444\">wins of qlearn in %d games a cell, colours alternating; qlearn, mcts and uct %d playouts a move; alpha-beta depth 3, minimax depth 2; seed %d</text>\n", games, po, seed
    printf "<text x=\"%d\" y=\"70\" font-weight=\"bold\">against alpha-beta: every cell</text>\n", x0
    for (i = 1; i <= 5; i++) for (j = 1; j <= 5; j++) {
      x = x0 + (i - 1) * cs; y = y0 + (5 - j) * cs; w = grid[v[i], v[j]]
      printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"white\"/>\n", x, y, cs, cs, colour((w / games - 0.5) * 2 < 0 ? 0 : (w / games - 0.5) * 2)
      printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" dominant-baseline=\"middle\" fill=\"%s\">%s</text>\n", x + cs / 2, y + cs / 2, (w / games > 0.8) ? "white" : "#222", w
      if (v[i] == ba && v[j] == bg) printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#e15759\" stroke-width=\"3\"/>\n", x + 2, y + 2, cs - 4, cs - 4
      if (v[i] == "0.4" && v[j] == "0.6") printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\" fill=\"#444\">paper</text>\n", x + cs / 2, y + cs - 6
    }
    for (i = 1; i <= 5; i++) {
      printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x0 + (i - 0.5) * cs, y0 + 5 * cs + 18, v[i]
      printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\">%s</text>\n", x0 - 8, y0 + (5 - i + 0.5) * cs, v[i]
    }
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">α</text>\n", x0 + 2.5 * cs, y0 + 5 * cs + 38
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">γ</text>\n", x0 - 40, y0 + 2.5 * cs
    printf "<text x=\"%d\" y=\"%d\" fill=\"#444\">red outline: the most wins (%s of %d at α = %s, γ = %s); colour: the score from 0.5 (white) to 1</text>\n", 10, h - 12, bw, games, ba, bg
    # The right panel.
    px = 490; pw = 380; py = y0; ph = 5 * cs
    printf "<text x=\"%d\" y=\"70\" font-weight=\"bold\">γ = 0.6 (the paper'"'"'s Figure 5): wins against α</text>\n", px
    for (t = 0; t <= games; t += games / 4) {
      yt = py + ph - t / games * ph
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n", px, yt, px + pw, yt, t == 0 ? "#222" : "#ddd"
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">%d</text>\n", px - 6, yt, t
    }
    for (i = 1; i <= 5; i++) printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", px + (i - 1) * pw / 4, py + ph + 18, v[i]
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">α</text>\n", px + pw / 2, py + ph + 38
    split("alphabeta minimax mcts uct", on, " "); split("#4e79a7 #f28e2b #59a14f #e15759", oc, " ")
    split("alpha-beta|minimax|MCTS|UCT", ol, "|")
    for (k = 1; k <= 4; k++) {
      path = ""
      for (i = 1; i <= 5; i++) if ((on[k], v[i]) in row) {
        xp = px + (i - 1) * pw / 4; yp = py + ph - row[on[k], v[i]] / games * ph
        path = path (path == "" ? "M" : " L") sprintf("%.1f %.1f", xp, yp)
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n", xp, yp, oc[k]
      }
      if (path != "") printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", path, oc[k]
      printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/><text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">%s</text>\n", px + pw + 15, py + 10 + (k - 1) * 20, px + pw + 35, py + 10 + (k - 1) * 20, oc[k], px + pw + 40, py + 10 + (k - 1) * 20, ol[k]
    }
    printf "</svg>\n"
  }' "$sweep_csv" >"$sweep_svg"

# The timing chart (Figure 8): mean ms of search per ply, activation on and off.
awk -F, -v timing="$timing" -v po="$playouts" '
  NR > 1 { n++; ply[n] = $1; on[n] = $3; off[n] = $4; if ($3 > m) m = $3; if ($4 > m) m = $4; s_on += $3; s_off += $4 }
  END {
    top = int(m / 5 + 1) * 5
    width = 980; h = 420; x0 = 70; y0 = 80; W = 640; H = 270
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">\n", width, h, width, h
    printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
    printf "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">军棋 seed, Figure 8: search time per ply with and without the high-value-piece activation</text>\n"
    printf "<text x=\"10\" y=\"42\" fill=\"#444\">qlearn (α 0.4, γ 0.6), %d playouts a move; both searches timed in the same positions of %d self-play games</text>\n", po, timing
    printf "<text x=\"10\" y=\"60\" fill=\"#444\">mean over plies 1–%d: activation on %.1f ms, off %.1f ms a move</text>\n", n, s_on / n, s_off / n
    for (t = 0; t <= top; t += (top > 20 ? 10 : (top > 10 ? 5 : 1))) {
      yt = y0 + H - t / top * H
      printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\"/>\n", x0, yt, x0 + W, yt, t == 0 ? "#222" : "#ddd"
      printf "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\" fill=\"#444\">%d</text>\n", x0 - 6, yt, t
    }
    for (p = 1; p <= 69; p += 4) printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#444\">%d</text>\n", x0 + (p - 1) / 68 * W, y0 + H + 18, p
    printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">ply</text>\n", x0 + W / 2, y0 + H + 38
    printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">ms a move</text>\n", 22, y0 + H / 2, 22, y0 + H / 2
    split("#e15759 #4e79a7", c, " ")
    for (k = 1; k <= 2; k++) {
      path = ""
      for (i = 1; i <= n; i++) path = path (i == 1 ? "M" : " L") sprintf("%.1f %.1f", x0 + (ply[i] - 1) / 68 * W, y0 + H - (k == 1 ? off[i] : on[i]) / top * H)
      printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", path, c[k]
    }
    printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/><text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">no activation (every move)</text>\n", x0 + W + 10, y0 + 10, x0 + W + 30, y0 + 10, c[1], x0 + W + 35, y0 + 10
    printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/><text x=\"%d\" y=\"%d\" dominant-baseline=\"middle\">UCT activation</text>\n", x0 + W + 10, y0 + 30, x0 + W + 30, y0 + 30, c[2], x0 + W + 35, y0 + 30
    printf "</svg>\n"
  }' "$time_csv" >"$time_svg"

if ((plot_only)); then
  echo "wrote $sweep_svg and $time_svg"
else
  echo "wrote $sweep_csv, $confirm_csv, $moves_csv, $time_csv and the charts in $(($(date +%s) - start)) s"
fi
