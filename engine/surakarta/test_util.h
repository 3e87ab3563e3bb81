// Helpers shared by the Surakarta tests.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/surakarta/surakarta.h"

namespace boyi::surakarta::testing {

// The position of a diagram; a failed test (and the initial position) if it does not parse.
State diagram(std::string_view text, Seat to_move = 0, const Rules& rules = Rules{}, int ply = 0,
              int plies_since_capture = 0);

// The fast generator's moves as sorted texts.
std::vector<std::string> fast_texts(const State& state);

// Parses a move text that must be well-formed.
Move move(const State& state, std::string_view text);

std::vector<std::string> point_texts(const std::vector<Point>& path);

}  // namespace boyi::surakarta::testing
