#include "server/tournament/swiss.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "server/tournament/round_robin.h"

namespace boyi::tournament {
namespace {

struct Stats {
  double score = 0;
  std::map<int, int> met;  // opponent -> games
  std::vector<int> seats;  // seat of each game, in order
  int byes = 0;
  int diff() const {
    int d = 0;
    for (int s : seats) d += s == 0 ? 1 : -1;
    return d;
  }
};

std::vector<Stats> collect(int entrants, const std::vector<Game>& games, const Points& points) {
  std::vector<Stats> st(static_cast<std::size_t>(entrants));
  for (const auto& g : games) {
    if (g.seats[0] < 0 || g.seats[0] >= entrants) continue;
    auto& a = st[static_cast<std::size_t>(g.seats[0])];
    if (g.is_bye()) {
      a.score += points.bye;
      ++a.byes;
      continue;
    }
    if (g.seats[1] < 0 || g.seats[1] >= entrants) continue;
    auto& b = st[static_cast<std::size_t>(g.seats[1])];
    ++a.met[g.seats[1]];
    ++b.met[g.seats[0]];
    if (g.result == GameResult::kVoid) continue;
    a.seats.push_back(0);
    b.seats.push_back(1);
    const auto pts = [&](double s) {
      return s >= 1 ? points.win : s > 0 ? points.draw : points.loss;
    };
    a.score += pts(g.score_of(g.seats[0]));
    b.score += pts(g.score_of(g.seats[1]));
  }
  return st;
}

// The seat an entrant must take (rule 2), or -1.
int must_seat(const Stats& s, bool odd_pairings) {
  if (!odd_pairings) return -1;
  const int d = s.diff();
  if (d >= 2) return 1;
  if (d <= -2) return 0;
  const auto n = s.seats.size();
  if (n >= 2 && s.seats[n - 1] == s.seats[n - 2]) return 1 - s.seats[n - 1];
  return -1;
}

// The seat an entrant would like and how much (0: no wish).
std::pair<int, int> wish(const Stats& s) {
  const int d = s.diff();
  if (d > 0) return {1, 2 * d};
  if (d < 0) return {0, -2 * d};
  if (!s.seats.empty()) return {1 - s.seats.back(), 1};
  return {-1, 0};
}

class Search {
 public:
  Search(const std::vector<Stats>& st, bool strict_seats, bool allow_repeats, bool odd_pairings)
      : st_(st), strict_(strict_seats), repeats_(allow_repeats), odd_(odd_pairings) {}

  // Pairs `unpaired` (rank order) completely, or returns false.
  bool solve(std::vector<int> unpaired) {
    budget_ = 20000;
    pairs_.clear();
    return step(unpaired);
  }
  const std::vector<std::array<int, 2>>& pairs() const { return pairs_; }

 private:
  const Stats& at(int e) const { return st_[static_cast<std::size_t>(e)]; }

  bool step(const std::vector<int>& unpaired) {
    if (unpaired.empty()) return true;
    if (--budget_ < 0) return false;
    const int p = unpaired[0];
    const double ps = at(p).score;
    int group = 0;
    for (int e : unpaired) group += at(e).score == ps;
    const int ideal = group / 2;
    // (repeats, score distance, distance from the ideal place in the group, rank)
    std::vector<std::tuple<int, double, int, std::size_t>> cands;
    int pos = 0;
    for (std::size_t i = 1; i < unpaired.size(); ++i) {
      const int q = unpaired[i];
      const bool same = at(q).score == ps;
      if (same) ++pos;
      auto it = at(p).met.find(q);
      const int met = it == at(p).met.end() ? 0 : it->second;
      if (met > 0 && !repeats_) continue;
      if (strict_) {
        const int mp = must_seat(at(p), odd_), mq = must_seat(at(q), odd_);
        if (mp >= 0 && mp == mq) continue;
      }
      cands.emplace_back(met, std::abs(ps - at(q).score), same ? std::abs(pos - ideal) : 0, i);
    }
    std::sort(cands.begin(), cands.end());
    for (const auto& c : cands) {
      const std::size_t qi = std::get<3>(c);
      std::vector<int> rest;
      rest.reserve(unpaired.size() - 2);
      for (std::size_t i = 1; i < unpaired.size(); ++i)
        if (i != qi) rest.push_back(unpaired[i]);
      pairs_.push_back({p, unpaired[qi]});
      if (step(rest)) return true;
      pairs_.pop_back();
      if (budget_ < 0) return false;
    }
    return false;
  }

  const std::vector<Stats>& st_;
  bool strict_, repeats_, odd_;
  long budget_ = 0;
  std::vector<std::array<int, 2>> pairs_;
};

// Seats for a pairing of `p` (higher ranked) and `q` on `board`: p's seat in the first game.
int seat_of_higher(const Stats& p, const Stats& q, bool odd_pairings, int board) {
  const int mp = must_seat(p, odd_pairings), mq = must_seat(q, odd_pairings);
  if (mp >= 0) return mp;
  if (mq >= 0) return 1 - mq;
  const auto [wp, sp] = wish(p);
  const auto [wq, sq] = wish(q);
  if (wp < 0 && wq < 0) return board % 2;
  if (wp < 0) return 1 - wq;
  if (wq < 0 || wp != wq) return wp;
  return sq > sp ? 1 - wq : wp;
}

}  // namespace

SwissRound pair_swiss_round(int entrants, const std::vector<Game>& games, const Points& points) {
  SwissRound out;
  if (entrants < 2) {
    if (entrants == 1) out.bye = 0;
    return out;
  }
  const auto st = collect(entrants, games, points);
  int per_pairing = 1;  // games of one pairing: the parity decides whether seats can drift
  {
    std::map<std::tuple<int, int>, int> count;
    for (const auto& g : games)
      if (!g.is_bye()) per_pairing = std::max(per_pairing, ++count[{g.round, g.board}]);
  }
  const bool odd = per_pairing % 2 == 1;
  std::vector<int> ranked(static_cast<std::size_t>(entrants));
  for (int e = 0; e < entrants; ++e) ranked[static_cast<std::size_t>(e)] = e;
  std::stable_sort(ranked.begin(), ranked.end(), [&](int a, int b) {
    return st[static_cast<std::size_t>(a)].score > st[static_cast<std::size_t>(b)].score;
  });

  for (int pass = 0; pass < 3; ++pass) {
    Search search(st, pass == 0, pass == 2, odd);
    // Bye candidates, lowest ranked first: those without a bye (anyone, in the last pass).
    std::vector<int> byes;
    if (entrants % 2) {
      for (auto it = ranked.rbegin(); it != ranked.rend(); ++it)
        if (st[static_cast<std::size_t>(*it)].byes == 0) byes.push_back(*it);
      if (pass == 2)
        for (auto it = ranked.rbegin(); it != ranked.rend(); ++it)
          if (st[static_cast<std::size_t>(*it)].byes > 0) byes.push_back(*it);
    } else {
      byes.push_back(-1);
    }
    for (int bye : byes) {
      std::vector<int> unpaired;
      for (int e : ranked)
        if (e != bye) unpaired.push_back(e);
      if (!search.solve(unpaired)) continue;
      out.bye = bye;
      int board = 0;
      for (const auto& pq : search.pairs()) {
        const auto& p = st[static_cast<std::size_t>(pq[0])];
        const auto& q = st[static_cast<std::size_t>(pq[1])];
        const int seat = seat_of_higher(p, q, odd, board++);
        const int mp = must_seat(p, odd), mq = must_seat(q, odd);
        if (mp >= 0 && mp == mq) out.seat_rule_relaxed = true;
        out.pairs.push_back(seat == 0 ? pq : std::array<int, 2>{pq[1], pq[0]});
        if (p.met.count(pq[1])) out.repeats = true;
      }
      if (bye >= 0 && st[static_cast<std::size_t>(bye)].byes > 0) out.repeats = true;
      return out;
    }
  }
  return out;  // unreachable for entrants >= 2: the last pass accepts any pairing
}

std::vector<Game> swiss_round_games(int round, const SwissRound& pairing, int games_per_pairing) {
  std::vector<Game> out;
  int board = 0;
  for (const auto& pq : pairing.pairs) {
    auto games = pairing_games(round, board++, pq[0], pq[1], 0, games_per_pairing);
    out.insert(out.end(), games.begin(), games.end());
  }
  if (pairing.bye >= 0) {
    Game g;
    g.round = round;
    g.board = board;
    g.seats = {pairing.bye, -1};
    g.result = GameResult::kBye;
    out.push_back(g);
  }
  return out;
}

}  // namespace boyi::tournament
