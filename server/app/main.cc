// boyi-server: the Boyi game server. `boyi-server --port 7700 --data ./data`.
#include <malloc.h>
#include <pthread.h>
#include <CLI/CLI.hpp>
#include <csignal>
#include <cstdio>
#include <cstdlib>

#include "server/app/server_app.h"

int main(int argc, char** argv) {
  using boyi::app::ServerConfig;
  CLI::App cli{"boyi-server: hosts refereed matches of 军棋, 五子棋, 点格棋 and 苏拉卡尔塔"};
  std::string config_file, data, storage, web, level, format, address;
  int port = -1;
  cli.add_option("--config", config_file,
                 "JSON config file (every setting optional; also BOYI_CONFIG)");
  cli.footer(
      "Settings: defaults < the config file < environment variables BOYI_<KEY> (every top-level "
      "key of the config file, upper-cased: BOYI_PORT, BOYI_STORAGE, BOYI_HOUSE_BOTS, ...) < "
      "these options.");
  cli.add_option("--port", port, "TCP port for every transport (default 7700; 0: any free port)")
      ->check(CLI::Range(0, 65535));
  cli.add_option("--address", address, "address to listen on (default 0.0.0.0)");
  cli.add_option("--data", data, "data directory (default ./data)");
  cli.add_option("--storage", storage,
                 "\"sqlite\" (default: <data>/boyi.sqlite3) or postgresql://user@host/db");
  cli.add_option(
      "--web", web,
      "directory of the web client's files (default: the one shipped in share/boyi/web)");
  cli.add_option("--log-level", level, "trace, debug, info, warn, error, critical, off");
  cli.add_option("--log-format", format, "text or json")->check(CLI::IsMember({"text", "json"}));
  CLI11_PARSE(cli, argc, argv);

  ServerConfig config;
  config.web_dir = boyi::app::default_web_dir();
  if (config_file.empty())
    if (const char* from_env = std::getenv("BOYI_CONFIG")) config_file = from_env;
  if (!config_file.empty())
    if (auto s = boyi::app::load_config_file(config_file, config); !s) {
      std::fprintf(stderr, "boyi-server: %s\n", s.message().c_str());
      return 2;
    }
  if (auto s = boyi::app::apply_config_environment(config, &std::getenv); !s) {
    std::fprintf(stderr, "boyi-server: %s\n", s.message().c_str());
    return 2;
  }
  if (port >= 0) config.port = static_cast<std::uint16_t>(port);
  if (!address.empty()) config.address = address;
  if (!data.empty()) config.data_dir = data;
  if (!storage.empty()) config.storage = storage;
  if (!web.empty()) config.web_dir = web;
  if (!level.empty()) config.log_level = level;
  if (!format.empty()) config.log_format = format;

  // Large blocks (argon2's 19 MiB per password check, an engine's tables) are mapped on their
  // own and given back at free. Left to itself glibc raises this threshold after the first
  // such block is freed and keeps the later ones in its heaps: 160 wrong passwords took the
  // server from 18 to 272 MiB, and the memory stayed.
  mallopt(M_MMAP_THRESHOLD, 1 << 20);

  // Block the stop signals in every thread; the main thread waits for them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

  auto app = boyi::app::ServerApp::start(config);
  if (!app) {
    std::fprintf(stderr, "boyi-server: %s\n", app.message().c_str());
    return 1;
  }
  int sig = 0;
  sigwait(&stop_signals, &sig);
  app.value()->shutdown();
  return 0;
}
