#include "server/admin/arbiter_commands.h"

#include <chrono>
#include <iostream>
#include <thread>

#include "server/admin/audit_trail.h"

namespace boyi::admin {
namespace {
constexpr int kFailed = 1;
constexpr int kNotTaken = 4;  // queued, but no running server took it in time
}  // namespace

ArbiterCommands::ArbiterCommands(CLI::App& app) {
  auto* arbiter = app.add_subcommand("arbiter", "act on a running match (the server carries it out)")
                      ->require_subcommand(1);
  const auto verb = [&](const char* name, const char* help) {
    auto* v = arbiter->add_subcommand(name, help);
    v->add_option("MATCH", match_, "the match id")->required();
    v->add_option("--reason", reason_, "why (required for decisions)");
    v->add_option("--wait", wait_, "seconds to wait for the server")->capture_default_str();
    verbs_.push_back(v);
    return v;
  };
  verb("pause", "stop both clocks; moves are refused until unpause");
  verb("unpause", "start the clocks again where they stood");
  auto* add = verb("add-time", "add time to a seat's clock");
  add->add_option("--seat", seat_, "0 or 1")->required();
  add->add_option("--seconds", seconds_, "how much")->required();
  auto* adjudicate = verb("adjudicate", "end the match by a decision");
  adjudicate->add_option("--winner", winner_, "0, 1 or draw")->required();
  auto* forfeit = verb("forfeit", "the seat loses");
  forfeit->add_option("--seat", seat_, "0 or 1")->required();
  verb("void", "end the match without a result");
}

std::optional<int> ArbiterCommands::run(storage::Database& db) {
  CLI::App* given = nullptr;
  for (auto* v : verbs_)
    if (v->parsed()) given = v;
  if (!given) return std::nullopt;
  storage::ArbiterRequest r;
  r.match = match_;
  r.action = given->get_name() == "add-time" ? "add_time" : given->get_name();
  r.seat = seat_ < 0 ? 0 : seat_;
  r.ms = static_cast<std::int64_t>(seconds_ * 1000);
  r.reason = reason_;
  r.requested_by = operator_name();
  r.requested_ms = storage::wall_clock_ms();
  if (r.action == "adjudicate") {
    if (winner_ == "draw") {
      r.winner = -1;
    } else if (winner_ == "0" || winner_ == "1") {
      r.winner = winner_[0] - '0';
    } else {
      std::cerr << "boyi-admin: --winner is 0, 1 or draw\n";
      return kFailed;
    }
  }
  const bool decision = r.action == "adjudicate" || r.action == "forfeit" || r.action == "void";
  if (decision && reason_.empty()) {
    std::cerr << "boyi-admin: a decision needs --reason\n";
    return kFailed;
  }
  auto id = db.queue_arbiter_request(r);
  if (!id) {
    std::cerr << "boyi-admin: " << id.message() << "\n";
    return kFailed;
  }
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(wait_);
  for (;;) {
    auto now = db.arbiter_request(*id);
    if (!now) {
      std::cerr << "boyi-admin: " << now.message() << "\n";
      return kFailed;
    }
    if (now->state == "done") {
      std::cout << "match " << match_ << ": " << given->get_name() << " done\n";
      return 0;
    }
    if (now->state == "failed") {
      std::cerr << "boyi-admin: match " << match_ << ": " << now->result << "\n";
      return kFailed;
    }
    if (std::chrono::steady_clock::now() >= until) {
      std::cerr << "boyi-admin: request " << *id << " is queued, but no running server has "
                << "taken it yet (the server carries it out when it next polls)\n";
      return kNotTaken;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

}  // namespace boyi::admin
