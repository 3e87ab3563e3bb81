#include "engine/junqi/leak_check.h"

#include <algorithm>
#include <array>
#include <vector>

#include "base/rng.h"
#include "engine/junqi/junqi.h"

namespace boyi::junqi {

void LeakStats::add(const LeakStats& o) {
  games += o.games;
  worlds += o.worlds;
  rejected_layouts += o.rejected_layouts;
  rejected_replays += o.rejected_replays;
  stuck_endings += o.stuck_endings;
  positions += o.positions;
  messages += o.messages;
  move_lists += o.move_lists;
}

namespace {

struct Record {
  std::array<Move, 2> deployment;
  std::vector<Move> steps;
};

Record random_game(Rng& rng, int max_steps) {
  Record r;
  State st;
  for (Seat s : {0, 1}) {
    r.deployment[s] = st.random_deployment(s, rng);
    st.apply(r.deployment[s]);
  }
  State::MoveList list;
  while (!st.is_terminal() && static_cast<int>(r.steps.size()) < max_steps) {
    st.legal_moves(list);
    r.steps.push_back(list[rng.below(static_cast<std::uint32_t>(list.size()))]);
    st.apply(r.steps.back());
  }
  return r;
}

// What the enemy's deployment slots did before step `cut`.
struct SlotHistory {
  std::array<bool, kPiecesPerSide> fought{};
  std::array<bool, kPiecesPerSide> moved{};
  bool flag_revealed = false;
};

SlotHistory classify(const Record& r, Seat enemy, std::size_t cut) {
  SlotHistory h;
  std::array<int, kPosts> slot_at;
  slot_at.fill(-1);
  for (int i = 0; i < kPiecesPerSide; ++i) slot_at[from_own_frame(kDeploySlots[i], enemy)] = i;
  State st;
  for (Seat s : {0, 1}) st.apply(r.deployment[s]);
  for (std::size_t i = 0; i < cut; ++i) {
    const Move& m = r.steps[i];
    const Seat mover = st.to_move();
    auto e = st.apply_checked(mover, m);  // the recorded game: legal by construction
    if (mover == enemy) {
      const int slot = slot_at[m.from];
      h.moved[slot] = true;
      if (e->code != kPlainMove) h.fought[slot] = true;
      slot_at[m.from] = -1;
      if (e->code == kPlainMove || e->code == kAttackerWon) slot_at[m.to] = slot;
    } else if (e->code != kPlainMove) {
      h.fought[slot_at[m.to]] = true;
      if (e->code != kAttackerRemoved) slot_at[m.to] = -1;
    }
  }
  h.flag_revealed = st.flag_revealed(enemy);
  return h;
}

// Permutes identities within {moved, unfought} and {unmoved, unfought} until the layout
// keeps the deployment rules; nullopt when no attempt did.
std::optional<Move> reshuffle(const Move& deployment, const SlotHistory& h, Rng& rng) {
  for (int attempt = 0; attempt < 50; ++attempt) {
    Move alt = deployment;
    for (bool group : {true, false}) {
      std::vector<int> slots;
      for (int i = 0; i < kPiecesPerSide; ++i)
        if (!h.fought[i] && h.moved[i] == group && !(h.flag_revealed && alt.layout[i] == kFlag))
          slots.push_back(i);
      for (std::size_t i = slots.size(); i > 1; --i)
        std::swap(alt.layout[slots[i - 1]],
                  alt.layout[slots[rng.below(static_cast<std::uint32_t>(i))]]);
    }
    if (alt != deployment && State::check_layout(alt.layout).ok()) return alt;
  }
  return std::nullopt;
}

std::vector<std::string> legal_texts(const State& st) {
  State::MoveList list;
  st.legal_moves(list);
  std::vector<std::string> out;
  for (const Move& m : list) out.push_back(st.format_move(m));
  std::sort(out.begin(), out.end());
  return out;
}

// Whether one world ends here because `enemy`, to move, has no legal move and the other goes
// on: the rules end the game and say why, which tells the observer that none of the enemy's
// pieces can move. A disclosure of the rules, not a leak: the reshuffle stops being comparable.
bool ends_stuck_in_one(const State& a, const State& b, Seat enemy) {
  if (a.is_terminal() == b.is_terminal()) return false;
  const Outcome o = a.is_terminal() ? a.outcome() : b.outcome();
  return o.winner == 1 - enemy && o.detail == "no legal move";
}

// Which part of two views differs.
std::string view_difference(const View& a, const View& b) {
  if (a.cells != b.cells) return "cells";
  if (a.to_move != b.to_move) return "side to move";
  if (a.outcome != b.outcome)
    return "outcome: " + describe(a.outcome) + " / " + describe(b.outcome);
  if (a.revealed_flag != b.revealed_flag) return "revealed flag";
  return "counters";
}

// Compares what `observer` is told after one action in the two worlds; what differs, or "".
std::string compare(const State& real, const State& other, const Event& a, const Event& b,
                    Seat observer, LeakStats& stats) {
  ++stats.positions;
  stats.messages += 6;
  if (State::event_view(a, observer) != State::event_view(b, observer)) return "event view";
  if (State::render_event(a, observer) != State::render_event(b, observer))
    return "event rendering for the observer";
  if (State::render_event(a, kPublic) != State::render_event(b, kPublic))
    return "public event rendering";
  const View va = real.view(observer), vb = other.view(observer);
  if (va != vb) return "observer view (" + view_difference(va, vb) + ")";
  if (va.to_text() != vb.to_text()) return "observer view text";
  if (real.view(kPublic).to_text() != other.view(kPublic).to_text()) return "public view text";
  if (real.to_move() != other.to_move()) return "side to move";
  if (real.to_move() == observer) {
    ++stats.move_lists;
    if (legal_texts(real) != legal_texts(other)) return "the observer's legal moves";
  }
  return "";
}

}  // namespace

std::optional<std::string> check_leak(std::uint64_t seed, const LeakOptions& options,
                                      LeakStats& stats) {
  Rng rng(seed);
  const Record rec = random_game(rng, options.max_steps);
  ++stats.games;
  for (Seat observer : {0, 1}) {
    const Seat enemy = 1 - observer;
    for (int trial = 0; trial < options.trials; ++trial) {
      const std::size_t cut = rng.below(static_cast<std::uint32_t>(rec.steps.size() + 1));
      const auto alt = reshuffle(rec.deployment[enemy], classify(rec, enemy, cut), rng);
      if (!alt) {
        ++stats.rejected_layouts;
        continue;
      }
      const auto where = [&](const std::string& what, int ply) {
        return "seed " + std::to_string(seed) + ", observer " + std::to_string(observer) +
               ", trial " + std::to_string(trial) + ", cut " + std::to_string(cut) + ", ply " +
               std::to_string(ply) + ": " + what + " differs";
      };
      // Replay both worlds side by side.
      State real, other;
      for (Seat s : {0, 1}) {
        auto a = real.apply_checked(s, rec.deployment[s]);
        auto b = other.apply_checked(s, s == enemy ? *alt : rec.deployment[s]);
        if (!a.ok() || !b.ok()) return where("a deployment's legality", real.ply());
        if (auto d = compare(real, other, *a, *b, observer, stats); !d.empty())
          return where(d, real.ply());
      }
      bool legal = true, ended_stuck = false;
      for (std::size_t i = 0; i < cut; ++i) {
        const Seat mover = real.to_move();
        auto a = real.apply_checked(mover, rec.steps[i]);
        auto b = other.apply_checked(mover, rec.steps[i]);
        if (!a.ok()) return where("the recorded step's legality", real.ply());
        // The alternative piece could not have made that step (an observer's own step
        // cannot be illegal in one world only: its legal moves were compared).
        legal = b.ok();
        if (!legal) break;
        if (ends_stuck_in_one(real, other, enemy)) {
          ended_stuck = true;
          break;
        }
        if (auto d = compare(real, other, *a, *b, observer, stats); !d.empty())
          return where(d, real.ply());
      }
      if (!legal || ended_stuck) {
        ++(legal ? stats.stuck_endings : stats.rejected_replays);
        continue;
      }
      // The worlds really differ: some enemy piece has another identity now.
      int differing = 0;
      for (int p = 0; p < kPosts; ++p)
        if (real.owner_at(p) == enemy && real.piece_at(p) != other.piece_at(p)) ++differing;
      if (differing == 0 || real.hash() == other.hash())
        return where("nothing (the reshuffled world is the same)", real.ply());
      ++stats.worlds;
    }
  }
  return std::nullopt;
}

}  // namespace boyi::junqi
