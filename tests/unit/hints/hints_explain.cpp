// The explanations' templates on hand-built programs and hints: each says what is true of
// the step (QA's list of template defects: a set that removed one value, a hidden single
// over literals on different values, a count whose constant part reaches its bound, ...).
#include <boost/test/unit_test.hpp>

#include "runtime/hints/hints.hpp"

namespace {

namespace hints = pzc::hints;
namespace ir = pzc::ir;

ir::TermId add_term(ir::Program& p, ir::Term t) {
  p.terms.push_back(std::move(t));
  return static_cast<ir::TermId>(p.terms.size() - 1);
}

// Variables x1..x<count> over 1..n, no grid.
ir::Program int_vars(int count, int n) {
  ir::Program p;
  for (int i = 0; i < count; ++i) {
    ir::Variable v;
    v.name = "x" + std::to_string(i + 1);
    for (int k = 1; k <= n; ++k) v.domain.push_back(k);
    v.group = -1;
    p.vars.push_back(v);
    add_term(p, {ir::Op::Var, ir::ValueKind::Int, i, {}});
  }
  return p;
}

// The same variables as the cells of a 1 x count grid: r1c1, r1c2, ...
void as_grid(ir::Program& p) {
  ir::VarGroup g;
  g.name = "cell";
  g.shape = ir::VarGroup::Shape::Grid;
  g.dims = {1, static_cast<int>(p.vars.size())};
  g.count = static_cast<int>(p.vars.size());
  p.groups.push_back(g);
  for (std::size_t i = 0; i < p.vars.size(); ++i) {
    p.vars[i].group = 0;
    p.vars[i].index = {1, static_cast<int>(i) + 1};
  }
}

int add_constraint(ir::Program& p, const std::string& text, ir::Kind kind = ir::Kind::Expr) {
  ir::Constraint c;
  c.kind = kind;
  c.origin = {-1, {}, text};
  p.constraints.push_back(c);
  return static_cast<int>(p.constraints.size() - 1);
}

hints::Hint hint(hints::Technique t, ir::VarId var, ir::Value value, bool sets, std::vector<ir::Value> removed,
                 std::vector<int> constraints, std::vector<ir::VarId> witnesses = {}) {
  hints::Hint h;
  h.technique = t;
  h.var = var;
  h.value = value;
  h.sets = sets;
  h.removed = std::move(removed);
  h.constraints = std::move(constraints);
  h.witnesses = std::move(witnesses);
  return h;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hints_explain)

// 1. A value taken that leaves one candidate: the engine marks the set as what was left,
// and the text says the value ruled out and the one left ("x1 is already 1, so x2 is 2"
// said nothing of 3, removed before).
BOOST_AUTO_TEST_CASE(a_set_by_removing_one_value_says_both) {
  ir::Program p = int_vars(3, 3);
  ir::Constraint all;
  all.kind = ir::Kind::AllDifferent;
  all.scope = {0, 1, 2};
  all.term = add_term(p, {ir::Op::AllDiff, ir::ValueKind::Bool, 0, {0, 1, 2}});
  all.origin = {-1, {}, "each number once in the row"};
  p.constraints.push_back(all);
  hints::State st = hints::State::from_program(p);
  auto& d = st.domains();
  d.remove(0, 1);  // x1 = 1
  d.remove(0, 2);
  st.set_placed(0);
  d.remove(1, 2);  // x2 in {1, 2}
  hints::HintEngine engine(p);
  auto hs = engine.all_of(st, hints::Technique::ValueTaken);
  BOOST_REQUIRE(!hs.empty());
  const hints::Hint& h = hs[0];
  BOOST_CHECK_EQUAL(h.var, 1);
  BOOST_CHECK(h.sets);
  BOOST_CHECK(h.last_left);
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "Each number once in the row: x1 is already 1, so x2 is not 1, and 2 is the only value left for x2.");
  // The heading keeps the short form.
  BOOST_CHECK_EQUAL(hints::conclusion(p, h), "x2 is 2");
  // A hidden single concludes the value itself.
  auto hidden = engine.all_of(st, hints::Technique::HiddenSingle);
  BOOST_REQUIRE(!hidden.empty());
  BOOST_CHECK(hidden[0].sets);
  BOOST_CHECK(!hidden[0].last_left);
  // Other techniques likewise; two or more values ruled out.
  hints::Hint c = hint(hints::Technique::Contradiction, 2, 3, true, {1}, {});
  c.last_left = true;
  BOOST_CHECK(hints::explain(p, c).ends_with(". So x3 is not 1, and 3 is the only value left for x3."));
  hints::Hint dc = hint(hints::Technique::DirectCheck, 2, 3, true, {1, 2}, {0}, {0});
  dc.last_left = true;
  p.vars[2].domain = {1, 2, 3, 4};
  BOOST_CHECK_EQUAL(hints::explain(p, dc),
                    "Each number once in the row: with x1 as it is, it would be broken if x3 is 1 or 2, "
                    "so x3 is neither 1 nor 2, and 3 is the only value left for x3.");
  // A set that rules out every other value of the domain needs no more.
  dc.last_left = false;
  BOOST_CHECK_EQUAL(hints::explain(p, dc),
                    "Each number once in the row: with x1 as it is, it would be broken if x3 is 1 or 2, so x3 is 3.");
}

// 2. "Only x can still be v" only when every literal of the scope tests v.
BOOST_AUTO_TEST_CASE(a_hidden_single_names_a_value_only_when_the_scope_has_one) {
  ir::Program p = int_vars(2, 3);
  int c = add_constraint(p, "exactly one domino shows 1-1", ir::Kind::Cardinality);
  p.constraints[0].literals = {{0, 2, true}, {1, 3, true}};
  p.constraints[0].lo = p.constraints[0].hi = 1;
  hints::Hint h = hint(hints::Technique::HiddenSingle, 0, 2, true, {1, 3}, {c});
  BOOST_CHECK_EQUAL(hints::explain(p, h), "Exactly one domino shows 1-1: nothing else can still meet it, so x1 is 2.");
  as_grid(p);
  BOOST_CHECK_EQUAL(hints::explain(p, h), "Exactly one domino shows 1-1: no other cell can still meet it, so r1c1 is 2.");
  p.constraints[0].literals[1].value = 2;
  BOOST_CHECK_EQUAL(hints::explain(p, h), "Only r1c1 can still be 2 (exactly one domino shows 1-1), so r1c1 is 2.");
}

// 3 and 4. A count at its maximum: what reached it (cells, the count's constant part, or
// a rule that allows none), never "already met".
BOOST_AUTO_TEST_CASE(a_reached_count_says_what_reached_it) {
  ir::Program p = int_vars(3, 2);
  as_grid(p);
  ir::Constraint c;
  c.kind = ir::Kind::Cardinality;
  c.scope = {0, 1, 2};
  c.literals = {{0, 2, true}, {1, 2, true}, {2, 2, true}};
  c.lo = c.hi = 0;
  std::vector<ir::TermId> eqs;
  ir::TermId two = add_term(p, {ir::Op::Const, ir::ValueKind::Int, 2, {}});
  for (ir::TermId v = 0; v < 3; ++v) eqs.push_back(add_term(p, {ir::Op::Eq, ir::ValueKind::Bool, 0, {v, two}}));
  ir::TermId count = add_term(p, {ir::Op::Count, ir::ValueKind::Int, 0, eqs});
  ir::TermId sum = add_term(p, {ir::Op::Add, ir::ValueKind::Int, 0, {count, two}});
  c.term = add_term(p, {ir::Op::Eq, ir::ValueKind::Bool, 0, {sum, two}});
  c.origin = {-1, {}, "2 of the sides of r1c5 are borders"};
  p.constraints.push_back(c);
  hints::Hint h = hint(hints::Technique::CountReached, 1, 1, true, {2}, {0});
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "2 of the sides of r1c5 are borders: the count's fixed part already uses all it allows, so r1c2 is 1.");
  h.witnesses = {0};
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "2 of the sides of r1c5 are borders: r1c1 and the count's fixed part already use all it allows, so r1c2 is 1.");
  // Without the constant part.
  p.constraints[0].term = add_term(p, {ir::Op::Eq, ir::ValueKind::Bool, 0, {count, two}});
  p.constraints[0].origin.text = "row 1 holds as many 1s as 2s";
  BOOST_CHECK_EQUAL(hints::explain(p, h), "Row 1 holds as many 1s as 2s: r1c1 already uses all it allows, so r1c2 is 1.");
  h.witnesses = {0, 2};
  BOOST_CHECK_EQUAL(hints::explain(p, h), "Row 1 holds as many 1s as 2s: r1c1 and r1c3 already use all it allows, so r1c2 is 1.");
  h.witnesses.clear();
  p.constraints[0].origin.text = "no 2 in row 1";
  BOOST_CHECK_EQUAL(hints::explain(p, h), "No 2 in row 1: it allows none, so r1c2 is 1.");
}

// 5. Two rules together: quoted, and the conclusion said once.
BOOST_AUTO_TEST_CASE(a_rule_pair_quotes_both_rules) {
  ir::Program p = int_vars(3, 3);
  as_grid(p);
  int a = add_constraint(p, "A appears once in row 1");
  int b = add_constraint(p, "B appears once in row 1");
  hints::Hint h = hint(hints::Technique::RulePair, 1, 3, false, {3}, {a, b}, {0, 2});
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "Given the candidates left in r1c1 and r1c3, \"A appears once in row 1\" and \"B appears once in row 1\" "
                    "can both be met only if r1c2 is not 3.");
  h.witnesses.clear();
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "Whatever the other cells hold, \"A appears once in row 1\" and \"B appears once in row 1\" "
                    "can both be met only if r1c2 is not 3.");
  p.constraints[static_cast<std::size_t>(b)].origin.text = "A appears once in row 1";
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "Whatever the other cells hold, \"A appears once in row 1\" can be met in both places it applies "
                    "only if r1c2 is not 3.");
}

// 6. A count that needs both of two cells.
BOOST_AUTO_TEST_CASE(a_forced_count_of_two_cells_needs_both) {
  ir::Program p = int_vars(3, 2);
  as_grid(p);
  int c = add_constraint(p, "column 1 holds 4 ship squares", ir::Kind::Cardinality);
  hints::Hint h = hint(hints::Technique::CountForced, 0, 2, true, {1}, {c}, {2});
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "Column 1 holds 4 ship squares: only r1c1 and r1c3 can still count toward it, and both are needed, so r1c1 is 2.");
  h.witnesses = {1, 2};
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "Column 1 holds 4 ship squares: only r1c1, r1c2 and r1c3 can still count toward it, and all are needed, so r1c1 is 2.");
}

// 7 and 8. What would break a rule, in words ("the cat's house = 3" was notation), and
// "the others" where the puzzle has no grid of cells.
BOOST_AUTO_TEST_CASE(a_breaking_value_is_said_in_words) {
  ir::Program p = int_vars(2, 5);
  p.vars[0].label = "the cat's house";
  int c = add_constraint(p, "the dog lives right of the cat");
  hints::Hint h = hint(hints::Technique::DirectCheck, 0, 3, false, {3}, {c});
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "The dog lives right of the cat: whatever the others hold, it would be broken if the cat's house is 3, "
                    "so the cat's house is not 3.");
  h.removed = {4, 5};
  h.value = 4;
  h.witnesses = {1};
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "The dog lives right of the cat: with x2 as it is, it would be broken if the cat's house is 4 or 5, "
                    "so the cat's house is not 4.");
  h.technique = hints::Technique::SolverCore;
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "These rules together rule out that the cat's house is 4 or 5: the dog lives right of the cat. "
                    "So the cat's house is not 4.");
  h.technique = hints::Technique::SingleRule;
  h.witnesses.clear();
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "The dog lives right of the cat: whatever the others hold, no way of meeting it allows otherwise, "
                    "so the cat's house is not 4.");
  as_grid(p);
  BOOST_CHECK_EQUAL(hints::explain(p, h),
                    "The dog lives right of the cat: whatever the other cells hold, no way of meeting it allows otherwise, "
                    "so the cat's house is not 4.");
}

// 9. Headings are capitalised as sentences are; cell names stay lower case.
BOOST_AUTO_TEST_CASE(capitalised_keeps_cell_names) {
  BOOST_CHECK_EQUAL(hints::capitalised("the bridge count below r2c7 is not 0"), "The bridge count below r2c7 is not 0");
  BOOST_CHECK_EQUAL(hints::capitalised("r3c5 is 2"), "r3c5 is 2");
  BOOST_CHECK_EQUAL(hints::capitalised("x_3 is 2"), "x_3 is 2");
  BOOST_CHECK_EQUAL(hints::capitalised("body is blue"), "Body is blue");
  BOOST_CHECK_EQUAL(hints::capitalised("\"a\" and \"b\""), "\"A\" and \"b\"");
  BOOST_CHECK_EQUAL(hints::capitalised(""), "");
}

BOOST_AUTO_TEST_SUITE_END()
