// The position, move generation and the end of the game: the fast path search runs on, and the
// checked path the referee runs on.
#include <bit>

#include "engine/core/game.h"
#include "engine/core/zobrist.h"
#include "engine/surakarta/loops.h"
#include "engine/surakarta/surakarta.h"

namespace boyi::surakarta {

static_assert(boyi::Game<State>);

namespace {

using detail::kCircuit;
using detail::kLoopBits;
using detail::kLoopLength;
using detail::kLoops;
using detail::kNeighbours;

// Keys 0..35 black pieces, 36..71 white pieces, 72 white to move.
constexpr auto kKeys = make_zobrist_keys<2 * kSquares + 1>(0x5355524B4152544Bull);
constexpr std::uint64_t kWhiteToMoveKey = kKeys[2 * kSquares];
constexpr std::uint64_t piece_key(int side, int square) {
  return kKeys[side * kSquares + square];
}

constexpr std::uint64_t kBlackStart = (std::uint64_t{1} << 12) - 1;  // rows 0 and 1
constexpr std::uint64_t kWhiteStart = kBlackStart << 24;             // rows 4 and 5

std::string point_text(int square) {
  return {static_cast<char>('A' + x_of(square)), static_cast<char>('A' + y_of(square))};
}

std::string counts_text(const std::array<std::uint64_t, 2>& bb) {
  return "black " + std::to_string(std::popcount(bb[0])) + ", white " +
         std::to_string(std::popcount(bb[1]));
}

}  // namespace

std::string_view side_name(Seat seat) {
  return seat == 0 ? "black" : "white";
}

State::State(const Rules& rules) : rules_(rules), bb_{kBlackStart, kWhiteStart} {
  for (int l = 0; l < kLoops; ++l)
    for (int s = 0; s < kSquares; ++s)
      if (((bb_[0] | bb_[1]) >> s) & 1) loop_occ_[l] |= kLoopBits[l][s];
  hash_ = compute_hash();
  update_end();
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = side_ ? kWhiteToMoveKey : 0;
  for (int side = 0; side < 2; ++side)
    for (int s = 0; s < kSquares; ++s)
      if ((bb_[side] >> s) & 1) h ^= piece_key(side, s);
  return h;
}

// Enemy pieces the piece of `side` on `from` captures. On each loop the other occupied
// positions are a 24-bit mask (both occurrences of `from` cleared: the start point counts as
// empty); doubled to 48 bits, the first occupied position in either direction is one bit scan,
// and an arc was crossed iff a multiple of 6 lies between start and hit.
std::uint64_t State::capture_targets(int from, int side) const {
  std::uint64_t targets = 0;
  const std::uint64_t enemy = bb_[side ^ 1];
  for (int l = 0; l < kLoops; ++l) {
    const std::uint32_t own = kLoopBits[l][from];
    if (!own) continue;
    const std::uint32_t occ = loop_occ_[l] & ~own;
    if (!occ) continue;
    const std::uint64_t twice = occ | (std::uint64_t{occ} << kLoopLength);
    for (std::uint32_t starts = own; starts; starts &= starts - 1) {
      const int s = std::countr_zero(starts);
      const int ahead = s + 1 + std::countr_zero(twice >> (s + 1));
      if (ahead / 6 > s / 6) {
        const int sq = kCircuit[l][ahead % kLoopLength];
        targets |= enemy & (std::uint64_t{1} << sq);
      }
      const int back = 63 - std::countl_zero(twice & ((std::uint64_t{1} << (s + kLoopLength)) - 1));
      if ((s + kLoopLength) / 6 > back / 6) {
        const int sq = kCircuit[l][back % kLoopLength];
        targets |= enemy & (std::uint64_t{1} << sq);
      }
    }
  }
  return targets;
}

void State::legal_moves(MoveList& list) const {
  list.clear();
  if (end_ != End::kNone) return;
  const std::uint64_t empty = ~(bb_[0] | bb_[1]);
  for (std::uint64_t pieces = bb_[side_]; pieces; pieces &= pieces - 1) {
    const int from = std::countr_zero(pieces);
    // Steps land on empty points, captures on enemies: the two sets never overlap.
    std::uint64_t to = (kNeighbours[from] & empty) | capture_targets(from, side_);
    for (; to; to &= to - 1)
      list.push_back(
          Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(std::countr_zero(to))});
  }
}

bool State::has_any_move() const {
  const std::uint64_t empty = ~(bb_[0] | bb_[1]);
  for (std::uint64_t pieces = bb_[side_]; pieces; pieces &= pieces - 1)
    if (kNeighbours[std::countr_zero(pieces)] & empty) return true;
  for (std::uint64_t pieces = bb_[side_]; pieces; pieces &= pieces - 1)
    if (capture_targets(std::countr_zero(pieces), side_)) return true;
  return false;
}

void State::update_end() {
  if (!bb_[0] || !bb_[1])
    end_ = End::kNoPieces;
  else if (!has_any_move())
    end_ = End::kNoMoves;
  else if (rules_.no_capture_limit && since_capture_ >= rules_.no_capture_limit)
    end_ = End::kNoCaptureLimit;
  else if (rules_.max_plies && ply_ >= rules_.max_plies)
    end_ = End::kMaxPlies;
  else
    end_ = End::kNone;
}

void State::apply(const Move& move) {
  const int me = side_, opp = me ^ 1;
  const std::uint64_t from_bit = std::uint64_t{1} << move.from;
  const std::uint64_t to_bit = std::uint64_t{1} << move.to;
  bb_[me] ^= from_bit | to_bit;
  hash_ ^= piece_key(me, move.from) ^ piece_key(me, move.to) ^ kWhiteToMoveKey;
  for (int l = 0; l < kLoops; ++l) {
    loop_occ_[l] ^= kLoopBits[l][move.from];
    loop_occ_[l] |= kLoopBits[l][move.to];
  }
  if (bb_[opp] & to_bit) {
    bb_[opp] ^= to_bit;
    hash_ ^= piece_key(opp, move.to);
    since_capture_ = 0;
  } else {
    ++since_capture_;
  }
  ++ply_;
  side_ = static_cast<std::uint8_t>(opp);
  update_end();
}

Status State::check(Seat seat, const Move& move) const {
  if (seat != 0 && seat != 1) return fail("only seats 0 and 1 can move");
  if (end_ != End::kNone) return fail("the game is over");
  if (seat != side_)
    return fail("it is " + std::string(side_name(side_)) + "'s turn, not " +
                std::string(side_name(seat)) + "'s");
  if (move.from >= kSquares || move.to >= kSquares) return fail("malformed move: no such point");
  if (move.from == move.to) return fail("a move must leave its point");
  const std::string text = format_move(move);
  const std::uint64_t from_bit = std::uint64_t{1} << move.from;
  const std::uint64_t to_bit = std::uint64_t{1} << move.to;
  if (!(bb_[seat] & from_bit))
    return fail(text + ": no " + std::string(side_name(seat)) + " piece on " +
                point_text(move.from));
  if (bb_[seat] & to_bit) return fail(text + ": " + point_text(move.to) + " holds your own piece");
  const bool adjacent = kNeighbours[move.from] & to_bit;
  if (!(bb_[seat ^ 1] & to_bit)) {
    if (adjacent) return Status::Ok();
    return fail(text + ": a plain move goes one step to a neighbouring point");
  }
  if (capture_targets(move.from, seat) & to_bit) return Status::Ok();
  return fail(text + (adjacent ? ": plain moves never capture, and no" : ": no") +
              " loop path through an arc with every point passed empty reaches the " +
              std::string(side_name(seat ^ 1)) + " piece on " + point_text(move.to));
}

Result<Event> State::apply_checked(Seat seat, const Move& move) {
  if (Status s = check(seat, move); !s) return fail(s.message());
  const Event event{move, seat, is_capture(move), ply_ + 1};
  apply(move);
  return event;
}

Outcome State::outcome() const {
  Outcome o;
  const int black = std::popcount(bb_[0]), white = std::popcount(bb_[1]);
  auto by_count = [&] {
    if (black != white) o.winner = black > white ? 0 : 1;
  };
  switch (end_) {
    case End::kNone:
      break;
    case End::kNoPieces: {
      const Seat loser = bb_[0] ? 1 : 0;
      o = {Ending::kNormal, loser ^ 1, std::string(side_name(loser)) + " has no pieces left"};
      break;
    }
    case End::kNoMoves:
      o = {Ending::kNormal, side_ ^ 1, std::string(side_name(side_)) + " has no legal move"};
      break;
    case End::kNoCaptureLimit:
      o.ending = Ending::kAdjudication;
      o.detail = "no capture in " + std::to_string(since_capture_) +
                 " plies (no_capture_limit=" + std::to_string(rules_.no_capture_limit) +
                 "), pieces " + counts_text(bb_);
      by_count();
      break;
    case End::kMaxPlies:
      o.ending = Ending::kAdjudication;
      o.detail = "move cap of " + std::to_string(rules_.max_plies) +
                 " plies reached (max_plies=" + std::to_string(rules_.max_plies) + "), pieces " +
                 counts_text(bb_);
      by_count();
      break;
  }
  return o;
}

std::vector<Point> State::capture_path(const Move& move) const {
  if (!check(side_, move).ok() || !is_capture(move)) return {};
  int best_len = kLoopLength + 1, best_loop = 0, best_start = 0, best_dir = 1;
  for (int l = 0; l < kLoops; ++l)
    for (int s = 0; s < kLoopLength; ++s) {
      if (kCircuit[l][s] != move.from) continue;
      for (int dir : {1, -1}) {
        bool arc = false;
        for (int k = 1; k < kLoopLength; ++k) {
          const int prev = (s + dir * (k - 1) + kLoopLength) % kLoopLength;
          const int pos = (s + dir * k + 2 * kLoopLength) % kLoopLength;
          arc |= (dir > 0 ? pos : prev) % 6 == 0;
          const int sq = kCircuit[l][pos];
          if (sq == move.from || cell_at(sq) == Cell::kEmpty) continue;
          if (sq == move.to && arc && k < best_len)
            best_len = k, best_loop = l, best_start = s, best_dir = dir;
          break;
        }
      }
    }
  std::vector<Point> path;
  for (int k = 0; k <= best_len; ++k) {
    const int sq = kCircuit[best_loop][(best_start + best_dir * k + 2 * kLoopLength) % kLoopLength];
    path.push_back(Point{x_of(sq), y_of(sq)});
  }
  return path;
}

}  // namespace boyi::surakarta
