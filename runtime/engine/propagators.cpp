// The propagators: each IR constraint is compiled once into index form (domain indexes
// instead of values), then run against bitset domains.
#include "runtime/engine/propagators.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <exception>
#include <new>
#include <stdexcept>
#include <system_error>
#include <thread>

#include <boost/container/small_vector.hpp>

#include "runtime/ir/eval.hpp"
#include "runtime/ir/parity.hpp"
#include "runtime/ir/pivot.hpp"

namespace pzc::engine {

namespace {
std::atomic<bool> alldiff_word_path{true};
std::atomic<std::uint64_t> expr_search_from{kExprSearchFrom}, expr_node_budget{kExprNodeBudget};
}  // namespace

void set_alldiff_word_path(bool on) { alldiff_word_path.store(on, std::memory_order_relaxed); }
void set_expr_search(std::uint64_t from, std::uint64_t budget) {
  expr_search_from.store(from, std::memory_order_relaxed);
  expr_node_budget.store(budget, std::memory_order_relaxed);
}

using ir::VarId;
using i128 = __int128;

namespace {

int index_of(const ir::Program& p, VarId v, ir::Value value) {
  const auto& dom = p.vars[static_cast<size_t>(v)].domain;
  auto it = std::lower_bound(dom.begin(), dom.end(), value);
  if (it == dom.end() || *it != value) return -1;
  return static_cast<int>(it - dom.begin());
}

ir::Value value_at(const ir::Program& p, VarId v, int i) {
  return p.vars[static_cast<size_t>(v)].domain[static_cast<size_t>(i)];
}

}  // namespace

struct Propagators::Compiled {
  ir::Kind kind = ir::Kind::Expr;
  // The variables the propagator may prune, ascending. Inline storage: most constraints
  // of a large puzzle are short clauses, and tens of thousands of small heap blocks cost
  // more to make and free than the propagation itself.
  boost::container::small_vector<VarId, 4> vars;

  // Clause: literals over domain indexes; literals that can never hold are dropped.
  struct Lit {
    VarId var;
    int idx;
    bool positive;
  };
  boost::container::small_vector<Lit, 3> lits;
  bool tautology = false;
  std::int64_t lo = 0, hi = 0;  // Cardinality

  // Expr: the term.
  ir::TermId term = -1;

  // What the other kinds need, kept apart so that the common clause stays small (a large
  // puzzle has tens of thousands of them).
  struct Heavy {
    std::vector<int> scratch_min, scratch_max;  // Cardinality per-variable bounds

    // Cardinality: per variable, the number of true literals is base + delta(index).
    struct CardVar {
      VarId var;
      int base = 0;
      std::vector<std::pair<int, int>> delta;  // (index, delta), sorted by index
      int contribution(int i) const {
        auto it = std::lower_bound(delta.begin(), delta.end(), std::pair<int, int>{i, INT32_MIN});
        return base + ((it != delta.end() && it->first == i) ? it->second : 0);
      }
    };
    std::vector<CardVar> card;

    // AllDifferent: value ids shared by all scope variables; null gets one private id per
    // variable (nulls never clash).
    std::vector<std::vector<int>> value_id;  // [pos][index]
    int num_values = 0;
    std::vector<int> match_hint;             // [pos] -> value id, a warm start only
    // At most 64 variables and 64 value ids: run_alldiff works on one word per variable
    // (run_alldiff_small). `identity`: every domain index is its value id (the variables
    // share one domain, no null), so a domain word is its value mask.
    bool small = false, identity = false;

    // Expr `x = count(b1, ..., bk)` of an Int variable and k distinct variables, read as
    // Bools (compile_count_eq): x is count_eq[0], the bs the rest, as scope positions.
    std::vector<int> count_eq;

    // Expr that is a parity of Bool variables, `sum mod 2 = k` (ir::parity_of; run_parity):
    // the variables whose exclusive or must be `parity_odd`. Nothing follows until all but
    // one are known; the generic path enumerated 2^n tuples to find that out.
    bool parity = false;
    bool parity_odd = false;
    std::vector<VarId> parity_vars;

    // Table: columns (distinct variables), rows as domain indexes, live rows first.
    std::vector<VarId> columns;
    std::shared_ptr<const std::vector<std::int32_t>> rows;
    int arity = 0;
    std::vector<std::int32_t> live;
    std::int32_t live_count = 0;
    std::vector<std::uint64_t> support;   // scratch: per column, the supported indexes
    std::vector<std::size_t> support_at;  // column -> offset into support
    std::vector<int> missing;             // scratch: per column, values still unsupported

    // Linear: coefficients parallel to vars. `covers`: the all-different constraints
    // whose scope contains this one's; while one of them is active, the search may also
    // use that the values differ (run_linear_distinct). A detached run (one rule alone,
    // for hints) does not.
    std::vector<std::int64_t> coeffs;
    std::vector<int> covers;

    // Expr past kExprEnumerationLimit (run_expr_search): per position, the candidates, the
    // supported ones (bits), the range and the value tried (-1: none); the residues (the
    // last satisfying tuple found for each position and index, n indexes each, -1: none;
    // kept when n * n * max_size is small); and the product of domain sizes at which the
    // node budget last ran out (above it the search is not tried again).
    std::vector<std::vector<int>> cand;
    std::vector<std::vector<std::uint64_t>> supported;
    std::vector<ir::VarRange> ranges;
    std::vector<int> tried;
    std::vector<std::int32_t> residues;
    int max_size = 0;
    std::uint64_t gave_up_at = UINT64_MAX;
    // The term's ranges, kept between the search's nodes: made at the first search (a
    // copy of the constraint starts without one).
    struct Evaluator {
      std::unique_ptr<ir::RangeEvaluator> ev;
      Evaluator() = default;
      Evaluator(const Evaluator&) {}
      Evaluator& operator=(const Evaluator&) {
        ev.reset();
        return *this;
      }
    } eval;

    // Expr that is one Op::Connected over Bool literals (run_connected): per cell, its
    // variable and the domain index that puts it in the set (var < 0: known, `known_in`),
    // and its orthogonal neighbours among the cells.
    struct ConnCell {
      VarId var = -1;
      int in_idx = -1;
      bool known_in = false;
    };
    std::vector<ConnCell> conn;
    std::vector<std::vector<int>> conn_adj;

    // Expr split on one variable of its scope, the pivot (run_pivot; compile_pivot): for
    // each of the pivot's domain indexes k, the constraint with the pivot at that value is
    // true whatever the others (pivot_true[k]), or a clause "some position j of the scope
    // takes an index in its mask" (pivot_lits[k]: each position once, masks of
    // Domains::num_words). An empty clause is false. pivot_pos < 0: not split.
    struct PivotLit {
      int pos = 0;
      std::vector<std::uint64_t> mask;
    };
    int pivot_pos = -1;
    std::vector<char> pivot_true;
    std::vector<std::vector<PivotLit>> pivot_lits;
  };
  std::unique_ptr<Heavy> h;

  Compiled() = default;
  Compiled(Compiled&&) = default;
  Compiled& operator=(Compiled&&) = default;
  Compiled(const Compiled& o)
      : kind(o.kind), vars(o.vars), lits(o.lits), tautology(o.tautology), lo(o.lo), hi(o.hi), term(o.term),
        h(o.h ? std::make_unique<Heavy>(*o.h) : nullptr) {}
};

inline Propagators::Compiled& Propagators::CompiledArray::operator[](std::size_t i) { return data_[i]; }
inline const Propagators::Compiled& Propagators::CompiledArray::operator[](std::size_t i) const { return data_[i]; }
inline const Propagators::Compiled* Propagators::CompiledArray::end() const { return data_ + n_; }

namespace {

using Compiled = Propagators::Compiled;

// An Op::Connected term whose members are literals (a Bool variable, its negation, a
// constant, or `x = v` of any variable) gets its own propagator; h.conn stays empty
// otherwise.
void compile_connected(const ir::Program& p, ir::TermId term, Compiled::Heavy& h) {
  const ir::Term& t = p.terms[static_cast<size_t>(term)];
  if (t.op != ir::Op::Connected || t.value < 0 || static_cast<size_t>(t.value) >= p.tables.size()) return;
  const auto& cells = p.tables[static_cast<size_t>(t.value)].rows;
  if (cells.size() != t.args.size()) return;
  std::vector<Compiled::Heavy::ConnCell> conn(t.args.size());
  for (size_t i = 0; i < t.args.size(); ++i) {
    const ir::Term* a = &p.terms[static_cast<size_t>(t.args[i])];
    bool negated = false;
    if (a->op == ir::Op::Not && a->args.size() == 1) {
      negated = true;
      a = &p.terms[static_cast<size_t>(a->args[0])];
    }
    if (a->op == ir::Op::Const && !negated) {
      conn[i].known_in = ir::truthy(a->value);
    } else if (a->op == ir::Op::Var && a->kind == ir::ValueKind::Bool) {
      conn[i].var = static_cast<VarId>(a->value);
      conn[i].in_idx = index_of(p, conn[i].var, negated ? 0 : 1);
    } else if (a->op == ir::Op::Eq && !negated && a->args.size() == 2) {
      // `x = v` (either way round): the cell is in the set when x takes v, one domain
      // index as for a Bool (Galaxies' `owner[q] = k`; a v outside x's domain: never in).
      const ir::Term* l = &p.terms[static_cast<size_t>(a->args[0])];
      const ir::Term* r = &p.terms[static_cast<size_t>(a->args[1])];
      if (l->op == ir::Op::Const) std::swap(l, r);
      if (l->op != ir::Op::Var || r->op != ir::Op::Const) return;
      conn[i].var = static_cast<VarId>(l->value);
      conn[i].in_idx = index_of(p, conn[i].var, r->value);
    } else {
      return;  // another term: the generic search for supports
    }
  }
  h.conn_adj = ir::orthogonal_neighbours(cells);
  h.conn = std::move(conn);
}

// An Expr whose comparisons of two unknowns all share one variable x, beneath
// disjunctions (Numbrix's and Signpost's "the next number is beside it": `num[p] = n or
// num[q] = num[p] + 1 or num[r] = num[p] + 1`). With x at each of its values the term is a
// clause over the others' values ("num[q] = 6 or num[r] = 6"), worked out here once; run
// then prunes to the same fixpoint as the search for supports (generalized arc
// consistency) with a pass over those clauses, where the search tried tuples of 36-value
// domains (a 6x6 Signpost's grade: 70% of its time in that search). Terms of another shape,
// a variable that may be null, or a domain past kPivotMaxValues: not split.
constexpr std::size_t kPivotMaxValues = 256;
constexpr std::size_t kPivotMaxWork = std::size_t{1} << 18;  // term nodes times the pivot's values

struct PivotResidue {
  enum Kind { False, True, Clause, Fail } kind = False;
  std::map<int, std::vector<std::uint64_t>> lits;  // scope position -> allowed indexes
};

void compile_pivot(const ir::Program& p, ir::TermId term, Compiled& c) {
  const std::size_t n = c.vars.size();
  if (n < 2 || term < 0) return;
  for (VarId v : c.vars) {
    const auto& dom = p.vars[static_cast<size_t>(v)].domain;
    if (dom.empty() || dom.size() > kPivotMaxValues || std::find(dom.begin(), dom.end(), ir::kNull) != dom.end()) return;
  }
  auto pos_of = [&](VarId v) -> int {
    for (std::size_t j = 0; j < n; ++j)
      if (c.vars[j] == v) return static_cast<int>(j);
    return -1;
  };
  // A side of a comparison: a variable plus constants, or constants (var < 0).
  struct Side {
    VarId var = -1;
    ir::Value shift = 0;
  };
  auto side_of = [&](ir::TermId id) -> std::optional<Side> {
    const ir::Term& t = p.terms[static_cast<size_t>(id)];
    Side s;
    auto add = [&](const ir::Term& x) {
      if (x.op == ir::Op::Const && x.value != ir::kNull && x.kind == ir::ValueKind::Int)
        return !__builtin_add_overflow(s.shift, x.value, &s.shift);
      if (x.op == ir::Op::Var && s.var < 0) {
        s.var = static_cast<VarId>(x.value);
        return true;
      }
      return false;
    };
    if (t.op == ir::Op::Add) {
      for (ir::TermId a : t.args)
        if (!add(p.terms[static_cast<size_t>(a)])) return std::nullopt;
      return s;
    }
    if (!add(t)) return std::nullopt;
    return s;
  };
  // Only terms that compare two unknowns are split (elsewhere the search is cheap enough,
  // and its answers stay as they were); find them, and the variables they share.
  const auto compared = ir::compared_unknowns(p, term);
  if (!compared) return;
  const std::vector<VarId>& candidates = compared->common;
  const std::size_t terms = compared->nodes;  // the term's size (as walked)
  for (VarId x : candidates) {
    const int xp = pos_of(x);
    if (xp < 0) continue;
    const auto& xdom = p.vars[static_cast<size_t>(x)].domain;
    // The term is worked out once per value of x: a bound on that work at compile time.
    if (terms * xdom.size() > kPivotMaxWork) continue;
    auto words_of = [&](int pos) { return (p.vars[static_cast<size_t>(c.vars[static_cast<size_t>(pos)])].domain.size() + 63) / 64; };
    // The indexes of position `pos` whose value satisfies `holds`.
    auto literal = [&](int pos, const std::function<bool(ir::Value)>& holds) {
      PivotResidue r;
      const auto& dom = p.vars[static_cast<size_t>(c.vars[static_cast<size_t>(pos)])].domain;
      std::vector<std::uint64_t> mask(words_of(pos), 0);
      bool any = false, all = true;
      for (std::size_t i = 0; i < dom.size(); ++i) {
        if (holds(dom[i])) {
          mask[i >> 6] |= std::uint64_t{1} << (i & 63);
          any = true;
        } else {
          all = false;
        }
      }
      if (all) r.kind = PivotResidue::True;
      else if (!any) r.kind = PivotResidue::False;
      else {
        r.kind = PivotResidue::Clause;
        r.lits.emplace(pos, std::move(mask));
      }
      return r;
    };
    auto constant = [](bool b) {
      PivotResidue r;
      r.kind = b ? PivotResidue::True : PivotResidue::False;
      return r;
    };
    auto fail = [] {
      PivotResidue r;
      r.kind = PivotResidue::Fail;
      return r;
    };
    // A disjunction of residues.
    auto either = [&](std::vector<PivotResidue> parts) {
      PivotResidue r;
      for (auto& q : parts) {
        if (q.kind == PivotResidue::Fail || q.kind == PivotResidue::True) return q;
        if (q.kind == PivotResidue::False) continue;
        r.kind = PivotResidue::Clause;
        for (auto& [pos, mask] : q.lits) {
          auto [it, added] = r.lits.try_emplace(pos, mask);
          if (!added)
            for (std::size_t w = 0; w < mask.size(); ++w) it->second[w] |= mask[w];
        }
      }
      return r;
    };
    auto negate = [&](const PivotResidue& q) {
      if (q.kind == PivotResidue::True) return constant(false);
      if (q.kind == PivotResidue::False) return constant(true);
      if (q.kind == PivotResidue::Fail || q.lits.size() != 1) return fail();
      const auto& [pos, mask] = *q.lits.begin();
      return literal(pos, [&, pos = pos, m = mask](ir::Value v) {
        const int i = index_of(p, c.vars[static_cast<size_t>(pos)], v);
        return !((m[static_cast<size_t>(i) >> 6] >> (i & 63)) & 1);
      });
    };
    std::size_t xk = 0;  // the pivot's index now
    std::function<PivotResidue(ir::TermId)> residue = [&](ir::TermId id) -> PivotResidue {
      const ir::Term& t = p.terms[static_cast<size_t>(id)];
      switch (t.op) {
        case ir::Op::Const: return constant(ir::truthy(t.value));
        case ir::Op::Var: {
          if (static_cast<VarId>(t.value) == x) return constant(ir::truthy(xdom[xk]));
          const int pos = pos_of(static_cast<VarId>(t.value));
          if (pos < 0) return fail();
          return literal(pos, [](ir::Value v) { return ir::truthy(v); });
        }
        case ir::Op::Not:
          if (t.args.size() != 1) return fail();
          return negate(residue(t.args[0]));
        case ir::Op::Or: {
          std::vector<PivotResidue> parts;
          for (ir::TermId a : t.args) parts.push_back(residue(a));
          return either(std::move(parts));
        }
        case ir::Op::Implies:
          if (t.args.size() != 2) return fail();
          return either({negate(residue(t.args[0])), residue(t.args[1])});
        case ir::Op::And: {
          // Constants and at most one clause.
          std::optional<PivotResidue> rest;
          for (ir::TermId a : t.args) {
            PivotResidue q = residue(a);
            if (q.kind == PivotResidue::Fail || q.kind == PivotResidue::False) return q;
            if (q.kind == PivotResidue::True) continue;
            if (rest) return fail();
            rest = std::move(q);
          }
          return rest ? *rest : constant(true);
        }
        case ir::Op::Eq: case ir::Op::Ne: case ir::Op::Lt: case ir::Op::Le: case ir::Op::Gt: case ir::Op::Ge: {
          if (t.args.size() != 2) return fail();
          auto a = side_of(t.args[0]), b = side_of(t.args[1]);
          if (!a || !b) return fail();
          auto holds = [op = t.op](ir::Value l, ir::Value r) {
            switch (op) {
              case ir::Op::Eq: return l == r;
              case ir::Op::Ne: return l != r;
              case ir::Op::Lt: return l < r;
              case ir::Op::Le: return l <= r;
              case ir::Op::Gt: return l > r;
              default: return l >= r;
            }
          };
          // A side's value once the pivot is set; nullopt: another variable's.
          auto fixed = [&](const Side& s) -> std::optional<ir::Value> {
            if (s.var >= 0 && s.var != x) return std::nullopt;
            ir::Value v = s.shift;
            if (s.var == x && __builtin_add_overflow(v, xdom[xk], &v)) return std::nullopt;
            return v;
          };
          auto fa = fixed(*a), fb = fixed(*b);
          if (fa && fb) return constant(holds(*fa, *fb));
          if (!fa && !fb) return fail();
          const Side& free = fa ? *b : *a;
          const ir::Value other = fa ? *fa : *fb;
          const bool left = !fa;  // the free side is the left one
          const int pos = pos_of(free.var);
          if (pos < 0) return fail();
          bool overflow = false;
          PivotResidue r = literal(pos, [&](ir::Value v) {
            ir::Value w = 0;
            if (__builtin_add_overflow(v, free.shift, &w)) {
              overflow = true;
              return false;
            }
            return left ? holds(w, other) : holds(other, w);
          });
          return overflow ? fail() : r;
        }
        default:
          return fail();
      }
    };
    std::vector<char> always(xdom.size(), 0);
    std::vector<std::vector<Compiled::Heavy::PivotLit>> lits(xdom.size());
    bool ok = true;
    for (xk = 0; xk < xdom.size() && ok; ++xk) {
      PivotResidue r = residue(term);
      if (r.kind == PivotResidue::Fail) ok = false;
      else if (r.kind == PivotResidue::True) always[xk] = 1;
      else
        for (auto& [pos, mask] : r.lits) lits[xk].push_back({pos, std::move(mask)});
    }
    if (!ok) continue;
    c.h->pivot_pos = xp;
    c.h->pivot_true = std::move(always);
    c.h->pivot_lits = std::move(lits);
    return;
  }
}

// An Expr that says an Int variable is the number of true ones among other variables
// (Filling's "the region starting at r has as many squares as its size says", `size[r] =
// cells->count(q | member(r, q))`, over up to 48 memberships): with t of them surely true
// and u undecided, x keeps its values in t..t+u, a b can be true while x can exceed t, and
// false while x can stay below t + u. That is GAC, which the search for supports reached
// through interval evaluation of the whole term (a 6x6 Filling's grade: half of its time).
void compile_count_eq(const ir::Program& p, ir::TermId term, Compiled& c) {
  const ir::Term& t = p.terms[static_cast<size_t>(term)];
  if (t.op != ir::Op::Eq || t.args.size() != 2) return;
  for (int side = 0; side < 2; ++side) {
    const ir::Term& x = p.terms[static_cast<size_t>(t.args[static_cast<size_t>(side)])];
    const ir::Term& n = p.terms[static_cast<size_t>(t.args[static_cast<size_t>(1 - side)])];
    if (x.op != ir::Op::Var || n.op != ir::Op::Count || n.args.empty()) continue;
    std::vector<VarId> vars{static_cast<VarId>(x.value)};
    for (ir::TermId a : n.args) {
      const ir::Term& b = p.terms[static_cast<size_t>(a)];
      if (b.op != ir::Op::Var) return;
      vars.push_back(static_cast<VarId>(b.value));
    }
    std::vector<VarId> sorted = vars;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) return;  // a variable twice
    std::vector<int> pos;
    for (VarId v : vars) {
      auto it = std::find(c.vars.begin(), c.vars.end(), v);
      if (it == c.vars.end()) return;
      pos.push_back(static_cast<int>(it - c.vars.begin()));
    }
    if (pos.size() != c.vars.size()) return;  // the scope is those variables
    c.h->count_eq = std::move(pos);
    return;
  }
}

bool run_count_eq(const ir::Program& p, Compiled& c, Domains& d) {
  const auto& pos = c.h->count_eq;
  const VarId x = c.vars[static_cast<size_t>(pos[0])];
  // The bs surely true (sure), and those with a true and a false candidate (open).
  std::int64_t sure = 0;
  boost::container::small_vector<VarId, 32> open;
  for (std::size_t k = 1; k < pos.size(); ++k) {
    const VarId b = c.vars[static_cast<size_t>(pos[k])];
    bool yes = false, no = false;
    for (int i = d.first(b); i >= 0 && !(yes && no); i = d.next(b, i)) (ir::truthy(value_at(p, b, i)) ? yes : no) = true;
    if (!yes && !no) return false;
    if (yes && no) open.push_back(b);
    else sure += yes;
  }
  const auto most = sure + static_cast<std::int64_t>(open.size());
  ir::Value lo = ir::kNull, hi = ir::kNull;
  for (int i = d.first(x); i >= 0;) {
    const int next = d.next(x, i);
    const ir::Value v = value_at(p, x, i);
    if (v == ir::kNull || v < sure || v > most) {
      d.remove(x, i);
    } else {
      if (lo == ir::kNull || v < lo) lo = v;
      if (hi == ir::kNull || v > hi) hi = v;
    }
    i = next;
  }
  if (d.size(x) == 0) return false;
  const bool may_true = hi > sure, may_false = lo < most;
  if (may_true && may_false) return true;
  // Not both: every open b takes the side that x leaves it.
  for (VarId b : open)
    for (int i = d.first(b); i >= 0;) {
      const int next = d.next(b, i);
      if (ir::truthy(value_at(p, b, i)) ? !may_true : !may_false) d.remove(b, i);
      i = next;
    }
  return true;
}

Compiled compile(const ir::Program& p, int ci) {
  const ir::Constraint& con = p.constraints[static_cast<size_t>(ci)];
  Compiled c;
  c.kind = con.kind;
  if (con.kind != ir::Kind::Clause) c.h = std::make_unique<Compiled::Heavy>();
  c.vars.assign(con.scope.begin(), con.scope.end());
  c.term = con.term;
  c.lo = con.lo;
  c.hi = con.hi;
  switch (con.kind) {
    case ir::Kind::Clause:
      c.lits.reserve(con.literals.size());
      for (const ir::Literal& l : con.literals) {
        int idx = index_of(p, l.var, l.value);
        if (idx < 0) {
          if (!l.positive) c.tautology = true;  // var <> v, v outside the domain
          continue;
        }
        c.lits.push_back({l.var, idx, l.positive});
      }
      break;
    case ir::Kind::Cardinality: {
      std::vector<Compiled::Heavy::CardVar> by_var;
      auto slot = [&](VarId v) -> Compiled::Heavy::CardVar& {
        for (auto& cv : by_var)
          if (cv.var == v) return cv;
        by_var.push_back({v, 0, {}});
        return by_var.back();
      };
      for (const ir::Literal& l : con.literals) {
        int idx = index_of(p, l.var, l.value);
        if (idx < 0) {
          if (!l.positive) --c.lo, --c.hi;  // always true
          continue;
        }
        auto& cv = slot(l.var);
        if (!l.positive) ++cv.base;
        int d = l.positive ? 1 : -1;
        auto it = std::find_if(cv.delta.begin(), cv.delta.end(), [&](auto& e) { return e.first == idx; });
        if (it == cv.delta.end())
          cv.delta.push_back({idx, d});
        else
          it->second += d;
      }
      for (auto& cv : by_var) std::sort(cv.delta.begin(), cv.delta.end());
      c.h->card = std::move(by_var);
      break;
    }
    case ir::Kind::AllDifferent: {
      std::vector<ir::Value> all;
      for (VarId v : c.vars)
        for (ir::Value x : p.vars[static_cast<size_t>(v)].domain)
          if (x != ir::kNull) all.push_back(x);
      std::sort(all.begin(), all.end());
      all.erase(std::unique(all.begin(), all.end()), all.end());
      int n = static_cast<int>(c.vars.size());
      c.h->num_values = static_cast<int>(all.size()) + n;
      c.h->value_id.resize(static_cast<size_t>(n));
      for (int pos = 0; pos < n; ++pos) {
        const auto& dom = p.vars[static_cast<size_t>(c.vars[static_cast<size_t>(pos)])].domain;
        for (ir::Value x : dom)
          c.h->value_id[static_cast<size_t>(pos)].push_back(
              x == ir::kNull ? static_cast<int>(all.size()) + pos
                             : static_cast<int>(std::lower_bound(all.begin(), all.end(), x) - all.begin()));
      }
      c.h->match_hint.assign(static_cast<size_t>(n), -1);
      c.h->small = alldiff_word_path.load(std::memory_order_relaxed) && n <= 64 && c.h->num_values <= 64;
      c.h->identity = true;
      for (int pos = 0; pos < n; ++pos) {
        const auto& ids = c.h->value_id[static_cast<size_t>(pos)];
        for (size_t i = 0; i < ids.size(); ++i) c.h->identity = c.h->identity && ids[i] == static_cast<int>(i);
      }
      break;
    }
    case ir::Kind::Table: {
      // Columns follow the Table term's arguments when they are plain variables (the
      // scope is sorted, the table's columns need not be); otherwise the scope.
      std::vector<VarId> cols = con.scope;
      if (con.term >= 0) {
        const ir::Term& t = p.terms[static_cast<size_t>(con.term)];
        if (t.op == ir::Op::Table) {
          bool plain = true;
          std::vector<VarId> from_term;
          for (ir::TermId a : t.args) {
            const ir::Term& at = p.terms[static_cast<size_t>(a)];
            if (at.op != ir::Op::Var) plain = false;
            else from_term.push_back(static_cast<VarId>(at.value));
          }
          if (plain) cols = from_term;
        }
      }
      const auto& data = p.tables.at(static_cast<size_t>(con.table));
      // A variable in several columns: keep its first column, rows must agree.
      std::vector<int> first_col(cols.size());
      for (size_t k = 0; k < cols.size(); ++k)
        first_col[k] = static_cast<int>(std::find(cols.begin(), cols.end(), cols[k]) - cols.begin());
      for (size_t k = 0; k < cols.size(); ++k)
        if (first_col[k] == static_cast<int>(k)) c.h->columns.push_back(cols[k]);
      c.h->arity = static_cast<int>(c.h->columns.size());
      auto rows = std::make_shared<std::vector<std::int32_t>>();
      std::vector<std::int32_t> row(cols.size());
      for (const auto& r : data.rows) {
        if (r.size() != cols.size()) throw std::logic_error("table row width differs from the scope");
        bool ok = true;
        for (size_t k = 0; k < cols.size() && ok; ++k) {
          row[k] = index_of(p, cols[k], r[k]);
          if (row[k] < 0) ok = false;
          else if (first_col[k] != static_cast<int>(k) && row[static_cast<size_t>(first_col[k])] != row[k]) ok = false;
        }
        if (!ok) continue;
        for (size_t k = 0; k < cols.size(); ++k)
          if (first_col[k] == static_cast<int>(k)) rows->push_back(row[k]);
      }
      // Distinct rows only (counting relies on it).
      if (c.h->arity > 0) {
        size_t k = static_cast<size_t>(c.h->arity);
        std::vector<std::vector<std::int32_t>> split;
        for (size_t r = 0; r < rows->size(); r += k) split.emplace_back(rows->begin() + static_cast<std::ptrdiff_t>(r), rows->begin() + static_cast<std::ptrdiff_t>(r + k));
        std::sort(split.begin(), split.end());
        split.erase(std::unique(split.begin(), split.end()), split.end());
        rows->clear();
        for (const auto& r : split) rows->insert(rows->end(), r.begin(), r.end());
      }
      int nrows = c.h->arity ? static_cast<int>(rows->size()) / c.h->arity : (data.rows.empty() ? 0 : 1);
      c.h->rows = std::move(rows);
      c.h->live.resize(static_cast<size_t>(nrows));
      for (int r = 0; r < nrows; ++r) c.h->live[static_cast<size_t>(r)] = r;
      c.h->live_count = nrows;
      std::size_t words = 0;
      for (VarId v : c.h->columns) {
        c.h->support_at.push_back(words);
        words += (p.vars[static_cast<size_t>(v)].domain.size() + 63) / 64;
      }
      c.h->support.assign(words, 0);
      c.h->missing.assign(c.h->columns.size(), 0);
      // The columns decide what is pruned; normally they are the scope itself.
      c.vars.assign(c.h->columns.begin(), c.h->columns.end());
      std::sort(c.vars.begin(), c.vars.end());
      break;
    }
    case ir::Kind::Linear:
      c.h->coeffs = con.coeffs;
      if (c.h->coeffs.size() != c.vars.size()) throw std::logic_error("linear constraint: coeffs and scope differ");
      break;
    case ir::Kind::Expr: {
      if (auto par = ir::parity_of(p, con.term); par && ir::over_bits(p, *par)) {
        c.h->parity = true;
        c.h->parity_odd = par->odd;
        c.h->parity_vars = std::move(par->vars);
      }
      if (!c.h->parity) compile_connected(p, con.term, *c.h);
      if (!c.h->parity && c.h->conn.empty()) compile_count_eq(p, con.term, c);
      if (!c.h->parity && c.h->conn.empty() && c.h->count_eq.empty()) compile_pivot(p, con.term, c);
      const std::size_t n = c.vars.size();
      for (VarId v : c.vars) c.h->max_size = std::max(c.h->max_size, static_cast<int>(p.vars[static_cast<size_t>(v)].domain.size()));
      c.h->cand.resize(n);
      c.h->supported.resize(n);
      c.h->ranges.resize(n);
      c.h->tried.assign(n, -1);
      if (n * n * static_cast<std::size_t>(c.h->max_size) <= kExprResidueLimit)
        c.h->residues.assign(n * n * static_cast<std::size_t>(c.h->max_size), -1);
      break;
    }
  }
  return c;
}

// --- Clause ---------------------------------------------------------------------------

bool run_clause(Compiled& c, Domains& d) {
  if (c.tautology) return true;
  VarId single = -1;
  bool several = false;
  for (const auto& l : c.lits) {
    bool has = d.contains(l.var, l.idx);
    if (l.positive) {
      if (!has) continue;
      if (d.size(l.var) == 1) return true;
    } else {
      if (!has) return true;
      if (d.size(l.var) == 1) continue;
    }
    if (single < 0) single = l.var;
    else if (single != l.var) several = true;
  }
  if (single < 0) return false;
  if (several) return true;
  // Only literals on `single` can still hold: it must satisfy one of them.
  for (int i = d.first(single); i >= 0; i = d.next(single, i)) {
    bool ok = false;
    for (const auto& l : c.lits)
      if (l.var == single && (l.positive ? i == l.idx : i != l.idx)) {
        ok = true;
        break;
      }
    if (!ok) d.remove(single, i);
  }
  return d.size(single) > 0;
}

// --- Cardinality ----------------------------------------------------------------------

bool run_cardinality(Compiled& c, Domains& d) {
  size_t n = c.h->card.size();
  std::vector<int>& mn = c.h->scratch_min;
  std::vector<int>& mx = c.h->scratch_max;
  mn.resize(n);
  mx.resize(n);
  auto bounds = [&](size_t j) {
    const auto& cv = c.h->card[j];
    int lo = INT32_MAX, hi = INT32_MIN, seen = 0;
    for (const auto& [idx, dl] : cv.delta)
      if (d.contains(cv.var, idx)) {
        ++seen;
        lo = std::min(lo, cv.base + dl);
        hi = std::max(hi, cv.base + dl);
      }
    if (d.size(cv.var) > seen) {
      lo = std::min(lo, cv.base);
      hi = std::max(hi, cv.base);
    }
    mn[j] = lo;
    mx[j] = hi;
  };
  for (size_t j = 0; j < n; ++j) {
    if (d.size(c.h->card[j].var) == 0) return false;
    bounds(j);
  }
  while (true) {
    std::int64_t smin = 0, smax = 0;
    for (size_t j = 0; j < n; ++j) smin += mn[j], smax += mx[j];
    if (smin > c.hi || smax < c.lo) return false;
    bool changed = false;
    for (size_t j = 0; j < n; ++j) {
      std::int64_t low = c.lo - (smax - mx[j]), high = c.hi - (smin - mn[j]);
      if (mn[j] >= low && mx[j] <= high) continue;
      const auto& cv = c.h->card[j];
      for (int i = d.first(cv.var); i >= 0; i = d.next(cv.var, i)) {
        int k = cv.contribution(i);
        if (k < low || k > high) d.remove(cv.var, i);
      }
      if (d.size(cv.var) == 0) return false;
      bounds(j);
      changed = true;
    }
    if (!changed) return true;
  }
}

// --- AllDifferent (Regin) -------------------------------------------------------------

// run_alldiff's working storage, reused from call to call (it runs hundreds of times per
// search; allocating its graph each time was most of its cost). One per thread: a
// portfolio runs engines side by side.
struct AlldiffScratch {
  std::vector<int> adj_off, adj_id, adj_idx;  // variable position -> (value id, domain index)
  std::vector<int> var_match, val_match, seen;
  std::vector<int> out_off, out_to, fill;     // residual graph, compressed rows
  std::vector<char> used, reached, on;
  std::vector<int> stack, index, low, comp, tstack;
};

// The same filtering as run_alldiff (the pruning that leaves every remaining value in a
// matching of all the variables is unique, whatever matching is found), on bit masks: at
// most 64 variables and 64 value ids (a Sudoku house: 9 and 18), where building the
// general graph cost most of the time.
//  - dom[pos]: the value ids left to the variable; has[id]: the variables that have it.
//  - Matching by augmenting paths over masks, warm-started from the last one.
//  - Residual graph as in run_alldiff: var -> its matched value, value -> every other
//    variable having it. A value reached from a free value keeps all its edges. Otherwise
//    the edge (w, u), u matched to p, lies on a cycle iff w reaches p in the graph of
//    variables where a -> b when b has a's matched value (u's only way in is from p).
bool run_alldiff_small(Compiled& c, Domains& d) {
  const int n = static_cast<int>(c.vars.size());
  const int m = c.h->num_values;
  auto bit = [](int i) { return std::uint64_t{1} << i; };
  std::uint64_t dom[64], has[64] = {};
  int match[64], vmatch[64];
  for (int pos = 0; pos < n; ++pos) {
    VarId v = c.vars[static_cast<size_t>(pos)];
    if (d.size(v) == 0) return false;
    std::uint64_t w = d.words(v)[0];
    if (!c.h->identity) {
      const auto& ids = c.h->value_id[static_cast<size_t>(pos)];
      std::uint64_t mask = 0;
      for (std::uint64_t r = w; r; r &= r - 1) mask |= bit(ids[static_cast<size_t>(std::countr_zero(r))]);
      w = mask;
    }
    dom[pos] = w;
    for (std::uint64_t r = w; r; r &= r - 1) has[std::countr_zero(r)] |= bit(pos);
  }
  std::fill(vmatch, vmatch + m, -1);
  for (int pos = 0; pos < n; ++pos) {
    int h = c.h->match_hint[static_cast<size_t>(pos)];
    match[pos] = -1;
    if (h >= 0 && vmatch[h] < 0 && (dom[pos] & bit(h))) {
      match[pos] = h;
      vmatch[h] = pos;
    }
  }
  std::uint64_t visited = 0;
  auto augment = [&](auto& self, int pos) -> bool {
    for (std::uint64_t cand = dom[pos] & ~visited; cand; cand = dom[pos] & ~visited) {
      int u = std::countr_zero(cand);
      visited |= bit(u);
      if (vmatch[u] < 0 || self(self, vmatch[u])) {
        match[pos] = u;
        vmatch[u] = pos;
        return true;
      }
    }
    return false;
  };
  std::uint64_t matched = 0;
  for (int pos = 0; pos < n; ++pos) {
    if (match[pos] < 0) {
      visited = 0;
      if (!augment(augment, pos)) return false;
    }
  }
  for (int pos = 0; pos < n; ++pos) {
    c.h->match_hint[static_cast<size_t>(pos)] = match[pos];
    matched |= bit(match[pos]);
  }
  std::uint64_t used = 0;
  for (int pos = 0; pos < n; ++pos) used |= dom[pos];
  // Values reached from a free value.
  std::uint64_t reached = used & ~matched, frontier = reached, vars_reached = 0;
  const std::uint64_t all_vars = n == 64 ? ~std::uint64_t{0} : bit(n) - 1;
  while (frontier) {
    std::uint64_t next = 0;
    for (std::uint64_t r = all_vars & ~vars_reached; r; r &= r - 1) {
      int pos = std::countr_zero(r);
      if (!(dom[pos] & frontier)) continue;
      vars_reached |= bit(pos);
      if (!(reached & bit(match[pos]))) next |= bit(match[pos]);
    }
    reached |= next;
    frontier = next;
  }
  for (int w = 0; w < n; ++w) {
    std::uint64_t cand = dom[w] & ~bit(match[w]) & ~reached;
    if (!cand) continue;
    std::uint64_t from = bit(w), todo = bit(w);  // the variables w reaches
    while (todo) {
      int a = std::countr_zero(todo);
      todo &= todo - 1;
      std::uint64_t nb = has[match[a]] & ~from;
      from |= nb;
      todo |= nb;
    }
    std::uint64_t kept_values = 0;
    for (std::uint64_t r = from; r; r &= r - 1) kept_values |= bit(match[std::countr_zero(r)]);
    std::uint64_t prune = cand & ~kept_values;
    if (!prune) continue;
    VarId v = c.vars[static_cast<size_t>(w)];
    if (c.h->identity) {
      for (; prune; prune &= prune - 1) d.remove(v, std::countr_zero(prune));
    } else {
      // In domain-index order, like run_alldiff.
      const auto& ids = c.h->value_id[static_cast<size_t>(w)];
      for (size_t i = 0; i < ids.size(); ++i)
        if (prune & bit(ids[i])) d.remove(v, static_cast<int>(i));
    }
  }
  return true;
}

bool run_alldiff(Compiled& c, Domains& d) {
  if (c.h->small) return run_alldiff_small(c, d);
  thread_local AlldiffScratch S;
  const int n = static_cast<int>(c.vars.size());
  const int m = c.h->num_values;
  auto at = [](auto& v, int i) -> auto& { return v[static_cast<size_t>(i)]; };
  // adjacency: var pos -> (value id, index)
  S.adj_off.assign(static_cast<size_t>(n) + 1, 0);
  S.adj_id.clear();
  S.adj_idx.clear();
  for (int pos = 0; pos < n; ++pos) {
    VarId v = c.vars[static_cast<size_t>(pos)];
    if (d.size(v) == 0) return false;
    const auto& ids = c.h->value_id[static_cast<size_t>(pos)];
    for (int i = d.first(v); i >= 0; i = d.next(v, i)) {
      S.adj_id.push_back(ids[static_cast<size_t>(i)]);
      S.adj_idx.push_back(i);
    }
    at(S.adj_off, pos + 1) = static_cast<int>(S.adj_id.size());
  }
  S.var_match.assign(static_cast<size_t>(n), -1);
  S.val_match.assign(static_cast<size_t>(m), -1);
  for (int pos = 0; pos < n; ++pos) {
    int h = c.h->match_hint[static_cast<size_t>(pos)];
    if (h < 0 || at(S.val_match, h) >= 0) continue;
    for (int e = at(S.adj_off, pos); e < at(S.adj_off, pos + 1); ++e)
      if (at(S.adj_id, e) == h) {
        at(S.var_match, pos) = h;
        at(S.val_match, h) = pos;
        break;
      }
  }
  S.seen.assign(static_cast<size_t>(m), -1);
  auto augment = [&](auto& self, int pos, int stamp) -> bool {
    for (int e = at(S.adj_off, pos); e < at(S.adj_off, pos + 1); ++e) {
      int id = at(S.adj_id, e);
      if (at(S.seen, id) == stamp) continue;
      at(S.seen, id) = stamp;
      int other = at(S.val_match, id);
      if (other < 0 || self(self, other, stamp)) {
        at(S.var_match, pos) = id;
        at(S.val_match, id) = pos;
        return true;
      }
    }
    return false;
  };
  for (int pos = 0; pos < n; ++pos)
    if (at(S.var_match, pos) < 0 && !augment(augment, pos, pos)) return false;
  c.h->match_hint = S.var_match;

  // Residual graph: vertices 0..n-1 are variables, n..n+m-1 values. Matched edges go
  // variable -> value, the others value -> variable. An unmatched edge is consistent iff
  // its ends share a strongly connected component or its value is reachable from a free
  // value (an even alternating path).
  const int total = n + m;
  S.used.assign(static_cast<size_t>(m), 0);
  S.out_off.assign(static_cast<size_t>(total) + 1, 0);
  for (int pos = 0; pos < n; ++pos)
    for (int e = at(S.adj_off, pos); e < at(S.adj_off, pos + 1); ++e) {
      int id = at(S.adj_id, e);
      at(S.used, id) = 1;
      ++at(S.out_off, (at(S.var_match, pos) == id ? pos : n + id) + 1);
    }
  for (int u = 0; u < total; ++u) at(S.out_off, u + 1) += at(S.out_off, u);
  S.out_to.resize(static_cast<size_t>(at(S.out_off, total)));
  S.fill.assign(S.out_off.begin(), S.out_off.end() - 1);
  for (int pos = 0; pos < n; ++pos)
    for (int e = at(S.adj_off, pos); e < at(S.adj_off, pos + 1); ++e) {
      int id = at(S.adj_id, e);
      if (at(S.var_match, pos) == id) at(S.out_to, at(S.fill, pos)++) = n + id;
      else at(S.out_to, at(S.fill, n + id)++) = pos;
    }
  S.reached.assign(static_cast<size_t>(total), 0);
  S.stack.clear();
  for (int id = 0; id < m; ++id)
    if (at(S.used, id) && at(S.val_match, id) < 0) {
      at(S.reached, n + id) = 1;
      S.stack.push_back(n + id);
    }
  while (!S.stack.empty()) {
    int u = S.stack.back();
    S.stack.pop_back();
    for (int k = at(S.out_off, u); k < at(S.out_off, u + 1); ++k) {
      int w = at(S.out_to, k);
      if (!at(S.reached, w)) {
        at(S.reached, w) = 1;
        S.stack.push_back(w);
      }
    }
  }
  // Tarjan's SCC.
  S.index.assign(static_cast<size_t>(total), -1);
  S.low.assign(static_cast<size_t>(total), 0);
  S.comp.assign(static_cast<size_t>(total), -1);
  S.tstack.clear();
  S.on.assign(static_cast<size_t>(total), 0);
  int counter = 0, ncomp = 0;
  auto strong = [&](auto& self, int u) -> void {
    at(S.index, u) = at(S.low, u) = counter++;
    S.tstack.push_back(u);
    at(S.on, u) = 1;
    for (int k = at(S.out_off, u); k < at(S.out_off, u + 1); ++k) {
      int w = at(S.out_to, k);
      if (at(S.index, w) < 0) {
        self(self, w);
        at(S.low, u) = std::min(at(S.low, u), at(S.low, w));
      } else if (at(S.on, w)) {
        at(S.low, u) = std::min(at(S.low, u), at(S.index, w));
      }
    }
    if (at(S.low, u) == at(S.index, u)) {
      while (true) {
        int w = S.tstack.back();
        S.tstack.pop_back();
        at(S.on, w) = 0;
        at(S.comp, w) = ncomp;
        if (w == u) break;
      }
      ++ncomp;
    }
  };
  for (int u = 0; u < n; ++u)
    if (at(S.index, u) < 0) strong(strong, u);
  for (int pos = 0; pos < n; ++pos) {
    VarId v = c.vars[static_cast<size_t>(pos)];
    for (int e = at(S.adj_off, pos); e < at(S.adj_off, pos + 1); ++e) {
      int id = at(S.adj_id, e);
      if (at(S.var_match, pos) == id) continue;
      if (at(S.reached, n + id)) continue;
      if (at(S.comp, n + id) >= 0 && at(S.comp, n + id) == at(S.comp, pos)) continue;
      d.remove(v, at(S.adj_idx, e));
    }
  }
  return true;
}

// --- Table (simple tabular reduction) -------------------------------------------------

bool run_table(Compiled& c, Domains& d) {
  int k = c.h->arity;
  const std::int32_t* rows = c.h->rows->data();
  std::fill(c.h->support.begin(), c.h->support.end(), 0);
  std::uint64_t* support = c.h->support.data();
  std::vector<int>& missing = c.h->missing;
  int unsupported_cols = 0;
  for (int j = 0; j < k; ++j) {
    VarId v = c.h->columns[static_cast<size_t>(j)];
    missing[static_cast<size_t>(j)] = d.size(v);
    if (d.size(v) == 0) return false;
    ++unsupported_cols;
  }
  std::int32_t lc = c.h->live_count;
  int i = 0;
  while (i < lc) {
    std::int32_t r = c.h->live[static_cast<size_t>(i)];
    const std::int32_t* row = rows + static_cast<std::ptrdiff_t>(r) * k;
    bool valid = true;
    for (int j = 0; j < k && valid; ++j) valid = d.contains(c.h->columns[static_cast<size_t>(j)], row[j]);
    if (!valid) {
      std::swap(c.h->live[static_cast<size_t>(i)], c.h->live[static_cast<size_t>(lc - 1)]);
      --lc;
      continue;
    }
    if (unsupported_cols) {
      for (int j = 0; j < k; ++j) {
        if (!missing[static_cast<size_t>(j)]) continue;
        std::uint64_t& w = support[c.h->support_at[static_cast<size_t>(j)] + static_cast<size_t>(row[j] >> 6)];
        std::uint64_t bit = std::uint64_t{1} << (row[j] & 63);
        if (!(w & bit)) {
          w |= bit;
          if (--missing[static_cast<size_t>(j)] == 0) --unsupported_cols;
        }
      }
    }
    ++i;
  }
  if (lc != c.h->live_count) {
    d.save(c.h->live_count);
    c.h->live_count = lc;
  }
  if (lc == 0) return false;
  for (int j = 0; j < k; ++j)
    if (missing[static_cast<size_t>(j)]) d.intersect(c.h->columns[static_cast<size_t>(j)], support + c.h->support_at[static_cast<size_t>(j)]);
  return true;
}

// --- Linear (bounds) ------------------------------------------------------------------

bool run_linear_distinct(const ir::Program& p, Compiled& c, Domains& d);

bool run_linear(const ir::Program& p, Compiled& c, Domains& d, bool distinct) {
  size_t n = c.vars.size();
  std::vector<i128> tmin(n), tmax(n);
  auto term_bounds = [&](size_t j) {
    VarId v = c.vars[j];
    i128 a = static_cast<i128>(c.h->coeffs[j]) * value_at(p, v, d.first(v));
    i128 b = static_cast<i128>(c.h->coeffs[j]) * value_at(p, v, d.last(v));
    tmin[j] = std::min(a, b);
    tmax[j] = std::max(a, b);
  };
  for (size_t j = 0; j < n; ++j) {
    // A null operand makes the sum null, and null compares false: never a support.
    VarId v = c.vars[j];
    if (d.size(v) > 0 && value_at(p, v, d.first(v)) == ir::kNull) d.remove(v, d.first(v));
    if (d.size(v) == 0) return false;
    term_bounds(j);
  }
  while (true) {
    i128 smin = 0, smax = 0;
    for (size_t j = 0; j < n; ++j) smin += tmin[j], smax += tmax[j];
    if (smin > c.hi || smax < c.lo) return false;
    bool changed = false;
    for (size_t j = 0; j < n; ++j) {
      if (c.h->coeffs[j] == 0) continue;
      i128 low = c.lo - (smax - tmax[j]), high = c.hi - (smin - tmin[j]);
      if (tmin[j] >= low && tmax[j] <= high) continue;
      VarId v = c.vars[j];
      auto ok = [&](int i) {
        i128 t = static_cast<i128>(c.h->coeffs[j]) * value_at(p, v, i);
        return t >= low && t <= high;
      };
      // c*x is monotone in the (sorted) domain, so the violating values are at the ends.
      for (int i = d.first(v); i >= 0 && !ok(i); i = d.first(v)) d.remove(v, i);
      for (int i = d.last(v); i >= 0 && !ok(i); i = d.last(v)) d.remove(v, i);
      if (d.size(v) == 0) return false;
      term_bounds(j);
      changed = true;
    }
    if (!changed) return distinct ? run_linear_distinct(p, c, d) : true;
  }
}

// A linear constraint whose variables an all-different covers: GAC on the sum and the
// distinctness together (a Killer cage or a Kakuro run: 14 in two squares leaves 5, 6,
// 8, 9, not 7). Each value left needs a support: distinct values of the others, from their
// domains, with the sum in [lo, hi]. A depth-first search looks for one, pruned by the
// bounds of the positions left; a support found marks each of its values as supported.
// The searches share kLinearDistinctBudget nodes per run; a value whose search did not
// finish is kept, so the result is sound, and GAC when the budget suffices.
constexpr std::uint64_t kLinearDistinctBudget = 20000;
constexpr std::size_t kLinearDistinctMaxScope = 16;

bool run_linear_distinct(const ir::Program& p, Compiled& c, Domains& d) {
  const std::size_t n = c.vars.size();
  if (n < 2 || n > kLinearDistinctMaxScope) return true;
  struct Pos {
    std::vector<int> idx;              // domain indexes left
    std::vector<ir::Value> val;        // their values
    std::vector<i128> term;            // coefficient * value
    i128 tmin = 0, tmax = 0;
    std::vector<std::uint64_t> supported;
    std::vector<char> gone;            // removed by this run
  };
  std::vector<Pos> pos(n);
  for (std::size_t j = 0; j < n; ++j) {
    const VarId v = c.vars[j];
    Pos& q = pos[j];
    for (int i = d.first(v); i >= 0; i = d.next(v, i)) {
      q.idx.push_back(i);
      q.val.push_back(value_at(p, v, i));
      q.term.push_back(static_cast<i128>(c.h->coeffs[j]) * q.val.back());
    }
    q.tmin = *std::min_element(q.term.begin(), q.term.end());
    q.tmax = *std::max_element(q.term.begin(), q.term.end());
    q.supported.assign(q.idx.size() / 64 + 1, 0);
    q.gone.assign(q.idx.size(), 0);
  }
  // The others in order of domain size (fewest first), and suffix bounds along it.
  std::vector<std::size_t> order;
  std::vector<i128> rest_min, rest_max;
  std::array<std::size_t, kLinearDistinctMaxScope> at{};  // chosen entry per position
  std::array<ir::Value, kLinearDistinctMaxScope> used{};
  std::uint64_t nodes = 0;
  // Depth k of `order`: true when a support was found (left in `at`).
  std::function<bool(std::size_t, i128, std::size_t)> dfs = [&](std::size_t k, i128 sum, std::size_t nused) {
    if (k == order.size()) return sum >= c.lo && sum <= c.hi;
    if (sum + rest_min[k] > c.hi || sum + rest_max[k] < c.lo) return false;
    const Pos& q = pos[order[k]];
    for (std::size_t e = 0; e < q.idx.size(); ++e) {
      if (++nodes > kLinearDistinctBudget) return false;
      if (q.gone[e]) continue;
      if (std::find(used.begin(), used.begin() + static_cast<std::ptrdiff_t>(nused), q.val[e]) != used.begin() + static_cast<std::ptrdiff_t>(nused))
        continue;
      used[nused] = q.val[e];
      at[order[k]] = e;
      if (dfs(k + 1, sum + q.term[e], nused + 1)) return true;
    }
    return false;
  };
  for (std::size_t j = 0; j < n; ++j) {
    order.clear();
    for (std::size_t k = 0; k < n; ++k)
      if (k != j) order.push_back(k);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return pos[a].idx.size() < pos[b].idx.size(); });
    rest_min.assign(order.size() + 1, 0);
    rest_max.assign(order.size() + 1, 0);
    for (std::size_t k = order.size(); k-- > 0;) {
      rest_min[k] = rest_min[k + 1] + pos[order[k]].tmin;
      rest_max[k] = rest_max[k + 1] + pos[order[k]].tmax;
    }
    Pos& q = pos[j];
    for (std::size_t e = 0; e < q.idx.size(); ++e) {
      if ((q.supported[e / 64] >> (e % 64)) & 1) continue;
      used[0] = q.val[e];
      at[j] = e;
      if (dfs(0, q.term[e], 1)) {
        for (std::size_t k = 0; k < n; ++k) pos[k].supported[at[k] / 64] |= std::uint64_t{1} << (at[k] % 64);
        continue;
      }
      if (nodes > kLinearDistinctBudget) return true;  // out of budget: keep what is unsearched
      q.gone[e] = 1;
      d.remove(c.vars[j], q.idx[e]);
      if (d.size(c.vars[j]) == 0) return false;
    }
  }
  return true;
}

// --- Expr (enumeration) ---------------------------------------------------------------

// Past the enumeration limit: for each candidate without a known support, a depth-first
// search for a satisfying tuple that contains it, pruned by interval reasoning on the term
// under the current candidates (ir::evaluate_ranges) and stopped after kExprNodeBudget
// nodes. A tuple found supports each of its values (and is remembered as their residue,
// checked first next time); a value whose search ended without one is removed. Values left
// unsearched when the budget runs out are kept, so the result is sound, and GAC when the
// budget suffices.
enum class SearchEnd { Done, Conflict, OutOfBudget };
SearchEnd run_expr_search(const ir::Program& p, Compiled& c, Domains& d, ir::Assignment& scratch, std::uint64_t product) {
  Compiled::Heavy& h = *c.h;
  if (product >= h.gave_up_at) return SearchEnd::OutOfBudget;
  const std::size_t n = c.vars.size();
  const auto max_size = static_cast<std::size_t>(h.max_size);
  auto range_of = [&](std::size_t j) {
    ir::VarRange r;
    const VarId v = c.vars[j];
    if (h.tried[j] >= 0) {
      r.add(value_at(p, v, h.tried[j]));
      return r;
    }
    for (int i : h.cand[j]) r.add(value_at(p, v, i));
    return r;
  };
  auto is_supported = [&](std::size_t j, int i) { return (h.supported[j][static_cast<size_t>(i >> 6)] >> (i & 63)) & 1; };
  auto support_tuple = [&](const int* tuple) {
    for (std::size_t k = 0; k < n; ++k) {
      h.supported[k][static_cast<size_t>(tuple[k] >> 6)] |= std::uint64_t{1} << (tuple[k] & 63);
      if (!h.residues.empty())
        std::copy(tuple, tuple + n, h.residues.begin() + static_cast<std::ptrdiff_t>((k * max_size + static_cast<size_t>(tuple[k])) * n));
    }
  };
  for (std::size_t j = 0; j < n; ++j) {
    h.cand[j] = d.indexes(c.vars[j]);
    h.supported[j].assign(static_cast<size_t>(d.num_words(c.vars[j])), 0);
    h.tried[j] = -1;
  }
  for (std::size_t j = 0; j < n; ++j) h.ranges[j] = range_of(j);
  // Residues still inside the candidates support their tuples at once.
  if (!h.residues.empty())
    for (std::size_t j = 0; j < n; ++j)
      for (int i : h.cand[j]) {
        if (is_supported(j, i)) continue;
        const std::int32_t* r = &h.residues[(j * max_size + static_cast<size_t>(i)) * n];
        if (r[0] < 0) continue;
        bool live = true;
        for (std::size_t k = 0; k < n && live; ++k) live = d.contains(c.vars[k], r[k]);
        if (live) support_tuple(r);
      }
  std::int64_t budget = static_cast<std::int64_t>(expr_node_budget.load(std::memory_order_relaxed));
  std::vector<int> tuple(n);
  const std::span<const VarId> scope(c.vars.data(), n);
  // A value inside a position's range: the value tried there, or one of its candidates.
  const std::function<bool(std::size_t, ir::Value)> may_be = [&](std::size_t j, ir::Value x) {
    const int i = index_of(p, c.vars[j], x);
    return i >= 0 && (h.tried[j] >= 0 ? h.tried[j] == i : d.contains(c.vars[j], i));
  };
  if (!h.eval.ev || !h.eval.ev->made_for(p, c.term, scope)) h.eval.ev = std::make_unique<ir::RangeEvaluator>(p, c.term, scope);
  ir::RangeEvaluator& ev = *h.eval.ev;
  ev.reset(h.ranges, &may_be);
  // Position k tries index i (-1: back to its candidates); whether the term may still hold.
  auto try_at = [&](std::size_t k, int i) {
    h.tried[k] = i;
    h.ranges[k] = range_of(k);
    ev.set(k, h.ranges);
    return ev.truth() != ir::Truth::False;
  };
  // Positions 0..k-1 hold values (h.tried); true when some completion satisfies the term.
  std::function<bool(std::size_t)> dfs = [&](std::size_t k) -> bool {
    if (k == n) {
      for (std::size_t m = 0; m < n; ++m) scratch[static_cast<size_t>(c.vars[m])] = value_at(p, c.vars[m], h.tried[m]);
      --budget;
      if (!ir::truthy(ir::evaluate(p, c.term, scratch))) return false;
      for (std::size_t m = 0; m < n; ++m) tuple[m] = h.tried[m];
      support_tuple(tuple.data());
      return true;
    }
    if (h.tried[k] >= 0) return dfs(k + 1);  // the target position
    for (int i : h.cand[k]) {
      if (--budget < 0) return false;
      bool ok = try_at(k, i) && dfs(k + 1);
      try_at(k, -1);
      if (ok) return true;
    }
    return false;
  };
  for (std::size_t j = 0; j < n && budget >= 0; ++j) {
    std::vector<int> gone;
    for (int i : h.cand[j]) {
      if (is_supported(j, i)) continue;
      bool found = try_at(j, i) && dfs(0);
      try_at(j, -1);
      if (budget < 0) break;  // undecided: kept
      if (!found) gone.push_back(i);
    }
    for (int i : gone) d.remove(c.vars[j], i);
    if (d.size(c.vars[j]) == 0) return SearchEnd::Conflict;
    if (!gone.empty()) {
      h.cand[j] = d.indexes(c.vars[j]);
      h.ranges[j] = range_of(j);
      ev.set(j, h.ranges);
    }
  }
  if (budget < 0) {
    h.gave_up_at = product;
    return SearchEnd::OutOfBudget;
  }
  return SearchEnd::Done;
}

// The cut-vertex reasoning of run_connected is per cell, and exact only when each variable
// stands for one cell. A variable may stand for several (Slant's pieces: one diagonal
// opens a corner and closes the opposite one), and the counting search takes a constraint
// with one unfixed variable left as having pruned it exactly (a lone variable counts its
// domain). So with one variable left, each of its values is tried: the In cells connected
// among themselves.
bool connected_last_variable(Compiled& c, Domains& d) {
  auto& h = *c.h;
  const int n = static_cast<int>(h.conn.size());
  VarId last = -1;
  for (const auto& cc : h.conn) {
    if (cc.var < 0 || d.size(cc.var) == 1) continue;
    if (last >= 0 && cc.var != last) return true;  // two or more unfixed: the pass above
    last = cc.var;
  }
  if (last < 0) return true;
  std::vector<int> values;
  for (int k = d.first(last); k >= 0; k = d.next(last, k)) values.push_back(k);
  std::vector<char> in(static_cast<size_t>(n));
  for (int k : values) {
    for (int i = 0; i < n; ++i) {
      const auto& cc = h.conn[static_cast<size_t>(i)];
      in[static_cast<size_t>(i)] = cc.var < 0 ? cc.known_in : cc.var == last ? cc.in_idx == k : cc.in_idx >= 0 && d.contains(cc.var, cc.in_idx);
    }
    if (!ir::may_connect(h.conn_adj, in, in)) d.remove(last, k);
  }
  return d.size(last) > 0;
}

// Connectivity, kept GAC: with the cells surely in the set (In) and those that may be
// (not Out), a cell that cannot reach the In cells through possible cells is out, and a
// possible cell whose loss would cut the In cells apart (a cut vertex separating them, by
// Tarjan's low points over a depth-first search from an In cell) is in.
bool run_connected(Compiled& c, Domains& d) {
  auto& h = *c.h;
  const int n = static_cast<int>(h.conn.size());
  enum : char { Out, Maybe, In };
  std::vector<char> state(static_cast<size_t>(n));
  int root = -1;
  for (int i = 0; i < n; ++i) {
    const auto& cc = h.conn[static_cast<size_t>(i)];
    char& st = state[static_cast<size_t>(i)];
    if (cc.var < 0) st = cc.known_in ? In : Out;
    else if (d.size(cc.var) == 0) return false;
    else if (cc.in_idx < 0 || !d.contains(cc.var, cc.in_idx)) st = Out;
    else st = d.size(cc.var) == 1 ? In : Maybe;
    if (st == In && root < 0) root = i;
  }
  if (root < 0) return connected_last_variable(c, d);
  // Depth-first search from the root through possible cells: discovery order, low points,
  // and how many In cells each subtree holds.
  std::vector<int> disc(static_cast<size_t>(n), -1), low(static_cast<size_t>(n), 0), parent(static_cast<size_t>(n), -1),
      ins(static_cast<size_t>(n), 0), next_edge(static_cast<size_t>(n), 0);
  std::vector<int> stack{root};
  int time = 0;
  disc[static_cast<size_t>(root)] = low[static_cast<size_t>(root)] = time++;
  ins[static_cast<size_t>(root)] = 1;
  std::vector<char> cut(static_cast<size_t>(n), 0);
  while (!stack.empty()) {
    const int x = stack.back();
    auto& e = next_edge[static_cast<size_t>(x)];
    const auto& adj = h.conn_adj[static_cast<size_t>(x)];
    if (e < static_cast<int>(adj.size())) {
      const int y = adj[static_cast<size_t>(e++)];
      if (state[static_cast<size_t>(y)] == Out) continue;
      if (disc[static_cast<size_t>(y)] < 0) {
        parent[static_cast<size_t>(y)] = x;
        disc[static_cast<size_t>(y)] = low[static_cast<size_t>(y)] = time++;
        ins[static_cast<size_t>(y)] = state[static_cast<size_t>(y)] == In;
        stack.push_back(y);
      } else if (y != parent[static_cast<size_t>(x)]) {
        low[static_cast<size_t>(x)] = std::min(low[static_cast<size_t>(x)], disc[static_cast<size_t>(y)]);
      }
      continue;
    }
    stack.pop_back();
    const int px = parent[static_cast<size_t>(x)];
    if (px < 0) continue;
    low[static_cast<size_t>(px)] = std::min(low[static_cast<size_t>(px)], low[static_cast<size_t>(x)]);
    ins[static_cast<size_t>(px)] += ins[static_cast<size_t>(x)];
    // x's subtree hangs on px alone and holds In cells; the root (In) is outside it.
    if (low[static_cast<size_t>(x)] >= disc[static_cast<size_t>(px)] && ins[static_cast<size_t>(x)] > 0) cut[static_cast<size_t>(px)] = 1;
  }
  for (int i = 0; i < n; ++i) {
    const auto& cc = h.conn[static_cast<size_t>(i)];
    const char st = state[static_cast<size_t>(i)];
    if (st == In && disc[static_cast<size_t>(i)] < 0) return false;  // an In cell cut off
    if (st != Maybe) continue;
    // (A variable may stand for several cells: a value may already be gone.)
    if (disc[static_cast<size_t>(i)] < 0) {
      d.remove(cc.var, cc.in_idx);
    } else if (cut[static_cast<size_t>(i)]) {
      std::vector<int> others;
      for (int k = d.first(cc.var); k >= 0; k = d.next(cc.var, k))
        if (k != cc.in_idx) others.push_back(k);
      for (int k : others) d.remove(cc.var, k);
    }
    if (d.size(cc.var) == 0) return false;
  }
  return connected_last_variable(c, d);
}

// See compile_pivot. A value k of the pivot stays while its clause can hold (true, or a
// position with an index of its mask left); an index of another position stays while some
// k that stays supports it: k's clause is true, or has a live position other than this
// one, or this index is in this position's mask. One pass reaches the fixpoint: each
// index kept is supported by a k whose own support it does not remove.
bool run_pivot(Compiled& c, Domains& d) {
  Compiled::Heavy& h = *c.h;
  const std::size_t n = c.vars.size();
  const VarId x = c.vars[static_cast<size_t>(h.pivot_pos)];
  thread_local std::vector<std::vector<std::uint64_t>> keep;
  thread_local std::vector<char> all;
  keep.resize(n);
  all.assign(n, 0);
  for (std::size_t j = 0; j < n; ++j) keep[j].assign(static_cast<size_t>(d.num_words(c.vars[j])), 0);
  auto live = [&](const Compiled::Heavy::PivotLit& l) {
    const std::uint64_t* w = d.words(c.vars[static_cast<size_t>(l.pos)]);
    for (std::size_t i = 0; i < l.mask.size(); ++i)
      if (w[i] & l.mask[i]) return true;
    return false;
  };
  std::vector<int> gone;
  for (int k = d.first(x); k >= 0; k = d.next(x, k)) {
    const auto& lits = h.pivot_lits[static_cast<size_t>(k)];
    int live_count = 0, live_pos = -1;
    if (!h.pivot_true[static_cast<size_t>(k)])
      for (const auto& l : lits)
        if (live(l)) {
          ++live_count;
          live_pos = l.pos;
        }
    if (!h.pivot_true[static_cast<size_t>(k)] && live_count == 0) {
      gone.push_back(k);
      continue;
    }
    auto& kx = keep[static_cast<size_t>(h.pivot_pos)];
    kx[static_cast<size_t>(k) >> 6] |= std::uint64_t{1} << (k & 63);
    for (std::size_t j = 0; j < n; ++j) {
      if (static_cast<int>(j) == h.pivot_pos || all[j]) continue;
      // Any index of j: the clause holds through another position (or always).
      if (h.pivot_true[static_cast<size_t>(k)] || live_count > 1 || live_pos != static_cast<int>(j)) {
        all[j] = 1;
        continue;
      }
      for (const auto& l : lits)
        if (l.pos == static_cast<int>(j))
          for (std::size_t i = 0; i < l.mask.size(); ++i) keep[j][i] |= l.mask[i];
    }
  }
  for (int k : gone) d.remove(x, k);
  if (d.size(x) == 0) return false;
  for (std::size_t j = 0; j < n; ++j) {
    if (static_cast<int>(j) == h.pivot_pos || all[j]) continue;
    d.intersect(c.vars[j], keep[j].data());
    if (d.size(c.vars[j]) == 0) return false;
  }
  return true;
}

// See Compiled::Heavy::parity. GAC: with two unknowns or more every value has a support.
bool run_parity(const ir::Program& p, Compiled& c, Domains& d) {
  bool need = c.h->parity_odd;  // the exclusive or the unknowns must make
  VarId open = -1;
  for (VarId v : c.h->parity_vars) {
    const int s = d.size(v);
    if (s == 0) return false;
    if (s == 1) {
      need ^= ir::truthy(value_at(p, v, d.first(v)));
      continue;
    }
    if (open >= 0) return true;
    open = v;
  }
  if (open < 0) return !need;
  for (int i = d.first(open); i >= 0;) {
    const int next = d.next(open, i);
    if (ir::truthy(value_at(p, open, i)) != need) d.remove(open, i);
    i = next;
  }
  return d.size(open) > 0;
}

bool run_expr(const ir::Program& p, Compiled& c, Domains& d, ir::Assignment& scratch) {
  if (c.h->parity) return run_parity(p, c, d);
  if (!c.h->count_eq.empty()) return run_count_eq(p, c, d);
  if (!c.h->conn.empty()) return run_connected(c, d);
  if (c.h->pivot_pos >= 0) return run_pivot(c, d);
  size_t n = c.vars.size();
  std::uint64_t product = 1;
  int unfixed = 0;
  for (VarId v : c.vars) {
    if (d.size(v) == 0) return false;
    if (d.size(v) > 1) ++unfixed;
    const auto size = static_cast<std::uint64_t>(d.size(v));
    product = product > UINT64_MAX / size ? UINT64_MAX : product * size;
  }
  // The search first (Towers 7x7 "unreasonable", native unique: 21.5 s with the
  // enumeration alone, 1.0 s, the same nodes); the enumeration below when it runs out of
  // nodes and the scope is small enough.
  if (unfixed >= 2 && product > expr_search_from.load(std::memory_order_relaxed)) {
    SearchEnd e = run_expr_search(p, c, d, scratch, product);
    if (e != SearchEnd::OutOfBudget) return e == SearchEnd::Done;
    product = 1;
    for (VarId v : c.vars) product = std::min<std::uint64_t>(product * static_cast<std::uint64_t>(d.size(v)), kExprEnumerationLimit + 1);
    if (product > kExprEnumerationLimit) return true;
  }
  std::vector<std::vector<int>> values(n);
  std::vector<std::vector<std::uint64_t>> support(n);
  for (size_t j = 0; j < n; ++j) {
    values[j] = d.indexes(c.vars[j]);
    support[j].assign(static_cast<size_t>(d.num_words(c.vars[j])), 0);
  }
  std::vector<size_t> at(n, 0);
  bool any = false;
  while (true) {
    for (size_t j = 0; j < n; ++j) scratch[static_cast<size_t>(c.vars[j])] = value_at(p, c.vars[j], values[j][at[j]]);
    if (ir::truthy(ir::evaluate(p, c.term, scratch))) {
      any = true;
      for (size_t j = 0; j < n; ++j) {
        int i = values[j][at[j]];
        support[j][static_cast<size_t>(i >> 6)] |= std::uint64_t{1} << (i & 63);
      }
    }
    size_t j = 0;
    while (j < n && ++at[j] == values[j].size()) at[j++] = 0;
    if (j == n) break;
  }
  if (!any) return false;
  for (size_t j = 0; j < n; ++j) d.intersect(c.vars[j], support[j].data());
  return true;
}

// `distinct`: a linear constraint's values differ (an active all-different covers it).
bool run_compiled(const ir::Program& p, Compiled& c, Domains& d, ir::Assignment& scratch, bool distinct = false) {
  switch (c.kind) {
    case ir::Kind::Clause: return run_clause(c, d);
    case ir::Kind::Cardinality: return run_cardinality(c, d);
    case ir::Kind::AllDifferent: return run_alldiff(c, d);
    case ir::Kind::Table: return run_table(c, d);
    case ir::Kind::Linear: return run_linear(p, c, d, distinct);
    case ir::Kind::Expr: return run_expr(p, c, d, scratch);
  }
  return true;
}

// One constraint propagated alone on `d`: the removals it makes among the candidates of
// the variables it may prune. With `undo` (and no touched variables pending in d), d is
// restored after, candidates, sizes and trail, and before the copy `c` goes (the trail may
// point into its state); else d keeps the removals.
PropagationResult run_alone(const ir::Program& p, const Compiled& compiled, Domains& d, bool undo) {
  Compiled c = compiled;
  if (c.h) c.h->live_count = static_cast<std::int32_t>(c.h->live.size());  // every row, whatever the search did
  std::vector<VarId> vars(c.vars.begin(), c.vars.end());
  if (c.h) vars.insert(vars.end(), c.h->columns.begin(), c.h->columns.end());
  std::sort(vars.begin(), vars.end());
  vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
  // The candidates before, of those variables (a scratch reused by the thread: tier 2 runs
  // this once per constraint it looks at).
  thread_local std::vector<std::uint64_t> words;
  words.clear();
  for (VarId v : vars) words.insert(words.end(), d.words(v), d.words(v) + d.num_words(v));
  // Expressions read only their scope's values from it: its other entries need no zeros.
  thread_local ir::Assignment scratch;
  if (scratch.size() < p.vars.size()) scratch.resize(p.vars.size(), 0);
  const bool was_trailing = d.trailing();
  const std::size_t m = undo ? d.mark() : 0;
  PropagationResult result;
  if (!run_compiled(p, c, d, scratch)) {
    result.conflict = true;
  } else {
    std::size_t at = 0;
    for (VarId v : vars) {
      const std::uint64_t* now = d.words(v);
      for (int w = 0; w < d.num_words(v); ++w, ++at)
        for (std::uint64_t gone = words[at] & ~now[w]; gone; gone &= gone - 1)
          result.removals.push_back({v, w * 64 + std::countr_zero(gone)});
    }
  }
  if (undo) {
    d.undo(m);
    if (!was_trailing) d.clear_trail();  // untrailed again, as it was
    d.clear_touched();
  }
  return result;
}

PropagationResult run_detached(const ir::Program& p, const Compiled& compiled, const Domains& domains) {
  Domains d = domains;
  d.clear_trail();
  return run_alone(p, compiled, d, false);
}

PropagationResult run_in_place(const ir::Program& p, const Compiled& compiled, Domains& d) {
  if (d.has_touched()) return run_detached(p, compiled, d);
  return run_alone(p, compiled, d, true);
}

}  // namespace

namespace {
// Programs with at least this many constraints are compiled on two threads (measured on
// Light Up 100x100, 31k constraints: 4.0 -> 2.3 ms).
constexpr size_t kParallelCompileMin = 16384;
}  // namespace

Propagators::Propagators(const ir::Program& program) : program_(program) {
  // A large program's constraints are compiled in two halves, the second on a helper
  // thread (compile only reads the program); a small one in one piece.
  const size_t n = program.constraints.size();
  compiled_.allocate(n);
  struct Half {
    size_t from, to;
    std::exception_ptr error;  // set: nothing of this half is left made
  };
  const size_t split = n >= kParallelCompileMin ? n / 2 : n;
  Half halves[2] = {{0, split, nullptr}, {split, n, nullptr}};
  auto compile_half = [&](Half& h) {
    size_t ci = h.from;
    try {
      for (; ci < h.to; ++ci) compiled_.make(ci, compile(program, static_cast<int>(ci)));
    } catch (...) {
      compiled_.destroy_range(h.from, ci);
      h.error = std::current_exception();
    }
  };
  std::thread helper;
  if (halves[1].from < halves[1].to) {
    try {
      helper = std::thread([&] { compile_half(halves[1]); });
    } catch (const std::system_error&) {
      compile_half(halves[1]);  // no thread to be had
    }
  }
  compile_half(halves[0]);
  if (helper.joinable()) helper.join();
  if (halves[0].error || halves[1].error) {
    for (const Half& h : halves)
      if (!h.error) compiled_.destroy_range(h.from, h.to);
    compiled_.release();
    std::rethrow_exception(halves[0].error ? halves[0].error : halves[1].error);
  }
  watch_start_.assign(program.vars.size() + 1, 0);
  for (const Compiled& c : compiled_)
    for (VarId v : c.vars) ++watch_start_[static_cast<size_t>(v) + 1];
  for (size_t v = 0; v < program.vars.size(); ++v) watch_start_[v + 1] += watch_start_[v];
  watch_list_.resize(static_cast<size_t>(watch_start_.back()));
  std::vector<std::int64_t> at(watch_start_.begin(), watch_start_.end() - 1);
  for (size_t ci = 0; ci < compiled_.size(); ++ci)
    for (VarId v : compiled_[ci].vars) watch_list_[static_cast<size_t>(at[static_cast<size_t>(v)]++)] = static_cast<int>(ci);
  queued_.assign(compiled_.size(), 0);
  scratch_.assign(program.vars.size(), 0);
  // The all-different constraints whose scope contains a linear constraint's.
  for (size_t ci = 0; ci < compiled_.size(); ++ci) {
    Compiled& c = compiled_[ci];
    if (c.kind != ir::Kind::Linear || c.vars.size() < 2) continue;
    for (int a : constraints_of(c.vars[0])) {
      const auto& scope = program.constraints[static_cast<size_t>(a)].scope;  // ascending
      if (program.constraints[static_cast<size_t>(a)].kind == ir::Kind::AllDifferent &&
          std::includes(scope.begin(), scope.end(), c.vars.begin(), c.vars.end()))
        c.h->covers.push_back(a);
    }
  }
}

Propagators::~Propagators() = default;

void Propagators::CompiledArray::allocate(std::size_t n) {
  data_ = static_cast<Compiled*>(::operator new(n * sizeof(Compiled), std::align_val_t{alignof(Compiled)}));
  n_ = n;
}

void Propagators::CompiledArray::make(std::size_t i, Compiled&& c) { new (&data_[i]) Compiled(std::move(c)); }

void Propagators::CompiledArray::destroy_range(std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) data_[i].~Compiled();
}

void Propagators::CompiledArray::release() {
  ::operator delete(data_, std::align_val_t{alignof(Compiled)});
  data_ = nullptr;
  n_ = 0;
}

Propagators::CompiledArray::~CompiledArray() {
  if (!data_) return;
  destroy_range(0, n_);
  release();
}

int Propagators::num_constraints() const { return static_cast<int>(compiled_.size()); }

std::span<const VarId> Propagators::scope(int c) const {
  const auto& vars = compiled_[static_cast<size_t>(c)].vars;
  return {vars.data(), vars.size()};
}

bool Propagators::run(int c, Domains& d) {
  ++propagations_;
  Compiled& cc = compiled_[static_cast<size_t>(c)];
  bool distinct = false;
  if (cc.kind == ir::Kind::Linear && use_covers_)
    for (int a : cc.h->covers) distinct = distinct || active(a);
  return run_compiled(program_, cc, d, scratch_, distinct);
}

bool Propagators::fixpoint(Domains& d, const std::vector<int>& initial) {
  std::vector<int>& queue = queue_;
  queue.clear();
  size_t head = 0;
  auto push = [&](int c) {
    if (!queued_[static_cast<size_t>(c)] && active(c)) {
      queued_[static_cast<size_t>(c)] = 1;
      queue.push_back(c);
    }
  };
  for (int c : initial) push(c);
  auto drain = [&](int source) {
    d.take_touched(touched_);
    for (VarId v : touched_)
      for (int c : constraints_of(v))
        if (c != source) push(c);
  };
  drain(-1);
  while (head < queue.size()) {
    int c = queue[head++];
    queued_[static_cast<size_t>(c)] = 0;
    if (!run(c, d)) {
      failed_ = c;
      for (size_t k = head; k < queue.size(); ++k) queued_[static_cast<size_t>(queue[k])] = 0;
      d.clear_touched();
      return false;
    }
    drain(c);
  }
  return true;
}

bool Propagators::fixpoint_all(Domains& d) {
  std::vector<int> all(compiled_.size());
  for (size_t c = 0; c < all.size(); ++c) all[c] = static_cast<int>(c);
  return fixpoint(d, all);
}

ir::Kind Propagators::kind(int c) const { return compiled_[static_cast<size_t>(c)].kind; }

std::string_view Propagators::expr_form(int c) const {
  const Compiled& k = compiled_[static_cast<size_t>(c)];
  if (k.kind != ir::Kind::Expr || !k.h) return "";
  if (k.h->parity) return "parity";
  if (!k.h->conn.empty()) return "connected";
  if (!k.h->count_eq.empty()) return "count";
  if (k.h->pivot_pos >= 0) return "pivot";
  return "search";
}

std::uint64_t Propagators::count_rows(int ci, const Domains& d) const {
  const Compiled& c = compiled_[static_cast<size_t>(ci)];
  // Rows outside the live prefix were invalid somewhere above on this branch, and
  // domains only shrink, so they stay invalid.
  std::uint64_t n = 0;
  const std::int32_t* rows = c.h->rows->data();
  for (std::int32_t k = 0; k < c.h->live_count; ++k) {
    const std::int32_t* row = rows + static_cast<std::ptrdiff_t>(c.h->live[static_cast<size_t>(k)]) * c.h->arity;
    bool valid = true;
    for (int j = 0; j < c.h->arity && valid; ++j) valid = d.contains(c.h->columns[static_cast<size_t>(j)], row[j]);
    n += valid;
  }
  return n;
}

PropagationResult Propagators::propagate_one(int c, const Domains& d) const {
  return run_detached(program_, compiled_[static_cast<size_t>(c)], d);
}

PropagationResult Propagators::propagate_one_in_place(int c, Domains& d) const {
  return run_in_place(program_, compiled_[static_cast<size_t>(c)], d);
}

PropagationResult propagate_one(const ir::Program& program, int constraint_index, const Domains& domains) {
  return run_detached(program, compile(program, constraint_index), domains);
}

}  // namespace pzc::engine
