// Tests for the text rendering of values, IR dumps and drawn assignments (runtime/ir/print).
#include "runtime/ir/print.hpp"

#include <boost/test/unit_test.hpp>

#include "runtime/ir/builder.hpp"

using namespace pzc::ir;

namespace {

VarId add_var(Program& p, const std::string& name, ValueKind kind, std::vector<Value> domain,
              std::int32_t group = 0) {
  p.vars.push_back(Variable{name, kind, std::move(domain), group, {}, false, {}, {}, {}, {}});
  return static_cast<VarId>(p.vars.size() - 1);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(print)

BOOST_AUTO_TEST_CASE(values) {
  Program p;
  p.symbols = {"A", "B"};
  p.strings = {"hello"};
  BOOST_TEST(format_value(p, ValueKind::Int, -12) == "-12");
  BOOST_TEST(format_value(p, ValueKind::Bool, 1) == "true");
  BOOST_TEST(format_value(p, ValueKind::Bool, 0) == "false");
  BOOST_TEST(format_value(p, ValueKind::Symbol, 1) == "B");
  BOOST_TEST(format_value(p, ValueKind::String, 0) == "hello");
  BOOST_TEST(format_value(p, ValueKind::Char, 'x') == "x");
  BOOST_TEST(format_value(p, ValueKind::Char, 0xE9) == "\xC3\xA9");
  BOOST_TEST(format_value(p, ValueKind::Int, kNull) == "null");
  BOOST_TEST(format_value(p, ValueKind::Symbol, kNull) == "null");
  BOOST_TEST(format_value(p, ValueKind::Symbol, 9) == "?9");
}

BOOST_AUTO_TEST_CASE(dump) {
  Program p;
  p.puzzle = "latin";
  p.instance = "tiny";
  p.symbols = {"A", "B"};
  p.groups.push_back(VarGroup{"cell", VarGroup::Shape::Grid, ValueKind::Symbol, {1, 2}, {}, 0, 2});
  VarId a = add_var(p, "cell_r1_c1", ValueKind::Symbol, {0, 1});
  VarId b = add_var(p, "cell_r1_c2", ValueKind::Symbol, {0, 1});
  p.rules.push_back(RuleInfo{"rows", "each letter once in row {r}", "latin.pz", 3, 1, false});
  TermBuilder tb(p);
  auto B = ValueKind::Bool;
  Constraint alldiff;
  alldiff.kind = Kind::AllDifferent;
  alldiff.term = tb.make(Op::AllDiff, B, {tb.var(a), tb.var(b)});
  alldiff.scope = {a, b};
  alldiff.origin = Provenance{0, {{"r", "1"}}, "each letter once in row 1"};
  p.constraints.push_back(alldiff);
  Constraint clause;
  clause.kind = Kind::Clause;
  clause.literals = {Literal{a, 0, true}, Literal{b, 1, false}};
  clause.term = tb.make(Op::Or, B, {tb.make(Op::Eq, B, {tb.var(a), tb.constant(ValueKind::Symbol, 0)}),
                                    tb.make(Op::Ne, B, {tb.var(b), tb.constant(ValueKind::Symbol, 1)})});
  clause.scope = {a, b};
  p.constraints.push_back(clause);
  Constraint linear;
  linear.kind = Kind::Linear;
  linear.scope = {a, b};
  linear.coeffs = {2, -1};
  linear.lo = 0;
  linear.hi = 1;
  linear.term = tb.boolean(true);
  p.constraints.push_back(linear);
  const std::string expected =
      "puzzle latin\n"
      "instance tiny\n"
      "groups 1\n"
      "  g0 cell grid symbol dims=[1 2] vars=0..1\n"
      "vars 2\n"
      "  v0 cell_r1_c1 symbol {A, B}\n"
      "  v1 cell_r1_c2 symbol {A, B}\n"
      "rules 1\n"
      "  r0 rows at latin.pz:3:1 \"each letter once in row {r}\"\n"
      "constraints 3\n"
      "  c0 alldifferent scope=[cell_r1_c1 cell_r1_c2]\n"
      "    term: (alldiff cell_r1_c1 cell_r1_c2)\n"
      "    rule: r0 \"each letter once in row 1\" [r=1]\n"
      "  c1 clause scope=[cell_r1_c1 cell_r1_c2]\n"
      "    literals: cell_r1_c1=A cell_r1_c2<>B\n"
      "    term: (or (= cell_r1_c1 A) (<> cell_r1_c2 B))\n"
      "    rule: \"\"\n"
      "  c2 linear scope=[cell_r1_c1 cell_r1_c2]\n"
      "    sum: 2*cell_r1_c1 -1*cell_r1_c2\n"
      "    bounds: 0..1\n"
      "    term: true\n"
      "    rule: \"\"\n";
  BOOST_TEST(dump_ir(p) == expected);
  BOOST_TEST(dump_ir(p) == dump_ir(p));  // deterministic
}

BOOST_AUTO_TEST_CASE(draw) {
  Program p;
  p.symbols = {"A", "B"};
  using Shape = VarGroup::Shape;
  p.groups.push_back(VarGroup{"n", Shape::Scalar, ValueKind::Int, {}, {}, 0, 1});
  add_var(p, "n", ValueKind::Int, {1, 2, 3}, 0);
  p.groups.push_back(VarGroup{"seq", Shape::Seq, ValueKind::Symbol, {3}, {}, 1, 3});
  for (int i = 1; i <= 3; ++i) add_var(p, "seq_" + std::to_string(i), ValueKind::Symbol, {0, 1}, 1);
  p.groups.push_back(VarGroup{"age", Shape::Map, ValueKind::Int, {2}, {"ann", "bob"}, 4, 2});
  add_var(p, "age_ann", ValueKind::Int, {}, 2);
  add_var(p, "age_bob", ValueKind::Int, {}, 2);
  p.groups.push_back(VarGroup{"num", Shape::Grid, ValueKind::Int, {2, 3}, {}, 6, 6});
  for (int i = 0; i < 6; ++i) add_var(p, "num_" + std::to_string(i), ValueKind::Int, {}, 3);
  p.groups.push_back(VarGroup{"shade", Shape::Grid, ValueKind::Bool, {2, 2}, {}, 12, 4});
  for (int i = 0; i < 4; ++i) add_var(p, "shade_" + std::to_string(i), ValueKind::Bool, {0, 1}, 4);
  Assignment a{2, 0, 1, 0, 30, 4, 1, 10, 3, -5, kNull, 7, 1, 0, 0, 1};
  const std::string expected =
      "n = 2\n"
      "seq: A B A\n"
      "age: ann=30 bob=4\n"
      "num:\n"
      "   1   10    3\n"
      "  -5 null    7\n"
      "shade:\n"
      "# .\n"
      ". #\n";
  BOOST_TEST(draw_assignment(p, a) == expected);
}

BOOST_AUTO_TEST_SUITE_END()
