// The hub's match requests (routed to their MatchHost) and match listings.
#include "server/app/hub_internal.h"

namespace boyi::app {
using Clock = std::chrono::steady_clock;

void Hub::match_request(const std::shared_ptr<Session>& s, const v1::ClientMessage& m,
                        Clock::time_point received) {
  using C = v1::ClientMessage;
  const auto rid = m.request_id();
  std::string match_id;
  switch (m.body_case()) {
    case C::kMove:
      match_id = m.move().match_id();
      break;
    case C::kResign:
      match_id = m.resign().match_id();
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
    default:
      return;
  }
  auto host = find_match(match_id, true);
  if (!host) return reply_error(*s, rid, v1::ERROR_CODE_NOT_FOUND, "no match " + match_id);
  Peer peer;
  storage::Id user;
  {
    std::lock_guard lock(mu_);
    if (!s->user) return reply_error(*s, rid, v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first");
    peer = s->peer();
    user = s->user->id;
    if (m.body_case() == C::kSpectate) s->spectating.insert(match_id);
    if (m.body_case() == C::kUnspectate) s->spectating.erase(match_id);
  }
  switch (m.body_case()) {
    case C::kMove:
      return host->move(peer, user, rid, m.move().move(), received);
    case C::kResign:
      return host->resign(peer, user, rid);
    case C::kSync:
      return host->sync(peer, user, rid, m.sync().from_seq());
    case C::kSpectate:
      return host->spectate(peer, rid);
    case C::kUnspectate:
      return host->unspectate(peer, rid);
    case C::kGetView:
      return host->get_view(peer, user, rid);
    case C::kGetRecord:
      return host->get_record(peer, rid);
    default:
      return;
  }
}

void Hub::list_matches(const Session& s, const v1::ClientMessage& m) {
  const auto& in = m.list_matches();
  const int limit =
      in.limit() == 0 ? 50 : static_cast<int>(std::min<std::uint32_t>(in.limit(), 100));
  v1::ServerMessage out;
  out.set_request_id(m.request_id());
  *out.mutable_match_list() = match_list(in.game(), in.include_finished(), limit);
  reply(s, std::move(out));
}

// Running matches first, then finished ones (in memory, then from storage), each once.
v1::MatchList Hub::match_list(const std::string& game, bool include_finished, int limit) {
  v1::MatchList list;
  std::vector<MatchSnapshot> snaps;
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, h] : matches_) snaps.push_back(h->snapshot());
  }
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
  if (!include_finished) return list;
  for (const auto& snap : snaps)
    if (snap.finished) add(snap);
  if (auto recent = app_.db.recent_finished(limit); recent) {
    for (const auto& row : *recent) {
      MatchSnapshot snap;
      snap.match_id = hosting::match_id_text(row.id);
      snap.game = row.game;
      snap.preset = row.preset;
      for (int i = 0; i < 2; ++i) {
        auto info = user_info(row.seats[static_cast<std::size_t>(i)].value_or(0));
        if (info) snap.players[static_cast<std::size_t>(i)] = *info;
      }
      if (auto pos = app_.db.journal_position(row.id); pos)
        snap.ply = static_cast<int>(std::max<std::int64_t>(0, pos->second - 2));
      snap.finished = true;
      snap.outcome = row.outcome;
      add(snap);
    }
  }
  return list;
}
}  // namespace boyi::app
