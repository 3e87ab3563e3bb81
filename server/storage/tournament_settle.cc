// Settling a tournament game when its match is over: what the tournament's policy decides
// (a result, a replay, a void game) recorded once, with its event and the ratings, in one
// transaction (tournament_store.h).
#include <array>

#include "server/storage/sql.h"
#include "server/storage/tournament_store.h"

namespace boyi::storage {

namespace {

Status event(Connection& conn, Id tournament, std::string_view kind, const std::string& detail) {
  return execute(conn,
                 "INSERT INTO tournament_events(tournament_id, wall_ms, kind, detail) "
                 "VALUES(?1, ?2, ?3, ?4)",
                 tournament, wall_clock_ms(), kind, detail);
}

Status rate_game(Connection& conn, const PlayedGame& p, const std::array<Id, 2>& users,
                 const std::string& game, const RateGame& rate) {
  std::array<std::optional<RatingRow>, 2> before;
  for (int s = 0; s < 2; ++s) {
    auto r = rating_detail::read(conn, users[static_cast<std::size_t>(s)], game);
    if (!r) return r.status();
    before[static_cast<std::size_t>(s)] = *r;
  }
  const double score0 = !p.winner ? 0.5 : *p.winner == 0 ? 1.0 : 0.0;
  const auto now = wall_clock_ms();
  const auto after = rate(before[0], before[1], score0, now);
  for (int s = 0; s < 2; ++s) {
    const auto i = static_cast<std::size_t>(s);
    RatingChange c;
    c.user = users[i];
    c.game = game;
    c.match = p.match;
    c.opponent = users[1 - i];
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

Result<Settled> TournamentStore::settle(Id game, const SettlePolicy& policy, const RateGame& rate) {
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
    PlayedGame p;
    p.tournament = st.int64(0);
    const std::string state = st.text(1);
    p.game = game;
    p.match = st.int64(2);
    p.attempts = static_cast<int>(st.int64(3));
    p.where = "game " + std::to_string(game) + " (round " + std::to_string(st.int64(4)) +
              ", board " + std::to_string(st.int64(5)) + ", game " + std::to_string(st.int64(6)) +
              ")";
    const std::string match_status = st.text(7);
    p.ending = st.text(8);
    if (auto w = st.optional_int64(9)) p.winner = static_cast<int>(*w);
    p.detail = st.text(10);
    const std::array<Id, 2> users = {st.int64(11), st.int64(12)};
    const std::string game_name = st.text(13);
    p.rated = st.int64(14) != 0;
    q.value()->reset();
    if (state != "playing") return Status::Ok();
    if (match_status != "finished" && match_status != "aborted") return Status::Ok();
    p.aborted = match_status == "aborted";
    if (p.aborted) p.ending = "aborted";

    const Settlement decided = policy(p);
    switch (decided.kind) {
      case Settled::kNothing:
        return Status::Ok();
      case Settled::kReplay:
        if (auto r = execute(conn,
                             "UPDATE tournament_games SET state = 'pending', match_id = NULL "
                             "WHERE id = ?1 AND state = 'playing'",
                             game);
            !r)
          return r;
        break;
      case Settled::kDone:
      case Settled::kVoid:
        if (auto r =
                execute(conn,
                        "UPDATE tournament_games SET state = 'done', result = ?2, ending = ?3, "
                        "detail = ?4, finished_ms = ?5 WHERE id = ?1 AND state = 'playing'",
                        game, decided.result, p.ending, p.detail, wall_clock_ms());
            !r)
          return r;
        break;
    }
    // The read above saw 'playing', but at READ COMMITTED (PostgreSQL) another node may have
    // settled the game since: only the one whose update took it goes on.
    if (conn.changes() != 1) return Status::Ok();
    out = decided.kind;
    if (auto r = event(conn, p.tournament, decided.event_kind, decided.event_detail); !r) return r;
    if (decided.rate && rate) return rate_game(conn, p, users, game_name, rate);
    return Status::Ok();
  });
  if (!s) return Error{s.message()};
  return out;
}

}  // namespace boyi::storage
