// The hint runtime on hand-built programs: every hint of a full trace is checked sound by
// brute force (every solution consistent with the facts satisfies its conclusion).
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <random>

#include "runtime/hints/hints.hpp"
#include "runtime/ir/builder.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/print.hpp"

namespace {

namespace hints = pzc::hints;
namespace ir = pzc::ir;

// `count` variables x<first>, x<first+1>, ... over 1..n, each with its Var term.
ir::Program int_vars(int count, int n, int first) {
  ir::Program p;
  for (int i = 0; i < count; ++i) {
    ir::Variable v;
    v.name = "x" + std::to_string(i + first);
    for (int k = 1; k <= n; ++k) v.domain.push_back(k);
    v.group = -1;
    p.vars.push_back(v);
    p.terms.push_back({ir::Op::Var, ir::ValueKind::Int, i, {}});
  }
  return p;
}

// n variables over 1..n, all different (as a Sudoku row), with x1 = 1 and x2 <> 2 as
// unary constraints (givens) and a cardinality "exactly one of x2 = 3, x3 = 3".
ir::Program latin_row(int n) {
  ir::Program p = int_vars(n, n, 1);
  auto add_term = [&](ir::Term t) {
    p.terms.push_back(std::move(t));
    return static_cast<ir::TermId>(p.terms.size() - 1);
  };
  auto constant = [&](ir::Value v) { return add_term({ir::Op::Const, ir::ValueKind::Int, v, {}}); };
  p.rules.push_back({"row", "each number once in the row", "t.pz", 1, 1, false});
  p.rules.push_back({"given", "x{i} is given", "t.pz", 2, 1, true});
  ir::Constraint all;
  all.kind = ir::Kind::AllDifferent;
  std::vector<ir::TermId> args;
  for (int i = 0; i < n; ++i) {
    all.scope.push_back(i);
    args.push_back(i);
  }
  all.term = add_term({ir::Op::AllDiff, ir::ValueKind::Bool, 0, args});
  all.origin = {0, {}, "each number once in the row"};
  p.constraints.push_back(all);
  ir::Constraint g1;
  g1.kind = ir::Kind::Clause;
  g1.scope = {0};
  g1.literals = {{0, 1, true}};
  g1.term = add_term({ir::Op::Eq, ir::ValueKind::Bool, 0, {0, constant(1)}});
  g1.origin = {1, {}, "x1 is 1"};
  p.constraints.push_back(g1);
  ir::Constraint card;
  card.kind = ir::Kind::Cardinality;
  card.scope = {1, 2};
  card.literals = {{1, 3, true}, {2, 3, true}};
  card.lo = card.hi = 1;
  ir::TermId e1 = add_term({ir::Op::Eq, ir::ValueKind::Bool, 0, {1, constant(3)}});
  ir::TermId e2 = add_term({ir::Op::Eq, ir::ValueKind::Bool, 0, {2, constant(3)}});
  ir::TermId cnt = add_term({ir::Op::Count, ir::ValueKind::Int, 0, {e1, e2}});
  card.term = add_term({ir::Op::Eq, ir::ValueKind::Bool, 0, {cnt, constant(1)}});
  card.origin = {0, {}, "3 is in x2 or x3"};
  p.constraints.push_back(card);
  return p;
}

// An n x n Latin square (rows and columns all-different over 1..n) with the givens of a
// cyclic solution, each kept with probability `keep`.
ir::Program latin_square(int n, std::mt19937_64& rng, double keep) {
  ir::Program p = int_vars(n * n, n, 0);
  auto add_term = [&](ir::Term t) {
    p.terms.push_back(std::move(t));
    return static_cast<ir::TermId>(p.terms.size() - 1);
  };
  p.rules.push_back({"unit", "each number once", "t.pz", 1, 1, false});
  p.rules.push_back({"given", "a given", "t.pz", 2, 1, true});
  for (int line = 0; line < 2; ++line)
    for (int a = 0; a < n; ++a) {
      ir::Constraint all;
      all.kind = ir::Kind::AllDifferent;
      std::vector<ir::TermId> args;
      for (int b = 0; b < n; ++b) {
        int v = line == 0 ? a * n + b : b * n + a;
        all.scope.push_back(v);
        args.push_back(v);
      }
      std::sort(all.scope.begin(), all.scope.end());
      all.term = add_term({ir::Op::AllDiff, ir::ValueKind::Bool, 0, args});
      all.origin = {0, {}, "each number once"};
      p.constraints.push_back(all);
    }
  std::vector<int> perm(static_cast<std::size_t>(n));
  std::iota(perm.begin(), perm.end(), 1);
  std::shuffle(perm.begin(), perm.end(), rng);
  std::uniform_real_distribution<double> u(0, 1);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (u(rng) >= keep) continue;
      int v = r * n + c;
      ir::Value val = perm[static_cast<std::size_t>((r + c) % n)];
      ir::Constraint g;
      g.kind = ir::Kind::Clause;
      g.scope = {v};
      g.literals = {{v, val, true}};
      ir::TermId k = add_term({ir::Op::Const, ir::ValueKind::Int, val, {}});
      g.term = add_term({ir::Op::Eq, ir::ValueKind::Bool, 0, {v, k}});
      g.origin = {1, {}, "a given"};
      p.constraints.push_back(g);
    }
  return p;
}

// Does `lit` hold in every full assignment that satisfies the cited constraints and lies
// within the state's candidates?
bool entailed(const ir::Program& p, const hints::State& st, const hints::Hint& h) {
  std::vector<std::vector<ir::Value>> cands;
  for (ir::VarId v = 0; v < st.num_vars(); ++v) cands.push_back(st.candidates(v));
  ir::Assignment a(p.vars.size());
  std::vector<std::size_t> at(p.vars.size(), 0);
  while (true) {
    for (std::size_t v = 0; v < a.size(); ++v) a[v] = cands[v][at[v]];
    bool ok = true;
    for (int c : h.constraints) ok = ok && ir::satisfied(p, p.constraints[static_cast<std::size_t>(c)], a);
    bool holds = (a[static_cast<std::size_t>(h.var)] == h.value) == h.sets;
    if (ok && !holds) return false;
    std::size_t j = 0;
    while (j < a.size() && ++at[j] == cands[j].size()) at[j++] = 0;
    if (j == a.size()) return true;
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hints_tier1)

BOOST_AUTO_TEST_CASE(givens_are_applied_and_placed) {
  auto p = latin_row(4);
  auto st = hints::State::from_program(p);
  BOOST_CHECK(st.placed(0));
  BOOST_CHECK(st.candidates(0) == std::vector<ir::Value>{1});
  BOOST_CHECK_EQUAL(st.candidates(1).size(), 4u);
  BOOST_CHECK(!st.solved());
}

BOOST_AUTO_TEST_CASE(first_hint_is_value_taken) {
  auto p = latin_row(4);
  auto st = hints::State::from_program(p);
  hints::HintEngine engine(p);
  auto h = engine.next(st);
  BOOST_REQUIRE(h);
  BOOST_CHECK(h->technique == hints::Technique::ValueTaken);
  BOOST_CHECK_EQUAL(h->tier, 1);
  BOOST_CHECK_EQUAL(h->var, 1);  // x2 loses 1 first (variable order)
  BOOST_CHECK_EQUAL(h->value, 1);
  BOOST_CHECK(!h->sets);
  BOOST_CHECK_EQUAL(hints::explain(p, *h), "Each number once in the row: x1 is already 1, so x2 is not 1.");
}

// The explanation says what would break the rule (the removed value, not the one left)
// and names every cell a count still needs, the hint's own included.
BOOST_AUTO_TEST_CASE(explanations_name_what_breaks_and_every_needed_cell) {
  ir::Program p;
  ir::VarGroup g;
  g.name = "light";
  g.shape = ir::VarGroup::Shape::Grid;
  g.kind = ir::ValueKind::Bool;
  g.dims = {1, 3};
  g.count = 3;
  p.groups.push_back(g);
  for (int c = 1; c <= 3; ++c) {
    ir::Variable v;
    v.name = "light_r1_c" + std::to_string(c);
    v.kind = ir::ValueKind::Bool;
    v.domain = {0, 1};
    v.index = {1, c};
    p.vars.push_back(v);
  }
  ir::Variable d;
  d.name = "d";
  d.domain = {5, 6, 7};
  d.group = -1;
  p.vars.push_back(d);
  ir::Constraint c;
  c.origin = {-1, {}, "one light in the row"};
  p.constraints.push_back(c);
  hints::Hint h;
  h.technique = hints::Technique::DirectCheck;
  h.var = 0;
  h.sets = true;
  h.value = 0;
  h.removed = {1};
  h.constraints = {0};
  h.witnesses = {2};
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "One light in the row: with r1c3 as it is, a light at r1c1 would break it, so no light at r1c1.");
  h.var = 3;
  h.value = 5;
  h.removed = {6, 7};
  h.witnesses = {1, 2};
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "One light in the row: with r1c2 and r1c3 as they are, it would be broken if d is 6 or 7, so d is 5.");
  h.technique = hints::Technique::CountForced;
  h.var = 1;
  h.value = 1;
  h.removed = {0};
  h.witnesses = {0, 2};
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "One light in the row: only r1c1, r1c2 and r1c3 can still count toward it, and all are needed, so a light at r1c2.");
  h.witnesses.clear();
  BOOST_CHECK_EQUAL(hints::explain(p, h), "One light in the row: every other way of meeting it is ruled out, so a light at r1c2.");
  // A variable a `name` declaration names is called by that name; a Bool is on or off.
  p.vars[1].label = "the lamp in the middle";
  p.vars[3].label = "the dial";
  BOOST_CHECK_EQUAL(hints::explain(p, h), "One light in the row: every other way of meeting it is ruled out, so the lamp in the middle is on.");
  h.technique = hints::Technique::DirectCheck;
  h.var = 3;
  h.sets = true;
  h.value = 5;
  h.removed = {6, 7};
  h.witnesses = {1, 2};
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "One light in the row: with the lamp in the middle and r1c3 as they are, it would be broken if the dial is 6 or 7, so the dial is 5.");
  h.var = 1;
  h.value = 0;
  h.removed = {1};
  h.witnesses = {3};
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "One light in the row: with the dial as it is, it would be broken if the lamp in the middle is on, so the lamp in the middle is off.");
  // A rule set cites each text once, where it first appears: one binding may ground
  // several constraints.
  ir::Constraint c2;
  c2.origin = {-1, {}, "no two lights touch"};
  p.constraints.push_back(c2);
  p.constraints.push_back(c);
  p.constraints.push_back(c2);
  h.technique = hints::Technique::SolverCore;
  h.constraints = {0, 1, 2, 3};
  h.witnesses.clear();
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "These rules together rule out that the lamp in the middle is on: one light in the row; no two lights touch. "
                    "So the lamp in the middle is off.");
  // A declared technique whose text ends in its conclusion is not followed by it again.
  ir::TechniqueFact fact;
  fact.origin.text = "the dial is set, so the lamp in the middle is off";
  p.techniques.push_back(fact);
  h.technique = hints::Technique::Declared;
  h.constraints.clear();
  h.fact = 0;
  BOOST_CHECK_EQUAL(hints::explain(p, h), "The dial is set, so the lamp in the middle is off.");
  p.techniques[0].origin.text = "the dial is set";
  BOOST_CHECK_EQUAL(hints::explain(p, h), "The dial is set: the lamp in the middle is off.");
}

BOOST_AUTO_TEST_CASE(every_step_sound_by_brute_force) {
  for (int n : {3, 4, 5}) {
    auto p = latin_row(n);
    auto st = hints::State::from_program(p);
    hints::HintEngine engine(p);
    int steps = 0;
    while (auto h = engine.next(st)) {
      BOOST_CHECK_MESSAGE(entailed(p, st, *h), "unsound: " << hints::explain(p, *h));
      hints::HintEngine::apply(st, *h);
      BOOST_REQUIRE(!st.contradiction());
      BOOST_REQUIRE(++steps < 200);
    }
    // Not unique (x2..xn permute), so without an oracle the trace stops short.
    BOOST_CHECK(!st.solved() || n == 3);
  }
}

BOOST_AUTO_TEST_CASE(technique_table_is_ordered_by_tier) {
  const auto& t = hints::techniques();
  BOOST_REQUIRE_EQUAL(t.size(), static_cast<std::size_t>(hints::kNumTechniques));
  for (std::size_t i = 0; i < t.size(); ++i) {
    BOOST_CHECK(static_cast<std::size_t>(t[i].id) == i);
    // Declared techniques take their tier from the spec (the row says 0); the rest ascend.
    if (i && t[i].id != hints::Technique::Declared) BOOST_CHECK_LE(t[i - 1].tier, t[i].tier);
    BOOST_CHECK(hints::technique_by_name(t[i].name) == t[i].id);
  }
}

BOOST_AUTO_TEST_CASE(grade_formula) {
  hints::Trace t;
  t.solved = true;
  for (int tier : {1, 1, 2, 3}) {
    hints::Hint h;
    h.tier = tier;
    t.hints.push_back(h);
  }
  auto g = hints::grade(t);
  BOOST_CHECK_EQUAL(g.max_tier, 3);
  BOOST_CHECK_EQUAL(g.steps, 4);
  BOOST_CHECK_CLOSE(g.score, 1 + 1 + 2 + 5, 1e-9);
  BOOST_CHECK_EQUAL(g.level, "tricky");  // one tier-3 step only: softened to tricky
}

// Saturation of all-different houses (a word-operation path of its own) reaches what the
// hint-by-hint trace reaches at tier 1: the same verdict on random Latin squares.
BOOST_AUTO_TEST_CASE(saturated_houses_agree_with_the_trace) {
  std::mt19937_64 rng(3);
  int solved = 0, stuck = 0;
  for (int round = 0; round < 300; ++round) {
    int n = 4 + static_cast<int>(rng() % 4);
    ir::Program p = latin_square(n, rng, 0.2 + 0.4 * static_cast<double>(rng() % 100) / 100.0);
    hints::Options o;
    o.max_tier = 1;
    hints::HintEngine a(p, o), b(p, o);
    hints::Trace t = a.solve(hints::State::from_program(p));
    hints::Saturation sat = b.saturate(hints::State::from_program(p));
    BOOST_TEST_CONTEXT("round " << round << " n " << n) {
      BOOST_TEST(sat.solved == t.solved);
      BOOST_TEST(sat.level == hints::grade(t).level);
    }
    (t.solved ? solved : stuck)++;
  }
  BOOST_TEST(solved > 30);
  BOOST_TEST(stuck > 30);
}

// Options::stop (a run's time limit): once set, no deduction is looked for. The same
// program solves with the flag clear, so the stop is what ends the work.
BOOST_AUTO_TEST_CASE(stop_ends_solve_and_saturate) {
  std::mt19937_64 rng(5);
  ir::Program p = latin_square(5, rng, 0.5);
  std::atomic<bool> stop{false};
  hints::Options o;
  o.stop = &stop;
  hints::HintEngine engine(p, o);
  const hints::Trace free_run = engine.solve(hints::State::from_program(p));
  BOOST_REQUIRE(free_run.solved);
  BOOST_REQUIRE(!free_run.hints.empty());
  BOOST_REQUIRE(engine.saturate(hints::State::from_program(p)).solved);
  stop = true;
  const hints::Trace stopped = engine.solve(hints::State::from_program(p));
  BOOST_TEST(!stopped.solved);
  BOOST_TEST(stopped.hints.empty());
  BOOST_TEST(!engine.next(hints::State::from_program(p)));
  BOOST_TEST(!engine.saturate(hints::State::from_program(p)).solved);
}

// Options::on_step (progress of a long trace): once per recorded step, with the trace so
// far, ending with the whole trace.
BOOST_AUTO_TEST_CASE(on_step_sees_every_step) {
  std::mt19937_64 rng(5);
  ir::Program p = latin_square(5, rng, 0.5);
  std::vector<std::size_t> sizes;
  std::vector<hints::Hint> last;
  hints::Options o;
  o.on_step = [&](const std::vector<hints::Hint>& steps) {
    sizes.push_back(steps.size());
    last = steps;
  };
  hints::HintEngine engine(p, o);
  const hints::Trace t = engine.solve(hints::State::from_program(p));
  BOOST_REQUIRE(t.solved);
  BOOST_REQUIRE_EQUAL(sizes.size(), t.hints.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) BOOST_TEST(sizes[i] == i + 1);
  BOOST_REQUIRE_EQUAL(last.size(), t.hints.size());
  for (std::size_t i = 0; i < last.size(); ++i) BOOST_TEST(hints::explain(p, last[i]) == hints::explain(p, t.hints[i]));
}

// Property: condition_around reads a technique's pattern in every candidate state that
// keeps a solution's values (aux variables free, as a uniqueness proof leaves them): when
// it says false, brute force finds no such state where the pattern holds; when true, it
// holds in all. Patterns: possible() and placed() atoms, variables' literals, counts of
// atoms compared with constants, under not, and, or.
BOOST_AUTO_TEST_CASE(condition_around_matches_brute_force) {
  std::mt19937 rng(97);
  auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  using ir::Op;
  const auto B = ir::ValueKind::Bool;
  int said_false = 0, said_true = 0, undecided = 0;
  for (int round = 0; round < 400; ++round) {
    ir::Program p = int_vars(3, 3, 1);  // x1..x3 over 1..3
    ir::Variable b;
    b.name = "b";
    b.kind = ir::ValueKind::Bool;
    b.domain = {0, 1};
    b.group = -1;
    p.vars.push_back(b);
    p.vars[2].aux = pick(2) == 0;  // x3 sometimes an aux variable
    ir::TermBuilder tb(p);
    const int nv = static_cast<int>(p.vars.size());
    auto value_of = [&](ir::VarId x) {
      const auto& dom = p.vars[static_cast<std::size_t>(x)].domain;
      return dom[static_cast<std::size_t>(pick(static_cast<int>(dom.size())))];
    };
    auto atom = [&]() -> ir::TermId {
      auto x = static_cast<ir::VarId>(pick(nv));
      const ir::Value v = value_of(x);
      switch (pick(4)) {
        case 0: return tb.make(Op::Eq, B, {tb.var(x), tb.constant(p.vars[static_cast<std::size_t>(x)].kind, v)});
        case 1: {  // placed(x, v)
          std::vector<ir::TermId> parts{tb.make(Op::Possible, B, {tb.var(x)}, v)};
          for (ir::Value w : p.vars[static_cast<std::size_t>(x)].domain)
            if (w != v) parts.push_back(tb.make(Op::Not, B, {tb.make(Op::Possible, B, {tb.var(x)}, w)}));
          return tb.make(Op::And, B, std::move(parts));
        }
        default: return tb.make(Op::Possible, B, {tb.var(x)}, v);
      }
    };
    auto literal_or_count = [&]() -> ir::TermId {
      ir::TermId t;
      if (pick(3) == 0) {
        std::vector<ir::TermId> xs;
        for (int k = 0, n = 2 + pick(3); k < n; ++k) xs.push_back(atom());
        const Op ops[] = {Op::Eq, Op::Ne, Op::Le, Op::Ge};
        t = tb.make(ops[pick(4)], B, {tb.make(Op::Count, ir::ValueKind::Int, xs), tb.integer(pick(4))});
      } else {
        t = atom();
      }
      return pick(3) == 0 ? tb.make(Op::Not, B, {t}) : t;
    };
    std::vector<ir::TermId> parts;
    for (int k = 0, n = 1 + pick(4); k < n; ++k) parts.push_back(literal_or_count());
    const ir::TermId condition = tb.make(pick(4) ? Op::And : Op::Or, B, std::move(parts));
    ir::Assignment s;
    for (int x = 0; x < nv; ++x) s.push_back(value_of(static_cast<ir::VarId>(x)));
    // Brute force: every value of the aux variable, every candidate set around the values.
    bool some = false, all = true;
    std::vector<int> free_bits;  // per variable, its domain size
    int bits = 0;
    for (const auto& v : p.vars) bits += static_cast<int>(v.domain.size());
    const int aux_values = p.vars[2].aux ? 3 : 1;
    for (int av = 0; av < aux_values; ++av) {
      ir::Assignment a = s;
      if (p.vars[2].aux) a[2] = av + 1;
      for (int mask = 0; mask < (1 << bits); ++mask) {
        std::vector<std::vector<char>> cand;
        int bit = 0;
        bool keeps = true;
        for (std::size_t x = 0; x < p.vars.size(); ++x) {
          cand.emplace_back();
          for (ir::Value w : p.vars[x].domain) {
            cand[x].push_back(static_cast<char>((mask >> bit++) & 1));
            if (w == a[x] && !cand[x].back()) keeps = false;
          }
        }
        if (!keeps) continue;
        auto holds = [&](ir::TermId id, auto&& self) -> std::int64_t {
          const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
          switch (t.op) {
            case Op::Possible: {
              auto x = static_cast<std::size_t>(p.terms[static_cast<std::size_t>(t.args[0])].value);
              const auto& dom = p.vars[x].domain;
              return cand[x][static_cast<std::size_t>(std::find(dom.begin(), dom.end(), t.value) - dom.begin())];
            }
            case Op::Var: return a[static_cast<std::size_t>(t.value)];
            case Op::Const: return t.value;
            case Op::Not: return !self(t.args[0], self);
            case Op::And:
              return std::all_of(t.args.begin(), t.args.end(), [&](ir::TermId u) { return self(u, self) != 0; });
            case Op::Or:
              return std::any_of(t.args.begin(), t.args.end(), [&](ir::TermId u) { return self(u, self) != 0; });
            case Op::Count:
              return std::count_if(t.args.begin(), t.args.end(), [&](ir::TermId u) { return self(u, self) != 0; });
            case Op::Eq: return self(t.args[0], self) == self(t.args[1], self);
            case Op::Ne: return self(t.args[0], self) != self(t.args[1], self);
            case Op::Le: return self(t.args[0], self) <= self(t.args[1], self);
            case Op::Ge: return self(t.args[0], self) >= self(t.args[1], self);
            default: throw std::logic_error("unexpected op in a test pattern");
          }
        };
        const bool h = holds(condition, holds) != 0;
        some = some || h;
        all = all && h;
      }
    }
    const auto said = hints::condition_around(p, condition, s);
    BOOST_TEST_CONTEXT("round " << round << ": " << ir::format_term(p, condition)) {
      if (said == false) BOOST_TEST(!some);
      if (said == true) BOOST_TEST(all);
    }
    said ? (*said ? ++said_true : ++said_false) : ++undecided;
  }
  BOOST_TEST(said_false >= 60);
  BOOST_TEST(said_true >= 20);
  BOOST_TEST(undecided >= 20);
}

BOOST_AUTO_TEST_SUITE_END()
