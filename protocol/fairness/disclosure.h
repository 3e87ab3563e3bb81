// What a sealed match reveals after its end (protocol/README.md §Fairness): the server's
// public key, each seat's commitment and the secrets behind it, and the final signed chain.
// Plain data: the JSON record carries it, boyi-verify checks it (verify.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace boyi::fairness {

inline constexpr std::string_view kScheme = "boyi-fair/1";

struct SeatSecrets {
  std::string root;               // the Merkle root sent with the deployment (hex)
  std::string seed;               // the seat's secret; each slot's salt comes from it (hex)
  std::string client_commitment;  // the seat's own commitment ("" when it made none)
  std::string client_salt;        // the salt it revealed with its deployment
  bool operator==(const SeatSecrets&) const = default;
};

struct Disclosure {
  std::string scheme{kScheme};
  std::string public_key;  // hex Ed25519
  std::array<SeatSecrets, 2> seats;
  std::uint32_t seq = 0;  // the end event's (MatchEnded) seq
  std::string chain;      // the chain after the end event
  std::string signature;  // the server's signature of the end event's seal
  bool operator==(const Disclosure&) const = default;
};

}  // namespace boyi::fairness
