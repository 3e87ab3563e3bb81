// Rules values and the names of the small types: their text forms.
#include <array>

#include "base/options.h"
#include "engine/gomoku/types.h"

namespace boyi::gomoku {
namespace {
constexpr std::array<std::string_view, 3> kRuleNames = {"renju", "standard", "freestyle"};
constexpr std::array<std::string_view, 3> kOpeningNames = {"free", "centre", "ccgc"};
}  // namespace

std::string format_point(Point p) {
  if (p >= kPoints) return "?";
  std::string s(1, static_cast<char>('A' + point_col(p)));
  s += std::to_string(point_row(p) + 1);
  return s;
}

Result<Point> parse_point(std::string_view text) {
  const std::string shown =
      text.size() <= 16 ? std::string(text) : std::string(text.substr(0, 16)) + "...";
  if (text.size() < 2 || text.size() > 3)
    return fail("'" + shown + "' is not a point (a column A-O and a row 1-15, e.g. H8)");
  char c = text[0];
  if (c >= 'a' && c <= 'o') c = static_cast<char>(c - 'a' + 'A');
  if (c < 'A' || c > 'O') return fail("'" + shown + "' is not a point: the column must be A-O");
  int row = 0;
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9')
      return fail("'" + shown + "' is not a point: the row must be a number 1-15");
    row = row * 10 + (text[i] - '0');
  }
  if (text[1] == '0' || row < 1 || row > kSize)
    return fail("'" + shown + "' is not a point: the row must be 1-15");
  return make_point(c - 'A', row - 1);
}

std::string_view colour_name(Colour c) {
  return c == Colour::kBlack ? "black" : "white";
}

std::string_view step_name(Step s) {
  constexpr std::array<std::string_view, 8> kNames = {"stone-1", "stone-2", "stone-3", "swap",
                                                      "stone-4", "offer",   "choose",  "play"};
  return kNames[static_cast<std::size_t>(s)];
}

std::string_view foul_name(Foul f) {
  constexpr std::array<std::string_view, 4> kNames = {"none", "overline", "double-four",
                                                      "double-three"};
  return kNames[static_cast<std::size_t>(f)];
}

std::string Rules::to_string() const {
  return "rule=" + std::string(kRuleNames[static_cast<std::size_t>(rule)]) +
         " opening=" + std::string(kOpeningNames[static_cast<std::size_t>(opening)]) +
         " fifth_n=" + std::to_string(fifth_n);
}

Result<Rules> Rules::parse(std::string_view text) {
  if (text.size() > 1024) return fail("rules text is too long");
  auto options = parse_options(text);
  if (!options.ok()) return fail(options.message());
  Rules r;
  for (const auto& [key, value] : options.value()) {
    if (key == "rule") {
      auto v = parse_enum_option(key, value, {kRuleNames.begin(), kRuleNames.end()});
      if (!v.ok()) return fail(v.message());
      r.rule = static_cast<RuleSet>(v.value());
    } else if (key == "opening") {
      auto v = parse_enum_option(key, value, {kOpeningNames.begin(), kOpeningNames.end()});
      if (!v.ok()) return fail(v.message());
      r.opening = static_cast<Opening>(v.value());
    } else if (key == "fifth_n") {
      auto v = parse_int_option(key, value, 2, 5);
      if (!v.ok()) return fail(v.message());
      r.fifth_n = v.value();
    } else {
      return fail("unknown gomoku rules option '" + key + "' (known: rule, opening, fifth_n)");
    }
  }
  return r;
}

}  // namespace boyi::gomoku
