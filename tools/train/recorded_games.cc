#include "tools/train/recorded_games.h"

#include "tools/train/match_log.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>

namespace boyi::train {
namespace {

struct Joined {
  bots::learned::RecordedGame game;
  std::map<std::int64_t, std::pair<int, std::string>> actions;  // by seq
  int seats_seen = 0;                                           // bit s: seat s's episode
};

}  // namespace

Result<std::vector<bots::learned::RecordedGame>> parse_recorded_games(const std::string& lines,
                                                                      const std::string& game,
                                                                      const std::string& where) {
  std::map<std::string, Joined> matches;
  std::vector<std::string> order;
  std::istringstream in(lines);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const std::string at = where + " line " + std::to_string(number);
    try {
      const auto j = nlohmann::json::parse(line);
      if (j.value("format", "") != "boyi-observations/1")
        return fail(at + ": not a boyi-observations/1 episode (made by boyi-admin export)");
      const std::string episode_game = j.at("game").get<std::string>();
      if (episode_game != game)
        return fail(at + ": an episode of " + episode_game + ", this trainer learns " + game);
      const std::string id = j.at("match_id").get<std::string>();
      const int seat = j.at("seat").get<int>();
      if (seat != 0 && seat != 1) return fail(at + ": seat " + std::to_string(seat));
      auto [it, fresh] = matches.try_emplace(id);
      Joined& m = it->second;
      if (fresh) {
        order.push_back(id);
        m.game.game = episode_game;
        m.game.rules = j.at("rules").get<std::string>();
        const auto& winner = j.at("outcome").at("winner");
        if (!winner.is_null()) m.game.winner = winner.get<int>();
      }
      if (m.seats_seen & (1 << seat)) return fail(at + ": seat " + std::to_string(seat) +
                                                  " of match " + id + " twice");
      m.seats_seen |= 1 << seat;
      for (const auto& step : j.at("steps")) {
        if (!step.contains("action")) continue;
        if (step.at("actor").get<int>() != seat) return fail(at + ": an action of the other seat");
        m.actions[step.at("seq").get<std::int64_t>()] = {seat, step.at("action").get<std::string>()};
      }
    } catch (const nlohmann::json::exception& e) {
      return fail(at + ": " + e.what());
    }
  }
  std::vector<bots::learned::RecordedGame> out;
  for (const auto& id : order) {
    Joined& m = matches[id];
    if (m.seats_seen != 3) return fail(where + ": match " + id + " lacks a seat's episode");
    for (auto& [seq, action] : m.actions) m.game.actions.push_back(std::move(action));
    out.push_back(std::move(m.game));
  }
  return out;
}

Result<std::vector<bots::learned::RecordedGame>> read_recorded_games(
    const std::filesystem::path& file, const std::string& game) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return fail("cannot read " + file.string());
  std::ostringstream text;
  text << in.rdbuf();
  if (is_match_log(text.str())) return parse_match_log(text.str(), game, file.string());
  return parse_recorded_games(text.str(), game, file.string());
}

}  // namespace boyi::train
