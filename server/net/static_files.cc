#include "server/net/static_files.h"

#include <sys/stat.h>

#include <array>
#include <ctime>
#include <system_error>
#include <utility>

namespace boyi::net {

namespace fs = std::filesystem;

bool percent_decode(std::string_view in, std::string& out) {
  out.clear();
  out.reserve(in.size());
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < in.size(); ++i) {
    char c = in[i];
    if (c == '%') {
      if (i + 2 >= in.size()) return false;
      const int hi = hex(in[i + 1]);
      const int lo = hex(in[i + 2]);
      if (hi < 0 || lo < 0) return false;
      c = static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    if (c == '\0') return false;
    out.push_back(c);
  }
  return true;
}

std::string content_type_for(const fs::path& path) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 18> kTypes = {{
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".json", "application/json"},
      {".txt", "text/plain; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".ico", "image/x-icon"},
      {".webp", "image/webp"},
      {".wasm", "application/wasm"},
      {".woff2", "font/woff2"},
      {".map", "application/json"},
      {".proto", "text/plain; charset=utf-8"},
  }};
  const std::string ext = path.extension().string();
  for (const auto& [e, t] : kTypes) {
    if (ext == e) return std::string(t);
  }
  return "application/octet-stream";
}

static std::string http_date(std::time_t t) {
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[64];
  const std::size_t n = std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm);
  return std::string(buf, n);
}

static bool inside(const fs::path& root, const fs::path& p) {
  auto r = root.begin();
  auto q = p.begin();
  for (; r != root.end(); ++r, ++q) {
    if (r->empty()) continue;  // trailing separator of the root
    if (q == p.end() || *q != *r) return false;
  }
  return true;
}

StaticFile resolve_static_file(const fs::path& root, std::string_view url_path) {
  StaticFile out;
  out.status = 403;
  if (url_path.empty() || url_path.front() != '/') return out;
  if (url_path.find('\\') != std::string_view::npos) return out;
  if (url_path.find('\0') != std::string_view::npos) return out;
  // Every segment must be a plain name: no "..", no ".", no empty segment inside.
  std::string rel;
  std::size_t pos = 1;
  while (pos <= url_path.size()) {
    std::size_t end = url_path.find('/', pos);
    if (end == std::string_view::npos) end = url_path.size();
    const std::string_view seg = url_path.substr(pos, end - pos);
    if (seg == ".." || seg == ".") return out;
    if (seg.empty() && end != url_path.size()) return out;
    if (!seg.empty()) {
      if (!rel.empty()) rel += '/';
      rel.append(seg);
    }
    pos = end + 1;
  }
  std::error_code ec;
  const fs::path real_root = fs::canonical(root, ec);
  if (ec) {
    out.status = 404;
    return out;
  }
  fs::path candidate = rel.empty() ? real_root : real_root / rel;
  fs::path real = fs::canonical(candidate, ec);
  if (ec) {
    out.status = 404;
    return out;
  }
  if (!inside(real_root, real)) return out;  // a symlink out of the root
  if (fs::is_directory(real, ec)) {
    real = fs::canonical(real / "index.html", ec);
    if (ec) {
      out.status = 404;
      return out;
    }
    if (!inside(real_root, real)) return out;
  }
  struct stat st {};
  if (::stat(real.c_str(), &st) != 0) {
    out.status = 404;
    return out;
  }
  if (!S_ISREG(st.st_mode)) {
    out.status = 403;
    return out;
  }
  out.status = 200;
  out.path = real;
  out.size = static_cast<std::uintmax_t>(st.st_size);
  out.content_type = content_type_for(real);
  out.etag = "\"" + std::to_string(st.st_size) + "-" + std::to_string(st.st_mtim.tv_sec) + "." +
             std::to_string(st.st_mtim.tv_nsec) + "\"";
  out.last_modified = http_date(st.st_mtim.tv_sec);
  return out;
}

}  // namespace boyi::net
