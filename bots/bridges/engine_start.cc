#include "bots/bridges/engine_start.h"

#include <chrono>

#include "bots/bridges/junqi_lines.h"
#include "bots/bridges/text_protocol_lines.h"

namespace boyi::bots {

namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

constexpr milliseconds kWriteWait{1000};

// Talks to an engine during its greeting: errors say how long it waited and for what.
class Greeting {
 public:
  Greeting(EngineProcess& engine, SteadyTime deadline, const StopSignal* stop)
      : engine_(engine), deadline_(deadline), stop_(stop) {}

  Status send(std::string_view line) {
    if (Status s = engine_.send(line, steady_clock::now() + kWriteWait); !s)
      return fail(s.message() + " (sending '" + std::string(line.substr(0, 60)) + "')");
    return Status::Ok();
  }

  void note(std::string_view text) { engine_.note(text); }

  // The next line that is not empty (nor, for piskvork, a MESSAGE/DEBUG comment).
  Result<std::string> answer(std::string_view waiting_for, bool skip_comments) {
    const auto began = steady_clock::now();
    for (;;) {
      auto line = engine_.read_line(deadline_, stop_);
      if (!line) {
        const auto waited =
            std::chrono::duration_cast<milliseconds>(steady_clock::now() - began).count();
        return fail(line.message() + " (waited " + describe_ms(waited) + " for " +
                    std::string(waiting_for) + ")");
      }
      if (line->empty() || (skip_comments && piskvork_lines::is_comment(*line))) continue;
      return line;
    }
  }

 private:
  EngineProcess& engine_;
  SteadyTime deadline_;
  const StopSignal* stop_;
};

Result<std::string> greet(std::string_view protocol, Greeting& g) {
  if (protocol == "sau") {
    if (Status s = g.send("name?"); !s) return Error{s.message()};
    auto line = g.answer("name", false);
    if (!line) return line;
    return sau_lines::parse_name(*line);
  }
  if (protocol == "junqi-ccgc") {
    if (Status s = g.send("INFO 1.0"); !s) return Error{s.message()};
    auto line = g.answer("NAME", false);
    if (!line) return line;
    auto name = junqi_lines::parse_name(*line);
    if (name) return name;
    auto bare = junqi_lines::parse_bare_name(*line);
    if (!bare) return name;
    g.note("warning: answered INFO with its bare name, not 'NAME <team name>': taken as '" +
           *bare + "'");
    return bare;
  }
  if (protocol == "piskvork") {
    if (Status s = g.send("START 15"); !s) return Error{s.message()};
    auto ok = g.answer("OK", true);
    if (!ok) return ok;
    if (*ok != "OK") return fail("the brain answered '" + ok->substr(0, 80) + "' to START 15");
    if (Status s = g.send("ABOUT"); !s) return Error{s.message()};
    auto about = g.answer("the ABOUT answer", true);
    if (!about) return about;
    return piskvork_lines::about_name(*about);  // "" when it gave none
  }
  return fail("unknown engine protocol '" + std::string(protocol) + "'");
}

}  // namespace

std::size_t protocol_max_line(std::string_view protocol) {
  return protocol == "sau" ? sau_lines::kMaxLine : piskvork_lines::kMaxLine;
}

Result<GreetedEngine> start_engine(const BridgeOptions& options, const std::string& log_path,
                                   bool hold_transcript, const StopSignal* stop) {
  const auto began = steady_clock::now();
  const auto deadline = began + milliseconds(options.startup_timeout_ms);
  auto engine = EngineProcess::spawn(options.argv, protocol_max_line(options.protocol), log_path,
                                     false, hold_transcript);
  if (!engine) return Error{engine.message()};
  Greeting greeting(**engine, deadline, stop);
  auto name = greet(options.protocol, greeting);
  if (!name) {
    (*engine)->note("failed: handshake: " + name.message());
    (*engine)->stop(milliseconds(0));
    return Error{name.message()};
  }
  (*engine)->note(
      "greeted in " +
      describe_ms(std::chrono::duration_cast<milliseconds>(steady_clock::now() - began).count()));
  return GreetedEngine{std::move(engine).value(), std::move(name).value()};
}

WarmEngines::WarmEngines(BridgeOptions options, int count)
    : options_(std::move(options)), count_(std::max(1, count)) {
  std::lock_guard lock(mu_);
  for (int i = 0; i < count_; ++i) start_one();
}

WarmEngines::~WarmEngines() {
  stop_.raise();  // a greeting still waiting gives up at once
  for (auto& w : workers_) w.thread.join();
  // The engines not taken are stopped with ready_.
}

void WarmEngines::start_one() {
  // The threads of earlier starts are joined here, so a bot that plays for months keeps none.
  std::erase_if(workers_, [](Worker& w) {
    if (!w.done->load()) return false;
    w.thread.join();
    return true;
  });
  ++starting_;
  auto done = std::make_shared<std::atomic<bool>>(false);
  workers_.push_back(Worker{std::thread([this, done] {
                              auto engine = start_engine(options_, "", true, &stop_);
                              {
                                std::lock_guard lock(mu_);
                                ready_.push_back(std::move(engine));
                                --starting_;
                                changed_.notify_all();
                              }
                              done->store(true);
                            }),
                            done});
}

Result<GreetedEngine> WarmEngines::take(const std::string& log_path) {
  Result<GreetedEngine> got = Error{"no engine"};
  {
    std::unique_lock lock(mu_);
    // Every take starts the next engine, so one is always ready or starting.
    changed_.wait(lock, [&] { return !ready_.empty(); });
    got = std::move(ready_.front());
    ready_.pop_front();
    start_one();  // the next match's
  }
  if (!got) return got;
  auto& engine = *got->process;
  if (Status s = engine.attach_log(log_path); !s) return Error{s.message()};
  if (!engine.running()) {
    const std::string how = engine.stop(milliseconds(0));
    return fail(how + " while it waited for its match");
  }
  return got;
}

Status WarmEngines::wait_ready(SteadyTime deadline) {
  std::unique_lock lock(mu_);
  if (!changed_.wait_until(lock, deadline, [&] {
        return static_cast<int>(ready_.size()) >= count_ || starting_ == 0;
      }))
    return fail("the engine did not start in time");
  for (const auto& r : ready_)
    if (!r) return Error{r.message()};
  return Status::Ok();
}

}  // namespace boyi::bots
