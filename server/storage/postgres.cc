#include "server/storage/postgres.h"

#include <array>
#include <charconv>
#include <cstring>
#include <utility>

namespace boyi::storage {

namespace {

// libpq's messages end with a newline (and may span lines); keep them one line.
std::string one_line(const char* message) {
  std::string out = message ? message : "";
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  for (char& c : out)
    if (c == '\n') c = ' ';
  return out;
}

// Notices ("table already exists, skipping") are for people at a psql prompt.
void ignore_notice(void*, const char*) {}

SqlErrorKind error_kind(const PGresult* result) {
  const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
  if (!state) return SqlErrorKind::kOther;
  if (std::strcmp(state, "23505") == 0) return SqlErrorKind::kUniqueViolation;
  if (std::strcmp(state, "23503") == 0) return SqlErrorKind::kForeignKeyViolation;
  return SqlErrorKind::kOther;
}

// "what: message", or the message alone when there is nothing to add.
std::string prefixed(std::string_view what, std::string message) {
  if (what.empty()) return message;
  return std::string(what) + ": " + message;
}

struct ResultGuard {
  PGresult* result;
  ~ResultGuard() { PQclear(result); }
};

}  // namespace

std::string postgres_parameters(std::string_view sql) {
  std::string out;
  out.reserve(sql.size());
  char quote = 0;  // inside '...' or "..."
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote) {
      if (c == quote) quote = 0;  // a doubled quote closes and reopens: same result
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '?' && i + 1 < sql.size() && sql[i + 1] >= '0' && sql[i + 1] <= '9') {
      out += '$';
      continue;
    }
    out += c;
  }
  return out;
}

namespace {

// The password of user:password@ hidden.
std::string redact_userinfo(std::string_view url) {
  const auto scheme = url.find("://");
  if (scheme == std::string_view::npos) return std::string(url);
  const auto at = url.find('@', scheme + 3);
  const auto slash = url.find('/', scheme + 3);
  if (at == std::string_view::npos || (slash != std::string_view::npos && slash < at))
    return std::string(url);
  const auto colon = url.find(':', scheme + 3);
  if (colon == std::string_view::npos || colon > at) return std::string(url);
  return std::string(url.substr(0, colon + 1)) + "***" + std::string(url.substr(at));
}

}  // namespace

std::string redacted_url(std::string_view url) {
  std::string out = redact_userinfo(url);
  // libpq also takes the password as a parameter: ...?password=secret&...
  const auto query = out.find('?');
  for (auto at = out.find("password=", query == std::string::npos ? out.size() : query);
       at != std::string::npos; at = out.find("password=", at + 1)) {
    if (out[at - 1] != '?' && out[at - 1] != '&') continue;
    const auto start = at + 9;
    const auto end = std::min(out.find('&', start), out.size());
    out.replace(start, end - start, "***");
  }
  return out;
}

bool is_postgres_url(std::string_view storage) {
  return storage.starts_with("postgresql://") || storage.starts_with("postgres://");
}

// --- statements ---

PostgresStatement::~PostgresStatement() {
  PQclear(result_);
}

Status PostgresStatement::set(int index, std::optional<std::string> value, int format) {
  if (index < 1 || index > 1000) return fail("bind: parameter index " + std::to_string(index));
  const auto i = static_cast<std::size_t>(index - 1);
  if (values_.size() <= i) {
    values_.resize(i + 1);
    formats_.resize(i + 1, 0);
  }
  values_[i] = std::move(value);
  formats_[i] = format;
  return Status::Ok();
}

Status PostgresStatement::bind_int64(int index, std::int64_t value) {
  return set(index, std::to_string(value), 0);
}

Status PostgresStatement::bind_real(int index, double value) {
  std::array<char, 32> buffer{};
  auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  if (ec != std::errc()) return fail("bind: cannot write a number");
  return set(index, std::string(buffer.data(), end), 0);
}

Status PostgresStatement::bind_text(int index, std::string_view text) {
  return set(index, std::string(text), 0);
}

Status PostgresStatement::bind_null(int index) {
  return set(index, std::nullopt, 0);
}

Status PostgresStatement::bind_blob(int index, std::string_view bytes) {
  return set(index, std::string(bytes), 1);
}

Result<bool> PostgresStatement::step() {
  if (result_) return ++row_ < PQntuples(result_);
  return step_once(false);
}

Result<bool> PostgresStatement::step_once(bool retried) {
  if (auto s = conn_.ensure_connected(); !s) return Error{s.message()};
  if (prepared_in_ != conn_.generation_) {
    ResultGuard prepared{PQprepare(conn_.conn_, name_.c_str(), sql_.c_str(), 0, nullptr)};
    if (auto s = conn_.note(prepared.result, "prepare"); !s) return Error{s.message()};
    prepared_in_ = conn_.generation_;
  }
  std::vector<const char*> values(values_.size());
  std::vector<int> lengths(values_.size());
  for (std::size_t i = 0; i < values_.size(); ++i) {
    values[i] = values_[i] ? values_[i]->data() : nullptr;
    lengths[i] = values_[i] ? static_cast<int>(values_[i]->size()) : 0;
  }
  const bool in_transaction = conn_.in_transaction();
  PGresult* result =
      PQexecPrepared(conn_.conn_, name_.c_str(), static_cast<int>(values.size()), values.data(),
                     lengths.data(), formats_.data(), /*resultFormat=*/0);
  if (auto s = conn_.note(result, "step"); !s) {
    PQclear(result);
    if (!in_transaction && conn_.lost_while_reading(sql_) && !retried) return step_once(true);
    return Error{s.message()};
  }
  result_ = result;
  row_ = 0;
  return row_ < PQntuples(result_);
}

void PostgresStatement::reset() {
  PQclear(result_);
  result_ = nullptr;
  row_ = -1;
  values_.clear();
  formats_.clear();
}

bool PostgresStatement::is_null(int column) const {
  return !result_ || PQgetisnull(result_, row_, column);
}

std::string_view PostgresStatement::value(int column) const {
  if (is_null(column)) return {};
  return {PQgetvalue(result_, row_, column),
          static_cast<std::size_t>(PQgetlength(result_, row_, column))};
}

std::int64_t PostgresStatement::int64(int column) const {
  const std::string_view v = value(column);
  if (v == "t") return 1;  // booleans
  std::int64_t out = 0;
  std::from_chars(v.data(), v.data() + v.size(), out);
  return out;
}

double PostgresStatement::real(int column) const {
  const std::string_view v = value(column);
  double out = 0;
  std::from_chars(v.data(), v.data() + v.size(), out);
  return out;
}

std::string PostgresStatement::text(int column) const {
  return std::string(value(column));
}

std::string PostgresStatement::blob(int column) const {
  if (is_null(column)) return {};
  std::size_t size = 0;
  unsigned char* bytes = PQunescapeBytea(
      reinterpret_cast<const unsigned char*>(PQgetvalue(result_, row_, column)), &size);
  if (!bytes) return {};
  std::string out(reinterpret_cast<const char*>(bytes), size);
  PQfreemem(bytes);
  return out;
}

// --- the connection ---

Result<std::unique_ptr<PostgresConnection>> PostgresConnection::open(
    const std::string& url, const PostgresSettings& settings) {
  const std::string where = "PostgreSQL database " + redacted_url(url);
  PGconn* conn = PQconnectdb(url.c_str());
  if (!conn) return fail("cannot open " + where + ": out of memory");
  if (PQstatus(conn) != CONNECTION_OK) {
    Error e = fail("cannot open " + where + ": " + one_line(PQerrorMessage(conn)));
    PQfinish(conn);
    return e;
  }
  PQsetNoticeProcessor(conn, ignore_notice, nullptr);
  std::string settings_sql = std::string("SET synchronous_commit = ") +
                             (settings.synchronous_commit ? "on" : "off") +
                             "; SET lock_timeout = " + std::to_string(settings.lock_timeout_ms) +
                             "; SET client_min_messages = warning";
  std::unique_ptr<PostgresConnection> out(
      new PostgresConnection(conn, where, std::move(settings_sql)));
  if (auto s = out->exec(out->settings_sql_); !s)
    return fail("cannot open " + where + ": " + s.message());
  return out;
}

PostgresConnection::~PostgresConnection() {
  cache_.clear();
  PQfinish(conn_);
}

Status PostgresConnection::ensure_connected() {
  if (PQstatus(conn_) == CONNECTION_OK) return Status::Ok();
  if (in_transaction()) return fail(where_ + ": the connection was lost");
  PQreset(conn_);
  if (PQstatus(conn_) != CONNECTION_OK)
    return fail(where_ + ": the connection was lost: " + one_line(PQerrorMessage(conn_)));
  ++generation_;  // the server forgot our prepared statements
  ResultGuard set{PQexec(conn_, settings_sql_.c_str())};
  return note(set.result, "after reconnecting");
}

Status PostgresConnection::note(PGresult* result, std::string_view what) {
  if (!result) {
    last_error_ = SqlErrorKind::kOther;
    return fail(prefixed(what, one_line(PQerrorMessage(conn_))));
  }
  switch (PQresultStatus(result)) {
    case PGRES_COMMAND_OK:
    case PGRES_TUPLES_OK:
    case PGRES_EMPTY_QUERY: {
      last_error_ = SqlErrorKind::kNone;
      // Like SQLite's changes(): only statements that change rows count.
      const std::string_view tag = PQcmdStatus(result);
      if (tag.starts_with("INSERT") || tag.starts_with("UPDATE") || tag.starts_with("DELETE"))
        changes_ = std::atoll(PQcmdTuples(result));
      return Status::Ok();
    }
    default:
      last_error_ = error_kind(result);
      return fail(prefixed(what, one_line(PQresultErrorMessage(result))));
  }
}

bool PostgresConnection::lost_while_reading(std::string_view sql) const {
  if (PQstatus(conn_) != CONNECTION_BAD) return false;
  while (!sql.empty() && (sql.front() == ' ' || sql.front() == '\n')) sql.remove_prefix(1);
  return sql.starts_with("SELECT") || sql.starts_with("BEGIN");
}

Status PostgresConnection::exec(const std::string& sql) {
  for (bool retried = false;; retried = true) {
    if (auto s = ensure_connected(); !s) return s;
    const bool was_in_transaction = in_transaction();
    ResultGuard result{PQexec(conn_, sql.c_str())};
    auto s = note(result.result, "");
    if (s || retried || was_in_transaction || !lost_while_reading(sql)) return s;
  }
}

Result<Query> PostgresConnection::query(const char* sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    auto statement = std::make_unique<PostgresStatement>(
        *this, postgres_parameters(sql), "boyi_" + std::to_string(++next_statement_));
    it = cache_.emplace(sql, std::move(statement)).first;
  }
  return Query(it->second.get());
}

Status PostgresConnection::begin() {
  return exec("BEGIN");
}

Status PostgresConnection::commit() {
  if (auto s = ensure_connected(); !s) return s;
  ResultGuard result{PQexec(conn_, "COMMIT")};
  if (auto s = note(result.result, "commit"); !s) return s;
  // COMMIT of a transaction that failed answers ROLLBACK and rolls it back.
  if (std::string_view(PQcmdStatus(result.result)) != "COMMIT")
    return fail("the transaction was rolled back after an error");
  return Status::Ok();
}

bool PostgresConnection::in_transaction() const {
  switch (PQtransactionStatus(conn_)) {
    case PQTRANS_ACTIVE:
    case PQTRANS_INTRANS:
    case PQTRANS_INERROR:
      return true;
    default:
      return false;
  }
}

Result<std::string> PostgresConnection::single_value(const std::string& sql) {
  if (auto s = ensure_connected(); !s) return Error{s.message()};
  ResultGuard result{PQexec(conn_, sql.c_str())};
  if (auto s = note(result.result, "query"); !s) return Error{s.message()};
  if (PQntuples(result.result) < 1 || PQnfields(result.result) < 1) return std::string();
  return std::string(PQgetvalue(result.result, 0, 0));
}

// The version lives in a one-row table (PostgreSQL has no user_version).
Result<int> PostgresConnection::schema_version() {
  auto exists = single_value("SELECT to_regclass('boyi_schema') IS NOT NULL");
  if (!exists) return Error{"reading the schema version: " + exists.message()};
  if (*exists != "t") return 0;
  auto v = single_value("SELECT version FROM boyi_schema");
  if (!v) return Error{"reading the schema version: " + v.message()};
  if (v->empty()) return 0;
  return std::stoi(*v);
}

Status PostgresConnection::set_schema_version(int version) {
  return exec(
      "CREATE TABLE IF NOT EXISTS boyi_schema (version INTEGER NOT NULL); "
      "DELETE FROM boyi_schema; INSERT INTO boyi_schema(version) VALUES (" +
      std::to_string(version) + ")");
}

// One key for Boyi's migrations, held by the session: a transaction that began before
// another server's migration committed could still see the old catalog after waiting
// for a transaction-scoped lock.
constexpr const char* kSchemaLockKey = "7368014";

Status PostgresConnection::lock_schema() {
  return exec(std::string("SELECT pg_advisory_lock(") + kSchemaLockKey + ")");
}

void PostgresConnection::unlock_schema() {
  (void)exec(std::string("SELECT pg_advisory_unlock(") + kSchemaLockKey + ")");
}

// PostgreSQL keeps its own structures consistent; what it can report is pages whose
// checksum failed (when the cluster has data checksums).
Status PostgresConnection::integrity_check() {
  auto failures = single_value(
      "SELECT COALESCE(checksum_failures, 0) FROM pg_stat_database "
      "WHERE datname = current_database()");
  if (!failures) return fail("integrity check: " + failures.message());
  if (!failures->empty() && *failures != "0")
    return fail("integrity check failed: " + *failures + " data checksum failures");
  return Status::Ok();
}

}  // namespace boyi::storage
