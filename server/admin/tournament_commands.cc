#include "server/admin/tournament_commands.h"

#include "server/admin/audit_trail.h"

#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "server/storage/rating_store.h"
#include "server/storage/tournament_store.h"
#include "server/tournament/ops/report.h"
#include "server/tournament/ops/report_text.h"
#include "server/tournament/ops/settings_json.h"
#include "server/tournament/ops/tournament_ops.h"

namespace boyi::admin {

namespace {

constexpr int kFailed = 1;

int report_error(const std::string& message) {
  std::cerr << "boyi-admin: " << message << "\n";
  return kFailed;
}

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

}  // namespace

TournamentCommands::TournamentCommands(CLI::App& app) {
  tournament_ =
      app.add_subcommand("tournament", "tournaments: create, run, inspect")->require_subcommand(1);
  create_ = tournament_->add_subcommand("create", "create a tournament (status created)");
  create_->add_option("--file", file_, "the spec as JSON (server/tournament/README.md)");
  create_->add_option("--name", name_, "its name");
  create_->add_option("--preset", preset_, "a competition preset, e.g. renju-ccgc");
  create_->add_option("--game", game_, "a game (instead of a preset)");
  create_->add_option("--rules", rules_, "rules text");
  create_->add_option("--total-ms", total_ms_, "time per side (ms)");
  create_->add_option("--per-move-ms", per_move_ms_, "per-move limit (ms)");
  create_->add_option("--increment-ms", increment_ms_, "increment (ms)");
  create_->add_option("--format", format_, "rr, swiss, ko, gauntlet, sprt");
  create_->add_option("--settings", settings_, "settings as a JSON object");
  create_->add_option("--entrant", entrants_, "an account, or house:N (repeat, in seed order)");
  list_ = tournament_->add_subcommand("list", "tournaments, newest first");
  list_->add_flag("--all", all_, "also finished and cancelled ones");
  show_ = tournament_->add_subcommand("show", "standings, crosstable and games");
  show_->add_option("ID", id_)->required();
  report_ = tournament_->add_subcommand("report", "the JSON report (as GET /api/tournaments/ID)");
  report_->add_option("ID", id_)->required();
  events_ = tournament_->add_subcommand("events", "every change of state, oldest first");
  events_->add_option("ID", id_)->required();
  announce_ = tournament_->add_subcommand(
      "announce", "an announcement to the entrants and followers (the server pushes it)");
  announce_->add_option("ID", id_)->required();
  announce_->add_option("TEXT", text_)->required();
  join_ = tournament_->add_subcommand("join", "add an entrant before the start");
  join_->add_option("ID", id_)->required();
  join_->add_option("NAME", user_, "an account")->required();
  for (const char* verb : {"start", "pause", "resume", "cancel"}) {
    auto* c = tournament_->add_subcommand(verb, std::string(verb) + " the tournament");
    c->add_option("ID", id_)->required();
    verbs_.push_back(c);
  }
  rating_ = app.add_subcommand("rating", "Glicko-2 ratings")->require_subcommand(1);
  rating_list_ = rating_->add_subcommand("list", "ratings, highest first");
  rating_list_->add_option("--game", game_, "one game only");
  rating_list_->add_option("--limit", limit_, "at most this many")->capture_default_str();
  rating_history_ = rating_->add_subcommand("history", "an account's rating changes");
  rating_history_->add_option("NAME", user_)->required();
  rating_history_->add_option("--game", game_, "one game only");
  rating_history_->add_option("--limit", limit_, "at most this many")->capture_default_str();
}

int TournamentCommands::create(storage::Database& db, accounts::Accounts& accounts) {
  nlohmann::json spec = nlohmann::json::object();
  if (!file_.empty()) {
    std::ifstream in(file_, std::ios::binary);
    if (!in) return report_error("cannot read " + file_);
    std::stringstream text;
    text << in.rdbuf();
    spec = nlohmann::json::parse(text.str(), nullptr, false);
    if (spec.is_discarded() || !spec.is_object())
      return report_error(file_ + ": not a JSON object");
  }
  if (!name_.empty()) spec["name"] = name_;
  if (!preset_.empty()) spec["preset"] = preset_;
  if (!game_.empty()) spec["game"] = game_;
  if (!rules_.empty()) spec["rules"] = rules_;
  if (total_ms_ >= 0 || per_move_ms_ >= 0 || increment_ms_ >= 0) {
    auto& t = spec["time"];
    if (total_ms_ >= 0) t["total_ms"] = total_ms_;
    if (per_move_ms_ >= 0) t["per_move_ms"] = per_move_ms_;
    if (increment_ms_ >= 0) t["increment_ms"] = increment_ms_;
  }
  if (!settings_.empty()) {
    auto s = nlohmann::json::parse(settings_, nullptr, false);
    if (s.is_discarded() || !s.is_object()) return report_error("--settings: not a JSON object");
    for (auto& [k, v] : s.items()) spec["settings"][k] = v;
  }
  if (!format_.empty()) spec["settings"]["format"] = format_;
  for (const auto& e : entrants_) spec["entrants"].push_back(e);
  auto parsed = tournament::spec_from_json(spec);
  if (!parsed) return report_error(parsed.message());
  auto made = tournament::create_tournament(db, accounts, *parsed, std::nullopt);
  if (!made) return report_error(made.message());
  std::cerr << "created tournament " << made->id << " (" << made->format << ", "
            << made->entrants.size() << " entrants); start it with: boyi-admin tournament start "
            << made->id << "\n";
  std::cout << made->id << "\n";
  if (auto s = record(db, "tournament.create", "tournament " + std::to_string(made->id), name_); !s)
    return report_error(s.message());
  return 0;
}

int TournamentCommands::show(storage::Database& db) {
  storage::TournamentStore store(db);
  auto t = tournament::load_tournament(store, id_);
  if (!t) return report_error(t.message());
  std::cout << tournament::standings_text(*t, true);
  return 0;
}

std::optional<int> TournamentCommands::run(storage::Database& db, accounts::Accounts& accounts) {
  storage::TournamentStore store(db);
  if (create_->parsed()) return create(db, accounts);
  if (list_->parsed()) {
    auto rows = store.list(all_, 1000);
    if (!rows) return report_error(rows.message());
    std::cout << std::left << std::setw(6) << "id" << std::setw(28) << "name" << std::setw(11)
              << "game" << std::setw(10) << "format" << std::setw(11) << "status"
              << "result\n";
    for (const auto& t : *rows)
      std::cout << std::setw(6) << t.id << std::setw(28) << t.name << std::setw(11) << t.game
                << std::setw(10) << t.format << std::setw(11) << storage::to_string(t.status)
                << t.result << "\n";
    return 0;
  }
  if (show_->parsed()) return show(db);
  if (report_->parsed()) {
    auto r = tournament::load_report(db, id_);
    if (!r) return report_error(r.message());
    std::cout << r->dump(2) << "\n";
    return 0;
  }
  if (announce_->parsed()) {
    if (text_.empty() || text_.size() > 500) return report_error("an announcement has 1 to 500 characters");
    if (!store.get(id_)) return report_error("no tournament " + std::to_string(id_));
    if (auto s = store.add_event(id_, "announcement", text_); !s) return report_error(s.message());
    if (auto s = record(db, "tournament.announce", "tournament " + std::to_string(id_), text_); !s)
      return report_error(s.message());
    std::cout << "tournament " << id_ << ": announced\n";
    return 0;
  }
  if (events_->parsed()) {
    auto events = store.events(id_, 100000);
    if (!events) return report_error(events.message());
    for (const auto& e : *events)
      std::cout << tournament::rfc3339(e.wall_ms) << "  " << std::setw(20) << e.kind << e.detail
                << "\n";
    return 0;
  }
  if (join_->parsed()) {
    if (user_ == "house" || user_.rfind("house:", 0) == 0)
      return report_error("house entrants are listed when the tournament is created");
    auto user = db.user_by_name(user_);
    if (!user) return report_error("no account " + user_);
    if (auto s = store.add_entrant(id_, {user->id, std::nullopt}, std::nullopt); !s)
      return report_error(s.message());
    std::cout << user_ << " joined tournament " << id_ << "\n";
    if (auto s = record(db, "tournament.join", "tournament " + std::to_string(id_), user_); !s)
      return report_error(s.message());
    return 0;
  }
  for (auto* verb : verbs_) {
    if (!verb->parsed()) continue;
    if (auto s = tournament::tournament_command(store, id_, verb->get_name(), std::nullopt); !s)
      return report_error(s.message());
    std::cout << "tournament " << id_ << ": " << verb->get_name() << " done\n";
    if (auto s = record(db, "tournament." + verb->get_name(), "tournament " + std::to_string(id_));
        !s)
      return report_error(s.message());
    return 0;
  }
  storage::RatingStore ratings(db);
  if (rating_list_->parsed()) {
    auto rows = ratings.ratings(game_, limit_);
    if (!rows) return report_error(rows.message());
    std::cout << std::left << std::setw(26) << "account" << std::setw(11) << "game" << std::setw(9)
              << "rating" << std::setw(7) << "rd" << std::setw(10) << "volatility"
              << "games\n";
    for (const auto& r : *rows)
      std::cout << std::setw(26) << r.name << std::setw(11) << r.game << std::setw(9) << std::fixed
                << std::setprecision(1) << r.value.rating << std::setw(7) << r.value.rd
                << std::setw(10) << std::setprecision(5) << r.value.volatility << r.games << "\n";
    return 0;
  }
  if (rating_history_->parsed()) {
    auto user = db.user_by_name(user_);
    if (!user) return report_error("no account " + user_);
    auto rows = ratings.history(user->id, game_, limit_);
    if (!rows) return report_error(rows.message());
    for (const auto& c : *rows)
      std::cout << tournament::rfc3339(c.wall_ms) << "  " << c.game << "  match " << c.match
                << "  score " << number(c.score) << "  " << std::fixed << std::setprecision(1)
                << c.before.rating << " -> " << c.after.rating << " (rd " << c.after.rd << ")\n";
    return 0;
  }
  return std::nullopt;
}

}  // namespace boyi::admin
