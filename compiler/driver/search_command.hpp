// `pzc search`: lowers a state-space spec (state, moves, goal, heuristic) to the
// state-space runtime and runs one search strategy on an instance.
#pragma once

#include <cstdint>
#include <string>

#include "compiler/driver/commands.hpp"

namespace pzc::driver {

struct SearchArgs {
  std::string solution_out;        // SOLUTION_OUT: where to write the solution file
  std::string strategy = "astar";  // breadth, best, astar / a-star, idastar / ida-star
  std::string heuristic;           // a `heuristic NAME` of the spec, or "none"
  bool linear_conflict = false;
  std::uint64_t max_nodes = 0;     // 0 = no limit
  bool stats = false;
};

// Adds `pzc search SPEC [INSTANCE] [SOLUTION_OUT] --strategy ... [--heuristic NAME]
// [--linear-conflict] [--max-nodes N] [--time-limit S] [--json] [--stats]`.
void add_search_commands(CLI::App& app, CommonOptions& o, Registry& r);

// Exit codes: 0 solved, 1 no solution (unsolvable or the whole space searched), 2 bad
// input, 3 a limit was reached.
int cmd_search(const CommonOptions& o, const SearchArgs& a, Output io);

}  // namespace pzc::driver
