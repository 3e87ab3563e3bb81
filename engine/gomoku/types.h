// The small values of 五子棋: points, colours, rules, moves, opening steps and
// fouls. See gomoku.h for the rules in brief and docs/rules/gomoku.md for
// the full text.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::gomoku {

inline constexpr int kSize = 15;
inline constexpr int kPoints = kSize * kSize;

// A point is row * 15 + column: column 0..14 is A..O (left to right), row 0..14
// is 1..15 (bottom to top).
using Point = std::uint8_t;
inline constexpr Point kNoPoint = 255;
constexpr Point make_point(int col, int row) {
  return static_cast<Point>(row * kSize + col);
}
constexpr int point_col(Point p) {
  return p % kSize;
}
constexpr int point_row(Point p) {
  return p / kSize;
}
inline constexpr Point kH8 = make_point(7, 7);  // H8

std::string format_point(Point p);                 // "H8"
Result<Point> parse_point(std::string_view text);  // "H8" or "h8"

enum class Colour : std::uint8_t { kBlack, kWhite };
constexpr Colour other(Colour c) {
  return c == Colour::kBlack ? Colour::kWhite : Colour::kBlack;
}
std::string_view colour_name(Colour c);  // "black" / "white"

enum class Cell : std::uint8_t { kEmpty = 0, kBlack = 1, kWhite = 2 };
constexpr Cell stone_of(Colour c) {
  return c == Colour::kBlack ? Cell::kBlack : Cell::kWhite;
}

enum class RuleSet : std::uint8_t { kRenju, kStandard, kFreestyle };
enum class Opening : std::uint8_t { kFree, kCentre, kCcgc };

// Every match option; text form "rule=renju opening=free fifth_n=2".
struct Rules {
  RuleSet rule = RuleSet::kRenju;
  Opening opening = Opening::kFree;
  int fifth_n = 2;  // 五手N打: candidates black offers for stone 5 (ccgc only), 2..5

  std::string to_string() const;
  static Result<Rules> parse(std::string_view text);
  bool operator==(const Rules&) const = default;
};

// The kinds of action. Every one has an actor, so clocks and records treat the
// opening decisions like moves.
enum class Action : std::uint8_t {
  kPlace,   // a stone of the mover's colour: "H8"
  kSwap,    // 三手交换, by the seat playing white after stone 3: "swap"
  kKeep,    // the same decision, declined: "keep"
  kOffer,   // 五手N打: black proposes a candidate for stone 5: "offer J10"
  kChoose,  // white picks one offered candidate; it becomes black's stone 5: "choose J10"
};

struct Move {
  Action action = Action::kPlace;
  Point point = kNoPoint;  // kNoPoint for swap / keep

  static constexpr Move place(Point p) { return {Action::kPlace, p}; }
  static constexpr Move swap() { return {Action::kSwap, kNoPoint}; }
  static constexpr Move keep() { return {Action::kKeep, kNoPoint}; }
  static constexpr Move offer(Point p) { return {Action::kOffer, p}; }
  static constexpr Move choose(Point p) { return {Action::kChoose, p}; }
  bool operator==(const Move&) const = default;
};

// Where the game is: the ccgc opening walks kStone1..kChoose, `centre` only
// kStone1, `free` (and positions read from diagrams) start at kPlay.
enum class Step : std::uint8_t {
  kStone1,  // black's first stone, on H8
  kStone2,  // ccgc: white's stone on one of H8's 8 neighbours
  kStone3,  // ccgc: black's stone inside the central 5x5 (F6-J10)
  kSwap,    // ccgc: the seat playing white says swap or keep
  kStone4,  // ccgc: white's stone 4, anywhere
  kOffer,   // ccgc: black offers fifth_n candidates, one action each
  kChoose,  // ccgc: white chooses one of them
  kPlay,    // normal alternation
};
std::string_view step_name(Step s);

// Why a black stone is forbidden under renju (kNone: it is not).
enum class Foul : std::uint8_t { kNone, kOverline, kDoubleFour, kDoubleThree };
std::string_view foul_name(Foul f);  // "overline", "double-four", "double-three"

// A set of points as a 256-bit bitboard (cheap to copy, no allocation).
struct PointSet {
  std::array<std::uint64_t, 4> words{};

  bool contains(Point p) const { return (words[p >> 6] >> (p & 63)) & 1u; }
  void insert(Point p) { words[p >> 6] |= std::uint64_t{1} << (p & 63); }
  void erase(Point p) { words[p >> 6] &= ~(std::uint64_t{1} << (p & 63)); }
  int size() const {
    return std::popcount(words[0]) + std::popcount(words[1]) + std::popcount(words[2]) +
           std::popcount(words[3]);
  }
  bool empty() const { return (words[0] | words[1] | words[2] | words[3]) == 0; }
  // Calls f(Point) for every member in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (int w = 0; w < 4; ++w)
      for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1)
        f(static_cast<Point>(w * 64 + std::countr_zero(bits)));
  }
  bool operator==(const PointSet&) const = default;
};

}  // namespace boyi::gomoku
