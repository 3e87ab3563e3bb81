// The hub: construction, startup (house bot, resumed matches), replies and request dispatch.
#include <random>

#include "server/app/hub_internal.h"
#include "server/app/tournament_manager.h"

namespace boyi::app {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

Hub::Hub(AppContext& app, accounts::Accounts& accounts)
    : app_(app),
      accounts_(accounts),
      workers_(static_cast<std::size_t>(std::max(1, app.config.account_threads))) {}

Hub::~Hub() {
  workers_.join();
}

void Hub::stop_workers() {
  workers_.join();
}

Status Hub::prepare() {
  // The house bot's account (a bot user, so its matches are stored like any other).
  constexpr std::string_view kHouseName = "house-random";
  auto u = app_.db.user_by_name(kHouseName);
  if (!u) {
    auto made = accounts_.create_bot(kHouseName);
    if (!made) return Error{"cannot create the house bot account: " + made.message()};
    u = made->user;
  }
  // One account for every level (its name stays, for the matches stored with it); in a
  // match the seat shows its level: "House bot · 7".
  house_ = {u->id, u->name, "House bot", v1::ROLE_HOUSE_BOT};

  if (auto purged = accounts_.purge_unused_guests(); purged)
    app_.log.info("guests_purged", {{"count", *purged}});
  else
    app_.log.warn("guest_purge_failed", {{"reason", purged.message()}});

  make_tournaments();  // before resuming: it knows which accounts are house entrants
  if (auto s = tournaments_->load(); !s) return s;

  auto running = load_running_matches(app_.db);
  if (!running) return Error{"cannot read the running matches: " + running.message()};
  for (auto& m : running.value()) {
    std::array<UserInfo, 2> players;
    bool ok = true;
    for (int s = 0; s < 2; ++s) {
      auto info = user_info(m.seats[static_cast<std::size_t>(s)]);
      ok = ok && info.ok();
      if (info) players[static_cast<std::size_t>(s)] = *info;
    }
    const std::string id = m.config.match_id;
    const std::string game = m.config.game, rules = m.config.rules_text;
    std::array<std::optional<std::uint32_t>, 2> house;
    for (int s = 0; s < 2 && ok; ++s) {
      auto& player = players[static_cast<std::size_t>(s)];
      house[static_cast<std::size_t>(s)] = house_strength_of(player.id);
      if (player.id != house_.id) continue;
      // The lobby's house bot plays on at the strength the match was started with.
      if (const auto level = stored_house_strength(app_.db, id, s)) {
        house[static_cast<std::size_t>(s)] = static_cast<std::uint32_t>(*level);
        player.display_name = house_display_name(*level);
      }
    }
    auto host = std::make_shared<MatchHost>(app_, std::move(m), players);
    for (int s = 0; s < 2 && ok; ++s)
      if (auto strength = house[static_cast<std::size_t>(s)])
        host->set_house_player(
            s, make_house_player(*strength, game, rules, s, std::random_device{}()));
    Status st = ok ? host->resume() : Status(Error{"a seat's user is gone"});
    if (!st) {
      app_.log.error("match_not_resumed", {{"match", id}, {"reason", st.message()}});
      Outcome aborted{Ending::kAborted, std::nullopt, "could not be resumed: " + st.message()};
      if (auto pid = hosting::parse_match_id(id); pid)
        (void)app_.db.finish_match(pid.value(), aborted, storage::wall_clock_ms());
      continue;
    }
    std::lock_guard lock(mu_);
    matches_[id] = host;
    for (const auto& p : players) playing_[p.id].insert(id);
    ++resumed_;
    const auto snap = host->snapshot();
    app_.log.info("match_resumed", {{"match", id},
                                    {"game", snap.game},
                                    {"last_seq", snap.last_seq},
                                    {"ply", snap.ply},
                                    {"seat0", players[0].username},
                                    {"seat1", players[1].username}});
  }
  tournaments_->start();  // settles what ended while the server was down, then runs
  return Status::Ok();
}

Result<UserInfo> Hub::user_info(storage::Id id) {
  if (id == house_.id && id != 0) return house_;
  {
    std::lock_guard lock(mu_);
    if (auto it = users_.find(id); it != users_.end()) return it->second;
  }
  auto u = app_.db.user_by_id(id);
  if (!u) return Error{u.message()};
  return UserInfo{u->id, u->name, u->name, role_of(*u)};
}

void Hub::reply(const Session& s, v1::ServerMessage m) {
  (void)send_to(s.peer(), m, app_.max_frame());
}

void Hub::reply_error(const Session& s, std::uint64_t rid, v1::ErrorCode code, std::string text,
                      bool fatal) {
  app_.metrics.error(code);
  (void)send_to(s.peer(), error_message(rid, code, text, fatal), app_.max_frame());
  if (fatal) s.conn->close(text);
}

void Hub::ack(const Session& s, std::uint64_t rid) {
  v1::ServerMessage m;
  m.set_request_id(rid);
  m.mutable_ack();
  reply(s, std::move(m));
}

// --- dispatch ----------------------------------------------------------------------------

void Hub::handle(const std::shared_ptr<Session>& s, const v1::ClientMessage& m,
                 Clock::time_point received) {
  using C = v1::ClientMessage;
  const auto rid = m.request_id();
  bool hello_done, signed_in;
  {
    std::lock_guard lock(mu_);
    hello_done = s->hello;
    signed_in = s->user.has_value();
  }
  if (!hello_done) {
    if (m.body_case() == C::kHello) return hello(s, m);
    return reply_error(*s, rid, v1::ERROR_CODE_HANDSHAKE_REQUIRED,
                       "the first message must be hello", true);
  }
  switch (m.body_case()) {
    case C::kHello:
      return reply_error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, "hello was already sent");
    case C::kPing: {
      v1::ServerMessage r;
      r.set_request_id(rid);
      r.mutable_pong()->set_nonce(m.ping().nonce());
      return reply(*s, std::move(r));
    }
    case C::kPong:
      return;
    case C::kSignIn:
      return sign_in(s, m);
    case C::kSignUp:
      return sign_up(s, m);
    case C::kListGames:
      return list_games(*s, rid);
    default:
      break;
  }
  if (!signed_in) return reply_error(*s, rid, v1::ERROR_CODE_NOT_SIGNED_IN, "sign in first");
  switch (m.body_case()) {
    case C::kSignOut:
      return sign_out(s, rid);
    case C::kListOnline:
      return list_online(*s, rid);
    case C::kSubscribeLobby:
      return subscribe_lobby(s, rid);
    case C::kCreateSeek:
      return create_seek(s, m);
    case C::kCancelSeek:
      return cancel_seek(s, m);
    case C::kAcceptSeek:
      return accept_seek(s, m);
    case C::kSendChallenge:
      return send_challenge(s, m);
    case C::kAnswerChallenge:
      return answer_challenge(s, m);
    case C::kCancelChallenge:
      return cancel_challenge(s, m);
    case C::kAutoPair:
      return auto_pair(s, m);
    case C::kCancelAutoPair:
      return cancel_auto_pair(s, rid);
    case C::kPlayHouseBot:
      return play_house_bot(s, m);
    case C::kListMatches:
      return list_matches(*s, m);
    case C::kMove:
    case C::kResign:
    case C::kSync:
    case C::kSpectate:
    case C::kUnspectate:
    case C::kGetView:
    case C::kGetRecord:
      return match_request(s, m, received);
    case C::kListTournaments:
    case C::kSubscribeTournament:
    case C::kUnsubscribeTournament:
    case C::kJoinTournament:
      return tournament_request(s, m);
    default:
      return reply_error(*s, rid, v1::ERROR_CODE_BAD_MESSAGE,
                         "a message this server does not handle");
  }
}
}  // namespace boyi::app
