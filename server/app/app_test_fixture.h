// Test support shared by the lobby, spectator and guest tests: a fixture running the real
// server in-process and small request helpers. Header-only, test code only.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "server/app/app_test_client.h"

namespace boyi::app::test {

using SM = v1::ServerMessage;

inline v1::MatchSetup freestyle_setup(int seat = 0) {
  v1::MatchSetup s;
  s.set_game("gomoku");
  s.set_rules("rule=freestyle opening=free");
  s.mutable_time_control()->set_total_ms(300000);
  s.set_seat(seat);
  return s;
}

inline v1::ClientMessage move_message(const std::string& match, const std::string& move) {
  v1::ClientMessage m;
  m.mutable_move()->set_match_id(match);
  m.mutable_move()->set_move(move);
  return m;
}

inline bool is_lobby(const SM& m, v1::LobbyUpdate::ChangeCase c) {
  return m.has_lobby_update() && m.lobby_update().change_case() == c;
}

class AppTest : public ::testing::Test {
 protected:
  void SetUp() override { start(test_config(dir_.path())); }

  void start(ServerConfig config) {
    auto app = ServerApp::start(std::move(config));
    ASSERT_TRUE(app.ok()) << app.message();
    app_ = std::move(app).value();
  }
  void restart(ServerConfig config) {
    app_.reset();
    start(std::move(config));
  }

  // A connected human account, signed up (password "password-<name>").
  std::unique_ptr<Client> player(const std::string& name, Client::Mode mode = Client::Mode::json) {
    auto c = Client::connect(app_->port(), mode);
    EXPECT_TRUE(c && c->hello());
    EXPECT_TRUE(c && c->sign_up(name, "password-" + name));
    return c;
  }

  // Sends a request and returns its reply (the message with its request id).
  static std::optional<SM> call(Client& c, v1::ClientMessage m) { return c.call(std::move(m)); }

  static v1::ErrorCode error_of(const std::optional<SM>& r) {
    return r && r->has_error() ? r->error().code() : v1::ERROR_CODE_UNSPECIFIED;
  }

  // `a` seeks `setup` (seat 0 unless set), `b` accepts; both MatchStarted returned.
  std::pair<v1::MatchStarted, v1::MatchStarted> seek_and_accept(Client& a, Client& b,
                                                                v1::MatchSetup setup) {
    v1::ClientMessage seek;
    *seek.mutable_create_seek()->mutable_setup() = setup;
    auto created = a.call(seek);
    EXPECT_TRUE(created && created->has_seek_created());
    if (!created || !created->has_seek_created()) return {};
    v1::ClientMessage accept;
    accept.mutable_accept_seek()->set_seek_id(created->seek_created().seek().seek_id());
    auto ack = b.call(accept);
    EXPECT_TRUE(ack && ack->has_ack());
    auto sa = a.wait_for([](const SM& m) { return m.has_match_started(); });
    auto sb = b.wait_for([](const SM& m) { return m.has_match_started(); });
    EXPECT_TRUE(sa && sb);
    if (!sa || !sb) return {};
    return {sa->match_started(), sb->match_started()};
  }

  // A move; the reply (the mover's own MatchEvent or an Error).
  static std::optional<SM> move(Client& c, const std::string& match, const std::string& mv) {
    return c.call(move_message(match, mv));
  }

  TempDir dir_;
  std::unique_ptr<ServerApp> app_;
};

}  // namespace boyi::app::test
