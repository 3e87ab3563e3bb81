#include "bots/wire/junqi_from_wire.h"

#include <string>

#include "protocol/wire/wire_game.h"

namespace boyi::bots {

namespace {

using junqi::View;

bool is_seat(int s) {
  return s == 0 || s == 1;
}

std::uint8_t own_cell(Seat owner, int piece) {
  return static_cast<std::uint8_t>(1 + piece + junqi::kPieceKinds * owner);
}

std::uint8_t hidden_cell(Seat owner) {
  return static_cast<std::uint8_t>(View::kHidden + owner);
}

// The owner of a non-empty cell of a view.
Seat cell_owner(std::uint8_t cell) {
  return cell >= View::kHidden ? cell - View::kHidden : (cell - 1) / junqi::kPieceKinds;
}

Result<int> piece_of_letter(const std::string& letter) {
  if (letter.size() != 1 || letter[0] < 'a' || letter[0] >= 'a' + junqi::kPieceKinds)
    return fail("'" + letter + "' is not a piece letter (a..l)");
  return letter[0] - 'a';
}

Status read_flags(const google::protobuf::RepeatedPtrField<v1::JunqiFlag>& flags,
                  std::array<int, 2>& out) {
  out = {-1, -1};
  for (const auto& f : flags) {
    if (!is_seat(f.seat())) return fail("revealed flag of seat " + std::to_string(f.seat()));
    auto post = junqi::parse_post(f.post());
    if (!post) return fail("revealed flag: " + post.message());
    out[static_cast<std::size_t>(f.seat())] = *post;
  }
  return Status::Ok();
}

}  // namespace

Outcome outcome_from_wire(const v1::Outcome& outcome) {
  Outcome o;
  o.ending = protocol::from_wire(outcome.ending());
  if (is_seat(outcome.winner())) o.winner = outcome.winner();
  o.detail = outcome.detail();
  return o;
}

Result<junqi::View> junqi_view_from_wire(const v1::GameView& view) {
  if (!view.has_junqi()) return fail("the view has no 军棋 position");
  if (!is_seat(view.viewer()))
    return fail("not a seat's view (viewer " + std::to_string(view.viewer()) + ")");
  const v1::JunqiView& j = view.junqi();
  if (j.posts_size() != junqi::kPosts)
    return fail("a 军棋 view has " + std::to_string(junqi::kPosts) + " posts, not " +
                std::to_string(j.posts_size()));
  View v;
  v.viewer = view.viewer();
  v.to_move = is_seat(view.to_move()) ? view.to_move() : kPublic;
  v.ply = view.ply();
  v.no_battle = j.no_battle();
  v.no_battle_limit = j.no_battle_limit();
  v.outcome = outcome_from_wire(view.outcome());
  if (j.deployed_size() > 2) return fail("deployed lists more than two seats");
  for (int s = 0; s < j.deployed_size(); ++s)
    if (j.deployed(s)) v.deployed |= static_cast<std::uint8_t>(1 << s);
  if (Status st = read_flags(j.revealed_flags(), v.revealed_flag); !st) return Error{st.message()};
  for (int p = 0; p < junqi::kPosts; ++p) {
    const v1::JunqiPost& post = j.posts(p);
    const std::string where = " at " + junqi::post_name(p);
    switch (post.kind()) {
      case v1::JUNQI_POST_EMPTY:
        break;
      case v1::JUNQI_POST_HIDDEN:
        if (!is_seat(post.owner()) || post.owner() == v.viewer)
          return fail("hidden piece of seat " + std::to_string(post.owner()) + where);
        v.cells[p] = hidden_cell(post.owner());
        break;
      case v1::JUNQI_POST_OWN: {
        if (post.owner() != v.viewer) return fail("own piece of another seat" + where);
        auto piece = piece_of_letter(post.piece());
        if (!piece) return fail(piece.message() + where);
        v.cells[p] = own_cell(v.viewer, *piece);
        break;
      }
      case v1::JUNQI_POST_REVEALED_FLAG:
        if (!is_seat(post.owner()) || post.owner() == v.viewer ||
            v.revealed_flag[static_cast<std::size_t>(post.owner())] != p)
          return fail("revealed flag not listed in revealed_flags" + where);
        v.cells[p] = own_cell(post.owner(), junqi::kFlag);
        break;
      default:
        return fail("a seat's view cannot show post kind " + v1::JunqiPostKind_Name(post.kind()) +
                    where);
    }
  }
  return v;
}

Result<junqi::EventView> junqi_event_from_wire(const v1::JunqiEvent& event, Seat viewer) {
  if (!is_seat(event.seat())) return fail("event of seat " + std::to_string(event.seat()));
  junqi::EventView v;
  v.viewer = viewer;
  v.seat = event.seat();
  v.ply = event.ply();
  if (event.kind() == v1::JunqiEvent::KIND_DEPLOY) {
    v.kind = junqi::Move::kDeploy;
    if (event.layout().empty()) return v;
    if (event.seat() != viewer) return fail("a deployment layout of the other seat");
    if (event.layout().size() != junqi::kPiecesPerSide)
      return fail("a layout has 25 letters, not " + std::to_string(event.layout().size()));
    for (int i = 0; i < junqi::kPiecesPerSide; ++i) {
      auto piece = piece_of_letter(std::string(1, event.layout()[static_cast<std::size_t>(i)]));
      if (!piece) return fail("layout: " + piece.message());
      v.layout[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(*piece);
    }
    v.has_layout = true;
    return v;
  }
  if (event.kind() != v1::JunqiEvent::KIND_STEP) return fail("unknown 军棋 event kind");
  v.kind = junqi::Move::kStep;
  auto from = junqi::parse_post(event.from());
  auto to = junqi::parse_post(event.to());
  if (!from || !to) return fail("step " + event.from() + event.to() + ": bad post");
  if (event.code() < junqi::kAttackerRemoved || event.code() > junqi::kPlainMove)
    return fail("step outcome code " + std::to_string(event.code()));
  v.from = *from;
  v.to = *to;
  v.code = event.code();
  if (Status st = read_flags(event.revealed_flags(), v.revealed_flag); !st)
    return Error{st.message()};
  return v;
}

Status apply_junqi_event(junqi::View& view, const junqi::EventView& event) {
  auto& cells = view.cells;
  const Seat mover = event.seat;
  if (event.kind == junqi::Move::kDeploy) {
    if ((view.deployed >> mover) & 1)
      return fail("seat " + std::to_string(mover) + " deployed twice");
    if (mover == view.viewer && !event.has_layout) return fail("own deployment without a layout");
    for (int i = 0; i < junqi::kPiecesPerSide; ++i) {
      const int post =
          junqi::from_own_frame(junqi::kDeploySlots[static_cast<std::size_t>(i)], mover);
      if (cells[post] != 0) return fail("deployment onto occupied " + junqi::post_name(post));
      cells[post] = mover == view.viewer
                        ? own_cell(mover, event.layout[static_cast<std::size_t>(i)])
                        : hidden_cell(mover);
    }
    view.deployed |= static_cast<std::uint8_t>(1 << mover);
    view.ply = event.ply;
    return Status::Ok();
  }
  const std::string what = junqi::post_name(event.from) + junqi::post_name(event.to);
  if (cells[event.from] == 0 || cell_owner(cells[event.from]) != mover)
    return fail(what + ": no piece of seat " + std::to_string(mover) + " to move");
  const bool occupied = cells[event.to] != 0;
  if (occupied && cell_owner(cells[event.to]) == mover) return fail(what + ": onto its own piece");
  if (occupied == (event.code == junqi::kPlainMove))
    return fail(what + ": outcome code " + std::to_string(event.code) + " does not fit the board");
  switch (event.code) {
    case junqi::kPlainMove:
    case junqi::kAttackerWon:
      cells[event.to] = cells[event.from];
      cells[event.from] = 0;
      break;
    case junqi::kAttackerRemoved:
      cells[event.from] = 0;
      break;
    default:  // both removed
      cells[event.from] = 0;
      cells[event.to] = 0;
      break;
  }
  view.no_battle = event.code == junqi::kPlainMove ? view.no_battle + 1 : 0;
  // The enemy's flag post once its marshal is gone: the flag stands there, known.
  for (Seat s = 0; s < 2; ++s) {
    const int post = event.revealed_flag[static_cast<std::size_t>(s)];
    if (s == view.viewer || post < 0) continue;
    view.revealed_flag[static_cast<std::size_t>(s)] = post;
    if (cells[post] != 0 && cell_owner(cells[post]) == s) cells[post] = own_cell(s, junqi::kFlag);
  }
  view.ply = event.ply;
  return Status::Ok();
}

}  // namespace boyi::bots
