// The deduction search: every technique of the table, tried cheapest first, with per-
// constraint caches so a whole trace re-examines only constraints whose cells changed.
#include <algorithm>
#include <set>
#include <tuple>
#include <bit>
#include <functional>
#include <iterator>
#include <map>
#include <unordered_map>
#include <stdexcept>
#include <span>
#include <unordered_set>

#include "runtime/engine/propagators.hpp"
#include "runtime/hints/hints.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/hash.hpp"
#include "runtime/ir/parity.hpp"
#include "runtime/ir/print.hpp"

namespace pzc::hints {

using engine::Domains;
using ir::Value;
using ir::VarId;

const std::vector<TechniqueInfo>& techniques() {
  // Templates: {cell} the hint's cell, {lit} its conclusion, {value} the value, {rule}
  // the cited constraint's text, {rules} all of them, {quoted} all of them in quotes,
  // {cells} the witnesses, {n} their number, {cell+cells} the cell and the witnesses, {are}
  // "it is" or "they are" after them, {uses} "uses" or "use", {all} "all" (or "both" for
  // two), {breaker} the removed values as a statement ("r3c4 is 6 or 7", "the cat's house
  // is 3"; an unnamed grid Bool: "a light at r1c2"), {others} "the other cells" (or "the
  // others" without a grid), {chain} a tier-4 chain, {broken} the rule it breaks.
  // explain() picks variants of some (no witnesses, statements; see there).
  static const std::vector<TechniqueInfo> table = {
      {Technique::NakedSingle, "naked-single", 1, "naked single",
       "a cell with one candidate left takes it",
       "Only {value} is left for {cell}, so {lit}."},
      {Technique::HiddenSingle, "hidden-single", 1, "hidden single",
       "a value with one place left in a scope that needs it exactly once (or an all-different "
       "scope that uses every value) goes there",
       "Only {cell} can still be {value} ({rule}), so {lit}."},
      {Technique::CountReached, "count-reached", 1, "count reached",
       "a count that already has all it allows rules out the rest",
       "{rule}: {cells} already {uses} all it allows, so {lit}."},
      {Technique::CountForced, "count-forced", 1, "count forced",
       "a count that needs every remaining possibility takes them all",
       "{rule}: only {cell+cells} can still count toward it, and {all} are needed, so {lit}."},
      {Technique::ValueTaken, "value-taken", 1, "value taken",
       "in an all-different scope a placed value is ruled out everywhere else",
       "{rule}: {cells} is already {taken}, so {lit}."},
      {Technique::DirectCheck, "direct-check", 1, "direct check",
       "a value that breaks a rule outright, given the cells already known, is ruled out",
       "{rule}: with {cells} as {are}, it would be broken if {breaker}, so {lit}."},
      {Technique::SingleRule, "single-rule", 2, "one rule alone",
       "everything a single rule implies on its own, given the current candidates",
       "{rule}: given the candidates left in {cells}, no way of meeting it allows otherwise, so {lit}."},
      {Technique::RulePair, "rule-pair", 3, "two rules together",
       "what two overlapping rules imply together",
       "Given the candidates left in {cells}, {quoted} {can both} only if {lit}."},
      {Technique::Contradiction, "contradiction", 4, "short contradiction",
       "assume a value, reason forward, reach a contradiction, rule the value out",
       "Suppose {assumption}. Then {chain}, and {broken} can no longer be met. So {lit}."},
      {Technique::SolverCore, "solver-core", 5, "minimal rule set",
       "a minimal set of rules (found by the solver) that leaves no room for a value",
       "These rules together rule out that {breaker}: {rules}. So {lit}."},
      {Technique::Declared, "declared", 0, "technique of the spec",
       "a human technique written in the spec (at its own tier), proved sound when compiled",
       "{rule}: {lit}."},
  };
  return table;
}

const TechniqueInfo& info(Technique t) { return techniques()[static_cast<std::size_t>(t)]; }

std::optional<Technique> technique_by_name(const std::string& name) {
  for (const auto& t : techniques())
    if (name == t.name || name == t.title) return t.id;
  return std::nullopt;
}

namespace {

int index_in(const ir::Variable& var, Value value) {
  auto it = std::lower_bound(var.domain.begin(), var.domain.end(), value);
  if (it == var.domain.end() || *it != value) return -1;
  return static_cast<int>(it - var.domain.begin());
}

enum class LitTruth { False, True, Unknown };

struct Removal {
  VarId var;
  int index;
  bool operator<(const Removal& o) const { return var != o.var ? var < o.var : index < o.index; }
  bool operator==(const Removal& o) const { return var == o.var && index == o.index; }
};

template <class T>
void sort_unique(std::vector<T>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// A technique's state pattern, three-valued, over the atoms an `Atoms` policy reads:
// possible(v, value) and literal(v, value, positive) as Tri, var_range(v) as the values an
// Int or Bool variable can take (nullopt: unknown). Counts and sums are ranges, decided
// when the two sides' ranges decide a comparison.
enum class Tri { False, True, Unknown };
struct Range {
  std::int64_t lo, hi;
};

template <class Atoms>
struct PatternEval {
  const ir::Program& fp;  // where the pattern's terms are read
  Atoms atoms;

  Tri tri(ir::TermId id) const {
    if (auto a = atoms.assumed(id)) return *a;
    const ir::Term& t = fp.terms[static_cast<std::size_t>(id)];
    switch (t.op) {
      case ir::Op::Const: return t.value ? Tri::True : Tri::False;
      case ir::Op::Possible:
        return atoms.possible(static_cast<ir::VarId>(fp.terms[static_cast<std::size_t>(t.args[0])].value), t.value);
      case ir::Op::Var:
        if (t.kind == ir::ValueKind::Bool) return atoms.literal(static_cast<ir::VarId>(t.value), 1, true);
        return Tri::Unknown;
      case ir::Op::Not: {
        Tri a = tri(t.args[0]);
        return a == Tri::Unknown ? a : a == Tri::True ? Tri::False : Tri::True;
      }
      case ir::Op::And:
      case ir::Op::Or: {
        bool is_and = t.op == ir::Op::And, unknown = false;
        for (ir::TermId a : t.args) {
          Tri x = tri(a);
          if (x == Tri::Unknown) unknown = true;
          else if ((x == Tri::True) != is_and) return x;
        }
        return unknown ? Tri::Unknown : (is_and ? Tri::True : Tri::False);
      }
      case ir::Op::Xor:
      case ir::Op::Iff: {
        Tri a = tri(t.args[0]), b = tri(t.args[1]);
        if (a == Tri::Unknown || b == Tri::Unknown) return Tri::Unknown;
        return ((a == b) == (t.op == ir::Op::Iff)) ? Tri::True : Tri::False;
      }
      case ir::Op::Implies: {
        Tri a = tri(t.args[0]), b = tri(t.args[1]);
        if (a == Tri::False || b == Tri::True) return Tri::True;
        return a == Tri::True && b == Tri::False ? Tri::False : Tri::Unknown;
      }
      case ir::Op::Eq:
      case ir::Op::Ne:
      case ir::Op::Lt:
      case ir::Op::Le:
      case ir::Op::Gt:
      case ir::Op::Ge: {
        const ir::Term& a = fp.terms[static_cast<std::size_t>(t.args[0])];
        const ir::Term& b = fp.terms[static_cast<std::size_t>(t.args[1])];
        if ((t.op == ir::Op::Eq || t.op == ir::Op::Ne) && a.op == ir::Op::Var && b.op == ir::Op::Const)
          return atoms.literal(static_cast<ir::VarId>(a.value), b.value, t.op == ir::Op::Eq);
        // Counts and sums of the state, e.g. `(1..n)->count(k | placed(x[k], v)) = 2`:
        // decided when the two sides' ranges decide it.
        auto x = range(t.args[0]), y = range(t.args[1]);
        if (!x || !y) return Tri::Unknown;
        auto tri = [](bool yes, bool no) { return yes ? Tri::True : no ? Tri::False : Tri::Unknown; };
        switch (t.op) {
          case ir::Op::Eq: return tri(x->lo == x->hi && y->lo == y->hi && x->lo == y->lo, x->hi < y->lo || y->hi < x->lo);
          case ir::Op::Ne: return tri(x->hi < y->lo || y->hi < x->lo, x->lo == x->hi && y->lo == y->hi && x->lo == y->lo);
          case ir::Op::Lt: return tri(x->hi < y->lo, x->lo >= y->hi);
          case ir::Op::Le: return tri(x->hi <= y->lo, x->lo > y->hi);
          case ir::Op::Gt: return tri(x->lo > y->hi, x->hi <= y->lo);
          default: return tri(x->lo >= y->hi, x->hi < y->lo);
        }
      }
      default: return Tri::Unknown;
    }
  }

  // The values an Int term of a pattern can take, as a range (nullopt: not known, or not
  // a kind of term a pattern evaluates).
  std::optional<Range> range(ir::TermId id) const {
    const ir::Term& t = fp.terms[static_cast<std::size_t>(id)];
    auto arg = [&](std::size_t k) { return range(t.args[k]); };
    switch (t.op) {
      case ir::Op::Const:
        if (t.value == ir::kNull) return std::nullopt;
        return Range{t.value, t.value};
      case ir::Op::Var:
        if (t.kind != ir::ValueKind::Int && t.kind != ir::ValueKind::Bool) return std::nullopt;
        return atoms.var_range(static_cast<ir::VarId>(t.value));
      case ir::Op::Count: {
        Range r{0, 0};
        for (ir::TermId a : t.args) {
          Tri x = tri(a);
          if (x == Tri::True) ++r.lo;
          if (x != Tri::False) ++r.hi;
        }
        return r;
      }
      case ir::Op::Add: {
        Range r{0, 0};
        for (std::size_t k = 0; k < t.args.size(); ++k) {
          auto x = arg(k);
          if (!x) return std::nullopt;
          r.lo += x->lo;
          r.hi += x->hi;
        }
        return r;
      }
      case ir::Op::Sub: {
        auto x = arg(0), y = arg(1);
        if (!x || !y || t.args.size() != 2) return std::nullopt;
        return Range{x->lo - y->hi, x->hi - y->lo};
      }
      case ir::Op::Neg: {
        auto x = arg(0);
        if (!x) return std::nullopt;
        return Range{-x->hi, -x->lo};
      }
      case ir::Op::Abs: {
        auto x = arg(0);
        if (!x) return std::nullopt;
        if (x->lo >= 0) return x;
        if (x->hi <= 0) return Range{-x->hi, -x->lo};
        return Range{0, std::max(-x->lo, x->hi)};
      }
      case ir::Op::Min:
      case ir::Op::Max: {
        std::optional<Range> r;
        for (std::size_t k = 0; k < t.args.size(); ++k) {
          auto x = arg(k);
          if (!x) return std::nullopt;
          if (!r) r = x;
          else if (t.op == ir::Op::Min) r = Range{std::min(r->lo, x->lo), std::min(r->hi, x->hi)};
          else r = Range{std::max(r->lo, x->lo), std::max(r->hi, x->hi)};
        }
        return r;
      }
      case ir::Op::Mul: {
        std::optional<Range> r;
        for (std::size_t k = 0; k < t.args.size(); ++k) {
          auto y = arg(k);
          if (!y) return std::nullopt;
          if (!r) { r = y; continue; }
          std::int64_t c[] = {r->lo * y->lo, r->lo * y->hi, r->hi * y->lo, r->hi * y->hi};
          r = Range{*std::min_element(c, c + 4), *std::max_element(c, c + 4)};
        }
        return r;
      }
      case ir::Op::Ite: {
        Tri c = tri(t.args[0]);
        if (c == Tri::True) return arg(1);
        if (c == Tri::False) return arg(2);
        auto x = arg(1), y = arg(2);
        if (!x || !y) return std::nullopt;
        return Range{std::min(x->lo, y->lo), std::max(x->hi, y->hi)};
      }
      default:
        // A Bool term counts 1 when true (->sum() over Bools).
        if (t.kind == ir::ValueKind::Bool) {
          Tri x = tri(id);
          return x == Tri::Unknown ? Range{0, 1} : Range{x == Tri::True ? 1 : 0, x == Tri::True ? 1 : 0};
        }
        return std::nullopt;
    }
  }
};

// The index of `value` in v's domain, or -1.
int domain_index(const ir::Program& p, ir::VarId v, ir::Value value) {
  const auto& dom = p.vars[static_cast<std::size_t>(v)].domain;
  auto it = std::lower_bound(dom.begin(), dom.end(), value);
  return it != dom.end() && *it == value ? static_cast<int>(it - dom.begin()) : -1;
}

// The hint engine's reading: a Possible atom is exactly "still a candidate"; a literal
// x = v is true only once x is fixed to v and false once v is gone, else unknown (so a
// pattern never fires on a guess).
struct CandidateAtoms {
  const ir::Program& p;
  const Domains& d;
  std::optional<Tri> assumed(ir::TermId) const { return std::nullopt; }
  Tri possible(ir::VarId v, ir::Value value) const {
    int i = domain_index(p, v, value);
    return i >= 0 && d.contains(v, i) ? Tri::True : Tri::False;
  }
  Tri literal(ir::VarId v, ir::Value value, bool positive) const {
    int i = domain_index(p, v, value);
    Tri r = i < 0 || !d.contains(v, i) ? Tri::False : d.size(v) == 1 ? Tri::True : Tri::Unknown;
    if (!positive && r != Tri::Unknown) r = r == Tri::True ? Tri::False : Tri::True;
    return r;
  }
  std::optional<Range> var_range(ir::VarId v) const {
    const auto& dom = p.vars[static_cast<std::size_t>(v)].domain;
    int first = d.first(v);
    if (first < 0) return std::nullopt;
    int last = first;
    for (int i = first; i >= 0; i = d.next(v, i)) last = i;
    return Range{dom[static_cast<std::size_t>(first)], dom[static_cast<std::size_t>(last)]};
  }
};

// Z3's reading of a case of a fact (z3lower's add_possible_links) with the solution fixed:
// a Possible atom is true where the solution has that value and free elsewhere; a
// variable is at its value in the solution. Aux variables, which a uniqueness proof
// leaves free, are unknown.
struct AroundSolutionAtoms {
  const ir::Program& p;
  const ir::Assignment& s;
  // Subterms taken as true or false (a condition's conjuncts, which hold wherever it does),
  // but for `skip`.
  const std::unordered_map<ir::TermId, bool>* given = nullptr;
  ir::TermId skip = -1;
  std::optional<Tri> assumed(ir::TermId id) const {
    if (!given || id == skip) return std::nullopt;
    auto it = given->find(id);
    if (it == given->end()) return std::nullopt;
    return it->second ? Tri::True : Tri::False;
  }
  bool aux(ir::VarId v) const { return p.vars[static_cast<std::size_t>(v)].aux; }
  Tri possible(ir::VarId v, ir::Value value) const {
    return !aux(v) && s[static_cast<std::size_t>(v)] == value ? Tri::True : Tri::Unknown;
  }
  Tri literal(ir::VarId v, ir::Value value, bool positive) const {
    if (aux(v)) return Tri::Unknown;
    return (s[static_cast<std::size_t>(v)] == value) == positive ? Tri::True : Tri::False;
  }
  std::optional<Range> var_range(ir::VarId v) const {
    if (aux(v)) return std::nullopt;
    return Range{s[static_cast<std::size_t>(v)], s[static_cast<std::size_t>(v)]};
  }
};

}  // namespace

struct HintEngine::Impl {
  const ir::Program& p;
  // Where the declared facts and their patterns' terms are read (use_facts): p itself, or
  // another grounding of the same variables.
  const ir::Program* fp = &p;
  Options opt;
  bool stopped() const { return opt.stop && opt.stop->load(std::memory_order_relaxed); }
  ProofOracle* oracle;
  // Compiled on first use: tier 1 alone (saturation for easy) never needs it.
  std::optional<engine::Propagators> prop_;
  engine::Propagators& prop() {
    if (!prop_) {
      prop_.emplace(p);
      prop_->set_use_covers(false);  // a step names one constraint (tier 4: each link)
    }
    return *prop_;
  }
  std::vector<std::vector<int>> watches;  // var -> constraints, ascending
  std::vector<char> all_values_needed;    // AllDifferent whose scope uses every value
  // Tier 2 (propagate_one) is GAC on this constraint (Expr: while its scope has at most
  // engine::kExprEnumerationLimit combinations).
  std::vector<char> gac;
  std::vector<std::vector<int>> partners; // c1 -> c2 > c1 sharing a variable (built lazily)
  std::vector<std::vector<int>> live;     // the partners a pair can tell something after tier 2
  bool partners_built = false;
  ir::PartialAssignment partial;          // scratch for DirectCheck (scope entries only)
  std::vector<std::pair<Value, VarId>> places_scratch;  // scratch for AllDifferent hidden singles
  // AllDifferent whose scope's variables all have the same domain (a Sudoku house): value
  // indexes are shared, so places are counted per index instead of sorted.
  std::vector<char> same_domain;
  std::vector<int> count_scratch;
  std::vector<VarId> last_scratch;
  ir::Assignment scratch;                 // scratch for pair enumeration
  // pair()'s working vectors (it is not re-entered).
  std::vector<VarId> pair_vars_, pair_free_;
  // Rule pairs found to add nothing, by (c1, c2, the domain words of their joint scope):
  // pair() is a function of these alone, and a generator's many saturations over one
  // program meet the same local states again.
  std::unordered_set<std::vector<std::uint64_t>, ir::WordsHash> pair_clean_memo_;
  std::vector<std::uint64_t> pair_key_;
  std::vector<std::vector<int>> pair_values_;
  std::vector<std::vector<char>> pair_supported_;
  std::vector<std::size_t> pair_at_;
  std::optional<ir::Assignment> solution; // tier 5: a solution consistent with the state
  const std::vector<char>* active = nullptr;  // saturate(): the constraints in play
  // Saturation wants removals, not hints: while set, tier1() and tier2() append what they
  // would remove here and return no hints (see removals()).
  std::vector<Removal>* raw = nullptr;
  bool first_only = false;  // while set, tier1() stops at the first technique with a hint
  bool on(int c) const { return !active || (*active)[static_cast<std::size_t>(c)]; }

  // Per-trace caches: a constraint (or pair) is clean for a tier when it found nothing at
  // a stamp no older than the last change to its scope.
  struct Cache {
    std::uint64_t now = 1;
    std::vector<std::uint64_t> changed, clean1, clean2;
    std::vector<std::vector<std::uint64_t>> pair_clean;
  };

  Impl(const ir::Program& program, Options o, ProofOracle* orc)
      : p(program), opt(std::move(o)), oracle(orc) {
    watches.resize(p.vars.size());
    all_values_needed.assign(p.constraints.size(), 0);
    same_domain.assign(p.constraints.size(), 0);
    gac.assign(p.constraints.size(), 0);
    for (std::size_t ci = 0; ci < p.constraints.size(); ++ci) {
      const auto& c = p.constraints[ci];
      switch (c.kind) {
        case ir::Kind::Clause:
        case ir::Kind::AllDifferent:
        case ir::Kind::Table:
          gac[ci] = 1;
          break;
        case ir::Kind::Expr:  // checked on the current domains: pair_adds_nothing
          gac[ci] = 1;
          break;
        case ir::Kind::Cardinality: {
          // GAC when each variable occurs in one literal (propagators.hpp).
          std::vector<VarId> vs;
          for (const auto& l : c.literals) vs.push_back(l.var);
          std::sort(vs.begin(), vs.end());
          gac[ci] = std::adjacent_find(vs.begin(), vs.end()) == vs.end();
          break;
        }
        default:
          break;
      }
      for (VarId v : c.scope) watches[static_cast<std::size_t>(v)].push_back(static_cast<int>(ci));
      if (c.kind == ir::Kind::AllDifferent) {
        std::vector<Value> u;
        for (VarId v : c.scope) {
          const auto& d = p.vars[static_cast<std::size_t>(v)].domain;
          u.insert(u.end(), d.begin(), d.end());
        }
        std::sort(u.begin(), u.end());
        u.erase(std::unique(u.begin(), u.end()), u.end());
        all_values_needed[ci] = u.size() == c.scope.size();
        same_domain[ci] = std::all_of(c.scope.begin(), c.scope.end(), [&](VarId v) {
          return p.vars[static_cast<std::size_t>(v)].domain == p.vars[static_cast<std::size_t>(c.scope[0])].domain;
        });
      }
    }
    partial.assign(p.vars.size(), std::nullopt);
    scratch.assign(p.vars.size(), 0);
  }

  Cache new_cache() const {
    Cache c;
    c.changed.assign(p.constraints.size(), 1);
    c.clean1.assign(p.constraints.size(), 0);
    c.clean2.assign(p.constraints.size(), 0);
    return c;
  }

  const ir::Constraint& con(int c) const { return p.constraints[static_cast<std::size_t>(c)]; }
  Value value_of(VarId v, int i) const { return p.vars[static_cast<std::size_t>(v)].domain[static_cast<std::size_t>(i)]; }

  LitTruth truth(const Domains& d, const ir::Literal& l) const {
    int i = index_in(p.vars[static_cast<std::size_t>(l.var)], l.value);
    LitTruth eq;
    if (i < 0 || !d.contains(l.var, i)) eq = LitTruth::False;
    else if (d.size(l.var) == 1) eq = LitTruth::True;
    else eq = LitTruth::Unknown;
    if (l.positive || eq == LitTruth::Unknown) return eq;
    return eq == LitTruth::True ? LitTruth::False : LitTruth::True;
  }

  // Removals that make literal l true (or false). A variable that must take the value
  // (x = v made true, x <> v made false) is added to `kept`: the technique concludes its
  // value itself (Hint::last_left).
  void force(const Domains& d, const ir::Literal& l, bool make_true, std::vector<Removal>& out,
             std::vector<VarId>* kept = nullptr) const {
    int i = index_in(p.vars[static_cast<std::size_t>(l.var)], l.value);
    bool keep_only = (l.positive == make_true);  // x = v must hold
    if (keep_only) {
      if (kept) kept->push_back(l.var);
      for (int j = d.first(l.var); j >= 0; j = d.next(l.var, j))
        if (j != i) out.push_back({l.var, j});
    } else if (i >= 0 && d.contains(l.var, i)) {
      out.push_back({l.var, i});
    }
  }

  // Turns one reasoning's removals into hints, per variable in order: a set when one
  // candidate remains, else one elimination per value. Empty when a domain would empty.
  // `kept`: the variables whose value the reasoning concludes itself (force()); a set of
  // another variable that removes less than the rest of its domain is Hint::last_left.
  std::vector<Hint> group(const Domains& d, std::vector<Removal> rem, Technique t, std::vector<int> cited,
                          const std::vector<VarId>& witnesses, const std::vector<VarId>& kept = {}) const {
    std::sort(rem.begin(), rem.end());
    rem.erase(std::unique(rem.begin(), rem.end()), rem.end());
    std::vector<Hint> out;
    sort_unique(cited);
    for (std::size_t k = 0; k < rem.size();) {
      std::size_t e = k;
      while (e < rem.size() && rem[e].var == rem[k].var) ++e;
      VarId v = rem[k].var;
      int left = d.size(v) - static_cast<int>(e - k);
      Hint base;
      base.technique = t;
      base.tier = info(t).tier;
      base.var = v;
      base.constraints = cited;
      for (VarId w : witnesses)
        if (w != v) base.witnesses.push_back(w);
      sort_unique(base.witnesses);
      if (left == 1) {
        std::vector<char> gone(static_cast<std::size_t>(d.initial_size(v)), 0);
        for (std::size_t j = k; j < e; ++j) gone[static_cast<std::size_t>(rem[j].index)] = 1;
        for (int i = d.first(v); i >= 0; i = d.next(v, i)) {
          if (!gone[static_cast<std::size_t>(i)]) base.value = value_of(v, i);
          else base.removed.push_back(value_of(v, i));
        }
        base.sets = true;
        base.last_left = t != Technique::HiddenSingle && std::find(kept.begin(), kept.end(), v) == kept.end() &&
                         base.removed.size() + 1 < p.vars[static_cast<std::size_t>(v)].domain.size();
        out.push_back(std::move(base));
      } else if (left > 1) {
        for (std::size_t j = k; j < e; ++j) {
          Hint h = base;
          h.value = value_of(v, rem[j].index);
          h.removed = {h.value};
          out.push_back(std::move(h));
        }
      }
      k = e;
    }
    return out;
  }

  // --- tier 1 ------------------------------------------------------------------------

  // A technique's state pattern under the current candidates, three-valued: a Possible
  // atom is exactly "still a candidate"; a literal x = v is true only once x is fixed to v
  // and false once v is gone, else unknown (so a pattern never fires on a guess).
  Tri pattern(const Domains& d, ir::TermId id) const {
    return PatternEval<CandidateAtoms>{*fp, CandidateAtoms{p, d}}.tri(id);
  }

  // The first declared technique fact of this tier that still tells something new.
  std::optional<Hint> declared(const Domains& d, int tier) const {
    for (std::size_t f = 0; f < fp->techniques.size(); ++f) {
      const ir::TechniqueFact& fact = fp->techniques[f];
      if (fact.tier != tier) continue;
      const ir::Literal& l = fact.literal;
      if (fact.condition >= 0 && pattern(d, fact.condition) != Tri::True) continue;
      const auto& dom = p.vars[static_cast<std::size_t>(l.var)].domain;
      auto it = std::lower_bound(dom.begin(), dom.end(), l.value);
      if (it == dom.end() || *it != l.value) continue;
      int idx = static_cast<int>(it - dom.begin());
      if (!d.contains(l.var, idx) || d.size(l.var) <= 1) continue;
      Hint h;
      h.technique = Technique::Declared;
      h.tier = tier;
      h.var = l.var;
      h.value = l.value;
      h.sets = l.positive;
      h.fact = static_cast<int>(f);
      if (l.positive) {
        for (int i = d.first(l.var); i >= 0; i = d.next(l.var, i))
          if (i != idx) h.removed.push_back(dom[static_cast<std::size_t>(i)]);
      } else if (d.size(l.var) == 2) {
        // Removing one of two values places the other, as the generic deductions say it.
        for (int i = d.first(l.var); i >= 0; i = d.next(l.var, i))
          if (i != idx) h.value = dom[static_cast<std::size_t>(i)];
        h.sets = true;
        h.last_left = dom.size() > 2;
        h.removed.push_back(l.value);
      } else {
        h.removed.push_back(l.value);
      }
      return h;
    }
    return std::nullopt;
  }

  std::vector<Hint> naked_singles(const State& s, bool first_only) const {
    std::vector<Hint> out;
    const Domains& d = s.domains();
    for (VarId v = 0; v < d.num_vars(); ++v) {
      if (d.size(v) != 1 || s.placed(v)) continue;
      Hint h;
      h.technique = Technique::NakedSingle;
      h.var = v;
      h.value = value_of(v, d.first(v));
      h.sets = true;
      out.push_back(h);
      if (first_only) break;
    }
    return out;
  }

  // Every tier-1 deduction on constraint ci, in technique-row order.
  std::vector<Hint> tier1(const Domains& d, int ci, Technique only = Technique::SingleRule) {
    const auto& c = con(ci);
    std::vector<Hint> out;
    auto want = [&](Technique t) { return only == Technique::SingleRule || only == t; };
    std::vector<VarId> concluded;  // force()'s: variables whose value the technique concludes
    auto emit = [&](std::vector<Removal>& rem, Technique t, const std::vector<VarId>& witnesses) {
      if (raw) {
        raw->insert(raw->end(), rem.begin(), rem.end());
        concluded.clear();
        return;
      }
      auto hs = group(d, std::move(rem), t, {ci}, witnesses, concluded);
      concluded.clear();
      out.insert(out.end(), std::make_move_iterator(hs.begin()), std::make_move_iterator(hs.end()));
    };
    // find() takes only the first hint: the techniques after the first that found one are
    // not asked.
    auto done = [&] { return first_only && !out.empty(); };
    if (c.kind == ir::Kind::Cardinality || c.kind == ir::Kind::Clause) {
      std::int64_t lo = c.kind == ir::Kind::Clause ? 1 : c.lo;
      std::int64_t hi = c.kind == ir::Kind::Clause ? static_cast<std::int64_t>(c.literals.size()) : c.hi;
      {
        // Most calls find nothing: decide that before building anything.
        std::int64_t t0 = 0, possible0 = 0, unknown0 = 0;
        bool first_unknown_positive = false;
        for (const auto& l : c.literals) {
          LitTruth x = truth(d, l);
          t0 += x == LitTruth::True;
          possible0 += x != LitTruth::False;
          if (x == LitTruth::Unknown && unknown0++ == 0) first_unknown_positive = l.positive;
        }
        bool hidden0 = c.kind == ir::Kind::Cardinality && lo == 1 && hi == 1 && t0 == 0 && possible0 == 1 &&
                       first_unknown_positive;
        if (unknown0 == 0 || !(hidden0 || t0 >= hi || possible0 <= lo)) return out;
      }
      std::int64_t t = 0, possible = 0;
      std::vector<const ir::Literal*> unknown;
      std::vector<VarId> trues;
      for (const auto& l : c.literals) {
        LitTruth x = truth(d, l);
        if (x == LitTruth::True) {
          ++t;
          trues.push_back(l.var);
        }
        if (x != LitTruth::False) ++possible;
        if (x == LitTruth::Unknown) unknown.push_back(&l);
      }
      if (unknown.empty()) return out;
      std::vector<VarId> uvars;
      for (const auto* l : unknown) uvars.push_back(l->var);
      bool hidden = c.kind == ir::Kind::Cardinality && lo == 1 && hi == 1 && t == 0 && possible == 1 &&
                    unknown[0]->positive;
      if (hidden && want(Technique::HiddenSingle)) {
        std::vector<Removal> rem;
        force(d, *unknown[0], true, rem, &concluded);
        emit(rem, Technique::HiddenSingle, {});
        if (done()) return out;
      }
      if (t >= hi && want(Technique::CountReached)) {
        std::vector<Removal> rem;
        for (const auto* l : unknown) force(d, *l, false, rem, &concluded);
        emit(rem, Technique::CountReached, trues);
        if (done()) return out;
      }
      // A two-literal clause whose other literal is false ("not both black", an
      // implication): a direct check of the cell by the other one, which it names.
      const ir::Literal* other = c.kind == ir::Kind::Clause && c.literals.size() == 2 && unknown.size() == 1
                                     ? &c.literals[&c.literals[0] == unknown[0] ? 1 : 0]
                                     : nullptr;
      if (!hidden && possible <= lo && other && other->var != unknown[0]->var && want(Technique::DirectCheck)) {
        std::vector<Removal> rem;
        force(d, *unknown[0], true, rem, &concluded);
        const std::size_t from = out.size();
        emit(rem, Technique::DirectCheck, {other->var});
        // The other literal is false with its cell still open (a value ruled out of it):
        // the explanation says what is known of the cell, not "as it is".
        if (d.size(other->var) != 1)
          for (std::size_t k = from; k < out.size(); ++k) out[k].known = ir::Literal{other->var, other->value, !other->positive};
      } else if (!hidden && possible <= lo && want(Technique::CountForced)) {
        std::vector<Removal> rem;
        for (const auto* l : unknown) force(d, *l, true, rem, &concluded);
        emit(rem, Technique::CountForced, uvars);
      }
    } else if (c.kind == ir::Kind::AllDifferent && raw && only == Technique::SingleRule &&
               same_domain[static_cast<std::size_t>(ci)] && d.num_words(c.scope[0]) == 1) {
      // Saturation on a house of one-word domains (a Sudoku unit): the same removals as
      // below, by word operations. Values with one place: seen once, not twice; values
      // taken: fixed once (twice: both cells lose it, as below).
      std::uint64_t once = 0, twice = 0, fixed_once = 0, fixed_twice = 0;
      for (VarId v : c.scope) {
        std::uint64_t w = d.words(v)[0];
        twice |= once & w;
        once |= w;
        if (d.size(v) == 1) {
          fixed_twice |= fixed_once & w;
          fixed_once |= w;
        }
      }
      const std::uint64_t single = all_values_needed[static_cast<std::size_t>(ci)] ? once & ~twice : 0;
      for (VarId v : c.scope) {
        std::uint64_t w = d.words(v)[0], drop = 0;
        if (d.size(v) != 1) {
          std::uint64_t only_here = w & single;
          if (only_here) drop |= std::popcount(only_here) == 1 ? w & ~only_here : w;  // two: no value left
          drop |= w & fixed_once;
        } else {
          drop |= w & fixed_twice;
        }
        for (; drop; drop &= drop - 1) raw->push_back({v, std::countr_zero(drop)});
      }
    } else if (c.kind == ir::Kind::AllDifferent) {
      if (all_values_needed[static_cast<std::size_t>(ci)] && want(Technique::HiddenSingle)) {
        // Every value must appear: a value with one place left goes there.
        std::vector<Removal> rem;
        if (same_domain[static_cast<std::size_t>(ci)]) {
          const int n = d.initial_size(c.scope[0]);
          count_scratch.assign(static_cast<std::size_t>(n), 0);
          last_scratch.resize(static_cast<std::size_t>(n));
          for (VarId v : c.scope)
            for (int i = d.first(v); i >= 0; i = d.next(v, i)) {
              ++count_scratch[static_cast<std::size_t>(i)];
              last_scratch[static_cast<std::size_t>(i)] = v;
            }
          for (int i = 0; i < n; ++i)  // ascending value
            if (count_scratch[static_cast<std::size_t>(i)] == 1 && d.size(last_scratch[static_cast<std::size_t>(i)]) != 1)
              force(d, {last_scratch[static_cast<std::size_t>(i)], value_of(c.scope[0], i), true}, true, rem);
        } else {
          auto& places = places_scratch;  // (value, variable), sorted: by value, then variable
          places.clear();
          for (VarId v : c.scope)
            for (int i = d.first(v); i >= 0; i = d.next(v, i)) places.push_back({value_of(v, i), v});
          std::sort(places.begin(), places.end());
          for (std::size_t a = 0, b = 0; a < places.size(); a = b) {
            while (b < places.size() && places[b].first == places[a].first) ++b;
            if (b - a != 1 || d.size(places[a].second) == 1) continue;
            force(d, {places[a].second, places[a].first, true}, true, rem);
          }
        }
        if (!rem.empty()) emit(rem, Technique::HiddenSingle, {});
        if (done()) return out;
      }
      if (want(Technique::ValueTaken)) {
        for (VarId x : c.scope) {
          if (d.size(x) != 1) continue;
          Value val = value_of(x, d.first(x));
          const bool same = same_domain[static_cast<std::size_t>(ci)];
          std::vector<Removal> rem;
          for (VarId y : c.scope) {
            if (y == x) continue;
            int i = same ? d.first(x) : index_in(p.vars[static_cast<std::size_t>(y)], val);
            if (i >= 0 && d.contains(y, i)) rem.push_back({y, i});
          }
          if (!rem.empty()) emit(rem, Technique::ValueTaken, {x});
          if (done()) return out;
        }
      }
    } else if (c.kind == ir::Kind::Expr && want(Technique::DirectCheck)) {
      // Forward check by sound three-valued evaluation: only the placed cells are known (with
      // none, a value that breaks the rule whatever the other cells hold).
      std::vector<VarId> fixed;
      for (VarId v : c.scope)
        if (d.size(v) == 1) {
          partial[static_cast<std::size_t>(v)] = value_of(v, d.first(v));
          fixed.push_back(v);
        }
      // Each cell's removals cite only the placed cells they need: dropped one at a time
      // while the value still breaks the rule (a large rule, such as the white squares
      // being connected, would otherwise name every placed cell of the grid).
      for (VarId v : c.scope) {
        if (d.size(v) == 1) continue;
        std::vector<Removal> rem;
        std::vector<char> needed(fixed.size(), 0);
        for (int i = d.first(v); i >= 0; i = d.next(v, i)) {
          partial[static_cast<std::size_t>(v)] = value_of(v, i);
          if (ir::evaluate_partial(p, c.term, partial) != ir::Truth::False) continue;
          rem.push_back({v, i});
          if (raw) continue;  // removals only (saturation): nothing is cited
          for (std::size_t k = 0; k < fixed.size(); ++k) {
            if (needed[k]) continue;  // cited for another value already
            auto& slot = partial[static_cast<std::size_t>(fixed[k])];
            const auto kept = slot;
            slot = std::nullopt;
            if (ir::evaluate_partial(p, c.term, partial) != ir::Truth::False) slot = kept;
          }
          for (std::size_t k = 0; k < fixed.size(); ++k) {
            auto& slot = partial[static_cast<std::size_t>(fixed[k])];
            if (slot) needed[k] = 1;
            slot = value_of(fixed[k], d.first(fixed[k]));
          }
        }
        partial[static_cast<std::size_t>(v)] = std::nullopt;
        std::vector<VarId> cited;
        for (std::size_t k = 0; k < fixed.size(); ++k)
          if (needed[k]) cited.push_back(fixed[k]);
        if (!rem.empty()) emit(rem, Technique::DirectCheck, cited);
        if (done()) break;
      }
      for (VarId v : c.scope) partial[static_cast<std::size_t>(v)] = std::nullopt;
    }
    return out;
  }

  // --- tier 2 ------------------------------------------------------------------------

  // `in_place`: d itself, writable (saturation's state), where the constraint runs and is
  // undone, without a copy of every domain.
  std::vector<Hint> tier2(const Domains& d, int ci, bool& conflict, Domains* in_place = nullptr) {
    auto r = in_place ? prop().propagate_one_in_place(ci, *in_place) : prop().propagate_one(ci, d);
    if (r.conflict) {
      conflict = true;
      return {};
    }
    std::vector<Removal> rem;
    for (const auto& x : r.removals) rem.push_back({x.var, x.index});
    if (raw) {
      raw->insert(raw->end(), rem.begin(), rem.end());
      return {};
    }
    return group(d, rem, Technique::SingleRule, {ci}, restricted(d, con(ci).scope));
  }

  // The cells of `vars` whose candidates are fewer than their domain's: the candidates a
  // deduction by enumeration is "given" (a cell with all its values says nothing).
  static std::vector<VarId> restricted(const Domains& d, std::span<const VarId> vars) {
    std::vector<VarId> out;
    for (VarId v : vars)
      if (d.size(v) < d.initial_size(v)) out.push_back(v);
    return out;
  }

  // --- tier 3 ------------------------------------------------------------------------

  void build_partners() {
    if (partners_built) return;
    partners_built = true;
    partners.assign(p.constraints.size(), {});
    live.assign(p.constraints.size(), {});
    auto always_gac = [&](int c) { return gac[static_cast<std::size_t>(c)] && con(c).kind != ir::Kind::Expr; };
    std::vector<int> shared(p.constraints.size(), 0);  // variables shared with c1
    for (std::size_t c1 = 0; c1 < p.constraints.size(); ++c1) {
      std::vector<int>& ps = partners[c1];
      for (VarId v : p.constraints[c1].scope)
        for (int c2 : watches[static_cast<std::size_t>(v)])
          if (c2 > static_cast<int>(c1) && shared[static_cast<std::size_t>(c2)]++ == 0) ps.push_back(c2);
      std::sort(ps.begin(), ps.end());
      // With one shared variable, after tier 2 the pair of two GAC constraints has nothing
      // to add (pair_adds_nothing), ever.
      for (int c2 : ps) {
        if (shared[static_cast<std::size_t>(c2)] >= 2 || !always_gac(static_cast<int>(c1)) || !always_gac(c2))
          live[c1].push_back(c2);
        shared[static_cast<std::size_t>(c2)] = 0;
      }
    }
  }

  // Whether constraint c holds on the complete assignment `scratch` (over its scope):
  // literal constraints by counting, the rest by evaluating the term.
  bool holds_on_scratch(int c) const {
    const ir::Constraint& k = con(c);
    if (k.kind == ir::Kind::Clause || k.kind == ir::Kind::Cardinality) {
      std::int64_t n = 0;
      for (const auto& l : k.literals)
        n += (scratch[static_cast<std::size_t>(l.var)] == l.value) == l.positive;
      return k.kind == ir::Kind::Clause ? n > 0 : n >= k.lo && n <= k.hi;
    }
    return ir::truthy(ir::evaluate(p, k.term, scratch));
  }

  // After tier 2 found nothing on c1 and c2: when both are GAC and share at most one
  // unfixed variable, their conjunction allows every value each allows alone (a support
  // of x = a in c1 and one in c2 agree on every shared variable), so the pair has nothing
  // to add and need not be enumerated.
  bool pair_adds_nothing(const Domains& d, int c1, int c2) const {
    if (!gac[static_cast<std::size_t>(c1)] || !gac[static_cast<std::size_t>(c2)]) return false;
    for (int c : {c1, c2}) {
      if (con(c).kind != ir::Kind::Expr) continue;
      std::uint64_t product = 1;
      for (VarId v : con(c).scope)
        if ((product *= static_cast<std::uint64_t>(d.size(v))) > engine::kExprEnumerationLimit) return false;
    }
    const auto& a = con(c1).scope;  // scopes are ascending
    const auto& b = con(c2).scope;
    int shared = 0;
    for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
      if (a[i] < b[j]) ++i;
      else if (b[j] < a[i]) ++j;
      else {
        if (d.size(a[i]) > 1 && ++shared >= 2) return false;
        ++i, ++j;
      }
    }
    return true;
  }

  // GAC on the conjunction of two constraints by enumerating the joint scope's unfixed
  // variables; nullopt when they are too many.
  std::optional<std::vector<Hint>> pair(const Domains& d, int c1, int c2, bool& conflict) {
    auto r = pair_uncached(d, c1, c2, conflict);
    if (r && r->empty() && !conflict) {
      if (pair_clean_memo_.size() >= kPairMemoLimit) pair_clean_memo_.clear();
      pair_clean_memo_.insert(pair_key_);
    }
    return r;
  }
  static constexpr std::size_t kPairMemoLimit = 1 << 16;  // then emptied: a few MB at most

  std::optional<std::vector<Hint>> pair_uncached(const Domains& d, int c1, int c2, bool& conflict) {
    // Most calls find nothing: the working vectors are the engine's, reused, not made.
    std::vector<VarId>& vars = pair_vars_;  // the joint scope, ascending (scopes are)
    vars.clear();
    std::set_union(con(c1).scope.begin(), con(c1).scope.end(), con(c2).scope.begin(), con(c2).scope.end(),
                   std::back_inserter(vars));
    pair_key_.assign({static_cast<std::uint64_t>(c1), static_cast<std::uint64_t>(c2)});
    for (VarId v : vars) {
      const std::uint64_t* w = d.words(v);
      pair_key_.insert(pair_key_.end(), w, w + d.num_words(v));
    }
    if (pair_clean_memo_.count(pair_key_)) return std::vector<Hint>{};
    std::vector<VarId>& free = pair_free_;
    free.clear();
    std::uint64_t product = 1;
    for (VarId v : vars) {
      if (d.size(v) == 0) {
        conflict = true;
        return std::vector<Hint>{};
      }
      scratch[static_cast<std::size_t>(v)] = value_of(v, d.first(v));
      if (d.size(v) > 1) {
        free.push_back(v);
        product *= static_cast<std::uint64_t>(d.size(v));
        if (product > opt.pair_limit) return std::nullopt;
      }
    }
    if (free.size() < 2) return std::vector<Hint>{};  // tier 2 already decides these
    if (pair_values_.size() < free.size()) {
      pair_values_.resize(free.size());
      pair_supported_.resize(free.size());
    }
    std::span<std::vector<int>> values(pair_values_.data(), free.size());
    std::span<std::vector<char>> supported(pair_supported_.data(), free.size());
    for (std::size_t j = 0; j < free.size(); ++j) {
      values[j].clear();
      for (int i = d.first(free[j]); i >= 0; i = d.next(free[j], i)) values[j].push_back(i);
      supported[j].assign(static_cast<std::size_t>(d.initial_size(free[j])), 0);
    }
    std::vector<std::size_t>& at = pair_at_;
    at.assign(free.size(), 0);
    bool any = false;
    // Unsupported values left: at zero nothing can be removed, so the pair has no hint
    // and the rest of the enumeration is skipped (the usual case).
    std::size_t unsupported = 0;
    for (const auto& vs : values) unsupported += vs.size();
    auto holds = [&] { return holds_on_scratch(c1) && holds_on_scratch(c2); };
    // Cheap supports first: every free variable at its first value but one, which takes
    // each of its values in turn. Usually this supports everything, and the full
    // enumeration below (exact) is skipped.
    for (std::size_t j = 0; j < free.size(); ++j)
      for (std::size_t k = 0; k < values[j].size(); ++k) {
        for (std::size_t i = 0; i < free.size(); ++i)
          scratch[static_cast<std::size_t>(free[i])] = value_of(free[i], values[i][i == j ? k : 0]);
        if (!holds()) continue;
        any = true;
        for (std::size_t i = 0; i < free.size(); ++i) {
          char& s = supported[i][static_cast<std::size_t>(values[i][i == j ? k : 0])];
          if (!s) s = 1, --unsupported;
        }
        if (unsupported == 0) return std::vector<Hint>{};
      }
    auto literal_kind = [&](int c) { return con(c).kind == ir::Kind::Clause || con(c).kind == ir::Kind::Cardinality; };
    if (literal_kind(c1) && literal_kind(c2)) {
      // Two counts of literals: a support for each value still unsupported by a
      // depth-first search that cuts a branch once a count can no longer be met. Exact,
      // like the enumeration below, at a fraction of its cost.
      std::vector<char> set(free.size(), 0);
      struct Lit {
        int fi;  // index in free, or -1 for a fixed variable
        Value value;
        bool positive;
      };
      std::vector<Lit> lits[2];
      std::int64_t lo[2], hi[2];
      for (int side = 0; side < 2; ++side) {
        const ir::Constraint& k = con(side ? c2 : c1);
        lo[side] = k.kind == ir::Kind::Clause ? 1 : k.lo;
        hi[side] = k.kind == ir::Kind::Clause ? static_cast<std::int64_t>(k.literals.size()) : k.hi;
        for (const auto& l : k.literals) {
          auto it = std::lower_bound(free.begin(), free.end(), l.var);
          int fi = it != free.end() && *it == l.var ? static_cast<int>(it - free.begin()) : -1;
          lits[side].push_back({fi, l.value, l.positive});
        }
      }
      auto feasible = [&] {
        for (int side = 0; side < 2; ++side) {
          std::int64_t t = 0, u = 0;
          for (const Lit& l : lits[side]) {
            if (l.fi < 0) continue;  // fixed: taken off lo and hi below
            if (!set[static_cast<std::size_t>(l.fi)]) ++u;
            else if ((scratch[static_cast<std::size_t>(free[static_cast<std::size_t>(l.fi)])] == l.value) == l.positive) ++t;
          }
          if (t > hi[side] || t + u < lo[side]) return false;
        }
        return true;
      };
      // Fixed variables' literals: their truth never changes, count them once.
      std::int64_t fixed_true[2] = {0, 0};
      for (int side = 0; side < 2; ++side) {
        const ir::Constraint& k = con(side ? c2 : c1);
        for (std::size_t li = 0; li < k.literals.size(); ++li)
          if (lits[side][li].fi < 0) {
            const auto& l = k.literals[li];
            fixed_true[side] += (scratch[static_cast<std::size_t>(l.var)] == l.value) == l.positive;
          }
        lo[side] -= fixed_true[side];
        hi[side] -= fixed_true[side];
      }
      std::vector<std::size_t> order;
      auto dfs = [&](auto& self, std::size_t depth) -> bool {
        if (!feasible()) return false;
        if (depth == order.size()) return true;
        std::size_t j = order[depth];
        set[j] = 1;
        for (int i : values[j]) {
          scratch[static_cast<std::size_t>(free[j])] = value_of(free[j], i);
          if (self(self, depth + 1)) return true;
        }
        set[j] = 0;
        return false;
      };
      for (std::size_t j = 0; j < free.size(); ++j)
        for (int vi : values[j]) {
          if (supported[j][static_cast<std::size_t>(vi)]) continue;
          order.clear();
          for (std::size_t i = 0; i < free.size(); ++i)
            if (i != j) order.push_back(i);
          std::fill(set.begin(), set.end(), 0);
          set[j] = 1;
          scratch[static_cast<std::size_t>(free[j])] = value_of(free[j], vi);
          if (!dfs(dfs, 0)) continue;
          any = true;
          for (std::size_t i = 0; i < free.size(); ++i) {
            int idx = index_in(p.vars[static_cast<std::size_t>(free[i])], scratch[static_cast<std::size_t>(free[i])]);
            char& sp = supported[i][static_cast<std::size_t>(idx)];
            if (!sp) sp = 1, --unsupported;
          }
          if (unsupported == 0) return std::vector<Hint>{};
        }
    } else {
      while (true) {
        for (std::size_t j = 0; j < free.size(); ++j)
          scratch[static_cast<std::size_t>(free[j])] = value_of(free[j], values[j][at[j]]);
        if (holds()) {
          any = true;
          for (std::size_t j = 0; j < free.size(); ++j) {
            char& s = supported[j][static_cast<std::size_t>(values[j][at[j]])];
            if (!s) s = 1, --unsupported;
          }
          if (unsupported == 0) return std::vector<Hint>{};
        }
        std::size_t j = 0;
        while (j < free.size() && ++at[j] == values[j].size()) at[j++] = 0;
        if (j == free.size()) break;
      }
    }
    if (!any) {
      conflict = true;
      return std::vector<Hint>{};
    }
    std::vector<Removal> rem;
    for (std::size_t j = 0; j < free.size(); ++j)
      for (int i : values[j])
        if (!supported[j][static_cast<std::size_t>(i)]) rem.push_back({free[j], i});
    return group(d, rem, Technique::RulePair, {c1, c2}, restricted(d, vars));
  }

  // --- tier 4 ------------------------------------------------------------------------

  // refute's scratch, kept between calls: tier 4 refutes every candidate of every open
  // cell, and made afresh, the queue marks cost an allocation and a pass over every
  // constraint each time (Filling 6x6: 20,000 constraints). `refute_queued` is all zeros
  // between calls.
  std::vector<int> refute_queue;
  std::vector<char> refute_queued;
  std::vector<std::vector<std::uint64_t>> refute_before;

  // Assumes var = value (index i) on d (undone before returning) and propagates single
  // constraints; true with the chain when a contradiction is reached within `bound` steps.
  bool refute(Domains& d, VarId var, int i, int bound, std::vector<ChainStep>& chain, int& broken) {
    chain.clear();
    broken = -1;
    std::size_t mark = d.mark();
    d.assign(var, i);
    d.clear_touched();
    std::vector<int>& queue = refute_queue;
    std::vector<char>& queued = refute_queued;
    queue.clear();
    queued.resize(p.constraints.size(), 0);
    auto push_var = [&](VarId v, int except) {
      for (int c : watches[static_cast<std::size_t>(v)])
        if (c != except && on(c) && !queued[static_cast<std::size_t>(c)]) {
          queued[static_cast<std::size_t>(c)] = 1;
          queue.push_back(c);
        }
    };
    push_var(var, -1);
    std::vector<std::vector<std::uint64_t>>& before = refute_before;
    bool refuted = false;
    std::size_t head = 0;
    int steps = 0;
    while (head < queue.size()) {
      int c = queue[head++];
      queued[static_cast<std::size_t>(c)] = 0;
      const auto& scope = con(c).scope;
      before.resize(scope.size());
      for (std::size_t k = 0; k < scope.size(); ++k)
        before[k].assign(d.words(scope[k]), d.words(scope[k]) + d.num_words(scope[k]));
      bool ok = prop().run(c, d);
      for (std::size_t k = 0; k < scope.size() && ok; ++k) {
        VarId v = scope[k];
        if (d.size(v) == 0) {
          ok = false;
          break;
        }
        bool shrank = false;
        for (int w = 0; w < d.num_words(v); ++w) shrank |= before[k][static_cast<std::size_t>(w)] != d.words(v)[w];
        if (!shrank) continue;
        if (d.size(v) == 1) {
          chain.push_back({v, value_of(v, d.first(v)), true, c});
          ++steps;
        } else {
          for (int j = 0; j < d.initial_size(v); ++j)
            if (((before[k][static_cast<std::size_t>(j >> 6)] >> (j & 63)) & 1u) && !d.contains(v, j)) {
              chain.push_back({v, value_of(v, j), false, c});
              ++steps;
            }
        }
        push_var(v, c);
      }
      if (!ok) {
        broken = c;
        refuted = true;
        break;
      }
      if (steps > bound) break;
    }
    for (; head < queue.size(); ++head) queued[static_cast<std::size_t>(queue[head])] = 0;
    d.clear_touched();
    d.undo(mark);
    return refuted;
  }

  std::optional<Hint> tier4(const State& s) {
    Domains d = s.domains();
    d.clear_trail();
    std::vector<ChainStep> chain;
    int broken = -1;
    for (int bound : opt.chain_bounds) {
      for (VarId v = 0; v < d.num_vars() && !stopped(); ++v) {
        if (d.size(v) < 2) continue;
        for (int i = d.first(v); i >= 0; i = d.next(v, i)) {
          if (!refute(d, v, i, bound, chain, broken)) continue;
          std::vector<int> cited{broken};
          for (const auto& st : chain) cited.push_back(st.constraint);
          auto hs = group(d, {{v, i}}, Technique::Contradiction, cited, {});
          if (hs.empty()) continue;
          hs[0].chain = chain;
          hs[0].contradiction = broken;
          // The assumption is var = value: for a set hint, the refuted value is the other one.
          hs[0].witnesses.clear();
          return hs[0];
        }
      }
    }
    return std::nullopt;
  }

  // --- tier 5 ------------------------------------------------------------------------

  // The parities among the constraints (ir::parity_of over variables of {0, 1}), read once.
  std::optional<std::vector<std::optional<ir::Parity>>> parities_;
  const std::vector<std::optional<ir::Parity>>& parities() {
    if (!parities_) {
      parities_.emplace(p.constraints.size());
      for (std::size_t c = 0; c < p.constraints.size(); ++c) {
        if (p.constraints[c].kind != ir::Kind::Expr) continue;
        auto par = ir::parity_of(p, p.constraints[c].term);
        if (par && ir::over_bits(p, *par)) (*parities_)[c] = std::move(par);
      }
    }
    return *parities_;
  }

  // Tier 5 by elimination: the parities in play, with the known variables' values moved to
  // their right sides, summed (Gauss-Jordan over GF(2)) into one over a single unknown.
  // That unknown's value follows from those rules and the state, as a solver core would
  // say; it is what the core solver is asked, found without it (a Lights Out board of
  // 20x20, which Z3 does not decide without the elimination, has a tier-5 step per square
  // of its first row). Of the variables fixed so, the first, as tier5 below takes the
  // first variable the oracle can refute a value of.
  std::optional<Hint> parity_step(const Domains& d) {
    const auto& all = parities();
    std::vector<ir::Parity> rows;
    std::vector<int> rule;
    std::size_t cols = 0;
    for (std::size_t c = 0; c < all.size(); ++c) {
      if (!all[c] || !on(static_cast<int>(c))) continue;
      ir::Parity open{{}, all[c]->odd};
      for (VarId v : all[c]->vars) {
        if (d.size(v) > 1) open.vars.push_back(v);
        else if (d.size(v) == 1) open.odd ^= value_of(v, d.first(v)) != 0;
      }
      if (open.vars.empty()) continue;
      cols += open.vars.size();
      rows.push_back(std::move(open));
      rule.push_back(static_cast<int>(c));
    }
    if (rows.size() < 2 || !ir::elimination_affordable(rows.size(), cols + rows.size())) return std::nullopt;
    auto sums = ir::unit_sums(rows);
    if (!sums || sums->empty()) return std::nullopt;
    const auto best = sums->begin();
    std::vector<int> cited;
    for (std::size_t r : opt.minimal_cores ? ir::irreducible(rows, best->rows) : best->rows)
      cited.push_back(rule[r]);
    std::vector<Removal> rem;
    for (int i = d.first(best->var); i >= 0; i = d.next(best->var, i))
      if ((value_of(best->var, i) != 0) != best->odd) rem.push_back({best->var, i});
    auto hs = group(d, rem, Technique::SolverCore, cited, {});
    if (hs.empty()) return std::nullopt;
    return hs[0];
  }

  std::optional<Hint> tier5(const State& s) {
    if (auto h = parity_step(s.domains())) return h;
    if (!oracle) return std::nullopt;
    const Domains& d = s.domains();
    std::vector<ir::Literal> facts = s.facts();
    auto consistent = [&](const ir::Assignment& a) {
      for (VarId v = 0; v < d.num_vars(); ++v) {
        int i = index_in(p.vars[static_cast<std::size_t>(v)], a[static_cast<std::size_t>(v)]);
        if (i < 0 || !d.contains(v, i)) return false;
      }
      return true;
    };
    if (!solution || !consistent(*solution)) solution = oracle->solve(facts);
    if (!solution) return std::nullopt;
    std::vector<int> all;
    for (std::size_t c = 0; c < p.constraints.size(); ++c)
      if (on(static_cast<int>(c))) all.push_back(static_cast<int>(c));
    int tries = 0;
    for (VarId v = 0; v < d.num_vars() && tries < 8 && !stopped(); ++v) {
      // An aux var's value in this one solution may differ in another of the same answer.
      if (d.size(v) < 2 || p.vars[static_cast<std::size_t>(v)].aux) continue;
      for (int i = d.first(v); i >= 0 && tries < 8; i = d.next(v, i)) {
        if (value_of(v, i) == (*solution)[static_cast<std::size_t>(v)]) continue;
        ++tries;
        auto f = facts;
        f.push_back({v, value_of(v, i), true});
        auto core = opt.minimal_cores ? oracle->minimal_core(all, f) : oracle->core(all, f);
        if (!core) continue;
        auto hs = group(d, {{v, i}}, Technique::SolverCore, *core, {});
        if (hs.empty()) continue;
        return hs[0];
      }
    }
    return std::nullopt;
  }

  // --- the search --------------------------------------------------------------------

  static bool clean(const std::vector<std::uint64_t>& stamps, const Cache& k, int c) {
    return stamps[static_cast<std::size_t>(c)] >= k.changed[static_cast<std::size_t>(c)];
  }

  std::optional<Hint> find(const State& s, Cache& k) {
    const Domains& d = s.domains();
    if (s.contradiction() || stopped()) return std::nullopt;
    auto ns = naked_singles(s, true);
    if (!ns.empty()) return ns[0];
    int nc = static_cast<int>(p.constraints.size());
    if (opt.max_tier >= 1) {
      if (auto h = declared(d, 1)) return h;
    }
    if (opt.max_tier >= 1)
      for (int c = 0; c < nc; ++c) {
        if (!on(c) || clean(k.clean1, k, c)) continue;
        first_only = true;
        auto hs = tier1(d, c);
        first_only = false;
        if (!hs.empty()) return std::move(hs[0]);
        k.clean1[static_cast<std::size_t>(c)] = k.now;
      }
    if (opt.max_tier >= 2) {
      if (auto h = declared(d, 2)) return h;
    }
    if (opt.max_tier >= 2)
      for (int c = 0; c < nc; ++c) {
        if (!on(c) || clean(k.clean2, k, c)) continue;
        bool conflict = false;
        auto hs = tier2(d, c, conflict);
        if (conflict) return std::nullopt;
        if (!hs.empty()) return std::move(hs[0]);
        k.clean2[static_cast<std::size_t>(c)] = k.now;
      }
    if (opt.max_tier >= 3) {
      if (auto h = declared(d, 3)) return h;
    }
    if (opt.max_tier >= 4) {
      if (auto h = declared(d, 4)) return h;
    }
    if (opt.max_tier >= 3) {
      std::optional<Hint> found;
      bool conflict = false;
      for_each_dirty_pair(k, d, [&](int c1, int c2, std::uint64_t& stamp) {
        if (stopped()) return false;
        auto hs = pair(d, c1, c2, conflict);
        if (conflict) return false;
        if (hs && !hs->empty()) {
          found = (*hs)[0];
          return false;
        }
        stamp = k.now;  // also when too big: it only gets smaller after a change
        return true;
      });
      if (conflict) return std::nullopt;
      if (found) return found;
    }
    if (opt.max_tier >= 4 && !stopped()) {
      auto h = tier4(s);
      if (h) return h;
    }
    if (opt.max_tier >= 5 && !stopped()) return tier5(s);
    return std::nullopt;
  }

  // The rule pairs (tier 3) with a change since they were last found clean, in order:
  // visit(c1, c2, stamp) on each until it returns false (it stamps a pair it finds clean).
  // Pairs that provably add nothing are stamped clean here.
  template <class Visit>
  void for_each_dirty_pair(Cache& k, const engine::Domains& d, Visit&& visit) {
    build_partners();
    if (k.pair_clean.empty()) {
      k.pair_clean.resize(live.size());
      for (std::size_t c = 0; c < live.size(); ++c) k.pair_clean[c].assign(live[c].size(), 0);
    }
    const int nc = static_cast<int>(live.size());
    for (int c1 = 0; c1 < nc; ++c1) {
      if (!on(c1)) continue;
      const auto& ps = live[static_cast<std::size_t>(c1)];
      for (std::size_t j = 0; j < ps.size(); ++j) {
        int c2 = ps[j];
        if (!on(c2)) continue;
        std::uint64_t& stamp = k.pair_clean[static_cast<std::size_t>(c1)][j];
        if (stamp >= std::max(k.changed[static_cast<std::size_t>(c1)], k.changed[static_cast<std::size_t>(c2)])) continue;
        if (pair_adds_nothing(d, c1, c2)) {  // tier 2 is clean on both here
          stamp = k.now;
          continue;
        }
        if (!visit(c1, c2, stamp)) return;
      }
    }
  }

  // A base closure with `start`'s removals added: its stamps, with every variable that
  // `start` narrows further marked changed.
  void resume(const Closure& base, const State& start, const std::vector<char>* act, State& s, Cache& k) {
    const std::size_t nc = p.constraints.size();
    if (base.active.size() != nc || base.used.size() != nc || base.changed.size() != nc || base.clean1.size() != nc ||
        (base.tier == 2 && base.clean2.size() != nc) || base.state.num_vars() != start.num_vars())
      throw std::logic_error("HintEngine: a closure of another program");
    for (std::size_t c = 0; c < nc; ++c)
      if (base.active[c] && act && !(*act)[c])
        throw std::logic_error("HintEngine: a closure under a constraint the question leaves out");
    s = base.state;
    k = new_cache();
    k.now = base.now;
    k.changed = base.changed;
    k.clean1 = base.clean1;
    if (base.tier == 2) k.clean2 = base.clean2;
    Domains& d = s.domains();
    const Domains& from = start.domains();
    for (VarId v = 0; v < s.num_vars(); ++v) {
      const std::uint64_t* a = d.words(v);
      const std::uint64_t* b = from.words(v);
      bool narrower = false;
      for (int w = 0; w < d.num_words(v) && !narrower; ++w) narrower = (a[w] & ~b[w]) != 0;
      if (narrower) {
        d.intersect(v, b);
        note_change(k, v);
      }
      if (start.placed(v)) s.set_placed(v);
    }
    d.clear_trail();
    d.clear_touched();
  }

  void note_change(Cache& k, VarId v) {
    ++k.now;
    for (int c : watches[static_cast<std::size_t>(v)]) k.changed[static_cast<std::size_t>(c)] = k.now;
  }

  // --- saturation (no trace) ---------------------------------------------------------

  std::vector<Removal> removals_scratch;

  // Applies removals found on one constraint (repeats and values already gone skipped);
  // false when none removed anything.
  bool remove_all(State& s, Cache& k, const std::vector<Removal>& rem) {
    Domains& d = s.domains();
    bool any = false;
    for (const Removal& r : rem)
      if (d.contains(r.var, r.index)) {
        d.remove(r.var, r.index);
        note_change(k, r.var);
        any = true;
      }
    d.clear_trail();
    d.clear_touched();
    return any;
  }

  void take(State& s, Cache& k, const Hint& h, std::vector<char>& used) {
    HintEngine::apply(s, h);
    note_change(k, h.var);
    for (int c : h.constraints) used[static_cast<std::size_t>(c)] = 1;
  }

  // Every deduction of tiers 1..tier (at most 3), declared facts of those tiers included,
  // applied until none is left; cheaper tiers are emptied first (only for speed: the end
  // state does not depend on the order). The caches stay exact, so find() can go on from
  // here. False on a contradiction.
  bool close(State& s, int tier, Cache& k, std::vector<char>& used) {
    const int nc = static_cast<int>(p.constraints.size());
    for (bool progress = true; progress;) {
      progress = false;
      if (s.contradiction() || stopped()) return false;
      for (int t = 1; t <= std::min(tier, 2); ++t)
        while (auto h = declared(s.domains(), t)) {
          take(s, k, *h, used);
          progress = true;
        }
      bool conflict = false;
      // One pass of a single-rule tier over the rules changed since found clean. Only the
      // removals are wanted (the end state is the same, whatever hints they would form).
      auto sweep = [&](std::vector<std::uint64_t>& clean_at, auto&& deduce) {
        for (int c = 0; c < nc && !conflict; ++c) {
          if (!on(c) || clean(clean_at, k, c)) continue;
          removals_scratch.clear();
          raw = &removals_scratch;
          deduce(c);
          raw = nullptr;
          if (conflict) return;
          if (!remove_all(s, k, removals_scratch)) {
            clean_at[static_cast<std::size_t>(c)] = k.now;
            continue;
          }
          used[static_cast<std::size_t>(c)] = 1;
          progress = true;
        }
      };
      sweep(k.clean1, [&](int c) { tier1(s.domains(), c); });
      if (progress || tier < 2) continue;
      sweep(k.clean2, [&](int c) { tier2(s.domains(), c, conflict, &s.domains()); });
      if (conflict) return false;
      if (progress || tier < 3) continue;
      for_each_dirty_pair(k, s.domains(), [&](int c1, int c2, std::uint64_t& stamp) {
        if (stopped()) return false;
        auto hs = pair(s.domains(), c1, c2, conflict);
        if (conflict) return false;
        if (!hs || hs->empty()) {
          stamp = k.now;
          return true;
        }
        for (const auto& h : *hs) take(s, k, h, used);
        progress = true;
        return true;
      });
      if (conflict) return false;
    }
    // Naked singles: nothing else depends on a cell being written in.
    for (VarId v = 0; v < s.num_vars(); ++v)
      if (s.domains().size(v) == 1) s.set_placed(v);
    return !s.contradiction();
  }
};

HintEngine::HintEngine(const ir::Program& program, Options options, ProofOracle* oracle)
    : program_(program), impl_(std::make_unique<Impl>(program, std::move(options), oracle)) {}

HintEngine::~HintEngine() = default;

void HintEngine::use_facts(const ir::Program* source) {
  if (source && source->vars.size() != program_.vars.size())
    throw std::invalid_argument("HintEngine::use_facts: the facts' program declares other variables");
  impl_->fp = source ? source : &program_;
}

// Tier-1 deductions about `aux var`s (not part of the answer) are bookkeeping: applied
// on the way, neither shown nor counted. Harder ones about them are real reasoning (which
// tree owns a tent) and stay steps.
namespace {
bool silent(const ir::Program& p, const Hint& h) { return h.tier <= 1 && p.vars[static_cast<std::size_t>(h.var)].aux; }
}  // namespace

std::optional<std::string> unevaluable_in_pattern(const ir::Program& p, ir::TermId id) {
  const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
  switch (t.op) {
    case ir::Op::Const:
    case ir::Op::Possible:
      return std::nullopt;
    case ir::Op::Var:
      if (t.kind == ir::ValueKind::Int || t.kind == ir::ValueKind::Bool) return std::nullopt;
      return std::string("a variable that is not Int or Bool, other than in `x = value`");
    case ir::Op::Eq:
    case ir::Op::Ne: {
      const ir::Term& a = p.terms[static_cast<std::size_t>(t.args[0])];
      const ir::Term& b = p.terms[static_cast<std::size_t>(t.args[1])];
      if (a.op == ir::Op::Var && b.op == ir::Op::Const) return std::nullopt;  // a literal
      break;
    }
    case ir::Op::Not: case ir::Op::And: case ir::Op::Or: case ir::Op::Xor: case ir::Op::Iff: case ir::Op::Implies:
    case ir::Op::Lt: case ir::Op::Le: case ir::Op::Gt: case ir::Op::Ge:
    case ir::Op::Count: case ir::Op::Add: case ir::Op::Sub: case ir::Op::Neg: case ir::Op::Abs:
    case ir::Op::Min: case ir::Op::Max: case ir::Op::Mul: case ir::Op::Ite:
      break;
    default:
      return std::string(ir::op_name(t.op));
  }
  for (ir::TermId a : t.args)
    if (auto why = unevaluable_in_pattern(p, a)) return why;
  return std::nullopt;
}

std::optional<bool> condition_around(const ir::Program& p, ir::TermId condition, const ir::Assignment& solution) {
  if (solution.size() != p.vars.size())
    throw std::logic_error("condition_around: the solution has " + std::to_string(solution.size()) + " values for " +
                           std::to_string(p.vars.size()) + " variables");
  const AroundSolutionAtoms plain{p, solution};
  const Tri whole = PatternEval<AroundSolutionAtoms>{p, plain}.tri(condition);
  if (whole != Tri::Unknown) return whole == Tri::True;
  // Each conjunct (nested conjunctions flattened, as `placed` is one) read with the others
  // taken as true: one that is then false holds in no state where the others do, so the
  // condition holds in none. (Magnets: "column c already has its k blank squares, so q is
  // not blank" with q blank in the solution: q not placed blank leaves k - 1 placed.)
  std::unordered_map<ir::TermId, bool> given;
  std::vector<std::pair<ir::TermId, bool>> conjuncts;  // the subterm taken, and its value
  std::vector<ir::TermId> stack{condition};
  while (!stack.empty()) {
    const ir::TermId id = stack.back();
    stack.pop_back();
    const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
    if (t.op == ir::Op::And) {
      stack.insert(stack.end(), t.args.begin(), t.args.end());
      continue;
    }
    const bool negated = t.op == ir::Op::Not && t.args.size() == 1;
    const ir::TermId key = negated ? t.args[0] : id;
    auto [it, added] = given.try_emplace(key, !negated);
    if (!added && it->second == negated) return false;  // x and not x
    conjuncts.emplace_back(key, !negated);
  }
  for (const auto& [key, value] : conjuncts) {
    AroundSolutionAtoms atoms{p, solution, &given, key};
    const Tri x = PatternEval<AroundSolutionAtoms>{p, atoms}.tri(key);
    if (x != Tri::Unknown && (x == Tri::True) != value) return false;
  }
  return std::nullopt;
}

std::optional<Hint> HintEngine::next(const State& state) {
  auto k = impl_->new_cache();
  std::optional<State> advanced;  // made only when some bookkeeping comes first
  for (;;) {
    auto h = impl_->find(advanced ? *advanced : state, k);
    if (h && !silent(program_, *h)) note_witnesses(advanced ? *advanced : state, *h);
    if (!h || !silent(program_, *h)) return h;
    if (!advanced) advanced = state;
    apply(*advanced, *h);
    impl_->note_change(k, h->var);
  }
}

std::vector<Hint> HintEngine::all_of(const State& state, Technique technique) {
  std::vector<Hint> out;
  const Domains& d = state.domains();
  int nc = static_cast<int>(program_.constraints.size());
  if (technique == Technique::NakedSingle) return impl_->naked_singles(state, false);
  if (technique == Technique::Declared) {  // every fact of every declared technique that tells something new
    State s = state;
    for (int tier = 1; tier <= 4; ++tier)
      while (auto h = impl_->declared(s.domains(), tier)) {
        note_witnesses(s, *h);
        out.push_back(*h);
        apply(s, *h);
      }
    return out;
  }
  for (int c = 0; c < nc; ++c) {
    std::vector<Hint> hs;
    bool conflict = false;
    switch (info(technique).tier) {
      case 1: hs = impl_->tier1(d, c, technique); break;
      case 2: hs = impl_->tier2(d, c, conflict); break;
      case 3: {
        impl_->build_partners();
        for (int c2 : impl_->partners[static_cast<std::size_t>(c)]) {
          auto r = impl_->pair(d, c, c2, conflict);
          if (r) hs.insert(hs.end(), r->begin(), r->end());
        }
        break;
      }
      default: break;
    }
    out.insert(out.end(), hs.begin(), hs.end());
  }
  if (info(technique).tier >= 4) {
    State s = state;
    auto h = technique == Technique::Contradiction ? impl_->tier4(s) : impl_->tier5(s);
    if (h) out.push_back(*h);
  }
  // Each conclusion once (the first constraint or pair that gives it): rule pairs found the
  // same removal from up to a dozen pairs (Nurikabe 10x10: 180 hints, 16 conclusions).
  std::set<std::tuple<ir::VarId, bool, ir::Value, std::vector<ir::Value>>> seen;
  std::vector<Hint> once;
  for (auto& h : out)
    if (seen.emplace(h.var, h.sets, h.sets ? h.value : 0, h.sets ? std::vector<ir::Value>{} : h.removed).second)
      once.push_back(std::move(h));
  for (auto& h : once) note_witnesses(state, h);
  return once;
}

void HintEngine::note_witnesses(const State& state, Hint& hint) {
  hint.witness_values.clear();
  hint.witness_values.reserve(hint.witnesses.size());
  for (ir::VarId w : hint.witnesses) hint.witness_values.push_back(state.candidates(w));
}

void HintEngine::apply(State& state, const Hint& hint) {
  Domains& d = state.domains();
  // candidates() lists the values in domain order, parallel to the present indexes.
  auto cands = state.candidates(hint.var);
  std::vector<int> drop;
  int i = d.first(hint.var);
  for (std::size_t k = 0; k < cands.size() && i >= 0; ++k, i = d.next(hint.var, i)) {
    bool remove = hint.sets ? cands[k] != hint.value
                            : std::find(hint.removed.begin(), hint.removed.end(), cands[k]) != hint.removed.end();
    if (remove) drop.push_back(i);
  }
  for (int j : drop) d.remove(hint.var, j);
  if (hint.sets) state.set_placed(hint.var);
  d.clear_trail();
  d.clear_touched();
}

Trace HintEngine::solve(State start, std::size_t max_steps) {
  Trace t;
  auto k = impl_->new_cache();
  State s = std::move(start);
  while (!s.solved() && t.hints.size() < max_steps) {
    auto h = impl_->find(s, k);
    if (!h) break;
    if (!silent(program_, *h)) note_witnesses(s, *h);
    apply(s, *h);
    impl_->note_change(k, h->var);
    if (!silent(program_, *h)) {
      t.hints.push_back(std::move(*h));
      if (impl_->opt.on_step) impl_->opt.on_step(t.hints);
    }
  }
  // Deductions assume a solution exists: on a puzzle without one they may fix every cell.
  // The fixed cells are checked against every constraint, so such a trace is never solved.
  t.broken = ir::definitely_violated(program_, s.fixed());
  t.solved = s.solved() && t.broken.empty();
  t.final_state = std::move(s);
  return t;
}

Closure HintEngine::close(int tier, State start, const std::vector<char>& active, const Closure* from) {
  Impl& I = *impl_;
  if (active.size() != program_.constraints.size())
    throw std::invalid_argument("HintEngine::close: one flag per constraint");
  if (tier < 1 || tier > 2 || (from && from->tier != tier))
    throw std::invalid_argument("HintEngine::close: tier 1 or 2, continuing a closure of the same tiers");
  // (It may be called while a saturation waits for its tier-2 base: what that one has
  // set is restored.)
  struct Restore {
    Impl& i;
    const std::vector<char>* a;
    ~Restore() { i.active = a; }
  } restore_active{I, I.active};
  I.active = &active;
  // Without declared techniques (saturate does not use a base where there are some): a
  // closure made while use_facts() had lent some would have their deductions too.
  static const ir::Program kNoFacts;
  const ir::Program* facts = I.fp;
  I.fp = &kNoFacts;
  struct RestoreFacts {
    Impl& i;
    const ir::Program* f;
    ~RestoreFacts() { i.fp = f; }
  } restore_facts{I, facts};
  Closure out;
  Impl::Cache k;
  out.used.assign(program_.constraints.size(), 0);
  if (from) {
    I.resume(*from, start, &active, out.state, k);
    out.used = from->used;
  } else {
    out.state = std::move(start);
    k = I.new_cache();
  }
  out.ok = (!from || from->ok) && I.close(out.state, tier, k, out.used);
  out.tier = tier;
  out.active = active;
  out.now = k.now;
  out.changed = std::move(k.changed);
  out.clean1 = std::move(k.clean1);
  if (tier == 2) out.clean2 = std::move(k.clean2);
  return out;
}

Saturation HintEngine::saturate(State start, const std::vector<char>* active, int stop_above) {
  return saturate_from(nullptr, nullptr, std::move(start), active, stop_above);
}

Saturation HintEngine::saturate(const Closure& base, State start, const std::vector<char>* active, int stop_above,
                                const std::function<const Closure*()>& base2) {
  if (base.tier != 1) throw std::invalid_argument("HintEngine::saturate: a tier-1 base");
  return saturate_from(&base, base2 ? &base2 : nullptr, std::move(start), active, stop_above);
}

Saturation HintEngine::saturate_from(const Closure* base, const std::function<const Closure*()>* base2, State start,
                                     const std::vector<char>* active, int stop_above) {
  Impl& I = *impl_;
  I.active = active;
  struct Reset {
    Impl& i;
    ~Reset() { i.active = nullptr; }
  } reset{I};
  Saturation r;
  auto finish = [&](bool solved, int top, int at_top, const std::vector<char>& used) {
    r.solved = solved;
    r.max_tier = top;
    r.at_top = top >= 3 ? std::min(at_top, 3) : 0;
    r.level = level_of(solved, top, at_top);
    for (std::size_t c = 0; c < used.size(); ++c)
      if (used[c]) r.used.push_back(static_cast<int>(c));
    return r;
  };
  std::vector<char> used(program_.constraints.size(), 0);
  // Declared facts of tier 3 and up are tried before rule pairs (find()); not worth
  // mirroring here.
  bool high_declared = std::any_of(impl_->fp->techniques.begin(), impl_->fp->techniques.end(),
                                   [](const ir::TechniqueFact& f) { return f.tier >= 3; });
  if (high_declared) {
    Trace t = solve(std::move(start));
    Grade g = grade(t);
    for (const auto& h : t.hints)
      for (int c : h.constraints) used[static_cast<std::size_t>(c)] = 1;
    int top = g.max_tier;
    return finish(t.solved, top, top > 0 ? g.per_tier[static_cast<std::size_t>(top)] : 0, used);
  }
  if (start.solved()) return finish(true, 0, 0, used);
  // (Declared techniques are applied in every closure: their patterns may need candidates
  // that the base removed, so there it starts afresh.)
  if (!I.fp->techniques.empty()) {
    base = nullptr;
    base2 = nullptr;
  }
  State s;
  Impl::Cache k;
  // Goes on from a closure: its state narrowed by `from` (the question's so far), its
  // stamps, and its deductions' constraints among the used; false on its contradiction.
  auto go_on_from = [&](const Closure& b, const State& from) {
    State t;
    Impl::Cache kb;
    I.resume(b, from, active, t, kb);
    for (std::size_t c = 0; c < used.size(); ++c) used[c] = used[c] || b.used[c];
    s = std::move(t);
    k = std::move(kb);
    return b.ok;
  };
  if (base) {
    if (!go_on_from(*base, start)) return finish(false, 1, 0, used);
  } else {
    s = std::move(start);
    k = I.new_cache();
  }
  const int cap = I.opt.max_tier;
  for (int tier = 1; tier <= cap; ++tier) {
    if (tier <= 2) {
      // Tier 1 is closed here: tier 2 goes on from the tier-2 base with what the question
      // has deduced so far.
      const Closure* b2 = tier == 2 && base2 ? (*base2)() : nullptr;
      if (b2 && b2->tier != 2) throw std::invalid_argument("HintEngine::saturate: a tier-2 base of another tier");
      if (b2 && !go_on_from(*b2, s)) return finish(false, 2, 0, used);
      if (!I.close(s, tier, k, used)) return finish(false, tier, 0, used);
      if (s.solved()) return finish(true, tier, 0, used);
      continue;
    }
    // One cheapest hint at a time, as the trace takes them, with everything cheaper
    // saturated in between (the trace empties cheaper tiers first). Rule pairs go back to
    // saturation once used three times: the grade only asks whether it was at most twice.
    int n = 0;
    bool ok = true;
    int saved = I.opt.max_tier;
    I.opt.max_tier = tier;
    while (!s.solved()) {
      // Unsolved here, the level is above stop_above whatever follows when this tier is
      // used a third time, or is one that stop_above + 1 (used twice at most) does not
      // reach, or is stop_above + 1 already used twice: the rest needs this tier again
      // (a third time), a higher one, or gets stuck.
      // Tier 5 counts as 4 (fiendish) however often it is used (grade): only that decides.
      const bool top = tier == kMaxTier;
      const bool beyond = top ? stop_above < kMaxTier - 1
                              : n >= 3 || tier >= stop_above + 2 || (tier == stop_above + 1 && n == 2);
      if (stop_above > 0 && tier > stop_above && beyond) {
        I.opt.max_tier = saved;
        Saturation b = finish(false, tier, n, used);
        b.level = n >= 3 || top ? level_of(true, tier, std::max(n, 1)) : level_of(true, stop_above + 1, 3);
        b.beyond = true;
        return b;
      }
      if (tier == 3 && n >= 3) {
        ok = I.close(s, 3, k, used);
        break;
      }
      auto h = I.find(s, k);
      if (!h) break;
      I.take(s, k, *h, used);
      if (h->tier == tier) ++n;
      if (!I.close(s, std::min(tier - 1, 3), k, used)) {
        ok = false;
        break;
      }
    }
    I.opt.max_tier = saved;
    if (!ok) return finish(false, tier, n, used);
    if (s.solved()) return finish(true, tier, n, used);
  }
  return finish(false, cap, 0, used);
}

}  // namespace pzc::hints
