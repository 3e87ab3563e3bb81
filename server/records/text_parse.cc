// Reading the text records (棋谱): "{" six tags, then ";"-separated items
// "L(part,part,...)", then "}". Whitespace between tokens is allowed.
#include "server/records/json_record.h"
#include "server/records/sides.h"
#include "server/records/text_moves.h"
#include "server/records/text_record.h"

namespace boyi::records {

namespace {

constexpr int kTags = 6;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}
  void skip_space() {
    while (pos_ < text_.size() && is_space(text_[pos_])) ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  std::size_t pos() const { return pos_; }
  void advance(std::size_t n = 1) { pos_ += n; }
  // The text up to (not including) `stop`; npos if `stop` never comes.
  std::size_t find(char stop) const { return text_.find(stop, pos_); }
  std::string_view slice(std::size_t from, std::size_t to) const {
    return text_.substr(from, to - from);
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
};

bool is_date(std::string_view s) {
  return s.size() == 10 && s[4] == '.' && s[7] == '.' &&
         s.find_first_not_of("0123456789.") == std::string_view::npos;
}
bool is_clock(std::string_view s) {
  return s.size() == 5 && s[2] == ':' &&
         s.find_first_not_of("0123456789:") == std::string_view::npos;
}

void split_when(std::string_view tag, TextRecord& r) {
  auto take = [&](bool (*pred)(std::string_view), std::string& into) {
    const std::size_t sp = tag.find(' ');
    const std::string_view word = tag.substr(0, sp);
    if (!pred(word)) return;
    into = std::string(word);
    tag = sp == std::string_view::npos ? std::string_view() : tag.substr(sp + 1);
  };
  take(is_date, r.date);
  if (!r.date.empty()) take(is_clock, r.time);
  r.place = std::string(tag);
}

Status read_team(std::string_view tag, int index, std::array<char, 2> letters, TextRecord& r) {
  const std::string which = index == 0 ? "first (先手) team" : "second (后手) team";
  const std::size_t sp = tag.rfind(' ');
  if (sp == std::string_view::npos || sp + 2 != tag.size())
    return fail("the " + which + " tag '" + std::string(tag.substr(0, 80)) +
                "' must be a name, a space and a colour letter");
  const char letter = tag.back();
  if (letter != letters[index]) {
    if (letter == letters[1 - index])
      return fail(std::string("wrong colour order: the ") + which + " must play " + letters[index] +
                  ", not " + letter);
    return fail("the " + which + " tag has colour '" + std::string(1, letter) + "', expected " +
                letters[index]);
  }
  r.teams[static_cast<std::size_t>(index)] = std::string(tag.substr(0, sp));
  return Status::Ok();
}

}  // namespace

Result<TextRecord> parse_text_record(std::string_view text) {
  if (text.size() > kMaxRecordBytes)
    return fail("record larger than " + std::to_string(kMaxRecordBytes) + " bytes");
  if (auto s = check_utf8(text); !s) return fail("record: " + s.message());
  Cursor c(text);
  c.skip_space();
  if (c.at_end()) return fail("empty record");
  if (c.peek() != '{') return fail("wrong brackets: a record starts with '{'");
  c.advance();

  std::vector<std::string_view> tags;
  for (c.skip_space(); c.peek() == '['; c.skip_space()) {
    const std::size_t close = c.find(']');
    if (close == std::string_view::npos)
      return fail("truncated: tag " + std::to_string(tags.size() + 1) + " has no ']'");
    const std::string_view tag = c.slice(c.pos() + 1, close);
    if (tag.find_first_of("[{}") != std::string_view::npos)
      return fail("wrong brackets inside tag " + std::to_string(tags.size() + 1));
    if (tags.size() == kTags) return fail("more than 6 tags");
    tags.push_back(tag);
    c.advance(close + 1 - c.pos());
  }
  if (tags.size() != kTags) {
    if (c.at_end()) return fail("truncated after " + std::to_string(tags.size()) + " tags");
    return fail(
        "expected 6 tags [code][first team][second team][result][date time place][event], found " +
        std::to_string(tags.size()));
  }

  TextRecord r;
  r.code = std::string(tags[0]);
  r.game = std::string(detail::game_of_code(r.code));
  if (r.game.empty())
    return fail("unknown game code '" + r.code.substr(0, 20) + "' (known: C5, JQ, DB, SK)");
  const auto letters = colour_letters(r.game);
  for (int i : {0, 1})
    if (auto s = read_team(tags[static_cast<std::size_t>(1 + i)], i, letters, r); !s)
      return Error{s.message()};
  bool known = false;
  for (auto res :
       {TextResult::kFirstWins, TextResult::kSecondWins, TextResult::kDraw, TextResult::kAborted})
    if (tags[3] == text_result_name(res)) {
      r.result = res;
      known = true;
    }
  if (!known)
    return fail("unknown result '" + std::string(tags[3].substr(0, 40)) +
                "' (先手胜, 后手胜, 和棋 or 中止)");
  split_when(tags[4], r);
  r.event = std::string(tags[5]);

  // Items: ";L(part,...)" until "}".
  for (;;) {
    c.skip_space();
    if (c.at_end())
      return fail("truncated: no closing '}' after move " + std::to_string(r.moves.size()));
    if (c.peek() == '}') break;
    if (c.peek() != ';')
      return fail("expected ';' or '}' after move " + std::to_string(r.moves.size()) + ", found '" +
                  std::string(1, c.peek()) + "'");
    c.advance();
    c.skip_space();
    if (c.peek() == '}') break;  // a trailing ';' is allowed
    if (r.moves.size() >= kMaxRecordActions) return fail("too many moves");
    const std::size_t start = c.pos();
    const std::size_t n = r.moves.size() + 1;
    const char letter = c.peek();
    if (c.at_end()) return fail("truncated: move " + std::to_string(n) + " is missing");
    const std::size_t close = c.find(')');
    // What the error quotes: the item up to its ')', else up to the next ';' or '}'.
    std::size_t item_end = close == std::string_view::npos ? text.size() : close + 1;
    if (const std::size_t sep = text.find_first_of(";}", start); sep < item_end) item_end = sep;
    const std::string item(c.slice(start, std::min(item_end, start + 80)));
    const auto bad = [&](const std::string& why) {
      return fail("move " + std::to_string(n) + " '" + item + "': " + why);
    };
    if (letter != letters[0] && letter != letters[1])
      return bad(std::string("must start with a colour letter, ") + letters[0] + " or " +
                 letters[1]);
    c.advance();
    if (c.peek() != '(') return bad("wrong brackets: expected '(' after the colour letter");
    if (close == std::string_view::npos) return bad("truncated: no closing ')'");
    const std::string_view inside = c.slice(c.pos() + 1, close);
    if (inside.find_first_of("(;{}[]") != std::string_view::npos)
      return bad("wrong brackets inside the parentheses");
    TextMove m;
    m.colour = letter == letters[0] ? 0 : 1;
    for (std::size_t from = 0;;) {
      const std::size_t comma = inside.find(',', from);
      std::string_view part = inside.substr(
          from, comma == std::string_view::npos ? std::string_view::npos : comma - from);
      while (!part.empty() && is_space(part.front())) part.remove_prefix(1);
      while (!part.empty() && is_space(part.back())) part.remove_suffix(1);
      m.parts.emplace_back(part);
      if (comma == std::string_view::npos) break;
      from = comma + 1;
    }
    if (auto s = detail::fill_actions(r.game, m); !s) return bad(s.message());
    r.moves.push_back(std::move(m));
    c.advance(close + 1 - c.pos());
  }
  c.advance();
  c.skip_space();
  if (!c.at_end()) return fail("text after the closing '}'");
  if (auto s = detail::check_colour_order(r.game, r.moves); !s) return Error{s.message()};
  return r;
}

}  // namespace boyi::records
