// The deduction search: every technique of the table, tried cheapest first, with per-
// constraint caches so a whole trace re-examines only constraints whose cells changed.
#include <algorithm>
#include <map>

#include "runtime/engine/propagators.hpp"
#include "runtime/hints/hints.hpp"

namespace pzc::hints {

using engine::Domains;
using ir::Value;
using ir::VarId;

const std::vector<TechniqueInfo>& techniques() {
  // Templates: {cell} the hint's cell, {lit} its conclusion, {value} the value, {rule}
  // the cited constraint's text, {rules} all of them, {cells} the witnesses, {n} their
  // number, {lo}/{hi} the count bounds, {chain} a tier-4 chain, {broken} the rule it breaks.
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
       "{rule}: that is already met by {cells}, so {lit}."},
      {Technique::CountForced, "count-forced", 1, "count forced",
       "a count that needs every remaining possibility takes them all",
       "{rule}: only {cells} can still count toward it, and all are needed, so {lit}."},
      {Technique::ValueTaken, "value-taken", 1, "value taken",
       "in an all-different scope a placed value is ruled out everywhere else",
       "{rule}: {cells} is already {value}, so {lit}."},
      {Technique::DirectCheck, "direct-check", 1, "direct check",
       "a value that breaks a rule outright, given the cells already known, is ruled out",
       "{rule}: with {cells} as they are, {cell} = {value} would break it, so {lit}."},
      {Technique::SingleRule, "single-rule", 2, "one rule alone",
       "everything a single rule implies on its own, given the current candidates",
       "{rule}: given the candidates left in {cells}, no way of meeting it allows otherwise, so {lit}."},
      {Technique::RulePair, "rule-pair", 3, "two rules together",
       "what two overlapping rules imply together",
       "{rules} together: every way of meeting both, given the candidates left in {cells}, "
       "has it so, so {lit}."},
      {Technique::Contradiction, "contradiction", 4, "short contradiction",
       "assume a value, reason forward, reach a contradiction, rule the value out",
       "Suppose {assumption}. Then {chain}, and {broken} can no longer be met. So {lit}."},
      {Technique::SolverCore, "solver-core", 5, "minimal rule set",
       "a minimal set of rules (found by the solver) that leaves no room for a value",
       "These rules together leave no room for {assumption}: {rules}. So {lit}."},
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

}  // namespace

struct HintEngine::Impl {
  const ir::Program& p;
  Options opt;
  ProofOracle* oracle;
  engine::Propagators prop;
  std::vector<std::vector<int>> watches;  // var -> constraints, ascending
  std::vector<char> all_values_needed;    // AllDifferent whose scope uses every value
  std::vector<std::vector<int>> partners; // c1 -> c2 > c1 sharing a variable (built lazily)
  bool partners_built = false;
  ir::PartialAssignment partial;          // scratch for DirectCheck (scope entries only)
  ir::Assignment scratch;                 // scratch for pair enumeration
  std::optional<ir::Assignment> solution; // tier 5: a solution consistent with the state

  // Per-trace caches: a constraint (or pair) is clean for a tier when it found nothing at
  // a stamp no older than the last change to its scope.
  struct Cache {
    std::uint64_t now = 1;
    std::vector<std::uint64_t> changed, clean1, clean2;
    std::vector<std::vector<std::uint64_t>> pair_clean;
  };

  Impl(const ir::Program& program, Options o, ProofOracle* orc)
      : p(program), opt(std::move(o)), oracle(orc), prop(program) {
    watches.resize(p.vars.size());
    all_values_needed.assign(p.constraints.size(), 0);
    for (std::size_t ci = 0; ci < p.constraints.size(); ++ci) {
      const auto& c = p.constraints[ci];
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

  // Removals that make literal l true (or false).
  void force(const Domains& d, const ir::Literal& l, bool make_true, std::vector<Removal>& out) const {
    int i = index_in(p.vars[static_cast<std::size_t>(l.var)], l.value);
    bool keep_only = (l.positive == make_true);  // x = v must hold
    if (keep_only) {
      for (int j = d.first(l.var); j >= 0; j = d.next(l.var, j))
        if (j != i) out.push_back({l.var, j});
    } else if (i >= 0 && d.contains(l.var, i)) {
      out.push_back({l.var, i});
    }
  }

  // Turns one reasoning's removals into hints, per variable in order: a set when one
  // candidate remains, else one elimination per value. Empty when a domain would empty.
  std::vector<Hint> group(const Domains& d, std::vector<Removal> rem, Technique t, std::vector<int> cited,
                          const std::vector<VarId>& witnesses) const {
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
        out.push_back(base);
      } else if (left > 1) {
        for (std::size_t j = k; j < e; ++j) {
          Hint h = base;
          h.value = value_of(v, rem[j].index);
          h.removed = {h.value};
          out.push_back(h);
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
  enum class Tri { False, True, Unknown };
  Tri pattern(const Domains& d, ir::TermId id) const {
    const ir::Term& t = p.terms[static_cast<std::size_t>(id)];
    auto index_of = [&](ir::VarId v, ir::Value value) {
      const auto& dom = p.vars[static_cast<std::size_t>(v)].domain;
      auto it = std::lower_bound(dom.begin(), dom.end(), value);
      return it != dom.end() && *it == value ? static_cast<int>(it - dom.begin()) : -1;
    };
    auto literal = [&](ir::VarId v, ir::Value value, bool positive) {
      int i = index_of(v, value);
      Tri r = i < 0 || !d.contains(v, i) ? Tri::False : d.size(v) == 1 ? Tri::True : Tri::Unknown;
      if (!positive && r != Tri::Unknown) r = r == Tri::True ? Tri::False : Tri::True;
      return r;
    };
    switch (t.op) {
      case ir::Op::Const: return t.value ? Tri::True : Tri::False;
      case ir::Op::Possible: {
        auto v = static_cast<ir::VarId>(p.terms[static_cast<std::size_t>(t.args[0])].value);
        int i = index_of(v, t.value);
        return i >= 0 && d.contains(v, i) ? Tri::True : Tri::False;
      }
      case ir::Op::Var:
        if (t.kind == ir::ValueKind::Bool) return literal(static_cast<ir::VarId>(t.value), 1, true);
        return Tri::Unknown;
      case ir::Op::Not: {
        Tri a = pattern(d, t.args[0]);
        return a == Tri::Unknown ? a : a == Tri::True ? Tri::False : Tri::True;
      }
      case ir::Op::And:
      case ir::Op::Or: {
        bool is_and = t.op == ir::Op::And, unknown = false;
        for (ir::TermId a : t.args) {
          Tri x = pattern(d, a);
          if (x == Tri::Unknown) unknown = true;
          else if ((x == Tri::True) != is_and) return x;
        }
        return unknown ? Tri::Unknown : (is_and ? Tri::True : Tri::False);
      }
      case ir::Op::Eq:
      case ir::Op::Ne: {
        const ir::Term& a = p.terms[static_cast<std::size_t>(t.args[0])];
        const ir::Term& b = p.terms[static_cast<std::size_t>(t.args[1])];
        if (a.op == ir::Op::Var && b.op == ir::Op::Const) return literal(static_cast<ir::VarId>(a.value), b.value, t.op == ir::Op::Eq);
        return Tri::Unknown;
      }
      default: return Tri::Unknown;
    }
  }

  // The first declared technique fact of this tier that still tells something new.
  std::optional<Hint> declared(const Domains& d, int tier) const {
    for (std::size_t f = 0; f < p.techniques.size(); ++f) {
      const ir::TechniqueFact& fact = p.techniques[f];
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
    auto add = [&](std::vector<Hint> hs) { out.insert(out.end(), hs.begin(), hs.end()); };
    if (c.kind == ir::Kind::Cardinality || c.kind == ir::Kind::Clause) {
      std::int64_t lo = c.kind == ir::Kind::Clause ? 1 : c.lo;
      std::int64_t hi = c.kind == ir::Kind::Clause ? static_cast<std::int64_t>(c.literals.size()) : c.hi;
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
        force(d, *unknown[0], true, rem);
        add(group(d, rem, Technique::HiddenSingle, {ci}, {}));
      }
      if (t >= hi && want(Technique::CountReached)) {
        std::vector<Removal> rem;
        for (const auto* l : unknown) force(d, *l, false, rem);
        add(group(d, rem, Technique::CountReached, {ci}, trues));
      }
      if (!hidden && possible <= lo && want(Technique::CountForced)) {
        std::vector<Removal> rem;
        for (const auto* l : unknown) force(d, *l, true, rem);
        add(group(d, rem, Technique::CountForced, {ci}, uvars));
      }
    } else if (c.kind == ir::Kind::AllDifferent) {
      if (all_values_needed[static_cast<std::size_t>(ci)] && want(Technique::HiddenSingle)) {
        // Every value must appear: a value with one place left goes there.
        std::map<Value, std::vector<VarId>> places;
        for (VarId v : c.scope)
          for (int i = d.first(v); i >= 0; i = d.next(v, i)) places[value_of(v, i)].push_back(v);
        std::vector<Removal> rem;
        for (const auto& [val, vs] : places) {
          if (vs.size() != 1 || d.size(vs[0]) == 1) continue;
          force(d, {vs[0], val, true}, true, rem);
        }
        add(group(d, rem, Technique::HiddenSingle, {ci}, {}));
      }
      if (want(Technique::ValueTaken)) {
        for (VarId x : c.scope) {
          if (d.size(x) != 1) continue;
          Value val = value_of(x, d.first(x));
          std::vector<Removal> rem;
          for (VarId y : c.scope) {
            if (y == x) continue;
            int i = index_in(p.vars[static_cast<std::size_t>(y)], val);
            if (i >= 0 && d.contains(y, i)) rem.push_back({y, i});
          }
          add(group(d, rem, Technique::ValueTaken, {ci}, {x}));
        }
      }
    } else if (c.kind == ir::Kind::Expr && want(Technique::DirectCheck)) {
      // Forward check by sound three-valued evaluation: only the placed cells are known.
      std::vector<VarId> fixed;
      for (VarId v : c.scope)
        if (d.size(v) == 1) {
          partial[static_cast<std::size_t>(v)] = value_of(v, d.first(v));
          fixed.push_back(v);
        }
      std::vector<Removal> rem;
      if (!fixed.empty()) {
        for (VarId v : c.scope) {
          if (d.size(v) == 1) continue;
          for (int i = d.first(v); i >= 0; i = d.next(v, i)) {
            partial[static_cast<std::size_t>(v)] = value_of(v, i);
            if (ir::evaluate_partial(p, c.term, partial) == ir::Truth::False) rem.push_back({v, i});
          }
          partial[static_cast<std::size_t>(v)] = std::nullopt;
        }
      }
      for (VarId v : c.scope) partial[static_cast<std::size_t>(v)] = std::nullopt;
      add(group(d, rem, Technique::DirectCheck, {ci}, fixed));
    }
    return out;
  }

  // --- tier 2 ------------------------------------------------------------------------

  std::vector<Hint> tier2(const Domains& d, int ci, bool& conflict) {
    auto r = prop.propagate_one(ci, d);
    if (r.conflict) {
      conflict = true;
      return {};
    }
    std::vector<Removal> rem;
    for (const auto& x : r.removals) rem.push_back({x.var, x.index});
    return group(d, rem, Technique::SingleRule, {ci}, con(ci).scope);
  }

  // --- tier 3 ------------------------------------------------------------------------

  void build_partners() {
    if (partners_built) return;
    partners_built = true;
    partners.assign(p.constraints.size(), {});
    for (std::size_t c1 = 0; c1 < p.constraints.size(); ++c1) {
      std::vector<int>& ps = partners[c1];
      for (VarId v : p.constraints[c1].scope)
        for (int c2 : watches[static_cast<std::size_t>(v)])
          if (c2 > static_cast<int>(c1)) ps.push_back(c2);
      sort_unique(ps);
    }
  }

  // GAC on the conjunction of two constraints by enumerating the joint scope's unfixed
  // variables; nullopt when they are too many.
  std::optional<std::vector<Hint>> pair(const Domains& d, int c1, int c2, bool& conflict) {
    std::vector<VarId> vars = con(c1).scope;
    vars.insert(vars.end(), con(c2).scope.begin(), con(c2).scope.end());
    sort_unique(vars);
    std::vector<VarId> free;
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
    std::vector<std::vector<int>> values(free.size());
    std::vector<std::vector<char>> supported(free.size());
    for (std::size_t j = 0; j < free.size(); ++j) {
      values[j] = d.indexes(free[j]);
      supported[j].assign(static_cast<std::size_t>(d.initial_size(free[j])), 0);
    }
    std::vector<std::size_t> at(free.size(), 0);
    bool any = false;
    // Unsupported values left: at zero nothing can be removed, so the pair has no hint
    // and the rest of the enumeration is skipped (the usual case).
    std::size_t unsupported = 0;
    for (const auto& vs : values) unsupported += vs.size();
    auto holds = [&] {
      return ir::truthy(ir::evaluate(p, con(c1).term, scratch)) && ir::truthy(ir::evaluate(p, con(c2).term, scratch));
    };
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
    if (!any) {
      conflict = true;
      return std::vector<Hint>{};
    }
    std::vector<Removal> rem;
    for (std::size_t j = 0; j < free.size(); ++j)
      for (int i : values[j])
        if (!supported[j][static_cast<std::size_t>(i)]) rem.push_back({free[j], i});
    return group(d, rem, Technique::RulePair, {c1, c2}, vars);
  }

  // --- tier 4 ------------------------------------------------------------------------

  // Assumes var = value (index i) on d (undone before returning) and propagates single
  // constraints; true with the chain when a contradiction is reached within `bound` steps.
  bool refute(Domains& d, VarId var, int i, int bound, std::vector<ChainStep>& chain, int& broken) {
    chain.clear();
    broken = -1;
    std::size_t mark = d.mark();
    d.assign(var, i);
    d.clear_touched();
    std::vector<int> queue;
    std::vector<char> queued(p.constraints.size(), 0);
    auto push_var = [&](VarId v, int except) {
      for (int c : watches[static_cast<std::size_t>(v)])
        if (c != except && !queued[static_cast<std::size_t>(c)]) {
          queued[static_cast<std::size_t>(c)] = 1;
          queue.push_back(c);
        }
    };
    push_var(var, -1);
    std::vector<std::vector<std::uint64_t>> before;
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
      bool ok = prop.run(c, d);
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
      for (VarId v = 0; v < d.num_vars(); ++v) {
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

  std::optional<Hint> tier5(const State& s) {
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
    std::vector<int> all(p.constraints.size());
    for (std::size_t c = 0; c < all.size(); ++c) all[c] = static_cast<int>(c);
    int tries = 0;
    for (VarId v = 0; v < d.num_vars() && tries < 8; ++v) {
      if (d.size(v) < 2) continue;
      for (int i = d.first(v); i >= 0 && tries < 8; i = d.next(v, i)) {
        if (value_of(v, i) == (*solution)[static_cast<std::size_t>(v)]) continue;
        ++tries;
        auto f = facts;
        f.push_back({v, value_of(v, i), true});
        auto core = oracle->minimal_core(all, f);
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
    if (s.contradiction()) return std::nullopt;
    auto ns = naked_singles(s, true);
    if (!ns.empty()) return ns[0];
    int nc = static_cast<int>(p.constraints.size());
    if (opt.max_tier >= 1) {
      if (auto h = declared(d, 1)) return h;
    }
    if (opt.max_tier >= 1)
      for (int c = 0; c < nc; ++c) {
        if (clean(k.clean1, k, c)) continue;
        auto hs = tier1(d, c);
        if (!hs.empty()) return hs[0];
        k.clean1[static_cast<std::size_t>(c)] = k.now;
      }
    if (opt.max_tier >= 2) {
      if (auto h = declared(d, 2)) return h;
    }
    if (opt.max_tier >= 2)
      for (int c = 0; c < nc; ++c) {
        if (clean(k.clean2, k, c)) continue;
        bool conflict = false;
        auto hs = tier2(d, c, conflict);
        if (conflict) return std::nullopt;
        if (!hs.empty()) return hs[0];
        k.clean2[static_cast<std::size_t>(c)] = k.now;
      }
    if (opt.max_tier >= 3) {
      if (auto h = declared(d, 3)) return h;
    }
    if (opt.max_tier >= 4) {
      if (auto h = declared(d, 4)) return h;
    }
    if (opt.max_tier >= 3) {
      build_partners();
      if (k.pair_clean.empty()) {
        k.pair_clean.resize(partners.size());
        for (std::size_t c = 0; c < partners.size(); ++c) k.pair_clean[c].assign(partners[c].size(), 0);
      }
      for (int c1 = 0; c1 < nc; ++c1) {
        const auto& ps = partners[static_cast<std::size_t>(c1)];
        for (std::size_t j = 0; j < ps.size(); ++j) {
          int c2 = ps[j];
          std::uint64_t& stamp = k.pair_clean[static_cast<std::size_t>(c1)][j];
          if (stamp >= std::max(k.changed[static_cast<std::size_t>(c1)], k.changed[static_cast<std::size_t>(c2)])) continue;
          bool conflict = false;
          auto hs = pair(d, c1, c2, conflict);
          if (conflict) return std::nullopt;
          if (hs && !hs->empty()) return (*hs)[0];
          stamp = k.now;  // also when too big: it only gets smaller after a change
        }
      }
    }
    if (opt.max_tier >= 4) {
      auto h = tier4(s);
      if (h) return h;
    }
    if (opt.max_tier >= 5) return tier5(s);
    return std::nullopt;
  }

  void note_change(Cache& k, VarId v) {
    ++k.now;
    for (int c : watches[static_cast<std::size_t>(v)]) k.changed[static_cast<std::size_t>(c)] = k.now;
  }
};

HintEngine::HintEngine(const ir::Program& program, Options options, ProofOracle* oracle)
    : program_(program), impl_(std::make_unique<Impl>(program, std::move(options), oracle)) {}

HintEngine::~HintEngine() = default;

std::optional<Hint> HintEngine::next(const State& state) {
  auto k = impl_->new_cache();
  return impl_->find(state, k);
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
  return out;
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
    apply(s, *h);
    impl_->note_change(k, h->var);
    t.hints.push_back(std::move(*h));
  }
  t.solved = s.solved();
  t.final_state = std::move(s);
  return t;
}

}  // namespace pzc::hints
