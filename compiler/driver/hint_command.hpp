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

// The hint runtime's proof oracle over the Z3 back end.
class Z3ProofOracle : public hints::ProofOracle {
 public:
  explicit Z3ProofOracle(z3lower::Z3Backend& backend) : backend_(backend) {}
  std::optional<ir::Assignment> solve(const std::vector<ir::Literal>& facts) override;
  std::optional<std::vector<int>> minimal_core(const std::vector<int>& constraints,
                                               const std::vector<ir::Literal>& facts) override;
  // Z3's core, not shrunk (one check).
  std::optional<std::vector<int>> core(const std::vector<int>& constraints, const std::vector<ir::Literal>& facts) override;

 private:
  z3lower::Z3Backend& backend_;
};

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
