// The 军棋 leak property, as a check any program can run: reshuffling the opponent's
// still-hidden pieces, consistently with everything the observer was told, leaves every
// message to the observer (its view, every event's structured view and rendering, the public
// renderings) and its legal moves identical.
//
// Construction: record the random game of a seed. For an observer and a cut ply, find the
// opponent's pieces (by deployment slot) that took part in no battle before the cut, split
// them into "moved" and "never moved", and permute identities within each group (the flag
// stays put once revealed). A candidate layout must keep the deployment rules and its replay
// of the recorded steps must be legal (an engineer's rail turn, for one, pins it); then every
// observer-visible message must match the original world at every ply. One difference is the
// rules' own: a side to move with no legal move loses, and the ending says so, so a reshuffle
// that makes the enemy stuck (or free) where it was not is counted apart, not compared on.
//
// Everything a game does depends on its seed only, so a violation is reproduced by checking
// that one seed again.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace boyi::junqi {

struct LeakOptions {
  int trials = 6;       // reshuffled worlds tried per observer and game
  int max_steps = 160;  // steps of the random game (fewer when it ends)
};

struct LeakStats {
  std::int64_t games = 0;
  std::int64_t worlds = 0;            // reshuffled worlds replayed and compared
  std::int64_t rejected_layouts = 0;  // no reshuffle kept the deployment rules
  std::int64_t rejected_replays = 0;  // the reshuffled world could not have played the game
  // One world ended because the enemy could not move, the other did not: the ending is the
  // rules' own disclosure (the enemy's pieces are all stuck), so the worlds part there.
  std::int64_t stuck_endings = 0;
  std::int64_t positions = 0;   // plies compared, one observer in two worlds
  std::int64_t messages = 0;    // observer and public messages compared
  std::int64_t move_lists = 0;  // the observer's legal move lists compared

  void add(const LeakStats& other);
};

// Runs the property over the random game of `seed`, adding to `stats`; the first difference
// found (what differs, for which observer and cut), or nullopt.
std::optional<std::string> check_leak(std::uint64_t seed, const LeakOptions& options,
                                      LeakStats& stats);

}  // namespace boyi::junqi
