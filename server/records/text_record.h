// The competition's text records (棋谱) of the four games, one line each:
//   {[C5][先手参赛队 B][后手参赛队 W][先手胜][2017.07.29 14:00 重庆][2017
//   CCGC];B(J,10);W(L,10);...}
// 五子棋 (C5) exactly as docs/rules/gomoku.md gives it; 军棋 (JQ), 点格棋 (DB) and
// 苏拉卡尔塔 (SK) in the same style, of this project's design. README.md specifies
// every format with an example.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "engine/core/outcome.h"
#include "engine/registry.h"
#include "referee/record.h"
#include "server/records/record_meta.h"

namespace boyi::records {

// The result tag: 先手胜 / 后手胜 / 和棋, and 中止 for an aborted game (our addition).
enum class TextResult : std::uint8_t { kFirstWins, kSecondWins, kDraw, kAborted };
std::string_view text_result_name(TextResult r);

struct TextMove {
  int colour = 0;                  // 0 the first player's colour (B, or R in 军棋), 1 the other
  std::vector<std::string> parts;  // as written between the parentheses, split on ','
  // The action(s) in the engine's notation: one per record item, except 点格棋,
  // where an item is a whole turn and each edge is one action.
  std::vector<std::string> actions;
};

struct TextRecord {
  std::string code;                  // "C5", "JQ", "DB", "SK"
  std::string game;                  // the registry name it stands for
  std::array<std::string, 2> teams;  // [0] 先手 (colour 0), [1] 后手
  TextResult result = TextResult::kDraw;
  std::string date;   // "2017.07.29" as written (may be empty)
  std::string time;   // "14:00" (may be empty)
  std::string place;  // the rest of the date tag (may be empty)
  std::string event;
  std::vector<TextMove> moves;
};

// Writes the record of a finished match. 先手 is the seat playing colour 0 at
// the end (in 五子棋 the seat that ends up black after any swap). The date is the
// start time (else the end time) in the display offset. '[' and ']' in names,
// place and event are written as '(' and ')'; control characters as spaces.
// Fails for an unknown game or an action the format cannot express.
Result<std::string> to_text_record(const referee::MatchRecord& record, const RecordMeta& meta);

// Reads a text record: syntax, tags, the colour letters and their order, and
// each move's shape. Errors name the problem and where ("move 12 'B(J,)': ...").
Result<TextRecord> parse_text_record(std::string_view text);

struct ReplayedText {
  std::unique_ptr<AnyGame> game;  // the final position
  // The actions as played, seat 0 being 先手: for 五子棋 with the ccgc opening
  // the stones are replayed with opening=free (the opening's decisions are not
  // in the record; see README.md).
  std::vector<std::pair<Seat, std::string>> actions;
};

// Replays a parsed record through the engine under `rules_text` (the match's
// rules; "" for the defaults) and checks the result tag against the rules'
// outcome when the moves end the game. The error names the failing move.
Result<ReplayedText> replay_text_record(const TextRecord& record, std::string_view rules_text);

}  // namespace boyi::records
