// Known counts of classic puzzles built as IR: Latin squares, n-queens (Cardinality
// encoding), and a tiny crossword (Table encoding, with and without slot variables).
#include <boost/test/unit_test.hpp>

#include <set>

#include "runtime/engine/search.hpp"
#include "tests/unit/engine/programs.hpp"

using namespace pzc;
using namespace pzc::engine;
using namespace pzc::engine::test;

namespace {

std::string count_of(const ir::Program& p, Order order, Check check, ValueOrder vo = ValueOrder::Natural,
                     bool components = true) {
  SearchOptions o;
  o.order = order;
  o.check = check;
  o.value_order = vo;
  o.components = components;
  SearchResult r = count(p, o);
  BOOST_TEST(r.exact);
  return to_string(r.count);
}

const std::vector<std::string> kWords = {"ace", "act", "age", "ago", "aid", "art", "cat", "cog", "dog", "ear",
                                         "eat", "ego", "era", "gag", "gig", "god", "ice", "ion", "oat", "oar",
                                         "rat", "rag", "tar", "tea", "toe", "tog", "dig", "tic", "cot", "rot"};

// 3x3 fills whose rows and columns are all words, by direct enumeration.
std::uint64_t word_squares() {
  std::set<std::string> dict(kWords.begin(), kWords.end());
  std::uint64_t n = 0;
  for (const auto& a : kWords)
    for (const auto& b : kWords)
      for (const auto& c : kWords) {
        bool ok = true;
        for (int k = 0; k < 3 && ok; ++k) ok = dict.count(std::string{a[k], b[k], c[k]}) > 0;
        n += ok;
      }
  return n;
}

// Cells are letters 0..25; every across and down slot is a Table over the word list.
// With slot variables, each across slot also has a variable holding the word's index.
void crossword(Maker& m, bool slot_vars) {
  std::vector<VarId> cell;
  for (int i = 0; i < 9; ++i) cell.push_back(m.var_range(0, 25));
  std::vector<std::vector<ir::Value>> letters, indexed;
  for (size_t w = 0; w < kWords.size(); ++w) {
    std::vector<ir::Value> row;
    for (char ch : kWords[w]) row.push_back(ch - 'a');
    letters.push_back(row);
    row.insert(row.begin(), static_cast<ir::Value>(w));
    indexed.push_back(row);
  }
  for (int k = 0; k < 3; ++k) {
    std::vector<VarId> across{cell[static_cast<size_t>(3 * k)], cell[static_cast<size_t>(3 * k + 1)],
                              cell[static_cast<size_t>(3 * k + 2)]};
    std::vector<VarId> down{cell[static_cast<size_t>(k)], cell[static_cast<size_t>(k + 3)],
                            cell[static_cast<size_t>(k + 6)]};
    if (slot_vars) {
      VarId slot = m.var_range(0, static_cast<ir::Value>(kWords.size()) - 1);
      across.insert(across.begin(), slot);
      m.table(across, indexed);
    } else {
      m.table(across, letters);
    }
    m.table(down, letters);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(models)

BOOST_AUTO_TEST_CASE(latin_square_4) {
  Maker m;
  latin_square(m, 4);
  for (Order order : {Order::None, Order::Mrv, Order::DegreeMrv})
    for (Check check : {Check::Forward, Check::Ac3})
      BOOST_TEST(count_of(m.program(), order, check) == "576");
  BOOST_TEST(count_of(m.program(), Order::MrvDegree, Check::Ac3, ValueOrder::Lcv) == "576");
  BOOST_TEST(count_of(m.program(), Order::Mrv, Check::Ac3, ValueOrder::Natural, false) == "576");
  BOOST_TEST(count_of(m.program(), Order::None, Check::None) == "576");
}

BOOST_AUTO_TEST_CASE(n_queens) {
  Maker six, eight;
  queens(six, 6);
  queens(eight, 8);
  for (Order order : {Order::None, Order::Mrv, Order::Degree, Order::MrvDegree, Order::DegreeMrv}) {
    BOOST_TEST(count_of(six.program(), order, Check::Ac3) == "4");
    BOOST_TEST(count_of(eight.program(), order, Check::Ac3) == "92");
  }
  BOOST_TEST(count_of(six.program(), Order::None, Check::Forward) == "4");
  BOOST_TEST(count_of(eight.program(), Order::Mrv, Check::Ac3, ValueOrder::Lcv) == "92");
  SearchOptions o;
  SearchResult u = unique(six.program(), o);
  BOOST_TEST(u.solutions.size() == 2u);
  for (const auto& a : u.solutions) BOOST_TEST(satisfies_all(six.program(), a));
}

BOOST_AUTO_TEST_CASE(queens_as_alldifferent_and_expr) {
  // q[r] = column of the queen in row r; AllDifferent on columns, and Expr constraints
  // |q[r] - q[s]| <> s - r on the diagonals.
  for (int n : {6, 8}) {
    Maker m;
    std::vector<VarId> q;
    for (int r = 0; r < n; ++r) q.push_back(m.var_range(1, n));
    m.alldiff(q);
    auto& tb = m.tb();
    for (int r = 0; r < n; ++r)
      for (int s = r + 1; s < n; ++s) {
        ir::TermId diff = tb.make(ir::Op::Sub, ir::ValueKind::Int, {tb.var(q[static_cast<size_t>(r)]), tb.var(q[static_cast<size_t>(s)])});
        ir::TermId absd = tb.make(ir::Op::Abs, ir::ValueKind::Int, {diff});
        m.expr(tb.make(ir::Op::Ne, ir::ValueKind::Bool, {absd, tb.integer(s - r)}), {q[static_cast<size_t>(r)], q[static_cast<size_t>(s)]});
      }
    std::string expected = n == 6 ? "4" : "92";
    for (Check check : {Check::None, Check::Forward, Check::Ac3})
      BOOST_TEST(count_of(m.program(), Order::None, check) == expected);
    BOOST_TEST(count_of(m.program(), Order::MrvDegree, Check::Ac3) == expected);
  }
}

BOOST_AUTO_TEST_CASE(crossword_word_squares) {
  std::string expected = std::to_string(word_squares());
  BOOST_TEST(expected != "0");
  for (bool slots : {false, true}) {
    Maker m;
    crossword(m, slots);
    for (Order order : {Order::None, Order::MrvDegree, Order::DegreeMrv})
      for (Check check : {Check::Forward, Check::Ac3}) BOOST_TEST(count_of(m.program(), order, check) == expected);
    BOOST_TEST(count_of(m.program(), Order::Mrv, Check::Ac3, ValueOrder::Lcv, false) == expected);
  }
}

BOOST_AUTO_TEST_CASE(crossword_split_by_a_shared_cell) {
  // Two 3x3 word squares sharing one cell (the first's bottom-right is the second's
  // top-left): fixing that cell splits the grid, so components multiply. Expected:
  // sum over letters L of (#squares ending in L) * (#squares starting with L).
  std::set<std::string> dict(kWords.begin(), kWords.end());
  std::vector<std::uint64_t> ends(26, 0), starts(26, 0);
  for (const auto& a : kWords)
    for (const auto& b : kWords)
      for (const auto& c : kWords) {
        bool ok = true;
        for (int k = 0; k < 3 && ok; ++k) ok = dict.count(std::string{a[k], b[k], c[k]}) > 0;
        if (!ok) continue;
        ++ends[static_cast<size_t>(c[2] - 'a')];
        ++starts[static_cast<size_t>(a[0] - 'a')];
      }
  std::uint64_t expected = 0;
  for (int l = 0; l < 26; ++l) expected += ends[static_cast<size_t>(l)] * starts[static_cast<size_t>(l)];
  BOOST_TEST(expected > 0u);

  Maker m;
  std::vector<std::vector<ir::Value>> letters;
  for (const auto& w : kWords) letters.push_back({w[0] - 'a', w[1] - 'a', w[2] - 'a'});
  std::vector<VarId> first, second;
  for (int i = 0; i < 9; ++i) first.push_back(m.var_range(0, 25));
  second.push_back(first[8]);
  for (int i = 1; i < 9; ++i) second.push_back(m.var_range(0, 25));
  for (const auto* g : {&first, &second})
    for (int k = 0; k < 3; ++k) {
      const auto& c = *g;
      m.table({c[static_cast<size_t>(3 * k)], c[static_cast<size_t>(3 * k + 1)], c[static_cast<size_t>(3 * k + 2)]}, letters);
      m.table({c[static_cast<size_t>(k)], c[static_cast<size_t>(k + 3)], c[static_cast<size_t>(k + 6)]}, letters);
    }
  for (Order order : {Order::Degree, Order::MrvDegree, Order::None})
    for (Check check : {Check::Forward, Check::Ac3})
      for (bool comps : {true, false})
        BOOST_TEST(count_of(m.program(), order, check, ValueOrder::Natural, comps) == std::to_string(expected));
}

BOOST_AUTO_TEST_SUITE_END()
