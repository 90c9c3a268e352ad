// The canonical AST printer round-trips: printing, re-parsing and printing again gives
// the same text, for every spec in puzzles/.
#include <filesystem>

#include <boost/test/unit_test.hpp>

#include "tests/unit/compiler/test_support.hpp"

BOOST_AUTO_TEST_SUITE(ast_print)

BOOST_AUTO_TEST_CASE(every_bundled_spec_round_trips) {
  namespace fs = std::filesystem;
  int specs = 0;
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(PZC_SOURCE_DIR) / "puzzles"))
    if (e.path().extension() == ".pz") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::string rel = fs::relative(path, PZC_SOURCE_DIR).string();
    pzc::test::Compiled first;
    pzc::test::compile(first, pzc::test::read_file(rel), false, rel);
    BOOST_TEST_CONTEXT(rel) {
      BOOST_REQUIRE_MESSAGE(first.module, first.errors());
      std::string printed = pzc::ast::to_string(*first.module);
      pzc::test::Compiled second;
      pzc::test::compile(second, printed, false, "printed.pz");
      BOOST_REQUIRE_MESSAGE(second.module, second.errors() + printed);
      BOOST_TEST(pzc::ast::to_string(*second.module) == printed);
    }
    ++specs;
  }
  BOOST_TEST(specs >= 6);
}

// A Bool's `name` with two texts keeps both, the one for false after `or`.
BOOST_AUTO_TEST_CASE(a_bool_name_prints_both_texts) {
  pzc::test::Compiled c;
  pzc::test::compile(c,
                     "puzzle P\n  var b : Seq(2) of Bool\n  name \"{i} is on\" or \"{i} is off\" for i in 1..2: b[i]\n"
                     "  rule r: b[1] or b[2]\nend\n",
                     false);
  BOOST_REQUIRE_MESSAGE(c.module, c.errors());
  const std::string printed = pzc::ast::to_string(*c.module);
  BOOST_TEST(printed.find("name \"{i} is on\" or \"{i} is off\" for i in (1 .. 2):") != std::string::npos, printed);
  pzc::test::Compiled again;
  pzc::test::compile(again, printed, false, "printed.pz");
  BOOST_REQUIRE_MESSAGE(again.module, again.errors() + printed);
  BOOST_TEST(pzc::ast::to_string(*again.module) == printed);
}

BOOST_AUTO_TEST_CASE(precedence_is_explicit_in_print) {
  pzc::test::Compiled c;
  pzc::test::compile(c, "puzzle P\n  var x : 1..3\n  rule r: not x = 1 and x < 3 or x + 1 * 2 = 3 implies x = 2\nend\n", false);
  BOOST_REQUIRE(c.module);
  const auto& rule = std::get<pzc::ast::RuleDecl>(c.module->puzzles[0].decls[1]);
  BOOST_TEST(pzc::ast::to_string(*rule.body) ==
             "((((not (x = 1)) and (x < 3)) or ((x + (1 * 2)) = 3)) implies (x = 2))");
}

BOOST_AUTO_TEST_SUITE_END()
