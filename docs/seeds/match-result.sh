# shellcheck shell=bash disable=SC2034  # sets the caller's variables
# Sourced by the run-*.sh scripts of docs/seeds: reads one boyi-match summary.
#
# read_match_result SCRIPT LABEL TEXT
#   TEXT is what `boyi-match --quiet` printed. Echoes its result lines, then sets the globals
#   wins draws losses score elo elo_low elo_high (infinite ends as inf / -inf). Exits with a
#   message naming SCRIPT and LABEL when TEXT has no result; warns when a side lost on time.
read_match_result() {
  local script="$1" label="$2" text="$3"
  echo "$text" | sed -n '/^A: /p;/^Elo /p;/^time forfeits/p'
  # "A: 6 wins, 0 draws, 4 losses; score 6.0/10 = 0.600"
  read -r wins draws losses score <<<"$(echo "$text" |
    sed -n 's/^A: \([0-9]*\) wins, \([0-9]*\) draws, \([0-9]*\) losses; score .* = \([0-9.]*\)$/\1 \2 \3 \4/p')"
  # "Elo difference A - B: +70.4, 95% interval [-150.2, +388.8]" (or +inf / -inf)
  read -r elo elo_low elo_high <<<"$(echo "$text" |
    sed -n 's/^Elo difference A - B: \([^,]*\), 95% interval \[\([^,]*\), \([^]]*\)\]$/\1 \2 \3/p' |
    tr -d '+')"
  if [[ -z "${wins:-}" || -z "${elo:-}" ]]; then
    echo "$script: could not read the result of '$label':" >&2
    echo "$text" >&2
    exit 1
  fi
  if echo "$text" | grep -q '^time forfeits: A [1-9]\|^time forfeits: A [0-9]*, B [1-9]'; then
    echo "$script: warning: time forfeits in '$label' (a loaded machine?)" >&2
  fi
}
