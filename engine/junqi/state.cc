// The 军棋 state: deployment, battles, the end of the game, the checked path and
// the incremental Zobrist hash.
#include <string>

#include "engine/core/zobrist.h"
#include "engine/junqi/battle.h"
#include "engine/junqi/junqi.h"

namespace boyi::junqi {

static_assert(boyi::Game<State>);

namespace {

// Keys: a piece of an owner on a post, side to move, who has deployed, and the
// no-battle count (it changes how the game can end, so search must tell it apart).
constexpr int kPieceKeys = 2 * kPieceKinds * kPosts;
constexpr int kSideKey = kPieceKeys;
constexpr int kDeployedKey = kSideKey + 1;
constexpr int kNoBattleKey = kDeployedKey + 2;
constexpr auto kKeys = make_zobrist_keys<kNoBattleKey + 32>(0x4A554E5149ull);

constexpr std::uint64_t piece_key(int owner, int piece, int post) {
  return kKeys[(owner * kPieceKinds + piece) * kPosts + post];
}

enum Detail : std::uint8_t { kNoDetail, kFlagCaptured, kNoLegalMove, kNoBattle };

}  // namespace

State::State(const Rules& rules) : rules_(rules) {
  hash_ = compute_hash();
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = 0;
  for (int p = 0; p < kPosts; ++p)
    if (cell_[p] != 0) h ^= piece_key(owner_at(p), piece_at(p), p);
  if (side_ == 1) h ^= kKeys[kSideKey];
  for (int s = 0; s < 2; ++s)
    if (deployed(s)) h ^= kKeys[kDeployedKey + s];
  h ^= kKeys[kNoBattleKey + no_battle_];
  return h;
}

int State::pieces_left(Seat seat) const {
  int n = 0;
  for (int c : count_[seat]) n += c;
  return n;
}

Seat State::to_move() const {
  if (is_terminal() || !in_play()) return kPublic;
  return side_;
}

bool State::can_act(Seat seat) const {
  if ((seat != 0 && seat != 1) || is_terminal()) return false;
  return in_play() ? seat == side_ : !deployed(seat);
}

void State::put(int post, Seat owner, int piece) {
  cell_[post] = static_cast<std::uint8_t>(1 + piece + kPieceKinds * owner);
  occ_[owner] |= bit(post);
  ++count_[owner][piece];
  hash_ ^= piece_key(owner, piece, post);
}

void State::remove(int post) {
  const int v = cell_[post] - 1;
  const int owner = v / kPieceKinds, piece = v % kPieceKinds;
  cell_[post] = 0;
  occ_[owner] &= ~bit(post);
  --count_[owner][piece];
  hash_ ^= piece_key(owner, piece, post);
}

void State::set_no_battle(int count) {
  hash_ ^= kKeys[kNoBattleKey + no_battle_] ^ kKeys[kNoBattleKey + count];
  no_battle_ = static_cast<std::uint8_t>(count);
}

void State::end(Ending ending, int winner, std::uint8_t detail) {
  ending_ = ending;
  winner_ = static_cast<std::int8_t>(winner);
  detail_ = detail;
}

Outcome State::outcome() const {
  Outcome o;
  o.ending = ending_;
  if (ending_ == Ending::kNone) return o;
  if (winner_ >= 0) o.winner = winner_;
  switch (detail_) {
    case kFlagCaptured:
      o.detail = "flag captured";
      break;
    case kNoLegalMove:
      o.detail = "no legal move";
      break;
    case kNoBattle:
      o.detail = std::to_string(rules_.no_battle_limit) + " plies without a battle";
      break;
    default:
      break;
  }
  return o;
}

void State::apply(const Move& move) {
  ++ply_;
  if (move.kind == Move::kDeploy) {
    const Seat seat = move.seat;
    for (int i = 0; i < kPiecesPerSide; ++i) {
      const int post = from_own_frame(kDeploySlots[i], seat);
      put(post, seat, move.layout[i]);
      if (move.layout[i] == kFlag) flag_post_[seat] = static_cast<std::int8_t>(post);
    }
    deployed_ |= static_cast<std::uint8_t>(1 << seat);
    hash_ ^= kKeys[kDeployedKey + seat];
    lose_if_stuck();
    return;
  }
  const Seat mover = side_;
  const int from = move.from, to = move.to;
  const int a = (cell_[from] - 1) % kPieceKinds;
  const bool battle = cell_[to] != 0;
  if (!battle) {
    remove(from);
    put(to, mover, a);
  } else {
    const int d = (cell_[to] - 1) % kPieceKinds;
    switch (battle_code(a, d)) {
      case kAttackerWon:
        remove(from);
        remove(to);
        put(to, mover, a);
        if (d == kFlag) end(Ending::kNormal, mover, kFlagCaptured);
        break;
      case kBothRemoved:
        remove(from);
        remove(to);
        break;
      default:
        remove(from);
    }
    // A side whose marshal is gone has its flag post revealed from now on.
    for (int s = 0; s < 2; ++s)
      if (count_[s][kMarshal] == 0) revealed_ |= static_cast<std::uint8_t>(1 << s);
  }
  finish_turn(mover, battle);
}

void State::finish_turn(Seat mover, bool battle) {
  set_no_battle(battle ? 0 : no_battle_ + 1);
  side_ ^= 1;
  hash_ ^= kKeys[kSideKey];
  if (is_terminal()) return;
  if (no_battle_ >= rules_.no_battle_limit) {
    // Plies alternate, so the first of the quiet plies was made by the mover
    // when their number is odd.
    const Seat first = (no_battle_ % 2 == 1) ? mover : mover ^ 1;
    const int winner = rules_.no_battle_result == NoBattleResult::kLoss ? (first ^ 1) : -1;
    end(Ending::kNoBattleLimit, winner, kNoBattle);
  } else {
    lose_if_stuck();
  }
}

void State::lose_if_stuck() {
  if (in_play() && !is_terminal() && !has_legal_move(side_))
    end(Ending::kNormal, side_ ^ 1, kNoLegalMove);
}

Status State::check_layout(const std::array<std::uint8_t, kPiecesPerSide>& layout) {
  std::array<int, kPieceKinds> n{};
  for (int i = 0; i < kPiecesPerSide; ++i) {
    if (layout[i] >= kPieceKinds)
      return fail("unknown piece code " + std::to_string(layout[i]) + " at " +
                  post_name(kDeploySlots[i]));
    ++n[layout[i]];
  }
  for (int p = 0; p < kPieceKinds; ++p)
    if (n[p] != kPieceCount[p])
      return fail("wrong count of " + std::string(piece_name(p)) + " (" + piece_letter(p) +
                  "): " + std::to_string(n[p]) + " instead of " + std::to_string(kPieceCount[p]));
  for (int i = 0; i < kPiecesPerSide; ++i) {
    const int post = kDeploySlots[i], piece = layout[i];
    if (piece == kFlag && !((board::kHeadquarters >> post) & 1))
      return fail("flag must be in a headquarters (L1 or L3), not " + post_name(post));
    if (piece == kMine && row_of(post) < 10)
      return fail("mine at " + post_name(post) + " must be in rows K-L");
    if (piece == kBomb && row_of(post) == 6)
      return fail("bomb at " + post_name(post) + " must not be in row G");
  }
  return Status::Ok();
}

Status State::check(Seat seat, const Move& move) const {
  if (seat != 0 && seat != 1) return fail("seat " + std::to_string(seat) + " is not a player");
  if (is_terminal()) return fail("the game is over");
  if (move.kind == Move::kDeploy) {
    if (move.seat != seat)
      return fail("a deployment for seat " + std::to_string(move.seat) + " sent by seat " +
                  std::to_string(seat));
    if (deployed(seat)) return fail("seat " + std::to_string(seat) + " has already deployed");
    return check_layout(move.layout);
  }
  if (move.kind != Move::kStep) return fail("malformed move");
  if (!in_play()) return fail("no step before both sides have deployed");
  if (seat != side_) return fail("not seat " + std::to_string(seat) + "'s turn");
  return check_step(seat, move);
}

Status State::check_step(Seat seat, const Move& move) const {
  if (move.from >= kPosts || move.to >= kPosts) return fail("post out of the board");
  const std::string what = post_name(move.from) + post_name(move.to);
  if (owner_at(move.from) != seat)
    return fail(what + ": no piece of seat " + std::to_string(seat) + " on " +
                post_name(move.from));
  const int piece = piece_at(move.from);
  if (piece == kMine || piece == kFlag)
    return fail(what + ": the " + std::string(piece_name(piece)) + " never moves");
  if ((board::kHeadquarters >> move.from) & 1)
    return fail(what + ": a piece in a headquarters never moves");
  if (move.from == move.to) return fail(what + ": a step must leave its post");
  if (owner_at(move.to) == seat) return fail(what + ": own piece on " + post_name(move.to));
  if (!empty(move.to) && ((board::kCamps >> move.to) & 1))
    return fail(what + ": a piece in a camp cannot be attacked");
  if (!((targets(move.from) >> move.to) & 1))
    return fail(what + ": the " + std::string(piece_name(piece)) + " cannot reach " +
                post_name(move.to));
  return Status::Ok();
}

Result<Event> State::apply_checked(Seat seat, const Move& move) {
  if (Status s = check(seat, move); !s.ok()) return Error{s.message()};
  Event e;
  e.move = move;
  e.seat = seat;
  const std::uint8_t revealed_before = revealed_;
  if (move.kind == Move::kStep) {
    e.attacker = piece_at(move.from);
    e.defender = piece_at(move.to);
    apply(move);
    if (e.defender < 0)
      e.code = kPlainMove;
    else if (owner_at(move.to) == seat)
      e.code = kAttackerWon;
    else if (empty(move.to))
      e.code = kBothRemoved;
    else
      e.code = kAttackerRemoved;
  } else {
    apply(move);
  }
  e.ply = ply_;
  for (int s = 0; s < 2; ++s)
    if (flag_revealed(s)) e.revealed_flag[s] = flag_post_[s];
  e.newly_revealed = static_cast<std::uint8_t>(revealed_ & ~revealed_before);
  return e;
}

Move State::random_deployment(Seat seat, Rng& rng) const {
  // Flag, then mines, then bombs, then the rest, each uniform over the slots
  // still free that its rule allows: every legal layout has the same chance.
  std::array<std::uint8_t, kPiecesPerSide> layout{};
  std::array<bool, kPiecesPerSide> used{};
  auto place = [&](int piece, int first_slot) {
    int free_slots[kPiecesPerSide];
    int n = 0;
    for (int i = first_slot; i < kPiecesPerSide; ++i)
      if (!used[i]) free_slots[n++] = i;
    const int slot = free_slots[rng.below(static_cast<std::uint32_t>(n))];
    used[slot] = true;
    layout[slot] = static_cast<std::uint8_t>(piece);
  };
  const int flag_slot = rng.below(2) ? 23 : 21;  // L3 or L1
  used[flag_slot] = true;
  layout[flag_slot] = kFlag;
  for (int i = 0; i < kPieceCount[kMine]; ++i) place(kMine, 15);  // rows K-L
  for (int i = 0; i < kPieceCount[kBomb]; ++i) place(kBomb, 5);   // not row G
  for (int p = 0; p < kMine; ++p)
    for (int i = 0; i < kPieceCount[p]; ++i) place(p, 0);
  (void)this;
  return Move::deploy(seat, layout);
}

Move step_to_own_frame(const Move& move, Seat seat) {
  if (move.kind != Move::kStep) return move;
  return Move::step(to_own_frame(move.from, seat), to_own_frame(move.to, seat));
}

Move step_from_own_frame(const Move& move, Seat seat) {
  return step_to_own_frame(move, seat);
}

}  // namespace boyi::junqi
