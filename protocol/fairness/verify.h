// Checking a finished 军棋 match offline (boyi-verify): from its record (both deployments and
// every step) and its disclosure (the seeds behind the commitments, the final signed chain),
// every commitment, every outcome code and revealed flag, the ending and the server's
// signatures must agree. A seat that kept the seals it was sent (its MatchEvents) can add
// them: each must be a valid signature of the chain the record rebuilds at that event, so a
// server that told a seat one thing and recorded another is caught with its own signature.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "protocol/fairness/disclosure.h"
#include "referee/record.h"

namespace boyi::fairness {

struct SeenSeal {
  std::uint32_t seq = 0;
  std::string chain;
  std::string signature;
};

struct VerifyOptions {
  std::string trusted_key;      // the server's published key; "" trusts the record's
  std::vector<SeenSeal> seen;   // seals a seat kept from its events
};

// What was checked, one sentence per line; an error names the first thing that fails.
Result<std::vector<std::string>> verify_record(const referee::MatchRecord& record,
                                               std::string_view match_id,
                                               const Disclosure& disclosure,
                                               const VerifyOptions& options = {});

}  // namespace boyi::fairness
