#include "server/storage/relay_queue.h"

#include <poll.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <utility>

#include "server/storage/postgres.h"

namespace boyi::storage {

namespace {

std::string error_of(PGconn* conn) {
  std::string out = conn ? PQerrorMessage(conn) : "out of memory";
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

struct ResultGuard {
  PGresult* result;
  ~ResultGuard() { PQclear(result); }
};

Status run(PGconn* conn, const char* sql) {
  ResultGuard r{PQexec(conn, sql)};
  const auto status = PQresultStatus(r.result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
    return fail(std::string(sql) + ": " + error_of(conn));
  return Status::Ok();
}

std::string channel(Id node) {
  return "boyi_relay_" + std::to_string(node);
}

}  // namespace

RelayConnection::~RelayConnection() {
  if (conn_) PQfinish(conn_);
}

Result<PGconn*> RelayConnection::connect(const std::string& url) {
  PGconn* conn = PQconnectdb(url.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    const std::string why = error_of(conn);
    PQfinish(conn);
    return Error{"cannot connect to " + redacted_url(url) + " for the relay: " + why};
  }
  // A relayed message is worth nothing after a crash of the database server.
  if (auto s = run(conn, "SET synchronous_commit = off"); !s) {
    PQfinish(conn);
    return Error{s.message()};
  }
  return conn;
}

bool RelayConnection::ensure_connected() {
  if (PQstatus(conn_) == CONNECTION_OK) return true;
  PQreset(conn_);
  if (PQstatus(conn_) != CONNECTION_OK) return false;
  return run(conn_, "SET synchronous_commit = off").ok();
}

Result<std::unique_ptr<RelaySender>> RelaySender::open(const std::string& url) {
  auto conn = connect(url);
  if (!conn) return Error{conn.message()};
  return std::unique_ptr<RelaySender>(new RelaySender(*conn));
}

Status RelaySender::send(const std::vector<RelayMessage>& messages) {
  if (messages.empty()) return Status::Ok();
  if (!ensure_connected()) return fail("the relay's connection is broken: " + error_of(conn_));
  // One statement, one round trip: every row, and a notification to each node addressed (sent
  // when the statement's own transaction commits).
  constexpr int kColumns = 11;
  std::string sql =
      "WITH sent AS (INSERT INTO relay_messages(to_node, from_node, kind, connection, user_id, "
      "username, display_name, role, frame_kind, chat, payload) VALUES ";
  std::vector<std::string> text;
  text.reserve(messages.size() * (kColumns - 1));
  std::vector<const char*> values;
  std::vector<int> lengths, formats;
  for (std::size_t i = 0; i < messages.size(); ++i) {
    const auto& m = messages[i];
    sql += i == 0 ? "(" : ", (";
    for (int c = 1; c <= kColumns; ++c) {
      sql += "$" + std::to_string(static_cast<int>(i) * kColumns + c);
      sql += c == kColumns ? ")" : ", ";
    }
    for (std::string v : {std::to_string(m.to_node), std::to_string(m.from_node), m.kind,
                          std::to_string(m.connection), std::to_string(m.user), m.username,
                          m.display_name, std::to_string(m.role), std::to_string(m.frame_kind),
                          std::string(m.chat ? "1" : "0")})
      text.push_back(std::move(v));
  }
  sql += " RETURNING to_node) SELECT pg_notify('boyi_relay_' || to_node, '') FROM (SELECT "
         "DISTINCT to_node FROM sent) AS addressed";
  for (std::size_t i = 0; i < messages.size(); ++i) {
    for (int c = 0; c < kColumns - 1; ++c) {
      values.push_back(text[i * (kColumns - 1) + static_cast<std::size_t>(c)].c_str());
      lengths.push_back(0);
      formats.push_back(0);
    }
    values.push_back(messages[i].payload.data());  // the payload as bytes
    lengths.push_back(static_cast<int>(messages[i].payload.size()));
    formats.push_back(1);
  }
  ResultGuard r{PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                             values.data(), lengths.data(), formats.data(), 0)};
  if (PQresultStatus(r.result) != PGRES_TUPLES_OK) return fail("relay: " + error_of(conn_));
  return Status::Ok();
}

Result<std::unique_ptr<RelayReceiver>> RelayReceiver::open(const std::string& url, Id node) {
  auto conn = connect(url);
  if (!conn) return Error{conn.message()};
  std::unique_ptr<RelayReceiver> receiver(new RelayReceiver(*conn, node));
  if (auto s = receiver->listen(); !s) return Error{s.message()};
  return receiver;
}

Status RelayReceiver::listen() {
  return run(conn_, ("LISTEN " + channel(node_)).c_str());
}

Result<std::vector<RelayMessage>> RelayReceiver::receive(std::chrono::milliseconds wait) {
  if (PQstatus(conn_) != CONNECTION_OK) {
    if (!ensure_connected()) return Error{"the relay's connection is broken: " + error_of(conn_)};
    if (auto s = listen(); !s) return Error{s.message()};
  }
  const auto drain = [&] {
    bool any = false;
    while (PGnotify* n = PQnotifies(conn_)) {
      any = true;
      PQfreemem(n);
    }
    return any;
  };
  (void)PQconsumeInput(conn_);
  if (!drain()) {
    pollfd fd{PQsocket(conn_), POLLIN, 0};
    if (::poll(&fd, 1, static_cast<int>(wait.count())) > 0) {
      (void)PQconsumeInput(conn_);
      drain();
    }
  }
  const std::string node = std::to_string(node_);
  const char* values[] = {node.c_str()};
  ResultGuard r{PQexecParams(conn_,
                             "DELETE FROM relay_messages WHERE to_node = $1 RETURNING id, "
                             "from_node, kind, connection, user_id, username, display_name, "
                             "role, frame_kind, chat, payload",
                             1, nullptr, values, nullptr, nullptr, 0)};
  if (PQresultStatus(r.result) != PGRES_TUPLES_OK) return Error{"relay: " + error_of(conn_)};
  std::vector<std::pair<std::int64_t, RelayMessage>> rows;
  for (int i = 0; i < PQntuples(r.result); ++i) {
    const auto text = [&](int c) { return std::string(PQgetvalue(r.result, i, c)); };
    const auto number = [&](int c) { return std::strtoll(PQgetvalue(r.result, i, c), nullptr, 10); };
    RelayMessage m;
    m.to_node = node_;
    m.from_node = number(1);
    m.kind = text(2);
    m.connection = static_cast<std::uint64_t>(std::strtoull(PQgetvalue(r.result, i, 3), nullptr, 10));
    m.user = number(4);
    m.username = text(5);
    m.display_name = text(6);
    m.role = static_cast<int>(number(7));
    m.frame_kind = static_cast<int>(number(8));
    m.chat = number(9) != 0;
    std::size_t length = 0;
    unsigned char* bytes =
        PQunescapeBytea(reinterpret_cast<const unsigned char*>(PQgetvalue(r.result, i, 10)), &length);
    if (bytes) {
      m.payload.assign(reinterpret_cast<const char*>(bytes), length);
      PQfreemem(bytes);
    }
    rows.emplace_back(number(0), std::move(m));
  }
  std::sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<RelayMessage> out;
  out.reserve(rows.size());
  for (auto& [id, m] : rows) out.push_back(std::move(m));
  return out;
}

}  // namespace boyi::storage
