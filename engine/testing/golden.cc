#include "engine/testing/golden.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

namespace boyi::testing {

void expect_golden_file(const std::string& path, const std::string& actual, std::size_t max_bytes) {
  EXPECT_LE(actual.size(), max_bytes) << "golden text too large to review: " << path;
  const char* update = std::getenv("BOYI_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    std::ofstream(path, std::ios::binary) << actual;
    std::cout << "rewrote " << path << "\n";
    return;
  }
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in.good()) << "missing " << path << " (BOYI_UPDATE_GOLDEN=1 writes it)";
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string expected = buffer.str();
  if (expected == actual) return;
  std::istringstream a(expected), b(actual);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(a, la));
    const bool more_b = static_cast<bool>(std::getline(b, lb));
    if (!more_a && !more_b) break;
    if (!more_a || !more_b || la != lb) {
      ADD_FAILURE() << path << " differs at line " << line
                    << ":\n  file: " << (more_a ? la : "<end>")
                    << "\n  now:  " << (more_b ? lb : "<end>")
                    << "\nAfter an intended change, regenerate with BOYI_UPDATE_GOLDEN=1 and "
                       "review the diff.";
      return;
    }
  }
  ADD_FAILURE() << path << " differs (line endings?)";
}

}  // namespace boyi::testing
