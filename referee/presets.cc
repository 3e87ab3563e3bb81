#include "referee/presets.h"

namespace boyi::referee {
namespace {

constexpr std::int64_t kSecond = 1000;
constexpr std::int64_t kGrace = 1 * kSecond;

constexpr TimeControl total(std::int64_t seconds) {
  return {seconds * kSecond, 0, 0, kGrace};
}
constexpr TimeControl blitz() {
  return {180 * kSecond, 0, 2 * kSecond, kGrace};
}

// The competition presets follow docs/rules: 军棋 1800 s per side with the
// no-battle limit 31 (junqi.md, "End of the game"); 五子棋 renju with fouls and
// the ccgc opening, 900 s (gomoku.md); 点格棋 and 苏拉卡尔塔 900 s per side.
constexpr Preset kPresets[] = {
    {"junqi-ccgc", "junqi", "no_battle_limit=31 no_battle_result=loss", total(1800),
     "军棋, competition rules: 1800 s per side, no-battle limit 31"},
    {"renju-ccgc", "gomoku", "rule=renju opening=ccgc fifth_n=2", total(900),
     "五子棋, renju fouls, ccgc opening (swap, 2 fifth-move offers): 900 s per side"},
    {"dots-ccgc", "dots", "", total(900), "点格棋, competition rules: 900 s per side"},
    {"surakarta-ccgc", "surakarta", "no_capture_limit=80 max_plies=400", total(900),
     "苏拉卡尔塔, competition rules: 900 s per side"},
    {"surakarta-course",
     "surakarta",
     "no_capture_limit=80 max_plies=400",
     {900 * kSecond, 10 * kSecond, 0, kGrace},
     "苏拉卡尔塔, course variant: 10 s per move"},
    {"junqi-blitz", "junqi", "no_battle_limit=31 no_battle_result=loss", blitz(),
     "军棋, quick: 180 s + 2 s per move"},
    {"renju-blitz", "gomoku", "rule=renju opening=ccgc fifth_n=2", blitz(),
     "五子棋 renju, quick: 180 s + 2 s per move"},
    {"gomoku-blitz", "gomoku", "rule=freestyle opening=free", blitz(),
     "五子棋 freestyle, free opening, quick: 180 s + 2 s per move"},
    {"dots-blitz", "dots", "", blitz(), "点格棋, quick: 180 s + 2 s per turn"},
    {"surakarta-blitz", "surakarta", "no_capture_limit=80 max_plies=400", blitz(),
     "苏拉卡尔塔, quick: 180 s + 2 s per move"},
};

}  // namespace

std::span<const Preset> presets() {
  return kPresets;
}

const Preset* find_preset(std::string_view name) {
  for (const auto& p : kPresets)
    if (p.name == name) return &p;
  return nullptr;
}

MatchConfig config_from_preset(const Preset& preset, std::string match_id) {
  MatchConfig config;
  config.match_id = std::move(match_id);
  config.game = std::string(preset.game);
  config.rules_text = std::string(preset.rules_text);
  config.time = preset.time;
  return config;
}

}  // namespace boyi::referee
