// The pzc commands. Each takes parsed options, runs the pipeline through a Session, and
// returns an exit code; output goes to the streams given, never from inside a pass.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}
namespace pzc::z3lower {
struct Options;
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
  bool stats = false;
  bool components = true;            // native count: split into components and cache
  int line = 1;                      // --line K of a one-puzzle-per-line instance file
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
void add_core_commands(CLI::App& app, CommonOptions& o, Registry& r);

struct Session;

// Loads, checks and (unless `ground_it` is false) grounds; prints the diagnostics on
// failure (and a JSON error object with --json). Every command starts here.
bool prepare(Session& s, const CommonOptions& o, Output io, bool ground_it = true, bool include_clues = true);
// Z3 options from the common options (--time-limit, --seed).
z3lower::Options backend_options(const CommonOptions& o);
// --grid: a file (or - for stdin) or the rows inline; errors are printed, nullopt returned.
std::optional<std::vector<std::optional<std::int64_t>>> read_grid_option(Session& s, const std::string& grid, Output io);

int cmd_check(const CommonOptions& o, Output io);
int cmd_dump(const CommonOptions& o, const std::string& stage, Output io);
int cmd_solve(const CommonOptions& o, Output io);
int cmd_unique(const CommonOptions& o, Output io);
int cmd_count(const CommonOptions& o, std::uint64_t limit, Output io);
int cmd_verify(const CommonOptions& o, const std::string& grid, Output io);

}  // namespace pzc::driver
