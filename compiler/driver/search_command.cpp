// `pzc search`: spec + instance -> Session (bind the givens, check the requires) ->
// lower_state_space -> CompiledProgram -> statespace::search; prints the seed's solution
// format and writes it to SOLUTION_OUT.
#include "compiler/driver/search_command.hpp"

#include <filesystem>

#include <ostream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compiler/driver/json_text.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/front/statespace/lower.hpp"
#include "runtime/statespace/npuzzle_io.hpp"
#include "runtime/statespace/program.hpp"
#include "runtime/statespace/search.hpp"

namespace pzc::driver {

using nlohmann::json;

namespace {

int bad_input(Session& s, const CommonOptions& o, Output io) {
  const std::string text = s.render_diagnostics();
  io.err << text;
  if (o.json)
    io.out << error_json(s.diags.error_count(), text);
  return kExitBadInput;
}


json stats_json(const statespace::SearchStats& st, statespace::Strategy strategy) {
  // IDA* keeps no frontier: its number is the deepest path, in moves from the start.
  json j{{"expanded", st.expanded},
         {"generated", st.generated},
         {strategy == statespace::Strategy::idastar ? "max_depth" : "max_frontier", st.max_frontier},
         {"seconds", st.seconds},
         {"peak_memory_bytes", st.peak_memory_bytes}};
  if (strategy == statespace::Strategy::idastar) j["iterations"] = st.iterations;
  return j;
}

std::string stats_text(const statespace::SearchStats& st, statespace::Strategy strategy, const std::string& heuristic,
                       bool lc) {
  std::string out = fmt::format("strategy: {}, heuristic: {}{}\n", statespace::to_string(strategy),
                                heuristic.empty() ? "none" : heuristic, lc ? " + linear conflict" : "");
  out += fmt::format("expanded: {}\ngenerated: {}\n{}: {}\n", st.expanded, st.generated,
                     strategy == statespace::Strategy::idastar ? "deepest path" : "max frontier", st.max_frontier);
  if (strategy == statespace::Strategy::idastar) out += fmt::format("iterations: {}\n", st.iterations);
  out += fmt::format("time: {:.3f} s\nmemory (estimate): {:.1f} MiB\n", st.seconds,
                     static_cast<double>(st.peak_memory_bytes) / (1024.0 * 1024.0));
  return out;
}

}  // namespace

int cmd_search(const CommonOptions& o, const SearchArgs& a, Output io) {
  const auto strategy = statespace::parse_strategy(a.strategy);
  if (!strategy)
    return usage_error(o, io, fmt::format("unknown strategy '{}' (breadth, best, astar, idastar)", a.strategy));
  // The solution file must not be one of the inputs (it would be overwritten), nor '-'
  // (the solution is printed on stdout anyway).
  if (!a.solution_out.empty()) {
    if (a.solution_out == "-")
      return usage_error(o, io, "the solution is printed on standard output anyway: give SOLUTION_OUT as a file, or leave it out");
    std::error_code ec;
    for (const auto& [input, what] : {std::pair{o.spec, "the spec"}, std::pair{o.instance, "the instance"}})
      if (!input.empty() && input != "-" &&
          (input == a.solution_out || std::filesystem::equivalent(input, a.solution_out, ec)))
        return usage_error(o, io, fmt::format("the solution file '{}' is {}: writing it would overwrite it", a.solution_out, what));
    if (std::filesystem::is_directory(a.solution_out, ec))
      return usage_error(o, io, fmt::format("the solution file '{}' is a directory", a.solution_out));
  }
  Session s;
  bool ok = s.load_spec(o.spec, o.puzzle, o.instance);
  if (ok) ok = s.select_instance(o.instance);
  if (ok)
    for (const auto& g : o.givens) ok = s.add_given(g) && ok;
  if (ok && !s.checked.has_state_space) {
    s.diags.error(s.puzzle->range, fmt::format("puzzle {} declares no state, so there is nothing to search (use pzc solve)",
                                               s.puzzle->name));
    ok = false;
  }
  // Grounding binds the givens and checks the spec's `require`s (the IR itself is empty
  // for a state-space puzzle).
  if (ok) ok = s.ground();
  if (!ok || s.diags.has_errors()) return bad_input(s, o, io);

  statespace::State start;
  statespace_lower::LowerOptions lower_options;
  lower_options.heuristic = a.heuristic;
  auto program = statespace_lower::lower_state_space(s.checked, s.bound, s.diags, start, lower_options);
  if (!program) return bad_input(s, o, io);
  io.err << s.render_diagnostics();  // warnings

  statespace::SearchOptions options;
  options.strategy = *strategy;
  options.max_expanded = a.max_nodes;
  options.time_limit_seconds = o.time_limit;
  options.linear_conflict = a.linear_conflict;
  std::optional<statespace::CompiledProgram> compiled;
  try {
    compiled.emplace(*program, a.linear_conflict);
  } catch (const statespace::ProgramError& e) {
    return usage_error(o, io, a.linear_conflict ? fmt::format("--linear-conflict: {}", e.what()) : std::string(e.what()));
  }
  statespace::SearchResult r;
  try {
    r = statespace::search(*compiled, start, options);
  } catch (const statespace::ProgramError& e) {
    // An evaluation error while searching (a move reaching outside the state, ...).
    const std::string what = e.what();
    const bool outside = what.find("out of range") != std::string::npos;
    const std::string message = fmt::format("while searching: {}{}", what,
                                            outside ? " (the spec reads or writes outside the state: guard the index in the move's 'when')" : "");
    // At the declaration whose code failed (a move "slide(2)" is declared "slide").
    using In = statespace::ProgramError::In;
    for (const auto& d : s.puzzle->decls) {
      std::optional<source::Range> at;
      if (const auto* m = std::get_if<ast::MoveDecl>(&d);
          m && e.in == In::move && (e.name == m->name || e.name.rfind(m->name + "(", 0) == 0))
        at = m->range;
      if (const auto* h = std::get_if<ast::HeuristicDecl>(&d); h && e.in == In::heuristic && e.name == h->name) at = h->range;
      if (const auto* g = std::get_if<ast::GoalDecl>(&d); g && e.in == In::goal) at = g->range;
      if (const auto* f = std::get_if<ast::DefDecl>(&d); f && e.in == In::def && e.name == f->name) at = f->range;
      if (at) {
        s.diags.error(*at, message);
        return bad_input(s, o, io);
      }
    }
    return usage_error(o, io, message);
  }
  const std::string name = s.instance ? s.instance->name : (o.instance.empty() ? s.puzzle->name : o.instance);

  if (r.status == statespace::SearchStatus::solved) {
    if (!a.solution_out.empty()) {
      if (auto err = statespace::write_solution_file(a.solution_out, r.move_names)) return usage_error(o, io, *err);
    }
    if (o.json) {
      json j{{"status", "solved"}, {"length", r.moves.size()}, {"moves", r.move_names}, {"strategy", statespace::to_string(*strategy)}};
      if (a.stats) j["stats"] = stats_json(r.stats, *strategy);
      io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
    } else {
      io.out << statespace::format_solution(r.move_names);
      if (a.stats) io.out << stats_text(r.stats, *strategy, program->heuristic_name, a.linear_conflict);
    }
    return kExitOk;
  }
  if (r.status == statespace::SearchStatus::unsolvable || r.status == statespace::SearchStatus::exhausted) {
    const std::string why = r.status == statespace::SearchStatus::unsolvable
                                ? r.message
                                : "every reachable state was searched and none is a goal";
    if (o.json) {
      // One word, as "solved", "unsolvable" and "unknown" are (it was "no solution (search
      // space exhausted)").
      json j{{"status", r.status == statespace::SearchStatus::unsolvable ? "unsolvable" : "exhausted"}, {"reason", why}};
      if (a.stats) j["stats"] = stats_json(r.stats, *strategy);
      io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
    } else {
      io.out << fmt::format("{}: no solution ({}): {}\n", name,
                            r.status == statespace::SearchStatus::unsolvable ? "unsolvable" : "exhausted", why);
      if (a.stats && r.status == statespace::SearchStatus::exhausted)
        io.out << stats_text(r.stats, *strategy, program->heuristic_name, a.linear_conflict);
    }
    return kExitNo;
  }
  // A limit was reached: the answer is unknown.
  if (o.json) {
    json j{{"status", "unknown"}, {"reason", r.message}};
    if (a.stats) j["stats"] = stats_json(r.stats, *strategy);
    io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    io.out << fmt::format("unknown: {}\n", r.message);
    if (a.stats) io.out << stats_text(r.stats, *strategy, program->heuristic_name, a.linear_conflict);
  }
  return kExitUnknown;
}

void add_search_commands(CLI::App& app, CommonOptions& o, Registry& r) {
  static SearchArgs args;
  auto* search = app.add_subcommand("search", "solve a state-space puzzle (moves, goal, heuristic) by search");
  add_common_options(search, o);
  search->add_option("solution_out", args.solution_out, "write the solution here (move count, then the moves)");
  search->add_option("--strategy", args.strategy, "breadth, best, astar (a-star) or idastar (ida-star)")
      ->check(CLI::IsMember({"breadth", "best", "astar", "a-star", "idastar", "ida-star"}));
  search->add_option("--heuristic", args.heuristic, "the heuristic to use (a name declared in the spec, or none)");
  search->add_flag("--linear-conflict", args.linear_conflict, "add the linear-conflict term (sliding-tile puzzles)");
  search->add_option("--max-nodes", args.max_nodes, "stop after expanding this many nodes (exit code 3; 0: no limit)")
      ->check(whole_number());
  search->add_flag("--stats", args.stats, "print search statistics");
  r.commands.emplace_back(search, [&o](Output io) { return cmd_search(o, args, io); });
}

}  // namespace pzc::driver
