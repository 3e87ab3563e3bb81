// The lobby's games and presets, and resolving a client's match setup.
#include "engine/registry.h"
#include "referee/presets.h"
#include "server/lobby/lobby.h"

namespace boyi::app {

namespace {

v1::TimeControl wire_time(const referee::TimeControl& t) {
  v1::TimeControl w;
  w.set_total_ms(static_cast<std::uint32_t>(t.total_ms));
  w.set_per_move_ms(static_cast<std::uint32_t>(t.per_move_ms));
  w.set_increment_ms(static_cast<std::uint32_t>(t.increment_ms));
  return w;
}

}  // namespace

v1::GameList game_list() {
  v1::GameList list;
  for (const auto& g : games()) {
    if (!g.listed) continue;
    auto* info = list.add_games();
    info->set_name(std::string(g.name));
    info->set_title(std::string(g.title));
    info->set_english(std::string(g.english));
    info->set_default_rules(g.default_rules);
    for (const auto& p : referee::presets()) {
      if (p.game != g.name) continue;
      auto* w = info->add_presets();
      w->set_name(std::string(p.name));
      w->set_game(std::string(p.game));
      auto made = create_game(p.game, p.rules_text);
      w->set_rules(made ? made.value()->rules_text() : std::string(p.rules_text));
      *w->mutable_time_control() = wire_time(p.time);
      w->set_description(std::string(p.description));
    }
  }
  return list;
}

Result<Lobby::Resolved> Lobby::resolve(const v1::MatchSetup& setup) const {
  Resolved r;
  const referee::Preset* preset = nullptr;
  if (!setup.preset().empty()) {
    preset = referee::find_preset(setup.preset());
    if (!preset) return Error{"NOT_FOUND:no preset named '" + setup.preset() + "'"};
    r.preset = setup.preset();
    r.config = referee::config_from_preset(*preset, "");
  }
  if (!setup.game().empty()) {
    if (!find_game(setup.game())) return Error{"UNKNOWN_GAME:no game named '" + setup.game() + "'"};
    if (preset && preset->game != setup.game())
      return Error{"INVALID_ARGUMENT:preset " + setup.preset() + " is a game of " +
                   std::string(preset->game) + ", not " + setup.game()};
    r.config.game = setup.game();
  }
  if (!preset && setup.game().empty())
    return Error{"INVALID_ARGUMENT:a setup names a preset or a game"};
  if (!setup.rules().empty()) r.config.rules_text = setup.rules();
  auto game = create_game(r.config.game, r.config.rules_text);
  if (!game) return Error{"BAD_RULES:" + game.message()};
  r.config.rules_text = game.value()->rules_text();
  if (setup.has_time_control()) {
    const auto& t = setup.time_control();
    r.config.time.total_ms = t.total_ms() == 0 ? referee::kMaxTotalMs : t.total_ms();
    r.config.time.per_move_ms = t.per_move_ms();
    r.config.time.increment_ms = t.increment_ms();
    if (!preset) r.config.time.grace_ms = app_.config.default_time.grace_ms;
  } else if (!preset) {
    r.config.time = app_.config.default_time;
  }
  const int attempts = app_.config.illegal_move_attempts;
  r.config.illegal = attempts <= 1 ? referee::IllegalMovePolicy::lose_at_once()
                                   : referee::IllegalMovePolicy::retry(attempts);
  r.config.disconnect_grace_ms = app_.config.disconnect_grace_ms;
  r.config.spectator_delay_plies = app_.config.spectator_delay_plies;
  r.config.match_id = "pending";
  if (auto s = r.config.validate(); !s) return Error{"INVALID_ARGUMENT:" + s.message()};
  if (setup.seat() < -1 || setup.seat() > 1)
    return Error{"INVALID_ARGUMENT:seat must be 0, 1 or -1 (either)"};
  r.seat = setup.seat();
  r.wire.set_preset(r.preset);
  r.wire.set_game(r.config.game);
  r.wire.set_rules(r.config.rules_text);
  *r.wire.mutable_time_control() = wire_time(r.config.time);
  r.wire.set_seat(r.seat);
  return r;
}

namespace {
// "CODE:message" from resolve() into an error reply.
std::pair<v1::ErrorCode, std::string> split_error(const std::string& e) {
  const auto colon = e.find(':');
  const std::string code = e.substr(0, colon);
  const std::string text = colon == std::string::npos ? e : e.substr(colon + 1);
  v1::ErrorCode c = v1::ERROR_CODE_INVALID_ARGUMENT;
  if (code == "NOT_FOUND") c = v1::ERROR_CODE_NOT_FOUND;
  if (code == "UNKNOWN_GAME") c = v1::ERROR_CODE_UNKNOWN_GAME;
  if (code == "BAD_RULES") c = v1::ERROR_CODE_BAD_RULES;
  return {c, text};
}
}  // namespace

bool Lobby::resolve_or_reply(const Request& r, const v1::MatchSetup& setup, Resolved& out) const {
  auto resolved = resolve(setup);
  if (!resolved) {
    auto [code, text] = split_error(resolved.message());
    r.error(code, text);
    return false;
  }
  out = std::move(resolved).value();
  return true;
}
}  // namespace boyi::app
