// The pzc commands. Each takes parsed options, runs the pipeline through a Session, and
// returns an exit code; output goes to the streams given, never from inside a pass.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <iosfwd>
#include <limits>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/lower/z3_backend.hpp"
#include "runtime/ir/program.hpp"

namespace CLI {
class App;
class Validator;
}

namespace pzc::driver {

struct CommonOptions {
  std::string spec;
  std::string instance;
  std::string puzzle;                 // --puzzle NAME when a file declares several
  std::vector<std::string> givens;    // --given NAME=VALUE
  bool json = false;
  double time_limit = 0;              // seconds; 0 = none
  unsigned seed = 0;
  std::string engine = "auto";       // auto | native | z3 (auto: see docs/cli.md)
  std::string order = "mrv";         // native engine: variable ordering
  std::string value_order = "natural";
  std::string check = "ac3";         // native engine: none | forward | ac3
  std::int64_t random_seed = -1;     // native engine: seeded random tie-breaking when >= 0
  std::uint64_t restarts = 0;        // native solve with random_seed: Luby restarts in units of this many decisions
  bool stats = false;
  bool components = true;            // native count: split into components and cache
  int line = 0;                      // --line K of a one-puzzle-per-line instance file (0: not given, line 1)
  int line_or_first() const { return line > 0 ? line : 1; }
};

struct Output {
  std::ostream& out;
  std::ostream& err;
};

// Each command family registers its subcommands: the CLI11 subcommand and the function
// that runs it once the command line is parsed. main.cpp only calls the add_* functions.
struct Registry {
  std::vector<std::pair<CLI::App*, std::function<int(Output)>>> commands;
};
// Adds the options every command shares (spec, instance, --given, --json, ...).
void add_common_options(CLI::App* c, CommonOptions& o, bool needs_instance = true);
// What pzc's watchdog prints when the time limit (plus a grace second) strikes a command
// that has not stopped by then: stdout and stderr texts. By default "unknown: time limit"
// (or its JSON); generate sets its own "time_limit" form.
void set_watchdog_report(std::string out, std::string err);
// Prints the report and returns true, unless the command has begun writing its answer to
// guarded_stdout() (then the watchdog leaves it to finish: no second object, no text
// spliced into the answer) and returns false.
bool print_watchdog_report(bool json);
// Standard output for the commands: each write holds the watchdog's lock and marks the
// answer as begun. `write_errno()` is errno when a write to stdout first failed (0: none).
std::ostream& guarded_stdout();
int write_errno();
// A count, limit or seed: digits only, at most `max` (the option's type's largest value:
// past it CLI11 said only "Could not convert"). (CLI11 reads "-1" into an unsigned option
// as 2^64 - 1, which silently meant "no limit".)
CLI::Validator whole_number(std::uint64_t max = std::numeric_limits<std::uint64_t>::max());
// --grid: not empty (hint took "" for no grid at all).
CLI::Validator grid_text();
void add_core_commands(CLI::App& app, CommonOptions& o, Registry& r);

struct Session;

// Loads, checks and (unless `ground_it` is false) grounds; prints the diagnostics on
// failure (and a JSON error object with --json). Every command starts here. `prove`:
// prove the spec's declared techniques sound (one Z3 query per technique);
// `techniques`: ground them at all. Solve, unique and count do neither, since no engine
// reads technique facts.
bool prepare(Session& s, const CommonOptions& o, Output io, bool ground_it = true, bool include_clues = true,
             bool prove = true, bool techniques = true);
// Proves every ground fact of the spec's declared techniques entailed by the instance
// (Z3); prints a counterexample and returns false for an unsound one.
bool prove_techniques(Session& s, const CommonOptions& o);
// The same with the Z3 query given (generate's, in its worker's Z3 context).
using SolveAny = std::function<z3lower::SolveResult(const std::vector<z3lower::Z3Backend::Case>&)>;
// `whole_first`: one check for every fact first, then one per technique only if it fails;
// else one check per technique from the start (see the definition).
bool prove_techniques(Session& s, const SolveAny& solve_any, bool whole_first = true);
// Z3 options from the common options (--time-limit, --seed).
z3lower::Options backend_options(const CommonOptions& o);

// A usage error: "pzc: error: MESSAGE" on stderr, and with --json an error document on
// stdout; exit code 2.
int usage_error(const CommonOptions& o, Output io, const std::string& message);
// "unknown: REASON" (or its JSON), exit code 3: a question the engine or solver gave up on.
int unknown(const CommonOptions& o, Output io, const std::string& reason);
// --classify (generate, generate-clues): "pzc: error: --classify names 'X' twice\n" for
// the first name given twice; empty when each is given once.
std::string classify_named_twice(const std::vector<std::string>& names);
// --grid: a file (or - for stdin) or the rows inline; errors are printed, nullopt returned.
std::optional<std::vector<std::optional<std::int64_t>>> read_grid_option(Session& s, const std::string& grid, Output io,
                                                                         bool as_json = false);

// ---- running an engine (solve / unique / count) ------------------------------------

enum class Job { Solve, Unique, Count };

// One answer from an engine (or the portfolio); every model in it has been re-checked
// against the ground constraints.
struct Answer {
  enum class Status { Sat, Unsat, Unknown } status = Status::Unknown;
  std::string reason;                      // when Unknown: "time limit", "interrupted", ...
  std::vector<ir::Assignment> solutions;   // solve: one; unique: one (unique) or two
  std::string count;                       // decimal (the native engine counts beyond 64 bits)
  bool exact = false;
  nlohmann::json stats = nlohmann::json::object();
  std::string engine;                      // which engine answered, as --stats prints it
};

// The engine `job` runs on: o.engine's, and for auto "portfolio" (below), or "native" when
// a variable has more than kPortfolioMaxZ3Values values.
std::string pick_engine(const CommonOptions& o, const ir::Program& p);

// Runs `job` (limit: solutions for count) on the engine pick_engine names.
// Every model in the answer is re-checked against the ground constraints before it is
// returned (a model that violates one throws std::logic_error), unless `check` is false:
// the caller then checks them itself (solve and unique check on a second thread while
// they draw the solution).
Answer run_job(const CommonOptions& o, const ir::Program& p, Job job, std::uint64_t limit, bool check = true);

// How much CPU time the native engine has alone before Z3 joins it: most puzzles are
// answered natively in well under this (Sudoku 9x9 and 16x16, Light Up up to 100x100,
// ABC up to 10x10: 1-40 ms measured), and then Z3 never starts (no context, no lowering).
// Where Z3 wins (ABC 12x12 and up) it costs this much wall time.
inline constexpr double kPortfolioHeadStartSeconds = 0.05;
// Native CPU time after which the portfolio stops the native engine (Z3 goes on). The
// engines run side by side until then (the native one at a lower priority), since either
// may win late: Towers 7x7 "unreasonable", native 1.0 s against Z3's 7.5 s (with a cap of
// 0.1 s, as before, the answer took 7.6 s); ABC 12x12 and 14x14, where Z3 wins, took the
// same time with either cap (0.13 s, 0.47 s).
inline constexpr double kPortfolioNativeCapSeconds = 30;
// `--engine auto` runs the native engine alone on a program with a variable of more values
// than this (pick_engine).
inline constexpr std::size_t kPortfolioMaxZ3Values = 1000;
// A count's portfolio: the native engine alone for this much CPU time (it counts most
// puzzles in milliseconds, and large counts are its own job: Z3 enumerates one solution at
// a time), then Z3 joins and enumerates at most kPortfolioZ3CountCap solutions (one clause
// each) before it leaves the count to the native engine, which is never stopped there. Z3
// answers the small counts that need deep search (Numbrix 5x5, 5 solutions: native 26 s).
inline constexpr double kPortfolioCountHeadStartSeconds = 0.5;
inline constexpr std::uint64_t kPortfolioZ3CountCap = 1000;

// solve / unique by the native engine and Z3 in two threads: the native engine alone for
// `head_start_s` of its CPU time (0: Z3 starts at once), then both; the first definitive answer (sat / unsat) wins and the other
// engine is stopped (its stop flag, Z3Backend::interrupt) and joined before returning.
// Answered within the head start: engine "native"; otherwise "native (portfolio)" or
// "z3 (portfolio)". With several solutions the one printed is the winner's.
// count: the first exact count wins (or "more than --limit", `count_limit`, 0 for none);
// Z3 stops at kPortfolioZ3CountCap solutions, and the native engine goes on alone.
Answer run_portfolio(const CommonOptions& o, const ir::Program& p, Job job, double head_start_s = kPortfolioHeadStartSeconds,
                     std::uint64_t count_limit = 0);

int cmd_check(const CommonOptions& o, Output io);
int cmd_dump(const CommonOptions& o, const std::string& stage, Output io);
int cmd_solve(const CommonOptions& o, Output io);
int cmd_unique(const CommonOptions& o, Output io);
int cmd_count(const CommonOptions& o, std::uint64_t limit, Output io);
int cmd_enumerate(const CommonOptions& o, std::uint64_t limit, Output io);
int cmd_verify(const CommonOptions& o, const std::string& grid, Output io);

}  // namespace pzc::driver
