// Several servers on one PostgreSQL database (the suites run in the PostgreSQL pass only).
//
// Any node serves any client: matches hosted by the first node are played from a second
// node through the relay, and a spectator on a third sees the 军棋 match's public view only
// (every message checked against the engine's rendering for that recipient).
//
// A node stopped with SIGTERM marks itself stopped once its matches' threads are done, and
// the other takes its matches over at once (leases of a minute would otherwise hold them).
//
// Failover: three nodes; the first hosts twenty matches (some of their players reach them
// from another node through the relay) and runs a tournament. It is SIGKILLed with a move in
// flight in each match: once its lease ends the others take everything over, the players
// (told "moved" where they stayed connected, reconnecting to any node where they were on the
// dead one) find every move acknowledged before the kill exactly once, every match finishes,
// and the tournament finishes with every game recorded once.
//
// One lobby: users of three nodes see each other online and play a seek, a challenge and a
// pairing across nodes. A boyi-bot connected to one node plays a game another node hosts and
// follows it when that node stops.
#include <set>

#include "tests/e2e/bot_client_support.h"
#include "tests/e2e/junqi_stream_check.h"
#include "tests/e2e/tournament_support.h"

namespace boyi::e2e {
namespace {

// The nodes of one test's cluster: one database, one signing key, short leases.
class TestCluster {
 public:
  TestCluster() : dir_(std::filesystem::temp_directory_path() / unique_name("cluster")) {
    std::filesystem::create_directories(dir_);
    storage_ = storage::testing::test_storage(dir_ / "shared");
  }
  ~TestCluster() {
    nodes_.clear();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  // Starts a node (one at a time: the first makes the signing key).
  Result<ServerProcess*> start(int lease_ms = 1500, const std::string& more_config = "") {
    ServerOptions options;
    options.storage = storage_;
    options.config_fields = "\"signing_key\": \"" + (dir_ / "signing-key.pem").string() +
                            "\", \"node_lease_ms\": " + std::to_string(lease_ms) +
                            ", \"heartbeat_interval_ms\": 250, \"house_bot_delay_ms\": 25" +
                            more_config;
    auto node = ServerProcess::start(std::move(options));
    if (!node) return Error{node.message()};
    nodes_.push_back(std::move(node).value());
    return nodes_.back().get();
  }
  // A connection of the test's own to the cluster's database.
  std::unique_ptr<storage::Connection> database() const {
    return storage::testing::side_connection(storage::testing::test_database_options(dir_ / "shared"));
  }
  std::string logs() const {
    std::string out;
    for (const auto& n : nodes_) out += log_of(n.get());
    return out;
  }

 private:
  std::filesystem::path dir_;
  std::string storage_;
  std::vector<std::unique_ptr<ServerProcess>> nodes_;
};

struct Seat {
  std::string user;
  std::unique_ptr<Client> client;
  std::unique_ptr<RandomMover> mover;
};

// Two players on `port` who sought and accepted a match of `preset`, with random movers.
void open_match(std::uint16_t port, const std::string& preset, int n, std::array<Seat, 2>& seats) {
  for (int s = 0; s < 2; ++s) {
    seats[s].user = unique_name("node" + std::to_string(n) + std::to_string(s));
    auto c = person(port, s == 0 ? Transport::tcp_binary : Transport::tcp_json, seats[s].user,
                    true);
    ASSERT_TRUE(c.ok()) << c.message();
    seats[s].client = std::move(c).value();
  }
  auto started = seek_and_accept(*seats[0].client, *seats[1].client, preset_setup(preset, 0));
  ASSERT_TRUE(started.ok()) << started.message();
  seats[0].mover = std::make_unique<RandomMover>(*seats[0].client, started->a, 11 + n);
  seats[1].mover = std::make_unique<RandomMover>(*seats[1].client, started->b, 13 + n);
}

// The seat signs in on `port` (a new connection) and Syncs its match from the start: it
// plays on from there, through the relay when another node hosts the match. Retried while
// the match is between hosts.
void rejoin(std::uint16_t port, Seat& seat, const std::string& match_id, std::uint64_t seed,
            Millis patience = 20s) {
  Result<std::unique_ptr<RandomMover>> mover = Error{"not tried"};
  ASSERT_TRUE(wait_until(
      [&] {
        auto c = person(port, Transport::tcp_binary, seat.user, false);
        if (!c) return false;
        mover = resync(**c, match_id, seed);
        if (!mover) return false;
        seat.client = std::move(c).value();
        return true;
      },
      patience))
      << seat.user << ": " << mover.message();
  seat.mover = std::move(mover).value();
}

// `after` replays everything `before` saw, once and unchanged, and at most one more move
// of each seat (the one in flight).
void expect_continues(const RandomMover& before, const RandomMover& after, const std::string& what) {
  ASSERT_GE(after.events().size(), before.events().size()) << what;
  for (std::size_t i = 0; i < before.events().size(); ++i) {
    EXPECT_EQ(before.events()[i].seq, after.events()[i].seq) << what;
    EXPECT_EQ(before.events()[i].move, after.events()[i].move) << what;
  }
  EXPECT_LE(after.events().size(), before.events().size() + 2) << what;
}

// Plays until every seat has used its move budget or waits (or its match ended), then takes
// in what is on its way, so each seat's stream is complete up to now.
void play_out_budgets(const std::vector<RandomMover*>& all, const TestCluster& cluster) {
  ASSERT_TRUE(play_until(
      all,
      [&] {
        for (auto* m : all)
          if (!m->ended() && !m->idle()) return false;
        return true;
      },
      60s))
      << cluster.logs();
  for (int i = 0; i < 50; ++i)
    for (auto* m : all) m->pump(Millis(2));
}

// One number from the cluster's database (-1 when it cannot be read).
std::int64_t count(storage::Connection& db, const std::string& sql) {
  auto q = db.query(sql.c_str());
  if (!q) return -1;
  auto row = q.value()->step();
  return row && *row ? q.value()->int64(0) : -1;
}

std::string ending_name(const RandomMover& m) {
  if (!m.match_ended()) return "not ended";
  const auto& o = m.match_ended()->outcome();
  return v1::Ending_Name(o.ending()) + " " + o.detail();
}

void expect_finished_alike(const RandomMover& x, const RandomMover& y, const std::string& what) {
  EXPECT_TRUE(x.problems().empty()) << what << ": " << x.problems().front();
  EXPECT_TRUE(y.problems().empty()) << what << ": " << y.problems().front();
  EXPECT_EQ(compare_streams(x, y), "") << what;
  ASSERT_TRUE(x.match_ended()) << what;
  EXPECT_NE(x.match_ended()->outcome().ending(), v1::ENDING_ABORTED) << what;
  EXPECT_NE(x.match_ended()->outcome().ending(), v1::ENDING_DISCONNECT_FORFEIT) << what;
}

TEST(PostgresCluster, AnyNodeServesAnyClientAndASpectatorElsewhereSeesThePublicViewOnly) {
  TestCluster cluster;
  auto a = cluster.start();
  E2E_ASSERT_OK(a, nullptr);
  auto b = cluster.start();
  E2E_ASSERT_OK(b, *a);
  auto c = cluster.start();
  E2E_ASSERT_OK(c, *b);

  // Four matches on the first node; each second seat plays on from the third node.
  const std::vector<std::string> presets = {"junqi-ccgc", "renju-ccgc", "dots-ccgc",
                                            "surakarta-ccgc"};
  std::vector<std::array<Seat, 2>> matches(presets.size());
  for (std::size_t g = 0; g < presets.size(); ++g) {
    open_match((*a)->port(), presets[g], static_cast<int>(g), matches[g]);
    if (HasFatalFailure()) return;
    matches[g][1].client->close();
    rejoin((*c)->port(), matches[g][1], matches[g][0].mover->match_id(), 40 + g);
    if (HasFatalFailure()) return;
  }
  const std::string layouts[2] = {random_opening_action("junqi", "", 0, 1234),
                                  random_opening_action("junqi", "", 1, 5678)};
  matches[0][0].mover->set_first_action(layouts[0]);
  matches[0][1].mover->set_first_action(layouts[1]);

  // A spectator of the 军棋 match on the second node.
  auto watcher = person((*b)->port(), Transport::ws_text, unique_name("watcher"), true);
  E2E_ASSERT_OK(watcher, *b);
  v1::ClientMessage spectate;
  spectate.set_request_id((*watcher)->next_request_id());
  spectate.mutable_spectate()->set_match_id(matches[0][0].mover->match_id());
  ASSERT_TRUE((*watcher)->send(spectate).ok());
  auto watched = (*watcher)->wait_match_started();
  E2E_ASSERT_OK(watched, *b);
  EXPECT_EQ(watched->seat(), -1);
  RandomMover spectator(**watcher, *watched, 77);

  // Every node lists every running match, and boyi-admin sees the three nodes alive.
  v1::ClientMessage list;
  list.mutable_list_matches()->set_limit(100);
  auto listed = (*watcher)->request(list);
  E2E_ASSERT_OK(listed, *b);
  ASSERT_TRUE(listed->has_match_list()) << describe(*listed);
  std::set<std::string> running;
  for (const auto& m : listed->match_list().matches()) running.insert(m.match_id());
  for (const auto& m : matches) EXPECT_TRUE(running.contains(m[0].mover->match_id()));
  auto live = http_json((*c)->port(), "GET", "/api/live");  // the web client's list
  E2E_ASSERT_OK(live, *c);
  std::set<std::string> live_ids;
  for (const auto& m : live->body["matches"]) live_ids.insert(m["match_id"].get<std::string>());
  for (const auto& m : matches) EXPECT_TRUE(live_ids.contains(m[0].mover->match_id()));
  // The web client's match page starts from the match's summary, on any node.
  auto summary = http_json((*c)->port(), "GET", "/api/matches/" + matches[0][0].mover->match_id());
  E2E_ASSERT_OK(summary, *c);
  EXPECT_EQ(summary->status, 200) << summary->body.dump();
  EXPECT_EQ(summary->body["status"], "MATCH_STATUS_RUNNING") << summary->body.dump();
  EXPECT_EQ(summary->body["players"].size(), 2u) << summary->body.dump();
  const auto admin = run_admin(**a, "cluster --lease-ms 1500");
  EXPECT_EQ(admin.code, 0);
  std::size_t alive = 0;
  for (std::size_t at = admin.out.find("alive"); at != std::string::npos;
       at = admin.out.find("alive", at + 1))
    ++alive;
  EXPECT_EQ(alive, 3u) << admin.out;

  std::vector<RandomMover*> all{&spectator};
  for (auto& m : matches)
    for (auto& seat : m) all.push_back(seat.mover.get());
  ASSERT_TRUE(play(all, 120s)) << cluster.logs();
  for (std::size_t g = 0; g < presets.size(); ++g)
    expect_finished_alike(*matches[g][0].mover, *matches[g][1].mover, presets[g]);
  EXPECT_EQ(compare_streams(*matches[0][0].mover, spectator), "");

  JunqiMatchTranscripts junqi;
  junqi.seat[0] = matches[0][0].client->transcript();
  // The second seat's connection began with its Sync: the replay is its stream (the check
  // knows no Sync, so its reply's last message is left out).
  for (auto& m : matches[0][1].client->transcript())
    if (!m.has_sync_done()) junqi.seat[1].push_back(std::move(m));
  junqi.spectator = (*watcher)->transcript();
  junqi.layouts[0] = layouts[0];
  junqi.layouts[1] = layouts[1];
  const StreamCheck check = check_junqi_match(junqi);
  EXPECT_GT(check.views, 0u);
  EXPECT_GT(check.events, 0u);
  EXPECT_EQ(check.violations, 0u) << (check.examples.empty() ? "" : check.examples.front());
  // Nothing was taken over: the host lived throughout.
  EXPECT_EQ(cluster.logs().find("matches_taken_over"), std::string::npos);
}

// The lobby pushes `pred` names reach `who` (others stay queued).
Result<v1::ServerMessage> lobby_push(Client& who, const std::function<bool(const v1::LobbyUpdate&)>& pred,
                                     const std::string& what, Millis timeout = 10s) {
  return who.expect(
      [&](const v1::ServerMessage& m) { return m.has_lobby_update() && pred(m.lobby_update()); },
      what, timeout);
}

bool lists(const google::protobuf::RepeatedPtrField<v1::OnlineUser>& users, const std::string& name) {
  for (const auto& u : users)
    if (u.user().name() == name) return true;
  return false;
}

// Three nodes show one lobby: who is online on any node, a seek opened on one and accepted
// on another, a challenge and automatic pairing between users of two nodes (the games played
// to their end), and users going offline with their last connection or their node's death.
TEST(PostgresCluster, ThreeNodesShowOneLobby) {
  TestCluster cluster;
  auto a = cluster.start();
  E2E_ASSERT_OK(a, nullptr);
  auto b = cluster.start();
  E2E_ASSERT_OK(b, *a);
  auto c = cluster.start();
  E2E_ASSERT_OK(c, *b);
  const std::string alice_name = unique_name("alice"), bob_name = unique_name("bob");
  auto alice = person((*a)->port(), Transport::tcp_binary, alice_name, true);
  E2E_ASSERT_OK(alice, *a);
  v1::SignedIn bob_in;
  auto bob = person((*b)->port(), Transport::tcp_json, bob_name, true, &bob_in);
  E2E_ASSERT_OK(bob, *b);
  // Carol watches the lobby from the third node.
  auto carol = person((*c)->port(), Transport::ws_text, unique_name("carol"), true);
  E2E_ASSERT_OK(carol, *c);
  v1::ClientMessage subscribe;
  subscribe.mutable_subscribe_lobby();
  auto snapshot = (*carol)->request(subscribe);
  E2E_ASSERT_OK(snapshot, *c);
  ASSERT_TRUE(snapshot->has_lobby_snapshot()) << describe(*snapshot);
  EXPECT_TRUE(lists(snapshot->lobby_snapshot().users(), alice_name));
  EXPECT_TRUE(lists(snapshot->lobby_snapshot().users(), bob_name));
  // Someone signing in on another node is pushed as online.
  const std::string dave_name = unique_name("dave");
  auto dave = person((*a)->port(), Transport::tcp_binary, dave_name, true);
  E2E_ASSERT_OK(dave, *a);
  E2E_ASSERT_OK(lobby_push(**carol, [&](const auto& u) { return u.user_online().user().name() == dave_name; },
                           "dave online"),
                *c);
  v1::ClientMessage list;
  list.mutable_list_online();
  auto online = (*bob)->request(list);
  E2E_ASSERT_OK(online, *b);
  EXPECT_TRUE(lists(online->online_list().users(), dave_name)) << describe(*online);

  // A seek opened on the first node is seen on the third and accepted on the second.
  auto seek = (*alice)->create_seek(preset_setup("renju-ccgc", 0));
  E2E_ASSERT_OK(seek, *a);
  E2E_ASSERT_OK(lobby_push(**carol, [&](const auto& u) { return u.seek_opened().seek_id() == seek->seek_id(); },
                           "seek opened"),
                *c);
  ASSERT_TRUE((*bob)->accept_seek(seek->seek_id()).ok()) << cluster.logs();
  auto seek_a = (*alice)->wait_match_started();
  E2E_ASSERT_OK(seek_a, *a);
  auto seek_b = (*bob)->wait_match_started();
  E2E_ASSERT_OK(seek_b, *b);
  EXPECT_EQ(seek_a->match_id(), seek_b->match_id());
  E2E_ASSERT_OK(lobby_push(**carol, [&](const auto& u) { return u.seek_closed() == seek->seek_id(); },
                           "seek closed"),
                *c);
  // Accepted once: a second acceptor finds it gone.
  EXPECT_FALSE((*dave)->accept_seek(seek->seek_id()).ok());
  // Each game between users of two nodes is played to its end (a client's mover reads its
  // connection's messages of one match: the games come one after another).
  {
    RandomMover x(**alice, *seek_a, 1), y(**bob, *seek_b, 2);
    ASSERT_TRUE(play({&x, &y}, 120s)) << cluster.logs();
    expect_finished_alike(x, y, "seek");
  }

  // Bob, on the second node, challenges Alice, on the first; she accepts.
  v1::ClientMessage challenge;
  challenge.mutable_send_challenge()->set_opponent(alice_name);
  *challenge.mutable_send_challenge()->mutable_setup() = preset_setup("surakarta-ccgc", 1);
  auto sent = (*bob)->request(challenge);
  E2E_ASSERT_OK(sent, *b);
  ASSERT_TRUE(sent->has_challenge_sent()) << describe(*sent);
  const std::string challenge_id = sent->challenge_sent().challenge().challenge_id();
  E2E_ASSERT_OK(lobby_push(**alice, [&](const auto& u) {
                  return u.challenge_received().challenge_id() == challenge_id;
                }, "challenge received"),
                *a);
  v1::ClientMessage answer;
  answer.mutable_answer_challenge()->set_challenge_id(challenge_id);
  answer.mutable_answer_challenge()->set_accept(true);
  auto answered = (*alice)->request(answer);
  E2E_ASSERT_OK(answered, *a);
  EXPECT_TRUE(answered->has_ack()) << describe(*answered);
  E2E_ASSERT_OK(lobby_push(**bob, [&](const auto& u) {
                  return u.challenge_closed().challenge_id() == challenge_id &&
                         u.challenge_closed().reason() == v1::ChallengeClosed::REASON_ACCEPTED;
                }, "challenge accepted"),
                *b);
  auto duel_a = (*alice)->wait_match_started();
  E2E_ASSERT_OK(duel_a, *a);
  auto duel_b = (*bob)->wait_match_started();
  E2E_ASSERT_OK(duel_b, *b);
  EXPECT_EQ(duel_b->seat(), 1);  // as the challenger asked
  {
    RandomMover x(**alice, *duel_a, 3), y(**bob, *duel_b, 4);
    ASSERT_TRUE(play({&x, &y}, 120s)) << cluster.logs();
    expect_finished_alike(x, y, "challenge");
  }

  // Dave (first node) and Carol (third) ask to be paired for the same game.
  v1::ClientMessage pair;
  *pair.mutable_auto_pair()->mutable_setup() = preset_setup("dots-ccgc", -1);
  auto waiting = (*dave)->request(pair);
  E2E_ASSERT_OK(waiting, *a);
  EXPECT_TRUE(waiting->has_ack()) << describe(*waiting);
  auto paired = (*carol)->request(pair);
  E2E_ASSERT_OK(paired, *c);
  EXPECT_TRUE(paired->has_ack()) << describe(*paired);
  auto pair_d = (*dave)->wait_match_started();
  E2E_ASSERT_OK(pair_d, *a);
  auto pair_c = (*carol)->wait_match_started();
  E2E_ASSERT_OK(pair_c, *c);
  EXPECT_EQ(pair_d->match_id(), pair_c->match_id());
  EXPECT_NE(pair_d->seat(), pair_c->seat());
  {
    RandomMover x(**dave, *pair_d, 5), y(**carol, *pair_c, 6);
    ASSERT_TRUE(play({&x, &y}, 120s)) << cluster.logs();
    expect_finished_alike(x, y, "pairing");
  }

  // Bob, connected to two nodes, goes offline with his last connection only.
  auto bob_again = person((*c)->port(), Transport::tcp_binary, bob_name, false);
  E2E_ASSERT_OK(bob_again, *c);
  (*bob)->close();
  online = (*carol)->request(list);
  E2E_ASSERT_OK(online, *c);
  EXPECT_TRUE(lists(online->online_list().users(), bob_name)) << describe(*online);
  (*bob_again)->close();
  E2E_ASSERT_OK(lobby_push(**carol, [&](const auto& u) { return u.user_offline() == bob_in.user_id(); },
                           "bob offline"),
                *c);
  online = (*carol)->request(list);
  E2E_ASSERT_OK(online, *c);
  EXPECT_FALSE(lists(online->online_list().users(), bob_name)) << describe(*online);

  // The first node dies: its users (Alice, Dave) go offline once its lease has ended.
  (**a).kill_hard();
  ASSERT_TRUE(wait_until(
      [&] {
        auto now = (*carol)->request(list);
        return now && !lists(now->online_list().users(), alice_name) &&
               !lists(now->online_list().users(), dave_name);
      },
      15s))
      << cluster.logs();
}

// Guests who never played are purged while the server runs, unless online: online on any
// node. The first node purges every second; a guest connected to the second node
// keeps its account, one who left is purged.
TEST(PostgresCluster, AGuestOnlineOnAnotherNodeIsNotPurged) {
  TestCluster cluster;
  auto first = cluster.start(1500, ", \"guest_lifetime_ms\": 0, \"guest_purge_interval_ms\": 1000");
  E2E_ASSERT_OK(first, nullptr);
  auto second = cluster.start();
  E2E_ASSERT_OK(second, *first);
  auto db = cluster.database();
  ASSERT_TRUE(db);
  const auto signed_in_guest = [&](std::uint16_t port, const std::string& name,
                                   std::unique_ptr<Client>& out) -> std::string {
    auto c = Client::connect(port, Transport::tcp_binary);
    if (!c || !(*c)->hello()) return "";
    auto in = (*c)->sign_in_guest(name);
    if (!in) return "";
    out = std::move(c).value();
    return in->user_id().substr(1);  // "u17" -> "17"
  };
  std::unique_ptr<Client> staying, leaving;
  const std::string stays = signed_in_guest((**second).port(), unique_name("stay"), staying);
  const std::string leaves = signed_in_guest((**second).port(), unique_name("leave"), leaving);
  ASSERT_FALSE(stays.empty());
  ASSERT_FALSE(leaves.empty());
  leaving->close();
  const auto exists = [&](const std::string& id) {
    return count(*db, "SELECT COUNT(*) FROM users WHERE id = " + id) == 1;
  };
  ASSERT_TRUE(wait_until([&] { return !exists(leaves); }, 10s)) << cluster.logs();
  EXPECT_TRUE(exists(stays)) << cluster.logs();
  v1::ClientMessage list;
  list.mutable_list_online();
  auto online = staying->request(list);
  E2E_ASSERT_OK(online, *second);
  EXPECT_TRUE(online->has_online_list()) << describe(*online);
}

#ifndef BOYI_BOT_BIN
#define BOYI_BOT_BIN ""
#endif

// A boyi-bot connected to the second node keeps a seek; a player of the first node accepts
// it, so the first node hosts the match and the bot is brought in by the "started"
// announcement, playing through the relay. The first node is stopped (SIGTERM): the bot is
// told its match moved, Syncs, and finishes the game on the node that took it over.
TEST(PostgresCluster, ABotOnAnotherNodeFollowsItsMatchWhenItMoves) {
  TestCluster cluster;
  auto first = cluster.start(60'000);
  E2E_ASSERT_OK(first, nullptr);
  auto second = cluster.start(60'000);
  E2E_ASSERT_OK(second, *first);
  ServerProcess& a = **first;
  ServerProcess& b = **second;
  const std::string bot_name = unique_name("clusterbot");
  auto token = bot_token(a, bot_name);
  E2E_ASSERT_OK(token, &a);
  TempDir tmp;
  auto bot = ChildProcess::spawn(
      {BOYI_BOT_BIN, "--server", "127.0.0.1:" + std::to_string(b.port()), "--token", *token,
       "--move-ms", "100", "--threads", "1", "--player", "greedy", "--seek", "renju-ccgc",
       "--games", "1", "--log-level", "info"},
      tmp.path() / "bot.log");
  E2E_ASSERT_OK(bot, &b);

  Seat human;
  human.user = unique_name("visitor");
  auto c = person(a.port(), Transport::tcp_binary, human.user, true);
  E2E_ASSERT_OK(c, &a);
  human.client = std::move(c).value();
  // The bot's seek, opened on the second node, as the first node's lobby shows it.
  std::string seek_id;
  ASSERT_TRUE(wait_until(
      [&] {
        v1::ClientMessage subscribe;
        subscribe.mutable_subscribe_lobby();
        auto snap = human.client->request(subscribe);
        if (!snap || !snap->has_lobby_snapshot()) return false;
        for (const auto& s : snap->lobby_snapshot().seeks())
          if (s.owner().name() == bot_name) seek_id = s.seek_id();
        return !seek_id.empty();
      },
      20s))
      << (*bot)->log_tail() << cluster.logs();
  ASSERT_TRUE(human.client->accept_seek(seek_id).ok()) << cluster.logs();
  auto started = human.client->wait_match_started();
  E2E_ASSERT_OK(started, &a);
  const std::string id = started->match_id();
  human.mover = std::make_unique<RandomMover>(*human.client, *started, 21);
  human.mover->set_move_budget(2);
  ASSERT_TRUE(play_until(
      {human.mover.get()},
      [&] { return human.mover->ended() || (human.mover->moves_sent() >= 2 && human.mover->idle()); },
      30s))
      << (*bot)->log_tail() << cluster.logs();
  ASSERT_FALSE(human.mover->ended()) << ending_name(*human.mover);

  auto status = a.terminate();
  E2E_ASSERT_OK(status, &a);
  const auto before = std::move(human.mover);
  rejoin(b.port(), human, id, 22);
  if (HasFatalFailure()) return;
  expect_continues(*before, *human.mover, "the bot's game");
  ASSERT_TRUE(play({human.mover.get()}, 60s)) << (*bot)->log_tail() << cluster.logs();
  EXPECT_TRUE(human.mover->problems().empty()) << human.mover->problems().front();
  const auto ending = human.mover->match_ended()->outcome().ending();
  EXPECT_TRUE(ending == v1::ENDING_NORMAL || ending == v1::ENDING_FOUL) << ending_name(*human.mover);
  // One game played, through the move: the bot stops by itself.
  auto code = (*bot)->wait_exit(20s);
  E2E_ASSERT_OK(code, &b);
  EXPECT_EQ(*code, 0) << (*bot)->log_tail();
  const std::string log = (*bot)->log_text();
  EXPECT_NE(log.find("moved to another server"), std::string::npos) << log;
  EXPECT_NE(log.find("games 1 "), std::string::npos) << log;
}

TEST(PostgresCluster, ASigtermedNodeHandsItsMatchesOverAtOnce) {
  // Leases of a minute: only the stopping node's own word lets the other take over now.
  TestCluster cluster;
  auto first = cluster.start(60'000);
  E2E_ASSERT_OK(first, nullptr);
  auto second = cluster.start(60'000);
  E2E_ASSERT_OK(second, *first);
  ServerProcess& a = **first;
  ServerProcess& b = **second;
  const std::vector<std::string> presets = {"renju-ccgc", "surakarta-ccgc"};
  std::vector<std::array<Seat, 2>> matches(presets.size());
  std::vector<RandomMover*> all;
  for (std::size_t g = 0; g < presets.size(); ++g) {
    open_match(a.port(), presets[g], static_cast<int>(g), matches[g]);
    if (HasFatalFailure()) return;
    matches[g][1].client->close();  // the second seat plays from the other node
    rejoin(b.port(), matches[g][1], matches[g][0].mover->match_id(), 90 + g);
    if (HasFatalFailure()) return;
    for (auto& seat : matches[g]) {
      seat.mover->set_move_budget(4);
      all.push_back(seat.mover.get());
    }
  }
  play_out_budgets(all, cluster);
  if (HasFatalFailure()) return;

  const auto stopped_at = std::chrono::steady_clock::now();
  auto status = a.terminate();
  E2E_ASSERT_OK(status, &a);
  EXPECT_EQ(*status, 0);
  std::vector<RandomMover*> resumed;
  for (std::size_t g = 0; g < presets.size(); ++g) {
    const std::string id = matches[g][0].mover->match_id();
    // The seat on the other node is told its match moved; the one on the stopped node
    // reconnects there.
    auto moved = matches[g][1].client->expect(
        [&](const v1::ServerMessage& m) {
          return m.has_error() && m.error().code() == v1::ERROR_CODE_SHUTTING_DOWN &&
                 m.error().match_id() == id;
        },
        "the match moved", 20s);
    ASSERT_TRUE(moved.ok()) << moved.message() << cluster.logs();
    const auto before1 = std::move(matches[g][1].mover);
    auto mover = resync(*matches[g][1].client, id, 400 + g);
    ASSERT_TRUE(mover.ok()) << mover.message() << cluster.logs();
    matches[g][1].mover = std::move(mover).value();
    const auto before0 = std::move(matches[g][0].mover);
    rejoin(b.port(), matches[g][0], id, 500 + g);
    if (HasFatalFailure()) return;
    expect_continues(*before0, *matches[g][0].mover, presets[g]);
    expect_continues(*before1, *matches[g][1].mover, presets[g]);
    resumed.push_back(matches[g][0].mover.get());
    resumed.push_back(matches[g][1].mover.get());
  }
  // Handed over within seconds, not after the minute's lease.
  EXPECT_LT(std::chrono::steady_clock::now() - stopped_at, 30s);
  ASSERT_TRUE(play(resumed, 120s)) << cluster.logs();
  for (std::size_t g = 0; g < presets.size(); ++g)
    expect_finished_alike(*matches[g][0].mover, *matches[g][1].mover, presets[g]);
}

TEST(PostgresCluster, ATournamentEntrantConnectedElsewhereGetsAndPlaysItsGames) {
  TestCluster cluster;
  auto first = cluster.start();  // runs the tournaments
  E2E_ASSERT_OK(first, nullptr);
  auto second = cluster.start();
  E2E_ASSERT_OK(second, *first);
  ServerProcess& a = **first;
  ServerProcess& b = **second;
  // The entrant is connected to the second node only.
  const std::string name = unique_name("entrant");
  auto entrant = person(b.port(), Transport::tcp_binary, name, true);
  E2E_ASSERT_OK(entrant, &b);
  ASSERT_EQ(run_admin(a, "user add root --admin", "root-password-1\n").code, 0);
  const nlohmann::json spec = {
      {"name", "elsewhere cup"},
      {"game", "dots"},
      {"time", {{"total_ms", 120000}}},
      {"settings", {{"format", "rr"}, {"cycles", 2}, {"concurrency", 1}}},
      {"entrants", {name, "house:1"}}};
  auto tournament =
      start_tournament(a.port(), spec, tourney::basic_auth("root", "root-password-1"));
  E2E_ASSERT_OK(tournament, &a);
  // Each game starts on the first node; the entrant hears of it through the relay and plays.
  for (int game = 0; game < 2; ++game) {
    auto started = (*entrant)->expect(
        [](const v1::ServerMessage& m) { return m.has_match_started(); }, "a game", 30s);
    ASSERT_TRUE(started.ok()) << started.message() << cluster.logs();
    RandomMover mover(**entrant, started->match_started(), 600 + game);
    ASSERT_TRUE(play({&mover}, 60s)) << cluster.logs();
    EXPECT_TRUE(mover.problems().empty()) << mover.problems().front();
    ASSERT_TRUE(mover.match_ended());
    EXPECT_EQ(mover.match_ended()->outcome().ending(), v1::ENDING_NORMAL);
  }
  ASSERT_TRUE(wait_until(
      [&] { return tournament_finished(b.port(), *tournament); },
      30s))
      << cluster.logs();
}

TEST(PostgresCluster, ANodeThatDiesTakesItsRelayedClientsWithIt) {
  TestCluster cluster;
  auto first = cluster.start(1500, ", \"disconnect_grace_ms\": 2000");
  E2E_ASSERT_OK(first, nullptr);
  auto second = cluster.start(1500, ", \"disconnect_grace_ms\": 2000");
  E2E_ASSERT_OK(second, *first);
  ServerProcess& a = **first;
  auto db = cluster.database();
  ASSERT_TRUE(db);
  const std::int64_t b_node = count(*db, "SELECT MAX(id) FROM cluster_nodes");

  // The first node hosts the match; its second seat plays from the second node.
  std::array<Seat, 2> match;
  open_match(a.port(), "surakarta-ccgc", 7, match);
  if (HasFatalFailure()) return;
  const std::string id = match[0].mover->match_id();
  match[1].client->close();
  rejoin((**second).port(), match[1], id, 70);
  if (HasFatalFailure()) return;
  std::vector<RandomMover*> seats{match[0].mover.get(), match[1].mover.get()};
  for (auto* m : seats) m->set_move_budget(4);
  play_out_budgets(seats, cluster);
  if (HasFatalFailure()) return;

  // The second node dies. Once its lease ends the host forgets its client, as if the
  // connection had closed: the seat's grace runs out and it forfeits. What was on its way
  // there is dropped.
  (**second).kill_hard();
  match[0].mover->set_move_budget(1 << 30);
  ASSERT_TRUE(play({match[0].mover.get()}, 30s)) << cluster.logs();
  ASSERT_TRUE(match[0].mover->match_ended());
  EXPECT_EQ(match[0].mover->match_ended()->outcome().ending(), v1::ENDING_DISCONNECT_FORFEIT);
  EXPECT_EQ(match[0].mover->match_ended()->outcome().winner(), 0);
  EXPECT_TRUE(wait_until(
      [&] {
        return count(*db, "SELECT COUNT(*) FROM relay_messages WHERE to_node = " +
                              std::to_string(b_node)) == 0;
      },
      10s))
      << cluster.logs();
}

TEST(PostgresCluster, ASigkilledNodesMatchesAndTournamentFinishOnTheOtherNodes) {
  TestCluster cluster;
  auto first = cluster.start();  // alone at first: it takes the tournaments' role
  E2E_ASSERT_OK(first, nullptr);
  auto second = cluster.start();
  E2E_ASSERT_OK(second, *first);
  auto third = cluster.start();
  E2E_ASSERT_OK(third, *second);
  ServerProcess& a = **first;
  ServerProcess* survivors[2] = {*second, *third};

  // Twenty matches on the first node, five of each game (in the odd ones the second seat
  // plays from the third node through the relay), and one on the second node.
  std::vector<std::string> presets;
  for (int i = 0; i < 5; ++i)
    for (const char* p : {"junqi-ccgc", "renju-ccgc", "dots-ccgc", "surakarta-ccgc"})
      presets.push_back(p);
  std::vector<std::array<Seat, 2>> on_a(presets.size());
  std::array<Seat, 2> on_b;
  for (std::size_t g = 0; g < presets.size(); ++g) {
    open_match(a.port(), presets[g], static_cast<int>(g), on_a[g]);
    if (HasFatalFailure()) return;
    if (g % 2 == 1) {
      on_a[g][1].client->close();
      rejoin(survivors[1]->port(), on_a[g][1], on_a[g][0].mover->match_id(), 60 + g);
      if (HasFatalFailure()) return;
    }
  }
  open_match(survivors[0]->port(), "surakarta-ccgc", 50, on_b);
  if (HasFatalFailure()) return;
  std::vector<RandomMover*> all{on_b[0].mover.get(), on_b[1].mover.get()};
  for (auto& match : on_a)
    for (auto& seat : match) {
      seat.mover->set_move_budget(6);
      all.push_back(seat.mover.get());
    }
  on_b[0].mover->set_move_budget(6);
  on_b[1].mover->set_move_budget(6);
  play_out_budgets(all, cluster);
  if (HasFatalFailure()) return;

  // The tournament starts now, so that it runs when the first node dies.
  ASSERT_EQ(run_admin(a, "user add root --admin", "root-password-1\n").code, 0);
  const std::string admin = tourney::basic_auth("root", "root-password-1");
  const nlohmann::json spec = {
      {"name", "failover cup"},
      {"game", "dots"},
      {"time", {{"total_ms", 120000}}},
      {"settings",
       {{"format", "rr"}, {"cycles", 6}, {"concurrency", 2}, {"entrant_games_at_once", 2}}},
      {"entrants", {"house:1", "house:2"}}};
  auto tournament = start_tournament(survivors[0]->port(), spec, admin);  // any node stores it
  E2E_ASSERT_OK(tournament, &a);
  // A subscriber on a node that does not run the tournament gets its standings all the same.
  auto subscriber = person(survivors[1]->port(), Transport::tcp_json, unique_name("fan"), true);
  E2E_ASSERT_OK(subscriber, survivors[1]);
  v1::ClientMessage subscribe;
  subscribe.mutable_subscribe_tournament()->set_tournament_id(*tournament);
  auto subscribed = (*subscriber)->request(subscribe);
  E2E_ASSERT_OK(subscribed, survivors[1]);

  ASSERT_TRUE(wait_until(
      [&] {
        auto t = tournament_summary(a.port(), *tournament);
        return t.is_object() && t["games_done"].get<int>() >= 1 &&
               t["games_playing"].get<int>() >= 1;
      },
      60s))
      << cluster.logs();
  // While the first node lived, nobody took anything of it.
  EXPECT_EQ(cluster.logs().find("matches_taken_over"), std::string::npos);

  std::vector<std::array<std::unique_ptr<RandomMover>, 2>> before(on_a.size());
  for (std::size_t g = 0; g < on_a.size(); ++g)
    for (int s = 0; s < 2; ++s) {
      on_a[g][s].mover->set_move_budget(7);
      on_a[g][s].mover->act();
    }
  a.kill_hard();
  for (std::size_t g = 0; g < on_a.size(); ++g)
    for (int s = 0; s < 2; ++s) {
      before[g][s] = std::move(on_a[g][s].mover);
      if (g % 2 == 0 || s == 0) on_a[g][s].client->close();
    }

  // Seats that stayed on the third node are told their match moved, and Sync on the same
  // connection; the others come back on either survivor.
  std::vector<RandomMover*> resumed{on_b[0].mover.get(), on_b[1].mover.get()};
  on_b[0].mover->set_move_budget(1 << 30);
  on_b[1].mover->set_move_budget(1 << 30);
  for (std::size_t g = 0; g < on_a.size(); ++g) {
    const std::string id = before[g][0]->match_id();
    for (int s = 0; s < 2; ++s) {
      Seat& seat = on_a[g][s];
      if (g % 2 == 1 && s == 1) {
        auto moved = seat.client->expect(
            [&](const v1::ServerMessage& m) {
              return m.has_error() && m.error().code() == v1::ERROR_CODE_SHUTTING_DOWN &&
                     m.error().match_id() == id;
            },
            "the match moved", 30s);
        ASSERT_TRUE(moved.ok()) << presets[g] << ": " << moved.message() << cluster.logs();
        auto mover = resync(*seat.client, id, 300 + g);
        ASSERT_TRUE(mover.ok()) << presets[g] << ": " << mover.message() << cluster.logs();
        seat.mover = std::move(mover).value();
      } else {
        rejoin(survivors[(g + s) % 2]->port(), seat, id, 200 + g * 2 + s);
        if (HasFatalFailure()) return;
      }
      expect_continues(*before[g][s], *seat.mover, presets[g]);
      resumed.push_back(seat.mover.get());
    }
  }
  ASSERT_TRUE(play(resumed, 120s)) << cluster.logs();
  for (std::size_t i = 0; i + 1 < resumed.size(); i += 2)
    expect_finished_alike(*resumed[i], *resumed[i + 1], "match " + std::to_string(i / 2));

  // The tournament finishes on a survivor, every game once.
  ASSERT_TRUE(wait_until(
      [&] { return tournament_finished(survivors[0]->port(), *tournament); },
      120s))
      << cluster.logs();
  auto report = http_json(survivors[1]->port(), "GET", "/api/tournaments/" + *tournament);
  E2E_ASSERT_OK(report, survivors[1]);
  constexpr std::size_t kGames = 6;
  ASSERT_EQ(report->body["games"].size(), kGames);
  std::set<std::string> matches;
  for (const auto& game : report->body["games"]) {
    EXPECT_EQ(game["state"], "done");
    ASSERT_TRUE(game["match_id"].is_string());
    EXPECT_TRUE(matches.insert(game["match_id"].get<std::string>()).second) << "a match twice";
  }
  double points = 0;
  for (const auto& row : report->body["standings"]) {
    points += row["points"].get<double>();
    EXPECT_EQ(row["games"], kGames);
  }
  EXPECT_DOUBLE_EQ(points, kGames);
  // The subscriber saw games finish, up to the end.
  bool saw_finished = false;
  std::size_t pushes = 0;
  const auto standings = [&](const v1::ServerMessage& m) {
    if (!m.has_tournament_standings()) return;
    ++pushes;
    saw_finished = saw_finished || m.tournament_standings().tournament().status() == "finished";
  };
  for (const auto& m : (*subscriber)->transcript()) standings(m);
  while (!saw_finished) {
    auto m = (*subscriber)->next(5s);
    if (!m) break;
    standings(*m);
  }
  EXPECT_GE(pushes, 2u);
  EXPECT_TRUE(saw_finished);
  const std::string logs = survivors[0]->log_tail(1 << 20) + survivors[1]->log_tail(1 << 20);
  EXPECT_NE(logs.find("matches_taken_over"), std::string::npos);
  EXPECT_NE(logs.find("tournament_role_taken"), std::string::npos);
}

}  // namespace
}  // namespace boyi::e2e
