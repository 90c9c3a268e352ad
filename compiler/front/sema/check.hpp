// Name resolution and type checking of a puzzle: every error found is reported, not only
// the first. The result is the symbol table the grounder evaluates against.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "compiler/front/ast/ast.hpp"
#include "compiler/front/source/source.hpp"

namespace pzc::sema {

enum class NameKind : std::uint8_t { Enum, EnumMember, Given, Var, State, Def };

struct NameInfo {
  NameKind kind;
  ast::Type type;                         // EnumMember: Symbol; Given/Var/State: its type; Def: result
  int enum_id = -1;                       // Enum, EnumMember
  std::int64_t symbol = -1;               // EnumMember: global symbol id
  const ast::GivenDecl* given = nullptr;
  const ast::VarDecl* var = nullptr;
  const ast::StateDecl* state = nullptr;
  const ast::DefDecl* def = nullptr;
  source::Range range;
};

// A rule's English template, split into literal text and interpolated expressions.
struct TemplatePart {
  std::string text;        // literal text, or the source of the expression
  ast::ExprPtr expr;       // null for literal text
};

struct CheckedPuzzle {
  const ast::Puzzle* puzzle = nullptr;
  std::vector<std::string> enum_names;
  std::vector<std::string> symbols;        // global symbol id -> member name
  std::map<std::string, NameInfo> names;
  std::vector<const ast::GivenDecl*> givens;
  std::vector<std::string> given_order;    // given names in declaration order
  std::vector<std::string> clue_givens;    // givens marked `clue`
  std::vector<std::string> var_order;      // var names in declaration order
  std::vector<const ast::RuleDecl*> rules; // rules, clues and requires, in order
  std::vector<const ast::RuleDecl*> var_names; // `name` declarations: what hints call a variable
  std::map<const ast::RuleDecl*, std::vector<TemplatePart>> templates;
  std::map<const ast::RuleDecl*, std::vector<TemplatePart>> templates_false;  // a Bool name's `or "..."`
  bool has_state_space = false;
};

// Checks `puzzle`; errors go to diags. The result is usable only without errors.
CheckedPuzzle check_puzzle(const ast::Puzzle& puzzle, source::SourceManager& sm,
                           source::Diagnostics& diags);

// Types an expression that may use only enum members (instance data, --given values).
ast::Type check_data_expr(const CheckedPuzzle& cp, ast::Expr& e, source::Diagnostics& diags);

// Converts a declared type expression; unknown type names are reported.
ast::Type resolve_type(const CheckedPuzzle& cp, const ast::TypeExpr& t, source::Diagnostics* diags);

// Closest name by edit distance, for "did you mean" notes; empty if none is close.
std::string closest_name(const std::string& name, const std::vector<std::string>& candidates);

// A binding of `name` (an instance's, or --given's): true when it names a given of the
// puzzle; otherwise false, and the error ("'x' is not a given of puzzle P", with the
// closest given as a note) at `where`.
bool check_given_name(const CheckedPuzzle& cp, const std::string& name, const source::Range& where,
                      source::Diagnostics& diags);

}  // namespace pzc::sema
