// Settling a tournament game when its match is over: the result recorded once, the ratings
// updated in the same transaction, or the game put back for a replay (tournament_store.h).
#include <array>

#include "server/storage/sqlite.h"
#include "server/storage/tournament_store.h"

namespace boyi::storage {

namespace {

template <class... Args>
Status run(Connection& conn, const char* sql, const Args&... args) {
  auto q = conn.query(sql);
  if (!q) return q.status();
  if (auto s = q.value()->bind_all(args...); !s) return s;
  return q.value()->run();
}

Status event(Connection& conn, Id tournament, std::string_view kind, const std::string& detail) {
  return run(conn,
             "INSERT INTO tournament_events(tournament_id, wall_ms, kind, detail) "
             "VALUES(?1, ?2, ?3, ?4)",
             tournament, wall_clock_ms(), kind, detail);
}

struct Playing {
  Id tournament = 0;
  std::string state;
  Id match = 0;
  int attempts = 0;
  std::string where;  // "game 12 (round 1, board 0, game 0)"
  std::string match_status;
  std::string ending;
  std::optional<std::int64_t> winner;
  std::string detail;
  std::array<Id, 2> users{};
  std::string game;
  bool rated = false;
};

Status rate_game(Connection& conn, const Playing& p, const RateGame& rate) {
  std::array<std::optional<RatingRow>, 2> before;
  for (int s = 0; s < 2; ++s) {
    auto r = rating_detail::read(conn, p.users[static_cast<std::size_t>(s)], p.game);
    if (!r) return r.status();
    before[static_cast<std::size_t>(s)] = *r;
  }
  const double score0 = !p.winner ? 0.5 : *p.winner == 0 ? 1.0 : 0.0;
  const auto now = wall_clock_ms();
  const auto after = rate(before[0], before[1], score0, now);
  for (int s = 0; s < 2; ++s) {
    const auto i = static_cast<std::size_t>(s);
    RatingChange c;
    c.user = p.users[i];
    c.game = p.game;
    c.match = p.match;
    c.opponent = p.users[1 - i];
    c.score = s == 0 ? score0 : 1 - score0;
    c.before = before[i] ? before[i]->value : RatingValue{};
    c.after = s == 0 ? after.first : after.second;
    c.wall_ms = now;
    auto w = rating_detail::write(conn, c);
    if (!w) return w.status();
  }
  return Status::Ok();
}

}  // namespace

Result<Settled> TournamentStore::settle(Id game, int max_attempts, const RateGame& rate) {
  Settled out = Settled::kNothing;
  auto s = db_.in_transaction([&](Connection& conn) -> Status {
    auto q = conn.query(
        "SELECT g.tournament_id, g.state, g.match_id, g.attempts, g.round, g.board, g.game_no, "
        "m.status, COALESCE(m.ending, ''), m.winner, m.outcome_detail, m.seat0_user, "
        "m.seat1_user, m.game, m.rated "
        "FROM tournament_games g JOIN matches m ON m.id = g.match_id WHERE g.id = ?1");
    if (!q) return q.status();
    if (auto st = q.value()->bind_all(game); !st) return st;
    auto row = q.value()->step();
    if (!row) return row.status();
    if (!*row) return Status::Ok();  // no match (yet)
    const Statement& st = *q.value();
    Playing p;
    p.tournament = st.int64(0);
    p.state = st.text(1);
    p.match = st.int64(2);
    p.attempts = static_cast<int>(st.int64(3));
    p.where = "game " + std::to_string(game) + " (round " + std::to_string(st.int64(4)) +
              ", board " + std::to_string(st.int64(5)) + ", game " + std::to_string(st.int64(6)) +
              ")";
    p.match_status = st.text(7);
    p.ending = st.text(8);
    p.winner = st.optional_int64(9);
    p.detail = st.text(10);
    p.users = {st.int64(11), st.int64(12)};
    p.game = st.text(13);
    p.rated = st.int64(14) != 0;
    q.value()->reset();
    if (p.state != "playing") return Status::Ok();
    if (p.match_status != "finished" && p.match_status != "aborted") return Status::Ok();
    const auto now = wall_clock_ms();
    const std::string match = "match " + std::to_string(p.match);
    if (p.match_status == "aborted") {
      if (p.attempts < max_attempts) {
        out = Settled::kReplay;
        if (auto r = run(conn,
                         "UPDATE tournament_games SET state = 'pending', match_id = NULL "
                         "WHERE id = ?1",
                         game);
            !r)
          return r;
        return event(conn, p.tournament, "game_aborted",
                     p.where + ": " + match + " aborted (" + p.detail + "); it is played again");
      }
      out = Settled::kVoid;
      if (auto r = run(conn,
                       "UPDATE tournament_games SET state = 'done', result = 'void', "
                       "ending = 'aborted', detail = ?2, finished_ms = ?3 WHERE id = ?1",
                       game, p.detail, now);
          !r)
        return r;
      return event(conn, p.tournament, "game_void",
                   p.where + ": " + match + " aborted after " + std::to_string(p.attempts) +
                       " attempts; void");
    }
    const char* result = !p.winner ? "draw" : *p.winner == 0 ? "1-0" : "0-1";
    out = Settled::kDone;
    if (auto r = run(conn,
                     "UPDATE tournament_games SET state = 'done', result = ?2, ending = ?3, "
                     "detail = ?4, finished_ms = ?5 WHERE id = ?1",
                     game, result, p.ending, p.detail, now);
        !r)
      return r;
    if (auto r = event(conn, p.tournament, "game_finished",
                       p.where + ": " + result + " (" + p.ending +
                           (p.detail.empty() ? "" : ": " + p.detail) + "), " + match);
        !r)
      return r;
    if (p.rated && rate) return rate_game(conn, p, rate);
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

}  // namespace boyi::storage
