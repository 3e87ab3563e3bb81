// The server program's settings: every one has a default a competition server can run on;
// a JSON config file (--config) may set any of them (unknown keys are errors); environment
// variables BOYI_<KEY> override the file (BOYI_PORT, BOYI_STORAGE, ...: every top-level
// key, upper-cased); the command line overrides both for --port, --address, --data,
// --storage, --web, --log-level, --log-format.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

#include "base/result.h"
#include "referee/match_config.h"
#include "server/accounts/password.h"
#include "server/net/net_limits.h"

namespace boyi::app {

struct ServerConfig {
  std::string address = "0.0.0.0";
  std::uint16_t port = 7700;  // 0: an ephemeral port
  std::filesystem::path data_dir = "data";
  // Where accounts, matches and tournaments are kept: "sqlite" (<data_dir>/boyi.sqlite3,
  // the embedded default) or a PostgreSQL URL, postgresql://user[:password]@host[:port]/db.
  std::string storage = "sqlite";
  std::filesystem::path web_dir;    // empty or missing: API only (no static files)
  // The Ed25519 key that signs 军棋's fairness seals (PEM; made on first start when missing).
  // Empty: <data_dir>/signing-key.pem. Servers sharing one storage must share the key.
  std::filesystem::path signing_key_file;
  std::string log_level = "info";   // trace, debug, info, warn, error, off
  std::string log_format = "text";  // text | json
  int threads = 0;                  // io threads; 0: hardware concurrency (at least 2)
  int account_threads = 2;          // worker threads for argon2 and account storage work
  // Threads that run the matches. A journal append blocks its match's thread until the group
  // commit holding it is on disk; many waiting matches share one fsync, and the io threads
  // never wait on the disk.
  int match_threads = 32;

  net::NetLimits limits;
  accounts::Argon2Params argon2;
  // Commits survive power loss (SQLite synchronous=FULL, PostgreSQL synchronous_commit=on);
  // false: only a crash of the server process (NORMAL / off).
  bool storage_sync_full = true;

  // Matches.
  std::int64_t disconnect_grace_ms = 30'000;
  int illegal_move_attempts = 3;  // 1: an illegal move loses at once
  int spectator_delay_plies = 0;
  referee::TimeControl default_time;  // when a setup names no preset and no time control
  bool event_views = true;            // match events carry the recipient's view
  // A finished match stays in memory this long for late requests (then storage serves it),
  // at most this many of them (the oldest leave first).
  std::int64_t finished_match_linger_ms = 60'000;
  int finished_matches_kept = 256;

  // Lobby.
  std::int64_t challenge_expiry_ms = 120'000;
  bool house_bots = true;
  std::int64_t house_bot_delay_ms = 200;  // a house bot's move is sent no sooner than this
  // Threads the house bots think on (a pool apart from the match and io threads).
  int house_bot_threads = 2;
  // House-bot matches running at once: per user, and on the server (over: refused).
  int max_house_matches_per_user = 2;
  int max_house_matches = 32;
  std::int64_t clock_update_interval_ms = 10'000;  // 0: no ClockUpdate pushes
  std::int64_t heartbeat_interval_ms = 1'000;

  // Several servers on one PostgreSQL database (server/cluster/README.md). This server's
  // name among them: started again under the same name, it takes its earlier run's matches
  // at once. Empty: "<host name>:<data directory>".
  std::string node_name;
  // How long a server may be silent (no heartbeat) before another takes its matches over;
  // at least three heartbeats.
  std::int64_t node_lease_ms = 5'000;

  // Accounts.
  // How often the server reads the revocations boyi-admin wrote (disabled accounts, rotated
  // tokens, changed roles and passwords) and ends the sessions they concern.
  std::int64_t revocation_poll_ms = 1'000;
  // New guests one address may create per hour (a bucket that refills evenly); 0: no limit.
  int guests_per_address_per_hour = 60;
  // New accounts (sign-ups) one address may make per hour, the same way; 0: no limit.
  int sign_ups_per_address_per_hour = 20;
  // Guests that never played are removed this long after they were made (unless online),
  // checked every guest_purge_interval_ms.
  std::int64_t guest_lifetime_ms = 3'600'000;
  // A remembered sign-in (PasswordCredentials.remember) lasts this long; expired ones are
  // removed every guest_purge_interval_ms.
  std::int64_t sign_in_lifetime_ms = 30LL * 24 * 3600 * 1000;
  std::int64_t guest_purge_interval_ms = 600'000;
  // The analysis board's thinking time per request (Analyze); 0: no analysis.
  std::int64_t analysis_ms = 1'500;
  // Bot accounts one person may own (CreateBot); 0: people may not make bots.
  int max_bots_per_owner = 5;

  std::chrono::milliseconds shutdown_deadline{std::chrono::seconds(5)};

  Status validate() const;
};

// Applies the settings of a JSON object (the config file's text) over `config`. Unknown
// keys, wrong types and bad values are errors naming the key.
Status apply_config_json(std::string_view json_text, ServerConfig& config);
Status load_config_file(const std::filesystem::path& path, ServerConfig& config);
// Applies BOYI_<KEY> environment variables (read through `getenv`) for the config file's
// top-level keys: a value is read as JSON where it is a number, true/false or an object
// (BOYI_LIMITS='{"max_frame_bytes": 65536}'), else as a string (BOYI_STORAGE=postgresql://...).
// Other BOYI_ variables are not settings and are left alone.
Status apply_config_environment(ServerConfig& config,
                                const std::function<const char*(const char*)>& getenv);

// The web client shipped with the program: share/boyi/web beside its bin/ (installed, or
// the build tree's link to the source tree's web/dist); empty when there is none.
std::filesystem::path default_web_dir();

}  // namespace boyi::app
