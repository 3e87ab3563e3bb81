#include "tools/train/evaluation.h"

#include <cstdio>

#include "tools/match/local_match.h"

namespace boyi::train {

std::uint64_t evaluation_seed(std::uint64_t seed, std::int64_t games, int index) {
  std::uint64_t x =
      seed * 0x9E3779B97F4A7C15ull ^ static_cast<std::uint64_t>(games) * 0xBF58476D1CE4E5B9ull;
  x ^= static_cast<std::uint64_t>(index + 1) * 0x94D049BB133111EBull;
  return (x ^ (x >> 31)) | 1;
}

Result<EvalOutcome> evaluate(const EvalSettings& s, const std::string& current,
                             const Opponent& opponent, int index, std::int64_t at_games) {
  match::MatchConfig c;
  c.game = s.game;
  c.first = current;
  c.second = opponent.spec;
  c.games = s.games;
  c.per_move_ms = s.per_move_ms;
  c.concurrency = s.concurrency;
  c.seed = evaluation_seed(s.seed, at_games, index);
  if (auto st = match::validate(c); !st) return fail("evaluation: " + st.message());
  auto r = match::run_match(c);
  if (!r) return fail("evaluation against " + opponent.label + ": " + r.message());
  EvalOutcome out;
  out.opponent = opponent;
  out.wins = r->wins;
  out.draws = r->draws;
  out.losses = r->losses;
  out.elo = tournament::elo_estimate(r->wins, r->draws, r->losses);
  return out;
}

std::string format_evaluation(std::int64_t at_games, const EvalOutcome& o) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "eval @%lld games vs %s: %d-%d-%d (W-D-L), score %.3f, Elo %s [%s, %s]",
                static_cast<long long>(at_games), o.opponent.label.c_str(), o.wins, o.draws,
                o.losses, o.elo.score, tournament::format_elo(o.elo.elo).c_str(),
                tournament::format_elo(o.elo.lower).c_str(), tournament::format_elo(o.elo.upper).c_str());
  return buf;
}

}  // namespace boyi::train
