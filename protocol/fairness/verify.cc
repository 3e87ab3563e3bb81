#include "protocol/fairness/verify.h"

#include <map>

#include "base/crypto/signing.h"
#include "engine/junqi/junqi.h"
#include "protocol/fairness/commitment.h"
#include "protocol/fairness/transcript.h"
#include "protocol/wire/wire_seq.h"

namespace boyi::fairness {
namespace {

const char* colour(Seat seat) { return seat == 0 ? "red" : "blue"; }

// The referee's endings that the moves alone do not decide.
bool referee_ending(Ending e) {
  return e == Ending::kResignation || e == Ending::kTimeForfeit || e == Ending::kIllegalMove ||
         e == Ending::kDisconnectForfeit || e == Ending::kAborted || e == Ending::kAgreement;
}

}  // namespace

Result<std::vector<std::string>> verify_record(const referee::MatchRecord& record,
                                               std::string_view match_id,
                                               const Disclosure& d,
                                               const VerifyOptions& options) {
  std::vector<std::string> report;
  if (d.scheme != kScheme) return fail("unknown fairness scheme '" + d.scheme + "'");
  if (record.config.game != "junqi") return fail("only 军棋 matches are sealed");
  if (!options.trusted_key.empty() && options.trusted_key != d.public_key)
    return fail("the record is signed by " + d.public_key + ", not by the trusted key " +
                options.trusted_key);
  for (Seat s : {0, 1}) {
    const auto& seat = d.seats[static_cast<std::size_t>(s)];
    if (!is_hash_text(seat.root) || !is_hash_text(seat.seed))
      return fail(std::string(colour(s)) + "'s root and seed must be 64 hex digits");
  }
  report.push_back(options.trusted_key.empty()
                       ? "signed by key " + d.public_key + " (the record's own; pass the "
                         "server's published key to pin it)"
                       : "signed by the trusted key " + d.public_key);

  auto game = protocol::create_wire_game("junqi", record.rules_text);
  if (!game) return fail("rules: " + game.message());
  Transcript transcript(std::string(match_id), record.rules_text, {d.seats[0].seed, d.seats[1].seed});
  std::map<std::uint32_t, std::string> chains;  // by event seq
  int steps = 0, battles = 0, flags = 0;
  std::uint32_t last_seq = 0;
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    const auto& a = record.actions[i];
    const std::uint32_t seq = protocol::wire_seq(a.seq);
    const std::string label = "action " + std::to_string(i + 1) + " (seq " + std::to_string(seq) +
                              ", " + colour(a.seat) + ", '" + a.text + "')";
    if (a.seat != 0 && a.seat != 1) return fail(label + ": no such seat");
    auto played = (*game)->play_wire(a.seat, a.text);
    if (!played) return fail(label + " does not replay: " + played.message());
    const auto& public_events = played->events[viewer_index(kPublic)];
    if (public_events.size() != 1 || !public_events[0].has_junqi())
      return fail(label + ": not a 军棋 action");
    const v1::JunqiEvent& e = public_events[0].junqi();
    const auto& secrets = d.seats[static_cast<std::size_t>(a.seat)];
    const bool deploy = e.kind() == v1::JunqiEvent::KIND_DEPLOY;
    if (deploy && !secrets.client_commitment.empty()) {
      if (client_commitment(a.text, secrets.client_salt) != secrets.client_commitment)
        return fail(label + ": the deployment does not match " + colour(a.seat) +
                    "'s own commitment");
      report.push_back(std::string(colour(a.seat)) + "'s deployment matches its own commitment " +
                       secrets.client_commitment);
    }
    auto sealed = transcript.add_action(seq, a.seat, *played, a.elapsed_ms, a.clock_ms,
                                        deploy ? secrets.client_commitment : "");
    if (!sealed) return fail(label + ": " + sealed.message());
    if (deploy) {
      if (sealed->commitment != secrets.root)
        return fail(label + ": the deployment does not match " + colour(a.seat) +
                    "'s commitment " + secrets.root);
      report.push_back(std::string(colour(a.seat)) + "'s deployment matches its commitment " +
                       secrets.root);
    } else {
      ++steps;
      if (e.code() != junqi::kPlainMove) ++battles;
      for (const auto& o : sealed->openings) {
        ++flags;
        if (!opening_matches(match_id, d.seats[static_cast<std::size_t>(o.seat)].root, o))
          return fail(label + ": the revealed flag does not open against its commitment");
      }
    }
    chains[seq] = sealed->chain;
    last_seq = seq;
  }
  report.push_back(std::to_string(steps) + " steps, " + std::to_string(battles) +
                   " battles: every outcome code follows from the committed deployments");
  if (flags > 0)
    report.push_back(std::to_string(flags) + " flag(s) revealed, each on its committed post");

  // The ending: the rules' own when the moves decide it, else one the moves cannot contradict.
  if ((*game)->is_terminal()) {
    if ((*game)->outcome() != record.outcome)
      return fail("the ending '" + describe(record.outcome) + "' is not the rules' '" +
                  describe((*game)->outcome()) + "'");
    report.push_back("the ending follows from the moves: " + describe(record.outcome));
  } else {
    if (!referee_ending(record.outcome.ending))
      return fail("the ending '" + describe(record.outcome) + "' needs a finished game");
    report.push_back("the ending is the referee's: " + describe(record.outcome));
  }

  if (d.seq <= last_seq) return fail("the end's seq must follow the last action's");
  const std::string final_chain = transcript.add_end(d.seq, record.outcome);
  chains[d.seq] = final_chain;
  if (final_chain != d.chain)
    return fail("the record does not rebuild the transcript the server signed (chain " +
                final_chain + ", signed " + d.chain + ")");
  if (!crypto::verify_signature(d.public_key, seal_text(match_id, d.seq, d.chain), d.signature))
    return fail("the server's signature of the transcript does not hold");
  report.push_back("the server's signature over the whole transcript holds");

  for (const auto& s : options.seen) {
    const std::string at = "the seal of event " + std::to_string(s.seq);
    if (!crypto::verify_signature(d.public_key, seal_text(match_id, s.seq, s.chain), s.signature))
      return fail(at + " is not the server's signature");
    const auto it = chains.find(s.seq);
    if (it == chains.end()) return fail(at + ": the record has no such event");
    if (it->second != s.chain)
      return fail(at + " is signed by the server but differs from the record: the server told "
                  "this seat something else than it recorded");
  }
  if (!options.seen.empty())
    report.push_back(std::to_string(options.seen.size()) +
                     " seal(s) the seat kept agree with the record");
  return report;
}

}  // namespace boyi::fairness
