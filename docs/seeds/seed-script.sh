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
