// Search against brute force: counts, first solutions and uniqueness on small random
// CSPs for every variable order x value order x check combination, with and without
// components, seeded and not; limits, overflow and progress reporting.
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <set>

#include "runtime/engine/search.hpp"
#include "tests/unit/engine/programs.hpp"

using namespace pzc;
using namespace pzc::engine;
using namespace pzc::engine::test;

namespace {

const Order kOrders[] = {Order::None, Order::Mrv, Order::Degree, Order::MrvDegree, Order::DegreeMrv, Order::DomWdeg};
const Check kChecks[] = {Check::None, Check::Forward, Check::Ac3};
const ValueOrder kValueOrders[] = {ValueOrder::Natural, ValueOrder::Lcv};

// Appends `part`'s variables to m, and each of its constraints, on them, as the table of
// its solutions: disjoint parts make separate components.
void append_as_tables(Maker& m, const ir::Program& part) {
  const VarId off = static_cast<VarId>(m.program().vars.size());
  for (const auto& v : part.vars) m.var(v.domain);
  for (const auto& c : part.constraints) {
    std::vector<std::vector<ir::Value>> rows;
    Domains d(part);
    for_each_assignment(part, d, c.scope, [&](const ir::Assignment& a) {
      if (!ir::satisfied(part, c, a)) return;
      std::vector<ir::Value> row;
      for (VarId v : c.scope) row.push_back(a[static_cast<size_t>(v)]);
      rows.push_back(row);
    });
    std::vector<VarId> cols;
    for (VarId v : c.scope) cols.push_back(v + off);
    if (!cols.empty()) m.table(cols, rows);
  }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(search)

BOOST_AUTO_TEST_CASE(counts_match_brute_force_for_every_combination) {
  // PZC_SEED re-runs the fuzzing with other instances (the default is fixed).
  std::mt19937_64 rng(std::getenv("PZC_SEED") ? std::stoull(std::getenv("PZC_SEED")) : 99);
  int sat = 0, unsat = 0;
  for (int round = 0; round < 80; ++round) {
    Maker m;
    int nvars = 3 + static_cast<int>(rng() % 5);
    random_csp(m, rng, nvars, 2 + static_cast<int>(rng() % 5), -1, 3, 4);
    const ir::Program& p = m.program();
    std::uint64_t expected = brute_count(p);
    (expected ? sat : unsat)++;
    // A solution for the known-last variant (3), when there is one.
    SearchResult first = solve(p, SearchOptions{});
    for (Order order : kOrders)
      for (Check check : kChecks)
        for (ValueOrder vo : kValueOrders)
          for (int variant = 0; variant < 4; ++variant) {
            if (variant == 3 && first.solutions.empty()) continue;
            SearchOptions o;
            o.order = order;
            o.check = check;
            o.value_order = vo;
            o.components = variant != 1;
            if (variant == 2) o.random_seed = static_cast<std::uint64_t>(round);
            if (variant == 3) o.known_last = &first.solutions[0];
            BOOST_TEST_CONTEXT("round " << round << " order " << name_of(order) << " check " << name_of(check)
                                        << " values " << name_of(vo) << " variant " << variant) {
              SearchResult r = count(p, o);
              BOOST_TEST(r.exact);
              BOOST_TEST(to_string(r.count) == std::to_string(expected));
              BOOST_TEST((r.status == (expected ? Status::Sat : Status::Unsat)));

              SearchResult s = solve(p, o);
              BOOST_TEST((s.status == (expected ? Status::Sat : Status::Unsat)));
              BOOST_TEST(s.solutions.size() == (expected ? 1u : 0u));
              for (const auto& a : s.solutions) BOOST_TEST(satisfies_all(p, a));

              SearchResult u = unique(p, o);
              BOOST_TEST(u.solutions.size() == std::min<std::uint64_t>(expected, 2));
              std::set<ir::Assignment> distinct(u.solutions.begin(), u.solutions.end());
              BOOST_TEST(distinct.size() == u.solutions.size());
              for (const auto& a : u.solutions) BOOST_TEST(satisfies_all(p, a));
              // The known solution's values come last at every choice, so its leaf is the
              // search's last: another solution, when there is one, is found first.
              if (variant == 3 && expected >= 2) BOOST_TEST((u.solutions[0] != first.solutions[0]));
              if (variant == 3 && expected == 1) BOOST_TEST((u.solutions[0] == first.solutions[0]));
            }
          }
  }
  // Both outcomes must be exercised.
  BOOST_TEST(sat > 5);
  BOOST_TEST(unsat > 0);
}

BOOST_AUTO_TEST_CASE(solution_limit_collects_all_solutions) {
  std::mt19937_64 rng(5);
  for (int round = 0; round < 20; ++round) {
    Maker m;
    random_csp(m, rng, 4, 3, 0, 3, 3);
    std::uint64_t expected = brute_count(m.program());
    SearchOptions o;
    o.solution_limit = 1000000;
    SearchResult r = solve(m.program(), o);
    BOOST_TEST(r.solutions.size() == expected);
    std::set<ir::Assignment> distinct(r.solutions.begin(), r.solutions.end());
    BOOST_TEST(distinct.size() == expected);
  }
}

BOOST_AUTO_TEST_CASE(components_multiply) {
  // Five disjoint copies of a small random CSP: the count is the copy's count ^ 5.
  std::mt19937_64 rng(17);
  int checked = 0;
  for (int round = 0; round < 40 && checked < 8; ++round) {
    Maker one;
    random_csp(one, rng, 3, 2, 0, 2, 3);
    std::uint64_t base = brute_count(one.program());
    if (base < 2) continue;
    ++checked;
    Maker m;
    for (int copy = 0; copy < 5; ++copy) append_as_tables(m, one.program());
    Count expected = 1;
    for (int k = 0; k < 5; ++k) expected *= base;
    for (Check check : kChecks)
      for (bool comps : {true, false}) {
        SearchOptions o;
        o.check = check;
        o.components = comps;
        SearchResult r = count(m.program(), o);
        BOOST_TEST(to_string(r.count) == to_string(expected));
        if (comps && check == Check::Ac3) BOOST_TEST(r.stats.nodes < static_cast<std::uint64_t>(base) * 5 * 10);
      }
  }
  BOOST_TEST(checked == 8);
}

BOOST_AUTO_TEST_CASE(count_limit_is_met_exactly) {
  // Independent random parts (components that multiply, lone variables, unsatisfiable
  // parts): with a limit N the count is min(true count, N), never more; below N it is
  // exact, and at N it is exact only if nothing was left uncounted, else reason "limit".
  // (The limit was checked only at the top of the search, after whole values: a count that
  // split into components counted each in full and went past N, and the true count was
  // called a lower bound.)
  std::mt19937_64 rng(23);
  int cut = 0;
  for (int round = 0; round < 60; ++round) {
    Maker m;
    std::uint64_t expected = 1;
    const int parts = 2 + static_cast<int>(rng() % 3);
    for (int k = 0; k < parts; ++k) {
      Maker part;
      random_csp(part, rng, 1 + static_cast<int>(rng() % 3), static_cast<int>(rng() % 3), 0, 4, 4);
      expected *= brute_count(part.program());
      append_as_tables(m, part.program());
    }
    for (std::uint64_t limit : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{5}, std::uint64_t{17}, expected, expected + 1}) {
      if (limit == 0) continue;
      for (Check check : kChecks)
        for (Order order : {Order::None, Order::MrvDegree})
          for (bool comps : {true, false}) {
            SearchOptions o;
            o.check = check;
            o.order = order;
            o.components = comps;
            o.solution_limit = limit;
            BOOST_TEST_CONTEXT("round " << round << " limit " << limit << " check " << name_of(check) << " order "
                                        << name_of(order) << " components " << comps) {
              const SearchResult r = count(m.program(), o);
              BOOST_TEST(to_string(r.count) == std::to_string(std::min(expected, limit)));
              BOOST_TEST((r.status == (expected ? Status::Sat : Status::Unsat)));
              if (expected < limit) BOOST_TEST(r.exact);
              if (!r.exact) BOOST_TEST(r.reason == "limit");
              cut += !r.exact;
            }
          }
    }
  }
  BOOST_TEST(cut > 100);
}

BOOST_AUTO_TEST_CASE(cache_gives_the_same_counts) {
  // Counting chains |x_i - x_{i+1}| <= 2 (a path, so components and cache hits appear once the
  // middle is fixed); with the cache disabled the count must agree.
  Maker m;
  std::vector<VarId> xs;
  for (int i = 0; i < 8; ++i) xs.push_back(m.var_range(0, 4));
  for (int i = 0; i + 1 < 8; ++i) m.linear({xs[static_cast<size_t>(i)], xs[static_cast<size_t>(i + 1)]}, {1, -1}, -2, 2);
  // Reference: dynamic programming over the chain.
  std::vector<std::uint64_t> ways(5, 1);
  for (int i = 1; i < 8; ++i) {
    std::vector<std::uint64_t> next(5, 0);
    for (int a = 0; a < 5; ++a)
      for (int b = 0; b < 5; ++b)
        if (std::abs(a - b) <= 2) next[static_cast<size_t>(b)] += ways[static_cast<size_t>(a)];
    ways = next;
  }
  std::uint64_t expected = 0;
  for (auto w : ways) expected += w;
  for (Check check : kChecks)
    for (Order order : kOrders) {
      SearchOptions o;
      o.check = check;
      o.order = order;
      SearchResult with = count(m.program(), o);
      o.cache_limit = 0;
      SearchResult without = count(m.program(), o);
      BOOST_TEST(to_string(with.count) == std::to_string(expected));
      BOOST_TEST(to_string(without.count) == std::to_string(expected));
    }
  SearchOptions o;
  o.order = Order::Degree;  // branches in the middle first, which splits the chain
  SearchResult r = count(m.program(), o);
  BOOST_TEST(r.stats.cache_hits > 0);
}

BOOST_AUTO_TEST_CASE(large_counts_are_exact_and_overflow_is_reported) {
  Maker m;
  for (int i = 0; i < 30; ++i) m.var_range(0, 9);
  SearchResult r = count(m.program(), SearchOptions{});
  BOOST_TEST(r.exact);
  BOOST_TEST(to_string(r.count) == "1" + std::string(30, '0'));
  Maker big;
  for (int i = 0; i < 40; ++i) big.var_range(0, 9);  // 10^40 > 2^128
  SearchResult o = count(big.program(), SearchOptions{});
  BOOST_TEST(!o.exact);
  BOOST_TEST(o.reason == "overflow");
}

// Counting n queens without propagation or ordering (long at n = 11), with a limit set
// in `o`; a limit that stops it makes the result Unknown, inexact, with `reason`.
SearchResult count_queens_limited(int n, SearchOptions o, const std::string& reason) {
  Maker m;
  queens(m, n);
  o.check = Check::None;
  o.order = Order::None;
  SearchResult r = count(m.program(), o);
  if (!reason.empty()) {
    BOOST_TEST((r.status == Status::Unknown));
    BOOST_TEST(r.reason == reason);
    BOOST_TEST(!r.exact);
  }
  return r;
}

BOOST_AUTO_TEST_CASE(time_limit_and_count_limit) {
  SearchOptions o;
  o.time_limit_s = 0.05;
  count_queens_limited(11, o, "time limit");

  Maker many;
  for (int i = 0; i < 6; ++i) many.var_range(0, 9);
  many.alldiff({0, 1, 2, 3, 4, 5});
  SearchOptions lim;
  lim.solution_limit = 1000;
  SearchResult c = count(many.program(), lim);
  BOOST_TEST(!c.exact);
  BOOST_TEST(c.reason == "limit");
  BOOST_TEST((c.count >= 1000));
  BOOST_TEST((c.count < 151200));  // 10*9*8*7*6*5, the full count
}

// A node limit stops after that many decisions, whatever the machine (pzc generate's
// drawn boards rely on it to stay reproducible); a search within it is unaffected.
BOOST_AUTO_TEST_CASE(node_limit) {
  SearchOptions o;
  o.node_limit = 1000;
  SearchResult r = count_queens_limited(11, o, "node limit");
  BOOST_TEST(r.stats.nodes == 1001u);
  SearchResult again = count_queens_limited(11, o, "node limit");
  BOOST_TEST(again.stats.nodes == r.stats.nodes);
  BOOST_TEST((again.count == r.count));
  o.node_limit = 1000000;
  SearchResult whole = count_queens_limited(6, o, "");
  BOOST_TEST(whole.stats.nodes < o.node_limit);
  BOOST_TEST(whole.exact);
  BOOST_TEST(to_string(whole.count) == "4");
}

BOOST_AUTO_TEST_CASE(progress_is_reported) {
  Maker m;
  queens(m, 8);
  SearchOptions o;
  o.components = false;
  o.progress_interval_s = 0;
  std::vector<Progress> seen;
  o.progress = [&](const Progress& p) { seen.push_back(p); };
  SearchResult r = count(m.program(), o);
  BOOST_TEST(to_string(r.count) == "92");
  BOOST_TEST(!seen.empty());
  for (size_t i = 1; i < seen.size(); ++i) BOOST_TEST(seen[i].nodes >= seen[i - 1].nodes);
  BOOST_TEST(seen.back().nodes <= r.stats.nodes);
}

BOOST_AUTO_TEST_CASE(seeded_search_is_reproducible) {
  Maker m;
  latin_square(m, 5);
  SearchOptions o;
  o.random_seed = 42;
  SearchResult a = solve(m.program(), o), b = solve(m.program(), o);
  BOOST_TEST(a.solutions.size() == 1u);
  BOOST_TEST((a.solutions == b.solutions));
  BOOST_TEST(satisfies_all(m.program(), a.solutions[0]));
  // Different seeds reach different first solutions (some of 10 seeds differ).
  std::set<ir::Assignment> firsts;
  for (std::uint64_t seed = 0; seed < 10; ++seed) {
    o.random_seed = seed;
    firsts.insert(solve(m.program(), o).solutions.at(0));
  }
  BOOST_TEST(firsts.size() > 1u);
}

// An empty Easy as ABC board: n x n squares holding one of k letters (1..k) or the blank
// (0), each letter exactly once in every row and column. Randomised depth-first search on
// it is heavy-tailed: most seeds fill it at once, a few search for millions of decisions.
void abc_board(Maker& m, int n, int k) {
  std::vector<std::vector<VarId>> x(static_cast<std::size_t>(n));
  for (auto& row : x)
    for (int c = 0; c < n; ++c) row.push_back(m.var_range(0, k));
  for (int i = 0; i < n; ++i)
    for (Value l = 1; l <= k; ++l) {
      std::vector<Literal> row, col;
      for (int j = 0; j < n; ++j) {
        row.push_back({x[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)], l, true});
        col.push_back({x[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)], l, true});
      }
      m.cardinality(row, 1, 1);
      m.cardinality(col, 1, 1);
    }
}

BOOST_AUTO_TEST_CASE(restarts_cut_the_heavy_tail) {
  Maker m;
  abc_board(m, 8, 6);
  SearchOptions plain, restarting;
  plain.node_limit = restarting.node_limit = 20000;
  restarting.restart_base = 64;
  int plain_unknown = 0;
  std::uint64_t most = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    plain.random_seed = restarting.random_seed = seed;
    SearchResult p = solve(m.program(), plain);
    plain_unknown += p.status == Status::Unknown;
    SearchResult r = solve(m.program(), restarting);
    BOOST_TEST_REQUIRE((r.status == Status::Sat));
    BOOST_TEST(satisfies_all(m.program(), r.solutions.at(0)));
    most = std::max(most, r.stats.nodes);
    // Reproducible: the same seed, the same runs, the same solution.
    BOOST_TEST((solve(m.program(), restarting).solutions == r.solutions));
  }
  BOOST_TEST(plain_unknown >= 1);  // without restarts some seed is still searching at 20000
  BOOST_TEST(most < 20000u);
}

BOOST_AUTO_TEST_CASE(restarts_still_prove_there_is_no_solution) {
  // Seven pigeons in six holes: no run finds a solution; the first run that ends within
  // its budget proves there is none (Unsat, not Unknown).
  Maker m;
  std::vector<VarId> pigeons;
  for (int i = 0; i < 7; ++i) pigeons.push_back(m.var_range(1, 6));
  for (std::size_t i = 0; i < pigeons.size(); ++i)
    for (std::size_t j = i + 1; j < pigeons.size(); ++j)
      for (Value h = 1; h <= 6; ++h) m.clause({{pigeons[i], h, false}, {pigeons[j], h, false}});
  SearchOptions o;
  o.random_seed = 3;
  o.restart_base = 16;
  SearchResult r = solve(m.program(), o);
  BOOST_TEST((r.status == Status::Unsat));
  BOOST_TEST(r.reason.empty());
  SearchResult plain = solve(m.program(), SearchOptions{});
  BOOST_TEST(r.stats.nodes > plain.stats.nodes);  // the proof was found by a later, longer run
  // A node limit bounds every run together: the search then gives up.
  o.node_limit = plain.stats.nodes / 2;
  SearchResult limited = solve(m.program(), o);
  BOOST_TEST((limited.status == Status::Unknown));
  BOOST_TEST(limited.reason == "node limit");
  BOOST_TEST(limited.stats.nodes <= o.node_limit + 1);
}

BOOST_AUTO_TEST_CASE(option_names_round_trip) {
  for (Order o : kOrders) BOOST_TEST((parse_order(name_of(o)) == o));
  for (Check c : kChecks) BOOST_TEST((parse_check(name_of(c)) == c));
  for (ValueOrder v : kValueOrders) BOOST_TEST((parse_value_order(name_of(v)) == v));
  BOOST_TEST(!parse_order("fastest").has_value());
}

// Programs with 16384+ constraints are compiled on two threads: a long chain of
// implications x[i] -> x[i+1] (plus one clause x[i] or x[i+1] each, 40000 constraints)
// with x[0] given true has exactly one solution, all true, and the engine must find it by
// propagation alone, which needs every constraint in its place.
BOOST_AUTO_TEST_CASE(large_program_compiled_in_two_halves) {
  Maker m;
  const int n = 20000;
  std::vector<VarId> x;
  for (int i = 0; i <= n; ++i) x.push_back(m.var({0, 1}));
  m.clause({Literal{x[0], 1, true}});
  for (int i = 0; i < n; ++i) {
    m.clause({Literal{x[static_cast<std::size_t>(i)], 1, false}, Literal{x[static_cast<std::size_t>(i) + 1], 1, true}});
    if (i + 1 < n) m.clause({Literal{x[static_cast<std::size_t>(i)], 1, true}, Literal{x[static_cast<std::size_t>(i) + 1], 1, true}});
  }
  const ir::Program& p = m.program();
  BOOST_TEST(p.constraints.size() >= 16384u);
  SearchResult u = unique(p, SearchOptions{});
  BOOST_TEST((u.status == Status::Sat));
  BOOST_REQUIRE(u.solutions.size() == 1u);
  for (int i = 0; i <= n; ++i) BOOST_TEST(u.solutions[0][static_cast<std::size_t>(i)] == 1);
  BOOST_TEST(u.stats.nodes <= 1u);
  BOOST_TEST(satisfies_all(p, u.solutions[0]));
}

// One SubsetSearch asked about many constraint subsets, in turn, for each check mode:
// each answer is unique()'s on the sub-program (brute force), so nothing of one question
// (root propagation, table rows, decisions) is left for the next.
BOOST_AUTO_TEST_CASE(subset_search_matches_sub_programs) {
  std::mt19937_64 rng(17);
  int several = 0, one = 0, none = 0;
  for (int round = 0; round < 40; ++round) {
    Maker m;
    int nvars = 3 + static_cast<int>(rng() % 4);
    random_csp(m, rng, nvars, 4 + static_cast<int>(rng() % 5), -1, 3, 4);
    const ir::Program& p = m.program();
    // Constraints active in every question: none, or a random part (propagated once).
    std::vector<char> always(p.constraints.size());
    for (auto& a : always) a = static_cast<char>(rng() % 2);
    for (Check check : kChecks) {
      for (int with_always = 0; with_always < 2; ++with_always) {
        SearchOptions o;
        o.check = check;
        SubsetSearch search(p, o, with_always ? &always : nullptr);
        for (int ask = 0; ask < 6; ++ask) {
          std::vector<char> active(p.constraints.size());
          ir::Program sub = p;
          sub.constraints.clear();
          for (std::size_t c = 0; c < active.size(); ++c) {
            active[c] = static_cast<char>(rng() % 3 != 0 || (with_always && always[c]));
            if (active[c]) sub.constraints.push_back(p.constraints[c]);
          }
          std::uint64_t expected = std::min<std::uint64_t>(brute_count(sub), 2);
          BOOST_TEST_CONTEXT("round " << round << " check " << name_of(check) << " always " << with_always << " ask " << ask) {
            SearchResult r = search.unique(active);
            BOOST_TEST(r.solutions.size() == expected);
            BOOST_TEST((r.status == (expected ? Status::Sat : Status::Unsat)));
            std::set<ir::Assignment> distinct(r.solutions.begin(), r.solutions.end());
            BOOST_TEST(distinct.size() == r.solutions.size());
            for (const auto& a : r.solutions) BOOST_TEST(satisfies_all(sub, a));
          }
          (expected == 2 ? several : expected == 1 ? one : none)++;
        }
      }
    }
  }
  BOOST_TEST(several > 10);
  BOOST_TEST(one > 10);
  BOOST_TEST(none > 10);
}

BOOST_AUTO_TEST_SUITE_END()
