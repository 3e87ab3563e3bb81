// The bot's core: connect, hello, sign in with the token, route every server message,
// keep the connection alive, reconnect with backoff, stop when asked.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <thread>

#include "bots/client/bot_internal.h"

namespace boyi::bots {

namespace detail {

namespace {

constexpr std::uint32_t kProtocolVersion = 1;

int pool_threads(int wanted) {
  if (wanted > 0) return wanted;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

std::string describe(const v1::Error& e) {
  return v1::ErrorCode_Name(e.code()) + ": " + e.message();
}

}  // namespace

BotCore::BotCore(BotOptions options)
    : opt_(std::move(options)),
      pool_(static_cast<std::size_t>(pool_threads(opt_.think_threads))),
      reconnect_timer_(ioc_),
      ping_timer_(ioc_),
      seek_timer_(ioc_),
      reseek_timer_(ioc_),
      pace_timer_(ioc_),
      jitter_(static_cast<std::uint64_t>(SteadyClock::now().time_since_epoch().count())) {}

BotCore::~BotCore() {
  conn_.reset();
  matches_.clear();
  pool_.join();  // a choose() in progress ends by its own deadline
}

Status BotCore::run(SeatPlayerFactory factory) {
  factory_ = std::move(factory);
  if (!factory_) return fail("no player factory");
  if (opt_.token.empty()) return fail("no bot token");
  auto guard = asio::make_work_guard(ioc_);
  asio::post(ioc_, [this] {
    if (stopping_) return finish(Status::Ok());
    connect();
  });
  ioc_.run();
  return result_;
}

void BotCore::stop(StopMode mode) {
  asio::post(ioc_, [this, mode] {
    if (done_) return;
    if (mode == StopMode::now || !stopping_) stopping_ = mode;
    if (mode == StopMode::after_games)
      spdlog::info("stopping after the current games ({} running)", matches_.size());
    keep_seeks();  // cancels the open seeks
    check_done();
  });
}

BotStats BotCore::stats() const {
  std::lock_guard lock(stats_mu_);
  return stats_;
}

void BotCore::count(const std::function<void(BotStats&)>& change) {
  std::lock_guard lock(stats_mu_);
  change(stats_);
}

void BotCore::connect() {
  if (done_) return;
  protocol::WireOptions options;
  options.max_receive_bytes = 4 * 1024 * 1024;  // records of long games
  options.connect_timeout = opt_.connect_timeout;
  options.answer_pings = false;  // on_message answers them, and counts the server as alive
  conn_ = std::make_unique<protocol::WireConnection>(ioc_, opt_.transport, options);
  protocol::WireCallbacks cb;
  cb.on_connected = [this](Status st) { on_open(std::move(st)); };
  cb.on_message = [this](v1::ServerMessage&& m) { on_message(std::move(m)); };
  cb.on_decode_error = [](const std::string& why) {
    spdlog::warn("undecodable message from the server: {}", why);
  };
  cb.on_closed = [this](const std::string& why) { on_closed(why); };
  spdlog::debug("connecting to {}:{} ({})", opt_.host, opt_.port,
                protocol::to_string(opt_.transport));
  conn_->start(opt_.host, opt_.port, std::move(cb));
}

void BotCore::on_open(Status status) {
  if (done_) return;
  if (!status.ok()) {
    spdlog::warn("cannot connect to {}:{}: {}", opt_.host, opt_.port, status.message());
    return schedule_reconnect();
  }
  last_received_ = SteadyClock::now();
  v1::ClientMessage hello;
  hello.mutable_hello()->set_protocol_version(kProtocolVersion);
  hello.mutable_hello()->set_client_name(opt_.client_name);
  hello.mutable_hello()->set_client_version("boyi-bot 0.1");
  hello.mutable_hello()->set_receive_chat(opt_.receive_chat);
  // Sent before signing in: send() would refuse it.
  hello.set_request_id(++last_request_);
  pending_[last_request_] = {Pending::hello, ""};
  transmit(std::move(hello));
}

std::uint64_t BotCore::send(v1::ClientMessage message, Pending kind, const std::string& key) {
  const bool handshake = kind == Pending::sign_in;
  if (!conn_ || !conn_->is_open() || (!signed_in_ && !handshake)) return 0;
  message.set_request_id(++last_request_);
  pending_[last_request_] = {kind, key};
  transmit(std::move(message));
  return last_request_;
}

void BotCore::transmit(v1::ClientMessage message) {
  refill_tokens();
  if (outbox_.empty() && tokens_ >= 1) {
    tokens_ -= 1;
    return write_now(message);
  }
  outbox_.push_back(std::move(message));
  arm_pacer();
}

void BotCore::write_now(const v1::ClientMessage& message) {
  if (!conn_) return;
  if (Status st = conn_->send(message); !st.ok())
    spdlog::error("cannot send a message: {}", st.message());
  last_sent_ = SteadyClock::now();
}

void BotCore::refill_tokens() {
  const auto now = SteadyClock::now();
  const double seconds = std::chrono::duration<double>(now - refilled_at_).count();
  refilled_at_ = now;
  tokens_ = std::min(std::max(1.0, rate_), tokens_ + seconds * rate_);
}

void BotCore::arm_pacer() {
  if (pacer_armed_ || outbox_.empty()) return;
  pacer_armed_ = true;
  const double wait_s = std::max(0.001, (1.0 - tokens_) / rate_);
  pace_timer_.expires_after(std::chrono::microseconds(static_cast<std::int64_t>(wait_s * 1e6)));
  pace_timer_.async_wait([this](const boost::system::error_code& ec) {
    pacer_armed_ = false;
    if (ec) return;
    refill_tokens();
    while (!outbox_.empty() && tokens_ >= 1) {
      tokens_ -= 1;
      write_now(outbox_.front());
      outbox_.pop_front();
    }
    arm_pacer();
  });
}

void BotCore::on_message(v1::ServerMessage&& m) {
  last_received_ = SteadyClock::now();
  const std::uint64_t rid = m.request_id();
  std::optional<PendingRequest> request;
  if (auto it = pending_.find(rid); rid != 0 && it != pending_.end()) {
    // A match event answering a move still leaves room for the seq's own routing.
    request = it->second;
    pending_.erase(it);
  }
  switch (m.body_case()) {
    case v1::ServerMessage::kPing: {
      v1::ClientMessage pong;
      pong.mutable_pong()->set_nonce(m.ping().nonce());
      transmit(std::move(pong));
      return;
    }
    case v1::ServerMessage::kPong:
    case v1::ServerMessage::kAck:
      if (request && request->kind == Pending::cancel_seek) {
        std::erase_if(seeks_, [&](const auto& s) { return s.first == request->key; });
        keep_seeks();
      }
      if (request && request->kind == Pending::answer) answered_.insert(request->key);
      if (request && request->kind == Pending::join)
        spdlog::info("joined tournament {}", request->key);
      return;
    case v1::ServerMessage::kError:
      if (request) return on_reply_error(*request, m.error());
      // Several servers: another one took the match over; a Sync reaches it.
      if (m.error().code() == v1::ERROR_CODE_SHUTTING_DOWN && !m.error().fatal() &&
          !m.error().match_id().empty()) {
        if (auto s = session(m.error().match_id(), false)) {
          spdlog::info("match {}: moved to another server: synchronising", m.error().match_id());
          return s->resync();
        }
      }
      spdlog::warn("server: {}{}", describe(m.error()), m.error().fatal() ? " (closing)" : "");
      return;
    case v1::ServerMessage::kWelcome:
      if (m.welcome().protocol_version() != kProtocolVersion)
        return finish(fail("the server speaks protocol version " +
                           std::to_string(m.welcome().protocol_version())));
      if (const auto limit = m.welcome().limits().max_messages_per_second(); limit > 0) {
        rate_ = std::max(1.0, 0.8 * limit);
        tokens_ = std::min(tokens_, rate_);
      }
      if (opt_.ping_interval.count() > 0) {
        ping_interval_ = opt_.ping_interval;
      } else {
        const auto idle = m.welcome().limits().idle_timeout_ms();
        ping_interval_ = std::chrono::milliseconds(
            std::clamp<std::uint32_t>(idle == 0 ? 30000 : idle / 3, 1000, 30000));
      }
      {
        v1::ClientMessage sign_in;
        sign_in.mutable_sign_in()->mutable_bot_token()->set_token(opt_.token);
        send(std::move(sign_in), Pending::sign_in, "");
      }
      return;
    case v1::ServerMessage::kSignedIn:
      return on_signed_in(m.signed_in());
    case v1::ServerMessage::kLobbyUpdate:
      return on_lobby_update(m.lobby_update());
    case v1::ServerMessage::kLobbySnapshot:
      return on_lobby_snapshot(m.lobby_snapshot());
    case v1::ServerMessage::kSeekCreated:
      if (request) on_seek_created(request->key, m.seek_created().seek());
      return;
    case v1::ServerMessage::kMatchStarted: {
      const auto& started = m.match_started();
      if (started.seat() != 0 && started.seat() != 1) return;  // not ours to play
      auto s = session(started.match_id(), true);
      if (!s->has_player() && accepts_pending_ > 0) --accepts_pending_;
      s->on_started(started);
      return check_done();
    }
    case v1::ServerMessage::kMatchEvent:
      if (auto s = session(m.match_event().match_id(), false))
        s->on_event(m.match_event(), request && request->kind == Pending::move ? rid : 0);
      return;
    case v1::ServerMessage::kMatchEnded:
      if (auto s = session(m.match_ended().match_id(), false)) s->on_ended(m.match_ended());
      return;
    case v1::ServerMessage::kClockUpdate:
      if (auto s = session(m.clock_update().match_id(), false))
        s->on_clocks(m.clock_update().clocks());
      return;
    case v1::ServerMessage::kMatchView:
      if (auto s = session(m.match_view().match_id(), false)) s->on_view(m.match_view());
      return;
    case v1::ServerMessage::kSyncDone:
      if (auto s = session(m.sync_done().match_id(), false)) s->on_sync_done(m.sync_done());
      return;
    case v1::ServerMessage::kChatMessage: {
      const auto& c = m.chat_message();
      spdlog::info("match {}: chat from {}: {}", c.match_id(), c.from().name(), c.text());
      count([](BotStats& st) { ++st.chat_lines; });
      return;
    }
    case v1::ServerMessage::kMatchProposals:
      if (auto s = session(m.match_proposals().match_id(), false))
        s->on_proposals(m.match_proposals());
      return;
    default:
      return;  // records, listings: nothing to do
  }
}

void BotCore::on_reply_error(const PendingRequest& request, const v1::Error& error) {
  switch (request.kind) {
    case Pending::hello:
    case Pending::sign_in:
      if (error.code() == v1::ERROR_CODE_AUTH_FAILED ||
          error.code() == v1::ERROR_CODE_UNSUPPORTED_VERSION)
        return finish(fail("the server refused us: " + describe(error)));
      spdlog::warn("sign-in: {}; trying again", describe(error));
      if (conn_) conn_->close("sign-in failed");
      return;
    case Pending::seek:
      return on_seek_failed(request.key, error);
    case Pending::cancel_seek:
      seeks_.erase(request.key);  // gone already (accepted or expired)
      return keep_seeks();
    case Pending::proposal:
      // Lapsed meanwhile (the bot moved first): nothing to answer any more.
      spdlog::debug("match {}: answering a proposal: {}", request.key, describe(error));
      return;
    case Pending::join:
      if (error.code() == v1::ERROR_CODE_NOT_ALLOWED) {
        // Its engine cannot be told the tournament's openings: it does not enter.
        spdlog::error("tournament {}: not entered: {}", request.key, describe(error));
        return;
      }
      // Already an entrant (a reconnect), or registration closed: the bot plays on.
      spdlog::info("tournament {}: {}", request.key, describe(error));
      return;
    case Pending::answer:
      if (accepts_pending_ > 0) --accepts_pending_;
      spdlog::info("challenge {}: {}", request.key, describe(error));
      return;
    case Pending::sync:
    case Pending::move:
    case Pending::view:
    case Pending::resign:
      if (auto s = session(request.key, false)) s->on_error(request.kind, error);
      return;
    default:
      spdlog::warn("request failed: {}", describe(error));
  }
}

void BotCore::on_signed_in(const v1::SignedIn& signed_in) {
  signed_in_ = true;
  user_id_ = signed_in.user_id();
  reconnect_attempts_ = 0;
  answered_.clear();
  count([](BotStats& s) { ++s.connections; });
  spdlog::info("signed in to {}:{} as {} ({} running matches)", opt_.host, opt_.port,
               signed_in.username(), signed_in.active_matches_size());
  for (auto& [id, s] : matches_) s->resync();
  for (const auto& am : signed_in.active_matches())
    if (!matches_.contains(am.match_id())) session(am.match_id(), true)->resync();
  if (!opt_.seek_presets.empty()) {
    v1::ClientMessage sub;
    sub.mutable_subscribe_lobby();
    send(std::move(sub), Pending::subscribe, "");
  }
  for (const auto& id : opt_.join_tournaments) {
    v1::ClientMessage join;
    join.mutable_join_tournament()->set_tournament_id(id);
    join.mutable_join_tournament()->set_engine_protocol(opt_.engine_protocol);
    send(std::move(join), Pending::join, id);
  }
  keep_seeks();
  arm_ping();
  check_done();
}

void BotCore::on_closed(const std::string& reason) {
  const bool was_signed_in = signed_in_;
  signed_in_ = false;
  pending_.clear();
  outbox_.clear();
  pace_timer_.cancel();
  pacer_armed_ = false;
  seeks_.clear();  // a user's seeks go away with its connection
  seeks_asked_.clear();
  seeks_failed_.clear();
  seek_timer_.cancel();
  accepts_pending_ = 0;
  ping_timer_.cancel();
  for (auto& [id, s] : matches_) s->on_connection_lost();
  if (done_) return;
  if (stopping_ == StopMode::now) return finish(Status::Ok());
  spdlog::warn("connection {}: {}", was_signed_in ? "lost" : "closed", reason);
  schedule_reconnect();
}

void BotCore::schedule_reconnect() {
  if (done_) return;
  if (stopping_ && matches_.empty()) return finish(Status::Ok());
  conn_.reset();
  const int shift = std::min(reconnect_attempts_++, 16);
  auto delay = std::min(opt_.reconnect_max, opt_.reconnect_min * (1 << std::min(shift, 10)));
  // +-20% so that many bots do not come back in step after a server restart.
  const auto spread = delay.count() / 5;
  if (spread > 0)
    delay += std::chrono::milliseconds(
        static_cast<std::int64_t>(jitter_.below(static_cast<std::uint32_t>(2 * spread + 1))) -
        spread);
  spdlog::info("reconnecting in {} ms", delay.count());
  reconnect_timer_.expires_after(delay);
  reconnect_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (!ec) connect();
  });
}

void BotCore::arm_ping() {
  ping_timer_.expires_after(ping_interval_ / 2);
  ping_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || !signed_in_ || !conn_) return;
    const auto now = SteadyClock::now();
    if (now - last_received_ > 3 * ping_interval_) {
      spdlog::warn("the server has been silent for {} s",
                   (now - last_received_) / std::chrono::seconds(1));
      conn_->close("the server went silent");
      return;
    }
    if (now - last_sent_ >= ping_interval_ / 2) {
      v1::ClientMessage ping;
      ping.mutable_ping()->set_nonce(static_cast<std::uint32_t>(last_request_ + 1));
      send(std::move(ping), Pending::ping, "");
    }
    arm_ping();
  });
}

bool BotCore::taking_new_games() const {
  if (stopping_ || done_) return false;
  if (opt_.max_games <= 0) return true;
  std::lock_guard lock(stats_mu_);
  return stats_.games_started + accepts_pending_ < opt_.max_games;
}

void BotCore::check_done() {
  if (done_) return;
  if (stopping_ == StopMode::now) return finish(Status::Ok());
  if (!taking_new_games() && matches_.empty() && accepts_pending_ == 0) {
    if (!stopping_) spdlog::info("played {} games: done", opt_.max_games);
    finish(Status::Ok());
  }
}

void BotCore::finish(Status status) {
  if (done_) return;
  done_ = true;
  result_ = std::move(status);
  if (!result_.ok()) spdlog::error("{}", result_.message());
  reconnect_timer_.cancel();
  ping_timer_.cancel();
  seek_timer_.cancel();
  reseek_timer_.cancel();
  pace_timer_.cancel();
  conn_.reset();
  matches_.clear();
  ioc_.stop();
}

std::shared_ptr<MatchSession> BotCore::session(const std::string& match_id, bool create) {
  if (auto it = matches_.find(match_id); it != matches_.end()) return it->second;
  if (!create) return nullptr;
  auto s = std::make_shared<MatchSession>(*this, match_id);
  matches_[match_id] = s;
  return s;
}

Result<std::unique_ptr<SeatPlayer>> BotCore::make_player(const v1::MatchStarted& started) {
  try {
    return factory_(started);
  } catch (const std::exception& e) {
    return fail(std::string("the player factory failed: ") + e.what());
  }
}

void BotCore::game_started() {
  count([](BotStats& s) { ++s.games_started; });
  if (!taking_new_games()) keep_seeks();
}

void BotCore::session_over(const std::string& match_id, const v1::MatchEnded* ended) {
  auto it = matches_.find(match_id);
  if (it == matches_.end()) return;
  const Seat seat = it->second->seat();
  matches_.erase(it);
  if (ended) {
    count([&](BotStats& s) {
      ++s.games_finished;
      const int w = ended->outcome().winner();
      if (w < 0)
        ++s.draws;
      else if (w == seat)
        ++s.wins;
      else
        ++s.losses;
    });
  }
  keep_seeks();
  check_done();
}

}  // namespace detail

class Bot::Impl : public detail::BotCore {
 public:
  using BotCore::BotCore;
};

Bot::Bot(BotOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {}
Bot::~Bot() = default;
Status Bot::run(SeatPlayerFactory factory) {
  return impl_->run(std::move(factory));
}
void Bot::stop(StopMode mode) {
  impl_->stop(mode);
}
BotStats Bot::stats() const {
  return impl_->stats();
}

}  // namespace boyi::bots
