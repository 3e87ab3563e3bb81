#include "tests/e2e/leak_soak_run.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "tools/harness/random_mover.h"
#include "tools/harness/test_client.h"

namespace boyi::e2e {

namespace {

using harness::Client;
using harness::RandomMover;
using protocol::Transport;

constexpr std::size_t kProblems = 20;
constexpr Transport kTransports[4] = {Transport::tcp_binary, Transport::tcp_json,
                                      Transport::ws_binary, Transport::ws_text};

Result<std::unique_ptr<Client>> guest(std::uint16_t port, Transport t, const std::string& name) {
  auto c = Client::connect(port, t);
  if (!c.ok()) return Error{c.message()};
  if (auto w = (*c)->hello(); !w.ok()) return Error{"hello: " + w.message()};
  if (auto s = (*c)->sign_in_guest(name); !s.ok()) return Error{"sign-in: " + s.message()};
  return std::move(c).value();
}

struct Played {
  JunqiMatchTranscripts transcripts;
  std::string ending;
};

// One game: seat 0 seeks, seat 1 accepts, the spectator joins before anyone acts.
Result<Played> play_one(std::uint16_t port, const LeakSoakOptions& opt, int index) {
  std::unique_ptr<Client> c[3];
  for (int k = 0; k < 3; ++k) {
    auto g = guest(port, kTransports[(index + k) % 4],
                   "soak" + std::to_string(index) + (k == 2 ? "w" : "s" + std::to_string(k)));
    if (!g.ok()) return Error{"guest " + std::to_string(k) + ": " + g.message()};
    c[k] = std::move(g).value();
  }
  v1::MatchSetup setup;
  setup.set_preset(opt.preset);
  setup.set_seat(0);
  auto seek = c[0]->create_seek(setup);
  if (!seek.ok()) return Error{"create_seek: " + seek.message()};
  if (Status st = c[1]->accept_seek(seek->seek_id()); !st.ok()) {
    return Error{"accept_seek: " + st.message()};
  }
  v1::MatchStarted started[3];
  for (int k = 0; k < 2; ++k) {
    auto s = c[k]->wait_match_started();
    if (!s.ok()) return Error{"match_started: " + s.message()};
    started[k] = *s;
  }
  v1::ClientMessage spectate;
  spectate.set_request_id(c[2]->next_request_id());
  spectate.mutable_spectate()->set_match_id(started[0].match_id());
  if (Status st = c[2]->send(spectate); !st.ok()) return Error{"spectate: " + st.message()};
  auto ws = c[2]->wait_match_started();
  if (!ws.ok()) return Error{"spectator's match_started: " + ws.message()};
  started[2] = *ws;

  const std::uint64_t seed = opt.seed * 1'000'003 + static_cast<std::uint64_t>(index) * 7;
  Played out;
  std::vector<std::unique_ptr<RandomMover>> movers;
  for (int k = 0; k < 3; ++k)
    movers.push_back(std::make_unique<RandomMover>(*c[k], started[k], seed + k));
  for (int s = 0; s < 2; ++s) {
    out.transcripts.layouts[s] = harness::random_opening_action("junqi", "", s, seed + 3 + s);
    movers[s]->set_first_action(out.transcripts.layouts[s]);
  }
  if (!harness::play({movers[0].get(), movers[1].get(), movers[2].get()},
                     std::chrono::seconds(opt.game_timeout_s))) {
    return Error{"match " + started[0].match_id() + " did not end in time"};
  }
  for (const auto& m : movers) {
    if (!m->problems().empty()) return Error{"match " + m->match_id() + ": " + m->problems()[0]};
  }
  out.ending = v1::Ending_Name(movers[0]->match_ended()->outcome().ending());
  for (int s = 0; s < 2; ++s) out.transcripts.seat[s] = c[s]->transcript();
  out.transcripts.spectator = c[2]->transcript();
  return out;
}

}  // namespace

LeakSoakReport run_leak_soak(std::uint16_t port, const LeakSoakOptions& opt) {
  LeakSoakReport report;
  std::mutex mu;
  std::atomic<int> next{0};
  const auto t0 = std::chrono::steady_clock::now();
  auto worker = [&] {
    for (int i = next++; i < opt.games; i = next++) {
      auto played = play_one(port, opt, i);
      const StreamCheck check =
          played.ok() ? check_junqi_match(played->transcripts) : StreamCheck{};
      std::lock_guard lock(mu);
      if (!played.ok()) {
        ++report.games_failed;
        if (report.problems.size() < kProblems) report.problems.push_back(played.message());
        continue;
      }
      ++report.games;
      ++report.endings[played->ending];
      report.check.add(check);
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, opt.parallel); ++t) threads.emplace_back(worker);
  for (auto& t : threads) t.join();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

}  // namespace boyi::e2e
