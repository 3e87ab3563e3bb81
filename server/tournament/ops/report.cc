#include "server/tournament/ops/report.h"

#include <cmath>
#include <ctime>

#include "server/tournament/knockout.h"
#include "server/tournament/ops/settings_json.h"
#include "server/tournament/plan.h"

namespace boyi::tournament {
namespace {

using Json = nlohmann::json;

// Infinite Elo bounds (a 100% score) are written as null: JSON has no infinity.
Json finite(double x) {
  if (!std::isfinite(x)) return nullptr;
  const double r = std::round(x * 10) / 10;
  return r == 0 ? 0.0 : r;  // never "-0.0"
}

Json elo_json(const tournament::EloEstimate& e) {
  return {{"score", e.score},
          {"elo", finite(e.elo)},
          {"lower", finite(e.lower)},
          {"upper", finite(e.upper)}};
}

std::string entrant_name(const LoadedTournament& t, int index) {
  if (index < 0 || static_cast<std::size_t>(index) >= t.entrants.size()) return "";
  return t.entrants[static_cast<std::size_t>(index)].name;
}

}  // namespace

std::string rfc3339(std::optional<std::int64_t> ms) {
  if (!ms) return "";
  const std::time_t secs = static_cast<std::time_t>(*ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

Json game_links(storage::Id tournament, storage::Id match) {
  const std::string id = std::to_string(match);
  return {{"match", "/api/matches/" + id},
          {"json", "/api/records/" + id + ".json"},
          {"text", "/api/records/" + id + ".txt"},
          {"views", "/api/tournaments/" + std::to_string(tournament) + "/games/" + id + "/views"}};
}

Json tournament_summary(const LoadedTournament& t) {
  int done = 0, total = 0, playing = 0;
  for (const auto& g : t.game_rows) {
    if (g.result == "bye") continue;
    ++total;
    done += g.state == "done";
    playing += g.state == "playing";
  }
  int round = 0;
  for (const auto& g : t.games) round = std::max(round, g.round);
  return {{"id", std::to_string(t.row.id)},
          {"name", t.row.name},
          {"game", t.row.game},
          {"preset", t.row.preset},
          {"format", t.row.format},
          {"status", std::string(storage::to_string(t.row.status))},
          {"entrants", t.entrants.size()},
          {"round", round},
          {"games_done", done},
          {"games_playing", playing},
          {"games_total", total},
          {"open", t.settings.open && t.row.status == storage::TournamentStatus::kCreated},
          {"result", t.row.result},
          {"created_at", rfc3339(t.row.created_ms)},
          {"started_at", rfc3339(t.row.started_ms)},
          {"ended_at", rfc3339(t.row.ended_ms)},
          {"links",
           {{"report", "/api/tournaments/" + std::to_string(t.row.id)},
            {"records_json", "/api/tournaments/" + std::to_string(t.row.id) + "/records.json"},
            {"records_text", "/api/tournaments/" + std::to_string(t.row.id) + "/records.txt"}}}};
}

Json tournament_report(const LoadedTournament& t, const Standings& standings,
                       const std::map<storage::Id, storage::RatingRow>& ratings,
                       const std::vector<storage::TournamentEvent>& events) {
  Json out;
  out["tournament"] = tournament_summary(t);
  out["tournament"]["rules"] = t.row.rules;
  out["tournament"]["time_control"] = {{"total_ms", t.row.time.total_ms},
                                       {"per_move_ms", t.row.time.per_move_ms},
                                       {"increment_ms", t.row.time.increment_ms},
                                       {"grace_ms", t.row.time.grace_ms}};
  out["settings"] = settings_to_json(t.settings);
  Json tie = Json::array();
  for (TieBreak b : standings.tie_breaks) tie.push_back(std::string(tie_break_name(b)));
  out["tie_breaks"] = tie;

  Json entrants = Json::array();
  for (const auto& e : t.entrants) {
    Json j{{"index", e.index},
           {"user_id", std::to_string(e.user)},
           {"name", e.name},
           {"kind", e.house_strength ? "house" : std::string(storage::to_string(e.kind))},
           {"house_strength", e.house_strength ? Json(*e.house_strength) : Json(nullptr)},
           {"house_engine", e.house_engine}};
    entrants.push_back(std::move(j));
  }
  out["entrants"] = entrants;

  Json rows = Json::array();
  for (const auto& r : standings.rows) {
    const auto& e = t.entrants[static_cast<std::size_t>(r.entrant)];
    Json rating = nullptr;
    if (auto it = ratings.find(e.user); it != ratings.end())
      rating = {{"rating", std::round(it->second.value.rating * 10) / 10},
                {"rd", std::round(it->second.value.rd * 10) / 10},
                {"volatility", it->second.value.volatility},
                {"games", it->second.games}};
    rows.push_back({{"rank", r.rank},
                    {"entrant", r.entrant},
                    {"name", e.name},
                    {"games", r.wdl.games()},
                    {"wins", r.wdl.wins},
                    {"draws", r.wdl.draws},
                    {"losses", r.wdl.losses},
                    {"byes", r.byes},
                    {"void", r.voids},
                    {"points", r.points},
                    {"tie_breaks",
                     {{"direct_encounter", r.direct_encounter},
                      {"sonneborn_berger", r.sonneborn_berger},
                      {"buchholz", r.buchholz},
                      {"wins", r.wdl.wins}}},
                    {"place", r.place == 0 ? Json(nullptr) : Json(r.place)},
                    {"elo", elo_json(r.elo)},
                    {"rating", rating}});
  }
  out["standings"] = rows;

  Json cross = Json::array();
  for (std::size_t i = 0; i < standings.crosstable.size(); ++i) {
    Json line = Json::array();
    for (std::size_t j = 0; j < standings.crosstable[i].size(); ++j) {
      const auto& c = standings.crosstable[i][j];
      if (i == j || c.wdl.games() == 0) {
        line.push_back(nullptr);
        continue;
      }
      line.push_back({{"results", c.results},
                      {"wins", c.wdl.wins},
                      {"draws", c.wdl.draws},
                      {"losses", c.wdl.losses},
                      {"points", c.points},
                      {"elo", elo_json(c.elo)}});
    }
    cross.push_back(std::move(line));
  }
  out["crosstable"] = cross;

  Json games = Json::array();
  for (const auto& g : t.game_rows) {
    Json j{{"id", std::to_string(g.id)},
           {"round", g.round},
           {"board", g.board},
           {"game_no", g.game_no},
           {"seats", {g.seat0, g.seat1 ? Json(*g.seat1) : Json(nullptr)}},
           {"names", {entrant_name(t, g.seat0), g.seat1 ? entrant_name(t, *g.seat1) : ""}},
           {"state", g.state},
           {"result", g.result},
           {"ending", g.ending},
           {"detail", g.detail},
           {"attempts", g.attempts},
           {"finished_at", rfc3339(g.finished_ms)},
           {"match_id", g.match ? Json(std::to_string(*g.match)) : Json(nullptr)},
           {"links", g.match ? game_links(t.row.id, *g.match) : Json(nullptr)}};
    games.push_back(std::move(j));
  }
  out["games"] = games;

  if (t.settings.format == Format::kSprt) {
    const auto st = sprt_of(t.settings, t.games);
    out["sprt"] = {{"elo0", t.settings.sprt.elo0},
                   {"elo1", t.settings.sprt.elo1},
                   {"alpha", t.settings.sprt.alpha},
                   {"beta", t.settings.sprt.beta},
                   {"llr", st.llr},
                   {"lower", st.lower},
                   {"upper", st.upper},
                   {"wins", st.wins},
                   {"draws", st.draws},
                   {"losses", st.losses},
                   {"decision", std::string(decision_name(st.decision))},
                   {"text", describe(st)}};
  }
  if (t.settings.format == Format::kKnockout) {
    const auto ko = knockout_state(static_cast<int>(t.entrants.size()), t.settings, t.games);
    Json bracket = Json::array();
    for (const auto& round : ko.bracket) {
      Json r = Json::array();
      for (const auto& p : round)
        r.push_back({{"round", p.round},
                     {"board", p.board},
                     {"top", p.top},
                     {"bottom", p.bottom < 0 ? Json(nullptr) : Json(p.bottom)},
                     {"winner", p.winner < 0 ? Json(nullptr) : Json(p.winner)},
                     {"by_seed", p.by_seed}});
      bracket.push_back(std::move(r));
    }
    out["knockout"] = {{"rounds", ko.rounds},
                       {"champion", ko.champion < 0 ? Json(nullptr) : Json(ko.champion)},
                       {"bracket", bracket}};
  }
  Json log = Json::array();
  for (const auto& e : events)
    log.push_back({{"at", rfc3339(e.wall_ms)},
                   {"kind", e.kind},
                   {"detail", e.detail},
                   {"actor", e.actor ? Json(std::to_string(*e.actor)) : Json(nullptr)}});
  out["events"] = log;
  return out;
}

Result<Json> load_report(storage::Database& db, storage::Id id) {
  storage::TournamentStore store(db);
  auto t = load_tournament(store, id);
  if (!t) return Error{t.message()};
  const auto standings =
      compute_standings(t->settings, static_cast<int>(t->entrants.size()), t->games);
  std::map<storage::Id, storage::RatingRow> ratings;
  storage::RatingStore rs(db);
  for (const auto& e : t->entrants)
    if (auto r = rs.rating(e.user, t->row.game); r && r->has_value()) ratings[e.user] = **r;
  auto events = store.events(id, 500);
  if (!events) return Error{events.message()};
  return tournament_report(*t, standings, ratings, *events);
}

}  // namespace boyi::tournament
