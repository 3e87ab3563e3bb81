// A mover's note on a move (MakeMove.comment, RecordMove.comment): who decided it, an
// engine's evaluation. It goes into every record format, so it is short and one line.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "base/result.h"

namespace boyi::protocol {

inline constexpr std::size_t kMaxMoveCommentBytes = 200;

// Why the server refuses `comment` (too long, a control character), or Ok.
inline Status check_move_comment(std::string_view comment) {
  if (comment.size() > kMaxMoveCommentBytes)
    return fail("a move's comment is at most " + std::to_string(kMaxMoveCommentBytes) + " bytes");
  for (const char c : comment)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
      return fail("a move's comment holds no control characters");
  return Status::Ok();
}

// `text` as one line of at most `max_bytes`: control characters as spaces, cut at a UTF-8
// character boundary.
inline std::string fit_text_line(std::string_view text, std::size_t max_bytes) {
  std::string out(text.substr(0, max_bytes));
  if (text.size() > max_bytes) {
    std::size_t lead = out.size();
    while (lead > 0 && (static_cast<unsigned char>(out[lead - 1]) & 0xC0) == 0x80) --lead;
    if (lead > 0) {
      const auto c = static_cast<unsigned char>(out[lead - 1]);
      const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
      if (lead - 1 + len > out.size()) out.resize(lead - 1);  // its last character was cut
    }
  }
  for (char& c : out)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = ' ';
  return out;
}

// `comment` as a client may send it (fit_text_line to the comment's limit).
inline std::string fit_move_comment(std::string_view comment) {
  return fit_text_line(comment, kMaxMoveCommentBytes);
}

}  // namespace boyi::protocol
