// Tests of the state-program bytecode: validation, the interpreter against the tabulated
// form, incremental evaluation, the grid-permutation analysis and linear conflict.
#include <boost/test/unit_test.hpp>

#include <random>

#include "runtime/statespace/program.hpp"
#include "jugs_failing_def.hpp"

using namespace pzc::statespace;
using pzc::statespace::testing::poisoning_program;

namespace {

State random_permutation(int n, std::mt19937& rng) {
  State s(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) s[static_cast<std::size_t>(i)] = static_cast<Value>(i);
  std::shuffle(s.begin(), s.end(), rng);
  return s;
}

// Manhattan distance written directly, to compare with the bytecode.
int manhattan(const State& s, int rows, int cols) {
  const int n = rows * cols;
  int h = 0;
  for (int p = 0; p < n; ++p) {
    const int v = s[static_cast<std::size_t>(p)];
    if (v == 0) continue;
    const int g = v - 1;
    h += std::abs(p / cols - g / cols) + std::abs(p % cols - g % cols);
  }
  return h;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(program)

BOOST_AUTO_TEST_CASE(seed_example_heuristic_is_six) {
  // The seed: "in this example the estimate is 6".
  const CompiledProgram cp(make_sliding_tiles(3, 3));
  const State s{4, 1, 3, 2, 0, 6, 7, 5, 8};
  BOOST_TEST(cp.heuristic(s.data()) == 6);
  BOOST_TEST(cp.goal_failures(s.data()) > 0);
  const State goal{1, 2, 3, 4, 5, 6, 7, 8, 0};
  BOOST_TEST(cp.goal_failures(goal.data()) == 0);
  BOOST_TEST(cp.heuristic(goal.data()) == 0);
}

BOOST_AUTO_TEST_CASE(sliding_tiles_is_fully_tabulated) {
  const CompiledProgram cp(make_sliding_tiles(4, 4));
  BOOST_TEST(cp.tabulated_moves());
  BOOST_TEST(cp.tabulated_heuristic());
  const CompiledProgram interp(make_sliding_tiles(4, 4), false, false);
  BOOST_TEST(!interp.tabulated_moves());
  BOOST_TEST(!interp.tabulated_heuristic());
}

BOOST_AUTO_TEST_CASE(interpreter_and_tables_agree) {
  // For random boards of several shapes: same enabled moves, same successors, same h and
  // goal failures; the incremental updates equal a full recomputation; undo restores.
  std::mt19937 rng(12345);
  for (auto [rows, cols] : {std::pair{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {1, 5}}) {
    const StateProgram p = make_sliding_tiles(rows, cols);
    const CompiledProgram fast(p);
    const CompiledProgram slow(p, false, false);
    for (int trial = 0; trial < 50; ++trial) {
      State s = random_permutation(rows * cols, rng);
      const int h = fast.heuristic(s.data());
      BOOST_TEST(h == slow.heuristic(s.data()));
      BOOST_TEST(h == manhattan(s, rows, cols));
      const int fails = fast.goal_failures(s.data());
      BOOST_TEST(fails == slow.goal_failures(s.data()));
      CompiledProgram::Context cf{}, cs{};
      fast.prepare(s.data(), cf);
      slow.prepare(s.data(), cs);
      BOOST_TEST(cf.locals[0] == cs.locals[0]);
      for (int m = 0; m < fast.num_moves(); ++m) {
        State a = s, b = s;
        Change ca, cb;
        const bool ea = fast.try_move(m, cf, a.data(), ca);
        const bool eb = slow.try_move(m, cs, b.data(), cb);
        BOOST_TEST(ea == eb);
        BOOST_TEST(a == b);
        if (!ea) {
          BOOST_TEST(a == s);
          continue;
        }
        BOOST_TEST(fast.heuristic_after(h, a.data(), ca) == manhattan(a, rows, cols));
        BOOST_TEST(slow.heuristic_after(h, b.data(), cb) == manhattan(b, rows, cols));
        BOOST_TEST(fast.goal_failures_after(fails, a.data(), ca) == fast.goal_failures(a.data()));
        CompiledProgram::Context next{}, full{};
        fast.prepare_after(cf, a.data(), ca, next);
        fast.prepare(a.data(), full);
        BOOST_TEST(next.locals[0] == full.locals[0]);
        BOOST_TEST(next.combo == full.combo);
        CompiledProgram::undo(a.data(), ca);
        BOOST_TEST(a == s);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(blank_moves_follow_the_seed) {
  // `left` moves the blank left: it swaps with the tile on its left.
  const CompiledProgram cp(make_sliding_tiles(3, 3));
  State s{4, 1, 3, 2, 0, 6, 7, 5, 8};
  CompiledProgram::Context ctx{};
  cp.prepare(s.data(), ctx);
  BOOST_TEST(ctx.locals[0] == 4);
  Change c;
  BOOST_TEST(cp.program().moves[2].name == "left");
  BOOST_TEST(cp.try_move(2, ctx, s.data(), c));
  BOOST_TEST(s == (State{4, 1, 3, 0, 2, 6, 7, 5, 8}), boost::test_tools::per_element());
  // In the corner only two moves are enabled: right and down.
  State corner{0, 1, 2, 3, 4, 5, 6, 7, 8};
  cp.prepare(corner.data(), ctx);
  std::vector<std::string> enabled;
  for (int m = 0; m < cp.num_moves(); ++m) {
    State t = corner;
    if (cp.try_move(m, ctx, t.data(), c)) enabled.push_back(cp.program().moves[static_cast<std::size_t>(m)].name);
  }
  BOOST_TEST(enabled == (std::vector<std::string>{"right", "down"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(validation_rejects_bad_code) {
  StateProgram p = make_sliding_tiles(2, 2);
  p.moves[0].guard = CodeBuilder().local(0).lt().build();  // underflow
  BOOST_CHECK_THROW(validate(p), ProgramError);
  p = make_sliding_tiles(2, 2);
  p.moves[0].guard = CodeBuilder().cur_slot().build();  // cur_slot outside per-slot code
  BOOST_CHECK_THROW(validate(p), ProgramError);
  p = make_sliding_tiles(2, 2);
  p.moves[0].effect = CodeBuilder().push(1).build();  // an effect leaving a value
  BOOST_CHECK_THROW(validate(p), ProgramError);
  p = make_sliding_tiles(2, 2);
  p.goal_per_slot = CodeBuilder().slot(7).build();  // slot out of range
  BOOST_CHECK_THROW(validate(p), ProgramError);
  p = make_sliding_tiles(2, 2);
  p.moves[0].guard = CodeBuilder().push(1).swap().build();
  BOOST_CHECK_THROW(validate(p), ProgramError);
  BOOST_CHECK_NO_THROW(validate(make_sliding_tiles(2, 2)));
}

BOOST_AUTO_TEST_CASE(interpreter_arithmetic_and_jumps) {
  std::int32_t locals[1] = {0};
  const State s{5, -3, 7};
  auto run = [&](const CodeBuilder& b) { return eval(b.build(), s.data(), 3, locals); };
  BOOST_TEST(run(CodeBuilder().push(-7).push(3).mod()) == 2);   // Euclidean mod
  BOOST_TEST(run(CodeBuilder().push(-7).push(3).div()) == -3);  // floor division
  BOOST_TEST(run(CodeBuilder().slot(1).abs().slot(0).max()) == 5);
  BOOST_TEST(run(CodeBuilder().push(7).find()) == 2);
  BOOST_TEST(run(CodeBuilder().push(9).find()) == -1);
  BOOST_TEST(run(CodeBuilder().push(2).at()) == 7);
  BOOST_TEST(run(CodeBuilder().push(7).row_of(3)) == 2);
  BOOST_TEST(run(CodeBuilder().push(7).col_of(3)) == 1);
  BOOST_TEST(run(CodeBuilder().push(1).push(0).land().lnot()) == 1);
  // if s[0] > 4 then 10 else 20
  CodeBuilder b;
  b.slot(0).push(4).gt();
  const int jf = b.label();
  b.jump_if_false();
  b.push(10);
  const int j = b.label();
  b.jump();
  b.patch(jf, b.label());
  b.push(20);
  b.patch(j, b.label());
  BOOST_TEST(run(b) == 10);
  BOOST_CHECK_THROW(run(CodeBuilder().push(1).push(0).div()), ProgramError);
  BOOST_CHECK_THROW(run(CodeBuilder().push(3).at()), ProgramError);
}

BOOST_AUTO_TEST_CASE(grid_permutation_is_derived_from_the_code) {
  const auto g = analyze_grid_permutation(make_sliding_tiles(3, 3));
  BOOST_REQUIRE(g.has_value());
  BOOST_TEST(g->blank == 0);
  BOOST_TEST(g->goal == (State{1, 2, 3, 4, 5, 6, 7, 8, 0}), boost::test_tools::per_element());
  BOOST_TEST(g->goal_pos[0] == 8);
  BOOST_TEST(g->goal_pos[5] == 4);
  // A move that jumps two cells is not the sliding schema: no linear conflict for it.
  StateProgram p = make_sliding_tiles(3, 3);
  p.moves[0].effect = CodeBuilder().local(0).local(0).push(2).add().swap().build();
  p.moves[0].guard = CodeBuilder().local(0).col_of(3).push(1).lt().build();
  BOOST_TEST(!analyze_grid_permutation(p).has_value());
  BOOST_CHECK_THROW(CompiledProgram(p, true), ProgramError);
}

// A per-slot goal or heuristic that fails on some (slot, value) of the declared range,
// which no reachable state may hold (`3 mod a[i]` at 0), is not tabulated but evaluated per
// state; constructing the program must not raise (QA's D2), a state that hits it does.
BOOST_AUTO_TEST_CASE(tables_skip_values_that_fail_to_evaluate) {
  StateProgram p;
  p.name = "X";
  p.num_slots = 2;
  p.value_min = 0;
  p.value_max = 3;
  p.moves.push_back({"m", CodeBuilder().slot(0).push(3).lt().build(),
                     CodeBuilder().push(0).slot(0).push(1).add().assign().build()});
  p.goal_per_slot = CodeBuilder().push(3).cur_value().mod().push(0).eq().build();
  p.heuristic_name = "h";
  p.heuristic_per_slot = CodeBuilder().push(2).cur_value().div().build();
  const CompiledProgram cp(p);
  BOOST_TEST(cp.goal_table().empty());
  BOOST_TEST(cp.h_table().empty());
  const State s{1, 1};
  BOOST_TEST(cp.goal_failures(s.data()) == 0);
  BOOST_TEST(cp.heuristic(s.data()) == 4);
  const State z{0, 1};
  try {
    cp.goal_failures(z.data());
    BOOST_ERROR("no error");
  } catch (const ProgramError& e) {
    BOOST_TEST((e.in == ProgramError::In::goal));
    BOOST_TEST(std::string(e.what()) == "in the goal: modulo by zero");
  }
  // Incrementally too: a change into 0 raises, named.
  State t{1, 1};
  Change c;
  c.count = 1;
  c.slot[0] = 0;
  c.old_value[0] = 1;
  t[0] = 0;
  BOOST_CHECK_THROW(cp.goal_failures_after(0, t.data(), c), ProgramError);
  try {
    cp.heuristic_after(4, t.data(), c);
    BOOST_ERROR("no error");
  } catch (const ProgramError& e) {
    BOOST_TEST((e.in == ProgramError::In::heuristic));
    BOOST_TEST(std::string(e.what()) == "in heuristic h: division by zero");
  }
}

BOOST_AUTO_TEST_CASE(linear_conflict_values) {
  const CompiledProgram mh(make_sliding_tiles(3, 3));
  const CompiledProgram lc(make_sliding_tiles(3, 3), true);
  // 2 and 1 are both in their goal row, in the wrong order: +2.
  const State a{2, 1, 3, 4, 5, 6, 7, 8, 0};
  BOOST_TEST(mh.heuristic(a.data()) == 2);
  BOOST_TEST(lc.heuristic(a.data()) == 4);
  // 3 2 1 in the top row: two of the three must leave the row: +4.
  const State b{3, 2, 1, 4, 5, 6, 7, 8, 0};
  BOOST_TEST(mh.heuristic(b.data()) == 4);
  BOOST_TEST(lc.heuristic(b.data()) == 8);
  // A column conflict: 4 above 1 in column 0.
  const State c{4, 2, 3, 1, 5, 6, 7, 8, 0};
  BOOST_TEST(lc.heuristic(c.data()) == mh.heuristic(c.data()) + 2);
  // Incremental equals full over random successors.
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    State s = random_permutation(9, rng);
    const int h = lc.heuristic(s.data());
    CompiledProgram::Context ctx{};
    lc.prepare(s.data(), ctx);
    for (int m = 0; m < lc.num_moves(); ++m) {
      State t = s;
      Change ch;
      if (!lc.try_move(m, ctx, t.data(), ch)) continue;
      BOOST_TEST(lc.heuristic_after(h, t.data(), ch) == lc.heuristic(t.data()));
    }
  }
}

// A def that fails on a state poisons itself and the defs that read it; nothing is raised
// until code that runs reads one (a guard that short-circuits before the read does not).
BOOST_AUTO_TEST_CASE(a_failing_def_is_an_error_only_where_it_is_read) {
  const CompiledProgram cp(poisoning_program(false));
  BOOST_TEST(!cp.tabulated_moves());
  CompiledProgram::Context ctx{};
  State s{0, 0};
  cp.prepare(s.data(), ctx);
  BOOST_TEST(ctx.poisoned == 0b011);  // q and r; t short-circuits before reading q
  BOOST_TEST(ctx.locals[2] == 0);
  Change c;
  BOOST_TEST(!cp.try_move(1, ctx, s.data(), c));  // halve: disabled, no error
  BOOST_TEST(cp.goal_failures(s.data()) == 1);    // the goal reads no def
  BOOST_TEST(cp.try_move(0, ctx, s.data(), c));   // fill
  BOOST_TEST((s == State{3, 0}));
  // The fast path on a state where every def evaluates: nothing poisoned (the context,
  // reused from a poisoned state, is cleared).
  cp.prepare(s.data(), ctx);
  BOOST_TEST(ctx.poisoned == 0);
  BOOST_TEST(ctx.locals[0] == 4);
  BOOST_TEST(ctx.locals[1] == 5);
  BOOST_TEST(ctx.locals[2] == 1);
  BOOST_TEST(cp.try_move(1, ctx, s.data(), c));  // halve: jug[2] := 4
  BOOST_TEST((s == State{3, 4}));
  BOOST_TEST(cp.goal_failures(s.data()) == 0);
}

// Reading a poisoned def raises the error of the def that failed first (q, also when the
// code read r, which failed because it read q), named (and so located) as the def's, with
// the state left as it was.
BOOST_AUTO_TEST_CASE(reading_a_failed_def_raises_its_error) {
  const CompiledProgram cp(poisoning_program(true));
  CompiledProgram::Context ctx{};
  State s{0, 0};
  cp.prepare(s.data(), ctx);
  Change c;
  try {
    cp.try_move(2, ctx, s.data(), c);
    BOOST_ERROR("no error");
  } catch (const ProgramError& e) {
    BOOST_TEST((e.in == ProgramError::In::def));
    BOOST_TEST(e.name == "q");
    BOOST_TEST(std::string(e.what()) ==
               "in def q (used by def r, def t, move halve and move bad): division by zero");
  }
  BOOST_TEST((s == State{0, 0}));
  // An effect that reads it after changing the state: the same error (of the state before
  // the move), the change undone.
  StateProgram p = poisoning_program(false);
  p.moves.push_back({"late", {}, CodeBuilder().push(1).push(2).assign().push(1).local(0).assign().build()});
  const CompiledProgram late(p);
  late.prepare(s.data(), ctx);
  try {
    late.try_move(2, ctx, s.data(), c);
    BOOST_ERROR("no error");
  } catch (const ProgramError& e) {
    BOOST_TEST((e.in == ProgramError::In::def));
    BOOST_TEST(std::string(e.what()) ==
               "in def q (used by def r, def t, move halve and move late): division by zero");
  }
  BOOST_TEST((s == State{0, 0}));
  // The goal and a whole-state heuristic.
  p = poisoning_program(false);
  p.goal = CodeBuilder().local(1).push(5).eq().build();
  p.heuristic_name = "h";
  p.heuristic = CodeBuilder().local(2).build();
  const CompiledProgram g(p);
  BOOST_TEST(g.heuristic(s.data()) == 0);  // t is not poisoned
  try {
    g.goal_failures(s.data());
    BOOST_ERROR("no error");
  } catch (const ProgramError& e) {
    BOOST_TEST((e.in == ProgramError::In::def));
    BOOST_TEST(e.name == "q");
    BOOST_TEST(std::string(e.what()) ==
               "in def q (used by def r, def t, move halve, the goal and heuristic h): division by zero");
  }
  p.heuristic = CodeBuilder().local(0).build();
  const CompiledProgram h(p);
  try {
    h.heuristic(s.data());
    BOOST_ERROR("no error");
  } catch (const ProgramError& e) {
    BOOST_TEST((e.in == ProgramError::In::def));
  }
  const State ok{2, 0};
  BOOST_TEST(h.heuristic(ok.data()) == 6);
  BOOST_TEST(h.goal_failures(ok.data()) == 1);  // r = 7
}


BOOST_AUTO_TEST_SUITE_END()
