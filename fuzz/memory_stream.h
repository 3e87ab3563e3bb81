// A connection's bytes from memory, for Beast's synchronous reads: read_some hands out the
// input in the chunks a socket might (chunks.h), then end of stream; writes are dropped.
#pragma once

#include <boost/asio/buffer.hpp>
#include <boost/asio/error.hpp>
#include <boost/system/error_code.hpp>
#include <cstddef>
#include <string_view>
#include <vector>

#include "fuzz/chunks.h"

namespace boyi::fuzz {

class MemoryStream {
 public:
  explicit MemoryStream(std::string_view bytes) : chunks_(chunks_of(bytes)) {}

  template <class Buffers>
  std::size_t read_some(const Buffers& buffers, boost::system::error_code& ec) {
    if (next_ == chunks_.size()) {
      ec = boost::asio::error::eof;
      return 0;
    }
    std::string_view& chunk = chunks_[next_];
    const std::size_t n = boost::asio::buffer_copy(buffers, boost::asio::buffer(chunk));
    chunk.remove_prefix(n);
    if (chunk.empty()) ++next_;
    ec = {};
    return n;
  }
  template <class Buffers>
  std::size_t read_some(const Buffers& buffers) {
    boost::system::error_code ec;
    const std::size_t n = read_some(buffers, ec);
    if (ec) throw boost::system::system_error(ec);
    return n;
  }

 private:
  std::vector<std::string_view> chunks_;
  std::size_t next_ = 0;
};

}  // namespace boyi::fuzz
