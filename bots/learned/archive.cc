#include "bots/learned/archive.h"

#include <string>
#include <system_error>

namespace boyi::bots::learned {

namespace {
// A c10::Error's text runs on with a C++ backtrace: its first line says it.
std::string first_line(const std::exception& e) {
  const std::string what = e.what();
  return what.substr(0, what.find('\n'));
}
}  // namespace

Status save_archive(const std::filesystem::path& file,
                    const std::function<void(torch::serialize::OutputArchive&)>& write) {
  try {
    torch::serialize::OutputArchive archive;
    write(archive);
    archive.save_to(file.string());
    return {};
  } catch (const std::exception& e) {  // c10::Error derives from std::exception
    return fail("cannot write " + file.string() + ": " + first_line(e));
  }
}

Status load_archive(const std::filesystem::path& file,
                    const std::function<Status(torch::serialize::InputArchive&)>& read) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return fail("no file " + file.string());
  try {
    torch::serialize::InputArchive archive;
    archive.load_from(file.string(), torch::Device(torch::kCPU));
    if (auto st = read(archive); !st) return fail(file.string() + ": " + st.message());
    return {};
  } catch (const std::exception& e) {
    return fail(file.string() + ": unreadable (" + first_line(e) + ")");
  }
}

}  // namespace boyi::bots::learned
