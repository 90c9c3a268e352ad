// pzc: the command-line driver. Parses the command line and hands over to the commands.
#include <atomic>
#include <chrono>
#include <iostream>
#include <thread>

#include <CLI/CLI.hpp>

#include "compiler/driver/commands.hpp"
#include "compiler/driver/session.hpp"

namespace {

// pzc's own watchdog: Z3 does not always honour its timeout, so past the time limit
// (plus a grace second) the process reports "unknown: time limit" and exits.
void start_watchdog(double seconds, bool json) {
  if (seconds <= 0) return;
  std::thread([seconds, json] {
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds + 1.0));
    if (json) std::cout << "{\n  \"status\": \"unknown\",\n  \"reason\": \"time limit\"\n}\n";
    else std::cout << "unknown: time limit\n";
    std::cout.flush();
    std::_Exit(pzc::driver::kExitUnknown);
  }).detach();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace pzc::driver;
  CLI::App app{"pzc: a compiler for logic puzzles"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "help for every command");

  CommonOptions o;
  auto common = [&](CLI::App* c, bool needs_instance = true) {
    c->add_option("spec", o.spec, "the puzzle specification (.pz)")->required();
    if (needs_instance)
      c->add_option("instance", o.instance, "an instance name in the spec, an instance file, or - for stdin");
    c->add_option("--given", o.givens, "bind a given: NAME=VALUE or NAME=@FILE");
    c->add_option("--puzzle", o.puzzle, "the puzzle to use when the file declares several");
    c->add_flag("--json", o.json, "machine-readable output");
    c->add_option("--time-limit", o.time_limit, "seconds before giving up (exit code 3)");
    c->add_option("--seed", o.seed, "random seed for the solver");
  };
  auto* check = app.add_subcommand("check", "parse and type-check a spec (and an instance, if given)");
  common(check);
  std::string stage = "ast";
  auto* dump = app.add_subcommand("dump", "print an intermediate form: ast, ir or smt2");
  common(dump);
  dump->add_option("--stage", stage, "ast, ir or smt2")->check(CLI::IsMember({"ast", "ir", "smt2"}));
  auto* solve = app.add_subcommand("solve", "find a solution");
  common(solve);
  auto* unique = app.add_subcommand("unique", "find a solution and prove it is the only one, or show a second");
  common(unique);
  std::uint64_t limit = 1000000;
  auto* count = app.add_subcommand("count", "count the solutions (distinct assignments of the vars)");
  common(count);
  count->add_option("--limit", limit, "stop after this many solutions (the count is then a lower bound)");
  std::string grid;
  auto* verify = app.add_subcommand("verify", "check a person's full or partial grid");
  common(verify);
  verify->add_option("--grid", grid, "the grid: a file of text rows, or rows separated by '/'; '.' is unfilled")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : kExitBadInput;
  }
  start_watchdog(o.time_limit, o.json);
  Output io{std::cout, std::cerr};
  try {
    if (*check) return cmd_check(o, io);
    if (*dump) return cmd_dump(o, stage, io);
    if (*solve) return cmd_solve(o, io);
    if (*unique) return cmd_unique(o, io);
    if (*count) return cmd_count(o, limit, io);
    if (*verify) return cmd_verify(o, grid, io);
  } catch (const std::exception& e) {
    std::cerr << "pzc: internal error: " << e.what() << "\n";
    return 4;
  }
  return kExitBadInput;
}
