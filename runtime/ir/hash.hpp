// A hash of a vector of 64-bit words: the keys of the engine's component cache and of the
// hint engine's remembered rule pairs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace pzc::ir {

struct WordsHash {
  std::size_t operator()(const std::vector<std::uint64_t>& k) const {
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ k.size();
    for (std::uint64_t w : k) {
      h ^= w + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
      h *= 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
    return static_cast<std::size_t>(h);
  }
};

}  // namespace pzc::ir
