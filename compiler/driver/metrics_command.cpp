// pzc metrics, pzc show --audience, pzc generate-clues: the clue metrics of seed 004.
#include "compiler/driver/metrics_command.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <ostream>
#include <set>
#include <stdexcept>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compiler/driver/hint_command.hpp"
#include "compiler/driver/json_text.hpp"
#include "compiler/front/parse/parser.hpp"
#include "runtime/engine/search.hpp"
#include "runtime/io/plural.hpp"
#include "runtime/ir/builder.hpp"
#include "runtime/ir/print.hpp"
#include "runtime/metrics/choose.hpp"

namespace pzc::driver {

using nlohmann::json;

// ------------------------------------------------------------------ Z3 oracle

SolverOracle::SolverOracle(const ir::Program& program, z3lower::Options options, Enumerator enumerator)
    : program_(program), options_(options), enumerator_(enumerator) {}

std::optional<ir::Program> SolverOracle::subprogram(const metrics::Query& query) const {
  ir::Program sub = program_;
  sub.constraints.clear();
  for (int c : query.keep) sub.constraints.push_back(program_.constraints.at(static_cast<std::size_t>(c)));
  ir::TermBuilder tb(sub);
  for (int rule : query.falsify) {
    std::vector<ir::TermId> terms;
    std::vector<ir::VarId> scope;
    for (const auto& c : program_.constraints)
      if (c.origin.rule == rule) {
        terms.push_back(c.term);
        scope.insert(scope.end(), c.scope.begin(), c.scope.end());
      }
    if (terms.empty()) return std::nullopt;
    ir::TermId all = terms.size() == 1 ? terms[0] : tb.make(ir::Op::And, ir::ValueKind::Bool, terms);
    std::sort(scope.begin(), scope.end());
    scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
    ir::Constraint neg;
    neg.kind = ir::Kind::Expr;
    neg.term = tb.make(ir::Op::Not, ir::ValueKind::Bool, {all});
    neg.scope = std::move(scope);
    neg.origin.rule = rule;
    neg.origin.text = "not (" + program_.rules.at(static_cast<std::size_t>(rule)).name + ")";
    sub.constraints.push_back(std::move(neg));
  }
  return sub;
}

metrics::Count SolverOracle::enumerate(const metrics::Query& query, std::uint64_t limit,
                                   const std::function<bool(const ir::Assignment&)>& on_model) {
  ++queries_;
  auto sub = subprogram(query);
  if (!sub) return {0, true};
  if (enumerator_ == Enumerator::Z3 && !z3_refused_) {
    try {
      z3lower::Z3Backend backend(*sub, options_);
      auto r = backend.enumerate(limit, on_model);
      if (r.status == z3lower::Status::Unknown) throw metrics::Unanswered(r.unknown_reason);
      return {r.count, r.exact};
    } catch (const z3lower::Unsupported&) {
      z3_refused_ = true;  // (`not ...->connected()`: the native engine enumerates)
    }
  }
  {
    // The models are passed on as the search finds them, none kept (a limit of millions
    // must not mean millions of stored assignments), up to limit + 1: the one past the
    // limit says the list is not complete.
    engine::SearchOptions so;
    so.solution_limit = limit < std::numeric_limits<std::uint64_t>::max() ? limit + 1 : limit;
    if (options_.time_limit_ms > 0) so.time_limit_s = options_.time_limit_ms / 1000.0;
    std::uint64_t n = 0;
    bool past_limit = false, stopped = false;
    so.on_solution = [&](const ir::Assignment& a) {
      if (n == limit) {
        past_limit = true;
        return false;
      }
      ++n;
      stopped = !on_model(a);
      return !stopped;
    };
    engine::SearchResult r = engine::solve(*sub, so);
    if (past_limit || stopped) return {n, false};
    // Cut short (the time limit) before the limit: the models passed are not all of them.
    if (r.status == engine::Status::Unknown || !r.reason.empty())
      throw metrics::Unanswered(r.reason.empty() ? "the native search stopped" : r.reason);
    return {n, true};
  }
}

metrics::Count SolverOracle::count(const metrics::Query& query, std::uint64_t limit) {
  ++queries_;
  auto sub = subprogram(query);
  if (!sub) return {0, true};
  if (!z3_refused_) {
    try {
      z3lower::Z3Backend backend(*sub, options_);
      auto r = backend.count(limit);
      if (r.status == z3lower::Status::Unknown) throw metrics::Unanswered(r.unknown_reason);
      return {r.count, r.exact};
    } catch (const z3lower::Unsupported&) {
      z3_refused_ = true;  // (`not ...->connected()`, or a clue falsified around one: native)
    }
  }
  engine::SearchOptions so;
  so.solution_limit = limit;
  if (options_.time_limit_ms > 0) so.time_limit_s = options_.time_limit_ms / 1000.0;
  engine::SearchResult r = engine::count(*sub, so);
  if (!r.exact && r.reason != "limit") throw metrics::Unanswered(r.reason.empty() ? "the native search stopped" : r.reason);
  return {static_cast<std::uint64_t>(r.count), r.exact};
}

// ------------------------------------------------------------------ rendering clues

namespace {

int precedence(ast::BinOp op) {
  switch (op) {
    case ast::BinOp::Implies: return 1;
    case ast::BinOp::Or: return 2;
    case ast::BinOp::Xor: return 3;
    case ast::BinOp::And: return 4;
    case ast::BinOp::Range: return 6;
    case ast::BinOp::Add:
    case ast::BinOp::Sub: return 7;
    case ast::BinOp::Mul:
    case ast::BinOp::Div:
    case ast::BinOp::Mod: return 8;
    default: return 5;  // comparisons
  }
}

// The expression with only the parentheses its operators need (ast::to_string puts
// them everywhere), so a clue reads as it was written.
std::string pretty(const ast::Expr& e) {
  if (const auto* b = std::get_if<ast::Binary>(&e.node)) {
    int p = precedence(b->op);
    auto side = [&](const ast::Expr& x, bool right) {
      std::string s = pretty(x);
      if (const auto* c = std::get_if<ast::Binary>(&x.node)) {
        int q = precedence(c->op);
        // Left-associative operators keep a same-level left operand bare; implications and
        // comparisons are bracketed whenever they nest.
        bool assoc = p != 1 && p != 5 && !right;
        if (q < p || (q == p && !assoc)) s = "(" + s + ")";
      }
      return s;
    };
    return side(*b->lhs, false) + " " + ast::op_text(b->op) + " " + side(*b->rhs, true);
  }
  if (const auto* u = std::get_if<ast::Unary>(&e.node)) {
    std::string s = pretty(*u->operand);
    if (std::holds_alternative<ast::Binary>(u->operand->node)) s = "(" + s + ")";
    return (u->op == ast::UnOp::Not ? "not " : "-") + s;
  }
  return ast::to_string(e);
}

// `top<>blue` for a comparison, else nullopt.
std::optional<std::string> compact_comparison(const ast::Expr& e) {
  const auto* b = std::get_if<ast::Binary>(&e.node);
  if (!b || (b->op != ast::BinOp::Eq && b->op != ast::BinOp::Ne)) return std::nullopt;
  return pretty(*b->lhs) + ast::op_text(b->op) + pretty(*b->rhs);
}

std::string candidate_text(const ir::Program& p, const ir::Assignment& a) {
  std::string s;
  for (std::size_t v = 0; v < p.vars.size(); ++v)
    s += (v ? " " : "") + p.vars[v].name + "=" + ir::format_value(p, p.vars[v].kind, a[v]);
  return s;
}

json candidate_json(const ir::Program& p, const ir::Assignment& a) {
  json j = json::object();
  for (std::size_t v = 0; v < p.vars.size(); ++v) j[p.vars[v].name] = value_json(p, p.vars[v], a[v]);
  return j;
}

const char* method_name(metrics::Method m) {
  return m == metrics::Method::Enumerate ? "enumeration" : m == metrics::Method::Entail ? "entailment" : "auto";
}

}  // namespace

std::string compact_clue(const ast::Expr& body) {
  if (const auto* b = std::get_if<ast::Binary>(&body.node); b && b->op == ast::BinOp::Implies) {
    auto p = compact_comparison(*b->lhs), c = compact_comparison(*b->rhs);
    if (p && c) return *p + " => " + *c;
  }
  return pretty(body);
}

// ------------------------------------------------------------------ analysis

PuzzleReport analyse_puzzle(Session& s, const metrics::Options& options, const z3lower::Options& z3) {
  const ir::Program& p = *s.program;
  PuzzleReport rep;
  rep.title = title(p);
  SolverOracle oracle(p, z3);
  rep.semantics = metrics::analyse(p, oracle, options);
  auto syntax = metrics::clue_syntax(s.checked);
  if (syntax.size() != rep.semantics.clues.size())
    throw std::logic_error("the clue declarations and the program's clue rules do not match");
  // A clue declaration over bindings that states nothing in this instance (Futoshiki's
  // signs on a puzzle without any) is left out: it counted as a clue that bans nothing,
  // equivalent to the other empty one, in the sums. (A single clue that says nothing,
  // `top = blue implies top = blue`, stays: banning nothing is its metric.) Kept ones are
  // renumbered for the equivalents.
  std::set<std::int32_t> grounded;  // the rules with a ground constraint
  for (const auto& k : p.constraints) grounded.insert(k.origin.rule);
  auto states_nothing = [&](std::size_t i) {
    return !syntax[i].rule->binders.empty() && !grounded.count(rep.semantics.clues[i].rule);
  };
  std::vector<int> kept_at(syntax.size(), -1);
  for (std::size_t i = 0, n = 0; i < syntax.size(); ++i)
    if (!states_nothing(i)) kept_at[i] = static_cast<int>(n++);
  for (std::size_t i = 0; i < syntax.size(); ++i) {
    if (states_nothing(i)) continue;
    ClueReport c;
    // (An unnamed declaration, `clue "..." for p in ...`, is every clue it states at once:
    // named by its line.)
    c.name = !syntax[i].name.empty() ? syntax[i].name : fmt::format("clue@{}", syntax[i].rule->range.begin.line);
    c.text = syntax[i].rule->text;
    c.written = pretty(*syntax[i].rule->body);
    if (syntax[i].simple_form) c.simple = pretty(*syntax[i].simple_form);
    c.syntax = syntax[i];
    c.semantics = rep.semantics.clues[i];
    std::vector<std::size_t> equivalents;
    for (auto j : c.semantics.equivalents)
      if (kept_at[j] >= 0) equivalents.push_back(static_cast<std::size_t>(kept_at[j]));
    c.semantics.equivalents = std::move(equivalents);
    const auto& sem = c.semantics;
    c.seven = {c.syntax.negations,        c.syntax.ground_fact ? 1 : 0, c.syntax.different_properties ? 1 : 0,
               sem.bans_nothing ? 1 : 0, sem.bans_exactly_one ? 1 : 0, sem.equivalents.empty() ? 0 : 1,
               sem.indispensable ? 1 : 0};
    for (std::size_t m = 0; m < 7; ++m) {
      c.sum += c.seven[m];
      rep.seven[m] += c.seven[m];
    }
    rep.sum += c.sum;
    rep.clues.push_back(std::move(c));
  }
  return rep;
}

namespace {

metrics::Method parse_method(const std::string& m) {
  return m == "enumerate" ? metrics::Method::Enumerate : m == "entail" ? metrics::Method::Entail : metrics::Method::Auto;
}

// The clues reported that the others entail (those left out, stating nothing, are not
// counted).
int redundant_clues(const PuzzleReport& rep) {
  return static_cast<int>(std::count_if(rep.clues.begin(), rep.clues.end(), [](const ClueReport& c) { return c.semantics.redundant; }));
}

json report_json(const ir::Program& p, const PuzzleReport& rep) {
  const auto& sem = rep.semantics;
  json clues = json::array();
  for (const auto& c : rep.clues) {
    json m = json::object();
    for (std::size_t k = 0; k < 7; ++k) m[kMetricNames[k]] = c.seven[k];
    json eq = json::array();
    for (auto j : c.semantics.equivalents) eq.push_back(rep.clues[j].name);
    json j{{"name", c.name},
           {"text", c.text},
           {"clue", c.written},
           {"metrics", m},
           {"sum", c.sum},
           {"banned", c.semantics.banned},
           {"banned_exact", c.semantics.banned_exact},
           {"equivalents", eq},
           {"redundant", c.semantics.redundant},
           {"size", c.syntax.size}};
    if (!c.simple.empty()) j["simple_form"] = c.simple;
    if (sem.listed) {
      json banned = json::array();
      for (auto t : c.semantics.banned_candidates) banned.push_back(candidate_json(p, sem.candidate_list[t]));
      j["banned_candidates"] = banned;
    }
    clues.push_back(j);
  }
  json totals = json::object();
  for (std::size_t k = 0; k < 7; ++k) totals[kMetricNames[k]] = rep.seven[k];
  json solutions = json::array();
  for (const auto& a : sem.solution_list) solutions.push_back(candidate_json(p, a));
  json j{{"puzzle", rep.title},
         {"method", method_name(sem.method)},
         {"clues", clues},
         {"metrics", totals},
         {"sum", rep.sum},
         {"redundant", redundant_clues(rep)},
         {"unique", sem.unique()},
         {"solutions", solutions}};
  if (sem.method == metrics::Method::Enumerate) {
    j["candidates"] = sem.candidates;
    j["candidates_listed"] = sem.listed;
  }
  return j;
}

// `asked`: the method the user asked for, and the enumeration limit, which say why a
// puzzle was analysed by entailment.
std::string report_text(Session& s, const PuzzleReport& rep, const metrics::Options& asked) {
  const ir::Program& p = *s.program;
  const auto& sem = rep.semantics;
  std::string out;
  const std::string clues = io::counted(rep.clues.size(), "clue", "clues");
  if (sem.method == metrics::Method::Enumerate)
    out += fmt::format("{}: {}; {} (enumerated), {} not banned by any clue\n", rep.title, clues,
                       io::counted(sem.candidates, "candidate", "candidates"), sem.unbanned_count);
  else if (asked.method == metrics::Method::Entail)
    out += fmt::format("{}: {}; analysed by entailment (--method entail)\n", rep.title, clues);
  else
    out += fmt::format("{}: {}; candidate space above the enumeration limit ({}), analysed by entailment\n", rep.title,
                       clues, asked.enumeration_limit);
  if (sem.unique()) out += "unique solution:\n" + draw(s, sem.solution_list[0]);
  else if (sem.solutions == 0) out += "no solution\n";
  else out += "not unique: more than one candidate survives the clues\n";
  std::size_t w = 5;
  for (const auto& c : rep.clues) w = std::max(w, c.name.size());
  out += fmt::format("\n{:<{}}  neg  fact  diff  none  one  equiv  indisp  sum   banned  redundant  size  clue\n",
                     "clue", w);
  for (const auto& c : rep.clues) {
    std::string banned = c.semantics.banned_exact ? std::to_string(c.semantics.banned) : fmt::format(">={}", c.semantics.banned);
    out += fmt::format("{:<{}}  {:>3}  {:>4}  {:>4}  {:>4}  {:>3}  {:>5}  {:>6}  {:>3}  {:>7}  {:<9}  {:>4}  {}\n", c.name, w,
                       c.seven[0], c.seven[1], c.seven[2], c.seven[3], c.seven[4], c.seven[5], c.seven[6], c.sum, banned,
                       c.semantics.redundant ? "yes" : "no", c.syntax.size, c.written);
  }
  out += fmt::format("{:<{}}  {:>3}  {:>4}  {:>4}  {:>4}  {:>3}  {:>5}  {:>6}  {:>3}  {:>7}  {:<9}\n", "total", w,
                     rep.seven[0], rep.seven[1], rep.seven[2], rep.seven[3], rep.seven[4], rep.seven[5], rep.seven[6],
                     rep.sum, "", redundant_clues(rep));
  std::vector<std::string> eq, ind;
  for (const auto& c : rep.clues) {
    if (!c.semantics.equivalents.empty()) {
      std::string e = c.name + " ~";
      for (auto j : c.semantics.equivalents) e += " " + rep.clues[j].name;
      eq.push_back(e);
    }
    if (c.semantics.indispensable) ind.push_back(c.name);
  }
  out += fmt::format("\nindispensable clues: {}\n", ind.empty() ? "none" : fmt::format("{}", fmt::join(ind, " ")));
  out += fmt::format("equivalent clues: {}\n", eq.empty() ? "none" : fmt::format("{}", fmt::join(eq, "; ")));
  if (sem.listed && sem.candidates <= 64) {
    out += "banned candidates:\n";
    for (const auto& c : rep.clues) {
      out += fmt::format("  {}:", c.name);
      for (auto t : c.semantics.banned_candidates) out += " (" + candidate_text(p, sem.candidate_list[t]) + ")";
      out += c.semantics.banned_candidates.empty() ? " nothing\n" : "\n";
    }
  }
  return out;
}

int cmd_metrics(const CommonOptions& o, const std::string& method, std::uint64_t limit, Output io) {
  Session s;
  if (!prepare(s, o, io, true)) return kExitBadInput;
  metrics::Options mo;
  mo.method = parse_method(method);
  mo.enumeration_limit = limit;
  PuzzleReport rep;
  try {
    rep = analyse_puzzle(s, mo, backend_options(o));
  } catch (const metrics::Unanswered& e) {
    return unknown(o, io, e.what());
  } catch (const metrics::TooManyCandidates& e) {
    const std::string message = fmt::format("pzc: error: {}\n", e.what());
    io.err << message;
    if (o.json) io.out << error_json(1, message);
    return kExitBadInput;
  }
  // The metrics are printed either way (they are the clues'), but a puzzle without a
  // solution has no grade (`grade` says so too) and exits as `solve` does.
  const bool none = rep.semantics.solutions == 0 && rep.semantics.solutions_exact;
  // The difficulty grade from the hint runtime's human-style trace.
  hints::Grade g;
  if (!none) g = hints::grade(solving_trace(*s.program, o, "metrics", /*for_grade=*/true));
  if (o.json) {
    json j = report_json(*s.program, rep);
    j["grade"] = none ? json(nullptr) : json{{"level", g.level}, {"score", g.score}, {"max_tier", g.max_tier}, {"steps", g.steps}};
    io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    io.out << report_text(s, rep, mo)
           << (none ? std::string("difficulty: none (no solution, so no solving trace)\n")
                    : fmt::format("difficulty: {} (score {}, hardest tier {}, {})\n", g.level, g.score, g.max_tier,
                                  io::counted(g.steps, "step", "steps")));
  }
  return none ? kExitNo : kExitOk;
}

int cmd_show(const CommonOptions& o, const std::string& audience, Output io) {
  Session s;
  if (!prepare(s, o, io, false)) return kExitBadInput;
  bool novice = audience == "novice";
  auto syntax = metrics::clue_syntax(s.checked);
  json rules = json::array(), clues = json::array();
  // The rules listed below: neither clues nor techniques (how to solve, not what holds).
  const std::size_t rule_count = static_cast<std::size_t>(
      std::count_if(s.checked.rules.begin(), s.checked.rules.end(), [](const ast::RuleDecl* r) {
        return r->kind != ast::RuleKind::Clue && r->kind != ast::RuleKind::Technique;
      }));
  std::string out = fmt::format("{}: {} rule{} and {} clue{}, for {}\n", s.puzzle->name, rule_count,
                                rule_count == 1 ? "" : "s", syntax.size(), syntax.size() == 1 ? "" : "s",
                                novice ? "a novice" : "an expert");
  for (const ast::RuleDecl* r : s.checked.rules) {
    if (r->kind == ast::RuleKind::Clue || r->kind == ast::RuleKind::Technique) continue;
    std::string shown = r->text.empty() ? pretty(*r->body) : r->text;
    out += "  rule: " + shown + "\n";
    rules.push_back(shown);
  }
  for (const auto& c : syntax) {
    std::string written = pretty(*c.rule->body);
    // A novice sees a ground fact as the fact itself and other clues in English; an
    // expert sees each clue as written, with its English text beside it.
    std::string shown;
    if (novice) shown = c.ground_fact ? pretty(*c.simple_form) : (c.rule->text.empty() ? written : c.rule->text);
    else shown = written;
    std::string label = c.name.empty() ? "clue" : c.name;
    out += fmt::format("  {}: {}\n", label, shown);
    if (!novice && !c.rule->text.empty()) out += fmt::format("  {:<{}}  ({})\n", "", label.size(), c.rule->text);
    clues.push_back({{"name", c.name}, {"shown", shown}, {"written", written}, {"ground_fact", c.ground_fact}});
  }
  // With an instance named: its clues as stated, one line per clue rule binding that
  // grounds to a constraint (a zebra puzzle's facts, a Light Up wall's number), in order.
  // With --given values and no instance, they are bound and grounded too, as check does
  // (a bad value, or an unreadable @FILE, was ignored, exit 0), and the clues they state shown.
  json stated = json::array();
  const bool grounded = !o.instance.empty() || !o.givens.empty();
  if (grounded) {
    if (!s.ground()) {
      // (--json printed nothing here.)
      const std::string text = s.render_diagnostics();
      io.err << text;
      if (o.json) io.out << error_json(std::max<std::size_t>(1, s.diags.error_count()), text);
      return kExitBadInput;
    }
    std::set<std::pair<std::int32_t, std::vector<std::pair<std::string, std::string>>>> seen;
    for (const auto& c : s.program->constraints) {
      if (!s.program->rules[static_cast<std::size_t>(c.origin.rule)].is_clue) continue;
      if (!seen.insert({c.origin.rule, c.origin.bindings}).second) continue;  // one clue, several constraints
      stated.push_back(c.origin.text);
    }
    out += fmt::format("{} states {} clue{}:\n", s.program->instance.empty() ? "the instance" : s.program->instance, stated.size(),
                       stated.size() == 1 ? "" : "s");
    for (std::size_t i = 0; i < stated.size(); ++i) out += fmt::format("  {}. {}\n", i + 1, stated[i].get<std::string>());
  }
  if (o.json) {
    json j{{"puzzle", s.puzzle->name}, {"audience", audience}, {"rules", rules}, {"clues", clues}};
    if (grounded) j["instance_clues"] = stated;
    io.out << j.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
  } else {
    io.out << out;
  }
  return kExitOk;
}

// ------------------------------------------------------------------ generate-clues

struct GenerateOptions {
  std::vector<int> clues{2, 3, 4, 5};
  std::vector<std::string> classify;
};

// A pool clue `P op v implies Q op w`.
struct PoolClue {
  std::size_t p, q;  // variable indexes
  bool neg_p, neg_q;
  ir::Value v, w;
};

// Loads `text` as the spec of a fresh session, grounds it with its clues.
bool load_generated(Session& s, const std::string& name, std::string text) {
  std::uint32_t id = s.sm.add(name, std::move(text));
  auto m = parse::parse_module(s.sm, id, s.diags);
  if (!m) return false;
  s.modules.push_back(std::make_unique<ast::Module>(std::move(*m)));
  s.puzzle = &s.modules[0]->puzzles.at(0);
  s.checked = sema::check_puzzle(*s.puzzle, s.sm, s.diags);
  if (s.diags.has_errors()) return false;
  return s.ground(true);
}

int cmd_generate_clues(const CommonOptions& o, const GenerateOptions& g, Output io, bool from_generate = false) {
  Session base;
  if (!prepare(base, o, io, true, false)) return kExitBadInput;
  const ir::Program& p = *base.program;
  // A bad input: the message on stderr, and with --json a document on stdout too.
  auto refuse = [&](const std::string& message) {
    io.err << message;
    if (o.json) io.out << error_json(1, message);
    return kExitBadInput;
  };
  // The scalar enum variables make the clues' properties.
  std::vector<std::size_t> props;
  for (const auto& grp : p.groups)
    if (grp.shape == ir::VarGroup::Shape::Scalar && grp.kind == ir::ValueKind::Symbol) props.push_back(static_cast<std::size_t>(grp.first));
  if (props.empty()) {
    // (From `generate`, the message named a command the user had not run.)
    if (from_generate)
      return refuse(fmt::format("pzc: error: {} has no clue givens: its clues are rules, and generate makes puzzles of "
                                "rule clues (as generate-clues does) only over scalar enum variables (var x : SomeEnum), "
                                "which it has none of\n", base.puzzle->name));
    return refuse("pzc: error: generate-clues needs scalar enum variables (var x : SomeEnum)\n");
  }
  if (std::string twice = classify_named_twice(g.classify); !twice.empty()) return refuse(twice);
  std::vector<std::size_t> classify;
  for (const auto& name : g.classify) {
    auto it = std::find_if(props.begin(), props.end(), [&](std::size_t v) { return p.vars[v].name == name; });
    if (it == props.end()) return refuse(fmt::format("pzc: error: --classify: '{}' is not a scalar enum variable\n", name));
    classify.push_back(*it);
  }
  if (classify.empty()) classify = props;
  // The candidates: the assignments satisfying the rules without clues.
  SolverOracle oracle(p, backend_options(o));
  std::vector<ir::Assignment> cands;
  std::vector<int> all(p.constraints.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  constexpr std::uint64_t kMaxCandidates = 100'000;
  auto cnt = oracle.enumerate({all, {}}, kMaxCandidates, [&](const ir::Assignment& a) {
    cands.push_back(a);
    return true;
  });
  if (!cnt.exact) return refuse(fmt::format("pzc: error: more than {} candidates; generate-clues enumerates them\n", kMaxCandidates));
  std::sort(cands.begin(), cands.end());
  // The pool: every implication between comparisons of the properties, and what each bans.
  std::vector<PoolClue> pool;
  for (auto pv : props)
    for (bool np : {false, true})
      for (auto v : p.vars[pv].domain)
        for (auto qv : props)
          for (bool nq : {false, true})
            for (auto w : p.vars[qv].domain) pool.push_back({pv, qv, np, nq, v, w});
  std::vector<std::vector<bool>> banned(pool.size(), std::vector<bool>(cands.size()));
  for (std::size_t i = 0; i < pool.size(); ++i)
    for (std::size_t t = 0; t < cands.size(); ++t) {
      const PoolClue& c = pool[i];
      bool prem = (cands[t][c.p] == c.v) != c.neg_p, conc = (cands[t][c.q] == c.w) != c.neg_q;
      banned[i][t] = prem && !conc;
    }
  auto clue_text = [&](const PoolClue& c) {
    auto side = [&](std::size_t x, bool neg, ir::Value val) {
      return fmt::format("{} {} {}", p.vars[x].name, neg ? "<>" : "=", ir::format_value(p, p.vars[x].kind, val));
    };
    return side(c.p, c.neg_p, c.v) + " implies " + side(c.q, c.neg_q, c.w);
  };
  // The spec without its clues, printed back; the generated clues go before its `end`.
  ast::Puzzle& puzzle = base.modules[0]->puzzles[static_cast<std::size_t>(base.puzzle - base.modules[0]->puzzles.data())];
  std::erase_if(puzzle.decls, [](const ast::Decl& d) {
    const auto* r = std::get_if<ast::RuleDecl>(&d);
    return r && r->kind == ast::RuleKind::Clue;
  });
  ast::Module only;
  only.puzzles.push_back(std::move(puzzle));  // base's AST is not used after this
  std::string spec_text = ast::to_string(only);
  std::size_t end_at = spec_text.rfind("end");
  if (end_at == std::string::npos) throw std::logic_error("printed puzzle has no end");
  // The classifying values, in the order of the variables' domains.
  std::map<std::vector<ir::Value>, std::vector<std::size_t>> classes;
  for (std::size_t t = 0; t < cands.size(); ++t) {
    std::vector<ir::Value> key;
    for (auto v : classify) key.push_back(cands[t][v]);
    classes[key].push_back(t);
  }
  metrics::Rng rng(o.seed);
  json rows = json::array();
  std::string names;
  for (auto v : classify) names += (names.empty() ? "" : ", ") + p.vars[v].name;
  std::string clue_counts;
  for (int k : g.clues) clue_counts += (clue_counts.empty() ? "" : ",") + std::to_string(k);
  std::string out;  // the table; the title, which counts the rows found, goes before it
  std::string header = fmt::format("{:>3}  {:>5}", "#", "clues");
  for (auto v : classify) header += fmt::format("  {:<8}", p.vars[v].name);
  header += "  neg  fact  diff  none  one  equiv  indisp  sum  clues\n";
  out += header;
  int row = 0, missing = 0;
  std::map<int, std::pair<int, int>> group_sums;  // clues -> (sum of sums, puzzles)
  for (int k : g.clues) {
    for (const auto& [key, members] : classes) {
      ++row;
      std::size_t target = members[rng.below(members.size())];
      auto pick = metrics::choose_clues(banned, cands.size(), target, static_cast<std::size_t>(std::max(k, 0)), rng);
      std::string label = fmt::format("{:>3}  {:>5}", row, k);
      json cls = json::object();  // the row's class: each classifying variable's value
      for (std::size_t i = 0; i < classify.size(); ++i) {
        label += fmt::format("  {:<8}", ir::format_value(p, p.vars[classify[i]].kind, key[i]));
        cls[p.vars[classify[i]].name] = value_json(p, p.vars[classify[i]], key[i]);
      }
      if (!pick) {
        out += label + "  no puzzle found\n";
        rows.push_back({{"clues", k}, {"class", cls}, {"found", false}});
        ++missing;
        continue;
      }
      std::string text = spec_text.substr(0, end_at);
      for (std::size_t i = 0; i < pick->size(); ++i)
        text += fmt::format("  clue c{}: {}\n", i + 1, clue_text(pool[(*pick)[i]]));
      text += spec_text.substr(end_at);
      // The generated puzzle goes through the whole pipeline like any written one.
      Session s;
      if (!load_generated(s, fmt::format("<generated puzzle {}>", row), text)) {
        io.err << s.render_diagnostics() << text;
        throw std::logic_error("a generated puzzle did not compile");
      }
      PuzzleReport rep = analyse_puzzle(s, {}, backend_options(o));
      if (!rep.semantics.unique() || rep.semantics.solution_list[0] != cands[target])
        throw std::logic_error("a generated puzzle does not have the chosen unique solution");
      std::vector<std::string> compact;
      for (const auto* c : s.checked.rules)
        if (c->kind == ast::RuleKind::Clue) compact.push_back(compact_clue(*c->body));
      out += label + fmt::format("  {:>3}  {:>4}  {:>4}  {:>4}  {:>3}  {:>5}  {:>6}  {:>3}  {}\n", rep.seven[0], rep.seven[1],
                                 rep.seven[2], rep.seven[3], rep.seven[4], rep.seven[5], rep.seven[6], rep.sum,
                                 fmt::join(compact, ", "));
      group_sums[k].first += rep.sum;
      group_sums[k].second += 1;
      json m = json::object();
      for (std::size_t i = 0; i < 7; ++i) m[kMetricNames[i]] = rep.seven[i];
      // The puzzle's whole unique solution, not only its class (the classifying variables).
      json solution = json::object();
      for (std::size_t v = 0; v < p.vars.size(); ++v)
        if (!p.vars[v].aux) solution[p.vars[v].name] = value_json(p, p.vars[v], cands[target][v]);
      json clue_list = json::array();
      for (const auto& c : rep.clues) clue_list.push_back(c.written);
      rows.push_back({{"clues", k}, {"class", cls}, {"found", true}, {"solution", solution}, {"clue_list", clue_list}, {"metrics", m}, {"sum", rep.sum}});
    }
  }
  out += "\nmean sum by number of clues:";
  for (const auto& [k, sc] : group_sums) out += fmt::format(" {}: {:.2f}", k, static_cast<double>(sc.first) / sc.second);
  out += "\n";
  const std::string title = fmt::format(
      "{}: {} generated puzzle{}{} ({} clues each; one per value of ({}); seed {}; {} candidates, {} pool clues)\n\n",
      p.puzzle, row - missing, row - missing == 1 ? "" : "s", missing > 0 ? fmt::format(" of {} rows", row) : std::string(),
      clue_counts, names, o.seed, cands.size(), pool.size());
  if (o.json)
    io.out << json{{"status", missing > 0 ? "no_puzzle" : "ok"}, {"puzzle", p.puzzle}, {"seed", o.seed}, {"found", row - missing},
                   {"rows", rows}}.dump(2, ' ', false, kReplaceBadUtf8)
           << "\n";
  else io.out << title << out;
  // Every row asked for, or exit 1 (as generate does when a puzzle is not made).
  if (missing > 0) {
    io.err << fmt::format("pzc: no puzzle found for {} of {} rows\n", missing, row);
    return kExitNo;
  }
  return kExitOk;
}

}  // namespace

void add_metrics_commands(CLI::App& app, CommonOptions& o, Registry& r) {
  static std::string method = "auto";
  static std::uint64_t limit = 200'000;
  auto* m = app.add_subcommand("metrics", "the clue metrics of seed 004: per clue and per puzzle");
  add_common_options(m, o);
  m->add_option("--method", method, "auto, enumerate (the candidates) or entail (Z3 entailment questions)")
      ->check(CLI::IsMember({"auto", "enumerate", "entail"}));
  m->add_option("--enumeration-limit", limit, "enumerate the candidates only up to this many")->check(whole_number());
  r.commands.emplace_back(m, [&o](Output io) { return cmd_metrics(o, method, limit, io); });

  static std::string audience = "expert";
  auto* show = app.add_subcommand("show", "print the rules and clues for a novice or an expert");
  add_common_options(show, o);
  show->add_option("--audience", audience, "novice or expert")->check(CLI::IsMember({"novice", "expert"}));
  r.commands.emplace_back(show, [&o](Output io) { return cmd_show(o, audience, io); });

  static GenerateOptions gen;
  auto* g = app.add_subcommand("generate-clues",
                               "generate puzzles of random implication clues, one per classifying value, with their metrics");
  add_common_options(g, o);
  g->add_option("--clues", gen.clues, "numbers of clues, e.g. 2,3,4,5")->delimiter(',')->check(CLI::Range(1, 1000));
  g->add_option("--classify", gen.classify, "scalar enum vars whose values classify the solutions (default: all)")
      ->delimiter(',');
  r.commands.emplace_back(g, [&o](Output io) {
    try {
      return cmd_generate_clues(o, gen, io);
    } catch (const metrics::Unanswered& e) {
      return unknown(o, io, e.what());
    }
  });
}

int generate_clue_puzzles(const CommonOptions& o, const std::vector<int>& clues, const std::vector<std::string>& classify,
                          Output io) {
  GenerateOptions g;
  if (!clues.empty()) g.clues = clues;
  g.classify = classify;
  return cmd_generate_clues(o, g, io, true);
}

}  // namespace pzc::driver
