// The lines of the competition's 军棋 referee protocol
// (docs/rules/engine-protocols.md, section 1) as values, both ways, for the bridge (referee
// side) and boyi-engine (engine side):
//   INFO 1.0 / NAME x / START f tttt ss / ARRAY <25 letters> / GO YXYX R FF /
//   BESTMOVE YXYX / RESULT R FF / END
// Posts in every line are in the receiver's own frame (the receiver at the
// bottom): seat 0's frame is the absolute one, seat 1's the 180° turn. The values
// here are absolute posts; the rotation happens only in these functions.
// R is the step code from the mover's side (0 attacker removed, 1 attacker won,
// 2 both removed, 3 plain move); FF is "00" or the receiver's enemy flag post
// once the enemy marshal is gone.
#pragma once

#include <string>
#include <string_view>

#include "engine/core/outcome.h"
#include "base/result.h"
#include "engine/junqi/junqi.h"

namespace boyi::bots::junqi_lines {

inline constexpr int kNoPost = -1;

// "G0" for an absolute post as `seat` sees it; parse_post reads it back.
std::string own_post(int post, Seat seat);
Result<int> parse_post(std::string_view text, Seat seat);

// START f tttt ss: f 0 = moves first (seat 0), 1 = second; time in whole
// seconds (0..9999); the no-battle limit (0..99).
struct Start {
  Seat seat = 0;
  int seconds = 0;
  int no_battle_limit = 31;
};
std::string format_start(const Start& start);
Result<Start> parse_start(std::string_view line);

// GO YXYX R FF (the opponent's step), or GO 0000 0 00 (first mover's first turn).
struct Go {
  bool first_turn = false;  // GO 0000 0 00
  int from = kNoPost, to = kNoPost;
  int code = junqi::kPlainMove;
  int enemy_flag = kNoPost;  // absolute post of the receiver's enemy flag, if revealed
};
std::string format_go(const Go& go, Seat receiver);
Result<Go> parse_go(std::string_view line, Seat receiver);

// RESULT R FF: the outcome of the receiver's own step.
struct StepResult {
  int code = junqi::kPlainMove;
  int enemy_flag = kNoPost;
};
std::string format_result(const StepResult& result, Seat receiver);
Result<StepResult> parse_result(std::string_view line, Seat receiver);

// BESTMOVE YXYX: the sender's step, returned as an absolute junqi::Move.
std::string format_bestmove(int from, int to, Seat sender);
Result<junqi::Move> parse_bestmove(std::string_view line, Seat sender);

// ARRAY <25 letters a-l> in the deployment order; the letters are returned as
// they are (the deployment notation of the engine). Checks only the form.
std::string format_array(std::string_view letters);
Result<std::string> parse_array(std::string_view line);

// NAME <team name>: the name (may contain spaces), or an error.
Result<std::string> parse_name(std::string_view line);
// The bare team name some championship engines answer INFO with instead (a referee platform
// of the competition took it): printable text of at most 64 bytes that is no other line of
// the protocol. Hosts take it with a warning; the conformance kit still calls it a fault.
Result<std::string> parse_bare_name(std::string_view line);

// The first word of a line ("GO", "RESULT", ...), for dispatch.
std::string_view keyword(std::string_view line);

}  // namespace boyi::bots::junqi_lines
