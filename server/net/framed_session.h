// Internal to server/net: the part of a Connection common to TCP and WebSocket — the bounded
// send queue and its writer, graceful and hard close, the idle watchdog, the inbound rate
// limit and protocol-error accounting. Everything but send() and close() runs on the strand.
#pragma once

#include <deque>
#include <optional>
#include <vector>

#include "server/net/detail.h"
#include "server/net/rate_limiter.h"

namespace boyi::net::detail {

struct OutItem {
  std::string bytes;  // ready to write (TCP: with framing; WebSocket: the message)
  FrameKind kind = FrameKind::binary;
  bool ping = false;  // WebSocket ping (no payload)
};

class FramedSession : public Connection,
                      public Closable,
                      public std::enable_shared_from_this<FramedSession> {
 public:
  ~FramedSession() override;

  Status send(Frame frame) override;
  void close(std::string reason) override;
  void abort(std::string reason) override;
  bool is_open() const override { return state_.load() == State::open; }

 protected:
  FramedSession(std::shared_ptr<Shared> shared, asio::any_io_executor strand,
                std::shared_ptr<Slot> slot, std::uint64_t id, Transport t, std::string remote,
                std::string address);

  // Registers the connection, calls on_open and spawns the reader and the watchdog.
  void start();

  // Transport parts (on the strand).
  virtual asio::awaitable<void> read_loop() = 0;  // returns when the stream ends
  virtual asio::awaitable<boost::system::error_code> write_items(std::vector<OutItem>& items) = 0;
  virtual asio::awaitable<void> close_transport(const std::string& reason) = 0;
  virtual void abort_transport() = 0;
  virtual std::string encode(Frame&& frame) const = 0;  // the bytes one OutItem carries

  // For read_loop (on the strand).
  void touch() { last_inbound_ = Clock::now(); }
  void count_in(std::size_t bytes);
  void deliver(Frame frame);
  void protocol_error(std::string code, std::string message, bool fatal,
                      const Frame* dropped = nullptr);
  bool closing_or_closed() const { return state_.load() != State::open; }
  void read_ended(const std::string& why);  // the stream ended or failed
  bool queue_ping();

  std::shared_ptr<Shared> shared_;
  asio::any_io_executor strand_;

 private:
  enum class State { open, closing, closed };

  void begin_close(std::string reason, bool graceful);  // strand
  void abort_now(std::string reason);                   // strand
  void spawn_finish();
  asio::awaitable<void> writer();
  asio::awaitable<void> watchdog();
  template <class F>
  void call_handler(F&& f);

  std::shared_ptr<Slot> slot_;
  std::atomic<State> state_{State::open};
  bool finishing_ = false;
  std::string close_reason_;

  std::mutex mu_;  // guards the queue and writing_
  std::deque<OutItem> queue_;
  std::size_t queued_bytes_ = 0;
  std::size_t queued_frames_ = 0;
  bool writing_ = false;

  Clock::time_point last_inbound_ = Clock::now();
  std::optional<Clock::time_point> pinged_for_;
  asio::steady_timer idle_timer_;
  asio::steady_timer flush_timer_;
  RateLimiter rate_;
  int protocol_errors_ = 0;
  bool opened_ = false;
};

}  // namespace boyi::net::detail
