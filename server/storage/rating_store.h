// Ratings in storage: each account's Glicko-2 rating per game and the history of every
// change, one row per rated game and player (unique per match and player, so a game is
// rated once). The arithmetic is server/tournament/glicko2.h; tournament_store.h settles
// and rates a game in one transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "server/storage/database.h"

namespace boyi::storage {

struct RatingValue {
  double rating = 1500;
  double rd = 350;
  double volatility = 0.06;
};

struct RatingRow {
  Id user = 0;
  std::string name;
  std::string game;
  RatingValue value;
  int games = 0;
  std::int64_t updated_ms = 0;
};

struct RatingChange {
  Id user = 0;
  std::string game;
  Id match = 0;
  std::optional<Id> opponent;
  double score = 0;
  RatingValue before;
  RatingValue after;
  std::int64_t wall_ms = 0;
};

class RatingStore {
 public:
  explicit RatingStore(Database& db) : db_(db) {}
  Result<std::optional<RatingRow>> rating(Id user, const std::string& game);
  // Highest rating first; an empty game: every game.
  Result<std::vector<RatingRow>> ratings(const std::string& game, int limit);
  // Newest first.
  Result<std::vector<RatingChange>> history(Id user, const std::string& game, int limit);

 private:
  Database& db_;
};

class Connection;
namespace rating_detail {
// Inside an open transaction (tournament_store.cc).
Result<std::optional<RatingRow>> read(Connection& conn, Id user, const std::string& game);
// Writes the new rating and its history row; false when this match was rated for the user.
Result<bool> write(Connection& conn, const RatingChange& change);
}  // namespace rating_detail

}  // namespace boyi::storage
