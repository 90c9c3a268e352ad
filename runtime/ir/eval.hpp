// Reference semantics of the ground IR: evaluation of terms under a full assignment, and
// sound three-valued evaluation under a partial one (a person's half-filled grid).
#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::ir {

// Truthiness of a value used as a Bool: anything but 0 and null.
inline bool truthy(Value v) { return v != 0 && v != kNull; }

// The value of a term under a full assignment. Semantics:
//  - Bool ops work on truthiness and yield 0/1; Xor is parity, Iff "all args alike",
//    Implies is binary.
//  - Eq/Ne compare plain values (null = null); Lt/Le/Gt/Ge involving null are false.
//  - Add/Sub/Mul/Div/Mod/Neg/Abs/Min/Max with any null arg yield null; Div/Mod truncate
//    like C++ and yield null on division by zero.
//  - Count: number of truthy args. AllDiff: pairwise different, null args ignored.
//    Table: the arg tuple is a row of program.tables[term.value].
//    Connected: the cells whose arg is truthy are orthogonally connected.
// Throws std::logic_error on malformed terms (wrong arity, bad table index).
Value evaluate(const Program& program, TermId term, const Assignment& assignment);

// For Op::Connected: the orthogonal neighbours of each cell, by index, among `cells`, each
// a (row, col) row (a Connected term's cells: program.tables[term.value]).
std::vector<std::vector<int>> orthogonal_neighbours(const std::vector<std::vector<Value>>& cells);

// can_in[i]: cell i may be in the set; must_in[i]: it is. True when some set with every
// must_in cell, and only can_in cells, is connected: every must_in cell is reachable from
// one of them through can_in cells (no must_in cell: always).
bool may_connect(const std::vector<std::vector<int>>& neighbours, const std::vector<char>& can_in,
                 const std::vector<char>& must_in);

bool satisfied(const Program& program, const Constraint& constraint, const Assignment& assignment);

// Indexes into program.constraints of the constraints the assignment violates, ascending.
std::vector<int> violated_constraints(const Program& program, const Assignment& assignment);

// A half-filled assignment: nullopt is "not filled in yet" (the variable may still take
// any value of its domain).
using PartialAssignment = std::vector<std::optional<Value>>;

enum class Truth { False, True, Unknown };

// Sound Kleene evaluation with interval reasoning for numbers: True (False) means every
// completion of the partial assignment makes the term true (false). Unknown is always
// a safe answer; the reasoning is local, so it may say Unknown where enumeration would
// decide.
Truth evaluate_partial(const Program& program, TermId term, const PartialAssignment& partial);

// A variable's values for evaluate_ranges: maybe null, and maybe some value in [lo, hi].
struct VarRange {
  bool null = false;
  bool any = false;
  Value lo = 0, hi = 0;
  // Widens the range to hold x (null included).
  void add(Value x) {
    if (x == kNull) {
      null = true;
    } else if (!any) {
      any = true;
      lo = hi = x;
    } else {
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
  }
};

// The same reasoning with the variables of `scope` (ascending) in `ranges` (parallel to
// it; an exact value when lo == hi and not null), the others over their whole domain.
// `may_be(i, x)`, when given: whether x (inside ranges[i]'s bounds) is one of scope[i]'s
// values, which sharpens `var = value` where the values have holes.
Truth evaluate_ranges(const Program& program, TermId term, std::span<const VarId> scope, std::span<const VarRange> ranges,
                      const std::function<bool(std::size_t, Value)>& may_be = {});

// evaluate_ranges of one term again and again, as the ranges change one position at a
// time (the native engine's search for supports of a generic constraint): each subterm's
// range is kept, and a change is carried up only as far as it changes something. A
// Battleships fleet count is one term over every square, evaluated whole at every node of
// that search before.
class RangeEvaluator {
 public:
  // `scope` ascending, as evaluate_ranges's; it is kept by reference.
  RangeEvaluator(const Program& program, TermId term, std::span<const VarId> scope);
  ~RangeEvaluator();
  RangeEvaluator(const RangeEvaluator&) = delete;
  RangeEvaluator& operator=(const RangeEvaluator&) = delete;
  // Evaluates every subterm with `ranges` (parallel to the scope). `may_be`, as
  // evaluate_ranges's, must stay alive while the evaluator is used.
  void reset(std::span<const VarRange> ranges, const std::function<bool(std::size_t, Value)>* may_be);
  // ranges[position] has changed, or may_be's answers for it: evaluates what is above it.
  void set(std::size_t position, std::span<const VarRange> ranges);
  // evaluate_ranges(program, term, scope, ranges, may_be) for the ranges last given.
  Truth truth() const;
  // Whether it was made for these (the same objects).
  bool made_for(const Program& program, TermId term, std::span<const VarId> scope) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Like evaluate_partial on the constraint's term, but when the term's unfilled variables
// have at most `enumeration_limit` combinations of values, decides exactly by trying them
// all. False means "definitely violated".
inline constexpr std::uint64_t kEnumerationLimit = 4096;
Truth constraint_truth(const Program& program, const Constraint& constraint,
                       const PartialAssignment& partial,
                       std::uint64_t enumeration_limit = kEnumerationLimit);

// Indexes of the constraints that no completion of the partial assignment can satisfy.
std::vector<int> definitely_violated(const Program& program, const PartialAssignment& partial);

}  // namespace pzc::ir
