// pzc: the command-line driver. Parses the command line and hands over to the commands.
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <string_view>
#include <system_error>
#include <thread>

#include <CLI/CLI.hpp>

#include "compiler/driver/commands.hpp"
#include "compiler/driver/json_text.hpp"
#include "compiler/driver/generate_command.hpp"
#include "compiler/driver/hint_command.hpp"
#include "compiler/driver/search_command.hpp"
#include "compiler/driver/metrics_command.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/driver/stack.hpp"
#include "compiler/lower/z3_backend.hpp"

// Out of memory is a message and exit code 3, like the time limit, not a crash. The
// operator new of mimalloc (linked for speed, docs/dependencies.md; Debian builds it as
// C) aborts the process with no word when memory runs out, as its C build cannot throw;
// these throw std::bad_alloc, as the standard says `new` does. Delete stays mimalloc's.
#ifdef PZC_MIMALLOC_NEW
#include <mimalloc.h>
void* operator new(std::size_t n) {
  if (void* p = mi_malloc(n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  if (void* p = mi_malloc(n)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a) {
  if (void* p = mi_malloc_aligned(n, static_cast<std::size_t>(a))) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n, std::align_val_t a) {
  if (void* p = mi_malloc_aligned(n, static_cast<std::size_t>(a))) return p;
  throw std::bad_alloc();
}
#endif

namespace {

// pzc's own watchdog: Z3 does not always honour its timeout, so past the time limit
// (plus a grace second) the process reports "unknown: time limit" (or the command's own
// form, set_watchdog_report) and exits.
void start_watchdog(double seconds, bool json) {
  if (seconds <= 0) return;
  try {
    std::thread([seconds, json] {
      std::this_thread::sleep_for(std::chrono::duration<double>(seconds + 1.0));
      // (A command already writing its answer is left to finish it.)
      if (pzc::driver::print_watchdog_report(json)) std::_Exit(pzc::driver::kExitUnknown);
    }).detach();
  } catch (const std::system_error&) {
    // No thread to be had (`ulimit -v` too low for its stack): the searches and Z3 still
    // stop at the limit themselves.
  }
}

constexpr const char* kOutOfMemory =
    "out of memory (the machine's, or the limit of `ulimit -v`): the instance, or the work asked of it, is too large";

}  // namespace

int main(int argc, char** argv) {
  using namespace pzc::driver;
  CLI::App app{"pzc: a compiler for logic puzzles"};
  app.require_subcommand(1);
  CommonOptions o;
  Registry registry;
  add_core_commands(app, o, registry);
  add_generate_commands(app, o, registry);
  add_hint_commands(app, o, registry);
  add_search_commands(app, o, registry);
  add_metrics_commands(app, o, registry);

  // Whether --json was asked for, read from the arguments themselves: an error in the
  // command line comes before the options are set, and stdout must still get one object.
  bool json = false;
  for (int i = 1; i < argc; ++i) json = json || std::string_view(argv[i]) == "--json";
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    if (code != 0 && json) std::cout << error_json(1, e.what()) << std::flush;
    return code == 0 ? 0 : kExitBadInput;
  }
  start_watchdog(o.time_limit, o.json);
  // Made now: out of memory, the handler below must not need any.
  const std::string oom_json = error_json(1, kOutOfMemory);
  const std::string oom_thread = std::string(kOutOfMemory) + " (no thread could be started)";
  const std::string oom_thread_json = error_json(1, oom_thread);
  Session::process_ends_after_command();  // see the end of main
  use_large_thread_stacks();
  const int code = on_new_thread([&] {
    std::ostream& out = guarded_stdout();
    Output io{out, std::cerr};
    try {
      for (auto& [cmd, run] : registry.commands)
        if (cmd->parsed()) return run(io);
    } catch (const pzc::z3lower::Unsupported& e) {
      // The way round it where there is one: a command that takes --engine.
      bool engines = false;
      for (auto& [cmd, run] : registry.commands)
        if (cmd->parsed()) engines = cmd->get_option_no_throw("--engine") != nullptr;
      const std::string way_round = engines ? "; use --engine native" : "";
      const std::string message = std::string(e.what()) + way_round;
      // (Located at its rule as every diagnostic is: `file:line:col: error: ...`.)
      if (!e.where.empty()) std::cerr << e.where << ": error: " << e.without_where << way_round << "\n";
      else std::cerr << "pzc: error: " << message << "\n";
      if (o.json) out << error_json(1, message);
      return kExitBadInput;
    } catch (const std::bad_alloc&) {
      std::cerr << "pzc: error: " << kOutOfMemory << "\n";
      if (o.json) out << oom_json;
      return kExitUnknown;
    } catch (const std::system_error& e) {
      // A thread that cannot be had (EAGAIN: too little memory for its stack, or too many
      // threads) is out of memory too; any other system error is pzc's.
      if (e.code() != std::errc::resource_unavailable_try_again) {
        std::cerr << "pzc: internal error: " << e.what() << "\n";
        if (o.json) out << error_json(1, std::string("internal error: ") + e.what());
        return 4;
      }
      std::cerr << "pzc: error: " << oom_thread << "\n";
      if (o.json) out << oom_thread_json;
      return kExitUnknown;
    } catch (const std::exception& e) {
      // Z3's own allocation failure comes as its exception ("z3: out of memory").
      if (std::string_view(e.what()).find("out of memory") != std::string_view::npos) {
        std::cerr << "pzc: error: " << kOutOfMemory << "\n";
        if (o.json) out << oom_json;
        return kExitUnknown;
      }
      std::cerr << "pzc: internal error: " << e.what() << "\n";
      if (o.json) out << error_json(1, std::string("internal error: ") + e.what());
      return 4;
    }
    return kExitBadInput;
  });
  // Like compilers do, skip freeing a large heap at exit: the process ends here. Output
  // that could not be written (a full disk, a closed pipe) is an error, not a success.
  std::ostream& out = guarded_stdout();
  out.flush();
  std::cout.flush();
  if (!out || !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
    // errno of the write that failed (a later call may have changed errno since).
    const int err = write_errno() != 0 ? write_errno() : errno;
    std::cerr << "pzc: error: cannot write the output: " << std::strerror(err != 0 ? err : EIO) << "\n";
    std::cerr.flush();
    std::_Exit(code == kExitOk || code == 1 ? kExitBadInput : code);
  }
  std::cerr.flush();
  std::_Exit(code);
}
