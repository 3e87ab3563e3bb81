#include "tools/match/external_engine.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>

#include "bots/bridges/bridge_player.h"

namespace boyi::match {

namespace {

constexpr std::string_view kPrefix = "cmd:";

bool is_executable_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::string protocol_list() {
  std::string list;
  for (const auto& p : bots::bridge_protocols()) list += (list.empty() ? "" : ", ") + p;
  return list;
}

}  // namespace

bool is_external_spec(std::string_view spec) {
  return spec.substr(0, kPrefix.size()) == kPrefix;
}

Result<ExternalEngine> parse_external_spec(std::string_view spec, std::string_view game) {
  if (!is_external_spec(spec)) return fail("not an external engine spec (cmd:PROTOCOL:COMMAND)");
  const std::string_view rest = spec.substr(kPrefix.size());
  const auto colon = rest.find(':');
  if (colon == std::string_view::npos)
    return fail("'" + std::string(spec) + "': the form is cmd:PROTOCOL:COMMAND LINE");
  ExternalEngine engine;
  engine.protocol = std::string(rest.substr(0, colon));
  bool known = false;
  for (const auto& p : bots::bridge_protocols()) known = known || p == engine.protocol;
  if (!known)
    return fail("'" + std::string(spec) + "': unknown protocol '" + engine.protocol +
                "' (known: " + protocol_list() + ")");
  if (!bots::protocol_serves(engine.protocol, game))
    return fail("'" + std::string(spec) + "': the " + engine.protocol + " protocol does not play " +
                std::string(game));
  auto argv = bots::split_command_line(rest.substr(colon + 1));
  if (!argv) return fail("'" + std::string(spec) + "': " + argv.message());
  engine.argv = std::move(argv).value();
  return engine;
}

Result<std::string> find_program(const std::string& program) {
  if (program.empty()) return fail("no engine program given");
  if (program.find('/') != std::string::npos) {
    if (is_executable_file(program)) return program;
    return fail("the engine program '" + program + "' is not an executable file");
  }
  const char* path = std::getenv("PATH");
  std::string_view dirs = path ? path : "";
  while (true) {
    const auto sep = dirs.find(':');
    std::string dir(dirs.substr(0, sep));
    if (dir.empty()) dir = ".";
    const std::string candidate = dir + "/" + program;
    if (is_executable_file(candidate)) return candidate;
    if (sep == std::string_view::npos) break;
    dirs.remove_prefix(sep + 1);
  }
  return fail("the engine program '" + program + "' is not in PATH");
}

std::string external_spec_help() {
  return "External engines: a player spec cmd:PROTOCOL:COMMAND LINE runs that program for each\n"
         "game through its text protocol (" +
         protocol_list() +
         "; junqi-ccgc plays junqi, sau dots and surakarta, piskvork gomoku), e.g.\n"
         "  --first 'cmd:piskvork:./pela --fast' --second threat\n"
         "Such games are refereed as the server does it: an engine that crashes, hangs past its\n"
         "time or answers garbage loses the game (disconnect_forfeit), and the match goes on.\n"
         "Start-up is off the clock: the engine is started and greeted (--startup-ms, 10 s)\n"
         "before its first move's clock runs. It is told its limit less --margin-ms; its answer\n"
         "is awaited past the limit and passed on, and only the referee's clock (its grace,\n"
         "--grace-ms) decides a loss on time.\n"
         "Openings (--openings, --random-opening) go to an engine only where its protocol can\n"
         "say them: piskvork any (as BOARD); sau only the opponent's moves, so none when the\n"
         "engine may play black; junqi-ccgc none. Any other is refused before the first game.\n"
         "A game a bridge still could not play is void: not scored, counted apart.\n";
}

}  // namespace boyi::match
