// Lowering of a checked `.pz` state-space puzzle (state, defs, moves, goal, heuristic) to
// the state-space runtime's bytecode (runtime/statespace/program.hpp). Generic: it knows
// the language, not any particular puzzle.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compiler/front/ground/ground.hpp"
#include "compiler/front/sema/check.hpp"
#include "compiler/front/source/source.hpp"
#include "runtime/statespace/program.hpp"

namespace pzc::statespace_lower {

struct LowerOptions {
  // The heuristic to use: a `heuristic NAME` of the puzzle, "none" for h = 0, or empty for
  // the first one declared (h = 0 when there is none).
  std::string heuristic;
};

// Lowers the puzzle's single `state` declaration to slots (Grid: row-major, Seq: in order,
// Scalar: one slot), its parameterless state-dependent `def`s to the prelude's locals, each
// `move` to a guard and an effect, the `goal` and the chosen `heuristic` to code (per slot
// when they are `forAll` / `sum` over the state's cells, so the runtime can tabulate them
// and update them incrementally). Everything that depends only on the givens is folded to
// constants. `givens` are the bound givens (Session::bound). On success `initial` holds
// the initial state; on failure the reasons are in `diags` (at their source locations) and
// the result is std::nullopt. The program returned has passed statespace::validate.
std::optional<statespace::StateProgram> lower_state_space(const sema::CheckedPuzzle& cp,
                                                          const ground::BoundInstance& givens,
                                                          source::Diagnostics& diags,
                                                          statespace::State& initial,
                                                          const LowerOptions& options = {});

// The names of the puzzle's heuristics, in declaration order.
std::vector<std::string> heuristic_names(const sema::CheckedPuzzle& cp);

}  // namespace pzc::statespace_lower
