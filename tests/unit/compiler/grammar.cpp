// The PEGTL grammar: no problems found by pegtl::analyze, and single rules accept and
// reject what they should.
#include <boost/test/unit_test.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/pz.hpp"
#include "tests/unit/compiler/test_support.hpp"

namespace pegtl = tao::pegtl;
namespace g = pzc::grammar;

namespace {

template <typename Rule>
bool matches_all(const std::string& text) {
  pegtl::memory_input in(text, "test");
  try {
    return pegtl::parse<pegtl::seq<Rule, pegtl::eof>, pegtl::nothing, g::control>(in);
  } catch (const pegtl::parse_error&) {
    return false;
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(grammar)

BOOST_AUTO_TEST_CASE(analyze_finds_no_problems) {
  // Counts rules that could loop without consuming input, and similar problems.
  BOOST_TEST(pegtl::analyze<g::module>() == 0u);
}

BOOST_AUTO_TEST_CASE(expressions) {
  BOOST_TEST(matches_all<g::expr>("cell.row(r)->count(l) = 1"));
  BOOST_TEST(matches_all<g::expr>("p.adjacent->select(q | light[q])->size() = digit(board[p])"));
  BOOST_TEST(matches_all<g::expr>("top <> blue implies top = blue"));
  BOOST_TEST(matches_all<g::expr>("let x = 3 in if x > 2 then a else b endif"));
  BOOST_TEST(matches_all<g::expr>("s->forAll(x, y | x <> y implies f(x) <> f(y))"));
  BOOST_TEST(matches_all<g::expr>("not a and b or c xor d"));
  BOOST_TEST(matches_all<g::expr>("1..n"));
  BOOST_TEST(matches_all<g::expr>("{A, B} + {X}"));
  BOOST_TEST(matches_all<g::expr>("'0'..'4'"));
  BOOST_TEST(matches_all<g::expr>("x mod 2 = 1 -- a comment"));
  BOOST_TEST(!matches_all<g::expr>("x = "));
  BOOST_TEST(!matches_all<g::expr>("(x"));
  BOOST_TEST(!matches_all<g::expr>("s->forAll"));
  BOOST_TEST(!matches_all<g::expr>("a +* b"));
}

BOOST_AUTO_TEST_CASE(declarations) {
  BOOST_TEST(matches_all<g::puzzle_member>("var cell : Grid(n, n) of letters + {X}"));
  BOOST_TEST(matches_all<g::puzzle_member>("var colour : Map(Colour) of 1..5"));
  BOOST_TEST(matches_all<g::puzzle_member>("given top, bottom : Seq(Letter?)"));
  BOOST_TEST(matches_all<g::puzzle_member>("clue top, bottom"));
  BOOST_TEST(matches_all<g::puzzle_member>("clue c1: top <> blue implies top = blue"));
  BOOST_TEST(matches_all<g::puzzle_member>("rule \"row {r}\" for r in 1..n, l in letters where l <> X: true"));
  BOOST_TEST(matches_all<g::puzzle_member>("state board : Grid(2, 2) of 0..3 := start"));
  BOOST_TEST(matches_all<g::puzzle_member>("move up when b.row > 1: swap(board[b], board[b.up])"));
  BOOST_TEST(matches_all<g::puzzle_member>("heuristic h = 0"));
  BOOST_TEST(!matches_all<g::puzzle_member>("var : 1..3"));
  BOOST_TEST(!matches_all<g::puzzle_member>("rule \"r\" for r 1..n: true"));
}

BOOST_AUTO_TEST_CASE(grid_literal_rows_are_raw_text) {
  pzc::test::Compiled c;
  pzc::test::compile(c,
                     "puzzle P\n  given b : Grid(Char)\n  var x : 1..2\nend\n"
                     "instance I of P\n  b = grid {\n    .#1\n    2..\n  }\nend\n",
                     false);
  BOOST_REQUIRE(c.module);
  const auto& v = std::get<pzc::ast::GridLit>(c.module->instances[0].bindings[0].value->node);
  BOOST_TEST(v.rows.size() == 2u);
  BOOST_TEST(v.rows[0] == ".#1");
  BOOST_TEST(v.rows[1] == "2..");
  // Where each row is (diagnostics about a row or a cell point there).
  BOOST_REQUIRE(v.rows_at.size() == 2u);
  BOOST_TEST(v.rows_at[0].begin.line == 7u);
  BOOST_TEST(v.rows_at[0].begin.col == 5u);
  BOOST_TEST(v.rows_at[0].end.col == 8u);
  BOOST_TEST(v.rows_at[1].begin.line == 8u);
}

BOOST_AUTO_TEST_CASE(nesting_limit_is_a_diagnostic) {
  pzc::test::Compiled c;
  std::string deep = std::string(500, '(') + "x" + std::string(500, ')');
  pzc::test::compile(c, "puzzle P\n  var x : 1..2\n  rule r: " + deep + " = 1\nend\n");
  BOOST_TEST(c.diags.has_errors());
  BOOST_TEST(c.errors().find("nested too deeply") != std::string::npos);
}

// A chain of operators nests one AST level per operator, outside the grammar's nesting
// guard: 50000 of them once overflowed the type checker's stack. Each kind of chain, long
// and just past the limit, is a located diagnostic; just under it, none.
BOOST_AUTO_TEST_CASE(long_operator_chains_are_a_diagnostic) {
  auto chain = [](const std::string& first, const std::string& op, int n, const std::string& last = "") {
    std::string s = first;
    for (int i = 0; i < n; ++i) s += op;
    return s + last;
  };
  const std::string spec = "puzzle P\n  var x : Grid(3, 3) of 1..2\n  rule r for p in x.cells: ";
  for (const std::string& body : {chain("1", " + 1", 50000, " > 0"), chain("1", " * 1", 201, " > 0"),
                                   chain("x[p] = 1", " and x[p] = 1", 50000), chain("(1", " - 1", 50000, ") < 9"),
                                   chain("p", ".up", 50000, " = p"), chain("x.cells", "->reverse()", 50000, "->size() = 9")}) {
    pzc::test::Compiled c;
    pzc::test::compile(c, spec + body + "\nend\n");
    BOOST_TEST_INFO(body.substr(0, 40));
    BOOST_TEST(c.diags.has_errors());
    BOOST_TEST(c.errors().rfind("test.pz:3:", 0) == 0);
    BOOST_TEST(c.errors().find("error: expression nested too deeply: more than 200 levels") != std::string::npos,
               c.errors().substr(0, 300));
  }
  pzc::test::Compiled ok;
  pzc::test::compile(ok, spec + chain("1", " + 1", 150, " > 0\nend\n"));
  BOOST_TEST(!ok.diags.has_errors(), ok.errors().substr(0, 300));
}

BOOST_AUTO_TEST_CASE(a_tier_too_long_for_an_int_is_out_of_range) {
  pzc::test::Compiled c;
  pzc::test::compile(c, "puzzle P\n  var x : 1..2\n  technique t tier 99999999999999999999999: x = 1\nend\n");
  BOOST_TEST(c.errors().find("a technique's tier must be 1 to 4") != std::string::npos, c.errors());
}

BOOST_AUTO_TEST_SUITE_END()
