// Term-by-term copy of constraints between programs over the same variables.
#include "runtime/ir/import.hpp"

#include <algorithm>

namespace pzc::ir {

Importer::Importer(TermBuilder& dst, const Program& src) : dst_(dst), src_(src), memo_(src.terms.size(), -1) {}

Value Importer::string_id(Value v) {
  if (v < 0 || static_cast<std::size_t>(v) >= src_.strings.size()) return v;  // kNull and friends
  auto& strings = dst_.program().strings;
  const std::string& s = src_.strings[static_cast<std::size_t>(v)];
  auto it = std::find(strings.begin(), strings.end(), s);
  if (it != strings.end()) return static_cast<Value>(it - strings.begin());
  strings.push_back(s);
  return static_cast<Value>(strings.size() - 1);
}

std::int32_t Importer::table_id(std::int32_t t) {
  if (t < 0) return t;
  auto it = tables_.find(t);
  if (it != tables_.end()) return it->second;
  auto& tables = dst_.program().tables;
  tables.push_back(src_.tables[static_cast<std::size_t>(t)]);
  return tables_[t] = static_cast<std::int32_t>(tables.size() - 1);
}

TermId Importer::term(TermId t) {
  // Iterative post-order: ground terms can be deep (long conjunctions).
  std::vector<std::pair<TermId, bool>> stack{{t, false}};
  while (!stack.empty()) {
    auto [id, expanded] = stack.back();
    stack.pop_back();
    if (memo_[static_cast<std::size_t>(id)] >= 0) continue;
    const Term& x = src_.terms[static_cast<std::size_t>(id)];
    if (!expanded) {
      stack.push_back({id, true});
      for (TermId a : x.args)
        if (memo_[static_cast<std::size_t>(a)] < 0) stack.push_back({a, false});
      continue;
    }
    std::vector<TermId> args;
    args.reserve(x.args.size());
    for (TermId a : x.args) args.push_back(memo_[static_cast<std::size_t>(a)]);
    Value value = x.value;
    if (x.op == Op::Const && x.kind == ValueKind::String) value = string_id(value);
    if (x.op == Op::Table || x.op == Op::Connected) value = table_id(static_cast<std::int32_t>(value));
    memo_[static_cast<std::size_t>(id)] = x.op == Op::Var ? dst_.var(static_cast<VarId>(x.value))
                                                         : dst_.make(x.op, x.kind, std::move(args), value);
  }
  return memo_[static_cast<std::size_t>(t)];
}

Constraint Importer::constraint(const Constraint& c) { return constraint(Constraint(c)); }

Constraint Importer::constraint(Constraint&& c) {
  c.term = term(c.term);
  c.table = table_id(c.table);
  return std::move(c);
}

}  // namespace pzc::ir
