// Hidden information: a full 军棋 match through the real boyi-server, and everything each seat
// and a spectator received until the end — views, event payloads, renderings, texts — holds no
// identity of a still-hidden enemy piece. The test chose both layouts, so it knows them.
#include <cctype>
#include <sstream>

#include "tests/e2e/e2e_support.h"

namespace boyi::e2e {
namespace {

// The grid rows of a 军棋 view text ("A  . x . X ."): the 60 cell characters, or empty when
// the text has no grid.
std::string grid_cells(const std::string& text) {
  std::istringstream in(text);
  std::string line, cells;
  while (std::getline(in, line)) {
    if (line.size() >= 12 && line[0] >= 'A' && line[0] <= 'L' && line[1] == ' ' && line[2] == ' ') {
      for (int c = 0; c < 5; ++c) cells += line[3 + 2 * c];
    }
  }
  return cells.size() == 60 ? cells : std::string();
}

struct LeakCheck {
  int recipient = -1;  // 0, 1, or -1 for the spectator
  std::string layouts[2];
  int views_checked = 0;
  int grids_checked = 0;
  std::vector<std::string> leaks;

  bool enemy(int owner) const { return owner >= 0 && owner != recipient; }

  void view(const v1::GameView& v, const std::string& where) {
    if (!v.has_junqi()) return;
    ++views_checked;
    const auto& posts = v.junqi().posts();
    for (int i = 0; i < posts.size(); ++i) {
      const auto& p = posts[i];
      if (!enemy(p.owner())) continue;
      const bool hidden = p.kind() == v1::JUNQI_POST_HIDDEN && p.piece().empty();
      const bool flag = p.kind() == v1::JUNQI_POST_REVEALED_FLAG && p.piece() == "l";
      if (!hidden && !flag) {
        leaks.push_back(where + ": enemy post " + std::to_string(i) + " shown as kind " +
                        v1::JunqiPostKind_Name(p.kind()) + " piece '" + p.piece() + "'");
      }
    }
    const std::string cells = grid_cells(v.text());
    if (cells.empty()) return;
    ++grids_checked;
    for (int i = 0; i < 60; ++i) {
      const char c = cells[i];
      if (c == '.' || c == 'X' || c == 'x') continue;
      const int owner = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
      if (enemy(owner) && std::tolower(static_cast<unsigned char>(c)) != 'l') {
        leaks.push_back(where + ": view text shows enemy piece '" + std::string(1, c) + "'");
      }
    }
  }

  void message(const v1::ServerMessage& m, std::size_t index) {
    const std::string where = "message " + std::to_string(index) + " (" + describe(m) + ")";
    // No enemy layout anywhere in the message, whatever the field.
    const std::string json = to_json_text(m);
    for (int s = 0; s < 2; ++s) {
      if (enemy(s) && json.find(layouts[s]) != std::string::npos) {
        leaks.push_back(where + ": contains seat " + std::to_string(s) + "'s layout");
      }
    }
    if (m.has_match_started()) view(m.match_started().view(), where);
    if (m.has_match_view()) view(m.match_view().view(), where);
    if (m.has_sync_done()) view(m.sync_done().view().view(), where);
    if (m.has_match_event()) {
      const auto& e = m.match_event();
      if (e.has_view()) view(e.view(), where);
      for (const auto& ge : e.events()) {
        if (!ge.has_junqi()) continue;
        const auto& j = ge.junqi();
        if (j.kind() == v1::JunqiEvent::KIND_DEPLOY) {
          if (enemy(j.seat()) || recipient < 0) {
            if (!j.layout().empty()) leaks.push_back(where + ": deployment layout to a non-owner");
            if (!e.redacted() || !e.move().empty()) {
              leaks.push_back(where + ": enemy deployment not redacted");
            }
          } else if (j.layout() != layouts[recipient]) {
            leaks.push_back(where + ": own layout '" + j.layout() + "' is not the one deployed");
          }
        }
      }
    }
  }
};

// The checker itself: an identified enemy piece, in the structured view or in the text, and an
// enemy layout anywhere are reported.
TEST(HiddenInformation, TheLeakCheckFlagsIdentifiedEnemyPieces) {
  const std::string blue = random_opening_action("junqi", "", 1, 99);
  LeakCheck check;
  check.recipient = 0;
  check.layouts[0] = random_opening_action("junqi", "", 0, 98);
  check.layouts[1] = blue;
  v1::ServerMessage m;
  v1::GameView* v = m.mutable_match_view()->mutable_view();
  for (int i = 0; i < 60; ++i) v->mutable_junqi()->add_posts()->set_owner(-1);
  v->mutable_junqi()->mutable_posts(0)->set_owner(1);
  v->mutable_junqi()->mutable_posts(0)->set_kind(v1::JUNQI_POST_HIDDEN);
  std::string text = "# view of seat 0\n   0 1 2 3 4\n";
  for (char r = 'A'; r <= 'L'; ++r) text += std::string(1, r) + "  . . . . .\n";
  v->set_text(text);
  check.message(m, 0);
  EXPECT_TRUE(check.leaks.empty());
  EXPECT_EQ(check.grids_checked, 1);
  v->mutable_junqi()->mutable_posts(0)->set_piece("a");  // the enemy marshal, named
  check.message(m, 1);
  EXPECT_EQ(check.leaks.size(), 1u);
  text.replace(text.find("\nA  .") + 4, 1, "a");  // named in the text grid
  v->set_text(text);
  v->mutable_junqi()->mutable_posts(0)->set_piece("");
  check.message(m, 2);
  EXPECT_EQ(check.leaks.size(), 2u);
  v->set_text("layout " + blue);
  check.message(m, 3);
  EXPECT_EQ(check.leaks.size(), 3u);
}

TEST(HiddenInformation, NoSeatOrSpectatorLearnsAHiddenEnemyPieceBeforeTheEnd) {
  auto server = start_test_server();
  E2E_ASSERT_OK(server, nullptr);
  const auto port = (*server)->port();
  auto match = watched_match(port, preset_setup("junqi-ccgc", 0));
  E2E_ASSERT_OK(match, server->get());
  auto& a = match->a;
  auto& b = match->b;
  auto& watcher = match->watcher;
  const auto* started = &match->started;
  const auto* ws = &match->watched;
  const std::string id = started->a.match_id();
  EXPECT_EQ(ws->seat(), -1);

  const std::string layouts[2] = {random_opening_action("junqi", "", 0, 1234),
                                  random_opening_action("junqi", "", 1, 5678)};
  ASSERT_NE(layouts[0], layouts[1]);
  RandomMover ma(*a, started->a, 31);
  RandomMover mb(*b, started->b, 32);
  RandomMover mw(*watcher, *ws, 33);
  ma.set_first_action(layouts[0]);
  mb.set_first_action(layouts[1]);
  ASSERT_TRUE(play({&ma, &mb, &mw}, 120s)) << log_of(server->get());
  EXPECT_TRUE(ma.problems().empty() && mb.problems().empty() && mw.problems().empty());
  EXPECT_EQ(compare_streams(ma, mb), "");
  EXPECT_EQ(compare_streams(ma, mw), "");

  Client* clients[3] = {a.get(), b.get(), watcher.get()};
  const int recipients[3] = {0, 1, -1};
  for (int k = 0; k < 3; ++k) {
    LeakCheck check;
    check.recipient = recipients[k];
    check.layouts[0] = layouts[0];
    check.layouts[1] = layouts[1];
    const auto transcript = clients[k]->transcript();
    bool ended = false;
    for (std::size_t i = 0; i < transcript.size() && !ended; ++i) {
      if (transcript[i].has_match_ended()) {
        ended = true;
        break;
      }
      check.message(transcript[i], i);
    }
    EXPECT_TRUE(ended) << "recipient " << recipients[k];
    EXPECT_GE(check.views_checked, 1) << "recipient " << recipients[k];
    EXPECT_EQ(check.grids_checked, check.views_checked) << "a view text without a board grid";
    EXPECT_TRUE(check.leaks.empty()) << "recipient " << recipients[k] << ": " << check.leaks.front()
                                     << " (" << check.leaks.size() << " leaks)";
  }

  // After the end everything is public: the record has both layouts as deployed.
  v1::ClientMessage get;
  get.mutable_get_record()->set_match_id(id);
  auto rec = watcher->request(get);
  E2E_ASSERT_OK(rec, server->get());
  ASSERT_TRUE(rec->has_match_record()) << describe(*rec);
  int layouts_found = 0;
  for (const auto& mv : rec->match_record().moves()) {
    if (mv.move() == layouts[mv.actor() == 0 ? 0 : 1]) ++layouts_found;
  }
  EXPECT_EQ(layouts_found, 2);
  ASSERT_TRUE(ma.match_ended().has_value());
  int known = 0;
  for (const auto& p : ma.match_ended()->final_view().junqi().posts()) {
    known += p.kind() == v1::JUNQI_POST_KNOWN ? 1 : 0;
  }
  EXPECT_GT(known, 0) << "the final position is public";
}

}  // namespace
}  // namespace boyi::e2e
