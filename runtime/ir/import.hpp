// Copies ground constraints from one grounding into another program over the same
// variables (and the same rules): terms are re-hash-consed in the target, tables and
// strings re-indexed. The generator assembles a puzzle from a grounding of its rules and
// small groundings of its clue rules this way, instead of grounding everything again.
#pragma once

#include <map>
#include <vector>

#include "runtime/ir/builder.hpp"
#include "runtime/ir/program.hpp"

namespace pzc::ir {

class Importer {
 public:
  // `dst` must declare the same variables (ids and domains) and rules as `src`.
  Importer(TermBuilder& dst, const Program& src);

  TermId term(TermId t);
  Constraint constraint(const Constraint& c);
  Constraint constraint(Constraint&& c);  // the same, taking c's storage

 private:
  Value string_id(Value v);
  std::int32_t table_id(std::int32_t t);

  TermBuilder& dst_;
  const Program& src_;
  std::vector<TermId> memo_;            // src term -> dst term, -1 when not yet copied
  std::map<std::int32_t, std::int32_t> tables_;
};

}  // namespace pzc::ir
