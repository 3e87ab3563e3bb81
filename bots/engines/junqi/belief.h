// Belief tracking of every hidden enemy 军棋 piece, from exactly what one seat
// saw (JunqiSeatInfo): its own layout, where enemy pieces stand and every step
// with its outcome code.
//
// Each of the 25 enemy pieces is followed from its deployment slot, alive or
// removed, with a hard mask of the identities it may still have:
//  - deployment rules at its slot (flag only in a headquarters, mines only in
//    rows K-L, no bomb in row G);
//  - a piece that moved is no mine and no flag; one whose step no straight
//    rail run or road link explains (a turn on the railway) is an engineer;
//  - battle outcomes: a piece that beat ours outranks it (or is an engineer
//    that took a mine), one that lost to ours is outranked by it (or is a mine
//    our engineer lifted), ties are the same rank or a bomb, and so on;
//  - the flag post, once revealed, holds the flag; the enemy piece removed in
//    the battle that revealed it was the marshal, every piece removed before
//    was not (the marshal's death is what reveals the flag).
// Every identity's total over the 25 pieces is fixed, so the masks together
// with the counts define the consistent worlds exactly (perfect matchings of
// pieces to the 25 identity tokens, identity_matching.h); each mask is then
// narrowed to the identities some consistent world gives that piece. Soft beliefs weight those
// worlds: a deployment prior per slot (junqi_deploy_prior) times a small likelihood of the
// behaviour seen, normalised jointly by iterative proportional fitting so each piece's row sums to
// one and each identity's column to its count.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "bots/games/junqi_info.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

using JunqiLayout = std::array<std::uint8_t, junqi::kPiecesPerSide>;
using JunqiMask = std::uint16_t;

constexpr JunqiMask junqi_bit(int piece) {
  return static_cast<JunqiMask>(1u << piece);
}
inline constexpr JunqiMask kJunqiAllPieces = (1u << junqi::kPieceKinds) - 1;

// The identities a piece may have on `slot` (0..24, kDeploySlots order) by the
// deployment rules alone.
JunqiMask junqi_slot_mask(int slot);

struct JunqiBeliefOptions {
  bool deploy_prior = true;  // false: every allowed identity equally likely a priori
  bool behaviour = true;     // the soft likelihood of what a piece did
  int fitting_rounds = 200;  // most sweeps of iterative proportional fitting
};

struct JunqiEnemyPiece {
  int slot = 0;          // deployment slot (own frame of the enemy)
  int post = -1;         // current absolute post; -1 once removed
  JunqiMask mask = 0;    // identities still possible
  int steps = 0;         // steps it made
  int attacks = 0;       // battles it started
  int removed_ply = -1;  // ply of the event that removed it
};

class JunqiBelief {
 public:
  explicit JunqiBelief(const JunqiSeatInfo& info, const JunqiBeliefOptions& options = {});

  // False when the history does not explain the view (missing events, or a
  // seat that has not seen both deployments): then only the view is reliable.
  bool ok() const { return ok_; }
  const std::string& error() const { return error_; }
  Seat seat() const { return seat_; }
  Seat enemy() const { return 1 - seat_; }
  const JunqiLayout& own_layout() const { return own_layout_; }

  const std::array<JunqiEnemyPiece, junqi::kPiecesPerSide>& pieces() const { return pieces_; }
  // The enemy piece (its index, = its slot) standing on `post`, or -1.
  int index_at(int post) const { return index_at_[post]; }
  // P(piece `index` is `identity`) after the joint normalisation.
  double probability(int index, int identity) const { return prob_[index][identity]; }
  // The same on a post (0 where no enemy piece stands).
  double probability_at(int post, int identity) const;
  // Expected battle value of the enemy piece on `post` by `value(piece)`.
  template <class ValueFn>
  double expected_at(int post, ValueFn value) const {
    const int i = index_at(post);
    if (i < 0) return 0;
    double v = 0;
    for (int k = 0; k < junqi::kPieceKinds; ++k) v += prob_[i][k] * value(k);
    return v;
  }
  bool enemy_marshal_dead() const { return marshal_dead_; }

 private:
  void replay(const JunqiSeatInfo& info);
  void check_view(const junqi::View& view);
  void tighten();
  void fit(const JunqiBeliefOptions& options);
  void mark_inconsistent(std::string why);

  Seat seat_ = 0;
  bool ok_ = true;
  std::string error_;
  bool marshal_dead_ = false;
  JunqiLayout own_layout_{};
  std::array<JunqiEnemyPiece, junqi::kPiecesPerSide> pieces_{};
  std::array<int, junqi::kPosts> index_at_{};
  std::array<int, junqi::kPosts> own_at_{};  // our piece on each post, -1
  std::array<std::array<double, junqi::kPieceKinds>, junqi::kPiecesPerSide> prob_{};
};

}  // namespace boyi::bots
