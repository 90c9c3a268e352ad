// Random ground terms over a few small-domain variables, for property tests that compare
// evaluation / lowering against brute force. Shared by the ir and z3 unit tests.
#pragma once

#include <random>
#include <vector>

#include "runtime/ir/builder.hpp"

namespace pzc::test {

struct RandomTerms {
  ir::TermBuilder& b;
  std::mt19937& rng;
  std::vector<ir::VarId> int_vars;
  std::vector<ir::VarId> bool_vars;
  bool allow_null = true;

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }

  ir::TermId int_leaf() {
    if (!int_vars.empty() && pick(3) != 0) return b.var(int_vars[static_cast<size_t>(pick(static_cast<int>(int_vars.size())))]);
    if (allow_null && pick(8) == 0) return b.constant(ir::ValueKind::Int, ir::kNull);
    return b.integer(pick(7) - 3);
  }

  ir::TermId int_term(int depth) {
    using ir::Op;
    if (depth <= 0 || pick(4) == 0) return int_leaf();
    auto I = ir::ValueKind::Int;
    switch (pick(11)) {
      case 0: return b.make(Op::Add, I, {int_term(depth - 1), int_term(depth - 1)});
      case 1: return b.make(Op::Sub, I, {int_term(depth - 1), int_term(depth - 1)});
      case 2: return b.make(Op::Mul, I, {int_term(depth - 1), int_term(depth - 1)});
      case 3: return b.make(Op::Div, I, {int_term(depth - 1), int_term(depth - 1)});
      case 4: return b.make(Op::Mod, I, {int_term(depth - 1), int_term(depth - 1)});
      case 5: return b.make(Op::Neg, I, {int_term(depth - 1)});
      case 6: return b.make(Op::Abs, I, {int_term(depth - 1)});
      case 7: return b.make(Op::Min, I, {int_term(depth - 1), int_term(depth - 1), int_term(depth - 1)});
      case 8: return b.make(Op::Max, I, {int_term(depth - 1), int_term(depth - 1)});
      case 9: return b.make(Op::Ite, I, {bool_term(depth - 1), int_term(depth - 1), int_term(depth - 1)});
      default: return b.make(Op::Count, I, {bool_term(depth - 1), bool_term(depth - 1), bool_term(depth - 1)});
    }
  }

  ir::TermId bool_term(int depth) {
    using ir::Op;
    auto B = ir::ValueKind::Bool;
    if (depth <= 0 || pick(5) == 0) {
      if (!bool_vars.empty() && pick(2) == 0)
        return b.var(bool_vars[static_cast<size_t>(pick(static_cast<int>(bool_vars.size())))]);
      if (pick(4) == 0) return b.boolean(pick(2) == 0);
      return b.make(Op::Eq, B, {int_leaf(), int_leaf()});
    }
    switch (pick(15)) {
      case 0: return b.make(Op::Not, B, {bool_term(depth - 1)});
      case 1: return b.make(Op::And, B, {bool_term(depth - 1), bool_term(depth - 1)});
      case 2: return b.make(Op::Or, B, {bool_term(depth - 1), bool_term(depth - 1)});
      case 3: return b.make(Op::Xor, B, {bool_term(depth - 1), bool_term(depth - 1), bool_term(depth - 1)});
      case 4: return b.make(Op::Implies, B, {bool_term(depth - 1), bool_term(depth - 1)});
      case 5: return b.make(Op::Iff, B, {bool_term(depth - 1), bool_term(depth - 1)});
      case 6: return b.make(Op::Eq, B, {int_term(depth - 1), int_term(depth - 1)});
      case 7: return b.make(Op::Ne, B, {int_term(depth - 1), int_term(depth - 1)});
      case 8: return b.make(Op::Lt, B, {int_term(depth - 1), int_term(depth - 1)});
      case 9: return b.make(Op::Le, B, {int_term(depth - 1), int_term(depth - 1)});
      case 10: return b.make(Op::Gt, B, {int_term(depth - 1), int_term(depth - 1)});
      case 11: return b.make(Op::Ge, B, {int_term(depth - 1), int_term(depth - 1)});
      case 12: return b.make(Op::AllDiff, B, {int_term(depth - 1), int_term(depth - 1), int_term(depth - 1)});
      case 13: return b.make(Op::Eq, B, {b.make(Op::Count, ir::ValueKind::Int, {bool_term(depth - 1), bool_term(depth - 1)}), b.integer(pick(3))});
      default: {
        // A random 2-column table over small values (null included).
        auto& tables = b.program().tables;
        ir::TableData t;
        int rows = 1 + pick(4);
        for (int r = 0; r < rows; ++r) {
          ir::Value v0 = allow_null && pick(6) == 0 ? ir::kNull : pick(5) - 2;
          t.rows.push_back({v0, static_cast<ir::Value>(pick(5) - 2)});
        }
        tables.push_back(t);
        return b.make(Op::Table, B, {int_term(depth - 1), int_term(depth - 1)},
                      static_cast<ir::Value>(tables.size() - 1));
      }
    }
  }
};

}  // namespace pzc::test
