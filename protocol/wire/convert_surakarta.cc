// 苏拉卡尔塔 to the wire: perfect information; views from surakarta::View, and
// a capture's loop path from the position before the move.
#include <string>

#include "protocol/wire/convert.h"

namespace boyi::protocol::detail {

namespace {

std::string point_name(int x, int y) {
  return {static_cast<char>('A' + x), static_cast<char>('A' + y)};
}
std::string square_name(int square) {
  return point_name(surakarta::x_of(square), surakarta::y_of(square));
}

v1::SurakartaCell cell(surakarta::Cell c) {
  switch (c) {
    case surakarta::Cell::kBlack:
      return v1::SURAKARTA_BLACK;
    case surakarta::Cell::kWhite:
      return v1::SURAKARTA_WHITE;
    case surakarta::Cell::kEmpty:
      break;
  }
  return v1::SURAKARTA_EMPTY;
}

}  // namespace

void fill_view(const surakarta::View& view, v1::GameView& out) {
  auto* s = out.mutable_surakarta();
  for (int sq = 0; sq < surakarta::kSquares; ++sq) s->add_cells(cell(view.board[sq]));
  for (int side = 0; side < 2; ++side) s->add_pieces(view.pieces[side]);
  s->set_plies_since_capture(view.plies_since_capture);
}

void fill_full_view(const surakarta::State& state, v1::GameView& out) {
  fill_view(state.view(kPublic), out);
}

v1::GameEvent to_wire_event(const surakarta::State& before, const surakarta::Event& event,
                            Seat /*viewer*/) {
  v1::GameEvent out;
  auto* s = out.mutable_surakarta();
  s->set_seat(event.seat);
  s->set_from(square_name(event.move.from));
  s->set_to(square_name(event.move.to));
  s->set_capture(event.capture);
  s->set_ply(event.ply);
  if (event.capture)
    for (const auto& p : before.capture_path(event.move)) s->add_capture_path(point_name(p.x, p.y));
  return out;
}

}  // namespace boyi::protocol::detail
