// Search strategies over a compiled state program: breadth-first, greedy best-first, A*,
// IDA*, with the seed's exact tie-breaking, limits, statistics and solvability checks.
//
// The `.pz` this runtime is the target for (make_sliding_tiles is its reference lowering;
// move names are the blank's motion, as in the seed: `right` swaps the blank with the tile
// on its right):
//
//   puzzle SlidingTiles
//     given start : Grid(Int)
//     state board : Grid(start.rows, start.cols) of Int = start
//     def b = board.find(0)
//     move right when b.col < board.cols: swap(board[b], board[b.right])
//     move down  when b.row < board.rows: swap(board[b], board[b.down])
//     move left  when b.col > 1:          swap(board[b], board[b.left])
//     move up    when b.row > 1:          swap(board[b], board[b.up])
//     goal board.cells->forAll(p | board[p] = (p.index mod board.size))
//     heuristic manhattan = board.cells->reject(p | board[p] = 0)
//                             ->sum(p | p.distance(board.cellOf(board[p])))
//   end
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/statespace/program.hpp"

namespace pzc::statespace {

enum class Strategy { breadth, best, astar, idastar };
// "breadth", "best", "a-star" / "astar", "ida-star" / "idastar".
std::optional<Strategy> parse_strategy(std::string_view name);
std::string_view to_string(Strategy s);

// How repeated states are cut.
//  ancestors:  the seed's rule. A child equal to one of its ancestors (the path to the
//              root) is not created; other repeats are searched again. Exact seed
//              semantics for every strategy.
//  closed_set: additionally a hash set of states (exact comparison, not just the hash).
//              breadth: a child whose state was already generated is dropped. This gives
//                the SAME path as `ancestors`: the first goal in the seed's FIFO order
//                is reached by a path whose every prefix is the first occurrence of its
//                state (otherwise an earlier copy of the rest of the path, or a shorter
//                one, would exist), and the first occurrences are generated in the same
//                order in both modes.
//              best / astar: a popped node whose state was already expanded is skipped,
//                and children whose state was already expanded are not created. Repeats
//                that `ancestors` keeps are copies of expanded states with no better key,
//                so the order of first expansions, and hence the path, is the same; this
//                is checked against `ancestors` on random 8-puzzles in the tests (for A*
//                the heuristic should be consistent, as Manhattan is).
//  idastar always checks against the path to the root (depth-first, no memory for a set):
//  a child equal to any state on it is not created, so paths never repeat a state, an
//  iteration that cuts off no node by the bound has searched every path from the start,
//  and a finite space without a goal ends as `exhausted`.
enum class DuplicateCheck { ancestors, closed_set };

struct SearchOptions {
  Strategy strategy = Strategy::astar;
  DuplicateCheck duplicates = DuplicateCheck::closed_set;
  std::uint64_t max_expanded = 0;          // 0 = no limit
  double time_limit_seconds = 0;           // 0 = no limit
  std::size_t max_memory_bytes = std::size_t{2} << 30;  // estimated, not measured
  bool linear_conflict = false;            // add the derived linear-conflict term to h
  bool check_solvability = true;           // parity check for grid permutations
};

enum class SearchStatus {
  solved,        // moves hold a solution
  exhausted,     // the whole reachable space was searched: no solution
  unsolvable,    // decided before searching (permutation parity, wrong tile multiset)
  node_limit,    // max_expanded reached
  time_limit,    // time_limit_seconds reached
  memory_limit,  // max_memory_bytes reached
};
std::string_view to_string(SearchStatus s);
inline bool limit_reached(SearchStatus s) {
  return s == SearchStatus::node_limit || s == SearchStatus::time_limit ||
         s == SearchStatus::memory_limit;
}

struct SearchStats {
  std::uint64_t expanded = 0;      // nodes whose children were generated
  std::uint64_t generated = 0;     // children created (after the duplicate check)
  std::uint64_t max_frontier = 0;  // largest frontier (IDA*: deepest path, as "max_depth" in --json)
  double seconds = 0;
  std::size_t peak_memory_bytes = 0;  // estimate: node arena + frontier + sets
  int iterations = 0;                 // IDA*: number of bounds tried
};

struct SearchResult {
  SearchStatus status = SearchStatus::exhausted;
  std::vector<int> moves;                // indexes into the program's moves
  std::vector<std::string> move_names;   // the same, by name
  SearchStats stats;
  std::string message;                   // why unsolvable / which limit
};

// Runs one strategy. `start` must have num_slots values.
SearchResult search(const CompiledProgram& program, const State& start,
                    const SearchOptions& options);
// Convenience: compiles `program` (with options.linear_conflict) and searches.
SearchResult search(const StateProgram& program, const State& start, const SearchOptions& options);

// Applies moves (by index) to start; throws ProgramError if a guard fails.
State apply_moves(const CompiledProgram& program, const State& start, const std::vector<int>& moves);

// ---- Solvability --------------------------------------------------------------------------

enum class Solvability { solvable, unsolvable, unknown };

// For a grid permutation (see analyze_grid_permutation): every move is a transposition
// that moves the blank one cell, so parity(permutation start->goal) must equal the parity
// of the blank's Manhattan distance to its goal cell. With at least 2 rows and 2 columns
// and all four blank moves available (grid.all_moves) this is also sufficient (any rows x
// cols); on a 1 x n strip tiles can never pass each other, so the tile order must already
// match. Without all_moves a start that passes is `unknown`, never `solvable`.
// `message` (optional) says why.
Solvability grid_solvability(const GridPermutation& grid, Value value_min, const State& start,
                             std::string* message = nullptr);
// The sliding-tile puzzle of make_sliding_tiles(rows, cols).
bool sliding_tiles_solvable(int rows, int cols, const State& start);

}  // namespace pzc::statespace
