// boyi-engine-check: the conformance kit. Runs a competition engine through scripted
// scenarios of its text protocol, or a network bot against a scripted server that
// misbehaves on purpose, and reports every deviation in plain words with a verdict:
//
//   boyi-engine-check --protocol piskvork -- ./pbrain-x
//   boyi-engine-check --protocol sau --game dots -- ./dots-engine --fast
//   boyi-engine-check --protocol junqi-ccgc --games 4 --bank-ms 120000 -- ./junqi-ai
//   boyi-engine-check --server --game gomoku -- boyi-bot --server {host}:{port} --token {token}
//
// Exit status: 0 the engine conforms (warnings allowed), 1 it does not, 2 the check could
// not run (usage, an unknown protocol, an engine that is not there at all).
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>

#include "tools/engine_check/network/network_check.h"
#include "tools/engine_check/text_check.h"

int main(int argc, char** argv) {
  using namespace boyi::engine_check;
  CLI::App app{
      "boyi-engine-check: checks a competition engine (or a network bot) against its protocol "
      "and reports every deviation, with a pass/fail verdict."};
  TextCheckOptions text;
  NetworkCheckOptions net;
  bool server = false;
  std::string report_path;
  std::vector<std::string> command;
  app.add_option("--protocol", text.protocol, "junqi-ccgc, sau or piskvork");
  app.add_flag("--server", server,
               "check a network bot: {host}, {port} and {token} in its command are replaced");
  app.add_option("--game", text.game, "junqi, dots, surakarta or gomoku (sau: dots or surakarta)");
  app.add_option("--rules", text.rules, "the game's rules text (default: its defaults)");
  app.add_option("--games", text.games, "whole games, the engine's seat alternating")
      ->capture_default_str();
  app.add_option("--bank-ms", text.bank_ms, "each side's time for a game")->capture_default_str();
  app.add_option("--move-ms", text.move_ms,
                 "the time of one move (piskvork: timeout_turn; --server: the per-move limit)")
      ->capture_default_str();
  app.add_option("--startup-ms", text.startup_ms, "the handshake's answer (--server: the sign-in)")
      ->capture_default_str();
  app.add_option("--exit-ms", text.exit_ms, "after the goodbye, until the engine has exited")
      ->capture_default_str();
  app.add_option("--memory-mb", text.memory_mb, "peak resident memory allowed")
      ->capture_default_str();
  app.add_option("--max-moves", text.max_moves, "a longer game is ended and counted")
      ->capture_default_str();
  app.add_option("--seed", text.seed, "the kit's own random choices")->capture_default_str();
  app.add_option("--scenario", net.scenarios, "--server: only these scenarios");
  app.add_option("--log", text.log_path, "a transcript of every scenario, both ways");
  app.add_option("--report", report_path, "also write the report to this file");
  app.add_option("command", command, "the engine's (or bot's) command, after --")->required();
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;
  }
  if (server == !text.protocol.empty()) {
    std::cerr << "boyi-engine-check: give --protocol (a text engine) or --server (a network "
                 "bot), one of them\n";
    return 2;
  }

  boyi::Result<Report> report = boyi::fail("no check");
  if (server) {
    net.game = text.game;
    net.argv = command;
    net.move_ms = text.move_ms;
    net.startup_ms = text.startup_ms;
    net.seed = text.seed;
    net.log_path = text.log_path;
    report = run_network_check(net);
  } else {
    text.argv = command;
    report = run_text_check(text);
  }
  if (!report) {
    std::cerr << "boyi-engine-check: " << report.message() << "\n";
    return 2;
  }
  const std::string out = report->text();
  std::cout << out;
  if (!report_path.empty()) std::ofstream(report_path) << out;
  return report->passed() ? 0 : 1;
}
