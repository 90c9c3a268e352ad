// Clue metrics commands (seed 004): `pzc metrics` (the seven metrics per clue and per
// puzzle, plus the semantic extras), `pzc show --audience` (clues for a novice or an
// expert) and `pzc generate-clues` (the seed's 36-puzzle experiment for any puzzle whose
// vars are scalar enums).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "compiler/driver/commands.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/front/metrics/syntactic.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/metrics/semantic.hpp"

namespace pzc::driver {

// Answers the analysis's questions: each query becomes a sub-program (the kept constraints
// plus `not (clue)` for each falsified clue). Counts (the entailment questions) go to Z3,
// each on its own back end. The candidates' enumeration goes to the native engine by
// default: Z3 enumerates by blocking clauses, one check per model, and took minutes to
// reach 200,000 of Einstein's candidates (the native search lists them in about a second).
class SolverOracle : public metrics::Oracle {
 public:
  enum class Enumerator { Native, Z3 };
  explicit SolverOracle(const ir::Program& program, z3lower::Options options = {},
                        Enumerator enumerator = Enumerator::Native);
  metrics::Count enumerate(const metrics::Query& query, std::uint64_t limit,
                           const std::function<bool(const ir::Assignment&)>& on_model) override;
  metrics::Count count(const metrics::Query& query, std::uint64_t limit) override;

  // The sub-program of a query; nullopt when a falsified clue has no ground constraint
  // (it cannot be false, so the query has no model).
  std::optional<ir::Program> subprogram(const metrics::Query& query) const;
  std::uint64_t queries() const { return queries_; }

 private:
  const ir::Program& program_;
  z3lower::Options options_;
  Enumerator enumerator_;
  std::uint64_t queries_ = 0;
  bool z3_refused_ = false;  // Z3 cannot lower the program: the native engine answers
};

// The seed's seven metrics, in its order.
inline constexpr std::array<const char*, 7> kMetricNames = {
    "negations", "ground_facts", "different_properties", "banning_nothing",
    "banning_one", "with_equivalents", "indispensable"};

struct ClueReport {
  std::string name;
  std::string text;     // the clue's English template (may be empty)
  std::string written;  // the body as written
  std::string simple;   // a ground fact's simple form, else empty
  metrics::ClueSyntax syntax;
  metrics::ClueSemantics semantics;
  std::array<int, 7> seven{};
  int sum = 0;
};

struct PuzzleReport {
  std::string title;
  metrics::Semantics semantics;
  std::vector<ClueReport> clues;
  std::array<int, 7> seven{};
  int sum = 0;
};

// The metrics of a loaded, grounded (with clues) session.
PuzzleReport analyse_puzzle(Session& s, const metrics::Options& options, const z3lower::Options& z3);

// `top<>blue => top=blue`, the seed's compact notation, for an implication between
// comparisons; otherwise the body as written.
std::string compact_clue(const ast::Expr& body);

void add_metrics_commands(CLI::App& app, CommonOptions& o, Registry& r);
// Clue puzzles (clues are `clue` rules, not givens): random implication clues, one
// puzzle per value of the classifying vars, with metrics. `pzc generate-clues`, and
// `pzc generate` on such a family.
int generate_clue_puzzles(const CommonOptions& o, const std::vector<int>& clues, const std::vector<std::string>& classify,
                          Output io);

}  // namespace pzc::driver
