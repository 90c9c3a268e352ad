// The typed AST of a .pz module. One closed list of expression kinds (a std::variant of
// plain structs) inside a wrapper that carries the source range and, after checking, the type.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "compiler/front/ast/type.hpp"
#include "compiler/front/source/source.hpp"

namespace pzc::ast {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

enum class BinOp : std::uint8_t {
  Implies, Or, Xor, And,
  Eq, Ne, Lt, Le, Gt, Ge, In,
  Range, Add, Sub, Mul, Div, Mod,
};
enum class UnOp : std::uint8_t { Not, Neg };

struct IntLit { std::int64_t value = 0; };
struct BoolLit { bool value = false; };
struct NullLit {};
struct StringLit { std::string value; };
struct CharLit { char value = 0; };
struct Name { std::string id; };
struct SetLit { std::vector<ExprPtr> items; };
struct SeqLit { std::vector<ExprPtr> items; };
struct GridLit {
  std::vector<std::string> rows;
  // Where each row's text is, when it was read from a source (a `grid { }` block, a file of
  // grid rows); empty otherwise. Diagnostics about a row or a cell point there.
  std::vector<source::Range> rows_at = {};
};
struct FileRef { std::string path; };
struct Unary { UnOp op; ExprPtr operand; };
struct Binary { BinOp op; ExprPtr lhs, rhs; };
struct Call { std::string fn; std::vector<ExprPtr> args; };  // f(args): defs and built-ins
struct Index { ExprPtr base; std::vector<ExprPtr> args; };  // g[p], g[r, c], s[i]
struct Member {                                              // x.name, x.name(args)
  ExprPtr base;
  std::string name;
  bool is_call = false;
  std::vector<ExprPtr> args;
};
struct Arrow {                                               // c->op(args), c->op(x | body)
  ExprPtr base;
  std::string op;
  std::vector<std::string> params;  // lambda parameters, empty when there is no lambda
  std::vector<ExprPtr> args;        // with a lambda: exactly one, the body
};
struct Let { std::string var; ExprPtr value, body; };
struct If { ExprPtr cond, then_branch, else_branch; };

struct Expr {
  std::variant<IntLit, BoolLit, NullLit, StringLit, CharLit, Name, SetLit, SeqLit, GridLit,
               FileRef, Unary, Binary, Call, Index, Member, Arrow, Let, If>
      node;
  source::Range range;
  Type type;  // filled by the checker
};

template <typename T>
ExprPtr make_expr(T node, source::Range range) {
  auto e = std::make_unique<Expr>();
  e->node = std::move(node);
  e->range = range;
  return e;
}

// ---------------------------------------------------------------- declarations

struct TypeExpr {
  std::string name;              // Int, Bool, String, Char, Cell, Symbol, Seq, Set, Grid, Map, or an enum
  std::vector<TypeExpr> args;
  bool optional = false;
  source::Range range;
};

struct EnumDecl {
  std::string name;
  std::vector<std::string> members;
  source::Range range;
  std::vector<source::Range> member_ranges;  // parallel to members
};

struct GivenDecl {
  std::vector<std::string> names;
  TypeExpr type;
  ExprPtr default_value;  // may be null
  source::Range range;
};

enum class Shape : std::uint8_t { Scalar, Seq, Map, Grid };

struct VarDecl {
  std::vector<std::string> names;
  Shape shape = Shape::Scalar;
  std::vector<ExprPtr> dims;  // Seq: n; Grid: rows, cols; Map: the key collection
  ExprPtr domain;
  bool aux = false;  // `aux var`: not part of the answer (solutions differing only here are one)
  source::Range range;
};

struct Param { std::string name; TypeExpr type; source::Range range; };

struct DefDecl {
  std::string name;
  bool has_params = false;
  std::vector<Param> params;
  // `def f(...) : T = ...`: the declared type of the result (a def that calls itself,
  // directly or through others, needs one).
  std::optional<TypeExpr> result;
  ExprPtr body;
  source::Range range;
};

struct Binder { std::string var; ExprPtr collection; source::Range range; };

// Name: not a condition; `name "text": var[x]` gives hints a variable's name.
enum class RuleKind : std::uint8_t { Rule, Clue, Require, Technique, Name };
// The keyword of a kind, for messages: "rule", "clue", "require", "technique", "name".
inline const char* kind_word(RuleKind k) {
  switch (k) {
    case RuleKind::Clue: return "clue";
    case RuleKind::Require: return "require";
    case RuleKind::Technique: return "technique";
    case RuleKind::Name: return "name";
    case RuleKind::Rule: break;
  }
  return "rule";
}

struct RuleDecl {
  RuleKind kind = RuleKind::Rule;
  std::string name;  // may be empty
  std::string text;  // English template, may be empty
  source::Range text_range;
  // Name of a Bool: `text` is what hints say when it is true, this when it is false.
  std::string text_false;
  source::Range text_false_range;
  std::vector<Binder> binders;
  ExprPtr where;     // may be null
  ExprPtr body;
  int tier = 0;      // Technique: its difficulty tier
  source::Range range;
};

struct ClueGivens { std::vector<std::string> names; source::Range range; };

struct StateDecl {
  std::string name;
  Shape shape = Shape::Scalar;
  std::vector<ExprPtr> dims;
  ExprPtr domain;
  ExprPtr init;
  source::Range range;
};

struct Stmt {
  bool is_swap = false;
  ExprPtr target, value;  // swap(target, value) or target := value
  source::Range range;
};

struct MoveDecl {
  std::string name;
  std::vector<Binder> binders;  // `move NAME for x in C, ...`: one move per binding
  ExprPtr where;                // which bindings (known from the givens); may be null
  ExprPtr guard;
  std::vector<Stmt> body;
  source::Range range;
};
struct GoalDecl { ExprPtr cond; source::Range range; };
struct HeuristicDecl { std::string name; ExprPtr expr; source::Range range; };

using Decl = std::variant<EnumDecl, GivenDecl, VarDecl, DefDecl, RuleDecl, ClueGivens, StateDecl,
                          MoveDecl, GoalDecl, HeuristicDecl>;

struct Puzzle {
  std::string name;
  std::vector<Decl> decls;
  source::Range range;
};

struct Binding { std::string name; ExprPtr value; source::Range range; };

struct Instance {
  std::string name;
  std::string puzzle;
  std::vector<Binding> bindings;
  source::Range range;
  source::Range puzzle_range;
};

struct Module {
  std::vector<Puzzle> puzzles;
  std::vector<Instance> instances;
};

// Canonical printing that round-trips to .pz syntax.
std::string to_string(const Expr& e);
std::string to_string(const TypeExpr& t);
std::string to_string(const Module& m);
const char* op_text(BinOp op);

}  // namespace pzc::ast
