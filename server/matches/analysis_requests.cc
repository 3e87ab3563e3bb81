// The analysis board (Analyze): a house engine's view of a position of a finished game.
// Never a running game (that would be a second for hire); never 军棋 (its pieces stay the
// players' secrets). The position is rebuilt from the public record; the strongest house
// level's player thinks `analysis_ms` on the house-bot pool, and stops with the house bots
// at shutdown. Each user has one analysis at a time and an allowance (a burst of
// kAnalysisBurst, then one per kAnalysisRefillMs); at most as many run at once as the pool
// has threads, so the house bots' own matches keep their share.
#include "bots/analysis.h"
#include "server/house/house_levels.h"
#include "server/matches/match_host.h"
#include "server/matches/match_index.h"

namespace boyi::app {
namespace {

constexpr double kAnalysisBurst = 3;
constexpr std::int64_t kAnalysisRefillMs = 10'000;
constexpr int kAnalysisLinePlies = 6;

v1::Analysis to_wire(const std::string& match_id, std::uint32_t ply, const bots::Analysis& a) {
  v1::Analysis w;
  w.set_match_id(match_id);
  w.set_ply(ply);
  w.set_to_move(a.to_move);
  for (const auto& m : a.line) w.add_line(m);
  for (Seat s : a.line_seats) w.add_line_seats(s);
  w.set_engine(a.player);
  if (a.note) {
    w.set_method(a.note->method);
    if (a.note->score) w.set_score(*a.note->score);
    w.set_unit(a.note->unit);
    if (a.note->win_rate) w.set_win_rate(*a.note->win_rate);
    if (a.note->proven) w.set_proven_win(*a.note->proven);
    w.set_depth(static_cast<std::uint32_t>(std::max(0, a.note->depth)));
    w.set_nodes(static_cast<std::uint64_t>(std::max<std::int64_t>(0, a.note->nodes)));
  }
  return w;
}

}  // namespace

// Takes one of the user's allowance and a place on the pool; false (and why) when none.
bool MatchIndex::admit_analysis(storage::Id user, std::string& why) {
  std::lock_guard lock(mu_);
  const auto now = std::chrono::steady_clock::now();
  if (analyses_running_.contains(user)) {
    why = "your previous analysis is still running";
    return false;
  }
  if (static_cast<int>(analyses_running_.size()) >= house_shared_.threads) {
    why = "the analysis engines are busy; try again in a moment";
    return false;
  }
  auto [it, fresh] = analysis_allowance_.try_emplace(user, AnalysisAllowance{kAnalysisBurst, now});
  auto& a = it->second;
  if (!fresh)
    a.tokens = std::min(kAnalysisBurst,
                        a.tokens + std::chrono::duration<double, std::milli>(now - a.at).count() /
                                       kAnalysisRefillMs);
  a.at = now;
  if (a.tokens < 1) {
    why = "too many analyses: one every " + std::to_string(kAnalysisRefillMs / 1000) + " s";
    return false;
  }
  a.tokens -= 1;
  analyses_running_.insert(user);
  return true;
}

void MatchIndex::analyze_request(const Request& r) {
  const auto& in = r.message().analyze();
  if (app_.config.analysis_ms <= 0)
    return r.error(v1::ERROR_CODE_FORBIDDEN, "analysis is off on this server");
  auto host = find(in.match_id());
  if (!host) return r.error(v1::ERROR_CODE_NOT_FOUND, "no match " + in.match_id());
  std::string why;
  const storage::Id user = r.user().id;
  if (!admit_analysis(user, why)) return r.error(v1::ERROR_CODE_RATE_LIMITED, why);
  const Peer peer = r.peer();
  const std::uint64_t rid = r.id();
  const std::uint32_t ply = in.ply();
  const auto done = [weak = weak_from_this(), user] {
    if (auto self = weak.lock()) {
      std::lock_guard lock(self->mu_);
      self->analyses_running_.erase(user);
    }
  };
  auto refuse = [this, peer, rid, done](v1::ErrorCode code, std::string text) {
    done();
    send_error(app_, peer, rid, code, std::move(text));
  };
  host->record_async([self = shared_from_this(), peer, rid, ply, refuse,
                      done](std::optional<v1::MatchRecord> record) {
    if (!record)
      return refuse(v1::ERROR_CODE_INVALID_ARGUMENT,
                    "a running game is not analysed; its record opens when it is over");
    if (ply > static_cast<std::uint32_t>(record->moves_size()))
      return refuse(v1::ERROR_CODE_INVALID_ARGUMENT,
                    "ply " + std::to_string(ply) + " is past the game's " +
                        std::to_string(record->moves_size()) + " moves");
    auto level = house_level(record->game(), kMaxHouseStrength);
    if (!level) return refuse(v1::ERROR_CODE_INVALID_ARGUMENT, level.message());
    bots::AnalysisRequest req;
    req.game = record->game();
    req.rules = record->rules();
    for (std::uint32_t i = 0; i < ply; ++i)
      req.actions.emplace_back(record->moves(static_cast<int>(i)).actor(),
                               record->moves(static_cast<int>(i)).move());
    req.player_spec = level->spec;
    req.budget_ms = self->app_.config.analysis_ms;
    req.line_plies = kAnalysisLinePlies;
    req.seed = ply + 1;
    req.stop = &self->house_shared_.stop_all;
    boost::asio::post(self->app_.house_executor, [self, peer, rid, ply, req = std::move(req),
                                                  match_id = record->match_id(), refuse, done] {
      auto a = bots::analyse(req);
      if (!a) return refuse(v1::ERROR_CODE_INVALID_ARGUMENT, a.message());
      done();
      v1::ServerMessage m;
      m.set_request_id(rid);
      *m.mutable_analysis() = to_wire(match_id, ply, *a);
      (void)send_to(peer, m, self->app_.max_frame());
    });
  });
}

}  // namespace boyi::app
