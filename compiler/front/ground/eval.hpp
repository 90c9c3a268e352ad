// The evaluator used by grounding: evaluates checked expressions over bound givens and
// the puzzle's variables, folding everything known into constants and building ground
// terms (hash-consed, simplified) for the rest.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <unordered_map>
#include <string>
#include <vector>

#include "compiler/front/ast/ast.hpp"
#include "compiler/front/ground/ground.hpp"
#include "compiler/front/ground/value.hpp"
#include "compiler/front/sema/check.hpp"
#include "runtime/ir/builder.hpp"

namespace pzc::ground {

// An evaluation failure at a source location (index out of range, unknown value where a
// known one is required, a limit exceeded, ...).
struct EvalError {
  source::Range range;
  std::string message;
};

class Evaluator {
 public:
  Evaluator(const sema::CheckedPuzzle& cp, ir::Program& program, source::SourceManager& sm,
            const Limits& limits);

  Value eval(const ast::Expr& e);
  std::string format(const Value& v) const;
  std::string intern_text(std::int64_t string_id) const { return program_.strings.at(static_cast<size_t>(string_id)); }
  std::int64_t intern(const std::string& s);

  // Names visible to every expression.
  std::map<std::string, Value> givens;
  std::map<std::string, Value> vars;

  // Local names (binders, lambda parameters, let, def parameters), innermost last.
  std::vector<std::pair<std::string, Value>> locals;

  // Term construction with simplification.
  ir::TermId to_term(const Value& v, const source::Range& where);
  Value from_term(ir::TermId t);
  ir::TermId t_not(ir::TermId a);
  ir::TermId t_and(std::vector<ir::TermId> args);
  ir::TermId t_or(std::vector<ir::TermId> args);
  ir::TermId t_implies(ir::TermId a, ir::TermId b) { return t_or({t_not(a), b}); }
  ir::TermId t_eq(ir::TermId a, ir::TermId b);
  ir::TermId t_cmp(ir::Op op, ir::TermId a, ir::TermId b);
  ir::TermId t_arith(ir::Op op, ir::TermId a, ir::TermId b);
  ir::TermId t_add(std::vector<ir::TermId> args);
  ir::TermId t_ite(ir::TermId c, ir::TermId a, ir::TermId b);
  ir::TermId t_count(std::vector<ir::TermId> args);
  bool is_const(ir::TermId t) const { return tb_[t].op == ir::Op::Const; }
  bool is_true(ir::TermId t) const { return is_const(t) && tb_[t].kind == ir::ValueKind::Bool && tb_[t].value == 1; }
  bool is_false(ir::TermId t) const { return is_const(t) && tb_[t].kind == ir::ValueKind::Bool && tb_[t].value == 0; }

  ir::TermBuilder& builder() { return tb_; }
  const sema::CheckedPuzzle& checked() const { return cp_; }

  // Concrete helpers for binding and grounding.
  bool concrete_bool(const ast::Expr& e, const char* what);
  std::vector<Value> concrete_items(const Value& v, const source::Range& r, const char* what);

 private:
  Value eval_node(const ast::Expr& e);
  Value name(const ast::Name& n, const ast::Expr& e);
  Value binary(const ast::Binary& n, const ast::Expr& e);
  Value call(const ast::Call& n, const ast::Expr& e);
  Value index(const ast::Index& n, const ast::Expr& e);
  Value member(const ast::Member& n, const ast::Expr& e);
  Value arrow(const ast::Arrow& n, const ast::Expr& e);
  Value def_value(const std::string& name, const source::Range& r);
  std::optional<Value> table_member(const Value& set, const Value& probe, const source::Range& r);

  Value eq(const Value& a, const Value& b, const source::Range& r);
  Value bool_value(ir::TermId t) { return from_term(t); }
  Value seq_items(const Value& v, const source::Range& r);  // Seq/Set/Grid/Map -> Seq with guards
  Value element_at(const Value& seq, const Value& idx, const source::Range& r);
  Value first_of(const Value& seq, const source::Range& r);
  ir::ValueKind kind_of(const Value& v) const;
  [[noreturn]] void fail(const source::Range& r, std::string msg) const;

  const sema::CheckedPuzzle& cp_;
  ir::Program& program_;
  source::SourceManager& sm_;
  Limits limits_;
  ir::TermBuilder tb_;
  std::map<std::string, Value> def_cache_;
  std::unordered_map<std::string, Value> call_cache_;
  std::map<std::vector<std::vector<ir::Value>>, std::int64_t> table_ids_;  // equal tables shared  // def calls with known arguments
  std::map<std::string, std::int64_t> string_ids_;
  int depth_ = 0;
};

}  // namespace pzc::ground
