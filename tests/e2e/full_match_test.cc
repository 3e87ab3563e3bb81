// Complete matches of every game through every transport against the real boyi-server: two
// clients play random legal moves chosen from their own views until the match ends with a named
// ending, and their event streams agree.
#include <set>

#include "tests/e2e/e2e_support.h"

namespace boyi::e2e {
namespace {

class FullMatch : public ::testing::TestWithParam<std::tuple<Transport, std::string>> {
 protected:
  static void SetUpTestSuite() {
    auto s = start_test_server();
    if (s.ok())
      server_ = std::move(s).value();
    else
      start_error_ = s.message();
  }
  static void TearDownTestSuite() { server_.reset(); }
  static std::unique_ptr<ServerProcess> server_;
  static std::string start_error_;
};
std::unique_ptr<ServerProcess> FullMatch::server_;
std::string FullMatch::start_error_;

TEST_P(FullMatch, RandomMoversPlayToANamedEnd) {
  ASSERT_TRUE(server_) << start_error_;
  const auto [transport, preset] = GetParam();
  auto a = guest(server_->port(), transport, unique_name("a"));
  E2E_ASSERT_OK(a, server_.get());
  auto b = guest(server_->port(), transport, unique_name("b"));
  E2E_ASSERT_OK(b, server_.get());
  auto started = seek_and_accept(**a, **b, preset_setup(preset, 0));
  E2E_ASSERT_OK(started, server_.get());
  EXPECT_EQ(started->a.match_id(), started->b.match_id());
  EXPECT_EQ(started->a.seat(), 0);
  EXPECT_EQ(started->b.seat(), 1);
  EXPECT_EQ(started->a.preset(), preset);
  EXPECT_EQ(started->a.view().viewer(), 0);
  EXPECT_EQ(started->b.view().viewer(), 1);

  RandomMover ma(**a, started->a, 11);
  RandomMover mb(**b, started->b, 22);
  ASSERT_TRUE(play({&ma, &mb}, 90s))
      << "match did not end; seat 0 at seq " << ma.last_seq() << log_of(server_.get());
  EXPECT_TRUE(ma.problems().empty()) << ma.problems().front();
  EXPECT_TRUE(mb.problems().empty()) << mb.problems().front();
  EXPECT_EQ(compare_streams(ma, mb), "");
  ASSERT_TRUE(ma.match_ended() && mb.match_ended());
  const v1::Outcome& oa = ma.match_ended()->outcome();
  const v1::Outcome& ob = mb.match_ended()->outcome();
  // Random legal movers end a game by its rules: never by clock, illegal move or disconnect.
  static const std::set<v1::Ending> kByRules = {
      v1::ENDING_NORMAL, v1::ENDING_FOUL, v1::ENDING_NO_BATTLE_LIMIT, v1::ENDING_ADJUDICATION};
  EXPECT_TRUE(kByRules.count(oa.ending())) << v1::Ending_Name(oa.ending()) << " " << oa.detail();
  EXPECT_EQ(oa.ending(), ob.ending());
  EXPECT_EQ(oa.winner(), ob.winner());
  EXPECT_GE(ma.events().size(), 2u);
  // Each side's own moves came back as the answers to its requests.
  int own_a = 0;
  for (const auto& e : ma.events()) own_a += e.own_reply ? 1 : 0;
  EXPECT_EQ(own_a, ma.moves_sent());
  EXPECT_TRUE((*a)->decode_errors().empty()) << (*a)->decode_errors().front();

  // The record is public now: get_record has every accepted action in seq order.
  v1::ClientMessage get;
  get.mutable_get_record()->set_match_id(ma.match_id());
  auto rec = (*a)->request(get);
  E2E_ASSERT_OK(rec, server_.get());
  ASSERT_TRUE(rec->has_match_record()) << describe(*rec);
  const v1::MatchRecord& record = rec->match_record();
  EXPECT_EQ(record.outcome().ending(), oa.ending());
  ASSERT_EQ(static_cast<std::size_t>(record.moves_size()), ma.events().size());
  for (int i = 0; i < record.moves_size(); ++i) {
    EXPECT_EQ(record.moves(i).seq(), ma.events()[i].seq);
    if (!ma.events()[i].redacted) {
      EXPECT_EQ(record.moves(i).move(), ma.events()[i].move);
    }
  }
}

std::string param_name(const ::testing::TestParamInfo<FullMatch::ParamType>& info) {
  std::string name =
      std::string(to_string(std::get<0>(info.param))) + "_" + std::get<1>(info.param);
  for (char& c : name) {
    if (c == '-') c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(
    AllGamesAllTransports, FullMatch,
    ::testing::Combine(::testing::Values(Transport::tcp_binary, Transport::tcp_json,
                                         Transport::ws_binary, Transport::ws_text),
                       ::testing::Values("junqi-ccgc", "renju-ccgc", "dots-ccgc",
                                         "surakarta-ccgc")),
    param_name);

// Two transports in one match: what one seat sends in JSON the other receives in protobuf.
TEST(MixedTransports, JsonAgainstWebSocketBinary) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  auto a = guest((*server)->port(), Transport::tcp_json, unique_name("json"));
  E2E_ASSERT_OK(a, server->get());
  auto b = guest((*server)->port(), Transport::ws_binary, unique_name("wsbin"));
  E2E_ASSERT_OK(b, server->get());
  auto started = seek_and_accept(**a, **b, preset_setup("surakarta-ccgc", 1));
  E2E_ASSERT_OK(started, server->get());
  EXPECT_EQ(started->a.seat(), 1);
  EXPECT_EQ(started->b.seat(), 0);
  RandomMover ma(**a, started->a, 5);
  RandomMover mb(**b, started->b, 6);
  ASSERT_TRUE(play({&ma, &mb}, 90s)) << log_of(server->get());
  EXPECT_EQ(compare_streams(ma, mb), "");
  EXPECT_TRUE(ma.problems().empty() && mb.problems().empty());
}

}  // namespace
}  // namespace boyi::e2e
