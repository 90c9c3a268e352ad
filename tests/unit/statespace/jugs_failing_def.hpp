// A state program of the jugs example whose def fails on some states, shared by the
// program and search tests of the lazy def errors.
#pragma once

#include "runtime/statespace/program.hpp"

namespace pzc::statespace::testing {

// The defs of the jugs example: q = 12 / jug[1] fails where jug[1] = 0, r = q + 1 reads it,
// t = jug[1] > 0 and q > 3 reads it only behind a short-circuit (jumps inside the def).
// Moves: fill when jug[1] < 3: jug[1] := 3; halve when jug[1] > 0 and q > 3: jug[2] := q;
// bad (optional) when r > 4: jug[2] := 1. Goal jug[2] = 4.
inline StateProgram poisoning_program(bool with_bad) {
  StateProgram p;
  p.name = "J";
  p.num_slots = 2;
  p.value_min = 0;
  p.value_max = 5;
  p.num_locals = 3;
  p.local_names = {"q", "r", "t"};
  auto guarded_q = [] {  // jug[1] > 0 and q > 3, as the lowering writes `and`
    CodeBuilder b;
    b.slot(0).push(0).gt();
    const int jf = b.label();
    b.jump_if_false().local(0).push(3).gt();
    const int j = b.label();
    b.jump().patch(jf, b.label()).push(0).patch(j, b.label());
    return b.build();
  };
  CodeBuilder pre;
  pre.push(12).slot(0).div().set_local(0);
  pre.local(0).push(1).add().set_local(1);
  pre.append(guarded_q()).set_local(2);
  p.prelude = pre.build();
  p.moves.push_back({"fill", CodeBuilder().slot(0).push(3).lt().build(),
                     CodeBuilder().push(0).push(3).assign().build()});
  p.moves.push_back({"halve", guarded_q(), CodeBuilder().push(1).local(0).assign().build()});
  if (with_bad)
    p.moves.push_back({"bad", CodeBuilder().local(1).push(4).gt().build(),
                       CodeBuilder().push(1).push(1).assign().build()});
  p.goal = CodeBuilder().slot(1).push(4).eq().build();
  return p;
}

}  // namespace pzc::statespace::testing
