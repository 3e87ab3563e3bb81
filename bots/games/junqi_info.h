// What one 军棋 seat knows, and the simple determinizer over it.
//
// A seat knows exactly its view(seat) plus the event views it has received
// (JunqiSeatInfo). From the events JunqiKnowledge replays, for every enemy
// piece still on the board, the set of identities it can have:
//  - deployment rules at its starting post while it has never moved (flag only
//    in a headquarters, mines only in its rows K-L, no bomb in its row G);
//  - a piece that moved is no mine and no flag;
//  - battle results: a piece that beat ours outranks it (or is an engineer that
//    took a mine); a defender that survived our attack outranks the attacker or
//    is a mine (when the attacker was no engineer);
//  - a revealed flag post holds the flag (and the marshal is then dead).
// JunqiDeterminizer deals identities to the enemy's pieces at random, each
// drawn in proportion to the unassigned pieces of the 25 it may be (the flag
// first, then the marshal, which lives while the flag is hidden, then the most
// constrained pieces), and builds a full State where our
// own pieces are exactly as we see them. This is the generic baselines' simple
// model; the `belief` engine (bots/engines/junqi/) weights worlds by play.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "base/rng.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

struct JunqiSeatInfo {
  junqi::Rules rules;
  Seat seat = 0;
  junqi::View view;                      // the seat's current view
  std::vector<junqi::EventView> events;  // every event as the seat saw it, in order

  // What `seat` has been told of `s`, reached through `events` (a referee's whole record).
  static JunqiSeatInfo of(const junqi::State& s, Seat seat, const std::vector<junqi::Event>& events);
};

class JunqiKnowledge {
 public:
  explicit JunqiKnowledge(const JunqiSeatInfo& info);

  Seat seat() const { return seat_; }
  // Bit k: the enemy piece on `post` may be piece k (0 where no enemy piece is known).
  std::uint16_t allowed(int post) const { return allowed_[post]; }
  const std::vector<int>& enemy_posts() const { return enemy_posts_; }
  bool enemy_marshal_dead() const { return marshal_dead_; }
  // Our own piece on a post, -1 if none.
  int own_piece(int post) const { return own_[post]; }

 private:
  Seat seat_;
  std::array<std::uint16_t, junqi::kPosts> allowed_{};
  std::array<int, junqi::kPosts> own_{};
  std::vector<int> enemy_posts_;
  bool marshal_dead_ = false;
};

class JunqiDeterminizer {
 public:
  explicit JunqiDeterminizer(const JunqiSeatInfo& info) : info_(info), knowledge_(info) {}
  // A full play-phase state consistent with the seat's knowledge (nullopt only
  // when the seat is not in the play phase).
  std::optional<junqi::State> sample(Rng& rng) const;
  const JunqiKnowledge& knowledge() const { return knowledge_; }

 private:
  bool deal(Rng& rng, bool strict, std::array<int, junqi::kPosts>& piece) const;
  const JunqiSeatInfo& info_;
  JunqiKnowledge knowledge_;
};

// The seat's own layout from its deployment event, if it has deployed.
std::optional<std::array<std::uint8_t, junqi::kPiecesPerSide>> own_layout(
    const JunqiSeatInfo& info);

}  // namespace boyi::bots
