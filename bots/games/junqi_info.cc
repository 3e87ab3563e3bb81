#include "bots/games/junqi_info.h"

#include <algorithm>
#include <bit>
#include <string>

namespace boyi::bots {

using namespace junqi;

namespace {
constexpr std::uint16_t bit16(int piece) {
  return static_cast<std::uint16_t>(1u << piece);
}
constexpr std::uint16_t kAllPieces = (1u << kPieceKinds) - 1;
constexpr std::uint16_t kImmovable = bit16(kMine) | bit16(kFlag);

// Identities a piece may have at its own starting post (own frame of `owner`).
std::uint16_t deployable(int post, Seat owner) {
  const int own = to_own_frame(post, owner);
  std::uint16_t m = kAllPieces;
  if (own != post_at(11, 1) && own != post_at(11, 3)) m &= ~bit16(kFlag);
  if (row_of(own) < 10) m &= ~bit16(kMine);
  if (row_of(own) == 6) m &= ~bit16(kBomb);
  return m;
}

// Ranked pieces that beat a piece of rank r.
std::uint16_t outranking(int rank) {
  std::uint16_t m = 0;
  for (int p = kMarshal; p <= kEngineer; ++p)
    if (piece_rank(p) > rank) m |= bit16(p);
  return m;
}
}  // namespace

JunqiSeatInfo JunqiSeatInfo::of(const junqi::State& s, Seat seat,
                                const std::vector<junqi::Event>& events) {
  JunqiSeatInfo info;
  info.rules = s.rules();
  info.seat = seat;
  info.view = s.view(seat);
  for (const auto& e : events) info.events.push_back(junqi::State::event_view(e, seat));
  return info;
}

JunqiKnowledge::JunqiKnowledge(const JunqiSeatInfo& info) : seat_(info.seat) {
  own_.fill(-1);
  const Seat enemy = 1 - seat_;
  for (const EventView& e : info.events) {
    if (e.kind == Move::kDeploy) {
      if (e.seat == seat_ && e.has_layout) {
        for (int i = 0; i < kPiecesPerSide; ++i)
          own_[from_own_frame(kDeploySlots[i], seat_)] = e.layout[i];
      } else if (e.seat == enemy) {
        for (int i = 0; i < kPiecesPerSide; ++i) {
          const int post = from_own_frame(kDeploySlots[i], enemy);
          allowed_[post] = deployable(post, enemy);
        }
      }
      continue;
    }
    if (e.from < 0 || e.from >= kPosts || e.to < 0 || e.to >= kPosts) continue;
    if (e.seat == enemy) {
      std::uint16_t mask = static_cast<std::uint16_t>(allowed_[e.from] & ~kImmovable);
      if (mask == 0) mask = kAllPieces & ~kImmovable;
      allowed_[e.from] = 0;
      const int mine = own_[e.to];
      switch (e.code) {
        case kPlainMove:
          allowed_[e.to] = mask;
          break;
        case kAttackerWon:
          if (mine == kMine)
            mask &= bit16(kEngineer);
          else if (mine >= 0 && mine <= kEngineer)
            mask &= outranking(piece_rank(mine));
          own_[e.to] = -1;
          allowed_[e.to] = mask ? mask : static_cast<std::uint16_t>(kAllPieces & ~kImmovable);
          break;
        case kBothRemoved:
          own_[e.to] = -1;
          break;
        default:  // the attacker was removed
          break;
      }
    } else {
      const int a = own_[e.from];
      own_[e.from] = -1;
      switch (e.code) {
        case kPlainMove:
          own_[e.to] = a;
          break;
        case kAttackerWon:
          own_[e.to] = a;
          allowed_[e.to] = 0;
          break;
        case kBothRemoved:
          allowed_[e.to] = 0;
          break;
        default: {  // our attacker was removed; the defender stays
          std::uint16_t m = 0;
          if (a >= 0 && a <= kEngineer) m = outranking(piece_rank(a));
          if (a != kEngineer) m |= bit16(kMine);
          const std::uint16_t narrowed = allowed_[e.to] & m;
          if (narrowed) allowed_[e.to] = narrowed;
          break;
        }
      }
    }
    if (e.revealed_flag[enemy] >= 0) marshal_dead_ = true;
  }
  // The view is the truth about where pieces are: trust it over the replay.
  for (int p = 0; p < kPosts; ++p) {
    const std::uint8_t c = info.view.cells[p];
    if (c == View::kHidden + enemy) {
      if (allowed_[p] == 0) allowed_[p] = deployable(p, enemy);
      enemy_posts_.push_back(p);
    } else if (c >= 1 && c < View::kHidden && (c - 1) / 12 == enemy) {
      allowed_[p] = bit16((c - 1) % 12);  // shown to us (a revealed flag)
      enemy_posts_.push_back(p);
    } else {
      allowed_[p] = 0;
    }
    if (c >= 1 && c < View::kHidden && (c - 1) / 12 == seat_)
      own_[p] = (c - 1) % 12;
    else
      own_[p] = -1;
  }
  const int flag = info.view.revealed_flag[enemy];
  if (flag >= 0) marshal_dead_ = true;
  for (int p : enemy_posts_) {
    if (flag >= 0) allowed_[p] = p == flag ? bit16(kFlag) : allowed_[p] & ~bit16(kFlag);
    if (marshal_dead_) allowed_[p] &= ~bit16(kMarshal);
  }
}

bool JunqiDeterminizer::deal(Rng& rng, bool strict, std::array<int, kPosts>& piece) const {
  const Seat enemy = 1 - knowledge_.seat();
  std::array<int, kPieceKinds> pool = kPieceCount;
  if (knowledge_.enemy_marshal_dead()) pool[kMarshal] = 0;
  std::vector<int> posts = knowledge_.enemy_posts();
  auto mask_of = [&](int p) -> std::uint16_t {
    if (strict) return knowledge_.allowed(p);
    return deployable(p, enemy) | static_cast<std::uint16_t>(kAllPieces & ~kImmovable);
  };
  // The flag first: a post that may hold it.
  std::vector<int> flag_posts;
  for (int p : posts)
    if ((mask_of(p) & bit16(kFlag)) && (deployable(p, enemy) & bit16(kFlag)))
      flag_posts.push_back(p);
  if (flag_posts.empty()) return false;
  const int flag = flag_posts[rng.below(static_cast<std::uint32_t>(flag_posts.size()))];
  piece[flag] = kFlag;
  pool[kFlag] = 0;
  posts.erase(std::find(posts.begin(), posts.end(), flag));
  // While the enemy flag is hidden the enemy marshal lives (its death reveals the flag).
  if (!knowledge_.enemy_marshal_dead()) {
    std::vector<int> marshal_posts;
    for (int p : posts)
      if (mask_of(p) & bit16(kMarshal)) marshal_posts.push_back(p);
    if (marshal_posts.empty()) return false;
    const int m = marshal_posts[rng.below(static_cast<std::uint32_t>(marshal_posts.size()))];
    piece[m] = kMarshal;
    pool[kMarshal] = 0;
    posts.erase(std::find(posts.begin(), posts.end(), m));
  }
  // Then the most constrained first, random among equals.
  for (std::size_t i = posts.size(); i > 1; --i)
    std::swap(posts[i - 1], posts[rng.below(static_cast<std::uint32_t>(i))]);
  std::stable_sort(posts.begin(), posts.end(), [&](int a, int b) {
    return std::popcount(mask_of(a)) < std::popcount(mask_of(b));
  });
  for (int p : posts) {
    // Mines only where the deployment rules allow them (the diagram checks it).
    const std::uint16_t mask = mask_of(p) & ~bit16(kFlag) & (deployable(p, enemy) | ~bit16(kMine));
    int total = 0;
    for (int k = 0; k < kPieceKinds; ++k)
      if (mask & bit16(k)) total += pool[k];
    if (total == 0) return false;
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(total)));
    for (int k = 0; k < kPieceKinds; ++k) {
      if (!(mask & bit16(k))) continue;
      if (pick < pool[k]) {
        piece[p] = k;
        --pool[k];
        break;
      }
      pick -= pool[k];
    }
  }
  return true;
}

std::optional<State> JunqiDeterminizer::sample(Rng& rng) const {
  const View& v = info_.view;
  if (v.deployed != 3 || v.outcome.finished() || v.to_move == kPublic) return std::nullopt;
  const Seat me = knowledge_.seat();
  std::array<int, kPosts> piece;
  bool ok = false;
  for (int attempt = 0; attempt < 64 && !ok; ++attempt) {
    piece.fill(-1);
    ok = deal(rng, true, piece);
  }
  for (int attempt = 0; attempt < 64 && !ok; ++attempt) {
    piece.fill(-1);
    ok = deal(rng, false, piece);
  }
  if (!ok) return std::nullopt;
  std::string diagram;
  for (int r = 0; r < kRows; ++r) {
    diagram += static_cast<char>('A' + r);
    for (int c = 0; c < kCols; ++c) {
      const int p = post_at(r, c);
      diagram += ' ';
      const int own = knowledge_.own_piece(p);
      if (own >= 0)
        diagram += static_cast<char>((me == 0 ? 'A' : 'a') + own);
      else if (piece[p] >= 0)
        diagram += static_cast<char>((me == 0 ? 'a' : 'A') + piece[p]);
      else
        diagram += '.';
    }
    diagram += '\n';
  }
  const int no_battle = std::min(v.no_battle, info_.rules.no_battle_limit - 1);
  auto st = State::from_diagram(info_.rules, diagram, v.to_move, no_battle);
  if (!st) return std::nullopt;
  return std::move(st).value();
}

std::optional<std::array<std::uint8_t, kPiecesPerSide>> own_layout(const JunqiSeatInfo& info) {
  for (const EventView& e : info.events)
    if (e.kind == Move::kDeploy && e.seat == info.seat && e.has_layout) return e.layout;
  return std::nullopt;
}

}  // namespace boyi::bots
