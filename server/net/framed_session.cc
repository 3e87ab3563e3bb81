#include "server/net/framed_session.h"

#include <exception>

namespace boyi::net::detail {

FramedSession::FramedSession(std::shared_ptr<Shared> shared, asio::any_io_executor strand,
                             std::shared_ptr<Slot> slot, std::uint64_t id, Transport t,
                             std::string remote, std::string address)
    : Connection(id, t, std::move(remote), std::move(address)),
      shared_(std::move(shared)),
      strand_(std::move(strand)),
      slot_(std::move(slot)),
      idle_timer_(strand_),
      flush_timer_(strand_),
      rate_(shared_->limits.max_messages_per_second, shared_->limits.message_burst) {}

FramedSession::~FramedSession() = default;

template <class F>
void FramedSession::call_handler(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    abort_now(std::string("connection handler failed: ") + e.what());
  } catch (...) {
    abort_now("connection handler failed");
  }
}

void FramedSession::start() {
  asio::post(strand_, [self = shared_from_this()] {
    self->shared_->track(self->id(), self);
    self->shared_->metrics.of(self->transport()).connections->inc();
    self->opened_ = true;
    self->call_handler([&] { self->shared_->handler->on_open(self); });
    if (self->state_.load() == State::closed) return;
    asio::co_spawn(
        self->strand_, [self]() -> asio::awaitable<void> { co_await self->read_loop(); },
        asio::detached);
    asio::co_spawn(
        self->strand_, [self]() -> asio::awaitable<void> { co_await self->watchdog(); },
        asio::detached);
  });
}

Status FramedSession::send(Frame frame) {
  const auto& limits = shared_->limits;
  if (!accepts(frame.kind)) {
    return fail("a " + std::string(to_string(transport())) + " connection cannot carry " +
                std::string(framing::to_string(frame.kind)) + " frames");
  }
  if (frame.bytes.empty()) return fail("empty frame");
  if (frame.bytes.size() > limits.max_frame_bytes) {
    return fail("frame of " + std::to_string(frame.bytes.size()) + " bytes exceeds the limit of " +
                std::to_string(limits.max_frame_bytes));
  }
  OutItem item;
  item.kind = frame.kind;
  item.bytes = encode(std::move(frame));
  const std::size_t size = item.bytes.size();
  bool spawn = false;
  {
    std::lock_guard lock(mu_);
    if (state_.load() != State::open) return fail("connection is closed");
    if (queued_bytes_ + size > limits.max_send_queue_bytes ||
        queued_frames_ + 1 > limits.max_send_queue_frames) {
      state_.store(State::closing);  // no more sends; abort_now finishes on the strand
      shared_->metrics.slow_readers.inc();
      asio::post(strand_, [self = shared_from_this()] {
        self->abort_now("send queue full: the peer reads too slowly");
      });
      return fail("send queue full: the peer reads too slowly");
    }
    queue_.push_back(std::move(item));
    queued_bytes_ += size;
    ++queued_frames_;
    if (!writing_) writing_ = spawn = true;
  }
  if (spawn) {
    asio::co_spawn(
        strand_,
        [self = shared_from_this()]() -> asio::awaitable<void> { co_await self->writer(); },
        asio::detached);
  }
  return Status::Ok();
}

bool FramedSession::queue_ping() {
  bool spawn = false;
  {
    std::lock_guard lock(mu_);
    if (state_.load() != State::open) return false;
    if (queued_frames_ + 1 > shared_->limits.max_send_queue_frames) return false;
    OutItem item;
    item.ping = true;
    queue_.push_back(std::move(item));
    ++queued_frames_;
    if (!writing_) writing_ = spawn = true;
  }
  if (spawn) {
    asio::co_spawn(
        strand_,
        [self = shared_from_this()]() -> asio::awaitable<void> { co_await self->writer(); },
        asio::detached);
  }
  return true;
}

asio::awaitable<void> FramedSession::writer() {
  auto& m = shared_->metrics.of(transport());
  while (true) {
    std::vector<OutItem> batch;
    std::size_t bytes = 0;
    {
      std::lock_guard lock(mu_);
      if (queue_.empty() || state_.load() == State::closed) {
        writing_ = false;
        break;
      }
      while (!queue_.empty() && batch.size() < 64) {
        bytes += queue_.front().bytes.size();
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
    }
    const auto ec = co_await write_items(batch);
    {
      std::lock_guard lock(mu_);
      queued_bytes_ -= bytes;
      queued_frames_ -= batch.size();
    }
    if (ec) {
      abort_now("write failed: " + ec.message());
      co_return;
    }
    std::size_t frames = 0;
    for (const auto& item : batch) frames += item.ping ? 0 : 1;
    m.frames_out->inc(static_cast<double>(frames));
    m.bytes_out->inc(static_cast<double>(bytes));
  }
  if (state_.load() == State::closing) spawn_finish();
}

void FramedSession::close(std::string reason) {
  asio::post(strand_, [self = shared_from_this(), r = std::move(reason)]() mutable {
    self->begin_close(std::move(r), true);
  });
}

void FramedSession::abort(std::string reason) {
  asio::post(strand_, [self = shared_from_this(), r = std::move(reason)]() mutable {
    self->abort_now(std::move(r));
  });
}

void FramedSession::begin_close(std::string reason, bool graceful) {
  if (state_.load() == State::closed) return;
  if (!graceful) {
    abort_now(std::move(reason));
    return;
  }
  if (!close_reason_.empty()) return;  // already closing
  close_reason_ = std::move(reason);
  bool idle = false;
  {
    std::lock_guard lock(mu_);
    state_.store(State::closing);
    idle = !writing_;
  }
  flush_timer_.expires_after(shared_->limits.close_flush_timeout);
  flush_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
    if (!ec) self->abort_now("close timed out");
  });
  if (idle) spawn_finish();
}

void FramedSession::spawn_finish() {
  if (finishing_ || state_.load() == State::closed) return;
  finishing_ = true;
  asio::co_spawn(
      strand_,
      [self = shared_from_this()]() -> asio::awaitable<void> {
        co_await self->close_transport(self->close_reason_);
        self->abort_now(self->close_reason_);
      },
      asio::detached);
}

void FramedSession::abort_now(std::string reason) {
  if (state_.load() == State::closed) return;
  {
    std::lock_guard lock(mu_);
    state_.store(State::closed);
    for (const auto& item : queue_) queued_bytes_ -= item.bytes.size();
    queued_frames_ -= queue_.size();
    queue_.clear();
  }
  if (close_reason_.empty()) close_reason_ = std::move(reason);
  idle_timer_.cancel();
  flush_timer_.cancel();
  abort_transport();
  shared_->untrack(id());
  if (opened_) {
    auto self = shared_from_this();
    try {
      shared_->handler->on_close(self, close_reason_);
    } catch (...) {
      // on_close is the last call; a failing handler has nothing left to break here.
    }
  }
}

void FramedSession::read_ended(const std::string& why) {
  if (state_.load() == State::closed) return;
  abort_now(state_.load() == State::closing ? close_reason_ : why);
}

void FramedSession::count_in(std::size_t bytes) {
  touch();
  shared_->metrics.of(transport()).bytes_in->inc(static_cast<double>(bytes));
}

void FramedSession::deliver(Frame frame) {
  if (state_.load() != State::open) return;
  if (!rate_.try_take()) {
    protocol_error("rate_limited", "more than the allowed messages per second; message dropped",
                   shared_->limits.rate_limit_policy == RateLimitPolicy::close, &frame);
    return;
  }
  shared_->metrics.of(transport()).frames_in->inc();
  call_handler([&] { shared_->handler->on_frame(shared_from_this(), std::move(frame)); });
}

void FramedSession::protocol_error(std::string code, std::string message, bool fatal,
                                   const Frame* dropped) {
  if (state_.load() != State::open) return;
  shared_->metrics.protocol_error(code);
  if (!fatal && ++protocol_errors_ > shared_->limits.max_protocol_errors) {
    fatal = true;
    message += "; too many protocol errors";
  }
  const ProtocolError error{code, message, fatal, dropped};
  call_handler([&] { shared_->handler->on_protocol_error(shared_from_this(), error); });
  if (fatal) begin_close(message, true);
}

asio::awaitable<void> FramedSession::watchdog() {
  const auto idle = shared_->limits.idle_timeout;
  if (idle.count() <= 0) co_return;
  auto self = shared_from_this();  // keeps the session alive while waiting
  while (state_.load() == State::open) {
    const auto now = Clock::now();
    if (now - last_inbound_ >= idle) {
      protocol_error("idle_timeout", "nothing received for " + std::to_string(idle.count()) + " ms",
                     true);
      co_return;
    }
    auto next = last_inbound_ + idle;
    if (transport() == Transport::websocket && pinged_for_ != last_inbound_) {
      const auto half = last_inbound_ + idle / 2;
      if (now >= half) {
        queue_ping();
        pinged_for_ = last_inbound_;
      } else {
        next = half;
      }
    }
    idle_timer_.expires_at(next);
    boost::system::error_code ec;
    co_await idle_timer_.async_wait(asio::redirect_error(asio::use_awaitable, ec));
  }
}

}  // namespace boyi::net::detail
