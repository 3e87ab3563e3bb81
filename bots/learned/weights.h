// Where a learned bot finds its weights, and what it says when it has none.
//
// A weights file is named by the model (e.g. "gomoku-bptd.pt"). It is looked
// for, in order: the path a player spec gives (weights=PATH), the folder in
// the BOYI_WEIGHTS_DIR environment variable, and the weights shipped in this
// source tree (bots/learned/weights/). A bot whose file is missing or does not
// load plays on with its hand-made evaluation and warns once per model on
// standard error, so a server never refuses a learned bot for want of a file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace boyi::bots::learned {

// The folder the shipped weights are read from (BOYI_WEIGHTS_DIR, else the
// source tree's bots/learned/weights).
std::filesystem::path weights_dir();

// The file to load for `model` ("gomoku-bptd.pt"): `explicit_path` when not
// empty, else weights_dir() / model.
std::filesystem::path weights_path(std::string_view model, std::string_view explicit_path = {});

// Writes "warning: <what> — <fallback>" to standard error the first time it is
// called for `model` in this process; later calls for the same model are quiet.
void warn_once(std::string_view model, std::string_view what);

}  // namespace boyi::bots::learned
