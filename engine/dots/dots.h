// 点格棋 (Dots-and-Boxes) — rules in brief (the exact text: docs/rules/dots.md).
//
// A 6×6 grid of dots: 25 boxes, 60 edges (30 horizontal, 30 vertical). Seat 0 (black) moves
// first. A move draws one undrawn edge. Drawing the fourth side of a box claims it for the
// mover (one edge can claim two boxes); whoever claims a box must draw again, otherwise the
// turn passes. No passing. The game ends when all 25 boxes are claimed (which is exactly when
// all 60 edges are drawn); more boxes wins, no draw is possible.
//
// Notation (competition): an edge is `KIJ`, K `A` horizontal / `B` vertical, I the line `A`–`F`
// (horizontal lines by row from the top, vertical lines by column from the left), J the
// segment `A`–`E` along it; `AAA` is the top-left horizontal edge. The platform sends a whole
// turn as `move N KIJ KIJ ...`: every edge but the last claims a box, the last claims none
// unless it claims the game's last box. Boxes are named here by row then column letter, `A`–`E`
// (`AA` top-left), a notation of this project only used in texts.
//
// Read on the board: edge AIJ joins dot (row I, column J) to the dot on its right, edge BIJ
// joins dot (row J, column I) to the dot below; box IJ has dot (row I, column J) at its
// top-left. Outcome detail is the score in seat order, "black-white", e.g. "12-13".
//
// Drawings: dots `+`, drawn edges `-` and `|`, boxes claimed by seat 0 (black) `X`, by seat 1
// (white) `O`. from_diagram() reads the compact 11×11 form that to_diagram() writes.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "engine/core/game.h"
#include "engine/core/game_preset.h"
#include "engine/core/move_list.h"
#include "engine/core/outcome.h"
#include "engine/core/zobrist.h"
#include "engine/dots/geometry.h"

namespace boyi::dots {

// No options today; the type stays so options can be added without changing callers.
struct Rules {
  bool operator==(const Rules&) const = default;
  std::string to_string() const { return ""; }
  static Result<Rules> parse(std::string_view text);  // "" is the only valid text today
};

// One edge, by its index (geometry.h).
struct Move {
  std::uint8_t edge = 0;
  bool operator==(const Move&) const = default;
};

using MoveList = boyi::MoveList<Move, kEdges>;
// A whole turn as the platform sends it: the edges in order.
using Turn = std::vector<Move>;

// What one accepted edge did.
struct Event {
  Move move;
  Seat seat = 0;
  std::uint8_t claimed = 0;                  // boxes claimed by this edge: 0, 1 or 2
  std::array<std::int8_t, 2> boxes{-1, -1};  // which (first `claimed` entries), ascending
  bool again = false;                        // the same seat draws again (claimed, boxes remain)
  bool operator==(const Event&) const = default;
};

// What a viewer sees: everything (perfect information), plus which seat the viewer is.
struct View {
  Seat viewer = kPublic;
  std::uint64_t edges = 0;                   // drawn edges, bit per edge index
  std::array<std::int8_t, kBoxes> owners{};  // -1 unclaimed, else the seat
  std::array<int, 2> score{};
  Seat to_move = kPublic;  // kPublic once the game is over
  int ply = 0;
  Outcome outcome;
  bool operator==(const View&) const = default;
  std::string to_text() const;
};

// Zobrist keys: one per edge, one per (seat, box) owner, one for seat 1 to move. Box owners
// are part of the key because the same edges can be reached with different scores.
namespace zobrist {
inline constexpr auto kKeys = make_zobrist_keys<kEdges + 2 * kBoxes + 1>(0xD07500B0C5ull);
constexpr std::uint64_t edge(int e) {
  return kKeys[e];
}
constexpr std::uint64_t box(int seat, int b) {
  return kKeys[kEdges + seat * kBoxes + b];
}
inline constexpr std::uint64_t kSeatOne = kKeys[kEdges + 2 * kBoxes];
}  // namespace zobrist

class State {
 public:
  using Rules = dots::Rules;
  using Move = dots::Move;
  using MoveList = dots::MoveList;
  using Event = dots::Event;
  using View = dots::View;
  using Turn = dots::Turn;
  static constexpr std::string_view kName = "dots";
  static constexpr std::string_view kTitle = "点格棋";
  static constexpr std::string_view kEnglish = "Dots and Boxes";
  static constexpr bool kDrawPossible = false;  // 25 boxes: one side always has more
  // The two colours as records name them, the first mover's first, and their letters.
  static constexpr std::array<std::string_view, 2> kColours = {"black", "white"};
  static constexpr std::array<char, 2> kColourLetters = {'B', 'W'};
  // The game's code in the competition's text records ("DB").
  static constexpr std::string_view kRecordCode = "DB";
  // The presets (competition rules: 900 s per side; docs/rules/dots.md).
  static constexpr std::array<GamePreset, 2> kPresets = {{
      {"dots-ccgc", "", 900'000, 0, 0, 1000, "点格棋, competition rules: 900 s per side", true},
      {"dots-blitz", "", 180'000, 0, 2000, 1000, "点格棋, quick: 180 s + 2 s per turn", false},
  }};
  // How a person writes moves (boyi-play's help).
  static constexpr std::string_view kNotationHelp =
      "Moves: an edge KIJ: K = A horizontal / B vertical, I = line A-F, J = segment A-E\n"
      "(AAA is the top-left horizontal edge). A whole turn may be given at once: AAA BAB.\n";

  State() = default;
  explicit State(const Rules& rules) : rules_(rules) { hash_ = compute_hash(); }

  // A position from the compact diagram (see to_diagram()); `to_move` is the seat to draw
  // next (ignored when every box is claimed). The ply is set to the number of drawn edges.
  static Result<State> from_diagram(const Rules& rules, std::string_view diagram, Seat to_move);
  std::string to_diagram() const;  // 11 lines of at most 11 characters

  const Rules& rules() const { return rules_; }
  Seat to_move() const { return is_terminal() ? kPublic : Seat{side_}; }
  bool can_act(Seat seat) const { return !is_terminal() && seat == side_; }
  int ply() const { return ply_; }

  // Fast path.
  void legal_moves(MoveList& list) const {
    list.clear();
    for (std::uint64_t free = ~edges_ & kAllEdges; free; free &= free - 1)
      list.push_back(Move{static_cast<std::uint8_t>(std::countr_zero(free))});
  }
  // Draws the edge (which must be undrawn, game not over); returns the mask of boxes claimed.
  std::uint32_t apply(Move move) {
    const int e = move.edge;
    assert(e < kEdges && !edge_drawn(e) && "apply: the edge must be legal");
    edges_ |= std::uint64_t{1} << e;
    hash_ ^= zobrist::edge(e);
    std::uint32_t claimed = 0;
    for (const std::int8_t b : kEdgeBoxes[e]) {
      if (b >= 0 && (edges_ & kBoxMask[b]) == kBoxMask[b]) {
        claimed |= std::uint32_t{1} << b;
        hash_ ^= zobrist::box(side_, b);
      }
    }
    if (claimed) {
      boxes_[side_] |= claimed;
    } else {
      side_ ^= 1;
      hash_ ^= zobrist::kSeatOne;
    }
    ++ply_;
    return claimed;
  }

  // Checked path (the referee's).
  Status check(Seat seat, Move move) const;
  Result<Event> apply_checked(Seat seat, Move move);
  // A whole turn, accepted exactly as the platform does, or rejected with the state untouched.
  Result<std::vector<Event>> apply_turn_checked(Seat seat, const Turn& turn);

  bool is_terminal() const { return edges_ == kAllEdges; }
  Outcome outcome() const;

  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;

  Result<Move> parse_move(Seat seat, std::string_view text) const;
  std::string format_move(Move move) const;
  static Result<Turn> parse_turn(std::string_view text);
  static std::string format_turn(const Turn& turn);           // "AAA BAB"
  static std::string format_platform_turn(const Turn& turn);  // "move 2 AAA BAB"
  // A whole turn between our notation ("AAA BAB") and the competition platform's line
  // ("move 2 AAA BAB"), for the engines' text protocol (bots/bridges).
  static Result<std::string> format_platform_action(std::string_view notation);
  static Result<std::string> parse_platform_action(std::string_view line);

  View view(Seat viewer) const;
  std::string to_text() const;
  static std::string render_event(const Event& event, Seat viewer);

  // Accessors for bots and tools.
  bool edge_drawn(int edge) const { return (edges_ >> edge) & 1; }
  std::uint64_t drawn_edges() const { return edges_; }
  std::uint64_t undrawn_edges() const { return ~edges_ & kAllEdges; }
  int undrawn_count() const { return kEdges - std::popcount(edges_); }
  Seat box_owner(int box) const {
    return (boxes_[0] >> box) & 1 ? 0 : ((boxes_[1] >> box) & 1 ? 1 : kPublic);
  }
  std::uint32_t boxes_of(Seat seat) const { return boxes_[seat]; }
  int sides_drawn(int box) const { return std::popcount(edges_ & kBoxMask[box]); }
  int score(Seat seat) const { return std::popcount(boxes_[seat]); }

  bool operator==(const State&) const = default;

 private:
  Status check_seat(Seat seat) const;  // a player, the game running, this seat's turn

  Rules rules_;
  std::uint64_t edges_ = 0;
  std::uint64_t hash_ = 0;
  std::array<std::uint32_t, 2> boxes_{};
  int ply_ = 0;
  std::uint8_t side_ = 0;
};

// Box and edge names used in texts (see the header comment).
std::string box_name(int box);
std::string edge_name(int edge);

}  // namespace boyi::dots
