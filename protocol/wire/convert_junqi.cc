// 军棋 to the wire. Views come only from junqi::View (what the viewer may know)
// and events only from State::event_view(event, viewer): an enemy identity
// cannot reach a seat or a spectator through these functions. fill_full_view
// reads the full state and is for records after the end.
#include <string>

#include "protocol/wire/convert.h"

namespace boyi::protocol::detail {

namespace {

std::string letter(int piece) {
  return std::string(1, junqi::piece_letter(piece));
}

void add_flags(const std::array<int, 2>& flags,
               google::protobuf::RepeatedPtrField<v1::JunqiFlag>* out) {
  for (int s = 0; s < 2; ++s) {
    if (flags[s] < 0) continue;
    auto* f = out->Add();
    f->set_seat(s);
    f->set_post(junqi::post_name(flags[s]));
  }
}

}  // namespace

void fill_view(const junqi::View& view, v1::GameView& out) {
  auto* j = out.mutable_junqi();
  for (int p = 0; p < junqi::kPosts; ++p) {
    auto* post = j->add_posts();
    const int cell = view.cells[p];
    if (cell == 0) {
      post->set_kind(v1::JUNQI_POST_EMPTY);
      post->set_owner(kPublic);
    } else if (cell >= junqi::View::kHidden) {
      post->set_kind(v1::JUNQI_POST_HIDDEN);
      post->set_owner(cell - junqi::View::kHidden);
    } else {
      const int owner = (cell - 1) / junqi::kPieceKinds;
      const int piece = (cell - 1) % junqi::kPieceKinds;
      post->set_owner(owner);
      if (owner == view.viewer) {
        post->set_kind(v1::JUNQI_POST_OWN);
        post->set_piece(letter(piece));
      } else if (piece == junqi::kFlag && view.revealed_flag[owner] == p) {
        post->set_kind(v1::JUNQI_POST_REVEALED_FLAG);
        post->set_piece(letter(piece));
      } else {
        // The engine never shows another enemy identity; should it ever, the
        // wire still says only "hidden".
        post->set_kind(v1::JUNQI_POST_HIDDEN);
      }
    }
  }
  for (int s = 0; s < 2; ++s) j->add_deployed(((view.deployed >> s) & 1) != 0);
  j->set_no_battle(view.no_battle);
  j->set_no_battle_limit(view.no_battle_limit);
  add_flags(view.revealed_flag, j->mutable_revealed_flags());
}

void fill_full_view(const junqi::State& state, v1::GameView& out) {
  auto* j = out.mutable_junqi();
  for (int p = 0; p < junqi::kPosts; ++p) {
    auto* post = j->add_posts();
    if (state.empty(p)) {
      post->set_kind(v1::JUNQI_POST_EMPTY);
      post->set_owner(kPublic);
    } else {
      post->set_kind(v1::JUNQI_POST_KNOWN);
      post->set_owner(state.owner_at(p));
      post->set_piece(letter(state.piece_at(p)));
    }
  }
  for (int s = 0; s < 2; ++s) j->add_deployed(state.deployed(s));
  j->set_no_battle(state.no_battle_count());
  j->set_no_battle_limit(state.rules().no_battle_limit);
  std::array<int, 2> flags{-1, -1};
  for (int s = 0; s < 2; ++s)
    if (state.flag_revealed(s)) flags[s] = state.flag_post(s);
  add_flags(flags, j->mutable_revealed_flags());
}

v1::GameEvent to_wire_event(const junqi::State& /*before*/, const junqi::Event& event,
                            Seat viewer) {
  const junqi::EventView v = junqi::State::event_view(event, viewer);
  v1::GameEvent out;
  auto* j = out.mutable_junqi();
  j->set_seat(v.seat);
  j->set_ply(v.ply);
  if (v.kind == junqi::Move::kDeploy) {
    j->set_kind(v1::JunqiEvent::KIND_DEPLOY);
    j->set_code(-1);
    if (v.has_layout) {
      std::string layout;
      for (std::uint8_t piece : v.layout) layout += junqi::piece_letter(piece);
      j->set_layout(layout);
    }
    return out;
  }
  j->set_kind(v1::JunqiEvent::KIND_STEP);
  j->set_from(junqi::post_name(v.from));
  j->set_to(junqi::post_name(v.to));
  j->set_code(v.code);
  add_flags(v.revealed_flag, j->mutable_revealed_flags());
  return out;
}

bool is_redacted(const junqi::Event& event, Seat viewer) {
  const junqi::EventView v = junqi::State::event_view(event, viewer);
  return v.kind == junqi::Move::kDeploy && !v.has_layout;
}

}  // namespace boyi::protocol::detail
