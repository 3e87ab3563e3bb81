// The lobby shared by several servers: a user online on two nodes is online once and goes
// offline with its last node; an offer is taken by exactly one server; pairing across
// servers pairs everyone exactly once; a dead node's users go offline; challenges expire on
// the database's clock.
#include <gtest/gtest.h>

#include <array>
#include <barrier>
#include <chrono>
#include <optional>
#include <set>
#include <thread>

#include "server/storage/cluster_store.h"
#include "server/storage/lobby_store.h"
#include "server/storage/test_database.h"
#include "server/storage/test_support.h"

namespace boyi::storage {
namespace {

using testing::TempDir;

std::unique_ptr<Database> open_lobby_db(const TempDir& tmp) {
  auto opened = Database::open(testing::test_database_options(tmp.path()));
  EXPECT_TRUE(opened.ok()) << opened.message();
  return opened ? std::move(opened).value() : nullptr;
}

LobbyUser someone(Id id) {
  return {id, "user" + std::to_string(id), "User " + std::to_string(id), 1};
}

LobbyOffer offer(OfferKind kind, Id owner, std::string key = "gomoku|rule=renju|900+0") {
  LobbyOffer o;
  o.kind = kind;
  o.owner = someone(owner);
  o.setup_key = std::move(key);
  o.setup = std::string("\x0a\x05renju", 7);  // bytes, a NUL-free protobuf
  o.wire = std::string("\x12\x06gomoku\x00", 9);
  return o;
}

TEST(LobbyStore, AUserOnlineOnTwoNodesIsListedOnceAndLeavesWithItsLastNode) {
  TempDir tmp;
  auto db = open_lobby_db(tmp);
  ASSERT_TRUE(db);
  LobbyStore one(*db, 1), two(*db, 2);
  ASSERT_TRUE(one.clear_all().ok());
  EXPECT_TRUE(*one.arrive(someone(7)));
  EXPECT_FALSE(*two.arrive(someone(7)));  // online already, on node 1
  EXPECT_TRUE(*two.arrive(someone(9)));
  auto online = one.online();
  ASSERT_TRUE(online.ok()) << online.message();
  ASSERT_EQ(online->size(), 2u);
  EXPECT_EQ((*online)[0].id, 7);
  EXPECT_EQ((*online)[0].display_name, "User 7");
  EXPECT_EQ((*online)[1].id, 9);
  EXPECT_EQ(*two.nodes_of(7), (std::vector<Id>{1, 2}));
  EXPECT_FALSE(*one.leave(7));  // still on node 2
  EXPECT_TRUE(one.online_user(7)->has_value());
  EXPECT_TRUE(*two.leave(7));
  EXPECT_FALSE(one.online_user(7)->has_value());
}

TEST(LobbyStore, AnOfferIsTakenByOneServerOnlyAndItsIdIsNeverUsedAgain) {
  TempDir tmp;
  auto db1 = open_lobby_db(tmp), db2 = open_lobby_db(tmp);
  ASSERT_TRUE(db1 && db2);
  LobbyStore one(*db1, 1), two(*db2, 2);
  auto seek = one.open(offer(OfferKind::kSeek, 7), 10, 0);
  ASSERT_TRUE(seek.ok()) << seek.message();
  auto seen = two.find(OfferKind::kSeek, seek->id);
  ASSERT_TRUE(seen.ok() && seen->has_value());
  EXPECT_EQ((*seen)->owner.display_name, "User 7");
  EXPECT_EQ((*seen)->setup, offer(OfferKind::kSeek, 7).setup);  // bytes kept exactly
  EXPECT_EQ((*seen)->wire, offer(OfferKind::kSeek, 7).wire);
  EXPECT_FALSE(two.find(OfferKind::kChallenge, seek->id)->has_value());  // kinds apart
  EXPECT_TRUE(*two.take(OfferKind::kSeek, seek->id));
  EXPECT_FALSE(*one.take(OfferKind::kSeek, seek->id));
  auto next = one.open(offer(OfferKind::kSeek, 7), 10, 0);
  ASSERT_TRUE(next.ok());
  EXPECT_GT(next->id, seek->id);
}

TEST(LobbyStore, AnOwnerHasAtMostTheLimitOpenAndGoingOfflineClosesItsOffers) {
  TempDir tmp;
  auto db = open_lobby_db(tmp);
  ASSERT_TRUE(db);
  LobbyStore store(*db, 0);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(store.open(offer(OfferKind::kSeek, 7), 3, 0).ok());
  auto fourth = store.open(offer(OfferKind::kSeek, 7), 3, 0);
  EXPECT_FALSE(fourth.ok());
  EXPECT_EQ(fourth.message(), "too many open seeks");
  auto challenge = offer(OfferKind::kChallenge, 9);
  challenge.to = someone(7);
  ASSERT_TRUE(store.open(challenge, 3, 60'000).ok());
  ASSERT_TRUE(store.open(offer(OfferKind::kSeek, 9), 3, 0).ok());
  EXPECT_EQ(store.list(OfferKind::kChallenge, 7)->size(), 1u);
  EXPECT_EQ(store.list(OfferKind::kChallenge, 8)->size(), 0u);
  auto closed = store.take_all_of(7);
  ASSERT_TRUE(closed.ok());
  EXPECT_EQ(closed->size(), 4u);  // its three seeks, and the challenge sent to it
  auto left = store.list(OfferKind::kSeek);
  ASSERT_EQ(left->size(), 1u);
  EXPECT_EQ(left->front().owner.id, 9);
}

TEST(LobbyStore, AChallengeExpiresOnTheDatabasesClock) {
  TempDir tmp;
  auto db = open_lobby_db(tmp);
  ASSERT_TRUE(db);
  LobbyStore store(*db, 0);
  auto soon = offer(OfferKind::kChallenge, 1);
  soon.to = someone(2);
  auto made = store.open(soon, 10, 50);
  ASSERT_TRUE(made.ok());
  EXPECT_GT(made->expires_ms, 0);
  ASSERT_TRUE(store.open(offer(OfferKind::kSeek, 1), 10, 0).ok());  // never expires
  EXPECT_TRUE(store.take_expired()->empty());
  std::this_thread::sleep_for(std::chrono::milliseconds(150));
  auto expired = store.take_expired();
  ASSERT_TRUE(expired.ok());
  ASSERT_EQ(expired->size(), 1u);
  EXPECT_EQ(expired->front().id, made->id);
  EXPECT_EQ(expired->front().to.id, 2);
  EXPECT_EQ(store.list(OfferKind::kSeek)->size(), 1u);
}

TEST(LobbyStore, TheUsersOfANodeWhoseLeaseEndedGoOffline) {
  TempDir tmp;
  auto db = open_lobby_db(tmp);
  ASSERT_TRUE(db);
  ClusterStore cluster(*db);
  const Id n1 = *cluster.register_node("one"), n2 = *cluster.register_node("two");
  LobbyStore one(*db, n1), two(*db, n2);
  ASSERT_TRUE(one.arrive(someone(7)).ok());
  ASSERT_TRUE(one.arrive(someone(8)).ok());
  ASSERT_TRUE(two.arrive(someone(8)).ok());
  EXPECT_TRUE(two.forget_ended_nodes(3'600'000)->empty());  // node 1 is alive
  ASSERT_TRUE(cluster.mark_stopped(n1).ok());
  auto gone = two.forget_ended_nodes(3'600'000);
  ASSERT_TRUE(gone.ok()) << gone.message();
  EXPECT_EQ(*gone, std::vector<Id>{7});  // 8 is still on node 2
  EXPECT_EQ(*two.nodes_of(8), std::vector<Id>{n2});
  EXPECT_TRUE(two.forget_ended_nodes(3'600'000)->empty());  // told once
}

// Two servers with one database (a connection each), the lobby cleared; at_once runs
// step(store, side, sync) on both at the same moment, sync() waiting for the other again.
class LobbyStoreOnTwoServers : public ::testing::Test {
 protected:
  void SetUp() override {
    db1_ = open_lobby_db(tmp_);
    db2_ = open_lobby_db(tmp_);
    ASSERT_TRUE(db1_ && db2_);
    one_.emplace(*db1_, 1);
    two_.emplace(*db2_, 2);
    ASSERT_TRUE(one_->clear_all().ok());
  }

  template <class Step>
  void at_once(Step step) {
    std::barrier together(2);
    const auto sync = [&] { together.arrive_and_wait(); };
    std::thread a([&] { step(*one_, 0, sync); });
    std::thread b([&] { step(*two_, 1, sync); });
    a.join();
    b.join();
  }

  static constexpr int kRounds = 60;
  TempDir tmp_;
  std::unique_ptr<Database> db1_, db2_;
  std::optional<LobbyStore> one_, two_;
};

// Two users of two servers ask to be paired for the same game at the same moment, round
// after round: in each round exactly one of them finds the other (neither is left waiting
// for a partner who waits too), and nobody is paired twice.
TEST_F(LobbyStoreOnTwoServers, PairingAtOncePairsThemWithEachOther) {
  std::array<std::vector<Id>, 2> partners;  // per server, per round: whom it found (0: none)
  at_once([&](LobbyStore& store, int side, const auto& sync) {
    for (int round = 0; round < kRounds; ++round) {
      sync();
      const std::string key = "gomoku|rule=renju|round" + std::to_string(round);
      auto p = store.pair_or_wait(offer(OfferKind::kPool, 1000 * (side + 1) + round, key));
      EXPECT_TRUE(p.ok()) << p.message();
      partners[side].push_back(p.ok() && p->partner ? p->partner->owner.id : 0);
    }
  });
  for (int round = 0; round < kRounds; ++round) {
    const Id first = 1000 + round, second = 2000 + round;
    const bool a_found = partners[0][round] == second, b_found = partners[1][round] == first;
    EXPECT_TRUE(a_found != b_found) << "round " << round << ": " << partners[0][round] << ", "
                                    << partners[1][round];
  }
  LobbyStore& one = *one_;
  LobbyStore& two = *two_;
  EXPECT_TRUE(one.list(OfferKind::kPool)->empty());
  // One already waiting is told so; another setup waits apart.
  ASSERT_FALSE(one.pair_or_wait(offer(OfferKind::kPool, 4000))->partner.has_value());
  EXPECT_TRUE(two.pair_or_wait(offer(OfferKind::kPool, 4000))->already);
  auto other = two.pair_or_wait(offer(OfferKind::kPool, 5000, "dots|size=5|60+0"));
  ASSERT_TRUE(other.ok());
  EXPECT_FALSE(other->partner.has_value());
}

// A user online on two servers leaves both (or arrives on both) at the same moment, round
// after round: exactly one of the two servers finds the user gone (or new), so the lobby
// hears of it once, never twice and never not at all.
TEST_F(LobbyStoreOnTwoServers, LeavingOrArrivingAtOnceIsToldExactlyOnce) {
  std::array<std::vector<bool>, 2> arrived, left;  // per server, per round: told first/last
  at_once([&](LobbyStore& store, int side, const auto& sync) {
    for (int round = 0; round < kRounds; ++round) {
      const LobbyUser user = someone(100 + round);
      sync();
      auto a = store.arrive(user);
      EXPECT_TRUE(a.ok()) << a.message();
      arrived[side].push_back(a.ok() && *a);
      sync();
      auto l = store.leave(user.id);
      EXPECT_TRUE(l.ok()) << l.message();
      left[side].push_back(l.ok() && *l);
    }
  });
  for (int round = 0; round < kRounds; ++round) {
    EXPECT_TRUE(arrived[0][round] != arrived[1][round]) << "round " << round << ": arrived";
    EXPECT_TRUE(left[0][round] != left[1][round]) << "round " << round << ": left";
  }
  EXPECT_TRUE(one_->online()->empty());
}

}  // namespace
}  // namespace boyi::storage
