// Text forms: rules options, piece and post names, and the competition's move
// notation (a step "G0F0" in the absolute frame; a deployment as 25 letters in
// the seat's own-frame slot order).
#include <array>
#include <string>

#include "base/options.h"
#include "engine/junqi/junqi.h"

namespace boyi::junqi {

namespace {
constexpr std::array<std::string_view, kPieceKinds> kPieceNames = {
    "marshal", "general",    "division commander", "brigadier", "colonel", "major",
    "captain", "lieutenant", "engineer",           "mine",      "bomb",    "flag"};
constexpr std::size_t kMaxMoveText = 64;

bool is_ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) > 127) return false;
  return true;
}
}  // namespace

std::string_view piece_name(int piece) {
  return piece >= 0 && piece < kPieceKinds ? kPieceNames[piece] : std::string_view("?");
}

std::string_view step_code_name(int code) {
  switch (code) {
    case kAttackerRemoved:
      return "attacker removed";
    case kAttackerWon:
      return "attacker won";
    case kBothRemoved:
      return "both removed";
    case kPlainMove:
      return "plain move";
    default:
      return "?";
  }
}

std::string post_name(int post) {
  if (post < 0 || post >= kPosts) return "??";
  return {static_cast<char>('A' + row_of(post)), static_cast<char>('0' + col_of(post))};
}

Result<int> parse_post(std::string_view text) {
  if (text.size() != 2 || text[0] < 'A' || text[0] > 'L' || text[1] < '0' || text[1] > '4')
    return fail("'" + std::string(text) + "' is not a post (row A-L, column 0-4, e.g. G0)");
  return post_at(text[0] - 'A', text[1] - '0');
}

std::string Rules::to_string() const {
  return "no_battle_limit=" + std::to_string(no_battle_limit) +
         " no_battle_result=" + (no_battle_result == NoBattleResult::kLoss ? "loss" : "draw");
}

Result<Rules> Rules::parse(std::string_view text) {
  if (text.size() > 1000) return fail("rules text is too long");
  if (!is_ascii(text)) return fail("rules text has a non-ASCII character");
  auto options = parse_options(text);
  if (!options) return Error{options.message()};
  Rules rules;
  for (const auto& [key, value] : *options) {
    if (key == "no_battle_limit") {
      auto v = parse_int_option(key, value, 10, 31);
      if (!v) return Error{v.message()};
      rules.no_battle_limit = *v;
    } else if (key == "no_battle_result") {
      auto v = parse_enum_option(key, value, {"loss", "draw"});
      if (!v) return Error{v.message()};
      rules.no_battle_result = *v == 0 ? NoBattleResult::kLoss : NoBattleResult::kDraw;
    } else {
      return fail("unknown rules option '" + key + "' (known: no_battle_limit, no_battle_result)");
    }
  }
  return rules;
}

Result<Move> State::parse_move(Seat seat, std::string_view text) const {
  if (text.empty()) return fail("empty move");
  if (text.size() > kMaxMoveText) return fail("move text is too long");
  if (!is_ascii(text)) return fail("move text has a non-ASCII character");
  if (text.size() == 4 && text[0] >= 'A' && text[0] <= 'Z') {
    auto from = parse_post(text.substr(0, 2));
    if (!from) return Error{"bad step '" + std::string(text) + "': " + from.message()};
    auto to = parse_post(text.substr(2, 2));
    if (!to) return Error{"bad step '" + std::string(text) + "': " + to.message()};
    return Move::step(*from, *to);
  }
  bool letters = true;
  for (char c : text) letters = letters && c >= 'a' && c <= 'z';
  if (!letters)
    return fail("'" + std::string(text) +
                "' is neither a step like G0F0 nor a deployment of 25 letters a-l");
  if (text.size() != kPiecesPerSide)
    return fail("a deployment has 25 letters, got " + std::to_string(text.size()));
  if (seat != 0 && seat != 1) return fail("only seats 0 and 1 deploy");
  std::array<std::uint8_t, kPiecesPerSide> layout{};
  for (int i = 0; i < kPiecesPerSide; ++i) {
    const char c = text[i];
    if (c > 'l')
      return fail(std::string("unknown piece letter '") + c + "' at position " +
                  std::to_string(i + 1) + " (letters a-l)");
    layout[i] = static_cast<std::uint8_t>(c - 'a');
  }
  return Move::deploy(seat, layout);
}

std::string State::format_move(const Move& move) const {
  if (move.kind == Move::kStep) return post_name(move.from) + post_name(move.to);
  std::string s;
  for (std::uint8_t p : move.layout) s += p < kPieceKinds ? piece_letter(p) : '?';
  return s;
}

}  // namespace boyi::junqi
