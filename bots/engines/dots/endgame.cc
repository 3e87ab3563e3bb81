#include "bots/engines/dots/endgame.h"

#include <algorithm>

namespace boyi::bots::dots_engine {

void ComponentSet::add(int length, bool loop) {
  if (!loop && length == 1) {
    ++singles;
  } else if (!loop && length == 2) {
    ++doubles;
  } else if (count < static_cast<int>(lengths.size())) {
    const auto code = static_cast<std::uint8_t>(length << 1 | (loop ? 1 : 0));
    int i = count++;
    for (; i > 0 && lengths[i - 1] < code; --i) lengths[i] = lengths[i - 1];  // descending
    lengths[i] = code;
  }
}

void ComponentSet::remove_long(int index) {
  for (int i = index; i + 1 < count; ++i) lengths[i] = lengths[i + 1];
  lengths[--count] = 0;
}

std::uint64_t ComponentSet::key() const {
  std::uint64_t k = static_cast<std::uint64_t>(singles) | static_cast<std::uint64_t>(doubles) << 5;
  for (int i = 0; i < count && i < 9; ++i)
    k |= static_cast<std::uint64_t>(lengths[i]) << (10 + 6 * i);
  return k;
}

int ComponentSet::boxes() const {
  int n = singles + 2 * doubles;
  for (int i = 0; i < count; ++i) n += lengths[i] >> 1;
  return n;
}

ComponentSet components_of(const Structure& s) {
  ComponentSet set;
  for (const Component& c : s) set.add(c.length, c.loop);
  return set;
}

SimpleEndgame::Opening SimpleEndgame::best_opening(const ComponentSet& set) {
  Opening best{-1, -100};
  if (set.singles == 0 && set.doubles == 0 && set.count == 0) return {-1, 0};
  // Each opening: the opponent takes all and opens the rest, or (long ones) declines.
  if (set.singles > 0) {
    ComponentSet rest = set;
    --rest.singles;
    const int v = -(1 + value(rest));
    if (v > best.value) best = {-1, v};
  }
  if (set.doubles > 0) {
    ComponentSet rest = set;
    --rest.doubles;
    const int v = -(2 + value(rest));
    if (v > best.value) best = {-2, v};
  }
  for (int i = 0; i < set.count; ++i) {
    if (i > 0 && set.lengths[i] == set.lengths[i - 1]) continue;
    ComponentSet rest = set;
    rest.remove_long(i);
    const int r = value(rest);
    const int length = set.lengths[i] >> 1;
    const int kept_back = (set.lengths[i] & 1) ? 8 : 4;  // twice the boxes a decline hands over
    const int v = -std::max(length + r, length - kept_back - r);
    if (v > best.value) best = {i, v};
  }
  return best;
}

int SimpleEndgame::value(const ComponentSet& set) {
  if (set.singles == 0 && set.doubles == 0 && set.count == 0) return 0;
  const std::uint64_t key = set.key();
  if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  const int v = best_opening(set).value;
  memo_.emplace(key, static_cast<std::int8_t>(v));
  return v;
}

bool long_chains_favour_mover(int undrawn, int unclaimed, int long_chains) {
  const int double_crosses = std::max(long_chains - 1, 0);
  return (undrawn - unclaimed + double_crosses) % 2 == 0;
}

ComponentSet resolved_components(const Structure& s, const Degrees& deg) {
  struct Arm {
    int length;
    bool loop;
    std::array<int, 2> ends;
    bool alive;
  };
  std::array<Arm, dots::kBoxes> arms;
  const int n = s.count;
  for (int i = 0; i < n; ++i) arms[i] = {s.parts[i].length, s.parts[i].loop, s.parts[i].ends, true};
  std::array<int, dots::kBoxes> degree;
  for (int b = 0; b < dots::kBoxes; ++b) degree[b] = deg[b];
  ComponentSet out;
  while (true) {
    int pick = -1;
    for (int i = 0; i < n; ++i)
      if (arms[i].alive && (pick < 0 || arms[i].length < arms[pick].length)) pick = i;
    if (pick < 0) break;
    Arm& taken = arms[pick];
    taken.alive = false;
    out.add(taken.length, taken.loop);
    if (taken.loop) continue;
    for (const int j : taken.ends) {
      if (j == kGround || --degree[j] != 2) continue;
      // j now joins the two arms still ending on it.
      int x = -1, y = -1;
      for (int i = 0; i < n; ++i) {
        if (!arms[i].alive || arms[i].loop) continue;
        for (const int end : arms[i].ends)
          if (end == j) (x < 0 ? x : y) = i;
      }
      if (x < 0 || y < 0) continue;  // an arm was a safe edge: nothing to join yet
      if (x == y) {                  // both ends of one chain: it closes into a loop
        arms[x] = {arms[x].length + 1, true, {kGround, kGround}, true};
        continue;
      }
      const int x_end = arms[x].ends[0] == j ? arms[x].ends[1] : arms[x].ends[0];
      const int y_end = arms[y].ends[0] == j ? arms[y].ends[1] : arms[y].ends[0];
      arms[x] = {arms[x].length + arms[y].length + 1, false, {x_end, y_end}, true};
      arms[y].alive = false;
    }
  }
  return out;
}

bool chain_rule_favours_mover(const Structure& s, const Degrees& deg) {
  const ComponentSet set = resolved_components(s, deg);
  int long_chains = 0;
  for (int i = 0; i < set.count; ++i) long_chains += !(set.lengths[i] & 1);
  return long_chains_favour_mover(s.undrawn, s.unclaimed, long_chains);
}

}  // namespace boyi::bots::dots_engine
