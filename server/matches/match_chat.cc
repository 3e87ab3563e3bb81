// MatchHost: the chat of a match. Two rooms: the players' (the two seats) and the
// spectators' (those watching; the seats never see it while the game runs, so nobody can be
// helped from the gallery). A line is at most kMaxChatChars characters of printable text;
// each sender may send kChatBurst lines at once and one more every kChatRefillMs; an admin's
// mute (boyi-admin user mute) is read from storage at each line, so it holds at once. Lines
// go only to connections whose Hello asked for chat (people's clients; a bot opts in). The
// newest kChatKept lines of each room are replayed to a seat's Sync and a spectator's join.
// Chat is not stored: it lives as long as the match in memory.
#include <algorithm>

#include "server/matches/match_host_internal.h"
#include "server/records/record_meta.h"

namespace boyi::app {
namespace asio = boost::asio;

namespace {

constexpr std::size_t kMaxChatChars = 300;
constexpr double kChatBurst = 5;
constexpr std::int64_t kChatRefillMs = 3'000;
constexpr std::size_t kChatKept = 50;

std::size_t room_index(v1::ChatRoom room) {
  return room == v1::CHAT_ROOM_PLAYERS ? 0 : 1;
}

// The text as sent, trimmed, with control characters (line breaks included) turned into
// spaces; an error when it is empty or longer than kMaxChatChars characters.
Result<std::string> chat_text(std::string_view in) {
  std::string out;
  std::size_t chars = 0;
  for (std::size_t i = 0; i < in.size();) {
    const auto c = static_cast<unsigned char>(in[i]);
    const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : 4;
    if (len == 1 && (c < 0x20 || c == 0x7F))
      out += ' ';
    else
      out.append(in.substr(i, len));
    i += len;
    ++chars;
  }
  const auto first = out.find_first_not_of(' ');
  if (first == std::string::npos) return Error{"an empty chat line"};
  out = out.substr(first, out.find_last_not_of(' ') - first + 1);
  if (chars > kMaxChatChars)
    return Error{"a chat line is at most " + std::to_string(kMaxChatChars) + " characters"};
  return out;
}

}  // namespace

void MatchHost::chat(Peer peer, UserInfo user, std::uint64_t request_id, v1::ChatRoom room,
                     std::string text) {
  asio::post(strand_, [self = shared_from_this(), peer = std::move(peer), user = std::move(user),
                       request_id, room, text = std::move(text)] {
    auto& h = *self;
    if (!h.match_)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, "the match did not start");
    if (room != v1::CHAT_ROOM_PLAYERS && room != v1::CHAT_ROOM_SPECTATORS)
      return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT, "no chat room");
    const int seat = h.seat_of(user.id);
    const bool watching = std::any_of(h.spectators_.begin(), h.spectators_.end(),
                                      [&](const Peer& p) { return p.conn->id() == peer.conn->id(); });
    if (room == v1::CHAT_ROOM_PLAYERS && seat < 0)
      return h.error(peer, request_id, v1::ERROR_CODE_FORBIDDEN,
                     "only the players write in the players' room");
    if (room == v1::CHAT_ROOM_SPECTATORS && (seat >= 0 || !watching))
      return h.error(peer, request_id, v1::ERROR_CODE_FORBIDDEN,
                     seat >= 0 ? "the players do not see the spectators' room during the game"
                               : "spectate the match to write in its spectators' room");
    auto line = chat_text(text);
    if (!line) return h.error(peer, request_id, v1::ERROR_CODE_INVALID_ARGUMENT, line.message());
    const std::int64_t wall = storage::wall_clock_ms();
    if (auto muted = h.app_.db.chat_muted_until(user.id, wall); !muted)
      return h.error(peer, request_id, v1::ERROR_CODE_INTERNAL, muted.message());
    else if (*muted)
      return h.error(peer, request_id, v1::ERROR_CODE_FORBIDDEN,
                     "you are muted until " + records::format_utc(**muted));
    // The sender's allowance: a burst, then one line per refill period.
    const auto now = RequestClock::now();
    auto [it, fresh] = h.chat_allowance_.try_emplace(user.id, ChatAllowance{kChatBurst, now});
    auto& allowance = it->second;
    const double refilled =
        std::chrono::duration<double, std::milli>(now - allowance.at).count() / kChatRefillMs;
    allowance.tokens = std::min(kChatBurst, allowance.tokens + (fresh ? 0 : refilled));
    allowance.at = now;
    if (allowance.tokens < 1)
      return h.error(peer, request_id, v1::ERROR_CODE_RATE_LIMITED,
                     "too many chat lines: one every " + std::to_string(kChatRefillMs / 1000) +
                         " s after the first " + std::to_string(static_cast<int>(kChatBurst)));
    allowance.tokens -= 1;

    v1::ServerMessage ack;
    ack.set_request_id(request_id);
    ack.mutable_ack();
    h.send(peer, std::move(ack));
    v1::ServerMessage m;
    auto* c = m.mutable_chat_message();
    c->set_match_id(h.id());
    c->set_room(room);
    *c->mutable_from() = to_player(user, seat);
    c->set_text(*line);
    c->set_sent_at(records::format_utc(wall));
    auto& recent = h.chat_recent_[room_index(room)];
    recent.push_back(*c);
    if (recent.size() > kChatKept) recent.pop_front();
    Outgoing out(std::move(m), h.app_.max_frame());
    if (room == v1::CHAT_ROOM_PLAYERS) {
      for (const auto& peers : h.seat_peers_)
        for (const auto& p : peers)
          if (p.chat) out.send(p);
    } else {
      for (const auto& p : h.spectators_)
        if (p.chat) out.send(p);
    }
  });
}

void MatchHost::send_chat_history(const Peer& peer, v1::ChatRoom room) const {
  if (!peer.chat) return;
  for (const auto& line : chat_recent_[room_index(room)]) {
    v1::ServerMessage m;
    *m.mutable_chat_message() = line;
    send(peer, std::move(m));
  }
}

}  // namespace boyi::app
