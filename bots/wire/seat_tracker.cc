#include "bots/wire/seat_tracker.h"

#include <string_view>
#include <type_traits>
#include <vector>

#include "base/words.h"
#include "bots/wire/junqi_from_wire.h"
#include "engine/games.h"

namespace boyi::bots {

namespace {

// Perfect information: the event's move(s) on the checked path.
template <Game G>
Status replay(const v1::MatchEvent& event, G& state) {
  if (event.redacted()) return fail("a redacted event in a game without hidden information");
  if (event.actor() != 0 && event.actor() != 1)
    return fail("event actor " + std::to_string(event.actor()));
  // A whole 点格棋 turn comes as one event ("AAA BAB"); other games' moves may hold a
  // space themselves ("offer J10").
  std::vector<std::string_view> moves;
  if constexpr (requires(G g, typename G::Turn t) { g.apply_turn_checked(0, t); })
    moves = split_words(event.move());
  else if (!event.move().empty())
    moves.push_back(event.move());
  if (moves.empty()) return fail("event without a move");
  for (std::string_view text : moves) {
    auto move = state.parse_move(event.actor(), text);
    if (!move) return fail(std::string(text) + ": " + move.message());
    auto applied = state.apply_checked(event.actor(), *move);
    if (!applied) return fail(std::string(text) + ": " + applied.message());
  }
  if (state.ply() != event.ply())
    return fail("ply " + std::to_string(state.ply()) + " after the move, the event says " +
                std::to_string(event.ply()));
  return Status::Ok();
}

// 军棋: the seat's own rendering of the event, applied to its view.
Status follow(const v1::MatchEvent& event, JunqiSeatInfo& info) {
  junqi::View view = info.view;
  std::vector<junqi::EventView> seen;
  for (const auto& e : event.events()) {
    if (!e.has_junqi()) return fail("a 军棋 event without its 军棋 payload");
    auto ev = junqi_event_from_wire(e.junqi(), info.seat);
    if (!ev) return Error{ev.message()};
    if (ev->seat != event.actor()) return fail("event payload of another seat than its actor");
    if (Status st = apply_junqi_event(view, *ev); !st) return st;
    seen.push_back(*ev);
  }
  if (seen.empty()) return fail("a 军棋 event without payload");
  if (view.ply != event.ply())
    return fail("ply " + std::to_string(view.ply) + " after the event, the message says " +
                std::to_string(event.ply()));
  view.to_move = event.to_move() == 0 || event.to_move() == 1 ? event.to_move() : kPublic;
  if (event.has_view()) {
    auto given = junqi_view_from_wire(event.view());
    if (!given) return fail("the event's view: " + given.message());
    if (given->viewer != info.seat || given->ply != event.ply())
      return fail("the event's view is of another seat or ply");
    view = *given;
  }
  info.view = view;
  info.events.insert(info.events.end(), seen.begin(), seen.end());
  return Status::Ok();
}

}  // namespace

template <Game G>
Status SeatTracker<G>::start(const v1::MatchStarted& started) {
  if (started.game() != G::kName)
    return fail("a " + started.game() + " match for a " + std::string(G::kName) + " player");
  if (started.seat() != 0 && started.seat() != 1)
    return fail("not a seat (seat " + std::to_string(started.seat()) + ")");
  if (knowledge_ && started.match_id() == match_id_) {
    if (started.seat() != seat_) return fail("the match was joined again in another seat");
    return Status::Ok();
  }
  auto rules = G::Rules::parse(started.rules());
  if (!rules) return fail("rules: " + rules.message());
  if constexpr (std::is_same_v<G, junqi::State>) {
    auto view = junqi_view_from_wire(started.view());
    if (!view) return fail("the initial view: " + view.message());
    if (view->viewer != started.seat()) return fail("the initial view is of another seat");
    JunqiSeatInfo info;
    info.rules = *rules;
    info.seat = started.seat();
    info.view = *view;
    knowledge_ = std::move(info);
  } else {
    knowledge_.emplace(*rules);
  }
  rules_ = *rules;
  before_.clear();
  match_id_ = started.match_id();
  seat_ = started.seat();
  last_seq_ = 0;
  ended_ = false;
  return Status::Ok();
}

template <Game G>
Status SeatTracker<G>::observe(const v1::MatchEvent& event) {
  if (!knowledge_) return fail("an event before the match started");
  if (event.match_id() != match_id_) return fail("an event of match " + event.match_id());
  if (event.seq() <= last_seq_) return Status::Ok();  // a replay of one already seen
  if (ended_) return fail("an event after the end");
  if (event.seq() != last_seq_ + 1)
    return fail("event seq " + std::to_string(event.seq()) + " after " + std::to_string(last_seq_) +
                ": events are missing");
  const std::string where = "seq " + std::to_string(event.seq()) + ": ";
  if constexpr (std::is_same_v<G, junqi::State>) {
    if (event.takes_back() > 0) return fail(where + "a takeback in a game of hidden information");
    if (Status st = follow(event, *knowledge_); !st) return fail(where + st.message());
  } else if (event.takes_back() > 0) {
    // An agreed takeback: back to the state before the first action it undoes.
    const std::size_t count = event.takes_back();
    if (count > before_.size())
      return fail(where + "a takeback of " + std::to_string(count) + " actions after " +
                  std::to_string(before_.size()));
    const G& back = before_[before_.size() - count];
    if (back.ply() != event.ply())
      return fail(where + "ply " + std::to_string(back.ply()) + " after the takeback, the event says " +
                  std::to_string(event.ply()));
    *knowledge_ = back;
    before_.resize(before_.size() - count);
  } else {
    G next = *knowledge_;
    if (Status st = replay(event, next); !st) return fail(where + st.message());
    before_.push_back(std::move(*knowledge_));
    *knowledge_ = std::move(next);
  }
  last_seq_ = event.seq();
  return Status::Ok();
}

template <Game G>
Status SeatTracker<G>::finish(const v1::MatchEnded& ended) {
  if (!knowledge_) return fail("the end of a match that did not start");
  if (ended.match_id() != match_id_) return fail("the end of match " + ended.match_id());
  if (ended_) return Status::Ok();  // a replay of the end
  if (ended.seq() != last_seq_ + 1)
    return fail("match end seq " + std::to_string(ended.seq()) + " after " +
                std::to_string(last_seq_) + ": events are missing");
  if constexpr (std::is_same_v<G, junqi::State>) {
    knowledge_->view.outcome = outcome_from_wire(ended.outcome());
    knowledge_->view.to_move = kPublic;
  }
  last_seq_ = ended.seq();
  ended_ = true;
  return Status::Ok();
}

#define BOYI_INSTANTIATE_SEAT_TRACKER(G) template class SeatTracker<G>;
BOYI_FOR_EACH_GAME(BOYI_INSTANTIATE_SEAT_TRACKER)
#undef BOYI_INSTANTIATE_SEAT_TRACKER

}  // namespace boyi::bots
