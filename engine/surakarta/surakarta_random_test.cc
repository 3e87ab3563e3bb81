// Seeded random games checking every invariant at every ply against the reference generator.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

#include "base/rng.h"
#include "engine/surakarta/reference.h"
#include "engine/surakarta/surakarta.h"
#include "engine/surakarta/test_util.h"

namespace boyi::surakarta {
namespace {

using testing::fast_texts;

#if defined(__SANITIZE_ADDRESS__) || !defined(NDEBUG)
constexpr int kGames = 96;  // the sanitizer (Debug) build must stay quick
#else
constexpr int kGames = 600;
#endif

// A legal capture path: starts on `from`, ends on `to`, steps between neighbours, passes only
// empty points (or the start again), and crosses at least one arc (a diagonal step: (1,1)
// on the inner loop, (2,2) on the outer).
void expect_valid_path(const State& st, const Move& m) {
  const auto path = st.capture_path(m);
  ASSERT_GE(path.size(), 2u) << st.format_move(m);
  EXPECT_EQ(square_of(path.front().x, path.front().y), m.from);
  EXPECT_EQ(square_of(path.back().x, path.back().y), m.to);
  int arcs = 0;
  for (std::size_t i = 1; i < path.size(); ++i) {
    const int dx = std::abs(path[i].x - path[i - 1].x), dy = std::abs(path[i].y - path[i - 1].y);
    const bool arc = dx == dy && (dx == 1 || dx == 2);  // inner or outer arc
    EXPECT_TRUE(arc || dx + dy == 1) << st.format_move(m);
    arcs += arc;
    if (i + 1 < path.size()) {
      const int sq = square_of(path[i].x, path[i].y);
      EXPECT_TRUE(sq == m.from || st.cell_at(sq) == Cell::kEmpty) << st.format_move(m);
    }
  }
  EXPECT_GE(arcs, 1) << st.format_move(m);
}

void expect_view_matches(const State& st, Seat viewer) {
  const View v = st.view(viewer);
  EXPECT_EQ(v.viewer, viewer);
  for (int s = 0; s < kSquares; ++s) ASSERT_EQ(v.board[s], st.cell_at(s)) << s;
  EXPECT_EQ(v.to_move, st.to_move());
  EXPECT_EQ(v.ply, st.ply());
  EXPECT_EQ(v.plies_since_capture, st.plies_since_capture());
  EXPECT_EQ(v.pieces[0], st.piece_count(0));
  EXPECT_EQ(v.pieces[1], st.piece_count(1));
  EXPECT_EQ(v.outcome, st.outcome());
  const std::string text = v.to_text();
  EXPECT_NE(text.find(st.is_terminal() ? "game over" : "to move"), std::string::npos);
}

// Every check at one position; returns the fast generator's moves.
MoveList check_position(const State& st, Rng& rng) {
  EXPECT_EQ(st.hash(), st.compute_hash());
  MoveList list;
  st.legal_moves(list);
  const auto texts = fast_texts(st);
  EXPECT_EQ(texts, reference::legal_moves(st)) << st.to_text();
  EXPECT_EQ(std::set<std::string>(texts.begin(), texts.end()).size(), texts.size());

  const auto verdict = reference::ending(st);
  const Outcome o = st.outcome();
  EXPECT_EQ(st.is_terminal(), verdict.ending != Ending::kNone);
  EXPECT_EQ(o.ending, verdict.ending) << st.to_text();
  EXPECT_EQ(o.winner, verdict.winner) << st.to_text();
  EXPECT_EQ(st.is_terminal(), list.empty());
  EXPECT_EQ(st.to_move(), st.is_terminal() ? kPublic : st.side());
  if (o.finished()) {
    EXPECT_FALSE(o.detail.empty());
  }

  const Seat me = st.side(), other = 1 - st.side();
  EXPECT_EQ(st.can_act(me), !st.is_terminal());
  EXPECT_FALSE(st.can_act(other));
  for (const Move& m : list) {
    const std::string text = st.format_move(m);
    auto parsed = st.parse_move(me, text);
    EXPECT_TRUE(parsed.ok() && *parsed == m) << text;
    EXPECT_TRUE(st.check(me, m).ok()) << text << ": " << st.check(me, m).message();
    EXPECT_FALSE(st.check(other, m).ok()) << text;
    EXPECT_FALSE(st.check(kPublic, m).ok()) << text;
    State copy = st;
    auto event = copy.apply_checked(me, m);
    EXPECT_TRUE(event.ok()) << text;
    if (event.ok()) {
      EXPECT_EQ(event->move, m);
      EXPECT_EQ(event->seat, me);
      EXPECT_EQ(event->ply, st.ply() + 1);
      EXPECT_EQ(event->capture, st.cell_at(m.to) != Cell::kEmpty);
      EXPECT_EQ(State::render_event(*event, 0), State::render_event(*event, kPublic));
    }
    State fast = st;
    fast.apply(m);
    EXPECT_EQ(fast.hash(), copy.hash());
    EXPECT_EQ(fast.hash(), fast.compute_hash());
    EXPECT_EQ(copy.piece_count(other), st.piece_count(other) - (st.is_capture(m) ? 1 : 0));
    if (st.is_capture(m)) {
      expect_valid_path(st, m);
    }
  }
  // Random (from, to) pairs outside the legal set are rejected and change nothing.
  for (int i = 0; i < 16; ++i) {
    const Move m{static_cast<std::uint8_t>(rng.below(kSquares)),
                 static_cast<std::uint8_t>(rng.below(kSquares))};
    if (std::find(list.begin(), list.end(), m) != list.end()) continue;
    const Status s = st.check(me, m);
    EXPECT_FALSE(s.ok()) << st.format_move(m);
    EXPECT_FALSE(s.message().empty());
    State copy = st;
    EXPECT_FALSE(copy.apply_checked(me, m).ok());
    EXPECT_EQ(copy.hash(), st.hash());
    EXPECT_EQ(copy.ply(), st.ply());
    EXPECT_TRUE(copy.capture_path(m).empty());
  }
  for (Seat v : {0, 1, kPublic}) expect_view_matches(st, v);
  return list;
}

TEST(SurakartaRandom, InvariantsAtEveryPly) {
  const std::vector<std::string> rule_texts = {"", "no_capture_limit=12 max_plies=400",
                                               "no_capture_limit=0 max_plies=150",
                                               "no_capture_limit=30 max_plies=0"};
  Rng rng(20240611);
  long plies = 0, captures = 0;
  std::map<std::string, int> endings;
  for (int game = 0; game < kGames; ++game) {
    auto rules = Rules::parse(rule_texts[game % rule_texts.size()]);
    ASSERT_TRUE(rules.ok());
    State st(*rules);
    while (true) {
      const MoveList list = check_position(st, rng);
      if (::testing::Test::HasFailure()) FAIL() << "game " << game << "\n" << st.to_text();
      if (list.empty()) break;
      const Move m = list[rng.below(static_cast<std::uint32_t>(list.size()))];
      captures += st.is_capture(m);
      ASSERT_TRUE(st.apply_checked(st.side(), m).ok());
      ++plies;
    }
    const Outcome o = st.outcome();
    const std::string kind(ending_name(o.ending));
    ++endings[kind + (o.detail.find("no pieces") != std::string::npos    ? " pieces"
                      : o.detail.find("no capture") != std::string::npos ? " limit"
                      : o.detail.find("move cap") != std::string::npos   ? " cap"
                                                                         : " stuck")];
  }
  EXPECT_GT(plies, kGames * 40L);
  EXPECT_GT(captures, kGames * 5L);
  // Random play reaches each kind of ending the rules define (being stuck is too rare).
  EXPECT_GT(endings["normal pieces"], 0);
  EXPECT_GT(endings["adjudication limit"], 0);
  EXPECT_GT(endings["adjudication cap"], 0);
  std::string summary;
  for (const auto& [k, n] : endings) summary += k + "=" + std::to_string(n) + " ";
  RecordProperty("endings", summary);
  std::printf("%d games, %ld plies, %ld captures; endings: %s\n", kGames, plies, captures,
              summary.c_str());
}

}  // namespace
}  // namespace boyi::surakarta
