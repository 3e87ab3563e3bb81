// The sessions' handshake and accounts: hello, sign-in (password, bot token, guest),
// sign-up and sign-out.
#include "server/accounts/names.h"
#include "server/session/session.h"

namespace boyi::app {
namespace {

constexpr std::uint32_t kProtocolVersion = 1;
constexpr const char* kServerVersion = "boyi 0.1.0";

// What others see of a new sign-in: the chosen display name, checked (accounts/names.h),
// or the account's name when none was chosen; a guest's marked as a guest. Runs on the
// account workers: it asks storage whether the name is another account's.
Result<std::string> display_name_for(storage::Database& db, const storage::User& user,
                                     std::string_view shown) {
  const bool guest = user.kind == storage::UserKind::kGuest;
  std::string name = user.name;
  if (!shown.empty()) {
    auto chosen = accounts::clean_display_name(shown);
    if (!chosen) return fail(chosen.message());
    name = std::move(chosen).value();
    // Nobody shows another account's name; a guest shows none at all.
    std::string joined = name;
    std::erase(joined, ' ');
    for (const auto& candidate : {name, joined}) {
      auto other = db.user_by_name(candidate);
      if (other && (guest || other->id != user.id))
        return fail("the display name '" + name + "' is another account's name");
    }
  }
  return guest ? accounts::guest_display_name(name) : name;
}

}  // namespace

// On the account workers: a remembered sign-in for `user` when asked for and signed in
// (an empty one otherwise).
Result<accounts::Accounts::SignInSession> Sessions::remember_if(const Result<storage::User>& user,
                                                                bool remember) {
  if (!user || !remember) return accounts::Accounts::SignInSession{};
  return accounts_.remember_sign_in(user->id, app_.config.sign_in_lifetime_ms);
}

void Sessions::hello(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  if (m.hello().protocol_version() != kProtocolVersion)
    return error(*s, rid, v1::ERROR_CODE_UNSUPPORTED_VERSION,
                 "protocol version " + std::to_string(m.hello().protocol_version()) +
                     " is not spoken here; this server speaks version 1",
                 true);
  {
    std::lock_guard lock(mu_);
    s->hello = true;
    s->chat = m.hello().receive_chat();
  }
  v1::ServerMessage r;
  r.set_request_id(rid);
  auto* w = r.mutable_welcome();
  w->set_protocol_version(kProtocolVersion);
  w->set_server_version(kServerVersion);
  w->set_session_id(s->id);
  auto* l = w->mutable_limits();
  const auto& lim = app_.config.limits;
  l->set_max_frame_bytes(static_cast<std::uint32_t>(lim.max_frame_bytes));
  l->set_max_messages_per_second(static_cast<std::uint32_t>(lim.max_messages_per_second));
  l->set_idle_timeout_ms(static_cast<std::uint32_t>(lim.idle_timeout.count()));
  l->set_send_queue_messages(static_cast<std::uint32_t>(lim.max_send_queue_frames));
  l->set_disconnect_grace_ms(static_cast<std::uint32_t>(app_.config.disconnect_grace_ms));
  (void)send_to(s->peer(), r, app_.max_frame());
}

void Sessions::sign_in(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  {
    std::lock_guard lock(mu_);
    if (s->user)
      return error(*s, rid, v1::ERROR_CODE_ALREADY_SIGNED_IN,
                   "already signed in as " + s->user->username);
  }
  const auto& in = m.sign_in();
  switch (in.method_case()) {
    case v1::SignIn::kPassword:
      // argon2 on a worker thread; the answer on the session's strand.
      return off_thread(
          s,
          [this, s, rid, name = in.password().username(), password = in.password().password(),
           remember = in.password().remember()]() -> Continuation {
            accounts::SignInThrottle::Wait waited;
            const std::string& address = s->conn->remote_address();
            auto u = accounts_.verify_password(name, password, address, waited);
            auto remembered = remember_if(u, remember);
            return [this, s, rid, name, address, waited, u = std::move(u),
                    remembered = std::move(remembered)] {
              if (u && !remembered)
                return error(*s, rid, v1::ERROR_CODE_INTERNAL,
                             "the sign-in could not be remembered: " + remembered.message());
              if (u)
                return become(s, {u->id, u->name, u->name, role_of(*u)}, rid, {},
                              accounts::Accounts::token_id_of(remembered->token), *remembered);
              if (waited) {
                app_.metrics.sign_in_refused("throttled");
                app_.log.warn(
                    "sign_in_throttled",
                    {{"user", name},
                     {"address", address},
                     {"by",
                      waited.by == accounts::SignInThrottle::By::account ? "account" : "address"},
                     {"wait_ms", waited.delay.count()}});
                return error(*s, rid, v1::ERROR_CODE_RATE_LIMITED, u.message());
              }
              app_.metrics.sign_in_refused("wrong_password");
              error(*s, rid, v1::ERROR_CODE_AUTH_FAILED, "wrong name or password");
            };
          });
    case v1::SignIn::kBotToken:
      return off_thread(s, [this, s, rid, token = in.bot_token().token()]() -> Continuation {
        auto u = accounts_.verify_token(token);
        return [this, s, rid, token, u = std::move(u)] {
          if (!u) return error(*s, rid, v1::ERROR_CODE_AUTH_FAILED, "the token is not valid");
          if (presence_.is_house(u->id))
            return error(*s, rid, v1::ERROR_CODE_FORBIDDEN,
                         "the house bot plays inside the server");
          become(s, {u->id, u->name, u->name, role_of(*u)}, rid, {},
                 accounts::Accounts::token_id_of(token));
        };
      });
    case v1::SignIn::kGuest:
      return guest_sign_in(s, in.guest(), rid);
    case v1::SignIn::kSession:
      return off_thread(s, [this, s, rid, token = in.session().session_token()]() -> Continuation {
        auto u = accounts_.verify_sign_in_session(token);
        return [this, s, rid, token, u = std::move(u)] {
          if (!u) return error(*s, rid, v1::ERROR_CODE_AUTH_FAILED, u.message());
          become(s, {u->id, u->name, u->name, role_of(*u)}, rid, {},
                 accounts::Accounts::token_id_of(token));
        };
      });
    default:
      return error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT,
                   "sign_in needs one of password, bot_token, guest or session");
  }
}

void Sessions::guest_sign_in(const std::shared_ptr<Session>& s, const v1::GuestLogin& in,
                             std::uint64_t rid) {
  if (!in.resume_token().empty()) {
    // The same guest again: its token names it (its seats come with it).
    return off_thread(
        s, [this, s, rid, token = in.resume_token(), shown = in.display_name()]() -> Continuation {
          auto u = accounts_.verify_token(token);
          Result<std::string> shown_as = fail("no guest");
          if (u && u->kind == storage::UserKind::kGuest)
            shown_as = display_name_for(app_.db, *u, shown);
          return [this, s, rid, token, u = std::move(u), shown_as = std::move(shown_as)] {
            if (!u || u->kind != storage::UserKind::kGuest)
              return error(*s, rid, v1::ERROR_CODE_AUTH_FAILED,
                           "the resume token is not valid (sign in without one for a new guest)");
            if (!shown_as)
              return error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, shown_as.message());
            become(s, {u->id, u->name, *shown_as, v1::ROLE_GUEST}, rid, token);
          };
        });
  }
  if (!guest_quota_.try_take(s->conn->remote_address())) {
    app_.log.warn("guest_quota_reached", {{"address", s->conn->remote_address()}});
    return error(*s, rid, v1::ERROR_CODE_RATE_LIMITED,
                 "too many new guests from your address; try again later, or come back as your "
                 "earlier guest with its resume token");
  }
  off_thread(s, [this, s, rid, shown = in.display_name()]() -> Continuation {
    // The name is checked before an account is made for it.
    if (!shown.empty()) {
      storage::User unnamed_guest;
      unnamed_guest.kind = storage::UserKind::kGuest;
      auto checked = display_name_for(app_.db, unnamed_guest, shown);
      if (!checked)
        return [this, s, rid, why = checked.message()] {
          error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, why);
        };
    }
    auto c = accounts_.create_guest();
    Result<std::string> shown_as = fail("no guest");
    if (c) shown_as = display_name_for(app_.db, c->user, shown);
    return [this, s, rid, c = std::move(c), shown_as = std::move(shown_as)] {
      if (!c) return error(*s, rid, v1::ERROR_CODE_INTERNAL, "no guest account: " + c.message());
      if (!shown_as) return error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT, shown_as.message());
      const auto& u = c->user;
      become(s, {u.id, u.name, *shown_as, v1::ROLE_GUEST}, rid, c->token);
    };
  });
}

void Sessions::sign_up(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  {
    std::lock_guard lock(mu_);
    if (s->user) return error(*s, rid, v1::ERROR_CODE_ALREADY_SIGNED_IN, "sign out first");
  }
  if (!sign_up_quota_.try_take(s->conn->remote_address())) {
    app_.log.warn("sign_up_quota_reached", {{"address", s->conn->remote_address()}});
    return error(*s, rid, v1::ERROR_CODE_RATE_LIMITED,
                 "too many new accounts from your address; try again later");
  }
  const auto& in = m.sign_up();
  off_thread(s,
             [this, s, rid, name = in.username(), password = in.password(),
              shown = in.display_name(), remember = in.remember()]() -> Continuation {
               auto refuse = [this, s, rid](v1::ErrorCode code, std::string why) -> Continuation {
                 return [this, s, rid, code, why = std::move(why)] { error(*s, rid, code, why); };
               };
               if (accounts::is_reserved_name(name))
                 return refuse(v1::ERROR_CODE_NAME_TAKEN, "the name " + name + " is reserved");
               if (auto existing = app_.db.user_by_name(name); existing)
                 return refuse(v1::ERROR_CODE_NAME_TAKEN, "the name " + name + " is taken");
               if (!shown.empty()) {
                 // Checked before the account exists, as a name nobody has yet.
                 storage::User unborn;
                 unborn.name = name;
                 auto checked = display_name_for(app_.db, unborn, shown);
                 if (!checked) return refuse(v1::ERROR_CODE_INVALID_ARGUMENT, checked.message());
               }
               auto u = accounts_.create_human(name, password);
               Result<std::string> shown_as = fail("no account");
               if (u) shown_as = display_name_for(app_.db, *u, shown);
               // The account exists now: a sign-in that cannot be remembered is still one.
               auto remembered = remember_if(u, remember);
               if (!remembered) remembered = accounts::Accounts::SignInSession{};
               return [this, s, rid, u = std::move(u), shown_as = std::move(shown_as),
                       remembered = std::move(remembered).value()] {
                 if (!u) {
                   const bool taken = u.message().find("taken") != std::string::npos;
                   return error(*s, rid,
                                taken ? v1::ERROR_CODE_NAME_TAKEN : v1::ERROR_CODE_INVALID_ARGUMENT,
                                u.message());
                 }
                 app_.log.info("user_signed_up", {{"user", u->name}});
                 // The name was checked above; a clash since then shows the account's name.
                 become(s, {u->id, u->name, shown_as ? *shown_as : u->name, role_of(*u)}, rid, {},
                        accounts::Accounts::token_id_of(remembered.token), remembered);
               };
             });
}

void Sessions::become(const std::shared_ptr<Session>& s, UserInfo user, std::uint64_t rid,
                      std::string resume_token, std::string token_id,
                      const accounts::Accounts::SignInSession& remembered) {
  Peer peer;
  {
    std::lock_guard lock(mu_);
    if (s->user) return;  // signed in meanwhile (cannot happen: requests are in order)
    // The connection closed while the account work ran: nobody to sign in.
    if (auto it = sessions_.find(s->conn->id()); it == sessions_.end() || it->second != s) return;
    s->user = user;
    s->token_id = std::move(token_id);
    peer = s->peer();
  }
  // A bot that connects again replaces its old connections.
  std::vector<net::ConnectionPtr> replaced;
  if (user.role == v1::ROLE_BOT) replaced = presence_.connections_of(user.id);
  const bool first = presence_.add(user, peer);
  app_.metrics.signed_in.inc();
  v1::ServerMessage r;
  r.set_request_id(rid);
  auto* in = r.mutable_signed_in();
  in->set_user_id(user_id_text(user.id));
  in->set_username(user.username);
  in->set_display_name(user.display_name);
  in->set_role(user.role);
  if (user.role == v1::ROLE_GUEST) in->set_resume_token(resume_token);
  if (!remembered.token.empty()) {
    in->set_session_token(remembered.token);
    in->set_session_expires_ms(remembered.expires_ms);
  }
  if (events_.signed_in) events_.signed_in(user, first, *in);
  (void)send_to(peer, r, app_.max_frame());
  for (auto& c : replaced) {
    (void)send_to({c, net::FrameKind::json},
                  error_message(0, v1::ERROR_CODE_CONFLICT,
                                "replaced by a new connection of the same bot", true),
                  app_.max_frame());
    c->close("replaced by a new connection of the same bot");
  }
  app_.log.info("signed_in", {{"user", user.username},
                              {"conn", s->conn->id()},
                              {"transport", std::string(net::to_string(s->conn->transport()))}});
}

void Sessions::sign_out(const std::shared_ptr<Session>& s, std::uint64_t rid) {
  std::string token_id;
  {
    std::lock_guard lock(mu_);
    token_id.swap(s->token_id);
  }
  leave(*s);
  // A remembered sign-in ends with it (and so every connection signed in with it), before
  // the answer: a client told SignedOut may forget its token.
  off_thread(s, [this, s, rid, token_id]() -> Continuation {
    auto ended = accounts_.end_sign_in_session(token_id);
    return [this, s, rid, ended = std::move(ended)] {
      if (!ended) app_.log.warn("sign_in_not_ended", {{"reason", ended.message()}});
      v1::ServerMessage r;
      r.set_request_id(rid);
      r.mutable_signed_out();
      (void)send_to(s->peer(), r, app_.max_frame());
    };
  });
}

void Sessions::leave(Session& s) {
  std::optional<UserInfo> user;
  {
    std::lock_guard lock(mu_);
    user.swap(s.user);
  }
  if (!user) return;
  app_.metrics.signed_in.dec();
  const bool last = presence_.remove(user->id, s.conn->id());
  if (events_.left) events_.left(s.conn->id(), *user, last);
}

int Sessions::revoke(const storage::Revocation& revocation) {
  std::vector<std::pair<std::shared_ptr<Session>, std::string>> ended;  // and the user's name
  {
    std::lock_guard lock(mu_);
    for (const auto& [id, s] : sessions_)
      if (s->user && s->user->id == revocation.user &&
          (revocation.token_id.empty() || s->token_id == revocation.token_id))
        ended.emplace_back(s, s->user->username);
  }
  for (const auto& [s, name] : ended) {
    app_.log.info("session_revoked",
                  {{"user", name}, {"connection", s->conn->id()}, {"reason", revocation.reason}});
    // Fatal: the connection closes, and on_close makes the user leave as for any close.
    error(*s, 0, v1::ERROR_CODE_AUTH_FAILED, "signed out: " + revocation.reason, true);
  }
  return static_cast<int>(ended.size());
}

}  // namespace boyi::app
