// The lobby's house-bot matches are bounded: each costs a share of the house-bot threads
// and an engine's memory (a strength-10 点格棋 bot holds a 64 MB table), so one user may have
// at most `per_user` running and the server at most `total`. A slot is taken before the
// match is stored and given back when it ends; matches resumed at start-up hold theirs
// without being refused.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "server/storage/records.h"

namespace boyi::app {

class HouseQuota {
 public:
  HouseQuota(int per_user, int total) : per_user_(per_user), total_(total) {}

  enum class Refusal { none, user_full, server_full };
  // Takes a slot for `user` unless a bound is reached (then: which). Not thread-safe: the
  // match index calls it under its lock.
  Refusal take(storage::Id user, bool always = false) {
    auto& mine = held_[user];
    if (!always && mine >= per_user_) return Refusal::user_full;
    if (!always && count_ >= total_) return Refusal::server_full;
    ++mine;
    ++count_;
    return Refusal::none;
  }
  void give_back(storage::Id user) {
    auto it = held_.find(user);
    if (it == held_.end()) return;
    --count_;
    if (--it->second <= 0) held_.erase(it);
  }
  int per_user() const { return per_user_; }
  int total() const { return total_; }
  int count() const { return count_; }

 private:
  int per_user_, total_;
  int count_ = 0;
  std::map<storage::Id, int> held_;
};

}  // namespace boyi::app
