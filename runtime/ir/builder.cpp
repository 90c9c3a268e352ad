// Hash-consing term construction for the ground IR. Ids are assigned in creation order,
// so the table is deterministic even though the index is a hash map (never iterated).
#include "runtime/ir/builder.hpp"

namespace pzc::ir {

std::size_t TermBuilder::KeyHash::operator()(const Key& k) const noexcept {
  std::size_t h = static_cast<std::size_t>(k.op) * 0x9e3779b97f4a7c15ULL ^ static_cast<std::size_t>(k.kind);
  h = h * 0x100000001b3ULL ^ static_cast<std::size_t>(k.value);
  for (TermId a : k.args) h = (h ^ static_cast<std::size_t>(a)) * 0x100000001b3ULL;
  return h;
}

void TermBuilder::index_existing() {
  for (; indexed_ < program_.terms.size(); ++indexed_) {
    const Term& t = program_.terms[indexed_];
    index_.emplace(Key{t.op, t.kind, t.value, t.args}, static_cast<TermId>(indexed_));
  }
}

TermId TermBuilder::constant(ValueKind kind, Value value) { return make(Op::Const, kind, {}, value); }

TermId TermBuilder::var(VarId v) {
  return make(Op::Var, program_.vars[static_cast<size_t>(v)].kind, {}, v);
}

TermId TermBuilder::make(Op op, ValueKind kind, std::vector<TermId> args, Value value) {
  if (indexed_ < program_.terms.size()) index_existing();
  Key key{op, kind, value, std::move(args)};
  auto it = index_.find(key);
  if (it != index_.end()) return it->second;
  auto id = static_cast<TermId>(program_.terms.size());
  program_.terms.push_back(Term{op, kind, value, key.args});
  index_.emplace(std::move(key), id);
  indexed_ = program_.terms.size();
  return id;
}

}  // namespace pzc::ir
