// One scenario's life: the bot started, the loop that waits for the sockets and the clock,
// the time-driven checks (start-up, idleness, the bot's exit), and the findings.
#include <algorithm>
#include <cstdio>

#include "tools/engine_check/network/scenario_run_internal.h"

namespace boyi::engine_check {

namespace run_detail {

namespace {

std::string replace_all(std::string text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos;
       at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

std::uint64_t hash_of(std::string_view text) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

}  // namespace

std::int64_t ms_between(CheckTime from, CheckTime to) {
  return std::chrono::duration_cast<milliseconds>(to - from).count();
}

std::string seconds(std::int64_t ms) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", static_cast<double>(ms) / 1000.0);
  return text;
}

std::string quoted(std::string_view text) {
  std::string out = "\"";
  out.append(text.substr(0, 60));
  return out + (text.size() > 60 ? "...\"" : "\"");
}

std::string body_name(const google::protobuf::Message& m, int number) {
  const auto* field = m.GetDescriptor()->FindFieldByNumber(number);
  return field ? field->name() : "an empty message";
}

std::string body_name(const v1::ClientMessage& m) {
  return body_name(m, static_cast<int>(m.body_case()));
}

Run::Run(const Script& script, const NetworkCheckOptions& options, CheckLog& log)
    : script_(script),
      options_(options),
      log_(log),
      server_(log),
      kit_seat_(1 - script.bot_seat),
      rng_(options.seed ^ hash_of(script.name)) {}

Result<ScenarioRun> Run::go() {
  auto port = server_.listen();
  if (!port) return fail(port.message());
  token_ = "check-";
  char hex[20];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(rng_()));
  token_ += hex;
  std::vector<std::string> argv;
  std::string shown;
  for (const auto& arg : options_.argv) {
    argv.push_back(replace_all(
        replace_all(replace_all(arg, "{host}", "127.0.0.1"), "{port}", std::to_string(*port)),
        "{token}", token_));
    shown += (shown.empty() ? "" : " ") + argv.back();
  }
  log_.line("the bot: " + shown);
  started_at_ = CheckClock::now();
  wall_deadline_ = started_at_ + milliseconds(options_.startup_ms) +
                   milliseconds((script_.max_actions / 2 + 4) * (script_.per_move_ms + 2000) +
                                script_.long_think_ms + script_.disconnect_grace_ms);
  auto bot = BotProcess::spawn(argv, log_.enabled() ? log_.path() : std::string());
  if (!bot) {
    out_.result.fail("the bot could not be started: " + bot.message());
    return std::move(out_);
  }
  bot_ = std::move(bot).value();
  while (!stop_) {
    if (auto in = server_.next(wake_time())) handle(std::move(*in));
    on_clock();
  }
  bot_->stop();
  for (const auto& [kind, count] : same_)
    if (count.second > kSameFindings)
      out_.result.findings.push_back({count.first, std::to_string(count.second - kSameFindings) +
                                                       " more findings like the ones above (" +
                                                       kind + ") not listed"});
  return std::move(out_);
}

// --- time -----------------------------------------------------------------------------------

CheckTime Run::wake_time() const {
  CheckTime t = CheckClock::now() + kTick;
  if (kit_due_) t = std::min(t, *kit_due_);
  if (match_)
    if (auto d = match_->referee().next_deadline()) t = std::min(t, *d);
  return t;
}

void Run::on_clock() {
  const CheckTime now = CheckClock::now();
  if (!seen_.signed_in) {
    if (bot_->exited()) {
      seen_.bot_exited = true;
      finding(Severity::kFail, "start",
              "exited (" + bot_->exit_text() + ") before signing in" + what_it_did());
      stop_ = true;
      return;
    }
    if (now - started_at_ > milliseconds(options_.startup_ms)) {
      finding(Severity::kFail, "start",
              "did not sign in within " + seconds(options_.startup_ms) + what_it_did() +
                  ": connect to {host}:{port}, say hello and sign in with its bot token "
                  "(§3 Handshake, §4 Signing in)");
      stop_ = true;
      return;
    }
  }
  if (match_) {
    auto& ref = match_->referee();
    if (!ref.finished()) {
      (void)ref.tick(now);
      if (ref.finished()) after_change(std::nullopt);
    }
    if (kit_due_ && now >= *kit_due_) kit_move();
    if (held_ && now - held_->since > kHoldLimit) release_held();
    if (ended_at_ && now - *ended_at_ > kLinger) stop_ = true;
  }
  check_idle(now);
  if (server_ping_at_ && !seen_.server_ping_answered && !pong_warned_ &&
      now - *server_ping_at_ > milliseconds(script_.idle_timeout_ms)) {
    pong_warned_ = true;
    finding(Severity::kWarn, "pong",
            "did not answer the server's {\"ping\": {\"nonce\": " +
                std::to_string(kServerPingNonce) + "}} within " + seconds(script_.idle_timeout_ms) +
                ": answer {\"pong\": {\"nonce\": " + std::to_string(kServerPingNonce) +
                "}} (§8 Keep-alive)");
  }
  if (!stop_ && seen_.signed_in && !ended_at_ && bot_->exited()) {
    seen_.bot_exited = true;
    finding(Severity::kFail, "exited",
            seen_.dropped && !seen_.back
                ? "exited (" + bot_->exit_text() +
                      ") when the server dropped its connection at seq " +
                      std::to_string(seen_.drop_seq) +
                      " instead of connecting again: its seat waits for the disconnect grace; "
                      "connect, hello, sign_in and sync from 1 + the last seq it processed (§6 "
                      "Disconnection and reconnection)"
                : "exited (" + bot_->exit_text() + ") in the middle of the game" + where());
    stop_ = true;
  }
  if (!stop_ && now > wall_deadline_) {
    finding(Severity::kFail, "wall time",
            "the scenario did not end within " + seconds(ms_between(started_at_, now)) + where());
    stop_ = true;
  }
}

void Run::check_idle(CheckTime now) {
  const auto idle = milliseconds(script_.idle_timeout_ms);
  for (auto& [id, st] : links_) {
    if (st.closed || !server_.is_open(id)) continue;
    const CheckTime last = server_.last_inbound(id);
    // As the real server does: a WebSocket is pinged at half the idle timeout.
    if (server_.wire(id) == Wire::kWebSocket && now - last >= idle / 2 &&
        st.ws_pinged_for != last) {
      server_.ws_ping(id);
      st.ws_pinged_for = last;
    }
    if (now - last < idle) continue;
    seen_.idle_closed = true;
    const bool waiting = kit_due_ && now < *kit_due_;
    finding(Severity::kFail, "idle",
            "sent nothing for " + seconds(ms_between(last, now)) + " on its connection" +
                (waiting ? std::string(" while the other seat was thinking") : "") + where() +
                ", though welcome.limits.idle_timeout_ms is " +
                std::to_string(script_.idle_timeout_ms) +
                ": the real server closes such a connection (ERROR_CODE_IDLE_TIMEOUT). Send "
                "{\"ping\": {\"nonce\": N}} whenever there has been nothing else to send for a "
                "while (§1 Limits, §8 Keep-alive)");
    send_error(id, 0, v1::ERROR_CODE_IDLE_TIMEOUT,
               "nothing received for " + std::to_string(ms_between(last, now)) + " ms", true);
    drop_link(id);
    stop_ = true;  // what the scenario is about has been seen
  }
}

// --- helpers -------------------------------------------------------------------------------

void Run::finding(Severity severity, const std::string& kind, std::string text) {
  auto& count = same_[kind];
  count.first = severity;
  if (++count.second > kSameFindings) return;
  out_.result.findings.push_back({severity, std::move(text)});
  log_.line(std::string(severity == Severity::kFail ? "FAIL: " : "WARN: ") +
            out_.result.findings.back().text);
}

void Run::send_error(int link, std::uint64_t request_id, v1::ErrorCode code,
                     const std::string& text, bool fatal, std::uint32_t attempts_left) {
  v1::ServerMessage m;
  m.set_request_id(request_id);
  auto* e = m.mutable_error();
  e->set_code(code);
  e->set_message(text);
  e->set_request_id(request_id);
  if (match_) e->set_match_id(match_->id());
  e->set_attempts_left(attempts_left);
  e->set_fatal(fatal);
  server_.send(link, m);
}

void Run::drop_link(int link) {
  dropped_links_.insert(link);
  server_.drop(link);
}

bool Run::any_seat_link() const {
  for (const auto& [id, st] : links_)
    if (st.seat && !st.closed && server_.is_open(id)) return true;
  return false;
}

std::string Run::where() const {
  if (!match_) return "";
  return " at seq " + std::to_string(WireMatch::wire_seq(match_->referee().last_seq())) + " (ply " +
         std::to_string(match_->ply()) + ")";
}

std::string Run::after_trick() const {
  if (trick_.empty() || seen_.bot_moves > trick_move_ + 1) return "";
  return "; this came right after " + trick_;
}

void Run::trick(std::string what) {
  log_.line("on purpose: " + what);
  trick_ = std::move(what);
  trick_move_ = seen_.bot_moves;
}

std::string Run::what_it_did() const {
  if (!seen_.connected) return " (it never connected)";
  if (!seen_.said_hello) return " (it connected but never said hello)";
  return " (it said hello but did not sign in)";
}

}  // namespace run_detail

Result<ScenarioRun> run_scenario(const Script& script, const NetworkCheckOptions& options,
                                 CheckLog& log) {
  run_detail::Run run(script, options, log);
  return run.go();
}

}  // namespace boyi::engine_check
