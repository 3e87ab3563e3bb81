// Full enemy layouts drawn from the beliefs, each one a legal world that
// explains everything the seat saw.
//
// The consistent layouts are exactly the perfect matchings of the 25 enemy
// pieces to the 25 identity tokens (1 marshal, ..., 3 mines, 2 bombs, 1 flag)
// inside each piece's hard mask (JunqiBelief). The sampler keeps one such
// matching and assigns pieces one by one in random order: a piece may take an
// identity exactly when an alternating chain of other, still free pieces can
// hand the tokens round so the rest still match, so it never reaches a dead
// end; among those identities it draws by the belief weights and then applies
// the chain. Sequential draws weight worlds close to, not exactly by, the
// product of the beliefs; exactness is in the consistency.
//
// A world is then the current position with those identities (own pieces as
// seen). replay_history() checks a layout the slow, certain way: it replays the
// seat's whole history through the engine and compares every outcome code.
#pragma once

#include <optional>

#include "bots/engines/junqi/belief.h"
#include "base/result.h"
#include "base/rng.h"

namespace boyi::bots {

class JunqiWorldSampler {
 public:
  // `belief` must outlive the sampler.
  JunqiWorldSampler(const JunqiSeatInfo& info, const JunqiBelief& belief);

  // False when no consistent world exists (the belief was not ok, or the
  // constraints contradict each other): sample() then returns nothing.
  bool ok() const { return ok_; }
  // An enemy layout (identity per deployment slot, the enemy's own frame).
  std::optional<JunqiLayout> sample_layout(Rng& rng) const;
  // The position now in a world with that enemy layout.
  std::optional<junqi::State> world(const JunqiLayout& enemy) const;
  // Both at once (the Determinizer concept of bots/search/determinized.h).
  std::optional<junqi::State> sample(Rng& rng) const;

 private:
  bool ok_ = false;
  const JunqiBelief& belief_;
  junqi::Rules rules_;
  junqi::View view_;
  std::array<JunqiMask, junqi::kPiecesPerSide> masks_{};
  std::array<int, junqi::kPiecesPerSide> base_{};  // a perfect matching: piece -> identity
};

// Replays `info`'s history with the seat's own layout and `enemy` as the
// enemy's: the resulting state when every step is legal and comes out with the
// code (and revealed flags) the seat saw and the final view is the seat's
// view, else the first difference.
Result<junqi::State> replay_history(const JunqiSeatInfo& info, const JunqiLayout& enemy);

}  // namespace boyi::bots
