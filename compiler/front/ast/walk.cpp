// Generic expression walks over the AST's variants.
#include "compiler/front/ast/walk.hpp"

#include "compiler/front/ast/overloaded.hpp"

namespace pzc::ast {

std::vector<const Expr*> children(const Expr& e) {
  std::vector<const Expr*> out;
  auto add = [&](const ExprPtr& p) {
    if (p) out.push_back(p.get());
  };
  auto add_all = [&](const std::vector<ExprPtr>& v) {
    for (const auto& p : v) add(p);
  };
  std::visit(overloaded{
                 [&](const SetLit& n) { add_all(n.items); },
                 [&](const SeqLit& n) { add_all(n.items); },
                 [&](const Unary& n) { add(n.operand); },
                 [&](const Binary& n) { add(n.lhs), add(n.rhs); },
                 [&](const Call& n) { add_all(n.args); },
                 [&](const Index& n) { add(n.base), add_all(n.args); },
                 [&](const Member& n) { add(n.base), add_all(n.args); },
                 [&](const Arrow& n) { add(n.base), add_all(n.args); },
                 [&](const Let& n) { add(n.value), add(n.body); },
                 [&](const If& n) { add(n.cond), add(n.then_branch), add(n.else_branch); },
                 [&](const auto&) {},
             },
             e.node);
  return out;
}

void walk(const Expr& e, const std::function<bool(const Expr&)>& f) {
  if (!f(e)) return;
  for (const auto* c : children(e)) walk(*c, f);
}

std::set<std::string> names_read(const Expr& e, const std::function<const Expr*(const std::string&)>& def_body) {
  std::set<std::string> out;
  std::vector<const Expr*> todo{&e};
  while (!todo.empty()) {
    const Expr* x = todo.back();
    todo.pop_back();
    walk(*x, [&](const Expr& n) {
      const std::string* id = nullptr;
      if (const auto* nm = std::get_if<Name>(&n.node)) id = &nm->id;
      else if (const auto* c = std::get_if<Call>(&n.node)) id = &c->fn;
      if (id && out.insert(*id).second)
        if (const Expr* body = def_body(*id)) todo.push_back(body);
      return true;
    });
  }
  return out;
}

std::vector<std::string> names_in_order(const Expr& e, const std::function<const Expr*(const std::string&)>& def_body) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  std::function<bool(const Expr&)> visit = [&](const Expr& n) {
    const std::string* id = nullptr;
    if (const auto* nm = std::get_if<Name>(&n.node)) id = &nm->id;
    else if (const auto* c = std::get_if<Call>(&n.node)) id = &c->fn;
    if (id && seen.insert(*id).second) {
      out.push_back(*id);
      if (const Expr* body = def_body(*id)) walk(*body, visit);
    }
    return true;
  };
  walk(e, visit);
  return out;
}

}  // namespace pzc::ast
