// Ratings and their history (rating_store.h).
#include "server/storage/rating_store.h"

#include "server/storage/sql.h"

namespace boyi::storage {

namespace {

constexpr const char* kRatingColumns =
    "r.user_id, u.name, r.game, r.rating, r.rd, r.volatility, r.games, r.updated_ms";

RatingRow read_row(const Statement& st) {
  RatingRow r;
  r.user = st.int64(0);
  r.name = st.text(1);
  r.game = st.text(2);
  r.value = {st.real(3), st.real(4), st.real(5)};
  r.games = static_cast<int>(st.int64(6));
  r.updated_ms = st.int64(7);
  return r;
}

}  // namespace

namespace rating_detail {

Result<std::optional<RatingRow>> read(Connection& conn, Id user, const std::string& game) {
  static const std::string sql = std::string("SELECT ") + kRatingColumns +
                                 " FROM ratings r JOIN users u ON u.id = r.user_id "
                                 "WHERE r.user_id = ?1 AND r.game = ?2";
  auto q = conn.query(sql.c_str());
  if (!q) return Error{q.message()};
  if (auto s = q.value()->bind_all(user, game); !s) return Error{s.message()};
  auto row = q.value()->step();
  if (!row) return Error{row.message()};
  if (!*row) return std::optional<RatingRow>();
  return std::optional<RatingRow>(read_row(*q.value()));
}

Result<bool> write(Connection& conn, const RatingChange& c) {
  auto h = conn.query(
      "INSERT INTO rating_history(user_id, game, match_id, opponent_id, score, "
      "rating_before, rd_before, volatility_before, rating, rd, volatility, wall_ms) "
      "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) ON CONFLICT DO NOTHING");
  if (!h) return Error{h.message()};
  if (auto s = h.value()->bind_all(c.user, c.game, c.match, c.opponent, c.score, c.before.rating,
                                   c.before.rd, c.before.volatility, c.after.rating, c.after.rd,
                                   c.after.volatility, c.wall_ms);
      !s)
    return Error{s.message()};
  if (auto s = h.value()->run(); !s) return Error{"rating history: " + s.message()};
  if (conn.changes() == 0) return false;  // this match was rated for this user already
  auto r = conn.query(
      "INSERT INTO ratings(user_id, game, rating, rd, volatility, games, updated_ms) "
      "VALUES(?1, ?2, ?3, ?4, ?5, 1, ?6) "
      "ON CONFLICT(user_id, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, "
      "volatility = excluded.volatility, games = ratings.games + 1, updated_ms = "
      "excluded.updated_ms");
  if (!r) return Error{r.message()};
  if (auto s = r.value()->bind_all(c.user, c.game, c.after.rating, c.after.rd, c.after.volatility,
                                   c.wall_ms);
      !s)
    return Error{s.message()};
  if (auto s = r.value()->run(); !s) return Error{"rating: " + s.message()};
  return true;
}

}  // namespace rating_detail

Result<std::optional<RatingRow>> RatingStore::rating(Id user, const std::string& game) {
  std::optional<RatingRow> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto r = rating_detail::read(conn, user, game);
    if (!r) return r.status();
    out = *r;
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

Result<std::vector<RatingRow>> RatingStore::ratings(const std::string& game, int limit) {
  std::vector<RatingRow> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    static const std::string sql = std::string("SELECT ") + kRatingColumns +
                                   " FROM ratings r JOIN users u ON u.id = r.user_id "
                                   "WHERE ?1 = '' OR r.game = ?1 "
                                   "ORDER BY r.game, r.rating DESC, r.user_id LIMIT ?2";
    auto q = conn.query(sql.c_str());
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(game, limit); !st) return st;
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) return Status::Ok();
      out.push_back(read_row(*q.value()));
    }
  });
  if (!s) return Error{s.message()};
  return out;
}

Result<std::vector<RatingChange>> RatingStore::history(Id user, const std::string& game,
                                                       int limit) {
  std::vector<RatingChange> out;
  auto s = db_.with_connection([&](Connection& conn) -> Status {
    auto q = conn.query(
        "SELECT user_id, game, match_id, opponent_id, score, rating_before, rd_before, "
        "volatility_before, rating, rd, volatility, wall_ms FROM rating_history "
        "WHERE user_id = ?1 AND (?2 = '' OR game = ?2) ORDER BY id DESC LIMIT ?3");
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(user, game, limit); !st) return st;
    for (;;) {
      auto row = q.value()->step();
      if (!row) return row.status();
      if (!*row) return Status::Ok();
      const Statement& st = *q.value();
      RatingChange c;
      c.user = st.int64(0);
      c.game = st.text(1);
      c.match = st.int64(2);
      c.opponent = st.optional_int64(3);
      c.score = st.real(4);
      c.before = {st.real(5), st.real(6), st.real(7)};
      c.after = {st.real(8), st.real(9), st.real(10)};
      c.wall_ms = st.int64(11);
      out.push_back(c);
    }
  });
  if (!s) return Error{s.message()};
  return out;
}

}  // namespace boyi::storage
