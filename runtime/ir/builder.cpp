// Hash-consing term construction for the ground IR.
#include "runtime/ir/builder.hpp"

namespace pzc::ir {

TermBuilder::TermBuilder(Program& program) : program_(program) {
  for (size_t i = 0; i < program_.terms.size(); ++i) {
    const Term& t = program_.terms[i];
    index_.emplace(Key{t.op, t.kind, t.value, t.args}, static_cast<TermId>(i));
  }
}

TermId TermBuilder::constant(ValueKind kind, Value value) { return make(Op::Const, kind, {}, value); }

TermId TermBuilder::var(VarId v) {
  return make(Op::Var, program_.vars[static_cast<size_t>(v)].kind, {}, v);
}

TermId TermBuilder::make(Op op, ValueKind kind, std::vector<TermId> args, Value value) {
  Key key{op, kind, value, args};
  auto it = index_.find(key);
  if (it != index_.end()) return it->second;
  auto id = static_cast<TermId>(program_.terms.size());
  program_.terms.push_back(Term{op, kind, value, std::move(args)});
  index_.emplace(std::move(key), id);
  return id;
}

}  // namespace pzc::ir
