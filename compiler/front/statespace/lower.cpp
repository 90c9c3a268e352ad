// Lowering of `.pz` state-space declarations to state-program bytecode: a small
// code generator over the checked AST that hands every state-independent subexpression to
// the grounding Evaluator (so givens fold to constants) and compiles the rest.
#include "compiler/front/statespace/lower.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "compiler/front/ground/eval.hpp"

namespace pzc::statespace_lower {

namespace {

using statespace::Code;
using statespace::CodeBuilder;
using statespace::Op;
using GV = ground::Value;

// A failure at a source location; caught per declaration and turned into a diagnostic.
struct LowerError {
  source::Range range;
  std::string message;
};

// Raised while lowering per-slot code that turns out to need the prelude's locals (which
// per-slot code cannot read); the caller falls back to the whole-state form.
struct NeedsWholeState {};

// What a lowered expression is. Cells of a Grid state are slot indexes (row-major,
// 0-based) with -1 for null (outside the grid / not found); Seq positions stay 1-based
// Ints as in the language.
enum class Kind { Int, Bool, Cell, State };

struct Val {
  Kind kind = Kind::Int;
  bool known = false;
  GV value;        // when known
  Code code;       // when not known: pushes exactly one value
  bool cur = false;  // the per-slot parameter itself: state[it] is cur_value
};

bool reads_dynamic(const Code& c) {
  return std::any_of(c.instrs.begin(), c.instrs.end(), [](const statespace::Instr& in) {
    return in.op == Op::load_slot || in.op == Op::load_at || in.op == Op::load_local ||
           in.op == Op::cur_slot || in.op == Op::cur_value || in.op == Op::find;
  });
}

Code cat(std::initializer_list<const Code*> parts) {
  CodeBuilder b;
  for (const Code* p : parts) b.append(*p);
  return b.build();
}

Code op1(const Code& a, Op op, int arg = 0) {
  Code c = a;
  c.instrs.push_back({op, arg});
  return c;
}

Code op2(const Code& a, const Code& b, Op op, int arg = 0) {
  Code c = cat({&a, &b});
  c.instrs.push_back({op, arg});
  return c;
}

Code push(int v) { return CodeBuilder().push(v).build(); }

// if c then t else e (c, t, e each push one value).
Code if_then_else(const Code& c, const Code& t, const Code& e) {
  CodeBuilder b;
  b.append(c);
  const int jf = b.label();
  b.jump_if_false();
  b.append(t);
  const int j = b.label();
  b.jump();
  b.patch(jf, b.label());
  b.append(e);
  b.patch(j, b.label());
  return b.build();
}

class Lowerer {
 public:
  Lowerer(const sema::CheckedPuzzle& cp, const ground::BoundInstance& givens, source::Diagnostics& diags)
      : cp_(cp), diags_(diags), ev_(cp, scratch_, sm_, ground::Limits{}) {
    for (const auto& [name, v] : givens.givens) ev_.givens[name] = v;
  }

  std::optional<statespace::StateProgram> run(statespace::State& initial, const LowerOptions& options);

 private:
  // ---- the state ----------------------------------------------------------------------
  bool declare_state(statespace::State& initial);
  std::int64_t static_int(const ast::Expr& e, const char* what);

  // ---- expressions --------------------------------------------------------------------
  bool is_dynamic(const ast::Expr& e);
  bool is_dynamic(const ast::Expr& e, std::vector<std::pair<std::string, bool>>& scope);
  bool def_dynamic(const std::string& name);
  Val lower(const ast::Expr& e);
  Val lower_node(const ast::Expr& e);
  Val known_value(const GV& v, const source::Range& r);
  Code code_of(const Val& v, const source::Range& r);
  int int32(std::int64_t x, const source::Range& r) const;
  Val make(Kind k, Code c);
  Val fold(Val v);
  Val name(const ast::Name& n, const ast::Expr& e);
  Val def_local(const std::string& name, const source::Range& r);
  Val binary(const ast::Binary& n, const ast::Expr& e);
  Val call(const ast::Call& n, const ast::Expr& e);
  Val index(const ast::Index& n, const ast::Expr& e);
  Val member(const ast::Member& n, const ast::Expr& e);
  Val arrow(const ast::Arrow& n, const ast::Expr& e);
  Code slot_of(const ast::Expr& target);  // an lvalue: pushes the slot index
  Val lookup(const GV& data, const Val& at, const source::Range& r);
  Code cell_index(const Val& cell, const source::Range& r);
  Code cell_from_rc(const Code& r, const Code& c);
  Val and_all(const std::vector<Val>& parts, const source::Range& r);
  Val or_any(const std::vector<Val>& parts, const source::Range& r);
  Val connective(const std::vector<Val>& parts, const source::Range& r, bool is_and);
  Val add_all(const std::vector<Val>& parts, const source::Range& r);
  Val guarded(const Val& guard, const Val& then, int otherwise, const source::Range& r);
  Val equal(const Val& a, const Val& b, const source::Range& r, bool negate);

  struct Elem {
    Val item;
    std::optional<Val> guard;  // Bool; none = always present
  };
  std::vector<Elem> elements(const ast::Expr& coll);
  Val bind_and_lower(const std::string& param, const Val& item, const ast::Expr& body);
  // `coll` is a static collection holding exactly the state's slots in order.
  bool is_slot_sequence(const ast::Expr& coll);
  Val slot_param() const;

  // ---- declarations -------------------------------------------------------------------
  void lower_moves(statespace::StateProgram& p);
  void lower_goal(statespace::StateProgram& p, const ast::GoalDecl& g);
  void lower_heuristic(statespace::StateProgram& p, const ast::HeuristicDecl& h);
  template <typename F>
  bool attempt(F&& f);

  [[noreturn]] void fail(const source::Range& r, std::string msg) const { throw LowerError{r, std::move(msg)}; }
  // A def that fails is lowered again at each use: report each failure once.
  void report(const source::Range& r, const std::string& msg) {
    if (reported_.insert({r.file, r.begin.line, r.begin.col, msg}).second) diags_.error(r, msg);
  }

  const sema::CheckedPuzzle& cp_;
  source::Diagnostics& diags_;
  ir::Program scratch_;
  source::SourceManager sm_;
  ground::Evaluator ev_;

  const ast::StateDecl* state_ = nullptr;
  int rows_ = 0, cols_ = 0, n_ = 0;  // Grid: rows_ x cols_; Seq and Scalar: rows_ = 0
  statespace::Value value_min_ = 0, value_max_ = 0;

  CodeBuilder prelude_;
  int num_locals_ = 0;
  std::vector<std::string> local_names_;       // the def of each local
  std::map<std::string, Val> def_vals_;        // state-dependent defs: their local
  std::set<std::string> defs_in_progress_;
  std::map<std::string, bool> def_dynamic_;
  std::vector<std::pair<std::string, Val>> env_;  // lambda parameters, let, def parameters
  bool per_slot_ = false;
  int depth_ = 0;
  std::set<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::string>> reported_;
};

template <typename F>
bool Lowerer::attempt(F&& f) {
  try {
    f();
    return true;
  } catch (const LowerError& e) {
    report(e.range, e.message);
  } catch (const ground::EvalError& e) {
    report(e.range, e.message);
  } catch (const statespace::ProgramError& e) {
    diags_.error(cp_.puzzle->range, fmt::format("internal error while lowering the state space: {}", e.what()));
  }
  return false;
}

std::int64_t Lowerer::static_int(const ast::Expr& e, const char* what) {
  if (is_dynamic(e)) fail(e.range, fmt::format("{} must be known from the givens", what));
  GV v = ev_.eval(e);
  if (v.k != GV::K::Int) fail(e.range, fmt::format("{} must be an Int, not {}", what, ev_.format(v)));
  return v.i;
}

bool Lowerer::declare_state(statespace::State& initial) {
  return attempt([&] {
    const ast::StateDecl& s = *state_;
    if (s.shape == ast::Shape::Map) fail(s.range, "a state of Map shape is not supported by the state-space runtime");
    if (s.shape == ast::Shape::Grid) {
      rows_ = static_cast<int>(static_int(*s.dims[0], "the number of rows of a state"));
      cols_ = static_cast<int>(static_int(*s.dims[1], "the number of columns of a state"));
      if (rows_ < 1 || cols_ < 1 || static_cast<std::int64_t>(rows_) * cols_ > 65536)
        fail(s.range, fmt::format("state '{}' is {}x{}; the state-space runtime needs 1..65536 cells", s.name, rows_, cols_));
      n_ = rows_ * cols_;
    } else if (s.shape == ast::Shape::Seq) {
      const std::int64_t n = static_int(*s.dims[0], "the length of a state");
      if (n < 1 || n > 65536) fail(s.range, fmt::format("state '{}' has length {}; the state-space runtime needs 1..65536", s.name, n));
      n_ = static_cast<int>(n);
    } else {
      n_ = 1;
    }
    // The domain: a collection of Ints; the runtime keeps [min, max].
    if (!s.domain) fail(s.range, fmt::format("state '{}' needs a domain (of LO..HI)", s.name));
    if (is_dynamic(*s.domain)) fail(s.domain->range, "the domain of a state must be known from the givens");
    GV dom = ev_.eval(*s.domain);
    if (!dom.is_collection() || dom.size() == 0) fail(s.domain->range, "the domain of a state must be a non-empty collection of Ints");
    std::int64_t lo = 0, hi = 0;
    for (std::size_t i = 0; i < dom.size(); ++i) {
      if (dom.at(i).k != GV::K::Int)
        fail(s.domain->range, fmt::format("the state-space runtime needs Int values; the domain holds {}", ev_.format(dom.at(i))));
      lo = i == 0 ? dom.at(i).i : std::min(lo, dom.at(i).i);
      hi = i == 0 ? dom.at(i).i : std::max(hi, dom.at(i).i);
    }
    if (lo < -32768 || hi > 32767) fail(s.domain->range, fmt::format("the domain {}..{} does not fit the runtime's 16-bit values", lo, hi));
    value_min_ = static_cast<statespace::Value>(lo);
    value_max_ = static_cast<statespace::Value>(hi);
    // A placeholder for the evaluator, so state-independent members (board.rows,
    // board.cells, ...) fold; the cells are null and never read (reads are dynamic).
    if (s.shape == ast::Shape::Grid)
      ev_.vars[s.name] = GV::grid_of(rows_, cols_, std::vector<GV>(static_cast<std::size_t>(n_), GV::null()));
    else if (s.shape == ast::Shape::Seq)
      ev_.vars[s.name] = GV::seq(std::vector<GV>(static_cast<std::size_t>(n_), GV::null()));
    // The initial value.
    if (!s.init) fail(s.range, fmt::format("state '{}' needs an initial value (:= ...)", s.name));
    if (is_dynamic(*s.init)) fail(s.init->range, "the initial value of a state must be known from the givens");
    GV init = ev_.eval(*s.init);
    std::vector<GV> cells;
    if (s.shape == ast::Shape::Grid) {
      if (init.k != GV::K::Grid) fail(s.init->range, fmt::format("the initial value of state '{}' must be a grid", s.name));
      if (init.grid->rows != rows_ || init.grid->cols != cols_)
        fail(s.init->range, fmt::format("the initial value is {}x{}, but state '{}' is {}x{}", init.grid->rows,
                                        init.grid->cols, s.name, rows_, cols_));
      cells = init.grid->cells;
    } else if (s.shape == ast::Shape::Seq) {
      if (!init.is_collection() || init.has_guards())
        fail(s.init->range, fmt::format("the initial value of state '{}' must be a sequence", s.name));
      if (static_cast<int>(init.size()) != n_)
        fail(s.init->range, fmt::format("the initial value has {} elements, but state '{}' has {}", init.size(), s.name, n_));
      cells = *init.items;
    } else {
      cells = {init};
    }
    initial.clear();
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const GV& c = cells[i];
      const std::string where = s.shape == ast::Shape::Grid   ? fmt::format(" at r{}c{}", i / static_cast<std::size_t>(cols_) + 1,
                                                                            i % static_cast<std::size_t>(cols_) + 1)
                                : s.shape == ast::Shape::Seq ? fmt::format(" at position {}", i + 1)
                                                             : std::string();
      if (c.k != GV::K::Int) fail(s.init->range, fmt::format("the initial value{} is {}, not an Int", where, ev_.format(c)));
      if (c.i < lo || c.i > hi)
        fail(s.init->range, fmt::format("the initial value{} is {}, outside the domain {}..{} of state '{}'", where, c.i, lo, hi, s.name));
      initial.push_back(static_cast<statespace::Value>(c.i));
    }
  });
}

// ---- Which expressions depend on the state ---------------------------------------------

bool Lowerer::is_dynamic(const ast::Expr& e) {
  std::vector<std::pair<std::string, bool>> scope;
  return is_dynamic(e, scope);
}

bool Lowerer::def_dynamic(const std::string& name) {
  if (auto it = def_dynamic_.find(name); it != def_dynamic_.end()) return it->second;
  def_dynamic_[name] = false;  // recursion: the evaluator reports cycles
  const ast::DefDecl& d = *cp_.names.at(name).def;
  std::vector<std::pair<std::string, bool>> scope;
  for (const auto& p : d.params) scope.emplace_back(p.name, false);
  auto saved = std::move(env_);
  env_.clear();
  const bool dyn = is_dynamic(*d.body, scope);
  env_ = std::move(saved);
  def_dynamic_[name] = dyn;
  return dyn;
}

bool Lowerer::is_dynamic(const ast::Expr& e, std::vector<std::pair<std::string, bool>>& scope) {
  auto any = [&](const std::vector<ast::ExprPtr>& xs) {
    bool d = false;
    for (const auto& x : xs) d = is_dynamic(*x, scope) || d;
    return d;
  };
  return std::visit(
      [&](const auto& n) -> bool {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ast::Name>) {
          for (auto it = scope.rbegin(); it != scope.rend(); ++it)
            if (it->first == n.id) return it->second;
          for (auto it = env_.rbegin(); it != env_.rend(); ++it)
            if (it->first == n.id) return !it->second.known;
          auto info = cp_.names.find(n.id);
          if (info == cp_.names.end()) return false;
          if (info->second.kind == sema::NameKind::State) return true;
          if (info->second.kind == sema::NameKind::Def) return def_dynamic(n.id);
          return false;
        } else if constexpr (std::is_same_v<T, ast::SetLit> || std::is_same_v<T, ast::SeqLit>) {
          return any(n.items);
        } else if constexpr (std::is_same_v<T, ast::Unary>) {
          return is_dynamic(*n.operand, scope);
        } else if constexpr (std::is_same_v<T, ast::Binary>) {
          const bool a = is_dynamic(*n.lhs, scope);
          return is_dynamic(*n.rhs, scope) || a;
        } else if constexpr (std::is_same_v<T, ast::Call>) {
          bool d = any(n.args);
          auto info = cp_.names.find(n.fn);
          if (info != cp_.names.end() && info->second.kind == sema::NameKind::Def) d = def_dynamic(n.fn) || d;
          return d;
        } else if constexpr (std::is_same_v<T, ast::Index>) {
          const bool a = any(n.args);
          return is_dynamic(*n.base, scope) || a;
        } else if constexpr (std::is_same_v<T, ast::Member>) {
          const bool a = any(n.args);
          // The shape of the state is known: board.rows, board.cells, ... are constants.
          static const std::set<std::string> shape_members = {"rows", "cols", "size", "length", "cells", "cellAt",
                                                              "cellOf", "corners", "rowCells", "colCells"};
          if (const auto* nm = std::get_if<ast::Name>(&n.base->node)) {
            auto info = cp_.names.find(nm->id);
            bool shadowed = std::any_of(scope.begin(), scope.end(), [&](const auto& s) { return s.first == nm->id; }) ||
                            std::any_of(env_.begin(), env_.end(), [&](const auto& s) { return s.first == nm->id; });
            if (!shadowed && info != cp_.names.end() && info->second.kind == sema::NameKind::State &&
                shape_members.count(n.name) && state_ && state_->shape != ast::Shape::Scalar)
              return a;
          }
          return is_dynamic(*n.base, scope) || a;
        } else if constexpr (std::is_same_v<T, ast::Arrow>) {
          const bool base = is_dynamic(*n.base, scope);
          bool d = base;
          for (const auto& p : n.params) scope.emplace_back(p, base);
          for (const auto& a : n.args) d = is_dynamic(*a, scope) || d;
          scope.resize(scope.size() - n.params.size());
          return d;
        } else if constexpr (std::is_same_v<T, ast::Let>) {
          const bool v = is_dynamic(*n.value, scope);
          scope.emplace_back(n.var, v);
          const bool b = is_dynamic(*n.body, scope);
          scope.pop_back();
          return v || b;
        } else if constexpr (std::is_same_v<T, ast::If>) {
          const bool c = is_dynamic(*n.cond, scope);
          const bool t = is_dynamic(*n.then_branch, scope);
          return is_dynamic(*n.else_branch, scope) || c || t;
        } else {
          return false;  // literals
        }
      },
      e.node);
}

// ---- Values and code ------------------------------------------------------------------

Val Lowerer::known_value(const GV& v, const source::Range& r) {
  Val out;
  out.known = true;
  out.value = v;
  switch (v.k) {
    case GV::K::Int: out.kind = Kind::Int; break;
    case GV::K::Bool: out.kind = Kind::Bool; break;
    case GV::K::Cell: case GV::K::Null: out.kind = Kind::Cell; break;
    default:
      // Collections and other data stay known; only their use as a number is an error.
      out.kind = Kind::Int;
      break;
  }
  (void)r;
  return out;
}

// A known number as the programs' 32-bit values; an error past that range.
int Lowerer::int32(std::int64_t x, const source::Range& r) const {
  if (x < std::numeric_limits<std::int32_t>::min() + 1 || x > std::numeric_limits<std::int32_t>::max())
    fail(r, fmt::format("the number {} is outside the 32-bit range of state-space code", x));
  return static_cast<int>(x);
}

Code Lowerer::code_of(const Val& v, const source::Range& r) {
  if (!v.known) {
    if (v.kind == Kind::State) fail(r, "the whole state cannot be used as a value here");
    return v.code;
  }
  switch (v.value.k) {
    case GV::K::Int: return push(int32(v.value.i, r));
    case GV::K::Bool: return push(v.value.i ? 1 : 0);
    case GV::K::Null: return push(-1);
    case GV::K::Cell:
      if (rows_ == 0 || v.value.rows != rows_ || v.value.cols != cols_)
        fail(r, fmt::format("the cell {} of a {}x{} grid is not a cell of the {}x{} state (state-space code reads the "
                            "state's own cells: start.cells, or cells({}, {}))",
                            ev_.format(v.value), v.value.rows, v.value.cols, rows_, cols_, rows_, cols_));
      return push(static_cast<int>((v.value.r - 1) * cols_ + (v.value.c - 1)));
    default:
      fail(r, fmt::format("{} cannot be used in state-space code (only Ints, Bools and cells of the state)",
                          ev_.format(v.value)));
  }
}

Val Lowerer::make(Kind k, Code c) {
  Val v;
  v.kind = k;
  v.code = std::move(c);
  return fold(std::move(v));
}

// Code that reads nothing of the state folds to a constant.
Val Lowerer::fold(Val v) {
  if (v.known || v.kind == Kind::State || reads_dynamic(v.code)) return v;
  std::int32_t x = 0;
  try {
    statespace::Value dummy = 0;
    x = statespace::eval(v.code, &dummy, 1, nullptr);
  } catch (const statespace::ProgramError&) {
    return v;  // e.g. a division by zero: report it if it ever runs
  }
  Val out;
  out.known = true;
  out.kind = v.kind;
  if (v.kind == Kind::Bool) out.value = GV::boolean(x != 0);
  else if (v.kind == Kind::Cell) out.value = (rows_ > 0 && x >= 0 && x < n_) ? GV::cell(x / cols_ + 1, x % cols_ + 1, rows_, cols_) : GV::null();
  else out.value = GV::integer(x);
  return out;
}

Val Lowerer::lower(const ast::Expr& e) {
  if (++depth_ > 200) {
    depth_ = 0;
    fail(e.range, "state-space expression nested too deeply (a definition that calls itself?)");
  }
  struct Leave {
    int& d;
    ~Leave() { if (d > 0) --d; }
  } leave{depth_};
  if (!is_dynamic(e)) {
    ev_.locals.clear();
    for (const auto& [name, v] : env_)
      if (v.known) ev_.locals.emplace_back(name, v.value);
    GV v = ev_.eval(e);
    ev_.locals.clear();
    return known_value(v, e.range);
  }
  return lower_node(e);
}

Val Lowerer::lower_node(const ast::Expr& e) {
  const source::Range& r = e.range;
  return std::visit(
      [&](const auto& n) -> Val {
        using T = std::decay_t<decltype(n)>;
        if constexpr (std::is_same_v<T, ast::Name>) {
          return name(n, e);
        } else if constexpr (std::is_same_v<T, ast::Unary>) {
          Val a = lower(*n.operand);
          if (n.op == ast::UnOp::Not) return make(Kind::Bool, op1(code_of(a, r), Op::lnot));
          return make(Kind::Int, op1(code_of(a, r), Op::neg));
        } else if constexpr (std::is_same_v<T, ast::Binary>) {
          return binary(n, e);
        } else if constexpr (std::is_same_v<T, ast::Call>) {
          return call(n, e);
        } else if constexpr (std::is_same_v<T, ast::Index>) {
          return index(n, e);
        } else if constexpr (std::is_same_v<T, ast::Member>) {
          return member(n, e);
        } else if constexpr (std::is_same_v<T, ast::Arrow>) {
          return arrow(n, e);
        } else if constexpr (std::is_same_v<T, ast::Let>) {
          Val v = lower(*n.value);
          return bind_and_lower(n.var, v, *n.body);
        } else if constexpr (std::is_same_v<T, ast::If>) {
          Val c = lower(*n.cond);
          // A known condition lowers its branch alone: the other may not be valid there
          // (`if k > 2 then 0 else jug[k] endif` with k = 3), and a def that calls itself
          // ends only so (docs/language.md, 4.4).
          if (c.known) return lower(c.value.i ? *n.then_branch : *n.else_branch);
          Val t = lower(*n.then_branch), f = lower(*n.else_branch);
          if (t.kind != f.kind) fail(r, "the branches of this 'if' have different kinds of value");
          return make(t.kind, if_then_else(code_of(c, r), code_of(t, r), code_of(f, r)));
        } else if constexpr (std::is_same_v<T, ast::SetLit> || std::is_same_v<T, ast::SeqLit>) {
          fail(r, "a collection that depends on the state can be used only under ->forAll, ->sum, ->count, ...");
        } else {
          fail(r, "this expression is not supported in state-space code");
        }
      },
      e.node);
}

Val Lowerer::bind_and_lower(const std::string& param, const Val& item, const ast::Expr& body) {
  env_.emplace_back(param, item);
  struct Pop {
    std::vector<std::pair<std::string, Val>>& env;
    ~Pop() { env.pop_back(); }
  } pop{env_};
  return lower(body);
}

Val Lowerer::name(const ast::Name& n, const ast::Expr& e) {
  for (auto it = env_.rbegin(); it != env_.rend(); ++it)
    if (it->first == n.id) return it->second;
  auto found = cp_.names.find(n.id);
  if (found == cp_.names.end()) fail(e.range, fmt::format("'{}' cannot be used in state-space code", n.id));
  const sema::NameInfo& info = found->second;
  if (info.kind == sema::NameKind::State) {
    if (state_->shape == ast::Shape::Scalar) {
      Val v;
      v.kind = Kind::Int;
      v.code = CodeBuilder().slot(0).build();
      return v;
    }
    Val v;
    v.kind = Kind::State;
    return v;
  }
  if (info.kind == sema::NameKind::Def) return def_local(n.id, e.range);
  fail(e.range, fmt::format("'{}' cannot be used in state-space code", n.id));
}

// A parameterless def that depends on the state: computed once per node by the prelude.
Val Lowerer::def_local(const std::string& name, const source::Range& r) {
  if (auto it = def_vals_.find(name); it != def_vals_.end()) {
    if (per_slot_ && !it->second.known) throw NeedsWholeState{};
    return it->second;
  }
  if (per_slot_) throw NeedsWholeState{};
  if (defs_in_progress_.count(name)) fail(r, fmt::format("definition '{}' refers to itself", name));
  defs_in_progress_.insert(name);
  const ast::DefDecl& d = *cp_.names.at(name).def;
  auto saved = std::move(env_);
  env_.clear();
  Val v;
  try {
    v = lower(*d.body);
  } catch (...) {
    env_ = std::move(saved);
    defs_in_progress_.erase(name);
    throw;
  }
  env_ = std::move(saved);
  defs_in_progress_.erase(name);
  if (v.kind == Kind::State) fail(d.body->range, fmt::format("definition '{}' must be a number, a truth value or a cell", name));
  if (!v.known) {
    if (num_locals_ == 16) fail(d.range, "more than 16 state-dependent definitions (the runtime's limit)");
    const int k = num_locals_++;
    local_names_.push_back(name);
    prelude_.append(v.code).set_local(k);
    Val local;
    local.kind = v.kind;
    local.code = CodeBuilder().local(k).build();
    v = local;
  }
  def_vals_[name] = v;
  return v;
}

Val Lowerer::and_all(const std::vector<Val>& parts, const source::Range& r) { return connective(parts, r, true); }
Val Lowerer::or_any(const std::vector<Val>& parts, const source::Range& r) { return connective(parts, r, false); }

// and (or): a known false (true) part decides; known true (false) parts drop out; the rest
// short-circuit: c1 [lnot]; jif OUT; ... cn; jump E; OUT: push 0 (1); E:
Val Lowerer::connective(const std::vector<Val>& parts, const source::Range& r, bool is_and) {
  std::vector<Code> codes;
  for (const Val& p : parts) {
    if (p.known) {
      if ((p.value.i != 0) != is_and) return known_value(GV::boolean(!is_and), r);
      continue;
    }
    codes.push_back(code_of(p, r));
  }
  if (codes.empty()) return known_value(GV::boolean(is_and), r);
  if (codes.size() == 1) return make(Kind::Bool, codes[0]);
  CodeBuilder b;
  std::vector<int> out;
  for (std::size_t i = 0; i + 1 < codes.size(); ++i) {
    b.append(codes[i]);
    if (!is_and) b.lnot();
    out.push_back(b.label());
    b.jump_if_false();
  }
  b.append(codes.back());
  const int j = b.label();
  b.jump();
  for (int at : out) b.patch(at, b.label());
  b.push(is_and ? 0 : 1);
  b.patch(j, b.label());
  return make(Kind::Bool, b.build());
}

Val Lowerer::add_all(const std::vector<Val>& parts, const source::Range& r) {
  std::int64_t constant = 0;
  CodeBuilder b;
  bool any = false;
  for (const Val& p : parts) {
    if (p.known) {
      constant = int32(constant + int32(p.value.i, r), r);  // both within 32 bits: no 64-bit overflow
      continue;
    }
    b.append(code_of(p, r));
    if (any) b.add();
    any = true;
  }
  if (!any) return known_value(GV::integer(constant), r);
  if (constant != 0) b.push(static_cast<int>(constant)).add();
  return make(Kind::Int, b.build());
}

// guard ? then : otherwise
Val Lowerer::guarded(const Val& guard, const Val& then, int otherwise, const source::Range& r) {
  if (guard.known) return guard.value.i ? then : known_value(GV::integer(otherwise), r);
  return make(then.kind, if_then_else(code_of(guard, r), code_of(then, r), push(otherwise)));
}

Val Lowerer::equal(const Val& a, const Val& b, const source::Range& r, bool negate) {
  // The whole state against known data: slot by slot.
  if (a.kind == Kind::State || b.kind == Kind::State) {
    const Val& other = a.kind == Kind::State ? b : a;
    if (!other.known) fail(r, "the state can be compared only with data known from the givens");
    std::vector<GV> cells;
    if (other.value.k == GV::K::Grid && other.value.grid->rows == rows_ && other.value.grid->cols == cols_) cells = other.value.grid->cells;
    else if (other.value.is_collection() && !other.value.has_guards() && rows_ == 0 && static_cast<int>(other.value.size()) == n_) cells = *other.value.items;
    else fail(r, fmt::format("the state cannot be compared with {}", ev_.format(other.value)));
    std::vector<Val> parts;
    for (int i = 0; i < n_; ++i) {
      const GV& c = cells[static_cast<std::size_t>(i)];
      if (c.k != GV::K::Int) fail(r, fmt::format("the state cannot be compared with {}", ev_.format(c)));
      parts.push_back(make(Kind::Bool, op2(CodeBuilder().slot(i).build(), push(int32(c.i, r)), Op::eq)));
    }
    Val all = and_all(parts, r);
    return negate ? make(Kind::Bool, op1(code_of(all, r), Op::lnot)) : all;
  }
  return make(Kind::Bool, op2(code_of(a, r), code_of(b, r), negate ? Op::ne : Op::eq));
}

Val Lowerer::binary(const ast::Binary& n, const ast::Expr& e) {
  using B = ast::BinOp;
  const source::Range& r = e.range;
  if (n.op == B::Range) fail(r, "a range that depends on the state is not supported");
  if (n.op == B::In) {
    Val x = lower(*n.lhs);
    std::vector<Elem> elems = elements(*n.rhs);
    std::vector<Val> parts;
    for (const Elem& el : elems) {
      Val eq = equal(x, el.item, r, false);
      parts.push_back(el.guard ? and_all({*el.guard, eq}, r) : eq);
    }
    return or_any(parts, r);
  }
  Val a = lower(*n.lhs);
  Val b = lower(*n.rhs);
  switch (n.op) {
    case B::And: return and_all({a, b}, r);
    case B::Or: return or_any({a, b}, r);
    case B::Implies: return or_any({make(Kind::Bool, op1(code_of(a, r), Op::lnot)), b}, r);
    case B::Xor: return make(Kind::Bool, op2(code_of(a, r), code_of(b, r), Op::ne));
    case B::Eq: return equal(a, b, r, false);
    case B::Ne: return equal(a, b, r, true);
    case B::Lt: return make(Kind::Bool, op2(code_of(a, r), code_of(b, r), Op::lt));
    case B::Le: return make(Kind::Bool, op2(code_of(a, r), code_of(b, r), Op::le));
    case B::Gt: return make(Kind::Bool, op2(code_of(a, r), code_of(b, r), Op::gt));
    case B::Ge: return make(Kind::Bool, op2(code_of(a, r), code_of(b, r), Op::ge));
    case B::Add: return make(Kind::Int, op2(code_of(a, r), code_of(b, r), Op::add));
    case B::Sub: return make(Kind::Int, op2(code_of(a, r), code_of(b, r), Op::sub));
    case B::Mul: return make(Kind::Int, op2(code_of(a, r), code_of(b, r), Op::mul));
    case B::Div: return make(Kind::Int, op2(code_of(a, r), code_of(b, r), Op::div));
    case B::Mod: return make(Kind::Int, op2(code_of(a, r), code_of(b, r), Op::mod));
    default: break;
  }
  fail(r, fmt::format("the operator '{}' is not supported in state-space code", ast::op_text(n.op)));
}

Val Lowerer::call(const ast::Call& n, const ast::Expr& e) {
  const source::Range& r = e.range;
  auto info = cp_.names.find(n.fn);
  if (info != cp_.names.end() && info->second.kind == sema::NameKind::Def) {
    // A def with parameters is expanded at each use.
    const ast::DefDecl& d = *info->second.def;
    std::vector<std::pair<std::string, Val>> params;
    for (std::size_t i = 0; i < d.params.size() && i < n.args.size(); ++i) params.emplace_back(d.params[i].name, lower(*n.args[i]));
    auto saved = std::move(env_);
    env_ = std::move(params);
    Val v;
    try {
      v = lower(*d.body);
    } catch (...) {
      env_ = std::move(saved);
      throw;
    }
    env_ = std::move(saved);
    return v;
  }
  if (n.fn == "abs" && n.args.size() == 1) return make(Kind::Int, op1(code_of(lower(*n.args[0]), r), Op::abs));
  if ((n.fn == "min" || n.fn == "max") && n.args.size() == 2)
    return make(Kind::Int, op2(code_of(lower(*n.args[0]), r), code_of(lower(*n.args[1]), r), n.fn == "min" ? Op::min : Op::max));
  fail(r, fmt::format("'{}(...)' is not supported in state-space code", n.fn));
}

// A cell as a slot index (-1 = null).
Code Lowerer::cell_index(const Val& cell, const source::Range& r) {
  if (cell.kind != Kind::Cell) fail(r, "a cell of the state is expected here");
  return code_of(cell, r);
}

// (row, col), 1-based, to a slot index, or -1 outside the grid.
Code Lowerer::cell_from_rc(const Code& rc, const Code& cc) {
  Val ok = and_all({make(Kind::Bool, op2(rc, push(1), Op::ge)), make(Kind::Bool, op2(rc, push(rows_), Op::le)),
                    make(Kind::Bool, op2(cc, push(1), Op::ge)), make(Kind::Bool, op2(cc, push(cols_), Op::le))},
                   source::Range{});
  Code idx = op2(op2(op2(rc, push(1), Op::sub), push(cols_), Op::mul), op2(cc, push(1), Op::sub), Op::add);
  return if_then_else(code_of(ok, source::Range{}), idx, push(-1));
}

Val Lowerer::index(const ast::Index& n, const ast::Expr& e) {
  const source::Range& r = e.range;
  Val base = lower(*n.base);
  if (base.kind != Kind::State) {
    if (base.known && n.args.size() == 1) return lookup(base.value, lower(*n.args[0]), r);
    fail(r, "in state-space code only the state and data known from the givens can be indexed");
  }
  if (n.args.size() == 1) {
    Val at = lower(*n.args[0]);
    if (at.cur) return make(Kind::Int, CodeBuilder().cur_value().build());
    if (state_->shape == ast::Shape::Grid) {
      if (at.known) {
        if (at.value.k == GV::K::Null) fail(r, "the cell is outside the grid (null)");
        const Code k = cell_index(at, n.args[0]->range);  // push <slot>
        return make(Kind::Int, CodeBuilder().slot(k.instrs[0].arg).build());
      }
      return make(Kind::Int, op1(cell_index(at, n.args[0]->range), Op::load_at));
    }
    // Seq: 1-based positions.
    if (at.known) {
      if (at.value.k != GV::K::Int || at.value.i < 1 || at.value.i > n_)
        fail(r, fmt::format("position {} is outside 1..{}", ev_.format(at.value), n_));
      return make(Kind::Int, CodeBuilder().slot(static_cast<int>(at.value.i - 1)).build());
    }
    // Position i is slot i - 1; one outside 1..n is passed on as it is, for the runtime
    // to report the position the spec asked for (not the -1 a null would be).
    return make(Kind::Int, op1(op2(code_of(at, r), push(1), Op::sub), Op::load_at));
  }
  if (n.args.size() == 2 && state_->shape == ast::Shape::Grid) {
    Val rv = lower(*n.args[0]), cv = lower(*n.args[1]);
    if (rv.known && cv.known) {
      if (rv.value.i < 1 || rv.value.i > rows_ || cv.value.i < 1 || cv.value.i > cols_)
        fail(r, fmt::format("cell r{}c{} is outside the {}x{} grid", rv.value.i, cv.value.i, rows_, cols_));
      return make(Kind::Int, CodeBuilder().slot(static_cast<int>((rv.value.i - 1) * cols_ + cv.value.i - 1)).build());
    }
    return make(Kind::Int, op1(cell_from_rc(code_of(rv, r), code_of(cv, r)), Op::load_at));
  }
  fail(r, "this index is not supported in state-space code");
}

// Known data indexed by a state-dependent position: a chain of comparisons (tabulated
// away when it is per-slot code). An index outside the data divides by zero, an
// evaluation error, as the evaluator's "out of range" would be.
Val Lowerer::lookup(const GV& data, const Val& at, const source::Range& r) {
  std::vector<GV> items;
  bool by_cell = false;
  if (data.k == GV::K::Grid) {
    if (data.grid->rows != rows_ || data.grid->cols != cols_)
      fail(r, "a grid indexed by a cell of the state must have the state's size");
    items = data.grid->cells;
    by_cell = true;
  } else if (data.is_collection() && !data.has_guards() && data.k == GV::K::Seq) {
    items = *data.items;
  } else {
    fail(r, fmt::format("{} cannot be indexed by a value that depends on the state", ev_.format(data)));
  }
  if (items.size() > 4096) fail(r, "the data indexed here is larger than 4096 elements");
  if (by_cell && at.kind != Kind::Cell) fail(r, "a grid is indexed by a cell");
  const Code key = code_of(at, r);
  Kind kind = Kind::Int;
  Code acc = op2(push(1), push(0), Op::div);
  for (std::size_t i = items.size(); i-- > 0;) {
    Val item = known_value(items[i], r);
    kind = item.kind;
    const int position = by_cell ? static_cast<int>(i) : static_cast<int>(i + 1);
    acc = if_then_else(op2(key, push(position), Op::eq), code_of(item, r), acc);
  }
  return make(kind, acc);
}

Code Lowerer::slot_of(const ast::Expr& target) {
  const source::Range& r = target.range;
  if (const auto* nm = std::get_if<ast::Name>(&target.node)) {
    auto info = cp_.names.find(nm->id);
    if (info != cp_.names.end() && info->second.kind == sema::NameKind::State && state_->shape == ast::Shape::Scalar)
      return push(0);
  }
  const auto* ix = std::get_if<ast::Index>(&target.node);
  if (!ix) fail(r, "a move can change only the state: state[...] := ... or swap(state[...], state[...])");
  Val base = lower(*ix->base);
  if (base.kind != Kind::State) fail(ix->base->range, "a move can change only the state");
  if (ix->args.size() == 1) {
    Val at = lower(*ix->args[0]);
    if (state_->shape == ast::Shape::Grid) {
      if (at.known && at.value.k == GV::K::Null) fail(r, "the cell is outside the grid (null)");
      return cell_index(at, r);
    }
    if (at.known) {
      if (at.value.k != GV::K::Int || at.value.i < 1 || at.value.i > n_)
        fail(r, fmt::format("position {} is outside 1..{}", ev_.format(at.value), n_));
      return push(static_cast<int>(at.value.i - 1));
    }
    return op2(code_of(at, r), push(1), Op::sub);  // unchecked: see index()
  }
  if (ix->args.size() == 2 && state_->shape == ast::Shape::Grid)
    return cell_from_rc(code_of(lower(*ix->args[0]), r), code_of(lower(*ix->args[1]), r));
  fail(r, "this index is not supported in state-space code");
}

Val Lowerer::member(const ast::Member& n, const ast::Expr& e) {
  const source::Range& r = e.range;
  Val b = lower(*n.base);
  const std::string& m = n.name;
  if (b.kind == Kind::State) {
    if (state_->shape == ast::Shape::Grid && m == "find" && n.args.size() == 1) {
      Val v = lower(*n.args[0]);
      return make(Kind::Cell, op1(code_of(v, r), Op::find));
    }
    if (state_->shape == ast::Shape::Grid && m == "cellOf" && n.args.size() == 1) {
      const Code k = code_of(lower(*n.args[0]), r);
      Val ok = and_all({make(Kind::Bool, op2(k, push(1), Op::ge)), make(Kind::Bool, op2(k, push(n_), Op::le))}, r);
      return make(Kind::Cell, if_then_else(code_of(ok, r), op2(k, push(1), Op::sub), push(-1)));
    }
    if (state_->shape == ast::Shape::Grid && m == "cellAt" && n.args.size() == 2)
      return make(Kind::Cell, cell_from_rc(code_of(lower(*n.args[0]), r), code_of(lower(*n.args[1]), r)));
    fail(r, fmt::format("'.{}' of the state is not supported in state-space code", m));
  }
  if (b.kind == Kind::Cell && rows_ > 0) {
    const Code c = cell_index(b, r);
    const Val valid = make(Kind::Bool, op2(c, push(0), Op::ge));
    auto row0 = [&](const Code& x) { return op1(x, Op::row_of, cols_); };
    auto col0 = [&](const Code& x) { return op1(x, Op::col_of, cols_); };
    if (m == "row") return make(Kind::Int, op2(row0(c), push(1), Op::add));
    if (m == "col") return make(Kind::Int, op2(col0(c), push(1), Op::add));
    if (m == "index") return make(Kind::Int, op2(c, push(1), Op::add));
    if (m == "up" || m == "down" || m == "left" || m == "right") {
      // The neighbour, or null (-1) at the border or when the cell itself is null.
      Val inside;
      Code to;
      if (m == "right") inside = make(Kind::Bool, op2(col0(c), push(cols_ - 1), Op::lt)), to = op2(c, push(1), Op::add);
      if (m == "left") inside = make(Kind::Bool, op2(col0(c), push(0), Op::gt)), to = op2(c, push(1), Op::sub);
      if (m == "down") inside = make(Kind::Bool, op2(row0(c), push(rows_ - 1), Op::lt)), to = op2(c, push(cols_), Op::add);
      if (m == "up") inside = make(Kind::Bool, op2(row0(c), push(0), Op::gt)), to = op2(c, push(cols_), Op::sub);
      Val ok = and_all({valid, inside}, r);
      return make(Kind::Cell, if_then_else(code_of(ok, r), to, push(-1)));
    }
    if (m == "distance" && n.args.size() == 1) {
      const Code d = cell_index(lower(*n.args[0]), r);
      Code dr = op1(op2(row0(c), row0(d), Op::sub), Op::abs);
      Code dc = op1(op2(col0(c), col0(d), Op::sub), Op::abs);
      return make(Kind::Int, op2(dr, dc, Op::add));
    }
  }
  fail(r, fmt::format("'.{}' is not supported in state-space code here", m));
}

// The members of a collection, each with the condition under which it is present.
std::vector<Lowerer::Elem> Lowerer::elements(const ast::Expr& coll) {
  const source::Range& r = coll.range;
  std::vector<Elem> out;
  if (!is_dynamic(coll)) {
    Val v = lower(coll);
    GV c = v.value;
    if (c.k == GV::K::Grid) c = GV::seq(c.grid->cells);
    if (!c.is_collection()) fail(r, fmt::format("{} is not a collection", ev_.format(c)));
    if (c.size() > 4096) fail(r, fmt::format("state-space code iterates over at most 4096 elements; this collection has {}", c.size()));
    for (std::size_t i = 0; i < c.size(); ++i) out.push_back({known_value(c.at(i), r), std::nullopt});
    return out;
  }
  if (const auto* a = std::get_if<ast::Arrow>(&coll.node)) {
    if ((a->op == "select" || a->op == "reject" || a->op == "collect") && a->params.size() == 1) {
      std::vector<Elem> in = elements(*a->base);
      for (Elem& el : in) {
        Val body = bind_and_lower(a->params[0], el.item, *a->args[0]);
        if (a->op == "collect") {
          out.push_back({body, el.guard});
          continue;
        }
        if (a->op == "reject") body = body.known ? known_value(GV::boolean(!body.value.i), r) : make(Kind::Bool, op1(body.code, Op::lnot));
        Val g = el.guard ? and_all({*el.guard, body}, r) : body;
        if (g.known && !g.value.i) continue;
        out.push_back({el.item, g.known ? std::nullopt : std::optional<Val>(g)});
      }
      return out;
    }
    fail(r, fmt::format("state-space expressions may not use '->{}' here", a->op));
  }
  Val v = lower(coll);
  if (v.kind == Kind::State) {
    for (int i = 0; i < n_; ++i) out.push_back({make(Kind::Int, CodeBuilder().slot(i).build()), std::nullopt});
    return out;
  }
  fail(r, "this collection depends on the state in a way state-space code does not support");
}

Val Lowerer::arrow(const ast::Arrow& n, const ast::Expr& e) {
  const source::Range& r = e.range;
  const std::string& op = n.op;
  const bool lambda = !n.params.empty();
  if (n.params.size() > 1) fail(r, fmt::format("'->{}' with several parameters is not supported in state-space code", op));
  static const std::set<std::string> supported = {"forAll", "exists", "none", "count", "one", "sum", "size",
                                                  "isEmpty", "notEmpty", "min", "max", "includes", "excludes", "indexOf"};
  if (!supported.count(op)) fail(r, fmt::format("state-space expressions may not use '->{}' here", op));
  // A lambda's body or the value compared with is args[0].
  static const std::set<std::string> needs_arg = {"includes", "excludes", "indexOf", "count", "one"};
  if (n.args.empty() && (lambda || needs_arg.count(op))) fail(r, fmt::format("'->{}' needs an argument", op));
  if (op == "indexOf") {
    Val base = lower(*n.base);
    if (base.kind != Kind::State || state_->shape != ast::Shape::Seq)
      fail(r, "'->indexOf' in state-space code needs the Seq state as its base");
    return make(Kind::Int, op2(op1(code_of(lower(*n.args[0]), r), Op::find), push(1), Op::add));
  }
  std::vector<Elem> elems = elements(*n.base);
  // The value of the body (or the element itself) for each element.
  auto body = [&](const Elem& el) { return lambda ? bind_and_lower(n.params[0], el.item, *n.args[0]) : el.item; };
  auto present = [&](const Elem& el, const Val& cond) { return el.guard ? and_all({*el.guard, cond}, r) : cond; };
  if (op == "forAll") {
    std::vector<Val> parts;
    for (const Elem& el : elems) {
      Val b = body(el);
      parts.push_back(el.guard ? or_any({make(Kind::Bool, op1(code_of(*el.guard, r), Op::lnot)), b}, r) : b);
      if (parts.back().known && !parts.back().value.i) return parts.back();
    }
    return and_all(parts, r);
  }
  if (op == "exists" || op == "none" || op == "includes" || op == "excludes") {
    std::vector<Val> parts;
    Val x;
    if (op == "includes" || op == "excludes") x = lower(*n.args[0]);
    for (const Elem& el : elems)
      parts.push_back(present(el, op == "includes" || op == "excludes" ? equal(el.item, x, r, false) : body(el)));
    Val any = or_any(parts, r);
    if (op == "exists" || op == "includes") return any;
    return any.known ? known_value(GV::boolean(!any.value.i), r) : make(Kind::Bool, op1(any.code, Op::lnot));
  }
  if (op == "count" || op == "one" || op == "size" || op == "isEmpty" || op == "notEmpty") {
    std::vector<Val> parts;
    for (const Elem& el : elems) {
      Val cond = op == "count" || op == "one" ? (lambda ? body(el) : equal(el.item, lower(*n.args[0]), r, false))
                                              : known_value(GV::boolean(true), r);
      Val p = present(el, cond);
      parts.push_back(p.known ? known_value(GV::integer(p.value.i ? 1 : 0), r) : make(Kind::Int, p.code));
    }
    Val total = add_all(parts, r);
    if (op == "count" || op == "size") return total;
    if (op == "one") return make(Kind::Bool, op2(code_of(total, r), push(1), Op::eq));
    return make(Kind::Bool, op2(code_of(total, r), push(0), op == "isEmpty" ? Op::eq : Op::gt));
  }
  if (op == "sum") {
    std::vector<Val> parts;
    for (const Elem& el : elems) {
      Val b = body(el);
      if (b.kind == Kind::Bool && b.known) b = known_value(GV::integer(b.value.i), r);
      parts.push_back(el.guard ? guarded(*el.guard, b, 0, r) : b);
    }
    return add_all(parts, r);
  }
  // min / max
  if (elems.empty()) fail(r, fmt::format("'->{}' of an empty collection", op));
  Code acc;
  for (std::size_t i = 0; i < elems.size(); ++i) {
    if (elems[i].guard) fail(r, fmt::format("'->{}' over a filtered collection is not supported in state-space code", op));
    const Code b = code_of(body(elems[i]), r);
    acc = i == 0 ? b : op2(acc, b, op == "min" ? Op::min : Op::max);
  }
  return make(Kind::Int, acc);
}

// ---- Per-slot forms --------------------------------------------------------------------

bool Lowerer::is_slot_sequence(const ast::Expr& coll) {
  if (is_dynamic(coll)) return false;
  GV c = lower(coll).value;
  if (!c.is_collection() || c.has_guards() || static_cast<int>(c.size()) != n_) return false;
  for (int i = 0; i < n_; ++i) {
    const GV& x = c.at(static_cast<std::size_t>(i));
    if (state_->shape == ast::Shape::Grid) {
      if (x.k != GV::K::Cell || x.rows != rows_ || x.cols != cols_ || (x.r - 1) * cols_ + (x.c - 1) != i) return false;
    } else if (state_->shape == ast::Shape::Seq) {
      if (x.k != GV::K::Int || x.i != i + 1) return false;
    } else {
      return false;
    }
  }
  return true;
}

Val Lowerer::slot_param() const {
  Val p;
  p.cur = true;
  if (state_->shape == ast::Shape::Grid) {
    p.kind = Kind::Cell;
    p.code = CodeBuilder().cur_slot().build();
  } else {
    p.kind = Kind::Int;
    p.code = CodeBuilder().cur_slot().push(1).add().build();
  }
  return p;
}

void Lowerer::lower_goal(statespace::StateProgram& p, const ast::GoalDecl& g) {
  const ast::Expr& e = *g.cond;
  if (const auto* a = std::get_if<ast::Arrow>(&e.node); a && a->op == "forAll" && a->params.size() == 1 && is_slot_sequence(*a->base)) {
    per_slot_ = true;
    try {
      Val body = bind_and_lower(a->params[0], slot_param(), *a->args[0]);
      per_slot_ = false;
      p.goal_per_slot = code_of(body, e.range);
      return;
    } catch (const NeedsWholeState&) {
      per_slot_ = false;
    } catch (...) {
      per_slot_ = false;
      throw;
    }
  }
  p.goal = code_of(lower(e), e.range);
}

void Lowerer::lower_heuristic(statespace::StateProgram& p, const ast::HeuristicDecl& h) {
  const ast::Expr& e = *h.expr;
  p.heuristic_name = h.name;
  // sum over the slots, possibly filtered by ->select / ->reject.
  if (const auto* a = std::get_if<ast::Arrow>(&e.node); a && a->op == "sum" && a->params.size() == 1) {
    std::vector<const ast::Arrow*> filters;
    const ast::Expr* base = a->base.get();
    while (const auto* f = std::get_if<ast::Arrow>(&base->node)) {
      if ((f->op != "select" && f->op != "reject") || f->params.size() != 1) break;
      filters.push_back(f);
      base = f->base.get();
    }
    if (is_slot_sequence(*base)) {
      per_slot_ = true;
      try {
        Val present = known_value(GV::boolean(true), e.range);
        for (auto it = filters.rbegin(); it != filters.rend(); ++it) {
          Val c = bind_and_lower((*it)->params[0], slot_param(), *(*it)->args[0]);
          if ((*it)->op == "reject") c = c.known ? known_value(GV::boolean(!c.value.i), e.range) : make(Kind::Bool, op1(c.code, Op::lnot));
          present = and_all({present, c}, e.range);
        }
        Val body = bind_and_lower(a->params[0], slot_param(), *a->args[0]);
        per_slot_ = false;
        p.heuristic_per_slot = code_of(guarded(present, body, 0, e.range), e.range);
        return;
      } catch (const NeedsWholeState&) {
        per_slot_ = false;
      } catch (...) {
        per_slot_ = false;
        throw;
      }
    }
  }
  p.heuristic = code_of(lower(e), e.range);
}

void Lowerer::lower_moves(statespace::StateProgram& p) {
  // A move with a `for` is one move per binding (the collections and `where` known from
  // the givens), named NAME(x, ...); past this many the spec is refused rather than the
  // search made slow.
  constexpr std::size_t kMaxMoves = 100000;
  for (const auto& d : cp_.puzzle->decls) {
    const auto* m = std::get_if<ast::MoveDecl>(&d);
    if (!m) continue;
    attempt([&] {
      // `keep_disabled`: a plain move whose guard is known false stays, as written; a
      // binding of a `for` whose guard is known false makes no move.
      auto lower_one = [&](const std::string& name, bool keep_disabled) {
        statespace::MoveDef def;
        def.name = name;
        if (m->guard) {
          Val g = lower(*m->guard);
          if (g.known && !g.value.i && !keep_disabled) return;
          if (!(g.known && g.value.i)) def.guard = code_of(g, m->guard->range);
        }
        CodeBuilder effect;
        int touched = 0;
        for (const ast::Stmt& st : m->body) {
          touched += st.is_swap ? 2 : 1;
          if (touched > statespace::Change::kMax)
            fail(st.range, fmt::format("move '{}' changes more than {} slots, the state-space runtime's limit",
                                       m->name, statespace::Change::kMax));
          effect.append(slot_of(*st.target));
          if (st.is_swap) {
            effect.append(slot_of(*st.value)).swap();
          } else {
            Val v = lower(*st.value);
            if (v.kind != Kind::Int && v.kind != Kind::Bool) fail(st.value->range, "a state slot can hold only an Int");
            effect.append(code_of(v, st.value->range)).assign();
          }
        }
        def.effect = effect.build();
        if (p.moves.size() >= kMaxMoves)
          fail(m->range, fmt::format("the moves declared make more than {} moves (each binding of a 'for' is one)", kMaxMoves));
        p.moves.push_back(std::move(def));
      };
      if (m->binders.empty()) {
        lower_one(m->name, true);
        return;
      }
      const std::size_t base = env_.size();
      struct Restore {
        std::vector<std::pair<std::string, Val>>& env;
        std::size_t size;
        ~Restore() { env.resize(size); }
      } restore{env_, base};
      std::vector<std::string> shown;
      auto bindings = [&](auto& self, std::size_t i) -> void {
        if (i == m->binders.size()) {
          if (m->where) {
            Val w = lower(*m->where);
            if (!w.known) fail(m->where->range, "a move's 'where' is on the givens and its 'for' variables, not the state: say it in 'when'");
            if (!w.value.i) return;
          }
          std::string name = m->name + "(";
          for (std::size_t k = 0; k < shown.size(); ++k) name += (k ? "," : "") + shown[k];
          lower_one(name + ")", false);
          return;
        }
        const ast::Binder& b = m->binders[i];
        Val c = lower(*b.collection);
        if (!c.known) fail(b.collection->range, "a move's 'for' ranges over a collection known from the givens, not the state");
        for (const GV& item : ev_.concrete_items(c.value, b.collection->range, "a move's 'for'")) {
          env_.emplace_back(b.var, known_value(item, b.range));
          std::string text = ev_.format(item);
          text.erase(std::remove(text.begin(), text.end(), ' '), text.end());  // (a move's name is one word)
          shown.push_back(std::move(text));
          self(self, i + 1);
          shown.pop_back();
          env_.pop_back();
        }
      };
      bindings(bindings, 0);
    });
  }
}

std::optional<statespace::StateProgram> Lowerer::run(statespace::State& initial, const LowerOptions& options) {
  const ast::GoalDecl* goal = nullptr;
  std::vector<const ast::HeuristicDecl*> heuristics;
  for (const auto& d : cp_.puzzle->decls) {
    if (const auto* s = std::get_if<ast::StateDecl>(&d)) {
      if (state_) {
        diags_.error(s->range, fmt::format("the state-space runtime supports one state declaration; '{}' is a second one (declare one Seq or Grid instead)", s->name));
        return std::nullopt;
      }
      state_ = s;
    } else if (const auto* g = std::get_if<ast::GoalDecl>(&d)) {
      if (goal) {
        diags_.error(g->range, "a puzzle has one goal (combine the conditions with 'and')");
        return std::nullopt;
      }
      goal = g;
    } else if (const auto* h = std::get_if<ast::HeuristicDecl>(&d)) {
      heuristics.push_back(h);
    }
  }
  if (!state_) {
    diags_.error(cp_.puzzle->range, fmt::format("puzzle {} declares no state, so there is nothing to search", cp_.puzzle->name));
    return std::nullopt;
  }
  if (!goal) {
    diags_.error(cp_.puzzle->range, fmt::format("puzzle {} declares no goal", cp_.puzzle->name));
    return std::nullopt;
  }
  const ast::HeuristicDecl* heuristic = nullptr;
  if (options.heuristic.empty()) {
    if (!heuristics.empty()) heuristic = heuristics[0];
  } else if (options.heuristic != "none") {
    for (const auto* h : heuristics)
      if (h->name == options.heuristic) heuristic = h;
    if (!heuristic) {
      std::string known;
      for (const auto* h : heuristics) known += (known.empty() ? "" : ", ") + h->name;
      diags_.error_no_location(fmt::format("puzzle {} has no heuristic '{}' (it has: {})", cp_.puzzle->name, options.heuristic,
                                           known.empty() ? "none" : known));
      return std::nullopt;
    }
  }
  if (!declare_state(initial)) return std::nullopt;

  statespace::StateProgram p;
  p.name = cp_.puzzle->name;
  p.num_slots = n_;
  p.value_min = value_min_;
  p.value_max = value_max_;
  if (state_->shape == ast::Shape::Grid) {
    p.grid_rows = rows_;
    p.grid_cols = cols_;
  }
  for (int i = 0; i < n_; ++i)
    p.slot_names.push_back(state_->shape == ast::Shape::Scalar ? state_->name
                           : state_->shape == ast::Shape::Grid
                               ? fmt::format("{}[{}, {}]", state_->name, i / cols_ + 1, i % cols_ + 1)
                               : fmt::format("{}[{}]", state_->name, i + 1));
  bool ok = true;
  lower_moves(p);
  ok = attempt([&] { lower_goal(p, *goal); }) && ok;
  if (heuristic) ok = attempt([&] { lower_heuristic(p, *heuristic); }) && ok;
  if (!ok || diags_.has_errors()) return std::nullopt;
  p.num_locals = num_locals_;
  p.local_names = local_names_;
  p.prelude = prelude_.build();
  try {
    statespace::validate(p);
  } catch (const statespace::ProgramError& e) {
    diags_.error(cp_.puzzle->range, fmt::format("internal error: the lowered state program is ill-formed: {}", e.what()));
    return std::nullopt;
  }
  return p;
}

}  // namespace

std::optional<statespace::StateProgram> lower_state_space(const sema::CheckedPuzzle& cp, const ground::BoundInstance& givens,
                                                          source::Diagnostics& diags, statespace::State& initial,
                                                          const LowerOptions& options) {
  Lowerer l(cp, givens, diags);
  return l.run(initial, options);
}

std::vector<std::string> heuristic_names(const sema::CheckedPuzzle& cp) {
  std::vector<std::string> out;
  for (const auto& d : cp.puzzle->decls)
    if (const auto* h = std::get_if<ast::HeuristicDecl>(&d)) out.push_back(h->name);
  return out;
}

}  // namespace pzc::statespace_lower
