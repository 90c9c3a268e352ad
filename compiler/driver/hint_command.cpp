// hint, explain, grade: next hint for a person's grid (with mistakes reported first), the
// whole explained trace, and the difficulty grade from that trace.
#include "compiler/driver/hint_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <ostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compiler/driver/grade_dir.hpp"
#include "compiler/driver/json_text.hpp"
#include "compiler/driver/session.hpp"
#include "runtime/engine/search.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/print.hpp"

namespace pzc::driver {

using nlohmann::json;

namespace {

// The program with the facts applied to its domains (x = v: only v; x <> v: not v);
// nullopt when a fact leaves a variable no value.
std::optional<ir::Program> with_facts(const ir::Program& p, const std::vector<ir::Literal>& facts) {
  ir::Program q = p;
  for (const ir::Literal& f : facts) {
    auto& dom = q.vars.at(static_cast<std::size_t>(f.var)).domain;
    if (f.positive) {
      if (std::find(dom.begin(), dom.end(), f.value) == dom.end()) return std::nullopt;
      dom = {f.value};
    } else {
      std::erase(dom, f.value);
    }
    if (dom.empty()) return std::nullopt;
  }
  return q;
}

}  // namespace

template <class F>
bool Z3ProofOracle::try_z3(F&& z3) {
  if (native_) return false;
  try {
    z3();
    return true;
  } catch (const z3lower::Unsupported&) {
    if (!fallback_) throw;
    native_ = true;
    return false;
  }
}

std::optional<ir::Assignment> Z3ProofOracle::solve(const std::vector<ir::Literal>& facts) {
  std::optional<ir::Assignment> out;
  if (try_z3([&] {
        auto r = backend_.solve(facts);
        if (r.status == z3lower::Status::Sat) out = r.solution;
      }))
    return out;
  auto q = with_facts(*fallback_, facts);
  if (!q) return std::nullopt;
  engine::SearchOptions so;
  so.time_limit_s = time_limit_s_;
  auto r = engine::solve(*q, so);
  if (r.status != engine::Status::Sat || r.solutions.empty()) return std::nullopt;
  return r.solutions[0];
}

std::optional<std::vector<int>> Z3ProofOracle::native_core(const std::vector<int>& constraints,
                                                           const std::vector<ir::Literal>& facts) {
  auto q = with_facts(*fallback_, facts);
  if (!q) return std::nullopt;  // (the facts come from a state's candidates: never so)
  engine::SearchOptions so;
  so.time_limit_s = time_limit_s_;
  engine::SubsetSearch search(*q, so);
  std::vector<char> active(q->constraints.size(), 0);
  for (int c : constraints) active.at(static_cast<std::size_t>(c)) = 1;
  if (search.unique(active).status != engine::Status::Unsat) return std::nullopt;
  // Deletion: a constraint stays when the rest without it has a solution (or the search
  // cannot tell); what is left is still unsatisfiable.
  std::vector<int> core;
  for (int c : constraints) {
    active[static_cast<std::size_t>(c)] = 0;
    if (search.unique(active).status != engine::Status::Unsat) {
      active[static_cast<std::size_t>(c)] = 1;
      core.push_back(c);
    }
  }
  return core;
}

std::optional<std::vector<int>> Z3ProofOracle::minimal_core(const std::vector<int>& constraints,
                                                            const std::vector<ir::Literal>& facts) {
  std::optional<std::vector<int>> out;
  if (try_z3([&] { out = backend_.unsat_core(constraints, facts); })) return out;
  return native_core(constraints, facts);
}

std::optional<std::vector<int>> Z3ProofOracle::core(const std::vector<int>& constraints, const std::vector<ir::Literal>& facts) {
  std::optional<std::vector<int>> out;
  if (try_z3([&] { out = backend_.unsat_core(constraints, facts, /*minimal=*/false); })) return out;
  return native_core(constraints, facts);
}

z3lower::UniqueResult unique_answer(const ir::Program& p, const CommonOptions& o, std::string& solver) {
  const Answer a = run_job(o, p, Job::Unique, 0);
  solver = a.engine.rfind("z3", 0) == 0 ? "Z3" : "the native engine";
  z3lower::UniqueResult u;
  if (a.status == Answer::Status::Unsat) {
    u.status = z3lower::Status::Unsat;
    return u;
  }
  if (!a.solutions.empty()) u.first = a.solutions[0];
  if (a.status == Answer::Status::Unknown) {
    u.status = z3lower::Status::Unknown;
    u.unknown_reason = a.reason;
    return u;
  }
  u.status = z3lower::Status::Sat;
  u.unique = a.solutions.size() == 1;
  if (!u.unique) {
    u.second = a.solutions.at(1);
    for (std::size_t v = 0; v < u.first->size(); ++v)
      if ((*u.first)[v] != (*u.second)[v]) u.differing.push_back(static_cast<ir::VarId>(v));
  }
  return u;
}

namespace {

std::string rule_of(const ir::Program& p, int c) { return p.constraints[static_cast<std::size_t>(c)].origin.text; }

// A person's entry as a statement, as hints word their conclusions: "r1c2 has a light",
// "r4c5 is 3".
std::string entry_text(const ir::Program& p, const ir::PartialAssignment& grid, ir::VarId v) {
  return hints::literal_text(p, v, *grid[static_cast<std::size_t>(v)], true);
}

// "r1c2 is 3", "r1c2 is 3 and r1c5 is 3", "r1c2 is 3, r1c5 is 3 and r2c1 is 3".
std::string statements(const ir::Program& p, const ir::PartialAssignment& grid, const std::vector<ir::VarId>& vars) {
  std::string out;
  for (std::size_t i = 0; i < vars.size(); ++i)
    out += (i == 0 ? "" : i + 1 == vars.size() ? " and " : ", ") + entry_text(p, grid, vars[i]);
  return out;
}

// Each entry: its cell, variable, value as written in the IR, and the statement.
json entries_json(const ir::Program& p, const ir::PartialAssignment& grid, const std::vector<ir::VarId>& vars) {
  json out = json::array();
  for (ir::VarId v : vars) {
    const auto& var = p.vars[static_cast<std::size_t>(v)];
    out.push_back({{"cell", hints::cell_name(p, v)},
                   {"variable", var.name},
                   {"value", value_json(p, var, *grid[static_cast<std::size_t>(v)])},
                   {"text", entry_text(p, grid, v)}});
  }
  return out;
}

// When the puzzle's givens alone break a rule (no solution whatever is filled in), says
// so on stderr and gives the first such constraint; -1 when they break none.
int givens_break(const ir::Program& p, Output io, bool as_json) {
  std::vector<int> bad = ir::definitely_violated(p, with_givens(p, ir::PartialAssignment(p.vars.size())));
  if (bad.empty()) return -1;
  std::string message = fmt::format("the puzzle has no solution: its givens alone break \"{}\"", rule_of(p, bad[0]));
  if (bad.size() > 1) message += fmt::format(" (and {} more rule{})", bad.size() - 1, bad.size() == 2 ? "" : "s");
  io.err << "pzc: " << message << "\n";
  if (as_json) {  // a document on stdout too, for programs that read only it
    json broken = json::array();
    for (int c : bad) broken.push_back(rule_of(p, c));
    io.out << json{{"status", "no_solution"}, {"message", message}, {"broken", broken}}.dump(2, ' ', false, kReplaceBadUtf8)
           << "\n";
  }
  return bad[0];
}

}  // namespace

json hint_json(const ir::Program& p, const hints::Hint& h) {
  json rules = json::array();
  for (int c : h.constraints) rules.push_back(rule_of(p, c));
  const auto& var = p.vars[static_cast<std::size_t>(h.var)];
  return json{{"technique", hints::info(h.technique).name},
              {"tier", h.tier},
              {"cell", hints::cell_name(p, h.var)},
              {"variable", var.name},
              {"value", value_json(p, var, h.value)},
              {"sets", h.sets},
              {"conclusion", hints::conclusion(p, h)},
              {"explanation", hints::explain(p, h)},
              {"rules", rules}};
}

std::string hint_text(const ir::Program& p, const hints::Hint& h) {
  const auto& t = hints::info(h.technique);
  // (A variable called by its own name keeps it: "x is not 1", not "X is not 1".)
  const std::string said = hints::conclusion(p, h);
  const ir::Variable& var = p.vars[static_cast<std::size_t>(h.var)];
  const bool own_name = var.label.empty() && said.rfind(var.name + " ", 0) == 0;
  return fmt::format("{} (tier {}, {})\n  {}\n", own_name ? said : hints::capitalised(said), h.tier, t.title,
                     hints::explain(p, h));
}

nlohmann::ordered_json grade_json(const hints::Grade& g) {
  nlohmann::ordered_json per = nlohmann::ordered_json::object();
  for (int t = 1; t <= hints::kMaxTier; ++t) per[std::to_string(t)] = g.per_tier[static_cast<std::size_t>(t)];
  return {{"level", g.level}, {"max_tier", g.max_tier}, {"per_tier", per},
          {"score", g.score}, {"solved", g.solved}, {"steps", g.steps}};
}

namespace {

// The first grid group drawn from candidates: fixed cells show their value (Bool: '*' for
// true, '-' for false), open cells '.', in the format --grid reads. Without a grid, every
// group, open cells as '?'.
std::string draw_state(const ir::Program& p, const hints::State& st) {
  const ir::VarGroup* grid = ir::answer_grid(p);
  if (!grid) {
    std::vector<char> open(p.vars.size());
    for (std::size_t v = 0; v < open.size(); ++v) open[v] = st.domains().size(static_cast<ir::VarId>(v)) != 1;
    return ir::draw_assignment(p, st.assignment(), &open);
  }
  std::vector<std::string> cells;
  std::size_t width = 1;
  for (std::int32_t i = 0; i < grid->count; ++i) {
    ir::VarId v = grid->first + i;
    const auto& var = p.vars[static_cast<std::size_t>(v)];
    std::string t = ".";
    if (st.domains().size(v) == 1) {
      ir::Value x = var.domain[static_cast<std::size_t>(st.domains().first(v))];
      t = var.kind == ir::ValueKind::Bool ? (x ? "*" : "-") : ir::format_value(p, var.kind, x);
    }
    width = std::max(width, t.size());
    cells.push_back(t);
  }
  std::string out;
  for (std::int64_t r = 0; r < grid->dims[0]; ++r) {
    for (std::int64_t c = 0; c < grid->dims[1]; ++c) {
      const auto& t = cells[static_cast<std::size_t>(r * grid->dims[1] + c)];
      if (width > 1) {
        if (c) out += ' ';
        out.append(width - t.size(), ' ');
      }
      out += t;
    }
    out += "\n";
  }
  return out;
}

}  // namespace

int cmd_hint(const CommonOptions& o, const std::string& grid, const std::string& apply, Output io) {
  Session s;
  if (!prepare(s, o, io)) return kExitBadInput;
  const ir::Program& p = *s.program;
  z3lower::Z3Backend backend(p, backend_options(o));
  Z3ProofOracle oracle(backend, &p, o.time_limit);
  hints::HintEngine engine(p, {}, &oracle);
  hints::State st = hints::State::from_program(p);
  // Givens that break a rule by themselves: no solution, and no hint (a deduction from a
  // contradiction proves anything). A person's entries are then not looked at.
  if (givens_break(p, io, o.json) >= 0) return kExitNo;
  // A puzzle without a solution gets no hint either: its deductions would prove anything
  // (a Sudoku whose givens break no rule alone, but leave no solution, got "r1c4 is not 3").
  // (A program Z3 cannot lower, `not ...->connected()`, is asked of the native engine.)
  std::string solver;
  const auto u = unique_answer(p, o, solver);
  if (u.status == z3lower::Status::Unsat) {
    const std::string message = fmt::format("the puzzle has no solution ({} finds none), so it has no hint", solver);
    if (o.json) io.out << json{{"status", "no_solution"}, {"message", message}}.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
    else io.out << message << "\n";
    return kExitNo;
  }
  const bool one_solution = u.status == z3lower::Status::Sat && u.unique && u.first;
  // Out of time (or memory), Z3 says nothing of how many solutions there are: a person's
  // entries cannot be checked (below), and a missing hint is not put down to several
  // solutions.
  const std::string reason = u.unknown_reason.empty() ? "unknown" : u.unknown_reason;
  const std::string undecided =
      u.status == z3lower::Status::Unknown ? fmt::format("{} could not tell whether the puzzle has one solution ({})", solver, reason)
                                           : std::string();
  auto any_entry = [](const ir::PartialAssignment& a) { return std::any_of(a.begin(), a.end(), [](const auto& x) { return x.has_value(); }); };
  json mistakes = json::array();
  std::string mistakes_text;
  if (!grid.empty()) {
    auto partial = read_grid_option(s, grid, io, o.json);
    if (!partial) return kExitBadInput;
    // Entries that cannot be checked against the solution could be wrong, and deductions
    // from them would then be false of the puzzle (a wrong 4 in a Sudoku gave "r1c6 is not
    // 4", where the solution has it): no hint, the time limit's answer.
    if (!undecided.empty() && any_entry(*partial)) return unknown(o, io, reason);
    ir::PartialAssignment kept = *partial;
    // Entries that break a rule whatever the rest of the grid holds: name them and the rule.
    // With one solution only those of them that differ from it are set aside: of two 7s in
    // a row, the one the solution has stays.
    const ir::PartialAssignment filled = with_givens(p, *partial);
    std::vector<int> bad = ir::definitely_violated(p, filled);
    for (int ci : bad) {
      const auto& c = p.constraints[static_cast<std::size_t>(ci)];
      std::vector<ir::VarId> entries = culprits(p, c, *partial, filled);
      for (ir::VarId v : entries)
        if (!one_solution || (*partial)[static_cast<std::size_t>(v)] != (*u.first)[static_cast<std::size_t>(v)])
          kept[static_cast<std::size_t>(v)].reset();
      mistakes.push_back({{"kind", "breaks a rule"}, {"rule", c.origin.text}, {"entries", entries_json(p, *partial, entries)}});
      mistakes_text += fmt::format("mistake: {} break{} \"{}\"\n", statements(p, *partial, entries), entries.size() == 1 ? "s" : "",
                                   c.origin.text);
    }
    // Entries that differ from the (unique) solution.
    if (one_solution) {
      std::vector<ir::VarId> wrong;
      for (std::size_t v = 0; v < partial->size(); ++v) {
        if (!(*partial)[v] || *(*partial)[v] == (*u.first)[v]) continue;
        wrong.push_back(static_cast<ir::VarId>(v));
        kept[v].reset();
      }
      if (!wrong.empty()) {
        mistakes.push_back({{"kind", "differs from the solution"}, {"entries", entries_json(p, *partial, wrong)}});
        mistakes_text += fmt::format("mistake: not so in the solution: {}\n", statements(p, *partial, wrong));
      }
    }
    // With several solutions no entry is wrong by itself, but entries that no solution
    // agrees with lead the deductions into a dead end, where a hint may break a rule (a
    // light beside another on a 2x2 Light Up): the search, bounded as verify's, says so,
    // and no hint is given.
    // (Asked of the entries kept, those that break no rule: entries set aside for breaking
    // one left the others' dead end in place. Only when Z3 found two solutions: unknown,
    // out of time, says nothing of how many there are.)
    const bool several = u.status == z3lower::Status::Sat && !u.unique;
    if (several && any_entry(kept) &&
        solve_keeping(p, kept, 1000000, o.time_limit).status == engine::Status::Unsat) {
      std::vector<ir::VarId> entries;
      for (std::size_t v = 0; v < kept.size(); ++v)
        if (kept[v]) entries.push_back(static_cast<ir::VarId>(v));
      const std::string why = fmt::format("no solution agrees with {}entries (the puzzle has several solutions, so "
                                          "none of them is named wrong: undo some)", mistakes.empty() ? "these " : "the other ");
      if (o.json) {
        mistakes.push_back({{"kind", "no solution agrees"}, {"entries", entries_json(p, *partial, entries)}});
        io.out << json{{"mistakes", mistakes}, {"solved", false}, {"message", why}}.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
      } else {
        io.out << mistakes_text << "mistake: " << why << "\nno hint\n";
      }
      return kExitNo;
    }
    if (!mistakes.empty())
      mistakes_text += one_solution ? "(the hint below ignores the entries that are not so in the solution)\n"
                                    : "(the hint below ignores those entries)\n";
    st = hints::State::from_grid(p, kept);
    // `solve`'s own picture of a Bool grid ('.' for a lit Light Up square) is complete.
    // (With one solution: when the open squares false are that solution's grid.)
    auto open_false_is_the_solution = [&] {
      const ir::VarGroup* g = ir::answer_grid(p);
      if (!g || p.vars[static_cast<std::size_t>(g->first)].kind != ir::ValueKind::Bool) return false;
      if (!one_solution) return solution_with_open_false(p, with_givens(p, *partial), o.time_limit);
      for (std::int32_t i = 0; i < g->count; ++i) {
        const auto v = static_cast<std::size_t>(g->first + i);
        if ((*partial)[v].value_or(0) != (*u.first)[v]) return false;
      }
      return true;
    };
    if (mistakes.empty() && !st.solved() && apply.empty() && open_false_is_the_solution()) {
      const std::string done = "the grid is complete, its open squares read as false ('-'): no hint needed";
      if (o.json) io.out << json{{"mistakes", mistakes}, {"solved", true}, {"message", done}}.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
      else io.out << done << "\n";
      return kExitOk;
    }
  }
  if (!apply.empty()) {
    auto t = hints::technique_by_name(apply);
    if (!t) {
      std::string names;
      for (std::size_t i = 0; i < hints::techniques().size(); ++i) names += fmt::format("{}{}", i ? ", " : "", hints::techniques()[i].name);
      return usage_error(o, io, fmt::format("--apply: unknown technique '{}' ({})", apply, names));
    }
    // Every deduction of the technique in the grid as it is, applied in order; one that an
    // earlier one already implies ("... is 2", then "... is not 0") changes nothing and is
    // not listed.
    std::vector<hints::Hint> hs;
    for (const auto& h : engine.all_of(st, *t)) {
      const std::size_t before = st.candidates(h.var).size();
      const bool was_placed = st.placed(h.var);
      hints::HintEngine::apply(st, h);
      if (st.candidates(h.var).size() != before || st.placed(h.var) != was_placed) hs.push_back(h);
    }
    if (o.json) {
      json arr = json::array();
      for (const auto& h : hs) arr.push_back(hint_json(p, h));
      io.out << json{{"mistakes", mistakes}, {"applied", arr}, {"grid", draw_state(p, st)}}.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
    } else {
      io.out << mistakes_text;
      io.out << fmt::format("{} applied {} time{}\n", hints::info(*t).title, hs.size(), hs.size() == 1 ? "" : "s");
      for (const auto& h : hs) io.out << "  " << hints::conclusion(p, h) << "\n";
      io.out << draw_state(p, st);
    }
    return kExitOk;
  }
  auto h = engine.next(st);
  const std::string no_hint = undecided.empty()
                                  ? "no hint: the puzzle has no unique solution from here"
                                  : "no hint: the hint runtime's deductions stop here, and " + undecided;
  if (o.json) {
    json j{{"mistakes", mistakes}, {"solved", st.solved()}};
    if (h) j["hint"] = hint_json(p, *h);
    else if (!st.solved()) j["message"] = no_hint;
    if (!undecided.empty()) j["note"] = undecided;
    io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    io.out << mistakes_text;
    if (h) io.out << "hint: " << hint_text(p, *h);
    else if (st.solved()) io.out << "the grid is complete: no hint needed\n";
    else io.out << no_hint << "\n";
  }
  return h || st.solved() ? kExitOk : kExitNo;
}

GradeClock::GradeClock(double seconds) {
  if (seconds <= 0) return;
  limited_ = true;
  until_ = std::chrono::steady_clock::now() +
           std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  try {
    timer_ = std::thread([this] {
      std::unique_lock<std::mutex> lock(mu_);
      if (!cv_.wait_until(lock, until_, [this] { return done_; })) stop_ = true;
    });
  } catch (const std::system_error&) {
    // No thread to be had: up() still reads the clock between instances, and the watchdog
    // ends a trace that runs on.
  }
}

GradeClock::~GradeClock() {
  if (!timer_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    done_ = true;
  }
  cv_.notify_all();
  timer_.join();
}

bool GradeClock::up() const { return limited_ && (stop_.load() || std::chrono::steady_clock::now() >= until_); }

CommonOptions GradeClock::left(const CommonOptions& o) const {
  CommonOptions out = o;
  if (limited_)
    out.time_limit = std::max(0.001, std::chrono::duration<double>(until_ - std::chrono::steady_clock::now()).count());
  return out;
}

hints::Trace solving_trace(const ir::Program& p, const CommonOptions& o, const char* label, bool for_grade,
                           const std::atomic<bool>* stop) {
  z3lower::Z3Backend backend(p, backend_options(o));
  Z3ProofOracle oracle(backend, &p, o.time_limit);
  hints::Options ho;
  ho.minimal_cores = !for_grade;
  ho.stop = stop;
  // A trace that runs past a second shows how far it is on a terminal (stderr), twice a
  // second: steps so far and the hardest tier yet.
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto last = start;
  bool shown = false;
  int hardest = 0;
  if (label && isatty(2))
    ho.on_step = [&](const std::vector<hints::Hint>& steps) {
      hardest = std::max(hardest, steps.back().tier);
      const auto now = Clock::now();
      if (now - start < std::chrono::seconds(1) || now - last < std::chrono::milliseconds(500)) return;
      last = now;
      shown = true;
      std::cerr << fmt::format("\r{}: {} steps, hardest tier {}, {:.0f} s", label, steps.size(), hardest,
                               std::chrono::duration<double>(now - start).count())
                << "\x1b[K" << std::flush;
    };
  hints::HintEngine engine(p, ho, &oracle);
  hints::Trace trace = engine.solve(hints::State::from_program(p));
  if (shown) std::cerr << "\r\x1b[K" << std::flush;
  return trace;
}

namespace {

// A trace that does not solve the puzzle, of a puzzle Z3 finds no solution of: its steps
// were deductions from givens that cannot all hold, and prove anything ("r1c3 is 3" beside
// a given 3 in the box), so they are not shown; the command says why, as hint does.
bool no_solution_instead(const ir::Program& p, const CommonOptions& o, Output io, const char* what) {
  z3lower::Z3Backend backend(p, backend_options(o));
  const char* solver = "Z3";
  try {
    if (backend.solve().status != z3lower::Status::Unsat) return false;
  } catch (const z3lower::Unsupported&) {  // (`not ...->connected()`: the native engine's answer)
    engine::SearchOptions so;
    so.time_limit_s = o.time_limit;
    if (engine::solve(p, so).status != engine::Status::Unsat) return false;
    solver = "the native engine";
  }
  const std::string message = fmt::format("the puzzle has no solution ({} finds none), so it has no {}", solver, what);
  if (o.json) io.out << json{{"status", "no_solution"}, {"message", message}}.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  else io.out << message << "\n";
  return true;
}

}  // namespace

int cmd_explain(const CommonOptions& o, Output io) {
  Session s;
  if (!prepare(s, o, io)) return kExitBadInput;
  const ir::Program& p = *s.program;
  if (givens_break(p, io, o.json) >= 0) return kExitNo;
  auto trace = solving_trace(p, o, "explain");
  if (!trace.solved && no_solution_instead(p, o, io, "solving trace")) return kExitNo;
  auto g = hints::grade(trace);
  // The clues about one cell each, applied before the first step as givens are: said first.
  const auto start = hints::start_deductions(p);
  if (o.json) {
    json steps = json::array();
    for (const auto& h : trace.hints) steps.push_back(hint_json(p, h));
    json from_clues = json::array();
    for (const auto& d : start)
      from_clues.push_back({{"rule", d.rule}, {"cell", hints::cell_name(p, d.var)}, {"conclusion", d.conclusion}});
    json broken = json::array();
    for (int c : trace.broken) broken.push_back(rule_of(p, c));
    json j{{"solved", trace.solved}, {"start", from_clues}, {"steps", steps}, {"level", g.level}, {"score", g.score},
           {"max_tier", g.max_tier}, {"broken", broken}};
    if (trace.solved) j["grid"] = draw(s, trace.final_state.assignment());
    io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    if (!start.empty()) io.out << "Before step 1, each of these clues settles its cells by itself:\n";
    // (One clue over several cells, a galaxy's dot: one line.)
    for (std::size_t i = 0; i < start.size();) {
      std::size_t j = i;
      std::vector<std::string> said;
      for (; j < start.size() && start[j].rule == start[i].rule; ++j) said.push_back(start[j].conclusion);
      std::string joined = said.back();
      if (said.size() > 1) joined = fmt::format("{} and {}", fmt::join(said.begin(), said.end() - 1, ", "), said.back());
      io.out << "  " << hints::capitalised(start[i].rule) << ": " << joined << ".\n";
      i = j;
    }
    for (std::size_t i = 0; i < trace.hints.size(); ++i) io.out << fmt::format("{}. ", i + 1) << hint_text(p, trace.hints[i]);
    if (trace.solved) {
      io.out << fmt::format("solved in {} step{} ({}, score {})\n", trace.hints.size(), trace.hints.size() == 1 ? "" : "s", g.level, g.score);
      io.out << draw(s, trace.final_state.assignment());
    } else if (!trace.broken.empty()) {
      io.out << fmt::format("contradiction after {} steps: \"{}\" cannot hold, so the puzzle has no solution; the grid so far:\n",
                            trace.hints.size(), rule_of(p, trace.broken[0]))
             << draw_state(p, trace.final_state);
    } else {
      io.out << fmt::format("stuck after {} steps; the grid so far:\n", trace.hints.size()) << draw_state(p, trace.final_state);
    }
  }
  return trace.solved ? kExitOk : kExitNo;
}

int cmd_grade(const CommonOptions& o, Output io) {
  // --time-limit: a trace cut short by it is no grade ("unknown: time limit", exit 3), as
  // the watchdog a second later would say; a grade finished before it is printed whatever
  // the clock says by then.
  GradeClock clock(o.time_limit);
  Session s;
  if (!prepare(s, o, io)) return kExitBadInput;
  if (clock.up()) return unknown(o, io, "time limit");
  const ir::Program& p = *s.program;
  if (givens_break(p, io, o.json) >= 0) return kExitNo;
  auto trace = solving_trace(p, clock.left(o), "grade", /*for_grade=*/true, clock.stop());
  if (!trace.solved && clock.up()) return unknown(o, io, "time limit");
  if (!trace.solved && no_solution_instead(p, clock.left(o), io, "grade")) return kExitNo;
  if (!trace.solved && clock.up()) return unknown(o, io, "time limit");
  auto g = hints::grade(trace);
  if (o.json) {
    io.out << grade_json(g).dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    io.out << fmt::format("{}: {} (score {}, hardest tier {}, {} steps:", p.instance.empty() ? p.puzzle : p.instance,
                          g.level, g.score, g.max_tier, g.steps);
    for (int t = 1; t <= hints::kMaxTier; ++t) io.out << fmt::format(" tier {} x{}", t, g.per_tier[static_cast<std::size_t>(t)]);
    io.out << ")\n";
  }
  return g.solved ? kExitOk : kExitNo;
}

void add_hint_commands(CLI::App& app, CommonOptions& o, Registry& r) {
  static std::string grid, apply;
  auto* hint = app.add_subcommand("hint", "the next hint, easiest first (reports mistakes in --grid first)");
  add_common_options(hint, o);
  hint->add_option("--grid", grid, "a person's grid: a file of text rows, or rows separated by '/'; '.' is unfilled")
      ->check(grid_text());
  hint->add_option("--engine", o.engine, "what proves the puzzle has one solution first, as for unique: auto (the portfolio), native or z3")
      ->check(CLI::IsMember({"auto", "native", "z3"}));
  // (Checked here, before the spec is grounded and Z3 asked whether it has one solution.)
  hint->add_option("--apply", apply, "apply one technique everywhere it fires and print the new grid")
      ->check(CLI::Validator(
          [](std::string& name) -> std::string {
            if (hints::technique_by_name(name)) return "";
            std::string names;
            for (std::size_t i = 0; i < hints::techniques().size(); ++i)
              names += fmt::format("{}{}", i ? ", " : "", hints::techniques()[i].name);
            return fmt::format("unknown technique '{}' ({})", name, names);
          },
          "TECHNIQUE"));
  r.commands.emplace_back(hint, [&o](Output io) { return cmd_hint(o, grid, apply, io); });

  auto* explain = app.add_subcommand("explain", "the whole sequence of hints from the givens to the solution");
  add_common_options(explain, o);
  r.commands.emplace_back(explain, [&o](Output io) { return cmd_explain(o, io); });

  // grade takes any number of instances (files, directories, instance names): more than
  // one, a directory, or a file of several instance blocks is graded as a batch (a table).
  static std::vector<std::string> instances;
  static bool no_time = false;
  auto* grade = app.add_subcommand("grade", "difficulty from the human-style solving trace (of one instance, or a table for a directory)");
  add_common_options(grade, o, false);
  grade->add_option("instance", instances, "instance names, instance files or directories of them (- for stdin)");
  grade->add_flag("--no-time", no_time, "batch: leave out the time column (and time_s in JSON)");
  r.commands.emplace_back(grade, [&o](Output io) {
    // Standard input alone may hold several blocks or game IDs, each a row: it is read once
    // and shared by the sessions that count and grade them (not when the spec or a given
    // is read from it too: that stays the error it is for the other commands).
    const bool stdin_elsewhere = o.spec == "-" || std::any_of(o.givens.begin(), o.givens.end(), [](const std::string& g) {
                                   return g.size() >= 2 && g.compare(g.size() - 2, 2, "@-") == 0;
                                 });
    if (instances.size() == 1 && instances[0] == "-" && !stdin_elsewhere) Session::share_stdin();
    if (is_grade_batch(o, instances)) return cmd_grade_batch(o, instances, !no_time, io);
    CommonOptions one = o;
    one.instance = instances.empty() ? "" : instances[0];
    return cmd_grade(one, io);
  });
}

}  // namespace pzc::driver
