// The per-game part of the text records (formats in README.md):
//   五子棋  B(J,10)                       one stone: column letter, row number
//   军棋    R(abccddeeffggghhhiiijjkklj)  a deployment: 25 piece letters, own-frame slot order
//           R(G0,F0)                     a step: from post, to post (absolute frame)
//   点格棋  B(AAA) / B(ABA,BAB,ACA)       a whole turn: its edges in order
//   苏拉卡尔塔 B(BB,BC)                   a move or capture: from point, to point (x then y)
#include "server/records/text_moves.h"

#include <cctype>

#include "engine/games.h"
#include "server/records/sides.h"

namespace boyi::records::detail {

namespace {

bool all_of(std::string_view s, bool (*pred)(char)) {
  for (char c : s)
    if (!pred(c)) return false;
  return !s.empty();
}
bool upper(char c) {
  return c >= 'A' && c <= 'Z';
}
bool lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool digit(char c) {
  return c >= '0' && c <= '9';
}

std::vector<std::string> split_spaces(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) out.emplace_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

// A stone "J10" as {"J", "10"}.
Result<std::vector<std::string>> gomoku_parts(std::string_view point) {
  if (point.size() < 2 || !upper(point[0]) || !all_of(point.substr(1), digit))
    return fail("'" + std::string(point) + "' is not a point like J10");
  return std::vector<std::string>{std::string(point.substr(0, 1)), std::string(point.substr(1))};
}

// "G0F0" / "BBBC" as {"G0", "F0"} / {"BB", "BC"}.
Result<std::vector<std::string>> two_posts(std::string_view text) {
  if (text.size() != 4) return fail("'" + std::string(text) + "' is not a from-to move");
  return std::vector<std::string>{std::string(text.substr(0, 2)), std::string(text.substr(2))};
}

}  // namespace

std::string_view code_of_game(std::string_view game) {
  std::string_view code;
  visit_game(game, [&]<Game G>() { code = G::kRecordCode; });
  return code;
}

std::string_view game_of_code(std::string_view code) {
  std::string_view game;
  for_each_game([&]<Game G>() {
    if (G::kRecordCode == code) game = G::kName;
  });
  return game;
}

Result<std::vector<TextMove>> moves_from_actions(std::string_view game,
                                                 std::span<const referee::RecordedAction> actions) {
  std::vector<TextMove> out;
  SeatColours colours(game);
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const auto& a = actions[i];
    const std::string& t = a.text;
    const auto bad = [&](const std::string& why) {
      return fail("action " + std::to_string(i + 1) + " '" + t.substr(0, 80) + "': " + why);
    };
    if (a.seat != 0 && a.seat != 1) return bad("seat must be 0 or 1");
    TextMove m;
    m.colour = colours.colour_of(a.seat);
    if (game == "gomoku") {
      std::string_view point = t;
      if (t == "swap" || t == "keep" || t.starts_with("offer ")) {
        colours.after(t);
        continue;  // opening decisions are not stones
      }
      if (t.starts_with("choose ")) {
        point = std::string_view(t).substr(7);
        m.colour = 0;  // the chosen candidate is black's stone 5
      }
      auto parts = gomoku_parts(point);
      if (!parts) return bad(parts.message());
      m.parts = std::move(parts).value();
      m.actions = {std::string(point)};
    } else if (game == "junqi") {
      if (t.size() == 25 && all_of(t, lower)) {
        m.parts = {t};
      } else {
        auto parts = two_posts(t);
        if (!parts) return bad(parts.message());
        m.parts = std::move(parts).value();
      }
      m.actions = {t};
    } else if (game == "dots") {
      m.parts = split_spaces(t);
      if (m.parts.empty()) return bad("no edge");
      m.actions = m.parts;
      if (!out.empty() && out.back().colour == m.colour) {  // the same turn goes on
        auto& last = out.back();
        last.parts.insert(last.parts.end(), m.parts.begin(), m.parts.end());
        last.actions.insert(last.actions.end(), m.actions.begin(), m.actions.end());
        continue;
      }
    } else if (game == "surakarta") {
      auto parts = two_posts(t);
      if (!parts) return bad(parts.message());
      m.parts = std::move(parts).value();
      m.actions = {t};
    } else {
      return fail("no text record format for game '" + std::string(game) + "'");
    }
    colours.after(t);
    out.push_back(std::move(m));
  }
  return out;
}

Status fill_actions(std::string_view game, TextMove& m) {
  const auto& p = m.parts;
  m.actions.clear();
  if (game == "gomoku") {
    if (p.size() != 2 || p[0].size() != 1 || !upper(p[0][0]) || !all_of(p[1], digit) ||
        p[1].size() > 2)
      return fail("a stone is written as (column letter,row number), e.g. (J,10)");
    m.actions.push_back(p[0] + p[1]);
  } else if (game == "junqi") {
    if (p.size() == 1 && all_of(p[0], lower)) {
      if (p[0].size() != 25) return fail("a deployment is 25 piece letters a-l");
      m.actions.push_back(p[0]);
    } else if (p.size() == 2 && p[0].size() == 2 && p[1].size() == 2 && upper(p[0][0]) &&
               digit(p[0][1]) && upper(p[1][0]) && digit(p[1][1])) {
      m.actions.push_back(p[0] + p[1]);
    } else {
      return fail("a 军棋 move is (from,to), e.g. (G0,F0), or a deployment of 25 letters");
    }
  } else if (game == "dots") {
    if (p.empty()) return fail("a turn needs at least one edge");
    for (const auto& e : p) {
      if (e.size() != 3 || !all_of(e, upper))
        return fail("'" + e + "' is not an edge of three capital letters, e.g. AAA");
      m.actions.push_back(e);
    }
  } else if (game == "surakarta") {
    if (p.size() != 2 || p[0].size() != 2 || p[1].size() != 2 || !all_of(p[0], upper) ||
        !all_of(p[1], upper))
      return fail("a move is (from,to) with points as two letters, e.g. (BB,BC)");
    m.actions.push_back(p[0] + p[1]);
  } else {
    return fail("no text record format for game '" + std::string(game) + "'");
  }
  return Status::Ok();
}

Status check_colour_order(std::string_view game, std::span<const TextMove> moves) {
  const auto letters = colour_letters(game);
  std::size_t first_step = 0;
  if (game == "junqi") {
    std::array<bool, 2> deployed{};
    while (first_step < moves.size() && moves[first_step].parts.size() == 1) {
      const int c = moves[first_step].colour;
      if (deployed[c] || first_step >= 2)
        return fail("wrong colour order: move " + std::to_string(first_step + 1) + " is a second " +
                    std::string(1, letters[c]) + " deployment");
      deployed[c] = true;
      ++first_step;
    }
    for (std::size_t i = first_step; i < moves.size(); ++i) {
      if (moves[i].parts.size() == 1)
        return fail("wrong colour order: move " + std::to_string(i + 1) +
                    " is a deployment after the moves began");
    }
    if (first_step < moves.size() && first_step < 2)
      return fail("wrong colour order: move " + std::to_string(first_step + 1) +
                  " comes before both sides deployed");
  }
  for (std::size_t i = first_step; i < moves.size(); ++i) {
    const int expected = static_cast<int>((i - first_step) % 2);
    if (moves[i].colour != expected)
      return fail("wrong colour order: move " + std::to_string(i + 1) + " is " +
                  std::string(1, letters[moves[i].colour]) + ", expected " +
                  std::string(1, letters[expected]));
  }
  return Status::Ok();
}

}  // namespace boyi::records::detail
