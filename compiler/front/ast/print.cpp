// Canonical printing of the AST back to .pz syntax, fully parenthesised where precedence
// could be in doubt, so that print(parse(print(x))) == print(x).
#include "compiler/front/ast/overloaded.hpp"
#include <fmt/format.h>

#include "compiler/front/ast/ast.hpp"

namespace pzc::ast {

namespace {


std::string quote(const std::string& s, char q) {
  std::string out(1, q);
  for (char c : s) {
    if (c == q || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  out += q;
  return out;
}

std::string list(const std::vector<ExprPtr>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) s += ", ";
    s += to_string(*items[i]);
  }
  return s;
}

std::string names(const std::vector<std::string>& ns) {
  std::string s;
  for (std::size_t i = 0; i < ns.size(); ++i) s += (i ? ", " : "") + ns[i];
  return s;
}

}  // namespace

const char* op_text(BinOp op) {
  switch (op) {
    case BinOp::Implies: return "implies";
    case BinOp::Or: return "or";
    case BinOp::Xor: return "xor";
    case BinOp::And: return "and";
    case BinOp::Eq: return "=";
    case BinOp::Ne: return "<>";
    case BinOp::Lt: return "<";
    case BinOp::Le: return "<=";
    case BinOp::Gt: return ">";
    case BinOp::Ge: return ">=";
    case BinOp::In: return "in";
    case BinOp::Range: return "..";
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::Div: return "div";
    case BinOp::Mod: return "mod";
  }
  return "?";
}

std::string to_string(const Expr& e) {
  return std::visit(
      overloaded{
          [](const IntLit& n) { return std::to_string(n.value); },
          [](const BoolLit& n) { return std::string(n.value ? "true" : "false"); },
          [](const NullLit&) { return std::string("null"); },
          [](const StringLit& n) { return quote(n.value, '"'); },
          [](const CharLit& n) { return quote(std::string(1, n.value), '\''); },
          [](const Name& n) { return n.id; },
          // (Formatted, not "{" + list + "}": GCC 12 warns of a memcpy overlap in such
          // inlined chains, -Wrestrict's known false positive.)
          [](const SetLit& n) { return fmt::format("{{{}}}", list(n.items)); },
          [](const SeqLit& n) { return fmt::format("[{}]", list(n.items)); },
          [](const GridLit& n) {
            std::string s = "grid {\n";
            for (const auto& r : n.rows) s += "    " + r + "\n";
            return s + "  }";
          },
          [](const FileRef& n) { return "file " + quote(n.path, '"'); },
          [](const Unary& n) {
            return std::string(n.op == UnOp::Not ? "(not " : "(-") + to_string(*n.operand) + ")";
          },
          [](const Binary& n) {
            return fmt::format("({} {} {})", to_string(*n.lhs), op_text(n.op), to_string(*n.rhs));
          },
          [](const Call& n) { return n.fn + "(" + list(n.args) + ")"; },
          [](const Index& n) { return to_string(*n.base) + "[" + list(n.args) + "]"; },
          [](const Member& n) {
            return n.is_call ? fmt::format("{}.{}({})", to_string(*n.base), n.name, list(n.args))
                             : fmt::format("{}.{}", to_string(*n.base), n.name);
          },
          [](const Arrow& n) {
            std::string lam = n.params.empty() ? "" : names(n.params) + " | ";
            return to_string(*n.base) + "->" + n.op + "(" + lam + list(n.args) + ")";
          },
          [](const Let& n) {
            return fmt::format("(let {} = {} in {})", n.var, to_string(*n.value), to_string(*n.body));
          },
          [](const If& n) {
            return fmt::format("if {} then {} else {} endif", to_string(*n.cond),
                               to_string(*n.then_branch), to_string(*n.else_branch));
          },
      },
      e.node);
}

std::string to_string(const TypeExpr& t) {
  std::string s = t.name;
  if (!t.args.empty()) {
    s += "(";
    for (std::size_t i = 0; i < t.args.size(); ++i) s += (i ? ", " : "") + to_string(t.args[i]);
    s += ")";
  }
  return t.optional ? s + "?" : s;
}

namespace {

std::string shape_text(Shape shape, const std::vector<ExprPtr>& dims, const Expr& domain) {
  switch (shape) {
    case Shape::Grid:
      return fmt::format("Grid({}, {}) of {}", to_string(*dims[0]), to_string(*dims[1]), to_string(domain));
    case Shape::Seq: return fmt::format("Seq({}) of {}", to_string(*dims[0]), to_string(domain));
    case Shape::Map: return fmt::format("Map({}) of {}", to_string(*dims[0]), to_string(domain));
    case Shape::Scalar: break;
  }
  return to_string(domain);
}

std::string rule_text(const RuleDecl& r) {
  const char* kw = r.kind == RuleKind::Rule        ? "rule"
                   : r.kind == RuleKind::Clue      ? "clue"
                   : r.kind == RuleKind::Technique ? "technique"
                   : r.kind == RuleKind::Name      ? "name"
                                                   : "require";
  std::string s = kw;
  if (!r.name.empty()) s += " " + r.name;
  if (!r.text.empty()) s += fmt::format(" {}", quote(r.text, '"'));
  if (!r.text_false.empty()) s += fmt::format(" or {}", quote(r.text_false, '"'));
  if (r.kind == RuleKind::Technique) s += " tier " + std::to_string(r.tier);
  if (!r.binders.empty()) {
    s += " for ";
    for (std::size_t i = 0; i < r.binders.size(); ++i)
      s += (i ? ", " : "") + r.binders[i].var + " in " + to_string(*r.binders[i].collection);
    if (r.where) s += " where " + to_string(*r.where);
  }
  return s + ":\n    " + to_string(*r.body);
}

}  // namespace

std::string to_string(const Module& m) {
  std::string out;
  for (const auto& p : m.puzzles) {
    out += "puzzle " + p.name + "\n";
    for (const auto& d : p.decls) {
      out += "  " + std::visit(overloaded{
                              [](const EnumDecl& d) { return "enum " + d.name + " { " + names(d.members) + " }"; },
                              [](const GivenDecl& d) {
                                std::string s = "given " + names(d.names) + " : " + to_string(d.type);
                                return d.default_value ? s + " = " + to_string(*d.default_value) : s;
                              },
                              [](const VarDecl& d) {
                                return std::string(d.aux ? "aux var " : "var ") + names(d.names) + " : " + shape_text(d.shape, d.dims, *d.domain);
                              },
                              [](const DefDecl& d) {
                                std::string s = "def " + d.name;
                                if (d.has_params) {
                                  s += "(";
                                  for (std::size_t i = 0; i < d.params.size(); ++i)
                                    s += (i ? ", " : "") + d.params[i].name + " : " + to_string(d.params[i].type);
                                  s += ")";
                                }
                                if (d.result) s += " : " + to_string(*d.result);
                                return s + " = " + to_string(*d.body);
                              },
                              [](const RuleDecl& d) { return rule_text(d); },
                              [](const ClueGivens& d) { return "clue " + names(d.names); },
                              [](const StateDecl& d) {
                                return "state " + d.name + " : " + shape_text(d.shape, d.dims, *d.domain) +
                                       " := " + to_string(*d.init);
                              },
                              [](const MoveDecl& d) {
                                std::string s = "move " + d.name;
                                if (!d.binders.empty()) {
                                  s += " for ";
                                  for (std::size_t i = 0; i < d.binders.size(); ++i)
                                    s += (i ? ", " : "") + d.binders[i].var + " in " + to_string(*d.binders[i].collection);
                                  if (d.where) s += " where " + to_string(*d.where);
                                }
                                if (d.guard) s += " when " + to_string(*d.guard);
                                s += ":";
                                for (std::size_t i = 0; i < d.body.size(); ++i) {
                                  const Stmt& st = d.body[i];
                                  s += i ? "; " : " ";
                                  s += st.is_swap ? "swap(" + to_string(*st.target) + ", " + to_string(*st.value) + ")"
                                                  : to_string(*st.target) + " := " + to_string(*st.value);
                                }
                                return s;
                              },
                              [](const GoalDecl& d) { return "goal " + to_string(*d.cond); },
                              [](const HeuristicDecl& d) { return "heuristic " + d.name + " = " + to_string(*d.expr); },
                          },
                          d) +
             "\n";
    }
    out += "end\n";
  }
  for (const auto& inst : m.instances) {
    out += "instance " + inst.name + " of " + inst.puzzle + "\n";
    for (const auto& b : inst.bindings) out += "  " + b.name + " = " + to_string(*b.value) + "\n";
    out += "end\n";
  }
  return out;
}

}  // namespace pzc::ast
