#include "bots/engines/gomoku/ccgc_book.h"

#include <array>
#include <string_view>

namespace boyi::bots::gomoku_threat {
namespace {

using gomoku::make_point;

// A point in the notation ("J10"), at compile time.
constexpr Point at(std::string_view text) {
  int row = 0;
  for (char c : text.substr(1)) row = row * 10 + (c - '0');
  return make_point(text[0] - 'A', row - 1);
}

// Made by tools/match/ccgc-book.sh (docs/STRENGTH.md, 2026-11-28: 364 games, 14 an opening;
// black scored 59% over all): stone 2, stone 3, black's points, games.
constexpr std::array<BookOpening, 26> kBook = {{
    {at("H9"), at("J10"), 7, 14},
    {at("H9"), at("I10"), 10, 14},
    {at("H9"), at("H10"), 10.5, 14},
    {at("H9"), at("J9"), 11, 14},
    {at("H9"), at("I9"), 9, 14},
    {at("H9"), at("J8"), 8, 14},
    {at("H9"), at("I8"), 10, 14},
    {at("H9"), at("J7"), 10, 14},
    {at("H9"), at("I7"), 5.5, 14},
    {at("H9"), at("H7"), 11, 14},
    {at("H9"), at("J6"), 3.5, 14},
    {at("H9"), at("I6"), 7, 14},
    {at("H9"), at("H6"), 7, 14},
    {at("I9"), at("J6"), 6, 14},
    {at("I9"), at("J7"), 10, 14},
    {at("I9"), at("J8"), 9, 14},
    {at("I9"), at("J9"), 8, 14},
    {at("I9"), at("J10"), 4, 14},
    {at("I9"), at("I6"), 9.5, 14},
    {at("I9"), at("I7"), 7, 14},
    {at("I9"), at("I8"), 10, 14},
    {at("I9"), at("H6"), 11, 14},
    {at("I9"), at("H7"), 9, 14},
    {at("I9"), at("G6"), 10, 14},
    {at("I9"), at("G7"), 9.5, 14},
    {at("I9"), at("F6"), 3, 14},
}};

// The weight, in games, of the mean of all openings in an opening's expected score.
constexpr double kPriorGames = 4;

}  // namespace

std::span<const BookOpening> ccgc_book() {
  return kBook;
}

const BookOpening* find_opening(Point white, Point black) {
  for (int symmetry = 0; symmetry < 8; ++symmetry) {
    const Point w = gomoku::symmetric_point(symmetry, white);
    const Point b = gomoku::symmetric_point(symmetry, black);
    for (const BookOpening& o : kBook)
      if (o.white == w && o.black == b) return &o;
  }
  return nullptr;
}

double expected_black_score(const BookOpening& opening) {
  double points = 0;
  int games = 0;
  for (const BookOpening& o : kBook) {
    points += o.black_points;
    games += o.games;
  }
  const double mean = games > 0 ? points / games : 0.5;
  return (opening.black_points + kPriorGames * mean) / (opening.games + kPriorGames);
}

}  // namespace boyi::bots::gomoku_threat
