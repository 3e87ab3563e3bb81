// 军棋 from the wire: the inverse of protocol/wire/convert_junqi.cc, for a seat
// that rebuilds what it knows (JunqiSeatInfo) out of exactly the messages the
// server sent it. Nothing here can learn more than those messages hold: a hidden
// enemy piece stays View::kHidden + owner, and an event view carries only the
// fields the wire event carries.
//
// Every function checks its input (a message from the network) and says why it
// is malformed instead of trusting it.
#pragma once

#include "boyi/v1/boyi.pb.h"
#include "engine/core/outcome.h"
#include "base/result.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots {

// The engine's Outcome from the wire's (the ending's name, winner -1 = none).
Outcome outcome_from_wire(const v1::Outcome& outcome);

// The seat's junqi::View from its wire GameView (viewer must be 0 or 1).
Result<junqi::View> junqi_view_from_wire(const v1::GameView& view);

// One wire event as `viewer` received it.
Result<junqi::EventView> junqi_event_from_wire(const v1::JunqiEvent& event, Seat viewer);

// The view after `event` (the viewer's own rendering of an accepted action), from the
// view before it: pieces placed by a deployment (the viewer's own by letter, the other
// seat's hidden), a step's outcome code applied to the posts it names, the no-battle
// count, and enemy flags revealed. The side to move and the outcome come with the
// message around the event (MatchEvent.to_move, MatchEnded), not from here.
Status apply_junqi_event(junqi::View& view, const junqi::EventView& event);

}  // namespace boyi::bots
