// Semantic analysis of a puzzle's clues over the ground IR: the candidate space (the
// assignments that satisfy the non-clue rules), what each clue bans, and the metrics of
// seed 004 derived from that (banning nothing / exactly one, equivalents, indispensable).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <optional>
#include <string>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::metrics {

// A question to a solver: the assignments (of all the program's variables, within their
// domains) that satisfy every constraint in `keep` and falsify every clue in `falsify`.
// A clue is falsified when at least one of its ground constraints is.
struct Query {
  std::vector<int> keep;     // indexes into program.constraints
  std::vector<int> falsify;  // indexes into program.rules (clues)
};

struct Count {
  std::uint64_t count = 0;
  bool exact = false;  // false when the limit stopped the count (more models exist)
};

// An oracle that cannot answer a question (its solver's time limit): the analysis is
// unknown, not wrong.
struct Unanswered : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Method::Enumerate asked, and the candidates are more than Options::enumeration_limit.
struct TooManyCandidates : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the analysis needs from a solver. runtime/ must not depend on the compiler, so
// the Z3 implementation lives in the driver; BruteForceOracle below is the reference.
// Implementations throw Unanswered when they cannot answer (time limit).
class Oracle {
 public:
  virtual ~Oracle() = default;
  // Calls on_model for each model of the query (at most `limit`) until it returns false.
  virtual Count enumerate(const Query& query, std::uint64_t limit,
                          const std::function<bool(const ir::Assignment&)>& on_model) = 0;
  virtual Count count(const Query& query, std::uint64_t limit) {
    return enumerate(query, limit, [](const ir::Assignment&) { return true; });
  }
};

// Tries every assignment in the product of the domains, evaluating with runtime/ir/eval.
// Throws std::invalid_argument when the product exceeds max_product.
class BruteForceOracle : public Oracle {
 public:
  explicit BruteForceOracle(const ir::Program& program, std::uint64_t max_product = 2'000'000);
  Count enumerate(const Query& query, std::uint64_t limit,
                  const std::function<bool(const ir::Assignment&)>& on_model) override;

 private:
  const ir::Program& program_;
};

// A clue rule and its ground constraints (all of them together form the clue).
struct ClueConstraints {
  int rule = -1;
  std::string name;
  std::vector<int> constraints;
};

// The clue rules of the program, in rule order (a clue that grounded to nothing is kept,
// with no constraints), and the indexes of the constraints that are not clues.
std::vector<ClueConstraints> clues_of(const ir::Program& program);
std::vector<int> rule_constraints(const ir::Program& program);

// Product of the variables' domain sizes, saturating at UINT64_MAX.
std::uint64_t domain_product(const ir::Program& program);

enum class Method : std::uint8_t { Auto, Enumerate, Entail };

struct Options {
  // Auto enumerates the candidates when the domain product is at most enumeration_limit
  // (and the candidates are at most that many), and asks entailment questions otherwise.
  Method method = Method::Auto;
  std::uint64_t enumeration_limit = 200'000;
  // Enumeration streams the candidates: the counts and flags are exact whatever their
  // number, in memory that does not grow with it. The candidates themselves are listed
  // (Semantics::candidate_list, ClueSemantics::banned_candidates, Semantics::unbanned) only
  // while the banned lists can hold no more than this many values at their largest
  // (candidates x variables x clues, every clue banning every candidate); past that no
  // list is kept, and Semantics::listed is false.
  std::uint64_t list_values = std::uint64_t{1} << 18;
};

struct ClueSemantics {
  int rule = -1;
  std::string name;
  // Number of candidates the clue bans. Exact under enumeration; under entailment only
  // 0, 1 or 2 are distinguished and 2 means "two or more" (banned_exact is false).
  std::uint64_t banned = 0;
  bool banned_exact = false;
  std::vector<std::size_t> banned_candidates;  // enumeration, when listed: indexes into candidate_list
  bool bans_nothing = false;      // the rules entail the clue
  bool bans_exactly_one = false;
  std::vector<std::size_t> equivalents;  // other clues (indexes into Semantics::clues) with the same banned set
  // Bans a candidate no other clue bans: removing the clue admits another solution.
  bool indispensable = false;
  bool redundant = false;  // the rules and the other clues entail it (= !indispensable)
};

struct Semantics {
  Method method = Method::Enumerate;  // the one used: Enumerate or Entail
  std::uint64_t candidates = 0;       // exact under enumeration, else 0 (not counted)
  std::uint64_t unbanned_count = 0;   // enumeration only: the candidates no clue bans
  // Enumeration, when the candidates are few enough (Options::list_values): the lists
  // below and ClueSemantics::banned_candidates are kept.
  bool listed = false;
  std::vector<ir::Assignment> candidate_list;  // when listed: sorted lexicographically
  std::vector<std::size_t> unbanned;           // when listed: candidates no clue bans
  std::uint64_t solutions = 0;  // with every clue, counted up to 2
  bool solutions_exact = false;
  std::vector<ir::Assignment> solution_list;  // at most 2 (enumeration: the first in lexicographic order)
  std::vector<ClueSemantics> clues;

  bool unique() const { return solutions == 1 && solutions_exact; }
  int banning_nothing() const;
  int banning_exactly_one() const;
  int with_equivalents() const;
  int indispensable() const;
  int redundant() const;
};

Semantics analyse(const ir::Program& program, Oracle& oracle, const Options& options = {});

}  // namespace pzc::metrics
