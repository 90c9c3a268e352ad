// A count with its noun in agreement: "1 cell", "2 cells", "0 cells". Messages write
// their counts with it rather than "N things" (which read "1 things").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace pzc::io {

inline std::string counted(std::uint64_t n, std::string_view one, std::string_view more) {
  return fmt::format("{} {}", n, n == 1 ? one : more);
}

}  // namespace pzc::io
