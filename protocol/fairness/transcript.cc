#include "protocol/fairness/transcript.h"

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

Result<Transcript::Sealed> Transcript::add_action(std::uint32_t seq, Seat seat,
                                                  const protocol::WireAction& action,
                                                  std::int64_t elapsed_ms,
                                                  const std::array<std::int64_t, 2>& clock_ms,
                                                  std::string_view client_commitment) {
  if (seat != 0 && seat != 1) return fail("no such seat");
  const auto& events = action.events[viewer_index(kPublic)];
  if (events.size() != 1 || !events[0].has_junqi()) return fail("not a 军棋 action");
  const v1::JunqiEvent& e = events[0].junqi();
  const std::string seq_text = std::to_string(seq), seat_text = std::to_string(seat);
  const std::string times = join({std::to_string(elapsed_ms), std::to_string(clock_ms[0]),
                                  std::to_string(clock_ms[1])});
  Sealed out;
  if (e.kind() == v1::JunqiEvent::KIND_DEPLOY) {
    if (action.applied.moves.size() != 1) return fail("a deployment is one move");
    const std::string& layout = action.applied.moves[0];
    auto root = layout_root(match_id_, seat, layout, seeds_[static_cast<std::size_t>(seat)]);
    if (!root) return Error{root.message()};
    roots_[static_cast<std::size_t>(seat)] = *root;
    layouts_[static_cast<std::size_t>(seat)] = layout;
    out.commitment = *root;
    extend(join({"deploy", seq_text, seat_text, *root, std::string(client_commitment), times}));
  } else {
    std::array<std::string, 2> flags{"-", "-"};
    for (const auto& f : e.revealed_flags())
      if (f.seat() == 0 || f.seat() == 1) flags[static_cast<std::size_t>(f.seat())] = f.post();
    extend(join({"step", seq_text, seat_text, e.from(), e.to(), std::to_string(e.code()), flags[0],
                 flags[1], times}));
    // A flag revealed now is opened against its seat's commitment: the flag never moves, so
    // its post is its deployment slot's.
    for (Seat s : {0, 1}) {
      const auto si = static_cast<std::size_t>(s);
      if (flags[si] == "-" || flag_opened_[si] || layouts_[si].size() != kSlots) continue;
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
