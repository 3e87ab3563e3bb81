#include "protocol/fairness/transcript.h"

#include <algorithm>
#include <limits>

#include "base/crypto/crypto.h"

namespace boyi::fairness {
namespace {

std::string hash_hex(std::string_view text) { return crypto::to_hex(crypto::sha256_bytes(text)); }

std::string join(std::initializer_list<std::string> parts) {
  std::string out;
  for (const auto& p : parts) {
    if (!out.empty()) out += '|';
    out += p;
  }
  return out;
}

}  // namespace

Transcript::Transcript(std::string match_id, std::string_view rules_text,
                       std::array<std::string, 2> seeds)
    : match_id_(std::move(match_id)), seeds_(std::move(seeds)) {
  chain_ = hash_hex("boyi-fair/1 start|" + match_id_ + "|" + std::string(rules_text));
}

void Transcript::extend(const std::string& element) { chain_ = hash_hex(chain_ + "|" + element); }

namespace {
// As the wire shows them (MatchEvent.move_time_ms, Clocks.remaining_ms: uint32), so a client
// rebuilds the element from its event.
std::string wire_ms(std::int64_t ms) {
  return std::to_string(std::clamp<std::int64_t>(ms, 0, std::numeric_limits<std::uint32_t>::max()));
}
std::string times(std::int64_t elapsed_ms, const std::array<std::int64_t, 2>& clock_ms) {
  return join({wire_ms(elapsed_ms), wire_ms(clock_ms[0]), wire_ms(clock_ms[1])});
}
}  // namespace

void Transcript::add_deploy(std::uint32_t seq, Seat seat, std::string_view root,
                            std::string_view client_commitment, std::int64_t elapsed_ms,
                            const std::array<std::int64_t, 2>& clock_ms) {
  extend(join({"deploy", std::to_string(seq), std::to_string(seat), std::string(root),
               std::string(client_commitment), times(elapsed_ms, clock_ms)}));
}

void Transcript::add_step(std::uint32_t seq, Seat seat, const v1::JunqiEvent& step,
                          const std::array<std::string, 2>& flags, std::int64_t elapsed_ms,
                          const std::array<std::int64_t, 2>& clock_ms) {
  extend(join({"step", std::to_string(seq), std::to_string(seat), step.from(), step.to(),
               std::to_string(step.code()), flags[0].empty() ? "-" : flags[0],
               flags[1].empty() ? "-" : flags[1], times(elapsed_ms, clock_ms)}));
}

Result<Transcript::Sealed> Transcript::add_action(std::uint32_t seq, Seat seat,
                                                  const protocol::WireAction& action,
                                                  std::int64_t elapsed_ms,
                                                  const std::array<std::int64_t, 2>& clock_ms,
                                                  std::string_view client_commitment) {
  if (seat != 0 && seat != 1) return fail("no such seat");
  const auto& events = action.events[viewer_index(kPublic)];
  if (events.size() != 1 || !events[0].has_junqi()) return fail("not a 军棋 action");
  const v1::JunqiEvent& e = events[0].junqi();
  Sealed out;
  if (e.kind() == v1::JunqiEvent::KIND_DEPLOY) {
    if (action.applied.moves.size() != 1) return fail("a deployment is one move");
    const std::string& layout = action.applied.moves[0];
    auto root = layout_root(match_id_, seat, layout, seeds_[static_cast<std::size_t>(seat)]);
    if (!root) return Error{root.message()};
    roots_[static_cast<std::size_t>(seat)] = *root;
    layouts_[static_cast<std::size_t>(seat)] = layout;
    out.commitment = *root;
    add_deploy(seq, seat, *root, client_commitment, elapsed_ms, clock_ms);
  } else {
    // The public form lists every revealed flag (both seats').
    std::array<std::string, 2> flags;
    for (const auto& f : e.revealed_flags())
      if (f.seat() == 0 || f.seat() == 1) flags[static_cast<std::size_t>(f.seat())] = f.post();
    add_step(seq, seat, e, flags, elapsed_ms, clock_ms);
    // A flag revealed now is opened against its seat's commitment: the flag never moves, so
    // its post is its deployment slot's.
    for (Seat s : {0, 1}) {
      const auto si = static_cast<std::size_t>(s);
      if (flags[si].empty() || flag_opened_[si] || layouts_[si].size() != kSlots) continue;
      const auto slot = layouts_[si].find('l');
      if (slot == std::string::npos) return fail("a layout without a flag");
      out.openings.push_back(
          open_slot(match_id_, s, layouts_[si], seeds_[si], static_cast<int>(slot)));
      flag_opened_[si] = true;
    }
  }
  out.chain = chain_;
  return out;
}

std::string Transcript::add_end(std::uint32_t seq, const Outcome& outcome) {
  extend(join({"end", std::to_string(seq), std::string(ending_name(outcome.ending)),
               outcome.winner ? std::to_string(*outcome.winner) : std::string("-"),
               outcome.detail}));
  return chain_;
}

std::string seal_text(std::string_view match_id, std::uint32_t seq, std::string_view chain) {
  return "boyi-fair/1 seal|" + std::string(match_id) + "|" + std::to_string(seq) + "|" +
         std::string(chain);
}

}  // namespace boyi::fairness
