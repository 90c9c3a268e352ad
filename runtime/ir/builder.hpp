// Builds a Program's term DAG with hash-consing, so equal ground terms share one id.
#pragma once

#include <unordered_map>

#include "runtime/ir/program.hpp"

namespace pzc::ir {

class TermBuilder {
 public:
  explicit TermBuilder(Program& program) : program_(program) {}

  TermId constant(ValueKind kind, Value value);
  TermId boolean(bool b) { return constant(ValueKind::Bool, b ? 1 : 0); }
  TermId integer(Value v) { return constant(ValueKind::Int, v); }
  TermId var(VarId v);
  TermId make(Op op, ValueKind kind, std::vector<TermId> args, Value value = 0);

  const Term& operator[](TermId id) const { return program_.terms[static_cast<size_t>(id)]; }
  Program& program() { return program_; }

 private:
  struct Key {
    Op op;
    ValueKind kind;
    Value value;
    std::vector<TermId> args;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept;
  };
  void index_existing();  // terms already in the program, indexed on first use

  Program& program_;
  std::unordered_map<Key, TermId, KeyHash> index_;
  std::size_t indexed_ = 0;
};

}  // namespace pzc::ir
