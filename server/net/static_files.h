// Static files for the web client: safe path resolution and content types.
// Beast-free and testable without sockets.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace boyi::net {

// Decodes %XX escapes; fails (nullopt-like: ok=false) on a bad escape or a NUL byte.
bool percent_decode(std::string_view in, std::string& out);

struct StaticFile {
  int status = 200;  // 200, or 403 (refused) / 404 (missing) with `path` empty
  std::filesystem::path path;
  std::uintmax_t size = 0;
  std::string content_type;
  std::string etag;           // quoted, from size and modification time
  std::string last_modified;  // IMF-fixdate
};

// Maps a decoded URL path onto a regular file under `root` (`/` and directories give their
// index.html). Refused (403): paths with "..", "." segments, backslashes or NUL, and any
// file whose real location (symlinks resolved) is outside the real root. Missing: 404.
StaticFile resolve_static_file(const std::filesystem::path& root, std::string_view url_path);

// "text/html; charset=utf-8" for .html and so on; application/octet-stream when unknown.
std::string content_type_for(const std::filesystem::path& path);

}  // namespace boyi::net
