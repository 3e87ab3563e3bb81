// NumPy arrays for learning code: `.npy` arrays (format 1.0, little-endian, C order) in an
// uncompressed zip, the `.npz` that numpy.load reads. Sizes up to 4 GiB (no zip64).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "base/result.h"

namespace boyi::data_export {

class NpzWriter {
 public:
  // `dtype`: the numpy descr, "<i1", "<i4", "<i8"; `data`: the elements' bytes in C order.
  void add(std::string name, std::string dtype, std::vector<std::int64_t> shape,
           std::string data);
  // Writes every array added, as NAME.npy entries.
  Status write(const std::filesystem::path& file) const;

  // One array as an .npy file's bytes.
  static std::string npy(const std::string& dtype, const std::vector<std::int64_t>& shape,
                         const std::string& data);

 private:
  struct Entry {
    std::string name;
    std::string bytes;
  };
  std::vector<Entry> entries_;
};

// The little-endian bytes of integer values (the element width is the type's).
template <typename T>
std::string le_bytes(const std::vector<T>& values) {
  std::string out;
  out.reserve(values.size() * sizeof(T));
  for (T v : values) {
    auto u = static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
    for (std::size_t i = 0; i < sizeof(T); ++i) out += static_cast<char>((u >> (8 * i)) & 0xff);
  }
  return out;
}

}  // namespace boyi::data_export
