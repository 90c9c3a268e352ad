// Classification of ground conditions into the IR's constraint kinds. A conjunction
// splits into one constraint per conjunct (same provenance); what matches no special
// kind stays a generic expression, which every back end still understands.
#include <algorithm>
#include <limits>
#include <optional>
#include <set>

#include <boost/container/small_vector.hpp>

#include "compiler/front/ground/ground.hpp"

namespace pzc::ground {

using ir::Op;
using ir::TermId;

namespace {

std::optional<ir::Literal> literal(const ir::Program& p, TermId id) {
  const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
  if (t.op == Op::Var && t.kind == ir::ValueKind::Bool) return ir::Literal{static_cast<ir::VarId>(t.value), 1, true};
  if (t.op == Op::Not) {
    auto inner = literal(p, t.args[0]);
    if (inner) inner->positive = !inner->positive;
    return inner;
  }
  if ((t.op == Op::Eq || t.op == Op::Ne) && t.args.size() == 2) {
    const ir::Term& a = p.terms[static_cast<std::size_t>(t.args[0])];
    const ir::Term& b = p.terms[static_cast<std::size_t>(t.args[1])];
    if (a.op == Op::Var && b.op == Op::Const) return ir::Literal{static_cast<ir::VarId>(a.value), b.value, t.op == Op::Eq};
    if (b.op == Op::Var && a.op == Op::Const) return ir::Literal{static_cast<ir::VarId>(b.value), a.value, t.op == Op::Eq};
  }
  return std::nullopt;
}

void collect_vars(const ir::Program& p, TermId id, std::set<ir::VarId>& out, std::set<TermId>& seen) {
  if (!seen.insert(id).second) return;
  const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
  if (t.op == Op::Var) out.insert(static_cast<ir::VarId>(t.value));
  for (TermId a : t.args) collect_vars(p, a, out, seen);
}

// The same without remembering visited nodes, for the common small term (a clause, a
// count over literals); false when it visits more than `budget` nodes (a DAG with much
// sharing), and then the version above is used. `out` may hold duplicates.
bool collect_vars_small(const ir::Program& p, TermId id, boost::container::small_vector<ir::VarId, 16>& out, int& budget) {
  if (--budget < 0) return false;
  const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
  if (t.op == Op::Var) out.push_back(static_cast<ir::VarId>(t.value));
  for (TermId a : t.args)
    if (!collect_vars_small(p, a, out, budget)) return false;
  return true;
}

std::vector<ir::VarId> scope_of(const ir::Program& p, TermId id) {
  boost::container::small_vector<ir::VarId, 16> vars;
  int budget = 4096;
  if (collect_vars_small(p, id, vars, budget)) {
    std::sort(vars.begin(), vars.end());
    vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    return {vars.begin(), vars.end()};
  }
  std::set<ir::VarId> scope;
  std::set<TermId> seen;
  collect_vars(p, id, scope, seen);
  return {scope.begin(), scope.end()};
}

std::optional<std::int64_t> constant(const ir::Program& p, TermId id) {
  const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
  if (t.op == Op::Const && t.kind == ir::ValueKind::Int) return t.value;
  return std::nullopt;
}

// Count(lits) [+ k], or a sum of Count(lits), (ite lit 1 0), (ite lit 0 1) and constants
// (a Bool `->sum()`)  ->  the literals and the offset k.
std::optional<std::pair<std::vector<ir::Literal>, std::int64_t>> count_of(const ir::Program& p, TermId id) {
  const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
  std::int64_t offset = 0;
  std::vector<ir::Literal> lits;
  bool counted = false;  // some literal or Count: not a plain constant sum
  auto part = [&](TermId a) {
    const ir::Term& s = p.terms[static_cast<std::size_t>(a)];
    if (auto k = constant(p, a)) {
      offset += *k;
      return true;
    }
    if (s.op == Op::Count) {
      for (TermId b : s.args) {
        auto l = literal(p, b);
        if (!l) return false;
        lits.push_back(*l);
      }
      counted = true;
      return true;
    }
    if (s.op == Op::Ite && s.args.size() == 3) {
      auto then_k = constant(p, s.args[1]), else_k = constant(p, s.args[2]);
      auto l = literal(p, s.args[0]);
      if (!l || !then_k || !else_k || *then_k + *else_k != 1 || (*then_k != 0 && *then_k != 1)) return false;
      if (*then_k == 0) l->positive = !l->positive;
      lits.push_back(*l);
      counted = true;
      return true;
    }
    return false;
  };
  if (t.op == Op::Add) {
    for (TermId a : t.args)
      if (!part(a)) return std::nullopt;
  } else if (t.op != Op::Count || !part(id)) {
    return std::nullopt;
  }
  if (!counted) return std::nullopt;
  return std::make_pair(std::move(lits), offset);
}

// sum of c_i * x_i [+ k] over Int variables.
std::optional<std::tuple<std::vector<ir::VarId>, std::vector<std::int64_t>, std::int64_t>> linear_of(const ir::Program& p, TermId id) {
  const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
  std::vector<TermId> parts = t.op == Op::Add ? t.args : std::vector<TermId>{id};
  std::map<ir::VarId, std::int64_t> coeffs;
  std::int64_t k = 0;
  for (TermId a : parts) {
    const ir::Term& s = p.terms[static_cast<std::size_t>(a)];
    // (A sum past 64 bits stays an expression; the grounder's range check refuses it.)
    if (s.op == Op::Const && s.kind == ir::ValueKind::Int) {
      if (__builtin_add_overflow(k, s.value, &k)) return std::nullopt;
    } else if (s.op == Op::Var && s.kind == ir::ValueKind::Int) {
      if (__builtin_add_overflow(coeffs[static_cast<ir::VarId>(s.value)], 1, &coeffs[static_cast<ir::VarId>(s.value)])) return std::nullopt;
    } else if (s.op == Op::Mul && s.args.size() == 2) {
      auto c = constant(p, s.args[0]);
      const ir::Term& v = p.terms[static_cast<std::size_t>(s.args[1])];
      if (!c || v.op != Op::Var || v.kind != ir::ValueKind::Int) return std::nullopt;
      std::int64_t& sum = coeffs[static_cast<ir::VarId>(v.value)];
      if (__builtin_add_overflow(sum, *c, &sum)) return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  std::vector<ir::VarId> vars;
  std::vector<std::int64_t> cs;
  for (auto [v, c] : coeffs)
    if (c != 0) {
      vars.push_back(v);
      cs.push_back(c);
    }
  if (vars.empty()) return std::nullopt;
  return std::make_tuple(std::move(vars), std::move(cs), k);
}

// lo <= x <= hi from `x op k` (or `k op x`); an open side is marked, its bound a stand-in.
struct Bounds {
  std::int64_t lo = 0, hi = 0;
  bool open_lo = false, open_hi = false;
};
std::optional<Bounds> bounds(Op op, std::int64_t k, bool flipped) {
  constexpr std::int64_t inf = std::numeric_limits<std::int64_t>::max() / 4;
  if (flipped) {
    if (op == Op::Lt) op = Op::Gt;
    else if (op == Op::Le) op = Op::Ge;
    else if (op == Op::Gt) op = Op::Lt;
    else if (op == Op::Ge) op = Op::Le;
  }
  switch (op) {
    case Op::Eq: return Bounds{k, k};
    case Op::Le: return Bounds{-inf, k, true, false};
    case Op::Lt: return Bounds{-inf, k - 1, true, false};  // (k is no less than -2^63 + 1: null's code is less)
    case Op::Ge: return Bounds{k, inf, false, true};
    case Op::Gt:
      if (k == std::numeric_limits<std::int64_t>::max()) return std::nullopt;
      return Bounds{k + 1, inf, false, true};
    default: return std::nullopt;
  }
}

}  // namespace

namespace {

// Clause form of an And/Or tree over literals: a list of clauses, each a list of literal
// terms; nullopt when a leaf is not a literal or the form would exceed `limit` clauses.
// `not x` with the negation pushed down through And and Or (De Morgan) to the leaves;
// nullopt past `budget` nodes.
std::optional<TermId> negated(ir::TermBuilder& tb, TermId id, int& budget) {
  if (--budget < 0) return std::nullopt;
  const ir::Term& t = tb.program().terms[static_cast<std::size_t>(id)];
  if (t.op == Op::Not) return t.args[0];
  if (t.op != Op::And && t.op != Op::Or) return tb.make(Op::Not, ir::ValueKind::Bool, {id});
  const Op flipped = t.op == Op::And ? Op::Or : Op::And;
  const std::vector<TermId> parts = t.args;  // the term table grows below
  std::vector<TermId> out;
  out.reserve(parts.size());
  for (TermId a : parts) {
    auto n = negated(tb, a, budget);
    if (!n) return std::nullopt;
    out.push_back(*n);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out.size() == 1 ? out[0] : tb.make(flipped, ir::ValueKind::Bool, std::move(out));
}

using Cnf = std::vector<std::vector<TermId>>;

// A negation of an And or Or is taken through De Morgan first (`negated`).
std::optional<Cnf> clause_form(ir::TermBuilder& tb, TermId id, std::size_t limit) {
  const ir::Program& p = tb.program();
  const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
  if (t.op == Op::Not) {
    const Op inner = p.terms[static_cast<std::size_t>(t.args[0])].op;
    if (inner == Op::And || inner == Op::Or) {
      int budget = 256;
      auto pushed = negated(tb, t.args[0], budget);
      if (!pushed) return std::nullopt;
      return clause_form(tb, *pushed, limit);
    }
  }
  if (t.op == Op::And) {
    const std::vector<TermId> args = t.args;  // the term table may grow below
    Cnf out;
    for (TermId a : args) {
      auto sub = clause_form(tb, a, limit);
      if (!sub || out.size() + sub->size() > limit) return std::nullopt;
      out.insert(out.end(), sub->begin(), sub->end());
    }
    return out;
  }
  if (t.op == Op::Or) {
    const std::vector<TermId> args = t.args;
    Cnf out = {{}};
    for (TermId a : args) {
      auto sub = clause_form(tb, a, limit);
      if (!sub || out.size() * sub->size() > limit) return std::nullopt;
      Cnf next;
      for (const auto& x : out)
        for (const auto& y : *sub) {
          auto merged = x;
          merged.insert(merged.end(), y.begin(), y.end());
          next.push_back(std::move(merged));
        }
      out = std::move(next);
    }
    return out;
  }
  if (literal(tb.program(), id)) return Cnf{{id}};
  return std::nullopt;
}

// A clause holding a literal and its negation (x = 1 or x <> 1) always holds.
bool tautology(const ir::Program& p, const std::vector<TermId>& clause) {
  for (std::size_t i = 0; i < clause.size(); ++i)
    for (std::size_t j = i + 1; j < clause.size(); ++j) {
      auto a = literal(p, clause[i]), b = literal(p, clause[j]);
      if (a && b && a->var == b->var && a->value == b->value && a->positive != b->positive) return true;
    }
  return false;
}

}  // namespace

std::optional<ir::Literal> as_literal(const ir::Program& program, TermId term) { return literal(program, term); }

void classify(ir::TermBuilder& tb, TermId id, const ir::Provenance& origin) {
  ir::Program& p = tb.program();
  // Making clauses below may grow the term table, even when it then gives up (`negated`
  // and `clause_form` past their budgets): the term is read afresh after each step that
  // may make terms, never kept across one (Pearl's clues read a freed term table).
  auto term = [&]() -> const ir::Term& { return p.terms[static_cast<std::size_t>(id)]; };
  const ir::Term& t0 = term();
  if (t0.op == Op::And) {
    const std::vector<TermId> parts = t0.args;
    for (TermId a : parts) classify(tb, a, origin);
    return;
  }
  if (t0.op == Op::Not) {
    // not (a and b)  ->  not a or not b (a clause over literals, not a generic expression:
    // Hitori's "not both black", Magnets' "not both plus"); not (a or b)  ->  not a, not b.
    const ir::Term& inner = p.terms[static_cast<std::size_t>(t0.args[0])];
    if (inner.op == Op::And || inner.op == Op::Or) {
      int budget = 256;
      if (auto pushed = negated(tb, t0.args[0], budget)) return classify(tb, *pushed, origin);
    }
  }
  auto to_normalize = [&](TermId a) {  // a disjunct `not (.. and ..)`, `not (.. or ..)` or `.. or ..`
    const ir::Term& x = p.terms[static_cast<std::size_t>(a)];
    if (x.op == Op::Or) return true;
    if (x.op != Op::Not) return false;
    const Op inner = p.terms[static_cast<std::size_t>(x.args[0])].op;
    return inner == Op::And || inner == Op::Or;
  };
  if (term().op == Op::Or && std::any_of(term().args.begin(), term().args.end(), to_normalize)) {
    // a or not (b and c)  ->  a or not b or not c: a disjunct that negates an And (an
    // implication whose conclusion is "not both", `w implies not (a and b)`) or an Or is
    // taken through De Morgan, and nested Ors are flattened, so the clause forms below
    // see its literals.
    const std::vector<TermId> args = term().args;  // the term table may grow below
    std::vector<TermId> flat;
    bool changed = false;
    for (TermId a : args) {
      TermId x = a;
      const ir::Term& ta = p.terms[static_cast<std::size_t>(a)];
      if (ta.op == Op::Not) {
        const Op inner = p.terms[static_cast<std::size_t>(ta.args[0])].op;
        if (inner == Op::And || inner == Op::Or) {
          int budget = 256;
          if (auto pushed = negated(tb, ta.args[0], budget)) {
            x = *pushed;
            changed = true;
          }
        }
      }
      const ir::Term& tx = p.terms[static_cast<std::size_t>(x)];
      if (tx.op == Op::Or) {
        flat.insert(flat.end(), tx.args.begin(), tx.args.end());
        changed = true;
      } else {
        flat.push_back(x);
      }
    }
    if (changed) {
      std::sort(flat.begin(), flat.end());
      flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
      return classify(tb, flat.size() == 1 ? flat[0] : tb.make(Op::Or, ir::ValueKind::Bool, std::move(flat)), origin);
    }
  }
  const ir::Term& t1 = term();  // again: `negated` may have grown the table
  if (t1.op == Op::Or) {
    // a or (b and c)  ->  (a or b) and (a or c), while that stays small.
    bool has_and = std::any_of(t1.args.begin(), t1.args.end(),
                               [&](TermId a) { return p.terms[static_cast<std::size_t>(a)].op == Op::And; });
    if (has_and) {
      // The common shape, `l1 or ... or (m1 and ... and mk)` over literals (an
      // implication whose conclusion is a conjunction): the clauses li... or mj.
      const ir::Term* conj = nullptr;
      bool simple = true;
      for (TermId a : t1.args) {
        const ir::Term& x = p.terms[static_cast<std::size_t>(a)];
        if (x.op == Op::And && !conj) {
          conj = &x;
          for (TermId m : x.args) simple = simple && literal(p, m).has_value();
        } else {
          simple = simple && literal(p, a).has_value();
        }
      }
      if (simple && conj) {
        boost::container::small_vector<TermId, 8> rest;
        for (TermId a : t1.args)
          if (&p.terms[static_cast<std::size_t>(a)] != conj) rest.push_back(a);
        const std::vector<TermId> ms = conj->args;  // the term table may grow below
        boost::container::small_vector<TermId, 8> clause;
        for (TermId m : ms) {
          clause.assign(rest.begin(), rest.end());
          clause.push_back(m);
          std::sort(clause.begin(), clause.end());
          clause.erase(std::unique(clause.begin(), clause.end()), clause.end());
          TermId c = clause.size() == 1 ? clause[0]
                                        : tb.make(Op::Or, ir::ValueKind::Bool, std::span<const TermId>(clause.data(), clause.size()));
          classify(tb, c, origin);
        }
        return;
      }
      if (auto cnf = clause_form(tb, id, 64)) {
        for (auto& clause : *cnf) {
          std::sort(clause.begin(), clause.end());
          clause.erase(std::unique(clause.begin(), clause.end()), clause.end());
          if (tautology(tb.program(), clause)) continue;
          TermId c = clause.size() == 1 ? clause[0] : tb.make(Op::Or, ir::ValueKind::Bool, clause);
          classify(tb, c, origin);
        }
        return;
      }
    }
  }
  const ir::Term& t = term();
  ir::Constraint c;
  c.term = id;
  c.origin = origin;
  c.scope = scope_of(p, id);

  auto finish = [&]() { p.constraints.push_back(std::move(c)); };

  if (auto l = literal(p, id)) {
    c.kind = ir::Kind::Clause;
    c.literals = {*l};
    return finish();
  }
  if (t.op == Op::Or) {
    std::vector<ir::Literal> lits;
    lits.reserve(t.args.size());
    bool all = true;
    for (TermId a : t.args) {
      auto l = literal(p, a);
      if (!l) {
        all = false;
        break;
      }
      lits.push_back(*l);
    }
    if (all) {
      // The same literal written twice (x = 1, not x <> 1) is one.
      for (std::size_t i = 0; i < lits.size(); ++i)
        for (std::size_t j = lits.size(); j-- > i + 1;)
          if (lits[j].var == lits[i].var && lits[j].value == lits[i].value && lits[j].positive == lits[i].positive)
            lits.erase(lits.begin() + static_cast<std::ptrdiff_t>(j));
      c.kind = ir::Kind::Clause;
      c.literals = std::move(lits);
      return finish();
    }
  }
  if (t.op == Op::AllDiff) {
    bool all_vars = std::all_of(t.args.begin(), t.args.end(),
                                [&](TermId a) { return p.terms[static_cast<std::size_t>(a)].op == Op::Var; });
    if (all_vars) {
      c.kind = ir::Kind::AllDifferent;
      c.scope.clear();
      for (TermId a : t.args) c.scope.push_back(static_cast<ir::VarId>(p.terms[static_cast<std::size_t>(a)].value));
      return finish();
    }
  }
  if (t.op == Op::Table) {
    c.kind = ir::Kind::Table;
    c.table = static_cast<std::int32_t>(t.value);
    c.scope.clear();
    for (TermId a : t.args) c.scope.push_back(static_cast<ir::VarId>(p.terms[static_cast<std::size_t>(a)].value));
    return finish();
  }
  // c as the linear constraint lo <= sum c_i * x_i <= hi, with b's bounds less the sum's
  // constant; false when the sum may leave 64 bits (it stays an expression).
  auto linear = [&](const std::tuple<std::vector<ir::VarId>, std::vector<std::int64_t>, std::int64_t>& lin_, const Bounds& b_) {
    const auto* lin = &lin_;
    const Bounds* b = &b_;
    // An open side is at least the sum's own extreme: a sum of large coefficients can
    // pass the fixed "infinity" (fuzzing: 3000000000000000000 * x > 0 had no solution).
    // A sum that may leave 64 bits stays an expression.
    __int128 least = 0, most = 0;
    const auto& vars = std::get<0>(*lin);
    const auto& cs = std::get<1>(*lin);
    bool known = true;
    for (std::size_t i = 0; i < vars.size() && known; ++i) {
      const auto& dom = p.vars[static_cast<std::size_t>(vars[i])].domain;
      known = !dom.empty() && dom.front() != ir::kNull;
      if (!known) break;
      const __int128 a = static_cast<__int128>(cs[i]) * dom.front(), z = static_cast<__int128>(cs[i]) * dom.back();
      least += std::min(a, z);
      most += std::max(a, z);
    }
    constexpr __int128 lowest = ir::kNull + 1, highest = std::numeric_limits<std::int64_t>::max();
    if (!known || least < lowest || most > highest) return false;
    c.kind = ir::Kind::Linear;
    c.scope = vars;
    c.coeffs = cs;
    c.lo = b->open_lo ? static_cast<std::int64_t>(std::min<__int128>(least, b->lo)) : b->lo;
    c.hi = b->open_hi ? static_cast<std::int64_t>(std::max<__int128>(most, b->hi)) : b->hi;
    return true;
  };
  if ((t.op == Op::Eq || t.op == Op::Le || t.op == Op::Lt || t.op == Op::Ge || t.op == Op::Gt) && t.args.size() == 2) {
    for (int side = 0; side < 2; ++side) {
      auto k = constant(p, t.args[1 - side]);
      if (!k) continue;
      TermId other = t.args[static_cast<std::size_t>(side)];
      std::int64_t rest = 0;  // the constant side less the other side's constant
      if (auto cnt = count_of(p, other)) {
        if (__builtin_sub_overflow(*k, cnt->second, &rest)) break;
        auto b = bounds(t.op, rest, side == 1);
        if (!b) break;
        c.kind = ir::Kind::Cardinality;
        c.literals = cnt->first;
        c.lo = std::max<std::int64_t>(0, b->lo);
        c.hi = std::min<std::int64_t>(static_cast<std::int64_t>(c.literals.size()), b->hi);
        return finish();
      }
      if (auto lin = linear_of(p, other)) {
        if (__builtin_sub_overflow(*k, std::get<2>(*lin), &rest)) break;
        auto b = bounds(t.op, rest, side == 1);
        if (!b) break;
        if (linear(*lin, *b)) return finish();
        break;
      }
    }
    // Unknowns on both sides (`x[1] + x[2] + x[3] = s`): left - right op 0, one linear
    // constraint, when each side is linear and there are three variables or more.
    if (!constant(p, t.args[0]) && !constant(p, t.args[1])) {
      auto l = linear_of(p, t.args[0]), r = linear_of(p, t.args[1]);
      if (l && r) {
        std::map<ir::VarId, std::int64_t> coeffs;
        bool ok = true;
        for (std::size_t i = 0; i < std::get<0>(*l).size(); ++i) coeffs[std::get<0>(*l)[i]] = std::get<1>(*l)[i];
        for (std::size_t i = 0; i < std::get<0>(*r).size() && ok; ++i) {
          std::int64_t& sum = coeffs[std::get<0>(*r)[i]];
          ok = !__builtin_sub_overflow(sum, std::get<1>(*r)[i], &sum);
        }
        std::int64_t k = 0, rest = 0;
        ok = ok && !__builtin_sub_overflow(std::get<2>(*l), std::get<2>(*r), &k) && !__builtin_sub_overflow(std::int64_t{0}, k, &rest);
        std::tuple<std::vector<ir::VarId>, std::vector<std::int64_t>, std::int64_t> both;
        for (auto [v, cf] : coeffs)
          if (cf != 0) {
            std::get<0>(both).push_back(v);
            std::get<1>(both).push_back(cf);
          }
        auto b = ok ? bounds(t.op, rest, false) : std::nullopt;
        // (Two variables, `x < y`, stay an expression: its search for supports prunes
        // holes in the domains that a linear constraint's bounds do not.)
        if (b && std::get<0>(both).size() >= 3 && linear(both, *b)) return finish();
      }
    }
  }
  c.kind = ir::Kind::Expr;
  finish();
}

}  // namespace pzc::ground
