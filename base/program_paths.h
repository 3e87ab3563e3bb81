// Where a Boyi program finds what it ships with: relative to its own executable, so an
// installed tree (cmake --install) runs from wherever it is moved, and the build tree,
// which has the same layout (bin/, lib/boyi/, share/boyi/), runs the same way. No path of
// the machine that built it is compiled in.
//
//   <prefix>/bin/boyi-server            the programs
//   <prefix>/lib/boyi/libboyi_learned.so  the learned players (loaded on first use)
//   <prefix>/share/boyi/weights/        the shipped weights
//   <prefix>/share/boyi/web/            the web client
#pragma once

#include <filesystem>
#include <string_view>

namespace boyi {

// The folder of the running executable (from /proc/self/exe); empty if unknown.
std::filesystem::path program_dir();
// `relative` under the prefix the running executable is installed in (its folder's
// parent): shipped_path("share/boyi/web"). Empty if the executable's folder is unknown.
std::filesystem::path shipped_path(std::string_view relative);

}  // namespace boyi
