// Where a constraint can be split on one of its variables, the pivot: the comparisons of
// two unknowns in a term (Numbrix's "the next number is beside it": `num[p] = n or
// num[q] = num[p] + 1 or num[r] = num[p] + 1`) and the variables they all share. With the
// pivot at each of its values such a term is a clause over the others' values. Both
// engines split on it: the native propagators (runtime/engine/propagators.cpp,
// compile_pivot) and Z3's lowering (compiler/lower/z3_backend.cpp, pivoted); this walk is
// theirs.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::ir {

struct ComparedUnknowns {
  std::vector<VarId> common;       // the variables in every comparison of two unknowns, ascending
  bool under_disjunction = false;  // one of them lies beneath an operator other than And
  std::size_t nodes = 0;           // the term's nodes walked (a comparison's sides are not)
};

struct ComparedUnknownsOptions {
  // Leave out `a = b` and `a <> b` of two plain variables (Z3 has them as value Bools
  // pairwise, and splitting on them made Filling slower there).
  bool skip_plain_equalities = false;
  std::size_t max_nodes = 4096;
};

// A comparison of two unknowns is an =, <>, <, <=, > or >= whose two sides are each one
// variable plus integer constants, the two variables distinct; the walk does not enter it.
// nullopt: the term has none, they share no variable, it holds a Connected or Possible
// term, or it is larger than max_nodes.
std::optional<ComparedUnknowns> compared_unknowns(const Program& p, TermId term, const ComparedUnknownsOptions& o = {});

// The variable of a side that is one variable plus integer constants (`num[q] + 1`), or
// nullopt.
std::optional<VarId> variable_plus_constants(const Program& p, TermId side);

}  // namespace pzc::ir
