#include "server/tournament/ops/tournament_ops.h"

#include <nlohmann/json.hpp>
#include <set>

#include "engine/opening.h"
#include "engine/registry.h"
#include "referee/presets.h"
#include "server/house/house_levels.h"
#include "server/tournament/ops/settings_json.h"

namespace boyi::tournament {
namespace {

using Json = nlohmann::json;
using storage::TournamentStatus;

Result<std::string> string_of(const Json& j, const char* key) {
  if (!j.contains(key)) return std::string();
  if (!j[key].is_string()) return fail(std::string(key) + ": expected a string");
  return j[key].get<std::string>();
}

// A house bot an entrant names: its strength (0: the default) and house engine.
struct HouseName {
  int strength = 0;
  std::string engine;
};

// "house", "house:N" (N in 0..10), "house:ENGINE" or "house:ENGINE:N", ENGINE one of the
// house engines `game` offers (house_levels.h); nullopt for an account's name.
Result<std::optional<HouseName>> house_name(const std::string& entrant, const std::string& game) {
  if (entrant == "house") return std::optional<HouseName>(HouseName{});
  if (entrant.rfind("house:", 0) != 0) return std::optional<HouseName>();
  const auto is_number = [](const std::string& n) {
    return !n.empty() && n.size() <= 2 && n.find_first_not_of("0123456789") == std::string::npos;
  };
  HouseName h;
  std::string rest = entrant.substr(6);
  if (const auto colon = rest.find(':'); colon != std::string::npos) {
    h.engine = rest.substr(0, colon);
    rest = rest.substr(colon + 1);
    if (!is_number(rest)) return fail("entrant " + entrant + ": house strengths are 0..10");
  } else if (!is_number(rest)) {
    h.engine = rest;
    rest = "0";
  }
  h.strength = std::stoi(rest);
  if (h.strength > 10) return fail("entrant " + entrant + ": house strengths are 0..10");
  if (!h.engine.empty()) {
    const int level = h.strength == 0 ? app::kDefaultHouseStrength : h.strength;
    if (auto ok = app::house_level(game, level, h.engine); !ok)
      return fail("entrant " + entrant + ": " + ok.message());
  }
  return std::optional<HouseName>(std::move(h));
}

Result<storage::Id> resolve_entrant(storage::Database& db, accounts::Accounts& accounts,
                                    const std::string& name,
                                    const std::optional<HouseName>& house) {
  const std::string account = house ? house_account_name(house->strength, house->engine) : name;
  auto user = db.user_by_name(account);
  if (user) {
    if (user->disabled) return fail("entrant " + name + ": the account is disabled");
    if (house && user->kind != storage::UserKind::kBot)
      return fail("entrant " + name + ": " + account + " is not a bot account");
    return user->id;
  }
  if (!house) return fail("entrant " + name + ": no such account");
  auto made = accounts.create_bot(account);
  if (!made) return Error{"entrant " + name + ": " + made.message()};
  return made->user.id;
}

}  // namespace

std::string house_account_name(int strength, const std::string& engine) {
  if (!engine.empty())
    return "house-" + engine + (strength == 0 ? "" : "-" + std::to_string(strength));
  return strength == 0 ? "house-random" : "house-" + std::to_string(strength);
}

Result<TournamentSpec> spec_from_json(const Json& j) {
  if (!j.is_object()) return fail("a tournament is a JSON object");
  TournamentSpec spec;
  for (const auto& [key, value] : j.items()) {
    static const std::set<std::string> known = {"name", "preset",   "game",    "rules",
                                                "time", "settings", "entrants"};
    if (!known.count(key)) return fail(key + ": unknown field");
  }
  for (auto [key, field] : {std::pair{"name", &spec.name}, std::pair{"preset", &spec.preset},
                            std::pair{"game", &spec.game}, std::pair{"rules", &spec.rules}}) {
    auto v = string_of(j, key);
    if (!v) return Error{v.message()};
    *field = *v;
  }
  if (j.contains("time")) {
    const auto& t = j["time"];
    if (!t.is_object()) return fail("time: expected an object");
    storage::TimeControl tc;
    for (const auto& [key, value] : t.items()) {
      if (!value.is_number_integer() || value.get<std::int64_t>() < 0)
        return fail("time." + key + ": expected a whole number of milliseconds");
      const auto ms = value.get<std::int64_t>();
      if (key == "total_ms") {
        tc.total_ms = ms;
      } else if (key == "per_move_ms") {
        tc.per_move_ms = ms;
      } else if (key == "increment_ms") {
        tc.increment_ms = ms;
      } else {
        return fail("time." + key + ": unknown field");
      }
    }
    spec.time = tc;
  }
  if (j.contains("settings"))
    if (auto s = apply_settings_json(j["settings"], spec.settings); !s) return Error{s.message()};
  if (j.contains("entrants")) {
    if (!j["entrants"].is_array()) return fail("entrants: expected a list of account names");
    for (const auto& e : j["entrants"]) {
      if (!e.is_string()) return fail("entrants: expected a list of account names");
      spec.entrants.push_back(e.get<std::string>());
    }
  }
  return spec;
}

Result<storage::Tournament> create_tournament(storage::Database& db, accounts::Accounts& accounts,
                                              const TournamentSpec& spec,
                                              std::optional<storage::Id> actor) {
  if (spec.name.empty() || spec.name.size() > 100) return fail("name: 1 to 100 characters");
  storage::NewTournament t;
  t.name = spec.name;
  t.format = std::string(format_name(spec.settings.format));
  t.created_by = actor;
  referee::TimeControl time;
  if (!spec.preset.empty()) {
    const auto* preset = referee::find_preset(spec.preset);
    if (!preset) return fail("preset: no preset named '" + spec.preset + "'");
    if (!spec.game.empty() && spec.game != preset->game)
      return fail("preset " + spec.preset + " is a game of " + std::string(preset->game));
    t.preset = spec.preset;
    t.game = std::string(preset->game);
    t.rules = spec.rules.empty() ? std::string(preset->rules_text) : spec.rules;
    time = preset->time;
  } else {
    if (spec.game.empty()) return fail("a tournament names a preset or a game");
    t.game = spec.game;
    t.rules = spec.rules;
  }
  if (!find_game(t.game)) return fail("game: no game named '" + t.game + "'");
  auto game = create_game(t.game, t.rules);
  if (!game) return fail("rules: " + game.message());
  t.rules = game.value()->rules_text();
  if (spec.time) {
    time.total_ms = spec.time->total_ms == 0 ? referee::kMaxTotalMs : spec.time->total_ms;
    time.per_move_ms = spec.time->per_move_ms;
    time.increment_ms = spec.time->increment_ms;
  }
  if (auto s = time.validate(); !s) return fail("time: " + s.message());
  t.time = {time.total_ms, time.per_move_ms, time.increment_ms, time.grace_ms};

  // Fewer than two entrants is fine for now (more may join); the start checks again.
  const int count = static_cast<int>(spec.entrants.size());
  if (auto s = spec.settings.validate(count >= 2 ? count : 0); !s) return Error{s.message()};
  for (std::size_t i = 0; i < spec.settings.openings.size(); ++i)
    if (auto s = check_opening(t.game, t.rules, spec.settings.openings[i]); !s)
      return fail("openings: line " + std::to_string(i + 1) + ": " + s.message());
  t.settings = settings_to_json(spec.settings).dump();
  for (const auto& name : spec.entrants) {
    auto house = house_name(name, t.game);
    if (!house) return Error{house.message()};
    auto id = resolve_entrant(db, accounts, name, *house);
    if (!id) return Error{id.message()};
    for (const auto& e : t.entrants)
      if (e.user == *id) return fail("entrant " + name + " is listed twice");
    if (*house)
      t.entrants.push_back({*id, (*house)->strength, (*house)->engine});
    else
      t.entrants.push_back({*id, std::nullopt, ""});
  }
  return storage::TournamentStore(db).create(t);
}

Game to_game(const storage::TournamentGame& row) {
  Game g;
  g.round = row.round;
  g.board = row.board;
  g.game_no = row.game_no;
  g.seats = {row.seat0, row.seat1.value_or(-1)};
  if (row.result == "1-0") g.result = GameResult::kSeat0Win;
  if (row.result == "0-1") g.result = GameResult::kSeat1Win;
  if (row.result == "draw") g.result = GameResult::kDraw;
  if (row.result == "bye") g.result = GameResult::kBye;
  if (row.result == "void") g.result = GameResult::kVoid;
  return g;
}

storage::NewGame to_new_game(const Game& g) {
  storage::NewGame n;
  n.round = g.round;
  n.board = g.board;
  n.game_no = g.game_no;
  n.seat0 = g.seats[0];
  if (g.seats[1] >= 0) n.seat1 = g.seats[1];
  n.result = g.is_bye() ? "bye" : "pending";
  return n;
}

Result<LoadedTournament> load_tournament(storage::TournamentStore& store, storage::Id id) {
  LoadedTournament out;
  auto row = store.get(id);
  if (!row) return Error{row.message()};
  out.row = std::move(row).value();
  auto settings = settings_from_json(out.row.settings);
  if (!settings) return Error{"tournament " + std::to_string(id) + ": " + settings.message()};
  out.settings = std::move(settings).value();
  auto entrants = store.entrants(id);
  if (!entrants) return Error{entrants.message()};
  out.entrants = std::move(entrants).value();
  auto games = store.games(id);
  if (!games) return Error{games.message()};
  out.game_rows = std::move(games).value();
  for (const auto& g : out.game_rows) out.games.push_back(to_game(g));
  return out;
}

Status tournament_command(storage::TournamentStore& store, storage::Id id, std::string_view verb,
                          std::optional<storage::Id> actor) {
  using S = TournamentStatus;
  if (verb == "start") {
    auto entrants = store.entrants(id);
    if (!entrants) return entrants.status();
    auto t = store.get(id);
    if (!t) return t.status();
    auto settings = settings_from_json(t->settings);
    if (!settings) return settings.status();
    if (entrants->size() < 2) return fail("cannot start: a tournament needs at least 2 entrants");
    if (auto s = settings->validate(static_cast<int>(entrants->size())); !s)
      return fail("cannot start: " + s.message());
    return store.transition(id, {S::kCreated}, S::kRunning, "started", actor);
  }
  if (verb == "pause") return store.transition(id, {S::kRunning}, S::kPaused, "paused", actor);
  if (verb == "resume") return store.transition(id, {S::kPaused}, S::kRunning, "resumed", actor);
  if (verb == "cancel")
    return store.transition(id, {S::kCreated, S::kRunning, S::kPaused}, S::kCancelled, "cancelled",
                            actor, {}, std::string("cancelled"));
  return fail("unknown command '" + std::string(verb) + "': start, pause, resume or cancel");
}

}  // namespace boyi::tournament
