// End to end: the hint runtime on the bundled puzzles. Every hint is checked sound with Z3
// (cited constraints + the facts before it + its negation is unsat), explain reaches the
// solution Z3 finds, the same input gives the same trace, and --apply style runs work.
#include <boost/test/unit_test.hpp>

#include <functional>

#include <algorithm>
#include <memory>
#include <string>

#include "compiler/driver/hint_command.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/hints/hints.hpp"
#include "runtime/ir/eval.hpp"

namespace {

using pzc::driver::Session;
namespace hints = pzc::hints;
namespace ir = pzc::ir;

std::unique_ptr<Session> load(const std::string& spec, const std::string& instance) {
  auto s = std::make_unique<Session>();
  bool ok = s->load_spec(std::string(PZC_SOURCE_DIR) + "/" + spec) &&
            s->select_instance(instance.empty() || instance.find('/') == std::string::npos
                                   ? instance
                                   : std::string(PZC_SOURCE_DIR) + "/" + instance) &&
            s->ground();
  BOOST_REQUIRE_MESSAGE(ok && !s->diags.has_errors(), s->render_diagnostics());
  return s;
}

// Runs the whole trace and checks every step; returns the trace.
hints::Trace check_trace(const std::string& spec, const std::string& instance, bool check_every_step = true) {
  auto s = load(spec, instance);
  const ir::Program& p = *s->program;
  pzc::z3lower::Z3Backend backend(p);
  pzc::driver::Z3ProofOracle oracle(backend);
  hints::HintEngine engine(p, {}, &oracle);
  hints::State st = hints::State::from_program(p);
  hints::Trace t;
  int step = 0;
  while (!st.solved()) {
    auto h = engine.next(st);
    BOOST_REQUIRE_MESSAGE(h, instance << ": stuck after " << step << " hints");
    if (check_every_step) {
      // Sound: the cited constraints and the facts entail the conclusion.
      auto facts = st.facts();
      ir::Literal negated = h->literal();
      negated.positive = !negated.positive;
      facts.push_back(negated);
      // A declared technique was proved against all the rules (with the state's candidates).
      std::vector<int> cited = h->constraints;
      if (h->technique == hints::Technique::Declared) {
        cited.clear();
        for (int c = 0; c < static_cast<int>(p.constraints.size()); ++c) cited.push_back(c);
      }
      auto core = backend.unsat_core(cited, facts);
      BOOST_CHECK_MESSAGE(core.has_value(), instance << " step " << step + 1 << " unsound: " << hints::explain(p, *h));
      BOOST_CHECK(!hints::explain(p, *h).empty());
    }
    hints::HintEngine::apply(st, *h);
    BOOST_REQUIRE(!st.contradiction());
    t.hints.push_back(*h);
    ++step;
  }
  t.solved = true;
  t.final_state = st;
  auto sol = backend.solve();
  BOOST_REQUIRE(sol.solution);
  BOOST_CHECK(st.assignment() == *sol.solution);
  return t;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hints_e2e)

BOOST_AUTO_TEST_CASE(abc_5x5_every_step_sound) { check_trace("puzzles/abc/abc.pz", "puzzles/abc/abc_5x5_a.pz"); }
BOOST_AUTO_TEST_CASE(abc_5x5_b_every_step_sound) { check_trace("puzzles/abc/abc.pz", "puzzles/abc/abc_5x5_b.pz"); }
BOOST_AUTO_TEST_CASE(abc_6x6_every_step_sound) { check_trace("puzzles/abc/abc.pz", "puzzles/abc/abc_6x6_a.pz"); }
BOOST_AUTO_TEST_CASE(lightup_7x7_every_step_sound) {
  check_trace("puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_7x7_a.pz");
  check_trace("puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_7x7_b.pz");
}
BOOST_AUTO_TEST_CASE(lightup_10x10_every_step_sound) {
  check_trace("puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_10x10_d1.pz");
  check_trace("puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_10x10_d2.pz");
}
BOOST_AUTO_TEST_CASE(sudoku_every_step_sound) {
  auto t = check_trace("puzzles/sudoku/sudoku.pz", "inkala");
  // Inkala's puzzle is not solvable by singles: it needs the higher tiers.
  BOOST_CHECK_GE(hints::grade(t).max_tier, 4);
}

// Flip's tier-5 steps come from the elimination of its parities (Z3 decides no 20x20
// board's core questions without it): each is sound (checked by check_trace with Z3), and
// the rules it cites are minimal: with any one of them left out, Z3 finds the value
// ruled out possible. The grade is the one the Z3 cores gave (score 372 before).
BOOST_AUTO_TEST_CASE(flip_tier5_steps_are_sound_and_minimal) {
  auto t = check_trace("puzzles/flip/flip.pz", "puzzles/flip/flip_10x10.pz");
  auto s = load("puzzles/flip/flip.pz", "puzzles/flip/flip_10x10.pz");
  const ir::Program& p = *s->program;
  pzc::z3lower::Z3Backend backend(p);
  hints::State st = hints::State::from_program(p);
  int tier5 = 0;
  for (const auto& h : t.hints) {
    if (h.tier == 5) {
      ++tier5;
      auto facts = st.facts();
      ir::Literal negated = h.literal();
      negated.positive = !negated.positive;
      facts.push_back(negated);
      for (std::size_t i = 0; i < h.constraints.size(); ++i) {
        std::vector<int> rest = h.constraints;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        BOOST_TEST(!backend.unsat_core(rest, facts, /*minimal=*/false).has_value());
      }
    }
    hints::HintEngine::apply(st, h);
  }
  BOOST_TEST(tier5 == 9);
  BOOST_TEST(hints::grade(t).score == 372);
}

// Walks the hint runtime's trace of an instance, one hint at a time, calling `f` with
// each hint and the state before it.
void for_each_hint(const std::string& spec, const std::string& instance,
                   const std::function<void(const ir::Program&, const hints::State&, const hints::Hint&)>& f) {
  auto s = load(spec, instance);
  const ir::Program& p = *s->program;
  hints::HintEngine engine(p);
  hints::State st = hints::State::from_program(p);
  while (!st.solved()) {
    auto h = engine.next(st);
    BOOST_REQUIRE(h);
    f(p, st, *h);
    hints::HintEngine::apply(st, *h);
  }
}

// A direct check cites only the placed cells it needs: with just those placed, each value
// it removes breaks the rule, and without any one of them some value no longer does
// (Hitori's connectivity once cited every placed square of the grid).
BOOST_AUTO_TEST_CASE(direct_checks_cite_only_the_cells_they_need) {
  int checked = 0;
  for (auto [spec, instance] : {std::pair{"puzzles/hitori/hitori.pz", "puzzles/hitori/hitori_8x8_k.pz"},
                                {"puzzles/towers/towers.pz", "puzzles/towers/towers_5x5_e.pz"}}) {
    for_each_hint(spec, instance, [&, instance = instance](const ir::Program& p, const hints::State& st, const hints::Hint& hint) {
      const hints::Hint* h = &hint;
      if (h->technique == hints::Technique::DirectCheck) {
        const ir::Constraint& c = p.constraints[static_cast<std::size_t>(h->constraints.at(0))];
        ir::PartialAssignment partial(p.vars.size());
        for (ir::VarId w : h->witnesses) {
          BOOST_REQUIRE(st.domains().size(w) == 1);
          partial[static_cast<std::size_t>(w)] = p.vars[static_cast<std::size_t>(w)].domain[static_cast<std::size_t>(st.domains().first(w))];
        }
        auto breaks = [&](ir::Value v) {
          partial[static_cast<std::size_t>(h->var)] = v;
          bool f = ir::evaluate_partial(p, c.term, partial) == ir::Truth::False;
          partial[static_cast<std::size_t>(h->var)] = std::nullopt;
          return f;
        };
        BOOST_TEST_CONTEXT(instance << ": " << hints::explain(p, *h)) {
          for (ir::Value v : h->removed) BOOST_TEST(breaks(v));
          for (ir::VarId w : h->witnesses) {
            auto kept = partial[static_cast<std::size_t>(w)];
            partial[static_cast<std::size_t>(w)] = std::nullopt;
            BOOST_TEST(std::any_of(h->removed.begin(), h->removed.end(), [&](ir::Value v) { return !breaks(v); }),
                       "witness " << w << " is not needed");
            partial[static_cast<std::size_t>(w)] = kept;
          }
        }
        ++checked;
      }
    });
  }
  BOOST_TEST(checked > 20);
}

// A deduction by enumeration (one rule alone, two rules together) names as "given" only
// the cells whose candidates are already restricted; with none, it says so.
BOOST_AUTO_TEST_CASE(enumerations_name_only_restricted_cells) {
  int named = 0, unnamed = 0;
  for (auto [spec, instance] : {std::pair{"puzzles/nonogram/nonogram.pz", "puzzles/nonogram/nonogram_10x10.pz"},
                                {"puzzles/towers/towers.pz", "puzzles/towers/towers_5x5_e.pz"},
                                {"puzzles/starbattle/starbattle.pz", "puzzles/starbattle/sb_6x6.pz"}}) {
    for_each_hint(spec, instance, [&, instance = instance](const ir::Program& p, const hints::State& st, const hints::Hint& hint) {
      const hints::Hint* h = &hint;
      if (h->technique == hints::Technique::SingleRule || h->technique == hints::Technique::RulePair) {
        for (ir::VarId w : h->witnesses) BOOST_TEST(st.domains().size(w) < st.domains().initial_size(w), instance << ": " << hints::explain(p, *h));
        const std::string text = hints::explain(p, *h);
        if (h->witnesses.empty()) {
          ++unnamed;
          BOOST_TEST(text.find("given the candidates") == std::string::npos, text);
        } else {
          ++named;
        }
      }
    });
  }
  BOOST_TEST(named > 10);
  // (A value that breaks a rule whatever the other cells hold is a tier-1 direct check
  // when the rule is an expression, so the unnamed enumerations are the other kinds'.)
  BOOST_TEST(unnamed > 2);
}

BOOST_AUTO_TEST_CASE(same_input_same_trace) {
  auto s = load("puzzles/abc/abc.pz", "puzzles/abc/abc_6x6_b.pz");
  const ir::Program& p = *s->program;
  std::vector<std::string> runs[2];
  for (auto& run : runs) {
    pzc::z3lower::Z3Backend backend(p);
    pzc::driver::Z3ProofOracle oracle(backend);
    hints::HintEngine engine(p, {}, &oracle);
    auto t = engine.solve(hints::State::from_program(p));
    BOOST_CHECK(t.solved);
    for (const auto& h : t.hints) run.push_back(hints::explain(p, h));
  }
  BOOST_CHECK(runs[0] == runs[1]);
  BOOST_CHECK(!runs[0].empty());
}

BOOST_AUTO_TEST_CASE(incremental_trace_equals_fresh_hints) {
  // solve() caches per constraint; next() starts afresh each time: same sequence.
  auto s = load("puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_10x10_d0.pz");
  const ir::Program& p = *s->program;
  hints::HintEngine engine(p);
  auto t = engine.solve(hints::State::from_program(p));
  BOOST_REQUIRE(t.solved);
  hints::State st = hints::State::from_program(p);
  for (const auto& h : t.hints) {
    auto n = engine.next(st);
    BOOST_REQUIRE(n);
    BOOST_CHECK(n->var == h.var && n->value == h.value && n->sets == h.sets && n->technique == h.technique);
    hints::HintEngine::apply(st, *n);
  }
}

BOOST_AUTO_TEST_CASE(easy_lightup_needs_only_tier_one) {
  auto s = load("puzzles/lightup/lightup.pz", "puzzles/lightup/lightup_10x10_d0.pz");
  hints::HintEngine engine(*s->program);
  auto t = engine.solve(hints::State::from_program(*s->program));
  BOOST_CHECK(t.solved);
  auto g = hints::grade(t);
  BOOST_CHECK_EQUAL(g.max_tier, 1);
  BOOST_CHECK_EQUAL(g.level, "easy");
  BOOST_CHECK_EQUAL(g.steps, static_cast<int>(t.hints.size()));
  BOOST_CHECK_EQUAL(g.per_tier[1], g.steps);
}

BOOST_AUTO_TEST_CASE(hidden_single_in_a_row_of_a_person_grid) {
  // Row 1 of the solution written in except the cell holding A: r1c<that> is the only cell
  // left for A in row 1 (a hidden single), and count-reached then rules every letter of
  // row 1 out of the rest of its column.
  auto s = load("puzzles/abc/abc.pz", "puzzles/abc/abc_5x5_a.pz");
  const ir::Program& p = *s->program;
  pzc::z3lower::Z3Backend backend(p);
  auto sol = backend.solve();
  BOOST_REQUIRE(sol.solution);
  const auto& g = p.groups[0];
  std::string row;
  int a_col = -1;
  for (int c = 0; c < 5; ++c) {
    std::string sym = p.symbols[static_cast<std::size_t>((*sol.solution)[static_cast<std::size_t>(g.first + c)])];
    if (sym == "A") a_col = c;
    row += sym == "A" ? "." : sym;
  }
  BOOST_REQUIRE(a_col >= 0);
  std::string error;
  auto grid = pzc::driver::read_grid(*s, row + "/...../...../...../.....", error);
  BOOST_REQUIRE_MESSAGE(grid, error);
  hints::State st = hints::State::from_grid(p, *grid);
  hints::HintEngine engine(p);
  auto hs = engine.all_of(st, hints::Technique::HiddenSingle);
  std::string want = "r1c" + std::to_string(a_col + 1);
  bool found = false;
  for (const auto& h : hs)
    if (hints::cell_name(p, h.var) == want && h.sets && p.symbols[static_cast<std::size_t>(h.value)] == "A") {
      found = true;
      BOOST_CHECK_NE(hints::explain(p, h).find("A appears once in row 1"), std::string::npos);
    }
  BOOST_CHECK_MESSAGE(found, "no hidden single for A at " << want);
  for (const auto& h : engine.all_of(st, hints::Technique::CountReached)) hints::HintEngine::apply(st, h);
  for (int c = 0; c < 5; ++c) {
    if (c == a_col || row[static_cast<std::size_t>(c)] == 'X') continue;
    for (int r = 1; r < 5; ++r)
      for (auto v : st.candidates(g.first + r * 5 + c))
        BOOST_CHECK_NE(p.symbols[static_cast<std::size_t>(v)], std::string(1, row[static_cast<std::size_t>(c)]));
  }
}

// A grade alone does not shrink tier-5 cores (hints::Options::minimal_cores, `pzc grade`):
// the trace takes the same steps (a tier-5 step removes one value, whatever it cites), so
// the grade is the same; each unshrunk core still refutes its value, and holds at least as
// many constraints as the minimal one. Inkala's Sudoku needs tier 5.
BOOST_AUTO_TEST_CASE(grade_with_unshrunk_cores_is_the_same) {
  auto s = load("puzzles/sudoku/sudoku.pz", "puzzles/sudoku/sudoku_9x9_inkala.pz");
  const ir::Program& p = *s->program;
  hints::Trace runs[2];
  for (int minimal = 0; minimal < 2; ++minimal) {
    pzc::z3lower::Z3Backend backend(p);
    pzc::driver::Z3ProofOracle oracle(backend);
    hints::Options o;
    o.minimal_cores = minimal == 1;
    hints::HintEngine engine(p, o, &oracle);
    runs[minimal] = engine.solve(hints::State::from_program(p));
    BOOST_REQUIRE(runs[minimal].solved);
  }
  const hints::Trace& fast = runs[0];
  const hints::Trace& full = runs[1];
  BOOST_REQUIRE_EQUAL(fast.hints.size(), full.hints.size());
  int tier5 = 0, larger = 0;  // tier-5 steps; those whose unshrunk core is larger
  pzc::z3lower::Z3Backend check(p);
  hints::State st = hints::State::from_program(p);
  for (std::size_t i = 0; i < full.hints.size(); ++i) {
    const hints::Hint& a = fast.hints[i];
    const hints::Hint& b = full.hints[i];
    BOOST_TEST_CONTEXT("step " << i + 1) {
      BOOST_TEST(a.var == b.var);
      BOOST_TEST(a.value == b.value);
      BOOST_TEST(a.sets == b.sets);
      BOOST_TEST(a.tier == b.tier);
      BOOST_TEST((a.technique == b.technique));
      if (b.tier == 5) {
        ++tier5;
        BOOST_TEST(a.constraints.size() >= b.constraints.size());
        larger += a.constraints.size() > b.constraints.size();
        auto facts = st.facts();
        ir::Literal negated = a.literal();
        negated.positive = !negated.positive;
        facts.push_back(negated);
        BOOST_TEST(check.unsat_core(a.constraints, facts, /*minimal=*/false).has_value());
      } else {
        BOOST_TEST(a.constraints == b.constraints);
      }
    }
    hints::HintEngine::apply(st, b);
  }
  BOOST_TEST(tier5 > 0);
  BOOST_TEST(larger > 0);  // the flag is what made them differ
  BOOST_TEST(hints::grade(fast).level == hints::grade(full).level);
  BOOST_TEST(hints::grade(fast).score == hints::grade(full).score);
}

BOOST_AUTO_TEST_SUITE_END()
