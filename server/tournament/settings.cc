#include "server/tournament/settings.h"

#include <cmath>

namespace boyi::tournament {

std::string_view format_name(Format format) {
  switch (format) {
    case Format::kRoundRobin:
      return "rr";
    case Format::kSwiss:
      return "swiss";
    case Format::kKnockout:
      return "ko";
    case Format::kGauntlet:
      return "gauntlet";
    case Format::kSprt:
      return "sprt";
  }
  return "rr";
}

std::optional<Format> parse_format(std::string_view name) {
  if (name == "rr" || name == "round_robin") return Format::kRoundRobin;
  if (name == "swiss") return Format::kSwiss;
  if (name == "ko" || name == "knockout") return Format::kKnockout;
  if (name == "gauntlet") return Format::kGauntlet;
  if (name == "sprt") return Format::kSprt;
  return std::nullopt;
}

std::string_view tie_break_name(TieBreak t) {
  switch (t) {
    case TieBreak::kDirectEncounter:
      return "direct_encounter";
    case TieBreak::kSonnebornBerger:
      return "sonneborn_berger";
    case TieBreak::kBuchholz:
      return "buchholz";
    case TieBreak::kWins:
      return "wins";
  }
  return "wins";
}

std::optional<TieBreak> parse_tie_break(std::string_view name) {
  for (TieBreak t : {TieBreak::kDirectEncounter, TieBreak::kSonnebornBerger, TieBreak::kBuchholz,
                     TieBreak::kWins})
    if (tie_break_name(t) == name) return t;
  return std::nullopt;
}

std::vector<TieBreak> default_tie_breaks(Format format) {
  switch (format) {
    case Format::kRoundRobin:
      return {TieBreak::kDirectEncounter, TieBreak::kSonnebornBerger, TieBreak::kWins};
    case Format::kSwiss:
      return {TieBreak::kBuchholz, TieBreak::kSonnebornBerger, TieBreak::kDirectEncounter};
    default:
      return {TieBreak::kSonnebornBerger, TieBreak::kBuchholz};
  }
}

std::vector<TieBreak> Settings::effective_tie_breaks() const {
  return tie_breaks.empty() ? default_tie_breaks(format) : tie_breaks;
}

int Settings::swiss_rounds(int entrants) const {
  if (rounds > 0) return rounds;
  if (entrants < 2) return 0;
  // ceil(log2 n) + 1, but no more than half the (even) field: up to there a pairing without
  // repeats always exists, whatever the earlier rounds were (swiss.h).
  const int log2 = static_cast<int>(std::ceil(std::log2(static_cast<double>(entrants))));
  return std::max(1, std::min(log2 + 1, (entrants + entrants % 2) / 2));
}

namespace {

Status range(const char* field, double value, double lo, double hi) {
  if (!(value >= lo && value <= hi))  // also refuses NaN
    return fail(std::string(field) + " must be in [" + std::to_string(lo) + ", " +
                std::to_string(hi) + "], not " + std::to_string(value));
  return Status::Ok();
}

}  // namespace

Status Settings::validate(int entrants) const {
  for (const auto& s : {range("cycles", cycles, 1, kMaxCycles), range("rounds", rounds, 0, 1000),
                        range("games_per_pairing", games_per_pairing, 1, kMaxGamesPerPairing),
                        range("tiebreak_games", tiebreak_games, 1, kMaxGamesPerPairing),
                        range("max_tiebreaks", max_tiebreaks, 0, 100),
                        range("concurrency", concurrency, 1, kMaxConcurrency),
                        range("entrant_games_at_once", entrant_games_at_once, 1, kMaxConcurrency),
                        range("forfeit_wait_ms", static_cast<double>(forfeit_wait_ms), 0, 600'000),
                        range("max_game_attempts", max_game_attempts, 1, 10),
                        range("points.win", points.win, -1000, 1000),
                        range("points.draw", points.draw, -1000, 1000),
                        range("points.loss", points.loss, -1000, 1000),
                        range("points.bye", points.bye, -1000, 1000)})
    if (!s) return s;
  if (!(points.win > points.loss)) return fail("points.win must be more than points.loss");
  if (format == Format::kSprt) {
    const auto& t = sprt;
    for (const auto& s :
         {range("sprt.elo0", t.elo0, -1000, 1000), range("sprt.elo1", t.elo1, -1000, 1000),
          range("sprt.alpha", t.alpha, 1e-6, 0.5), range("sprt.beta", t.beta, 1e-6, 0.5),
          range("sprt.max_games", t.max_games, 2, 10'000'000)})
      if (!s) return s;
    if (!(t.elo1 > t.elo0)) return fail("sprt.elo1 must be more than sprt.elo0");
  }
  for (std::size_t i = 0; i < tie_breaks.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (tie_breaks[i] == tie_breaks[j])
        return fail("tie_breaks names " + std::string(tie_break_name(tie_breaks[i])) + " twice");
  if (entrants == 0) return Status::Ok();
  if (entrants > kMaxEntrants)
    return fail("at most " + std::to_string(kMaxEntrants) + " entrants, not " +
                std::to_string(entrants));
  if (entrants < 2) return fail("a tournament needs at least 2 entrants");
  if (format == Format::kSprt && entrants != 2)
    return fail("an SPRT test has exactly 2 entrants (the candidate first), not " +
                std::to_string(entrants));
  if (format == Format::kSwiss && rounds > entrants - 1 + (entrants % 2))
    return fail("a Swiss of " + std::to_string(entrants) + " entrants has at most " +
                std::to_string(entrants - 1 + (entrants % 2)) +
                " rounds without repeating a pairing");
  return Status::Ok();
}

}  // namespace boyi::tournament
