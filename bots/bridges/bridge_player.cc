// make_bridge_player(): checks the options and picks the protocol's bridge.
#include "bots/bridges/bridge_player.h"

#include <algorithm>

#include "bots/player.h"
#include "engine/games.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots {

// Defined with each protocol (junqi_bridge.cc, sau_bridge.cc, piskvork_bridge.cc).
std::unique_ptr<SeatPlayer> make_junqi_bridge(const BridgeOptions& options);
std::unique_ptr<SeatPlayer> make_sau_bridge(const BridgeOptions& options, std::string_view game);
std::unique_ptr<SeatPlayer> make_piskvork_bridge(const BridgeOptions& options);

std::vector<std::string> bridge_protocols() {
  return {"junqi-ccgc", "sau", "piskvork"};
}

bool protocol_serves(std::string_view protocol, std::string_view game) {
  bool serves = false;
  visit_game(game, [&]<Game G>() { serves = engine_protocol<G>() == protocol; });
  return serves;
}

Result<std::vector<std::string>> split_command_line(std::string_view command) {
  std::vector<std::string> args;
  std::string current;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == '\\' && quote != '\'') {
      if (i + 1 == command.size()) return fail("the command ends with a backslash");
      current += command[++i];
      in_word = true;
    } else if (quote) {
      if (c == quote)
        quote = 0;
      else
        current += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ' || c == '\t') {
      if (in_word) args.push_back(std::move(current));
      current.clear();
      in_word = false;
    } else {
      current += c;
      in_word = true;
    }
  }
  if (quote) return fail("an unclosed quote in the command");
  if (in_word) args.push_back(std::move(current));
  if (args.empty()) return fail("an empty command");
  return args;
}

Status check_opening_decider(std::string_view decider) {
  if (decider.empty() || decider == "brain") return Status::Ok();
  constexpr std::string_view kEngine = "engine:";
  if (decider.substr(0, kEngine.size()) == kEngine) {
    auto player = make_player<gomoku::State>(std::string(decider.substr(kEngine.size())), 1);
    if (!player)
      return fail("the opening decider '" + std::string(decider) + "': " + player.message());
    return Status::Ok();
  }
  return fail("the opening decider is 'brain' or 'engine:SPEC', not '" + std::string(decider) +
              "'");
}

Result<std::unique_ptr<SeatPlayer>> make_bridge_player(const BridgeOptions& options,
                                                       std::string_view game) {
  const auto protocols = bridge_protocols();
  if (std::find(protocols.begin(), protocols.end(), options.protocol) == protocols.end())
    return fail("unknown engine protocol '" + options.protocol +
                "' (known: junqi-ccgc, sau, piskvork)");
  if (!protocol_serves(options.protocol, game))
    return fail("the " + options.protocol + " protocol does not play '" + std::string(game) + "'");
  if (options.argv.empty() || options.argv[0].empty()) return fail("no engine program given");
  if (options.startup_timeout_ms <= 0 || options.move_margin_ms < 0 ||
      options.unlimited_move_ms <= 0 || options.exit_grace_ms < 0 || options.error_retries < 0 ||
      options.late_answer_ms < 0)
    return fail("bridge options: timeouts must be positive and retries at least 0");
  if (options.protocol == "junqi-ccgc") return make_junqi_bridge(options);
  if (options.protocol == "sau") return make_sau_bridge(options, game);
  return make_piskvork_bridge(options);
}

}  // namespace boyi::bots
