// The seed's N-puzzle file formats: input.txt (N rows of N tab- or space-separated
// numbers, 0 = blank) and solution.txt (move count, then the blank's moves).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/statespace/program.hpp"
#include "runtime/statespace/search.hpp"

namespace pzc::statespace {

struct NPuzzle {
  int n = 0;    // the board is n x n
  State tiles;  // row-major, 0 = blank
};

struct NPuzzleError {
  int line = 0;  // 1-based; 0 when the problem is not on one line (empty file, I/O)
  std::string message;
  std::string describe() const;  // "line 3: ..." or just the message
};

// Either a puzzle or an error (never both).
struct NPuzzleParse {
  std::optional<NPuzzle> puzzle;
  std::optional<NPuzzleError> error;
  explicit operator bool() const { return puzzle.has_value(); }
};

// Blank lines are ignored (they still count for line numbers); \r\n is accepted.
NPuzzleParse parse_npuzzle(std::string_view text);
NPuzzleParse read_npuzzle_file(const std::string& path);

// "6\nleft up right down down right\n"; an empty solution is "0\n\n".
std::string format_solution(const std::vector<std::string>& moves);
// Returns an error message on failure.
std::optional<std::string> write_solution_file(const std::string& path,
                                               const std::vector<std::string>& moves);

// Solves with make_sliding_tiles(n, n) (goal 1..n*n-1 then the blank).
SearchResult solve_npuzzle(const NPuzzle& puzzle, const SearchOptions& options);

}  // namespace pzc::statespace
