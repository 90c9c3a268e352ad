// check, dump, solve, unique, count, verify.
#include "compiler/driver/commands.hpp"

#include <filesystem>
#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compiler/driver/session.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/print.hpp"

namespace pzc::driver {

using nlohmann::json;

namespace {

// Loads, checks and (unless `ground_it` is false) grounds; prints diagnostics on failure.
bool prepare(Session& s, const CommonOptions& o, Output io, bool ground_it = true) {
  bool ok = s.load_spec(o.spec, o.puzzle);
  if (ok) ok = s.select_instance(o.instance);
  if (ok)
    for (const auto& g : o.givens) ok = s.add_given(g) && ok;
  if (ok && ground_it) ok = s.ground();
  if (!ok || s.diags.has_errors()) {
    io.err << s.render_diagnostics();
    if (o.json) io.out << json{{"status", "error"}, {"errors", s.diags.error_count()}}.dump(2) << "\n";
    return false;
  }
  io.err << s.render_diagnostics();  // warnings
  return true;
}

json value_json(const ir::Program& p, const ir::Variable& v, ir::Value x) {
  switch (v.kind) {
    case ir::ValueKind::Int: return x;
    case ir::ValueKind::Bool: return x != 0;
    default: return ir::format_value(p, v.kind, x);
  }
}

json assignment_json(const ir::Program& p, const ir::Assignment& a) {
  json out = json::object();
  for (const auto& g : p.groups) {
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

z3lower::Options backend_options(const CommonOptions& o) {
  z3lower::Options opts;
  opts.time_limit_ms = o.time_limit > 0 ? static_cast<unsigned>(o.time_limit * 1000) : 0;
  opts.seed = o.seed;
  return opts;
}

std::string title(const Session& s) {
  const ir::Program& p = *s.program;
  return p.instance.empty() ? p.puzzle : fmt::format("{} ({})", p.instance, p.puzzle);
}

int unknown(const CommonOptions& o, Output io, const std::string& reason) {
  if (o.json) io.out << json{{"status", "unknown"}, {"reason", reason}}.dump(2) << "\n";
  else io.out << "unknown: " << reason << "\n";
  return kExitUnknown;
}

}  // namespace

int cmd_check(const CommonOptions& o, Output io) {
  Session s;
  // Without an instance, check only the spec; with one, bind and ground it too.
  bool ground_it = !o.instance.empty() || !o.givens.empty();
  if (!prepare(s, o, io, false)) return kExitBadInput;
  if (ground_it || s.instance) {
    if (!s.ground()) {
      io.err << s.render_diagnostics();
      return kExitBadInput;
    }
  }
  std::size_t rules = 0, vars = 0;
  for (const auto& d : s.puzzle->decls) {
    if (std::holds_alternative<ast::RuleDecl>(d)) ++rules;
    if (const auto* v = std::get_if<ast::VarDecl>(&d)) vars += v->names.size();
  }
  if (o.json) {
    json j{{"status", "ok"}, {"puzzle", s.puzzle->name}, {"rules", rules}, {"var_declarations", vars}};
    if (s.program) {
      j["instance"] = s.program->instance;
      j["variables"] = s.program->vars.size();
      j["constraints"] = s.program->constraints.size();
    }
    io.out << j.dump(2) << "\n";
  } else {
    io.out << fmt::format("{}: puzzle {} is well-formed ({} rules and clues, {} variable declarations)\n", o.spec,
                          s.puzzle->name, rules, vars);
    if (s.program)
      io.out << fmt::format("{}: {} variables, {} ground constraints\n", title(s), s.program->vars.size(),
                            s.program->constraints.size());
  }
  return kExitOk;
}

int cmd_dump(const CommonOptions& o, const std::string& stage, Output io) {
  Session s;
  if (stage == "ast") {
    if (!prepare(s, o, io, false)) return kExitBadInput;
    io.out << ast::to_string(*s.modules[0]);
    return kExitOk;
  }
  if (!prepare(s, o, io)) return kExitBadInput;
  if (stage == "ir") {
    io.out << ir::dump_ir(*s.program);
    return kExitOk;
  }
  if (stage == "smt2") {
    z3lower::Z3Backend backend(*s.program, backend_options(o));
    io.out << backend.smt2();
    return kExitOk;
  }
  io.err << fmt::format("pzc: error: unknown stage '{}' (ast, ir or smt2)\n", stage);
  return kExitBadInput;
}

int cmd_solve(const CommonOptions& o, Output io) {
  Session s;
  if (!prepare(s, o, io)) return kExitBadInput;
  z3lower::Z3Backend backend(*s.program, backend_options(o));
  auto r = backend.solve();
  if (r.status == z3lower::Status::Unknown) return unknown(o, io, r.unknown_reason);
  if (r.status == z3lower::Status::Unsat) {
    if (o.json) io.out << json{{"status", "unsat"}}.dump(2) << "\n";
    else io.out << fmt::format("{}: no solution\n", title(s));
    return kExitNo;
  }
  if (o.json) {
    io.out << json{{"status", "sat"}, {"solution", assignment_json(*s.program, *r.solution)}}.dump(2) << "\n";
  } else {
    io.out << fmt::format("{}: solution\n", title(s)) << draw(s, *r.solution);
  }
  return kExitOk;
}

int cmd_unique(const CommonOptions& o, Output io) {
  Session s;
  if (!prepare(s, o, io)) return kExitBadInput;
  z3lower::Z3Backend backend(*s.program, backend_options(o));
  auto r = backend.unique();
  const ir::Program& p = *s.program;
  if (r.status == z3lower::Status::Unknown) return unknown(o, io, r.unknown_reason);
  if (r.status == z3lower::Status::Unsat) {
    if (o.json) io.out << json{{"status", "unsat"}, {"unique", false}}.dump(2) << "\n";
    else io.out << fmt::format("{}: no solution\n", title(s));
    return kExitNo;
  }
  std::vector<std::string> differing;
  for (auto v : r.differing) differing.push_back(p.vars[static_cast<std::size_t>(v)].name);
  if (o.json) {
    json j{{"status", "sat"}, {"unique", r.unique}, {"solution", assignment_json(p, *r.first)}};
    if (!r.unique) {
      j["second"] = assignment_json(p, *r.second);
      j["differing"] = differing;
    }
    io.out << j.dump(2) << "\n";
  } else if (r.unique) {
    io.out << fmt::format("{}: unique solution (no second solution exists)\n", title(s)) << draw(s, *r.first);
  } else {
    io.out << fmt::format("{}: not unique\nfirst solution:\n", title(s)) << draw(s, *r.first)
           << "second solution:\n" << draw(s, *r.second) << fmt::format("they differ at {} variables:", differing.size());
    for (const auto& d : differing) io.out << " " << d;
    io.out << "\n";
  }
  return r.unique ? kExitOk : kExitNo;
}

int cmd_count(const CommonOptions& o, std::uint64_t limit, Output io) {
  Session s;
  if (!prepare(s, o, io)) return kExitBadInput;
  z3lower::Z3Backend backend(*s.program, backend_options(o));
  auto r = backend.count(limit);
  if (r.status == z3lower::Status::Unknown && r.count == 0) return unknown(o, io, r.unknown_reason);
  if (o.json) {
    io.out << json{{"status", r.exact ? "exact" : "lower_bound"}, {"count", r.count}, {"exact", r.exact},
                   {"limit", limit}, {"reason", r.unknown_reason}}.dump(2)
           << "\n";
  } else if (r.exact) {
    io.out << fmt::format("{}: {} solution{} (exact)\n", title(s), r.count, r.count == 1 ? "" : "s");
  } else {
    io.out << fmt::format("{}: at least {} solutions (a lower bound: {})\n", title(s), r.count,
                          r.unknown_reason.empty() ? fmt::format("stopped at --limit {}", limit) : r.unknown_reason);
  }
  return r.exact || r.count > 0 ? kExitOk : kExitUnknown;
}

int cmd_verify(const CommonOptions& o, const std::string& grid, Output io) {
  Session s;
  if (!prepare(s, o, io)) return kExitBadInput;
  std::string text = grid;
  std::error_code ec;
  if (grid == "-" || std::filesystem::is_regular_file(grid, ec)) {
    auto t = s.read(grid);
    if (!t) {
      io.err << s.render_diagnostics();
      return kExitBadInput;
    }
    text = *t;
  }
  std::string error;
  auto partial = read_grid(s, text, error);
  if (!partial) {
    io.err << "pzc: error: --grid: " << error << "\n";
    return kExitBadInput;
  }
  const ir::Program& p = *s.program;
  // Full: every variable of the grid is filled in (other groups count only if filled).
  bool full = true;
  std::int32_t grid_first = 0, grid_count = 0;
  for (const auto& g : p.groups)
    if (g.shape == ir::VarGroup::Shape::Grid) {
      grid_first = g.first;
      grid_count = g.count;
      break;
    }
  for (std::int32_t i = 0; i < grid_count; ++i) full &= (*partial)[static_cast<std::size_t>(grid_first + i)].has_value();
  std::vector<int> bad = ir::definitely_violated(p, *partial);
  json violations = json::array();
  std::string text_out;
  for (int ci : bad) {
    const ir::Constraint& c = p.constraints[static_cast<std::size_t>(ci)];
    std::vector<std::string> cells;
    for (auto v : c.scope)
      if ((*partial)[static_cast<std::size_t>(v)]) cells.push_back(p.vars[static_cast<std::size_t>(v)].name);
    const ir::RuleInfo& rule = p.rules[static_cast<std::size_t>(c.origin.rule)];
    violations.push_back({{"rule", rule.name}, {"text", c.origin.text}, {"cells", cells}});
    text_out += fmt::format("  violated: {} (rule '{}', {}:{}) at", c.origin.text, rule.name, rule.file, rule.line);
    for (const auto& cell : cells) text_out += " " + cell;
    text_out += "\n";
  }
  bool consistent = bad.empty();
  if (o.json) {
    io.out << json{{"full", full}, {"consistent", consistent}, {"solution", full && consistent}, {"violations", violations}}.dump(2)
           << "\n";
  } else {
    io.out << fmt::format("{}: grid is {}, {}{}\n", title(s), full ? "full" : "partial",
                          consistent ? "consistent" : "not consistent",
                          full && consistent ? ": a solution" : "")
           << text_out;
  }
  return consistent ? kExitOk : kExitNo;
}

}  // namespace pzc::driver

#include <CLI/CLI.hpp>

namespace pzc::driver {

void add_common_options(CLI::App* c, CommonOptions& o, bool needs_instance) {
  c->add_option("spec", o.spec, "the puzzle specification (.pz)")->required();
  if (needs_instance)
    c->add_option("instance", o.instance, "an instance name in the spec, an instance file, or - for stdin");
  c->add_option("--given", o.givens, "bind a given: NAME=VALUE or NAME=@FILE");
  c->add_option("--puzzle", o.puzzle, "the puzzle to use when the file declares several");
  c->add_flag("--json", o.json, "machine-readable output");
  c->add_option("--time-limit", o.time_limit, "seconds before giving up (exit code 3)");
  c->add_option("--seed", o.seed, "random seed for the solver");
}

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
  r.commands.emplace_back(solve, [&o](Output io) { return cmd_solve(o, io); });

  auto* unique = app.add_subcommand("unique", "find a solution and prove it is the only one, or show a second");
  add_common_options(unique, o);
  r.commands.emplace_back(unique, [&o](Output io) { return cmd_unique(o, io); });

  static std::uint64_t limit = 1000000;
  auto* count = app.add_subcommand("count", "count the solutions (distinct assignments of the vars)");
  add_common_options(count, o);
  count->add_option("--limit", limit, "stop after this many solutions (the count is then a lower bound)");
  r.commands.emplace_back(count, [&o](Output io) { return cmd_count(o, limit, io); });

  static std::string grid;
  auto* verify = app.add_subcommand("verify", "check a person's full or partial grid");
  add_common_options(verify, o);
  verify->add_option("--grid", grid, "the grid: a file of text rows, or rows separated by '/'; '.' is unfilled")->required();
  r.commands.emplace_back(verify, [&o](Output io) { return cmd_verify(o, grid, io); });
}

}  // namespace pzc::driver
