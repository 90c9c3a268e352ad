// Test-local helpers that build ground IR Programs by hand (each constraint with its
// structured fields and the equivalent term), plus brute-force reference counting.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "runtime/engine/domains.hpp"
#include "runtime/ir/builder.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/program.hpp"

namespace pzc::engine::test {

using ir::Literal;
using ir::Op;
using ir::Value;
using ir::ValueKind;
using ir::VarId;

// A Program under construction; terms are hash-consed through one TermBuilder.
class Maker {
 public:
  Maker() : program_(std::make_unique<ir::Program>()), tb_(std::make_unique<ir::TermBuilder>(*program_)) {}

  ir::Program& program() { return *program_; }
  ir::TermBuilder& tb() { return *tb_; }

  VarId var(std::vector<Value> domain, std::string name = "") {
    std::sort(domain.begin(), domain.end());
    domain.erase(std::unique(domain.begin(), domain.end()), domain.end());
    auto id = static_cast<VarId>(program_->vars.size());
    ir::Variable v;
    v.name = name.empty() ? std::string("v").append(std::to_string(id)) : name;
    v.domain = std::move(domain);
    program_->vars.push_back(std::move(v));
    return id;
  }

  VarId var_range(Value lo, Value hi, std::string name = "") {
    std::vector<Value> d;
    for (Value x = lo; x <= hi; ++x) d.push_back(x);
    return var(std::move(d), std::move(name));
  }

  ir::TermId lit_term(const Literal& l) {
    return tb().make(l.positive ? Op::Eq : Op::Ne, ValueKind::Bool,
                     {tb().var(l.var), tb().integer(l.value)});
  }

  int clause(std::vector<Literal> lits) {
    std::vector<ir::TermId> args;
    for (const auto& l : lits) args.push_back(lit_term(l));
    ir::Constraint c;
    c.kind = ir::Kind::Clause;
    c.term = tb().make(Op::Or, ValueKind::Bool, args);
    c.scope = scope_of(lits);
    c.literals = std::move(lits);
    return add(std::move(c));
  }

  int cardinality(std::vector<Literal> lits, std::int64_t lo, std::int64_t hi) {
    std::vector<ir::TermId> args;
    for (const auto& l : lits) args.push_back(lit_term(l));
    ir::TermId count = tb().make(Op::Count, ValueKind::Int, args);
    ir::Constraint c;
    c.kind = ir::Kind::Cardinality;
    if (lo == hi) {
      c.term = tb().make(Op::Eq, ValueKind::Bool, {count, tb().integer(lo)});
    } else {
      c.term = tb().make(Op::And, ValueKind::Bool,
                         {tb().make(Op::Le, ValueKind::Bool, {tb().integer(lo), count}),
                          tb().make(Op::Le, ValueKind::Bool, {count, tb().integer(hi)})});
    }
    c.scope = scope_of(lits);
    c.literals = std::move(lits);
    c.lo = lo;
    c.hi = hi;
    return add(std::move(c));
  }

  int alldiff(std::vector<VarId> vars) {
    std::vector<ir::TermId> args;
    for (VarId v : vars) args.push_back(tb().var(v));
    ir::Constraint c;
    c.kind = ir::Kind::AllDifferent;
    c.term = tb().make(Op::AllDiff, ValueKind::Bool, args);
    std::sort(vars.begin(), vars.end());
    c.scope = vars;
    return add(std::move(c));
  }

  // Columns in the given order (not necessarily the sorted scope).
  int table(std::vector<VarId> cols, std::vector<std::vector<Value>> rows) {
    auto index = static_cast<std::int32_t>(program_->tables.size());
    program_->tables.push_back(ir::TableData{std::move(rows)});
    std::vector<ir::TermId> args;
    for (VarId v : cols) args.push_back(tb().var(v));
    ir::Constraint c;
    c.kind = ir::Kind::Table;
    c.term = tb().make(Op::Table, ValueKind::Bool, args, index);
    c.table = index;
    std::sort(cols.begin(), cols.end());
    cols.erase(std::unique(cols.begin(), cols.end()), cols.end());
    c.scope = cols;
    return add(std::move(c));
  }

  // lo <= sum coeffs[i] * vars[i] <= hi; vars distinct.
  int linear(std::vector<VarId> vars, std::vector<std::int64_t> coeffs, std::int64_t lo, std::int64_t hi) {
    std::vector<size_t> perm(vars.size());
    for (size_t i = 0; i < perm.size(); ++i) perm[i] = i;
    std::sort(perm.begin(), perm.end(), [&](size_t a, size_t b) { return vars[a] < vars[b]; });
    ir::Constraint c;
    c.kind = ir::Kind::Linear;
    std::vector<ir::TermId> terms;
    for (size_t i : perm) {
      c.scope.push_back(vars[i]);
      c.coeffs.push_back(coeffs[i]);
      terms.push_back(tb().make(Op::Mul, ValueKind::Int, {tb().integer(coeffs[i]), tb().var(vars[i])}));
    }
    ir::TermId sum = tb().make(Op::Add, ValueKind::Int, terms);
    c.term = tb().make(Op::And, ValueKind::Bool,
                       {tb().make(Op::Ge, ValueKind::Bool, {sum, tb().integer(lo)}),
                        tb().make(Op::Le, ValueKind::Bool, {sum, tb().integer(hi)})});
    c.lo = lo;
    c.hi = hi;
    return add(std::move(c));
  }

  int expr(ir::TermId term, std::vector<VarId> scope) {
    std::sort(scope.begin(), scope.end());
    scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
    ir::Constraint c;
    c.kind = ir::Kind::Expr;
    c.term = term;
    c.scope = std::move(scope);
    return add(std::move(c));
  }

 private:
  static std::vector<VarId> scope_of(const std::vector<Literal>& lits) {
    std::vector<VarId> s;
    for (const auto& l : lits) s.push_back(l.var);
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    return s;
  }
  int add(ir::Constraint c) {
    program_->constraints.push_back(std::move(c));
    return static_cast<int>(program_->constraints.size()) - 1;
  }

  std::unique_ptr<ir::Program> program_;
  std::unique_ptr<ir::TermBuilder> tb_;
};

// Calls f(assignment) for every assignment of `vars` within the domains d (the other
// entries of the assignment hold the first value of their full domain).
template <class F>
void for_each_assignment(const ir::Program& p, const Domains& d, const std::vector<VarId>& vars, F&& f) {
  ir::Assignment a(p.vars.size());
  for (size_t v = 0; v < a.size(); ++v) a[v] = p.vars[v].domain.empty() ? 0 : p.vars[v].domain[0];
  for (VarId v : vars)
    if (d.size(v) == 0) return;
  std::vector<std::vector<int>> vals;
  for (VarId v : vars) vals.push_back(d.indexes(v));
  std::vector<size_t> at(vars.size(), 0);
  while (true) {
    for (size_t j = 0; j < vars.size(); ++j)
      a[static_cast<size_t>(vars[j])] = p.vars[static_cast<size_t>(vars[j])].domain[static_cast<size_t>(vals[j][at[j]])];
    f(a);
    size_t j = 0;
    while (j < vars.size() && ++at[j] == vals[j].size()) at[j++] = 0;
    if (j == vars.size()) return;
  }
}

// Number of complete assignments satisfying every constraint's term.
inline std::uint64_t brute_count(const ir::Program& p) {
  Domains d(p);
  std::vector<VarId> all;
  for (VarId v = 0; v < static_cast<VarId>(p.vars.size()); ++v) all.push_back(v);
  std::uint64_t n = 0;
  for_each_assignment(p, d, all, [&](const ir::Assignment& a) {
    for (const auto& c : p.constraints)
      if (!ir::satisfied(p, c, a)) return;
    ++n;
  });
  return n;
}

inline bool satisfies_all(const ir::Program& p, const ir::Assignment& a) {
  for (const auto& c : p.constraints)
    if (!ir::satisfied(p, c, a)) return false;
  return true;
}

// Random subset of 1..max_size values drawn from [lo, hi].
inline std::vector<Value> random_domain(std::mt19937_64& rng, Value lo, Value hi, int max_size) {
  std::vector<Value> all;
  for (Value x = lo; x <= hi; ++x) all.push_back(x);
  std::shuffle(all.begin(), all.end(), rng);
  int n = 1 + static_cast<int>(rng() % static_cast<std::uint64_t>(std::min<int>(max_size, static_cast<int>(all.size()))));
  all.resize(static_cast<size_t>(n));
  return all;
}

// n-queens, Boolean encoding: x[r][c] in {0,1}; rows and columns exactly one,
// diagonals at most one (Cardinality constraints).
inline void queens(Maker& m, int n) {
  std::vector<std::vector<VarId>> x(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) x[static_cast<size_t>(r)].push_back(m.var({0, 1}));
  auto at = [&](int r, int c) { return x[static_cast<size_t>(r)][static_cast<size_t>(c)]; };
  for (int r = 0; r < n; ++r) {
    std::vector<Literal> row, col;
    for (int c = 0; c < n; ++c) {
      row.push_back({at(r, c), 1, true});
      col.push_back({at(c, r), 1, true});
    }
    m.cardinality(row, 1, 1);
    m.cardinality(col, 1, 1);
  }
  for (int s = 0; s <= 2 * (n - 1); ++s) {
    std::vector<Literal> diag, anti;
    for (int r = 0; r < n; ++r) {
      int c = s - r;
      if (c >= 0 && c < n) diag.push_back({at(r, c), 1, true});
      int c2 = r - (s - (n - 1));
      if (c2 >= 0 && c2 < n) anti.push_back({at(r, c2), 1, true});
    }
    if (diag.size() > 1) m.cardinality(diag, 0, 1);
    if (anti.size() > 1) m.cardinality(anti, 0, 1);
  }
}

// n x n Latin square: AllDifferent on every row and column.
inline void latin_square(Maker& m, int n) {
  std::vector<VarId> cells;
  for (int i = 0; i < n * n; ++i) cells.push_back(m.var_range(1, n));
  for (int r = 0; r < n; ++r) {
    std::vector<VarId> row, col;
    for (int c = 0; c < n; ++c) {
      row.push_back(cells[static_cast<size_t>(r * n + c)]);
      col.push_back(cells[static_cast<size_t>(c * n + r)]);
    }
    m.alldiff(row);
    m.alldiff(col);
  }
}

// --- random constraints ------------------------------------------------------------------

inline std::uint64_t pick(std::mt19937_64& rng, std::uint64_t n) { return rng() % n; }

inline std::vector<VarId> random_vars(std::mt19937_64& rng, int nvars, int k) {
  std::vector<VarId> all;
  for (VarId v = 0; v < nvars; ++v) all.push_back(v);
  std::shuffle(all.begin(), all.end(), rng);
  all.resize(static_cast<size_t>(std::min(k, nvars)));
  return all;
}

inline Value random_value_of(std::mt19937_64& rng, const ir::Program& p, VarId v) {
  // Mostly a domain value, sometimes one outside every domain.
  const auto& d = p.vars[static_cast<size_t>(v)].domain;
  if (pick(rng, 6) == 0) return 9;
  return d[pick(rng, d.size())];
}

inline int random_clause(Maker& m, std::mt19937_64& rng, int nvars) {
  int k = 1 + static_cast<int>(pick(rng, 4));
  std::vector<Literal> lits;
  for (int i = 0; i < k; ++i) {
    VarId v = static_cast<VarId>(pick(rng, static_cast<std::uint64_t>(nvars)));
    lits.push_back({v, random_value_of(rng, m.program(), v), pick(rng, 3) != 0});
  }
  return m.clause(lits);
}

// distinct_vars: every variable occurs in at most one literal.
inline int random_cardinality(Maker& m, std::mt19937_64& rng, int nvars, bool distinct_vars) {
  int k = 1 + static_cast<int>(pick(rng, 5));
  std::vector<Literal> lits;
  std::vector<VarId> vs = random_vars(rng, nvars, k);
  for (int i = 0; i < k; ++i) {
    VarId v = distinct_vars ? vs[static_cast<size_t>(i) % vs.size()]
                            : static_cast<VarId>(pick(rng, static_cast<std::uint64_t>(nvars)));
    if (distinct_vars && i >= static_cast<int>(vs.size())) break;
    lits.push_back({v, random_value_of(rng, m.program(), v), pick(rng, 3) != 0});
  }
  auto n = static_cast<std::int64_t>(lits.size());
  std::int64_t lo = static_cast<std::int64_t>(pick(rng, static_cast<std::uint64_t>(n + 2))) - 1;
  std::int64_t hi = lo + static_cast<std::int64_t>(pick(rng, static_cast<std::uint64_t>(n + 1)));
  return m.cardinality(lits, lo, hi);
}

inline int random_alldiff(Maker& m, std::mt19937_64& rng, int nvars) {
  return m.alldiff(random_vars(rng, nvars, 2 + static_cast<int>(pick(rng, 4))));
}

inline int random_table(Maker& m, std::mt19937_64& rng, int nvars) {
  std::vector<VarId> cols = random_vars(rng, nvars, 1 + static_cast<int>(pick(rng, 3)));
  if (pick(rng, 4) == 0) cols.push_back(cols[pick(rng, cols.size())]);  // a repeated column
  std::shuffle(cols.begin(), cols.end(), rng);
  std::vector<std::vector<Value>> rows;
  int nrows = static_cast<int>(pick(rng, 10));
  for (int r = 0; r < nrows; ++r) {
    std::vector<Value> row;
    for (VarId v : cols) row.push_back(random_value_of(rng, m.program(), v));
    rows.push_back(row);
  }
  return m.table(cols, rows);
}

inline int random_linear(Maker& m, std::mt19937_64& rng, int nvars) {
  std::vector<VarId> vs = random_vars(rng, nvars, 1 + static_cast<int>(pick(rng, 4)));
  std::vector<std::int64_t> co;
  for (size_t i = 0; i < vs.size(); ++i) co.push_back(static_cast<std::int64_t>(pick(rng, 7)) - 3);
  std::int64_t lo = static_cast<std::int64_t>(pick(rng, 21)) - 10;
  std::int64_t hi = lo + static_cast<std::int64_t>(pick(rng, 8));
  return m.linear(vs, co, lo, hi);
}

inline ir::TermId random_int_term(Maker& m, std::mt19937_64& rng, const std::vector<VarId>& vs, int depth) {
  if (depth == 0 || pick(rng, 3) == 0) {
    if (pick(rng, 4) == 0) return m.tb().integer(static_cast<Value>(pick(rng, 5)) - 1);
    return m.tb().var(vs[pick(rng, vs.size())]);
  }
  static const Op ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::Min, Op::Max, Op::Abs, Op::Neg};
  Op op = ops[pick(rng, 9)];
  if (op == Op::Abs || op == Op::Neg)
    return m.tb().make(op, ValueKind::Int, {random_int_term(m, rng, vs, depth - 1)});
  return m.tb().make(op, ValueKind::Int, {random_int_term(m, rng, vs, depth - 1), random_int_term(m, rng, vs, depth - 1)});
}

inline ir::TermId random_bool_term(Maker& m, std::mt19937_64& rng, const std::vector<VarId>& vs, int depth) {
  if (depth == 0 || pick(rng, 2) == 0) {
    static const Op cmp[] = {Op::Eq, Op::Ne, Op::Lt, Op::Le, Op::Gt, Op::Ge};
    return m.tb().make(cmp[pick(rng, 6)], ValueKind::Bool,
                       {random_int_term(m, rng, vs, 2), random_int_term(m, rng, vs, 1)});
  }
  static const Op ops[] = {Op::And, Op::Or, Op::Xor, Op::Implies, Op::Iff, Op::Not};
  Op op = ops[pick(rng, 6)];
  if (op == Op::Not) return m.tb().make(op, ValueKind::Bool, {random_bool_term(m, rng, vs, depth - 1)});
  return m.tb().make(op, ValueKind::Bool,
                     {random_bool_term(m, rng, vs, depth - 1), random_bool_term(m, rng, vs, depth - 1)});
}

// The variables term t mentions (each as often as it does): an Expr constraint's scope.
inline std::vector<VarId> vars_of(Maker& m, ir::TermId t) {
  std::vector<VarId> used;
  std::vector<ir::TermId> stack{t};
  while (!stack.empty()) {
    const ir::Term& term = m.program().terms[static_cast<size_t>(stack.back())];
    stack.pop_back();
    if (term.op == Op::Var) used.push_back(static_cast<VarId>(term.value));
    for (ir::TermId a : term.args) stack.push_back(a);
  }
  return used;
}

// A term of the shapes ir::parity_of reads, over the Bool variables `bs` (domains {0, 1},
// kind Bool): `sum mod 2 = k` or `<> k`, either side, the sum's parts `if b then k1 else
// k0`, `count(...)` of Bools, their negations and constants, constants, the Bools
// themselves and constant multiples of those; now and then one it must refuse (a negative
// part, `mod 3`, k = 2, which it may also leave to the generic path).
inline ir::TermId random_parity_term(Maker& m, std::mt19937_64& rng, const std::vector<VarId>& bs) {
  auto& tb = m.tb();
  const auto I = ValueKind::Int, B = ValueKind::Bool;
  auto some_bool = [&] { return bs[pick(rng, bs.size())]; };
  auto literal = [&]() -> ir::TermId {
    switch (pick(rng, 6)) {
      case 0: return tb.make(Op::Not, B, {tb.var(some_bool())});
      case 1: return tb.boolean(pick(rng, 2) != 0);
      default: return tb.var(some_bool());
    }
  };
  std::function<ir::TermId(int)> part = [&](int depth) -> ir::TermId {
    switch (pick(rng, depth > 0 ? 9 : 7)) {
      case 0: return tb.integer(static_cast<Value>(pick(rng, 4)));
      case 1: {
        std::vector<ir::TermId> xs;
        for (std::uint64_t k = 0, n = 1 + pick(rng, 3); k < n; ++k) xs.push_back(literal());
        return tb.make(Op::Count, I, std::move(xs));
      }
      case 2: return tb.make(Op::Ite, I, {literal(), tb.integer(static_cast<Value>(pick(rng, 4))), tb.integer(static_cast<Value>(pick(rng, 4)))});
      case 3: return tb.var(some_bool());
      case 4: return pick(rng, 12) == 0 ? tb.make(Op::Neg, I, {part(0)}) : tb.integer(static_cast<Value>(pick(rng, 3)));
      case 7: {
        const ir::TermId k = tb.integer(static_cast<Value>(1 + pick(rng, 3))), x = part(depth - 1);
        return pick(rng, 2) ? tb.make(Op::Mul, I, {k, x}) : tb.make(Op::Mul, I, {x, k});
      }
      case 8: return tb.make(Op::Add, I, {part(depth - 1), part(depth - 1)});
      default: return tb.make(Op::Ite, I, {tb.var(some_bool()), tb.integer(1), tb.integer(0)});
    }
  };
  std::vector<ir::TermId> parts;
  for (std::uint64_t k = 0, n = 1 + pick(rng, 5); k < n; ++k) parts.push_back(part(2));
  const ir::TermId sum = parts.size() == 1 ? parts[0] : tb.make(Op::Add, I, std::move(parts));
  const ir::TermId mod = tb.make(Op::Mod, I, {sum, tb.integer(pick(rng, 10) == 0 ? 3 : 2)});
  const ir::TermId k = tb.integer(pick(rng, 10) == 0 ? 2 : static_cast<Value>(pick(rng, 2)));
  const Op op = pick(rng, 3) == 0 ? Op::Ne : Op::Eq;
  return pick(rng, 2) ? tb.make(op, B, {mod, k}) : tb.make(op, B, {k, mod});
}

// n Bool variables (domains {0, 1}, kind Bool).
inline std::vector<VarId> bool_vars(Maker& m, int n) {
  std::vector<VarId> bs;
  for (int i = 0; i < n; ++i) {
    bs.push_back(m.var({0, 1}));
    m.program().vars.back().kind = ValueKind::Bool;
  }
  return bs;
}

inline int random_expr(Maker& m, std::mt19937_64& rng, int nvars) {
  std::vector<VarId> vs = random_vars(rng, nvars, 1 + static_cast<int>(pick(rng, 3)));
  ir::TermId t = random_bool_term(m, rng, vs, 2);
  return m.expr(t, vars_of(m, t));
}

inline int random_constraint(Maker& m, std::mt19937_64& rng, int nvars, ir::Kind kind) {
  switch (kind) {
    case ir::Kind::Clause: return random_clause(m, rng, nvars);
    case ir::Kind::Cardinality: return random_cardinality(m, rng, nvars, pick(rng, 2) == 0);
    case ir::Kind::AllDifferent: return random_alldiff(m, rng, nvars);
    case ir::Kind::Table: return random_table(m, rng, nvars);
    case ir::Kind::Linear: return random_linear(m, rng, nvars);
    case ir::Kind::Expr: return random_expr(m, rng, nvars);
  }
  return -1;
}

// A random CSP: nvars variables with domains inside [lo, hi], ncons constraints of
// random kinds.
inline void random_csp(Maker& m, std::mt19937_64& rng, int nvars, int ncons, Value lo, Value hi, int max_dom) {
  for (int v = 0; v < nvars; ++v) m.var(random_domain(rng, lo, hi, max_dom));
  for (int c = 0; c < ncons; ++c) random_constraint(m, rng, nvars, static_cast<ir::Kind>(pick(rng, 6)));
}

// Removes random values from every domain, keeping at least one.
inline void shrink(std::mt19937_64& rng, Domains& d) {
  for (VarId v = 0; v < d.num_vars(); ++v)
    for (int i = d.first(v); i >= 0; i = d.next(v, i))
      if (d.size(v) > 1 && pick(rng, 3) == 0) d.remove(v, i);
  d.clear_touched();
}

}  // namespace pzc::engine::test
