// Writing the text records (棋谱): tags, then the items of text_moves.cc.
#include "server/records/sides.h"
#include "server/records/text_moves.h"
#include "server/records/text_record.h"

namespace boyi::records {

namespace {

// Tag contents may not hold brackets; control characters become spaces.
std::string tag_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == '[' || c == '{')
      c = '(';
    else if (c == ']' || c == '}')
      c = ')';
    else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
      c = ' ';
    out += c;
  }
  return out;
}

}  // namespace

std::string_view text_result_name(TextResult r) {
  switch (r) {
    case TextResult::kFirstWins:
      return "先手胜";
    case TextResult::kSecondWins:
      return "后手胜";
    case TextResult::kDraw:
      return "和棋";
    case TextResult::kAborted:
      return "中止";
  }
  return "?";
}

Result<std::string> to_text_record(const referee::MatchRecord& record, const RecordMeta& meta) {
  const std::string& game = record.config.game;
  const std::string_view code = detail::code_of_game(game);
  if (code.empty()) return fail("no text record format for game '" + game + "'");
  auto moves = detail::moves_from_actions(game, record.actions);
  if (!moves) return Error{moves.message()};

  SeatColours colours(game);
  for (const auto& a : record.actions) colours.after(a.text);
  const Seat first = colours.seat_of(0);
  const auto letters = colour_letters(game);

  TextResult result = TextResult::kDraw;
  if (record.outcome.ending == Ending::kAborted)
    result = TextResult::kAborted;
  else if (record.outcome.winner)
    result = *record.outcome.winner == first ? TextResult::kFirstWins : TextResult::kSecondWins;

  std::string when;
  if (auto t = meta.start_ms ? meta.start_ms : meta.end_ms)
    when = format_local_minute(*t, meta.utc_offset_minutes);
  const std::string place = tag_text(meta.place);
  if (!place.empty()) when += (when.empty() ? "" : " ") + place;

  std::string out = "{[" + std::string(code) + "]";
  out += "[" + tag_text(meta.players[first]) + " " + letters[0] + "]";
  out += "[" + tag_text(meta.players[1 - first]) + " " + letters[1] + "]";
  out += "[" + std::string(text_result_name(result)) + "]";
  out += "[" + when + "]";
  out += "[" + tag_text(meta.event) + "]";
  for (const auto& m : *moves) {
    out += ';';
    out += letters[m.colour];
    out += '(';
    for (std::size_t i = 0; i < m.parts.size(); ++i) out += (i ? "," : "") + m.parts[i];
    out += ')';
  }
  out += "}";
  return out;
}

}  // namespace boyi::records
