// Relay: any node serves any client. A match request for a match another node hosts is
// forwarded to that node through the database (storage/relay_queue.h), and answered there as
// if its client were connected there: through a RemoteConnection, whose frames travel back
// the same way to the node that holds the real connection. So a match renders each
// recipient's messages once, on its host, by its one delivery path, and a client reached
// through the relay gets exactly the bytes a local one gets, hidden information included.
//
// What travels (RelayMessage::kind):
//   request  a client's match request (the ClientMessage, the user, the connection's kind)
//   frame    a frame for a client's connection (the host's reply or push)
//   close    the host closes a client's connection (a fatal error)
//   closed   the client's connection closed on its node: the host forgets it
//   moved    matches another node took over: clients that reached them through the relay
//            are told SHUTTING_DOWN for each, to Sync again (the new host answers)
//   started  a match started on the sender: its seats' connections here Sync it from the
//            start (seat users in `connection` and `user`, the match id in the payload)
//   lobby    a lobby update (the payload) for this node's lobby subscribers
//   user     a message (the payload) for `user`'s connections on this node: a challenge,
//            say, from a user of another node
//
// Two threads: one sends (batching what is queued into one transaction), one receives and
// posts each message, in order, to a strand of the io_context.
#pragma once

#include <boost/asio/strand.hpp>
#include <array>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "server/core/presence.h"
#include "server/core/request.h"
#include "server/storage/relay_queue.h"

namespace boyi::app {

class Relay : public std::enable_shared_from_this<Relay> {
 public:
  struct Hooks {
    // A client of another node asks about a match this node hosts (on the io_context).
    std::function<void(const Request&)> request;
    // That client's connection is gone.
    std::function<void(std::uint64_t connection, storage::Id user)> left;
    // A match another node took over (its old host is gone); set by the Cluster.
    std::function<void(const std::string& match_id)> moved{};
    // Another node's lobby update, for this node's lobby subscribers.
    std::function<void(const v1::LobbyUpdate&)> lobby{};
  };

  // Opens the relay's own two connections to the database (the storage URL).
  static Result<std::shared_ptr<Relay>> open(AppContext& app, Presence& presence,
                                             storage::Id node);
  void start(Hooks hooks);  // the threads
  void stop();

  // Sends the request to `host`, the node that hosts `match_id`.
  void forward(storage::Id host, const Request& r, const std::string& match_id);
  void forward(storage::Id host, const Peer& peer, const UserInfo& user,
               const v1::ClientMessage& message, const std::string& match_id);
  // A match started here: its seats' connections on the other `nodes` Sync it (a tournament
  // game of an entrant connected elsewhere, say).
  void announce_started(const std::string& match_id, const std::array<storage::Id, 2>& seats,
                        const std::set<storage::Id>& nodes);
  // The lobby: an update for the subscribers on each of `nodes`; a message for a user's
  // connections on `node`.
  void publish_lobby(const std::set<storage::Id>& nodes, const v1::LobbyUpdate& update);
  void send_to_user(storage::Id node, storage::Id user, const v1::ServerMessage& message);
  // A local connection closed: each node it reached is told.
  void connection_left(std::uint64_t connection);
  // These matches moved to this node: every other node in `nodes` is told, and this node's
  // own clients that reached them through the relay.
  void announce_moved(const std::vector<std::string>& match_ids,
                      const std::vector<storage::Id>& nodes);

  // The clients of nodes not in `alive` are gone with their nodes: the matches here forget
  // them (as if their connections closed).
  void forget_nodes_except(const std::set<storage::Id>& alive);

  std::uint64_t relayed() const { return relayed_.load(); }  // messages sent so far
  std::uint64_t dropped() const { return dropped_.load(); }  // not sent: the queue was full

 private:
  class RemoteConnection;
  Relay(AppContext& app, Presence& presence, storage::Id node,
        std::unique_ptr<storage::RelaySender> sender,
        std::unique_ptr<storage::RelayReceiver> receiver);
  void send(storage::RelayMessage m);
  void sender_loop();
  void receiver_loop();
  void on_message(storage::RelayMessage m);
  void on_request(const storage::RelayMessage& m);
  void on_frame(const storage::RelayMessage& m, bool close);
  void on_moved(const storage::RelayMessage& m);
  void on_started(const storage::RelayMessage& m);
  void on_lobby(const storage::RelayMessage& m);
  std::shared_ptr<RemoteConnection> remote(const storage::RelayMessage& m);

  AppContext& app_;
  Presence& presence_;
  const storage::Id node_;
  std::unique_ptr<storage::RelaySender> sender_;
  std::unique_ptr<storage::RelayReceiver> receiver_;
  Hooks hooks_;
  // Every received message is handled here, one at a time in arrival order: a client's
  // frames reach its connection in the order their host sent them.
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;

  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<storage::RelayMessage> outbox_;
  bool stopping_ = false;
  // Local connections that reached matches on other nodes: connection -> (user, host ->
  // matches).
  struct Reached {
    storage::Id user = 0;
    std::map<storage::Id, std::set<std::string>> hosts;
  };
  std::map<std::uint64_t, Reached> reached_;
  // Clients of other nodes, as this node's matches know them: (node, connection) -> it.
  std::map<std::pair<storage::Id, std::uint64_t>, std::shared_ptr<RemoteConnection>> remotes_;
  std::atomic<std::uint64_t> relayed_{0};
  std::atomic<std::uint64_t> dropped_{0};
  std::thread sending_, receiving_;
};

}  // namespace boyi::app
