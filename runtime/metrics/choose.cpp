// Rejection sampling of clue sets with a unique unbanned candidate.
#include "runtime/metrics/choose.hpp"

#include <algorithm>

namespace pzc::metrics {

std::uint64_t Rng::next() {
  std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::uint64_t Rng::below(std::uint64_t n) {
  // Rejection of the top partial block keeps it exactly uniform.
  std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
  std::uint64_t x;
  do x = next();
  while (x >= limit);
  return x % n;
}

std::optional<std::vector<std::size_t>> choose_clues(const std::vector<std::vector<bool>>& pool_banned,
                                                     std::size_t candidates, std::size_t target, std::size_t k,
                                                     Rng& rng, std::uint64_t max_attempts) {
  std::vector<std::size_t> usable;  // clues that keep the target
  for (std::size_t i = 0; i < pool_banned.size(); ++i)
    if (!pool_banned[i][target]) usable.push_back(i);
  if (usable.size() < k) return std::nullopt;
  for (std::uint64_t attempt = 0; attempt < max_attempts; ++attempt) {
    // A uniform k-subset by a partial Fisher-Yates shuffle.
    std::vector<std::size_t> pick = usable;
    for (std::size_t i = 0; i < k; ++i) std::swap(pick[i], pick[i + rng.below(pick.size() - i)]);
    pick.resize(k);
    std::vector<bool> banned(candidates, false);
    for (std::size_t i : pick)
      for (std::size_t t = 0; t < candidates; ++t)
        if (pool_banned[i][t]) banned[t] = true;
    if (std::count(banned.begin(), banned.end(), false) == 1) {
      std::sort(pick.begin(), pick.end());
      return pick;
    }
  }
  return std::nullopt;
}

}  // namespace pzc::metrics
