// hint, explain and grade: the hint runtime (runtime/hints) driven from the command line,
// with the Z3 back end as its proof oracle.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>

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

// Whether the puzzle has exactly one solution, as `pzc unique` answers it (run_job): with
// --engine auto the portfolio, where the native engine starts first (a product of unknowns
// took Z3 alone 27 s, `a * b + b * c = 473`), Z3 joining after a head start. `solver`
// names the engine that answered ("Z3" or "the native engine").
z3lower::UniqueResult unique_answer(const ir::Program& p, const CommonOptions& o, std::string& solver);

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
// `stop`: set by another thread to end the trace early (GradeClock), which then ends unsolved.
hints::Trace solving_trace(const ir::Program& p, const CommonOptions& o, const char* label = nullptr, bool for_grade = false,
                           const std::atomic<bool>* stop = nullptr);

// grade's --time-limit S, for the whole run: from its construction, S seconds (none when S
// is 0). A timer thread sets stop() at the limit, so that a solving trace in progress ends
// (hints::Options::stop) rather than running on to the watchdog a second later.
class GradeClock {
 public:
  explicit GradeClock(double seconds);
  ~GradeClock();
  GradeClock(const GradeClock&) = delete;
  GradeClock& operator=(const GradeClock&) = delete;
  // Null without a limit.
  const std::atomic<bool>* stop() const { return limited_ ? &stop_ : nullptr; }
  // Whether the limit has passed (the clock is read, not only the timer's flag).
  bool up() const;
  // The options with --time-limit cut to what is left of it (at least a millisecond), so
  // that each Z3 query ends by the limit too; unchanged without a limit.
  CommonOptions left(const CommonOptions& o) const;

 private:
  bool limited_ = false;
  std::chrono::steady_clock::time_point until_;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread timer_;
};

void add_hint_commands(CLI::App& app, CommonOptions& o, Registry& r);

int cmd_hint(const CommonOptions& o, const std::string& grid, const std::string& apply, Output io);
int cmd_explain(const CommonOptions& o, Output io);
int cmd_grade(const CommonOptions& o, Output io);

}  // namespace pzc::driver
