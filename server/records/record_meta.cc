// Times and text checks for records: UTC timestamps, fixed display offsets,
// the competition's local "yyyy.mm.dd hh:mm", and UTF-8 validation.
#include "server/records/record_meta.h"

#include <chrono>
#include <cstdio>

namespace boyi::records {

namespace {

using namespace std::chrono;

struct Civil {
  int year, month, day, hour, minute, second, milli;
};

Civil to_civil(std::int64_t ms) {
  const sys_time<milliseconds> t{milliseconds(ms)};
  const sys_days day = floor<days>(t);
  const year_month_day ymd{day};
  const hh_mm_ss<milliseconds> hms{t - day};
  return {int(ymd.year()),
          int(unsigned(ymd.month())),
          int(unsigned(ymd.day())),
          int(hms.hours().count()),
          int(hms.minutes().count()),
          int(hms.seconds().count()),
          int(hms.subseconds().count())};
}

bool digits(std::string_view text, std::size_t pos, std::size_t n, int& out) {
  if (pos + n > text.size()) return false;
  out = 0;
  for (std::size_t i = pos; i < pos + n; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    out = out * 10 + (text[i] - '0');
  }
  return true;
}

}  // namespace

std::string format_utc(std::int64_t ms) {
  const Civil c = to_civil(ms);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", c.year, c.month, c.day,
                c.hour, c.minute, c.second, c.milli);
  return buf;
}

Result<std::int64_t> parse_utc(std::string_view text) {
  const auto bad = [&] {
    return fail("'" + std::string(text.substr(0, 40)) +
                "' is not a UTC time like 2017-07-29T06:00:00.000Z");
  };
  if (text.size() != 24) return bad();
  int y, mo, d, h, mi, s, ms;
  if (!digits(text, 0, 4, y) || text[4] != '-' || !digits(text, 5, 2, mo) || text[7] != '-' ||
      !digits(text, 8, 2, d) || text[10] != 'T' || !digits(text, 11, 2, h) || text[13] != ':' ||
      !digits(text, 14, 2, mi) || text[16] != ':' || !digits(text, 17, 2, s) || text[19] != '.' ||
      !digits(text, 20, 3, ms) || text[23] != 'Z')
    return bad();
  const year_month_day ymd{year(y), month(unsigned(mo)), day(unsigned(d))};
  if (y < 1970 || !ymd.ok() || h > 23 || mi > 59 || s > 59) return bad();
  const auto t = sys_days(ymd) + hours(h) + minutes(mi) + seconds(s) + milliseconds(ms);
  return static_cast<std::int64_t>(t.time_since_epoch().count());
}

std::string format_utc_offset(int minutes) {
  const int a = minutes < 0 ? -minutes : minutes;
  char buf[16];
  std::snprintf(buf, sizeof buf, "%c%02d:%02d", minutes < 0 ? '-' : '+', a / 60 % 100, a % 60);
  return buf;
}

Result<int> parse_utc_offset(std::string_view text) {
  int h, m;
  if (text.size() != 6 || (text[0] != '+' && text[0] != '-') || !digits(text, 1, 2, h) ||
      text[3] != ':' || !digits(text, 4, 2, m) || m > 59 || h * 60 + m > kMaxUtcOffsetMinutes)
    return fail("'" + std::string(text.substr(0, 20)) +
                "' is not a UTC offset like +08:00 (at most 14 hours)");
  return (text[0] == '-' ? -1 : 1) * (h * 60 + m);
}

std::string format_local_minute(std::int64_t ms, int utc_offset_minutes) {
  const Civil c = to_civil(ms + std::int64_t{utc_offset_minutes} * 60'000);
  char buf[40];
  std::snprintf(buf, sizeof buf, "%04d.%02d.%02d %02d:%02d", c.year, c.month, c.day, c.hour,
                c.minute);
  return buf;
}

Status check_utf8(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    std::size_t len = 0;
    std::uint32_t cp = 0, min = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      len = 2, cp = c & 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
      len = 3, cp = c & 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
      len = 4, cp = c & 0x07, min = 0x10000;
    } else {
      return fail("bad UTF-8 at byte " + std::to_string(i));
    }
    if (i + len > n) return fail("bad UTF-8 at byte " + std::to_string(i) + " (truncated)");
    for (std::size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return fail("bad UTF-8 at byte " + std::to_string(i + k));
      cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
      return fail("bad UTF-8 at byte " + std::to_string(i) + " (overlong or not a character)");
    i += len;
  }
  return Status::Ok();
}

}  // namespace boyi::records
