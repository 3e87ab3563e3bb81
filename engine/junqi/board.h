// 军棋 board geometry: the 60 posts, camps, headquarters, road and rail links
// (see docs/rules/junqi.md, "Board"), as 64-bit masks built at compile
// time, plus the rotation into a seat's own frame and post names ("G0").
// A post is r*5+c with rows A..L = 0..11 top to bottom and columns 0..4.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/outcome.h"
#include "base/result.h"

namespace boyi::junqi {

inline constexpr int kRows = 12;
inline constexpr int kCols = 5;
inline constexpr int kPosts = kRows * kCols;

constexpr int post_at(int row, int col) {
  return row * kCols + col;
}
constexpr int row_of(int post) {
  return post / kCols;
}
constexpr int col_of(int post) {
  return post % kCols;
}
constexpr std::uint64_t bit(int post) {
  return std::uint64_t{1} << post;
}

// The competition protocol rotates the board so a seat sees itself at the
// bottom: seat 0 identity, seat 1 the 180° turn (r,c) -> (11-r, 4-c), which is
// post -> 59-post. The turn is its own inverse, so both directions agree.
constexpr int to_own_frame(int post, Seat seat) {
  return seat == 1 ? kPosts - 1 - post : post;
}
constexpr int from_own_frame(int post, Seat seat) {
  return to_own_frame(post, seat);
}

// "G0" for post 30; parse_post accepts exactly a row letter A..L and a digit 0..4.
std::string post_name(int post);
Result<int> parse_post(std::string_view text);

namespace board {

constexpr std::uint64_t mask_of(std::initializer_list<int> posts) {
  std::uint64_t m = 0;
  for (int p : posts) m |= bit(p);
  return m;
}

inline constexpr std::uint64_t kAll = (std::uint64_t{1} << kPosts) - 1;
inline constexpr std::uint64_t kCamps =
    mask_of({post_at(2, 1), post_at(2, 3), post_at(3, 2), post_at(4, 1), post_at(4, 3),
             post_at(7, 1), post_at(7, 3), post_at(8, 2), post_at(9, 1), post_at(9, 3)});
inline constexpr std::uint64_t kHeadquarters =
    mask_of({post_at(0, 1), post_at(0, 3), post_at(11, 1), post_at(11, 3)});

constexpr std::uint64_t row_mask(int row) {
  return std::uint64_t{0x1F} << (row * kCols);
}
constexpr std::uint64_t col_mask(int col, int first_row, int last_row) {
  std::uint64_t m = 0;
  for (int r = first_row; r <= last_row; ++r) m |= bit(post_at(r, col));
  return m;
}

inline constexpr std::uint64_t kRailRows = row_mask(1) | row_mask(5) | row_mask(6) | row_mask(10);
inline constexpr std::uint64_t kRail = kRailRows | col_mask(0, 1, 10) | col_mask(4, 1, 10);

// Rail links as shifts: kRailEast holds the posts with a rail link to post+1,
// and so on. F2-G2 is the one rail link in column 2; no link crosses F1-G1 or F3-G3.
inline constexpr std::uint64_t kRailEast = kRailRows & ~(col_mask(4, 0, 11));
inline constexpr std::uint64_t kRailWest = kRailRows & ~(col_mask(0, 0, 11));
inline constexpr std::uint64_t kRailSouth =
    col_mask(0, 1, 9) | col_mask(4, 1, 9) | bit(post_at(5, 2));
inline constexpr std::uint64_t kRailNorth =
    col_mask(0, 2, 10) | col_mask(4, 2, 10) | bit(post_at(6, 2));

enum Direction : int { kEast, kWest, kSouth, kNorth };

constexpr std::uint64_t rail_step(std::uint64_t s, int dir) {
  switch (dir) {
    case kEast:
      return (s & kRailEast) << 1;
    case kWest:
      return (s & kRailWest) >> 1;
    case kSouth:
      return (s & kRailSouth) << kCols;
    default:
      return (s & kRailNorth) >> kCols;
  }
}

// Every post one rail link away from a post of s.
constexpr std::uint64_t rail_expand(std::uint64_t s) {
  return ((s & kRailEast) << 1) | ((s & kRailWest) >> 1) | ((s & kRailSouth) << kCols) |
         ((s & kRailNorth) >> kCols);
}

constexpr bool is_mountain_gap(int a, int b) {
  const int lo = a < b ? a : b, hi = a < b ? b : a;
  return (lo == post_at(5, 1) && hi == post_at(6, 1)) ||
         (lo == post_at(5, 3) && hi == post_at(6, 3));
}

constexpr std::array<std::uint64_t, kPosts> make_road_links() {
  std::array<std::uint64_t, kPosts> links{};
  for (int p = 0; p < kPosts; ++p) {
    const int r = row_of(p), c = col_of(p);
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if (dr == 0 && dc == 0) continue;
        const int nr = r + dr, nc = c + dc;
        if (nr < 0 || nr >= kRows || nc < 0 || nc >= kCols) continue;
        const int q = post_at(nr, nc);
        const bool diagonal = dr != 0 && dc != 0;
        if (diagonal && !((kCamps >> p) & 1) && !((kCamps >> q) & 1)) continue;
        if (!diagonal && is_mountain_gap(p, q)) continue;
        links[p] |= bit(q);
      }
  }
  return links;
}

// Road links of each post (orthogonal except the mountain gaps; diagonal at camps).
inline constexpr std::array<std::uint64_t, kPosts> kRoad = make_road_links();

}  // namespace board
}  // namespace boyi::junqi
