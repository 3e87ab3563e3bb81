// Helpers of the tournament end-to-end tests: boyi-admin runs against the server's data
// directory, the tournament HTTP API as JSON, bot sign-in by token, and waiting.
#pragma once

#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <string>
#include <thread>

#include "tests/e2e/e2e_support.h"
#include "tools/tourney/http_client.h"

namespace boyi::e2e {

using AdminRun = CommandRun;

// boyi-admin on the server's data ARGS, with `input` on standard input; stdout captured.
inline AdminRun run_admin(const ServerProcess& server, const std::string& args,
                          const std::string& input = "") {
  const auto in = server.data_dir().parent_path() / ("admin-stdin-" + std::to_string(::getpid()));
  { std::ofstream(in, std::ios::binary) << input; }
  AdminRun r =
      run_command(std::string("'") + BOYI_ADMIN_BIN + "' " + server.admin_arguments() +
                  " --argon2-memory-kib 256 " + args + " <'" + in.string() + "' 2>/dev/null");
  std::filesystem::remove(in);
  return r;
}

inline Result<std::string> bot_token(const ServerProcess& server, const std::string& name) {
  auto r = run_admin(server, "bot add '" + name + "'");
  if (r.code != 0 || r.out.empty()) return Error{"boyi-admin bot add " + name + " failed"};
  return r.out;
}

struct JsonReply {
  int status = 0;
  nlohmann::json body;
};

inline Result<JsonReply> http_json(std::uint16_t port, const std::string& method,
                                   const std::string& path, const std::string& body = {},
                                   const std::string& authorization = {}) {
  std::vector<std::pair<std::string, std::string>> headers;
  if (!authorization.empty()) headers.emplace_back("Authorization", authorization);
  auto r = tourney::http_request(port, method, path, body, headers);
  if (!r) return Error{method + " " + path + ": " + r.message()};
  JsonReply out;
  out.status = r->status;
  out.body = nlohmann::json::parse(r->body, nullptr, false);
  if (out.body.is_discarded()) return Error{method + " " + path + ": not JSON: " + r->body};
  return out;
}

// Creates a tournament from its JSON spec through the admin API and starts it; its id.
inline Result<std::string> start_tournament(std::uint16_t port, const nlohmann::json& spec,
                                            const std::string& authorization) {
  auto created = http_json(port, "POST", "/api/tournaments", spec.dump(), authorization);
  if (!created) return Error{created.message()};
  if (created->status != 201) return Error{"not created: " + created->body.dump()};
  const std::string id = created->body["id"];
  auto started = http_json(port, "POST", "/api/tournaments/" + id + "/start", "", authorization);
  if (!started) return Error{started.message()};
  if (started->status != 200) return Error{"not started: " + started->body.dump()};
  return id;
}

// Connects, says hello and signs in with a bot token.
inline Result<std::unique_ptr<Client>> bot_client(std::uint16_t port, Transport t,
                                                  const std::string& token) {
  auto c = Client::connect(port, t);
  if (!c.ok()) return Error{c.message()};
  if (auto w = (*c)->hello(); !w.ok()) return Error{"hello: " + w.message()};
  v1::ClientMessage m;
  m.mutable_sign_in()->mutable_bot_token()->set_token(token);
  auto reply = (*c)->request(m);
  if (!reply.ok()) return Error{reply.message()};
  if (!reply->has_signed_in()) return Error{"bot sign-in: " + describe(*reply)};
  return std::move(c).value();
}

// A bot account (boyi-admin bot add) signed in over TCP/JSON: an entrant whose games the
// test plays by hand.
struct BotEntrant {
  std::string name;
  std::unique_ptr<Client> client;
};

inline Result<BotEntrant> bot_entrant(const ServerProcess& server, const std::string& stem) {
  BotEntrant e{unique_name(stem), nullptr};
  auto token = bot_token(server, e.name);
  if (!token) return Error{"bot " + e.name + ": " + token.message()};
  auto c = bot_client(server.port(), Transport::tcp_json, *token);
  if (!c) return Error{"bot " + e.name + ": " + c.message()};
  e.client = std::move(c).value();
  return e;
}

inline bool wait_until(const std::function<bool()>& done, Millis timeout,
                       Millis step = Millis(100)) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(step);
  }
  return done();
}

// The tournament's summary from the report, or null.
inline nlohmann::json tournament_summary(std::uint16_t port, const std::string& id) {
  auto r = http_json(port, "GET", "/api/tournaments/" + id);
  if (!r || r->status != 200) return nullptr;
  return r->body["tournament"];
}

// Whether the tournament's summary says it is over (a wait_until condition).
inline bool tournament_finished(std::uint16_t port, const std::string& id) {
  const auto t = tournament_summary(port, id);
  return t.is_object() && t["status"] == "finished";
}

}  // namespace boyi::e2e
