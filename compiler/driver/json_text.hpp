// JSON output of the commands: text that is not valid UTF-8 (a Latin-1 byte in a spec's
// string, a file name) is written with U+FFFD in its place rather than ending the command
// with nlohmann's type_error 316.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace pzc::driver {

inline constexpr auto kReplaceBadUtf8 = nlohmann::json::error_handler_t::replace;

// A failed command's document on stdout with --json: how many errors, and the message
// as printed on stderr.
inline std::string error_json(std::size_t errors, const std::string& message) {
  return nlohmann::json{{"status", "error"}, {"errors", errors}, {"message", message}}.dump(2, ' ', false, kReplaceBadUtf8) +
         "\n";
}

}  // namespace pzc::driver
