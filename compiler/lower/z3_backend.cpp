// Lowering of the ground IR to Z3, and the solve / unique / count / core queries on it.
//
// Encoding. Every variable becomes one Bool per domain value, named `<var>=<value>`
// (e.g. `cell_r3_c5=A`), with an exactly-one constraint (pbeq); a Bool variable with
// domain {0,1} becomes a single Bool named after the variable. Constraints are lowered
// by kind onto those value-Bools (clauses, pseudo-Boolean cardinality / linear sums,
// per-value at-most-one for all-different), and Expr terms by a generic recursive
// lowering where an integer term is an `ite` sum over the value-Bools. Null is carried
// alongside each lowered term as a Bool condition, absent when the term can never be null.
// Solver: measured by enumerating 1000 solutions of an empty 10x10 Latin square (rows and
// columns as all-different, or as per-value cardinalities): the "QF_FD" solver (SAT + PB)
// took 2.1s / 1.8s against 5.2s / 5.7s for the default solver (2-3x faster on reruns
// too), and pbeq beat atmost+or for exactly-one under QF_FD (3.7s / 2.2s). QF_FD answers unknown on integer arithmetic,
// so it is used only when the lowered problem is purely Boolean; otherwise the default.
#include "compiler/lower/z3_backend.hpp"

#include <fmt/format.h>

#include <z3++.h>

#include <algorithm>
#include <utility>
#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <unordered_set>

#include "runtime/ir/eval.hpp"
#include "runtime/ir/parity.hpp"
#include "runtime/ir/pivot.hpp"
#include "runtime/ir/print.hpp"

namespace pzc::z3lower {

namespace {

using Clock = std::chrono::steady_clock;
using ir::kNull;
using ir::Value;
using ir::VarId;

// A lowered term: its integer value (meaningless when null), its truthiness, and the
// condition under which it is null (nullopt: never).
struct Low {
  z3::expr i;
  z3::expr b;
  std::optional<z3::expr> null;
};

// A Z3 context made through the C API and adopted: z3::context's own constructor uses
// the context that Z3_mk_context_rc returns without looking, and out of memory that is
// null: a segfault in Z3_set_error_handler (`ulimit -v 170000; pzc hint` on Light Up
// 100x100). Made once, not probed first with one made and deleted: a context costs Z3
// 25-50 ms to make (most of it page faults), which was 60% of `generate --count 1`.
class OwnedContext {
 public:
  explicit OwnedContext(Z3_context raw) : raw_(raw), adopted_(raw) {}
  ~OwnedContext() { Z3_del_context(raw_); }  // (adopted_ only detaches, after this)
  OwnedContext(const OwnedContext&) = delete;
  OwnedContext& operator=(const OwnedContext&) = delete;
  z3::context* get() { return &adopted_(); }

 private:
  Z3_context raw_;
  z3::scoped_context adopted_;
};

// A new Z3 context, or std::bad_alloc. (Shared only to point into its owner.)
using ContextPtr = std::shared_ptr<z3::context>;
ContextPtr new_context() {
  Z3_config cfg = Z3_mk_config();
  if (!cfg) throw std::bad_alloc();
  Z3_context raw = Z3_mk_context_rc(cfg);
  Z3_del_config(cfg);
  if (!raw) throw std::bad_alloc();
  auto owner = std::make_shared<OwnedContext>(raw);
  return ContextPtr(owner, owner->get());
}

// A Z3 constant's name for a part of a name (a variable's, a value's). SMT-LIB's quoted
// symbols (`|x = a b|`, which Z3 writes for names with spaces) may not hold '|' or a
// backslash, nor control characters: those are written %XX, and so is '%' itself (a Char
// var's value '|': `c=%7c`; `dump --stage smt2` is read back by any SMT-LIB solver). So is
// '=', which joins a variable's name and a value's (smt_value): Map keys may hold '=' and
// ']', and `n[=]` with "]=x" and `n[=]=]` with "x" were one constant (a wrong answer).
std::string smt_symbol(const std::string& name) {
  std::string out;
  out.reserve(name.size());
  for (char ch : name) {
    const auto u = static_cast<unsigned char>(ch);
    if (ch == '|' || ch == '\\' || ch == '%' || ch == '=' || u < 0x20 || u == 0x7f) out += fmt::format("%{:02x}", u);
    else out += ch;
  }
  return out;
}
// "NAME=VALUE", each part escaped: one '=', so two (variable, value) pairs are two names.
std::string smt_value(const std::string& var, const std::string& value) { return smt_symbol(var) + "=" + smt_symbol(value); }

// Interrupts the context at the deadline: Z3 does not always honour its own timeout.
class Watchdog {
 public:
  Watchdog(z3::context& ctx, std::optional<Clock::time_point> deadline) {
    if (!deadline) return;
    thread_ = std::thread([this, &ctx, deadline] {
      std::unique_lock lock(mutex_);
      if (!cv_.wait_until(lock, *deadline, [this] { return done_; })) {
        ctx.interrupt();
        fired_ = true;
      }
    });
  }
  ~Watchdog() { stop(); }
  // No interrupt after this. fired(): one came (maybe after the check had ended, when
  // the context's model can no longer be trusted).
  void stop() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }
  bool fired() const { return fired_; }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  bool fired_ = false;
  std::thread thread_;
};

// Thrown when Z3Backend::interrupt() was called while the problem was being lowered.
struct Interrupted {};

template <typename F>
auto guarded(F&& f) -> decltype(f()) {
  using R = decltype(f());
  try {
    return f();
  } catch (const Interrupted&) {
    if constexpr (requires(R r) { r.status = Status::Unknown; r.unknown_reason = ""; }) {
      R r;
      r.status = Status::Unknown;
      r.unknown_reason = "interrupted";
      return r;
    } else {
      throw std::runtime_error("z3: interrupted");
    }
  } catch (const z3::exception& e) {
    throw std::runtime_error(std::string("z3: ") + e.msg());
  }
}

// push() now, pop() on every way out (a decode failure throws).
class ScopedPush {
 public:
  explicit ScopedPush(z3::solver& s) : s_(s) { s_.push(); }
  ~ScopedPush() {
    try {
      s_.pop();
    } catch (...) {
    }
  }
  ScopedPush(const ScopedPush&) = delete;
  ScopedPush& operator=(const ScopedPush&) = delete;

 private:
  z3::solver& s_;
};

}  // namespace

const char* status_name(Status status) {
  switch (status) {
    case Status::Sat: return "sat";
    case Status::Unsat: return "unsat";
    case Status::Unknown: return "unknown";
  }
  return "?";
}

struct Z3Backend::Impl {
  const ir::Program& p;
  Options opt;
  ContextPtr own_ctx;  // null when the context is shared (UniqueChecker)
  z3::context& ctx;
  z3::solver solver;
  std::vector<std::vector<z3::expr>> value_bools;  // per var, parallel to its domain
  std::vector<std::optional<Low>> term_cache;
  std::vector<std::optional<z3::expr>> constraint_cache;
  // While a constraint is lowered with one variable pinned to a value (pivoted): its
  // value Bools are constants, the terms are cached here, not in term_cache, and
  // Boolean constants are folded.
  std::unordered_map<ir::TermId, Low>* pinned_cache = nullptr;
  bool built = false;
  bool finite_domain = false;  // no integer arithmetic: use the "QF_FD" solver

  // The core solver: domains plus `ind_i => constraint_i`, checked under indicator
  // assumptions. Built on first use so ordinary solving carries no indicators.
  std::optional<z3::solver> core_solver;
  std::vector<std::optional<z3::expr>> indicators;

  std::optional<Clock::time_point> deadline;
  std::atomic<bool> interrupted{false};  // set by Z3Backend::interrupt from any thread

  // A `->connected()` rule of the whole-program solver, checked lazily: its members'
  // Booleans and who neighbours whom (see lazy_check).
  struct LazyConnected {
    std::vector<z3::expr> in;
    std::vector<std::vector<int>> neighbours;
  };
  std::vector<LazyConnected> lazy;
  std::size_t cuts = 0;  // cut clauses added (lazy_check), for tests

  Impl(const ir::Program& program, Options o, z3::context* shared = nullptr)
      : p(program),
        opt(o),
        own_ctx(shared ? nullptr : new_context()),
        ctx(shared ? *shared : *own_ctx),
        solver(ctx) {
    term_cache.resize(p.terms.size());
    constraint_cache.resize(p.constraints.size());
    indicators.resize(p.constraints.size());
    configure(solver);
  }

  // `fd`: s is the finite-domain solver, whose checks refuse the SMT core's parameters.
  void configure(z3::solver& s, bool fd = false) {
    z3::params params(ctx);
    params.set("random_seed", opt.seed);
    s.set(params);
    // The SAT core reads its own seed; not every solver accepts the name, so best effort.
    try {
      z3::params sat(ctx);
      sat.set("sat.random_seed", opt.seed);
      s.set(sat);
    } catch (const z3::exception&) {
    }
    if (opt.random_phase) {
      try {
        z3::params phase(ctx);
        phase.set("sat.phase", ctx.str_symbol("random"));
        s.set(phase);
      } catch (const z3::exception&) {
      }
      if (!fd) try {
          z3::params phase(ctx);
          phase.set("phase_selection", 5u);  // the SMT core's: random
          s.set(phase);
        } catch (const z3::exception&) {
        }
    }
  }

  // ---- variables --------------------------------------------------------------------

  const ir::Variable& var(VarId v) const {
    if (v < 0 || static_cast<size_t>(v) >= p.vars.size())
      throw std::logic_error("variable id " + std::to_string(v) + " out of range");
    return p.vars[static_cast<size_t>(v)];
  }

  static bool is_single_bool(const ir::Variable& v) {
    return v.kind == ir::ValueKind::Bool && v.domain == std::vector<Value>{0, 1};
  }

  void build_vars() {
    value_bools.resize(p.vars.size());
    for (size_t v = 0; v < p.vars.size(); ++v) value_bools[v] = var_bools(v);
  }

  // Variable v's Bools, parallel to its domain.
  std::vector<z3::expr> var_bools(size_t v) {
    const ir::Variable& x = p.vars[v];
    // One Boolean per value: past kMaxValues the encoding, and the sums and comparisons over
    // it, take gigabytes (Einstein's puzzle with one attribute over 1..100000: 3.6 GB in
    // 30 s and no answer; over 1..1000000, `dump --stage smt2` wrote nothing in 20 s).
    if (x.domain.size() > kMaxValues)
      throw Unsupported(fmt::format("the Z3 back end gives each value of a variable a Boolean, and '{}' has {} values, more "
                                    "than the {} it takes", x.name, x.domain.size(), kMaxValues));
    if (is_single_bool(x)) {
      z3::expr b = ctx.bool_const(smt_symbol(x.name).c_str());
      return {!b, b};
    }
    std::vector<z3::expr> vb;
    for (Value d : x.domain) {
      vb.push_back(ctx.bool_const(smt_value(x.name, ir::format_value(p, x.kind, d)).c_str()));
    }
    return vb;
  }

  z3::expr domain_constraint(size_t v) {
    const auto& vb = value_bools[v];
    if (is_single_bool(p.vars[v])) return ctx.bool_val(true);
    if (vb.empty()) return ctx.bool_val(false);
    if (vb.size() == 1) return vb[0];
    z3::expr_vector es(ctx);
    for (const auto& b : vb) es.push_back(b);
    std::vector<int> ones(vb.size(), 1);
    return z3::pbeq(es, ones.data(), 1);
  }

  // Variable v's domain constraint for the default (SMT) solver, which takes arithmetic:
  // the exactly-one as clauses, not pbeq. With pbeq beside arithmetic, Z3 4.8.12's SMT core
  // miscounted (fuzzing: 20 solutions of 36, 13 of 16, on specs with negative values).
  // One "some value" clause, and "not two" pairwise up to 32 values, else by a ladder of
  // auxiliary Bools (s_i: some value among the first i), which solutions never block on.
  z3::expr exactly_one_clauses(size_t v) {
    const auto& vb = value_bools[v];
    if (is_single_bool(p.vars[v])) return ctx.bool_val(true);
    if (vb.empty()) return ctx.bool_val(false);
    std::vector<z3::expr> parts{or_of(vb)};
    if (vb.size() <= 32) {
      for (size_t i = 0; i < vb.size(); ++i)
        for (size_t j = i + 1; j < vb.size(); ++j) parts.push_back(!vb[i] || !vb[j]);
      return and_of(parts);
    }
    std::optional<z3::expr> before;  // s_{i-1}
    for (size_t i = 0; i < vb.size(); ++i) {
      z3::expr s = ctx.bool_const(smt_symbol("!amo" + std::to_string(v) + "_" + std::to_string(i) + "@" + p.vars[v].name).c_str());
      parts.push_back(!vb[i] || s);
      if (before) {
        parts.push_back(!*before || s);
        parts.push_back(!*before || !vb[i]);
      }
      before = s;
    }
    return and_of(parts);
  }

  // The Bool for `v = value`; false when the value is not in the domain.
  z3::expr value_bool(VarId v, Value value) {
    const auto& dom = var(v).domain;
    auto it = std::lower_bound(dom.begin(), dom.end(), value);
    if (it == dom.end() || *it != value) return ctx.bool_val(false);
    return value_bools[static_cast<size_t>(v)][static_cast<size_t>(it - dom.begin())];
  }

  z3::expr literal(const ir::Literal& l) {
    z3::expr b = value_bool(l.var, l.value);
    return l.positive ? b : !b;
  }

  // ---- terms ------------------------------------------------------------------------

  z3::expr bool_to_int(const z3::expr& b) { return z3::ite(b, ctx.int_val(1), ctx.int_val(0)); }

  Low from_bool(const z3::expr& b) { return Low{bool_to_int(b), b, std::nullopt}; }

  Low from_int(const z3::expr& i, std::optional<z3::expr> null) {
    z3::expr b = i != ctx.int_val(0);
    if (null) b = b && !*null;
    return Low{i, b, null};
  }

  std::optional<z3::expr> either_null(const std::vector<Low>& xs) {
    std::optional<z3::expr> r;
    for (const Low& x : xs)
      if (x.null) r = r ? (*r || *x.null) : *x.null;
    return r;
  }

  // xs folded with `combine` (z3::sum, mk_or, mk_and); `empty` when there is nothing.
  template <typename Combine>
  z3::expr fold(const std::vector<z3::expr>& xs, const z3::expr& empty, Combine combine) {
    if (xs.empty()) return empty;
    if (xs.size() == 1) return xs[0];
    z3::expr_vector v(ctx);
    for (const auto& x : xs) v.push_back(x);
    return combine(v);
  }
  z3::expr sum_of(const std::vector<z3::expr>& xs) {
    return fold(xs, ctx.int_val(0), [](const z3::expr_vector& v) { return z3::sum(v); });
  }
  z3::expr or_of(const std::vector<z3::expr>& xs) {
    if (pinned_cache) return folded(xs, true);
    return fold(xs, ctx.bool_val(false), [](const z3::expr_vector& v) { return z3::mk_or(v); });
  }
  z3::expr and_of(const std::vector<z3::expr>& xs) {
    if (pinned_cache) return folded(xs, false);
    return fold(xs, ctx.bool_val(true), [](const z3::expr_vector& v) { return z3::mk_and(v); });
  }
  // A disjunction (`any`) or conjunction with its Boolean constants folded away.
  z3::expr folded(const std::vector<z3::expr>& xs, bool any) {
    std::vector<z3::expr> rest;
    for (const auto& x : xs) {
      if (x.is_true() || x.is_false()) {
        if (x.is_true() == any) return ctx.bool_val(any);
        continue;
      }
      rest.push_back(x);
    }
    return fold(rest, ctx.bool_val(!any), [any](const z3::expr_vector& v) { return any ? z3::mk_or(v) : z3::mk_and(v); });
  }
  z3::expr implies(const z3::expr& a, const z3::expr& b) {
    if (pinned_cache) {
      if (a.is_false() || b.is_true()) return ctx.bool_val(true);
      if (a.is_true()) return b;
      if (b.is_false()) return negated(a);
    }
    return z3::implies(a, b);
  }
  z3::expr negated(const z3::expr& a) {
    if (pinned_cache && (a.is_true() || a.is_false())) return ctx.bool_val(a.is_false());
    return !a;
  }

  // lo <= sum w_i * x_i <= hi over Bools, with int64 weights; nullopt if out of int range.
  // Weights are shifted per group of mutually exclusive Bools by the caller if needed.
  std::optional<z3::expr> pb_range(const std::vector<z3::expr>& xs, const std::vector<__int128>& w,
                                   __int128 lo, __int128 hi) {
    __int128 pos = 0, neg = 0;
    for (__int128 c : w) (c > 0 ? pos : neg) += c;
    lo = std::max(lo, neg);
    hi = std::min(hi, pos);
    if (lo > hi) return ctx.bool_val(false);
    if (lo <= neg && hi >= pos) return ctx.bool_val(true);
    auto fits = [](__int128 x) { return x >= INT_MIN && x <= INT_MAX; };
    for (__int128 c : w)
      if (!fits(c)) return std::nullopt;
    if (!fits(lo) || !fits(hi) || !fits(pos) || !fits(neg)) return std::nullopt;
    z3::expr_vector es(ctx);
    for (const auto& x : xs) es.push_back(x);
    std::vector<int> ws;
    for (__int128 c : w) ws.push_back(static_cast<int>(c));
    std::vector<z3::expr> parts;
    if (lo == hi) return z3::pbeq(es, ws.data(), static_cast<int>(lo));
    if (lo > neg) parts.push_back(z3::pbge(es, ws.data(), static_cast<int>(lo)));
    if (hi < pos) parts.push_back(z3::pble(es, ws.data(), static_cast<int>(hi)));
    return and_of(parts);
  }

  const ir::Term& term(ir::TermId id) const {
    if (id < 0 || static_cast<size_t>(id) >= p.terms.size())
      throw std::logic_error("term id " + std::to_string(id) + " out of range");
    return p.terms[static_cast<size_t>(id)];
  }

  std::optional<VarId> as_var(ir::TermId id) const {
    const ir::Term& t = term(id);
    if (t.op == ir::Op::Var) return static_cast<VarId>(t.value);
    return std::nullopt;
  }

  // Plain-value equality of a term with a constant.
  z3::expr equals_const(ir::TermId id, Value c) {
    if (auto v = as_var(id)) return value_bool(*v, c);
    Low x = lower(id);
    if (c == kNull) return x.null ? *x.null : ctx.bool_val(false);
    z3::expr eq = x.i == ctx.int_val(c);
    return x.null ? (!*x.null && eq) : eq;
  }

  // `x = y` over the value-Bools (null = null included), so it stays propositional.
  z3::expr vars_equal(VarId x, VarId y) {
    if (x == y) return ctx.bool_val(true);
    std::vector<z3::expr> both;
    for (Value d : var(x).domain) {
      z3::expr by = value_bool(y, d);
      if (!by.is_false()) both.push_back(and_of({value_bool(x, d), by}));
    }
    return or_of(both);
  }

  z3::expr all_different_vars(const std::vector<VarId>& vars) {
    std::vector<Value> values;
    for (VarId v : vars)
      for (Value d : var(v).domain)
        if (d != kNull) values.push_back(d);
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    // As many values as variables, none of which can be null (a Sudoku unit): every value
    // is then taken exactly once. Saying so (the pigeonhole consequence) lets propagation
    // place a value that only one variable can take, which at-most-one alone does not.
    std::vector<VarId> distinct_vars(vars);
    std::sort(distinct_vars.begin(), distinct_vars.end());
    distinct_vars.erase(std::unique(distinct_vars.begin(), distinct_vars.end()), distinct_vars.end());
    bool tight = values.size() == distinct_vars.size() && distinct_vars.size() == vars.size() &&
                 std::none_of(vars.begin(), vars.end(), [&](VarId v) {
                   const auto& dom = var(v).domain;
                   return std::find(dom.begin(), dom.end(), kNull) != dom.end();
                 });
    std::vector<z3::expr> parts;
    for (Value d : values) {
      z3::expr_vector es(ctx);
      for (VarId v : vars) {
        z3::expr b = value_bool(v, d);
        if (!b.is_false()) es.push_back(b);
      }
      if (tight) {
        std::vector<int> ones(es.size(), 1);
        parts.push_back(es.empty() ? ctx.bool_val(false) : es.size() == 1 ? es[0] : z3::pbeq(es, ones.data(), 1));
      } else if (es.size() > 1) {
        parts.push_back(z3::atmost(es, 1));
      }
    }
    return and_of(parts);
  }

  // A linear form over counts: `coef` times term `id` added to (bools, weights, constant).
  // False when the term is not a sum of counts, constants and constant multiples of them.
  bool linear_counts(ir::TermId id, __int128 coef, std::vector<ir::TermId>& bools, std::vector<__int128>& w,
                     __int128& constant, int depth = 0) const {
    constexpr __int128 kMaxCoef = static_cast<__int128>(1) << 40;
    if (depth > 16 || coef > kMaxCoef || coef < -kMaxCoef) return false;
    const ir::Term& t = term(id);
    switch (t.op) {
      case ir::Op::Const:
        if (t.value == kNull) return false;
        constant += coef * t.value;
        return true;
      case ir::Op::Count:
        for (ir::TermId a : t.args) {
          bools.push_back(a);
          w.push_back(coef);
        }
        return true;
      case ir::Op::Add:
      case ir::Op::Sub:
        for (std::size_t k = 0; k < t.args.size(); ++k)
          if (!linear_counts(t.args[k], t.op == ir::Op::Sub && k > 0 ? -coef : coef, bools, w, constant, depth + 1)) return false;
        return !t.args.empty();
      case ir::Op::Neg:
        return t.args.size() == 1 && linear_counts(t.args[0], -coef, bools, w, constant, depth + 1);
      case ir::Op::Mul: {
        // Constants times one linear part.
        __int128 factor = 1;
        std::optional<ir::TermId> part;
        for (ir::TermId a : t.args) {
          const ir::Term& x = term(a);
          if (x.op == ir::Op::Const && x.value != kNull) {
            factor *= x.value;
            if (factor > kMaxCoef || factor < -kMaxCoef) return false;
          } else if (!part) {
            part = a;
          } else {
            return false;
          }
        }
        if (!part) {
          constant += coef * factor;
          return true;
        }
        return linear_counts(*part, coef * factor, bools, w, constant, depth + 1);
      }
      default:
        return false;
    }
  }

  // The parity of a non-negative sum of Booleans, `x mod 2` with x a sum of counted
  // Booleans (ir::parity_sum: `->sum(q | press[q])` over Bools, counts, positive multiples,
  // constants >= 0): an exclusive or of the Booleans of odd weight (true when the
  // constants' part is odd). Lowered through `mod` in integer arithmetic instead, a Lights
  // Out board took Z3 seconds where the xor is propagated (Flip 8x8: 17.9 s). nullopt for
  // any other term.
  std::optional<z3::expr> parity_of(const ir::Term& mod) {
    if (mod.op != ir::Op::Mod || mod.args.size() != 2) return std::nullopt;
    const ir::Term& m = term(mod.args[1]);
    if (m.op != ir::Op::Const || m.value != 2) return std::nullopt;
    const auto sum = ir::parity_sum(p, mod.args[0]);
    if (!sum) return std::nullopt;
    z3::expr x = ctx.bool_val(sum->constant);
    for (ir::TermId b : sum->odd) x = x ^ lower(b).b;
    return x.simplify();
  }

  // `L op R` where both sides are sums of counts and constants (`count(...) + c op k`, a
  // Magnets pattern's `clue - count(a) = clue' - count(b) + 1`) as one pseudo-Boolean
  // constraint: sum(w_i b_i) op -c, with L - R = sum(w_i b_i) + c. So the comparison
  // stays purely Boolean (the finite-domain solver takes it).
  // Outside the cases of technique facts, only `count(...) [+ c] op k` (or `k op ...`):
  // Z3 4.8.12 miscounted models when the general solver got other sums of counts as
  // pseudo-Boolean constraints among integer ones (tests/unit/z3,
  // random_count_combinations_match_brute_force, seeds 14 and 67), so those stay integer
  // arithmetic there. The cases' conditions (state patterns) are lowered with
  // `linear_counts_as_pb`, so that a program in the finite-domain solver keeps them; so is
  // a whole program that they alone keep out of it (Range's `1 + seen(p) = clue`, a sum of
  // four rays' counts: Z3Backend::Impl::build and UniqueChecker::Impl::confirm lower it again).
  bool linear_counts_as_pb = false;
  bool count_plus_const(const ir::Term& t) const {
    auto count_plus = [&](const ir::Term& x) {
      if (x.op == ir::Op::Count) return true;
      if (x.op != ir::Op::Add || x.args.size() != 2) return false;
      const ir::Term& a = term(x.args[0]);
      const ir::Term& b = term(x.args[1]);
      return (a.op == ir::Op::Count && b.op == ir::Op::Const && b.value != kNull) ||
             (b.op == ir::Op::Count && a.op == ir::Op::Const && a.value != kNull);
    };
    const ir::Term& l = term(t.args[0]);
    const ir::Term& r = term(t.args[1]);
    return (count_plus(l) && r.op == ir::Op::Const && r.value != kNull) ||
           (count_plus(r) && l.op == ir::Op::Const && l.value != kNull);
  }

  int pb_declined = 0;  // comparisons of sums of counts left to integer arithmetic
  std::optional<z3::expr> count_compare(const ir::Term& t) {
    std::vector<ir::TermId> bools;
    std::vector<__int128> w;
    __int128 c = 0;
    if (!linear_counts(t.args[0], 1, bools, w, c) || !linear_counts(t.args[1], -1, bools, w, c) || bools.empty())
      return std::nullopt;
    if (!linear_counts_as_pb && !count_plus_const(t)) {
      ++pb_declined;
      return std::nullopt;
    }
    ir::Op op = t.op;
    // `k op count(...)`: the count's side first, as `count(...) op' k`, with weights 1.
    if (std::all_of(w.begin(), w.end(), [](__int128 x) { return x <= 0; })) {
      for (__int128& x : w) x = -x;
      c = -c;
      op = op == ir::Op::Lt ? ir::Op::Gt : op == ir::Op::Gt ? ir::Op::Lt : op == ir::Op::Le ? ir::Op::Ge
           : op == ir::Op::Ge ? ir::Op::Le : op;
    }
    // Constant Booleans leave the sum (a true one moves its weight to the bound).
    std::vector<z3::expr> xs;
    std::vector<__int128> ws;
    for (std::size_t i = 0; i < bools.size(); ++i) {
      z3::expr b = lower(bools[i]).b;
      if (b.is_true()) c += w[i];
      if (b.is_true() || b.is_false() || w[i] == 0) continue;
      xs.push_back(b);
      ws.push_back(w[i]);
    }
    w = std::move(ws);
    __int128 pos = 0, neg = 0;
    for (__int128 x : w) (x > 0 ? pos : neg) += x;
    const __int128 k = -c, below = neg - 1, above = pos + 1;
    switch (op) {
      case ir::Op::Eq: return pb_range(xs, w, k, k);
      case ir::Op::Ne: {
        auto eq = pb_range(xs, w, k, k);
        if (!eq) return std::nullopt;
        return !*eq;
      }
      case ir::Op::Lt: return pb_range(xs, w, below, k - 1);
      case ir::Op::Le: return pb_range(xs, w, below, k);
      case ir::Op::Gt: return pb_range(xs, w, k + 1, above);
      case ir::Op::Ge: return pb_range(xs, w, k, above);
      default: return std::nullopt;
    }
  }

  // `x op y` over variables and constants without null, in the value Bools alone, so that
  // a program of such comparisons stays purely Boolean (the finite-domain solver; Towers'
  // "seen" counts). x < y: for each value a of x, x = a implies y is one of its values
  // above a. Up to kMaxCompareProduct value pairs; otherwise nullopt (integer arithmetic).
  static constexpr std::size_t kMaxCompareProduct = 1024;
  std::optional<z3::expr> boolean_compare(const ir::Term& t) {
    // Values of a side: (value, its Bool); a constant is one value whose Bool is true, and
    // a variable plus constants (`order[q] + 1`) its values shifted.
    auto side = [&](ir::TermId id) -> std::optional<std::vector<std::pair<Value, z3::expr>>> {
      const ir::Term* a = &term(id);
      std::vector<std::pair<Value, z3::expr>> out;
      if (a->op == ir::Op::Const && a->value != kNull && a->kind == ir::ValueKind::Int) {
        out.emplace_back(a->value, ctx.bool_val(true));
        return out;
      }
      Value shift = 0;
      if (a->op == ir::Op::Add) {
        const ir::Term* v = nullptr;
        for (ir::TermId k : a->args) {
          const ir::Term& x = term(k);
          if (x.op == ir::Op::Const && x.kind == ir::ValueKind::Int && x.value != kNull) {
            if (__builtin_add_overflow(shift, x.value, &shift)) return std::nullopt;
          } else if (x.op == ir::Op::Var && !v) {
            v = &x;
          } else {
            return std::nullopt;
          }
        }
        if (!v) return std::nullopt;
        a = v;
      }
      if (a->op != ir::Op::Var) return std::nullopt;
      const ir::Variable& x = var(static_cast<VarId>(a->value));
      if (x.kind == ir::ValueKind::Bool) return std::nullopt;
      const auto& vb = value_bools[static_cast<size_t>(a->value)];
      for (size_t k = 0; k < x.domain.size(); ++k) {
        Value shifted = 0;
        if (x.domain[k] == kNull || __builtin_add_overflow(x.domain[k], shift, &shifted)) return std::nullopt;
        if (pinned_cache && vb[k].is_false()) continue;  // (the pinned variable's other values)
        out.emplace_back(shifted, vb[k]);
      }
      return out;
    };
    auto xs = side(t.args[0]), ys = side(t.args[1]);
    // (= and <> give one implication per value of the first side, whatever the product.)
    const bool equality = t.op == ir::Op::Eq || t.op == ir::Op::Ne;
    if (!xs || !ys || (!equality && xs->size() * ys->size() > kMaxCompareProduct)) return std::nullopt;
    auto holds = [&](Value a, Value b) {
      switch (t.op) {
        case ir::Op::Lt: return a < b;
        case ir::Op::Le: return a <= b;
        case ir::Op::Gt: return a > b;
        case ir::Op::Eq: return a == b;
        case ir::Op::Ne: return a != b;
        default: return a >= b;
      }
    };
    // Pinned, a side that is one value (a constant, the pinned variable) makes the other
    // side's values that fit it, one value Bool each: `num[q] = 6`, not "num[q] is no
    // other value" (the same, given one value per variable, but no single literal).
    if (pinned_cache && (xs->size() == 1 || ys->size() == 1)) {
      std::vector<z3::expr> fit;
      for (const auto& [a, xa] : *xs)
        for (const auto& [b, yb] : *ys)
          if (holds(a, b)) fit.push_back(and_of({xa, yb}));
      return or_of(fit);
    }
    std::vector<z3::expr> parts;
    for (const auto& [a, xa] : *xs) {
      std::vector<z3::expr> ok;
      for (const auto& [b, yb] : *ys)
        if (holds(a, b)) ok.push_back(yb);
      z3::expr some = or_of(ok);
      if (some.is_true()) continue;
      parts.push_back(xa.is_true() ? some : z3::implies(xa, some));
    }
    return and_of(parts);
  }

  Low lower(ir::TermId id) {
    if (pinned_cache) {
      if (auto it = pinned_cache->find(id); it != pinned_cache->end()) return it->second;
      Low r = lower_uncached(id);
      pinned_cache->emplace(id, r);
      return r;
    }
    auto& slot = term_cache[static_cast<size_t>(id)];
    if (slot) return *slot;
    Low r = lower_uncached(id);
    slot = r;
    return r;
  }

  Low lower_uncached(ir::TermId id) {
    using ir::Op;
    const ir::Term& t = term(id);
    auto need = [&](size_t n) {
      if (t.args.size() != n)
        throw std::logic_error(std::string("z3 lowering: ") + ir::op_name(t.op) + " needs " +
                               std::to_string(n) + " arguments");
    };
    auto need_some = [&] {
      if (t.args.empty())
        throw std::logic_error(std::string("z3 lowering: ") + ir::op_name(t.op) + " needs arguments");
    };
    auto args = [&] {
      std::vector<Low> xs;
      for (ir::TermId a : t.args) xs.push_back(lower(a));
      return xs;
    };
    auto bools = [&] {
      std::vector<z3::expr> bs;
      for (ir::TermId a : t.args) bs.push_back(lower(a).b);
      return bs;
    };
    z3::expr zero = ctx.int_val(0);
    switch (t.op) {
      case Op::Const:
        if (t.value == kNull) return Low{zero, ctx.bool_val(false), ctx.bool_val(true)};
        return Low{ctx.int_val(t.value), ctx.bool_val(ir::truthy(t.value)), std::nullopt};
      case Op::Var: {
        auto v = static_cast<VarId>(t.value);
        const ir::Variable& x = var(v);
        const auto& vb = value_bools[static_cast<size_t>(v)];
        if (is_single_bool(x)) return from_bool(vb[1]);
        std::vector<z3::expr> terms, truths;
        std::optional<z3::expr> null;
        for (size_t k = 0; k < x.domain.size(); ++k) {
          Value d = x.domain[k];
          if (d == kNull) {
            null = vb[k];
            continue;
          }
          if (d != 0) {
            terms.push_back(z3::ite(vb[k], ctx.int_val(d), zero));
            truths.push_back(vb[k]);
          }
        }
        return Low{sum_of(terms), or_of(truths), null};
      }
      case Op::Not:
        need(1);
        return from_bool(negated(lower(t.args[0]).b));
      case Op::And: return from_bool(and_of(bools()));
      case Op::Or: return from_bool(or_of(bools()));
      case Op::Xor: {
        z3::expr r = ctx.bool_val(false);
        bool first = true;
        for (const auto& b : bools()) {
          r = first ? b : (r != b);
          first = false;
        }
        return from_bool(r);
      }
      case Op::Implies: {
        need(2);
        return from_bool(implies(lower(t.args[0]).b, lower(t.args[1]).b));
      }
      case Op::Iff: {
        need_some();
        auto bs = bools();
        std::vector<z3::expr> eqs;
        for (size_t i = 1; i < bs.size(); ++i) eqs.push_back(bs[0] == bs[i]);
        return from_bool(and_of(eqs));
      }
      case Op::Eq:
      case Op::Ne: {
        need(2);
        if (auto pb = count_compare(t)) return from_bool(*pb);
        // `sum mod 2 = k` (either side) as an exclusive or: purely Boolean.
        for (int side = 0; side < 2; ++side) {
          const ir::Term& k = term(t.args[1 - side]);
          if (k.op != Op::Const || k.value == kNull) continue;
          if (auto par = parity_of(term(t.args[side]))) {
            z3::expr eq = k.value == 1 ? *par : k.value == 0 ? !*par : ctx.bool_val(false);
            return from_bool(t.op == Op::Eq ? eq : negated(eq));
          }
        }
        const ir::Term& l = term(t.args[0]);
        const ir::Term& r = term(t.args[1]);
        auto eq = [&]() -> z3::expr {
          if (r.op == Op::Const) return equals_const(t.args[0], r.value);
          if (l.op == Op::Const) return equals_const(t.args[1], l.value);
          if (l.op == Op::Var && r.op == Op::Var) return vars_equal(static_cast<VarId>(l.value),
                                                                    static_cast<VarId>(r.value));
          // A variable plus a constant against another (Signpost's `order[q] + 1 =
          // order[p]`): value Bools alone, no arithmetic (a 7x7 Signpost: 13.5 -> 0.23 s).
          if (auto b = boolean_compare(t.op == Op::Eq ? t : ir::Term{Op::Eq, t.kind, t.value, t.args})) return *b;
          Low x = lower(t.args[0]), y = lower(t.args[1]);
          z3::expr same = x.i == y.i;
          if (!x.null && !y.null) return same;
          z3::expr nx = x.null ? *x.null : ctx.bool_val(false);
          z3::expr ny = y.null ? *y.null : ctx.bool_val(false);
          return (nx && ny) || (!nx && !ny && same);
        }();
        return from_bool(t.op == Op::Eq ? eq : negated(eq));
      }
      case Op::Lt:
      case Op::Le:
      case Op::Gt:
      case Op::Ge: {
        need(2);
        if (auto pb = count_compare(t)) return from_bool(*pb);
        if (auto b = boolean_compare(t)) return from_bool(*b);
        Low x = lower(t.args[0]), y = lower(t.args[1]);
        z3::expr c = t.op == Op::Lt   ? x.i < y.i
                     : t.op == Op::Le ? x.i <= y.i
                     : t.op == Op::Gt ? x.i > y.i
                                      : x.i >= y.i;
        if (auto n = either_null({x, y})) c = !*n && c;
        return from_bool(c);
      }
      case Op::Add:
      case Op::Sub:
      case Op::Mul:
      case Op::Min:
      case Op::Max: {
        need_some();
        auto xs = args();
        z3::expr r = xs[0].i;
        for (size_t i = 1; i < xs.size(); ++i) {
          const z3::expr& y = xs[i].i;
          switch (t.op) {
            case Op::Add: r = r + y; break;
            case Op::Sub: r = r - y; break;
            case Op::Mul: r = r * y; break;
            case Op::Min: r = z3::ite(r <= y, r, y); break;
            default: r = z3::ite(r >= y, r, y); break;
          }
        }
        return from_int(r, either_null(xs));
      }
      case Op::Div:
      case Op::Mod: {
        need(2);
        if (auto par = parity_of(t)) return from_int(z3::ite(*par, ctx.int_val(1), ctx.int_val(0)), std::nullopt);
        Low x = lower(t.args[0]), y = lower(t.args[1]);
        // SMT-LIB div/mod are Euclidean; C++ truncates: work on magnitudes and fix signs.
        z3::expr ax = z3::ite(x.i >= 0, x.i, -x.i);
        z3::expr ay = z3::ite(y.i >= 0, y.i, -y.i);
        z3::expr r = ctx.int_val(0);
        if (t.op == Op::Div) {
          z3::expr q = ax / ay;
          r = z3::ite((x.i >= 0) == (y.i >= 0), q, -q);
        } else {
          z3::expr m = z3::mod(ax, ay);
          r = z3::ite(x.i >= 0, m, -m);
        }
        z3::expr null = y.i == 0;
        if (auto n = either_null({x, y})) null = *n || null;
        return from_int(r, null);
      }
      case Op::Neg: {
        need(1);
        Low x = lower(t.args[0]);
        return from_int(-x.i, x.null);
      }
      case Op::Abs: {
        need(1);
        Low x = lower(t.args[0]);
        return from_int(z3::ite(x.i >= 0, x.i, -x.i), x.null);
      }
      case Op::Ite: {
        need(3);
        Low c = lower(t.args[0]), x = lower(t.args[1]), y = lower(t.args[2]);
        std::optional<z3::expr> null;
        if (x.null || y.null)
          null = z3::ite(c.b, x.null ? *x.null : ctx.bool_val(false),
                         y.null ? *y.null : ctx.bool_val(false));
        return Low{z3::ite(c.b, x.i, y.i), z3::ite(c.b, x.b, y.b), null};
      }
      case Op::Count: {
        std::vector<z3::expr> xs;
        for (const auto& b : bools()) xs.push_back(bool_to_int(b));
        return from_int(sum_of(xs), std::nullopt);
      }
      case Op::AllDiff: {
        std::vector<VarId> vars;
        for (ir::TermId a : t.args)
          if (auto v = as_var(a)) vars.push_back(*v);
        if (vars.size() == t.args.size()) {
          std::sort(vars.begin(), vars.end());
          if (std::adjacent_find(vars.begin(), vars.end()) == vars.end())
            return from_bool(all_different_vars(vars));
        }
        auto xs = args();
        if (!either_null(xs)) {
          if (xs.size() < 2) return from_bool(ctx.bool_val(true));
          z3::expr_vector v(ctx);
          for (const auto& x : xs) v.push_back(x.i);
          return from_bool(z3::distinct(v));
        }
        std::vector<z3::expr> parts;
        for (size_t i = 0; i < xs.size(); ++i)
          for (size_t j = i + 1; j < xs.size(); ++j) {
            z3::expr d = xs[i].i != xs[j].i;
            if (xs[i].null) d = d || *xs[i].null;
            if (xs[j].null) d = d || *xs[j].null;
            parts.push_back(d);
          }
        return from_bool(and_of(parts));
      }
      case Op::Possible: {
        // A candidate of the solving state: any Bool that is true when the variable does
        // take the value (a person's candidates never exclude the true value).
        const ir::Term& x = term(t.args.at(0));
        z3::expr b = ctx.bool_const(smt_symbol("possible(" + p.vars[static_cast<size_t>(x.value)].name + ")#" + std::to_string(id)).c_str());
        return from_bool(b);
      }
      case Op::Connected:
        // Its encoding (below) needs auxiliary ranks, which only a positive occurrence
        // may choose freely.
        throw Unsupported("the Z3 back end takes ->connected() only as a whole rule, not inside another expression "
                          "(its auxiliary ranks cannot be negated)");
      case Op::Table: {
        if (t.value < 0 || static_cast<size_t>(t.value) >= p.tables.size())
          throw std::logic_error("z3 lowering: table index out of range");
        const ir::TableData& table = p.tables[static_cast<size_t>(t.value)];
        return from_bool(table_dd(t, table));
      }
    }
    throw std::logic_error("z3 lowering: unknown op");
  }

  // A table as a decision diagram over its columns in order: the rows sorted, rows with
  // a common prefix share its node, and equal suffix sets are one node, so each node is
  // one shared subterm (Z3 gives it one Tseitin variable). A Nonogram line's fillings
  // are a few hundred nodes where the rows are thousands of conjunctions: `unique
  // --engine z3` on nonogram_30x20 9.7 s and 950 MB as a disjunction of rows, 0.7 s and
  // 170 MB so; a batch of 20 generated 15x15 Nonograms 1.34 -> 0.63 s.
  z3::expr table_dd(const ir::Term& t, const ir::TableData& table) {
    const size_t ncols = t.args.size();
    std::vector<const std::vector<Value>*> rows;
    for (const auto& row : table.rows)
      if (row.size() == ncols) rows.push_back(&row);
    if (rows.empty()) return ctx.bool_val(false);
    std::sort(rows.begin(), rows.end(), [](const auto* a, const auto* b) { return *a < *b; });
    rows.erase(std::unique(rows.begin(), rows.end(), [](const auto* a, const auto* b) { return *a == *b; }), rows.end());
    std::map<std::vector<Value>, size_t> ids;  // (depth, value, child, value, child, ...) -> node
    std::vector<z3::expr> nodes;
    constexpr size_t kTrue = SIZE_MAX;
    std::function<size_t(size_t, size_t, size_t)> build = [&](size_t d, size_t lo, size_t hi) -> size_t {
      if (d == ncols) return kTrue;
      std::vector<Value> sig{static_cast<Value>(d)};
      std::vector<z3::expr> edges;
      for (size_t a = lo; a < hi;) {
        size_t b = a;
        const Value v = (*rows[a])[d];
        while (b < hi && (*rows[b])[d] == v) ++b;
        size_t child = build(d + 1, a, b);
        sig.push_back(v);
        sig.push_back(static_cast<Value>(child));
        z3::expr eq = equals_const(t.args[d], v);
        edges.push_back(child == kTrue ? eq : eq && nodes[child]);
        a = b;
      }
      auto [it, added] = ids.try_emplace(std::move(sig), nodes.size());
      if (added) nodes.push_back(or_of(edges));
      return it->second;
    };
    return nodes[build(0, 0, rows.size())];
  }

  // ---- constraints ------------------------------------------------------------------

  z3::expr linear(const ir::Constraint& c) {
    // Exactly one value-Bool per variable is true, so shifting each variable's weights by
    // their minimum keeps them non-negative without changing the sum's meaning.
    std::vector<z3::expr> xs;
    std::vector<__int128> w;
    __int128 shift = 0;
    std::vector<z3::expr> not_null;
    for (size_t i = 0; i < c.scope.size(); ++i) {
      VarId v = c.scope[i];
      const ir::Variable& x = var(v);
      __int128 coeff = i < c.coeffs.size() ? c.coeffs[i] : 0;
      std::vector<std::pair<z3::expr, __int128>> terms;
      for (size_t k = 0; k < x.domain.size(); ++k) {
        if (x.domain[k] == kNull) {
          // Arithmetic with null is null, and comparisons with null are false.
          not_null.push_back(!value_bools[static_cast<size_t>(v)][k]);
          continue;
        }
        terms.emplace_back(value_bools[static_cast<size_t>(v)][k], coeff * x.domain[k]);
      }
      if (terms.empty()) continue;
      __int128 m = terms[0].second;
      for (const auto& [b, wt] : terms) m = std::min(m, wt);
      shift += m;
      for (const auto& [b, wt] : terms)
        if (wt != m) xs.push_back(b), w.push_back(wt - m);
    }
    auto pb = pb_range(xs, w, static_cast<__int128>(c.lo) - shift, static_cast<__int128>(c.hi) - shift);
    if (!pb) return lower(c.term).b;
    not_null.push_back(*pb);
    return and_of(not_null);
  }

  // A construct the back end does not take is reported at the rule it came from.
  z3::expr lower_constraint(size_t index) {
    try {
      return lower_constraint_here(index);
    } catch (const Unsupported& e) {
      const ir::Constraint& c = p.constraints[index];
      if (c.origin.rule < 0 || static_cast<size_t>(c.origin.rule) >= p.rules.size()) throw;
      const ir::RuleInfo& r = p.rules[static_cast<size_t>(c.origin.rule)];
      throw Unsupported(fmt::format("{}:{}:{}", r.file, r.line, r.col),
                        fmt::format("in \"{}\": {}", c.origin.text.empty() ? r.name : c.origin.text, e.what()));
    }
  }
  z3::expr lower_constraint_here(size_t index) {
    auto& slot = constraint_cache[index];
    if (slot) return *slot;
    const ir::Constraint& c = p.constraints[index];
    z3::expr e = ctx.bool_val(true);
    switch (c.kind) {
      case ir::Kind::Clause: {
        std::vector<z3::expr> lits;
        for (const auto& l : c.literals) lits.push_back(literal(l));
        e = or_of(lits);
        break;
      }
      case ir::Kind::Cardinality: {
        std::vector<z3::expr> lits;
        for (const auto& l : c.literals) lits.push_back(literal(l));
        std::vector<__int128> w(lits.size(), 1);
        auto pb = pb_range(lits, w, c.lo, c.hi);
        e = pb ? *pb : lower(c.term).b;
        break;
      }
      case ir::Kind::AllDifferent:
        e = all_different_vars(c.scope);
        break;
      case ir::Kind::Linear:
        e = linear(c);
        break;
      case ir::Kind::Table:  // the term keeps the table's column order
      case ir::Kind::Expr:
        if (p.terms[static_cast<size_t>(c.term)].op == ir::Op::Connected) {
          e = connected(c.term);
        } else if (auto x = by_extension(c)) {
          e = *x;
        } else if (auto y = pivoted(c)) {
          e = *y;
          ++split_on_pivot;
        } else {
          e = lower(c.term).b;
        }
        break;
    }
    slot = e;
    return e;
  }

  // A constraint that compares unknowns with each other beneath a disjunction (Numbrix's
  // `num[p] < last implies p.adjacent->exists(q | num[q] = num[p] + 1)`). Lowered as it
  // is, each comparison is a conjunction of implications ("num[q] = 6 implies num[p] = 5",
  // for every value) behind a Tseitin variable, which unit propagation sees through poorly:
  // a 7x7 Numbrix's `unique --engine z3` took 24 s. When one variable x is in every such
  // comparison, the constraint is split on x's values instead: x = k implies the
  // constraint with k for x, whose comparisons are then single value Bools
  // ("num[p] = 5 implies num[q] = 6 or num[r] = 6", a clause). The same constraint,
  // lowered once per value of x.
  std::size_t split_on_pivot = 0;  // constraints lowered by pivoted, for tests
  static constexpr std::size_t kMaxPivotValues = 256;
  static constexpr std::size_t kMaxPivotWork = std::size_t{1} << 18;  // term nodes times the pivot's values
  std::optional<z3::expr> pivoted(const ir::Constraint& c) {
    // (Two plain variables equal or not are value Bools pairwise, vars_equal: split on,
    // Filling's "a wall exactly when the numbers differ", 7x7 `unique --engine z3` took
    // 16 s instead of 11.)
    const auto compared = ir::compared_unknowns(p, c.term, {.skip_plain_equalities = true});
    if (!compared || !compared->under_disjunction) return std::nullopt;
    std::optional<VarId> pivot;
    for (VarId v : compared->common) {
      const ir::Variable& x = var(v);
      if (x.kind == ir::ValueKind::Bool || x.domain.size() > kMaxPivotValues ||
          std::find(x.domain.begin(), x.domain.end(), kNull) != x.domain.end())
        continue;
      if (!pivot || x.domain.size() < var(*pivot).domain.size()) pivot = v;
    }
    // The term is lowered once per value of the pivot: a bound on that work.
    if (!pivot || compared->nodes * var(*pivot).domain.size() > kMaxPivotWork) return std::nullopt;
    auto& vb = value_bools[static_cast<size_t>(*pivot)];
    const std::vector<z3::expr> own = vb;
    std::vector<z3::expr> parts;
    std::unordered_map<ir::TermId, Low> cache;
    struct Unpin {
      Impl& m;
      std::vector<z3::expr>& vb;
      const std::vector<z3::expr>& own;
      ~Unpin() {
        m.pinned_cache = nullptr;
        vb = own;
      }
    } unpin{*this, vb, own};
    for (std::size_t k = 0; k < own.size(); ++k) {
      for (std::size_t j = 0; j < own.size(); ++j) vb[j] = ctx.bool_val(j == k);
      cache.clear();
      pinned_cache = &cache;
      z3::expr e = lower(c.term).b;
      pinned_cache = nullptr;
      if (e.is_true()) continue;
      parts.push_back(e.is_false() ? !own[k] : (!own[k] || e));
    }
    return and_of(parts);
  }

  // A constraint whose term multiplies or divides unknowns (Keen's cage products) over a
  // few variables: Z3's nonlinear integer arithmetic is slow on it (Keen 9x9 unique: 238
  // s), and its extension is small. Lowered as the disjunction of the tuples of values
  // that satisfy it, found by the IR's reference evaluator; nullopt for any other term,
  // or past kExtensionLimit tuples to try.
  static constexpr std::uint64_t kExtensionLimit = 1 << 16;
  std::optional<z3::expr> by_extension(const ir::Constraint& c) {
    if (c.scope.empty() || !nonlinear(c.term)) return std::nullopt;
    std::uint64_t tuples = 1;
    for (VarId v : c.scope) {
      tuples *= std::max<std::size_t>(var(v).domain.size(), 1);
      if (tuples > kExtensionLimit) return std::nullopt;
    }
    ir::Assignment a(p.vars.size(), 0);
    std::vector<std::size_t> at(c.scope.size(), 0);
    std::vector<z3::expr> allowed;
    for (;;) {
      for (std::size_t k = 0; k < c.scope.size(); ++k) {
        const auto& dom = var(c.scope[k]).domain;
        if (dom.empty()) return ctx.bool_val(false);
        a[static_cast<std::size_t>(c.scope[k])] = dom[at[k]];
      }
      if (ir::truthy(ir::evaluate(p, c.term, a))) {
        std::vector<z3::expr> tuple;
        for (VarId v : c.scope) tuple.push_back(value_bool(v, a[static_cast<std::size_t>(v)]));
        allowed.push_back(and_of(tuple));
      }
      std::size_t k = 0;
      while (k < at.size() && ++at[k] == var(c.scope[k]).domain.size()) at[k++] = 0;
      if (k == at.size()) break;
    }
    return or_of(allowed);
  }

  // Whether the term multiplies two unknown terms, or divides by one.
  bool nonlinear(ir::TermId id) {
    std::vector<ir::TermId> todo{id};
    std::unordered_set<ir::TermId> seen;
    while (!todo.empty()) {
      const ir::TermId t = todo.back();
      todo.pop_back();
      if (!seen.insert(t).second) continue;
      const ir::Term& x = term(t);
      if (x.op == ir::Op::Mul) {
        int unknown = 0;
        for (ir::TermId a : x.args) unknown += term(a).op != ir::Op::Const;
        if (unknown >= 2) return true;
      }
      if ((x.op == ir::Op::Div || x.op == ir::Op::Mod) && x.args.size() == 2 && term(x.args[1]).op != ir::Op::Const) return true;
      todo.insert(todo.end(), x.args.begin(), x.args.end());
    }
    return false;
  }

  // A rule `cells->connected()` for the core solver and random draws (the whole-program
  // solver checks it lazily: lazily_connected, lazy_check): ranks prove every member
  // reachable from the first member
  // (in the cells' order): each other member has a member neighbour of smaller rank
  // (following smaller ranks from any member must end at the first one). Satisfiable
  // exactly when the members are connected (BFS distances are such ranks). The ranks are
  // auxiliary constants, so the encoding holds only asserted, never negated; their values
  // are not part of a solution.
  // The cells of a connected() term, one per member.
  const std::vector<std::vector<ir::Value>>& connected_cells(const ir::Term& t) const {
    if (t.value < 0 || static_cast<size_t>(t.value) >= p.tables.size())
      throw std::logic_error("z3 lowering: connected() cells out of range");
    const auto& cells = p.tables[static_cast<size_t>(t.value)].rows;
    if (cells.size() != t.args.size()) throw std::logic_error("z3 lowering: connected() has a cell per member");
    return cells;
  }

  z3::expr connected(ir::TermId id) {
    const ir::Term& t = p.terms[static_cast<size_t>(id)];
    const auto& cells = connected_cells(t);
    const size_t n = t.args.size();
    std::vector<z3::expr> in, rank;
    for (size_t i = 0; i < n; ++i) {
      in.push_back(lower(t.args[i]).b);
      rank.push_back(ctx.int_const(("rank#" + std::to_string(id) + "_" + std::to_string(i)).c_str()));
    }
    const auto neighbours = ir::orthogonal_neighbours(cells);
    std::vector<z3::expr> parts;
    z3::expr none_before = ctx.bool_val(true);  // no member among cells 0..i-1
    for (size_t i = 0; i < n; ++i) {
      std::vector<z3::expr> closer;
      for (int j : neighbours[i]) closer.push_back(in[static_cast<size_t>(j)] && rank[static_cast<size_t>(j)] < rank[i]);
      parts.push_back(z3::implies(in[i] && !none_before, or_of(closer)));
      parts.push_back(rank[i] >= 0 && rank[i] < static_cast<int>(n));
      none_before = none_before && !in[i];
    }
    return and_of(parts);
  }

  // A whole rule `cells->connected()` of the whole-program solver, as its members'
  // Booleans and neighbours, not lowered: lazy_check adds the cuts it needs. (The core
  // solver, which asks about subsets of the rules and reads their unsat cores, lowers it
  // with ranks, connected() above.) nullopt for any other constraint.
  std::optional<LazyConnected> lazily_connected(size_t index) {
    const ir::Constraint& c = p.constraints[index];
    if ((c.kind != ir::Kind::Expr && c.kind != ir::Kind::Table) || p.terms[static_cast<size_t>(c.term)].op != ir::Op::Connected)
      return std::nullopt;
    const ir::Term& t = p.terms[static_cast<size_t>(c.term)];
    LazyConnected l;
    l.neighbours = ir::orthogonal_neighbours(connected_cells(t));
    for (ir::TermId a : t.args) l.in.push_back(lower(a).b);
    return l;
  }

  // A check of the whole-program solver `s` with its connected() rules checked lazily
  // (Slitherlink's, Nurikabe's, Range's and every other connectivity rule's ranks were the
  // only integers of their programs, which kept them out of the finite-domain solver).
  // While the model splits a rule's members into several components, cuts go in, one per
  // component C and other component D: with C's first member c and D's first member w in,
  // and every member beside C out (as in this model), c and w are not connected, so `not
  // in[c] or not in[w] or some neighbour of C is in` holds in every solution. Each cut
  // rules the model out, so the loop ends; Unsat with cuts is Unsat without them. (One
  // cut per component, against the next one only, took Yin-Yang 8x8's proofs 1900 checks
  // instead of 1100.)
  // With `may_give_up`, a check of a program with lazy connected() rules that takes Z3
  // longer than opt.lazy_check_ms ends Unknown with reason kGaveUpOnCuts: the caller
  // lowers the program again with the ranks (rebuild_eager) and asks again. Without the
  // ranks' propagation some proofs are out of reach: Filling 7x7's uniqueness took over
  // 150 s, 9 s with them. (Only the time the answer takes depends on it, not the answer.)
  static constexpr const char* kGaveUpOnCuts = "connectivity by cuts gave up";
  Status lazy_check(z3::solver& s, const z3::expr_vector* assumptions, std::string& reason,
                    std::optional<unsigned>* applied = nullptr, bool may_give_up = false) {
    while (true) {
      bool capped = false;
      const bool bounded = may_give_up && !lazy.empty();
      Status st = check(s, assumptions, reason, applied, bounded && opt.lazy_check_ms ? opt.lazy_check_ms : UINT_MAX, &capped);
      if (st == Status::Unknown && capped && !interrupted.load()) {
        reason = kGaveUpOnCuts;
        return st;
      }
      if (st != Status::Sat || lazy.empty()) return st;
      z3::model m = s.get_model();
      bool cut = false;
      for (const LazyConnected& l : lazy) {
        const std::size_t n = l.in.size();
        std::vector<char> on(n, 0);
        for (std::size_t i = 0; i < n; ++i) on[i] = m.eval(l.in[i], true).is_true();
        std::vector<int> comp(n, -1);
        std::vector<std::vector<int>> comps;
        for (std::size_t i = 0; i < n; ++i) {
          if (!on[i] || comp[i] >= 0) continue;
          comps.emplace_back();
          std::vector<int> stack{static_cast<int>(i)};
          comp[i] = static_cast<int>(comps.size()) - 1;
          while (!stack.empty()) {
            const int x = stack.back();
            stack.pop_back();
            comps.back().push_back(x);
            for (int y : l.neighbours[static_cast<std::size_t>(x)])
              if (on[static_cast<std::size_t>(y)] && comp[static_cast<std::size_t>(y)] < 0) {
                comp[static_cast<std::size_t>(y)] = comp[i];
                stack.push_back(y);
              }
          }
        }
        if (comps.size() < 2) continue;
        for (std::size_t k = 0; k < comps.size(); ++k) {
          std::vector<char> border(n, 0);
          std::vector<z3::expr> around;  // C's neighbours, out in this model
          for (int x : comps[k])
            for (int y : l.neighbours[static_cast<std::size_t>(x)])
              if (!on[static_cast<std::size_t>(y)] && !std::exchange(border[static_cast<std::size_t>(y)], 1))
                around.push_back(l.in[static_cast<std::size_t>(y)]);
          for (std::size_t o = 0; o < comps.size(); ++o) {
            if (o == k) continue;
            z3::expr_vector clause(ctx);
            for (const z3::expr& b : around) clause.push_back(b);
            clause.push_back(!l.in[static_cast<std::size_t>(comps[k][0])]);
            clause.push_back(!l.in[static_cast<std::size_t>(comps[o][0])]);
            s.add(z3::mk_or(clause));
            ++cuts;
          }
        }
        cut = true;
      }
      if (!cut) return st;
      if (bounded && opt.lazy_check_ms == 0) {
        reason = kGaveUpOnCuts;
        return Status::Unknown;
      }
    }
  }

  // True when no integer-sorted subterm occurs: then the finite-domain (SAT + PB)
  // solver applies. It returns unknown on integer arithmetic, hence the check.
  static bool pure_boolean(const std::vector<z3::expr>& roots) {
    std::unordered_set<unsigned> seen;
    std::vector<z3::expr> stack(roots.begin(), roots.end());
    while (!stack.empty()) {
      z3::expr e = stack.back();
      stack.pop_back();
      if (!seen.insert(e.id()).second) continue;
      if (!e.is_bool()) return false;
      if (e.is_app())
        for (unsigned k = 0; k < e.num_args(); ++k) stack.push_back(e.arg(k));
    }
    return true;
  }

  z3::solver make_solver(bool fd) {
    z3::solver s = fd ? z3::solver(ctx, "QF_FD") : z3::solver(ctx);
    configure(s, fd);
    return s;
  }
  z3::solver make_solver() { return make_solver(finite_domain); }

  void build() {
    if (built) return;
    build_vars();
    std::vector<z3::expr> assertions;
    // Lowering a large program takes a while: an interrupt ends it between steps.
    auto poll = [&] {
      if (interrupted.load(std::memory_order_relaxed)) throw Interrupted{};
    };
    std::vector<size_t> domain_of;  // the variable of each domain constraint, in order
    for (size_t v = 0; v < p.vars.size(); ++v) {
      poll();
      z3::expr d = domain_constraint(v);
      if (d.is_true()) continue;
      assertions.push_back(d);
      domain_of.push_back(v);
    }
    const std::size_t domains = assertions.size();
    auto lower_rules = [&] {
      for (size_t i = 0; i < p.constraints.size(); ++i) {
        poll();
        // (A random draw, opt.random_phase, keeps the ranks: the finite-domain solver's
        // random models of Palisade's empty board made two 5x5 easy puzzles take 57 drawn
        // solutions instead of 4, and Filling's generation twice as long.)
        if (auto l = opt.random_phase || eager ? std::nullopt : lazily_connected(i)) {
          lazy.push_back(std::move(*l));
          continue;
        }
        assertions.push_back(lower_constraint(i));
      }
    };
    lower_rules();
    finite_domain = pure_boolean(assertions);
    // Sums of counts compared, left to integer arithmetic, may be all that keeps the
    // program from the finite-domain solver: then they are lowered again as
    // pseudo-Boolean constraints (`linear_counts_as_pb`), and kept if that makes the
    // program purely Boolean. (Range 7x7: a uniqueness proof in the generator 23 -> 11 ms.)
    if (!finite_domain && pb_declined > 0 && !linear_counts_as_pb) {
      auto first_terms = term_cache;
      auto first_constraints = constraint_cache;
      auto first_lazy = std::move(lazy);
      std::vector<z3::expr> first(assertions.begin() + static_cast<std::ptrdiff_t>(domains), assertions.end());
      forget_lowered();
      assertions.erase(assertions.begin() + static_cast<std::ptrdiff_t>(domains), assertions.end());
      linear_counts_as_pb = true;
      lower_rules();
      finite_domain = pure_boolean(assertions);
      if (!finite_domain) {
        linear_counts_as_pb = false;
        term_cache = std::move(first_terms);
        constraint_cache = std::move(first_constraints);
        lazy = std::move(first_lazy);
        assertions.erase(assertions.begin() + static_cast<std::ptrdiff_t>(domains), assertions.end());
        assertions.insert(assertions.end(), first.begin(), first.end());
      }
    }
    // The rows of the parities' Gauss-Jordan elimination, implied by the whole program
    // (ir::implied_parities): without them a Lights Out board of 20x20 got no answer in a
    // minute, as clause learning does not combine parities. Only here, where every
    // constraint holds; the core solver asks about subsets and has none.
    for (const auto& r : ir::implied_parities(p)) {
      poll();
      assertions.push_back(parity_row(r));
    }
    finite_domain = finite_domain && pure_boolean(assertions);
    if (!finite_domain)
      for (size_t k = 0; k < domain_of.size(); ++k) assertions[k] = exactly_one_clauses(domain_of[k]);
    solver = make_solver();
    for (const auto& a : assertions) {
      poll();
      solver.add(a);
    }
    built = true;
  }

  // Drops every term and constraint lowered so far (and the lazy connected() rules), so
  // that the program can be lowered again another way.
  void forget_lowered() {
    for (auto& t : term_cache) t.reset();
    for (auto& c : constraint_cache) c.reset();
    lazy.clear();
  }

  // A row of the parities' elimination, `xor(vars) = odd`, as an exclusive or of the
  // variables' value Bools.
  z3::expr parity_row(const ir::Parity& r) {
    z3::expr x = ctx.bool_val(false);
    for (VarId v : r.vars) x = x ^ value_bool(v, 1);
    return r.odd ? x : !x;
  }

  // The program lowered again with connected() by its ranks (lazy_check gave up): a new
  // whole-program solver, in the same context. No scope may be open on the old one.
  bool eager = false;
  void rebuild_eager() {
    eager = true;
    built = false;
    forget_lowered();
    linear_counts_as_pb = false;
    pb_declined = 0;
    build();
  }

  // ---- checking ---------------------------------------------------------------------

  // Some case holds: its literal, and its condition if it has one.
  z3::expr any_case(const std::vector<Z3Backend::Case>& cases) {
    struct Restore {
      bool& flag;
      bool was;
      ~Restore() { flag = was; }
    } restore{linear_counts_as_pb, linear_counts_as_pb};
    linear_counts_as_pb = true;
    z3::expr_vector either(ctx);
    for (const Z3Backend::Case& k : cases) {
      z3::expr e = literal(k.literal);
      if (k.condition >= 0) e = e && lower(k.condition).b;
      either.push_back(e);
    }
    return z3::mk_or(either);
  }

  // Each Possible atom in the cases' conditions: true whenever its variable takes the value
  // (a person's candidates never exclude the true value).
  void add_possible_links(z3::solver& s, const std::vector<Z3Backend::Case>& cases) {
    std::vector<ir::TermId> stack;
    for (const Z3Backend::Case& k : cases)
      if (k.condition >= 0) stack.push_back(k.condition);
    std::vector<char> seen(p.terms.size(), 0);
    while (!stack.empty()) {
      ir::TermId id = stack.back();
      stack.pop_back();
      if (seen[static_cast<size_t>(id)]++) continue;
      const ir::Term& t = p.terms[static_cast<size_t>(id)];
      if (t.op == ir::Op::Possible) {
        auto x = static_cast<ir::VarId>(p.terms[static_cast<size_t>(t.args.at(0))].value);
        s.add(z3::implies(value_bool(x, t.value), lower(id).b));
      }
      if (t.op == ir::Op::And) add_placed_lemmas(s, id);
      for (ir::TermId a : t.args) stack.push_back(a);
    }
  }

  // A conjunction that rules candidates of x out (`placed(x, v)` is possible(x, v) and no
  // other candidate): when it holds, x takes one of the values left. The links above imply
  // it, but only through x's exactly-one, which unit propagation does not run backwards:
  // without the lemma, refuting "placed(x, v)" from x <> v takes Z3 a search (`pzc check`
  // of Easy as ABC 12x12 with several solutions, where "every letter is placed in row r"
  // rests on a pigeonhole: 10.2 -> 5.0 s). A single value ruled out needs none: the link
  // propagates x <> w both ways.
  void add_placed_lemmas(z3::solver& s, ir::TermId id) {
    const ir::Term& t = p.terms[static_cast<size_t>(id)];
    std::map<ir::VarId, std::set<Value>> ruled_out;
    for (ir::TermId a : t.args) {
      const ir::Term& n = p.terms[static_cast<size_t>(a)];
      if (n.op != ir::Op::Not || n.args.size() != 1) continue;
      const ir::Term& q = p.terms[static_cast<size_t>(n.args[0])];
      if (q.op != ir::Op::Possible) continue;
      ruled_out[static_cast<ir::VarId>(p.terms[static_cast<size_t>(q.args.at(0))].value)].insert(q.value);
    }
    for (const auto& [x, out] : ruled_out) {
      if (out.size() < 2) continue;
      std::vector<z3::expr> left;
      for (Value d : p.vars[static_cast<size_t>(x)].domain)
        if (!out.count(d)) left.push_back(value_bool(x, d));
      s.add(z3::implies(lower(id).b, or_of(left)));
    }
  }

  // See Z3Backend::solve_any.
  SolveResult solve_any(const std::vector<Z3Backend::Case>& cases) {
    build();
    start_call();
    SolveResult r;
    z3::expr any = any_case(cases);
    // The program's solver may be the finite-domain one; a condition with arithmetic
    // (`abs(x - y) = 2`, a count compared with a clue) needs the general solver, over the
    // same assertions.
    std::optional<z3::solver> general;
    if (finite_domain && !pure_boolean({any})) {
      general.emplace(ctx);
      configure(*general);
      for (const z3::expr& a : solver.assertions()) general->add(a);
    }
    z3::solver& s = general ? *general : solver;
    ScopedPush scope(s);
    add_possible_links(s, cases);
    s.add(any);
    r.status = lazy_check(s, nullptr, r.unknown_reason);
    if (r.status == Status::Sat) r.solution = decode(s.get_model());
    return r;
  }

  void start_call() {
    if (opt.time_limit_ms)
      deadline = Clock::now() + std::chrono::milliseconds(opt.time_limit_ms);
    else
      deadline.reset();
    if (opt.until && (!deadline || *opt.until < *deadline)) deadline = opt.until;
  }

  // One check with the remaining time; Unknown with reason "time limit" past the deadline.
  // `applied`: the timeout last set on `s`, for a solver that outlives this Impl (setting
  // a parameter costs the SMT solver a reconfiguration, so an unchanged one is not set).
  // `cap_ms`: a bound of this check's own, below the deadline's (lazy_check's give-up);
  // `capped` says whether it was the binding one.
  Status check(z3::solver& s, const z3::expr_vector* assumptions, std::string& reason,
               std::optional<unsigned>* applied = nullptr, unsigned cap_ms = UINT_MAX, bool* capped = nullptr) {
    if (capped) *capped = false;
    if (interrupted.load()) {
      reason = "interrupted";
      return Status::Unknown;
    }
    unsigned timeout = UINT_MAX;
    if (deadline) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
      if (left.count() <= 0) {
        reason = "time limit";
        return Status::Unknown;
      }
      timeout = static_cast<unsigned>(left.count());
    }
    if (cap_ms < timeout) {
      timeout = cap_ms;
      if (capped) *capped = true;
    }
    if (!applied || *applied != timeout) s.set("timeout", timeout);
    if (applied) *applied = timeout;
    z3::check_result r;
    {
      Watchdog dog(ctx, deadline);
      r = assumptions ? s.check(*assumptions) : s.check();
      dog.stop();
      // The time limit struck as the check ended: the interrupt may have dropped the
      // model (Z3: "there is no current model"), so the answer is the time limit.
      if (dog.fired() && r == z3::sat) {
        reason = "time limit";
        return Status::Unknown;
      }
      if (interrupted.load() && r == z3::sat) {  // likewise Z3Backend::interrupt()
        reason = "interrupted";
        return Status::Unknown;
      }
    }
    if (r == z3::sat) return Status::Sat;
    if (r == z3::unsat) return Status::Unsat;
    reason = s.reason_unknown();
    if (interrupted.load()) reason = "interrupted";
    else if (deadline && (Clock::now() >= *deadline || reason == "timeout" || reason == "canceled" || reason == "interrupted"))
      reason = "time limit";
    return Status::Unknown;
  }

  ir::Assignment decode(const z3::model& m) {
    ir::Assignment a(p.vars.size(), 0);
    for (size_t v = 0; v < p.vars.size(); ++v) {
      const auto& vb = value_bools[v];
      int found = -1;
      for (size_t k = 0; k < vb.size(); ++k) {
        if (!m.eval(vb[k], true).is_true()) continue;
        if (found >= 0) throw std::logic_error("z3 model gives two values to " + p.vars[v].name);
        found = static_cast<int>(k);
      }
      if (found < 0) throw std::logic_error("z3 model gives no value to " + p.vars[v].name);
      a[v] = p.vars[v].domain[static_cast<size_t>(found)];
    }
    auto bad = ir::violated_constraints(p, a);
    if (!bad.empty()) {
      const ir::Constraint& c = p.constraints[static_cast<size_t>(bad[0])];
      throw std::logic_error("z3 model violates constraint c" + std::to_string(bad[0]) + " (" +
                             ir::kind_name(c.kind) + ": " + ir::format_term(p, c.term) + ")" +
                             (c.origin.text.empty() ? "" : " from \"" + c.origin.text + "\""));
    }
    return a;
  }

  z3::expr blocking_clause(const ir::Assignment& a) {
    std::vector<z3::expr> differ;
    // Solutions are told apart by the variables that are not `aux var`.
    for (size_t v = 0; v < p.vars.size(); ++v)
      if (!p.vars[v].aux) differ.push_back(!value_bool(static_cast<VarId>(v), a[v]));
    return or_of(differ);
  }

  // Z3 4.8.12's general solver answers "unsat" too early when solutions are blocked one by
  // one in a program with integer arithmetic: `count --engine z3` of a Heyawake with 37
  // solutions (connected()'s integer ranks) said 2, 7 or 37 by the seed, and `unique`
  // called one with two solutions unique; three digits whose zeros are fewer than their
  // sum, all different, beside free variables, 864 solutions, counted 807 or 811 at some
  // seeds. A fresh solver given the same assertions finds the solution the incremental one
  // lost. So outside the finite-domain solver (which has not shown it), an "unsat" counts
  // only when a fresh solver says it too; when that one finds a model, it takes over.
  // (Bit-vector ranks, which keep a connected() program in the finite-domain solver,
  // avoided the bug but were 3-60x slower: Range 12x12 past 30 s.)
  Status confirmed(z3::solver*& cur, std::optional<z3::solver>& fresh, Status s, std::string& reason) {
    if (s != Status::Unsat || finite_domain) return s;
    z3::expr_vector as = cur->assertions();
    std::optional<z3::solver> next;
    next.emplace(make_solver());
    for (unsigned k = 0; k < as.size(); ++k) next->add(as[k]);
    Status again = lazy_check(*next, nullptr, reason);
    if (again != Status::Sat) return again;
    fresh = std::move(next);
    cur = &*fresh;
    return again;
  }

  // Enumerates up to `limit` solutions of the main solver inside a push/pop.
  CountResult enumerate(std::uint64_t limit, const std::function<bool(const ir::Assignment&)>& cb) {
    build();
    start_call();
    // The solutions found so far: when a check gives up on the cuts (lazy_check), the
    // program is lowered again with the ranks and the enumeration goes on past them.
    std::vector<ir::Assignment> found;
    for (;;) {
      CountResult r = enumerate_from(limit, cb, found);
      if (r.status != Status::Unknown || r.unknown_reason != kGaveUpOnCuts) return r;
      rebuild_eager();
    }
  }

  CountResult enumerate_from(std::uint64_t limit, const std::function<bool(const ir::Assignment&)>& cb,
                             std::vector<ir::Assignment>& found) {
    CountResult r;
    ScopedPush scope(solver);
    for (const auto& a : found) solver.add(blocking_clause(a));
    r.count = found.size();
    z3::solver* cur = &solver;
    std::optional<z3::solver> fresh;  // see confirmed()
    while (true) {
      if (r.count >= limit) {
        // One more check tells whether the count is exact.
        Status s = confirmed(cur, fresh, lazy_check(*cur, nullptr, r.unknown_reason, nullptr, !eager), r.unknown_reason);
        r.exact = s == Status::Unsat;
        r.status = s == Status::Unknown ? Status::Unknown
                   : (r.count == 0 && s == Status::Unsat) ? Status::Unsat
                                                          : Status::Sat;
        return r;
      }
      Status s = confirmed(cur, fresh, lazy_check(*cur, nullptr, r.unknown_reason, nullptr, !eager), r.unknown_reason);
      if (s == Status::Unknown) {
        r.status = Status::Unknown;
        r.exact = false;
        return r;
      }
      if (s == Status::Unsat) {
        r.exact = true;
        r.status = r.count ? Status::Sat : Status::Unsat;
        return r;
      }
      ir::Assignment a = decode(cur->get_model());
      ++r.count;
      found.push_back(a);
      if (cb && !cb(a)) {
        // Stopped by the caller: whether more exist is not known.
        r.exact = false;
        r.status = Status::Sat;
        return r;
      }
      cur->add(blocking_clause(a));
    }
  }

  // ---- cores ------------------------------------------------------------------------

  z3::solver& cores() {
    build();
    if (core_solver) return *core_solver;
    // The core solver lowers connected() with its ranks (integers): not the finite-domain
    // solver then, whatever the whole-program one is.
    const bool fd = finite_domain && lazy.empty();
    // Sums of counts that build() lowered as pseudo-Boolean constraints for the
    // finite-domain solver are not for the general one (see count_compare): its
    // constraints are lowered again without them, on caches of their own.
    struct PlainCounts {
      Impl& m;
      bool on;
      std::vector<std::optional<Low>> terms;
      std::vector<std::optional<z3::expr>> constraints;
      PlainCounts(Impl& impl, bool swap) : m(impl), on(swap) {
        if (!on) return;
        terms.resize(m.term_cache.size());
        constraints.resize(m.constraint_cache.size());
        std::swap(terms, m.term_cache);
        std::swap(constraints, m.constraint_cache);
        m.linear_counts_as_pb = false;
      }
      ~PlainCounts() {
        if (!on) return;
        std::swap(terms, m.term_cache);
        std::swap(constraints, m.constraint_cache);
        m.linear_counts_as_pb = true;
      }
      PlainCounts(const PlainCounts&) = delete;
      PlainCounts& operator=(const PlainCounts&) = delete;
    } plain(*this, !fd && linear_counts_as_pb);
    core_solver.emplace(make_solver(fd));
    for (size_t v = 0; v < p.vars.size(); ++v) {
      z3::expr d = fd ? domain_constraint(v) : exactly_one_clauses(v);
      if (!d.is_true()) core_solver->add(d);
    }
    for (size_t i = 0; i < p.constraints.size(); ++i) {
      // `!` cannot occur in a source name, so an indicator never aliases a variable.
      z3::expr ind = ctx.bool_const(("!c" + std::to_string(i)).c_str());
      indicators[i] = ind;
      core_solver->add(z3::implies(ind, lower_constraint(i)));
    }
    return *core_solver;
  }

  // Status of the subset; on Unsat, `core` is Z3's (not necessarily minimal) core.
  Status check_subset(const std::vector<int>& subset, std::vector<int>& core, std::string& reason) {
    z3::solver& s = cores();
    z3::expr_vector as(ctx);
    for (int i : subset) as.push_back(*indicators[static_cast<size_t>(i)]);
    Status st = check(s, &as, reason);
    if (st != Status::Unsat) return st;
    core.clear();
    z3::expr_vector zc = s.unsat_core();
    for (unsigned k = 0; k < zc.size(); ++k) {
      std::string name = zc[k].decl().name().str();
      core.push_back(std::stoi(name.substr(2)));
    }
    std::sort(core.begin(), core.end());
    return st;
  }

  std::optional<std::vector<int>> unsat_core(std::vector<int> subset,
                                             const std::vector<ir::Literal>& assumptions, bool minimal) {
    for (int i : subset)
      if (i < 0 || static_cast<size_t>(i) >= p.constraints.size())
        throw std::logic_error("unsat_core: constraint index " + std::to_string(i) + " out of range");
    std::sort(subset.begin(), subset.end());
    subset.erase(std::unique(subset.begin(), subset.end()), subset.end());
    z3::solver& s = cores();
    start_call();
    ScopedPush scope(s);
    for (const auto& l : assumptions) s.add(literal(l));
    std::string reason;
    std::vector<int> core;
    if (check_subset(subset, core, reason) != Status::Unsat) return std::nullopt;
    if (!minimal) return core;
    // Deletion: drop a member not yet known necessary; if the rest is still unsat, narrow
    // to the (smaller) core Z3 reports, else the member is necessary. A member necessary
    // for a set is necessary for every unsat subset of it, so the narrowing keeps them.
    // Past the deadline the current core is returned: still a core, maybe not minimal.
    std::vector<int> necessary;
    while (true) {
      auto next = std::find_if(core.begin(), core.end(), [&](int c) {
        return std::find(necessary.begin(), necessary.end(), c) == necessary.end();
      });
      if (next == core.end()) break;
      int candidate = *next;
      std::vector<int> without;
      for (int c : core)
        if (c != candidate) without.push_back(c);
      std::vector<int> smaller;
      Status st = check_subset(without, smaller, reason);
      if (st == Status::Unsat) {
        core = smaller;
      } else if (st == Status::Sat) {
        necessary.push_back(candidate);
      } else {
        break;
      }
    }
    return core;
  }
};

Z3Backend::Z3Backend(const ir::Program& program, Options options)
    : impl_(guarded([&] { return std::make_unique<Impl>(program, options); })) {}

Z3Backend::~Z3Backend() = default;

SolveResult Z3Backend::solve() { return solve({}); }

SolveResult Z3Backend::solve(const std::vector<ir::Literal>& assumptions) {
  return guarded([&] {
    Impl& m = *impl_;
    m.build();
    m.start_call();
    for (;;) {
      SolveResult r;
      {
        ScopedPush scope(m.solver);
        for (const auto& l : assumptions) m.solver.add(m.literal(l));
        r.status = m.lazy_check(m.solver, nullptr, r.unknown_reason, nullptr, !m.eager);
        if (r.status == Status::Sat) r.solution = m.decode(m.solver.get_model());
      }
      if (r.status != Status::Unknown || r.unknown_reason != Impl::kGaveUpOnCuts) return r;
      m.rebuild_eager();
    }
  });
}

SolveResult Z3Backend::solve_any(const std::vector<Case>& cases) {
  return guarded([&] { return impl_->solve_any(cases); });
}

UniqueResult Z3Backend::unique() {
  return guarded([&] {
    UniqueResult r;
    std::vector<ir::Assignment> found;
    // Stop from the callback at the second solution, so no third check is made.
    CountResult c = impl_->enumerate(2, [&](const ir::Assignment& a) {
      found.push_back(a);
      return found.size() < 2;
    });
    if (!found.empty()) r.first = found[0];
    r.unknown_reason = c.unknown_reason;
    if (found.size() >= 2) {
      r.status = Status::Sat;
      r.second = found[1];
      for (size_t v = 0; v < found[0].size(); ++v)
        if (!impl_->p.vars[v].aux && found[0][v] != found[1][v]) r.differing.push_back(static_cast<ir::VarId>(v));
      return r;
    }
    // With fewer than two solutions the enumeration stopped on Unsat or Unknown.
    r.status = c.status;
    r.unique = c.status == Status::Sat;
    if (r.status != Status::Unknown) r.unknown_reason.clear();
    return r;
  });
}

CountResult Z3Backend::count(std::uint64_t limit) {
  return guarded([&] { return impl_->enumerate(limit, nullptr); });
}

CountResult Z3Backend::enumerate(std::uint64_t limit,
                                 const std::function<bool(const ir::Assignment&)>& on_solution) {
  return guarded([&] { return impl_->enumerate(limit, on_solution); });
}

std::optional<std::vector<int>> Z3Backend::unsat_core(const std::vector<int>& constraint_subset,
                                                      const std::vector<ir::Literal>& assumptions, bool minimal) {
  return guarded([&] { return impl_->unsat_core(constraint_subset, assumptions, minimal); });
}

std::string Z3Backend::smt2() {
  return guarded([&] {
    impl_->build();
    return impl_->solver.to_smt2();
  });
}

std::size_t Z3Backend::connectivity_cuts() { return impl_->cuts; }

bool Z3Backend::finite_domain() {
  return guarded([&] {
    impl_->build();
    return impl_->finite_domain;
  });
}

std::size_t Z3Backend::split_on_pivot() {
  return guarded([&] {
    impl_->build();
    return impl_->split_on_pivot;
  });
}

void Z3Backend::interrupt() {
  impl_->interrupted.store(true);
  impl_->ctx.interrupt();
}

// ---- UniqueChecker ----------------------------------------------------------------------

struct UniqueChecker::Impl {
  // Past this many distinct lowered constraints the context is started afresh, so a long
  // batch of unrelated programs does not grow it without bound.
  static constexpr std::size_t kMaxLowered = 50000;

  struct Lowered {
    z3::expr constraint;
    bool pure;  // purely Boolean (see Z3Backend::Impl::pure_boolean)
  };
  // A variable by name, kind and domain: its value Bools and its domain constraint.
  struct Var {
    int id = 0;
    std::vector<z3::expr> bools;
    std::optional<Lowered> domain;  // none when the domain says nothing (a plain Bool)
    std::optional<Lowered> domain_clauses;  // the same as clauses, for the default solver
  };
  struct ShapeHash {
    std::size_t operator()(const std::vector<std::int64_t>& k) const {
      std::uint64_t h = 0x9E3779B97F4A7C15ull ^ k.size();
      for (std::int64_t w : k) {
        h ^= static_cast<std::uint64_t>(w) + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
        h *= 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
      }
      return static_cast<std::size_t>(h);
    }
  };

  Options opt;
  ContextPtr ctx;
  std::optional<z3::solver> solver;
  bool finite_domain = false;
  std::unordered_map<unsigned, bool> known;  // AST id of each constraint lowered so far -> pure
  std::optional<z3::expr_vector> keep;  // the lowered constraints, alive so their ids stay theirs
  std::unordered_map<std::string, Var> vars;
  // Clause, cardinality and all-different constraints by what they say (kind, bounds, and
  // literals or scope over Var ids): the ones seen before are not lowered again.
  std::unordered_map<std::vector<std::int64_t>, Lowered, ShapeHash> by_shape;
  // The solver holds, in its first scope, the base: constraints every program checked in
  // this context so far has had (a spec's rules, for a batch of puzzles of one size).
  // A program's other constraints and "not the expected solution" go into a second scope
  // that is popped after its check. Asserted plainly, not behind indicators under
  // assumptions: Sudoku easy's check 0.9 -> 0.3-0.5 ms, Light Up 10x10's 1.5-2.1 -> 1.2-1.3
  // ms (bench-measured outside pzc on the generator's own programs).
  std::unordered_set<unsigned> common;  // AST ids in every program so far
  std::unordered_set<unsigned> base;    // AST ids asserted in the first scope
  bool base_pushed = false;
  std::size_t programs = 0;
  std::optional<unsigned> timeout_set;  // on `solver`

  explicit Impl(Options o) : opt(o) {}

  void reset(bool fd) {
    timeout_set.reset();
    by_shape.clear();
    vars.clear();
    known.clear();
    common.clear();
    base.clear();
    base_pushed = false;
    programs = 0;
    keep.reset();
    solver.reset();
    ctx = new_context();
    keep.emplace(*ctx);
    finite_domain = fd;
  }

  Lowered remember(const z3::expr& e) {
    auto [it, added] = known.try_emplace(e.id(), false);
    if (added) {
      keep->push_back(e);
      it->second = Z3Backend::Impl::pure_boolean({e});
    }
    return Lowered{e, it->second};
  }

  // `refute`: UniqueChecker::confirm's optional question, answered into `refuted`.
  UniqueResult confirm(const ir::Program& program, const ir::Assignment& expected,
                       const std::vector<Z3Backend::Case>* refute, SolveResult* refuted) {
    if (!ctx) reset(false);
    // Sums of counts compared are first lowered as integer arithmetic; when they alone keep
    // the program from the finite-domain solver, it is lowered again with them as
    // pseudo-Boolean constraints (Z3Backend::Impl::build), and if it is still not purely
    // Boolean, once more without (`pb` settled).
    bool pb = false, pb_settled = false;
    for (int attempt = 0;;) {
      bool fd = false, relower = false;
      if (auto r = try_confirm(program, expected, refute, refuted, attempt == 0, fd, pb, pb_settled, relower)) return *r;
      if (relower) {
        pb_settled = pb;
        pb = !pb;
        continue;
      }
      ++attempt;
      reset(fd);  // the lowering went to the old context (now gone): lower again
    }
  }

  // nullopt when the context must first be started afresh (`may_reset`): another solver
  // kind (`fd`), or too many lowered constraints; or, with `relower`, when the program is
  // to be lowered again with `pb` the other way (see confirm).
  std::optional<UniqueResult> try_confirm(const ir::Program& program, const ir::Assignment& expected,
                                          const std::vector<Z3Backend::Case>* refute, SolveResult* refuted,
                                          bool may_reset, bool& fd, bool pb, bool pb_settled, bool& relower) {
    if (expected.size() != program.vars.size())
      throw std::logic_error("UniqueChecker: the expected solution has " + std::to_string(expected.size()) +
                             " values for " + std::to_string(program.vars.size()) + " variables");
    Z3Backend::Impl m(program, opt, ctx.get());
    m.linear_counts_as_pb = pb;
    z3::expr_vector lowered(*ctx);
    std::unordered_set<unsigned> ids;  // of `lowered`, each once
    std::vector<unsigned> auxiliary;  // indexes into `lowered` of constraints with auxiliary constants
    fd = true;
    auto use = [&](const Lowered& a) {
      if (!ids.insert(a.constraint.id()).second) return;
      lowered.push_back(a.constraint);
      fd = fd && a.pure;
    };
    m.value_bools.resize(program.vars.size());
    std::vector<int> var_id(program.vars.size());
    std::vector<std::pair<unsigned, Var*>> domain_at;  // (index in `lowered`, its variable)
    for (size_t v = 0; v < program.vars.size(); ++v) {
      const ir::Variable& x = program.vars[v];
      std::string key = x.name + '\x1f' + std::to_string(static_cast<int>(x.kind));
      for (Value d : x.domain) key += ',' + std::to_string(d);
      auto [it, added] = vars.try_emplace(std::move(key));
      Var& var = it->second;
      if (added) {
        try {
          var.id = static_cast<int>(vars.size());
          var.bools = m.var_bools(v);
          m.value_bools[v] = var.bools;
          z3::expr d = m.domain_constraint(v);
          if (!d.is_true()) var.domain = remember(d);
        } catch (...) {  // (a variable Z3 does not take: not left half made for the next program)
          vars.erase(it);
          throw;
        }
      } else {
        m.value_bools[v] = var.bools;
      }
      var_id[v] = var.id;
      if (var.domain) {
        const unsigned before = lowered.size();
        use(*var.domain);
        if (lowered.size() > before) domain_at.emplace_back(before, &var);
      }
    }
    std::vector<std::int64_t> shape;
    // The constraints of clue rules (`clue`) never go into the base. A batch's first
    // program would put its clues there, and each later program without them rebuilds
    // the base, which Z3 then internalizes whole again (Sudoku easy, 60 puzzles: three
    // rebuilds, 13% of generate's instructions; callgrind).
    std::unordered_set<unsigned> clue_ids;
    for (size_t i = 0; i < program.constraints.size(); ++i) {
      const ir::Constraint& c = program.constraints[i];
      const bool from_clue = ir::from_clue(program, c);
      bool literal_kind = c.kind == ir::Kind::Clause || c.kind == ir::Kind::Cardinality;
      if (!literal_kind && c.kind != ir::Kind::AllDifferent) {
        // A connected() rule is checked lazily (Z3Backend::Impl::lazy_check), on its own
        // against the expected solution here.
        if (auto l = opt.random_phase ? std::nullopt : m.lazily_connected(i)) {
          if (!ir::satisfied(program, c, expected)) {
            UniqueResult r;
            r.status = Status::Unsat;
            return r;
          }
          m.lazy.push_back(std::move(*l));
          continue;
        }
        z3::expr e = m.lower_constraint(i);
        if (!e.is_true()) {
          std::size_t before = lowered.size();
          if (from_clue) clue_ids.insert(e.id());
          use(remember(e));
          if (lowered.size() > before && program.terms[static_cast<size_t>(c.term)].op == ir::Op::Connected)
            auxiliary.push_back(lowered.size() - 1);
        }
        continue;
      }
      shape.assign({static_cast<std::int64_t>(c.kind), c.lo, c.hi});
      if (literal_kind) {
        for (const auto& l : c.literals) {
          shape.push_back(var_id[static_cast<size_t>(l.var)]);
          shape.push_back(l.value);
          shape.push_back(l.positive);
        }
      } else {
        for (VarId v : c.scope) shape.push_back(var_id[static_cast<size_t>(v)]);
      }
      auto it = by_shape.find(shape);
      if (it == by_shape.end()) {
        z3::expr e = m.lower_constraint(i);
        if (e.is_true()) continue;
        it = by_shape.emplace(shape, remember(e)).first;
      }
      if (from_clue) clue_ids.insert(it->second.constraint.id());
      use(it->second);
    }
    // The rows of the parities' elimination, as Z3Backend::Impl::build adds them: every
    // question here is about the whole program. Without them the proof of a generated Flip
    // 20x20 (400 parities, all clues) ran for over ten minutes. They depend on the clue
    // values, so they are kept out of the base.
    for (const auto& row : ir::implied_parities(program)) {
      const Lowered e = remember(m.parity_row(row));
      clue_ids.insert(e.constraint.id());
      use(e);
    }
    // The default solver gets the domains as clauses (see exactly_one_clauses).
    if (!fd)
      for (auto [k, var] : domain_at) {
        if (!var->domain_clauses) {
          const auto v = static_cast<size_t>(std::find(var_id.begin(), var_id.end(), var->id) - var_id.begin());
          var->domain_clauses = remember(m.exactly_one_clauses(v));
        }
        ids.erase(lowered[k].id());
        z3::expr e = var->domain_clauses->constraint;
        lowered.set(k, e);
        ids.insert(e.id());
      }
    if (!pb_settled && (pb ? !fd : !fd && m.pb_declined > 0)) {
      relower = true;
      return std::nullopt;
    }
    // A context that no program has been checked in yet takes this one's solver kind: the
    // lowering above is in it already (making it again for the kind cost a second context).
    const bool fresh = !solver && programs == 0;
    if (fresh) finite_domain = fd;
    if (may_reset && ((!solver && !fresh) || fd != finite_domain || known.size() > kMaxLowered)) return std::nullopt;
    // The finite-domain solver with its default encodings. (Z3 4.8.12's SAT core can take
    // cardinality constraints itself, `sat.cardinality.solver`, which made Sudoku easy
    // generate about 20% faster; but across the pushes and pops of this checker it then
    // answered "unique" for a program that has three solutions, where a fresh checker and
    // Z3Backend found the second: a Mosaic's clue removal, whose questions push and pop
    // cardinality constraints. Left off: the check must be sound.)
    auto make = [&] {
      m.finite_domain = fd;
      return m.make_solver();
    };
    if (!solver) solver.emplace(make());
    // Mostly new table constraints (a Nonogram's lines, which other puzzles do not share):
    // the check goes to a solver of this program alone, which Z3 simplifies before search
    // (in a scope it cannot). 10 Nonograms 15x15: 2.1 -> 0.5 s.
    const bool has_table = std::any_of(program.constraints.begin(), program.constraints.end(),
                                       [](const ir::Constraint& c) { return c.kind == ir::Kind::Table; });
    std::size_t shared = 0;
    for (unsigned k = 0; k < lowered.size(); ++k) shared += common.count(lowered[k].id());
    const bool mostly_new = has_table && (lowered.size() - shared) * 2 > lowered.size();
    UniqueResult r;
    m.start_call();
    // 1. Z3 evaluates every lowered constraint (domains included) true under the expected
    //    values: its encoding agrees that they are a solution. A model evaluation, where a
    //    solver check under the values as assumptions cost 2-6 times as much.
    z3::model values(*ctx);
    for (size_t v = 0; v < expected.size(); ++v) {
      const auto& dom = program.vars[v].domain;
      if (std::find(dom.begin(), dom.end(), expected[v]) == dom.end()) {
        r.status = Status::Unsat;
        return r;
      }
      for (size_t k = 0; k < dom.size(); ++k) {
        // A value Bool is a constant, or the negation of one (a plain Bool's value 0).
        z3::expr b = m.value_bools[v][k];
        bool holds = dom[k] == expected[v];
        if (b.is_app() && b.decl().decl_kind() == Z3_OP_NOT) {
          b = b.arg(0);
          holds = !holds;
        }
        z3::func_decl f = b.decl();
        z3::expr val = ctx->bool_val(holds);
        values.add_const_interp(f, val);
      }
    }
    //    One evaluation of their conjunction: each model evaluation sets up an evaluator of
    //    its own, which cost more than the constraints (Sudoku easy generate: 7% of the time).
    {
      z3::expr_vector plain(*ctx);
      for (unsigned k = 0; k < lowered.size(); ++k)
        if (!std::binary_search(auxiliary.begin(), auxiliary.end(), k)) plain.push_back(lowered[k]);
      if (!values.eval(z3::mk_and(plain), true).is_true()) {
        r.status = Status::Unsat;
        return r;
      }
    }
    // The base: kept while this program has all of it, else rebuilt as the constraints
    // every program so far has had (only ever fewer, so it settles after a few programs).
    if (programs++ == 0) {
      common = ids;
      for (unsigned id : clue_ids) common.erase(id);
    } else {
      for (auto it = common.begin(); it != common.end();) it = ids.count(*it) ? std::next(it) : common.erase(it);
    }
    if (!mostly_new) {
      bool base_holds = base_pushed;
      for (auto it = base.begin(); base_holds && it != base.end(); ++it) base_holds = ids.count(*it) != 0;
      if (!base_holds) {
        if (base_pushed) solver->pop();
        solver->push();
        base_pushed = true;
        base = common;
        for (unsigned k = 0; k < lowered.size(); ++k)
          if (base.count(lowered[k].id())) solver->add(lowered[k]);
      }
      solver->push();
      for (unsigned k = 0; k < lowered.size(); ++k)
        if (!base.count(lowered[k].id())) solver->add(lowered[k]);
    }
    // Pops the program's scope on every way out.
    struct Scope {
      Impl* impl;
      ~Scope() {
        if (!impl) return;
        try {
          impl->solver->pop();
        } catch (const z3::exception&) {
          impl->solver.reset();  // the next program starts a fresh context
        }
      }
    } scope{mostly_new ? nullptr : this};
    if (!auxiliary.empty()) {
      // A constraint with auxiliary constants (connected()'s ranks) holds when some values
      // of them satisfy it: a check under the expected values as assumptions.
      z3::solver alone = make();
      z3::solver& s = mostly_new ? alone : *solver;
      if (mostly_new)
        for (unsigned k = 0; k < lowered.size(); ++k) alone.add(lowered[k]);
      z3::expr_vector fixed(*ctx);
      for (size_t v = 0; v < expected.size(); ++v) {
        const auto& dom = program.vars[v].domain;
        for (size_t k = 0; k < dom.size(); ++k) fixed.push_back(dom[k] == expected[v] ? m.value_bools[v][k] : !m.value_bools[v][k]);
      }
      Status st = m.check(s, &fixed, r.unknown_reason, mostly_new ? nullptr : &timeout_set);
      if (st != Status::Sat) {
        r.status = st;
        return r;
      }
    }
    // The cases, in the program's scope before "not the expected solution" is added: the
    // solver already holds the program, so this costs one check, where a solver of its
    // own costs the program's whole setup again. Not for cases that the finite-domain
    // solver does not take (arithmetic): left Unknown for the caller.
    // The answer is kept aside until the uniqueness proof below decides what it is worth.
    SolveResult asked;
    asked.unknown_reason = "not asked here";
    if (refuted) *refuted = asked;
    if (refute && refuted) {
      z3::expr any = m.any_case(*refute);
      if (!mostly_new && (!finite_domain || Z3Backend::Impl::pure_boolean({any}))) {
        {
          ScopedPush cases(*solver);  // popped on every way out, before "not this solution"
          m.add_possible_links(*solver, *refute);
          solver->add(any);
          // Under the expected values of the variables that tell solutions apart: once
          // the check below proves them the only ones, no other values need refuting, and
          // what is left to search is the candidate states around them. Aux variables
          // stay free, as the proof leaves them.
          z3::expr_vector at_expected(*ctx);
          for (size_t v = 0; v < expected.size(); ++v) {
            if (program.vars[v].aux) continue;
            const auto& dom = program.vars[v].domain;
            for (size_t k = 0; k < dom.size(); ++k)
              at_expected.push_back(dom[k] == expected[v] ? m.value_bools[v][k] : !m.value_bools[v][k]);
          }
          asked.status = m.check(*solver, &at_expected, asked.unknown_reason, &timeout_set);
        }
        if (asked.status != Status::Unknown) asked.unknown_reason.clear();
      }
    }
    r.first = expected;
    // 2. "Not the expected solution": unsat proves it the only one.
    Status s;
    // Integer arithmetic (connected()'s ranks among it): Z3 4.8.12's general solver may
    // answer "unsat" wrongly after earlier checks (Impl::confirmed), so such a program is
    // checked on a solver of its own.
    if (mostly_new || !auxiliary.empty() || !finite_domain) {
      z3::solver alone = make();
      for (unsigned k = 0; k < lowered.size(); ++k) alone.add(lowered[k]);
      alone.add(m.blocking_clause(expected));
      s = m.lazy_check(alone, nullptr, r.unknown_reason);
      if (s == Status::Sat) r.second = m.decode(alone.get_model());
    } else {
      solver->add(m.blocking_clause(expected));
      s = m.lazy_check(*solver, nullptr, r.unknown_reason, &timeout_set, true);
      if (s == Status::Sat) r.second = m.decode(solver->get_model());  // before the pop drops the model
    }
    if (s == Status::Unknown && r.unknown_reason == Z3Backend::Impl::kGaveUpOnCuts) {
      // The cuts gave up (Z3Backend::Impl::lazy_check): the program with connected()'s
      // ranks, in a solver of its own.
      Z3Backend::Impl e(program, opt, ctx.get());
      e.eager = true;
      e.start_call();
      e.build();
      e.solver.add(e.blocking_clause(expected));
      s = e.check(e.solver, nullptr, r.unknown_reason);
      if (s == Status::Sat) r.second = e.decode(e.solver.get_model());
    }
    if (r.second)
      for (size_t v = 0; v < expected.size(); ++v)
        if (!program.vars[v].aux && expected[v] != (*r.second)[v]) r.differing.push_back(static_cast<ir::VarId>(v));
    if (s == Status::Unknown) {
      r.status = Status::Unknown;
      return r;
    }
    r.status = Status::Sat;
    r.unique = s == Status::Unsat;
    r.unknown_reason.clear();
    // The cases were refuted at the expected values alone: that says nothing when other
    // solutions exist. (A case found holding there is a witness either way.)
    if (refuted) {
      if (!r.unique && asked.status == Status::Unsat) {
        asked.status = Status::Unknown;
        asked.unknown_reason = "the cases were asked at the expected solution, which is not the only one";
      }
      *refuted = std::move(asked);
    }
    return r;
  }
};

UniqueChecker::UniqueChecker(Options options) : impl_(std::make_unique<Impl>(options)) {}

UniqueChecker::~UniqueChecker() = default;

UniqueResult UniqueChecker::confirm(const ir::Program& program, const ir::Assignment& expected,
                                    const std::vector<Z3Backend::Case>* refute, SolveResult* refuted) {
  return guarded([&] { return impl_->confirm(program, expected, refute, refuted); });
}

SolveResult UniqueChecker::solve_any(const ir::Program& program, const std::vector<Z3Backend::Case>& cases) {
  return guarded([&] {
    if (!impl_->ctx) impl_->reset(false);
    Z3Backend::Impl m(program, impl_->opt, impl_->ctx.get());
    return m.solve_any(cases);
  });
}

}  // namespace pzc::z3lower
