// The match requests, routed to their MatchHost, and match listings.
#include "protocol/wire/wire_game.h"
#include "server/matches/match_index.h"

namespace boyi::app {

void MatchIndex::add_routes(RequestRoutes& routes) {
  using C = v1::ClientMessage;
  const auto to_match = [weak = weak_from_this()](const Request& r) {
    if (auto self = weak.lock()) self->request(r);
  };
  for (auto kind :
       {C::kMove, C::kResign, C::kSync, C::kSpectate, C::kUnspectate, C::kGetView, C::kGetRecord,
        C::kPropose, C::kAnswerProposal, C::kSendChat, C::kCommitDeployment, C::kCannotPlay})
    routes.add(kind, Access::kSignedIn, to_match);
  for (auto kind : {C::kArbitrate, C::kWatchFull}) routes.add(kind, Access::kAdmin, to_match);
  routes.add(C::kListMatches, Access::kSignedIn, [weak = weak_from_this()](const Request& r) {
    if (auto self = weak.lock()) self->list_request(r);
  });
  routes.add(C::kAnalyze, Access::kSignedIn, [weak = weak_from_this()](const Request& r) {
    if (auto self = weak.lock()) self->analyze_request(r);
  });
}

void MatchIndex::request(const Request& r) {
  using C = v1::ClientMessage;
  const auto& m = r.message();
  std::string match_id;
  switch (m.body_case()) {
    case C::kMove:
      match_id = m.move().match_id();
      break;
    case C::kResign:
      match_id = m.resign().match_id();
      break;
    case C::kCannotPlay:
      match_id = m.cannot_play().match_id();
      break;
    case C::kSync:
      match_id = m.sync().match_id();
      break;
    case C::kSpectate:
      match_id = m.spectate().match_id();
      break;
    case C::kUnspectate:
      match_id = m.unspectate().match_id();
      break;
    case C::kGetView:
      match_id = m.get_view().match_id();
      break;
    case C::kGetRecord:
      match_id = m.get_record().match_id();
      break;
    case C::kPropose:
      match_id = m.propose().match_id();
      break;
    case C::kAnswerProposal:
      match_id = m.answer_proposal().match_id();
      break;
    case C::kSendChat:
      match_id = m.send_chat().match_id();
      break;
    case C::kCommitDeployment:
      match_id = m.commit_deployment().match_id();
      break;
    case C::kArbitrate:
      match_id = m.arbitrate().match_id();
      break;
    case C::kWatchFull:
      match_id = m.watch_full().match_id();
      break;
    default:
      return;
  }
  std::shared_ptr<MatchHost> host;
  {
    std::lock_guard lock(mu_);
    if (auto it = matches_.find(match_id); it != matches_.end()) host = it->second;
  }
  if (!host && forwarded_elsewhere(r, match_id)) return;
  if (!host) host = find(match_id);  // a finished one, from storage
  if (!host) return r.error(v1::ERROR_CODE_NOT_FOUND, "no match " + match_id);
  const auto& peer = r.peer();
  const auto user = r.user().id;
  const auto rid = r.id();
  switch (m.body_case()) {
    case C::kMove:
      return host->move(peer, user, rid, m.move().move(), m.move().commitment_salt(),
                        m.move().comment(), r.received());
    case C::kResign:
      return host->resign(peer, user, rid);
    case C::kCannotPlay:
      return host->cannot_play(peer, user, rid, m.cannot_play().reason());
    case C::kSync:
      return host->sync(peer, user, rid, m.sync().from_seq());
    case C::kSpectate: {
      std::lock_guard lock(mu_);
      watching_[r.connection()].insert(match_id);
    }
      return host->spectate(peer, rid);
    case C::kUnspectate: {
      std::lock_guard lock(mu_);
      if (auto it = watching_.find(r.connection()); it != watching_.end()) {
        it->second.erase(match_id);
        if (it->second.empty()) watching_.erase(it);
      }
    }
      return host->unspectate(peer, rid);
    case C::kGetView:
      return host->get_view(peer, user, rid);
    case C::kGetRecord:
      return host->get_record(peer, rid);
    case C::kPropose:
      return host->propose(peer, user, rid, m.propose().kind());
    case C::kAnswerProposal:
      return host->answer_proposal(peer, user, rid, m.answer_proposal().kind(),
                                   m.answer_proposal().accept());
    case C::kSendChat:
      return host->chat(peer, r.user(), rid, m.send_chat().room(), m.send_chat().text());
    case C::kCommitDeployment:
      return host->commit_deployment(peer, user, rid, m.commit_deployment().commitment());
    case C::kArbitrate:
      return host->arbitrate(peer, r.user(), rid, m.arbitrate());
    case C::kWatchFull:
      return host->watch_full(peer, r.user(), rid);
    default:
      return;
  }
}

bool MatchIndex::forwarded_elsewhere(const Request& r, const std::string& match_id) {
  auto id = hosting::parse_match_id(match_id);
  if (!id) return false;
  auto host = cluster_.host_elsewhere(id.value());
  if (!host) return false;
  if (host->alive) {
    cluster_.relay()->forward(host->node, r, match_id);
    return true;
  }
  r.error(v1::ERROR_CODE_SHUTTING_DOWN,
          "the server hosting match " + match_id +
              " stopped; another server takes it over within " +
              std::to_string((app_.config.node_lease_ms + 999) / 1000) + " s: Sync it again then");
  return true;
}

void MatchIndex::list_request(const Request& r) {
  const auto& in = r.message().list_matches();
  const int limit =
      in.limit() == 0 ? 50 : static_cast<int>(std::min<std::uint32_t>(in.limit(), 100));
  v1::ServerMessage out;
  *out.mutable_match_list() = list(in.game(), in.include_finished(), limit);
  r.reply(std::move(out));
}

v1::MatchList MatchIndex::list(const std::string& game, bool include_finished, int limit) {
  v1::MatchList list;
  const auto snaps = live_snapshots();
  std::set<std::string> seen;
  const auto add = [&](const MatchSnapshot& snap) {
    if (static_cast<int>(list.matches_size()) >= limit) return;
    if (!game.empty() && snap.game != game) return;
    if (snap.finished && !include_finished) return;
    if (!seen.insert(snap.match_id).second) return;
    auto* w = list.add_matches();
    w->set_match_id(snap.match_id);
    w->set_game(snap.game);
    w->set_preset(snap.preset);
    for (int i = 0; i < 2; ++i)
      *w->add_players() = to_player(snap.players[static_cast<std::size_t>(i)], i);
    w->set_ply(snap.ply);
    w->set_status(snap.finished ? v1::MATCH_STATUS_FINISHED : v1::MATCH_STATUS_RUNNING);
    if (snap.finished) *w->mutable_outcome() = protocol::to_wire(snap.outcome);
  };
  for (const auto& snap : snaps)
    if (!snap.finished) add(snap);
  if (cluster_.enabled()) {      // the running matches the other servers host
    std::set<std::string> here;  // this server's word on its own matches is the fresher
    for (const auto& snap : snaps) here.insert(snap.match_id);
    for (const auto& snap : running_in_storage())
      if (!here.contains(snap.match_id)) add(snap);
  }
  if (!include_finished) return list;
  for (const auto& snap : snaps)
    if (snap.finished) add(snap);
  if (auto recent = app_.db.recent_finished(limit); recent)
    for (const auto& row : *recent) add(stored_snapshot(row));
  return list;
}

std::vector<MatchSnapshot> MatchIndex::running_everywhere() const {
  std::vector<MatchSnapshot> out;
  std::set<std::string> here;
  for (auto& snap : live_snapshots()) {
    here.insert(snap.match_id);  // finished too: storage's copy may be older
    if (!snap.finished) out.push_back(std::move(snap));
  }
  if (!cluster_.enabled()) return out;
  for (auto& snap : running_in_storage())
    if (!here.contains(snap.match_id)) out.push_back(std::move(snap));
  return out;
}

std::vector<MatchSnapshot> MatchIndex::running_in_storage() const {
  std::lock_guard lock(stored_mu_);
  const auto now = std::chrono::steady_clock::now();
  if (stored_at_ != std::chrono::steady_clock::time_point{} &&
      now - stored_at_ < std::chrono::milliseconds(app_.config.heartbeat_interval_ms))
    return stored_running_;
  auto running = app_.db.running_matches();
  if (!running) return stored_running_;  // the last good copy
  stored_running_.clear();
  for (const auto& row : *running) stored_running_.push_back(stored_snapshot(row));
  stored_at_ = now;
  return stored_running_;
}

std::optional<MatchSnapshot> MatchIndex::snapshot_of(const std::string& match_id) {
  if (auto host = find(match_id)) return host->snapshot();
  if (!cluster_.enabled()) return std::nullopt;
  auto id = hosting::parse_match_id(match_id);
  if (!id) return std::nullopt;
  auto row = app_.db.match_by_id(id.value());
  if (!row || row->status != storage::MatchStatus::kRunning) return std::nullopt;
  return stored_snapshot(*row);
}

MatchSnapshot MatchIndex::stored_snapshot(const storage::Match& row) const {
  MatchSnapshot snap;
  snap.match_id = hosting::match_id_text(row.id);
  snap.game = row.game;
  snap.preset = row.preset;
  for (int i = 0; i < 2; ++i) {
    auto info = presence_.user_info(row.seats[static_cast<std::size_t>(i)].value_or(0));
    if (info) snap.players[static_cast<std::size_t>(i)] = *info;
  }
  snap.finished = row.status != storage::MatchStatus::kRunning;
  // Events: the start, then one per ply, then (once finished) the end.
  if (auto pos = app_.db.journal_position(row.id); pos)
    snap.ply = static_cast<int>(std::max<std::int64_t>(0, pos->second - (snap.finished ? 2 : 1)));
  snap.outcome = row.outcome;
  return snap;
}

}  // namespace boyi::app
