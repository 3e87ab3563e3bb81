// Result values for everything a message or a file can make go wrong.
// Parse and checked-apply functions return these instead of throwing, so bad
// input from the network can never abort the process (see docs/DESIGN.md).
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace boyi {

struct Error {
  std::string message;
};

// Ok or an error with a human-readable reason.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error e) : error_(std::move(e.message)), ok_(false) {}  // NOLINT: implicit by design
  static Status Ok() { return {}; }

  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const std::string& message() const { return error_; }

 private:
  std::string error_;
  bool ok_ = true;
};

inline Error fail(std::string message) {
  return Error{std::move(message)};
}

// A value or an error with a reason.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error e) : v_(std::move(e)) {}      // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const std::string& message() const { return std::get<1>(v_).message; }
  Status status() const { return ok() ? Status::Ok() : Status(std::get<1>(v_)); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace boyi
