// The ccgc opening's 26 standard three-stone openings (black H8, white next to it, black inside
// the central 5x5) and black's score in each after white keeps colours, as measured in games
// between Boyi's own engines (tools/match/ccgc-book.sh makes the table; docs/STRENGTH.md has
// the run). A search of the three stones cannot tell these openings apart (a depth-4 search
// called H8 H9 H10 balanced; black won 43 of 52 games from it), so the opening player decides
// the second and third stones and the swap from these scores.
#pragma once

#include <cstddef>
#include <span>

#include "bots/engines/gomoku/patterns.h"
#include "engine/gomoku/gomoku.h"

namespace boyi::bots::gomoku_threat {

struct BookOpening {
  Point white;          // stone 2: H9 (next to H8 in a line) or I9 (diagonally)
  Point black;          // stone 3
  double black_points;  // black's points in the measured games (a draw is half)
  int games;
};

// The 26 openings in the order of tools/match/openings/renju-26.txt.
std::span<const BookOpening> ccgc_book();

// The book's opening that black H8, white `white` and black `black` are, in whichever of the
// board's 8 symmetries about H8; nullptr when they are none of the 26.
const BookOpening* find_opening(Point white, Point black);

// Black's expected score after keep: the measured score drawn towards the mean of all the
// openings by a few games' weight, so that an opening measured in few games is not taken at
// its raw score.
double expected_black_score(const BookOpening& opening);

}  // namespace boyi::bots::gomoku_threat
