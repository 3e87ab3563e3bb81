#include "tools/bot/bot_players.h"

#include <atomic>
#include <cctype>
#include <memory>

#include "bots/engines/engines.h"
#include "bots/player.h"
#include "engine/games.h"

#ifdef BOYI_HAVE_BRIDGES
#include "bots/bridges/bridge_player.h"
#include "bots/bridges/engine_start.h"
#endif

namespace boyi::bots {

namespace {

bool is_game(const std::string& name) {
  return visit_game(name, []<Game G>() {});
}

template <Game G>
std::string first_strong_engine() {
  const auto& engines = strong_engines<G>();
  return engines.empty() ? "uct" : std::string(engines.front().name);
}

// The transcript path of one match: "{match}" in `pattern` becomes the match id (its
// letters, digits, '-' and '_'), so that matches at once or one after another do not
// overwrite each other's transcript.
std::string engine_log_path(const std::string& pattern, const std::string& match_id) {
  const auto at = pattern.find("{match}");
  if (at == std::string::npos) return pattern;
  std::string id;
  for (const char c : match_id)
    id += std::isalnum(static_cast<unsigned char>(c)) || c == '-' ? c : '_';
  return pattern.substr(0, at) + id + pattern.substr(at + 7);
}

// The spec `game` plays with under `choice`.
std::string spec_for(const PlayerChoice& choice, const std::string& game) {
  const auto it = choice.per_game.find(game);
  if (it != choice.per_game.end()) return it->second;
  return choice.default_spec.empty() ? default_player_spec(game) : choice.default_spec;
}

}  // namespace

std::string default_player_spec(const std::string& game) {
  std::string spec = "uct";
  visit_game(game, [&]<Game G>() { spec = first_strong_engine<G>(); });
  return spec;
}

Status read_player_specs(const std::vector<std::string>& values, PlayerChoice& choice) {
  for (const auto& v : values) {
    const auto eq = v.find('=');
    const std::string head = eq == std::string::npos ? "" : v.substr(0, eq);
    if (is_game(head))
      choice.per_game[head] = v.substr(eq + 1);
    else
      choice.default_spec = v;
  }
  Status status = Status::Ok();
  for_each_game([&]<Game G>() {
    const std::string game(G::kName);
    if (!status) return;
    auto player = make_engine_seat_player(game, spec_for(choice, game), 1, choice.engine_options);
    if (!player) status = fail(game + ": " + player.message());
  });
  return status;
}

bool bridges_available() {
#ifdef BOYI_HAVE_BRIDGES
  return true;
#else
  return false;
#endif
}

std::vector<std::string> bridge_protocol_names() {
#ifdef BOYI_HAVE_BRIDGES
  return bridge_protocols();
#else
  return {};
#endif
}

Result<PlayerFactory> make_player_factory(const PlayerChoice& choice) {
  std::vector<std::string> engine_argv;
  if (!choice.engine_command.empty()) {
#ifdef BOYI_HAVE_BRIDGES
    auto argv = split_command_line(choice.engine_command);
    if (!argv) return fail("--engine: " + argv.message());
    engine_argv = std::move(argv).value();
#else
    return fail("this build has no engine bridges (bots/bridges)");
#endif
    bool known = false;
    for (const auto& p : bridge_protocol_names()) known = known || p == choice.engine_protocol;
    if (!known) {
      std::string list;
      for (const auto& p : bridge_protocol_names()) list += (list.empty() ? "" : ", ") + p;
      return fail("--protocol '" + choice.engine_protocol + "' is not one of: " + list);
    }
#ifdef BOYI_HAVE_BRIDGES
    if (auto st = check_opening_decider(choice.opening_decider); !st)
      return fail("--opening-decider: " + st.message());
#endif
  }
  auto counter = std::make_shared<std::atomic<std::uint64_t>>(0);
  PlayerFactory out;
  out.engine_ready = [](std::chrono::milliseconds) { return Status::Ok(); };
  // The external engine's player for a match of a game its protocol plays (none: empty).
  std::function<Result<std::unique_ptr<SeatPlayer>>(const v1::MatchStarted&)> bridged;
#ifdef BOYI_HAVE_BRIDGES
  if (!engine_argv.empty()) {
    BridgeOptions bridge;
    bridge.argv = engine_argv;
    bridge.protocol = choice.engine_protocol;
    bridge.opening_decider = choice.opening_decider;
    bridge.move_margin_ms = static_cast<int>(choice.engine_options.safety_margin_ms);
    bridge.startup_timeout_ms = choice.engine_startup_ms;
    if (bridge.startup_timeout_ms < 1) return fail("the engine's start-up limit must be positive");
    // Started now, before any match: start-up is never on a match's clock.
    auto warm = std::make_shared<WarmEngines>(bridge, std::max(1, choice.warm_engines));
    bridge.warm = warm;
    out.engine_ready = [warm](std::chrono::milliseconds wait) {
      return warm->wait_ready(std::chrono::steady_clock::now() + wait);
    };
    bridged = [bridge, log = choice.engine_log](
                  const v1::MatchStarted& started) -> Result<std::unique_ptr<SeatPlayer>> {
      if (!protocol_serves(bridge.protocol, started.game())) return std::unique_ptr<SeatPlayer>();
      BridgeOptions options = bridge;
      options.log_path = engine_log_path(log, started.match_id());
      return make_bridge_player(options, started.game());
    };
  }
#endif
  out.make = [choice, counter,
              bridged](const v1::MatchStarted& started) -> Result<std::unique_ptr<SeatPlayer>> {
    if (bridged) {
      auto player = bridged(started);
      if (!player || *player) return player;
    }
    const std::uint64_t seed = choice.seed * 1000003 + counter->fetch_add(1);
    return make_engine_seat_player(started.game(), spec_for(choice, started.game()), seed,
                                   choice.engine_options);
  };
  return out;
}

}  // namespace boyi::bots
