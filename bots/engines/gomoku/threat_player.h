// The 五子棋 engine `threat`: pattern evaluation, VCF/VCT threat-space search,
// alpha-beta over threat-restricted candidates and the ccgc opening decisions
// (see analyst.h and opening.h), behind the Player interface.
//
// Options (defaults are the strongest setting):
//   vcf=0|1     own VCF search and defence against the opponent's (1)
//   vct=0|1     own VCT search and defence against the opponent's (1)
//   defend=0|1  restrict the moves against the opponent's VCF/VCT (1)
//   depth=N     alpha-beta depth limit (24; 6 without a deadline)
//   width=N     candidates per node below the root (10)
//   nodes=N     alpha-beta node limit per move (none)
//   tss=N       node limit of each VCF search (60000; VCT gets two thirds)
//   leafvcf=N   nodes of a VCF probe at alpha-beta leaves (0: none)
//   lmr, qfours, history, asp=0|1  the alpha-beta's refinements (1), for ablations
//   book=0|1    the ccgc opening's stones 2, 3 and swap from the measured book (1), or
//               from searches (0: the engine before the book)
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "bots/engines/gomoku/analyst.h"
#include "bots/engines/gomoku/opening.h"
#include "bots/player.h"
#include "bots/player_options.h"

namespace boyi::bots::gomoku_threat {

class ThreatPlayer : public Player<gomoku::State> {
 public:
  // `seed`: the opening's choice among equally balanced openings.
  ThreatPlayer(std::string name, AnalystOptions options, std::uint64_t seed);
  std::string name() const override { return name_; }
  gomoku::Move choose(const gomoku::State& s, Seat seat, const TimeBudget& budget) override;

  // What decided the last move of normal play.
  const Decision& last_decision() const { return last_; }
  std::optional<ChoiceNote> last_note() const override;

 private:
  std::string name_;
  Analyst analyst_;
  OpeningPlayer opening_;
  Decision last_;
};

// Reads the options above from `spec`; keys in `extra_keys` are allowed and
// left to the caller (a player built on this engine reads its own).
Result<AnalystOptions> threat_options(const PlayerSpec& spec,
                                      const std::vector<std::string_view>& extra_keys = {});

// Reads the options above from `spec`.
Result<std::unique_ptr<Player<gomoku::State>>> make_threat_player(const PlayerSpec& spec,
                                                                  std::string_view text,
                                                                  std::uint64_t seed);

inline constexpr std::string_view kThreatHelp =
    "pattern evaluation, VCF/VCT threat-space search, alpha-beta, ccgc opening; "
    "threat[:vcf=0|1,vct=0|1,defend=0|1,depth=N,width=N,nodes=N,tss=N,leafvcf=N,"
    "lmr=0|1,qfours=0|1,history=0|1,asp=0|1,book=0|1]";

}  // namespace boyi::bots::gomoku_threat
