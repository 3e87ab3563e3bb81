// The sessions' handshake and accounts: hello, sign-in (password, bot token, guest),
// sign-up and sign-out.
#include "server/session/session.h"

namespace boyi::app {
namespace {

constexpr std::uint32_t kProtocolVersion = 1;
constexpr const char* kServerVersion = "boyi 0.1.0";

std::string clean_display_name(std::string_view in, const std::string& fallback) {
  std::string out;
  for (char c : in) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) continue;
    out += c;
    if (out.size() >= 48) break;
  }
  // Cut an incomplete UTF-8 sequence at the end.
  while (!out.empty() && (static_cast<unsigned char>(out.back()) & 0xC0) == 0x80) out.pop_back();
  if (!out.empty() && static_cast<unsigned char>(out.back()) >= 0xC0) out.pop_back();
  return out.empty() ? fallback : out;
}

}  // namespace

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
      return off_thread(s,
                        [this, s, rid, name = in.password().username(),
                         password = in.password().password()]() -> Continuation {
                          auto u = accounts_.verify_password(name, password);
                          return [this, s, rid, u = std::move(u)] {
                            if (!u)
                              return error(*s, rid, v1::ERROR_CODE_AUTH_FAILED,
                                           "wrong name or password");
                            become(s, {u->id, u->name, u->name, role_of(*u)}, rid);
                          };
                        });
    case v1::SignIn::kBotToken:
      return off_thread(s, [this, s, rid, token = in.bot_token().token()]() -> Continuation {
        auto u = accounts_.verify_token(token);
        return [this, s, rid, u = std::move(u)] {
          if (!u) return error(*s, rid, v1::ERROR_CODE_AUTH_FAILED, "the token is not valid");
          if (presence_.is_house(u->id))
            return error(*s, rid, v1::ERROR_CODE_FORBIDDEN,
                         "the house bot plays inside the server");
          become(s, {u->id, u->name, u->name, role_of(*u)}, rid);
        };
      });
    case v1::SignIn::kGuest:
      return guest_sign_in(s, in.guest(), rid);
    default:
      return error(*s, rid, v1::ERROR_CODE_INVALID_ARGUMENT,
                   "sign_in needs one of password, bot_token or guest");
  }
}

void Sessions::guest_sign_in(const std::shared_ptr<Session>& s, const v1::GuestLogin& in,
                             std::uint64_t rid) {
  if (!in.resume_token().empty()) {
    // The same guest again: its token names it (its seats come with it).
    return off_thread(
        s, [this, s, rid, token = in.resume_token(), shown = in.display_name()]() -> Continuation {
          auto u = accounts_.verify_token(token);
          return [this, s, rid, token, shown, u = std::move(u)] {
            if (!u || u->kind != storage::UserKind::kGuest)
              return error(*s, rid, v1::ERROR_CODE_AUTH_FAILED,
                           "the resume token is not valid (sign in without one for a new guest)");
            become(s, {u->id, u->name, clean_display_name(shown, u->name), v1::ROLE_GUEST}, rid,
                   token);
          };
        });
  }
  off_thread(s, [this, s, rid, shown = in.display_name()]() -> Continuation {
    auto c = accounts_.create_guest();
    return [this, s, rid, shown, c = std::move(c)] {
      if (!c) return error(*s, rid, v1::ERROR_CODE_INTERNAL, "no guest account: " + c.message());
      const auto& u = c->user;
      become(s, {u.id, u.name, clean_display_name(shown, u.name), v1::ROLE_GUEST}, rid, c->token);
    };
  });
}

void Sessions::sign_up(const std::shared_ptr<Session>& s, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  {
    std::lock_guard lock(mu_);
    if (s->user) return error(*s, rid, v1::ERROR_CODE_ALREADY_SIGNED_IN, "sign out first");
  }
  const auto& in = m.sign_up();
  off_thread(s,
             [this, s, rid, name = in.username(), password = in.password(),
              shown = in.display_name()]() -> Continuation {
               if (auto existing = app_.db.user_by_name(name); existing)
                 return [this, s, rid, name] {
                   error(*s, rid, v1::ERROR_CODE_NAME_TAKEN, "the name " + name + " is taken");
                 };
               auto u = accounts_.create_human(name, password);
               return [this, s, rid, shown, u = std::move(u)] {
                 if (!u) {
                   const bool taken = u.message().find("taken") != std::string::npos;
                   return error(*s, rid,
                                taken ? v1::ERROR_CODE_NAME_TAKEN : v1::ERROR_CODE_INVALID_ARGUMENT,
                                u.message());
                 }
                 app_.log.info("user_signed_up", {{"user", u->name}});
                 become(s, {u->id, u->name, clean_display_name(shown, u->name), role_of(*u)}, rid);
               };
             });
}

void Sessions::become(const std::shared_ptr<Session>& s, UserInfo user, std::uint64_t rid,
                      std::string resume_token) {
  Peer peer;
  {
    std::lock_guard lock(mu_);
    if (s->user) return;  // signed in meanwhile (cannot happen: requests are in order)
    // The connection closed while the account work ran: nobody to sign in.
    if (auto it = sessions_.find(s->conn->id()); it == sessions_.end() || it->second != s) return;
    s->user = user;
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
  leave(*s);
  v1::ServerMessage r;
  r.set_request_id(rid);
  r.mutable_signed_out();
  (void)send_to(s->peer(), r, app_.max_frame());
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
}  // namespace boyi::app
