// Parities of Bool variables: ir::parity_of against evaluation, ir::eliminate against
// brute force, and the searches (which add the eliminated rows, and count a program of
// parities alone as 2^(variables - rank)) against brute force counts.
#include <boost/test/unit_test.hpp>

#include <random>
#include <set>

#include "runtime/engine/search.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/parity.hpp"
#include "tests/unit/engine/programs.hpp"

using namespace pzc;
using namespace pzc::engine;
using namespace pzc::engine::test;

namespace {

bool xor_of(const ir::Parity& r, const ir::Assignment& a) {
  bool x = false;
  for (VarId v : r.vars) x ^= a[static_cast<std::size_t>(v)] != 0;
  return x;
}

// Every assignment of n Bools, as 0/1 values.
template <class F>
void each_assignment(int n, F&& f) {
  for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << n); ++bits) {
    ir::Assignment a(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) a[static_cast<std::size_t>(i)] = static_cast<Value>((bits >> i) & 1u);
    f(a);
  }
}

// A random parity `xor(vars) = odd` over the first n variables (maybe empty).
ir::Parity random_row(std::mt19937_64& rng, int n) {
  ir::Parity r;
  for (VarId v = 0; v < n; ++v)
    if (pick(rng, 3) == 0) r.vars.push_back(v);
  r.odd = pick(rng, 2) != 0;
  return r;
}

// Adds `xor(vars) = odd` to m as the parity Flip's rules ground to.
void add_parity(Maker& m, const ir::Parity& r) {
  auto& tb = m.tb();
  std::vector<ir::TermId> parts;
  for (VarId v : r.vars) parts.push_back(tb.make(Op::Ite, ValueKind::Int, {tb.var(v), tb.integer(1), tb.integer(0)}));
  parts.push_back(tb.integer(0));  // (an empty row is `0 mod 2 = odd`)
  const ir::TermId sum = tb.make(Op::Add, ValueKind::Int, std::move(parts));
  const ir::TermId mod = tb.make(Op::Mod, ValueKind::Int, {sum, tb.integer(2)});
  m.expr(tb.make(Op::Eq, ValueKind::Bool, {mod, tb.integer(r.odd ? 1 : 0)}), r.vars);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(parity)

// Property: where parity_of reads a term as a parity, the term holds exactly when the
// exclusive or of the parity's variables is its `odd`, for every assignment; it reads most
// of the generator's terms and refuses some (negative parts, mod 3, k = 2).
BOOST_AUTO_TEST_CASE(parity_of_matches_evaluation) {
  std::mt19937_64 rng(31);
  int read = 0, refused = 0;
  for (int round = 0; round < 500; ++round) {
    Maker m;
    const int n = 1 + static_cast<int>(pick(rng, 5));
    const std::vector<VarId> bs = bool_vars(m, n);
    const ir::TermId t = random_parity_term(m, rng, bs);
    const auto par = ir::parity_of(m.program(), t);
    if (!par) {
      ++refused;
      continue;
    }
    ++read;
    BOOST_TEST(std::is_sorted(par->vars.begin(), par->vars.end()));
    BOOST_TEST((std::adjacent_find(par->vars.begin(), par->vars.end()) == par->vars.end()));
    each_assignment(n, [&](const ir::Assignment& a) {
      BOOST_TEST_CONTEXT("round " << round) {
        BOOST_TEST(ir::truthy(ir::evaluate(m.program(), t, a)) == (xor_of(*par, a) == par->odd));
      }
    });
  }
  BOOST_TEST(read > 300);
  BOOST_TEST(refused > 20);
}

// Property: the eliminated rows have the same solutions as the rows given (none: nullopt),
// and each has a variable that no other eliminated row has.
BOOST_AUTO_TEST_CASE(elimination_keeps_the_solutions) {
  std::mt19937_64 rng(37);
  int inconsistent = 0, consistent = 0;
  for (int round = 0; round < 400; ++round) {
    const int n = 1 + static_cast<int>(pick(rng, 8));
    std::vector<ir::Parity> rows;
    for (std::uint64_t k = 0, count = 1 + pick(rng, 9); k < count; ++k) rows.push_back(random_row(rng, n));
    std::set<ir::Assignment> given;
    each_assignment(n, [&](const ir::Assignment& a) {
      if (std::all_of(rows.begin(), rows.end(), [&](const ir::Parity& r) { return xor_of(r, a) == r.odd; })) given.insert(a);
    });
    const auto reduced = ir::eliminate(rows);
    BOOST_TEST_CONTEXT("round " << round) {
      BOOST_TEST(reduced.has_value() == !given.empty());
      if (!reduced) {
        ++inconsistent;
        continue;
      }
      ++consistent;
      std::set<ir::Assignment> after;
      each_assignment(n, [&](const ir::Assignment& a) {
        if (std::all_of(reduced->begin(), reduced->end(), [&](const ir::Parity& r) { return xor_of(r, a) == r.odd; })) after.insert(a);
      });
      BOOST_TEST((after == given));
      for (std::size_t i = 0; i < reduced->size(); ++i) {
        const auto& r = (*reduced)[i];
        BOOST_TEST(!r.vars.empty());
        bool own = false;
        for (VarId v : r.vars) {
          bool elsewhere = false;
          for (std::size_t j = 0; j < reduced->size(); ++j)
            if (j != i && std::binary_search((*reduced)[j].vars.begin(), (*reduced)[j].vars.end(), v)) elsewhere = true;
          own = own || !elsewhere;
        }
        BOOST_TEST(own);
      }
    }
  }
  BOOST_TEST(inconsistent > 20);
  BOOST_TEST(consistent > 100);
}

// Property: unit_sums gives exactly the variables every solution of the rows gives one
// value (brute force), each with rows whose exclusive or is that variable alone and has that
// value; irreducible keeps such rows, and with any one of them left out the rest no longer
// fix the variable. Inconsistent rows: nullopt.
BOOST_AUTO_TEST_CASE(unit_sums_are_implied_and_irreducible) {
  std::mt19937_64 rng(43);
  int units = 0, shrunk = 0, inconsistent = 0;
  for (int round = 0; round < 400; ++round) {
    const int n = 1 + static_cast<int>(pick(rng, 8));
    std::vector<ir::Parity> rows;
    for (std::uint64_t k = 0, count = 1 + pick(rng, 12); k < count; ++k) rows.push_back(random_row(rng, n));
    // The values each variable takes over the solutions of `some` rows (bit 0: 0, bit 1: 1).
    auto taken = [&](const std::vector<std::size_t>& some) {
      std::vector<int> seen(static_cast<std::size_t>(n), 0);
      each_assignment(n, [&](const ir::Assignment& a) {
        for (std::size_t r : some)
          if (xor_of(rows[r], a) != rows[r].odd) return;
        for (int v = 0; v < n; ++v) seen[static_cast<std::size_t>(v)] |= 1 << a[static_cast<std::size_t>(v)];
      });
      return seen;
    };
    std::vector<std::size_t> every(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) every[r] = r;
    const std::vector<int> seen = taken(every);
    const auto sums = ir::unit_sums(rows);
    BOOST_TEST_CONTEXT("round " << round) {
      const bool none = std::all_of(seen.begin(), seen.end(), [](int s) { return s == 0; });
      BOOST_TEST(sums.has_value() == !none);
      if (!sums) {
        ++inconsistent;
        continue;
      }
      std::set<VarId> fixed;
      for (int v = 0; v < n; ++v)
        if (seen[static_cast<std::size_t>(v)] != 3) fixed.insert(v);
      std::set<VarId> found;
      for (const auto& u : *sums) {
        found.insert(u.var);
        BOOST_TEST(seen[static_cast<std::size_t>(u.var)] == (u.odd ? 2 : 1));
        for (const auto& cited : {u.rows, ir::irreducible(rows, u.rows)}) {
          std::vector<int> count(static_cast<std::size_t>(n), 0);
          bool odd = false;
          for (std::size_t r : cited) {
            for (VarId v : rows[r].vars) ++count[static_cast<std::size_t>(v)];
            odd ^= rows[r].odd;
          }
          for (int v = 0; v < n; ++v) BOOST_TEST(count[static_cast<std::size_t>(v)] % 2 == (v == u.var ? 1 : 0));
          BOOST_TEST(odd == u.odd);
        }
        const auto small = ir::irreducible(rows, u.rows);
        BOOST_TEST(small.size() <= u.rows.size());
        shrunk += small.size() < u.rows.size();
        for (std::size_t i = 0; i < small.size(); ++i) {
          std::vector<std::size_t> rest = small;
          rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
          BOOST_TEST(taken(rest)[static_cast<std::size_t>(u.var)] == 3);
        }
        ++units;
      }
      BOOST_TEST((found == fixed));
    }
  }
  BOOST_TEST(units > 300);
  BOOST_TEST(shrunk > 10);  // (18 of them with this seed)
  BOOST_TEST(inconsistent > 20);
}

// Property: count, solve and unique on programs of parities agree with brute force, alone
// (counted by the rank) and with a clause or a cardinality beside them (searched, with the
// eliminated rows added), under every variable order and check; and a count limit.
BOOST_AUTO_TEST_CASE(searches_on_parities_match_brute_force) {
  std::mt19937_64 rng(41);
  int sat = 0, unsat = 0, several = 0;
  const Order orders[] = {Order::None, Order::MrvDegree, Order::DomWdeg};
  const Check checks[] = {Check::None, Check::Forward, Check::Ac3};
  for (int round = 0; round < 150; ++round) {
    Maker m;
    const int n = 2 + static_cast<int>(pick(rng, 7));
    bool_vars(m, n);
    for (std::uint64_t k = 0, count = 2 + pick(rng, static_cast<std::uint64_t>(n) + 2); k < count; ++k) add_parity(m, random_row(rng, n));
    if (round % 3 == 1) random_clause(m, rng, n);
    if (round % 3 == 2) m.var({0, 1, 2});  // a variable in no parity: counted by its domain
    const ir::Program& p = m.program();
    const std::uint64_t expected = brute_count(p);
    (expected == 0 ? unsat : expected == 1 ? sat : several)++;
    for (Order order : orders)
      for (Check check : checks) {
        SearchOptions o;
        o.order = order;
        o.check = check;
        BOOST_TEST_CONTEXT("round " << round << " order " << name_of(order) << " check " << name_of(check)) {
          const SearchResult c = count(p, o);
          BOOST_TEST(c.exact);
          BOOST_TEST(to_string(c.count) == std::to_string(expected));
          BOOST_TEST((c.status == (expected ? Status::Sat : Status::Unsat)));
          const SearchResult s = solve(p, o);
          BOOST_TEST(s.solutions.size() == (expected ? 1u : 0u));
          for (const auto& a : s.solutions)
            for (const auto& con : p.constraints) BOOST_TEST(ir::satisfied(p, con, a));
          const SearchResult u = unique(p, o);
          BOOST_TEST(u.solutions.size() == std::min<std::uint64_t>(expected, 2));
        }
      }
    if (expected > 1) {
      SearchOptions o;
      o.solution_limit = expected - 1;
      const SearchResult c = count(p, o);
      BOOST_TEST(!c.exact);
      BOOST_TEST(c.reason == "limit");
      BOOST_TEST(to_string(c.count) == std::to_string(expected - 1));
    }
  }
  BOOST_TEST(sat > 5);  // (11 of 150 with this seed)
  BOOST_TEST(unsat > 20);
  BOOST_TEST(several > 20);
}

// A chain of parities that propagation alone cannot start: x1 ^ x2 = 1, x2 ^ x3 = 1, ...,
// and x1 ^ xn = 1 with n odd has no solution (the sum of all rows is 0 = 1), which the
// elimination finds at the root: no decision is taken. With the last row even it has
// two solutions (x1 either way).
BOOST_AUTO_TEST_CASE(an_odd_cycle_is_refused_at_the_root) {
  for (bool last_odd : {true, false}) {
    Maker m;
    const int n = 41;
    bool_vars(m, n);
    for (VarId v = 0; v + 1 < n; ++v) add_parity(m, {{v, v + 1}, true});
    m.clause({{0, 0, true}, {1, 0, true}, {2, 0, true}});  // (not counted by the rank: searched)
    add_parity(m, {{0, n - 1}, last_odd});
    SearchOptions o;
    const SearchResult r = unique(m.program(), o);
    BOOST_TEST(r.solutions.size() == (last_odd ? 0u : 2u));
    if (last_odd) BOOST_TEST(r.stats.nodes == 0u);
  }
}

// A SubsetSearch over a program of parities alone answers each subset by elimination: the
// status and number of solutions (up to two) of the sub-program by brute force, solutions
// that satisfy the active parities and differ, and no search (no decision). Every fourth
// program has a variable in no parity (a domain of three values), which makes a second
// solution whenever there is one. Then a Lights Out board of 12x12 with one parity left
// out: two answers, found without the search's node limit (it passed 10000 decisions on
// such questions without the eliminated rows, which hold only for the whole program).
BOOST_AUTO_TEST_CASE(subset_questions_on_parities_match_brute_force) {
  std::mt19937_64 rng(43);
  int unsat = 0, one = 0, two = 0;
  for (int round = 0; round < 120; ++round) {
    Maker m;
    const int n = 2 + static_cast<int>(pick(rng, 7));
    bool_vars(m, n);
    const int rows = 2 + static_cast<int>(pick(rng, static_cast<std::uint64_t>(n) + 2));
    for (int k = 0; k < rows; ++k) add_parity(m, random_row(rng, n));
    if (round % 4 == 3) m.var({0, 1, 2});
    const ir::Program& p = m.program();
    SubsetSearch search(p);
    for (int q = 0; q < 6; ++q) {
      std::vector<char> active(p.constraints.size());
      for (auto& a : active) a = pick(rng, 3) != 0;
      ir::Program sub = p;
      sub.constraints.clear();
      for (std::size_t c = 0; c < active.size(); ++c)
        if (active[c]) sub.constraints.push_back(p.constraints[c]);
      const std::uint64_t expected = brute_count(sub);
      BOOST_TEST_CONTEXT("round " << round << " question " << q) {
        const SearchResult r = search.unique(active);
        BOOST_TEST(r.reason.empty());
        BOOST_TEST(r.stats.nodes == 0u);
        BOOST_TEST((r.status == (expected ? Status::Sat : Status::Unsat)));
        BOOST_TEST(r.solutions.size() == std::min<std::uint64_t>(expected, 2));
        for (const auto& a : r.solutions)
          for (const auto& con : sub.constraints) BOOST_TEST(ir::satisfied(sub, con, a));
        if (r.solutions.size() == 2) BOOST_TEST((r.solutions[0] != r.solutions[1]));
        (expected == 0 ? unsat : expected == 1 ? one : two)++;
      }
    }
  }
  BOOST_TEST(unsat > 20);
  BOOST_TEST(one > 20);
  BOOST_TEST(two > 20);

  Maker m;
  const int side = 12;
  bool_vars(m, side * side);
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c) {
      ir::Parity row;
      for (auto [dr, dc] : {std::pair{-1, 0}, {0, -1}, {0, 0}, {0, 1}, {1, 0}})
        if (r + dr >= 0 && r + dr < side && c + dc >= 0 && c + dc < side) row.vars.push_back((r + dr) * side + c + dc);
      std::sort(row.vars.begin(), row.vars.end());
      row.odd = (r * 7 + c * 3) % 5 == 0;
      add_parity(m, row);
    }
  SearchOptions o;
  o.node_limit = 10000;
  SubsetSearch search(m.program(), o);
  std::vector<char> all(m.program().constraints.size(), 1);
  BOOST_TEST(search.unique(all).solutions.size() == 1u);  // (a 12x12 board has one answer to every state)
  all[50] = 0;
  const SearchResult r = search.unique(all);
  BOOST_TEST(r.reason.empty());
  BOOST_TEST(r.solutions.size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()
