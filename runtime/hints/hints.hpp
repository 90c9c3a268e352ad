// The hint runtime: a solving state of candidates, human-style deductions tiered by
// difficulty and derived from constraint kinds (one table of techniques), traces and grades.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/engine/domains.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/ir/program.hpp"

namespace pzc::hints {

// What the runtime asks of a complete solver (the driver implements it over Z3). The
// runtime never includes a compiler header.
struct ProofOracle {
  virtual ~ProofOracle() = default;
  // Some solution in which every fact holds, or nullopt (none, or undecided).
  virtual std::optional<ir::Assignment> solve(const std::vector<ir::Literal>& facts) = 0;
  // A minimal subset of `constraints` that is unsatisfiable together with `facts`;
  // nullopt when it is satisfiable or undecided.
  virtual std::optional<std::vector<int>> minimal_core(const std::vector<int>& constraints,
                                                       const std::vector<ir::Literal>& facts) = 0;
  // Some subset of `constraints` (not necessarily minimal) that is unsatisfiable together
  // with `facts`; nullopt when there is none or it is undecided. Options::minimal_cores.
  virtual std::optional<std::vector<int>> core(const std::vector<int>& constraints, const std::vector<ir::Literal>& facts) {
    return minimal_core(constraints, facts);
  }
};

// Candidates per variable, and which variables the person has written in the grid. A
// variable with one candidate that is not yet placed is a naked single.
class State {
 public:
  State() = default;
  // The program as grounded: full domains, then every one-variable constraint (a given,
  // "no light on a wall") applied and its variable placed when it is fixed by it.
  // With `active`, only the constraints it marks (see HintEngine::saturate).
  static State from_program(const ir::Program& program, const std::vector<char>* active = nullptr);
  // The same, then a person's entries placed. Entries outside a domain leave it empty.
  static State from_grid(const ir::Program& program, const ir::PartialAssignment& grid);

  const engine::Domains& domains() const { return domains_; }
  engine::Domains& domains() { return domains_; }
  bool placed(ir::VarId v) const { return placed_[static_cast<std::size_t>(v)] != 0; }
  void set_placed(ir::VarId v) { placed_[static_cast<std::size_t>(v)] = 1; }
  int num_vars() const { return domains_.num_vars(); }
  std::vector<ir::Value> candidates(ir::VarId v) const;
  bool solved() const;         // every variable fixed and placed (`aux var`s need not be)
  bool contradiction() const;  // some variable has no candidate left
  // The candidates as literals (x <> v for each removed value): what is known so far.
  std::vector<ir::Literal> facts() const;
  // The value of each fixed variable (others: the first candidate, or kNull when empty).
  ir::Assignment assignment() const;
  // The placed entries only.
  ir::PartialAssignment grid() const;
  // Every variable with one candidate left, placed or not.
  ir::PartialAssignment fixed() const;

 private:
  ir::PartialAssignment values(bool placed_only) const;
  friend class StartStates;
  explicit State(const ir::Program& program);
  const ir::Program* program_ = nullptr;
  engine::Domains domains_;
  std::vector<char> placed_;
};

// What in a technique's state pattern the hint runtime cannot evaluate on candidates (a
// pattern with it would never fire): an op such as `alldiff`, or nullopt.
std::optional<std::string> unevaluable_in_pattern(const ir::Program& program, ir::TermId pattern);
// A technique fact's condition in every candidate state that keeps `solution`'s values,
// read as Z3 reads a case of the fact when it proves it sound (a Possible atom true where
// the solution has that value, free elsewhere; a variable at its value in the solution;
// aux variables unknown): false when it holds in none of those states, true when in all,
// nullopt when that depends on the state or the pattern has terms it does not read. Once
// the solution is proved the only one, a fact whose condition is false here is sound.
std::optional<bool> condition_around(const ir::Program& program, ir::TermId condition, const ir::Assignment& solution);

// State::from_program(program, &active) for many masks of one program (a generator's
// clue subsets): what each one-variable constraint removes is worked out once.
class StartStates {
 public:
  explicit StartStates(const ir::Program& program);
  State from(const std::vector<char>& active) const;

 private:
  State full_;  // every domain full
  struct Unary {
    int constraint;
    ir::VarId var;
    std::vector<int> removed;  // the domain indexes it rules out
  };
  std::vector<Unary> unary_;
};

// The techniques, cheapest first. Each is one row of techniques().
enum class Technique : std::uint8_t {
  NakedSingle,    // tier 1: one candidate left
  HiddenSingle,   // tier 1: exactly-one scope with one place left for a value
  CountReached,   // tier 1: a count already has all it allows; the rest are ruled out
  CountForced,    // tier 1: a count needs every remaining possibility
  ValueTaken,     // tier 1: all-different, a value already placed in the scope
  DirectCheck,    // tier 1: a value that would break a rule outright, given the placed cells
  SingleRule,     // tier 2: everything one constraint implies alone (GAC)
  RulePair,       // tier 3: two overlapping constraints together
  Contradiction,  // tier 4: assume a value, propagate, reach a contradiction
  SolverCore,     // tier 5: a minimal set of constraints from the proof oracle
  Declared,       // a `technique` of the spec (its own tier), proved sound by the compiler
};
inline constexpr int kNumTechniques = 11;
inline constexpr int kMaxTier = 5;

struct TechniqueInfo {
  Technique id;
  const char* name;      // command-line name, e.g. "hidden-single"
  int tier;
  const char* title;     // e.g. "hidden single"
  const char* summary;   // one line for docs and --help
  const char* templ;     // explanation template; see explain()
};
const std::vector<TechniqueInfo>& techniques();
const TechniqueInfo& info(Technique t);
std::optional<Technique> technique_by_name(const std::string& name);

// One step of a tier-4 chain: inside the assumption, `constraint` ruled out (or forced)
// a value.
struct ChainStep {
  ir::VarId var = 0;
  ir::Value value = 0;
  bool sets = false;  // true: var = value forced; false: value ruled out
  int constraint = -1;
};

struct Hint {
  Technique technique = Technique::NakedSingle;
  int tier = 1;
  ir::VarId var = 0;
  ir::Value value = 0;
  bool sets = false;                 // true: var = value; false: value eliminated from var
  // sets only: the technique ruled out `removed` and `value` is what that left (other values
  // of the domain were gone before), rather than concluding var = value itself (a hidden
  // single, a count that needs var = value). The explanation then says both.
  bool last_left = false;
  std::vector<ir::Value> removed;    // every value this hint removes from var
  std::vector<int> constraints;      // cited constraints, ascending
  std::vector<ir::VarId> witnesses;  // other cells the explanation names, ascending
  // The witnesses' candidates when the hint was found, parallel to `witnesses` (what
  // explain() says they are: "since r6c6 and r6c7 are shaded"). Filled by the calls that
  // hand hints out (solve, next, all_of), not by saturation; empty: not recorded.
  std::vector<std::vector<ir::Value>> witness_values;
  // DirectCheck by a cell not yet placed: what is known of it ("r3c1 is not blank").
  std::optional<ir::Literal> known;
  // Tier 4: the assumption var = value led, by `chain`, to `contradiction` failing.
  std::vector<ChainStep> chain;
  int contradiction = -1;
  // Declared: the index of the fact in Program::techniques.
  int fact = -1;
  // The conclusion as a literal (sets: var = value; else var <> value).
  ir::Literal literal() const { return {var, value, sets}; }
};

struct Options {
  int max_tier = kMaxTier;
  // Tier 3: pairs are tried when the joint scope's unfixed variables have at most this
  // many combinations left.
  std::uint64_t pair_limit = 4096;
  // Tier 4: the assumption's propagation stops after this many removals; bounds are
  // tried in increasing order so shorter chains come first.
  std::vector<int> chain_bounds = {10, 40};
  bool pairs_in_chains = false;  // tier 3 inside tier-4 propagation (slower)
  // Set by another thread to end the work early (a time limit): no deduction is looked for
  // after it is seen, so solve and saturate end unsolved, with what they had.
  const std::atomic<bool>* stop = nullptr;
  // Called by solve after each step it records, with the trace so far (a progress line:
  // a minimal Killer Sudoku's trace takes half a minute).
  std::function<void(const std::vector<Hint>& steps)> on_step;
  // Tier 5 cites a minimal core (what an explanation shows). False: any core the oracle
  // finds, for a grade alone: the steps, their tiers and the grade are the same (a
  // tier-5 step removes one value, whatever it cites); only the rules cited differ.
  // Shrinking a core takes one solver check per member (a minimal Killer Sudoku: 36 s of
  // its 37 s grade).
  bool minimal_cores = true;
};

struct Trace {
  std::vector<Hint> hints;
  bool solved = false;
  State final_state;
  // Constraints that the cells fixed at the end break whatever the others hold (ascending):
  // the puzzle has no solution (its givens contradict each other, or the deductions, sound
  // for a puzzle with a solution, ran into a contradiction). Never solved then.
  std::vector<int> broken;
};

// What a cheapest-first trace (HintEngine::solve) would need, found without building it:
// see HintEngine::saturate.
struct Saturation {
  bool solved = false;
  int max_tier = 0;  // the hardest tier the trace uses (0: none needed)
  // How many steps of max_tier the trace takes, counted up to 3 for tiers 3 and up (all a
  // grade needs: level_of softens a top tier used at most twice); 0 for tiers 1 and 2.
  int at_top = 0;
  std::string level;        // what grade() says of that trace
  std::vector<int> used;    // constraints some applied deduction relied on, ascending
  // Stopped early (saturate's stop_above): the level is above it whatever follows; solved
  // is false and level the least it can be.
  bool beyond = false;
};

// Saturation's first steps, kept to start many saturations from: the closure of a state
// under tier 1 (or tiers 1 and 2) with some constraints of a program (HintEngine::close).
// A generator's clue removal asks one question per clue, and every question has the clues
// already kept: what those tiers deduce from them (and the rules) holds in each, and is
// not deduced again.
struct Closure {
  int tier = 1;               // closed under tiers 1..tier (1 or 2)
  State state;
  bool ok = true;             // false: a contradiction under the marked constraints
  std::vector<char> active;   // the constraints closed under (one flag per constraint)
  std::vector<char> used;     // the constraints its deductions relied on
  // Which constraints are known closed in `state`: the engine's stamps.
  std::uint64_t now = 1;
  std::vector<std::uint64_t> changed, clean1, clean2;
};

class HintEngine {
 public:
  explicit HintEngine(const ir::Program& program, Options options = {}, ProofOracle* oracle = nullptr);
  ~HintEngine();
  HintEngine(const HintEngine&) = delete;
  HintEngine& operator=(const HintEngine&) = delete;

  const ir::Program& program() const { return program_; }
  // Declared techniques: read the facts (and their patterns' terms) from `source`, a
  // grounding of the same variables with other givens (a generator's clue subset: facts
  // that read clues differ from one subset to the next), instead of the program's own;
  // null goes back to those. `source` must outlive its use. A hint's `fact` then indexes
  // source->techniques (explain() reads the program's: saturate only, or explain with
  // `source`).
  void use_facts(const ir::Program* source);
  // The cheapest deduction in `state` (tier, then constraint, then variable, then value).
  std::optional<Hint> next(const State& state);
  // Every deduction one technique makes in `state` (tiers 1-3), in order; each conclusion
  // once (the first constraint or pair that gives it).
  std::vector<Hint> all_of(const State& state, Technique technique);
  // Applies a hint's conclusion to the state.
  static void apply(State& state, const Hint& hint);
  // Records hint.witness_values from the state it was found in.
  static void note_witnesses(const State& state, Hint& hint);
  // From `start`, hint after hint until solved or stuck (or max_steps hints).
  Trace solve(State start, std::size_t max_steps = 1000000);
  // Whether solve(start) (capped at options.max_tier) solves the puzzle, its hardest tier
  // and level, without a trace: tier by tier, every deduction of tiers <= L applied to
  // saturation (deductions only remove candidates and stay valid when others are
  // removed, so the result does not depend on their order, and a cheapest-first trace
  // uses tier L exactly when tiers below are stuck). Tiers 3 and up are taken one
  // cheapest hint at a time until they are used three times, so the count the grade
  // softens on is the trace's. A spec with declared techniques of tier 3 or more falls
  // back to solve(). Exact when the program has a solution within `start` (deductions are
  // sound, so they never remove it); without one, a weak tier may "solve" into a
  // non-solution along one order and not another. With `active` (one flag per constraint
  // of the program), the answer is that for the program of the marked constraints only
  // (in the same order), so one engine serves many subsets; start from
  // State::from_program(program, active).
  // With stop_above = L > 0, it stops once the level is known to be above L, solved or
  // not (a level-L check needs no more): tier L+1 used a third time, or still unsolved
  // after two uses of it, or a tier above L+1 reached.
  Saturation saturate(State start, const std::vector<char>* active = nullptr, int stop_above = 0);
  // The same answer (solved, tiers and level), started from `base`, a tier-1 closure, and
  // at tier 2 from what `base2` gives (asked only when tier 1 leaves the puzzle unsolved;
  // null: none), a tier-2 closure: each under some of the `active`
  // constraints (`active` null: all), made by an engine over the same program, from a start
  // state that `start` is within. A tier goes on from there, on the constraints not closed
  // in it and those whose variables the question has narrowed further (the end state of
  // a tier does not depend on the order of its deductions, and the base's hold under more
  // constraints). `used` also has the bases'. With declared techniques (whose patterns may
  // need candidates present) the bases are not used.
  Saturation saturate(const Closure& base, State start, const std::vector<char>* active = nullptr, int stop_above = 0,
                      const std::function<const Closure*()>& base2 = {});
  // Tiers 1..tier (1 or 2) applied to saturation from `start` under the constraints marked
  // in `active` (continuing `from`, a closure of the same tiers under some of them, from a
  // start that `start` is within). Without declared techniques.
  Closure close(int tier, State start, const std::vector<char>& active, const Closure* from = nullptr);

 private:
  struct Impl;
  Saturation saturate_from(const Closure* base, const std::function<const Closure*()>* base2, State start,
                           const std::vector<char>* active, int stop_above);
  const ir::Program& program_;
  std::unique_ptr<Impl> impl_;
};

// English. `explain` is one paragraph for the hint; `conclusion` the short form
// ("r3c5 is C", "no light at r2c2"). Cells are named r<row>c<col> for grid variables.
std::string cell_name(const ir::Program& program, ir::VarId var);
std::string literal_text(const ir::Program& program, ir::VarId var, ir::Value value, bool positive);
std::string conclusion(const ir::Program& program, const Hint& hint);
std::string explain(const ir::Program& program, const Hint& hint);
// The first letter upper case, as a sentence starts (after an opening quote, the quoted
// text's); a first word with a digit or an underscore (a cell name such as r3c5, a
// variable's name such as x_3) keeps its lower case.
std::string capitalised(std::string text);

// What the clues about one cell each settle before the first step (State::from_program
// applies them silently, as givens): "0 monsters seen from above column 2: r1c2 is
// ghost." A clue that says no more than its conclusion (a Sudoku given, "r1c1 is 5") is
// left out, and so are the rules of the family (a wall's "no light on the wall at r1c1").
struct StartDeduction {
  int constraint = -1;
  ir::VarId var = 0;
  std::string rule;        // the clue's text
  std::string conclusion;  // "r1c2 is ghost", "r1c2 is not vampire"
};
std::vector<StartDeduction> start_deductions(const ir::Program& program);

// Difficulty from a trace. See docs/hints.md for the formula.
struct Grade {
  int max_tier = 0;
  std::array<int, kMaxTier + 1> per_tier{};  // [1..5]; [0] unused
  int steps = 0;
  double score = 0;
  std::string level;  // easy, tricky, hard, fiendish
  bool solved = false;
};
Grade grade(const Trace& trace);
// The level of a trace from its hardest tier and how often that tier is used.
std::string level_of(bool solved, int max_tier, int at_top);

}  // namespace pzc::hints
