// Messages between the nodes of a cluster, through the shared PostgreSQL database
// (server/cluster/README.md): one row per message in relay_messages and a notification on
// the receiving node's channel, so a node needs nothing but the database's address to reach
// the others. The table is UNLOGGED (a message lives for milliseconds; one lost with a crash
// of the database server is a request its client sends again after reconnecting).
//
// Order: a sender commits its messages in order, and the receiver takes every row addressed
// to it in one DELETE ... RETURNING and hands them over by id, so the messages of one sender
// arrive in the order it sent them. Each end owns its own connection and is used by one
// thread.
#pragma once

#include <libpq-fe.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/result.h"
#include "server/storage/records.h"

namespace boyi::storage {

struct RelayMessage {
  Id to_node = 0;
  Id from_node = 0;
  std::string kind;            // what the cluster's relay says (server/cluster/relay.h)
  std::uint64_t connection = 0;  // a connection of the node that holds it
  Id user = 0;
  std::string username;
  std::string display_name;
  int role = 0;
  int frame_kind = 0;
  bool chat = false;
  std::string payload;  // bytes
};

class RelayConnection {
 public:
  ~RelayConnection();
  RelayConnection(const RelayConnection&) = delete;
  RelayConnection& operator=(const RelayConnection&) = delete;

 protected:
  explicit RelayConnection(PGconn* conn) : conn_(conn) {}
  static Result<PGconn*> connect(const std::string& url);
  // Resets a connection that broke (the database restarted); false if it stays broken.
  bool ensure_connected();
  PGconn* conn_;
};

class RelaySender : public RelayConnection {
 public:
  static Result<std::unique_ptr<RelaySender>> open(const std::string& url);
  // Stores the messages and notifies their nodes, in one transaction.
  Status send(const std::vector<RelayMessage>& messages);

 private:
  using RelayConnection::RelayConnection;
};

class RelayReceiver : public RelayConnection {
 public:
  // Listens on `node`'s channel.
  static Result<std::unique_ptr<RelayReceiver>> open(const std::string& url, Id node);
  // Waits up to `wait` for a notification (not at all if one came already), then takes every
  // message addressed to the node, oldest first. Also takes messages whose notification was
  // lost (a reconnection), at the latest one `wait` later.
  Result<std::vector<RelayMessage>> receive(std::chrono::milliseconds wait);

 private:
  RelayReceiver(PGconn* conn, Id node) : RelayConnection(conn), node_(node) {}
  Status listen();
  Id node_;
};

}  // namespace boyi::storage
