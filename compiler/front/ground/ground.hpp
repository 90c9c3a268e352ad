// Instance binding and grounding: a checked puzzle plus an instance's data become the
// ground IR (runtime/ir/program.hpp), a flat table of ground constraints with provenance.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "compiler/front/ast/ast.hpp"
#include "compiler/front/ground/value.hpp"
#include "compiler/front/sema/check.hpp"
#include "runtime/ir/builder.hpp"
#include "runtime/ir/program.hpp"

namespace pzc::ground {

struct Limits {
  std::int64_t max_cells = 1'000'000;          // variables in one declaration, grid cells
  std::int64_t max_elements = 10'000'000;      // elements of one collection
  // The ground program, counted after each binding of a rule. The bundled instances stay
  // far below: at most 31,482 constraints and 384,941 entries (Light Up 100x100 d2). At
  // either limit a program takes well under 1 GB.
  std::int64_t max_constraints = 1'000'000;    // ground constraints in the program
  std::int64_t max_ground_size = 10'000'000;   // entries: terms, constraints, their arguments, literals, bindings
  std::int64_t max_instances = 20'000'000;     // quantifier instances of one rule
  // Evaluation steps of one rule over all its bindings: each lambda body evaluated
  // (`->forAll(x | ...)`, `->select`, `->sum`, ...), each element of a range built, each
  // element a collection operation walks (a def's cached result counts once). Nested
  // lambdas over large collections multiply.
  std::int64_t max_steps = 20'000'000;
  std::int64_t max_table_rows = 200'000;      // rows of one table (a nonogram line's fillings)
  // Nested evaluation (defs calling defs, a def calling itself): a backstop, where the
  // thread's stack bounds are unknown; the evaluator stops first near the stack's end.
  int max_depth = 1'000'000;
};

struct GroundOptions {
  Limits limits;
  // Bindings from the command line (--given NAME=VALUE); they override the instance's.
  std::vector<ast::Binding> overrides;
  // Keep the `clue` rules (the default) or drop them (to study a puzzle without its clues).
  bool include_clues = true;
  // Ground the `technique` rules (the hint runtime's declared deductions). Solving does
  // not read them, and they can cost more than everything else (ABC 14x14: 5136 facts).
  bool include_techniques = true;
  // Check the `require` rules (does the instance fit the puzzle?). The generator turns this
  // off for its groundings of clue rules alone, which only try values its full groundings
  // of the same board have already accepted.
  bool check_requirements = true;
  // When set, only these rules are grounded; the others keep their place in
  // Program::rules (so rule indices agree with a full grounding) but yield nothing.
  // The generator grounds just the clue-dependent rules when it tries clue values.
  const std::set<const ast::RuleDecl*>* only_rules = nullptr;
  // Ground a large program (1024 variables and givens of 1024 elements, or more) in two
  // threads, each taking every other block of 16 rule bindings; the parts are merged into
  // the order of a sequential grounding (see docs/architecture.md).
  bool split = true;
  // Render each constraint's rule text with its binder values (Provenance::text, what
  // explanations and error messages show). The generator's internal groundings, which
  // only compare constraints, turn it off.
  bool render_text = true;
};

// The givens' values after binding, kept for drawing and for later passes.
struct BoundInstance {
  std::vector<std::pair<std::string, Value>> givens;  // declaration order
};

// Grounds `cp` against `instance` (may be null when every given has a default or an
// override). Diagnostics go to `diags`; nullopt when there were errors.
std::optional<ir::Program> ground(const sema::CheckedPuzzle& cp, const ast::Instance* instance,
                                  const GroundOptions& options, source::SourceManager& sm,
                                  source::Diagnostics& diags, BoundInstance* bound = nullptr);

// The `technique` facts of one puzzle for many values of some of its givens (a
// generator's clue subsets: the facts of techniques that read clues change with the
// subset). The givens are bound and the variables made once; each facts() binds the named
// givens again and grounds the technique rules alone in the same evaluator, so the terms
// built before, and the results of defs that read none of those givens, are reused.
class FactGrounder {
 public:
  // `options.overrides` bind every given as the grounding would; `rebound` names the givens
  // facts() may bind again.
  FactGrounder(const sema::CheckedPuzzle& cp, GroundOptions options, source::SourceManager& sm,
               const std::set<std::string>& rebound);
  ~FactGrounder();
  FactGrounder(const FactGrounder&) = delete;
  FactGrounder& operator=(const FactGrounder&) = delete;
  // The givens bound and the variables made: else the errors are in diagnostics().
  bool ok() const;
  const source::Diagnostics& diagnostics() const;
  // `changed` binds some of the rebound givens (the others keep their last values); the
  // program's `techniques` are then those of this binding (its terms include earlier
  // bindings' too; it has no constraints). Null with the errors in `diags`.
  const ir::Program* facts(std::vector<ast::Binding>& changed, source::Diagnostics& diags);
  // The construction's `options.overrides`, handed back (they are bound already).
  std::vector<ast::Binding> take_overrides();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Splits a ground Bool term into constraints of the IR's kinds (clause, cardinality,
// all-different, table, linear, or a generic expression). Small disjunctions of
// conjunctions are put in clause form first (`a implies (b and c)` is two clauses).
void classify(ir::TermBuilder& builder, ir::TermId condition, const ir::Provenance& origin);

// The term as a literal `var = value` / `var <> value` (a Bool var is `var = 1`), if it is one.
std::optional<ir::Literal> as_literal(const ir::Program& program, ir::TermId term);

}  // namespace pzc::ground
