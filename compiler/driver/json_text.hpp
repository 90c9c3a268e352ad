// JSON output of the commands: text that is not valid UTF-8 (a Latin-1 byte in a spec's
// string, a file name) is written with U+FFFD in its place rather than ending the command
// with nlohmann's type_error 316.
#pragma once

#include <nlohmann/json.hpp>

namespace pzc::driver {

inline constexpr auto kReplaceBadUtf8 = nlohmann::json::error_handler_t::replace;

}  // namespace pzc::driver
