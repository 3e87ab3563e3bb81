// The leak soak, short, in the test suite: a few complete 军棋 games through the real server with
// every message of both seats and a spectator checked against the engine's renderings; and the
// check itself flags planted leaks in a real transcript.
#include "tests/e2e/e2e_support.h"
#include "tests/e2e/junqi_stream_check.h"
#include "tests/e2e/leak_soak_run.h"

namespace boyi::e2e {
namespace {

TEST(LeakSoak, EveryMessageOfTenGamesMatchesTheEnginesViews) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  LeakSoakOptions opt;
  opt.games = 10;
  opt.parallel = 2;
  const LeakSoakReport r = run_leak_soak((*server)->port(), opt);
  EXPECT_EQ(r.games, 10) << (r.problems.empty() ? "" : r.problems[0]) << log_of(server->get());
  EXPECT_GT(r.check.events, 100u);
  EXPECT_GT(r.check.views, 100u);
  EXPECT_EQ(r.check.violations, 0u) << (r.check.examples.empty() ? "" : r.check.examples[0]);
}

// The first match_event of `t` for which `pick` holds.
v1::MatchEvent* find_event(std::vector<v1::ServerMessage>& t,
                           const std::function<bool(const v1::MatchEvent&)>& pick) {
  for (auto& m : t) {
    if (m.has_match_event() && pick(m.match_event())) return m.mutable_match_event();
  }
  return nullptr;
}

TEST(LeakSoak, TheCheckFlagsPlantedLeaks) {
  // One real game's transcripts, clean; then one leak planted at a time.
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  JunqiMatchTranscripts clean;
  {
    auto a = guest((*server)->port(), Transport::tcp_binary, unique_name("red"));
    E2E_ASSERT_OK(a, server->get());
    auto b = guest((*server)->port(), Transport::ws_text, unique_name("blue"));
    E2E_ASSERT_OK(b, server->get());
    auto w = guest((*server)->port(), Transport::tcp_json, unique_name("watcher"));
    E2E_ASSERT_OK(w, server->get());
    auto started = seek_and_accept(**a, **b, preset_setup("junqi-ccgc", 0));
    E2E_ASSERT_OK(started, server->get());
    v1::ClientMessage spectate;
    spectate.set_request_id((*w)->next_request_id());
    spectate.mutable_spectate()->set_match_id(started->a.match_id());
    ASSERT_TRUE((*w)->send(spectate).ok());
    auto ws = (*w)->wait_match_started();
    E2E_ASSERT_OK(ws, server->get());
    RandomMover ma(**a, started->a, 5), mb(**b, started->b, 6), mw(**w, *ws, 7);
    clean.layouts[0] = random_opening_action("junqi", "", 0, 8);
    clean.layouts[1] = random_opening_action("junqi", "", 1, 9);
    ma.set_first_action(clean.layouts[0]);
    mb.set_first_action(clean.layouts[1]);
    ASSERT_TRUE(play({&ma, &mb, &mw}, 120s)) << log_of(server->get());
    clean.seat[0] = (*a)->transcript();
    clean.seat[1] = (*b)->transcript();
    clean.spectator = (*w)->transcript();
  }
  const StreamCheck ok = check_junqi_match(clean);
  ASSERT_EQ(ok.violations, 0u) << ok.examples[0];
  ASSERT_GT(ok.events, 10u);

  auto step_with_view = [](const v1::MatchEvent& e) {
    return e.has_view() && e.events_size() == 1 &&
           e.events(0).junqi().kind() == v1::JunqiEvent::KIND_STEP;
  };
  {  // seat 0 is told the identity of one of seat 1's pieces
    auto t = clean;
    v1::MatchEvent* e = find_event(t.seat[0], step_with_view);
    ASSERT_NE(e, nullptr);
    for (auto& p : *e->mutable_view()->mutable_junqi()->mutable_posts()) {
      if (p.owner() == 1) {
        p.set_kind(v1::JUNQI_POST_KNOWN);
        p.set_piece("a");
        break;
      }
    }
    EXPECT_GE(check_junqi_match(t).violations, 2u);  // differs from the engine, and names it
  }
  {  // the spectator's view text names a piece
    auto t = clean;
    v1::MatchEvent* e = find_event(t.spectator, step_with_view);
    ASSERT_NE(e, nullptr);
    std::string text = e->view().text();
    const auto at = text.find_first_of("xX", text.find("\nG "));
    ASSERT_NE(at, std::string::npos);
    text[at] = text[at] == 'x' ? 'b' : 'B';
    e->mutable_view()->set_text(text);
    EXPECT_GE(check_junqi_match(t).violations, 2u);
  }
  {  // seat 1's deployment reaches seat 0
    auto t = clean;
    v1::MatchEvent* e =
        find_event(t.seat[0], [](const v1::MatchEvent& x) { return x.actor() == 1; });
    ASSERT_NE(e, nullptr);
    e->mutable_events(0)->mutable_junqi()->set_layout(clean.layouts[1]);
    EXPECT_GE(check_junqi_match(t).violations, 2u);
  }
  {  // something extra in an event: the server must not add anything
    auto t = clean;
    v1::MatchEvent* e = find_event(t.seat[1], step_with_view);
    ASSERT_NE(e, nullptr);
    e->mutable_view()->add_legal_moves("G0F0");
    EXPECT_GE(check_junqi_match(t).violations, 1u);
  }
}

}  // namespace
}  // namespace boyi::e2e
