// A whole tournament with misbehaving entrants, through the real server: a bot that plays
// properly, one that never connects, one that crashes (closes its connection) in its first
// game and never comes back, one that sends only illegal moves, and a house bot. Absent and
// crashed entrants forfeit after the tournament's wait and the tournament goes on to the
// end. On the way: open registration (JoinTournament), a subscriber's live standings, the
// admin API's authentication, the records bundles and a finished game's per-seat views.
// Also: an admin's announcement, a game the arbiter voids played again, and house entrants
// that name a house engine.
#include <map>

#include "tests/e2e/tournament_support.h"

namespace boyi::e2e {
namespace {

enum class Behaviour { steady, crashy, cheat };

struct Entrant {
  std::string name;
  Behaviour behaviour = Behaviour::steady;
  std::unique_ptr<Client> client;
  std::map<std::string, std::unique_ptr<RandomMover>> movers;  // match -> seat player
  std::map<std::string, int> seat_of;                          // match -> seat (cheat)
  bool crashed = false;
  int illegal_sent = 0;
};

std::string match_of(const v1::ServerMessage& m) {
  if (m.has_match_started()) return m.match_started().match_id();
  if (m.has_match_event()) return m.match_event().match_id();
  if (m.has_match_ended()) return m.match_ended().match_id();
  if (m.has_match_record()) return m.match_record().match_id();
  if (m.has_sync_done()) return m.sync_done().match_id();
  if (m.has_error()) return m.error().match_id();
  return {};
}

void send_illegal(Entrant& e, const std::string& match) {
  v1::ClientMessage m;
  m.set_request_id(e.client->next_request_id());
  m.mutable_move()->set_match_id(match);
  m.mutable_move()->set_move("ZZZ");
  (void)e.client->send(m);
  ++e.illegal_sent;
}

// Reads what one entrant's connection has and acts on it.
void pump(Entrant& e) {
  if (!e.client || e.crashed) return;
  while (auto m = e.client->next(Millis(1))) {
    const std::string id = match_of(*m);
    if (m->has_match_started()) {
      const auto& st = m->match_started();
      if (e.behaviour == Behaviour::crashy) {
        e.client->close();  // gone for good, mid-game
        e.crashed = true;
        return;
      }
      if (e.behaviour == Behaviour::cheat) {
        e.seat_of[id] = st.seat();
        if (st.view().can_act()) send_illegal(e, id);
        continue;
      }
      e.movers[id] = std::make_unique<RandomMover>(*e.client, st, 17 + e.movers.size());
      continue;
    }
    if (e.behaviour == Behaviour::cheat) {
      if (m->has_match_event() && m->match_event().view().can_act()) send_illegal(e, id);
      if (m->has_error() && m->error().code() == v1::ERROR_CODE_ILLEGAL_MOVE &&
          m->error().attempts_left() > 0)
        send_illegal(e, id);
      continue;
    }
    if (auto it = e.movers.find(id); it != e.movers.end()) it->second->handle(*m);
  }
  for (auto& [id, mover] : e.movers) mover->act();
}

TEST(TournamentEntrants, MisbehavingEntrantsForfeitAndTheTournamentGoesOn) {
  ServerOptions options;
  options.config_fields = "\"house_bot_delay_ms\": 5";
  auto server = start_test_server(options);
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;
  const std::uint16_t port = s.port();

  ASSERT_EQ(run_admin(s, "user add root --admin", "root-password-1\n").code, 0);
  const std::string admin = tourney::basic_auth("root", "root-password-1");
  std::vector<Entrant> entrants(4);
  const char* names[] = {"steady", "absent", "crashy", "cheat"};
  const Behaviour behaviours[] = {Behaviour::steady, Behaviour::steady, Behaviour::crashy,
                                  Behaviour::cheat};
  std::map<std::string, std::string> tokens;
  for (std::size_t i = 0; i < 4; ++i) {
    entrants[i].name = unique_name(names[i]);
    entrants[i].behaviour = behaviours[i];
    auto token = bot_token(s, entrants[i].name);
    E2E_ASSERT_OK(token, &s);
    tokens[entrants[i].name] = *token;
  }

  // The admin API refuses strangers and non-admins.
  const nlohmann::json spec = {
      {"name", "misbehaviour open"},
      {"game", "dots"},
      {"time", {{"total_ms", 60000}}},
      {"settings",
       {{"format", "rr"}, {"concurrency", 2}, {"forfeit_wait_ms", 400}, {"open", true}}},
      {"entrants", {entrants[1].name, entrants[2].name, entrants[3].name, "house:2"}}};
  auto anonymous = http_json(port, "POST", "/api/tournaments", spec.dump());
  E2E_ASSERT_OK(anonymous, &s);
  EXPECT_EQ(anonymous->status, 401);
  auto not_admin = http_json(port, "POST", "/api/tournaments", spec.dump(),
                             "Bearer " + tokens[entrants[0].name]);
  E2E_ASSERT_OK(not_admin, &s);
  EXPECT_EQ(not_admin->status, 403);
  auto created = http_json(port, "POST", "/api/tournaments", spec.dump(), admin);
  E2E_ASSERT_OK(created, &s);
  ASSERT_EQ(created->status, 201) << created->body.dump();
  const std::string id = created->body["id"];

  // The steady bot, the crashy one and the cheat connect; "steady" enters by itself.
  for (std::size_t i : {0u, 2u, 3u}) {
    auto c = bot_client(port, Transport::tcp_json, tokens[entrants[i].name]);
    E2E_ASSERT_OK(c, &s);
    entrants[i].client = std::move(c).value();
  }
  v1::ClientMessage join;
  join.mutable_join_tournament()->set_tournament_id(id);
  auto joined = entrants[0].client->request(join);
  E2E_ASSERT_OK(joined, &s);
  ASSERT_TRUE(joined->has_ack()) << describe(*joined);
  auto again = entrants[0].client->request(join);
  E2E_ASSERT_OK(again, &s);
  EXPECT_EQ(again->error().code(), v1::ERROR_CODE_CONFLICT) << describe(*again);

  // A spectator follows the standings.
  auto watcher = guest(port, Transport::tcp_binary, "watcher");
  E2E_ASSERT_OK(watcher, &s);
  v1::ClientMessage sub;
  sub.mutable_subscribe_tournament()->set_tournament_id(id);
  auto first = (*watcher)->request(sub);
  E2E_ASSERT_OK(first, &s);
  ASSERT_TRUE(first->has_tournament_standings()) << describe(*first);
  EXPECT_EQ(first->tournament_standings().tournament().entrants(), 5u);
  EXPECT_EQ(first->tournament_standings().tournament().status(), "created");

  auto start = http_json(port, "POST", "/api/tournaments/" + id + "/start", "", admin);
  E2E_ASSERT_OK(start, &s);
  ASSERT_EQ(start->status, 200) << start->body.dump();
  auto late = entrants[0].client->request(join);
  E2E_ASSERT_OK(late, &s);
  EXPECT_TRUE(late->has_error()) << "joined after the start";

  std::vector<v1::TournamentStandings> pushes;
  const auto deadline = std::chrono::steady_clock::now() + 90s;
  bool finished = false;
  while (!finished && std::chrono::steady_clock::now() < deadline) {
    for (auto& e : entrants) pump(e);
    while (auto m = (*watcher)->next(Millis(2))) {
      if (!m->has_tournament_standings()) continue;
      pushes.push_back(m->tournament_standings());
      finished = pushes.back().tournament().status() == "finished";
    }
  }
  ASSERT_TRUE(finished) << log_of(&s);
  for (auto& [mid, mover] : entrants[0].movers)
    EXPECT_TRUE(mover->problems().empty()) << mover->problems().front();

  // Pushes came as games finished; the last one has every game.
  const auto& last = pushes.back();
  EXPECT_GE(pushes.size(), 5u);
  EXPECT_EQ(last.tournament().games_done(), 10u);
  EXPECT_EQ(last.rows_size(), 5);
  int decided = 0;
  for (const auto& row : last.rows()) {
    EXPECT_EQ(row.games(), 4u) << row.player().name();
    decided += static_cast<int>(row.wins() + row.losses() + row.draws());
  }
  EXPECT_EQ(decided, 20);

  auto report = http_json(port, "GET", "/api/tournaments/" + id);
  E2E_ASSERT_OK(report, &s);
  const auto& r = report->body;
  std::map<int, std::string> name_of;
  for (const auto& e : r["entrants"]) name_of[e["index"].get<int>()] = e["name"];
  int games = 0;
  for (const auto& g : r["games"]) {
    ++games;
    ASSERT_EQ(g["state"], "done") << g.dump();
    const std::string a = name_of[g["seats"][0].get<int>()];
    const std::string b = name_of[g["seats"][1].get<int>()];
    const std::string result = g["result"], ending = g["ending"];
    const auto loser = result == "1-0" ? b : result == "0-1" ? a : std::string();
    const auto involves = [&](const std::string& n) { return a == n || b == n; };
    const bool absent = involves(entrants[1].name), crashy = involves(entrants[2].name);
    if (absent || crashy) {
      // Someone was away: the game went by forfeit (a draw when both were away at once),
      // unless the cheat lost on its illegal moves before the absent side's wait ran out.
      if (involves(entrants[3].name) && ending == "illegal_move") {
        EXPECT_EQ(loser, entrants[3].name) << g.dump();
        continue;
      }
      EXPECT_EQ(ending, "disconnect_forfeit") << g.dump();
      if (absent && crashy) continue;
      EXPECT_EQ(loser, absent ? entrants[1].name : entrants[2].name) << g.dump();
      continue;
    }
    if (involves(entrants[3].name)) {
      EXPECT_EQ(ending, "illegal_move") << g.dump();
      EXPECT_EQ(loser, entrants[3].name) << g.dump();
      continue;
    }
    EXPECT_EQ(ending, "normal") << g.dump();  // steady against the house bot
  }
  EXPECT_EQ(games, 10);
  EXPECT_GT(entrants[3].illegal_sent, 0);
  EXPECT_EQ(r["tournament"]["status"], "finished");

  // Records: the bundle in both formats, and one game's views.
  auto bundle = http_json(port, "GET", "/api/tournaments/" + id + "/records.json");
  E2E_ASSERT_OK(bundle, &s);
  ASSERT_EQ(bundle->status, 200);
  EXPECT_EQ(bundle->body["records"].size(), 10u);
  EXPECT_EQ(bundle->body["records"][0]["format"], "boyi-record/2")
      << bundle->body["records"][0].dump().substr(0, 300);
  auto text = tourney::http_request(port, "GET", "/api/tournaments/" + id + "/records.txt");
  E2E_ASSERT_OK(text, &s);
  EXPECT_EQ(text->status, 200);
  EXPECT_FALSE(text->body.empty());
  std::string played;
  for (const auto& g : r["games"])
    if (g["ending"] == "normal") played = g["match_id"];
  ASSERT_FALSE(played.empty());
  auto views =
      http_json(port, "GET", "/api/tournaments/" + id + "/games/" + played + "/views?after=3");
  E2E_ASSERT_OK(views, &s);
  ASSERT_EQ(views->status, 200) << views->body.dump();
  EXPECT_EQ(views->body["after"], 3);
  EXPECT_EQ(views->body["seat0"]["viewer"], 0);
  EXPECT_EQ(views->body["seat1"]["viewer"], 1);
  EXPECT_EQ(views->body["full"]["ply"], 3);
}

// A house entrant may name a house engine (here 军棋's multi-piece Q-learning, offered with or
// without the learned players): its games are played to the end and the report names it.
TEST(TournamentEntrants, AHouseEngineEntrantPlaysItsGames) {
  ServerOptions options;
  options.config_fields = "\"house_bot_delay_ms\": 0";  // a whole 军棋 game: no pause a move
  auto server = start_test_server(options);
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;
  ASSERT_EQ(run_admin(s, "user add root --admin", "root-password-1\n").code, 0);
  const nlohmann::json spec = {{"name", "engines"},
                               {"game", "junqi"},
                               {"time", {{"total_ms", 120000}}},
                               {"settings", {{"format", "rr"}, {"cycles", 1}}},
                               {"entrants", {"house:qlearn:1", "house:1"}}};
  auto started = start_tournament(s.port(), spec, tourney::basic_auth("root", "root-password-1"));
  E2E_ASSERT_OK(started, &s);
  ASSERT_TRUE(wait_until([&] { return tournament_finished(s.port(), *started); }, 180s))
      << log_of(&s);
  auto report = http_json(s.port(), "GET", "/api/tournaments/" + *started);
  E2E_ASSERT_OK(report, &s);
  const auto& r = report->body;
  ASSERT_EQ(r["entrants"].size(), 2u);
  EXPECT_EQ(r["entrants"][0]["name"], "house-qlearn-1");
  EXPECT_EQ(r["entrants"][0]["house_engine"], "qlearn");
  EXPECT_EQ(r["entrants"][0]["house_strength"], 1);
  EXPECT_EQ(r["entrants"][1]["house_engine"], "");
  ASSERT_EQ(r["games"].size(), 1u);
  for (const auto& g : r["games"]) {
    EXPECT_EQ(g["state"], "done") << g.dump();
    EXPECT_TRUE(g["result"] == "1-0" || g["result"] == "0-1" || g["result"] == "draw") << g.dump();
  }
}

// An opening suite: the k-th game of two entrants starts from line k / 2, played for the
// seats (each action noted so in the record), with the seats swapped in the pair's other game.
// A line the game cannot play is refused when the tournament is made.
TEST(TournamentEntrants, AnOpeningSuiteOpensEachGameAndIsPlayedFromBothSides) {
  ServerOptions options;
  options.config_fields = "\"house_bot_delay_ms\": 0";
  auto server = start_test_server(options);
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;
  ASSERT_EQ(run_admin(s, "user add root --admin", "root-password-1\n").code, 0);
  const auto admin = tourney::basic_auth("root", "root-password-1");
  const std::vector<std::vector<std::string>> suite = {{"H8", "H9", "J10"}, {"H8", "I9", "G6"}};
  nlohmann::json spec = {{"name", "suite"},
                         {"game", "gomoku"},
                         {"rules", "rule=renju opening=free"},
                         {"time", {{"total_ms", 120000}}},
                         {"settings", {{"format", "rr"}, {"cycles", 4}, {"openings", suite}}},
                         {"entrants", {"house:1", "house:2"}}};
  nlohmann::json bad = spec;
  bad["settings"]["openings"] = std::vector<std::vector<std::string>>{{"H8", "H8"}};
  auto refused = http_json(s.port(), "POST", "/api/tournaments", bad.dump(), admin);
  E2E_ASSERT_OK(refused, &s);
  EXPECT_EQ(refused->status, 400) << refused->body.dump();
  EXPECT_NE(refused->body.dump().find("openings: line 1: action 2 'H8'"), std::string::npos)
      << refused->body.dump();

  auto started = start_tournament(s.port(), spec, admin);
  E2E_ASSERT_OK(started, &s);
  ASSERT_TRUE(wait_until([&] { return tournament_finished(s.port(), *started); }, 180s))
      << log_of(&s);
  auto report = http_json(s.port(), "GET", "/api/tournaments/" + *started);
  E2E_ASSERT_OK(report, &s);
  const auto& games = report->body["games"];
  ASSERT_EQ(games.size(), 4u);
  std::vector<int> first_seat;  // the entrant that played black, game by game
  for (std::size_t k = 0; k < games.size(); ++k) {
    SCOPED_TRACE("game " + std::to_string(k + 1));
    EXPECT_EQ(games[k]["state"], "done") << games[k].dump();
    auto record = http_json(s.port(), "GET", games[k]["links"]["json"].get<std::string>());
    E2E_ASSERT_OK(record, &s);
    const auto& actions = record->body["actions"];
    const auto& opening = suite[k / 2];
    ASSERT_GT(actions.size(), opening.size()) << record->body.dump();
    for (std::size_t i = 0; i < opening.size(); ++i) {
      EXPECT_EQ(actions[i]["text"], opening[i]);
      EXPECT_EQ(actions[i]["seat"], static_cast<int>(i % 2));
      EXPECT_EQ(actions[i]["comment"], "from the opening suite");
    }
    EXPECT_FALSE(actions[opening.size()].contains("comment"));  // the players' own
    first_seat.push_back(games[k]["seats"][0].get<int>());
  }
  EXPECT_NE(first_seat[0], first_seat[1]);  // each opening from both sides
  EXPECT_NE(first_seat[2], first_seat[3]);
}

TEST(TournamentEntrants, JoiningATournamentByInvitationIsRefused) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;
  auto made = run_admin(s,
                        "tournament create --name closed --preset dots-ccgc --format rr "
                        "--entrant house:1 --entrant house:2");
  ASSERT_EQ(made.code, 0);
  auto token = bot_token(s, unique_name("joiner"));
  E2E_ASSERT_OK(token, &s);
  auto c = bot_client(s.port(), Transport::tcp_binary, *token);
  E2E_ASSERT_OK(c, &s);
  v1::ClientMessage join;
  join.mutable_join_tournament()->set_tournament_id(made.out);
  auto reply = (*c)->request(join);
  E2E_ASSERT_OK(reply, &s);
  EXPECT_EQ(reply->error().code(), v1::ERROR_CODE_FORBIDDEN) << describe(*reply);
  v1::ClientMessage list;
  list.mutable_list_tournaments();
  auto listed = (*c)->request(list);
  E2E_ASSERT_OK(listed, &s);
  ASSERT_EQ(listed->tournament_list().tournaments_size(), 1);
  EXPECT_EQ(listed->tournament_list().tournaments(0).name(), "closed");
  EXPECT_FALSE(listed->tournament_list().tournaments(0).open());
}

// The arbiter's announcements: an admin's (over the protocol) reaches the followers at once
// with the standings; one by boyi-admin is stored alike; both are in the report's events and
// in the audit log; anyone else is refused.
TEST(TournamentEntrants, AnAdminsAnnouncementReachesTheFollowersAndTheLog) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;
  ASSERT_EQ(run_admin(s, "user add root --admin", "root-password-1\n").code, 0);
  auto made = run_admin(s,
                        "tournament create --name cup --preset dots-ccgc --format rr "
                        "--entrant house:1 --entrant house:2");
  ASSERT_EQ(made.code, 0);
  const std::string id = made.out;
  auto follower = guest(s.port(), Transport::tcp_json, unique_name("fan"));
  E2E_ASSERT_OK(follower, &s);
  v1::ClientMessage subscribe;
  subscribe.mutable_subscribe_tournament()->set_tournament_id(id);
  auto standings = (*follower)->request(subscribe);
  E2E_ASSERT_OK(standings, &s);
  ASSERT_TRUE(standings->has_tournament_standings()) << describe(*standings);
  EXPECT_EQ(standings->tournament_standings().announcements_size(), 0);

  v1::ClientMessage announce;
  announce.mutable_announce_tournament()->set_tournament_id(id);
  announce.mutable_announce_tournament()->set_text("第二轮推迟十分钟");
  auto refused = (*follower)->request(announce);
  E2E_ASSERT_OK(refused, &s);
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_NOT_ALLOWED);

  auto root = Client::connect(s.port(), Transport::tcp_binary);
  E2E_ASSERT_OK(root, &s);
  ASSERT_TRUE((*root)->hello().ok());
  ASSERT_TRUE((*root)->sign_in_password("root", "root-password-1").ok());
  auto ack = (*root)->request(announce);
  E2E_ASSERT_OK(ack, &s);
  EXPECT_TRUE(ack->has_ack()) << describe(*ack);
  auto pushed = (*follower)->expect(
      [](const v1::ServerMessage& m) {
        return m.has_tournament_standings() && m.tournament_standings().announcements_size() == 1;
      },
      "the announcement", 10s);
  E2E_ASSERT_OK(pushed, &s);
  EXPECT_EQ(pushed->tournament_standings().announcements(0).text(), "第二轮推迟十分钟");

  ASSERT_EQ(run_admin(s, "tournament announce " + id + " 'the hall closes at six'").code, 0);
  auto events = run_admin(s, "tournament events " + id);
  EXPECT_NE(events.out.find("the hall closes at six"), std::string::npos) << events.out;
  auto report = http_json(s.port(), "GET", "/api/tournaments/" + id);
  E2E_ASSERT_OK(report, &s);
  int said = 0;
  for (const auto& e : report->body["events"]) said += e["kind"] == "announcement";
  EXPECT_EQ(said, 2);
  auto log = run_admin(s, "audit list");
  std::size_t at = 0, audited = 0;
  while ((at = log.out.find("tournament.announce", at)) != std::string::npos) ++audited, ++at;
  EXPECT_EQ(audited, 2u) << log.out;
}

// The arbiter voids a running tournament game (boyi-admin arbiter void): it ends aborted,
// the tournament plays the same pairing again as a new match (attempt 2), and the replay's
// result is what counts; the void is in the audit log and the tournament's events.
TEST(TournamentEntrants, AVoidedGameIsPlayedAgain) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  ServerProcess& s = **server;
  ASSERT_EQ(run_admin(s, "user add root --admin", "root-password-1\n").code, 0);
  BotEntrant bots[2];
  for (int i = 0; i < 2; ++i) {
    auto bot = bot_entrant(s, i == 0 ? "east" : "west");
    E2E_ASSERT_OK(bot, &s);
    bots[i] = std::move(bot).value();
  }
  const nlohmann::json spec = {{"name", "void cup"},
                               {"game", "dots"},
                               {"time", {{"total_ms", 600000}}},
                               {"settings", {{"format", "rr"}}},
                               {"entrants", {bots[0].name, bots[1].name}}};
  const std::string admin = tourney::basic_auth("root", "root-password-1");
  auto started = start_tournament(s.port(), spec, admin);
  E2E_ASSERT_OK(started, &s);
  const std::string id = *started;

  const auto match_started = [](const v1::ServerMessage& m) { return m.has_match_started(); };
  auto first = bots[0].client->expect(match_started, "the first game", 10s);
  E2E_ASSERT_OK(first, &s);
  const std::string voided = first->match_started().match_id();
  auto voiding = run_admin(s, "arbiter void " + voided + " --reason 'the wrong board size'");
  ASSERT_EQ(voiding.code, 0) << voiding.out;
  auto ended = bots[0].client->expect(
      [](const v1::ServerMessage& m) { return m.has_match_ended(); }, "the void", 10s);
  E2E_ASSERT_OK(ended, &s);
  EXPECT_EQ(ended->match_ended().outcome().ending(), v1::ENDING_ABORTED);

  auto replay = bots[0].client->expect(match_started, "the game played again", 15s);
  E2E_ASSERT_OK(replay, &s);
  const std::string again = replay->match_started().match_id();
  EXPECT_NE(again, voided);
  v1::ClientMessage resign;
  resign.mutable_resign()->set_match_id(again);
  auto resigned = bots[0].client->request(resign);
  E2E_ASSERT_OK(resigned, &s);
  EXPECT_TRUE(resigned->has_ack()) << describe(*resigned);

  ASSERT_TRUE(wait_until([&] { return tournament_finished(s.port(), id); }, 15s));
  auto report = http_json(s.port(), "GET", "/api/tournaments/" + id);
  E2E_ASSERT_OK(report, &s);
  const auto& games = report->body["games"];
  ASSERT_EQ(games.size(), 1u) << report->body.dump();
  EXPECT_EQ(games[0]["attempts"], 2);
  EXPECT_EQ(games[0]["match_id"], again);
  const int east_seat = replay->match_started().seat();
  EXPECT_EQ(games[0]["result"], east_seat == 0 ? "0-1" : "1-0") << games[0].dump();
  bool told = false;
  for (const auto& e : report->body["events"])
    told = told || (e["kind"] == "game_aborted" &&
                    e["detail"].get<std::string>().find("played again") != std::string::npos);
  EXPECT_TRUE(told) << report->body["events"].dump();
  auto log = run_admin(s, "audit list --match " + voided);
  EXPECT_NE(log.out.find("match.void"), std::string::npos) << log.out;
  EXPECT_NE(log.out.find("the wrong board size"), std::string::npos) << log.out;
}

}  // namespace
}  // namespace boyi::e2e
