// WireGame: a game of the engine behind AnyGame, plus its structured wire
// forms (boyi.v1.GameView, boyi.v1.GameEvent) for each viewer. The referee
// holds one per match and sends each recipient only what wire_view(recipient)
// and the recipient's part of an applied action contain.
//
// Every per-viewer form is built from the engine's per-viewer values (view(),
// event_view()), never by reading the full state, so hidden 军棋 identities
// cannot leak. The one exception is full_view(): every identity, for records
// after the end.
//
// Includes the generated boyi.v1 header: include this only where matches are
// refereed or wire conversions are tested.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "boyi/v1/boyi.pb.h"
#include "engine/core/outcome.h"
#include "base/result.h"
#include "engine/registry.h"

namespace boyi::protocol {

// One accepted action, as each viewer may know it. Index with viewer_index():
// [0] seat 0, [1] seat 1, [2] spectators.
struct WireAction {
  AppliedAction applied;            // full notation and the engine's renderings
  std::array<std::string, 3> move;  // the notation each viewer may see ("" if redacted)
  std::array<bool, 3> redacted{};   // the viewer may not see the action's content
  std::array<std::vector<v1::GameEvent>, 3> events;  // structured payloads per viewer
};

class WireGame : public AnyGame {
 public:
  // The structured view of `viewer` (0, 1 or kPublic), with the engine's text,
  // outcome and, for a seat to move, its legal moves.
  virtual v1::GameView wire_view(Seat viewer) const = 0;
  // Every identity (军棋: all pieces as JUNQI_POST_KNOWN). For records after
  // the end only: never send it to a seat while the game runs.
  virtual v1::GameView full_view() const = 0;
  // The checked path with per-viewer wire forms; nothing changes on error.
  // play() (AnyGame) applies the same way; both record last_action().
  virtual Result<WireAction> play_wire(Seat seat, std::string_view text) = 0;
  // The action most recently applied by play() or play_wire() (empty before any).
  virtual const WireAction& last_action() const = 0;
  const std::vector<v1::GameEvent>& last_events(Seat viewer) const {
    return last_action().events[viewer_index(viewer)];
  }
  virtual std::unique_ptr<WireGame> clone_wire() const = 0;
};

// The named game ("junqi", "gomoku", "dots", "surakarta") with the rules text
// ("" for the defaults), or why not.
Result<std::unique_ptr<WireGame>> create_wire_game(std::string_view name,
                                                   std::string_view rules_text);

// Conversions shared by the adapters.
v1::Ending to_wire(Ending ending);
Ending from_wire(v1::Ending ending);
v1::Outcome to_wire(const Outcome& outcome);

}  // namespace boyi::protocol
