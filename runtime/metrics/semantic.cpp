// Clue semantics: enumeration of the candidate space when it is small, entailment
// questions to an Oracle when it is not.
#include "runtime/metrics/semantic.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <stdexcept>

#include "runtime/ir/eval.hpp"

namespace pzc::metrics {

std::vector<ClueConstraints> clues_of(const ir::Program& program) {
  std::vector<ClueConstraints> out;
  std::vector<int> slot(program.rules.size(), -1);
  for (std::size_t r = 0; r < program.rules.size(); ++r) {
    if (!program.rules[r].is_clue) continue;
    slot[r] = static_cast<int>(out.size());
    out.push_back({static_cast<int>(r), program.rules[r].name, {}});
  }
  for (std::size_t c = 0; c < program.constraints.size(); ++c) {
    int r = program.constraints[c].origin.rule;
    if (r >= 0 && static_cast<std::size_t>(r) < slot.size() && slot[static_cast<std::size_t>(r)] >= 0)
      out[static_cast<std::size_t>(slot[static_cast<std::size_t>(r)])].constraints.push_back(static_cast<int>(c));
  }
  return out;
}

std::vector<int> rule_constraints(const ir::Program& program) {
  std::vector<int> out;
  for (std::size_t c = 0; c < program.constraints.size(); ++c) {
    if (!ir::from_clue(program, program.constraints[c])) out.push_back(static_cast<int>(c));
  }
  return out;
}

std::uint64_t domain_product(const ir::Program& program) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t p = 1;
  for (const auto& v : program.vars) {
    std::uint64_t d = v.domain.size();
    if (d == 0) return 0;
    if (p > kMax / d) return kMax;
    p *= d;
  }
  return p;
}

// ------------------------------------------------------------------ brute force

BruteForceOracle::BruteForceOracle(const ir::Program& program, std::uint64_t max_product) : program_(program) {
  if (domain_product(program) > max_product)
    throw std::invalid_argument("BruteForceOracle: the domain product is too large to try every assignment");
}

Count BruteForceOracle::enumerate(const Query& query, std::uint64_t limit,
                                  const std::function<bool(const ir::Assignment&)>& on_model) {
  const ir::Program& p = program_;
  std::vector<std::vector<int>> falsify;
  auto clues = clues_of(p);
  for (int r : query.falsify) {
    auto it = std::find_if(clues.begin(), clues.end(), [&](const ClueConstraints& c) { return c.rule == r; });
    if (it == clues.end()) throw std::invalid_argument("BruteForceOracle: falsify names a rule that is not a clue");
    falsify.push_back(it->constraints);
  }
  Count result;
  if (domain_product(p) == 0) {
    result.exact = true;
    return result;
  }
  std::vector<std::size_t> pos(p.vars.size(), 0);
  ir::Assignment a(p.vars.size());
  for (std::size_t v = 0; v < p.vars.size(); ++v) a[v] = p.vars[v].domain[0];
  auto holds = [&](int c) { return ir::satisfied(p, p.constraints[static_cast<std::size_t>(c)], a); };
  while (true) {
    bool ok = std::all_of(query.keep.begin(), query.keep.end(), holds);
    for (std::size_t i = 0; ok && i < falsify.size(); ++i)
      ok = !std::all_of(falsify[i].begin(), falsify[i].end(), holds);
    if (ok) {
      if (result.count == limit) return result;  // a model beyond the limit: not exact
      ++result.count;
      if (!on_model(a)) return result;
    }
    // Odometer step, the last variable fastest, so models come in lexicographic order.
    std::size_t v = p.vars.size();
    while (v > 0) {
      --v;
      if (++pos[v] < p.vars[v].domain.size()) {
        a[v] = p.vars[v].domain[pos[v]];
        break;
      }
      pos[v] = 0;
      a[v] = p.vars[v].domain[0];
      if (v == 0) {
        result.exact = true;
        return result;
      }
    }
    if (p.vars.empty()) {
      result.exact = true;
      return result;
    }
  }
}

// ------------------------------------------------------------------ analysis

namespace {

std::vector<int> concat(std::vector<int> a, const std::vector<int>& b) {
  a.insert(a.end(), b.begin(), b.end());
  std::sort(a.begin(), a.end());
  return a;
}

// The analysis by enumeration, fed one candidate at a time in any order: the counts, the
// flags and the classes of clues with equal banned sets are updated as each arrives, so the
// memory does not grow with the candidates (a huge --enumeration-limit stores nothing per
// candidate). The candidates themselves are kept only while their listing stays within
// Options::list_values.
class Enumeration {
 public:
  Enumeration(const ir::Program& p, const std::vector<ClueConstraints>& clues, std::uint64_t list_values)
      : p_(p), clues_(clues), banned_(clues.size(), 0), indispensable_(clues.size(), false), bans_(clues.size(), false),
        class_(clues.size(), 0), key_(clues.size(), 0), renumber_(2 * clues.size(), -1) {
    const std::uint64_t per_candidate = std::max<std::uint64_t>(1, p.vars.size()) * std::max<std::uint64_t>(1, clues.size());
    list_cap_ = list_values / per_candidate;
  }

  void add(const ir::Assignment& a) {
    ++count_;
    std::size_t banning = 0, last = 0;
    for (std::size_t k = 0; k < clues_.size(); ++k) {
      bans_[k] = bans(k, a);
      if (bans_[k]) ++banned_[k], ++banning, last = k;
    }
    if (banning == 0) {
      ++unbanned_;
      if (first_unbanned_.size() < 2 || a < first_unbanned_.back()) {
        first_unbanned_.push_back(a);
        std::sort(first_unbanned_.begin(), first_unbanned_.end());
        if (first_unbanned_.size() > 2) first_unbanned_.pop_back();
      }
    }
    if (banning == 1) indispensable_[last] = true;
    // Clues in one class have banned the same candidates so far: split each class by
    // whether its clues ban this one (classes stay numbered below the number of clues).
    int fresh = 0;
    for (std::size_t k = 0; k < clues_.size(); ++k) {
      key_[k] = static_cast<std::size_t>(class_[k]) * 2 + (bans_[k] ? 1 : 0);
      if (renumber_[key_[k]] < 0) renumber_[key_[k]] = fresh++;
      class_[k] = renumber_[key_[k]];
    }
    for (std::size_t k = 0; k < clues_.size(); ++k) renumber_[key_[k]] = -1;
    if (listing_) {
      if (list_.size() < list_cap_) {
        list_.push_back(a);
      } else {
        listing_ = false;
        std::vector<ir::Assignment>().swap(list_);
      }
    }
  }

  void finish(Semantics& s) {
    s.candidates = count_;
    s.unbanned_count = unbanned_;
    for (std::size_t k = 0; k < clues_.size(); ++k) {
      ClueSemantics& cs = s.clues[k];
      cs.banned = banned_[k];
      cs.banned_exact = true;
      cs.bans_nothing = cs.banned == 0;
      cs.bans_exactly_one = cs.banned == 1;
      for (std::size_t j = 0; j < clues_.size(); ++j)
        if (j != k && class_[j] == class_[k]) cs.equivalents.push_back(j);
      cs.indispensable = indispensable_[k];
      cs.redundant = !cs.indispensable;
    }
    s.solutions = std::min<std::uint64_t>(unbanned_, 2);
    s.solutions_exact = unbanned_ <= 2;
    s.solution_list = first_unbanned_;
    s.listed = listing_;
    if (!listing_) return;
    std::sort(list_.begin(), list_.end());
    for (std::size_t t = 0; t < list_.size(); ++t) {
      bool banned = false;
      for (std::size_t k = 0; k < clues_.size(); ++k)
        if (bans(k, list_[t])) s.clues[k].banned_candidates.push_back(t), banned = true;
      if (!banned) s.unbanned.push_back(t);
    }
    s.candidate_list = std::move(list_);
  }

 private:
  // Clue k is false in `a` (some ground constraint of it is).
  bool bans(std::size_t k, const ir::Assignment& a) const {
    return !std::all_of(clues_[k].constraints.begin(), clues_[k].constraints.end(),
                        [&](int c) { return ir::satisfied(p_, p_.constraints[static_cast<std::size_t>(c)], a); });
  }

  const ir::Program& p_;
  const std::vector<ClueConstraints>& clues_;
  std::uint64_t count_ = 0, unbanned_ = 0;
  std::vector<std::uint64_t> banned_;
  std::vector<bool> indispensable_, bans_;  // bans_: scratch, for the current candidate
  std::vector<int> class_;                  // the class of equal banned sets of each clue
  std::vector<std::size_t> key_;            // scratch: (class, bans) of each clue
  std::vector<int> renumber_;               // scratch: a key's new class, -1 between candidates
  std::vector<ir::Assignment> first_unbanned_;  // the least two, lexicographically
  std::uint64_t list_cap_ = 0;
  bool listing_ = true;
  std::vector<ir::Assignment> list_;
};

void entail_semantics(const std::vector<int>& rules, const std::vector<ClueConstraints>& clues, Oracle& oracle,
                      Semantics& s) {
  for (std::size_t k = 0; k < clues.size(); ++k) {
    ClueSemantics& cs = s.clues[k];
    Count c = oracle.count({rules, {clues[k].rule}}, 2);
    cs.banned = c.count;
    cs.banned_exact = c.exact;
    cs.bans_nothing = c.count == 0;
    cs.bans_exactly_one = c.count == 1 && c.exact;
    // Indispensable: the rules and the other clues admit a candidate this clue bans.
    std::vector<int> others = rules;
    for (std::size_t j = 0; j < clues.size(); ++j)
      if (j != k) others = concat(std::move(others), clues[j].constraints);
    cs.indispensable = oracle.count({others, {clues[k].rule}}, 1).count > 0;
    cs.redundant = !cs.indispensable;
  }
  // Equivalent: each clue entails the other under the rules (the banned sets are equal).
  for (std::size_t k = 0; k < clues.size(); ++k)
    for (std::size_t j = k + 1; j < clues.size(); ++j) {
      const ClueSemantics &a = s.clues[k], &b = s.clues[j];
      bool same;
      if (a.bans_nothing || b.bans_nothing) same = a.bans_nothing && b.bans_nothing;
      else if (a.bans_exactly_one != b.bans_exactly_one) same = false;
      else
        same = oracle.count({concat(rules, clues[k].constraints), {clues[j].rule}}, 1).count == 0 &&
               oracle.count({concat(rules, clues[j].constraints), {clues[k].rule}}, 1).count == 0;
      if (same) {
        s.clues[k].equivalents.push_back(j);
        s.clues[j].equivalents.push_back(k);
      }
    }
  for (auto& cs : s.clues) std::sort(cs.equivalents.begin(), cs.equivalents.end());
}

}  // namespace

Semantics analyse(const ir::Program& program, Oracle& oracle, const Options& options) {
  Semantics s;
  auto clues = clues_of(program);
  std::vector<int> rules = rule_constraints(program);
  for (const auto& c : clues) {
    ClueSemantics cs;
    cs.rule = c.rule;
    cs.name = c.name;
    s.clues.push_back(std::move(cs));
  }
  const bool enumerate = options.method == Method::Enumerate ||
                         (options.method == Method::Auto && domain_product(program) <= options.enumeration_limit);
  if (enumerate) {
    Enumeration e(program, clues, options.list_values);
    Count c = oracle.enumerate({rules, {}}, options.enumeration_limit, [&](const ir::Assignment& a) {
      e.add(a);
      return true;
    });
    if (c.exact) {
      s.method = Method::Enumerate;
      e.finish(s);
      return s;
    }
    if (options.method == Method::Enumerate) {
      std::string why = "the candidates are more than --enumeration-limit (";
      why += std::to_string(options.enumeration_limit);
      why += "): raise it, or use --method entail";
      throw TooManyCandidates(why);
    }
  }
  s.method = Method::Entail;
  entail_semantics(rules, clues, oracle, s);
  std::vector<int> all(program.constraints.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  Count c = oracle.enumerate({all, {}}, 2, [&](const ir::Assignment& a) {
    s.solution_list.push_back(a);
    return true;
  });
  s.solutions = c.count;
  s.solutions_exact = c.exact;
  return s;
}

int Semantics::banning_nothing() const {
  return static_cast<int>(std::count_if(clues.begin(), clues.end(), [](const ClueSemantics& c) { return c.bans_nothing; }));
}
int Semantics::banning_exactly_one() const {
  return static_cast<int>(std::count_if(clues.begin(), clues.end(), [](const ClueSemantics& c) { return c.bans_exactly_one; }));
}
int Semantics::with_equivalents() const {
  return static_cast<int>(std::count_if(clues.begin(), clues.end(), [](const ClueSemantics& c) { return !c.equivalents.empty(); }));
}
int Semantics::indispensable() const {
  return static_cast<int>(std::count_if(clues.begin(), clues.end(), [](const ClueSemantics& c) { return c.indispensable; }));
}
int Semantics::redundant() const {
  return static_cast<int>(std::count_if(clues.begin(), clues.end(), [](const ClueSemantics& c) { return c.redundant; }));
}

}  // namespace pzc::metrics
