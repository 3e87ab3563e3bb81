// 点格棋 to the wire: perfect information; conversions read dots::View and
// dots::Event only.
#include "protocol/wire/convert.h"

namespace boyi::protocol::detail {

void fill_view(const dots::View& view, v1::GameView& out) {
  auto* d = out.mutable_dots();
  for (int e = 0; e < dots::kEdges; ++e)
    if ((view.edges >> e) & 1) d->add_edges(dots::edge_name(e));
  for (int b = 0; b < dots::kBoxes; ++b) d->add_box_owner(view.owners[b]);
  for (int s = 0; s < 2; ++s) d->add_score(view.score[s]);
}

void fill_full_view(const dots::State& state, v1::GameView& out) {
  fill_view(state.view(kPublic), out);
}

v1::GameEvent to_wire_event(const dots::State& /*before*/, const dots::Event& event,
                            Seat /*viewer*/) {
  v1::GameEvent out;
  auto* d = out.mutable_dots();
  d->set_seat(event.seat);
  d->set_edge(dots::edge_name(event.move.edge));
  for (int i = 0; i < event.claimed && i < 2; ++i) d->add_boxes(dots::box_name(event.boxes[i]));
  d->set_again(event.again);
  return out;
}

}  // namespace boyi::protocol::detail
