// Builds a Program's term DAG with hash-consing, so equal ground terms share one id.
#pragma once

#include <map>
#include <tuple>

#include "runtime/ir/program.hpp"

namespace pzc::ir {

class TermBuilder {
 public:
  explicit TermBuilder(Program& program);

  TermId constant(ValueKind kind, Value value);
  TermId boolean(bool b) { return constant(ValueKind::Bool, b ? 1 : 0); }
  TermId integer(Value v) { return constant(ValueKind::Int, v); }
  TermId var(VarId v);
  TermId make(Op op, ValueKind kind, std::vector<TermId> args, Value value = 0);

  const Term& operator[](TermId id) const { return program_.terms[static_cast<size_t>(id)]; }
  Program& program() { return program_; }

 private:
  using Key = std::tuple<Op, ValueKind, Value, std::vector<TermId>>;
  Program& program_;
  std::map<Key, TermId> index_;
};

}  // namespace pzc::ir
