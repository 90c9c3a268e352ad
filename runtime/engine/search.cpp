// The search: one Solver per call, holding the domains, the propagators, the decision
// state, statistics and (for counting) the component cache.
#include "runtime/engine/search.hpp"

#include <algorithm>
#include <chrono>
#include <limits>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

#include "runtime/engine/domains.hpp"
#include "runtime/engine/propagators.hpp"
#include "runtime/ir/builder.hpp"
#include "runtime/ir/hash.hpp"
#include "runtime/ir/parity.hpp"

namespace pzc::engine {

using ir::VarId;

std::optional<Order> parse_order(std::string_view s) {
  if (s == "none") return Order::None;
  if (s == "mrv") return Order::Mrv;
  if (s == "degree") return Order::Degree;
  if (s == "mrv-degree") return Order::MrvDegree;
  if (s == "degree-mrv") return Order::DegreeMrv;
  if (s == "dom-wdeg") return Order::DomWdeg;
  return std::nullopt;
}

std::optional<ValueOrder> parse_value_order(std::string_view s) {
  if (s == "natural") return ValueOrder::Natural;
  if (s == "lcv") return ValueOrder::Lcv;
  return std::nullopt;
}

std::optional<Check> parse_check(std::string_view s) {
  if (s == "none") return Check::None;
  if (s == "forward") return Check::Forward;
  if (s == "ac3") return Check::Ac3;
  return std::nullopt;
}

std::string_view name_of(Order o) {
  switch (o) {
    case Order::None: return "none";
    case Order::Mrv: return "mrv";
    case Order::Degree: return "degree";
    case Order::MrvDegree: return "mrv-degree";
    case Order::DegreeMrv: return "degree-mrv";
    case Order::DomWdeg: return "dom-wdeg";
  }
  return "?";
}

std::string_view name_of(ValueOrder o) { return o == ValueOrder::Lcv ? "lcv" : "natural"; }

std::string_view name_of(Check c) {
  switch (c) {
    case Check::None: return "none";
    case Check::Forward: return "forward";
    case Check::Ac3: return "ac3";
  }
  return "?";
}

std::string to_string(Count c) {
  if (c == 0) return "0";
  std::string s;
  while (c) {
    s.push_back(static_cast<char>('0' + static_cast<int>(c % 10)));
    c /= 10;
  }
  std::reverse(s.begin(), s.end());
  return s;
}

namespace {

using Clock = std::chrono::steady_clock;
constexpr Count kCountMax = ~Count{0};
// The component cache is emptied when its keys reach this many 64-bit words (~256 MB).
constexpr std::size_t kCacheWordBudget = std::size_t{1} << 25;

class Solver {
 public:
  Solver(const ir::Program& p, const SearchOptions& o)
      : p_(p), opt_(o), props_(p), d_(p), decided_(p.vars.size(), 0), start_(Clock::now()) {
    if (o.random_seed) rng_.seed(*o.random_seed);
    if (o.known_last && o.known_last->size() != p.vars.size())
      throw std::invalid_argument("SearchOptions::known_last has " + std::to_string(o.known_last->size()) +
                                  " values for " + std::to_string(p.vars.size()) + " variables");
    all_vars_.resize(p.vars.size());
    std::iota(all_vars_.begin(), all_vars_.end(), 0);
    for (VarId v : all_vars_) (p.vars[static_cast<size_t>(v)].aux ? aux_vars_ : main_vars_).push_back(v);
    stamp_.assign(p.constraints.size(), 0);
    if (o.order == Order::DomWdeg) weight_.assign(p.constraints.size(), 1);
    next_progress_ = opt_.progress_interval_s;
  }

  SearchResult solve(std::uint64_t limit) {
    if (opt_.restart_base > 0 && opt_.random_seed && limit == 1 && !opt_.on_solution) return solve_restarting();
    return solve_from(limit, root());
  }

  // Up to two solutions that differ in a variable that is not auxiliary: solve(2), which
  // decides the other variables first and then looks for auxiliary values that fit. With
  // Order::DomWdeg and auxiliary variables, the search branches on every variable instead
  // (an auxiliary one is often where the conflicts are: Palisade's region memberships,
  // where deciding the borders first took minutes at 8x6), and then searches again for a
  // solution whose other variables differ from the first's somewhere: a branch where they
  // are all fixed to the first's values is cut. Exhaustive both times, so the answer is
  // solve(2)'s. (With the other orders branching on every variable was slower on Filling
  // and Nurikabe: docs/performance.md, "Conflict-directed variable order".)
  SearchResult unique() {
    if (aux_vars_.empty() || opt_.order != Order::DomWdeg) return solve(2);
    SearchResult r;
    std::vector<ir::Assignment> found;
    if (root()) {
      const std::size_t m = d_.mark();
      mixed_ = true;
      enumerate(1, found);
      d_.undo(m);
      std::fill(decided_.begin(), decided_.end(), 0);
      depth_ = 0;
      if (found.size() == 1 && !timed_out_) {
        halted_ = false;
        block_ = &found[0];
        std::vector<ir::Assignment> second;
        if (!blocked()) enumerate(1, second);
        block_ = nullptr;
        for (auto& a : second) found.push_back(std::move(a));
      }
      mixed_ = false;
    }
    r.solutions = std::move(found);
    conclude(r);
    return r;
  }

  // One solution by runs of growing budgets (SearchOptions::restart_base).
  SearchResult solve_restarting() {
    SearchResult r;
    std::vector<ir::Assignment> found;
    if (root()) {
      const std::size_t m = d_.mark();
      for (std::uint64_t i = 1;; ++i) {
        run_limit_ = stats_.nodes + opt_.restart_base * luby(i);
        enumerate(1, found);
        d_.undo(m);
        std::fill(decided_.begin(), decided_.end(), 0);
        depth_ = 0;
        if (!found.empty() || !run_limited_ || timed_out_) break;  // a solution, a proof of none, or a limit
        run_limited_ = halted_ = false;
      }
      run_limit_ = 0;
    }
    r.solutions = std::move(found);
    conclude(r);
    return r;
  }

  // The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ... (i >= 1).
  static std::uint64_t luby(std::uint64_t i) {
    for (;;) {
      std::uint64_t k = 1;
      while ((std::uint64_t{1} << k) - 1 < i) ++k;
      if ((std::uint64_t{1} << k) - 1 == i) return std::uint64_t{1} << (k - 1);
      i -= (std::uint64_t{1} << (k - 1)) - 1;
    }
  }

  // The search after propagation before the first decision (`ok`: it left no conflict).
  SearchResult solve_from(std::uint64_t limit, bool ok) {
    SearchResult r;
    if (ok) enumerate(limit, r.solutions);
    conclude(r);
    return r;
  }

  // Why a search that timed out ended: stopped from outside, past its decisions, or past its time.
  const char* cut_short_reason() const { return stopped_ ? "stopped" : node_limited_ ? "node limit" : "time limit"; }

  // A search for solutions ended (r.solutions holds what it found): its statistics,
  // status and why it is incomplete.
  void conclude(SearchResult& r) {
    finish(r);
    r.stats.solutions = r.solutions.size() + streamed_;
    if (!r.solutions.empty() || streamed_ > 0) r.status = Status::Sat;
    else if (timed_out_) r.status = Status::Unknown;
    else r.status = Status::Unsat;
    if (timed_out_) r.reason = cut_short_reason();
  }

  // solve(limit) on the program of the constraints marked in `active`; every change is
  // undone afterwards, so the solver can be asked again with another mask.
  // With `always` (constraints active in every question, a subset of each `active`), they
  // are propagated once, for good, and each question only propagates the others on top:
  // the fixpoint is the same (propagation reaches one fixpoint whatever the order).
  SearchResult solve_subset(std::uint64_t limit, const std::vector<char>& active, const std::vector<char>* always) {
    halted_ = timed_out_ = stopped_ = node_limited_ = overflow_ = false;
    streamed_ = 0;
    depth_ = 0;
    stats_ = SearchStats{};
    start_ = Clock::now();
    SearchResult r;
    if (!always || opt_.check != Check::Ac3) {
      props_.set_active(&active);
      std::size_t m = d_.mark();
      r = solve(limit);
      d_.undo(m);
    } else {
      if (!base_done_) {
        props_.set_active(always);
        base_ok_ = root();
        d_.clear_trail();
        d_.clear_touched();
        base_done_ = true;
      }
      props_.set_active(&active);
      std::size_t m = d_.mark();
      std::vector<int> extra;
      for (int c = 0; c < props_.num_constraints(); ++c)
        if (active[static_cast<size_t>(c)] && !(*always)[static_cast<size_t>(c)]) extra.push_back(c);
      bool ok = base_ok_ && props_.fixpoint(d_, extra);
      for (VarId v = 0; ok && v < d_.num_vars(); ++v)
        if (d_.size(v) == 0) ok = false;
      r = solve_from(limit, ok);
      d_.undo(m);
    }
    d_.clear_touched();
    std::fill(decided_.begin(), decided_.end(), 0);
    props_.set_active(nullptr);
    return r;
  }

  // More constraints active in every later question (a superset of `always`): with the
  // default check, propagated into the base state now, from where it is.
  void extend_always(const std::vector<char>& before, const std::vector<char>& after) {
    if (opt_.check != Check::Ac3 || !base_done_) return;
    std::vector<int> added;
    for (int c = 0; c < props_.num_constraints(); ++c)
      if (after[static_cast<size_t>(c)] && !before[static_cast<size_t>(c)]) added.push_back(c);
    if (added.empty() || !base_ok_) return;
    props_.set_active(&after);
    base_ok_ = props_.fixpoint(d_, added);
    for (VarId v = 0; base_ok_ && v < d_.num_vars(); ++v)
      if (d_.size(v) == 0) base_ok_ = false;
    d_.clear_trail();
    d_.clear_touched();
    props_.set_active(nullptr);
  }

  // With a solution limit every count below is capped (see "counting"): the result is
  // min(count, limit), and `capped_` says whether some part stopped at its cap with more
  // left uncounted.
  SearchResult count() {
    SearchResult r;
    top_level_ = true;
    const Count cap = opt_.solution_limit ? Count{opt_.solution_limit} : kNoCap;
    Count c = !root() ? 0 : aux_vars_.empty() ? count_set(all_vars_, cap) : count_projected(cap);
    finish(r);
    r.count = c;
    r.stats.solutions = c > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                                         : static_cast<std::uint64_t>(c);
    // At the cap the limit is met, whatever stopped the search (a partial count is a
    // lower bound); the count is exact unless some part was cut short.
    const bool limit_met = cap != kNoCap && c >= cap;
    r.exact = !capped_ && !halted_ && !overflow_;
    if (c > 0) r.status = Status::Sat;
    else r.status = halted_ ? Status::Unknown : Status::Unsat;
    if (limit_met && !r.exact) r.reason = "limit";
    else if (timed_out_) r.reason = cut_short_reason();
    else if (overflow_) r.reason = "overflow";
    return r;
  }

 private:
  bool fixed(VarId v) const {
    return opt_.check == Check::Ac3 ? d_.size(v) == 1 : decided_[static_cast<size_t>(v)] != 0;
  }

  void finish(SearchResult& r) {
    stats_.time_s = std::chrono::duration<double>(Clock::now() - start_).count();
    stats_.propagations = props_.propagations();
    r.stats = stats_;
  }

  // Propagation before the first decision.
  bool root() {
    std::vector<int> initial;
    for (int c = 0; c < props_.num_constraints(); ++c) {
      if (!props_.active(c)) continue;
      size_t n = props_.scope(c).size();
      bool take = opt_.check == Check::Ac3 || n == 0 || (opt_.check == Check::Forward && n == 1);
      if (take) initial.push_back(c);
    }
    bool ok = true;
    if (opt_.check == Check::Ac3) {
      ok = props_.fixpoint(d_, initial);
    } else {
      for (int c : initial)
        if (!props_.run(c, d_)) {
          ok = false;
          break;
        }
      d_.clear_touched();
    }
    for (VarId v = 0; v < d_.num_vars(); ++v)
      if (d_.size(v) == 0) ok = false;
    return ok;
  }

  // Sets v to index i and checks/propagates as the options say; false on conflict.
  bool decide(VarId v, int i) {
    d_.assign(v, i);
    decided_[static_cast<size_t>(v)] = 1;
    switch (opt_.check) {
      case Check::Ac3:
        if (props_.fixpoint(d_, {})) return true;
        blame(props_.failed());
        return false;
      case Check::None:
      case Check::Forward: {
        int allowed = opt_.check == Check::None ? 0 : 1;
        bool ok = true;
        for (int c : props_.constraints_of(v)) {
          if (!props_.active(c)) continue;
          int open = 0;
          for (VarId u : props_.scope(c))
            if (!decided_[static_cast<size_t>(u)] && ++open > allowed) break;
          if (open <= allowed && !props_.run(c, d_)) {
            blame(c);
            ok = false;
            break;
          }
        }
        d_.clear_touched();
        return ok;
      }
    }
    return true;
  }

  // unique()'s second search: every variable that is not auxiliary is fixed to the first
  // solution's value, so no solution below differs from it.
  bool blocked() const {
    if (!block_) return false;
    for (VarId u : main_vars_)
      if (d_.size(u) != 1 ||
          p_.vars[static_cast<size_t>(u)].domain[static_cast<size_t>(d_.first(u))] != (*block_)[static_cast<size_t>(u)])
        return false;
    return true;
  }

  void undecide(VarId v, std::size_t mark) {
    d_.undo(mark);
    decided_[static_cast<size_t>(v)] = 0;
  }

  int degree(VarId v) const {
    int deg = 0;
    for (int c : props_.constraints_of(v))
      for (VarId u : props_.scope(c))
        if (u != v && !fixed(u)) {
          ++deg;
          break;
        }
    return deg;
  }

  // The weights of v's constraints that have another open variable (Order::DomWdeg).
  std::uint64_t weighted_degree(VarId v) const {
    std::uint64_t w = 0;
    for (int c : props_.constraints_of(v))
      for (VarId u : props_.scope(c))
        if (u != v && !fixed(u)) {
          w += weight_[static_cast<size_t>(c)];
          break;
        }
    return w;
  }

  // Constraint c caused a conflict: it weighs more in Order::DomWdeg.
  void blame(int c) {
    if (opt_.order == Order::DomWdeg && c >= 0) ++weight_[static_cast<size_t>(c)];
  }

  VarId select(const std::vector<VarId>& cands) {
    VarId best = -1;
    std::pair<double, double> best_key{0, 0};
    std::uint64_t ties = 0;
    for (VarId v : cands) {
      if (fixed(v)) continue;
      std::pair<double, double> key{0, 0};
      switch (opt_.order) {
        case Order::None: break;
        case Order::Mrv: key = {d_.size(v), 0}; break;
        case Order::Degree: key = {-degree(v), 0}; break;
        case Order::MrvDegree:
          // The degree only matters among the smallest domains.
          if (best >= 0 && d_.size(v) > best_key.first) continue;
          // Nor a variable whose constraints are too few to beat the best degree (or, when
          // ties are drawn at random, to tie with it): the same choice, fewer degrees.
          if (best >= 0 && d_.size(v) == best_key.first) {
            const double most = static_cast<double>(props_.constraints_of(v).size());
            if (opt_.random_seed ? most < -best_key.second : most <= -best_key.second) continue;
          }
          key = {d_.size(v), -degree(v)};
          break;
        case Order::DegreeMrv: key = {-degree(v), d_.size(v)}; break;
        case Order::DomWdeg: {
          // A variable with no constraint left on other open ones comes last.
          const std::uint64_t w = weighted_degree(v);
          key = {w == 0 ? 1e18 + d_.size(v) : static_cast<double>(d_.size(v)) / static_cast<double>(w), 0};
          break;
        }
      }
      if (best < 0 || key < best_key) {
        best = v;
        best_key = key;
        ties = 1;
        // Two values is the least an open variable can have: no later one comes first.
        if (opt_.order == Order::Mrv && !opt_.random_seed && key.first <= 2) break;
      } else if (key == best_key && opt_.random_seed) {
        if (rng_() % ++ties == 0) best = v;
      } else if (opt_.order == Order::None && !opt_.random_seed) {
        break;  // natural order: the first unfixed variable
      }
    }
    return best;
  }

  std::vector<int> values(VarId v) {
    std::vector<int> vals = d_.indexes(v);
    if (opt_.random_seed) std::shuffle(vals.begin(), vals.end(), rng_);
    if (opt_.known_last && vals.size() > 1) {
      const auto& dom = p_.vars[static_cast<size_t>(v)].domain;
      const ir::Value known = (*opt_.known_last)[static_cast<size_t>(v)];
      std::stable_partition(vals.begin(), vals.end(), [&](int i) { return dom[static_cast<size_t>(i)] != known; });
    }
    if (opt_.value_order == ValueOrder::Lcv && vals.size() > 1) {
      // How many values the choice removes from the neighbours through the constraints
      // on v (one round, no fixpoint); a conflicting value goes last.
      std::vector<std::int64_t> score(vals.size());
      for (size_t k = 0; k < vals.size(); ++k) {
        std::size_t m = d_.mark();
        d_.assign(v, vals[k]);
        std::int64_t before = d_.total_size();
        std::int64_t s = 0;
        for (int c : props_.constraints_of(v))
          if (!props_.run(c, d_)) {
            s = std::numeric_limits<std::int64_t>::max();
            break;
          }
        if (s == 0) s = before - d_.total_size();
        score[k] = s;
        d_.undo(m);
      }
      std::vector<size_t> perm(vals.size());
      std::iota(perm.begin(), perm.end(), 0);
      std::stable_sort(perm.begin(), perm.end(), [&](size_t a, size_t b) { return score[a] < score[b]; });
      std::vector<int> sorted;
      for (size_t k : perm) sorted.push_back(vals[k]);
      vals.swap(sorted);
    }
    return vals;
  }

  // Called once per node: time limit and progress.
  void tick() {
    ++stats_.nodes;
    stats_.max_depth = std::max(stats_.max_depth, depth_);
    // The stop flag is one relaxed load: checked at every node so a loser stops at once.
    if (opt_.stop && opt_.stop->load(std::memory_order_relaxed)) stopped_ = timed_out_ = halted_ = true;
    if (opt_.node_limit > 0 && stats_.nodes > opt_.node_limit) node_limited_ = timed_out_ = halted_ = true;
    if (run_limit_ > 0 && stats_.nodes > run_limit_) run_limited_ = halted_ = true;
    if ((stats_.nodes & 63) != 0) return;
    double t = std::chrono::duration<double>(Clock::now() - start_).count();
    if (opt_.time_limit_s > 0 && t > opt_.time_limit_s) {
      timed_out_ = halted_ = true;
    }
    if (opt_.progress && t >= next_progress_) {
      next_progress_ = t + opt_.progress_interval_s;
      Progress pr;
      pr.nodes = stats_.nodes;
      pr.depth = depth_;
      pr.max_depth = stats_.max_depth;
      pr.elapsed_s = t;
      pr.solutions = progress_solutions_;
      pr.propagations = props_.propagations();
      pr.cache_entries = cache_.size();
      opt_.progress(pr);
    }
  }

  ir::Assignment current() const {
    ir::Assignment a(p_.vars.size());
    for (size_t v = 0; v < a.size(); ++v)
      a[v] = p_.vars[v].domain[static_cast<size_t>(d_.first(static_cast<VarId>(v)))];
    return a;
  }

  // Solutions are told apart by the variables that are not auxiliary (`aux var`): those
  // are decided first, and each of their full assignments is one solution when some
  // values of the auxiliary ones complete it (witness()).
  void enumerate(std::uint64_t limit, std::vector<ir::Assignment>& out) {
    VarId v = select(mixed_ ? all_vars_ : main_vars_);
    if (v < 0) {
      std::optional<ir::Assignment> a = aux_vars_.empty() || mixed_ ? std::optional<ir::Assignment>(current()) : witness();
      if (!a) return;
      if (opt_.on_solution) {
        progress_solutions_ = ++streamed_;
        if (!opt_.on_solution(*a) || streamed_ >= limit) halted_ = true;
        return;
      }
      out.push_back(std::move(*a));
      progress_solutions_ = out.size();
      if (out.size() >= limit) halted_ = true;
      return;
    }
    for (int i : values(v)) {
      if (halted_) return;
      std::size_t m = d_.mark();
      ++depth_;
      tick();
      if (decide(v, i) && !blocked()) enumerate(limit, out);
      undecide(v, m);
      --depth_;
    }
  }

  // Some completion of the auxiliary variables (the others all fixed), or none; the
  // state is left as it was.
  std::optional<ir::Assignment> witness() {
    VarId v = select(aux_vars_);
    if (v < 0) return current();
    for (int i : values(v)) {
      if (halted_) break;
      std::size_t m = d_.mark();
      ++depth_;
      tick();
      std::optional<ir::Assignment> a;
      if (decide(v, i)) a = witness();
      undecide(v, m);
      --depth_;
      if (a) return a;
    }
    return std::nullopt;
  }

  // --- counting -----------------------------------------------------------------------

  // Every count takes a cap (at least 1) and returns min(count, cap): a search stops as
  // soon as it has counted `cap` solutions, and sets capped_ when it stopped with
  // something left uncounted (values not tried, a product or a domain cut down to the cap).
  // A result below its cap is exact (unless halted_). kNoCap: no limit (a count
  // saturated by an overflow stops there too; overflow_ says why).
  static constexpr Count kNoCap = kCountMax;

  // The cap for the rest of a sum that has counted `sum` so far (below the cap).
  static Count rest(Count cap, Count sum) { return cap == kNoCap ? kNoCap : cap - sum; }

  // n capped.
  Count clip(Count n, Count cap) {
    if (n <= cap) return n;
    capped_ = true;
    return cap;
  }

  // The count with auxiliary variables: the assignments of the others that witness()
  // completes. Plain branching: a component count or a lone variable's domain size would
  // count values that no auxiliary completion may allow.
  Count count_projected(Count cap) {
    const bool top = top_level_;
    top_level_ = false;
    VarId v = select(main_vars_);
    if (v < 0) return witness() ? 1 : 0;
    Count sum = 0;
    for (int i : values(v)) {
      if (halted_) break;
      if (sum == cap) {  // values left untried
        capped_ = true;
        break;
      }
      std::size_t m = d_.mark();
      ++depth_;
      tick();
      if (decide(v, i)) sum = add(sum, count_projected(rest(cap, sum)));
      undecide(v, m);
      --depth_;
      if (top) top_progress(sum);
    }
    return sum;
  }

  // At the top of a count, after each value: the solutions so far, for progress.
  void top_progress(Count sum) {
    progress_solutions_ = sum > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                                           : static_cast<std::uint64_t>(sum);
  }

  Count add(Count a, Count b) {
    Count r;
    if (__builtin_add_overflow(a, b, &r)) {
      overflow_ = true;
      return kCountMax;
    }
    return r;
  }

  Count mul(Count a, Count b) {
    Count r;
    if (__builtin_mul_overflow(a, b, &r)) {
      overflow_ = true;
      return kCountMax;
    }
    return r;
  }

  struct Component {
    std::vector<VarId> vars;  // ascending
    std::vector<int> links;   // its constraints with at least two unfixed variables
  };

  // Connected components of the unfixed variables in `vars`, linked by constraints with
  // at least two unfixed variables. Sorted: smallest component first.
  std::vector<Component> components(const std::vector<VarId>& open) {
    std::vector<Component> comps;
    if (++mark_ == 0) {
      std::fill(stamp_.begin(), stamp_.end(), 0);
      std::fill(var_seen_.begin(), var_seen_.end(), 0);
      mark_ = 1;
    }
    if (var_seen_.size() != p_.vars.size()) var_seen_.assign(p_.vars.size(), 0);
    std::vector<VarId> stack;
    for (VarId s : open) {
      if (var_seen_[static_cast<size_t>(s)] == mark_) continue;
      comps.emplace_back();
      auto& comp = comps.back().vars;
      auto& links = comps.back().links;
      var_seen_[static_cast<size_t>(s)] = mark_;
      stack.push_back(s);
      while (!stack.empty()) {
        VarId v = stack.back();
        stack.pop_back();
        comp.push_back(v);
        for (int c : props_.constraints_of(v)) {
          if (stamp_[static_cast<size_t>(c)] == mark_) continue;
          stamp_[static_cast<size_t>(c)] = mark_;
          int unfixed = 0;
          for (VarId u : props_.scope(c)) {
            if (fixed(u)) continue;
            ++unfixed;
            if (var_seen_[static_cast<size_t>(u)] != mark_) {
              var_seen_[static_cast<size_t>(u)] = mark_;
              stack.push_back(u);
            }
          }
          if (unfixed >= 2) links.push_back(c);
        }
      }
      std::sort(comp.begin(), comp.end());
    }
    std::stable_sort(comps.begin(), comps.end(), [](auto& a, auto& b) { return a.vars.size() < b.vars.size(); });
    return comps;
  }

  // The count of `vars`' completions, in the current (propagated) state, capped. The
  // components multiply: each is counted up to the share of the cap the product so far
  // leaves it, and once the product reaches the cap the rest need only one solution each
  // (any of them may have none, which makes the whole count 0).
  Count count_set(const std::vector<VarId>& vars, Count cap) {
    std::vector<VarId> open;
    for (VarId v : vars)
      if (!fixed(v)) open.push_back(v);
    if (open.empty()) return 1;
    if (!opt_.components) return branch(open, cap);
    auto comps = components(open);
    const bool capped_before = capped_;
    Count total = 1;
    bool top = top_level_ && comps.size() == 1;
    top_level_ = top;
    for (const auto& comp : comps) {
      const Count share = cap == kNoCap ? kNoCap : total >= cap ? 1 : (cap + total - 1) / total;
      Count k = count_component(comp, comps.size() > 1, share);
      if (k == 0) {
        capped_ = capped_before;  // exactly none, whatever the others were cut to
        return 0;
      }
      total = cap == kNoCap ? mul(total, k) : clip(total * k, cap);
    }
    return total;
  }

  // The key of a component: its variables and the variables sharing a constraint with
  // them, with their domains. The component's count depends on nothing else.
  std::vector<std::uint64_t> key_of(const std::vector<VarId>& comp) {
    std::vector<VarId> nb = comp;
    for (VarId v : comp)
      for (int c : props_.constraints_of(v))
        for (VarId u : props_.scope(c))
          if (fixed(u)) nb.push_back(u);
    std::sort(nb.begin(), nb.end());
    nb.erase(std::unique(nb.begin(), nb.end()), nb.end());
    // The neighbours are determined by the component, so their ids need not be stored.
    std::vector<std::uint64_t> key;
    key.push_back(comp.size());
    for (VarId v : comp) key.push_back(static_cast<std::uint64_t>(v));
    for (VarId v : nb) {
      const std::uint64_t* w = d_.words(v);
      key.insert(key.end(), w, w + d_.num_words(v));
    }
    return key;
  }

  // split: the component is one of several. Caching pays off mostly there; components
  // that did not split are looked up only if the first 4096 such lookups hit at least
  // one time in 32 (in a dense grid they rarely do, and the keys cost as much as search).
  // The cache holds exact counts only (nothing was capped while counting them).
  Count count_component(const Component& component, bool split, Count cap) {
    const std::vector<VarId>& comp = component.vars;
    ++stats_.components;
    if (opt_.check != Check::None) {
      // With forward checking or propagation, a constraint with one unfixed variable
      // left has pruned it exactly, so it is entailed. Then a lone variable counts its
      // domain, and a component held together by one table counts that table's valid
      // rows (rows are distinct). Check none never pruned, so it still branches.
      if (comp.size() == 1) {
        top_level_ = false;
        return clip(static_cast<Count>(d_.size(comp[0])), cap);
      }
      if (component.links.size() == 1 && props_.kind(component.links[0]) == ir::Kind::Table) {
        top_level_ = false;
        return clip(static_cast<Count>(props_.count_rows(component.links[0], d_)), cap);
      }
    }
    std::vector<std::uint64_t> key;
    bool use_cache = opt_.cache_limit > 0 && (split || unsplit_lookups_ < 4096 || unsplit_hits_ * 32 >= unsplit_lookups_);
    if (use_cache) {
      key = key_of(comp);
      if (!split) ++unsplit_lookups_;
      auto it = cache_.find(key);
      if (it != cache_.end()) {
        ++stats_.cache_hits;
        if (!split) ++unsplit_hits_;
        top_level_ = false;
        return clip(it->second, cap);
      }
    }
    const bool capped_before = capped_;
    capped_ = false;
    Count k = branch(comp, cap);
    if (!halted_ && !capped_ && use_cache) {
      if (cache_.size() >= opt_.cache_limit || cache_words_ + key.size() > kCacheWordBudget) {
        cache_.clear();
        cache_words_ = 0;
      }
      cache_words_ += key.size() + 8;  // + the node's own overhead, roughly
      cache_.emplace(std::move(key), k);
    }
    capped_ = capped_ || capped_before;
    return k;
  }

  Count branch(const std::vector<VarId>& comp, Count cap) {
    bool top = top_level_;
    top_level_ = false;
    VarId v = select(comp);
    Count sum = 0;
    for (int i : values(v)) {
      if (halted_) break;
      if (sum == cap) {  // values left untried
        capped_ = true;
        break;
      }
      std::size_t m = d_.mark();
      ++depth_;
      tick();
      if (decide(v, i)) sum = add(sum, count_set(comp, rest(cap, sum)));
      undecide(v, m);
      --depth_;
      if (top) top_progress(sum);
    }
    return sum;
  }

  const ir::Program& p_;
  SearchOptions opt_;
  Propagators props_;
  Domains d_;
  std::vector<char> decided_;
  std::vector<std::uint32_t> weight_;  // Order::DomWdeg: 1 + the conflicts each constraint caused
  std::vector<VarId> all_vars_;
  std::vector<VarId> main_vars_, aux_vars_;  // not `aux var` / `aux var`
  std::mt19937_64 rng_;
  SearchStats stats_;
  Clock::time_point start_;
  double next_progress_ = 0.5;
  std::uint64_t depth_ = 0;
  std::uint64_t progress_solutions_ = 0;
  std::uint64_t streamed_ = 0;  // solutions passed to SearchOptions::on_solution
  bool halted_ = false, timed_out_ = false, overflow_ = false;
  bool capped_ = false;  // count: some part stopped at its cap with more left (see clip())
  bool stopped_ = false;  // timed_out_ because options.stop was set
  bool mixed_ = false;    // unique(): branch on every variable, auxiliary ones too
  const ir::Assignment* block_ = nullptr;  // unique()'s second search: its first solution
  bool node_limited_ = false;  // timed_out_ because of options.node_limit
  std::uint64_t run_limit_ = 0;  // solve_restarting: the decisions at which this run ends
  bool run_limited_ = false;     // halted_ at run_limit_
  bool top_level_ = false;
  bool base_done_ = false, base_ok_ = true;  // solve_subset: the always-active part propagated
  std::vector<std::uint32_t> stamp_, var_seen_;
  std::uint32_t mark_ = 0;
  std::unordered_map<std::vector<std::uint64_t>, Count, ir::WordsHash> cache_;
  std::size_t cache_words_ = 0;
  std::uint64_t unsplit_lookups_ = 0, unsplit_hits_ = 0;
};

// The program with the rows of its parities' Gauss-Jordan elimination added
// (ir::implied_parities): each reduced row has a variable no other row has, so once the
// variables that are free in the system are known, every other one follows by
// propagation (with none free, all follow at the root). Unit rows become unit clauses.
// Nullopt when there is nothing to add.
std::optional<ir::Program> with_eliminated_parities(const ir::Program& p) {
  const std::vector<ir::Parity> add = ir::implied_parities(p);
  if (add.empty()) return std::nullopt;
  ir::Program q = p;
  ir::TermBuilder tb(q);
  for (const auto& r : add) {
    ir::Constraint c;
    c.scope = r.vars;
    c.origin.text = "implied by the parities (Gauss-Jordan elimination)";  // (of no rule: the search reads none)
    if (r.vars.size() == 1) {
      c.kind = ir::Kind::Clause;
      c.literals.push_back({r.vars[0], r.odd ? 1 : 0, true});
      const ir::TermId v = tb.var(r.vars[0]);
      c.term = r.odd ? v : tb.make(ir::Op::Not, ir::ValueKind::Bool, {v});
    } else {
      std::vector<ir::TermId> parts;
      for (VarId v : r.vars) parts.push_back(tb.make(ir::Op::Ite, ir::ValueKind::Int, {tb.var(v), tb.integer(1), tb.integer(0)}));
      const ir::TermId sum = tb.make(ir::Op::Add, ir::ValueKind::Int, std::move(parts));
      const ir::TermId mod = tb.make(ir::Op::Mod, ir::ValueKind::Int, {sum, tb.integer(2)});
      c.kind = ir::Kind::Expr;
      c.term = tb.make(ir::Op::Eq, ir::ValueKind::Bool, {mod, tb.integer(r.odd ? 1 : 0)});
    }
    q.constraints.push_back(std::move(c));
  }
  return q;
}

// The parities of a program whose every constraint is a parity of Bool variables (domains
// {0, 1}) and that has no auxiliary variable, one per constraint; nullopt for any other
// program (count_parities' condition).
std::optional<std::vector<ir::Parity>> all_parities(const ir::Program& p) {
  if (p.constraints.empty()) return std::nullopt;
  for (const auto& v : p.vars)
    if (v.aux) return std::nullopt;
  std::vector<ir::Parity> rows;
  for (const auto& con : p.constraints) {
    if (con.kind != ir::Kind::Expr) return std::nullopt;
    auto par = ir::parity_of(p, con.term);
    if (!par) return std::nullopt;
    for (VarId v : par->vars)
      if (p.vars[static_cast<std::size_t>(v)].domain != std::vector<ir::Value>{0, 1}) return std::nullopt;
    rows.push_back(std::move(*par));
  }
  return rows;
}

// The count of a program whose every constraint is a parity of Bool variables (domains
// {0, 1}) and that has no auxiliary variable: 2^(variables in parities - rank of the
// system), times the domain sizes of the variables in none, or 0 when the parities are
// inconsistent. Exact at once where the search enumerates every solution (a Lights Out
// board of 30x30 has 2^20 answers: over a minute). Nullopt for any other program, or when
// the count would pass 2^120.
std::optional<SearchResult> count_parities(const ir::Program& p, const SearchOptions& options) {
  const auto parities = all_parities(p);
  if (!parities) return std::nullopt;
  const std::vector<ir::Parity>& rows = *parities;
  std::vector<char> in(p.vars.size(), 0);
  std::size_t cols = 0;
  for (const auto& row : rows)
    for (VarId v : row.vars) cols += !std::exchange(in[static_cast<std::size_t>(v)], 1);
  if (!ir::elimination_affordable(rows.size(), cols)) return std::nullopt;
  const auto start = Clock::now();
  const auto reduced = ir::eliminate(rows);
  Count total = 0;
  if (reduced) {
    const std::size_t free = cols - reduced->size();
    if (free > 120) return std::nullopt;
    total = Count{1} << free;
    for (std::size_t v = 0; v < p.vars.size(); ++v) {
      if (in[v]) continue;
      const Count size = p.vars[v].domain.size();
      if (size != 0 && total > (Count{1} << 120) / size) return std::nullopt;
      total *= size;
    }
  }
  SearchResult r;
  const Count cap = options.solution_limit ? Count{options.solution_limit} : kCountMax;
  r.count = std::min(total, cap);
  r.exact = total <= cap;
  if (!r.exact) r.reason = "limit";
  r.status = r.count > 0 ? Status::Sat : Status::Unsat;
  r.stats.solutions = r.count > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                                            : static_cast<std::uint64_t>(r.count);
  r.stats.time_s = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace

SearchResult solve(const ir::Program& program, const SearchOptions& options) {
  const auto eliminated = with_eliminated_parities(program);
  Solver s(eliminated ? *eliminated : program, options);
  return s.solve(options.solution_limit ? options.solution_limit : 1);
}

SearchResult unique(const ir::Program& program, const SearchOptions& options) {
  const auto eliminated = with_eliminated_parities(program);
  Solver s(eliminated ? *eliminated : program, options);
  return s.unique();
}

// unique() of the parities `rows` marked active, over p's variables, by elimination: no
// solution when they are inconsistent, else one with every free variable (in no reduced
// row's pivot) at its first value and, when there is a free variable, a second with the
// first of them changed. Nullopt when the elimination is not affordable. (A generator's
// removal asks this of Lights Out boards, where the search without the eliminated rows,
// which hold only for the whole program, passed its node limit on every question: Flip
// 20x20, 401 questions in 27 s.)
std::optional<SearchResult> unique_parities(const ir::Program& p, const std::vector<ir::Parity>& rows,
                                            const std::vector<char>& active) {
  const auto start = Clock::now();
  std::vector<ir::Parity> on;
  std::vector<char> in(p.vars.size(), 0);
  std::size_t cols = 0;
  for (std::size_t c = 0; c < rows.size(); ++c) {
    if (!active[c]) continue;
    for (VarId v : rows[c].vars) cols += !std::exchange(in[static_cast<std::size_t>(v)], 1);
    on.push_back(rows[c]);
  }
  if (!ir::elimination_affordable(on.size(), cols)) return std::nullopt;
  SearchResult r;
  r.status = Status::Unsat;
  auto reduced = on.empty() ? std::optional<std::vector<ir::Parity>>(std::in_place) : ir::eliminate(on);
  if (reduced)  // (a consistent system's rows over no variable say nothing)
    reduced->erase(std::remove_if(reduced->begin(), reduced->end(), [](const ir::Parity& r) { return r.vars.empty(); }),
                   reduced->end());
  bool empty_domain = false;
  for (const auto& v : p.vars) empty_domain = empty_domain || v.domain.empty();
  if (reduced && !empty_domain) {
    // Each reduced row's pivot: a variable of no other reduced row. Every other variable
    // is free; a row then fixes its pivot.
    std::vector<int> rows_of(p.vars.size(), 0);
    for (const auto& row : *reduced)
      for (VarId v : row.vars) ++rows_of[static_cast<std::size_t>(v)];
    std::vector<VarId> pivot(reduced->size());
    std::vector<char> is_pivot(p.vars.size(), 0);
    for (std::size_t k = 0; k < reduced->size(); ++k) {
      const auto& vs = (*reduced)[k].vars;
      pivot[k] = *std::find_if(vs.begin(), vs.end(), [&](VarId v) { return rows_of[static_cast<std::size_t>(v)] == 1; });
      is_pivot[static_cast<std::size_t>(pivot[k])] = 1;
    }
    std::optional<std::size_t> free;
    for (std::size_t v = 0; v < p.vars.size() && !free; ++v)
      if (!is_pivot[v] && p.vars[v].domain.size() >= 2) free = v;
    auto solution = [&](bool change_free) {
      ir::Assignment a(p.vars.size());
      for (std::size_t v = 0; v < a.size(); ++v) a[v] = p.vars[v].domain.front();
      if (change_free) a[*free] = p.vars[*free].domain[1];
      for (std::size_t k = 0; k < reduced->size(); ++k) {
        bool odd = (*reduced)[k].odd;
        for (VarId v : (*reduced)[k].vars)
          if (v != pivot[k]) odd = odd != (a[static_cast<std::size_t>(v)] == 1);
        a[static_cast<std::size_t>(pivot[k])] = odd ? 1 : 0;
      }
      return a;
    };
    r.status = Status::Sat;
    r.solutions.push_back(solution(false));
    if (free) r.solutions.push_back(solution(true));
  }
  r.stats.solutions = r.solutions.size();
  r.stats.time_s = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

struct SubsetSearch::Impl {
  Solver solver;
  std::optional<std::vector<char>> always;
  std::optional<std::vector<ir::Parity>> parities;  // all_parities of the program
  const ir::Program& program;
  Impl(const ir::Program& p, const SearchOptions& o) : solver(p, o), parities(all_parities(p)), program(p) {}
};

SubsetSearch::SubsetSearch(const ir::Program& program, const SearchOptions& options, const std::vector<char>* always)
    : impl_(std::make_unique<Impl>(program, options)) {
  if (always) impl_->always = *always;
}

SubsetSearch::~SubsetSearch() = default;

void SubsetSearch::keep(const std::vector<char>& more) {
  if (!impl_->always) throw std::logic_error("SubsetSearch::keep: made without `always`");
  if (more.size() != impl_->always->size()) throw std::invalid_argument("SubsetSearch::keep: one flag per constraint");
  std::vector<char> after = *impl_->always;
  for (std::size_t c = 0; c < after.size(); ++c) after[c] = after[c] || more[c];
  impl_->solver.extend_always(*impl_->always, after);
  impl_->always = std::move(after);
}

SearchResult SubsetSearch::unique(const std::vector<char>& active) {
  if (impl_->parities) {
    if (active.size() != impl_->parities->size()) throw std::invalid_argument("SubsetSearch::unique: one flag per constraint");
    if (auto r = unique_parities(impl_->program, *impl_->parities, active)) return *r;
  }
  return impl_->solver.solve_subset(2, active, impl_->always ? &*impl_->always : nullptr);
}

SearchResult count(const ir::Program& program, const SearchOptions& options) {
  if (auto r = count_parities(program, options)) return *r;
  const auto eliminated = with_eliminated_parities(program);
  Solver s(eliminated ? *eliminated : program, options);
  return s.count();
}

}  // namespace pzc::engine
