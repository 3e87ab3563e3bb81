#include "server/tournament/ops/settings_json.h"

#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace boyi::tournament {
namespace {

using Json = nlohmann::json;
using Setter = std::function<Status(const Json&, Settings&)>;

Result<double> number(const Json& v, const std::string& key) {
  if (!v.is_number()) return Error{key + ": expected a number"};
  return v.get<double>();
}

Result<std::int64_t> integer(const Json& v, const std::string& key) {
  if (!v.is_number_integer()) return Error{key + ": expected an integer"};
  return v.get<std::int64_t>();
}

template <class T>
Setter int_field(const std::string& key, T Settings::*field) {
  return [key, field](const Json& v, Settings& s) -> Status {
    auto x = integer(v, key);
    if (!x) return x.status();
    if (*x < -1'000'000'000 || *x > 1'000'000'000) return fail(key + ": out of range");
    s.*field = static_cast<T>(*x);
    return Status::Ok();
  };
}

Setter bool_field(const std::string& key, bool Settings::*field) {
  return [key, field](const Json& v, Settings& s) -> Status {
    if (!v.is_boolean()) return fail(key + ": expected true or false");
    s.*field = v.get<bool>();
    return Status::Ok();
  };
}

// A nested object whose members are numbers (points, sprt).
template <class Obj>
Setter object_field(const std::string& key, Obj Settings::*obj,
                    std::map<std::string, std::function<void(Obj&, double)>> members,
                    std::set<std::string> integers = {}) {
  return [key, obj, members, integers](const Json& v, Settings& s) -> Status {
    if (!v.is_object()) return fail(key + ": expected an object");
    for (const auto& [name, value] : v.items()) {
      auto it = members.find(name);
      if (it == members.end()) return fail(key + "." + name + ": unknown setting");
      if (integers.count(name)) {
        auto x = integer(value, key + "." + name);
        if (!x) return x.status();
        if (*x < 0 || *x > 1'000'000'000) return fail(key + "." + name + ": out of range");
        it->second(s.*obj, static_cast<double>(*x));
        continue;
      }
      auto x = number(value, key + "." + name);
      if (!x) return x.status();
      it->second(s.*obj, *x);
    }
    return Status::Ok();
  };
}

const std::map<std::string, Setter>& setters() {
  static const std::map<std::string, Setter> table = {
      {"format",
       [](const Json& v, Settings& s) -> Status {
         if (!v.is_string()) return fail("format: expected a string");
         auto f = parse_format(v.get<std::string>());
         if (!f) return fail("format: one of rr, swiss, ko, gauntlet, sprt");
         s.format = *f;
         return Status::Ok();
       }},
      {"cycles", int_field("cycles", &Settings::cycles)},
      {"rounds", int_field("rounds", &Settings::rounds)},
      {"games_per_pairing", int_field("games_per_pairing", &Settings::games_per_pairing)},
      {"tiebreak_games", int_field("tiebreak_games", &Settings::tiebreak_games)},
      {"max_tiebreaks", int_field("max_tiebreaks", &Settings::max_tiebreaks)},
      {"concurrency", int_field("concurrency", &Settings::concurrency)},
      {"entrant_games_at_once",
       int_field("entrant_games_at_once", &Settings::entrant_games_at_once)},
      {"forfeit_wait_ms", int_field("forfeit_wait_ms", &Settings::forfeit_wait_ms)},
      {"max_game_attempts", int_field("max_game_attempts", &Settings::max_game_attempts)},
      {"rated", bool_field("rated", &Settings::rated)},
      {"open", bool_field("open", &Settings::open)},
      {"points", object_field<Points>("points", &Settings::points,
                                      {{"win", [](Points& p, double x) { p.win = x; }},
                                       {"draw", [](Points& p, double x) { p.draw = x; }},
                                       {"loss", [](Points& p, double x) { p.loss = x; }},
                                       {"bye", [](Points& p, double x) { p.bye = x; }}})},
      {"sprt", object_field<SprtSettings>(
                   "sprt", &Settings::sprt,
                   {{"elo0", [](SprtSettings& p, double x) { p.elo0 = x; }},
                    {"elo1", [](SprtSettings& p, double x) { p.elo1 = x; }},
                    {"alpha", [](SprtSettings& p, double x) { p.alpha = x; }},
                    {"beta", [](SprtSettings& p, double x) { p.beta = x; }},
                    {"max_games",
                     [](SprtSettings& p, double x) { p.max_games = static_cast<int>(x); }}},
                   {"max_games"})},
      {"openings",
       [](const Json& v, Settings& s) -> Status {
         if (!v.is_array() || v.size() > kMaxOpenings)
           return fail("openings: expected a list of at most " + std::to_string(kMaxOpenings) +
                       " openings, each a list of actions");
         s.openings.clear();
         for (const auto& line : v) {
           if (!line.is_array() || line.empty() || line.size() > kMaxOpeningActions)
             return fail("openings: each opening is a list of 1 to " +
                         std::to_string(kMaxOpeningActions) + " actions");
           std::vector<std::string> actions;
           for (const auto& a : line) {
             if (!a.is_string() || a.get_ref<const std::string&>().empty() ||
                 a.get_ref<const std::string&>().size() > 256)
               return fail("openings: each action is a text in the game's notation");
             actions.push_back(a.get<std::string>());
           }
           s.openings.push_back(std::move(actions));
         }
         return Status::Ok();
       }},
      {"tie_breaks",
       [](const Json& v, Settings& s) -> Status {
         if (!v.is_array()) return fail("tie_breaks: expected a list of names");
         s.tie_breaks.clear();
         for (const auto& item : v) {
           auto t = item.is_string() ? parse_tie_break(item.get<std::string>()) : std::nullopt;
           if (!t)
             return fail(
                 "tie_breaks: each one of direct_encounter, sonneborn_berger, buchholz, wins");
           s.tie_breaks.push_back(*t);
         }
         return Status::Ok();
       }},
  };
  return table;
}

}  // namespace

Status apply_settings_json(const Json& object, Settings& settings) {
  if (!object.is_object()) return fail("settings: expected a JSON object");
  for (const auto& [key, value] : object.items()) {
    auto it = setters().find(key);
    if (it == setters().end()) return fail(key + ": unknown setting");
    if (auto s = it->second(value, settings); !s) return s;
  }
  return Status::Ok();
}

Result<Settings> settings_from_json(std::string_view text) {
  const Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded()) return fail("settings: not valid JSON");
  Settings s;
  if (auto st = apply_settings_json(j, s); !st) return Error{st.message()};
  return s;
}

Json settings_to_json(const Settings& s) {
  Json tie = Json::array();
  for (TieBreak t : s.tie_breaks) tie.push_back(std::string(tie_break_name(t)));
  return Json{
      {"format", std::string(format_name(s.format))},
      {"cycles", s.cycles},
      {"rounds", s.rounds},
      {"games_per_pairing", s.games_per_pairing},
      {"tiebreak_games", s.tiebreak_games},
      {"max_tiebreaks", s.max_tiebreaks},
      {"sprt",
       {{"elo0", s.sprt.elo0},
        {"elo1", s.sprt.elo1},
        {"alpha", s.sprt.alpha},
        {"beta", s.sprt.beta},
        {"max_games", s.sprt.max_games}}},
      {"points",
       {{"win", s.points.win},
        {"draw", s.points.draw},
        {"loss", s.points.loss},
        {"bye", s.points.bye}}},
      {"tie_breaks", tie},
      {"concurrency", s.concurrency},
      {"entrant_games_at_once", s.entrant_games_at_once},
      {"forfeit_wait_ms", s.forfeit_wait_ms},
      {"max_game_attempts", s.max_game_attempts},
      {"rated", s.rated},
      {"open", s.open},
      {"openings", s.openings},
  };
}

}  // namespace boyi::tournament
