// 井字棋 (tic-tac-toe): the smallest game behind the Game concept. Boyi does not offer it to
// players (it is not listed); it exists to prove that a game is its own folder plus one entry
// in engine/games.h: the tests play it through the server, boyi-match and a bridge.
//
// Board cells a1..c3 (column letter, row number, a1 bottom left). X (seat 0) moves first;
// three in a row wins (misère rules: loses); a full board without a line is a draw.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"
#include "engine/core/move_list.h"
#include "engine/core/outcome.h"

namespace boyi::tictactoe {

inline constexpr int kCells = 9;

enum class Cell : std::uint8_t { kEmpty, kX, kO };

struct Rules {
  bool misere = false;  // three in a row loses

  std::string to_string() const;  // "misere=0"
  static Result<Rules> parse(std::string_view text);
  bool operator==(const Rules&) const = default;
};

struct Move {
  std::uint8_t cell = 0;  // 0..8, a1 = 0, b1 = 1, ..., c3 = 8
  bool operator==(const Move&) const = default;
};

using MoveList = boyi::MoveList<Move, kCells>;

struct Event {
  Move move;
  Seat seat = 0;
  bool operator==(const Event&) const = default;
};

// Nothing is hidden: every viewer sees the board.
struct View {
  Seat viewer = kPublic;
  std::array<Cell, kCells> board{};
  Seat to_move = kPublic;  // kPublic once the game is over
  Outcome outcome;

  std::string to_text() const;
  bool operator==(const View&) const = default;
};

class State {
 public:
  using Rules = tictactoe::Rules;
  using Move = tictactoe::Move;
  using MoveList = tictactoe::MoveList;
  using Event = tictactoe::Event;
  using View = tictactoe::View;
  static constexpr std::string_view kName = "tictactoe";
  static constexpr std::string_view kTitle = "井字棋";
  static constexpr std::string_view kEnglish = "Tic-tac-toe";
  static constexpr std::array<std::string_view, 2> kColours = {"x", "o"};
  static constexpr std::array<char, 2> kColourLetters = {'X', 'O'};
  static constexpr std::string_view kRecordCode = "TT";
  // How a person writes moves (boyi-play's help).
  static constexpr std::string_view kNotationHelp =
      "Moves: a cell, column a-c and row 1-3 (a1 bottom left), e.g. b2.\n";
  // Not offered to players (ListGames, the web client): a game for the tests.
  static constexpr bool kListed = false;

  explicit State(const Rules& rules = {}) : rules_(rules) {}

  const Rules& rules() const { return rules_; }
  Seat to_move() const { return is_terminal() ? kPublic : static_cast<Seat>(ply_ % 2); }
  bool can_act(Seat seat) const { return !is_terminal() && seat == to_move(); }
  int ply() const { return ply_; }

  void legal_moves(MoveList& list) const;
  Status check(Seat seat, const Move& move) const;
  Result<Event> apply_checked(Seat seat, const Move& move);
  void apply(const Move& move);
  bool is_terminal() const { return outcome_.finished(); }
  Outcome outcome() const { return outcome_; }
  std::uint64_t hash() const { return hash_; }
  std::uint64_t compute_hash() const;

  Result<Move> parse_move(Seat seat, std::string_view text) const;
  std::string format_move(const Move& move) const;
  View view(Seat viewer) const;
  std::string to_text() const;
  static std::string render_event(const Event& event, Seat viewer);

  Cell at(int cell) const { return board_[static_cast<std::size_t>(cell)]; }
  bool operator==(const State&) const = default;

 private:
  void settle();

  Rules rules_;
  std::array<Cell, kCells> board_{};
  int ply_ = 0;
  std::uint64_t hash_ = 0;
  Outcome outcome_;
};

std::string cell_name(int cell);  // "a1"

}  // namespace boyi::tictactoe
