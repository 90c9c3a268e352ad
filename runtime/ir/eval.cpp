// Full and partial (three-valued, interval) evaluation of ground IR terms.
#include "runtime/ir/eval.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace pzc::ir {

namespace {

const Term& term_at(const Program& p, TermId id) {
  if (id < 0 || static_cast<size_t>(id) >= p.terms.size())
    throw std::logic_error("term id " + std::to_string(id) + " out of range");
  return p.terms[static_cast<size_t>(id)];
}

void need_args(const Term& t, size_t n, const char* what) {
  if (t.args.size() != n)
    throw std::logic_error(std::string(what) + " needs " + std::to_string(n) + " arguments, got " +
                           std::to_string(t.args.size()));
}

void need_some_args(const Term& t, const char* what) {
  if (t.args.empty()) throw std::logic_error(std::string(what) + " needs arguments");
}

const TableData& table_at(const Program& p, Value index) {
  if (index < 0 || static_cast<size_t>(index) >= p.tables.size())
    throw std::logic_error("table index " + std::to_string(index) + " out of range");
  return p.tables[static_cast<size_t>(index)];
}

// The neighbours of a Connected term's cells, one cell per arg. The hint runtime asks
// for them at every partial evaluation of the term (Range generate: a third of its time
// went to rebuilding them), so the last few cell lists are kept, per thread, compared by
// content (a program's address may be another program's later). The reference holds
// until the next call on the same thread.
const std::vector<std::vector<int>>& connected_neighbours(const Program& p, const Term& t) {
  const TableData& cells = table_at(p, t.value);
  if (cells.rows.size() != t.args.size())
    throw std::logic_error("connected: " + std::to_string(t.args.size()) + " args for " + std::to_string(cells.rows.size()) + " cells");
  struct Entry {
    std::vector<std::vector<Value>> cells;
    std::vector<std::vector<int>> neighbours;
  };
  thread_local std::vector<Entry> recent;  // most recent last
  for (std::size_t i = recent.size(); i-- > 0;)
    if (recent[i].cells == cells.rows) return recent[i].neighbours;
  if (recent.size() >= 4) recent.erase(recent.begin());
  recent.push_back({cells.rows, orthogonal_neighbours(cells.rows)});
  return recent.back().neighbours;
}

// C++ truncating division; callers rule out b == 0 and the one overflowing case.
Value trunc_div(Value a, Value b) {
  if (b == -1) return -a;
  return a / b;
}
Value trunc_mod(Value a, Value b) {
  if (b == -1) return 0;
  return a % b;
}

// Plain recursion: ground terms are nearly trees (sharing is mostly at the leaves), so
// a memo would cost more than it saves.
Value eval(const Program& p, TermId id, const Assignment& a) {
  const Term& t = term_at(p, id);
  auto arg = [&](size_t i) { return eval(p, t.args[i], a); };
  auto b = [](bool x) -> Value { return x ? 1 : 0; };
  switch (t.op) {
    case Op::Const:
      return t.value;
    case Op::Var:
      if (t.value < 0 || static_cast<size_t>(t.value) >= a.size())
        throw std::logic_error("variable " + std::to_string(t.value) + " not in the assignment");
      return a[static_cast<size_t>(t.value)];
    case Op::Not:
      need_args(t, 1, "not");
      return b(!truthy(arg(0)));
    case Op::And:
      for (size_t i = 0; i < t.args.size(); ++i)
        if (!truthy(arg(i))) return 0;
      return 1;
    case Op::Or:
      for (size_t i = 0; i < t.args.size(); ++i)
        if (truthy(arg(i))) return 1;
      return 0;
    case Op::Xor: {
      bool r = false;
      for (size_t i = 0; i < t.args.size(); ++i) r ^= truthy(arg(i));
      return b(r);
    }
    case Op::Implies:
      need_args(t, 2, "implies");
      return b(!truthy(arg(0)) || truthy(arg(1)));
    case Op::Iff: {
      need_some_args(t, "iff");
      bool first = truthy(arg(0));
      for (size_t i = 1; i < t.args.size(); ++i)
        if (truthy(arg(i)) != first) return 0;
      return 1;
    }
    case Op::Eq:
      need_args(t, 2, "=");
      return b(arg(0) == arg(1));
    case Op::Ne:
      need_args(t, 2, "<>");
      return b(arg(0) != arg(1));
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge: {
      need_args(t, 2, "comparison");
      Value x = arg(0), y = arg(1);
      if (x == kNull || y == kNull) return 0;
      switch (t.op) {
        case Op::Lt: return b(x < y);
        case Op::Le: return b(x <= y);
        case Op::Gt: return b(x > y);
        default: return b(x >= y);
      }
    }
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Min:
    case Op::Max: {
      need_some_args(t, "arithmetic");
      Value r = arg(0);
      if (r == kNull) return kNull;
      for (size_t i = 1; i < t.args.size(); ++i) {
        Value x = arg(i);
        if (x == kNull) return kNull;
        switch (t.op) {
          case Op::Add: r += x; break;
          case Op::Sub: r -= x; break;
          case Op::Mul: r *= x; break;
          case Op::Min: r = std::min(r, x); break;
          default: r = std::max(r, x); break;
        }
      }
      return r;
    }
    case Op::Div:
    case Op::Mod: {
      need_args(t, 2, "div/mod");
      Value x = arg(0), y = arg(1);
      if (x == kNull || y == kNull || y == 0) return kNull;
      return t.op == Op::Div ? trunc_div(x, y) : trunc_mod(x, y);
    }
    case Op::Neg: {
      need_args(t, 1, "neg");
      Value x = arg(0);
      return x == kNull ? kNull : -x;
    }
    case Op::Abs: {
      need_args(t, 1, "abs");
      Value x = arg(0);
      return x == kNull ? kNull : (x < 0 ? -x : x);
    }
    case Op::Ite:
      need_args(t, 3, "ite");
      return truthy(arg(0)) ? arg(1) : arg(2);
    case Op::Count: {
      Value n = 0;
      for (size_t i = 0; i < t.args.size(); ++i) n += truthy(arg(i)) ? 1 : 0;
      return n;
    }
    case Op::AllDiff: {
      std::vector<Value> vs;
      for (size_t i = 0; i < t.args.size(); ++i) {
        Value x = arg(i);
        if (x != kNull) vs.push_back(x);
      }
      std::sort(vs.begin(), vs.end());
      return b(std::adjacent_find(vs.begin(), vs.end()) == vs.end());
    }
    case Op::Table: {
      const TableData& table = table_at(p, t.value);
      std::vector<Value> tuple(t.args.size());
      for (size_t i = 0; i < t.args.size(); ++i) tuple[i] = arg(i);
      for (const auto& row : table.rows)
        if (row == tuple) return 1;
      return 0;
    }
    case Op::Connected: {
      std::vector<char> in(t.args.size());
      for (size_t i = 0; i < t.args.size(); ++i) in[i] = truthy(arg(i));
      return b(may_connect(connected_neighbours(p, t), in, in));
    }
    case Op::Possible:  // only in techniques' state patterns (runtime/hints), never in a constraint
      break;
  }
  throw std::logic_error("a term that an assignment does not evaluate (unknown op, or possible())");
}

// ---- partial evaluation --------------------------------------------------------------

// The set of values a term may take: maybe null, and maybe some non-null value in
// [lo, hi]. Bounds saturate at kLo/kHi so interval arithmetic never overflows.
constexpr Value kLo = kNull + 1;
constexpr Value kHi = std::numeric_limits<Value>::max();

struct Range {
  bool null = false;  // null is possible
  bool any = false;   // some non-null value in [lo, hi] is possible
  Value lo = 0, hi = 0;

  static Range exact(Value v) {
    if (v == kNull) return Range{true, false, 0, 0};
    return Range{false, true, v, v};
  }
  static Range span(bool null, __int128 lo, __int128 hi) {
    auto clamp = [](__int128 x) {
      return static_cast<Value>(std::clamp<__int128>(x, kLo, kHi));
    };
    return Range{null, true, clamp(lo), clamp(hi)};
  }
  static Range truth(bool can_true, bool can_false) {
    return Range{false, can_true || can_false, can_false ? 0 : 1, can_true ? 1 : 0};
  }
  bool is_exact() const { return (null && !any) || (!null && any && lo == hi); }
  Value exact_value() const { return any ? lo : kNull; }
  // Truthiness: the value is non-null and non-zero / null or zero.
  bool can_true() const { return any && !(lo == 0 && hi == 0); }
  bool can_false() const { return null || (any && lo <= 0 && hi >= 0); }
  bool contains(Value v) const { return v == kNull ? null : (any && lo <= v && v <= hi); }
};

Range join(const Range& a, const Range& b) {
  if (!a.any) return Range{a.null || b.null, b.any, b.lo, b.hi};
  if (!b.any) return Range{a.null || b.null, a.any, a.lo, a.hi};
  return Range{a.null || b.null, true, std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
}

Truth to_truth(const Range& r) {
  if (!r.can_true()) return Truth::False;
  if (!r.can_false()) return Truth::True;
  return Truth::Unknown;
}

// The range of a variable that `a` leaves unfilled: its whole domain.
Range domain_range(const Program& p, size_t v) {
  VarRange r;
  for (Value d : p.vars[v].domain) r.add(d);
  return Range{r.null, r.any, r.lo, r.hi};
}

// The values a partial assignment leaves to variable v: its value, or its whole domain.
auto partial_range(const Program& p, const PartialAssignment& a) {
  return [&p, &a](size_t v) { return v < a.size() && a[v] ? Range::exact(*a[v]) : domain_range(p, v); };
}

// A peval `may_be` that knows no more than the range's bounds.
bool any_inside(size_t, Value) { return true; }

// The range of a term that is neither a constant nor a variable, from its arguments'
// ranges: `arg(i)`, asked only for the arguments that decide it (an And stops at one that
// cannot be true). `may_be(v, x)`: whether x is among variable v's values, where its
// range's bounds do not say (x inside them): a variable's candidates can have holes.
template <class Arg, class MayBe>
Range combine(const Program& p, const Term& t, const Arg& arg, const MayBe& may_be) {
  auto args = [&]() {
    std::vector<Range> rs;
    rs.reserve(t.args.size());
    for (size_t i = 0; i < t.args.size(); ++i) rs.push_back(arg(i));
    return rs;
  };
  switch (t.op) {
    case Op::Const:
    case Op::Var:
      break;  // leaves: the caller's
    case Op::Not: {
      need_args(t, 1, "not");
      Range x = arg(0);
      return Range::truth(x.can_false(), x.can_true());
    }
    case Op::And: {
      bool ct = true, cf = false;
      for (size_t i = 0; i < t.args.size() && ct; ++i) {  // one argument that cannot be true decides
        Range x = arg(i);
        ct &= x.can_true(), cf |= x.can_false();
      }
      return Range::truth(ct, cf || !ct);
    }
    case Op::Or: {
      bool ct = false, cf = true;
      for (size_t i = 0; i < t.args.size() && cf; ++i) {  // one argument that cannot be false decides
        Range x = arg(i);
        ct |= x.can_true(), cf &= x.can_false();
      }
      return Range::truth(ct || !cf, cf);
    }
    case Op::Xor:
    case Op::Iff: {
      if (t.op == Op::Iff) need_some_args(t, "iff");
      auto rs = args();
      bool definite = std::all_of(rs.begin(), rs.end(),
                                  [](const Range& x) { return x.can_true() != x.can_false(); });
      if (!definite) return Range::truth(true, true);
      bool r;
      if (t.op == Op::Xor) {
        r = false;
        for (const Range& x : rs) r ^= x.can_true();
      } else {
        r = std::all_of(rs.begin(), rs.end(),
                        [&](const Range& x) { return x.can_true() == rs[0].can_true(); });
      }
      return Range::truth(r, !r);
    }
    case Op::Implies: {
      need_args(t, 2, "implies");
      Range x = arg(0), y = arg(1);
      return Range::truth(x.can_false() || y.can_true(), x.can_true() && y.can_false());
    }
    case Op::Eq:
    case Op::Ne: {
      need_args(t, 2, "=");
      Range x = arg(0), y = arg(1);
      bool can_equal = (x.null && y.null) ||
                       (x.any && y.any && std::max(x.lo, y.lo) <= std::min(x.hi, y.hi));
      // A variable against one value: whether the variable may take it exactly (the
      // engine's search for supports of `a = b + 1 or c = b + 1 ...` prunes on it).
      if (can_equal && !(x.null && y.null)) {
        const Term& a = term_at(p, t.args[0]);
        const Term& b = term_at(p, t.args[1]);
        if (a.op == Op::Var && !x.is_exact() && y.is_exact()) can_equal = may_be(static_cast<size_t>(a.value), y.lo);
        else if (b.op == Op::Var && !y.is_exact() && x.is_exact()) can_equal = may_be(static_cast<size_t>(b.value), x.lo);
      }
      bool surely_equal = x.is_exact() && y.is_exact() && x.exact_value() == y.exact_value();
      bool can_differ = !surely_equal && (x.null || x.any) && (y.null || y.any);
      return t.op == Op::Eq ? Range::truth(can_equal, can_differ)
                            : Range::truth(can_differ, can_equal);
    }
    case Op::Lt:
    case Op::Le:
    case Op::Gt:
    case Op::Ge: {
      need_args(t, 2, "comparison");
      Range x = arg(0), y = arg(1);
      bool both = x.any && y.any;
      bool nul = x.null || y.null;
      switch (t.op) {
        case Op::Lt: return Range::truth(both && x.lo < y.hi, nul || (both && x.hi >= y.lo));
        case Op::Le: return Range::truth(both && x.lo <= y.hi, nul || (both && x.hi > y.lo));
        case Op::Gt: return Range::truth(both && x.hi > y.lo, nul || (both && x.lo <= y.hi));
        default: return Range::truth(both && x.hi >= y.lo, nul || (both && x.lo < y.hi));
      }
    }
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Min:
    case Op::Max: {
      need_some_args(t, "arithmetic");
      // One pass, no vector of ranges (the engine's search for supports evaluates this at
      // every node).
      bool nul = false, any = true;
      __int128 lo = 0, hi = 0;
      for (size_t i = 0; i < t.args.size(); ++i) {
        Range x = arg(i);
        nul |= x.null;
        any = any && x.any;
        if (!any) continue;  // the rest still say whether null is possible
        if (i == 0) {
          lo = x.lo, hi = x.hi;
          continue;
        }
        __int128 l = x.lo, h = x.hi;
        switch (t.op) {
          case Op::Add: lo += l, hi += h; break;
          case Op::Sub: lo -= h, hi -= l; break;
          case Op::Mul: {
            // Bounds are at most 2^63 in magnitude, so each product fits in __int128;
            // clamp after every step so the next product does too.
            __int128 c[4] = {lo * l, lo * h, hi * l, hi * h};
            lo = std::clamp<__int128>(*std::min_element(c, c + 4), kLo, kHi);
            hi = std::clamp<__int128>(*std::max_element(c, c + 4), kLo, kHi);
            break;
          }
          case Op::Min: lo = std::min(lo, l), hi = std::min(hi, h); break;
          default: lo = std::max(lo, l), hi = std::max(hi, h); break;
        }
        lo = std::clamp<__int128>(lo, kLo, kHi);
        hi = std::clamp<__int128>(hi, kLo, kHi);
      }
      if (!any) return Range{nul, false, 0, 0};
      return Range::span(nul, lo, hi);
    }
    case Op::Div:
    case Op::Mod: {
      need_args(t, 2, "div/mod");
      Range x = arg(0), y = arg(1);
      if (x.is_exact() && y.is_exact()) {
        Value u = x.exact_value(), v = y.exact_value();
        if (u == kNull || v == kNull || v == 0) return Range::exact(kNull);
        return Range::exact(t.op == Op::Div ? trunc_div(u, v) : trunc_mod(u, v));
      }
      bool nul = x.null || y.null || y.contains(0);
      bool divisor_nonzero = y.any && !(y.lo == 0 && y.hi == 0);
      if (!x.any || !divisor_nonzero) return Range{nul, false, 0, 0};
      __int128 amax = std::max(-static_cast<__int128>(x.lo), static_cast<__int128>(x.hi));
      amax = std::max<__int128>(amax, 0);
      if (t.op == Op::Div) return Range::span(nul, -amax, amax);
      __int128 bmax = std::max(-static_cast<__int128>(y.lo), static_cast<__int128>(y.hi)) - 1;
      __int128 m = std::min(amax, bmax);
      // The remainder takes the sign of the dividend.
      __int128 lo = x.lo >= 0 ? 0 : -m;
      __int128 hi = x.hi <= 0 ? 0 : m;
      return Range::span(nul, lo, hi);
    }
    case Op::Neg: {
      need_args(t, 1, "neg");
      Range x = arg(0);
      if (!x.any) return x;
      return Range::span(x.null, -static_cast<__int128>(x.hi), -static_cast<__int128>(x.lo));
    }
    case Op::Abs: {
      need_args(t, 1, "abs");
      Range x = arg(0);
      if (!x.any) return x;
      __int128 lo = x.lo, hi = x.hi;
      if (lo >= 0) return Range::span(x.null, lo, hi);
      if (hi <= 0) return Range::span(x.null, -hi, -lo);
      return Range::span(x.null, 0, std::max(-lo, hi));
    }
    case Op::Ite: {
      need_args(t, 3, "ite");
      Range c = arg(0);
      if (!c.can_false()) return arg(1);
      if (!c.can_true()) return arg(2);
      return join(arg(1), arg(2));
    }
    case Op::Count: {
      Value lo = 0, hi = 0;
      for (size_t i = 0; i < t.args.size(); ++i) {
        Range x = arg(i);
        if (x.can_true()) ++hi;
        if (x.can_true() && !x.can_false()) ++lo;
      }
      return Range::span(false, lo, hi);
    }
    case Op::AllDiff: {
      auto rs = args();
      bool clash = false, may_clash = false;
      for (size_t i = 0; i < rs.size(); ++i)
        for (size_t j = i + 1; j < rs.size(); ++j) {
          const Range &x = rs[i], &y = rs[j];
          if (x.any && y.any && std::max(x.lo, y.lo) <= std::min(x.hi, y.hi)) may_clash = true;
          if (x.is_exact() && y.is_exact() && x.any && y.any && x.lo == y.lo) clash = true;
        }
      return Range::truth(!clash, may_clash);
    }
    case Op::Table: {
      const TableData& table = table_at(p, t.value);
      auto rs = args();
      bool all_exact = std::all_of(rs.begin(), rs.end(), [](const Range& x) { return x.is_exact(); });
      bool some_row = false;
      for (const auto& row : table.rows) {
        if (row.size() != rs.size()) continue;
        bool fits = true;
        for (size_t i = 0; i < rs.size() && fits; ++i) fits = rs[i].contains(row[i]);
        if (fits) {
          some_row = true;
          break;
        }
      }
      // With every arg exact, "some row fits" is exactly membership.
      return Range::truth(some_row, !all_exact || !some_row);
    }
    case Op::Connected: {
      auto rs = args();
      std::vector<char> can_in(rs.size()), must_in(rs.size());
      bool all_exact = true;
      for (size_t i = 0; i < rs.size(); ++i) {
        can_in[i] = rs[i].can_true();
        must_in[i] = rs[i].can_true() && !rs[i].can_false();
        all_exact = all_exact && can_in[i] == must_in[i];
      }
      bool may = may_connect(connected_neighbours(p, t), can_in, must_in);
      // Some completion is disconnected unless every cell is decided and they connect;
      // "maybe false" is the safe answer short of that.
      return Range::truth(may, !all_exact || !may);
    }
    case Op::Possible:  // only in techniques' state patterns (runtime/hints), never in a constraint
      break;
  }
  throw std::logic_error("a term that an assignment does not evaluate (unknown op, or possible())");
}

void check_var(const Program& p, const Term& t) {
  if (t.value < 0 || static_cast<size_t>(t.value) >= p.vars.size())
    throw std::logic_error("variable " + std::to_string(t.value) + " out of range");
}

// `var_range(v)`: the values variable v may take (see evaluate_partial, evaluate_ranges);
// `may_be` as combine's.
template <class VarRangeOf, class MayBe>
Range peval(const Program& p, TermId id, const VarRangeOf& var_range, const MayBe& may_be) {
  const Term& t = term_at(p, id);
  if (t.op == Op::Const) return Range::exact(t.value);
  if (t.op == Op::Var) {
    check_var(p, t);
    return var_range(static_cast<size_t>(t.value));
  }
  return combine(p, t, [&](size_t i) { return peval(p, t.args[i], var_range, may_be); }, may_be);
}

void collect_vars(const Program& p, TermId id, std::unordered_set<TermId>& seen,
                  std::vector<VarId>& out) {
  if (!seen.insert(id).second) return;
  const Term& t = term_at(p, id);
  if (t.op == Op::Var) {
    out.push_back(static_cast<VarId>(t.value));
    return;
  }
  for (TermId a : t.args) collect_vars(p, a, seen, out);
}

// Exact truth by trying every completion of `open` (vars of the term not yet filled in);
// `scratch` holds the filled-in values and is restored before returning.
Truth enumerate_truth(const Program& p, TermId term, const std::vector<VarId>& open,
                      Assignment& scratch) {
  std::vector<size_t> pos(open.size(), 0);
  for (VarId v : open)
    if (p.vars[static_cast<size_t>(v)].domain.empty()) return Truth::False;  // no completion
  bool seen_true = false, seen_false = false;
  while (true) {
    for (size_t i = 0; i < open.size(); ++i)
      scratch[static_cast<size_t>(open[i])] = p.vars[static_cast<size_t>(open[i])].domain[pos[i]];
    (truthy(eval(p, term, scratch)) ? seen_true : seen_false) = true;
    if (seen_true && seen_false) break;
    size_t i = 0;
    for (; i < open.size(); ++i) {
      if (++pos[i] < p.vars[static_cast<size_t>(open[i])].domain.size()) break;
      pos[i] = 0;
    }
    if (i == open.size()) break;
  }
  for (VarId v : open) scratch[static_cast<size_t>(v)] = 0;
  if (seen_true && seen_false) return Truth::Unknown;
  return seen_true ? Truth::True : Truth::False;
}

Truth constraint_truth_with(const Program& p, const Constraint& c, const PartialAssignment& a,
                            std::uint64_t limit, Assignment& scratch) {
  Truth quick = to_truth(peval(p, c.term, partial_range(p, a), any_inside));
  if (quick != Truth::Unknown) return quick;
  std::unordered_set<TermId> seen;
  std::vector<VarId> vars;
  collect_vars(p, c.term, seen, vars);
  std::sort(vars.begin(), vars.end());
  std::vector<VarId> open;
  std::uint64_t combos = 1;
  for (VarId v : vars) {
    auto u = static_cast<size_t>(v);
    if (u < a.size() && a[u]) continue;
    open.push_back(v);
    combos *= std::max<std::uint64_t>(p.vars[u].domain.size(), 1);
    if (combos > limit) return Truth::Unknown;
  }
  return enumerate_truth(p, c.term, open, scratch);
}

Assignment scratch_from(const Program& p, const PartialAssignment& a) {
  Assignment s(p.vars.size(), 0);
  for (size_t i = 0; i < s.size() && i < a.size(); ++i)
    if (a[i]) s[i] = *a[i];
  return s;
}

}  // namespace

Value evaluate(const Program& program, TermId term, const Assignment& assignment) {
  return eval(program, term, assignment);
}

bool satisfied(const Program& program, const Constraint& constraint, const Assignment& assignment) {
  return truthy(eval(program, constraint.term, assignment));
}

std::vector<int> violated_constraints(const Program& program, const Assignment& assignment) {
  std::vector<int> out;
  for (size_t i = 0; i < program.constraints.size(); ++i)
    if (!satisfied(program, program.constraints[i], assignment)) out.push_back(static_cast<int>(i));
  return out;
}

Truth evaluate_partial(const Program& program, TermId term, const PartialAssignment& partial) {
  return to_truth(peval(program, term, partial_range(program, partial), any_inside));
}

Truth evaluate_ranges(const Program& program, TermId term, std::span<const VarId> scope, std::span<const VarRange> ranges,
                      const std::function<bool(std::size_t, Value)>& may_be) {
  auto position = [&](size_t v) -> std::ptrdiff_t {
    auto it = std::lower_bound(scope.begin(), scope.end(), static_cast<VarId>(v));
    return it == scope.end() || *it != static_cast<VarId>(v) ? -1 : it - scope.begin();
  };
  return to_truth(peval(
      program, term,
      [&](size_t v) {
        const std::ptrdiff_t at = position(v);
        if (at < 0) return domain_range(program, v);
        const VarRange& r = ranges[static_cast<size_t>(at)];
        return Range{r.null, r.any, r.lo, r.hi};
      },
      [&](size_t v, Value x) {
        const std::ptrdiff_t at = position(v);
        if (at < 0 || !may_be) return any_inside(v, x);
        return may_be(static_cast<size_t>(at), x);
      }));
}

struct RangeEvaluator::Impl {
  const Program& p;
  TermId term;
  std::span<const VarId> scope;  // (the caller's, alive while this is)
  // The term's distinct subterms, each after its arguments; the last is the term.
  std::vector<const Term*> nodes;
  std::vector<std::vector<int>> args;
  std::vector<std::vector<int>> parents;  // one entry per argument position that holds the node
  std::vector<int> position;  // per node: its scope position if a variable of the scope, else -1
  std::vector<std::vector<int>> leaves;  // per scope position: its variable's nodes
  std::vector<Range> value;
  // And, Or and Count are kept as counts of their arguments that can be true, that can be
  // false, and that can only be true: a change of one argument is carried in O(1), not by
  // reading all of them (a fleet count is a Count over every square).
  struct Counts {
    int can_true = 0, can_false = 0, only_true = 0;
  };
  std::vector<char> counted;
  std::vector<Counts> counts;
  std::vector<char> queued;
  // The nodes to evaluate again, by height (a node's arguments are lower): each level is
  // done before the next, so a node is evaluated once, after all its changed arguments.
  std::vector<int> height;
  std::vector<std::vector<int>> work;
  std::size_t lowest = 0;  // no work below it
  const std::function<bool(std::size_t, Value)>* may_be = nullptr;

  Impl(const Program& program, TermId t, std::span<const VarId> sc) : p(program), term(t), scope(sc) {
    std::unordered_map<TermId, int> index;
    // Post-order without recursion (a long chain of terms would overflow the stack).
    std::vector<std::pair<TermId, size_t>> stack{{term, 0}};
    while (!stack.empty()) {
      auto& [id, next] = stack.back();
      const Term& u = term_at(p, id);
      if (next < u.args.size()) {
        TermId a = u.args[next++];
        if (!index.count(a)) stack.emplace_back(a, 0);
        continue;
      }
      if (!index.count(id)) {
        const int k = static_cast<int>(nodes.size());
        index.emplace(id, k);
        nodes.push_back(&u);
        args.emplace_back();
        for (TermId a : u.args) args.back().push_back(index.at(a));
      }
      stack.pop_back();
    }
    parents.resize(nodes.size());
    counted.assign(nodes.size(), 0);
    for (size_t k = 0; k < nodes.size(); ++k) {
      for (int a : args[k]) parents[static_cast<size_t>(a)].push_back(static_cast<int>(k));
      const Op op = nodes[k]->op;
      counted[k] = op == Op::And || op == Op::Or || op == Op::Count;
    }
    position.assign(nodes.size(), -1);
    leaves.resize(scope.size());
    for (size_t k = 0; k < nodes.size(); ++k) {
      if (nodes[k]->op != Op::Var) continue;
      check_var(p, *nodes[k]);
      const std::ptrdiff_t at = find(static_cast<size_t>(nodes[k]->value));
      position[k] = static_cast<int>(at);
      if (at >= 0) leaves[static_cast<size_t>(at)].push_back(static_cast<int>(k));
    }
    value.resize(nodes.size());
    counts.resize(nodes.size());
    queued.assign(nodes.size(), 0);
    height.assign(nodes.size(), 0);
    for (size_t k = 0; k < nodes.size(); ++k)
      for (int a : args[k]) height[k] = std::max(height[k], height[static_cast<size_t>(a)] + 1);
    work.resize(static_cast<size_t>(height.back()) + 1);
    lowest = work.size();
  }

  std::ptrdiff_t find(size_t v) const {
    auto it = std::lower_bound(scope.begin(), scope.end(), static_cast<VarId>(v));
    return it == scope.end() || *it != static_cast<VarId>(v) ? -1 : it - scope.begin();
  }

  // evaluate_ranges's reasoning, from the arguments' values.
  Range eval_node(size_t k, std::span<const VarRange> ranges) const {
    const Term& t = *nodes[k];
    if (t.op == Op::Const) return Range::exact(t.value);
    if (t.op == Op::Var) {
      if (position[k] < 0) return domain_range(p, static_cast<size_t>(t.value));
      const VarRange& r = ranges[static_cast<size_t>(position[k])];
      return Range{r.null, r.any, r.lo, r.hi};
    }
    return combine(
        p, t, [&](size_t i) { return value[static_cast<size_t>(args[k][i])]; },
        [&](size_t v, Value x) {
          const std::ptrdiff_t at = find(v);
          if (at < 0 || !may_be || !*may_be) return any_inside(v, x);
          return (*may_be)(static_cast<size_t>(at), x);
        });
  }

  // combine's answer for an And, Or or Count, from its counts.
  Range from_counts(size_t k) const {
    const Counts& n = counts[k];
    const auto all = static_cast<int>(args[k].size());
    switch (nodes[k]->op) {
      case Op::And: {
        const bool ct = n.can_true == all;
        return Range::truth(ct, n.can_false > 0 || !ct);
      }
      case Op::Or: {
        const bool cf = n.can_false == all;
        return Range::truth(n.can_true > 0 || !cf, cf);
      }
      default:
        return Range::span(false, n.only_true, n.can_true);
    }
  }

  static void count(Counts& n, const Range& r, int sign) {
    n.can_true += sign * r.can_true();
    n.can_false += sign * r.can_false();
    n.only_true += sign * (r.can_true() && !r.can_false());
  }

  void enqueue(int q) {
    if (queued[static_cast<size_t>(q)]) return;
    queued[static_cast<size_t>(q)] = 1;
    const auto h = static_cast<size_t>(height[static_cast<size_t>(q)]);
    work[h].push_back(q);
    lowest = std::min(lowest, h);
  }

  // Node k's value went from `before` to value[k]: its parents' counts follow.
  void changed(size_t k, const Range& before) {
    for (int q : parents[k]) {
      if (counted[static_cast<size_t>(q)]) {
        count(counts[static_cast<size_t>(q)], before, -1);
        count(counts[static_cast<size_t>(q)], value[k], +1);
      }
      enqueue(q);
    }
  }

  static bool same(const Range& a, const Range& b) { return a.null == b.null && a.any == b.any && a.lo == b.lo && a.hi == b.hi; }
};

RangeEvaluator::RangeEvaluator(const Program& program, TermId term, std::span<const VarId> scope)
    : impl_(std::make_unique<Impl>(program, term, scope)) {}

RangeEvaluator::~RangeEvaluator() = default;

void RangeEvaluator::reset(std::span<const VarRange> ranges, const std::function<bool(std::size_t, Value)>* may_be) {
  Impl& m = *impl_;
  m.may_be = may_be;
  for (size_t k = 0; k < m.nodes.size(); ++k) {
    if (m.counted[k]) {
      m.counts[k] = {};
      for (int a : m.args[k]) Impl::count(m.counts[k], m.value[static_cast<size_t>(a)], +1);
    }
    m.value[k] = m.eval_node(k, ranges);
  }
}

void RangeEvaluator::set(std::size_t position, std::span<const VarRange> ranges) {
  Impl& m = *impl_;
  for (int leaf : m.leaves[position]) {
    const auto k = static_cast<size_t>(leaf);
    const Range before = m.value[k];
    m.value[k] = m.eval_node(k, ranges);
    if (!Impl::same(before, m.value[k])) m.changed(k, before);
    else for (int q : m.parents[k]) m.enqueue(q);  // may_be's answers may have changed
  }
  for (; m.lowest < m.work.size(); ++m.lowest) {
    std::vector<int>& level = m.work[m.lowest];
    for (std::size_t i = 0; i < level.size(); ++i) {  // (only higher levels grow meanwhile)
      const auto k = static_cast<size_t>(level[i]);
      m.queued[k] = 0;
      const Range before = m.value[k];
      m.value[k] = m.counted[k] ? m.from_counts(k) : m.eval_node(k, ranges);
      if (!Impl::same(before, m.value[k])) m.changed(k, before);
    }
    level.clear();
  }
}

Truth RangeEvaluator::truth() const { return to_truth(impl_->value.back()); }

bool RangeEvaluator::made_for(const Program& program, TermId term, std::span<const VarId> scope) const {
  return &impl_->p == &program && impl_->term == term && impl_->scope.data() == scope.data() &&
         impl_->scope.size() == scope.size();
}

Truth constraint_truth(const Program& program, const Constraint& constraint,
                       const PartialAssignment& partial, std::uint64_t enumeration_limit) {
  Assignment scratch = scratch_from(program, partial);
  return constraint_truth_with(program, constraint, partial, enumeration_limit, scratch);
}

std::vector<int> definitely_violated(const Program& program, const PartialAssignment& partial) {
  Assignment scratch = scratch_from(program, partial);
  std::vector<int> out;
  for (size_t i = 0; i < program.constraints.size(); ++i)
    if (constraint_truth_with(program, program.constraints[i], partial, kEnumerationLimit,
                              scratch) == Truth::False)
      out.push_back(static_cast<int>(i));
  return out;
}

}  // namespace pzc::ir

namespace pzc::ir {

std::vector<std::vector<int>> orthogonal_neighbours(const std::vector<std::vector<Value>>& cells) {
  std::map<std::pair<Value, Value>, int> at;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (cells[i].size() != 2) throw std::logic_error("connected: a cell is not (row, col)");
    at.emplace(std::pair{cells[i][0], cells[i][1]}, static_cast<int>(i));
  }
  std::vector<std::vector<int>> out(cells.size());
  for (size_t i = 0; i < cells.size(); ++i)
    for (auto [dr, dc] : {std::pair<Value, Value>{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
      auto it = at.find({cells[i][0] + dr, cells[i][1] + dc});
      if (it != at.end()) out[i].push_back(it->second);
    }
  return out;
}

bool may_connect(const std::vector<std::vector<int>>& neighbours, const std::vector<char>& can_in,
                 const std::vector<char>& must_in) {
  const size_t n = neighbours.size();
  size_t start = n;
  for (size_t i = 0; i < n && start == n; ++i)
    if (must_in[i]) start = i;
  if (start == n) return true;
  // Flood fill from one must_in cell through can_in cells.
  std::vector<char> seen(n, 0);
  std::vector<size_t> stack{start};
  seen[start] = 1;
  while (!stack.empty()) {
    const size_t i = stack.back();
    stack.pop_back();
    for (int j : neighbours[i])
      if (can_in[static_cast<size_t>(j)] && !seen[static_cast<size_t>(j)]) {
        seen[static_cast<size_t>(j)] = 1;
        stack.push_back(static_cast<size_t>(j));
      }
  }
  for (size_t i = 0; i < n; ++i)
    if (must_in[i] && !seen[i]) return false;
  return true;
}

}  // namespace pzc::ir
