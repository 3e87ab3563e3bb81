# shellcheck shell=bash disable=SC2034  # sets the caller's variables
# Sourced first by every run-*.sh of docs/seeds (with no arguments, so it reads and shifts the
# script's own): goes to the checkout's root, loads read_match_result (match-result.sh), and
# takes a leading --plot (plot_only=1: redraw the plots from the tables, run nothing).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
# shellcheck source=docs/seeds/match-result.sh
source docs/seeds/match-result.sh
plot_only=0
if [[ "${1:-}" == "--plot" ]]; then
  plot_only=1
  shift
fi

# keep_run_folder NAME WHAT: the run folder `run` is RUN when given (then kept), else empty
# until make_run_folder makes a temporary one, removed at exit unless KEEP_RUN=1 (then the
# exit names it: "NAME: WHAT kept in ..."). `tables` lists the CSVs being written: each
# replaces its old one only once complete, and what is left of them is removed at exit.
keep_run_folder() {
  seed_name="$1" seed_kept="$2"
  run="${RUN:-}"
  keep=0
  if [[ -n "$run" ]]; then keep=1; fi
  [[ "${KEEP_RUN:-0}" == 1 ]] && keep=1
  tables=()
  trap seed_cleanup EXIT
}
seed_cleanup() {
  rm -f "${tables[@]}"
  if [[ -n "$run" ]]; then
    if ((keep)); then echo "$seed_name: $seed_kept kept in $run"; else rm -rf "$run"; fi
  fi
}
# make_run_folder TAG: a temporary run folder, unless there is one.
make_run_folder() {
  if [[ -z "$run" ]]; then run="$(mktemp -d "${TMPDIR:-/tmp}/boyi-$1-seed.XXXXXX")"; fi
}
