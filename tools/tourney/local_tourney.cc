#include "tools/tourney/local_tourney.h"

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <thread>

#include "bots/client/bot.h"
#include "engine/games.h"
#include "engine/protocol_openings.h"
#include "referee/presets.h"
#include "server/accounts/accounts.h"
#include "server/app/server_app.h"
#include "server/storage/tournament_store.h"
#include "server/tournament/ops/report.h"
#include "server/tournament/ops/report_text.h"
#include "server/tournament/ops/tournament_ops.h"
#include "tools/bot/bot_players.h"
#include "tools/tourney/http_client.h"

namespace boyi::tourney {
namespace {

using Clock = std::chrono::steady_clock;

class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "boyi-tourney-XXXXXX").string();
    if (char* made = ::mkdtemp(pattern.data())) path_ = made;
  }
  ~TempDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The accounts and the tournament, made before the server opens the database.
struct Prepared {
  storage::Id tournament = 0;
  std::vector<std::string> tokens;  // per engine
};

Result<Prepared> prepare(const std::filesystem::path& data, const TourneyOptions& o) {
  storage::DatabaseOptions dbo(data);
  dbo.synchronous_full = false;
  auto db = storage::Database::open(dbo);
  if (!db) return Error{db.message()};
  accounts::Accounts accounts(*db.value());
  Prepared p;
  tournament::TournamentSpec spec;
  spec.name = std::string(tournament::format_name(o.settings.format)) + " " +
              (o.preset.empty() ? o.game : o.preset);
  spec.preset = o.preset;
  spec.game = o.preset.empty() ? o.game : "";
  spec.rules = o.rules;
  if (o.preset.empty())
    spec.time = storage::TimeControl{o.total_ms, o.per_move_ms, o.increment_ms, 0};
  spec.settings = o.settings;
  for (const auto& e : o.engines) {
    auto bot = accounts.create_bot(e.name);
    if (!bot) return Error{"engine " + e.name + ": " + bot.message()};
    p.tokens.push_back(bot->token);
    spec.entrants.push_back(e.name);
  }
  auto made = tournament::create_tournament(*db.value(), accounts, spec, std::nullopt);
  if (!made) return Error{made.message()};
  p.tournament = made->id;
  return p;
}

// The game the tournament is played in: --game, or the preset's.
std::string tournament_game(const TourneyOptions& o) {
  if (o.preset.empty()) return o.game;
  const referee::Preset* preset = referee::find_preset(o.preset);
  return preset ? std::string(preset->game) : std::string();
}

// The rules text the tournament is played under: --rules, else the preset's.
std::string tournament_rules(const TourneyOptions& o) {
  if (!o.rules.empty() || o.preset.empty()) return o.rules;
  const referee::Preset* preset = referee::find_preset(o.preset);
  return preset ? std::string(preset->rules_text) : std::string();
}

// Each opening of the suite reaches every external engine from both seats: refused here,
// before any game, where its protocol cannot say it (engine/protocol_openings.h).
Status check_engine_openings(const TourneyOptions& o) {
  const std::string game = tournament_game(o), rules = tournament_rules(o);
  for (const auto& e : o.engines) {
    bool serves = false;
    visit_game(game, [&]<Game G>() { serves = engine_protocol<G>() == e.protocol; });
    if (!e.external() || !serves) continue;
    if (auto st = check_protocol_suite(e.protocol, game, rules, o.settings.openings); !st)
      return fail("engine " + e.name + " (--openings): " + st.message());
  }
  return Status::Ok();
}

Result<bots::PlayerFactory> factory_for(const EngineEntry& e, const std::string& game,
                                        std::uint64_t seed, const TourneyOptions& o) {
  bots::PlayerChoice choice;
  choice.seed = seed;
  choice.opening_decider = o.opening_decider;
  choice.engine_startup_ms = o.startup_ms;
  // As many engines kept started as games it plays at once.
  choice.warm_engines = std::max(1, o.settings.entrant_games_at_once);
  if (e.external()) {
    if (!bots::bridges_available()) return fail("this build cannot bridge external engines");
    choice.engine_command = e.command;
    choice.engine_protocol = e.protocol;
    choice.default_spec = "random";  // games the protocol does not serve
  } else {
    // A bare spec ("threat") is for the tournament's game, not for every game.
    const bool bare = !visit_game(e.spec.substr(0, e.spec.find('=')), []<Game G>() {});
    const std::string spec = bare && !game.empty() ? game + "=" + e.spec : e.spec;
    if (auto s = bots::read_player_specs({spec}, choice); !s)
      return fail("engine " + e.name + ": " + s.message());
  }
  return bots::make_player_factory(choice);
}

void write_file(const std::filesystem::path& path, const std::string& text, std::ostream& out) {
  std::ofstream f(path, std::ios::binary);
  f << text;
  out << (f ? "wrote " : "could not write ") << path.string() << "\n";
}

}  // namespace

Result<EngineEntry> parse_engine(const std::string& text) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    return fail("--engine " + text + ": NAME=SPEC or NAME=cmd:PROTOCOL:COMMAND");
  EngineEntry e;
  e.name = text.substr(0, eq);
  const std::string rest = text.substr(eq + 1);
  if (rest.rfind("cmd:", 0) == 0) {
    const auto colon = rest.find(':', 4);
    if (colon == std::string::npos || colon == 4 || colon + 1 == rest.size())
      return fail("--engine " + text + ": cmd:PROTOCOL:COMMAND");
    e.protocol = rest.substr(4, colon - 4);
    e.command = rest.substr(colon + 1);
  } else {
    e.spec = rest;
  }
  return e;
}

Result<int> run_local_tourney(const TourneyOptions& o, std::ostream& out) {
  if (o.engines.size() < 2) return fail("at least two --engine entrants");
  TempDir temp;
  const std::filesystem::path data = o.data_dir.empty() ? temp.path() / "data" : o.data_dir;
  if (o.data_dir.empty() && temp.path().empty()) return fail("cannot make a temporary folder");
  if (auto st = check_engine_openings(o); !st) return Error{st.message()};
  std::vector<bots::PlayerFactory> factories;
  for (std::size_t i = 0; i < o.engines.size(); ++i) {
    auto f = factory_for(o.engines[i], tournament_game(o), o.seed * 1000 + i, o);
    if (!f) return Error{f.message()};
    factories.push_back(std::move(f).value());
  }
  // Every external engine has started and answered its greeting before any game: start-up
  // is nobody's thinking time (the next game's engine starts while a game is played).
  for (std::size_t i = 0; i < o.engines.size(); ++i)
    if (auto ready = factories[i].engine_ready(std::chrono::milliseconds(o.startup_ms) +
                                               std::chrono::seconds(1));
        !ready)
      return Error{"engine " + o.engines[i].name + " did not start: " + ready.message()};
  auto prepared = prepare(data, o);
  if (!prepared) return Error{prepared.message()};

  app::ServerConfig config;
  config.address = "127.0.0.1";
  config.port = 0;
  config.data_dir = data;
  config.log_level = "error";
  config.threads = 2;
  config.match_threads = std::max(4, o.settings.concurrency * 2);
  config.storage_sync_full = false;
  config.argon2 = accounts::Argon2Params::cheap_for_tests();  // no passwords here
  config.shutdown_deadline = std::chrono::milliseconds(500);  // the bots are gone by then
  auto server = app::ServerApp::start(config);
  if (!server) return Error{"server: " + server.message()};
  const std::uint16_t port = server.value()->port();

  // One bot per engine, each on its own thread.
  std::vector<std::unique_ptr<bots::Bot>> bots;
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < o.engines.size(); ++i) {
    bots::BotOptions bo;
    bo.port = port;
    bo.token = prepared->tokens[i];
    bo.client_name = "boyi-tourney " + o.engines[i].name;
    bo.accept_challenges = false;
    bo.engine_protocol = o.engines[i].protocol;
    bots.push_back(std::make_unique<bots::Bot>(bo));
    threads.emplace_back([bot = bots.back().get(), f = factories[i].make] { (void)bot->run(f); });
  }
  const auto stop_all = [&] {
    for (auto& b : bots) b->stop(bots::StopMode::now);
    for (auto& t : threads)
      if (t.joinable()) t.join();
  };
  // Start once every engine is signed in (an absent one would forfeit its games).
  const auto signed_in_by = Clock::now() + std::chrono::seconds(20);
  for (bool all = false; !all && Clock::now() < signed_in_by;) {
    all = true;
    for (auto& b : bots) all = all && b->stats().connections > 0;
    if (!all) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }

  storage::DatabaseOptions dbo(data);
  dbo.synchronous_full = false;
  auto db = storage::Database::open(dbo);
  if (!db) {
    stop_all();
    return Error{db.message()};
  }
  storage::TournamentStore store(*db.value());
  const storage::Id id = prepared->tournament;
  if (auto s = tournament::tournament_command(store, id, "start", std::nullopt); !s) {
    stop_all();
    return Error{s.message()};
  }
  out << "tournament " << id << ": " << o.engines.size() << " engines, "
      << tournament::format_name(o.settings.format) << ", server on 127.0.0.1:" << port << "\n";
  bool external = false;
  for (const auto& e : o.engines) external = external || e.external();
  if (external)
    out << "external engines: start-up limit " << o.startup_ms
        << " ms, off the clock (each started and greeted before its game); only the server's "
           "clock decides a loss on time\n";

  // Follow the games until the end.
  std::map<storage::Id, bool> reported;
  int code = 0;
  const auto started = Clock::now();
  for (;;) {
    auto t = tournament::load_tournament(store, id);
    if (!t) {
      code = 1;
      out << "error: " << t.message() << "\n";
      break;
    }
    for (const auto& g : t->game_rows) {
      if (g.state != "done" || g.result == "bye" || reported[g.id]) continue;
      reported[g.id] = true;
      if (o.quiet) continue;
      out << "game " << reported.size() << ": "
          << t->entrants[static_cast<std::size_t>(g.seat0)].name << " - "
          << t->entrants[static_cast<std::size_t>(g.seat1.value_or(0))].name << "  " << g.result
          << " (" << g.ending << (g.ending.empty() || g.detail.empty() ? "" : ": ") << g.detail
          << ")\n";
    }
    if (t->row.status == storage::TournamentStatus::kFinished ||
        t->row.status == storage::TournamentStatus::kCancelled)
      break;
    if (o.timeout_ms > 0 && Clock::now() - started > std::chrono::milliseconds(o.timeout_ms)) {
      out << "timed out\n";
      code = 3;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (auto t = tournament::load_tournament(store, id); t)
    out << "\n" << tournament::standings_text(*t, false);

  if (!o.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.out_dir, ec);
    if (auto report = tournament::load_report(*db.value(), id); report)
      write_file(o.out_dir / "report.json", report->dump(2) + "\n", out);
    for (const char* kind : {"json", "txt"}) {
      auto r =
          http_request(port, "GET", "/api/tournaments/" + std::to_string(id) + "/records." + kind,
                       {}, {}, std::chrono::minutes(2));
      if (r && r->status == 200)
        write_file(o.out_dir / (std::string("records.") + kind), r->body, out);
      else
        out << "records." << kind << ": " << (r ? std::to_string(r->status) : r.message()) << "\n";
    }
  }
  stop_all();
  server.value()->shutdown();
  return code;
}

}  // namespace boyi::tourney
