// The Z3 back end: lowers a ground IR Program to Z3 and answers solve / unique / count /
// enumerate / unsat-core queries. Reads only the IR (never the AST).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::z3lower {

struct Options {
  unsigned time_limit_ms = 0;  // per public call; 0 = none
  unsigned seed = 0;
  // No call runs past this instant (a whole run's time limit): Unknown, "time limit".
  std::optional<std::chrono::steady_clock::time_point> until;
  // Z3's SAT core picks the phase of each decision at random (seeded): a model drawn for
  // its variety rather than its speed (generate's draw of a solution).
  bool random_phase = false;
  // A check of a program whose connected() rules are checked by cuts gives up on them past
  // this many milliseconds, and the program is lowered again with their ranks (the answer
  // is the same, only its time differs). 0: at the first cut (for tests).
  unsigned lazy_check_ms = 2000;
};

enum class Status { Sat, Unsat, Unknown };

// A program the Z3 back end cannot lower (the message says what and why); the native
// engine may still take it.
// The most values a variable may have for the Z3 back end (one Boolean each): a variable
// of more is Unsupported.
inline constexpr std::size_t kMaxValues = 10000;

struct Unsupported : std::runtime_error {
  using std::runtime_error::runtime_error;
  // With the rule it came from: `where` is "file:line:col", and what() starts with it.
  Unsupported(const std::string& where_, const std::string& message)
      : std::runtime_error(where_ + ": " + message), where(where_), without_where(message) {}
  std::string where, without_where;
};

struct SolveResult {
  Status status = Status::Unknown;
  std::string unknown_reason;              // "time limit", or Z3's reason
  std::optional<ir::Assignment> solution;  // when Sat
};

struct UniqueResult {
  // Sat: at least one solution and the uniqueness question is decided; Unsat: none;
  // Unknown: undecided (`first` may still hold a solution).
  Status status = Status::Unknown;
  std::string unknown_reason;
  std::optional<ir::Assignment> first;
  bool unique = false;
  std::optional<ir::Assignment> second;  // when status is Sat and !unique
  std::vector<ir::VarId> differing;      // variables where first and second differ, ascending
};

struct CountResult {
  std::uint64_t count = 0;
  bool exact = false;  // false when stopped by the limit (and more exist) or by time
  Status status = Status::Unknown;  // Sat if count > 0, Unsat if none, Unknown if timed out
  std::string unknown_reason;
};

class Z3Backend {
 public:
  Z3Backend(const ir::Program& program, Options options = {});
  ~Z3Backend();
  Z3Backend(const Z3Backend&) = delete;
  Z3Backend& operator=(const Z3Backend&) = delete;

  SolveResult solve();
  // Solve with extra literals assumed (e.g. a person's entries).
  SolveResult solve(const std::vector<ir::Literal>& assumptions);
  // A case: a literal, and an optional Bool term of the program (-1: none) that may hold
  // Possible atoms, free Bools implied by their variable taking the value.
  struct Case {
    ir::Literal literal;
    ir::TermId condition = -1;
  };
  // A solution of the rules where some case holds (its literal and its condition): Unsat
  // proves that none can. One check for them all, where a check per case costs Z3 its
  // setup each time (a technique's facts: docs/hints.md).
  SolveResult solve_any(const std::vector<Case>& cases);
  UniqueResult unique();
  CountResult count(std::uint64_t limit);
  // Calls on_solution for each solution (at most `limit`) until it returns false.
  CountResult enumerate(std::uint64_t limit,
                        const std::function<bool(const ir::Assignment&)>& on_solution);

  // A minimal (by deletion) subset of `constraint_subset` (indexes into
  // program.constraints) that is unsatisfiable together with the assumed literals and the
  // variable domains. nullopt when the subset is satisfiable or the question times out.
  // With `minimal` false, the core Z3 reports for the subset, not shrunk (one check).
  std::optional<std::vector<int>> unsat_core(const std::vector<int>& constraint_subset,
                                             const std::vector<ir::Literal>& assumptions, bool minimal = true);

  // The whole problem as SMT-LIB 2, with the source's variable names.
  std::string smt2();
  // Cut clauses the whole-program solver has added for its connected() rules so far (they
  // are checked lazily: Impl::lazy_check), for tests.
  std::size_t connectivity_cuts();
  // Whether the whole program went to Z3's finite-domain solver (lowering it if not yet).
  bool finite_domain();
  // How many constraints were lowered split on a pivot (the whole problem lowered first).
  std::size_t split_on_pivot();

  // Ends the query in progress, from any thread (the only member that may be called
  // concurrently): it returns Unknown with reason "interrupted", and so does every later
  // query. Called on a losing engine of a portfolio. A Z3 check that is just starting may
  // miss the interrupt of the Z3 context: call it again until the query has returned.
  void interrupt();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  friend class UniqueChecker;
};

// Confirms one program after another to have a given unique solution, in a single Z3
// context, for callers that check many related programs (the generator's puzzles of one
// spec share most constraints). Each distinct lowered constraint is asserted once, as
// `indicator => constraint`, and a program is checked under the indicators of its own
// constraints and domains; only what is new is lowered into the solver.
// Not thread-safe: one per thread.
class UniqueChecker {
 public:
  explicit UniqueChecker(Options options = {});
  ~UniqueChecker();
  UniqueChecker(const UniqueChecker&) = delete;
  UniqueChecker& operator=(const UniqueChecker&) = delete;

  // Z3 evaluates every lowered constraint true under `expected` (a model evaluation), and
  // its solver finds no solution other than `expected`. Sat with first == expected when
  // it is a solution (unique: it is the only one; else `second` is another); Unsat when it
  // is not a solution (whether others exist is not asked); Unknown on time or interrupt.
  // With `refute`, the same check also asks Z3Backend::solve_any's question of those cases
  // into `refuted` (Unsat: none can hold), in the program's scope: one check more, where a
  // solver of its own sets the whole program up again. It is asked at `expected`'s values
  // (aux variables free), so its Unsat stands only when `expected` proves unique; else
  // `refuted` is Unknown. Unknown also when the cases need the general solver
  // (arithmetic); ask solve_any then.
  UniqueResult confirm(const ir::Program& program, const ir::Assignment& expected,
                       const std::vector<Z3Backend::Case>* refute = nullptr, SolveResult* refuted = nullptr);
  // Z3Backend::solve_any on `program`, in this checker's Z3 context: a context costs Z3
  // milliseconds to make and to delete, more than a small puzzle's proof (the generator
  // proves each printed puzzle's technique facts).
  SolveResult solve_any(const ir::Program& program, const std::vector<Z3Backend::Case>& cases);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

const char* status_name(Status status);

}  // namespace pzc::z3lower
