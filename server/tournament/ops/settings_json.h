// Tournament settings as JSON: every field of tournament::Settings by the same name (README.md,
// "Settings"), all optional (a missing field keeps its default); unknown keys, wrong types
// and values out of range are errors naming the key.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string_view>

#include "base/result.h"
#include "server/tournament/settings.h"

namespace boyi::tournament {

// Applies a JSON object's fields over `settings` (validated afterwards by the caller).
Status apply_settings_json(const nlohmann::json& object, Settings& settings);
Result<Settings> settings_from_json(std::string_view text);
// Every field, defaults included.
nlohmann::json settings_to_json(const Settings& settings);

}  // namespace boyi::tournament
