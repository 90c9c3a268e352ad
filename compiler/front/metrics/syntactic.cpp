// Syntactic clue metrics: a walk over each clue's body.
#include "compiler/front/ast/walk.hpp"
#include "compiler/front/metrics/syntactic.hpp"

#include <algorithm>
#include <functional>
#include <set>

namespace pzc::metrics {

namespace {


using ast::walk;

bool is_var(const sema::CheckedPuzzle& cp, const ast::Expr& e) {
  const auto* n = std::get_if<ast::Name>(&e.node);
  if (!n) return false;
  auto it = cp.names.find(n->id);
  return it != cp.names.end() && it->second.kind == sema::NameKind::Var;
}

bool is_constant_key(const sema::CheckedPuzzle& cp, const ast::Expr& e) {
  if (std::holds_alternative<ast::IntLit>(e.node)) return true;
  const auto* n = std::get_if<ast::Name>(&e.node);
  if (!n) return false;
  auto it = cp.names.find(n->id);
  return it != cp.names.end() && it->second.kind == sema::NameKind::EnumMember;
}

std::vector<std::string> properties(const sema::CheckedPuzzle& cp, const ast::Expr& e) {
  std::set<std::string> out;
  walk(e, [&](const ast::Expr& x) {
    if (const auto* ix = std::get_if<ast::Index>(&x.node); ix && is_var(cp, *ix->base)) {
      bool constant = std::all_of(ix->args.begin(), ix->args.end(), [&](const ast::ExprPtr& a) { return is_constant_key(cp, *a); });
      out.insert(constant ? ast::to_string(x) : std::get<ast::Name>(ix->base->node).id);
      return constant ? false : true;
    }
    if (is_var(cp, x)) out.insert(std::get<ast::Name>(x.node).id);
    return true;
  });
  return {out.begin(), out.end()};
}

// `premise` is the negation of `conclusion`: `X <> v` against `X = v`, or `not A` against A.
bool negation_of(const ast::Expr& premise, const ast::Expr& conclusion) {
  if (const auto* u = std::get_if<ast::Unary>(&premise.node); u && u->op == ast::UnOp::Not)
    return ast::to_string(*u->operand) == ast::to_string(conclusion);
  const auto* p = std::get_if<ast::Binary>(&premise.node);
  const auto* c = std::get_if<ast::Binary>(&conclusion.node);
  return p && c && p->op == ast::BinOp::Ne && c->op == ast::BinOp::Eq &&
         ast::to_string(*p->lhs) == ast::to_string(*c->lhs) && ast::to_string(*p->rhs) == ast::to_string(*c->rhs);
}

}  // namespace

int expr_size(const ast::Expr& e) {
  int n = 0;
  walk(e, [&](const ast::Expr&) { return ++n, true; });
  return n;
}

std::vector<ClueSyntax> clue_syntax(const sema::CheckedPuzzle& cp) {
  std::vector<ClueSyntax> out;
  for (const ast::RuleDecl* r : cp.rules) {
    if (r->kind != ast::RuleKind::Clue || !r->body) continue;
    ClueSyntax s;
    s.rule = r;
    s.name = r->name;
    const ast::Expr& body = *r->body;
    s.size = expr_size(body);
    walk(body, [&](const ast::Expr& x) {
      if (const auto* b = std::get_if<ast::Binary>(&x.node); b && b->op == ast::BinOp::Ne) ++s.negations;
      if (const auto* u = std::get_if<ast::Unary>(&x.node); u && u->op == ast::UnOp::Not) ++s.negations;
      return true;
    });
    if (const auto* b = std::get_if<ast::Binary>(&body.node); b && b->op == ast::BinOp::Implies) {
      s.implication = true;
      s.premise_properties = properties(cp, *b->lhs);
      s.conclusion_properties = properties(cp, *b->rhs);
      s.different_properties = s.premise_properties != s.conclusion_properties;
      if (negation_of(*b->lhs, *b->rhs)) {
        s.ground_fact = true;
        s.simple_form = b->rhs.get();
      }
    }
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace pzc::metrics
