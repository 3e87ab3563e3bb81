// A small, fast, seedable generator (xoshiro256**, seeded through splitmix64).
// Identical sequences on every platform, which seeded tests, golden files and
// reproducible self-play depend on; std:: distributions are not portable.
#pragma once

#include <cstdint>

namespace boyi {

inline constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Rng {
 public:
  using result_type = std::uint64_t;
  explicit constexpr Rng(std::uint64_t seed = 1) {
    for (auto& w : s_) w = splitmix64(seed);
  }
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }

  constexpr result_type operator()() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, n) for n > 0 (Lemire's multiply-shift; bias below 2^-32 for game sizes).
  constexpr std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((*this)() >> 32) * n >> 32);
  }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

}  // namespace boyi
