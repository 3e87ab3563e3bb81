// The sealed transcript of a 军棋 match: a SHA-256 chain over everything public about each
// event — a deployment's commitment (its Merkle root), a step's posts, outcome code and
// revealed flags, the thinking time and both clocks, the ending — so one signed chain value
// vouches for the whole game up to that event. The server builds it as the match runs
// (WireMatch); boyi-verify rebuilds it from a record and the disclosed seeds (verify.h).
//
//   chain_0 = SHA-256("boyi-fair/1 start|<match>|<rules>")
//   chain_k = SHA-256(chain_{k-1} + "|" + element_k)
//   deploy  = "deploy|<seq>|<seat>|<root>|<client commitment>|<ms>|<clock0>|<clock1>"
//             (times as the event shows them: move_time_ms, clocks.remaining_ms)
//   step    = "step|<seq>|<seat>|<from>|<to>|<code>|<flag0>|<flag1>|<ms>|<clock0>|<clock1>"
//             (flags: the revealed flag post of each seat after the step, or "-")
//   end     = "end|<seq>|<ending>|<winner or ->|<detail>"
//   signed  = "boyi-fair/1 seal|<match>|<seq>|<chain>" (Ed25519)
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "engine/core/outcome.h"
#include "protocol/fairness/commitment.h"
#include "protocol/wire/wire_game.h"

namespace boyi::fairness {

class Transcript {
 public:
  // `seeds`: each seat's secret (seat_seed on the server, the disclosed ones in a check).
  Transcript(std::string match_id, std::string_view rules_text, std::array<std::string, 2> seeds);

  struct Sealed {
    std::string chain;
    std::string commitment;         // a deployment's root
    std::vector<Opening> openings;  // flags revealed by a step
  };
  // The next accepted action (its MatchEvent's seq), with the public wire form the engine
  // gave it; `client_commitment` is the actor's own, for a deployment ("" when none).
  Result<Sealed> add_action(std::uint32_t seq, Seat seat, const protocol::WireAction& action,
                            std::int64_t elapsed_ms, const std::array<std::int64_t, 2>& clock_ms,
                            std::string_view client_commitment);
  // The end event: the chain value after it.
  std::string add_end(std::uint32_t seq, const Outcome& outcome);

  // The elements alone, from what every recipient is told: a client (or a test) rebuilds the
  // chain from its events with these, the deployment's root taken from its seal.
  void add_deploy(std::uint32_t seq, Seat seat, std::string_view root,
                  std::string_view client_commitment, std::int64_t elapsed_ms,
                  const std::array<std::int64_t, 2>& clock_ms);
  // `flags`: each seat's revealed flag post after the step, "" when not revealed.
  void add_step(std::uint32_t seq, Seat seat, const v1::JunqiEvent& step,
                const std::array<std::string, 2>& flags, std::int64_t elapsed_ms,
                const std::array<std::int64_t, 2>& clock_ms);

  const std::string& match_id() const { return match_id_; }
  const std::string& chain() const { return chain_; }
  const std::array<std::string, 2>& roots() const { return roots_; }
  const std::array<std::string, 2>& seeds() const { return seeds_; }

 private:
  void extend(const std::string& element);

  std::string match_id_;
  std::array<std::string, 2> seeds_;
  std::array<std::string, 2> roots_;
  std::array<std::string, 2> layouts_;
  std::array<bool, 2> flag_opened_{};
  std::string chain_;
};

// The text the server signs for the event `seq` whose chain value is `chain`.
std::string seal_text(std::string_view match_id, std::uint32_t seq, std::string_view chain);

}  // namespace boyi::fairness
