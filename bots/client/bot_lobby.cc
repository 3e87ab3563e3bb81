// The bot in the lobby: answering challenges (from anyone or from the listed accounts,
// while it takes new games and has room) and keeping one seek open per listed preset.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "bots/client/bot_internal.h"

namespace boyi::bots::detail {

namespace {
constexpr std::chrono::seconds kSeekRetry{10};
constexpr std::chrono::milliseconds kReseekDelay{1000};
}  // namespace

bool BotCore::has_room() const {
  if (opt_.max_concurrent <= 0) return true;
  int running = accepts_pending_;
  for (const auto& [id, s] : matches_) running += s->ended() ? 0 : 1;
  return running < opt_.max_concurrent;
}

void BotCore::on_lobby_update(const v1::LobbyUpdate& update) {
  switch (update.change_case()) {
    case v1::LobbyUpdate::kChallengeReceived:
      return on_challenge(update.challenge_received());
    case v1::LobbyUpdate::kSeekClosed:
      // Ours closed: accepted or gone. The next one is opened a moment later, once the
      // match it may have started is known (so that max_games holds).
      if (std::erase_if(seeks_, [&](const auto& s) { return s.second == update.seek_closed(); })) {
        reseek_timer_.expires_after(kReseekDelay);
        reseek_timer_.async_wait([this](const boost::system::error_code& ec) {
          if (!ec) keep_seeks();
        });
      }
      return;
    case v1::LobbyUpdate::kChallengeClosed:
      spdlog::debug("challenge {} closed ({})", update.challenge_closed().challenge_id(),
                    v1::ChallengeClosed::Reason_Name(update.challenge_closed().reason()));
      return;
    default:
      return;
  }
}

void BotCore::on_lobby_snapshot(const v1::LobbySnapshot& snapshot) {
  for (const auto& c : snapshot.challenges())
    if (c.to().user_id() == user_id_) on_challenge(c);
  for (const auto& seek : snapshot.seeks())
    if (seek.owner().user_id() == user_id_ && !seeks_.contains(seek.setup().preset()))
      seeks_[seek.setup().preset()] = seek.seek_id();
}

void BotCore::on_challenge(const v1::Challenge& challenge) {
  if (answered_.contains(challenge.challenge_id())) return;
  answered_.insert(challenge.challenge_id());
  const auto& from = challenge.from();
  std::string refusal;
  if (!opt_.accept_challenges) {
    refusal = "this bot does not take challenges";
  } else if (!opt_.accept_from.empty() &&
             std::none_of(
                 opt_.accept_from.begin(), opt_.accept_from.end(),
                 [&](const std::string& n) { return n == from.name() || n == from.user_id(); })) {
    refusal = "this bot plays only its listed opponents";
  } else if (!taking_new_games()) {
    refusal = "this bot is not taking new games";
  } else if (!has_room()) {
    refusal = "this bot is busy: try again later";
  }
  const bool accept = refusal.empty();
  const auto& setup = challenge.setup();
  spdlog::info("challenge {} from {} ({}): {}", challenge.challenge_id(), from.name(),
               setup.preset().empty() ? setup.game() : setup.preset(),
               accept ? "accepted" : "declined: " + refusal);
  v1::ClientMessage m;
  auto* answer = m.mutable_answer_challenge();
  answer->set_challenge_id(challenge.challenge_id());
  answer->set_accept(accept);
  answer->set_message(refusal);
  if (send(std::move(m), Pending::answer, challenge.challenge_id()) != 0 && accept)
    ++accepts_pending_;
}

void BotCore::keep_seeks() {
  if (!signed_in_ || done_) return;
  const bool wanted = taking_new_games() && has_room();
  for (const auto& preset : opt_.seek_presets) {
    const auto open = seeks_.find(preset);
    if (!wanted) {
      if (open != seeks_.end() && !open->second.empty()) {
        v1::ClientMessage m;
        m.mutable_cancel_seek()->set_seek_id(open->second);
        open->second.clear();  // cancelling: the ack or the error removes it
        send(std::move(m), Pending::cancel_seek, preset);
      }
      continue;
    }
    if (open != seeks_.end() || seeks_asked_.contains(preset)) continue;
    v1::ClientMessage m;
    m.mutable_create_seek()->mutable_setup()->set_preset(preset);
    m.mutable_create_seek()->mutable_setup()->set_seat(-1);
    if (send(std::move(m), Pending::seek, preset) != 0) seeks_asked_.insert(preset);
  }
}

void BotCore::on_seek_created(const std::string& preset, const v1::Seek& seek) {
  seeks_asked_.erase(preset);
  seeks_[preset] = seek.seek_id();
  spdlog::info("seeking a game of {} (seek {})", preset, seek.seek_id());
  if (!taking_new_games() || !has_room()) keep_seeks();  // not wanted any more: cancel it
}

void BotCore::on_seek_failed(const std::string& preset, const v1::Error& error) {
  spdlog::warn("cannot seek {}: {}: {}", preset, v1::ErrorCode_Name(error.code()), error.message());
  // Try again later (a seek of an older connection may still be open; the preset may
  // come back), without asking in a tight loop.
  seeks_failed_.insert(preset);
  if (seek_retry_armed_) return;
  seek_retry_armed_ = true;
  seek_timer_.expires_after(kSeekRetry);
  seek_timer_.async_wait([this](const boost::system::error_code& ec) {
    seek_retry_armed_ = false;
    if (ec) return;
    for (const auto& p : seeks_failed_) seeks_asked_.erase(p);
    seeks_failed_.clear();
    keep_seeks();
  });
}

}  // namespace boyi::bots::detail
