#include "server/export/npz.h"

#include <zlib.h>

#include <fstream>

namespace boyi::data_export {
namespace {

void put16(std::string& out, std::uint32_t v) {
  out += static_cast<char>(v & 0xff);
  out += static_cast<char>((v >> 8) & 0xff);
}
void put32(std::string& out, std::uint32_t v) {
  put16(out, v & 0xffff);
  put16(out, v >> 16);
}

}  // namespace

std::string NpzWriter::npy(const std::string& dtype, const std::vector<std::int64_t>& shape,
                           const std::string& data) {
  std::string dims;
  for (std::size_t i = 0; i < shape.size(); ++i) dims += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1) dims += ",";  // "(3,)", "(3, 4)"
  std::string header =
      "{'descr': '" + dtype + "', 'fortran_order': False, 'shape': (" + dims + "), }";
  // Magic, version 1.0, the header length, then the header padded with spaces and ended by
  // a newline so that the data starts at a multiple of 64 bytes.
  const std::size_t fixed = 10;
  const std::size_t total = (fixed + header.size() + 1 + 63) / 64 * 64;
  header.append(total - fixed - header.size() - 1, ' ');
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  put16(out, static_cast<std::uint32_t>(header.size()));
  out += header;
  out += data;
  return out;
}

void NpzWriter::add(std::string name, std::string dtype, std::vector<std::int64_t> shape,
                    std::string data) {
  entries_.push_back({std::move(name) + ".npy", npy(dtype, shape, data)});
}

Status NpzWriter::write(const std::filesystem::path& file) const {
  std::string zip, central;
  for (const auto& e : entries_) {
    if (e.bytes.size() >= 0xffffffffu || zip.size() >= 0xffffffffu)
      return fail("npz: more than 4 GiB (zip64 is not written)");
    const auto crc = static_cast<std::uint32_t>(
        crc32(0L, reinterpret_cast<const Bytef*>(e.bytes.data()), static_cast<uInt>(e.bytes.size())));
    const auto offset = static_cast<std::uint32_t>(zip.size());
    const auto size = static_cast<std::uint32_t>(e.bytes.size());
    // Local file header: stored (method 0), no data descriptor, DOS time 1980-01-01.
    put32(zip, 0x04034b50);
    put16(zip, 20);
    put16(zip, 0);
    put16(zip, 0);
    put16(zip, 0);
    put16(zip, 0x21);
    put32(zip, crc);
    put32(zip, size);
    put32(zip, size);
    put16(zip, static_cast<std::uint32_t>(e.name.size()));
    put16(zip, 0);
    zip += e.name;
    zip += e.bytes;
    // Its central directory entry.
    put32(central, 0x02014b50);
    put16(central, 20);
    put16(central, 20);
    put16(central, 0);
    put16(central, 0);
    put16(central, 0);
    put16(central, 0x21);
    put32(central, crc);
    put32(central, size);
    put32(central, size);
    put16(central, static_cast<std::uint32_t>(e.name.size()));
    put16(central, 0);
    put16(central, 0);
    put16(central, 0);
    put16(central, 0);
    put32(central, 0);
    put32(central, offset);
    central += e.name;
  }
  const auto directory_at = static_cast<std::uint32_t>(zip.size());
  zip += central;
  put32(zip, 0x06054b50);
  put16(zip, 0);
  put16(zip, 0);
  put16(zip, static_cast<std::uint32_t>(entries_.size()));
  put16(zip, static_cast<std::uint32_t>(entries_.size()));
  put32(zip, static_cast<std::uint32_t>(central.size()));
  put32(zip, directory_at);
  put16(zip, 0);
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  out.write(zip.data(), static_cast<std::streamsize>(zip.size()));
  out.close();
  if (!out) return fail("cannot write " + file.string());
  return Status::Ok();
}

}  // namespace boyi::data_export
