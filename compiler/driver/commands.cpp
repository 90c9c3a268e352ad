// check, dump, solve, unique, count, verify; and the engines behind solve / unique / count
// (native, Z3, or both racing in two threads).
#include "compiler/driver/commands.hpp"

#include <pthread.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <filesystem>
#include <functional>
#include <limits>
#include <future>
#include <mutex>
#include <map>
#include <set>
#include <sstream>
#include <system_error>
#include <iostream>
#include <ostream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compiler/driver/json_text.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/front/statespace/lower.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/engine/search.hpp"
#include "runtime/hints/hints.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/io/plural.hpp"
#include "runtime/ir/print.hpp"
#include "runtime/statespace/program.hpp"

namespace pzc::driver {

using nlohmann::json;

// Every fact a declared technique concludes must follow from the rules and clues of the
// instance: Z3 looks for a solution where it is false. One found is a counterexample, and
// the technique is rejected with it.
bool prove_techniques(Session& s, const CommonOptions& o) {
  z3lower::Z3Backend backend(*s.program, backend_options(o));
  return prove_techniques(
      s, [&](const std::vector<z3lower::Z3Backend::Case>& cases) { return backend.solve_any(cases); }, false);
}

bool prove_techniques(Session& s, const SolveAny& solve_any, bool whole_first) {
  const ir::Program& p = *s.program;
  std::set<int> reported;
  // The technique's declaration in the source, for the diagnostic.
  auto declared_at = [&](const ir::RuleInfo& rule) {
    source::Range where{};
    for (const ast::RuleDecl* d : s.checked.rules)
      if (d->kind == ast::RuleKind::Technique && d->range.begin.line == rule.line && s.sm.column(d->range) == rule.col) where = d->range;
    return where;
  };
  // One Z3 check for all the facts: none can be false (Magnets 10x10, 400 facts: 0.30 ->
  // 0.05 s against a check per fact). When that fails, or without `whole_first`, one check
  // per technique, and a technique that fails its check is proved fact by fact, for the
  // first fact that fails and its counterexample. The commands (check, grade, hint...)
  // start with a check per technique: on the bundled puzzles it costs the same, and on a
  // large board with several solutions the one check for all is far slower (a 12x12 Easy
  // as ABC, 3200 facts: 47-73 s against 8 s; two techniques' pigeonhole arguments are
  // most of it). The generator, which proves small unique puzzles by the thousand, keeps
  // the one check.
  std::map<std::int32_t, std::vector<z3lower::Z3Backend::Case>> by_rule;
  for (const auto& fact : p.techniques) {
    if (fact.condition >= 0 && hints::unevaluable_in_pattern(p, fact.condition)) continue;  // reported below
    ir::Literal negated = fact.literal;
    negated.positive = !negated.positive;
    by_rule[fact.origin.rule].push_back({negated, fact.condition});
  }
  std::set<std::int32_t> proved;
  std::vector<z3lower::Z3Backend::Case> all;
  for (const auto& [rule, cases] : by_rule) all.insert(all.end(), cases.begin(), cases.end());
  if (whole_first && by_rule.size() > 1 && solve_any(all).status == z3lower::Status::Unsat) {
    for (const auto& [rule, cases] : by_rule) proved.insert(rule);  // every technique at once
  } else {
    for (const auto& [rule, cases] : by_rule)
      if (solve_any(cases).status == z3lower::Status::Unsat) proved.insert(rule);
  }
  for (const auto& fact : p.techniques) {
    if (reported.count(fact.origin.rule)) continue;
    if (fact.condition >= 0) {
      // A pattern the hint runtime cannot evaluate would pass the proof and never fire.
      if (auto why = hints::unevaluable_in_pattern(p, fact.condition)) {
        const ir::RuleInfo& rule = p.rules[static_cast<std::size_t>(fact.origin.rule)];
        s.diags.error(declared_at(rule), fmt::format("technique '{}': the hint runtime cannot test its `where` on the candidates ({})", rule.name, *why),
                      {"a state pattern may use possible(), placed(), and, or, not, implies, x = value, counts, sums and comparisons"});
        reported.insert(fact.origin.rule);
        continue;
      }
    }
    if (proved.count(fact.origin.rule)) continue;
    ir::Literal negated = fact.literal;
    negated.positive = !negated.positive;
    auto r = solve_any({{negated, fact.condition}});
    if (r.status == z3lower::Status::Unsat) continue;
    const ir::RuleInfo& rule = p.rules[static_cast<std::size_t>(fact.origin.rule)];
    const source::Range where = declared_at(rule);
    const ir::Variable& var = p.vars[static_cast<std::size_t>(fact.literal.var)];
    std::string bindings;
    for (const auto& [k, v] : fact.origin.bindings) bindings += (bindings.empty() ? " with " : ", ") + k + " = " + v;
    if (r.status == z3lower::Status::Unknown) {
      s.diags.error(where, fmt::format("could not prove technique '{}' sound{}: {}", rule.name, bindings, r.unknown_reason));
    } else {
      std::vector<std::string> notes = {
          fmt::format("it concludes {}{}", ir::format_literal(p, fact.literal), bindings),
          fmt::format("but this solution of the rules has {} = {}:", var.name,
                      ir::format_value(p, var.kind, (*r.solution)[static_cast<std::size_t>(fact.literal.var)]))};
      std::string picture = draw(s, *r.solution);
      std::istringstream lines(picture);
      for (std::string line; std::getline(lines, line);) notes.push_back("  " + line);
      s.diags.error(where, fmt::format("technique '{}' is not sound", rule.name), notes);
    }
    reported.insert(fact.origin.rule);
  }
  return reported.empty();
}

bool prepare(Session& s, const CommonOptions& o, Output io, bool ground_it, bool include_clues, bool prove,
             bool techniques) {
  s.line = o.line;
  bool ok = s.load_spec(o.spec, o.puzzle, o.instance);
  if (ok) ok = s.select_instance(o.instance);
  if (ok)
    for (const auto& g : o.givens) ok = s.add_given(g) && ok;
  if (ok && ground_it) ok = s.no_state_space() && s.ground(include_clues, techniques);
  if (ok && ground_it && prove && s.program && !s.program->techniques.empty()) ok = prove_techniques(s, o);
  if (!ok || s.diags.has_errors()) {
    const std::string text = s.render_diagnostics();
    io.err << text;
    if (o.json)
      io.out << error_json(s.diags.error_count(), text);
    return false;
  }
  io.err << s.render_diagnostics();  // warnings
  return true;
}

int usage_error(const CommonOptions& o, Output io, const std::string& message) {
  io.err << "pzc: error: " << message << "\n";
  if (o.json)
    io.out << error_json(1, "pzc: error: " + message + "\n");
  return kExitBadInput;
}

std::string classify_named_twice(const std::vector<std::string>& names) {
  for (std::size_t i = 0; i < names.size(); ++i)
    if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), names[i]) != names.begin() + static_cast<std::ptrdiff_t>(i))
      return fmt::format("pzc: error: --classify names '{}' twice\n", names[i]);
  return "";
}

int unknown(const CommonOptions& o, Output io, const std::string& reason) {
  if (o.json) io.out << json{{"status", "unknown"}, {"reason", reason}}.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  else io.out << "unknown: " << reason << "\n";
  return kExitUnknown;
}

z3lower::Options backend_options(const CommonOptions& o) {
  z3lower::Options opts;
  // (At least 1 ms: 0 would mean no limit to Z3.)
  opts.time_limit_ms = o.time_limit > 0 ? std::max(1u, static_cast<unsigned>(std::ceil(o.time_limit * 1000))) : 0;
  opts.seed = o.seed;
  return opts;
}

std::optional<std::vector<std::optional<std::int64_t>>> read_grid_option(Session& s, const std::string& grid, Output io,
                                                                         bool as_json) {
  // An error goes to stderr, and with --json as a document on stdout too.
  auto fail = [&](const std::string& message) {
    io.err << message;
    if (as_json) io.out << error_json(1, message);
  };
  std::string text = grid;
  std::error_code ec;
  // A text ending like a file name (`mine.txt`, `dir/mine.txt`) names a file that is not there:
  // say so, rather than read it as a grid of one row.
  static const char* const kExtensions[] = {".txt", ".grid", ".pz", ".lightup", ".solo", ".sol"};
  if (grid != "-" && !std::filesystem::exists(grid, ec))
    for (const char* ext : kExtensions) {
      const std::string e = ext;
      if (grid.size() > e.size() && grid.compare(grid.size() - e.size(), e.size(), e) == 0) {
        fail(fmt::format("pzc: error: --grid: no file '{}' (a grid written in the option has its rows separated by '/')\n", grid));
        return std::nullopt;
      }
    }
  // Any existing path is read as a file (a directory or a device is then refused with a
  // message), not taken for the grid's own rows; but `../..`, only dots and slashes, is
  // two empty rows though it names a directory.
  const bool only_dots = grid.find_first_not_of("./") == std::string::npos;
  if (grid == "-" || (std::filesystem::exists(grid, ec) && !(only_dots && std::filesystem::is_directory(grid, ec)))) {
    auto t = s.read(grid);
    if (!t) {
      fail(s.render_diagnostics());
      return std::nullopt;
    }
    text = *t;
  }
  std::string error;
  auto partial = read_grid(s, text, error);
  if (!partial) fail("pzc: error: --grid: " + error + "\n");
  return partial;
}

namespace {

// The answer: every group but the `aux var`s.
json assignment_json(const ir::Program& p, const ir::Assignment& a) {
  json out = json::object();
  for (const auto& g : p.groups) {
    if (g.aux) continue;
    auto val = [&](std::int32_t i) {
      auto id = static_cast<std::size_t>(g.first + i);
      return value_json(p, p.vars[id], a[id]);
    };
    switch (g.shape) {
      case ir::VarGroup::Shape::Scalar: out[g.name] = val(0); break;
      case ir::VarGroup::Shape::Seq: {
        json arr = json::array();
        for (std::int32_t i = 0; i < g.count; ++i) arr.push_back(val(i));
        out[g.name] = arr;
        break;
      }
      case ir::VarGroup::Shape::Map: {
        json obj = json::object();
        for (std::int32_t i = 0; i < g.count; ++i) obj[g.keys[static_cast<std::size_t>(i)]] = val(i);
        out[g.name] = obj;
        break;
      }
      case ir::VarGroup::Shape::Grid: {
        json rows = json::array();
        for (std::int64_t r = 0; r < g.dims[0]; ++r) {
          json row = json::array();
          for (std::int64_t c = 0; c < g.dims[1]; ++c) row.push_back(val(static_cast<std::int32_t>(r * g.dims[1] + c)));
          rows.push_back(row);
        }
        out[g.name] = rows;
        break;
      }
    }
  }
  return out;
}

Answer::Status status_of(engine::Status x) {
  return x == engine::Status::Sat ? Answer::Status::Sat : x == engine::Status::Unsat ? Answer::Status::Unsat : Answer::Status::Unknown;
}
Answer::Status status_of(z3lower::Status x) {
  return x == z3lower::Status::Sat ? Answer::Status::Sat : x == z3lower::Status::Unsat ? Answer::Status::Unsat : Answer::Status::Unknown;
}

// The native engine's options from the command line's.
engine::SearchOptions native_options(const CommonOptions& o, const std::atomic<bool>* stop) {
  engine::SearchOptions so;
  so.order = *engine::parse_order(o.order);
  so.value_order = *engine::parse_value_order(o.value_order);
  so.check = *engine::parse_check(o.check);
  if (o.random_seed >= 0) so.random_seed = static_cast<std::uint64_t>(o.random_seed);
  so.restart_base = o.restarts;
  so.time_limit_s = o.time_limit;
  so.stop = stop;
  so.components = o.components;
  return so;
}

nlohmann::json native_stats(const engine::SearchResult& r, const engine::SearchOptions& so) {
  return {{"nodes", r.stats.nodes}, {"max_depth", r.stats.max_depth}, {"propagations", r.stats.propagations},
          {"solutions", r.stats.solutions}, {"cache_hits", r.stats.cache_hits}, {"components", r.stats.components},
          {"time_s", r.stats.time_s}, {"order", engine::name_of(so.order)}, {"check", engine::name_of(so.check)}};
}

Answer run_native(const CommonOptions& o, const ir::Program& p, Job job, std::uint64_t limit, const std::atomic<bool>* stop) {
  Answer a;
  a.engine = "native";
  engine::SearchOptions so = native_options(o, stop);
  // A count asks for one solution past --limit, so that exactly `limit` solutions are told
  // apart from more (Heyawake's 2107 with --limit 2107 was "at least 2107").
  const bool one_more = job == Job::Count && limit > 0 && limit < std::numeric_limits<std::uint64_t>::max();
  if (job == Job::Count) {
    so.solution_limit = one_more ? limit + 1 : limit;
    if (isatty(2))
      so.progress = [](const engine::Progress& pr) {
        std::cerr << fmt::format("\rcounting: {} nodes, {} counted at the top, {:.1f} s", pr.nodes, pr.solutions, pr.elapsed_s)
                  << std::flush;
      };
  }
  engine::SearchResult r = job == Job::Solve ? engine::solve(p, so) : job == Job::Unique ? engine::unique(p, so) : engine::count(p, so);
  if (so.progress) std::cerr << "\r" << std::string(60, ' ') << "\r";
  a.status = status_of(r.status);
  // The engine calls one solution found before its time ran out Sat; for unique that
  // leaves the question open.
  if (job == Job::Unique && r.solutions.size() < 2 && !r.reason.empty()) a.status = Answer::Status::Unknown;
  a.reason = r.reason;
  a.solutions = std::move(r.solutions);
  if (one_more && r.count > engine::Count{limit}) {
    r.count = limit;
    r.exact = false;
    a.reason = "limit";
  }
  a.count = engine::to_string(r.count);
  a.exact = r.exact;
  a.stats = native_stats(r, so);
  return a;
}

Answer run_z3(z3lower::Z3Backend& backend, Job job, std::uint64_t limit) {
  Answer a;
  a.engine = "z3";
  if (job == Job::Solve) {
    auto r = backend.solve();
    a.status = status_of(r.status);
    a.reason = r.unknown_reason;
    if (r.solution) a.solutions.push_back(*r.solution);
  } else if (job == Job::Unique) {
    auto r = backend.unique();
    a.status = status_of(r.status);
    a.reason = r.unknown_reason;
    if (r.first) a.solutions.push_back(*r.first);
    if (r.second) a.solutions.push_back(*r.second);
  } else {
    auto r = backend.count(limit == 0 ? 1000000 : limit);
    a.status = status_of(r.status);
    a.reason = r.unknown_reason;
    if (!r.exact && r.status == z3lower::Status::Sat && a.reason.empty()) a.reason = "limit";
    a.count = std::to_string(r.count);
    a.exact = r.exact;
  }
  return a;
}

bool definitive(const Answer& a) { return a.status != Answer::Status::Unknown; }

// A count is answered by an exact count, or by more than the user's --limit (`limit`, 0:
// none) found: not by a count stopped by time, nor by Z3 stopped at the portfolio's own
// cap below the user's limit.
bool count_definitive(const Answer& a, std::uint64_t limit, std::uint64_t asked) {
  if (a.status == Answer::Status::Unknown) return false;
  if (a.exact) return true;
  return a.reason == "limit" && limit > 0 && asked >= limit;
}

// Decimal counts (the native engine's may pass 64 bits) compared as numbers.
bool count_less(const std::string& a, const std::string& b) {
  return a.size() != b.size() ? a.size() < b.size() : a < b;
}

// CPU time a running thread has used; nullopt if it cannot be read.
std::optional<double> thread_cpu_seconds(std::thread& t) {
  clockid_t id;
  timespec ts;
  if (pthread_getcpuclockid(t.native_handle(), &id) != 0 || clock_gettime(id, &ts) != 0) return std::nullopt;
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

}  // namespace

Answer run_portfolio(const CommonOptions& o, const ir::Program& p, Job job, double head_start_s, std::uint64_t count_limit) {
  using Clock = std::chrono::steady_clock;
  const bool counting = job == Job::Count;
  const std::uint64_t limit = counting ? count_limit : job == Job::Unique ? 2 : 1;
  // Z3 counts one solution at a time, each blocked by a clause: it serves the counts that
  // are small but need deep search, and stops at kPortfolioZ3CountCap, leaving large counts
  // to the native engine's components and caching (a million crossword fills).
  const std::uint64_t z3_limit = !counting ? limit : limit == 0 ? kPortfolioZ3CountCap : std::min(limit, kPortfolioZ3CountCap);
  auto answered = [&](const Answer& a, std::uint64_t asked) {
    return counting ? count_definitive(a, limit, asked) : definitive(a);
  };
  // Shared between this thread and the two engine threads; everything but stop_native is
  // guarded by `m`. The Z3 thread owns its backend (context) and registers it here while
  // it is alive, so interrupt() is the only call made on it from another thread.
  struct Slot {  // one engine's outcome
    bool done = false;
    std::optional<Answer> answer;
    std::exception_ptr error;
  };
  struct Race {
    std::mutex m;
    std::condition_variable cv;
    Slot native, z3;
    bool stop_z3 = false;
    std::atomic<bool> stop_native{false};
    z3lower::Z3Backend* backend = nullptr;
    pid_t native_tid = 0;
  } race;
  // Runs one engine on the calling thread and publishes its answer (or exception). (A
  // template: a std::function made of the engine's lambda allocated outside the try, and
  // out of memory there ended the process.)
  auto run_into = [&race](Slot& slot, auto&& engine) {
    std::optional<Answer> a;
    std::exception_ptr error;
    try {
      a = engine();
    } catch (...) {
      error = std::current_exception();
    }
    std::lock_guard lock(race.m);
    slot.answer = std::move(a);
    slot.error = error;
    slot.done = true;
    race.cv.notify_all();
  };
  const auto start = Clock::now();

  std::thread native_thread([&] {
    {
      std::lock_guard lock(race.m);
      race.native_tid = gettid();
    }
    run_into(race.native, [&] { return run_native(o, p, job, limit, &race.stop_native); });
  });

  std::unique_lock lock(race.m);
  // The head start is the native thread's CPU time, not wall time: on a loaded machine
  // the same programs are still answered before Z3 joins (stable `engine` in output).
  while (!race.native.done) {
    std::optional<double> used = thread_cpu_seconds(native_thread);
    if (!used || *used >= head_start_s) break;
    race.cv.wait_for(lock, std::chrono::duration<double>(std::max(head_start_s - *used, 0.0005)));
  }
  if (race.native.done && head_start_s > 0) {
    // Answered (or out of time) alone: Z3 never started.
    lock.unlock();
    native_thread.join();
    if (race.native.error) std::rethrow_exception(race.native.error);
    return std::move(*race.native.answer);
  }

  // Past the head start the native engine is the less likely winner (it answers
  // propagation-heavy puzzles within milliseconds; deep search is CDCL's strength): when
  // the cores are busy, Z3 gets the larger share. No effect on an idle machine.
  // (Measured on ABC 14x14 with other jobs running: 1.6 s without, 0.95 s with; Z3 alone
  // 0.83 s.)
  // For a count it is the other way round: the native engine answers the large counts,
  // and Z3 only the small ones of deep search, so Z3 has the lower priority.
  // With --time-limit, neither is lowered: on a loaded machine a thread at nice 10 gets so
  // little of a core that it noticed its stop late, and the watchdog ended the run one
  // second past the limit with the count already found thrown away (ABC 14x14 with two
  // other jobs: "unknown: time limit" at 4.1 s for --time-limit 3, every time).
  const bool renice = o.time_limit <= 0;
  if (race.native_tid && !counting && renice) setpriority(PRIO_PROCESS, static_cast<id_t>(race.native_tid), 10);
  // The first definitive answer wins; if both are in when this thread wakes, the native one.
  auto native_won = [&] { return race.native.done && race.native.answer && answered(*race.native.answer, limit); };
  auto z3_body = [&] {
    run_into(race.z3, [&] {
      CommonOptions rest = o;
      if (o.time_limit > 0)
        rest.time_limit = std::max(0.1, o.time_limit - std::chrono::duration<double>(Clock::now() - start).count());
      z3lower::Z3Backend backend(p, backend_options(rest));
      // Unregistered before the backend is destroyed, on every way out.
      struct Registration {
        Race& r;
        Registration(Race& shared, z3lower::Z3Backend& b) : r(shared) {
          std::lock_guard l(r.m);
          r.backend = &b;
          if (r.stop_z3) b.interrupt();
        }
        ~Registration() {
          std::lock_guard l(r.m);
          r.backend = nullptr;
        }
      } registration(race, backend);
      return run_z3(backend, job, z3_limit);
    });
  };
  std::thread z3_thread;
  try {
    z3_thread = std::thread([&] {
      if (counting && renice) setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 10);
      z3_body();
    });
  } catch (const std::system_error&) {
    // No second thread to be had (no memory for its stack, under `ulimit -v`). A count
    // goes on with the native engine alone; solve and unique stop it and ask Z3 here, as
    // past the head start the native engine may search for hours (ABC 12x12: Z3 0.2 s).
    if (counting) {
      race.z3.done = true;
    } else {
      race.stop_native = true;
      race.cv.wait(lock, [&] { return race.native.done; });
      if (!native_won()) {
        lock.unlock();
        z3_body();
        lock.lock();
      } else {
        race.z3.done = true;
      }
    }
  }

  auto z3_won = [&] { return race.z3.done && race.z3.answer && answered(*race.z3.answer, z3_limit); };
  // The native engine answers what it answers within milliseconds (measured: at most
  // 40 ms on every bundled instance it wins); past kPortfolioNativeCapSeconds of its CPU
  // time it is stopped, so that Z3 has the machine to itself.
  auto settled = [&] { return native_won() || z3_won() || (race.native.done && race.z3.done); };
  while (!settled()) {
    race.cv.wait_for(lock, std::chrono::milliseconds(10));
    // (Also when Z3 has failed, out of memory: the native engine alone would search on
    // for hours where Z3 was needed; at the cap, Z3's error is the answer.)
    if (!counting && !race.native.done && !race.stop_native) {
      std::optional<double> used = thread_cpu_seconds(native_thread);
      if (used && *used >= kPortfolioNativeCapSeconds) race.stop_native = true;
    }
  }
  const bool native_wins = native_won();
  const bool z3_wins = !native_wins && z3_won();

  // Stop the other engine and wait for it. A Z3 check that was just starting can miss an
  // interrupt, so it is repeated until the Z3 thread is done.
  race.stop_native = true;
  race.stop_z3 = true;
  while (!race.native.done || !race.z3.done) {
    if (race.backend) race.backend->interrupt();
    race.cv.wait_for(lock, std::chrono::milliseconds(5));
  }
  lock.unlock();
  native_thread.join();
  if (z3_thread.joinable()) z3_thread.join();

  if (native_wins || z3_wins) {
    Answer a = std::move(native_wins ? *race.native.answer : *race.z3.answer);
    a.engine += " (portfolio)";
    return a;
  }
  // Neither answered: an engine's error first, else the answer that carries a solution
  // (unique: one found, uniqueness open), else the native one. A count stopped by time is
  // the native engine's (its reason), with the larger of the two lower bounds.
  if (counting && race.native.answer) {
    Answer a = std::move(*race.native.answer);
    // (The engine named is the one whose count is printed; its stats go with it.)
    if (race.z3.answer && count_less(a.count, race.z3.answer->count)) {
      a.count = race.z3.answer->count;
      a.engine = race.z3.answer->engine;
      a.stats = race.z3.answer->stats;
    }
    a.engine += " (portfolio)";
    return a;
  }
  if (race.native.error) std::rethrow_exception(race.native.error);
  if (race.z3.error) std::rethrow_exception(race.z3.error);
  Answer a = std::move(*race.native.answer);
  if (race.z3.answer && a.solutions.empty() && !race.z3.answer->solutions.empty()) a = std::move(*race.z3.answer);
  a.engine += " (portfolio)";
  return a;
}

namespace {

// Throws std::logic_error naming the first constraint the model violates.
void check_model(const ir::Program& p, const std::string& engine, const ir::Assignment& sol) {
  auto bad = ir::violated_constraints(p, sol);
  if (!bad.empty())
    throw std::logic_error(fmt::format("the {} engine returned a model violating constraint {} ({})", engine, bad[0],
                                       p.constraints[static_cast<std::size_t>(bad[0])].origin.text));
}

void check_models(const ir::Program& p, const Answer& a) {
  for (const auto& sol : a.solutions) check_model(p, a.engine, sol);
}

}  // namespace

// auto: the portfolio, for solve, unique and count alike (count's shaped for counting:
// run_portfolio). Generic expressions included: since their propagator searches for
// supports, the native engine answers the clue puzzles and Towers first (Towers 6x6 hard:
// 5 ms against Z3's 1.0 s).
std::string pick_engine(const CommonOptions& o, const ir::Program& p) {
  if (o.engine != "auto") return o.engine;
  // Z3 gets one Boolean per value of a variable: past kPortfolioMaxZ3Values values in one
  // variable it is the wrong tool, and the native engine answers alone. (Einstein's puzzle
  // with one attribute over 1..1000: Z3 3 s, the native engine 0.05 s; over 1..100000, Z3
  // took 3.6 GB and had no answer in 100 s, and the portfolio's cap stopped the native
  // engine, which answers in 42 s.)
  for (const auto& v : p.vars)
    if (v.domain.size() > kPortfolioMaxZ3Values) return "native";
  return "portfolio";
}

Answer run_job(const CommonOptions& o, const ir::Program& p, Job job, std::uint64_t limit, bool check) {
  const std::string engine = pick_engine(o, p);
  Answer a;
  if (engine == "portfolio") {
    a = run_portfolio(o, p, job, job == Job::Count ? kPortfolioCountHeadStartSeconds : kPortfolioHeadStartSeconds, limit);
  } else if (engine == "z3") {
    z3lower::Z3Backend backend(p, backend_options(o));
    a = run_z3(backend, job, limit);
  } else {
    a = run_native(o, p, job, limit, nullptr);
  }
  // Every model is re-checked against the ground constraints before it is printed.
  if (check) check_models(p, a);
  return a;
}

namespace {

std::string title(const Session& s) { return driver::title(*s.program); }


}  // namespace

int cmd_check(const CommonOptions& o, Output io) {
  Session s;
  s.lasts_to_exit = true;
  s.check_every_puzzle = true;  // without --puzzle: every puzzle of the file
  // Without an instance, check only the spec; with one (or when every given has a
  // default), bind and ground it too, and prove its declared techniques sound.
  bool ground_it = !o.instance.empty() || !o.givens.empty();
  if (!prepare(s, o, io, false)) return kExitBadInput;
  bool defaults_only = std::all_of(s.checked.givens.begin(), s.checked.givens.end(),
                                   [](const ast::GivenDecl* g) { return g->default_value != nullptr; });
  if (ground_it || s.instance || defaults_only) {
    bool ok = s.ground();
    if (ok && !s.program->techniques.empty()) ok = prove_techniques(s, o);
    // A state space is checked as search lowers and compiles it (one goal, moves that
    // change only the state, initial values that fit).
    if (ok && s.checked.has_state_space) {
      statespace::State start;
      auto lowered = statespace_lower::lower_state_space(s.checked, s.bound, s.diags, start, {});
      ok = lowered.has_value() && !s.diags.has_errors();
      if (ok) {
        try {
          statespace::CompiledProgram compiled(*lowered);
        } catch (const statespace::ProgramError& e) {
          s.diags.error_no_location(e.what());
          ok = false;
        }
      }
    }
    if (!ok) {
      // (--json printed nothing here: every other command prints the error object.)
      const std::string text = s.render_diagnostics();
      io.err << text;
      if (o.json) io.out << error_json(std::max<std::size_t>(1, s.diags.error_count()), text);
      return kExitBadInput;
    }
  }
  // Each puzzle's declarations by kind (every puzzle of the file was type-checked, unless
  // --puzzle picked one).
  struct Counts {
    std::size_t rules = 0, requires_ = 0, techniques = 0, names = 0, vars = 0;
  };
  auto counts_of = [](const ast::Puzzle& pz) {
    Counts n;
    for (const auto& d : pz.decls) {
      if (const auto* r = std::get_if<ast::RuleDecl>(&d)) {
        switch (r->kind) {
          case ast::RuleKind::Rule:
          case ast::RuleKind::Clue: ++n.rules; break;
          case ast::RuleKind::Require: ++n.requires_; break;
          case ast::RuleKind::Technique: ++n.techniques; break;
          case ast::RuleKind::Name: ++n.names; break;
        }
      }
      if (const auto* v = std::get_if<ast::VarDecl>(&d)) n.vars += v->names.size();
    }
    return n;
  };
  std::vector<const ast::Puzzle*> shown;
  for (const auto& pz : s.modules[0]->puzzles)
    if (&pz == s.puzzle || o.puzzle.empty()) shown.push_back(&pz);
  // The no-solution warning: on stderr, and with --json in the document's `warnings`.
  std::vector<std::string> warnings;
  // Well-formed, but a rule that no value of the unknowns satisfies (x + y = x on two
  // Seqs is their concatenation): the puzzle has no solution, said here, not only by solve.
  if (s.program) {
    const std::vector<int> bad = ir::definitely_violated(*s.program, ir::PartialAssignment(s.program->vars.size()));
    if (!bad.empty())
      warnings.push_back(fmt::format("the puzzle has no solution: \"{}\" is false whatever the unknowns are{}",
                                     s.program->constraints[static_cast<std::size_t>(bad[0])].origin.text,
                                     bad.size() > 1 ? fmt::format(" (and {} more)", bad.size() - 1) : ""));
  }
  using io::counted;
  if (o.json) {
    const Counts n = counts_of(*s.puzzle);
    json j{{"status", "ok"}, {"puzzle", s.puzzle->name}, {"rules", n.rules}, {"requires", n.requires_},
           {"techniques", n.techniques}, {"names", n.names}, {"var_declarations", n.vars}, {"warnings", warnings}};
    if (s.program) {
      j["instance"] = s.program->instance;
      j["variables"] = s.program->vars.size();
      j["constraints"] = s.program->constraints.size();
      j["technique_facts"] = s.program->techniques.size();
    }
    json all = json::array();
    for (const ast::Puzzle* pz : shown) {
      const Counts m = counts_of(*pz);
      all.push_back({{"puzzle", pz->name}, {"rules", m.rules}, {"requires", m.requires_}, {"techniques", m.techniques},
                     {"names", m.names}, {"var_declarations", m.vars}});
    }
    j["puzzles"] = all;
    io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    for (const ast::Puzzle* pz : shown) {
      const Counts n = counts_of(*pz);
      std::string what = counted(n.rules, "rule or clue", "rules and clues");
      if (n.requires_) what += ", " + counted(n.requires_, "require", "requires");
      if (n.techniques) what += ", " + counted(n.techniques, "technique", "techniques");
      if (n.names) what += ", " + counted(n.names, "name declaration", "name declarations");
      what += ", " + counted(n.vars, "variable declaration", "variable declarations");
      io.out << fmt::format("{}: puzzle {} is well-formed ({})\n", o.spec, pz->name, what);
    }
    if (s.program) {
      io.out << fmt::format("{}: {}, {}\n", title(s), counted(s.program->vars.size(), "variable", "variables"),
                            counted(s.program->constraints.size(), "ground constraint", "ground constraints"));
      if (!s.program->techniques.empty())
        io.out << fmt::format("{}: {} from declared techniques, each proved sound\n", title(s),
                              counted(s.program->techniques.size(), "fact", "facts"));
    }
  }
  for (const auto& w : warnings) io.err << "pzc: warning: " << w << "\n";
  return kExitOk;
}

int cmd_dump(const CommonOptions& o, const std::string& stage, Output io) {
  Session s;
  s.lasts_to_exit = true;
  // The dump is text in every form; --json wraps it as {"stage", "text"}.
  auto emit = [&](const std::string& text) {
    if (o.json) io.out << json{{"status", "ok"}, {"stage", stage}, {"text", text}}.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
    else io.out << text;
    return kExitOk;
  };
  if (stage == "ast") {
    if (!prepare(s, o, io, false)) return kExitBadInput;
    return emit(ast::to_string(*s.modules[0]));
  }
  if (!prepare(s, o, io, true, true, false)) return kExitBadInput;  // techniques: see check
  if (stage == "ir") return emit(ir::dump_ir(*s.program));
  if (stage == "smt2") {
    z3lower::Z3Backend backend(*s.program, backend_options(o));
    return emit(backend.smt2());
  }
  return usage_error(o, io, fmt::format("unknown stage '{}' (ast, ir or smt2)", stage));
}

namespace {

void print_stats(const CommonOptions& o, const Answer& a, Output io) {
  if (!o.stats || o.json) return;
  io.out << "engine: " << a.engine;
  for (const auto& [k, v] : a.stats.items()) io.out << ", " << k << " " << (v.is_string() ? v.get<std::string>() : v.dump(-1, ' ', false, kReplaceBadUtf8));
  io.out << "\n";
}

json with_stats(const CommonOptions& o, json j, const Answer& a) {
  j["engine"] = a.engine;
  if (o.stats) j["stats"] = a.stats;
  return j;
}

// Re-checks the answer's models (check_models) on a second thread while `render` makes the
// output on this one; the output is returned only when the check has passed.
std::string render_checked(const ir::Program& p, const Answer& a, const std::function<std::string()>& render) {
  if (a.solutions.empty()) return render();
  auto checked = std::async(std::launch::async, [&] { check_models(p, a); });
  std::string out;
  try {
    out = render();
  } catch (...) {
    checked.wait();
    throw;
  }
  checked.get();
  return out;
}


// Why a puzzle has no solution: a minimal set of its ground rules and clues that cannot
// all hold (Z3's unsat core, shrunk by deletion), within kConflictSeconds (or what is
// left of --time-limit); none when it is not found in time. The setter's typo shows as
// the two clues and the rule they break, not as a bare "no solution".
constexpr double kConflictSeconds = 5;
constexpr std::size_t kConflictShown = 12;
// Past this many ground constraints the question is not asked: lowering them into Z3 is
// outside its time limit (Light Up 100x100, 31,000 constraints: 0.4 s).
constexpr std::size_t kConflictMaxConstraints = 200000;

std::optional<std::vector<int>> conflict_of(const CommonOptions& o, const ir::Program& p,
                                            std::chrono::steady_clock::time_point started) {
  if (p.constraints.empty() || p.constraints.size() > kConflictMaxConstraints) return std::nullopt;
  double budget = kConflictSeconds;
  if (o.time_limit > 0)
    budget = std::min(budget, o.time_limit - std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  if (budget < 0.05) return std::nullopt;
  CommonOptions rest = o;
  rest.time_limit = budget;
  try {
    z3lower::Z3Backend backend(p, backend_options(rest));
    std::vector<int> all(p.constraints.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
    auto core = backend.unsat_core(all, {}, /*minimal=*/true);
    if (!core || core->empty()) return std::nullopt;
    return core;
  } catch (const std::exception&) {
    return std::nullopt;  // (an explanation only: "no solution" stands without it)
  }
}

std::string conflict_line(const ir::Program& p, int c) {
  const ir::Constraint& k = p.constraints[static_cast<std::size_t>(c)];
  return fmt::format("{}{}", k.origin.text, ir::from_clue(p, k) ? " (a clue)" : "");
}

// The core's constraints, one of each line: a rule's binding may ground to several (a star
// touches no other: one clause per neighbour), each said in the same words.
std::vector<int> distinct_lines(const ir::Program& p, const std::vector<int>& core) {
  std::vector<int> out;
  std::set<std::string> seen;
  for (int c : core)
    if (seen.insert(conflict_line(p, c)).second) out.push_back(c);
  return out;
}

std::string conflict_text(const ir::Program& p, const std::vector<int>& all) {
  // (Shrunk by deletion until the deadline: usually minimal, not always, so not said.)
  const std::vector<int> core = distinct_lines(p, all);
  std::string out = core.size() == 1 ? "  this rule cannot hold:\n" : fmt::format("  these {} cannot all hold together:\n", core.size());
  for (std::size_t i = 0; i < core.size() && i < kConflictShown; ++i) out += "    " + conflict_line(p, core[i]) + "\n";
  if (core.size() > kConflictShown) out += fmt::format("    and {} more\n", core.size() - kConflictShown);
  return out;
}

json conflict_json(const ir::Program& p, const std::vector<int>& core) {
  json out = json::array();
  for (int c : distinct_lines(p, core)) {
    const ir::Constraint& k = p.constraints[static_cast<std::size_t>(c)];
    out.push_back(json{{"text", k.origin.text}, {"clue", ir::from_clue(p, k)}});
  }
  return out;
}

// "no solution", with the conflict when one is found.
void print_no_solution(const CommonOptions& o, const Session& s, const ir::Program& p, const Answer& r, json j, Output io,
                       std::chrono::steady_clock::time_point started) {
  auto core = conflict_of(o, p, started);
  if (o.json) {
    if (core) j["conflict"] = conflict_json(p, *core);
    io.out << with_stats(o, j, r).dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    io.out << fmt::format("{}: no solution\n", title(s));
    if (core) io.out << conflict_text(p, *core);
  }
}

}  // namespace

int cmd_solve(const CommonOptions& o, Output io) {
  Session s;
  s.lasts_to_exit = true;
  if (!prepare(s, o, io, true, true, false, false)) return kExitBadInput;
  const auto started = std::chrono::steady_clock::now();
  Answer r = run_job(o, *s.program, Job::Solve, 1, false);
  if (r.status == Answer::Status::Unknown) return unknown(o, io, r.reason);
  if (r.status == Answer::Status::Unsat) {
    print_no_solution(o, s, *s.program, r, json{{"status", "unsat"}}, io, started);
    print_stats(o, r, io);
    return kExitNo;
  }
  io.out << render_checked(*s.program, r, [&] {
    if (o.json)
      return with_stats(o, json{{"status", "sat"}, {"solution", assignment_json(*s.program, r.solutions[0])}}, r).dump(2, ' ', false, kReplaceBadUtf8) + "\n";
    return fmt::format("{}: solution\n", title(s)) + draw(s, r.solutions[0]);
  });
  print_stats(o, r, io);
  return kExitOk;
}

int cmd_unique(const CommonOptions& o, Output io) {
  Session s;
  s.lasts_to_exit = true;
  if (!prepare(s, o, io, true, true, false, false)) return kExitBadInput;
  const auto started = std::chrono::steady_clock::now();
  Answer r = run_job(o, *s.program, Job::Unique, 2, false);
  const ir::Program& p = *s.program;
  if (r.status == Answer::Status::Unknown && r.solutions.empty()) return unknown(o, io, r.reason);
  if (r.status == Answer::Status::Unsat || r.solutions.empty()) {
    print_no_solution(o, s, p, r, json{{"status", "unsat"}, {"unique", false}}, io, started);
    print_stats(o, r, io);
    return kExitNo;
  }
  if (r.status == Answer::Status::Unknown && r.solutions.size() == 1) {
    io.out << render_checked(p, r, [&] {
      if (o.json)
        return json{{"status", "unknown"}, {"reason", r.reason}, {"solution", assignment_json(p, r.solutions[0])}}.dump(2, ' ', false, kReplaceBadUtf8) + "\n";
      return fmt::format("{}: found a solution, but uniqueness is unknown: {}\n", title(s), r.reason) + draw(s, r.solutions[0]);
    });
    return kExitUnknown;
  }
  bool unique = r.solutions.size() == 1;
  std::vector<std::string> differing;
  if (!unique)
    for (std::size_t v = 0; v < p.vars.size(); ++v)
      if (!p.vars[v].aux && r.solutions[0][v] != r.solutions[1][v]) differing.push_back(p.vars[v].name);
  io.out << render_checked(p, r, [&] {
    if (o.json) {
      json j{{"status", "sat"}, {"unique", unique}, {"solution", assignment_json(p, r.solutions[0])}};
      if (!unique) {
        j["second"] = assignment_json(p, r.solutions[1]);
        j["differing"] = differing;
      }
      return with_stats(o, j, r).dump(2, ' ', false, kReplaceBadUtf8) + "\n";
    }
    if (unique) return fmt::format("{}: unique solution (no second solution exists)\n", title(s)) + draw(s, r.solutions[0]);
    std::string out = fmt::format("{}: not unique\nfirst solution:\n", title(s)) + draw(s, r.solutions[0]) +
                      "second solution:\n" + draw(s, r.solutions[1]) +
                      fmt::format("they differ at {}:", io::counted(differing.size(), "variable", "variables"));
    for (const auto& d : differing) out += " " + d;
    return out + "\n";
  });
  print_stats(o, r, io);
  return unique ? kExitOk : kExitNo;
}

int cmd_count(const CommonOptions& o, std::uint64_t limit, Output io) {
  Session s;
  s.lasts_to_exit = true;
  if (!prepare(s, o, io, true, true, false, false)) return kExitBadInput;
  Answer r = run_job(o, *s.program, Job::Count, limit);
  if (r.status == Answer::Status::Unknown && (r.count.empty() || r.count == "0")) return unknown(o, io, r.reason);
  if (o.json) {
    json count = r.count.size() < 19 ? json(std::stoull(r.count)) : json(r.count);
    io.out << with_stats(o, json{{"status", r.exact ? "exact" : "lower_bound"}, {"count", count}, {"exact", r.exact},
                                 {"limit", limit}, {"reason", r.reason}}, r).dump(2, ' ', false, kReplaceBadUtf8)
           << "\n";
  } else if (r.exact) {
    io.out << fmt::format("{}: {} solution{} (exact)\n", title(s), r.count, r.count == "1" ? "" : "s");
  } else {
    io.out << fmt::format("{}: at least {} solution{} (a lower bound: {})\n", title(s), r.count, r.count == "1" ? "" : "s",
                          r.reason.empty() || r.reason == "limit" ? fmt::format("the count stopped once it reached --limit {}", limit) : r.reason);
  }
  print_stats(o, r, io);
  // Stopped by the time limit: the count is only a lower bound, and the exit code says so.
  return !r.exact && r.reason == "time limit" ? kExitUnknown : kExitOk;
}

// Lists the solutions one by one, as they are found (the native engine's depth-first
// order, or Z3's models each blocked by a clause), up to `limit` (0: all). Each is checked
// against the ground constraints before it is printed. With --json too: the document's
// "solutions" list is written as they come (one line each), and the other keys after it
// (kept in memory, tens of thousands made it past the time limit's grace second to build,
// and the watchdog's "unknown" replaced them).
int cmd_enumerate(const CommonOptions& o, std::uint64_t limit, Output io) {
  Session s;
  s.lasts_to_exit = true;
  if (!prepare(s, o, io, true, true, false, false)) return kExitBadInput;
  const ir::Program& p = *s.program;
  // One past the limit is asked for: found, it says that there are more, unprinted.
  const std::uint64_t ask =
      limit == 0 || limit == std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max() : limit + 1;
  const std::string engine = o.engine == "z3" ? "z3" : "native";
  std::uint64_t shown = 0;
  bool more = false;
  const bool tty = isatty(2) != 0 && !o.json;
  auto on_solution = [&](const ir::Assignment& a) {
    if (shown + 1 == ask) {
      more = true;
      return false;
    }
    check_model(p, engine, a);
    ++shown;
    if (o.json) {
      io.out << (shown == 1 ? "{\n  \"solutions\": [\n    " : ",\n    ") << assignment_json(p, a).dump(-1, ' ', false, kReplaceBadUtf8);
    } else {
      if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r";
      io.out << fmt::format("{}: solution {}\n", title(s), shown) << draw(s, a) << std::flush;
    }
    return true;
  };
  Answer r;
  r.engine = engine;
  if (engine == "z3") {
    z3lower::Z3Backend backend(p, backend_options(o));
    z3lower::CountResult c = backend.enumerate(ask, on_solution);
    r.status = status_of(c.status);
    r.reason = c.unknown_reason;
    r.stats = {{"solutions", shown}};
  } else {
    // (The portfolio races two engines; a list printed as it is found comes from one.)
    engine::SearchOptions so = native_options(o, nullptr);
    so.solution_limit = ask;
    so.on_solution = on_solution;
    if (tty)
      so.progress = [](const engine::Progress& pr) {
        std::cerr << fmt::format("\renumerating: {} found, {} nodes, {:.1f} s", pr.solutions, pr.nodes, pr.elapsed_s) << std::flush;
      };
    engine::SearchResult e = engine::solve(p, so);
    if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r";
    r.status = status_of(e.status);
    r.reason = e.reason;
    r.stats = native_stats(e, so);
  }
  // Cut short (time limit): what was found is listed, and whether more exist is unknown.
  const bool cut = !more && !r.reason.empty();
  if (o.json) {
    json j{{"status", more ? "limit" : cut ? "unknown" : "complete"}, {"count", shown}, {"limit", limit}};
    if (cut) j["reason"] = r.reason;
    const std::string rest = with_stats(o, j, r).dump(2, ' ', false, kReplaceBadUtf8);  // "{\n  ..."
    io.out << (shown == 0 ? "{\n  \"solutions\": [],\n" : "\n  ],\n") << rest.substr(2) << "\n";
  } else if (more) {
    io.out << fmt::format("{}: the first {} solution{}; there are more (--limit N lists N, --limit 0 all)\n", title(s), shown,
                          shown == 1 ? "" : "s");
  } else if (cut) {
    io.out << fmt::format("{}: {} solution{} before the search stopped ({}); there may be more\n", title(s), shown,
                          shown == 1 ? "" : "s", r.reason);
  } else if (shown == 0) {
    io.out << fmt::format("{}: no solution\n", title(s));
  } else {
    io.out << fmt::format("{}: {} solution{}, all of them\n", title(s), shown, shown == 1 ? "" : "s");
  }
  print_stats(o, r, io);
  if (cut) return kExitUnknown;
  return shown == 0 ? kExitNo : kExitOk;
}

int cmd_verify(const CommonOptions& o, const std::string& grid, Output io) {
  Session s;
  s.lasts_to_exit = true;
  if (!prepare(s, o, io)) return kExitBadInput;
  auto partial = read_grid_option(s, grid, io, o.json);
  if (!partial) return kExitBadInput;
  const ir::Program& p = *s.program;
  // Full: every variable of the grid is filled in, by the person or by the puzzle's givens
  // (a Sudoku grid with its givens left open; other groups count only if filled).
  const ir::PartialAssignment filled = with_givens(p, *partial);
  bool full = true;
  std::int32_t grid_first = 0, grid_count = 0;
  if (const ir::VarGroup* g = ir::answer_grid(p)) {
    grid_first = g->first;
    grid_count = g->count;
  }
  for (std::int32_t i = 0; i < grid_count; ++i) full &= filled[static_cast<std::size_t>(grid_first + i)].has_value();
  std::vector<int> bad = ir::definitely_violated(p, filled);
  json violations = json::array();
  std::string text_out;
  for (int ci : bad) {
    const ir::Constraint& c = p.constraints[static_cast<std::size_t>(ci)];
    // JSON names the variables; the text names cells as hints do (r1c5).
    std::vector<std::string> cells, shown;
    for (ir::VarId v : culprits(p, c, *partial, filled)) {
      cells.push_back(p.vars[static_cast<std::size_t>(v)].name);
      shown.push_back(hints::cell_name(p, v));
    }
    const ir::RuleInfo& rule = p.rules[static_cast<std::size_t>(c.origin.rule)];
    violations.push_back({{"rule", rule.name}, {"text", c.origin.text}, {"cells", cells}});
    text_out += fmt::format("  violated: {} (rule '{}', {}:{}) ", c.origin.text, rule.name, rule.file, rule.line);
    if (cells.empty()) text_out += "by the puzzle's givens alone";
    else text_out += "at";
    for (const auto& cell : shown) text_out += " " + cell;
    text_out += "\n";
  }
  bool consistent = bad.empty();
  // Variables the grid does not hold (`aux var`s, and any other group than the answer
  // grid): a full grid breaking no rule is a solution only when some values of them make
  // every rule hold, and the engine looks for them. (Without the search, a grid whose rules
  // forced another group's variable both ways was called a solution.)
  std::vector<std::string> open_groups;  // "the aux var own", "the var b"
  bool only_aux = true;
  for (const auto& g : p.groups)
    for (std::int32_t i = 0; i < g.count; ++i)
      if (!filled[static_cast<std::size_t>(g.first + i)].has_value()) {
        open_groups.push_back((g.aux ? "the aux var " : "the var ") + g.name);
        only_aux = only_aux && g.aux;
        break;
      }
  auto solve_keeping_entries = [&](std::uint64_t node_limit) { return solve_keeping(p, filled, node_limit, o.time_limit); };
  if (full && consistent && !open_groups.empty()) {
    engine::SearchResult r = solve_keeping_entries(0);
    if (r.status == engine::Status::Unknown) return unknown(o, io, r.reason);
    if (r.status == engine::Status::Unsat) {
      consistent = false;
      std::string names;
      for (const auto& n : open_groups) names += (names.empty() ? "" : ", ") + n;
      std::string why = fmt::format("no values of {} make every rule hold with this grid", names);
      violations.push_back({{"rule", only_aux ? "aux" : "unfilled"}, {"text", why}, {"cells", json::array()}});
      text_out += "  violated: " + why + "\n";
    }
  }
  // A Bool grid drawn with '.' for false (as `solve` draws Light Up) reads as partial: say
  // when it is a solution with every open square false.
  const bool open_false_solves = !full && consistent && solution_with_open_false(p, filled, o.time_limit);
  // A partial grid that breaks no rule yet may still have no completion (a wrong entry the
  // rules do not catch alone): the native search, bounded, says whether one exists.
  std::optional<bool> completable;
  if (!full && consistent && !open_false_solves) {
    engine::SearchResult r = solve_keeping_entries(1000000);
    if (r.status != engine::Status::Unknown) completable = r.status == engine::Status::Sat;
  }
  if (o.json) {
    json j{{"full", full}, {"consistent", consistent}, {"solution", full && consistent}, {"violations", violations}};
    if (open_false_solves) j["solution_with_open_false"] = true;
    if (completable) j["completable"] = *completable;
    io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    io.out << fmt::format("{}: grid is {}, {}{}\n", title(s), full ? "full" : "partial",
                          consistent ? "consistent" : "not consistent",
                          full && consistent ? ": a solution" : "")
           << text_out;
    if (open_false_solves)
      io.out << "  with every open square read as false ('-'), it is a solution\n";
    if (completable && !*completable)
      io.out << "  but no solution agrees with these entries (`pzc hint --grid` names those that differ from the "
                "solution, when the puzzle has one)\n";
  }
  return consistent ? kExitOk : kExitNo;
}

}  // namespace pzc::driver

#include <CLI/CLI.hpp>

namespace pzc::driver {

constexpr double kMaxTimeLimit = 365.0 * 24 * 3600;

namespace {
std::mutex watchdog_mu;
std::optional<std::pair<std::string, std::string>> watchdog_report;  // (stdout, stderr)
}  // namespace

void set_watchdog_report(std::string out, std::string err) {
  std::lock_guard<std::mutex> lock(watchdog_mu);
  watchdog_report.emplace(std::move(out), std::move(err));
}

namespace {
std::atomic<bool> answer_begun{false};
std::atomic<int> first_write_errno{0};

// An unbuffered stream buffer over std::cout's: every write takes the watchdog's lock.
class GuardedBuf : public std::streambuf {
 public:
  explicit GuardedBuf(std::streambuf* to) : to_(to) {}

 protected:
  int_type overflow(int_type ch) override {
    if (traits_type::eq_int_type(ch, traits_type::eof())) return traits_type::not_eof(ch);
    const char c = traits_type::to_char_type(ch);
    return xsputn(&c, 1) == 1 ? ch : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard<std::mutex> lock(watchdog_mu);
    answer_begun = true;
    errno = 0;
    const std::streamsize put = to_->sputn(s, n);
    if (put < n) note(errno);
    return put;
  }
  int sync() override {
    std::lock_guard<std::mutex> lock(watchdog_mu);
    errno = 0;
    const int r = to_->pubsync();
    if (r != 0) note(errno);
    return r;
  }

 private:
  static void note(int err) {
    int expected = 0;
    first_write_errno.compare_exchange_strong(expected, err != 0 ? err : EIO);
  }
  std::streambuf* to_;
};
}  // namespace

std::ostream& guarded_stdout() {
  static GuardedBuf buf(std::cout.rdbuf());
  static std::ostream out(&buf);
  return out;
}

int write_errno() { return first_write_errno.load(); }

bool print_watchdog_report(bool json) {
  std::lock_guard<std::mutex> lock(watchdog_mu);
  if (answer_begun) return false;
  if (watchdog_report) {
    std::cout << watchdog_report->first;
    std::cerr << watchdog_report->second;
  } else if (json) {
    std::cout << "{\n  \"status\": \"unknown\",\n  \"reason\": \"time limit\"\n}\n";
  } else {
    std::cout << "unknown: time limit\n";
  }
  std::cout.flush();
  std::cerr.flush();
  return true;
}

CLI::Validator grid_text() {
  return CLI::Validator(
      [](std::string& g) { return g.empty() ? std::string("is empty: give a file of rows, or rows separated by '/'") : std::string(); },
      "GRID");
}

CLI::Validator whole_number(std::uint64_t max) {
  return CLI::Validator(
      [max](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.size() <= 20 &&
                            std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
        if (!digits || (text.size() == 20 && text > "18446744073709551615") || std::stoull(text) > max)
          return fmt::format("expects a whole number from 0 to {}, not '{}'", max, text);
        return "";
      },
      "N");
}

void add_common_options(CLI::App* c, CommonOptions& o, bool needs_instance) {
  c->add_option("spec", o.spec, "the puzzle specification (.pz)")->required();
  if (needs_instance)
    c->add_option("instance", o.instance, "an instance name in the spec, an instance file, or - for stdin");
  c->add_option("--given", o.givens, "bind a given: NAME=VALUE or NAME=@FILE");
  // (An empty name was taken as no --puzzle at all.)
  c->add_option("--puzzle", o.puzzle, "the puzzle to use when the file declares several")
      ->check(CLI::Validator(
          [](std::string& name) { return name.empty() ? std::string("is empty: give the name of a puzzle in the spec") : std::string(); },
          "NAME"));
  c->add_flag("--json", o.json, "machine-readable output");
  // (Infinite, NaN or huge limits once overflowed the deadline's clock arithmetic and
  // stopped every run at once: a finite number of seconds up to a year, or an error.)
  c->add_option("--time-limit", o.time_limit, "seconds before giving up (exit code 3)")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            if (end == text.c_str() || *end != '\0' || !std::isfinite(v) || v <= 0 || v > kMaxTimeLimit)
              return fmt::format("expects seconds, more than 0 and at most {:.0f} (a year), not '{}'", kMaxTimeLimit, text);
            return "";
          },
          "SECONDS"));
  c->add_option("--seed", o.seed, "random seed for the solver")->check(whole_number(std::numeric_limits<unsigned>::max()));
  c->add_option("--line", o.line, "with a one-puzzle-per-line instance file: which line (default 1)")
      ->check(CLI::Range(1, 1000000000));
}

namespace {

void add_engine_options(CLI::App* c, CommonOptions& o, bool count = false) {
  c->add_option("--engine", o.engine, "auto, native or z3")->check(CLI::IsMember({"auto", "native", "z3"}));
  c->add_option("--order", o.order, "native: none, mrv, degree, mrv-degree, degree-mrv, dom-wdeg")
      ->check(CLI::IsMember({"none", "mrv", "degree", "mrv-degree", "degree-mrv", "dom-wdeg"}));
  c->add_option("--value-order", o.value_order, "native: natural or lcv")->check(CLI::IsMember({"natural", "lcv"}));
  c->add_option("--check", o.check, "native: none, forward or ac3")->check(CLI::IsMember({"none", "forward", "ac3"}));
  c->add_option("--random-seed", o.random_seed, "native: break ties at random with this seed")
      ->check(whole_number(std::numeric_limits<std::int64_t>::max()));
  c->add_option("--restarts", o.restarts,
                "native solve with --random-seed: restart the search after N, N, 2N, N, N, 2N, 4N, ... decisions "
                "(Luby), which cuts the long runs of an unlucky seed (default 0: never)")
      ->check(whole_number());
  c->add_flag("--stats", o.stats, "print the engine's statistics");
  if (count)
    c->add_flag("!--no-components", o.components,
                "native count: plain depth-first enumeration, no splitting into components or caching");
  // Options that would be ignored without a word are usage errors: the native engine's
  // with --engine z3, and --restarts where the search does not restart.
  c->parse_complete_callback([c, &o] {
    auto given = [&](const char* name) {
      const CLI::Option* opt = c->get_option_no_throw(name);
      return opt && opt->count() > 0;
    };
    if (o.engine == "z3")
      for (const char* name : {"--order", "--value-order", "--check", "--random-seed", "--restarts", "--no-components"})
        if (given(name)) throw CLI::ValidationError(name, "is an option of the native engine, and --engine z3 was asked for");
    // Only the native search for one solution restarts (unique asks for two, count and
    // enumerate for all), and only with random tie-breaking: without it every run would
    // search the same way.
    if (given("--restarts")) {
      if (c->get_name() != "solve")
        throw CLI::ValidationError("--restarts", "applies to solve's search for one solution, not to " + c->get_name());
      if (!given("--random-seed"))
        throw CLI::ValidationError("--restarts", "applies with --random-seed only (without random tie-breaking every "
                                                 "restart would search the same way)");
    }
  });
}

}  // namespace

void add_core_commands(CLI::App& app, CommonOptions& o, Registry& r) {
  auto* check = app.add_subcommand("check", "parse and type-check a spec (and an instance, if given)");
  add_common_options(check, o);
  r.commands.emplace_back(check, [&o](Output io) { return cmd_check(o, io); });

  static std::string stage = "ast";
  auto* dump = app.add_subcommand("dump", "print an intermediate form: ast, ir or smt2");
  add_common_options(dump, o);
  dump->add_option("--stage", stage, "ast, ir or smt2")->check(CLI::IsMember({"ast", "ir", "smt2"}));
  r.commands.emplace_back(dump, [&o](Output io) { return cmd_dump(o, stage, io); });

  auto* solve = app.add_subcommand("solve", "find a solution");
  add_common_options(solve, o);
  add_engine_options(solve, o);
  r.commands.emplace_back(solve, [&o](Output io) { return cmd_solve(o, io); });

  auto* unique = app.add_subcommand("unique", "find a solution and prove it is the only one, or show a second");
  add_common_options(unique, o);
  add_engine_options(unique, o);
  r.commands.emplace_back(unique, [&o](Output io) { return cmd_unique(o, io); });

  static std::uint64_t limit = 0;  // 0: none for the native engine, 10^6 for Z3's enumeration
  auto* count = app.add_subcommand("count", "count the solutions (distinct assignments of the vars)");
  add_common_options(count, o);
  add_engine_options(count, o, true);
  count->add_option("--limit", limit, "stop after this many solutions (the count is then a lower bound); default: none for the native engine, 1000000 for z3")
      ->check(whole_number());
  r.commands.emplace_back(count, [&o](Output io) { return cmd_count(o, limit, io); });

  static std::uint64_t list_limit = 100;
  auto* enumerate = app.add_subcommand("enumerate", "list the solutions one by one (the native engine's order, or Z3's)");
  add_common_options(enumerate, o);
  add_engine_options(enumerate, o);
  enumerate->add_option("--limit", list_limit, "list at most this many solutions and say whether there are more (default 100; 0: all)")
      ->check(whole_number());
  r.commands.emplace_back(enumerate, [&o](Output io) { return cmd_enumerate(o, list_limit, io); });

  static std::string grid;
  auto* verify = app.add_subcommand("verify", "check a person's full or partial grid");
  add_common_options(verify, o);
  verify->add_option("--grid", grid, "the grid: a file of text rows, or rows separated by '/'; '.' is unfilled")->required()
      ->check(grid_text());
  r.commands.emplace_back(verify, [&o](Output io) { return cmd_verify(o, grid, io); });
}

}  // namespace pzc::driver
