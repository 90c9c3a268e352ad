// Syntactic clue metrics of seed 004, read from the clue ASTs: negations, ground facts
// (`not A implies A`, which is just A), premise and conclusion about different
// properties, and clue size.
#pragma once

#include <string>
#include <vector>

#include "compiler/front/ast/ast.hpp"
#include "compiler/front/sema/check.hpp"

namespace pzc::metrics {

struct ClueSyntax {
  const ast::RuleDecl* rule = nullptr;
  std::string name;
  bool implication = false;  // the body is `premise implies conclusion`
  int negations = 0;         // `<>` and `not` anywhere in the body
  // `X <> v implies X = v` or `not A implies A`: de facto the fact A (= `simple_form`).
  bool ground_fact = false;
  const ast::Expr* simple_form = nullptr;  // the fact A of a ground fact, else null
  // Properties are the vars a side mentions: a var by name (`top`), or one entry of a
  // Map/Seq/Grid var at constant keys (`nation[English]`). Sorted, distinct.
  std::vector<std::string> premise_properties, conclusion_properties;
  bool different_properties = false;  // an implication whose sides' properties differ
  int size = 0;                       // AST nodes of the body
};

// One entry per `clue` rule of the puzzle, in declaration order.
std::vector<ClueSyntax> clue_syntax(const sema::CheckedPuzzle& cp);

// Number of AST nodes of an expression.
int expr_size(const ast::Expr& e);

}  // namespace pzc::metrics
