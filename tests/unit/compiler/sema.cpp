// Name resolution and type checking: each mistake gives its message, and one run reports
// every error, not only the first.
#include <boost/test/unit_test.hpp>

#include "tests/unit/compiler/test_support.hpp"

namespace {

std::string errors_of(const std::string& body) {
  pzc::test::Compiled c;
  pzc::test::compile(c, "puzzle P\n  enum Letter { A, B, X }\n  given n : Int = 3\n  var x : 1..n\n  var g : Grid(n, n) of {A, B, X}\n" + body + "\nend\n", false);
  return c.errors();
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(sema)

BOOST_AUTO_TEST_CASE(well_typed_rules_pass) {
  BOOST_TEST(errors_of("  rule r: x < n and g.row(1)->count(A) = 1") == "");
  BOOST_TEST(errors_of("  rule r for p in g.cells where p.row = 1: g[p] <> X or x = 2") == "");
  BOOST_TEST(errors_of("  def f(y : Int) = y + 1\n  rule r: f(x) = 3") == "");
}

BOOST_AUTO_TEST_CASE(type_errors) {
  BOOST_TEST(has(errors_of("  rule r: x + true = 1"), "'+' needs two Int values"));
  BOOST_TEST(has(errors_of("  rule r: g[1, 1] = 3"), "cannot compare Letter with Int"));
  BOOST_TEST(has(errors_of("  rule r: x"), "a rule must be Bool, but this is Int"));
  BOOST_TEST(has(errors_of("  rule r: g.cells->forAll(p | 1)"), "the condition of '->forAll' must be Bool"));
  BOOST_TEST(has(errors_of("  rule r: x->size() = 1"), "'->size' needs a collection"));
  BOOST_TEST(has(errors_of("  rule r: g[x] = A"), "a grid is indexed by a Cell"));
  BOOST_TEST(has(errors_of("  rule r: 'a' < 1"), "orders Int or Char values"));
  BOOST_TEST(has(errors_of("  rule r: char('a') = '1'"), "'char' takes an Int, but this is Char"));
  BOOST_TEST(has(errors_of("  rule r: char(1) = 1"), "cannot compare Char with Int"));
  BOOST_TEST(errors_of("  rule r: char(2) = '2' and digit(char(7)) = 7") == "");
}

BOOST_AUTO_TEST_CASE(name_errors_suggest_a_fix) {
  std::string e = errors_of("  rule r: xx = 1");
  BOOST_TEST(has(e, "unknown name 'xx'"));
  BOOST_TEST(has(e, "did you mean 'x'?"));
  BOOST_TEST(has(errors_of("  rule r: g.row(1)->cuont(A) = 1"), "did you mean '->count'?"));
  BOOST_TEST(has(errors_of("  given x : Int"), "'x' is declared twice"));
}

BOOST_AUTO_TEST_CASE(arity_errors) {
  BOOST_TEST(has(errors_of("  rule r: g.row(1, 2)->size() = 1"), "'.row' takes 1 argument, not 2"));
  BOOST_TEST(has(errors_of("  def f(a : Int, b : Int) = a + b\n  rule r: f(1) = 2"), "'f' takes 2 arguments, not 1"));
  BOOST_TEST(has(errors_of("  rule r: abs(1, 2) = 1"), "'abs' takes 1 argument, not 2"));
}

BOOST_AUTO_TEST_CASE(every_error_is_reported) {
  pzc::test::Compiled c;
  pzc::test::compile(c, "puzzle P\n  var x : 1..3\n  rule a: x = yy\n  rule b: x + 's' = 1\n  rule c: x->size() = 1\nend\n", false);
  BOOST_TEST(c.diags.error_count() == 3u);
}

BOOST_AUTO_TEST_CASE(diagnostics_have_location_line_and_caret) {
  pzc::test::Compiled c;
  pzc::test::compile(c, "puzzle P\n  var x : 1..3\n  rule a: x = yy\nend\n", false);
  BOOST_TEST(c.errors() == "test.pz:3:15: error: unknown name 'yy'\n    rule a: x = yy\n                ^~\n");
}

BOOST_AUTO_TEST_SUITE_END()
