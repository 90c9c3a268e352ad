// One propagator per IR constraint kind (Clause, Cardinality, AllDifferent, Table, Linear,
// Expr) over bitset domains, plus a stateless per-constraint entry point for the hint runtime.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "runtime/engine/domains.hpp"
#include "runtime/ir/program.hpp"

namespace pzc::engine {

// One value removed from a variable's domain (index into program.vars[var].domain).
struct Removal {
  ir::VarId var = 0;
  int index = 0;
  friend bool operator==(const Removal&, const Removal&) = default;
};

struct PropagationResult {
  bool conflict = false;
  std::vector<Removal> removals;  // sorted by (var, index); empty on conflict
};

// Expr constraints are decided by enumerating their scope when the product of the
// domain sizes is at most this (always when at most one variable is unfixed).
inline constexpr std::uint64_t kExprEnumerationLimit = 20000;
// Above kExprSearchFrom combinations (and two unfixed variables), a depth-first search for
// supports pruned by interval reasoning comes first, at most kExprNodeBudget nodes per
// run; when it runs out, the enumeration decides scopes within kExprEnumerationLimit.
// Residual supports are kept when n * n * (largest domain) is at most kExprResidueLimit.
inline constexpr std::uint64_t kExprSearchFrom = 64;
inline constexpr std::uint64_t kExprNodeBudget = 20000;
inline constexpr std::size_t kExprResidueLimit = 1 << 16;

// The strength of each propagator, run once on one constraint:
//  Clause       GAC (unit propagation; literals on one variable are filtered together)
//  Cardinality  GAC when each variable's count contribution is contiguous over its domain
//               (always when every variable occurs in at most one literal); else sound
//  AllDifferent GAC (Regin's matching algorithm)
//  Table        GAC (simple tabular reduction over the live rows)
//  Linear       bounds consistency; inside an active all-different (run, fixpoint): GAC
//               on the sum and the distinctness together while a search for supports fits
//               20000 nodes (a Killer cage, a Kakuro run)
//  Expr         GAC when the scope has at most kExprEnumerationLimit combinations left;
//               past it, GAC when a search for supports fits kExprNodeBudget nodes;
//               GAC always when it is a clause over the others for each value of one
//               variable (split on a pivot: Numbrix's "the next number is beside it"),
//               and when it is `x = count(b1, ..., bk)` of distinct variables
//               (Filling's region sizes), and when it is a parity of Bool variables
//               (`sum mod 2 = k`, ir::parity_of: Flip's squares)
// On a scope whose variables are all fixed every propagator is an exact check.
class Propagators {
 public:
  explicit Propagators(const ir::Program& program);
  ~Propagators();
  Propagators(const Propagators&) = delete;
  Propagators& operator=(const Propagators&) = delete;

  const ir::Program& program() const { return program_; }
  int num_constraints() const;
  // Constraints whose scope contains v, ascending.
  std::span<const int> constraints_of(ir::VarId v) const {
    const auto b = watch_start_[static_cast<size_t>(v)], e = watch_start_[static_cast<size_t>(v) + 1];
    return {watch_list_.data() + b, static_cast<size_t>(e - b)};
  }
  std::span<const ir::VarId> scope(int c) const;
  ir::Kind kind(int c) const;
  // How Expr constraint c is propagated: "connected", "count", "pivot" (split on one of
  // its variables, see Expr above) or "search" (the search for supports, then the
  // enumeration); "" for another kind.
  std::string_view expr_form(int c) const;
  // Table constraint c: how many of its (distinct) rows are valid in d.
  std::uint64_t count_rows(int c, const Domains& d) const;

  // Runs constraint c once, removing from d the values it rules out; false on conflict
  // (a domain wiped out or the constraint unsatisfiable). Propagator state that depends
  // on the search position is trailed on d.
  bool run(int c, Domains& d);
  // Runs constraints to a fixpoint: first the listed ones, then every constraint on a
  // variable whose domain shrank. False on conflict.
  bool fixpoint(Domains& d, const std::vector<int>& initial);
  // Every constraint, to a fixpoint.
  bool fixpoint_all(Domains& d);
  // The constraint whose run ended the last fixpoint() that returned false.
  int failed() const { return failed_; }
  // Only the constraints marked in `mask` (one flag per constraint; null: all) are run by
  // fixpoint(): the program of those constraints, without compiling it again.
  void set_active(const std::vector<char>* mask) { active_ = mask; }
  bool active(int c) const { return !active_ || (*active_)[static_cast<size_t>(c)]; }
  // A linear constraint inside an active all-different's scope is propagated with its
  // values distinct as well (GAC on both, see Linear below). The hint runtime turns this
  // off: each of its steps names the one constraint that made it.
  void set_use_covers(bool on) { use_covers_ = on; }

  // What constraint c alone implies on d (stateless: d is not modified).
  PropagationResult propagate_one(int c, const Domains& d) const;
  // The same, run on d itself and undone (every candidate, size and trail as they were):
  // no copy of every variable's domain for one constraint's few. With no touched
  // variables pending in d; otherwise it runs on a copy.
  PropagationResult propagate_one_in_place(int c, Domains& d) const;

  std::uint64_t propagations() const { return propagations_; }

  struct Compiled;

 private:
  // The compiled constraints, in constraint order. Storage is allocated uninitialised and
  // each element made in place, so that the two threads compiling a large program also
  // share the first touch of its pages (see the constructor).
  class CompiledArray {
   public:
    CompiledArray() = default;
    CompiledArray(const CompiledArray&) = delete;
    CompiledArray& operator=(const CompiledArray&) = delete;
    ~CompiledArray();
    void allocate(std::size_t n);                     // room for n, none made yet
    void make(std::size_t i, Compiled&& c);           // element i, once, in any order
    void destroy_range(std::size_t from, std::size_t to);  // undoes make() on [from, to)
    void release();                                   // after destroy_range of all made ones
    std::size_t size() const { return n_; }
    Compiled& operator[](std::size_t i);  // defined with Compiled, in propagators.cpp
    const Compiled& operator[](std::size_t i) const;
    const Compiled* begin() const { return data_; }
    const Compiled* end() const;
   private:
    Compiled* data_ = nullptr;
    std::size_t n_ = 0;
  };
  const ir::Program& program_;
  CompiledArray compiled_;
  // The constraints on each variable, ascending: variable v's are
  // watch_list_[watch_start_[v] .. watch_start_[v + 1]).
  std::vector<std::int64_t> watch_start_;
  std::vector<int> watch_list_;
  std::vector<char> queued_;
  const std::vector<char>* active_ = nullptr;
  bool use_covers_ = true;
  std::vector<int> queue_;
  int failed_ = -1;
  std::vector<ir::VarId> touched_;
  ir::Assignment scratch_;  // Expr evaluation: only the scope's entries are meaningful
  std::uint64_t propagations_ = 0;
};

// Stateless: GAC (or the strength above) of program.constraints[constraint_index] alone.
PropagationResult propagate_one(const ir::Program& program, int constraint_index, const Domains& domains);

// For the tests: whether an all-different of at most 64 variables and values runs on one
// word per variable (the default) or on the general graph, so that both are held to the
// same brute force. Read when a constraint is compiled.
void set_alldiff_word_path(bool on);
// For the tests: where the search for Expr supports starts (kExprSearchFrom) and its node
// budget (kExprNodeBudget), so that the search, its residues and its fallback to the
// enumeration are all held to brute force.
void set_expr_search(std::uint64_t from, std::uint64_t budget);

}  // namespace pzc::engine
