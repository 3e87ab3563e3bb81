// What the in-process match tests share: a seat's picture of its match (SeatState), a
// server started in a temporary directory with players signed up, seek-and-accept, moves
// that return their reply, and the 五子棋 freestyle setup.
#pragma once

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "base/rng.h"
#include "engine/registry.h"
#include "server/app/app_test_client.h"
#include "server/storage/test_database.h"

namespace boyi::app::test {

using C = Client::Mode;
using SM = v1::ServerMessage;

// What one seat has learnt of its match.
struct SeatState {
  std::string match;
  int seat = -1;
  std::string game, rules;
  v1::GameView view;
  std::vector<std::uint32_t> seqs;
  bool ended = false;
  v1::Outcome outcome;
  bool record = false;

  void absorb(const SM& m) {
    if (m.has_match_started() && (match.empty() || m.match_started().match_id() == match)) {
      match = m.match_started().match_id();
      seat = m.match_started().seat();
      game = m.match_started().game();
      rules = m.match_started().rules();
      if (seqs.empty()) view = m.match_started().view();
    } else if (m.has_match_event() && m.match_event().match_id() == match) {
      seqs.push_back(m.match_event().seq());
      if (m.match_event().has_view()) view = m.match_event().view();
    } else if (m.has_match_ended() && m.match_ended().match_id() == match) {
      seqs.push_back(m.match_ended().seq());
      ended = true;
      outcome = m.match_ended().outcome();
    } else if (m.has_match_record() && m.match_record().match_id() == match) {
      record = true;
    }
  }
  bool gapless() const {
    for (std::size_t i = 0; i < seqs.size(); ++i)
      if (seqs[i] != i + 1) return false;
    return true;
  }
};

inline v1::ClientMessage move_msg(const std::string& match, const std::string& move) {
  v1::ClientMessage m;
  m.mutable_move()->set_match_id(match);
  m.mutable_move()->set_move(move);
  return m;
}

// A random legal action from the seat's own view (a fresh game's random layout for an
// unlisted 军棋 deployment).
inline std::string random_action(const SeatState& s, Rng& rng) {
  if (s.view.legal_moves_size() > 0)
    return s.view.legal_moves(
        static_cast<int>(rng.below(static_cast<std::uint32_t>(s.view.legal_moves_size()))));
  auto fresh = create_game(s.game, s.rules);
  return fresh ? fresh.value()->random_move(s.seat, rng) : std::string();
}

class MatchTest : public ::testing::Test {
 protected:
  void start(ServerConfig config) {
    auto app = ServerApp::start(std::move(config));
    ASSERT_TRUE(app.ok()) << app.message();
    app_ = std::move(app).value();
  }
  void SetUp() override { start(test_config(dir_.path())); }
  std::unique_ptr<Client> player(C mode, const std::string& name) {
    auto c = Client::connect(app_->port(), mode);
    EXPECT_TRUE(c && c->hello());
    EXPECT_TRUE(c->sign_up(name, "password-" + name));
    return c;
  }
  // `a` seeks with `setup` (seat 0), `b` accepts; both get MatchStarted.
  void seek_and_accept(Client& a, Client& b, v1::MatchSetup setup, SeatState& sa, SeatState& sb) {
    v1::ClientMessage seek;
    setup.set_seat(0);
    *seek.mutable_create_seek()->mutable_setup() = setup;
    auto created = a.call(seek);
    ASSERT_TRUE(created && created->has_seek_created()) << created->DebugString();
    v1::ClientMessage accept;
    accept.mutable_accept_seek()->set_seek_id(created->seek_created().seek().seek_id());
    auto ack = b.call(accept);
    ASSERT_TRUE(ack && ack->has_ack());
    auto started_a = a.wait_for([](const SM& m) { return m.has_match_started(); });
    auto started_b = b.wait_for([](const SM& m) { return m.has_match_started(); });
    ASSERT_TRUE(started_a && started_b);
    sa.absorb(*started_a);
    sb.absorb(*started_b);
    ASSERT_EQ(sa.match, sb.match);
    ASSERT_EQ(sa.seat, 0);
    ASSERT_EQ(sb.seat, 1);
  }
  // Sends a move and absorbs, in order, what arrives up to its reply (the mover's own
  // event, or the error), which it returns.
  std::optional<SM> play(Client& c, SeatState& s, const std::string& move,
                         const std::string& comment = "") {
    auto request = move_msg(s.match, move);
    request.mutable_move()->set_comment(comment);
    const auto rid = c.send(std::move(request));
    for (int i = 0; i < 10000; ++i) {
      auto m = c.next();
      if (!m) return std::nullopt;
      s.absorb(*m);
      if (m->request_id() == rid) return m;
    }
    return std::nullopt;
  }
  void drain(Client& c, SeatState& s, std::chrono::milliseconds timeout = 300ms) {
    while (auto m = c.next(timeout)) s.absorb(*m);
  }
  // The database refuses (or accepts again) every journal write, as a full disk would: a
  // trigger made from a connection of its own.
  void refuse_journal_writes(bool refuse) {
    auto side = storage::testing::side_connection(
        storage::testing::test_database_options(dir_.path()));
    ASSERT_TRUE(side);
    const bool pg = side->dialect() == storage::SqlDialect::kPostgres;
    // The server may be writing at that moment: wait for its lock as the server itself would.
    if (!pg) {
      ASSERT_TRUE(side->exec("PRAGMA busy_timeout = 10000").ok());
    }
    const char* sql =
        !refuse ? (pg ? "DROP TRIGGER refuse_journal ON journal" : "DROP TRIGGER refuse_journal")
        : pg    ? "CREATE OR REPLACE FUNCTION refuse_journal() RETURNS trigger AS $$ BEGIN "
                  "RAISE EXCEPTION 'disk full (test)'; END $$ LANGUAGE plpgsql; "
                  "CREATE TRIGGER refuse_journal BEFORE INSERT ON journal FOR EACH ROW "
                  "EXECUTE FUNCTION refuse_journal()"
                : "CREATE TRIGGER refuse_journal BEFORE INSERT ON journal "
                  "BEGIN SELECT RAISE(ABORT, 'disk full (test)'); END";
    const Status done = side->exec(sql);
    ASSERT_TRUE(done.ok()) << done.message();
  }

  TempDir dir_;
  std::unique_ptr<ServerApp> app_;
};

inline v1::MatchSetup freestyle() {
  v1::MatchSetup s;
  s.set_game("gomoku");
  s.set_rules("rule=freestyle opening=free");
  s.mutable_time_control()->set_total_ms(300000);
  return s;
}

}  // namespace boyi::app::test
