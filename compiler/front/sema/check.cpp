// Name resolution and type checking. Each expression gets its type in Expr::type; errors are
// collected (an Error type suppresses follow-on errors) so one run reports every mistake.
#include "compiler/front/ast/overloaded.hpp"
#include "compiler/front/sema/check.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>

#include "compiler/front/ast/walk.hpp"
#include "compiler/front/parse/parser.hpp"

namespace pzc::sema {

using ast::Type;
using K = ast::Type::K;

namespace {

using ast::overloaded;

// Edit distance counting a swap of neighbours as one edit (optimal string alignment).
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

}  // namespace

std::string closest_name(const std::string& name, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_d = std::max<std::size_t>(1, name.size() / 3) + 1;
  for (const auto& c : candidates) {
    std::size_t d = edit_distance(name, c);
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  return best;
}

bool check_given_name(const CheckedPuzzle& cp, const std::string& name, const source::Range& where,
                      source::Diagnostics& diags) {
  auto it = cp.names.find(name);
  if (it != cp.names.end() && it->second.kind == NameKind::Given) return true;
  std::string near = closest_name(name, cp.given_order);
  diags.error(where, fmt::format("'{}' is not a given of puzzle {}", name, cp.puzzle->name),
              near.empty() ? std::vector<std::string>{} : std::vector<std::string>{fmt::format("did you mean '{}'?", near)});
  return false;
}

Type resolve_type(const CheckedPuzzle& cp, const ast::TypeExpr& t, source::Diagnostics* diags) {
  auto arity = [&](std::size_t n) {
    if (t.args.size() == n) return true;
    if (diags)
      diags->error(t.range, fmt::format("type '{}' takes {} argument{}, not {}", t.name, n,
                                        n == 1 ? "" : "s", t.args.size()));
    return false;
  };
  Type r;
  if (t.name == "Int" || t.name == "Bool" || t.name == "String" || t.name == "Char" ||
      t.name == "Cell" || t.name == "Symbol") {
    if (!arity(0)) return Type::error();
    r = Type::of(t.name == "Int"      ? K::Int
                 : t.name == "Bool"   ? K::Bool
                 : t.name == "String" ? K::String
                 : t.name == "Char"   ? K::Char
                 : t.name == "Cell"   ? K::Cell
                                      : K::Symbol);
  } else if (t.name == "Seq" || t.name == "Set" || t.name == "Grid") {
    if (!arity(1)) return Type::error();
    Type e = resolve_type(cp, t.args[0], diags);
    r = Type::container(t.name == "Seq" ? K::Seq : t.name == "Set" ? K::Set : K::Grid, e);
  } else if (t.name == "Map") {
    if (!arity(2)) return Type::error();
    r = Type::map(resolve_type(cp, t.args[0], diags), resolve_type(cp, t.args[1], diags));
  } else {
    auto it = cp.names.find(t.name);
    if (it == cp.names.end() || it->second.kind != NameKind::Enum) {
      if (diags) {
        std::vector<std::string> known = {"Int", "Bool", "String", "Char", "Cell", "Seq", "Set", "Grid", "Map"};
        known.insert(known.end(), cp.enum_names.begin(), cp.enum_names.end());
        std::string near = closest_name(t.name, known);
        diags->error(t.range, fmt::format("unknown type '{}'", t.name),
                     near.empty() ? std::vector<std::string>{}
                                  : std::vector<std::string>{fmt::format("did you mean '{}'?", near)});
      }
      return Type::error();
    }
    if (!arity(0)) return Type::error();
    r = Type::symbol(it->second.enum_id);
  }
  r.optional = t.optional;
  return r;
}

namespace {

class Checker {
 public:
  Checker(CheckedPuzzle& cp, source::SourceManager& sm, source::Diagnostics& diags)
      : cp_(cp), sm_(sm), diags_(diags) {}

  std::string show(const Type& t) const { return ast::to_string(t, cp_.enum_names); }

  void error(const source::Range& r, std::string msg, std::vector<std::string> notes = {}) {
    diags_.error(r, std::move(msg), std::move(notes));
  }

  // Local scopes: quantifier and lambda variables, def parameters, let names.
  std::vector<std::pair<std::string, Type>> locals_;
  std::set<std::string> defs_in_progress_;
  std::map<std::string, Type> def_types_;
  std::map<std::string, Type> def_declared_;  // `def f(...) : T`: T, once resolved
  std::set<std::string> cycle_reported_;      // defs "defined in terms of itself" already said
  bool data_only_ = false;  // instance data: only enum members may be named
  bool in_state_ = false;   // state-space declarations may use `state` names
  bool in_move_for_ = false;  // a move's `for` and `where` (on the givens)

  const Type* local(const std::string& n) const {
    for (auto it = locals_.rbegin(); it != locals_.rend(); ++it)
      if (it->first == n) return &it->second;
    return nullptr;
  }

  struct Scope {
    Checker& c;
    std::size_t mark;
    explicit Scope(Checker& c) : c(c), mark(c.locals_.size()) {}
    ~Scope() { c.locals_.resize(mark); }
  };

  std::vector<std::string> visible_names() const {
    std::vector<std::string> out;
    for (const auto& [n, _] : locals_) out.push_back(n);
    if (!data_only_)
      for (const auto& [n, _] : cp_.names) out.push_back(n);
    else
      for (const auto& [n, info] : cp_.names)
        if (info.kind == NameKind::EnumMember) out.push_back(n);
    return out;
  }

  // A def's type is its body's. One that calls itself (directly or through other defs)
  // declares its result's (`def f(x : Int) : Int = ...`): inside its own body a call of it
  // has that type, and the body's type must fit it.
  Type def_type(const std::string& name, const NameInfo& info, const source::Range& use) {
    auto it = def_types_.find(name);
    if (it != def_types_.end()) return it->second;
    const ast::DefDecl& d = *info.def;
    if (defs_in_progress_.count(name)) {
      if (auto declared = def_declared_.find(name); declared != def_declared_.end() && d.has_params) return declared->second;
      error(use, d.has_params ? fmt::format("'{0}' is defined in terms of itself; a def that calls itself declares the type of its "
                                            "result: def {0}(...) : TYPE = ...", name)
                              : fmt::format("'{}' is defined in terms of itself: a def without parameters is one value, computed "
                                            "once, so its body cannot reach it again", name));
      cycle_reported_.insert(name);
      return Type::error();
    }
    std::optional<Type> declared;
    if (d.result) declared = def_declared_[name] = resolve_type(cp_, *d.result, &diags_);
    defs_in_progress_.insert(name);
    auto saved = std::move(locals_);
    locals_.clear();
    for (const auto& p : d.params) locals_.emplace_back(p.name, resolve_type(cp_, p.type, &diags_));
    Type t = check(*d.body);
    locals_ = std::move(saved);
    defs_in_progress_.erase(name);
    if (declared && !t.is_error() && !declared->is_error()) {
      // (An optional body, `if x = 0 then null else x endif`, is Int?: a declared Int is
      // a promise that it is never null.)
      if (!ast::compatible(t, *declared) || (t.optional && !declared->optional)) {
        error(d.body->range, fmt::format("the body of '{}' is {}, but its result is declared {}", name, show(t), show(*declared)));
        t = Type::error();
      } else {
        t = *declared;
      }
    }
    def_types_[name] = t;
    return t;
  }

  Type expect(ast::Expr& e, K kind, const char* what) {
    Type t = check(e);
    if (!t.is_error() && !t.is(K::Any) && !t.is(kind)) {
      error(e.range, fmt::format("{} must be {}, but this is {}", what,
                                 show(Type::of(kind)), show(t)));
      return Type::error();
    }
    return t;
  }

  Type expect_bool(ast::Expr& e, const char* what) { return expect(e, K::Bool, what); }

  // Element type of a collection-like value (Seq, Set, Grid iterate their elements).
  std::optional<Type> element_of(const Type& t) {
    if (t.is(K::Seq) || t.is(K::Set) || t.is(K::Grid)) return *t.elem;
    if (t.is(K::Map)) return *t.elem;
    return std::nullopt;
  }

  Type check(ast::Expr& e) {
    Type t = std::visit([&](auto& n) { return check_node(n, e); }, e.node);
    e.type = t;
    return t;
  }

  Type check_node(ast::IntLit&, ast::Expr&) { return Type::of(K::Int); }
  Type check_node(ast::BoolLit&, ast::Expr&) { return Type::of(K::Bool); }
  Type check_node(ast::NullLit&, ast::Expr&) { return Type::of(K::Null); }
  Type check_node(ast::StringLit&, ast::Expr&) { return Type::of(K::String); }
  Type check_node(ast::CharLit&, ast::Expr&) { return Type::of(K::Char); }
  Type check_node(ast::GridLit&, ast::Expr&) { return Type::grid(Type::of(K::Char)); }
  Type check_node(ast::FileRef&, ast::Expr&) { return Type::seq(Type::of(K::String)); }

  Type check_node(ast::Name& n, ast::Expr& e) {
    if (const Type* t = local(n.id)) return *t;
    if (n.id == "Bool" && !data_only_) return Type::set(Type::of(K::Bool));
    auto it = cp_.names.find(n.id);
    if (it != cp_.names.end() && (!data_only_ || it->second.kind == NameKind::EnumMember)) {
      const NameInfo& info = it->second;
      switch (info.kind) {
        case NameKind::Enum: return Type::set(Type::symbol(info.enum_id));
        case NameKind::Def:
          if (info.def->has_params) {
            error(e.range, fmt::format("'{}' takes {} argument{}; call it as {}(...)", n.id,
                                       info.def->params.size(), info.def->params.size() == 1 ? "" : "s", n.id));
            return Type::error();
          }
          return def_type(n.id, info, e.range);
        case NameKind::State:
          if (!in_state_) {
            error(e.range, in_move_for_
                               ? fmt::format("a move's 'for' and 'where' are known from the givens: they make one move per binding "
                                             "before the search, so they cannot read the state '{}' (say it in 'when')", n.id)
                               : fmt::format("state '{}' can be used only in move, goal and heuristic declarations", n.id));
            return Type::error();
          }
          return info.type;
        default: return info.type;
      }
    }
    // A type's name where a value goes (`var x : Int`): a domain is a collection of values.
    static const std::set<std::string> kTypeNames = {"Int", "Bool", "String", "Char", "Cell", "Symbol"};
    if (!data_only_ && kTypeNames.count(n.id)) {
      error(e.range, fmt::format("'{}' is a type, not a value: here a value is wanted (a variable's domain is a finite "
                                 "collection of values, such as 1..9, {{true, false}}, 'A'..'Z' or an enum's name)",
                                 n.id));
      return Type::error();
    }
    std::string near = closest_name(n.id, visible_names());
    error(e.range,
          data_only_ ? fmt::format("unknown value '{}' (instance data may name only enum members)", n.id)
                     : fmt::format("unknown name '{}'", n.id),
          near.empty() ? std::vector<std::string>{} : std::vector<std::string>{fmt::format("did you mean '{}'?", near)});
    return Type::error();
  }

  Type literal_items(std::vector<ast::ExprPtr>& items, const char* what) {
    Type elem = Type::any();
    for (auto& it : items) {
      Type t = check(*it);
      Type u = ast::unify(elem, t);
      if (u.is_error() && !t.is_error() && !elem.is_error()) {
        error(it->range, fmt::format("{} mixes {} and {}", what, show(elem), show(t)));
        return Type::error();
      }
      elem = u;
    }
    return elem;
  }

  Type check_node(ast::SetLit& n, ast::Expr&) { return Type::set(literal_items(n.items, "set literal")); }
  Type check_node(ast::SeqLit& n, ast::Expr&) { return Type::seq(literal_items(n.items, "sequence literal")); }

  Type check_node(ast::Unary& n, ast::Expr&) {
    if (n.op == ast::UnOp::Not) return expect_bool(*n.operand, "the operand of 'not'").is_error() ? Type::error() : Type::of(K::Bool);
    return expect(*n.operand, K::Int, "the operand of '-'").is_error() ? Type::error() : Type::of(K::Int);
  }

  Type check_node(ast::Binary& n, ast::Expr& e) {
    using B = ast::BinOp;
    switch (n.op) {
      case B::Implies: case B::Or: case B::Xor: case B::And: {
        std::string what = fmt::format("an operand of '{}'", ast::op_text(n.op));
        bool bad = expect_bool(*n.lhs, what.c_str()).is_error();
        bad |= expect_bool(*n.rhs, what.c_str()).is_error();
        return bad ? Type::error() : Type::of(K::Bool);
      }
      case B::Eq: case B::Ne: {
        Type a = check(*n.lhs), b = check(*n.rhs);
        if (!ast::compatible(a, b)) {
          error(e.range, fmt::format("cannot compare {} with {}", show(a), show(b)));
          return Type::error();
        }
        return Type::of(K::Bool);
      }
      case B::Lt: case B::Le: case B::Gt: case B::Ge: {
        Type a = check(*n.lhs), b = check(*n.rhs);
        if (a.is_error() || b.is_error()) return Type::error();
        if (!((a.is(K::Int) && b.is(K::Int)) || (a.is(K::Char) && b.is(K::Char)))) {
          error(e.range, fmt::format("'{}' orders Int or Char values, not {} and {}", ast::op_text(n.op), show(a), show(b)));
          return Type::error();
        }
        return Type::of(K::Bool);
      }
      case B::In: {
        Type a = check(*n.lhs), c = check(*n.rhs);
        if (a.is_error() || c.is_error()) return Type::error();
        auto el = element_of(c);
        if (!el) {
          error(n.rhs->range, fmt::format("the right side of 'in' must be a collection, but this is {}", show(c)));
          return Type::error();
        }
        bool spelled = el->is(K::String) && a.is(K::Seq) && a.elem->is(K::Char);  // a word spelled by cells
        if (!ast::compatible(a, *el) && !spelled) {
          error(e.range, fmt::format("{} cannot be an element of {}", show(a), show(c)));
          return Type::error();
        }
        return Type::of(K::Bool);
      }
      case B::Range: {
        Type a = check(*n.lhs), b = check(*n.rhs);
        if (a.is_error() || b.is_error()) return Type::error();
        if (a.is(K::Int) && b.is(K::Int)) return Type::seq(Type::of(K::Int));
        if (a.is(K::Char) && b.is(K::Char)) return Type::seq(Type::of(K::Char));
        error(e.range, fmt::format("a range 'a..b' needs two Int or two Char bounds, not {} and {}", show(a), show(b)));
        return Type::error();
      }
      case B::Add: case B::Sub: {
        Type a = check(*n.lhs), b = check(*n.rhs);
        if (a.is_error() || b.is_error()) return Type::error();
        if (a.is(K::Int) && b.is(K::Int)) return Type::of(K::Int);
        if (a.is_collection() && b.is_collection() && ast::compatible(*a.elem, *b.elem)) {
          Type u = Type::container(a.is(K::Set) || b.is(K::Set) ? K::Set : K::Seq, ast::unify(*a.elem, *b.elem));
          return u;
        }
        error(e.range, fmt::format("'{}' needs two Int values or two collections of one type, not {} and {}",
                                   ast::op_text(n.op), show(a), show(b)));
        return Type::error();
      }
      case B::Mul: case B::Div: case B::Mod: {
        std::string what = fmt::format("an operand of '{}'", ast::op_text(n.op));
        bool bad = expect(*n.lhs, K::Int, what.c_str()).is_error();
        bad |= expect(*n.rhs, K::Int, what.c_str()).is_error();
        return bad ? Type::error() : Type::of(K::Int);
      }
    }
    return Type::error();
  }

  bool check_arity(const source::Range& r, const std::string& what, std::size_t got, std::size_t lo, std::size_t hi) {
    if (got >= lo && got <= hi) return true;
    std::string want = lo == hi ? std::to_string(lo) : fmt::format("{} to {}", lo, hi);
    error(r, fmt::format("{} takes {} argument{}, not {}", what, want, hi == 1 ? "" : "s", got));
    return false;
  }

  Type check_node(ast::Call& n, ast::Expr& e) {
    std::vector<Type> args;
    for (auto& a : n.args) args.push_back(check(*a));
    for (const auto& a : args)
      if (a.is_error()) return Type::error();
    auto it = cp_.names.find(n.fn);
    if (it != cp_.names.end() && it->second.kind == NameKind::Def && !data_only_) {
      const ast::DefDecl& d = *it->second.def;
      if (!d.has_params) {
        error(e.range, fmt::format("'{}' takes no arguments", n.fn));
        return Type::error();
      }
      if (!check_arity(e.range, "'" + n.fn + "'", args.size(), d.params.size(), d.params.size())) return Type::error();
      for (std::size_t i = 0; i < args.size(); ++i) {
        Type want = resolve_type(cp_, d.params[i].type, nullptr);
        if (!ast::compatible(args[i], want)) {
          error(n.args[i]->range, fmt::format("argument {} of '{}' must be {}, but this is {}", i + 1, n.fn, show(want), show(args[i])));
          return Type::error();
        }
      }
      return def_type(n.fn, it->second, e.range);
    }
    if (n.fn == "abs" || n.fn == "min" || n.fn == "max") {
      std::size_t want = n.fn == "abs" ? 1 : 2;
      if (!check_arity(e.range, "'" + n.fn + "'", args.size(), want, want)) return Type::error();
      for (std::size_t i = 0; i < args.size(); ++i)
        if (!args[i].is(K::Int)) {
          error(n.args[i]->range, fmt::format("'{}' takes Int arguments, but this is {}", n.fn, show(args[i])));
          return Type::error();
        }
      return Type::of(K::Int);
    }
    if (n.fn == "possible" || n.fn == "placed") {  // techniques: the solving state of variable x
      if (!check_arity(e.range, "'" + n.fn + "'", args.size(), 2, 2)) return Type::error();
      if (!ast::compatible(args[0], args[1])) {
        error(e.range, fmt::format("'possible(x, v)' needs a value of x's type, not {} and {}", show(args[0]), show(args[1])));
        return Type::error();
      }
      return Type::of(K::Bool);
    }
    if (n.fn == "cells") {  // the cells of a rows x cols grid, row by row (a grid of no given or var)
      if (!check_arity(e.range, "'cells'", args.size(), 2, 2)) return Type::error();
      for (std::size_t i = 0; i < args.size(); ++i)
        if (!args[i].is(K::Int)) {
          error(n.args[i]->range, fmt::format("'cells' takes Int arguments (rows, columns), but this is {}", show(args[i])));
          return Type::error();
        }
      return Type::seq(Type::of(K::Cell));
    }
    if (n.fn == "digit") {
      if (!check_arity(e.range, "'digit'", args.size(), 1, 1)) return Type::error();
      if (!args[0].is(K::Char)) {
        error(n.args[0]->range, fmt::format("'digit' takes a Char, but this is {}", show(args[0])));
        return Type::error();
      }
      return Type::of(K::Int);
    }
    if (n.fn == "char") {
      if (!check_arity(e.range, "'char'", args.size(), 1, 1)) return Type::error();
      if (!args[0].is(K::Int)) {
        error(n.args[0]->range, fmt::format("'char' takes an Int, but this is {}", show(args[0])));
        return Type::error();
      }
      return Type::of(K::Char);
    }
    std::vector<std::string> fns = {"abs", "min", "max", "digit", "char", "cells", "possible", "placed"};
    for (const auto& [name, info] : cp_.names)
      if (info.kind == NameKind::Def) fns.push_back(name);
    std::string near = closest_name(n.fn, fns);
    error(e.range, fmt::format("unknown function '{}'", n.fn),
          near.empty() ? std::vector<std::string>{} : std::vector<std::string>{fmt::format("did you mean '{}'?", near)});
    return Type::error();
  }

  Type check_node(ast::Index& n, ast::Expr& e) {
    Type b = check(*n.base);
    std::vector<Type> args;
    for (auto& a : n.args) args.push_back(check(*a));
    if (b.is_error()) return Type::error();
    for (const auto& a : args)
      if (a.is_error()) return Type::error();
    if (b.is(K::Grid)) {
      if (args.size() == 1 && args[0].is(K::Cell)) return *b.elem;
      if (args.size() == 2 && args[0].is(K::Int) && args[1].is(K::Int)) return *b.elem;
      error(e.range, "a grid is indexed by a Cell, g[p], or by row and column, g[r, c]");
      return Type::error();
    }
    if (b.is(K::Seq) || b.is(K::String)) {
      if (args.size() == 1 && args[0].is(K::Int)) return b.is(K::Seq) ? *b.elem : Type::of(K::Char);
      error(e.range, fmt::format("{} is indexed by one Int position, s[i]", show(b)));
      return Type::error();
    }
    if (b.is(K::Map)) {
      if (args.size() == 1 && ast::compatible(args[0], *b.key)) return *b.elem;
      error(e.range, fmt::format("{} is indexed by one {} key", show(b), show(*b.key)));
      return Type::error();
    }
    error(n.base->range, fmt::format("{} cannot be indexed", show(b)));
    return Type::error();
  }

  Type check_node(ast::Member& n, ast::Expr& e) {
    Type b = check(*n.base);
    std::vector<Type> args;
    for (auto& a : n.args) args.push_back(check(*a));
    if (b.is_error()) return Type::error();
    for (const auto& a : args)
      if (a.is_error()) return Type::error();
    auto want_args = [&](std::vector<K> kinds) {
      if (args.size() != kinds.size()) {
        error(e.range, fmt::format("'.{}' takes {} argument{}, not {}", n.name, kinds.size(), kinds.size() == 1 ? "" : "s", args.size()));
        return false;
      }
      for (std::size_t i = 0; i < kinds.size(); ++i)
        if (!args[i].is(kinds[i])) {
          error(n.args[i]->range, fmt::format("argument {} of '.{}' must be {}, but this is {}", i + 1, n.name, show(Type::of(kinds[i])), show(args[i])));
          return false;
        }
      return true;
    };
    const std::string& m = n.name;
    if (b.is(K::Cell)) {
      if (m == "row" || m == "col" || m == "index") return want_args({}) ? Type::of(K::Int) : Type::error();
      if (m == "up" || m == "down" || m == "left" || m == "right")  // null off the grid
        return want_args({}) ? Type::of(K::Cell).with_optional() : Type::error();
      if (m == "adjacent" || m == "neighbours" || m == "neighbors" || m == "diagonals" || m == "around")
        return want_args({}) ? Type::seq(Type::of(K::Cell)) : Type::error();
      if (m == "rays") return want_args({}) ? Type::seq(Type::seq(Type::of(K::Cell))) : Type::error();
      if (m == "ray") {
        if (args.size() != 1 || !args[0].is(K::String)) {
          error(e.range, "'.ray' takes a direction: \"up\", \"down\", \"left\" or \"right\"");
          return Type::error();
        }
        return Type::seq(Type::of(K::Cell));
      }
      if (m == "distance") {
        if (args.size() != 1 || !args[0].is(K::Cell)) {
          error(e.range, "'.distance' takes one Cell");
          return Type::error();
        }
        return Type::of(K::Int);
      }
    } else if (b.is(K::Grid)) {
      if (m == "rows" || m == "cols" || m == "size") return want_args({}) ? Type::of(K::Int) : Type::error();
      if (m == "cells" || m == "corners") return want_args({}) ? Type::seq(Type::of(K::Cell)) : Type::error();
      if (m == "row" || m == "col") return want_args({K::Int}) ? Type::seq(*b.elem) : Type::error();
      if (m == "rowCells" || m == "colCells") return want_args({K::Int}) ? Type::seq(Type::of(K::Cell)) : Type::error();
      if (m == "cellAt") return want_args({K::Int, K::Int}) ? Type::of(K::Cell) : Type::error();
      if (m == "find") {
        if (args.size() != 1 || !ast::compatible(args[0], *b.elem)) {
          error(e.range, fmt::format("'.find' takes one {} value", show(*b.elem)));
          return Type::error();
        }
        return Type::of(K::Cell);
      }
      if (m == "cellOf") return want_args({K::Int}) ? Type::of(K::Cell) : Type::error();
    } else if (b.is(K::String)) {
      if (m == "size" || m == "length") return want_args({}) ? Type::of(K::Int) : Type::error();
      if (m == "chars") return want_args({}) ? Type::seq(Type::of(K::Char)) : Type::error();
      if (m == "toInt") return want_args({}) ? Type::of(K::Int) : Type::error();
    } else if (b.is(K::Char)) {
      if (m == "digit") return want_args({}) ? Type::of(K::Int) : Type::error();
    } else if (b.is(K::Map)) {
      if (m == "keys") return want_args({}) ? Type::seq(*b.key) : Type::error();
      if (m == "values") return want_args({}) ? Type::seq(*b.elem) : Type::error();
    }
    error(e.range, fmt::format("{} has no member '.{}'", show(b), m));
    return Type::error();
  }

  Type check_node(ast::Arrow& n, ast::Expr& e) {
    Type b = check(*n.base);
    if (b.is_error()) {
      Scope s(*this);
      for (const auto& p : n.params) locals_.emplace_back(p, Type::error());
      for (auto& a : n.args) check(*a);
      return Type::error();
    }
    auto el = element_of(b);
    if (!el) {
      error(n.base->range, fmt::format("'->{}' needs a collection, but this is {}", n.op, show(b)));
      return Type::error();
    }
    Type elem = *el;
    const std::string& op = n.op;
    bool lambda = !n.params.empty();
    Type body;
    if (lambda) {
      if (n.args.size() != 1) {
        error(e.range, fmt::format("'->{}(x | ...)' takes exactly one expression after '|'", op));
        return Type::error();
      }
      if (n.params.size() > 1 && op != "forAll" && op != "exists") {
        error(e.range, fmt::format("'->{}' takes one parameter before '|' (only forAll and exists range over pairs "
                                   "and larger tuples), not {}", op, n.params.size()));
        return Type::error();
      }
      for (std::size_t i = 1; i < n.params.size(); ++i)
        if (std::find(n.params.begin(), n.params.begin() + static_cast<std::ptrdiff_t>(i), n.params[i]) !=
            n.params.begin() + static_cast<std::ptrdiff_t>(i)) {
          error(e.range, fmt::format("the parameter '{}' of '->{}' is named twice", n.params[i], op));
          return Type::error();
        }
      Scope s(*this);
      for (const auto& p : n.params) {
        no_shadow(p, e.range, "parameter");
        locals_.emplace_back(p, elem);
      }
      body = check(*n.args[0]);
      if (body.is_error()) return Type::error();
    }
    std::vector<Type> args;
    if (!lambda)
      for (auto& a : n.args) args.push_back(check(*a));
    for (const auto& a : args)
      if (a.is_error()) return Type::error();
    auto seq_of = [&](const Type& t) { return b.is(K::Set) ? Type::set(t) : Type::seq(t); };
    auto need_bool_body = [&]() {
      if (!body.is(K::Bool)) {
        error(n.args[0]->range, fmt::format("the condition of '->{}' must be Bool, but this is {}", op, show(body)));
        return false;
      }
      return true;
    };
    auto no_args = [&]() {
      if (lambda || !args.empty()) {
        error(e.range, fmt::format("'->{}()' takes no arguments", op));
        return false;
      }
      return true;
    };
    auto one_elem_arg = [&]() {
      if (lambda || args.size() != 1) {
        error(e.range, fmt::format("'->{}(v)' takes one value", op));
        return false;
      }
      bool spelled = elem.is(K::String) && args[0].is(K::Seq) && args[0].elem->is(K::Char);  // a word spelled by cells
      if (!ast::compatible(args[0], elem) && !(spelled && (op == "includes" || op == "excludes"))) {
        error(n.args[0]->range, fmt::format("'->{}' looks for {} values, but this is {}", op, show(elem), show(args[0])));
        return false;
      }
      return true;
    };
    if (op == "forAll" || op == "exists" || op == "one" || op == "none") {
      if (!lambda) {
        error(e.range, fmt::format("'->{}' needs a condition: ->{}(x | ...)", op, op));
        return Type::error();
      }
      return need_bool_body() ? Type::of(K::Bool) : Type::error();
    }
    if (op == "select" || op == "reject" || op == "takeWhile" || op == "dropWhile") {
      if (lambda) return need_bool_body() ? (op == "select" || op == "reject" ? seq_of(elem) : Type::seq(elem)) : Type::error();
      if (op == "reject" || op == "select") return one_elem_arg() ? seq_of(elem) : Type::error();
      error(e.range, fmt::format("'->{}' needs a condition: ->{}(x | ...)", op, op));
      return Type::error();
    }
    if (op == "any") {
      if (!lambda) {
        error(e.range, "'->any' needs a condition: ->any(x | ...)");
        return Type::error();
      }
      return need_bool_body() ? elem.with_optional() : Type::error();
    }
    if (op == "collect") {
      if (!lambda) {
        error(e.range, "'->collect' needs an expression: ->collect(x | ...)");
        return Type::error();
      }
      return Type::seq(body);
    }
    if (op == "size" || op == "isEmpty" || op == "notEmpty") {
      if (!no_args()) return Type::error();
      return op == "size" ? Type::of(K::Int) : Type::of(K::Bool);
    }
    if (op == "count") {
      if (lambda) return need_bool_body() ? Type::of(K::Int) : Type::error();
      return one_elem_arg() ? Type::of(K::Int) : Type::error();
    }
    if (op == "includes" || op == "excludes") return one_elem_arg() ? Type::of(K::Bool) : Type::error();
    if (op == "including" || op == "excluding") return one_elem_arg() ? b : Type::error();
    if (op == "indexOf") {
      if (!one_elem_arg()) return Type::error();
      return b.is(K::Grid) ? Type::of(K::Cell) : Type::of(K::Int);
    }
    if (op == "sum" || op == "product" || op == "min" || op == "max") {
      Type t = lambda ? body : elem;
      if (!lambda && !no_args()) return Type::error();
      if (!t.is(K::Int) && !(op == "sum" && t.is(K::Bool))) {
        error(e.range, fmt::format("'->{}' {} Int values, but these are {}", op,
                                   op == "sum" ? "adds up" : op == "product" ? "multiplies" : "compares", show(t)));
        return Type::error();
      }
      return Type::of(K::Int);
    }
    if (op == "isUnique") {
      if (!lambda && !no_args()) return Type::error();
      return Type::of(K::Bool);
    }
    if (op == "connected") {
      if (!no_args()) return Type::error();
      if (!elem.is(K::Cell)) {
        error(e.range, fmt::format("'->connected()' says whether cells are orthogonally connected, but these are {}", show(elem)));
        return Type::error();
      }
      return Type::of(K::Bool);
    }
    if (op == "runs") {
      if (!no_args()) return Type::error();
      if (!elem.is(K::Bool)) {  // Bool? too: a null square is a grounding error
        error(e.range, fmt::format("'->runs()' measures runs of true in a line of Bools, but these are {}", show(elem)));
        return Type::error();
      }
      return Type::seq(Type::of(K::Int));
    }
    if (op == "first" || op == "last") return no_args() ? elem.with_optional() : Type::error();
    if (op == "at") {
      if (lambda || args.size() != 1 || !args[0].is(K::Int)) {
        error(e.range, "'->at(i)' takes one Int position");
        return Type::error();
      }
      return elem;
    }
    if (op == "reverse" || op == "asSequence" || op == "asSeq") return no_args() ? Type::seq(elem) : Type::error();
    if (op == "asSet") return no_args() ? Type::set(elem) : Type::error();
    if (op == "flatten") {
      if (!no_args()) return Type::error();
      if (!elem.is_collection()) {
        error(e.range, "'->flatten()' needs a collection of collections");
        return Type::error();
      }
      return Type::seq(*elem.elem);
    }
    static const std::vector<std::string> ops = {
        "forAll", "exists", "one", "none", "select", "reject", "collect", "any", "size", "isEmpty",
        "notEmpty", "count", "includes", "excludes", "including", "excluding", "indexOf", "sum", "product", "min",
        "max", "isUnique", "first", "last", "at", "reverse", "asSequence", "asSet", "flatten",
        "takeWhile", "dropWhile", "runs", "connected"};
    std::string near = closest_name(op, ops);
    error(e.range, fmt::format("unknown collection operation '->{}'", op),
          near.empty() ? std::vector<std::string>{} : std::vector<std::string>{fmt::format("did you mean '->{}'?", near)});
    return Type::error();
  }

  // A local name (a 'for' variable, a lambda or def parameter, a let) that is also the
  // name of a var, given, def or state would hide it: `rule r for x in 1..3:
  // x = 3` with a var x compares the numbers, silently. An error instead.
  void no_shadow(const std::string& name, const source::Range& r, const char* what) {
    auto it = cp_.names.find(name);
    // (Enum members may be hidden on purpose: Magnets' `def blanks(plus : Int, ...)`.)
    if (it == cp_.names.end() || it->second.kind == NameKind::Enum || it->second.kind == NameKind::EnumMember) return;
    const char* kind = it->second.kind == NameKind::Var     ? "a var"
                       : it->second.kind == NameKind::Given ? "a given"
                       : it->second.kind == NameKind::Def   ? "a def"
                                                            : "a state";
    error(r, fmt::format("the {} '{}' would hide {} of that name (line {}): name it otherwise", what, name, kind,
                         it->second.range.begin.line));
  }

  Type check_node(ast::Let& n, ast::Expr& e) {
    Type v = check(*n.value);
    Scope s(*this);
    no_shadow(n.var, e.range, "let name");
    locals_.emplace_back(n.var, v);
    return check(*n.body);
  }

  Type check_node(ast::If& n, ast::Expr& e) {
    bool bad = expect_bool(*n.cond, "the condition of 'if'").is_error();
    Type a = check(*n.then_branch), b = check(*n.else_branch);
    if (bad || a.is_error() || b.is_error()) return Type::error();
    Type u = ast::unify(a, b);
    if (u.is_error()) error(e.range, fmt::format("the branches of 'if' differ: {} and {}", show(a), show(b)));
    return u;
  }

  // ---------------------------------------------------------------- declarations

  void declare(const std::string& name, NameInfo info) {
    auto [it, fresh] = cp_.names.emplace(name, info);
    if (!fresh) {
      error(info.range, fmt::format("'{}' is declared twice", name),
            {it->second.range.begin.line == info.range.begin.line
                 ? fmt::format("the first declaration is at line {}, column {}", it->second.range.begin.line, sm_.column(it->second.range))
                 : fmt::format("the first declaration is at line {}", it->second.range.begin.line)});
    }
  }

  Type domain_element(ast::Expr& domain) {
    Type d = check(domain);
    if (d.is_error()) return Type::error();
    if (!d.is_collection()) {
      error(domain.range, fmt::format("a variable's domain must be a set or a range of values, but this is {}", show(d)));
      return Type::error();
    }
    Type el = *d.elem;
    if (!(el.is(K::Int) || el.is(K::Bool) || el.is(K::Symbol) || el.is(K::Char) || el.is(K::String))) {
      error(domain.range, fmt::format("a variable's values must be Int, Bool, Char, String or enum members, not {}", show(el)));
      return Type::error();
    }
    return el.with_optional(false);
  }

  Type shaped(ast::Shape shape, std::vector<ast::ExprPtr>& dims, ast::Expr& domain) {
    for (auto& d : dims) {
      if (shape == ast::Shape::Map) {
        Type k = check(*d);
        if (!k.is_error() && !k.is_collection()) {
          error(d->range, fmt::format("the keys of a Map must be a collection, but this is {}", show(k)));
          return Type::error();
        }
      } else {
        expect(*d, K::Int, "a dimension");
      }
    }
    Type el = domain_element(domain);
    switch (shape) {
      case ast::Shape::Scalar: return el;
      case ast::Shape::Seq: return Type::seq(el);
      case ast::Shape::Grid: return Type::grid(el);
      case ast::Shape::Map: {
        Type k = dims[0]->type;
        return Type::map(k.is_collection() ? *k.elem : Type::error(), el);
      }
    }
    return Type::error();
  }

  static void relocate(ast::Expr& e, const std::function<source::Range(source::Range)>& to) {
    e.range = to(e.range);
    for (const ast::Expr* c : ast::children(e)) relocate(const_cast<ast::Expr&>(*c), to);
  }

  void parse_template(const ast::RuleDecl& rule) {
    cp_.templates[&rule] = template_parts(rule.text, rule.text_range);
    if (!rule.text_false.empty()) cp_.templates_false[&rule] = template_parts(rule.text_false, rule.text_false_range);
  }

  std::vector<TemplatePart> template_parts(const std::string& t, const source::Range& text_range) {
    std::vector<TemplatePart> parts;
    std::size_t i = 0;
    while (i < t.size()) {
      std::size_t open = t.find('{', i);
      if (open == std::string::npos) {
        parts.push_back({t.substr(i), nullptr});
        break;
      }
      if (open > i) parts.push_back({t.substr(i, open - i), nullptr});
      std::size_t close = t.find('}', open);
      if (close == std::string::npos) {
        error(text_range, "unclosed '{' in the rule's text");
        break;
      }
      std::string src = t.substr(open + 1, close - open - 1);
      source::Diagnostics local;
      std::uint32_t f = sm_.add(sm_.file(text_range.file).path, src);
      ast::ExprPtr e = parse::parse_expression(sm_, f, local);
      if (!e) {
        error(text_range, fmt::format("'{{{}}}' in the rule's text is not an expression", src));
      } else {
        // Its positions are moved to where it stands in the spec, so that a checking or
        // grounding error points into the text (they named line 1 of a file of its own).
        const std::string line = sm_.file(text_range.file).line(text_range.begin.line);
        const std::size_t from = text_range.begin.col > 0 ? text_range.begin.col - 1 : 0;
        const std::size_t at = line.find("{" + src + "}", from);
        const std::uint32_t base = at == std::string::npos ? text_range.begin.col : static_cast<std::uint32_t>(at + 2);
        relocate(*e, [&](source::Range r) {
          if (r.file != f) return r;
          return source::Range{text_range.file, {text_range.begin.line, base + r.begin.col - 1},
                               {text_range.begin.line, base + r.end.col - 1}};
        });
        Type ty = check(*e);
        (void)ty;
        parts.push_back({src, std::move(e)});
      }
      i = close + 1;
    }
    return parts;
  }

  // A `for` clause's variables, each bound to its collection's element type in the caller's
  // Scope (a rule's, a move's).
  void bind(std::vector<ast::Binder>& binders) {
    for (auto& b : binders) {
      Type c = check(*b.collection);
      auto el = c.is_error() ? std::optional<Type>(Type::error()) : element_of(c);
      if (!el) {
        error(b.collection->range, fmt::format("'for {} in ...' needs a collection, but this is {}", b.var, show(c)));
        el = Type::error();
      }
      no_shadow(b.var, b.range, "'for' variable");
      for (const auto& earlier : binders) {
        if (&earlier == &b) break;
        if (earlier.var == b.var)
          error(b.range, fmt::format("the 'for' variable '{}' is named twice (the second would hide the first)", b.var));
      }
      locals_.emplace_back(b.var, *el);
    }
  }

  void check_rule(ast::RuleDecl& rule) {
    if (rule.name.empty() && rule.text.empty() && rule.kind != ast::RuleKind::Clue) {
      error(rule.range, fmt::format("a {} needs a name or an English text", ast::kind_word(rule.kind)));
    } else if (rule.text_false.empty() && rule.text_false_range.begin.line != 0) {
      // (`name "A" or ""`: hints said nothing where the second statement belonged.)
      error(rule.text_false_range, "the text after 'or' is empty: it is what hints say when the first is not so");
    }
    Scope s(*this);
    bind(rule.binders);
    if (rule.kind == ast::RuleKind::Technique && (rule.tier < 1 || rule.tier > 4))
      error(rule.range, fmt::format("a technique's tier must be 1 to 4, not {}", rule.tier));
    if (rule.where) expect_bool(*rule.where, "a 'where' condition");
    if (rule.kind == ast::RuleKind::Name) {
      // What it names: one variable, `v` or `v[...]` of a `var`; or, with two texts, one
      // of its values, `v[...] = value`.
      ast::Expr* named = rule.body.get();
      auto* eq = std::get_if<ast::Binary>(&named->node);
      if (eq && eq->op != ast::BinOp::Eq) eq = nullptr;
      if (eq) named = eq->lhs.get();
      const ast::Expr* base = named;
      if (const auto* ix = std::get_if<ast::Index>(&base->node)) base = ix->base.get();
      const auto* nm = std::get_if<ast::Name>(&base->node);
      auto it = nm ? cp_.names.find(nm->id) : cp_.names.end();
      if (it == cp_.names.end() || it->second.kind != NameKind::Var) {
        error(named->range, eq ? "a 'name' of a value names one variable's value: write 'v[...] = value' of a var after the ':'"
                               : "a 'name' declaration names one variable: write 'v' or 'v[...]' of a var after the ':', "
                                 "or 'v[...] = value' with two texts");
      } else {
        Type t = check(*named);
        if (eq) {
          Type value = check(*eq->rhs);
          if (rule.text_false.empty() && rule.text_false_range.begin.line == 0)
            error(rule.body->range, "a 'name' of a value needs two texts: what hints say when the variable has it, "
                                    "then when it has not (name \"...\" or \"...\" ...: v[...] = value)");
          else if (!t.is_error() && t.is(K::Bool))
            error(rule.body->range, "a Bool variable is named without '= value': name \"when true\" or \"when false\": b[...]");
          else if (!t.is_error() && !value.is_error() && !ast::compatible(t, value))
            error(eq->rhs->range, fmt::format("the value named is {}, but the variable is {}", show(value), show(t)));
        } else if (!rule.text_false.empty() && !t.is_error() && !t.is(K::Bool)) {
          error(rule.text_false_range,
                fmt::format("a 'name' with two texts (true, then false) is for a Bool variable, but this one is {}; "
                            "to say what one of its values means, name 'v[...] = value'", show(t)));
        }
      }
      parse_template(rule);
      return;
    }
    expect_bool(*rule.body, rule.kind == ast::RuleKind::Require     ? "a requirement"
                            : rule.kind == ast::RuleKind::Technique ? "a technique's conclusion"
                                                                    : "a rule");
    // Templates are interpolated with the binders in scope.
    parse_template(rule);
  }

  void run(const ast::Puzzle& p) {
    cp_.puzzle = &p;
    // Pass 1: declare every name so declarations may refer to each other in any order.
    for (const auto& d : p.decls) {
      if (auto* en = std::get_if<ast::EnumDecl>(&d)) {
        int id = static_cast<int>(cp_.enum_names.size());
        cp_.enum_names.push_back(en->name);
        NameInfo info{NameKind::Enum, Type::set(Type::symbol(id)), id, -1, nullptr, nullptr, nullptr, nullptr, en->range};
        declare(en->name, info);
        for (std::size_t k = 0; k < en->members.size(); ++k) {
          const std::string& m = en->members[k];
          NameInfo mi{NameKind::EnumMember, Type::symbol(id), id, static_cast<std::int64_t>(cp_.symbols.size()),
                      nullptr, nullptr, nullptr, nullptr, k < en->member_ranges.size() ? en->member_ranges[k] : en->range};
          cp_.symbols.push_back(m);
          declare(m, mi);
        }
      }
    }
    for (const auto& d : p.decls) {
      std::visit(overloaded{
                     [&](const ast::GivenDecl& g) {
                       Type t = resolve_type(cp_, g.type, &diags_);
                       for (const auto& n : g.names) {
                         declare(n, {NameKind::Given, t, -1, -1, &g, nullptr, nullptr, nullptr, g.range});
                         cp_.given_order.push_back(n);
                       }
                       cp_.givens.push_back(&g);
                     },
                     [&](const ast::VarDecl& v) {
                       for (const auto& n : v.names) {
                         declare(n, {NameKind::Var, Type::error(), -1, -1, nullptr, &v, nullptr, nullptr, v.range});
                         cp_.var_order.push_back(n);
                       }
                     },
                     [&](const ast::StateDecl& s) {
                       cp_.has_state_space = true;
                       declare(s.name, {NameKind::State, Type::error(), -1, -1, nullptr, nullptr, &s, nullptr, s.range});
                     },
                     [&](const ast::DefDecl& df) {
                       declare(df.name, {NameKind::Def, Type::error(), -1, -1, nullptr, nullptr, nullptr, &df, df.range});
                     },
                     [&](const auto&) {},
                 },
                 d);
    }
    // Pass 2: types of givens' defaults, vars and states.
    for (auto& d : const_cast<ast::Puzzle&>(p).decls) {
      if (auto* g = std::get_if<ast::GivenDecl>(&d); g && g->default_value) {
        Type want = cp_.names.at(g->names[0]).type;
        Type got = check(*g->default_value);
        bool file_ok = got.is(K::Seq) && got.elem->is(K::String) && want.is_collection();
        if (!file_ok && !ast::compatible(want, got))
          error(g->default_value->range, fmt::format("the default of '{}' must be {}, but this is {}", g->names[0], show(want), show(got)));
      } else if (auto* v = std::get_if<ast::VarDecl>(&d)) {
        Type t = shaped(v->shape, v->dims, *v->domain);
        for (const auto& n : v->names) cp_.names.at(n).type = t;
      } else if (auto* s = std::get_if<ast::StateDecl>(&d)) {
        Type t = shaped(s->shape, s->dims, *s->domain);
        cp_.names.at(s->name).type = t;
        Type init = check(*s->init);
        if (!t.is_error() && !ast::compatible(t, init))
          error(s->init->range, fmt::format("the initial value of state '{}' must be {}, but this is {}", s->name, show(t), show(init)));
      }
    }
    // Pass 3: defs, rules, clues, state-space declarations.
    for (auto& d : const_cast<ast::Puzzle&>(p).decls) {
      std::visit(overloaded{
                     [&](ast::DefDecl& df) {
                       // A def may name state variables; it is then usable only where
                       // states are (the grounder reports any other use).
                       const NameInfo& info = cp_.names.at(df.name);
                       for (const auto& prm : df.params) no_shadow(prm.name, prm.range, "parameter");
                       for (std::size_t i = 1; i < df.params.size(); ++i)
                         for (std::size_t j = 0; j < i; ++j)
                           if (df.params[i].name == df.params[j].name) {
                             error(df.params[i].range, fmt::format("the parameter '{}' of '{}' is named twice", df.params[i].name, df.name));
                             break;
                           }
                       in_state_ = cp_.has_state_space;
                       if (info.def == &df) def_type(df.name, info, df.range);
                       in_state_ = false;
                     },
                     [&](ast::RuleDecl& r) {
                       check_rule(r);
                       (r.kind == ast::RuleKind::Name ? cp_.var_names : cp_.rules).push_back(&r);
                     },
                     [&](ast::ClueGivens& c) {
                       for (const auto& n : c.names) {
                         auto it = cp_.names.find(n);
                         if (it == cp_.names.end() || it->second.kind != NameKind::Given) {
                           error(c.range, fmt::format("'clue {}' must name a given", n));
                         } else {
                           cp_.clue_givens.push_back(n);
                         }
                       }
                     },
                     [&](ast::MoveDecl& m) {
                       // (the `for` and `where` are on the givens: one move per binding)
                       Scope scope(*this);
                       in_move_for_ = true;
                       bind(m.binders);
                       if (m.where) expect_bool(*m.where, "a move's 'where' condition");
                       in_move_for_ = false;
                       in_state_ = true;
                       if (m.guard) expect_bool(*m.guard, "a move's 'when' condition");
                       for (auto& st : m.body) {
                         Type a = check(*st.target), b = check(*st.value);
                         if (!ast::compatible(a, b))
                           error(st.range, st.is_swap ? fmt::format("cannot swap values of {} and {}", show(b), show(a))
                                                      : fmt::format("cannot assign a value of {} to a state of {}", show(b), show(a)));
                       }
                       in_state_ = false;
                     },
                     [&](ast::GoalDecl& g) {
                       in_state_ = true;
                       expect_bool(*g.cond, "a goal");
                       in_state_ = false;
                     },
                     [&](ast::HeuristicDecl& h) {
                       in_state_ = true;
                       expect(*h.expr, K::Int, "a heuristic");
                       in_state_ = false;
                     },
                     [&](auto&) {},
                 },
                 d);
    }
    // Defs that use state names are checked with state access allowed.
    for (auto& [name, t] : def_types_) cp_.names.at(name).type = t;
    check_parameterless_cycles();
    check_solving_state_reads();
  }

  // The body of the def a name names, or null (ast::names_read's walk into defs).
  const ast::Expr* body_of_def(const std::string& nm) const {
    auto it = cp_.names.find(nm);
    return it != cp_.names.end() && it->second.kind == NameKind::Def && it->second.def ? it->second.def->body.get() : nullptr;
  }

  // A def without parameters is one value, computed once: its body cannot reach it again,
  // even through defs that call themselves with a declared type (which def_type accepts
  // inside a cycle, so `def a = b(3)` after `def b(x : Int) : Int = ... a ...` passed
  // the type check, and the evaluation then nested until the stack's end).
  void check_parameterless_cycles() {
    auto def_body = [this](const std::string& nm) { return body_of_def(nm); };
    for (const auto& d : cp_.puzzle->decls) {
      const auto* df = std::get_if<ast::DefDecl>(&d);
      if (!df || df->has_params || !df->body || cycle_reported_.count(df->name)) continue;
      const auto reached = ast::names_read(*df->body, def_body);
      // (A cycle through a def reported already is said once.)
      if (reached.count(df->name) &&
          std::none_of(cycle_reported_.begin(), cycle_reported_.end(), [&](const std::string& n) { return reached.count(n) > 0; }))
        error(df->range, fmt::format("'{}' is defined in terms of itself: a def without parameters is one value, computed once, "
                                     "so its body cannot reach it again", df->name));
    }
  }

  // possible() and placed() read the hint runtime's candidates: only a technique's `where`
  // has them. Anywhere else (a rule, a clue, a requirement, a name, a technique's
  // conclusion), directly or through a def, nothing could evaluate them.
  void check_solving_state_reads() {
    auto def_body = [this](const std::string& nm) { return body_of_def(nm); };
    std::map<std::string, bool> def_reads;  // def -> reads the state, through its body
    auto reads = [&](const std::string& nm) {
      auto [it, added] = def_reads.try_emplace(nm, false);
      if (added) {
        const auto names = ast::names_read(*def_body(nm), def_body);
        it->second = names.count("possible") || names.count("placed");
      }
      return it->second;
    };
    auto check_expr = [&](const ast::Expr& e, const char* where) {
      bool reported = false;
      ast::walk(e, [&](const ast::Expr& x) {
        if (reported) return false;
        std::string fn;
        if (const auto* c = std::get_if<ast::Call>(&x.node)) fn = c->fn;
        else if (const auto* nm = std::get_if<ast::Name>(&x.node)) fn = nm->id;
        else return true;
        if (fn == "possible" || fn == "placed") {
          error(x.range, fmt::format("'{}' reads the hint runtime's candidates: it is allowed only in a technique's 'where', not in {}",
                                     fn, where));
          reported = true;
        } else if (def_body(fn) && reads(fn)) {
          error(x.range, fmt::format("'{}' uses possible() or placed(), which read the hint runtime's candidates: it is allowed "
                                     "only in a technique's 'where', not in {}", fn, where));
          reported = true;
        }
        return !reported;
      });
    };
    // A name says which rule an explanation, a grade's table or metrics cites: two
    // declarations of one name would be told apart by nothing.
    std::map<std::string, const ast::RuleDecl*> named;
    for (const ast::RuleDecl* r : cp_.rules) {
      if (r->name.empty()) continue;
      auto [it, fresh] = named.emplace(r->name, r);
      if (!fresh)
        error(r->range, fmt::format("'{}' names another {} too, on line {}: give each its own name", r->name,
                                    ast::kind_word(it->second->kind), it->second->range.begin.line));
    }
    for (const ast::RuleDecl* r : cp_.rules) {
      const bool technique = r->kind == ast::RuleKind::Technique;
      const char* what = technique                              ? "its conclusion"
                         : r->kind == ast::RuleKind::Require    ? "a requirement"
                         : r->kind == ast::RuleKind::Clue       ? "a clue"
                                                                : "a rule";
      if (r->where && !technique) check_expr(*r->where, what);
      if (r->body) check_expr(*r->body, what);
    }
    for (const ast::RuleDecl* r : cp_.var_names) {
      if (r->where) check_expr(*r->where, "a 'name' declaration");
      if (r->body) check_expr(*r->body, "a 'name' declaration");
    }
    // A requirement is checked on the givens, before any variable exists: one that reads
    // a var (directly or through a def) can never be decided.
    for (const ast::RuleDecl* r : cp_.rules) {
      if (r->kind != ast::RuleKind::Require) continue;
      std::set<std::string> read;
      if (r->body) read = ast::names_read(*r->body, def_body);
      if (r->where) read.merge(ast::names_read(*r->where, def_body));
      for (const auto& nm : read) {
        auto it = cp_.names.find(nm);
        if (it == cp_.names.end() || it->second.kind != NameKind::Var) continue;
        error(r->body ? r->body->range : r->range,
              fmt::format("a requirement is checked on the givens alone, but this one reads the var '{}'{}: "
                          "say it with a rule", nm, r->body && !names_direct(*r->body, nm) ? " (through a def)" : ""));
        break;
      }
    }
  }

  // Whether e names `nm` itself (not through a def).
  static bool names_direct(const ast::Expr& e, const std::string& nm) {
    bool found = false;
    ast::walk(e, [&](const ast::Expr& x) {
      if (const auto* n = std::get_if<ast::Name>(&x.node); n && n->id == nm) found = true;
      return !found;
    });
    return found;
  }

 private:
  CheckedPuzzle& cp_;
  source::SourceManager& sm_;
  source::Diagnostics& diags_;

 public:
  friend ast::Type sema::check_data_expr(const CheckedPuzzle&, ast::Expr&, source::Diagnostics&);
};

}  // namespace

CheckedPuzzle check_puzzle(const ast::Puzzle& puzzle, source::SourceManager& sm, source::Diagnostics& diags) {
  CheckedPuzzle cp;
  Checker c(cp, sm, diags);
  c.run(puzzle);
  return cp;
}

ast::Type check_data_expr(const CheckedPuzzle& cp, ast::Expr& e, source::Diagnostics& diags) {
  source::SourceManager unused;
  Checker c(const_cast<CheckedPuzzle&>(cp), unused, diags);
  c.data_only_ = true;
  return c.check(e);
}

}  // namespace pzc::sema
