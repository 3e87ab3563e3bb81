// The referee's checked path, the outcome and the hash recomputed from scratch.
// The fast path (legal_moves, apply) is inline in dots.h.
#include <string>

#include "engine/dots/dots.h"

namespace boyi::dots {

static_assert(boyi::Game<State>);
static_assert(std::is_trivially_copyable_v<State>, "search copies states: keep them plain");

namespace {
std::string seat_name(Seat seat) {
  return "seat " + std::to_string(seat) + (seat == 0 ? " (black)" : " (white)");
}
}  // namespace

Status State::check_seat(Seat seat) const {
  if (seat != 0 && seat != 1) return fail("seat " + std::to_string(seat) + " is not a player");
  if (is_terminal()) return fail("the game is over");
  if (seat != side_)
    return fail("it is " + seat_name(side_) + "'s turn, not " + seat_name(seat) + "'s");
  return Status::Ok();
}

Status State::check(Seat seat, Move move) const {
  if (Status s = check_seat(seat); !s) return s;
  if (move.edge >= kEdges)
    return fail("edge index " + std::to_string(move.edge) + " is not on the board (0..59)");
  if (edge_drawn(move.edge)) return fail("edge " + edge_name(move.edge) + " is already drawn");
  return Status::Ok();
}

Result<Event> State::apply_checked(Seat seat, Move move) {
  if (Status s = check(seat, move); !s) return Error{s.message()};
  Event event;
  event.move = move;
  event.seat = seat;
  std::uint32_t claimed = apply(move);
  while (claimed) {
    event.boxes[event.claimed++] = static_cast<std::int8_t>(std::countr_zero(claimed));
    claimed &= claimed - 1;
  }
  event.again = event.claimed > 0 && !is_terminal();
  return event;
}

Outcome State::outcome() const {
  if (!is_terminal()) return {};
  const int black = score(0), white = score(1);
  Outcome o;
  o.ending = Ending::kNormal;
  o.winner = black > white ? 0 : 1;  // 25 boxes: never equal
  o.detail = std::to_string(black) + "-" + std::to_string(white);
  return o;
}

std::uint64_t State::compute_hash() const {
  std::uint64_t h = 0;
  for (int e = 0; e < kEdges; ++e)
    if (edge_drawn(e)) h ^= zobrist::edge(e);
  for (int b = 0; b < kBoxes; ++b) {
    const Seat owner = box_owner(b);
    if (owner != kPublic) h ^= zobrist::box(owner, b);
  }
  if (side_ == 1) h ^= zobrist::kSeatOne;
  return h;
}

View State::view(Seat viewer) const {
  View v;
  v.viewer = viewer;
  v.edges = drawn_edges();
  for (int b = 0; b < kBoxes; ++b) v.owners[b] = static_cast<std::int8_t>(box_owner(b));
  v.score = {score(0), score(1)};
  v.to_move = to_move();
  v.ply = ply();
  v.outcome = outcome();
  return v;
}

}  // namespace boyi::dots
