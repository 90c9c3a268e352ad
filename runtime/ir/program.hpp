// The ground IR ("rule tables"): finite-domain variables and a flat table of ground
// constraints, each with a kind, a scope and its provenance. Every back end reads this;
// none re-reads the AST. The runtime owns it; the compiler produces it.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace pzc::ir {

// Every value is an int. Bools are 0/1; symbols and strings are indexes into the
// program's symbol / string tables; `null` is kNull.
using Value = std::int64_t;
inline constexpr Value kNull = std::numeric_limits<std::int64_t>::min();

enum class ValueKind : std::uint8_t { Int, Bool, Symbol, String, Char, Null };

using VarId = std::int32_t;
using TermId = std::int32_t;

struct Variable {
  std::string name;            // solver-level name from the source, e.g. cell_r3_c5
  ValueKind kind = ValueKind::Int;
  std::vector<Value> domain;   // sorted, distinct
  std::int32_t group = 0;      // index into Program::groups
  std::vector<std::int64_t> index;  // position inside its group, e.g. {3, 5} (1-based)
  // Auxiliary (`aux var`): part of how the rules are stated, not of the answer. Solutions
  // are told apart by the other variables only (unique, count, enumerate, hints' solved).
  bool aux = false;
  // What hints call it, from a `name` declaration ("the side between r1c2 and r1c3");
  // empty: its group's name and square ("net r1c4").
  std::string label;
  // A Bool's: what hints say of it when true and when false, from a `name` with two texts
  // ("r3c4 is black", "r3c4 is white"); empty: "a black at r3c4", "no black at r3c4".
  std::string says_true, says_false;
  // What hints say of `v = value` and of `v <> value`, from a `name` with two texts of
  // `v[...] = value` ("the 4 at r3c2 covers r3c2 to r4c3", "... does not cover ..."); a
  // value without one: "NAME is 3", "NAME is not 3". Sorted by value.
  struct Statement {
    Value value = 0;
    std::string is, is_not;
  };
  std::vector<Statement> says;
  const Statement* statement(Value v) const {
    for (const auto& s : says)
      if (s.value == v) return &s;
    return nullptr;
  }
};

// One `var` declaration: a scalar, a sequence, a map or a grid of variables. The
// drawing of solutions uses it.
struct VarGroup {
  enum class Shape : std::uint8_t { Scalar, Seq, Map, Grid };
  std::string name;
  Shape shape = Shape::Scalar;
  ValueKind kind = ValueKind::Int;
  std::vector<std::int64_t> dims;        // Seq: {n}; Grid: {rows, cols}; Map: {keys}
  std::vector<std::string> keys;         // Map: printed keys, in order
  VarId first = 0;                       // variables first .. first+count-1, row-major
  std::int32_t count = 0;
  bool aux = false;                      // `aux var` (see Variable::aux)
};

// Ground terms form a hash-consed DAG. Bool-valued terms are constraints.
enum class Op : std::uint8_t {
  Const,    // value
  Var,      // var
  Not, And, Or, Xor, Implies, Iff,
  Eq, Ne, Lt, Le, Gt, Ge,
  Add, Sub, Mul, Div, Mod, Neg, Abs, Min, Max,
  Ite,      // args: cond, then, else
  Count,    // number of true Bool args
  AllDiff,  // args pairwise different (null args ignored)
  Table,    // args: the scope terms; table: index into Program::tables
  Connected,// args: one Bool per cell, "the cell is in the set"; value: index into
            // Program::tables of the cells' (row, col), one row per arg. True when the
            // cells in the set are orthogonally connected (an empty set or one cell too).
  Possible, // args: one Var term; value: a value still a candidate for it. Only in the
            // state patterns of declared techniques, never in constraints.
};

struct Term {
  Op op = Op::Const;
  ValueKind kind = ValueKind::Int;  // kind of the term's value
  Value value = 0;                  // Const: the value; Var: the VarId; Table: table index
  std::vector<TermId> args;
};

// A literal is `var = value` (positive) or `var <> value` (negative).
struct Literal {
  VarId var = 0;
  Value value = 0;
  bool positive = true;
};

enum class Kind : std::uint8_t {
  Clause,       // OR of literals
  Cardinality,  // lo <= #true literals <= hi
  AllDifferent, // scope variables pairwise different
  Table,        // scope tuple is one of the table's rows
  Linear,       // lo <= sum coeffs[i]*scope[i] <= hi
  Expr,         // anything else: the term itself
};

// Where a ground constraint came from: which rule, with which bound values.
struct Provenance {
  std::int32_t rule = -1;                   // index into Program::rules
  std::vector<std::pair<std::string, std::string>> bindings;  // name, printed value
  std::string text;                         // the rule's template with the bindings filled in
};

struct Constraint {
  Kind kind = Kind::Expr;
  TermId term = -1;                  // the full ground condition (every kind has it)
  std::vector<VarId> scope;          // distinct variables, ascending
  std::vector<Literal> literals;     // Clause, Cardinality
  std::int64_t lo = 0, hi = 0;       // Cardinality, Linear
  std::vector<std::int64_t> coeffs;  // Linear (parallel to scope)
  std::int32_t table = -1;           // Table
  Provenance origin;
};

struct RuleInfo {
  std::string name;       // identifier, or the template text when unnamed
  std::string text;       // English template, e.g. "each letter once in row {r}"
  std::string file;
  std::uint32_t line = 0, col = 0;  // where it is declared; col in characters, as diagnostics show it
  bool is_clue = false;   // a removable clue rather than a rule of the family
  int tier = 0;           // > 0: a human technique declared in the spec, at this tier
};

// One conclusion of a declared `technique` for one binding of its `for`: the fact, and
// where it came from. Proved entailed by the constraints before it is used.
struct TechniqueFact {
  Literal literal;
  TermId condition = -1;  // a pattern over the candidate state (Possible atoms), or -1
  Provenance origin;
  int tier = 1;
};

struct TableData {
  std::vector<std::vector<Value>> rows;  // allowed tuples
};

struct Program {
  std::string puzzle;
  std::string instance;
  std::vector<std::string> symbols;   // Value -> name for ValueKind::Symbol
  std::vector<std::string> strings;   // Value -> text for ValueKind::String
  std::vector<Variable> vars;
  std::vector<VarGroup> groups;
  std::vector<Term> terms;
  std::vector<Constraint> constraints;
  std::vector<RuleInfo> rules;
  std::vector<TableData> tables;
  std::vector<TechniqueFact> techniques;
};

// A complete assignment: one value per variable.
using Assignment = std::vector<Value>;

// The answer's grid: the first Grid group that is not `aux var` (what a picture is drawn
// over and a person's --grid fills in), or null.
inline const VarGroup* answer_grid(const Program& p) {
  for (const auto& g : p.groups)
    if (g.shape == VarGroup::Shape::Grid && !g.aux) return &g;
  return nullptr;
}

// Whether constraint c comes from a `clue` (removable) rather than a rule of the family.
inline bool from_clue(const Program& p, const Constraint& c) {
  return c.origin.rule >= 0 && static_cast<std::size_t>(c.origin.rule) < p.rules.size() &&
         p.rules[static_cast<std::size_t>(c.origin.rule)].is_clue;
}

}  // namespace pzc::ir
