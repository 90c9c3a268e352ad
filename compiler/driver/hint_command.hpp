// hint, explain and grade: the hint runtime (runtime/hints) driven from the command line,
// with the Z3 back end as its proof oracle.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "compiler/driver/commands.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/hints/hints.hpp"

namespace pzc::driver {

// The hint runtime's proof oracle over the Z3 back end. With `fallback` (the backend's
// program), a program Z3 cannot lower (`not ...->connected()`: z3lower::Unsupported) is
// answered by the native engine instead, from that question on: a solution by its search,
// a core by one search per constraint (deletion), each within `time_limit_s` (0: none).
class Z3ProofOracle : public hints::ProofOracle {
 public:
  explicit Z3ProofOracle(z3lower::Z3Backend& backend, const ir::Program* fallback = nullptr, double time_limit_s = 0)
      : backend_(backend), fallback_(fallback), time_limit_s_(time_limit_s) {}
  std::optional<ir::Assignment> solve(const std::vector<ir::Literal>& facts) override;
  std::optional<std::vector<int>> minimal_core(const std::vector<int>& constraints,
                                               const std::vector<ir::Literal>& facts) override;
  // Z3's core, not shrunk (one check); the native engine's is minimal.
  std::optional<std::vector<int>> core(const std::vector<int>& constraints, const std::vector<ir::Literal>& facts) override;
  // Whether the native engine answers (Z3 refused the program).
  bool native() const { return native_; }

 private:
  // Runs `z3`; on z3lower::Unsupported with a fallback, switches to the native engine
  // (returns false), else rethrows.
  template <class F>
  bool try_z3(F&& z3);
  std::optional<std::vector<int>> native_core(const std::vector<int>& constraints, const std::vector<ir::Literal>& facts);
  z3lower::Z3Backend& backend_;
  const ir::Program* fallback_;
  double time_limit_s_;
  bool native_ = false;
};

// Whether the puzzle has exactly one solution, as Z3Backend::unique answers, by Z3, or by
// the native engine when Z3 cannot lower the program (`native` is then set).
z3lower::UniqueResult unique_or_native(z3lower::Z3Backend& backend, const ir::Program& p, double time_limit_s, bool& native);

// One hint as JSON (technique, tier, cell, conclusion, explanation, the rules it cites)
// and as text (its conclusion, then the explanation on an indented line).
nlohmann::json hint_json(const ir::Program& p, const hints::Hint& h);
std::string hint_text(const ir::Program& p, const hints::Hint& h);
// A grade as JSON, one shape for grade, grade on a directory and generate: level,
// max_tier, per_tier (an object from "1".."5" to the steps of that tier), score, solved,
// steps, in that order.
nlohmann::ordered_json grade_json(const hints::Grade& g);

// The whole human-style solving trace from the givens, with Z3 as the last-resort oracle.
// With a label, a trace that takes more than a second shows its progress on stderr when
// that is a terminal ("grade: 312 steps, hardest tier 5, 14 s"). `for_grade`: only the
// grade is wanted, so tier-5 steps cite Z3's core unshrunk (hints::Options::minimal_cores).
hints::Trace solving_trace(const ir::Program& p, const CommonOptions& o, const char* label = nullptr, bool for_grade = false);

void add_hint_commands(CLI::App& app, CommonOptions& o, Registry& r);

int cmd_hint(const CommonOptions& o, const std::string& grid, const std::string& apply, Output io);
int cmd_explain(const CommonOptions& o, Output io);
int cmd_grade(const CommonOptions& o, Output io);

}  // namespace pzc::driver
