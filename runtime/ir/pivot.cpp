#include "runtime/ir/pivot.hpp"

#include <algorithm>
#include <iterator>

namespace pzc::ir {

std::optional<VarId> variable_plus_constants(const Program& p, TermId side) {
  const Term& a = p.terms[static_cast<std::size_t>(side)];
  if (a.op == Op::Var) return static_cast<VarId>(a.value);
  if (a.op != Op::Add) return std::nullopt;
  std::optional<VarId> v;
  for (TermId k : a.args) {
    const Term& x = p.terms[static_cast<std::size_t>(k)];
    if (x.op == Op::Const && x.kind == ValueKind::Int && x.value != kNull) continue;
    if (x.op != Op::Var || v) return std::nullopt;
    v = static_cast<VarId>(x.value);
  }
  return v;
}

namespace {

struct Walk {
  const Program& p;
  const ComparedUnknownsOptions& o;
  std::optional<std::vector<VarId>> common;
  bool under_disjunction = false;
  std::size_t nodes = 0;

  // false: give up (past max_nodes, no variable in common, Connected or Possible).
  bool walk(TermId id, bool disjunctive) {
    if (++nodes > o.max_nodes) return false;
    const Term& t = p.terms[static_cast<std::size_t>(id)];
    switch (t.op) {
      case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: {
        if (t.args.size() != 2) break;
        const bool plain_equality = (t.op == Op::Eq || t.op == Op::Ne) &&
                                    p.terms[static_cast<std::size_t>(t.args[0])].op == Op::Var &&
                                    p.terms[static_cast<std::size_t>(t.args[1])].op == Op::Var;
        if (o.skip_plain_equalities && plain_equality) break;
        auto x = variable_plus_constants(p, t.args[0]), y = variable_plus_constants(p, t.args[1]);
        if (!x || !y || *x == *y) break;
        std::vector<VarId> both{std::min(*x, *y), std::max(*x, *y)};
        if (!common) {
          common = std::move(both);
        } else {
          std::vector<VarId> keep;
          std::set_intersection(common->begin(), common->end(), both.begin(), both.end(), std::back_inserter(keep));
          common = std::move(keep);
        }
        under_disjunction = under_disjunction || disjunctive;
        return !common->empty();
      }
      case Op::Connected:
      case Op::Possible:
        return false;
      default:
        break;
    }
    for (TermId a : t.args)
      if (!walk(a, disjunctive || t.op != Op::And)) return false;
    return true;
  }
};

}  // namespace

std::optional<ComparedUnknowns> compared_unknowns(const Program& p, TermId term, const ComparedUnknownsOptions& o) {
  if (term < 0) return std::nullopt;
  Walk w{p, o, std::nullopt};
  if (!w.walk(term, false) || !w.common) return std::nullopt;
  return ComparedUnknowns{std::move(*w.common), w.under_disjunction, w.nodes};
}

}  // namespace pzc::ir
