#include "bots/bridges/junqi_lines.h"

#include "bots/bridges/text_protocol_lines.h"

#include <charconv>
#include <cstdio>
#include <vector>

namespace boyi::bots::junqi_lines {

namespace {

Result<int> number(std::string_view text, std::size_t digits, std::string_view what) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.size() != digits || v < 0)
    return fail(std::string(what) + " must be " + std::to_string(digits) + " digits, got " +
                quoted_line(text));
  return v;
}

std::string flag_field(int enemy_flag, Seat receiver) {
  return enemy_flag == kNoPost ? "00" : own_post(enemy_flag, receiver);
}

Result<int> parse_flag_field(std::string_view text, Seat receiver) {
  if (text == "00") return kNoPost;
  auto post = parse_post(text, receiver);
  if (!post) return Error{"flag field: " + post.message()};
  return *post;
}

Result<int> parse_code(std::string_view text) {
  if (text.size() != 1 || text[0] < '0' || text[0] > '3')
    return fail("result code must be 0, 1, 2 or 3, got " + quoted_line(text));
  return text[0] - '0';
}

}  // namespace

std::string_view keyword(std::string_view line) {
  const auto w = line_words(line);
  return w.empty() ? std::string_view() : w[0];
}

std::string own_post(int post, Seat seat) {
  return junqi::post_name(junqi::to_own_frame(post, seat));
}

Result<int> parse_post(std::string_view text, Seat seat) {
  auto own = junqi::parse_post(text);
  if (!own) return Error{own.message()};
  return junqi::from_own_frame(*own, seat);
}

std::string format_start(const Start& start) {
  char line[32];
  std::snprintf(
      line, sizeof line, "START %d %04d %02d", start.seat == 0 ? 0 : 1,
      start.seconds < 0 ? 0 : (start.seconds > 9999 ? 9999 : start.seconds),
      start.no_battle_limit < 0 ? 0 : (start.no_battle_limit > 99 ? 99 : start.no_battle_limit));
  return line;
}

Result<Start> parse_start(std::string_view line) {
  const auto w = line_words(line);
  if (w.size() != 4 || w[0] != "START")
    return fail("expected 'START f tttt ss', got " + quoted_line(line));
  if (w[1] != "0" && w[1] != "1") return fail("START: f must be 0 or 1, got " + quoted_line(w[1]));
  Start s;
  s.seat = w[1] == "0" ? 0 : 1;
  auto seconds = number(w[2], 4, "START time");
  if (!seconds) return Error{seconds.message()};
  auto limit = number(w[3], 2, "START no-battle limit");
  if (!limit) return Error{limit.message()};
  s.seconds = *seconds;
  s.no_battle_limit = *limit;
  return s;
}

std::string format_go(const Go& go, Seat receiver) {
  if (go.first_turn) return "GO 0000 0 00";
  return "GO " + own_post(go.from, receiver) + own_post(go.to, receiver) + " " +
         std::to_string(go.code) + " " + flag_field(go.enemy_flag, receiver);
}

Result<Go> parse_go(std::string_view line, Seat receiver) {
  const auto w = line_words(line);
  if (w.size() != 4 || w[0] != "GO")
    return fail("expected 'GO YXYX R FF', got " + quoted_line(line));
  Go go;
  if (w[1] == "0000") {
    if (w[2] != "0" || w[3] != "00")
      return fail("expected 'GO 0000 0 00', got " + quoted_line(line));
    go.first_turn = true;
    return go;
  }
  if (w[1].size() != 4) return fail("GO: the step must be 4 characters, got " + quoted_line(w[1]));
  auto from = parse_post(w[1].substr(0, 2), receiver);
  if (!from) return Error{"GO: " + from.message()};
  auto to = parse_post(w[1].substr(2, 2), receiver);
  if (!to) return Error{"GO: " + to.message()};
  auto code = parse_code(w[2]);
  if (!code) return Error{"GO: " + code.message()};
  auto flag = parse_flag_field(w[3], receiver);
  if (!flag) return Error{"GO: " + flag.message()};
  go.from = *from;
  go.to = *to;
  go.code = *code;
  go.enemy_flag = *flag;
  return go;
}

std::string format_result(const StepResult& result, Seat receiver) {
  return "RESULT " + std::to_string(result.code) + " " + flag_field(result.enemy_flag, receiver);
}

Result<StepResult> parse_result(std::string_view line, Seat receiver) {
  const auto w = line_words(line);
  if (w.size() != 3 || w[0] != "RESULT")
    return fail("expected 'RESULT R FF', got " + quoted_line(line));
  auto code = parse_code(w[1]);
  if (!code) return Error{"RESULT: " + code.message()};
  auto flag = parse_flag_field(w[2], receiver);
  if (!flag) return Error{"RESULT: " + flag.message()};
  return StepResult{*code, *flag};
}

std::string format_bestmove(int from, int to, Seat sender) {
  return "BESTMOVE " + own_post(from, sender) + own_post(to, sender);
}

Result<junqi::Move> parse_bestmove(std::string_view line, Seat sender) {
  const auto w = line_words(line);
  if (w.size() != 2 || w[0] != "BESTMOVE" || w[1].size() != 4)
    return fail("expected 'BESTMOVE YXYX', got " + quoted_line(line));
  auto from = parse_post(w[1].substr(0, 2), sender);
  if (!from) return Error{"BESTMOVE: " + from.message()};
  auto to = parse_post(w[1].substr(2, 2), sender);
  if (!to) return Error{"BESTMOVE: " + to.message()};
  return junqi::Move::step(*from, *to);
}

std::string format_array(std::string_view letters) {
  return "ARRAY " + std::string(letters);
}

Result<std::string> parse_array(std::string_view line) {
  const auto w = line_words(line);
  if (w.size() != 2 || w[0] != "ARRAY")
    return fail("expected 'ARRAY' and 25 letters, got " + quoted_line(line));
  if (w[1].size() != junqi::kPiecesPerSide)
    return fail("ARRAY needs 25 letters a-l, got " + std::to_string(w[1].size()) + " characters");
  for (char c : w[1])
    if (c < 'a' || c > 'l') return fail("ARRAY: letters are a-l, got " + quoted_line(w[1]));
  return std::string(w[1]);
}

Result<std::string> parse_name(std::string_view line) {
  if (line.size() < 5 || line.substr(0, 5) != "NAME ")
    return fail("expected 'NAME <team name>', got " + quoted_line(line));
  std::string name(line.substr(5));
  while (!name.empty() && name.back() == ' ') name.pop_back();
  if (name.empty()) return fail("NAME without a name");
  return name;
}

Result<std::string> parse_bare_name(std::string_view line) {
  std::string name(line);
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
  if (name.empty() || name.size() > 64) return fail("no bare team name: " + quoted_line(line));
  for (unsigned char c : name)
    if (c < 0x20 || c == 0x7f) return fail("no bare team name: " + quoted_line(line));
  const auto w = line_words(name);
  for (std::string_view word : {"NAME", "INFO", "START", "ARRAY", "GO", "BESTMOVE", "RESULT", "END"})
    if (w[0] == word) return fail("no bare team name: " + quoted_line(line));
  return name;
}

}  // namespace boyi::bots::junqi_lines
