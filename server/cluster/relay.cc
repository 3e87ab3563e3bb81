#include "server/cluster/relay.h"

#include <boost/asio/post.hpp>

namespace boyi::app {

namespace {

constexpr std::size_t kBatch = 256;                           // messages in one transaction
constexpr std::chrono::milliseconds kReceiveWait{200};        // then the table is read anyway
constexpr std::uint64_t kRemoteBit = std::uint64_t{1} << 63;  // ids no local connection has
// Messages waiting to be sent, at most: past it (the database is not keeping up) a message
// is dropped, and its client, missing an event, resynchronises.
constexpr std::size_t kMaxQueued = 65536;

int frame_kind_number(net::FrameKind kind) {
  return kind == net::FrameKind::binary ? 0 : 1;
}
net::FrameKind frame_kind_of(int number) {
  return number == 0 ? net::FrameKind::binary : net::FrameKind::json;
}

}  // namespace

// A client of another node, as this node's matches see it: what they send it goes back
// through the relay to the node that holds the real connection.
class Relay::RemoteConnection final : public net::Connection {
 public:
  RemoteConnection(std::weak_ptr<Relay> relay, const storage::RelayMessage& from)
      : net::Connection(kRemoteBit | (static_cast<std::uint64_t>(from.from_node) << 40) |
                            from.connection,
                        net::Transport::websocket, "node " + std::to_string(from.from_node),
                        "node " + std::to_string(from.from_node)),
        relay_(std::move(relay)),
        node_(from.from_node),
        connection_(from.connection),
        user_(from.user) {}

  Status send(net::Frame frame) override {
    if (!open_) return fail("the connection is closed");
    auto relay = relay_.lock();
    if (!relay) return fail("the relay stopped");
    relay->send(message("frame", frame_kind_number(frame.kind), std::move(frame.bytes)));
    return Status::Ok();
  }
  void close(std::string reason) override {
    if (!open_.exchange(false)) return;
    if (auto relay = relay_.lock()) relay->send(message("close", 0, std::move(reason)));
  }
  bool is_open() const override { return open_; }
  void closed() { open_ = false; }
  storage::Id user() const { return user_; }

 private:
  storage::RelayMessage message(std::string kind, int frame_kind, std::string payload) const {
    storage::RelayMessage m;
    m.to_node = node_;
    m.kind = std::move(kind);
    m.connection = connection_;
    m.user = user_;
    m.frame_kind = frame_kind;
    m.payload = std::move(payload);
    return m;
  }

  std::weak_ptr<Relay> relay_;
  storage::Id node_;
  std::uint64_t connection_;
  storage::Id user_;
  std::atomic<bool> open_{true};
};

Relay::Relay(AppContext& app, Presence& presence, storage::Id node,
             std::unique_ptr<storage::RelaySender> sender,
             std::unique_ptr<storage::RelayReceiver> receiver)
    : app_(app),
      presence_(presence),
      node_(node),
      sender_(std::move(sender)),
      receiver_(std::move(receiver)),
      strand_(boost::asio::make_strand(app.ioc)) {}

Result<std::shared_ptr<Relay>> Relay::open(AppContext& app, Presence& presence, storage::Id node) {
  auto sender = storage::RelaySender::open(app.config.storage);
  if (!sender) return Error{sender.message()};
  auto receiver = storage::RelayReceiver::open(app.config.storage, node);
  if (!receiver) return Error{receiver.message()};
  return std::shared_ptr<Relay>(
      new Relay(app, presence, node, std::move(sender).value(), std::move(receiver).value()));
}

void Relay::start(Hooks hooks) {
  hooks_ = std::move(hooks);
  sending_ = std::thread([self = shared_from_this()] { self->sender_loop(); });
  receiving_ = std::thread([self = shared_from_this()] { self->receiver_loop(); });
}

void Relay::stop() {
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    stopping_ = true;
  }
  wake_.notify_all();
  if (sending_.joinable()) sending_.join();
  if (receiving_.joinable()) receiving_.join();
}

void Relay::send(storage::RelayMessage m) {
  m.from_node = node_;
  {
    std::lock_guard lock(mu_);
    if (stopping_) return;
    if (outbox_.size() >= kMaxQueued) {
      if (dropped_++ % 1000 == 0)
        app_.log.warn("relay_queue_full", {{"queued", outbox_.size()}, {"dropped", dropped_.load()}});
      return;
    }
    outbox_.push_back(std::move(m));
  }
  wake_.notify_one();
}

void Relay::forget_nodes_except(const std::set<storage::Id>& alive) {
  std::vector<std::shared_ptr<RemoteConnection>> gone;
  {
    std::lock_guard lock(mu_);
    for (auto it = remotes_.begin(); it != remotes_.end();) {
      if (alive.contains(it->first.first)) {
        ++it;
        continue;
      }
      gone.push_back(it->second);
      it = remotes_.erase(it);
    }
  }
  for (const auto& remote : gone) {
    remote->closed();
    boost::asio::post(strand_, [self = shared_from_this(), remote] {
      if (self->hooks_.left) self->hooks_.left(remote->id(), remote->user());
    });
  }
}

void Relay::forward(storage::Id host, const Request& r, const std::string& match_id) {
  forward(host, r.peer(), r.user(), r.message(), match_id);
}

void Relay::forward(storage::Id host, const Peer& peer, const UserInfo& user,
                    const v1::ClientMessage& message, const std::string& match_id) {
  storage::RelayMessage m;
  m.to_node = host;
  m.kind = "request";
  m.connection = peer.conn->id();
  m.user = user.id;
  m.username = user.username;
  m.display_name = user.display_name;
  m.role = static_cast<int>(user.role);
  m.frame_kind = frame_kind_number(peer.kind);
  m.chat = peer.chat;
  m.payload = message.SerializeAsString();
  {
    std::lock_guard lock(mu_);
    auto& reached = reached_[m.connection];
    reached.user = user.id;
    reached.hosts[host].insert(match_id);
  }
  send(std::move(m));
}

void Relay::announce_started(const std::string& match_id, const std::array<storage::Id, 2>& seats,
                             const std::set<storage::Id>& nodes) {
  for (storage::Id node : nodes) {
    if (node == node_) continue;
    storage::RelayMessage m;
    m.to_node = node;
    m.kind = "started";
    m.connection = static_cast<std::uint64_t>(seats[0]);
    m.user = seats[1];
    m.payload = match_id;
    send(std::move(m));
  }
}

void Relay::publish_lobby(const std::set<storage::Id>& nodes, const v1::LobbyUpdate& update) {
  const std::string bytes = update.SerializeAsString();
  for (storage::Id node : nodes) {
    if (node == node_) continue;
    storage::RelayMessage m;
    m.to_node = node;
    m.kind = "lobby";
    m.payload = bytes;
    send(std::move(m));
  }
}

void Relay::send_to_user(storage::Id node, storage::Id user, const v1::ServerMessage& message) {
  if (node == node_) return;
  storage::RelayMessage m;
  m.to_node = node;
  m.kind = "user";
  m.user = user;
  m.payload = message.SerializeAsString();
  send(std::move(m));
}

void Relay::on_lobby(const storage::RelayMessage& m) {
  if (m.kind == "lobby") {
    v1::LobbyUpdate update;
    if (update.ParseFromString(m.payload) && hooks_.lobby) hooks_.lobby(update);
    return;
  }
  v1::ServerMessage message;
  if (message.ParseFromString(m.payload)) presence_.send_to_user(m.user, message);
}

void Relay::on_started(const storage::RelayMessage& m) {
  // The seats' connections here Sync the new match from its start: the host answers with
  // MatchStarted, the events so far and SyncDone, as to a seat that reconnected.
  v1::ClientMessage sync;
  sync.mutable_sync()->set_match_id(m.payload);
  sync.mutable_sync()->set_from_seq(1);
  for (const storage::Id seat_user : {static_cast<storage::Id>(m.connection), m.user}) {
    const auto user = presence_.online_user(seat_user);
    if (!user) continue;
    for (const auto& peer : presence_.peers_of(seat_user))
      forward(m.from_node, peer, *user, sync, m.payload);
  }
}

void Relay::connection_left(std::uint64_t connection) {
  Reached reached;
  {
    std::lock_guard lock(mu_);
    auto it = reached_.find(connection);
    if (it == reached_.end()) return;
    reached = std::move(it->second);
    reached_.erase(it);
  }
  for (const auto& [host, matches] : reached.hosts) {
    storage::RelayMessage m;
    m.to_node = host;
    m.kind = "closed";
    m.connection = connection;
    m.user = reached.user;
    send(std::move(m));
  }
}

void Relay::announce_moved(const std::vector<std::string>& match_ids,
                           const std::vector<storage::Id>& nodes) {
  // This node's own clients that reached the matches on their old host are told too.
  for (const auto& id : match_ids) {
    storage::RelayMessage m;
    m.kind = "moved";
    m.payload = id;
    boost::asio::post(strand_, [self = shared_from_this(), m = std::move(m)] { self->on_moved(m); });
  }
  for (storage::Id node : nodes) {
    if (node == node_) continue;
    for (const auto& id : match_ids) {
      storage::RelayMessage m;
      m.to_node = node;
      m.kind = "moved";
      m.payload = id;
      send(std::move(m));
    }
  }
}

void Relay::sender_loop() {
  for (;;) {
    std::vector<storage::RelayMessage> batch;
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [&] { return stopping_ || !outbox_.empty(); });
      if (outbox_.empty()) return;  // stopping, everything sent
      while (!outbox_.empty() && batch.size() < kBatch) {
        batch.push_back(std::move(outbox_.front()));
        outbox_.pop_front();
      }
    }
    if (auto s = sender_->send(batch); !s) {
      // The clients concerned resynchronise: their next request or reconnection asks again.
      app_.log.warn("relay_not_sent", {{"messages", batch.size()}, {"reason", s.message()}});
      continue;
    }
    relayed_ += batch.size();
  }
}

void Relay::receiver_loop() {
  for (;;) {
    {
      std::lock_guard lock(mu_);
      if (stopping_) return;
    }
    auto got = receiver_->receive(kReceiveWait);
    if (!got) {
      app_.log.warn("relay_not_received", {{"reason", got.message()}});
      std::this_thread::sleep_for(kReceiveWait);
      continue;
    }
    for (auto& m : *got)
      boost::asio::post(strand_, [self = shared_from_this(), m = std::move(m)]() mutable {
        self->on_message(std::move(m));
      });
  }
}

void Relay::on_message(storage::RelayMessage m) {
  if (m.kind == "request") return on_request(m);
  if (m.kind == "frame") return on_frame(m, false);
  if (m.kind == "close") return on_frame(m, true);
  if (m.kind == "moved") return on_moved(m);
  if (m.kind == "started") return on_started(m);
  if (m.kind == "lobby" || m.kind == "user") return on_lobby(m);
  if (m.kind == "closed") {
    std::shared_ptr<RemoteConnection> gone;
    {
      std::lock_guard lock(mu_);
      auto it = remotes_.find({m.from_node, m.connection});
      if (it == remotes_.end()) return;
      gone = it->second;
      remotes_.erase(it);
    }
    gone->closed();
    if (hooks_.left) hooks_.left(gone->id(), gone->user());
    return;
  }
  app_.log.warn("relay_unknown_message", {{"kind", m.kind}, {"from", m.from_node}});
}

std::shared_ptr<Relay::RemoteConnection> Relay::remote(const storage::RelayMessage& m) {
  std::lock_guard lock(mu_);
  auto& slot = remotes_[{m.from_node, m.connection}];
  if (!slot) slot = std::make_shared<RemoteConnection>(weak_from_this(), m);
  return slot;
}

void Relay::on_request(const storage::RelayMessage& m) {
  v1::ClientMessage message;
  if (!message.ParseFromString(m.payload)) {
    app_.log.warn("relay_bad_request", {{"from", m.from_node}});
    return;
  }
  UserInfo user;
  user.id = m.user;
  user.username = m.username;
  user.display_name = m.display_name;
  user.role = static_cast<v1::Role>(m.role);
  const Peer peer{remote(m), frame_kind_of(m.frame_kind), m.chat};
  const Request r(app_, peer, user, message, Request::Clock::now());
  if (hooks_.request) hooks_.request(r);
}

void Relay::on_frame(const storage::RelayMessage& m, bool close) {
  for (const auto& peer : presence_.peers_of(m.user)) {
    if (peer.conn->id() != m.connection) continue;
    if (close) {
      peer.conn->close(m.payload);
    } else {
      (void)peer.conn->send(net::Frame{m.payload, frame_kind_of(m.frame_kind)});
    }
    return;
  }
  // The client is gone: the host forgets it (its close may have crossed this frame).
  storage::RelayMessage closed;
  closed.to_node = m.from_node;
  closed.kind = "closed";
  closed.connection = m.connection;
  closed.user = m.user;
  send(std::move(closed));
}

void Relay::on_moved(const storage::RelayMessage& m) {
  const std::string& match_id = m.payload;
  if (hooks_.moved) hooks_.moved(match_id);
  std::vector<std::pair<std::uint64_t, storage::Id>> told;
  {
    std::lock_guard lock(mu_);
    for (auto& [connection, reached] : reached_) {
      bool hit = false;
      for (auto& [host, matches] : reached.hosts) hit = matches.erase(match_id) > 0 || hit;
      if (hit) told.emplace_back(connection, reached.user);
    }
  }
  const auto error = error_message(
      0, v1::ERROR_CODE_SHUTTING_DOWN,
      "match " + match_id + " is hosted by another server now: Sync it again to go on", false,
      match_id);
  for (const auto& [connection, user] : told)
    for (const auto& peer : presence_.peers_of(user))
      if (peer.conn->id() == connection) send_to(peer, error, app_.max_frame());
}

}  // namespace boyi::app
