// 苏拉卡尔塔 (Surakarta): the rules in brief. The exact text the referee enforces is
// docs/rules/surakarta.md; read it before changing anything here.
//
// - 6×6 points, (x, y): x column 0..5 left to right, y row 0..5 top to bottom; in text both are
//   letters A..F, x first. Black (seat 0) fills rows y=0,1 and moves first; white (seat 1) fills
//   rows y=4,5.
// - Two loops of 24 points each, the lines joined at the corners by three-quarter arcs:
//   inner  row y=1 (0,1)->(5,1), arc, column x=4 (4,0)->(4,5), arc, row y=4 (5,4)->(0,4), arc,
//          column x=1 (1,5)->(1,0), arc back to (0,1);
//   outer  the same with rows/columns 2 and 3. The four crossing points of a loop lie on it twice;
//   corner points and edge lines are on no loop.
// - Plain move: one step in any of the 8 directions onto an empty point; it never captures.
// - Capture: along one loop, either direction, from either occurrence of the start point, through
//   at least one arc; every point passed is empty (the start point counts as empty when the path
//   comes back through it); the first occupied point met must be an enemy piece, which is removed
//   and replaced by the mover. Several arcs are allowed; one full circuit at most. Optional.
// - Notation `XYXY`: start x, start y, end x, end y as capital letters, e.g. `BBBC`.
// - End: a side with no pieces loses; a side to move with no legal move loses (both kNormal);
//   `no_capture_limit` plies in a row without a capture, or `max_plies` plies in all, end the game
//   by piece count — more pieces wins, equal is a draw (kAdjudication). 0 turns a limit off.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "engine/core/game_preset.h"
#include "engine/core/move_list.h"
#include "engine/core/outcome.h"

namespace boyi::surakarta {

inline constexpr int kSize = 6;
inline constexpr int kSquares = kSize * kSize;  // square index = y * 6 + x
inline constexpr int kPiecesPerSide = 12;

constexpr int square_of(int x, int y) {
  return y * kSize + x;
}
constexpr int x_of(int square) {
  return square % kSize;
}
constexpr int y_of(int square) {
  return square / kSize;
}

enum class Cell : std::uint8_t { kEmpty, kBlack, kWhite };

// A point of the board, for capture paths drawn by clients.
struct Point {
  int x = 0;
  int y = 0;
  bool operator==(const Point&) const = default;
};

struct Rules {
  int no_capture_limit = 80;  // plies without a capture that end the game; 0 = off, else 1..10000
  int max_plies = 400;        // plies in all that end the game; 0 = off, else 1..100000

  std::string to_string() const;  // "no_capture_limit=80 max_plies=400"
  static Result<Rules> parse(std::string_view text);
  bool operator==(const Rules&) const = default;
};

// From square to square; a capture exactly when `to` holds an enemy piece. Several loop paths
// may reach the same enemy: the move is still one (from, to) pair.
struct Move {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  bool operator==(const Move&) const = default;
};

// 12 pieces with at most 8 steps and 12 capture targets each: 240 moves at most.
using MoveList = boyi::MoveList<Move, 256>;

struct Event {
  Move move;
  Seat seat = 0;
  bool capture = false;
  int ply = 0;  // the ply count after the move (1 for the first move)
  bool operator==(const Event&) const = default;
};

// Everything is public in Surakarta, so every viewer sees the same position; the view still
// records who it was built for.
struct View {
  Seat viewer = kPublic;
  std::array<Cell, kSquares> board{};
  Seat to_move = kPublic;  // kPublic once the game is over
  int ply = 0;
  int plies_since_capture = 0;
  std::array<int, 2> pieces{};  // black, white
  Outcome outcome;

  std::string to_text() const;
  bool operator==(const View&) const = default;
};

class State {
 public:
  using Rules = surakarta::Rules;
  using Move = surakarta::Move;
  using MoveList = surakarta::MoveList;
  using Event = surakarta::Event;
  using View = surakarta::View;
  static constexpr std::string_view kName = "surakarta";
  static constexpr std::string_view kTitle = "苏拉卡尔塔";
  static constexpr std::string_view kEnglish = "Surakarta";
  // The two colours as records name them, the first mover's first, and their letters.
  static constexpr std::array<std::string_view, 2> kColours = {"black", "white"};
  static constexpr std::array<char, 2> kColourLetters = {'B', 'W'};
  // The game's code in the competition's text records ("SK").
  static constexpr std::string_view kRecordCode = "SK";
  // The presets (competition rules: 900 s per side; docs/rules/surakarta.md).
  static constexpr std::array<GamePreset, 3> kPresets = {{
      {"surakarta-ccgc", "no_capture_limit=80 max_plies=400", 900'000, 0, 0, 1000,
       "苏拉卡尔塔, competition rules: 900 s per side", true},
      {"surakarta-course", "no_capture_limit=80 max_plies=400", 900'000, 10'000, 0, 1000,
       "苏拉卡尔塔, course variant: 10 s per move", false},
      {"surakarta-blitz", "no_capture_limit=80 max_plies=400", 180'000, 0, 2000, 1000,
       "苏拉卡尔塔, quick: 180 s + 2 s per move", false},
  }};
  // How a person writes moves (boyi-play's help).
  static constexpr std::string_view kNotationHelp =
      "Moves: XYXY, start column and row then end column and row, letters A-F, e.g. BBBC.\n";

  // A move between our notation ("BBBC") and the competition platform's line ("move BBBC"),
  // for the engines' text protocol (bots/bridges); the form only, not legality.
  static Result<std::string> format_platform_action(std::string_view notation);
  static Result<std::string> parse_platform_action(std::string_view line);

  explicit State(const Rules& rules = Rules{});

  // A position from a 6×6 diagram: one row per line (y = 0 first), cells `B` black, `W` white,
  // `.` empty; spaces between cells, blank lines, a header line `ABCDEF` and a row letter before
  // each row (as view().to_text() prints them) are allowed. At most 12 pieces a side, and at
  // least one side with pieces. 0 <= plies_since_capture <= ply <= 1000000.
  static Result<State> from_diagram(const Rules& rules, std::string_view diagram, Seat to_move = 0,
                                    int ply = 0, int plies_since_capture = 0);

  const Rules& rules() const { return rules_; }
  Seat to_move() const { return end_ == End::kNone ? Seat{side_} : kPublic; }
  bool can_act(Seat seat) const { return end_ == End::kNone && seat == side_; }
  Seat side() const { return side_; }  // whose turn it is (or would be) even after the end
  int ply() const { return ply_; }
  int plies_since_capture() const { return since_capture_; }

  Cell cell(int x, int y) const { return cell_at(square_of(x, y)); }
  Cell cell_at(int square) const {
    const std::uint64_t bit = std::uint64_t{1} << square;
    return (bb_[0] & bit) ? Cell::kBlack : (bb_[1] & bit) ? Cell::kWhite : Cell::kEmpty;
  }
  std::uint64_t pieces_mask(Seat seat) const { return bb_[seat]; }  // bit = square index
  int piece_count(Seat seat) const { return __builtin_popcountll(bb_[seat]); }

  void legal_moves(MoveList& list) const;  // empty once the game is over
  Status check(Seat seat, const Move& move) const;
  Result<Event> apply_checked(Seat seat, const Move& move);
  void apply(const Move& move);  // unchecked: move must be legal
  bool is_capture(const Move& move) const { return (bb_[side_ ^ 1] >> move.to) & 1; }

  bool is_terminal() const { return end_ != End::kNone; }
  Outcome outcome() const;

  std::uint64_t hash() const { return hash_; }  // pieces and side to move (not the counters)
  std::uint64_t compute_hash() const;

  Result<Move> parse_move(Seat seat, std::string_view text) const;
  std::string format_move(const Move& move) const;

  // One shortest loop path of a legal capture: the start, every point passed, the target. Two
  // consecutive points on a diagonal are the ends of an arc ((1,1) apart on the inner loop,
  // (2,2) on the outer); along a line they are orthogonal neighbours. Empty when the move is
  // not a legal capture.
  std::vector<Point> capture_path(const Move& move) const;

  View view(Seat viewer) const;
  std::string to_text() const;
  static std::string render_event(const Event& event, Seat viewer);

 private:
  enum class End : std::uint8_t { kNone, kNoPieces, kNoMoves, kNoCaptureLimit, kMaxPlies };

  std::uint64_t capture_targets(int from, int side) const;
  bool has_any_move() const;
  void update_end();

  Rules rules_;
  std::array<std::uint64_t, 2> bb_{};        // pieces of black, white
  std::array<std::uint32_t, 2> loop_occ_{};  // occupied positions of the inner, outer loop
  std::uint64_t hash_ = 0;
  int ply_ = 0;
  int since_capture_ = 0;
  std::uint8_t side_ = 0;
  End end_ = End::kNone;
};

std::string_view side_name(Seat seat);    // "black", "white"
std::string move_text(const Move& move);  // "BBBC"; '?' for a square out of range

}  // namespace boyi::surakarta
