// 军棋's provable fairness: the Merkle commitment and its openings, a sealed WireMatch (every
// event signed, the deployments committed, a revealed flag opened), the record verified
// offline, and every way of tampering with a record caught.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>

#include "base/crypto/signing.h"
#include "base/rng.h"
#include "protocol/fairness/commitment.h"
#include "protocol/fairness/disclosure_wire.h"
#include "protocol/fairness/transcript.h"
#include "protocol/fairness/verify.h"
#include "protocol/match/wire_match.h"
#include "referee/journal.h"

namespace boyi::fairness {
namespace {

using protocol::WireMatch;
using referee::TimePoint;

constexpr char kLayout[] = "abccddeeffggghhhiiijjkklj";  // flag on slot 23 (L3)

TimePoint at(int ms) { return TimePoint{} + std::chrono::milliseconds(ms); }

const crypto::SigningKey& server_key() {
  static const crypto::SigningKey key = std::move(crypto::SigningKey::generate()).value();
  return key;
}

TEST(Commitment, EverySlotOpensAndNothingElseDoes) {
  const std::string seed = seat_seed("secret", "m1", 0);
  auto root = layout_root("m1", 0, kLayout, seed);
  ASSERT_TRUE(root.ok());
  EXPECT_TRUE(is_hash_text(*root));
  EXPECT_NE(*root, *layout_root("m1", 1, kLayout, seed));            // bound to the seat
  EXPECT_NE(*root, *layout_root("m2", 0, kLayout, seed));            // and to the match
  EXPECT_NE(*root, *layout_root("m1", 0, kLayout, seat_seed("secret", "m1", 1)));
  EXPECT_FALSE(layout_root("m1", 0, "abc", seed).ok());
  for (int slot = 0; slot < kSlots; ++slot) {
    const Opening o = open_slot("m1", 0, kLayout, seed, slot);
    EXPECT_EQ(o.piece, kLayout[slot]);
    EXPECT_TRUE(opening_matches("m1", *root, o)) << slot;
    Opening other_piece = o;
    other_piece.piece = o.piece == 'a' ? 'b' : 'a';
    EXPECT_FALSE(opening_matches("m1", *root, other_piece)) << slot;
    Opening other_slot = o;
    other_slot.slot = (slot + 1) % kSlots;
    EXPECT_FALSE(opening_matches("m1", *root, other_slot)) << slot;
    Opening other_salt = o;
    other_salt.salt = slot_salt(seed, (slot + 1) % kSlots);
    EXPECT_FALSE(opening_matches("m1", *root, other_salt)) << slot;
    Opening short_path = o;
    short_path.path.pop_back();
    EXPECT_FALSE(opening_matches("m1", *root, short_path)) << slot;
  }
  EXPECT_EQ(slot_post(0, 0), "G0");
  EXPECT_EQ(slot_post(0, 23), "L3");
  EXPECT_EQ(slot_post(1, 23), "A1");  // seat 1's own frame is turned
  EXPECT_EQ(slot_post(1, 25), "");
}

TEST(Commitment, ClientCommitmentsAndSalts) {
  const std::string c = client_commitment(kLayout, "0123456789abcdef");
  EXPECT_TRUE(is_hash_text(c));
  EXPECT_NE(c, client_commitment(kLayout, "0123456789abcdeF"));
  EXPECT_TRUE(check_client_salt("0123456789abcdef").ok());
  EXPECT_FALSE(check_client_salt("short").ok());
  EXPECT_FALSE(check_client_salt(std::string(129, 'x')).ok());
  EXPECT_FALSE(check_client_salt("0123456789 abcdef").ok());
  EXPECT_FALSE(is_hash_text(std::string(64, 'A')));
}

referee::MatchConfig junqi_config() {
  referee::MatchConfig c;
  c.match_id = "fair-7";
  c.game = "junqi";
  c.time.total_ms = 600'000;
  return c;
}

// A sealed 军棋 match played to its end by random legal moves, a millisecond apart
// (a flag captured, a side stuck, or the no-battle limit).
struct SealedGame {
  referee::MemoryJournal journal;
  std::unique_ptr<WireMatch> match;

  explicit SealedGame(std::uint64_t seed) {
    auto m = WireMatch::create(junqi_config(), {}, journal, at(0), {&server_key()});
    EXPECT_TRUE(m.ok()) << m.message();
    match = std::move(m).value();
    Rng rng(seed);
    int t = 1;
    while (!match->referee().finished() && t < 2000) {
      for (Seat s = 0; s < 2 && !match->referee().finished(); ++s) {
        if (!match->referee().can_act(s)) continue;
        const std::string move = match->referee().game().random_move(s, rng);
        EXPECT_TRUE(match->submit(s, move, at(t += 7)).accepted()) << move;
      }
    }
  }
};

TEST(SealedMatch, EveryEventIsSignedAndTheRecordVerifies) {
  SealedGame g(11);
  const WireMatch& m = *g.match;
  ASSERT_TRUE(m.referee().finished());
  ASSERT_TRUE(m.sealed());
  EXPECT_EQ(m.started(0, at(0)).fairness_key(), server_key().public_hex());
  const auto d = m.disclosure();
  ASSERT_TRUE(d.has_value());
  std::vector<SeenSeal> seen;
  for (Seat v : {Seat{0}, Seat{1}, kPublic}) {
    int commitments = 0;
    for (const auto& msg : m.messages(v, 0, false)) {
      const v1::FairnessSeal& seal =
          msg.has_match_event() ? msg.match_event().seal() : msg.match_ended().seal();
      const std::uint32_t seq =
          msg.has_match_event() ? msg.match_event().seq() : msg.match_ended().seq();
      ASSERT_TRUE(is_hash_text(seal.chain())) << seq;
      EXPECT_TRUE(crypto::verify_signature(server_key().public_hex(),
                                           seal_text("fair-7", seq, seal.chain()),
                                           seal.signature()))
          << seq;
      if (!seal.commitment().empty()) {
        ++commitments;
        EXPECT_EQ(seal.commitment(), d->seats[static_cast<std::size_t>(msg.match_event().actor())].root);
      }
      for (const auto& o : seal.openings()) {
        EXPECT_EQ(o.piece(), "l");
        EXPECT_TRUE(opening_matches("fair-7", d->seats[static_cast<std::size_t>(o.seat())].root,
                                    from_wire(o)));
      }
      if (v == 0) seen.push_back({seq, seal.chain(), seal.signature()});
    }
    EXPECT_EQ(commitments, 2) << "viewer " << v;
  }
  const auto record = m.referee().record();
  ASSERT_TRUE(record.has_value());
  VerifyOptions options;
  options.trusted_key = server_key().public_hex();
  options.seen = seen;
  auto report = verify_record(*record, "fair-7", *d, options);
  ASSERT_TRUE(report.ok()) << report.message();
  EXPECT_GE(report->size(), 5u);
  // The wire record carries the same disclosure.
  EXPECT_EQ(from_wire(m.record()->fairness()), *d);
}

TEST(SealedMatch, AResumedMatchSealsEveryEventAsTheLiveOneDid) {
  SealedGame g(5);
  const auto entries = g.journal.entries();
  referee::MemoryJournal again;
  auto resumed = WireMatch::resume(junqi_config(), {}, entries, again, at(100000), {&server_key()});
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  const auto live = g.match->messages(1, 0, false);
  const auto replayed = (*resumed)->messages(1, 0, false);
  ASSERT_EQ(live.size(), replayed.size());
  for (std::size_t i = 0; i < live.size(); ++i) {
    if (!live[i].has_match_event()) continue;
    EXPECT_EQ(live[i].match_event().seal().SerializeAsString(),
              replayed[i].match_event().seal().SerializeAsString())
        << i;
  }
  EXPECT_EQ(g.match->disclosure(), (*resumed)->disclosure());
}

TEST(SealedMatch, GamesWithoutHiddenInformationAndKeylessMatchesAreNotSealed) {
  referee::MemoryJournal journal;
  referee::MatchConfig c = junqi_config();
  c.game = "gomoku";
  auto gomoku = WireMatch::create(c, {}, journal, at(0), {&server_key()});
  ASSERT_TRUE(gomoku.ok());
  EXPECT_FALSE((*gomoku)->sealed());
  EXPECT_EQ((*gomoku)->started(0, at(0)).fairness_key(), "");
  referee::MemoryJournal journal2;
  auto keyless = WireMatch::create(junqi_config(), {}, journal2, at(0));
  ASSERT_TRUE(keyless.ok());
  EXPECT_FALSE((*keyless)->sealed());
}

// A seat commits itself before the server sees its layout: the deployment must match, the
// deployment's seal shows the commitment to everyone, and the record discloses the salt.
TEST(SealedMatch, ASeatsOwnCommitmentBindsItsDeploymentAndIsDisclosed) {
  referee::MemoryJournal journal;
  auto created = WireMatch::create(junqi_config(), {}, journal, at(0), {&server_key()});
  ASSERT_TRUE(created.ok());
  WireMatch& m = **created;
  const std::string salt = "red-salt-0123456789";
  const std::string mine = client_commitment(kLayout, salt);
  EXPECT_FALSE(m.commit(0, "not hex").ok());
  ASSERT_TRUE(m.commit(0, mine).ok());
  EXPECT_FALSE(m.commit(0, mine).ok());  // once
  EXPECT_FALSE(m.check_commitment(0, kLayout, "").ok());
  EXPECT_FALSE(m.check_commitment(0, kLayout, "another-salt-0123456").ok());
  EXPECT_FALSE(m.check_commitment(0, "bacdcdefefghghgihiijjkklj", salt).ok());
  EXPECT_TRUE(m.check_commitment(0, kLayout, salt).ok());
  EXPECT_FALSE(m.check_commitment(1, kLayout, salt).ok());  // a salt without a commitment
  EXPECT_TRUE(m.check_commitment(1, kLayout, "").ok());
  ASSERT_TRUE(m.submit(0, kLayout, at(5)).accepted());
  m.note_commitment_salt(0, salt);
  ASSERT_TRUE(m.submit(1, kLayout, at(6)).accepted());
  EXPECT_FALSE(m.commit(1, mine).ok());  // after its deployment: too late
  const auto first = m.messages(1, 0, false);
  ASSERT_GE(first.size(), 2u);
  EXPECT_EQ(first[0].match_event().seal().client_commitment(), mine);
  EXPECT_EQ(first[1].match_event().seal().client_commitment(), "");
  Rng rng(3);
  for (int t = 10; !m.referee().finished() && t < 5000; t += 3) {
    const Seat s = m.referee().to_move();
    ASSERT_TRUE(m.submit(s, m.referee().game().random_move(s, rng), at(t)).accepted());
  }
  const auto d = m.disclosure();
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->seats[0].client_commitment, mine);
  EXPECT_EQ(d->seats[0].client_salt, salt);
  EXPECT_EQ(d->seats[1].client_commitment, "");
  auto report = verify_record(*m.referee().record(), "fair-7", *d);
  ASSERT_TRUE(report.ok()) << report.message();
  bool own = false;
  for (const auto& line : *report) own |= line.find("matches its own commitment") != std::string::npos;
  EXPECT_TRUE(own);
  // Only a sealed match takes commitments.
  referee::MemoryJournal other_journal;
  referee::MatchConfig c = junqi_config();
  c.game = "gomoku";
  auto gomoku = WireMatch::create(c, {}, other_journal, at(0), {&server_key()});
  ASSERT_TRUE(gomoku.ok());
  EXPECT_FALSE((*gomoku)->commit(0, mine).ok());
}

// When a marshal falls, its flag is revealed and opened against the commitment at once: the
// other seat can check it while the game runs.
TEST(SealedMatch, ARevealedFlagIsOpenedOnItsCommittedPost) {
  int opened = 0;
  for (std::uint64_t seed = 1; seed <= 40 && opened == 0; ++seed) {
    SealedGame g(seed);
    const auto d = *g.match->disclosure();
    for (const auto& msg : g.match->messages(kPublic, 0, false)) {
      if (!msg.has_match_event()) continue;
      for (const auto& o : msg.match_event().seal().openings()) {
        ++opened;
        EXPECT_TRUE(opening_matches("fair-7", d.seats[static_cast<std::size_t>(o.seat())].root,
                                    from_wire(o)));
        bool on_post = false;
        for (const auto& e : msg.match_event().events())
          for (const auto& f : e.junqi().revealed_flags())
            on_post |= f.seat() == o.seat() && f.post() == slot_post(o.seat(), o.slot());
        EXPECT_TRUE(on_post) << "seed " << seed;
      }
    }
  }
  EXPECT_GT(opened, 0) << "no random game revealed a flag";
}

// Each edit of a verified record must be refused.
TEST(SealedMatch, EveryTamperingIsCaught) {
  SealedGame g(23);
  const auto record = *g.match->referee().record();
  const Disclosure disclosed = *g.match->disclosure();
  ASSERT_TRUE(verify_record(record, "fair-7", disclosed).ok());
  const crypto::SigningKey other = std::move(crypto::SigningKey::generate()).value();
  using Edit = std::function<void(referee::MatchRecord&, Disclosure&, VerifyOptions&)>;
  const std::vector<std::pair<std::string, Edit>> edits = {
      {"two pieces of red's layout swapped",
       [](referee::MatchRecord& r, Disclosure&, VerifyOptions&) {
         std::string& layout = r.actions[0].text;
         std::swap(layout[0], layout[layout.find_first_not_of(layout[0])]);
       }},
      {"blue's layout rewritten wholesale",
       [](referee::MatchRecord& r, Disclosure&, VerifyOptions&) {
         r.actions[1].text = "bacdcdefefghghgihiijjkklj";
       }},
      {"a seed changed",
       [](referee::MatchRecord&, Disclosure& d, VerifyOptions&) { d.seats[1].seed[5] ^= 1; }},
      {"a root changed",
       [](referee::MatchRecord&, Disclosure& d, VerifyOptions&) { d.seats[0].root[0] ^= 1; }},
      {"a step's thinking time",
       [](referee::MatchRecord& r, Disclosure&, VerifyOptions&) { r.actions[4].elapsed_ms += 1; }},
      {"a clock after a step",
       [](referee::MatchRecord& r, Disclosure&, VerifyOptions&) { r.actions[5].clock_ms[1] -= 1; }},
      {"a step removed",
       [](referee::MatchRecord& r, Disclosure&, VerifyOptions&) { r.actions.pop_back(); }},
      {"the winner changed",
       [](referee::MatchRecord& r, Disclosure&, VerifyOptions&) {
         r.outcome.winner = r.outcome.winner ? std::optional<Seat>(1 - *r.outcome.winner)
                                             : std::optional<Seat>(0);
       }},
      {"the ending changed to a resignation",
       [](referee::MatchRecord& r, Disclosure&, VerifyOptions&) {
         r.outcome.ending = Ending::kResignation;
       }},
      {"the chain changed",
       [](referee::MatchRecord&, Disclosure& d, VerifyOptions&) { d.chain[3] ^= 1; }},
      {"the signature changed",
       [](referee::MatchRecord&, Disclosure& d, VerifyOptions&) { d.signature[7] ^= 1; }},
      {"the end's seq changed",
       [](referee::MatchRecord&, Disclosure& d, VerifyOptions&) { d.seq += 1; }},
      {"the scheme changed",
       [](referee::MatchRecord&, Disclosure& d, VerifyOptions&) { d.scheme = "boyi-fair/0"; }},
      {"another key's signature, the server's key trusted",
       [&](referee::MatchRecord&, Disclosure& d, VerifyOptions& o) {
         d.public_key = other.public_hex();
         d.signature = other.sign(seal_text("fair-7", d.seq, d.chain));
         o.trusted_key = server_key().public_hex();
       }},
      {"a seen seal that is not the server's",
       [&](referee::MatchRecord&, Disclosure& d, VerifyOptions& o) {
         o.seen.push_back({d.seq, d.chain, other.sign(seal_text("fair-7", d.seq, d.chain))});
       }},
      {"a seen seal the server signed for another transcript",
       [&](referee::MatchRecord&, Disclosure&, VerifyOptions& o) {
         const std::string chain(64, 'a');
         o.seen.push_back({3, chain, server_key().sign(seal_text("fair-7", 3, chain))});
       }},
      {"a client commitment that the layout does not match",
       [](referee::MatchRecord&, Disclosure& d, VerifyOptions&) {
         d.seats[0].client_salt = "0123456789abcdef";
         d.seats[0].client_commitment = client_commitment(kLayout, "0123456789abcdef");
       }},
  };
  for (const auto& [what, edit] : edits) {
    referee::MatchRecord r = record;
    Disclosure changed = disclosed;
    VerifyOptions options;
    edit(r, changed, options);
    auto report = verify_record(r, "fair-7", changed, options);
    EXPECT_FALSE(report.ok()) << what << " was not caught";
    if (!report.ok()) std::cout << "  " << what << ": " << report.message() << "\n";
  }
  // Under another match id every commitment and signature fails.
  EXPECT_FALSE(verify_record(record, "fair-8", disclosed).ok());
}

}  // namespace
}  // namespace boyi::fairness
