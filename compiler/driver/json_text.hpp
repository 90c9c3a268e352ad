// JSON output of the commands: text that is not valid UTF-8 (a Latin-1 byte in a spec's
// string, a file name) is written with U+FFFD in its place rather than ending the command
// with nlohmann's type_error 316.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "runtime/ir/print.hpp"
#include "runtime/ir/program.hpp"

namespace pzc::driver {

inline constexpr auto kReplaceBadUtf8 = nlohmann::json::error_handler_t::replace;

// A failed command's document on stdout with --json: how many errors, and the message
// as printed on stderr.
inline std::string error_json(std::size_t errors, const std::string& message) {
  return nlohmann::json{{"status", "error"}, {"errors", errors}, {"message", message}}.dump(2, ' ', false, kReplaceBadUtf8) +
         "\n";
}

// A variable's value as every command writes it: an Int as a number, a Bool as true or
// false, any other value as its text (an enum member's name, a character).
inline nlohmann::json value_json(const ir::Program& p, const ir::Variable& v, ir::Value x) {
  switch (v.kind) {
    case ir::ValueKind::Int: return x;
    case ir::ValueKind::Bool: return x != 0;
    default: return ir::format_value(p, v.kind, x);
  }
}

}  // namespace pzc::driver
