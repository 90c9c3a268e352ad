// Evaluation of checked expressions during grounding. Known values fold to constants;
// unknown ones become simplified ground terms. Collections carry per-element membership
// terms, so `->select(q | light[q])->size() = 2` grounds to a cardinality constraint.
#include "compiler/front/ground/eval.hpp"

#include <pthread.h>

#include <algorithm>
#include <limits>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "runtime/ir/eval.hpp"

namespace pzc::ground {

using ir::Op;
using ir::TermId;
using ir::ValueKind;
using VK = Value::K;

int compare(const Value& a, const Value& b) {
  if (a.k == VK::Line || b.k == VK::Line) return compare(line_items(a), line_items(b));
  if (a.k != b.k) return a.k < b.k ? -1 : 1;
  switch (a.k) {
    case VK::Cell:
      if (a.r != b.r) return a.r < b.r ? -1 : 1;
      if (a.c != b.c) return a.c < b.c ? -1 : 1;
      return 0;
    case VK::Seq:
    case VK::Set: {
      std::size_t n = std::min(a.size(), b.size());
      for (std::size_t i = 0; i < n; ++i)
        if (int c = compare(a.at(i), b.at(i))) return c;
      return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
    }
    case VK::Grid: return a.grid == b.grid ? 0 : (a.grid < b.grid ? -1 : 1);
    default:
      if (a.i != b.i) return a.i < b.i ? -1 : 1;
      return 0;
  }
}

bool same(const Value& a, const Value& b) { return compare(a, b) == 0; }

std::size_t Evaluator::CallCache::entry(const std::vector<std::uint64_t>& key) {
  if (2 * (values_.size() + 1) > slots_.size()) grow();
  std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ key.size();
  for (std::uint64_t w : key) {
    h = (h ^ w) * 0xff51afd7ed558ccdULL;
    h ^= h >> 32;
  }
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = static_cast<std::size_t>(h) & mask;
  for (;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.entry < 0) break;
    if (s.hash == h && s.len == key.size() && std::equal(key.begin(), key.end(), words_.begin() + s.offset))
      return static_cast<std::size_t>(s.entry);
  }
  Slot& s = slots_[i];
  s.hash = h;
  s.offset = static_cast<std::uint32_t>(words_.size());
  s.len = static_cast<std::uint32_t>(key.size());
  s.entry = static_cast<std::int64_t>(values_.size());
  words_.insert(words_.end(), key.begin(), key.end());
  values_.emplace_back();
  done_.push_back(false);
  return static_cast<std::size_t>(s.entry);
}

void Evaluator::CallCache::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(std::max<std::size_t>(64, old.size() * 2), Slot{});
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& s : old) {
    if (s.entry < 0) continue;
    std::size_t i = static_cast<std::size_t>(s.hash) & mask;
    while (slots_[i].entry >= 0) i = (i + 1) & mask;
    slots_[i] = s;
  }
}

Evaluator::Evaluator(const sema::CheckedPuzzle& cp, ir::Program& program, source::SourceManager& sm,
                     const Limits& limits)
    : cp_(cp), program_(program), sm_(sm), limits_(limits), tb_(program) {
  for (std::size_t i = 0; i < program_.strings.size(); ++i) string_ids_[program_.strings[i]] = static_cast<std::int64_t>(i);
}

void Evaluator::fail(const source::Range& r, std::string msg) const { throw EvalError{r, std::move(msg)}; }

std::int64_t Evaluator::arith(Op op, std::int64_t x, std::int64_t y) const {
  std::int64_t out = 0;
  bool over = false;
  switch (op) {
    case Op::Add: over = __builtin_add_overflow(x, y, &out); break;
    case Op::Sub: over = __builtin_sub_overflow(x, y, &out); break;
    default: over = __builtin_mul_overflow(x, y, &out); break;
  }
  // The smallest int64 is null's code in the IR: out of range too.
  if (over || out == ir::kNull) {
    static const source::Range nowhere{};
    const char* sign = op == Op::Add ? "+" : op == Op::Sub ? "-" : "*";
    fail(at_ ? *at_ : nowhere, fmt::format("integer overflow: {} {} {} is outside the 64-bit range", x, sign, y));
  }
  return out;
}

std::int64_t Evaluator::intern(const std::string& s) {
  auto [it, fresh] = string_ids_.emplace(s, static_cast<std::int64_t>(program_.strings.size()));
  if (fresh) program_.strings.push_back(s);
  return it->second;
}

std::string Evaluator::format(const Value& v) const {
  switch (v.k) {
    case VK::Null: return "null";
    case VK::Int: return std::to_string(v.i);
    case VK::Bool: return v.i ? "true" : "false";
    case VK::Sym: return cp_.symbols.at(static_cast<size_t>(v.i));
    case VK::Str: return program_.strings.at(static_cast<size_t>(v.i));
    case VK::Chr: return std::string(1, static_cast<char>(v.i));
    case VK::Cell: {  // "r{row}c{col}", without fmt's parsing (every rule binding formats its cell)
      std::string s = "r";
      s += std::to_string(v.r);
      s += 'c';
      s += std::to_string(v.c);
      return s;
    }
    case VK::Seq:
    case VK::Set: {
      std::string s = v.k == VK::Seq ? "[" : "{";
      for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + format(v.at(i));
      return s + (v.k == VK::Seq ? "]" : "}");
    }
    case VK::Grid: return fmt::format("grid {}x{}", v.grid->rows, v.grid->cols);
    case VK::Map: return "map";
    case VK::Line: return format(line_items(v));
    case VK::Term: {
      const ir::Term& t = tb_[static_cast<TermId>(v.i)];
      if (t.op == Op::Var) return program_.vars[static_cast<size_t>(t.value)].name;
      return "(unknown)";
    }
  }
  return "?";
}

// ---------------------------------------------------------------- terms

ValueKind Evaluator::kind_of(const Value& v) const {
  switch (v.k) {
    case VK::Int: return ValueKind::Int;
    case VK::Bool: return ValueKind::Bool;
    case VK::Sym: return ValueKind::Symbol;
    case VK::Str: return ValueKind::String;
    case VK::Chr: return ValueKind::Char;
    case VK::Term: return v.term_kind;
    default: return ValueKind::Null;
  }
}

TermId Evaluator::to_term(const Value& v, const source::Range& where) {
  switch (v.k) {
    case VK::Null: return tb_.constant(ValueKind::Null, ir::kNull);
    case VK::Int: case VK::Bool: case VK::Sym: case VK::Str: case VK::Chr:
      return tb_.constant(kind_of(v), v.i);
    case VK::Term: return static_cast<TermId>(v.i);
    default: fail(where, "a collection, cell or grid cannot depend on the unknowns here; use known values");
  }
}

Value Evaluator::from_term(TermId t) {
  const ir::Term& term = tb_[t];
  if (term.op != Op::Const) return Value::term(t, term.kind);
  switch (term.kind) {
    case ValueKind::Int: return Value::integer(term.value);
    case ValueKind::Bool: return Value::boolean(term.value != 0);
    case ValueKind::Symbol: return Value::symbol(term.value);
    case ValueKind::String: return Value::string(term.value);
    case ValueKind::Char: return Value::character(static_cast<char>(term.value));
    case ValueKind::Null: return Value::null();
  }
  return Value::null();
}

TermId Evaluator::t_not(TermId a) {
  const ir::Term& t = tb_[a];
  if (t.op == Op::Const) return tb_.boolean(t.value == 0);
  if (t.op == Op::Not) return t.args[0];
  if (t.op == Op::Eq) return tb_.make(Op::Ne, ValueKind::Bool, t.args);
  if (t.op == Op::Ne) return tb_.make(Op::Eq, ValueKind::Bool, t.args);
  return tb_.make(Op::Not, ValueKind::Bool, {a});
}

namespace {
// A literal `var = c` / `var <> c` recognised for local simplification.
struct Lit {
  ir::VarId var;
  ir::Value value;
  bool positive;
};
}  // namespace

static std::optional<Lit> as_lit(const ir::TermBuilder& tb, TermId id) {
  const ir::Term& t = tb[id];
  if ((t.op == Op::Eq || t.op == Op::Ne) && t.args.size() == 2) {
    const ir::Term& a = tb[t.args[0]];
    const ir::Term& b = tb[t.args[1]];
    if (a.op == Op::Var && b.op == Op::Const) return Lit{static_cast<ir::VarId>(a.value), b.value, t.op == Op::Eq};
  }
  return std::nullopt;
}

TermId Evaluator::t_and(std::span<const TermId> args) {
  // Small inline buffers: most calls have two or three arguments (one heap allocation
  // per vector here was the grounder's commonest allocation).
  boost::container::small_vector<TermId, 16> flat;
  for (TermId a : args) {
    if (is_true(a)) continue;
    if (is_false(a)) return tb_.boolean(false);
    const ir::Term& t = tb_[a];
    if (t.op == Op::And) {
      for (TermId s : t.args) flat.push_back(s);
    } else {
      flat.push_back(a);
    }
  }
  std::sort(flat.begin(), flat.end());
  flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
  // Literals on one variable: v = a makes v <> b (b != a) redundant, and v = b false.
  auto& fixed = lits_scratch_;  // (var, value), sorted by var
  fixed.clear();
  for (TermId a : flat)
    if (auto l = as_lit(tb_, a); l && l->positive) fixed.emplace_back(l->var, l->value);
  std::sort(fixed.begin(), fixed.end());
  for (std::size_t i = 1; i < fixed.size(); ++i)
    if (fixed[i].first == fixed[i - 1].first && fixed[i].second != fixed[i - 1].second) return tb_.boolean(false);
  boost::container::small_vector<TermId, 16> kept;
  for (TermId a : flat) {
    if (auto l = as_lit(tb_, a); l && !l->positive) {
      auto it = std::lower_bound(fixed.begin(), fixed.end(), std::make_pair(l->var, std::numeric_limits<ir::Value>::min()));
      if (it != fixed.end() && it->first == l->var) {
        if (it->second == l->value) return tb_.boolean(false);
        continue;
      }
    }
    if (std::binary_search(flat.begin(), flat.end(), t_not(a)) && tb_[a].op != Op::Not) return tb_.boolean(false);
    kept.push_back(a);
  }
  if (kept.empty()) return tb_.boolean(true);
  if (kept.size() == 1) return kept[0];
  return tb_.make(Op::And, ValueKind::Bool, std::span<const TermId>(kept.data(), kept.size()));
}

TermId Evaluator::t_or(std::span<const TermId> args) {
  // Small inline buffers: most calls have two or three arguments (one heap allocation
  // per vector here was the grounder's commonest allocation).
  boost::container::small_vector<TermId, 16> flat;
  for (TermId a : args) {
    if (is_false(a)) continue;
    if (is_true(a)) return tb_.boolean(true);
    const ir::Term& t = tb_[a];
    if (t.op == Op::Or) {
      for (TermId s : t.args) flat.push_back(s);
    } else {
      flat.push_back(a);
    }
  }
  std::sort(flat.begin(), flat.end());
  flat.erase(std::unique(flat.begin(), flat.end()), flat.end());
  // v <> a together with v <> b (a != b) is always true; v = a with v <> a too.
  auto& excluded = lits_scratch_;  // (var, value), sorted by var
  excluded.clear();
  for (TermId a : flat)
    if (auto l = as_lit(tb_, a); l && !l->positive) excluded.emplace_back(l->var, l->value);
  std::sort(excluded.begin(), excluded.end());
  for (std::size_t i = 1; i < excluded.size(); ++i)
    if (excluded[i].first == excluded[i - 1].first && excluded[i].second != excluded[i - 1].second) return tb_.boolean(true);
  boost::container::small_vector<TermId, 16> kept;
  for (TermId a : flat) {
    if (auto l = as_lit(tb_, a); l && l->positive) {
      auto it = std::lower_bound(excluded.begin(), excluded.end(), std::make_pair(l->var, std::numeric_limits<ir::Value>::min()));
      if (it != excluded.end() && it->first == l->var) {
        if (it->second == l->value) return tb_.boolean(true);
        continue;  // v = a is implied by v <> b? no: v = a implies v <> b, so drop v = a
      }
    }
    kept.push_back(a);
  }
  if (kept.empty()) return tb_.boolean(false);
  if (kept.size() == 1) return kept[0];
  return tb_.make(Op::Or, ValueKind::Bool, std::span<const TermId>(kept.data(), kept.size()));
}

TermId Evaluator::t_eq(TermId a, TermId b) {
  const ir::Term* ta = &tb_[a];
  const ir::Term* tb = &tb_[b];
  if (ta->op == Op::Const && tb->op == Op::Const) return tb_.boolean(ta->value == tb->value && (ta->kind == tb->kind));
  if (ta->op == Op::Const) {
    std::swap(a, b);
    std::swap(ta, tb);
  }
  if (tb->op == Op::Const) {
    if (ta->kind == ValueKind::Bool && tb->kind == ValueKind::Bool) return tb->value ? a : t_not(a);
    if (tb->kind == ValueKind::Null && ta->op == Op::Var) return tb_.boolean(false);
    if (ta->op == Op::Var) {
      const auto& dom = program_.vars[static_cast<size_t>(ta->value)].domain;
      if (!std::binary_search(dom.begin(), dom.end(), tb->value)) return tb_.boolean(false);
      if (dom.size() == 1) return tb_.boolean(true);
      return tb_.make(Op::Eq, ValueKind::Bool, {a, b});
    }
    if (ta->op == Op::Ite) {  // (if c then x else y) = k  ->  if c then x = k else y = k
      TermId c = ta->args[0], x = ta->args[1], y = ta->args[2];
      return t_ite(c, t_eq(x, b), t_eq(y, b));
    }
  }
  if (ta->kind == ValueKind::Bool && tb->kind == ValueKind::Bool)
    return t_or({t_and({a, b}), t_and({t_not(a), t_not(b)})});
  if (a == b) return tb_.boolean(true);
  if (a > b) std::swap(a, b);
  return tb_.make(Op::Eq, ValueKind::Bool, {a, b});
}

TermId Evaluator::t_cmp(Op op, TermId a, TermId b) {
  if (op == Op::Eq) return t_eq(a, b);
  if (op == Op::Ne) return t_not(t_eq(a, b));
  const ir::Term& ta = tb_[a];
  const ir::Term& tb = tb_[b];
  if (ta.op == Op::Const && tb.op == Op::Const) {
    if (ta.kind == ValueKind::Null || tb.kind == ValueKind::Null) return tb_.boolean(false);
    switch (op) {
      case Op::Lt: return tb_.boolean(ta.value < tb.value);
      case Op::Le: return tb_.boolean(ta.value <= tb.value);
      case Op::Gt: return tb_.boolean(ta.value > tb.value);
      default: return tb_.boolean(ta.value >= tb.value);
    }
  }
  return tb_.make(op, ValueKind::Bool, {a, b});
}

TermId Evaluator::t_add(std::vector<TermId> args) {
  std::int64_t k = 0;
  std::vector<TermId> rest;
  // A nested sum added to itself (`f(a) + f(a)`) stays one term: flattened, a chain of
  // defs that each do so doubled the flat sum at every level (2^24 terms for 24 defs).
  // (Only with two nested sums or more is one looked for twice: most sums have none.)
  std::vector<TermId> nested;
  if (std::count_if(args.begin(), args.end(), [&](TermId a) { return tb_[a].op == Op::Add; }) > 1) {
    for (TermId a : args)
      if (tb_[a].op == Op::Add) nested.push_back(a);
    std::sort(nested.begin(), nested.end());
  }
  auto repeated = [&](TermId a) {
    auto [lo, hi] = std::equal_range(nested.begin(), nested.end(), a);
    return hi - lo > 1;
  };
  for (TermId a : args) {
    const ir::Term& t = tb_[a];
    if (t.op == Op::Const) {
      if (t.kind == ValueKind::Null) return tb_.constant(ValueKind::Null, ir::kNull);
      k = arith(Op::Add, k, t.value);
    } else if (t.op == Op::Add && !repeated(a)) {
      for (TermId s : t.args) rest.push_back(s);
    } else {
      rest.push_back(a);
    }
  }
  // A flat sum past kMaxFlatSum terms is taken for a runaway: two calls per call of a def
  // that calls itself on an unknown (`f(x + 1, k - 1) + f(x + 2, k - 1)`) doubled it at every
  // level, and grounding grew to gigabytes in silence.
  constexpr std::size_t kMaxFlatSum = std::size_t{1} << 22;
  if (rest.size() > kMaxFlatSum) {
    static const source::Range nowhere{};
    fail(at_ ? *at_ : nowhere, fmt::format("a sum of more than {} terms: a def that calls itself on an unknown more than once "
                                           "per call makes a sum that doubles with each level",
                                           kMaxFlatSum));
  }
  // Re-fold constants that came from nested sums.
  std::vector<TermId> terms;
  for (TermId a : rest) {
    if (tb_[a].op == Op::Const) k = arith(Op::Add, k, tb_[a].value);
    else terms.push_back(a);
  }
  if (terms.empty()) return tb_.integer(k);
  if (k != 0) terms.push_back(tb_.integer(k));
  if (terms.size() == 1) return terms[0];
  return tb_.make(Op::Add, ValueKind::Int, terms);
}

TermId Evaluator::t_arith(Op op, TermId a, TermId b) {
  const ir::Term& ta = tb_[a];
  const ir::Term& tb = tb_[b];
  if (op == Op::Add) return t_add({a, b});
  if (ta.op == Op::Const && tb.op == Op::Const) {
    if (ta.kind == ValueKind::Null || tb.kind == ValueKind::Null) return tb_.constant(ValueKind::Null, ir::kNull);
    std::int64_t x = ta.value, y = tb.value;
    switch (op) {
      case Op::Sub: return tb_.integer(arith(Op::Sub, x, y));
      case Op::Mul: return tb_.integer(arith(Op::Mul, x, y));
      case Op::Div: return y == 0 ? tb_.constant(ValueKind::Null, ir::kNull) : tb_.integer(x / y);
      case Op::Mod: return y == 0 ? tb_.constant(ValueKind::Null, ir::kNull) : tb_.integer(x % y);
      case Op::Min: return tb_.integer(std::min(x, y));
      case Op::Max: return tb_.integer(std::max(x, y));
      default: break;
    }
  }
  if (op == Op::Sub) return t_add({a, t_arith(Op::Mul, tb_.integer(-1), b)});
  if (op == Op::Mul) {
    if (tb.op == Op::Const) std::swap(a, b);
    const ir::Term& c = tb_[a];
    if (c.op == Op::Const && c.value == 1) return b;  // (x * 0 stays: x may be null, and null * 0 is null)
  }
  return tb_.make(op, ValueKind::Int, {a, b});
}

TermId Evaluator::t_ite(TermId c, TermId a, TermId b) {
  if (is_true(c)) return a;
  if (is_false(c)) return b;
  if (a == b) return a;
  if (tb_[a].kind == ValueKind::Bool && tb_[b].kind == ValueKind::Bool)
    return t_or({t_and({c, a}), t_and({t_not(c), b})});
  ValueKind k = tb_[a].kind == ValueKind::Null ? tb_[b].kind : tb_[a].kind;
  return tb_.make(Op::Ite, k, {c, a, b});
}

TermId Evaluator::t_count(std::vector<TermId> args) {
  std::int64_t k = 0;
  std::vector<TermId> rest;
  for (TermId a : args) {
    if (is_true(a)) ++k;
    else if (!is_false(a)) rest.push_back(a);
  }
  if (rest.empty()) return tb_.integer(k);
  TermId c = tb_.make(Op::Count, ValueKind::Int, rest);
  return k ? t_add({c, tb_.integer(k)}) : c;
}

// ---------------------------------------------------------------- evaluation

namespace {

// Whether a value holds an unknown (a term) among its items, at any depth. Set operations
// compare their elements as values, and a term compares by its id, not by the value it
// will take: `s->asSet()` over `var s : Seq(2) of 1..2` would have two elements always.
bool holds_unknowns(const Value& v) {
  if (v.is_term() || v.has_guards()) return true;
  if (v.grid)
    for (const Value& x : v.grid->cells)
      if (holds_unknowns(x)) return true;
  if (!v.items) return false;
  for (const Value& x : *v.items)
    if (holds_unknowns(x)) return true;
  return false;
}

}  // namespace

bool Evaluator::concrete_bool(const ast::Expr& e, const char* what) {
  Value v = eval(e);
  if (v.k == VK::Bool) return v.i != 0;
  fail(e.range, fmt::format("{} must be known from the givens, but it depends on the unknowns", what));
}

Value Evaluator::concrete_seq(const Value& v, const source::Range& r, const char* what) {
  Value s = seq_items(v, r);
  if (s.has_guards()) fail(r, fmt::format("{} must be known from the givens, but it depends on the unknowns", what));
  return s;
}

std::vector<Value> Evaluator::concrete_items(const Value& v, const source::Range& r, const char* what) {
  Value s = concrete_seq(v, r, what);
  return s.items ? *s.items : std::vector<Value>{};
}

void Evaluator::too_many_steps(const source::Range& r) {
  steps_ = 0;
  fail(r, fmt::format("the rule takes more than {} evaluation steps (lambda bodies, range elements, elements walked "
                      "by collection operations): lambdas nested over large collections multiply; use smaller "
                      "collections or fewer nested lambdas",
                      limits_.max_steps));
}

// The same for every grid of this size: made once (a rule over `g.cells` of a 100x100
// board evaluates it once per rule).
Value Evaluator::cells_of(std::int64_t rows, std::int64_t cols) {
  auto [it, fresh] = cells_of_size_.try_emplace({rows, cols});
  if (fresh) {
    std::vector<Value> out;
    out.reserve(static_cast<std::size_t>(rows * cols));
    for (std::int64_t row = 1; row <= rows; ++row)
      for (std::int64_t col = 1; col <= cols; ++col) out.push_back(Value::cell(row, col, rows, cols));
    it->second = Value::seq(std::move(out));
  }
  return it->second;
}

Value Evaluator::eval_bound(const std::string& param, Value x, const ast::Expr& body) {
  charge(1, body.range);
  locals.emplace_back(param, std::move(x));
  Value v;
  try {
    v = eval(body);
  } catch (...) {
    locals.pop_back();
    throw;
  }
  locals.pop_back();
  return v;
}

namespace {

// Bytes of this thread's stack left below the caller's frame (SIZE_MAX when unknown).
std::size_t stack_left() {
  thread_local const char* const low = [] {
    pthread_attr_t attr;
    void* addr = nullptr;
    std::size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) != 0) return static_cast<const char*>(nullptr);
    const bool ok = pthread_attr_getstack(&attr, &addr, &size) == 0;
    pthread_attr_destroy(&attr);
    return ok ? static_cast<const char*>(addr) : nullptr;
  }();
  const char here = 0;
  if (!low || &here < low) return std::numeric_limits<std::size_t>::max();
  return static_cast<std::size_t>(&here - low);
}
constexpr std::size_t kStackReserve = std::size_t{1} << 20;

}  // namespace

Value Evaluator::eval(const ast::Expr& e) {
  Value v = eval_keep_line(e);
  if (v.k == VK::Line) return line_items(v);
  return v;
}

Value Evaluator::eval_keep_line(const ast::Expr& e) {
  // Nesting is bounded by the thread's stack (checked every 32 levels past 256), and by
  // Limits::max_depth where the stack's bounds are unknown.
  if (++depth_ > limits_.max_depth || ((depth_ & 31) == 0 && depth_ > 256 && stack_left() < kStackReserve)) {
    const int levels = depth_;
    depth_ = 0;
    fail(e.range, fmt::format("evaluation nested too deep ({} levels, at the end of the stack): a def that calls itself "
                              "without end, or a chain of defs too long?", levels));
  }
  struct Leave {
    int& d;
    const source::Range*& at;
    const source::Range* saved;
    ~Leave() {
      if (d > 0) --d;
      at = saved;
    }
  } leave{depth_, at_, at_};
  at_ = &e.range;
  return eval_node(e);
}

Value Evaluator::eval_node(const ast::Expr& e) {
  const source::Range& r = e.range;
  return std::visit(
      [&](const auto& n) -> Value {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ast::IntLit>) return Value::integer(n.value);
        else if constexpr (std::is_same_v<T, ast::BoolLit>) return Value::boolean(n.value);
        else if constexpr (std::is_same_v<T, ast::NullLit>) return Value::null();
        else if constexpr (std::is_same_v<T, ast::StringLit>) return Value::string(intern(n.value));
        else if constexpr (std::is_same_v<T, ast::CharLit>) return Value::character(n.value);
        else if constexpr (std::is_same_v<T, ast::Name>) return name(n, e);
        else if constexpr (std::is_same_v<T, ast::SetLit> || std::is_same_v<T, ast::SeqLit>) {
          // A collection of literals (['.', '#', '0'] in a requirement over every cell) is
          // the same value every time: made once.
          const bool constant = std::all_of(n.items.begin(), n.items.end(), [](const ast::ExprPtr& x) {
            return std::holds_alternative<ast::IntLit>(x->node) || std::holds_alternative<ast::CharLit>(x->node) ||
                   std::holds_alternative<ast::BoolLit>(x->node) || std::holds_alternative<ast::StringLit>(x->node);
          });
          if (constant)
            if (auto it = literal_cache_.find(&e); it != literal_cache_.end()) return it->second;
          std::vector<Value> items;
          for (const auto& it : n.items) items.push_back(eval(*it));
          if constexpr (std::is_same_v<T, ast::SetLit>) {
            for (const auto& it : items)
              if (it.is_term()) fail(r, "set elements must be known from the givens");
            std::sort(items.begin(), items.end(), [](const Value& a, const Value& b) { return compare(a, b) < 0; });
            items.erase(std::unique(items.begin(), items.end(), same), items.end());
            Value s = Value::seq(std::move(items));
            s.k = VK::Set;
            if (constant) literal_cache_.emplace(&e, s);
            return s;
          } else {
            Value s = Value::seq(std::move(items));
            if (constant) literal_cache_.emplace(&e, s);
            return s;
          }
        } else if constexpr (std::is_same_v<T, ast::GridLit>) {
          std::int64_t cols = 0;
          std::vector<Value> cells;
          for (std::size_t k = 0; k < n.rows.size(); ++k) {
            const std::string& row = n.rows[k];
            if (cols == 0) cols = static_cast<std::int64_t>(row.size());
            if (static_cast<std::int64_t>(row.size()) != cols)
              fail(k < n.rows_at.size() ? n.rows_at[k] : r, "the rows of a grid literal differ in length");
            ascii_only(row, k < n.rows_at.size() ? n.rows_at[k] : r, "a grid's squares are ASCII characters");
            for (char ch : row) cells.push_back(Value::character(ch));
          }
          return Value::grid_of(static_cast<std::int64_t>(n.rows.size()), cols, std::move(cells));
        } else if constexpr (std::is_same_v<T, ast::FileRef>) {
          fail(r, "a file can be read only as a given's value");
        } else if constexpr (std::is_same_v<T, ast::Unary>) {
          Value v = eval(*n.operand);
          if (n.op == ast::UnOp::Not) {
            if (v.k == VK::Bool) return Value::boolean(!v.i);
            return from_term(t_not(to_term(v, r)));
          }
          if (v.k == VK::Int) return Value::integer(-v.i);
          return from_term(t_arith(Op::Mul, tb_.integer(-1), to_term(v, r)));
        } else if constexpr (std::is_same_v<T, ast::Binary>) return binary(n, e);
        else if constexpr (std::is_same_v<T, ast::Call>) return call(n, e);
        else if constexpr (std::is_same_v<T, ast::Index>) return index(n, e);
        else if constexpr (std::is_same_v<T, ast::Member>) return member(n, e);
        else if constexpr (std::is_same_v<T, ast::Arrow>) return arrow(n, e);
        else if constexpr (std::is_same_v<T, ast::Let>) {
          Value v = eval(*n.value);
          locals.emplace_back(n.var, v);
          Value out = eval(*n.body);
          locals.pop_back();
          return out;
        } else if constexpr (std::is_same_v<T, ast::If>) {
          Value c = eval(*n.cond);
          if (c.k == VK::Bool) return c.i ? eval(*n.then_branch) : eval(*n.else_branch);
          Value a = eval(*n.then_branch), b = eval(*n.else_branch);
          return from_term(t_ite(to_term(c, r), to_term(a, r), to_term(b, r)));
        }
      },
      e.node);
}

Value Evaluator::name(const ast::Name& n, const ast::Expr& e) {
  for (std::size_t i = locals.size(); i-- > frame_;)
    if (locals[i].first == n.id) return locals[i].second;
  if (auto it = givens.find(n.id); it != givens.end()) {
    if (reads_ && track_->count(n.id)) reads_->push_back({&it->first, -1});
    return it->second;
  }
  if (auto it = vars.find(n.id); it != vars.end()) return it->second;
  if (n.id == "Bool" && !cp_.names.count("Bool")) {
    Value s = Value::seq({Value::boolean(false), Value::boolean(true)});
    s.k = VK::Set;
    return s;
  }
  auto it = cp_.names.find(n.id);
  if (it == cp_.names.end()) fail(e.range, fmt::format("unknown name '{}'", n.id));
  const sema::NameInfo& info = it->second;
  switch (info.kind) {
    case sema::NameKind::EnumMember: return Value::symbol(info.symbol);
    case sema::NameKind::Enum: {
      std::vector<Value> members;
      for (std::size_t s = 0; s < cp_.symbols.size(); ++s)
        if (cp_.names.at(cp_.symbols[s]).enum_id == info.enum_id) members.push_back(Value::symbol(static_cast<std::int64_t>(s)));
      Value set = Value::seq(std::move(members));
      set.k = VK::Set;
      return set;
    }
    case sema::NameKind::Def: return def_value(n.id, e.range);
    case sema::NameKind::Given: fail(e.range, fmt::format("given '{}' has no value", n.id));
    case sema::NameKind::Var:
      fail(e.range, fmt::format("the variable '{}' has no value here: this is evaluated on the givens alone "
                                "(a requirement, a 'where', a range or a size), or before '{}' is declared", n.id, n.id));
    case sema::NameKind::State: fail(e.range, fmt::format("state '{}' has no value while grounding rules", n.id));
  }
  fail(e.range, "unknown name");
}

Value Evaluator::def_value(const std::string& nm, const source::Range& r) {
  if (auto it = def_cache_.find(nm); it != def_cache_.end()) return it->second;
  const ast::DefDecl& d = *cp_.names.at(nm).def;
  Frame frame(*this);
  Value v = eval(*d.body);
  (void)r;
  if (!uncached_.count(&d)) def_cache_[nm] = v;
  return v;
}

Value Evaluator::eq(const Value& a, const Value& b, const source::Range& r) {
  // Grids and Maps cell by cell, entry by entry (a grid compared by identity, or a Map by
  // nothing at all, made `g = h` of two variable grids false and `m = k` of two Maps true).
  if ((a.k == VK::Grid && b.k == VK::Grid) || (a.k == VK::Map && b.k == VK::Map)) {
    if (!holds_unknowns(a) && !holds_unknowns(b) && a.k == VK::Grid && a.grid == b.grid) return Value::boolean(true);
    const bool grids = a.k == VK::Grid;
    if (grids ? (a.grid->rows != b.grid->rows || a.grid->cols != b.grid->cols) : a.size() != b.size())
      return Value::boolean(false);
    if (!grids)
      for (std::size_t i = 0; i < a.keys->size(); ++i)
        if (holds_unknowns((*a.keys)[i]) || !same((*a.keys)[i], (*b.keys)[i])) fail(r, "maps compare only with the same known keys");
    std::vector<TermId> parts;
    const std::size_t n = grids ? a.grid->cells.size() : a.size();
    for (std::size_t i = 0; i < n; ++i)
      parts.push_back(to_term(eq(grids ? a.grid->cells[i] : a.at(i), grids ? b.grid->cells[i] : b.at(i), r), r));
    return from_term(t_and(parts));
  }
  if (!a.is_term() && !b.is_term()) {
    if ((a.is_collection() || b.is_collection()) && (a.has_guards() || b.has_guards()))
      fail(r, "cannot compare collections whose members depend on the unknowns");
    if (a.is_collection() && b.is_collection()) {
      if (a.size() != b.size()) return Value::boolean(false);
      std::vector<TermId> parts;
      for (std::size_t i = 0; i < a.size(); ++i) {
        Value e = eq(a.at(i), b.at(i), r);
        parts.push_back(to_term(e, r));
      }
      return from_term(t_and(parts));
    }
    return Value::boolean(same(a, b));
  }
  return from_term(t_eq(to_term(a, r), to_term(b, r)));
}

Value Evaluator::binary(const ast::Binary& n, const ast::Expr& e) {
  using B = ast::BinOp;
  const source::Range& r = e.range;
  // Short-circuit on known left operands, so `p.col < n and g[p.right] = 1` is safe.
  if (n.op == B::And || n.op == B::Or || n.op == B::Implies) {
    Value a = eval(*n.lhs);
    if (a.k == VK::Bool) {
      if (n.op == B::And && !a.i) return Value::boolean(false);
      if (n.op == B::Or && a.i) return Value::boolean(true);
      if (n.op == B::Implies && !a.i) return Value::boolean(true);
      return eval(*n.rhs);
    }
    TermId ta = to_term(a, r);
    TermId tb = to_term(eval(*n.rhs), r);
    if (n.op == B::And) return from_term(t_and({ta, tb}));
    if (n.op == B::Or) return from_term(t_or({ta, tb}));
    return from_term(t_implies(ta, tb));
  }
  if (n.op == B::Eq || n.op == B::Ne) {
    const ast::Arrow* runs = runs_call(*n.lhs);
    const ast::Expr* clue = n.rhs.get();
    if (!runs) {
      runs = runs_call(*n.rhs);
      clue = n.lhs.get();
    }
    if (runs) {
      Value v = runs_equal(*runs, *clue, r);
      if (n.op == B::Eq) return v;
      return v.k == VK::Bool ? Value::boolean(!v.i) : from_term(t_not(to_term(v, r)));
    }
  }
  Value a = eval(*n.lhs);
  Value b = eval(*n.rhs);
  switch (n.op) {
    case B::Xor: {
      if (a.k == VK::Bool && b.k == VK::Bool) return Value::boolean(a.i != b.i);
      return from_term(t_not(t_eq(to_term(a, r), to_term(b, r))));
    }
    case B::Eq: return eq(a, b, r);
    case B::Ne: {
      Value v = eq(a, b, r);
      return v.k == VK::Bool ? Value::boolean(!v.i) : from_term(t_not(to_term(v, r)));
    }
    case B::Lt: case B::Le: case B::Gt: case B::Ge: {
      Op op = n.op == B::Lt ? Op::Lt : n.op == B::Le ? Op::Le : n.op == B::Gt ? Op::Gt : Op::Ge;
      return from_term(t_cmp(op, to_term(a, r), to_term(b, r)));
    }
    case B::In: {
      if (auto t = table_member(b, a, r)) return *t;
      Value s = seq_items(b, r);
      charge(static_cast<std::int64_t>(s.size()), r);
      // A known scalar in a collection of known scalars (`board[p] in '0'..'4'`): a
      // plain search, no terms.
      if (!a.is_term() && !a.is_collection() && !s.has_guards()) {
        bool known = true;
        for (std::size_t i = 0; i < s.size() && known; ++i) {
          const Value& x = s.at(i);
          if (x.is_term() || x.is_collection()) known = false;
          else if (same(a, x)) return Value::boolean(true);
        }
        if (known) return Value::boolean(false);
      }
      std::vector<TermId> any;
      for (std::size_t i = 0; i < s.size(); ++i) {
        TermId t = to_term(eq(a, s.at(i), r), r);
        any.push_back(t_and({s.guard(i) == -1 ? tb_.boolean(true) : s.guard(i), t}));
        if (is_true(any.back())) return Value::boolean(true);
      }
      return from_term(t_or(any));
    }
    case B::Range: {
      if (a.is_term() || b.is_term()) fail(r, "the bounds of a range must be known from the givens");
      if (a.k == VK::Null || b.k == VK::Null) fail(r, "a range bound is null");
      // In 128 bits: b - a + 1 overflows 64 when the range spans more than half of them,
      // and a loop `x <= b` never ends at b = INT64_MAX.
      const __int128 n = static_cast<__int128>(b.i) - a.i + 1;
      if (n > static_cast<__int128>(limits_.max_elements))
        fail(r, fmt::format("the range {}..{} has more than {} elements", a.i, b.i, limits_.max_elements));
      if (n > 0) charge(static_cast<std::int64_t>(n), r);
      std::vector<Value> items;
      if (n > 0) items.reserve(static_cast<std::size_t>(n));
      for (std::int64_t k = 0; k < n; ++k)
        items.push_back(a.k == VK::Chr ? Value::character(static_cast<char>(a.i + k)) : Value::integer(a.i + k));
      return Value::seq(std::move(items));
    }
    case B::Add: case B::Sub:
      if (a.is_collection() && b.is_collection()) {
        charge(static_cast<std::int64_t>(a.size() + b.size()), r);
        if (a.has_guards() || b.has_guards()) fail(r, "collections with unknown members cannot be combined here");
        std::vector<Value> items;
        if (a.k == VK::Set || b.k == VK::Set) {
          if (holds_unknowns(a) || holds_unknowns(b))
            fail(r, fmt::format("'{}' on sets needs known values, but an element depends on the unknowns", n.op == B::Add ? "+" : "-"));
          std::set<std::size_t> drop;
          auto less = [](const Value& x, const Value& y) { return compare(x, y) < 0; };
          std::vector<Value> bs(b.items->begin(), b.items->end());
          std::sort(bs.begin(), bs.end(), less);
          for (const auto& x : *a.items) {
            bool in_b = std::binary_search(bs.begin(), bs.end(), x, less);
            if (n.op == B::Add || !in_b) items.push_back(x);
          }
          if (n.op == B::Add) items.insert(items.end(), bs.begin(), bs.end());
          std::sort(items.begin(), items.end(), less);
          items.erase(std::unique(items.begin(), items.end(), same), items.end());
          Value s = Value::seq(std::move(items));
          s.k = VK::Set;
          return s;
        }
        if (n.op == B::Sub) fail(r, "'-' on sequences is not defined; use ->reject");
        items = *a.items;
        items.insert(items.end(), b.items->begin(), b.items->end());
        return Value::seq(std::move(items));
      }
      [[fallthrough]];
    case B::Mul: case B::Div: case B::Mod: {
      if (a.k == VK::Int && b.k == VK::Int) {
        std::int64_t x = a.i, y = b.i;
        switch (n.op) {
          case B::Add: return Value::integer(arith(Op::Add, x, y));
          case B::Sub: return Value::integer(arith(Op::Sub, x, y));
          case B::Mul: return Value::integer(arith(Op::Mul, x, y));
          default:
            if (y == 0) fail(r, "division by zero");
            if (n.op == B::Div) return Value::integer(x / y);
            return Value::integer(x % y);  // truncating, like the IR's evaluator
        }
      }
      Op op = n.op == B::Add ? Op::Add : n.op == B::Sub ? Op::Sub : n.op == B::Mul ? Op::Mul : n.op == B::Div ? Op::Div : Op::Mod;
      return from_term(t_arith(op, to_term(a, r), to_term(b, r)));
    }
    default: break;
  }
  fail(r, "unsupported operator");
}

// `words->includes(cells->collect(p | letter[p]))`: a sequence of unknown characters that
// must spell one of a known set of strings is a table (extensional) constraint: its rows
// are the strings of the right length, minus those that contradict known characters.
std::optional<Value> Evaluator::table_member(const Value& set, const Value& probe, const source::Range& r) {
  // (An empty collection holds no word: membership in it is false, whatever the probe.)
  if (!probe.is_collection() || !set.items || set.items->empty() || set.has_guards() || probe.has_guards()) return std::nullopt;
  for (const auto& w : *set.items)
    if (w.k != VK::Str) return std::nullopt;
  const std::size_t len = probe.size();
  std::vector<TermId> columns;
  std::vector<std::size_t> positions;
  std::vector<std::optional<ir::Value>> fixed(len);
  for (std::size_t i = 0; i < len; ++i) {
    const Value& x = probe.at(i);
    if (x.k == VK::Chr) {
      fixed[i] = x.i;
    } else if (x.is_term() && tb_[static_cast<TermId>(x.i)].op == Op::Var) {
      columns.push_back(static_cast<TermId>(x.i));
      positions.push_back(i);
    } else {
      fail(r, "a word can be matched only against cells that are plain variables or known characters");
    }
  }
  std::set<std::vector<ir::Value>> rows;
  for (const auto& w : *set.items) {
    const std::string& text = program_.strings.at(static_cast<std::size_t>(w.i));
    // A word of another script would be measured in bytes, and silently never fit.
    ascii_only(text, r, "a word is matched letter by letter, and a letter is one ASCII character");
    if (text.size() != len) continue;
    bool ok = true;
    for (std::size_t i = 0; i < len && ok; ++i)
      if (fixed[i] && *fixed[i] != static_cast<unsigned char>(text[i])) ok = false;
    if (!ok) continue;
    std::vector<ir::Value> row;
    for (std::size_t i : positions) row.push_back(static_cast<unsigned char>(text[i]));
    rows.insert(std::move(row));
  }
  if (columns.empty()) return Value::boolean(!rows.empty());
  return table_term(std::move(columns), std::vector<std::vector<ir::Value>>(rows.begin(), rows.end()));
}

// The tuple of variables `columns` is one of `rows` (sorted, distinct); equal tables are
// stored once.
Value Evaluator::table_term(std::vector<TermId> columns, std::vector<std::vector<ir::Value>> rows) {
  if (rows.empty()) return Value::boolean(false);
  auto [it, fresh] = table_ids_.emplace(rows, static_cast<std::int64_t>(program_.tables.size()));
  if (fresh) program_.tables.push_back(ir::TableData{std::move(rows)});
  return from_term(tb_.make(Op::Table, ValueKind::Bool, columns, it->second));
}

const ast::Arrow* Evaluator::runs_call(const ast::Expr& e) {
  const auto* a = std::get_if<ast::Arrow>(&e.node);
  return a && a->op == "runs" && a->params.empty() && a->args.empty() ? a : nullptr;
}

// `line->runs() = clue`: the lengths of the line's runs of true squares, in order, are the
// known list `clue` (a nonogram line). Over unknown squares it is a table constraint whose
// rows are every filling of the line's unknown squares that gives those runs, found by
// placing the runs left to right (so only the fillings that fit are ever built).
Value Evaluator::runs_equal(const ast::Arrow& runs, const ast::Expr& clue_expr, const source::Range& r) {
  Value line = seq_items(eval_keep_line(*runs.base), r);
  Value want = eval(clue_expr);
  if (line.has_guards()) fail(r, "'->runs()' needs a line whose squares are known, not selected by the unknowns");
  if (want.is_term() || !want.is_collection() || want.has_guards())
    fail(r, "'->runs()' over unknown squares can only be compared with a known list of lengths");
  std::vector<std::int64_t> clue;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const Value& x = want.at(i);
    if (x.k != VK::Int) fail(r, "'->runs()' is compared with a list of Int lengths");
    if (x.i < 1) return Value::boolean(false);  // runs are at least 1 long
    clue.push_back(x.i);
  }
  const std::size_t len = line.size();
  std::vector<std::optional<bool>> fixed(len);
  std::vector<TermId> columns;
  std::vector<std::size_t> positions;
  for (std::size_t i = 0; i < len; ++i) {
    const Value& x = line.at(i);
    if (x.k == VK::Bool) {
      fixed[i] = x.i != 0;
    } else if (x.is_term() && tb_[static_cast<TermId>(x.i)].op == Op::Var && x.term_kind == ValueKind::Bool) {
      columns.push_back(static_cast<TermId>(x.i));
      positions.push_back(i);
    } else {
      fail(r, "'->runs()' needs a line of Bool variables or known Bools");
    }
  }
  std::vector<std::vector<ir::Value>> rows;
  std::vector<char> cells(len, 0);
  // Places run k at or after square `from`, every square before it in [from, start) white.
  std::function<void(std::size_t, std::size_t)> place = [&](std::size_t k, std::size_t from) {
    if (k == clue.size()) {
      for (std::size_t i = from; i < len; ++i)
        if (fixed[i] && *fixed[i]) return;
      std::fill(cells.begin() + static_cast<std::ptrdiff_t>(from), cells.end(), 0);
      std::vector<ir::Value> row;
      row.reserve(positions.size());
      for (std::size_t i : positions) row.push_back(cells[i]);
      rows.push_back(std::move(row));
      if (static_cast<std::int64_t>(rows.size()) > limits_.max_table_rows)
        fail(r, fmt::format("the line's runs allow more than {} fillings", limits_.max_table_rows));
      return;
    }
    const auto run = static_cast<std::size_t>(clue[k]);
    for (std::size_t start = from; start + run <= len; ++start) {
      if (start > from && fixed[start - 1] && *fixed[start - 1]) break;  // a black square left white
      bool fits = true;
      for (std::size_t i = start; i < start + run && fits; ++i) fits = !fixed[i] || *fixed[i];
      const std::size_t end = start + run;
      if (fits && end < len && fixed[end] && *fixed[end]) fits = false;  // the run would be longer
      if (!fits) continue;
      std::fill(cells.begin() + static_cast<std::ptrdiff_t>(from), cells.begin() + static_cast<std::ptrdiff_t>(start), 0);
      std::fill(cells.begin() + static_cast<std::ptrdiff_t>(start), cells.begin() + static_cast<std::ptrdiff_t>(end), 1);
      if (end < len) cells[end] = 0;
      place(k + 1, std::min(end + 1, len));
    }
  };
  place(0, 0);
  if (columns.empty()) return Value::boolean(!rows.empty());
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return table_term(std::move(columns), std::move(rows));
}

// A def's body, its parameters bound as the last locals: an error inside it gets a note
// naming the call (the message points into the body, which every call shares).
// A def that calls itself (docs/language.md, 4.4) nests calls until a case that does not:
// past kMaxDefDepth of them, or with less than kStackReserve bytes of the thread's stack
// left, the recursion is taken for one without end (an `if` on an unknown grounds both
// branches, so recursion on a variable's value never stops) and reported.
Value Evaluator::eval_def_body(const ast::DefDecl& d, const source::Range& call_at) {
  constexpr int kMaxDefDepth = 100000;
  constexpr int kMaxCallNotes = 6;
  struct Depth {
    int& n;
    explicit Depth(int& x) : n(x) { ++n; }
    ~Depth() { --n; }
  } depth(def_depth_);
  if (def_depth_ > 64 && (def_depth_ > kMaxDefDepth || stack_left() < 2 * kStackReserve))
    fail(call_at, fmt::format("the calls of '{}' nest too deep ({} calls): a def that calls itself must reach a case that "
                              "does not, on known values (an `if` on an unknown grounds both branches, so recursion on a "
                              "variable's value does not end)",
                              d.name, def_depth_));
  try {
    return eval(*d.body);
  } catch (EvalError& err) {
    // (A deep recursion's error passes through every call: the innermost few are named.)
    if (err.notes.size() < kMaxCallNotes) {
      std::string args;
      const std::size_t base = locals.size() - d.params.size();
      for (std::size_t i = 0; i < d.params.size(); ++i) args += (i ? ", " : "") + format(locals[base + i].second);
      err.notes.push_back(fmt::format("in the call {}({}) at line {}, column {}", d.name, args, call_at.begin.line, sm_.column(call_at)));
    } else if (err.notes.size() == kMaxCallNotes) {
      err.notes.push_back("and in the calls that made those");
    }
    throw;
  }
}

Value Evaluator::call(const ast::Call& n, const ast::Expr& e) {
  const source::Range& r = e.range;
  SmallValues args;
  for (const auto& a : n.args) args.push_back(eval(*a));
  // The def a call names, looked up once per call site (a string-keyed map lookup per call
  // showed in profiles); null for a built-in function.
  auto [slot, fresh] = def_of_call_.try_emplace(&n);
  if (fresh) {
    auto it = cp_.names.find(n.fn);
    if (it != cp_.names.end() && it->second.kind == sema::NameKind::Def) {
      slot->second.def = it->second.def;
      slot->second.cached = !uncached_.count(it->second.def);
      if (it->second.def->params.size() == 1) slot->second.cells = &cell_caches_[it->second.def];
    }
  }
  if (slot->second.def && !slot->second.cached) {
    const ast::DefDecl& d = *slot->second.def;
    Frame frame(*this);
    for (std::size_t i = 0; i < d.params.size(); ++i) locals.emplace_back(d.params[i].name, std::move(args[i]));
    return eval_def_body(d, r);
  }
  if (slot->second.def) {
    const ast::DefDecl& d = *slot->second.def;
    // One cell argument: the result by the cell's index in its grid.
    CellCache* cc = slot->second.cells;
    // (Grids past kCellCacheMaxCells use the keyed cache: the table is made whole.)
    constexpr std::int64_t kCellCacheMaxCells = 1 << 18;
    if (cc && args.size() == 1 && args[0].k == VK::Cell && args[0].r >= 1 && args[0].c >= 1 &&
        args[0].r <= args[0].rows && args[0].c <= args[0].cols &&
        static_cast<std::int64_t>(args[0].rows) * args[0].cols <= kCellCacheMaxCells) {
      const Value& a = args[0];
      if (cc->values.empty()) {
        cc->rows = a.rows;
        cc->cols = a.cols;
        const auto n_cells = static_cast<std::size_t>(a.rows) * static_cast<std::size_t>(a.cols);
        cc->values.resize(n_cells);
        cc->done.assign(n_cells, 0);
      }
      if (cc->rows == a.rows && cc->cols == a.cols) {
        const auto at = static_cast<std::size_t>(a.r - 1) * static_cast<std::size_t>(a.cols) + static_cast<std::size_t>(a.c - 1);
        if (cc->done[at]) return cc->values[at];
        Frame frame(*this);
        locals.emplace_back(d.params[0].name, std::move(args[0]));
        Value v = eval_def_body(d, r);
        cc->values[at] = v;
        cc->done[at] = 1;
        return v;
      }
    }
    // A def is a function of its arguments (and of givens and vars, fixed while
    // grounding): calls with known arguments are evaluated once. So are calls with terms
    // of the unknowns, hash-consed (one id, one term): a chain of defs each calling the
    // last twice on an unknown grew exponentially (24 defs: 22 s).
    bool known = std::all_of(args.begin(), args.end(), [](const Value& a) {
      return a.k == VK::Int || a.k == VK::Bool || a.k == VK::Sym || a.k == VK::Str || a.k == VK::Chr || a.k == VK::Cell ||
             a.k == VK::Null || a.k == VK::Term;
    });
    std::size_t entry = 0;
    if (known) {
      call_key_.clear();
      call_key_.push_back(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(&d)));
      for (const auto& a : args) {
        call_key_.push_back(static_cast<std::uint64_t>(a.k));
        call_key_.push_back(static_cast<std::uint64_t>(a.i));
        call_key_.push_back(static_cast<std::uint64_t>(a.r));
        call_key_.push_back(static_cast<std::uint64_t>(a.c));
        // A cell's grid size too: the same (r, c) in grids of other sizes has other rays.
        call_key_.push_back((static_cast<std::uint64_t>(static_cast<std::uint32_t>(a.rows)) << 32) |
                            static_cast<std::uint32_t>(a.cols));
        call_key_.push_back(a.k == VK::Term ? static_cast<std::uint64_t>(a.term_kind) : 0);
      }
      entry = call_cache_.entry(call_key_);
      if (const Value* hit = call_cache_.ready(entry)) return *hit;
    }
    Frame frame(*this);
    for (std::size_t i = 0; i < d.params.size(); ++i) locals.emplace_back(d.params[i].name, std::move(args[i]));
    Value v = eval_def_body(d, r);
    if (known) call_cache_.set(entry, v);
    return v;
  }
  if (n.fn == "abs") {
    if (args[0].k == VK::Int) return Value::integer(args[0].i < 0 ? -args[0].i : args[0].i);
    return from_term(tb_.make(Op::Abs, ValueKind::Int, {to_term(args[0], r)}));
  }
  if (n.fn == "min" || n.fn == "max") {
    return from_term(t_arith(n.fn == "min" ? Op::Min : Op::Max, to_term(args[0], r), to_term(args[1], r)));
  }
  if (n.fn == "possible" || n.fn == "placed") {
    // possible(x, v): v is still a candidate of x; placed(x, v): it is the only one left.
    TermId x = to_term(args[0], r);
    if (tb_[x].op != Op::Var) fail(r, fmt::format("'{}(x, v)' needs a variable x (a cell of a var)", n.fn));
    if (args[1].is_term() || args[1].k == VK::Null) fail(r, fmt::format("'{}(x, v)' needs a known value v", n.fn));
    const auto& dom = program_.vars[static_cast<std::size_t>(tb_[x].value)].domain;
    if (!std::binary_search(dom.begin(), dom.end(), args[1].i)) return Value::boolean(false);
    TermId is_possible = tb_.make(Op::Possible, ValueKind::Bool, {x}, args[1].i);
    if (n.fn == "possible") return from_term(is_possible);
    std::vector<TermId> parts = {is_possible};
    for (ir::Value w : dom)
      if (w != args[1].i) parts.push_back(t_not(tb_.make(Op::Possible, ValueKind::Bool, {x}, w)));
    return from_term(t_and(parts));
  }
  if (n.fn == "cells") {
    for (const Value& a : args)
      if (a.k != VK::Int) fail(r, "'cells(rows, columns)' needs known Ints");
    const std::int64_t rows = args[0].i, cols = args[1].i;
    if (rows < 0 || cols < 0) fail(r, fmt::format("'cells({}, {})': a grid's size cannot be negative", rows, cols));
    if (static_cast<__int128>(rows) * cols > limits_.max_cells)
      fail(r, fmt::format("'cells({}, {})': the grid has more than {} cells", rows, cols, limits_.max_cells));
    if (rows == 0 || cols == 0) return Value::seq({});  // (not 2^31 empty rows walked)
    return cells_of(rows, cols);
  }
  if (n.fn == "digit") {
    if (args[0].k != VK::Chr || args[0].i < '0' || args[0].i > '9') fail(r, fmt::format("'{}' is not a digit", format(args[0])));
    return Value::integer(args[0].i - '0');
  }
  if (n.fn == "char") {
    if (args[0].is_term()) fail(r, "'char' needs a known digit (it draws, it does not constrain)");
    if (args[0].k != VK::Int || args[0].i < 0 || args[0].i > 9) fail(r, fmt::format("'char' takes a digit 0..9, not {}", format(args[0])));
    return Value::character(static_cast<char>('0' + args[0].i));
  }
  fail(r, fmt::format("unknown function '{}'", n.fn));
}

void Evaluator::ascii_only(const std::string& s, const source::Range& r, const char* why) const {
  if (auto c = source::first_non_ascii(s))
    fail(r, fmt::format("\"{}\" holds '{}', which is not an ASCII character: {}", s, s.substr(c->first, c->second), why));
}

Value Evaluator::seq_items(const Value& v, const source::Range& r) {
  if (v.k == VK::Seq || v.k == VK::Set) return v;
  if (v.k == VK::Line) return line_items(v);
  if (v.k == VK::Grid) return Value::seq(v.grid->cells);
  if (v.k == VK::Map) return Value::seq(*v.items);
  fail(r, fmt::format("{} is not a collection", format(v)));
}

Value Evaluator::element_at(const Value& seq, const Value& idx, const source::Range& r) {
  if (seq.has_guards()) fail(r, "cannot index a collection whose members depend on the unknowns");
  std::size_t n = seq.size();
  if (idx.k == VK::Int) {
    if (idx.i < 1 || static_cast<std::size_t>(idx.i) > n)
      fail(r, fmt::format("index {} is out of range 1..{}", idx.i, n));
    return seq.at(static_cast<std::size_t>(idx.i - 1));
  }
  if (idx.is_term()) {  // an unknown index: if idx = 1 then s[1] else if ...
    // It must stay within the positions for every value of the unknowns, as a known index
    // must: an element past the end is not null, and a rule that reads one is an error.
    const TermId it = to_term(idx, r);
    const ir::Term& ti = tb_[it];
    bool nullable = false;
    if (ti.op == ir::Op::Var) {
      const auto& d = program_.vars[static_cast<std::size_t>(ti.value)].domain;
      nullable = std::find(d.begin(), d.end(), ir::kNull) != d.end();
    }
    if (ti.kind != ir::ValueKind::Int) fail(r, fmt::format("index {} is not a position", format(idx)));
    const auto [lo, hi] = ranges_.bounds(program_, it);
    if (nullable || lo < 1 || hi > static_cast<RangeCheck::I>(n))
      fail(r, fmt::format("this index depends on the unknowns and can be {}{}, not only a position in 1..{}: "
                          "give what it is made of domains that keep it within 1..{}",
                          nullable ? "null" : "",
                          lo < 1 || hi > static_cast<RangeCheck::I>(n)
                              ? fmt::format("{}{}..{}", nullable ? " or " : "", static_cast<std::int64_t>(lo),
                                            static_cast<std::int64_t>(hi))
                              : std::string(),
                          n, n));
    // The index is within lo..hi (above), so the chain covers those positions and the
    // last one is its default: no null that no value reaches, which an enclosing index
    // would otherwise count as a possible 0 (`s[s[i]]`).
    const auto first = static_cast<std::size_t>(lo), last = static_cast<std::size_t>(hi);
    TermId t = to_term(seq.at(last - 1), r);
    for (std::size_t i = last - 1; i-- > first - 1;)
      t = t_ite(t_eq(it, tb_.integer(static_cast<std::int64_t>(i + 1))), to_term(seq.at(i), r), t);
    return from_term(t);
  }
  fail(r, fmt::format("index {} is not a position", format(idx)));
}

const Value* Evaluator::bound_value(const ast::Expr& e) const {
  const auto* nm = std::get_if<ast::Name>(&e.node);
  if (!nm) return nullptr;
  for (std::size_t i = locals.size(); i-- > frame_;)
    if (locals[i].first == nm->id) return &locals[i].second;
  if (auto it = givens.find(nm->id); it != givens.end()) return &it->second;
  if (auto it = vars.find(nm->id); it != vars.end()) return &it->second;
  return nullptr;
}

Value Evaluator::index(const ast::Index& n, const ast::Expr& e) {
  const source::Range& r = e.range;
  // A named grid (`board[p]`) is read in place rather than copied; a name is looked up
  // after the indexes are evaluated (their evaluation may add and remove locals).
  const bool named = std::holds_alternative<ast::Name>(n.base->node);
  Value own;
  if (!named) own = eval(*n.base);
  SmallValues args;
  for (const auto& a : n.args) args.push_back(eval(*a));
  const Value* ref = named ? bound_value(*n.base) : nullptr;
  if (ref && ref->k == VK::Line) ref = nullptr;  // eval() gives a line as its cells
  if (named && !ref) own = eval(*n.base);
  const Value& b = ref ? *ref : own;
  if (reads_ && ref) {
    // A tracked given read in place: which element (a plain position), else the whole.
    const std::string& nm = std::get<ast::Name>(n.base->node).id;
    auto it = givens.find(nm);
    if (it != givens.end() && &it->second == ref && track_->count(nm)) {
      std::int64_t at = -1;
      if (b.k == VK::Grid && args.size() == 1 && args[0].k == VK::Cell && args[0].r >= 1 && args[0].r <= b.grid->rows &&
          args[0].c >= 1 && args[0].c <= b.grid->cols)
        at = (args[0].r - 1) * b.grid->cols + (args[0].c - 1);
      else if (b.k == VK::Grid && args.size() == 2 && args[0].k == VK::Int && args[1].k == VK::Int && args[0].i >= 1 &&
               args[0].i <= b.grid->rows && args[1].i >= 1 && args[1].i <= b.grid->cols)
        at = (args[0].i - 1) * b.grid->cols + (args[1].i - 1);
      else if ((b.k == VK::Seq || b.k == VK::Set) && args.size() == 1 && args[0].k == VK::Int && args[0].i >= 1 &&
               static_cast<std::size_t>(args[0].i) <= b.size())
        at = args[0].i - 1;
      reads_->push_back({&it->first, at});
    }
  }
  if (b.k == VK::Grid) {
    std::int64_t row, col;
    if (args.size() == 1) {
      if (args[0].k == VK::Null) fail(r, "the cell is outside the grid (null)");
      if (args[0].k != VK::Cell) fail(r, "a grid is indexed by a known cell");
      row = args[0].r;
      col = args[0].c;
    } else {
      if (args[0].k != VK::Int || args[1].k != VK::Int) fail(r, "grid indexes must be known from the givens");
      row = args[0].i;
      col = args[1].i;
    }
    if (row < 1 || row > b.grid->rows || col < 1 || col > b.grid->cols)
      fail(r, fmt::format("cell r{}c{} is outside the {}x{} grid", row, col, b.grid->rows, b.grid->cols));
    return b.grid->cells[static_cast<std::size_t>((row - 1) * b.grid->cols + (col - 1))];
  }
  if (b.k == VK::Str) {
    const std::string& s = program_.strings.at(static_cast<std::size_t>(b.i));
    if (args[0].k != VK::Int) fail(r, "a string is indexed by a known position");
    ascii_only(s, r);
    if (args[0].i < 1 || static_cast<std::size_t>(args[0].i) > s.size())
      fail(r, fmt::format("index {} is out of range 1..{}", args[0].i, s.size()));
    return Value::character(s[static_cast<std::size_t>(args[0].i - 1)]);
  }
  if (b.k == VK::Map) {
    for (std::size_t i = 0; i < b.keys->size(); ++i)
      if (!args[0].is_term() && same((*b.keys)[i], args[0])) return b.at(i);
    if (args[0].is_term()) {
      // An unknown key must be a key of the map for every value of the unknowns, as a
      // known key must (an unknown index into a Seq likewise: element_at).
      const TermId k = to_term(args[0], r);
      std::vector<TermId> key_terms;
      for (std::size_t i = 0; i < b.keys->size(); ++i) key_terms.push_back(to_term((*b.keys)[i], r));
      auto is_key = [&](ir::Value v) {
        return std::any_of(key_terms.begin(), key_terms.end(), [&](TermId kt) { return is_const(kt) && tb_[kt].value == v; });
      };
      std::vector<ir::Value> missing;
      const bool checked = tb_[k].op == ir::Op::Var || tb_[k].kind == ir::ValueKind::Int;
      if (tb_[k].op == ir::Op::Var) {
        for (ir::Value v : program_.vars[static_cast<std::size_t>(tb_[k].value)].domain)
          if (!is_key(v)) missing.push_back(v);
      } else if (tb_[k].kind == ir::ValueKind::Int) {
        const auto [lo, hi] = ranges_.bounds(program_, k);
        for (RangeCheck::I v = lo; v <= hi && missing.size() < 4; ++v)
          if (!is_key(static_cast<ir::Value>(v))) missing.push_back(static_cast<ir::Value>(v));
      }
      if (!missing.empty()) {
        std::vector<std::string> shown;
        for (std::size_t i = 0; i < missing.size() && i < 3; ++i)
          shown.push_back(missing[i] == ir::kNull ? "null" : format(from_term(tb_.constant(tb_[k].kind, missing[i]))));
        fail(r, fmt::format("this key depends on the unknowns and can be {}{}, which {} of the map: give what it is made "
                            "of domains that keep it among the keys",
                            fmt::join(shown, ", "), missing.size() > 3 ? ", ..." : "",
                            missing.size() == 1 ? "is not a key" : "are not keys"));
      }
      // Every value of the key is a key when that was checked: the last entry is then the
      // chain's default, not a null no value reaches (`m[m[i]]`, as element_at).
      std::size_t n = b.keys->size();
      if (n == 0) fail(r, "an empty map has no entries");
      TermId t = checked ? to_term(b.at(--n), r) : to_term(Value::null(), r);
      for (std::size_t i = n; i-- > 0;)
        t = t_ite(t_eq(k, key_terms[i]), to_term(b.at(i), r), t);
      return from_term(t);
    }
    fail(r, fmt::format("{} is not a key of this map", format(args[0])));
  }
  if (b.is_collection()) return element_at(b, args[0], r);
  fail(r, "this value cannot be indexed");
}

namespace {
const std::pair<int, int> kDirections[4] = {{-1, 0}, {0, 1}, {1, 0}, {0, -1}};  // up, right, down, left
}

Value Evaluator::member(const ast::Member& n, const ast::Expr& e) {
  const source::Range& r = e.range;
  Value b = eval(*n.base);
  SmallValues args;
  for (const auto& a : n.args) args.push_back(eval(*a));
  // A view: comparing it with a literal checks the length first (most names differ there),
  // where std::string == const char* runs strlen and memcmp for every candidate.
  const std::string_view m = n.name;
  auto in_grid = [&](std::int64_t row, std::int64_t col) { return row >= 1 && row <= b.rows && col >= 1 && col <= b.cols; };
  auto cell = [&](std::int64_t row, std::int64_t col) { return Value::cell(row, col, b.rows, b.cols); };
  if (b.k == VK::Null) fail(r, fmt::format("'.{}' of null (a cell outside the grid?)", m));
  if (b.k == VK::Cell) {
    if (m == "row") return Value::integer(b.r);
    if (m == "col") return Value::integer(b.c);
    if (m == "index") return Value::integer((b.r - 1) * b.cols + b.c);
    if (m == "up" || m == "down" || m == "left" || m == "right") {
      int d = m == "up" ? 0 : m == "right" ? 1 : m == "down" ? 2 : 3;
      std::int64_t nr = b.r + kDirections[d].first, nc = b.c + kDirections[d].second;
      return in_grid(nr, nc) ? cell(nr, nc) : Value::null();
    }
    if (m == "adjacent" || m == "neighbours" || m == "neighbors" || m == "diagonals" || m == "around") {
      std::vector<Value> out;
      for (int dr = -1; dr <= 1; ++dr)
        for (int dc = -1; dc <= 1; ++dc) {
          if (dr == 0 && dc == 0) continue;
          bool diag = dr != 0 && dc != 0;
          if ((m == "diagonals" && !diag) || ((m == "adjacent" || m == "neighbours" || m == "neighbors") && diag)) continue;
          if (in_grid(b.r + dr, b.c + dc)) out.push_back(cell(b.r + dr, b.c + dc));
        }
      return Value::seq(std::move(out));
    }
    auto ray = [&](int d) {  // lazy: most uses read only a prefix (up to a wall, ...)
      const std::int64_t len = d == 0 ? b.r - 1 : d == 1 ? b.cols - b.c : d == 2 ? b.rows - b.r : b.c - 1;
      return Value::line(b.r + kDirections[d].first, b.c + kDirections[d].second, kDirections[d].first,
                         kDirections[d].second, std::max<std::int64_t>(0, len), b.rows, b.cols);
    };
    if (m == "rays") return Value::seq({ray(0), ray(1), ray(2), ray(3)});
    if (m == "ray") {
      std::string dir = program_.strings.at(static_cast<std::size_t>(args[0].i));
      int d = dir == "up" ? 0 : dir == "right" ? 1 : dir == "down" ? 2 : dir == "left" ? 3 : -1;
      if (d < 0) fail(r, fmt::format("unknown direction \"{}\" (up, down, left or right)", dir));
      return ray(d);
    }
    if (m == "distance") return Value::integer(std::abs(b.r - args[0].r) + std::abs(b.c - args[0].c));
  }
  if (b.k == VK::Grid) {
    const GridData& g = *b.grid;
    auto gcell = [&](std::int64_t row, std::int64_t col) { return Value::cell(row, col, g.rows, g.cols); };
    auto want_int = [&](std::size_t i) {
      if (args[i].k != VK::Int) fail(r, fmt::format("'.{}' needs a known Int", m));
      return args[i].i;
    };
    if (m == "rows") return Value::integer(g.rows);
    if (m == "cols") return Value::integer(g.cols);
    if (m == "size") return Value::integer(g.rows * g.cols);
    if (m == "cells") return cells_of(g.rows, g.cols);
    if (m == "corners") {  // each once: a grid of one row or column has two, of one square one
      std::vector<Value> out = {gcell(1, 1)};
      if (g.cols > 1) out.push_back(gcell(1, g.cols));
      if (g.rows > 1) out.push_back(gcell(g.rows, 1));
      if (g.rows > 1 && g.cols > 1) out.push_back(gcell(g.rows, g.cols));
      return Value::seq(std::move(out));
    }
    if (m == "row" || m == "rowCells") {
      std::int64_t row = want_int(0);
      if (row < 1 || row > g.rows) fail(r, fmt::format("row {} is outside 1..{}", row, g.rows));
      std::vector<Value> out;
      for (std::int64_t col = 1; col <= g.cols; ++col)
        out.push_back(m == "row" ? g.cells[static_cast<std::size_t>((row - 1) * g.cols + col - 1)] : gcell(row, col));
      return Value::seq(std::move(out));
    }
    if (m == "col" || m == "colCells") {
      std::int64_t col = want_int(0);
      if (col < 1 || col > g.cols) fail(r, fmt::format("column {} is outside 1..{}", col, g.cols));
      std::vector<Value> out;
      for (std::int64_t row = 1; row <= g.rows; ++row)
        out.push_back(m == "col" ? g.cells[static_cast<std::size_t>((row - 1) * g.cols + col - 1)] : gcell(row, col));
      return Value::seq(std::move(out));
    }
    if (m == "cellAt") {
      std::int64_t row = want_int(0), col = want_int(1);
      if (row < 1 || row > g.rows || col < 1 || col > g.cols) fail(r, fmt::format("cell r{}c{} is outside the grid", row, col));
      return gcell(row, col);
    }
    if (m == "cellOf") {  // the cell with row-major index k (1-based)
      std::int64_t k = want_int(0);
      if (k < 1 || k > g.rows * g.cols) fail(r, fmt::format("index {} is outside 1..{}", k, g.rows * g.cols));
      return gcell((k - 1) / g.cols + 1, (k - 1) % g.cols + 1);
    }
    if (m == "find") {
      for (std::size_t i = 0; i < g.cells.size(); ++i) {
        if (holds_unknowns(g.cells[i]) || holds_unknowns(args[0])) fail(r, "'.find' needs a grid of known values and a known value");
        if (same(g.cells[i], args[0]))
          return gcell(static_cast<std::int64_t>(i) / g.cols + 1, static_cast<std::int64_t>(i) % g.cols + 1);
      }
      return Value::null();
    }
  }
  if (b.k == VK::Str) {
    const std::string& s = program_.strings.at(static_cast<std::size_t>(b.i));
    if (m == "size" || m == "length" || m == "chars") ascii_only(s, r);
    if (m == "size" || m == "length") return Value::integer(static_cast<std::int64_t>(s.size()));
    if (m == "toInt") {
      if (s.empty() || !std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; }))
        fail(r, fmt::format("\"{}\" is not a number", s));
      // (Digits past 15 were "not a number" too.) Leading zeros do not count: "007" is 7.
      const std::size_t lead = s.find_first_not_of('0');
      if (lead != std::string::npos && s.size() - lead > 15)
        fail(r, fmt::format("\"{}\" is too large for toInt: at most 15 digits (999999999999999)", s));
      return Value::integer(std::stoll(s));
    }
    if (m == "chars") {
      std::vector<Value> out;
      for (char ch : s) out.push_back(Value::character(ch));
      return Value::seq(std::move(out));
    }
  }
  if (b.k == VK::Chr && m == "digit") {
    if (b.i < '0' || b.i > '9') fail(r, fmt::format("'{}' is not a digit", static_cast<char>(b.i)));
    return Value::integer(b.i - '0');
  }
  if (b.k == VK::Map) {
    if (m == "keys") return Value::seq(*b.keys);
    if (m == "values") return Value::seq(*b.items);
  }
  fail(r, fmt::format("'.{}' is not defined on {}", m, format(b)));
}

Value Evaluator::first_of(const Value& s, const source::Range& r) {
  // Known membership up front: the first element is known too (cells, collections, ...).
  if (s.size() == 0) return Value::null();
  if (s.guard(0) == -1) return s.at(0);
  TermId t = to_term(Value::null(), r);
  for (std::size_t i = s.size(); i-- > 0;) {
    TermId g = s.guard(i);
    if (g == -1) t = to_term(s.at(i), r);
    else t = t_ite(g, to_term(s.at(i), r), t);
  }
  return from_term(t);
}

Value Evaluator::arrow(const ast::Arrow& n, const ast::Expr& e) {
  const source::Range& r = e.range;
  const std::string_view op = n.op;  // see member(): cheap comparisons with literals
  Value base = eval_keep_line(*n.base);
  if (base.k == VK::Line && op == "takeWhile" && n.params.size() == 1) {
    // The cells of a line one at a time, up to the first that fails: the same terms, in
    // the same order, as the general takeWhile below over the whole line.
    TermId yes = tb_.boolean(true);
    std::vector<Value> items;
    std::vector<TermId> guards;
    bool guarded = false;  // some guard is not -1
    TermId prefix_ok = yes;
    const std::int64_t len = base.line_length();
    items.reserve(static_cast<std::size_t>(len));
    guards.reserve(static_cast<std::size_t>(len));
    for (std::int64_t i = 0; i < len; ++i) {
      Value x = base.line_cell(i);
      TermId m = to_term(eval_bound(n.params[0], x, *n.args[0]), r);
      TermId taken = t_and({prefix_ok, yes, m});
      prefix_ok = t_and({prefix_ok, t_implies(yes, m)});
      if (!is_false(taken)) {
        items.push_back(std::move(x));
        guards.push_back(is_true(taken) ? -1 : taken);
        guarded = guarded || guards.back() != -1;
      }
      if (is_false(prefix_ok)) break;
    }
    if (!guarded) guards.clear();  // no guards: every cell taken for certain
    return Value::seq(std::move(items), std::move(guards));
  }
  Value s = seq_items(base, r);
  // An operation that walks the collection is as many steps as it has elements (a lambda's
  // bodies are counted besides): `(big + big)->size()` is counted where `+` builds it.
  if (op != "size" && op != "isEmpty" && op != "notEmpty" && op != "first" && op != "at")
    charge(static_cast<std::int64_t>(s.size()), r);
  const bool lambda = !n.params.empty();
  const std::size_t count = s.size();
  TermId yes = tb_.boolean(true);
  auto guard = [&](std::size_t i) { return s.guard(i) == -1 ? yes : s.guard(i); };

  // Evaluates the lambda body for element i (single parameter), or for pairs (two).
  auto body = [&](const Value& x) { return eval_bound(n.params[0], x, *n.args[0]); };
  std::vector<Value> plain_args;
  if (!lambda)
    for (const auto& a : n.args) plain_args.push_back(eval(*a));

  if (lambda && n.params.size() > 1) {
    // ->forAll(x, y | ...) ranges over all pairs (and larger tuples) of elements.
    if (op != "forAll" && op != "exists") fail(r, fmt::format("'->{}' takes one parameter", op));
    // As many tuples as a rule's `for` over the same collections may have bindings.
    __int128 tuples = 1;
    for (std::size_t p = 0; p < n.params.size() && tuples <= limits_.max_instances; ++p) tuples *= static_cast<__int128>(count);
    if (tuples > limits_.max_instances)
      fail(r, fmt::format("'->{}' with {} parameters over {} elements ranges over more than {} tuples: use fewer "
                          "parameters or a smaller collection",
                          op, n.params.size(), count, limits_.max_instances));
    std::vector<TermId> parts;
    std::vector<std::size_t> idx(n.params.size(), 0);
    while (true) {
      std::vector<TermId> gs;
      charge(1, n.args[0]->range);
      for (std::size_t p = 0; p < idx.size(); ++p) {
        locals.emplace_back(n.params[p], s.at(idx[p]));
        gs.push_back(guard(idx[p]));
      }
      Value v = eval(*n.args[0]);
      locals.resize(locals.size() - idx.size());
      TermId g = t_and(gs);
      parts.push_back(op == "forAll" ? t_implies(g, to_term(v, r)) : t_and({g, to_term(v, r)}));
      std::size_t p = idx.size();
      while (p > 0 && ++idx[p - 1] == count) idx[--p] = 0;
      if (p == 0 || count == 0) break;
    }
    return from_term(op == "forAll" ? t_and(parts) : t_or(parts));
  }

  auto matches = [&](std::size_t i) -> TermId {  // the element satisfies the condition
    if (lambda) return to_term(body(s.at(i)), r);
    return to_term(eq(s.at(i), plain_args[0], r), r);
  };

  if (op == "forAll" || op == "exists" || op == "none") {
    std::vector<TermId> parts;
    parts.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      TermId m = matches(i);
      if (op == "forAll") {
        parts.push_back(t_implies(guard(i), m));
        if (is_false(parts.back())) return Value::boolean(false);
      } else {
        parts.push_back(t_and({guard(i), m}));
        if (is_true(parts.back())) return Value::boolean(op == "exists");
      }
    }
    if (op == "forAll") return from_term(t_and(parts));
    if (op == "exists") return from_term(t_or(parts));
    return from_term(t_not(t_or(parts)));
  }
  if (op == "one" || op == "count") {
    std::vector<TermId> parts;
    for (std::size_t i = 0; i < count; ++i) parts.push_back(t_and({guard(i), matches(i)}));
    TermId c = t_count(parts);
    return from_term(op == "one" ? t_eq(c, tb_.integer(1)) : c);
  }
  if (op == "select" || op == "reject" || op == "any") {
    std::vector<Value> items;
    std::vector<TermId> guards;
    bool symbolic = false;
    for (std::size_t i = 0; i < count; ++i) {
      TermId m = matches(i);
      if (op == "reject") m = t_not(m);
      TermId g = t_and({guard(i), m});
      if (is_false(g)) continue;
      items.push_back(s.at(i));
      guards.push_back(is_true(g) ? -1 : g);
      symbolic |= !is_true(g);
    }
    Value out = Value::seq(std::move(items), symbolic ? std::move(guards) : std::vector<TermId>{});
    if (op == "any") return first_of(out, r);
    if (s.k == VK::Set) out.k = VK::Set;
    return out;
  }
  if (op == "collect") {
    std::vector<Value> items;
    items.reserve(count);
    for (std::size_t i = 0; i < count; ++i) items.push_back(body(s.at(i)));
    return Value::seq(std::move(items), s.guards ? *s.guards : std::vector<TermId>{});
  }
  if (op == "size") {
    std::vector<TermId> parts;
    for (std::size_t i = 0; i < count; ++i) parts.push_back(guard(i));
    return from_term(t_count(parts));
  }
  if (op == "isEmpty" || op == "notEmpty") {
    std::vector<TermId> parts;
    for (std::size_t i = 0; i < count; ++i) parts.push_back(guard(i));
    TermId any = t_or(parts);
    return from_term(op == "isEmpty" ? t_not(any) : any);
  }
  if ((op == "includes" || op == "excludes") && !lambda) {
    if (auto t = table_member(s, plain_args[0], r)) {
      if (op == "includes") return *t;
      return t->k == VK::Bool ? Value::boolean(!t->i) : from_term(t_not(to_term(*t, r)));
    }
  }
  if (op == "includes" || op == "excludes") {
    std::vector<TermId> parts;
    for (std::size_t i = 0; i < count; ++i) parts.push_back(t_and({guard(i), matches(i)}));
    TermId any = t_or(parts);
    return from_term(op == "includes" ? any : t_not(any));
  }
  if (op == "including" || op == "excluding") {
    if (s.has_guards() || holds_unknowns(s) || holds_unknowns(plain_args[0]))
      fail(r, fmt::format("'->{}' needs known values, but {} depends on the unknowns", op,
                          holds_unknowns(plain_args[0]) ? "its argument" : "the collection"));
    std::vector<Value> items;
    for (std::size_t i = 0; i < count; ++i)
      if (!same(s.at(i), plain_args[0])) items.push_back(s.at(i));
    if (op == "including") items.push_back(plain_args[0]);
    if (s.k == VK::Set) {
      std::sort(items.begin(), items.end(), [](const Value& a, const Value& b) { return compare(a, b) < 0; });
      Value out = Value::seq(std::move(items));
      out.k = VK::Set;
      return out;
    }
    return Value::seq(std::move(items));
  }
  if (op == "indexOf") {
    for (std::size_t i = 0; i < count; ++i) {
      if (holds_unknowns(s.at(i)) || s.has_guards() || holds_unknowns(plain_args[0])) fail(r, "'->indexOf' needs known values");
      if (same(s.at(i), plain_args[0])) {
        if (base.k == VK::Grid)
          return Value::cell(static_cast<std::int64_t>(i) / base.grid->cols + 1, static_cast<std::int64_t>(i) % base.grid->cols + 1,
                             base.grid->rows, base.grid->cols);
        return Value::integer(static_cast<std::int64_t>(i) + 1);
      }
    }
    return base.k == VK::Grid ? Value::null() : Value::integer(0);
  }
  if (op == "sum") {
    std::vector<TermId> parts;
    for (std::size_t i = 0; i < count; ++i) {
      Value x = lambda ? body(s.at(i)) : s.at(i);
      TermId t = to_term(x, r);
      if (tb_[t].kind == ValueKind::Bool) t = t_ite(t, tb_.integer(1), tb_.integer(0));
      parts.push_back(s.guard(i) == -1 ? t : t_ite(s.guard(i), t, tb_.integer(0)));
    }
    return from_term(t_add(parts));
  }
  if (op == "product") {  // 1 when empty; a member that may be absent counts 1 then
    TermId acc = tb_.integer(1);
    for (std::size_t i = 0; i < count; ++i) {
      TermId t = to_term(lambda ? body(s.at(i)) : s.at(i), r);
      acc = t_arith(Op::Mul, acc, s.guard(i) == -1 ? t : t_ite(s.guard(i), t, tb_.integer(1)));
    }
    return from_term(acc);
  }
  if (op == "min" || op == "max") {
    if (s.has_guards()) fail(r, fmt::format("'->{}' needs known members", op));
    if (count == 0) return Value::null();
    TermId acc = to_term(lambda ? body(s.at(0)) : s.at(0), r);
    for (std::size_t i = 1; i < count; ++i)
      acc = t_arith(op == "min" ? Op::Min : Op::Max, acc, to_term(lambda ? body(s.at(i)) : s.at(i), r));
    return from_term(acc);
  }
  if (op == "isUnique") {
    std::vector<Value> xs;
    for (std::size_t i = 0; i < count; ++i) xs.push_back(lambda ? body(s.at(i)) : s.at(i));
    // Known when no element holds an unknown, however deep (rows of a variable grid are
    // collections of terms, not terms: compared as known, every two differed, and
    // "no two rows alike" grounded to nothing). Scalars only for an all-different.
    bool all_known = true, scalars = true;
    for (const auto& x : xs) {
      all_known &= !holds_unknowns(x);
      scalars &= x.is_term() || (!x.items && !x.grid && x.k != VK::Line);
    }
    if (!s.has_guards() && (all_known || scalars)) {
      if (all_known) {
        for (std::size_t i = 0; i < xs.size(); ++i)
          for (std::size_t j = i + 1; j < xs.size(); ++j)
            if (same(xs[i], xs[j])) return Value::boolean(false);
        return Value::boolean(true);
      }
      std::vector<TermId> ts;
      for (const auto& x : xs) ts.push_back(to_term(x, r));
      std::sort(ts.begin(), ts.end());
      if (std::adjacent_find(ts.begin(), ts.end()) != ts.end()) return Value::boolean(false);
      return from_term(tb_.make(Op::AllDiff, ValueKind::Bool, ts));
    }
    std::vector<TermId> parts;
    for (std::size_t i = 0; i < xs.size(); ++i)
      for (std::size_t j = i + 1; j < xs.size(); ++j)
        parts.push_back(t_implies(t_and({guard(i), guard(j)}), t_not(to_term(eq(xs[i], xs[j], r), r))));
    return from_term(t_and(parts));
  }
  if (op == "connected") {
    // The cells in the collection (each under its membership condition) are orthogonally
    // connected. Known membership: a flood fill (ir::may_connect). Otherwise an Op::Connected term over
    // one membership Bool per distinct cell, the cells' positions kept as a table.
    std::map<std::pair<std::int64_t, std::int64_t>, std::size_t> at;
    std::vector<std::pair<std::int64_t, std::int64_t>> cells;
    std::vector<TermId> member;
    for (std::size_t i = 0; i < count; ++i) {
      const Value& x = s.at(i);
      if (x.k != VK::Cell) fail(r, "'->connected()' needs a collection of cells");
      TermId g = guard(i);
      if (is_false(g)) continue;
      auto [it, fresh] = at.emplace(std::pair<std::int64_t, std::int64_t>{x.r, x.c}, cells.size());
      if (fresh) {
        cells.emplace_back(x.r, x.c);
        member.push_back(g);
      } else {
        member[it->second] = t_or({member[it->second], g});
      }
    }
    const bool known = std::all_of(member.begin(), member.end(), [&](TermId g) { return is_true(g); });
    std::vector<std::vector<ir::Value>> rows;
    for (const auto& [row, col] : cells) rows.push_back({row, col});
    if (known) {
      const std::vector<char> all(cells.size(), 1);
      return Value::boolean(ir::may_connect(ir::orthogonal_neighbours(rows), all, all));
    }
    auto [it, fresh] = table_ids_.emplace(rows, static_cast<std::int64_t>(program_.tables.size()));
    if (fresh) program_.tables.push_back(ir::TableData{std::move(rows)});
    return from_term(tb_.make(Op::Connected, ValueKind::Bool, member, it->second));
  }
  if (op == "runs") {
    std::vector<Value> lengths;
    std::int64_t run = 0;
    for (std::size_t i = 0; i <= count; ++i) {
      if (i < count) {
        const Value& x = s.at(i);
        if (s.guard(i) != -1 || x.is_term())
          fail(r, "'->runs()' of unknown squares can only be compared with a known list: line->runs() = [2, 1]");
        if (x.k != VK::Bool) fail(r, "'->runs()' needs a line of Bools; this one has a null square");
        if (x.i) {
          ++run;
          continue;
        }
      }
      if (run) lengths.push_back(Value::integer(run));
      run = 0;
    }
    return Value::seq(std::move(lengths));
  }
  if (op == "first") return first_of(s, r);
  if (op == "last" || op == "reverse") {
    std::vector<Value> items(s.items ? s.items->rbegin() : std::vector<Value>::const_reverse_iterator(),
                             s.items ? s.items->rend() : std::vector<Value>::const_reverse_iterator());
    std::vector<TermId> guards;
    if (s.guards) guards.assign(s.guards->rbegin(), s.guards->rend());
    Value rev = Value::seq(std::move(items), std::move(guards));
    return op == "last" ? first_of(rev, r) : rev;
  }
  if (op == "at") return element_at(s, plain_args[0], r);
  if (op == "asSequence" || op == "asSeq") {
    Value out = s;
    out.k = VK::Seq;
    return out;
  }
  if (op == "asSet") {
    if (s.has_guards()) fail(r, "'->asSet' needs known members");
    if (holds_unknowns(s)) fail(r, "'->asSet' needs known values, but an element depends on the unknowns");
    std::vector<Value> items = s.items ? *s.items : std::vector<Value>{};
    std::sort(items.begin(), items.end(), [](const Value& a, const Value& b) { return compare(a, b) < 0; });
    items.erase(std::unique(items.begin(), items.end(), same), items.end());
    Value out = Value::seq(std::move(items));
    out.k = VK::Set;
    return out;
  }
  if (op == "flatten") {
    std::vector<Value> items;
    std::vector<TermId> guards;
    std::size_t total = 0;
    for (std::size_t i = 0; i < count; ++i) total += s.at(i).is_collection() ? s.at(i).size() : 0;
    items.reserve(total);
    guards.reserve(total);
    for (std::size_t i = 0; i < count; ++i) {
      Value inner = seq_items(s.at(i), r);
      for (std::size_t j = 0; j < inner.size(); ++j) {
        items.push_back(inner.at(j));
        TermId g = t_and({guard(i), inner.guard(j) == -1 ? yes : inner.guard(j)});
        guards.push_back(is_true(g) ? -1 : g);
      }
    }
    return Value::seq(std::move(items), std::move(guards));
  }
  if (op == "takeWhile" || op == "dropWhile") {
    std::vector<Value> items;
    std::vector<TermId> guards;
    TermId prefix_ok = yes;  // every present element so far satisfied the condition
    for (std::size_t i = 0; i < count; ++i) {
      TermId m = matches(i);
      TermId taken = t_and({prefix_ok, guard(i), m});
      TermId g = op == "takeWhile" ? taken : t_and({guard(i), t_not(taken)});
      prefix_ok = t_and({prefix_ok, t_implies(guard(i), m)});
      if (!is_false(g)) {
        items.push_back(s.at(i));
        guards.push_back(is_true(g) ? -1 : g);
      }
      if (op == "takeWhile" && is_false(prefix_ok)) break;
    }
    return Value::seq(std::move(items), std::move(guards));
  }
  fail(r, fmt::format("unknown collection operation '->{}'", op));
}

}  // namespace pzc::ground
