// Depth-first search over the ground IR with configurable variable/value ordering and
// checking, plus exact model counting by connected components with a sub-problem cache.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::engine {

// DomWdeg: the smallest domain size divided by the weighted degree (Boussemart et al.,
// 2004): each constraint weighs 1 plus the conflicts it has caused so far in this search,
// and a variable's weighted degree sums the weights of its constraints that still have
// another open variable. The search learns which constraints are hard and decides their
// variables first. unique() with this order also branches on `aux var`s (see Solver::unique).
enum class Order : std::uint8_t { None, Mrv, Degree, MrvDegree, DegreeMrv, DomWdeg };
enum class ValueOrder : std::uint8_t { Natural, Lcv };
// None: a constraint is checked once all its variables are assigned. Forward: forward
// checking (a constraint with one unassigned variable left prunes it). Ac3: every
// constraint is propagated to a fixpoint after each decision (GAC for tables).
enum class Check : std::uint8_t { None, Forward, Ac3 };

// Names as the command line spells them: none|mrv|degree|mrv-degree|degree-mrv|dom-wdeg,
// natural|lcv, none|forward|ac3.
std::optional<Order> parse_order(std::string_view name);
std::optional<ValueOrder> parse_value_order(std::string_view name);
std::optional<Check> parse_check(std::string_view name);
std::string_view name_of(Order order);
std::string_view name_of(ValueOrder order);
std::string_view name_of(Check check);

using Count = unsigned __int128;
std::string to_string(Count count);

struct Progress {
  std::uint64_t nodes = 0;
  std::uint64_t depth = 0;
  std::uint64_t max_depth = 0;
  double elapsed_s = 0;
  std::uint64_t solutions = 0;     // found so far (enumeration) or counted at the top level
  std::uint64_t propagations = 0;
  std::uint64_t cache_entries = 0;
};

struct SearchOptions {
  Order order = Order::MrvDegree;
  ValueOrder value_order = ValueOrder::Natural;
  Check check = Check::Ac3;
  // Set: ties in the variable order are broken at random and values are tried in a
  // random order (natural) or with random ties (lcv); unset: smallest index first.
  std::optional<std::uint64_t> random_seed;
  // solve: how many solutions to collect (0 = 1). count: stop as soon as this many are
  // known (0 = no limit); the count is then min(count, limit), and exact = false with
  // reason "limit" when it stopped at the limit with solutions left uncounted.
  std::uint64_t solution_limit = 0;
  // solve: each solution is passed here instead of being kept in the result (an
  // enumeration printed as it goes); returning false stops the search. The result then
  // holds no solutions, and stats.solutions says how many were passed.
  std::function<bool(const ir::Assignment&)> on_solution;
  // Set: each variable's value in this assignment is tried last. unique() on a program
  // with a known solution then looks for another one first.
  const ir::Assignment* known_last = nullptr;
  double time_limit_s = 0;  // 0 = none
  // Decisions before the search gives up (0 = none): Unknown, reason "node limit". Unlike
  // the time limit it does not depend on the machine, so a seeded run stays reproducible.
  std::uint64_t node_limit = 0;
  // solve() with a random_seed and one solution: restart the search from the root after
  // restart_base * luby(i) decisions in its i-th run (1, 1, 2, 1, 1, 2, 4, ...), each run
  // going on with the same random stream, so different choices (0 = no restarts).
  // Randomised depth-first search is heavy-tailed (an empty 8x8 Easy as ABC: most seeds
  // find a fill in under 2000 decisions, some need millions); restarts cut the tail and a
  // seeded run stays reproducible. A run that ends without a solution and within its
  // budget proves there is none; node_limit still bounds the decisions of all runs.
  std::uint64_t restart_base = 0;
  // Set by another thread to end the search early (a portfolio's loser): checked where
  // the time limit is, and the result is then incomplete with reason "stopped".
  const std::atomic<bool>* stop = nullptr;
  std::function<void(const Progress&)> progress;
  double progress_interval_s = 0.5;
  // count: split into connected components and cache their counts.
  bool components = true;
  std::size_t cache_limit = 1u << 20;  // entries; the cache is emptied when it is full
};

enum class Status : std::uint8_t { Sat, Unsat, Unknown };

struct SearchStats {
  std::uint64_t nodes = 0;          // decisions (one variable set to one value)
  std::uint64_t max_depth = 0;
  std::uint64_t propagations = 0;   // propagator runs
  std::uint64_t solutions = 0;      // solutions found (count: the count, saturated)
  std::uint64_t cache_hits = 0;
  std::uint64_t components = 0;     // component sub-problems counted
  double time_s = 0;
};

struct SearchResult {
  Status status = Status::Unknown;
  std::string reason;                        // why incomplete: "time limit", "stopped", "limit", "overflow"
  std::vector<ir::Assignment> solutions;     // solve / unique
  SearchStats stats;
  Count count = 0;                           // count
  bool exact = true;                         // count: complete and no overflow
};

// The first solution (or up to options.solution_limit of them).
SearchResult solve(const ir::Program& program, const SearchOptions& options);
// Up to two solutions: Sat with two solutions means "not unique".
SearchResult unique(const ir::Program& program, const SearchOptions& options);
// The number of solutions.
SearchResult count(const ir::Program& program, const SearchOptions& options);

// unique() on many sub-programs of one program — the constraints marked active, in the
// same order — with the program compiled once (a generator's clue subsets). Gives the
// status and number of solutions unique() gives on the sub-program (the variable order's
// degree counts every constraint, so the solutions found may be others).
class SubsetSearch {
 public:
  // `always`: the constraints active in every question (each `active` marks them too);
  // with the default check (ac3) they are propagated once, not once per question.
  explicit SubsetSearch(const ir::Program& program, const SearchOptions& options = {},
                        const std::vector<char>* always = nullptr);
  ~SubsetSearch();
  SubsetSearch(const SubsetSearch&) = delete;
  SubsetSearch& operator=(const SubsetSearch&) = delete;

  // `active`: one flag per constraint of the program.
  SearchResult unique(const std::vector<char>& active);
  // The constraints marked in `more` are active in every later question too (a generator's
  // kept clues): with the default check, propagated into the base once. The answers are
  // the same (propagation reaches one fixpoint, however it is split).
  void keep(const std::vector<char>& more);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pzc::engine
