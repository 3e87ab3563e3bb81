#include "bots/bridges/junqi_seat_tracker.h"

#include <string>

namespace boyi::bots {

using namespace junqi;

void JunqiSeatTracker::start(Seat seat, const Rules& rules) {
  info_ = JunqiSeatInfo{};
  info_.rules = rules;
  info_.seat = seat;
  info_.view = View{};
  info_.view.viewer = seat;
  info_.view.to_move = kPublic;
  info_.view.no_battle_limit = rules.no_battle_limit;
  started_ = true;
}

int JunqiSeatTracker::own_cell(int piece) const {
  return 1 + piece + kPieceKinds * info_.seat;
}

Status JunqiSeatTracker::deployed(std::string_view letters) {
  if (!started_) return fail("no START yet");
  if (own_deployed()) return fail("already deployed");
  const State fresh(info_.rules);
  auto move = fresh.parse_move(info_.seat, letters);
  if (!move) return Error{move.message()};
  if (Status s = fresh.check(info_.seat, *move); !s) return s;
  View& v = info_.view;
  for (int i = 0; i < kPiecesPerSide; ++i)
    v.cells[from_own_frame(kDeploySlots[i], info_.seat)] =
        static_cast<std::uint8_t>(own_cell(move->layout[i]));
  v.deployed |= static_cast<std::uint8_t>(1 << info_.seat);
  ++v.ply;
  EventView e;
  e.viewer = info_.seat;
  e.kind = Move::kDeploy;
  e.seat = info_.seat;
  e.ply = v.ply;
  e.has_layout = true;
  e.layout = move->layout;
  info_.events.push_back(e);
  return Status::Ok();
}

void JunqiSeatTracker::begin_play() {
  View& v = info_.view;
  const Seat enemy = 1 - info_.seat;
  if ((v.deployed >> enemy) & 1) return;
  for (int i = 0; i < kPiecesPerSide; ++i)
    v.cells[from_own_frame(kDeploySlots[i], enemy)] =
        static_cast<std::uint8_t>(View::kHidden + enemy);
  v.deployed |= static_cast<std::uint8_t>(1 << enemy);
  ++v.ply;
  v.to_move = 0;  // seat 0 moves first
  EventView e;
  e.viewer = info_.seat;
  e.kind = Move::kDeploy;
  e.seat = enemy;
  e.ply = v.ply;
  info_.events.push_back(e);
}

Status JunqiSeatTracker::opponent_go(const junqi_lines::Go& go) {
  if (!started_) return fail("GO before START");
  if (!own_deployed()) return fail("GO before our deployment");
  const Seat enemy = 1 - info_.seat;
  if (go.first_turn) {
    if (info_.seat != 0 || in_play())
      return fail("GO 0000 0 00 is only the first mover's first turn");
    begin_play();
    return Status::Ok();
  }
  if (in_play() && info_.view.to_move != enemy) return fail("GO while it is our turn");
  if (!in_play() && info_.seat != 1) return fail("the first mover's first GO must be GO 0000 0 00");
  const View before = info_.view;
  const std::size_t events_before = info_.events.size();
  begin_play();
  if (Status s = step(enemy, go.from, go.to, go.code, go.enemy_flag); !s) {
    info_.view = before;
    info_.events.resize(events_before);
    return s;
  }
  return Status::Ok();
}

Status JunqiSeatTracker::own_result(const Move& move, const junqi_lines::StepResult& result) {
  if (!in_play()) return fail("RESULT before the play phase");
  if (info_.view.to_move != info_.seat) return fail("RESULT while it is not our turn");
  return step(info_.seat, move.from, move.to, result.code, result.enemy_flag);
}

Status JunqiSeatTracker::step(Seat mover, int from, int to, int code, int enemy_flag) {
  View& v = info_.view;
  const Seat enemy = 1 - info_.seat;
  if (from < 0 || from >= kPosts || to < 0 || to >= kPosts || from == to)
    return fail("bad posts in a step");
  if (code < kAttackerRemoved || code > kPlainMove) return fail("bad result code");
  auto owner = [&](int post) -> Seat {
    const int c = v.cells[post];
    if (c == 0) return kPublic;
    if (c >= View::kHidden) return c - View::kHidden;
    return (c - 1) / kPieceKinds;
  };
  const std::string what = post_name(from) + post_name(to);
  if (owner(from) != mover) return fail(what + ": the mover has no piece on " + post_name(from));
  if (code == kPlainMove && owner(to) != kPublic)
    return fail(what + ": a plain move onto an occupied post");
  if (code != kPlainMove && owner(to) != 1 - mover)
    return fail(what + ": a battle without a defender on " + post_name(to));
  const std::uint8_t attacker = v.cells[from];
  v.cells[from] = 0;
  if (code == kPlainMove || code == kAttackerWon) v.cells[to] = attacker;
  if (code == kBothRemoved) v.cells[to] = 0;
  v.no_battle = code == kPlainMove ? v.no_battle + 1 : 0;
  ++v.ply;
  v.to_move = 1 - mover;
  if (enemy_flag != junqi_lines::kNoPost) v.revealed_flag[enemy] = enemy_flag;
  const int flag = v.revealed_flag[enemy];
  if (flag >= 0 && owner(flag) == enemy)
    v.cells[flag] = static_cast<std::uint8_t>(1 + kFlag + kPieceKinds * enemy);
  EventView e;
  e.viewer = info_.seat;
  e.kind = Move::kStep;
  e.seat = mover;
  e.ply = v.ply;
  e.from = from;
  e.to = to;
  e.code = code;
  e.revealed_flag[enemy] = flag;
  info_.events.push_back(e);
  return Status::Ok();
}

}  // namespace boyi::bots
