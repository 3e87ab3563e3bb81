// Hidden information, message by message: everything the real server sent to each seat and to a
// spectator of one 军棋 match, compared with what the engine itself renders for that recipient
// from the true game (engine/junqi/view.cc: State::view, render_event, event_view). The true
// game is replayed from the seats' own, unredacted copies of their actions. A message passes
// when
//   - each view equals the engine's view for the recipient (text, posts, flags, counters, legal
//     moves) and carries no other field;
//   - each event equals the engine's event for the recipient (move as it may know it, rendering,
//     structured payload, who moves next) and carries nothing but clocks and timing besides;
//   - independently of the engine, no enemy piece is named unless it is a flag the true game
//     has revealed, and no enemy layout appears anywhere in the message (JSON form).
// Everything after MatchEnded is public and is not checked.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "boyi/v1/boyi.pb.h"

namespace boyi::e2e {

// What one match's recipients received, in arrival order (whole connection transcripts).
struct JunqiMatchTranscripts {
  std::vector<v1::ServerMessage> seat[2];
  std::vector<v1::ServerMessage> spectator;
  std::string layouts[2];  // the deployments the seats sent, when known ("" otherwise)
};

struct StreamCheck {
  std::uint64_t messages = 0;    // messages checked, all recipients
  std::uint64_t views = 0;       // game views compared with the engine's
  std::uint64_t events = 0;      // match events compared with the engine's
  std::uint64_t flag_views = 0;  // views showing a revealed flag (the one identity shown)
  std::uint64_t violations = 0;
  std::vector<std::string> examples;  // the first few violations, described

  void add(const StreamCheck& other);
  void violation(std::string what);
};

StreamCheck check_junqi_match(const JunqiMatchTranscripts& match);

}  // namespace boyi::e2e
