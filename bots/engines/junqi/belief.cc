#include "bots/engines/junqi/belief.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "bots/engines/junqi/deploy_prior.h"
#include "bots/engines/junqi/identity_matching.h"

namespace boyi::bots {

using namespace junqi;

namespace {

constexpr JunqiMask kRanked = (1u << (kEngineer + 1)) - 1;  // marshal .. engineer
constexpr JunqiMask kImmovable = junqi_bit(kMine) | junqi_bit(kFlag);

bool ranked(int piece) {
  return piece >= kMarshal && piece <= kEngineer;
}
// Ranked pieces whose rank is above / below `rank`.
JunqiMask ranks_above(int rank) {
  JunqiMask m = 0;
  for (int p = kMarshal; p <= kEngineer; ++p)
    if (piece_rank(p) > rank) m |= junqi_bit(p);
  return m;
}
JunqiMask ranks_below(int rank) {
  JunqiMask m = 0;
  for (int p = kMarshal; p <= kEngineer; ++p)
    if (piece_rank(p) < rank) m |= junqi_bit(p);
  return m;
}

// Where a piece that is no engineer could step from `from` with `occupied`
// posts: a road link, or a straight rail run through empty posts that stops
// on the first occupied one.
std::uint64_t plain_reach(int from, std::uint64_t occupied) {
  std::uint64_t t = board::kRoad[from];
  if (!((board::kRail >> from) & 1)) return t;
  for (int dir = 0; dir < 4; ++dir) {
    std::uint64_t s = bit(from);
    while ((s = board::rail_step(s, dir)) != 0) {
      t |= s;
      if (s & occupied) break;
    }
  }
  return t;
}

// What a defender we attacked with `x` may be, given the outcome code.
JunqiMask defender_mask(int x, int code) {
  switch (code) {
    case kAttackerWon:
      return static_cast<JunqiMask>(ranks_below(piece_rank(x)) |
                                    (x == kEngineer ? junqi_bit(kMine) : 0));
    case kAttackerRemoved:
      if (!ranked(x)) return 0;
      return static_cast<JunqiMask>(ranks_above(piece_rank(x)) |
                                    (x != kEngineer ? junqi_bit(kMine) : 0));
    case kBothRemoved:
      if (x == kBomb) return kJunqiAllPieces & ~junqi_bit(kFlag);
      return static_cast<JunqiMask>(junqi_bit(kBomb) |
                                    (ranked(x) ? junqi_bit(x) : 0));  // one kind per rank
    default:
      return 0;
  }
}

// What an enemy attacker that met our `x` may be, given the outcome code.
JunqiMask attacker_mask(int x, int code) {
  switch (code) {
    case kAttackerWon:
      if (x == kMine) return junqi_bit(kEngineer);
      if (x == kFlag) return kJunqiAllPieces & ~kImmovable;  // the game ended
      return ranked(x) ? ranks_above(piece_rank(x)) : 0;
    case kAttackerRemoved:
      if (x == kMine) return kRanked & ~junqi_bit(kEngineer);
      return ranked(x) ? ranks_below(piece_rank(x)) : 0;
    case kBothRemoved:
      if (x == kBomb) return kRanked | junqi_bit(kBomb);
      if (x == kMine) return junqi_bit(kBomb);
      return ranked(x) ? static_cast<JunqiMask>(junqi_bit(kBomb) | junqi_bit(x)) : 0;
    default:
      return 0;
  }
}

}  // namespace

JunqiMask junqi_slot_mask(int slot) {
  const int post = kDeploySlots[slot];
  JunqiMask m = kJunqiAllPieces;
  if (post != post_at(11, 1) && post != post_at(11, 3)) m &= ~junqi_bit(kFlag);
  if (row_of(post) < 10) m &= ~junqi_bit(kMine);
  if (row_of(post) == 6) m &= ~junqi_bit(kBomb);
  return m;
}

double JunqiBelief::probability_at(int post, int identity) const {
  const int i = index_at(post);
  return i < 0 ? 0.0 : prob_[i][identity];
}

void JunqiBelief::mark_inconsistent(std::string why) {
  if (ok_) error_ = std::move(why);
  ok_ = false;
}

JunqiBelief::JunqiBelief(const JunqiSeatInfo& info, const JunqiBeliefOptions& options)
    : seat_(info.seat == 1 ? 1 : 0) {
  index_at_.fill(-1);
  own_at_.fill(-1);
  for (int i = 0; i < kPiecesPerSide; ++i) {
    pieces_[i].slot = i;
    pieces_[i].mask = junqi_slot_mask(i);
  }
  replay(info);
  check_view(info.view);
  tighten();
  fit(options);
}

void JunqiBelief::replay(const JunqiSeatInfo& info) {
  const Seat me = seat_, enemy = 1 - seat_;
  std::array<int, kPosts> own;
  own.fill(-1);
  bool own_deployed = false, enemy_deployed = false;
  int flag_seen = -1;  // the enemy flag post once an event revealed it
  // A game we won by taking the enemy flag: our last step's battle was with the flag (which
  // no outcome code of an ordinary battle allows), and its removal reveals no marshal.
  const bool we_took_the_flag = info.view.outcome.ending == Ending::kNormal &&
                                info.view.outcome.winner == me &&
                                info.view.outcome.detail == "flag captured";
  int taken_flag = -1;  // the enemy piece that was the flag we took
  for (std::size_t n = 0; n < info.events.size(); ++n) {
    const EventView& e = info.events[n];
    if (e.kind == Move::kDeploy) {
      if (e.seat == me && e.has_layout && !own_deployed) {
        own_deployed = true;
        own_layout_ = e.layout;
        for (int i = 0; i < kPiecesPerSide; ++i)
          own[from_own_frame(kDeploySlots[i], me)] = e.layout[i] < kPieceKinds ? e.layout[i] : -1;
      } else if (e.seat == enemy && !enemy_deployed) {
        enemy_deployed = true;
        for (int i = 0; i < kPiecesPerSide; ++i) {
          const int post = from_own_frame(kDeploySlots[i], enemy);
          pieces_[i].post = post;
          index_at_[post] = i;
        }
      }
      continue;
    }
    if (!own_deployed || !enemy_deployed) {
      mark_inconsistent("a step before both deployments were seen");
      return;
    }
    if (e.from < 0 || e.from >= kPosts || e.to < 0 || e.to >= kPosts) {
      mark_inconsistent("a step off the board");
      return;
    }
    std::uint64_t occupied = 0;
    for (int p = 0; p < kPosts; ++p)
      if (own[p] >= 0 || index_at_[p] >= 0) occupied |= bit(p);
    int removed = -1;  // the enemy piece this step removed
    if (e.seat == enemy) {
      const int a = index_at_[e.from];
      if (a < 0 || own[e.from] >= 0 || index_at_[e.to] >= 0) {
        mark_inconsistent("enemy step " + post_name(e.from) + post_name(e.to) +
                          " not on the board");
        return;
      }
      JunqiEnemyPiece& pa = pieces_[a];
      ++pa.steps;
      pa.mask &= ~kImmovable;
      if (!((plain_reach(e.from, occupied) >> e.to) & 1)) pa.mask &= junqi_bit(kEngineer);
      const int x = own[e.to];
      index_at_[e.from] = -1;
      if (x < 0) {
        if (e.code != kPlainMove) mark_inconsistent("a battle on an empty post");
        pa.post = e.to;
        index_at_[e.to] = a;
      } else {
        ++pa.attacks;
        pa.mask &= attacker_mask(x, e.code);
        if (e.code == kAttackerWon) {
          own[e.to] = -1;
          pa.post = e.to;
          index_at_[e.to] = a;
        } else if (e.code == kBothRemoved) {
          own[e.to] = -1;
          removed = a;
        } else if (e.code == kAttackerRemoved) {
          removed = a;
        } else {
          mark_inconsistent("a plain move onto our piece");
        }
        if (removed >= 0) pa.post = -1;
      }
      if (pa.mask == 0) mark_inconsistent("no identity explains the enemy step");
    } else {
      const int x = own[e.from];
      if (x < 0) {
        mark_inconsistent("our step " + post_name(e.from) + post_name(e.to) +
                          " from an empty post");
        return;
      }
      own[e.from] = -1;
      const int d = index_at_[e.to];
      if (d < 0) {
        if (e.code != kPlainMove || own[e.to] >= 0) mark_inconsistent("our step onto nothing");
        own[e.to] = x;
      } else {
        JunqiEnemyPiece& pd = pieces_[d];
        if (we_took_the_flag && n + 1 == info.events.size()) {
          pd.mask &= junqi_bit(kFlag);
          taken_flag = d;
        } else {
          pd.mask &= defender_mask(x, e.code);
        }
        if (pd.mask == 0) mark_inconsistent("no identity explains the battle");
        if (e.code == kAttackerWon) {
          own[e.to] = x;
          removed = d;
        } else if (e.code == kBothRemoved) {
          removed = d;
        } else if (e.code != kAttackerRemoved) {
          mark_inconsistent("a plain move onto an enemy piece");
        }
        if (removed >= 0) {
          pd.post = -1;
          index_at_[e.to] = -1;
        }
      }
    }
    const int flag_now = e.revealed_flag[enemy];
    const bool flag_just_taken = taken_flag >= 0 && removed == taken_flag;
    if (flag_just_taken) {
      pieces_[removed].removed_ply = e.ply;
    } else if (removed >= 0) {
      pieces_[removed].removed_ply = e.ply;
      // The marshal's removal is what reveals the flag: the piece removed in the
      // revealing battle was the marshal, every one before it was not.
      if (flag_now >= 0 && flag_seen < 0)
        pieces_[removed].mask &= junqi_bit(kMarshal);
      else
        pieces_[removed].mask &= ~junqi_bit(kMarshal);
      if (pieces_[removed].mask == 0) mark_inconsistent("the marshal's removal does not fit");
    } else if (flag_now >= 0 && flag_seen < 0) {
      mark_inconsistent("the flag was revealed without a battle");
    }
    if (flag_now >= 0 && !flag_just_taken) {
      flag_seen = flag_now;
      marshal_dead_ = true;
    }
  }
  if (!own_deployed || !enemy_deployed) {
    mark_inconsistent("the deployments were not seen");
    return;
  }
  own_at_ = own;
  const int flag = info.view.revealed_flag[enemy] >= 0 ? info.view.revealed_flag[enemy] : flag_seen;
  if (flag >= 0) {
    if (taken_flag < 0 || flag_seen >= 0) marshal_dead_ = true;  // not shown by its capture
    for (auto& p : pieces_) {
      if (p.slot == taken_flag) continue;  // the flag, taken on that post
      if (p.post == flag)
        p.mask &= junqi_bit(kFlag);
      else
        p.mask &= ~junqi_bit(kFlag);
      if (p.mask == 0) mark_inconsistent("the revealed flag does not fit");
    }
  }
}

void JunqiBelief::check_view(const View& view) {
  if (!ok_) return;
  const Seat enemy = 1 - seat_;
  for (int p = 0; p < kPosts; ++p) {
    const int c = view.cells[p];
    const bool enemy_there = c == View::kHidden + enemy ||
                             (c >= 1 && c < View::kHidden && (c - 1) / kPieceKinds == enemy);
    const int own =
        c >= 1 && c < View::kHidden && (c - 1) / kPieceKinds == seat_ ? (c - 1) % kPieceKinds : -1;
    if (enemy_there != (index_at_[p] >= 0) || own != own_at_[p]) {
      mark_inconsistent("the history and the view disagree at " + post_name(p));
      return;
    }
  }
}

void JunqiBelief::tighten() {
  if (!ok_) return;
  JunqiMasks masks{};
  for (int i = 0; i < kPiecesPerSide; ++i) masks[i] = pieces_[i].mask;
  const auto tight = junqi_tighten(masks);
  if (!tight) {
    mark_inconsistent("no assignment of the enemy's pieces explains the history");
    return;
  }
  for (int i = 0; i < kPiecesPerSide; ++i) pieces_[i].mask = (*tight)[i];
}

void JunqiBelief::fit(const JunqiBeliefOptions& options) {
  const auto& prior = junqi_deploy_prior();
  auto& w = prob_;
  for (int i = 0; i < kPiecesPerSide; ++i) {
    const JunqiEnemyPiece& p = pieces_[i];
    for (int k = 0; k < kPieceKinds; ++k) {
      if (!((p.mask >> k) & 1)) {
        w[i][k] = 0;
        continue;
      }
      double v = options.deploy_prior ? prior[i][k] : 1.0;
      if (options.behaviour && p.steps > 0) {
        // Bombs mostly wait for a target; engineers and small pieces probe.
        if (k == kBomb) v *= 0.5;
        if (k == kEngineer || k == kPlatoon || k == kCompany) v *= 1.2;
      }
      w[i][k] = v > 1e-9 ? v : 1e-9;
    }
  }
  for (int round = 0; round < options.fitting_rounds; ++round) {
    for (auto& row : w) {
      double s = 0;
      for (double v : row) s += v;
      if (s > 0)
        for (double& v : row) v /= s;
    }
    double worst = 0;
    for (int k = 0; k < kPieceKinds; ++k) {
      double s = 0;
      for (const auto& row : w) s += row[k];
      if (s <= 0) continue;
      worst = std::max(worst, std::abs(s - kPieceCount[k]));
      const double scale = kPieceCount[k] / s;
      for (auto& row : w) row[k] *= scale;
    }
    if (worst < 1e-4) break;
  }
  for (auto& row : w) {
    double s = 0;
    for (double v : row) s += v;
    if (s > 0)
      for (double& v : row) v /= s;
  }
}

}  // namespace boyi::bots
