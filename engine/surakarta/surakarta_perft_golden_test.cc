// Move-count (perft) tables and the golden playthrough.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "base/rng.h"
#include "engine/surakarta/reference.h"
#include "engine/surakarta/surakarta.h"
#include "engine/surakarta/test_util.h"
#include "engine/testing/golden.h"

namespace boyi::surakarta {
namespace {

std::uint64_t perft_fast(const State& st, int depth) {
  MoveList list;
  st.legal_moves(list);
  if (depth == 1) return list.size();
  std::uint64_t n = 0;
  for (const Move& m : list) {
    State next = st;
    next.apply(m);
    n += perft_fast(next, depth - 1);
  }
  return n;
}

std::uint64_t perft_reference(const State& st, int depth) {
  const auto texts = reference::legal_moves(st);
  if (depth == 1) return texts.size();
  std::uint64_t n = 0;
  for (const auto& t : texts) {
    State next = st;
    auto m = next.parse_move(next.side(), t);
    if (!m.ok() || !next.apply_checked(next.side(), *m).ok()) {
      ADD_FAILURE() << "reference move " << t << " rejected";
      continue;
    }
    n += perft_reference(next, depth - 1);
  }
  return n;
}

// Leaf counts from the initial position under the default rules.
constexpr std::uint64_t kPerft[] = {0, 16, 256, 5382, 111122, 2572484};

TEST(SurakartaPerft, FastGeneratorMatchesTable) {
  const State st;
  for (int d = 1; d <= 5; ++d) EXPECT_EQ(perft_fast(st, d), kPerft[d]) << "depth " << d;
}

TEST(SurakartaPerft, ReferenceGeneratorMatchesTable) {
  const State st;
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft_reference(st, d), kPerft[d]) << "depth " << d;
}

constexpr std::uint64_t kGoldenSeed = 2024;

std::string golden_text() {
  const Rules rules;
  State st(rules);
  Rng rng(kGoldenSeed);
  std::ostringstream out;
  out << "# Surakarta golden playthrough, seed " << kGoldenSeed << ", rules " << rules.to_string()
      << "\n# each move is sorted_texts[rng.below(n)] of the sorted legal move texts\n";
  for (Seat v : {0, 1, kPublic}) out << st.view(v).to_text();
  while (!st.is_terminal()) {
    const auto texts = testing::fast_texts(st);
    const std::string text = texts[rng.below(static_cast<std::uint32_t>(texts.size()))];
    const Seat seat = st.side();
    auto event = st.apply_checked(seat, testing::move(st, text));
    if (!event.ok()) {
      ADD_FAILURE() << text << ": " << event.message();
      break;
    }
    out << "\n== move " << st.ply() << ": " << text << "\n";
    for (Seat v : {0, 1, kPublic})
      out << "event for " << v << ": " << State::render_event(*event, v) << "\n"
          << st.view(v).to_text();
  }
  out << "\n== result: " << describe(st.outcome()) << "\n";
  return out.str();
}

TEST(surakarta_golden, Playthrough) {
  boyi::testing::expect_golden_file(BOYI_SOURCE_DIR "/engine/surakarta/testdata/golden.txt",
                                    golden_text());
}

}  // namespace
}  // namespace boyi::surakarta
