// Random choice of clues for generated puzzles (seed 004's experiment): k clues from a
// pool such that exactly one candidate, the target, is left unbanned.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace pzc::metrics {

// A small, fully specified generator (splitmix64), so runs are reproducible on every
// platform (std::uniform_int_distribution is not).
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  std::uint64_t below(std::uint64_t n);  // uniform in [0, n), n > 0

 private:
  std::uint64_t state_;
};

// pool_banned[i][t]: pool clue i bans candidate t. Draws k distinct pool clues that do not
// ban `target`, uniformly at random, until together they ban every other candidate; tries
// at most max_attempts draws. The chosen indexes are returned in ascending order.
std::optional<std::vector<std::size_t>> choose_clues(const std::vector<std::vector<bool>>& pool_banned,
                                                     std::size_t candidates, std::size_t target, std::size_t k,
                                                     Rng& rng, std::uint64_t max_attempts = 1'000'000);

}  // namespace pzc::metrics
