// The arbiter from the command line against the real server: boyi-admin arbiter pause,
// add-time and forfeit on a running match reach the server through storage; the seats are
// told, a move during the pause is refused, the match ends by the forfeit, and the audit log
// holds every step under the operator's name with a chain that verifies.
#include "tests/e2e/e2e_support.h"

#ifndef BOYI_ADMIN_BIN
#define BOYI_ADMIN_BIN ""
#endif

namespace boyi::e2e {
namespace {

// boyi-admin on the server's data; what it printed, errors included.
CommandRun admin(const ServerProcess& server, const std::string& args) {
  return run_command(std::string("'") + BOYI_ADMIN_BIN + "' " + server.admin_arguments() + " " +
                     args + " 2>&1");
}

TEST(Arbiter, BoyiAdminPausesAddsTimeAndForfeitsARunningMatch) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  const auto port = (*server)->port();
  auto a = guest(port, Transport::tcp_json, unique_name("north"));
  E2E_ASSERT_OK(a, server->get());
  auto b = guest(port, Transport::tcp_json, unique_name("south"));
  E2E_ASSERT_OK(b, server->get());
  auto started = seek_and_accept(**a, **b, preset_setup("gomoku-blitz", 0));
  E2E_ASSERT_OK(started, server->get());
  const std::string id = started->a.match_id();

  auto paused = admin(**server, "arbiter pause " + id + " --reason 'the lights went out'");
  ASSERT_EQ(paused.code, 0) << paused.out << log_of(server->get());
  EXPECT_NE(paused.out.find("pause done"), std::string::npos) << paused.out;
  auto told = (*b)->expect([](const v1::ServerMessage& m) { return m.has_arbiter_notice(); },
                           "the pause", 10s);
  E2E_ASSERT_OK(told, server->get());
  EXPECT_EQ(told->arbiter_notice().action(), v1::ARBITER_ACTION_PAUSE);
  EXPECT_TRUE(told->arbiter_notice().clocks().paused());
  EXPECT_EQ(told->arbiter_notice().reason(), "the lights went out");

  const int seat = started->a.seat();
  Client& mover = seat == 0 ? **a : **b;
  v1::ClientMessage move;
  move.mutable_move()->set_match_id(id);
  move.mutable_move()->set_move("H8");
  auto refused = mover.request(move);
  E2E_ASSERT_OK(refused, server->get());
  EXPECT_EQ(refused->error().code(), v1::ERROR_CODE_NOT_ALLOWED) << describe(*refused);

  auto added = admin(**server, "arbiter add-time " + id + " --seat 1 --seconds 30");
  ASSERT_EQ(added.code, 0) << added.out;
  EXPECT_EQ(admin(**server, "arbiter pause " + id).code, 1);  // paused already: why, exit 1
  ASSERT_EQ(admin(**server, "arbiter unpause " + id).code, 0);
  EXPECT_EQ(admin(**server, "arbiter forfeit " + id + " --seat 0").code, 1);  // no reason
  auto forfeit = admin(**server, "arbiter forfeit " + id + " --seat 0 --reason 'absent'");
  ASSERT_EQ(forfeit.code, 0) << forfeit.out;
  auto ended = (*a)->expect([](const v1::ServerMessage& m) { return m.has_match_ended(); },
                            "the end", 10s);
  E2E_ASSERT_OK(ended, server->get());
  EXPECT_EQ(ended->match_ended().outcome().ending(), v1::ENDING_ADJUDICATION);
  EXPECT_EQ(ended->match_ended().outcome().winner(), 1);
  EXPECT_EQ(admin(**server, "arbiter void 99999 --reason x").code, 1);  // no such match

  auto log = admin(**server, "audit list --match " + id);
  ASSERT_EQ(log.code, 0) << log.out;
  for (const char* action : {"match.pause", "match.add_time", "match.unpause", "match.forfeit"})
    EXPECT_NE(log.out.find(action), std::string::npos) << action << " in\n" << log.out;
  EXPECT_NE(log.out.find("boyi-admin ("), std::string::npos) << log.out;
  auto verify = admin(**server, "audit verify");
  EXPECT_EQ(verify.code, 0) << verify.out;
  auto show = admin(**server, "match show " + id);
  EXPECT_NE(show.out.find("arbiter: add_time 30000"), std::string::npos) << show.out;
}

}  // namespace
}  // namespace boyi::e2e
