// Walking expressions: the direct children of a node, a pre-order walk, and which names
// an expression reads (following defs), for passes that need no evaluation.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "compiler/front/ast/ast.hpp"

namespace pzc::ast {

// The direct sub-expressions of e, left to right (a lambda's body included).
std::vector<const Expr*> children(const Expr& e);

// Pre-order walk; f returns false to skip a node's children.
void walk(const Expr& e, const std::function<bool(const Expr&)>& f);

// Every identifier e mentions as a name or a call, and, through `defs` (name -> body),
// everything the defs it reaches mention. Local names (lambda parameters, lets) shadow
// nothing here: the result is a safe over-approximation.
std::set<std::string> names_read(const Expr& e, const std::function<const Expr*(const std::string&)>& def_body);

// The same names, each once, in the order a reader meets them: pre-order, a def's body
// read where the def is first named. For pointing at the data a rule is about.
std::vector<std::string> names_in_order(const Expr& e, const std::function<const Expr*(const std::string&)>& def_body);

}  // namespace pzc::ast
