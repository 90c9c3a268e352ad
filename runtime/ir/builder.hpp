// Builds a Program's term DAG with hash-consing, so equal ground terms share one id.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::ir {

class TermBuilder {
 public:
  explicit TermBuilder(Program& program) : program_(program) {}

  TermId constant(ValueKind kind, Value value);
  TermId boolean(bool b) {  // asked for all the time while simplifying: remembered
    TermId& id = bool_ids_[b ? 1 : 0];
    if (id < 0 || indexed_ < program_.terms.size()) id = constant(ValueKind::Bool, b ? 1 : 0);
    return id;
  }
  TermId integer(Value v) { return constant(ValueKind::Int, v); }
  TermId var(VarId v);
  // The arguments are only copied when the term is new (a lookup allocates nothing).
  // (A vector converts to the span; an rvalue vector is moved into a new term.)
  TermId make(Op op, ValueKind kind, std::span<const TermId> args, Value value = 0);
  TermId make(Op op, ValueKind kind, std::vector<TermId>&& args, Value value = 0);
  TermId make(Op op, ValueKind kind, std::initializer_list<TermId> args, Value value = 0) {
    return make(op, kind, std::span<const TermId>(args.begin(), args.size()), value);
  }

  const Term& operator[](TermId id) const { return program_.terms[static_cast<size_t>(id)]; }
  Program& program() { return program_; }

 private:
  // The index is an open-addressing table of term ids (linear probing, power-of-two
  // size, at most half full): the terms themselves are the keys, so nothing is stored
  // twice and a lookup never allocates.
  struct Slot {
    std::uint64_t hash = 0;
    TermId id = -1;  // -1: empty
  };
  static std::uint64_t hash_of(Op op, ValueKind kind, Value value, const TermId* args, std::size_t n);
  // The id of the equal term, or -1 with `slot` set to where it belongs.
  TermId find(std::uint64_t h, Op op, ValueKind kind, Value value, const TermId* args, std::size_t n,
              std::size_t& slot) const;
  // The equal term's id, or a new term: its arguments are moved from `take` when given,
  // else copied from `args`.
  TermId find_or_add(Op op, ValueKind kind, Value value, std::span<const TermId> args, std::vector<TermId>* take);
  void insert(std::uint64_t h, TermId id);  // id is known to be absent
  void grow();
  void index_existing();  // terms already in the program, indexed on first use

  Program& program_;
  std::vector<Slot> slots_;
  std::size_t used_ = 0;
  std::size_t indexed_ = 0;
  TermId bool_ids_[2] = {-1, -1};
};

}  // namespace pzc::ir
