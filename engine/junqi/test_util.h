// Helpers shared by the 军棋 tests.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/junqi/junqi.h"

namespace boyi::junqi::testing {

std::vector<std::string> sorted_texts(const State& st, const std::vector<Move>& moves);
std::vector<std::string> fast_texts(const State& st);       // sorted
std::vector<std::string> reference_texts(const State& st);  // sorted

// A state after both deployments (letters in each seat's own-frame order).
State deployed(std::string_view red, std::string_view blue, const Rules& rules = Rules{});

// A diagram position; fails the current test (and returns a default State) on error.
State diagram(std::string_view text, Seat to_move = 0, const Rules& rules = Rules{},
              int no_battle = 0);

// Expected step code when `attacker` moves onto `defender` (-1: empty), from the rules text.
int expected_code(int attacker, int defender);

// Applies a step given as text through the checked path; fails the test if rejected.
Event play(State& st, std::string_view text);

// Leaf count of step sequences of the given depth (fast generator, bulk at the last ply).
std::uint64_t perft(const State& st, int depth);
std::uint64_t perft_reference(const State& st, int depth);

}  // namespace boyi::junqi::testing
