#include "tools/load/load_run.h"

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

#include "base/rng.h"
#include "protocol/client/io_threads.h"
#include "referee/presets.h"
#include "tools/harness/random_mover.h"

namespace boyi::load {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;
using protocol::WireConnection;

namespace {

struct Shared {
  Shared(asio::io_context& io, const LoadOptions& options) : ioc(io), opt(options) {}
  asio::io_context& ioc;
  const LoadOptions& opt;
  std::atomic<bool> stopping{false};
  std::atomic<bool> measuring{false};
  Latencies relay;
  std::atomic<std::uint64_t> connected{0}, connect_failures{0}, started{0}, finished{0}, moves{0},
      time_forfeits{0}, closed_early{0};
  std::atomic<std::uint64_t> seeks{0};  // games claimed (soak mode: at most opt.games)
  std::mutex mu;                        // endings, errors, by_preset, abnormal
  std::map<std::string, std::uint64_t> endings, errors;
  std::map<std::string, std::map<std::string, std::uint64_t>> by_preset;
  std::vector<AbnormalGame> abnormal;
};

// Endings by the rules of play; anything else in a soak is reported game by game.
bool by_the_rules(v1::Ending e) {
  return e == v1::ENDING_NORMAL || e == v1::ENDING_FOUL || e == v1::ENDING_NO_BATTLE_LIMIT ||
         e == v1::ENDING_ADJUDICATION;
}

// The seek for a preset: as it is, or its game and rules under a per-move limit with no bank.
v1::MatchSetup setup_for(const std::string& preset, std::int64_t per_move_ms) {
  v1::MatchSetup setup;
  setup.set_seat(-1);
  const referee::Preset* p = per_move_ms > 0 ? referee::find_preset(preset) : nullptr;
  if (p == nullptr) {
    setup.set_preset(preset);
    return setup;
  }
  setup.set_game(std::string(p->game));
  setup.set_rules(std::string(p->rules_text));
  setup.mutable_time_control()->set_total_ms(0);
  setup.mutable_time_control()->set_per_move_ms(static_cast<std::uint32_t>(per_move_ms));
  return setup;
}

// One pair of connections playing match after match; with the relay, a third connection on
// another server plays the second seat (the second connection only pairs and looks on).
class Pair : public std::enable_shared_from_this<Pair> {
 public:
  Pair(Shared& shared, int index)
      : s_(shared), rng_(0x10ad + static_cast<std::uint64_t>(index)), relay_(shared.opt.relay) {
    const auto& ports = s_.opt.ports;
    const auto i = static_cast<std::size_t>(index);
    port_[0] = port_[1] = ports.empty() ? s_.opt.port : ports[i % ports.size()];
    port_[2] = ports.empty() ? s_.opt.port : ports[(i + 1) % ports.size()];
    for (auto& c : conns_) c = std::make_unique<WireConnection>(s_.ioc, s_.opt.transport);
  }

  void start() {
    for (int k = 0; k < 2; ++k) connect(k);
  }

  void stop() {
    for (auto& c : conns_) c->close();
  }

 private:
  // The connection that plays seat connection k's part (the relayed one for the second).
  bool plays(int k) const { return k == 0 || (k == 1) != relay_; }

  void connect(int k) {
    {
      protocol::WireCallbacks cb;
      auto self = shared_from_this();
      cb.on_connected = [self, k](Status st) {
        if (!st.ok()) {
          ++self->s_.connect_failures;
          return;
        }
        v1::ClientMessage m;
        m.set_request_id(self->next_id());
        m.mutable_hello()->set_protocol_version(1);
        m.mutable_hello()->set_client_name("boyi-load");
        (void)self->conns_[k]->send(m);
      };
      cb.on_message = [self, k](v1::ServerMessage&& m) { self->on_message(k, m); };
      cb.on_closed = [self](std::string) {
        if (!self->s_.stopping) ++self->s_.closed_early;
      };
      conns_[k]->start(s_.opt.host, port_[k], std::move(cb));
    }
  }

  std::uint64_t next_id() { return ++request_ids_; }

  void send(int k, v1::ClientMessage m) {
    m.set_request_id(next_id());
    (void)conns_[k]->send(m);
  }

  void new_seek() {
    if (s_.stopping) return;
    const std::uint64_t n = s_.seeks++;
    if (s_.opt.games > 0 && n >= static_cast<std::uint64_t>(s_.opt.games)) return;
    const auto& list = s_.opt.presets;
    const std::string preset = list.empty() ? s_.opt.preset : list[n % list.size()];
    {
      std::lock_guard lock(mu_);
      preset_ = preset;
    }
    v1::ClientMessage m;
    *m.mutable_create_seek()->mutable_setup() = setup_for(preset, s_.opt.per_move_ms);
    send(0, m);
  }

  void on_message(int k, const v1::ServerMessage& m) {
    if (m.has_welcome()) {
      ++s_.connected;
      v1::ClientMessage in;
      in.mutable_sign_in()->mutable_guest()->set_display_name("load");
      if (k == 2) in.mutable_sign_in()->mutable_guest()->set_resume_token(resume_token_);
      send(k, in);
    } else if (m.has_signed_in()) {
      if (k == 1 && relay_) {  // the same guest signs in on the other server
        resume_token_ = m.signed_in().resume_token();
        connect(2);
      }
      bool all;
      {
        std::lock_guard lock(mu_);
        all = ++signed_in_ == (relay_ ? 3 : 2);
      }
      if (all) new_seek();
    } else if (!plays(k)) {
      // The second seat's own connection pairs; its match is played from the other server.
      if (m.has_match_started()) {
        v1::ClientMessage sync;
        sync.mutable_sync()->set_match_id(m.match_started().match_id());
        sync.mutable_sync()->set_from_seq(1);
        send(2, sync);
      }
    } else if (m.has_seek_created()) {
      v1::ClientMessage a;
      a.mutable_accept_seek()->set_seek_id(m.seek_created().seek().seek_id());
      send(1, a);
    } else if (m.has_match_started()) {
      const auto& ms = m.match_started();
      {
        std::lock_guard lock(mu_);
        seat_[k] = ms.seat();
        match_id_ = ms.match_id();
        layout_[k] = harness::random_opening_action(ms.game(), ms.rules(), ms.seat(), rng_());
        planned_ply_[k] = -1;
        in_turn_[k] = false;
      }
      if (k == 0) ++s_.started;
      consider(k, ms.view());
    } else if (m.has_sync_done()) {
      if (m.sync_done().has_view()) consider(k, m.sync_done().view().view());
    } else if (m.has_match_event()) {
      const auto& e = m.match_event();
      const auto now = Clock::now();
      int mine;
      {
        std::lock_guard lock(mu_);
        mine = seat_[k];
        if (e.actor() != mine && sent_[e.actor() & 1] != Clock::time_point{}) {
          if (s_.measuring) {
            s_.relay.add(
                std::chrono::duration_cast<std::chrono::microseconds>(now - sent_[e.actor() & 1])
                    .count());
          }
          sent_[e.actor() & 1] = {};
        }
      }
      if (e.actor() == mine && s_.measuring) ++s_.moves;
      {
        std::lock_guard lock(mu_);
        if (k == 0) last_ply_ = e.ply();
        in_turn_[k] = e.actor() == mine && e.to_move() == mine;
      }
      if (e.has_view()) {
        consider(k, e.view());
      } else if (e.to_move() == mine || e.to_move() == -1) {
        v1::ClientMessage g;
        g.mutable_get_view()->set_match_id(e.match_id());
        send(k, g);
      }
    } else if (m.has_match_view()) {
      consider(k, m.match_view().view());
    } else if (m.has_match_ended()) {
      if (k != 0) return;
      ++s_.finished;
      const v1::Outcome& outcome = m.match_ended().outcome();
      const v1::Ending ending = outcome.ending();
      if (ending == v1::ENDING_TIME_FORFEIT) ++s_.time_forfeits;
      AbnormalGame game;
      {
        std::lock_guard lock(mu_);
        game.match_id = m.match_ended().match_id();
        game.preset = preset_;
        game.ply = last_ply_;
      }
      game.ending = v1::Ending_Name(ending);
      game.loser = outcome.winner() < 0 ? -1 : 1 - outcome.winner();
      {
        std::lock_guard lock(s_.mu);
        ++s_.endings[game.ending];
        ++s_.by_preset[game.preset][game.ending];
        if (!by_the_rules(ending)) s_.abnormal.push_back(game);
      }
      new_seek();
    } else if (m.has_error()) {
      if (m.error().code() == v1::ERROR_CODE_MATCH_OVER) return;  // raced the end
      std::string preset;
      {
        std::lock_guard lock(mu_);
        preset = preset_;
      }
      std::lock_guard lock(s_.mu);
      ++s_.errors[v1::ErrorCode_Name(m.error().code()) + " (" + preset + ")"];
    }
  }

  void consider(int k, const v1::GameView& view) {
    if (s_.stopping || !view.can_act()) return;
    std::string move;
    std::string match_id;
    int think_ms = s_.opt.think_ms;
    {
      std::lock_guard lock(mu_);
      // One move per position: a second view of it (an event and a view reply) must not send
      // a second move, which would be refused or, a ply later, illegal.
      if (view.ply() == planned_ply_[k]) return;
      planned_ply_[k] = view.ply();
      // A 点格棋 turn goes on after a claimed box, and a per-move limit covers the whole turn:
      // the think is spent once, at the start of the turn, and the further edges go at once.
      if (in_turn_[k]) think_ms = 0;
      if (think_ms > 0 && s_.opt.think_max_ms > think_ms) {
        think_ms += static_cast<int>(
            rng_.below(static_cast<std::uint32_t>(s_.opt.think_max_ms - think_ms + 1)));
      }
      if (view.legal_moves_size() > 0) {
        move = view.legal_moves(static_cast<int>(rng_.below(view.legal_moves_size())));
      } else {
        move = std::exchange(layout_[k], "");  // a deployment is sent once
      }
      match_id = match_id_;
    }
    if (move.empty()) return;
    v1::ClientMessage m;
    m.mutable_move()->set_match_id(match_id);
    m.mutable_move()->set_move(move);
    auto self = shared_from_this();
    auto fire = [self, k, m]() mutable {
      {
        std::lock_guard lock(self->mu_);
        if (m.move().match_id() != self->match_id_) return;  // that match ended meanwhile
        self->sent_[self->seat_[k] & 1] = Clock::now();
      }
      self->send(k, std::move(m));
    };
    if (think_ms <= 0) return fire();
    auto timer = std::make_shared<asio::steady_timer>(s_.ioc, std::chrono::milliseconds(think_ms));
    timer->async_wait([timer, fire](const boost::system::error_code& ec) mutable {
      if (!ec) fire();
    });
  }

  Shared& s_;
  Rng rng_;
  const bool relay_;
  std::uint16_t port_[3]{};
  std::string resume_token_;  // the second seat's guest, to sign in on the other server
  std::unique_ptr<WireConnection> conns_[3];
  std::atomic<std::uint64_t> request_ids_{0};
  std::mutex mu_;
  int signed_in_ = 0;
  int seat_[3] = {-1, -1, -1};
  std::string match_id_;
  std::string preset_;                       // of the current match
  int last_ply_ = 0;                         // the newest ply seat connection 0 saw
  int planned_ply_[3] = {-1, -1, -1};        // the ply each connection last chose a move for
  bool in_turn_[3] = {false, false, false};  // its own action was the last, and it moves again
  std::string layout_[3];
  Clock::time_point sent_[2]{};  // by seat
};

}  // namespace

LoadReport run_load(const LoadOptions& opt) {
  protocol::IoThreads io(std::max(1, opt.threads));
  Shared shared(io.context(), opt);

  std::vector<std::shared_ptr<Pair>> pairs;
  const bool soak = opt.games > 0;
  // A soak measures every game from the first connection.
  shared.measuring = soak;
  const auto ramp_start = Clock::now();
  for (int i = 0; i < opt.matches; ++i) {
    pairs.push_back(std::make_shared<Pair>(shared, i));
    pairs.back()->start();
    const auto due = ramp_start + std::chrono::duration<double>(opt.ramp_s * (i + 1) / opt.matches);
    std::this_thread::sleep_until(due);
  }
  std::uint64_t moves_before = 0;
  auto t0 = ramp_start;
  if (soak) {
    // Until every game has ended, the duration at most; progress on stderr now and then.
    const auto cap = ramp_start + std::chrono::duration<double>(opt.duration_s);
    auto report_at = Clock::now();
    while (shared.finished < static_cast<std::uint64_t>(opt.games) && Clock::now() < cap) {
      if (Clock::now() >= report_at) {
        std::fprintf(stderr, "boyi-load: %.0f s, %llu of %d games ended, %llu lost on time\n",
                     std::chrono::duration<double>(Clock::now() - ramp_start).count(),
                     static_cast<unsigned long long>(shared.finished.load()), opt.games,
                     static_cast<unsigned long long>(shared.time_forfeits.load()));
        report_at += std::chrono::seconds(30);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  } else {
    // Let the last connections sign in and start, then measure for the duration.
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    moves_before = shared.moves.load();
    shared.measuring = true;
    t0 = Clock::now();
    std::this_thread::sleep_for(std::chrono::duration<double>(opt.duration_s));
  }
  shared.measuring = false;
  const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  shared.stopping = true;
  for (auto& p : pairs) p->stop();
  pairs.clear();
  io.stop();

  LoadReport r;
  r.seconds = seconds;
  r.connected = shared.connected;
  r.connect_failures = shared.connect_failures;
  r.matches_started = shared.started;
  r.matches_finished = shared.finished;
  r.moves = shared.moves - moves_before;
  r.time_forfeits = shared.time_forfeits;
  r.closed_early = shared.closed_early;
  r.endings = shared.endings;
  r.errors = shared.errors;
  r.relay = shared.relay.summary();
  r.endings_by_preset = shared.by_preset;
  r.abnormal = shared.abnormal;
  return r;
}

}  // namespace boyi::load
