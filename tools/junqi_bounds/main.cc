// junqi-bounds [--csv FILE] [--bucket N] LOG...: checks the 军棋 belief tracker's bounds
// against the full record. LOG is a game log of `boyi-match --game junqi --log`. Each game is
// replayed through the engine; after every action, for both seats, the tracker is built from
// what that seat saw (bots/engines/junqi/belief.h) and each of the 25 enemy pieces' mask of
// possible identities (alive or removed) is checked against the identity the enemy deployed it
// with. The mask's highest and lowest possible ranks are the piece's upper and lower rank
// bounds (上下限), so a true identity outside the mask is a bound violation. The positions that
// count are those where a seat is to move (where a player asks its tracker); each game's final
// position is tallied apart.
// Prints the totals; --csv writes them by game ply (buckets of N plies, default 25): checks,
// violations, the mean number of possible identities of an alive enemy piece, the share of
// alive pieces pinned to one identity, and the mean probability the soft belief gives the
// truth. Exit 0: no violation and every history explained; 1: a violation; 2: bad input.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "bots/engines/junqi/belief.h"
#include "engine/junqi/junqi.h"

namespace {

using namespace boyi;
using namespace boyi::bots;

struct Tally {
  long checks = 0, violations = 0, alive = 0, alive_ids = 0, pinned = 0, removed = 0,
       removed_ids = 0, states = 0;
  double p_true = 0;
  void add(const Tally& o) {
    checks += o.checks, violations += o.violations, alive += o.alive, alive_ids += o.alive_ids;
    pinned += o.pinned, removed += o.removed, removed_ids += o.removed_ids, states += o.states;
    p_true += o.p_true;
  }
};

struct Run {
  std::map<int, Tally> by_bucket;  // positions where a seat is to move, by ply
  Tally final;                     // the game's last position: nobody decides there
  long games = 0, plies = 0, unexplained = 0, final_unexplained = 0;
  int bucket = 25;
};

// Checks both seats' trackers in the current state of one game.
void check(const junqi::State& truth, const std::array<JunqiSeatInfo, 2>& info,
           const std::array<JunqiLayout, 2>& layout, Run& run) {
  const bool final = truth.is_terminal();
  Tally& t = final ? run.final : run.by_bucket[truth.ply() / run.bucket];
  for (Seat s = 0; s < 2; ++s) {
    const JunqiBelief b(info[s]);
    if (!b.ok()) {
      ++(final ? run.final_unexplained : run.unexplained);
      if (!final)
        std::fprintf(stderr, "junqi-bounds: game %ld ply %d seat %d: %s\n", run.games, truth.ply(),
                     s, b.error().c_str());
      continue;
    }
    ++t.states;
    const JunqiLayout& enemy = layout[1 - s];
    for (int i = 0; i < junqi::kPiecesPerSide; ++i) {
      const JunqiEnemyPiece& p = b.pieces()[i];
      const int id = enemy[i];  // piece i is the enemy's deployment slot i
      const int n = std::popcount(static_cast<unsigned>(p.mask));
      ++t.checks;
      if (!(p.mask & junqi_bit(id))) {
        ++t.violations;
        if (!final)
          std::fprintf(stderr,
                       "junqi-bounds: game %ld ply %d seat %d: enemy slot %d is %d, mask %03x\n",
                       run.games, truth.ply(), s, i, id, p.mask);
      }
      if (p.post >= 0) {
        ++t.alive, t.alive_ids += n, t.pinned += n == 1;
        t.p_true += b.probability(i, id);
      } else {
        ++t.removed, t.removed_ids += n;
      }
    }
  }
}

// Replays one game's actions ("seat action" each); false on a refused action.
bool replay(const junqi::Rules& rules, const std::vector<std::pair<int, std::string>>& actions,
            Run& run) {
  junqi::State truth(rules);
  std::array<JunqiSeatInfo, 2> info;
  std::array<JunqiLayout, 2> layout{};
  for (Seat s = 0; s < 2; ++s) info[s].seat = s, info[s].rules = rules;
  for (const auto& [seat, text] : actions) {
    auto m = truth.parse_move(seat, text);
    if (!m)
      return std::fprintf(stderr, "junqi-bounds: %s: %s\n", text.c_str(), m.message().c_str()),
             false;
    if (m->kind == junqi::Move::kDeploy) layout[seat] = m->layout;
    auto e = truth.apply_checked(seat, *m);
    if (!e)
      return std::fprintf(stderr, "junqi-bounds: %s: %s\n", text.c_str(), e.message().c_str()),
             false;
    for (Seat s = 0; s < 2; ++s) {
      info[s].events.push_back(junqi::State::event_view(*e, s));
      info[s].view = truth.view(s);
    }
    if (truth.in_play()) check(truth, info, layout, run), ++run.plies;
  }
  ++run.games;
  return true;
}

bool read_log(const std::string& path, Run& run) {
  std::ifstream in(path);
  if (!in) return std::fprintf(stderr, "junqi-bounds: cannot open %s\n", path.c_str()), false;
  junqi::Rules rules;
  std::vector<std::pair<int, std::string>> actions;
  bool in_game = false;
  std::string line;
  auto finish = [&] {
    const bool ok = !in_game || replay(rules, actions, run);
    actions.clear(), in_game = false;
    return ok;
  };
  while (std::getline(in, line)) {
    if (line.rfind("[Game ", 0) == 0) {
      if (!finish()) return false;
      in_game = true, rules = {};
    } else if (line.rfind("[Rules \"", 0) == 0) {
      auto r = junqi::Rules::parse(line.substr(8, line.size() - 10));
      if (!r) return std::fprintf(stderr, "junqi-bounds: %s\n", r.message().c_str()), false;
      rules = *r;
    } else if (in_game && !line.empty() && line[0] >= '0' && line[0] <= '9') {
      // "12. 1 F4G4": move number, seat, action; the result line ("0-1") has no '.'
      const auto dot = line.find(". ");
      if (dot == std::string::npos || line.size() < dot + 4) continue;
      actions.emplace_back(line[dot + 2] - '0', line.substr(dot + 4));
    }
  }
  return finish();
}

}  // namespace

int main(int argc, char** argv) {
  Run run;
  std::string csv;
  std::vector<std::string> logs;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--csv" && i + 1 < argc)
      csv = argv[++i];
    else if (a == "--bucket" && i + 1 < argc)
      run.bucket = std::max(1, std::stoi(argv[++i]));
    else
      logs.push_back(a);
  }
  if (logs.empty()) {
    std::fprintf(stderr, "usage: junqi-bounds [--csv FILE] [--bucket N] LOG...\n");
    return 2;
  }
  for (const auto& path : logs)
    if (!read_log(path, run)) return 2;
  Tally all;
  for (const auto& [k, t] : run.by_bucket) all.add(t);
  std::printf("games %ld, positions %ld, tracker states %ld, unexplained histories %ld\n",
              run.games, run.plies, all.states, run.unexplained);
  std::printf("checks %ld, violations %ld\n", all.checks, all.violations);
  std::printf(
      "final positions (nobody decides there): tracker states %ld, unexplained histories %ld, "
      "checks %ld, violations %ld\n",
      run.final.states, run.final_unexplained, run.final.checks, run.final.violations);
  std::printf(
      "alive enemy pieces: mean possible identities %.3f, pinned to one %.4f, "
      "mean P(truth) %.3f; removed: mean possible identities %.3f\n",
      all.alive ? double(all.alive_ids) / all.alive : 0.0,
      all.alive ? double(all.pinned) / all.alive : 0.0, all.alive ? all.p_true / all.alive : 0.0,
      all.removed ? double(all.removed_ids) / all.removed : 0.0);
  if (!csv.empty()) {
    std::ofstream out(csv);
    out << "ply_from,ply_to,states,checks,violations,alive,mean_identities,pinned_share,mean_p_"
           "true,"
           "removed,removed_mean_identities\n";
    for (const auto& [k, t] : run.by_bucket) {
      char row[256];
      std::snprintf(row, sizeof row, "%d,%d,%ld,%ld,%ld,%ld,%.4f,%.4f,%.4f,%ld,%.4f\n",
                    k * run.bucket, (k + 1) * run.bucket - 1, t.states, t.checks, t.violations,
                    t.alive, t.alive ? double(t.alive_ids) / t.alive : 0.0,
                    t.alive ? double(t.pinned) / t.alive : 0.0, t.alive ? t.p_true / t.alive : 0.0,
                    t.removed, t.removed ? double(t.removed_ids) / t.removed : 0.0);
      out << row;
    }
  }
  return all.violations == 0 && run.unexplained == 0 ? 0 : 1;
}
