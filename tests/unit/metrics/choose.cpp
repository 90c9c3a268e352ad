// Tests for the seeded random choice of clue sets (runtime/metrics/choose).
#include "runtime/metrics/choose.hpp"

#include <boost/test/unit_test.hpp>

using namespace pzc::metrics;

BOOST_AUTO_TEST_SUITE(choose)

BOOST_AUTO_TEST_CASE(rng_is_reproducible_and_in_range) {
  Rng a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 100; ++i) {
    auto x = a.next();
    BOOST_TEST(x == b.next());
    differs |= x != c.next();
  }
  BOOST_TEST(differs);
  std::vector<int> seen(5, 0);
  for (int i = 0; i < 1000; ++i) ++seen.at(a.below(5));
  for (int n : seen) BOOST_TEST(n > 100);  // each of 5 values about 200 times
}

BOOST_AUTO_TEST_CASE(chosen_clues_leave_only_the_target) {
  // Four candidates; clue i bans candidate i only, clue 4 bans {0, 1}, clue 5 bans 2 and 3.
  std::vector<std::vector<bool>> banned = {
      {true, false, false, false}, {false, true, false, false}, {false, false, true, false},
      {false, false, false, true}, {true, true, false, false},  {false, false, true, true}};
  Rng rng(1);
  for (int i = 0; i < 20; ++i) {
    auto pick = choose_clues(banned, 4, 3, 2, rng);
    BOOST_REQUIRE(pick);
    // Target 3 must survive, so clues 3 and 5 are out; two clues banning 0, 1, 2: {2, 4}.
    BOOST_TEST(*pick == (std::vector<std::size_t>{2, 4}), boost::test_tools::per_element());
  }
  // Three clues for target 0: {1, 2, 3} or {2, 3, ...}: any set that bans 1, 2, 3 and not 0.
  for (int i = 0; i < 20; ++i) {
    auto pick = choose_clues(banned, 4, 0, 3, rng);
    BOOST_REQUIRE(pick);
    std::vector<bool> b(4, false);
    for (auto k : *pick) {
      BOOST_TEST(!banned[k][0]);
      for (int t = 0; t < 4; ++t) b[t] = b[t] || banned[k][t];
    }
    BOOST_TEST((!b[0] && b[1] && b[2] && b[3]));
  }
  // Impossible: one clue cannot ban 0, 1 and 2.
  BOOST_TEST(!choose_clues(banned, 4, 3, 1, rng, 1000));
}

BOOST_AUTO_TEST_SUITE_END()
