// boyi-test-netbot: a deliberately simple network bot for the tests of
// boyi-engine-check --server. TCP JSON lines on a blocking socket, random moves from the
// views it is sent, and one misbehaviour chosen on the command line:
//
//   boyi-test-netbot --server HOST:PORT --token T [--behave MODE] [--seed N]
//
//   good          what a simple correct bot does: events in seq order (a gap: sync), one
//                 move per turn, pings when idle, reconnect and sync from 1 + the last seq
//   no-reconnect  exits when the connection drops
//   ignores-seq   acts on every event as it arrives: repeats and order ignored
//   double-move   sends two moves for every turn
//   no-ping       never pings
//   bad-sync      after a reconnect asks sync from 2 past the last seq it had
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "base/rng.h"
#include "bots/wire/view_moves.h"
#include "boyi/v1/boyi.pb.h"
#include "protocol/wire/json.h"

namespace {

using namespace boyi;
using Clock = std::chrono::steady_clock;

enum class Behave { kGood, kNoReconnect, kIgnoresSeq, kDoubleMove, kNoPing, kBadSync };

struct Options {
  std::string host = "127.0.0.1";
  std::string port = "7700";
  std::string token;
  Behave behave = Behave::kGood;
  std::uint64_t seed = 1;
};

[[noreturn]] void usage(const std::string& why) {
  std::fprintf(stderr, "boyi-test-netbot: %s\n", why.c_str());
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (i + 1 >= argc) usage("missing value after " + flag);
    const std::string value = argv[++i];
    if (flag == "--server") {
      const auto colon = value.rfind(':');
      if (colon == std::string::npos) usage("--server HOST:PORT");
      o.host = value.substr(0, colon);
      o.port = value.substr(colon + 1);
    } else if (flag == "--token") {
      o.token = value;
    } else if (flag == "--seed") {
      o.seed = std::strtoull(value.c_str(), nullptr, 10);
    } else if (flag == "--behave") {
      static const std::pair<const char*, Behave> kNames[] = {
          {"good", Behave::kGood},
          {"no-reconnect", Behave::kNoReconnect},
          {"ignores-seq", Behave::kIgnoresSeq},
          {"double-move", Behave::kDoubleMove},
          {"no-ping", Behave::kNoPing},
          {"bad-sync", Behave::kBadSync}};
      bool known = false;
      for (const auto& [name, behave] : kNames)
        if (value == name) {
          o.behave = behave;
          known = true;
        }
      if (!known) usage("unknown --behave " + value);
    } else {
      usage("unknown option " + flag);
    }
  }
  return o;
}

// One connection: JSON lines both ways.
class Connection {
 public:
  ~Connection() {
    if (fd_ >= 0) ::close(fd_);
  }
  bool open(const Options& o) {
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (getaddrinfo(o.host.c_str(), o.port.c_str(), &hints, &found) != 0) return false;
    for (addrinfo* a = found; a && fd_ < 0; a = a->ai_next) {
      fd_ = ::socket(a->ai_family, a->ai_socktype, a->ai_protocol);
      if (fd_ >= 0 && ::connect(fd_, a->ai_addr, a->ai_addrlen) != 0) {
        ::close(fd_);
        fd_ = -1;
      }
    }
    freeaddrinfo(found);
    return fd_ >= 0;
  }
  bool closed() const { return closed_; }
  Clock::time_point last_sent() const { return last_sent_; }

  void send(v1::ClientMessage m) {
    m.set_request_id(++request_id_);
    auto line = protocol::to_json_line(m);
    if (!line) return;
    const std::string out = *line + "\n";
    if (::send(fd_, out.data(), out.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(out.size()))
      closed_ = true;
    last_sent_ = Clock::now();
  }
  std::uint64_t last_request() const { return request_id_; }

  // The next message within `timeout_ms`; none on a timeout or the end of the stream.
  std::optional<v1::ServerMessage> read(int timeout_ms) {
    for (;;) {
      if (auto nl = buffer_.find('\n'); nl != std::string::npos) {
        const std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        v1::ServerMessage m;
        if (protocol::from_json(line, &m)) return m;
        continue;
      }
      pollfd p{fd_, POLLIN, 0};
      if (::poll(&p, 1, timeout_ms) <= 0) return std::nullopt;
      char chunk[16384];
      const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
      if (n <= 0) {
        closed_ = true;
        return std::nullopt;
      }
      buffer_.append(chunk, static_cast<std::size_t>(n));
    }
  }

 private:
  int fd_ = -1;
  bool closed_ = false;
  std::string buffer_;
  std::uint64_t request_id_ = 0;
  Clock::time_point last_sent_ = Clock::now();
};

// The one match it plays, as far as it knows it.
struct Match {
  std::string id, game, rules;
  int seat = -1;
  std::uint32_t last_seq = 0;
  std::optional<v1::GameView> view;  // as of last_seq
  int to_move = -1;
  bool syncing = false;
  std::uint64_t move_request = 0;       // the move waiting for its answer
  std::uint32_t moved_at = UINT32_MAX;  // the seq it last moved at
  std::string last_move;
  std::vector<std::string> refused;  // moves refused in the current position
};

class NaiveBot {
 public:
  explicit NaiveBot(Options o) : o_(std::move(o)), rng_(o_.seed) {}

  int run() {
    for (int attempt = 0;; ++attempt) {
      Connection c;
      if (!c.open(o_)) {
        if (attempt > 50) return 1;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        continue;
      }
      const int status = session(c);
      if (status >= 0) return status;
      if (o_.behave == Behave::kNoReconnect) return 3;
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }

 private:
  // Plays on one connection: an exit status, or -1 when the connection dropped.
  int session(Connection& c) {
    c_ = &c;
    v1::ClientMessage hello;
    hello.mutable_hello()->set_protocol_version(1);
    hello.mutable_hello()->set_client_name("boyi-test-netbot");
    c.send(hello);
    int ping_ms = 30000;
    for (;;) {
      const auto since =
          std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - c.last_sent())
              .count();
      auto m = c.read(static_cast<int>(std::max<std::int64_t>(10, ping_ms - since)));
      if (c.closed()) return -1;
      if (!m) {
        if (o_.behave != Behave::kNoPing &&
            Clock::now() - c.last_sent() >= std::chrono::milliseconds(ping_ms)) {
          v1::ClientMessage ping;
          ping.mutable_ping()->set_nonce(1);
          c.send(ping);
        }
        continue;
      }
      switch (m->body_case()) {
        case v1::ServerMessage::kWelcome: {
          const auto idle = m->welcome().limits().idle_timeout_ms();
          ping_ms = std::max<int>(200, static_cast<int>(idle == 0 ? 90000 : idle / 3));
          v1::ClientMessage sign_in;
          sign_in.mutable_sign_in()->mutable_bot_token()->set_token(o_.token);
          c.send(sign_in);
          break;
        }
        case v1::ServerMessage::kSignedIn:
          on_signed_in(m->signed_in());
          break;
        case v1::ServerMessage::kPing: {
          v1::ClientMessage pong;
          pong.mutable_pong()->set_nonce(m->ping().nonce());
          c.send(pong);
          break;
        }
        case v1::ServerMessage::kMatchStarted:
          on_started(m->match_started());
          break;
        case v1::ServerMessage::kMatchEvent:
          on_event(m->match_event(), m->request_id());
          break;
        case v1::ServerMessage::kMatchEnded:
          return 0;
        case v1::ServerMessage::kSyncDone:
          match_.syncing = false;
          match_.last_seq = m->sync_done().last_seq();
          match_.view = m->sync_done().view().view();
          match_.to_move = match_.view->to_move();
          act();
          break;
        case v1::ServerMessage::kMatchView:
          if (m->match_view().last_seq() == match_.last_seq) {
            match_.view = m->match_view().view();
            act();
          }
          break;
        case v1::ServerMessage::kError:
          if (int status = on_error(m->error()); status >= 0) return status;
          break;
        default:
          break;
      }
    }
  }

  void on_signed_in(const v1::SignedIn& in) {
    match_.move_request = 0;
    match_.moved_at = UINT32_MAX;  // a move sent as the connection dropped may be lost
    match_.syncing = false;
    for (const auto& active : in.active_matches()) {
      if (active.match_id() != match_.id) continue;
      // Back after a dropped connection: the events since the last one it had.
      sync(o_.behave == Behave::kBadSync ? match_.last_seq + 2 : match_.last_seq + 1);
    }
  }

  void on_started(const v1::MatchStarted& s) {
    if (s.match_id() == match_.id) return;  // a Sync's replay: it knows the match
    match_ = Match{};
    match_.id = s.match_id();
    match_.game = s.game();
    match_.rules = s.rules();
    match_.seat = s.seat();
    match_.view = s.view();
    match_.to_move = s.view().to_move();
    act();
  }

  void on_event(const v1::MatchEvent& e, std::uint64_t request_id) {
    if (request_id != 0 && request_id == match_.move_request) match_.move_request = 0;
    if (o_.behave == Behave::kIgnoresSeq) {
      // Whatever arrives is the news: no seq checks, no waiting for answers.
      match_.last_seq = e.seq();
      match_.to_move = e.to_move();
      if (e.has_view()) match_.view = e.view();
      if (match_.to_move == match_.seat && match_.view && match_.view->can_act()) send_move();
      return;
    }
    if (match_.syncing || e.seq() <= match_.last_seq) return;
    if (e.seq() > match_.last_seq + 1) return sync(match_.last_seq + 1);
    match_.last_seq = e.seq();
    match_.to_move = e.to_move();
    match_.refused.clear();
    if (e.has_view())
      match_.view = e.view();
    else
      match_.view.reset();
    act();
  }

  int on_error(const v1::Error& e) {
    if (e.fatal()) return 1;
    switch (e.code()) {
      case v1::ERROR_CODE_ILLEGAL_MOVE:
        match_.move_request = 0;
        match_.moved_at = UINT32_MAX;  // the same position: choose again
        match_.refused.push_back(match_.last_move);
        act();
        break;
      case v1::ERROR_CODE_NOT_YOUR_TURN:
        match_.move_request = 0;
        break;
      case v1::ERROR_CODE_SEQ_UNAVAILABLE:
        match_.syncing = false;
        sync(1);  // everything again
        break;
      default:
        break;
    }
    return -1;
  }

  void sync(std::uint32_t from) {
    v1::ClientMessage m;
    m.mutable_sync()->set_match_id(match_.id);
    m.mutable_sync()->set_from_seq(from);
    c_->send(m);
    match_.syncing = true;
  }

  void act() {
    if (match_.id.empty() || match_.syncing || match_.move_request != 0) return;
    if (!match_.view) {
      if (match_.to_move == match_.seat || match_.to_move == -1) {
        v1::ClientMessage m;
        m.mutable_get_view()->set_match_id(match_.id);
        c_->send(m);
      }
      return;
    }
    if (!match_.view->can_act() || match_.moved_at == match_.last_seq) return;
    send_move();
    if (o_.behave == Behave::kDoubleMove) send_move();
  }

  void send_move() {
    auto move =
        bots::random_move_from_view(match_.game, match_.rules, *match_.view, rng_, match_.refused);
    if (!move) return;
    match_.last_move = *move;
    v1::ClientMessage m;
    m.mutable_move()->set_match_id(match_.id);
    m.mutable_move()->set_move(*move);
    c_->send(m);
    match_.move_request = c_->last_request();
    match_.moved_at = match_.last_seq;
  }

  Options o_;
  Rng rng_;
  Connection* c_ = nullptr;
  Match match_;
};

}  // namespace

int main(int argc, char** argv) {
  return NaiveBot(parse(argc, argv)).run();
}
