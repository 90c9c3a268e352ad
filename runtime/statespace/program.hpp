// State-space puzzle programs: a state is a vector of small ints; moves, goal and heuristic
// are guarded updates / expressions compiled once into a small stack bytecode (no AST).
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace pzc::statespace {

using Value = std::int16_t;
using State = std::vector<Value>;

// Stack bytecode. Operands are popped right to left (for `a - b` push a, push b, sub).
// Booleans are 0/1. "Locals" are registers: the program's prelude computes them once per
// node (the `.pz` `def`s) and every guard and effect reads them.
enum class Op : std::uint8_t {
  push,         // arg: constant
  load_slot,    // arg: slot index             -> state[arg]
  load_at,      // pop i                       -> state[i]
  load_local,   // arg: local                  -> locals[arg]
  store_local,  // arg: local; pop v           -> locals[arg] = v
  cur_slot,     // per-slot code only          -> the slot being visited
  cur_value,    // per-slot code only          -> state[cur_slot]
  add, sub, mul, div, mod, neg, abs, min, max,  // div/mod are floor-free C++ semantics on
                                                // non-negative operands; mod is Euclidean
  eq, ne, lt, le, gt, ge,
  land, lor, lnot,
  find,         // pop v                       -> first slot holding v, or -1
  row_of,       // arg: grid width; pop i      -> i / width
  col_of,       // arg: grid width; pop i      -> i % width
  swap,         // pop j, pop i; swap state[i], state[j]   (effects only)
  assign,       // pop v, pop i; state[i] = v              (effects only)
  jump_if_false,// arg: target pc; pop c
  jump,         // arg: target pc
};

struct Instr {
  Op op;
  std::int32_t arg = 0;
};

// A straight piece of bytecode. An expression leaves exactly one value on the stack;
// an effect leaves none.
struct Code {
  std::vector<Instr> instrs;
  bool empty() const { return instrs.empty(); }
};

// Fluent RPN builder: `CodeBuilder().local(0).col_of(3).push(2).lt().build()`.
class CodeBuilder {
 public:
  CodeBuilder& push(int v) { return emit(Op::push, v); }
  CodeBuilder& slot(int i) { return emit(Op::load_slot, i); }
  CodeBuilder& at() { return emit(Op::load_at); }
  CodeBuilder& local(int k) { return emit(Op::load_local, k); }
  CodeBuilder& set_local(int k) { return emit(Op::store_local, k); }
  CodeBuilder& cur_slot() { return emit(Op::cur_slot); }
  CodeBuilder& cur_value() { return emit(Op::cur_value); }
  CodeBuilder& add() { return emit(Op::add); }
  CodeBuilder& sub() { return emit(Op::sub); }
  CodeBuilder& mul() { return emit(Op::mul); }
  CodeBuilder& div() { return emit(Op::div); }
  CodeBuilder& mod() { return emit(Op::mod); }
  CodeBuilder& neg() { return emit(Op::neg); }
  CodeBuilder& abs() { return emit(Op::abs); }
  CodeBuilder& min() { return emit(Op::min); }
  CodeBuilder& max() { return emit(Op::max); }
  CodeBuilder& eq() { return emit(Op::eq); }
  CodeBuilder& ne() { return emit(Op::ne); }
  CodeBuilder& lt() { return emit(Op::lt); }
  CodeBuilder& le() { return emit(Op::le); }
  CodeBuilder& gt() { return emit(Op::gt); }
  CodeBuilder& ge() { return emit(Op::ge); }
  CodeBuilder& land() { return emit(Op::land); }
  CodeBuilder& lor() { return emit(Op::lor); }
  CodeBuilder& lnot() { return emit(Op::lnot); }
  CodeBuilder& find() { return emit(Op::find); }
  CodeBuilder& row_of(int width) { return emit(Op::row_of, width); }
  CodeBuilder& col_of(int width) { return emit(Op::col_of, width); }
  CodeBuilder& swap() { return emit(Op::swap); }
  CodeBuilder& assign() { return emit(Op::assign); }
  // Control flow: `label()` is the next pc; patch jumps with `patch(at, target)`.
  int label() const { return static_cast<int>(code_.instrs.size()); }
  CodeBuilder& jump_if_false(int target = -1) { return emit(Op::jump_if_false, target); }
  CodeBuilder& jump(int target = -1) { return emit(Op::jump, target); }
  CodeBuilder& patch(int at, int target);
  CodeBuilder& append(const Code& other);
  Code build() const { return code_; }

 private:
  CodeBuilder& emit(Op op, int arg = 0) {
    code_.instrs.push_back({op, arg});
    return *this;
  }
  Code code_;
};

struct MoveDef {
  std::string name;
  Code guard;   // expression; empty = always enabled
  Code effect;  // swaps / assigns
};

// A compiled `puzzle` declaration.
struct StateProgram {
  std::string name;
  int num_slots = 0;
  Value value_min = 0;  // every slot always holds a value in [value_min, value_max]
  Value value_max = 0;
  int grid_rows = 0;  // > 0 when the state is one rows x cols grid (row-major)
  int grid_cols = 0;
  int num_locals = 0;
  Code prelude;  // computes the locals once per node (the `def`s)
  std::vector<MoveDef> moves;  // in declaration order = child generation order

  // The goal is either a whole-state predicate or a forAll over slots of a per-slot
  // predicate (cur_slot / cur_value). The per-slot form is evaluated incrementally.
  Code goal;
  Code goal_per_slot;
  // The heuristic: either a whole-state expression or a sum over slots of a per-slot
  // function (cur_slot / cur_value), evaluated incrementally. Both empty: h = 0.
  std::string heuristic_name;
  Code heuristic;
  Code heuristic_per_slot;
  // How the spec names each slot (`x`, `s[2]`, `board[1,3]`), for messages; may be empty.
  std::vector<std::string> slot_names;
  // The def each local holds (`b` for `def b = board.find(0)`), for messages; may be empty.
  std::vector<std::string> local_names;
  std::string slot_name(int i) const {
    return i >= 0 && static_cast<std::size_t>(i) < slot_names.size() ? slot_names[static_cast<std::size_t>(i)]
                                                                      : "slot " + std::to_string(i);
  }
};

// Raised for ill-formed programs or evaluation errors (index out of range, stack misuse).
struct ProgramError : std::runtime_error {
  using std::runtime_error::runtime_error;
  // Which declaration's code failed while searching, for its source location.
  enum class In { unknown, move, heuristic, goal, def };
  ProgramError(const std::string& what, In in_kind, std::string in_name)
      : std::runtime_error(what), in(in_kind), name(std::move(in_name)) {}
  In in = In::unknown;
  std::string name;  // the move's, the heuristic's or the def's name
  int pc = -1;       // the instruction that failed, in the code being run (set by the interpreter)
};
// A store of a value that no state slot can hold; the move that made it names the slot.
struct StoreError : ProgramError {
  StoreError(std::int64_t v, int at)
      : ProgramError("a move stores " + std::to_string(v) + " in slot " + std::to_string(at) + ", outside the declared range"),
        value(v), slot(at) {}
  std::int64_t value;
  int slot;
};

// Checks the program's shape (stack balance, slot/local indexes, which ops occur where).
// Throws ProgramError naming the offending piece of code.
void validate(const StateProgram& program);

// The reference lowering of the sliding-tile `.pz` (see search.hpp for the `.pz` text):
// slots row-major, 0 = blank, goal 1..n-1 then the blank last; moves are the blank's
// motion in the seed's order right, down, left, up; heuristic = Manhattan distance.
StateProgram make_sliding_tiles(int rows, int cols);

// ---- Interpretation -------------------------------------------------------------------

// The changes an effect made, so a search can update h incrementally and undo.
struct Change {
  static constexpr int kMax = 8;
  int count = 0;
  std::int32_t slot[kMax];
  Value old_value[kMax];
};

// Evaluates expression `code` over `state`, with `locals` (may be null when unused) and,
// for per-slot code, the visited slot. Throws ProgramError on a runtime error.
std::int32_t eval(const Code& code, const Value* state, int num_slots, std::int32_t* locals,
                  int cur_slot = -1);
// Runs an effect, mutating `state` and recording touched slots (first touch only) in
// `change`.
void run_effect(const Code& code, Value* state, int num_slots, const std::int32_t* locals,
                Change& change);

// What a grid-permutation analysis of a program found (used for solvability and the
// linear-conflict heuristic): the goal is one fixed permutation and every move swaps the
// blank with an orthogonal neighbour.
struct GridPermutation {
  int rows = 0;
  int cols = 0;
  Value blank = 0;
  State goal;                     // the unique goal state
  std::vector<int> goal_pos;      // goal_pos[v - value_min] = slot of v in the goal
  // From every blank position some move reaches every orthogonal neighbour inside the
  // grid: only then is the parity condition sufficient (it is always necessary).
  bool all_moves = false;
};
// Derives the GridPermutation from the program's own code: the goal per-slot predicate
// must admit exactly one value per slot (tabulated over [value_min, value_max]) and those
// values must be distinct; every move (tabulated over the blank's position) must swap
// the blank with an orthogonal neighbour. std::nullopt if the program is not of that form
// (or the goal fails to evaluate on some (slot, value)). `all_moves` says whether the moves
// reach every neighbour from every blank position.
std::optional<GridPermutation> analyze_grid_permutation(const StateProgram& program);

// ---- The compiled (tabulated) form used by the searches -------------------------------

// One primitive step of a tabulated effect: swap slots i and j, or assign slot i := j.
struct EffectPrim {
  std::int32_t i = 0, j = 0;
  bool is_assign = false;
};
// Moves tabulated per combination of the prelude's `find` locals (each in [-1, n-1]).
struct MoveTables {
  bool ok = false;
  std::vector<Value> find_values;  // per local: the value searched for
  int combos = 0;
  struct Entry {
    std::uint8_t state = 0;  // 0 disabled, 1 enabled, 2 evaluation error (throws if used)
    bool distinct = true;    // all prims are swaps on pairwise distinct slots
    std::uint32_t first = 0;
    std::uint32_t count = 0;
  };
  std::vector<Entry> entries;  // [move * combos + combo]
  std::vector<EffectPrim> prims;
};
MoveTables build_move_tables(const StateProgram& program);

// When the prelude only computes `find(constant)` locals and guards/effects read only
// locals, each move is tabulated per combination of local values: a guard bit and a
// list of primitive swaps/assigns. Per-slot goal/heuristic code that reads only
// cur_slot/cur_value is tabulated per (slot, value) (unless some (slot, value), reachable
// or not, fails to evaluate: then it is evaluated per state). Anything else falls back to the
// interpreter, with the same results (checked by tests).
class CompiledProgram {
 public:
  // `linear_conflict`: add the derived linear-conflict term to the heuristic (requires
  // analyze_grid_permutation to succeed; throws ProgramError otherwise).
  explicit CompiledProgram(const StateProgram& program, bool linear_conflict = false,
                           bool allow_tables = true);

  const StateProgram& program() const { return program_; }
  int num_slots() const { return n_; }
  int num_moves() const { return static_cast<int>(program_.moves.size()); }
  bool tabulated_moves() const { return move_tables_; }
  const std::optional<GridPermutation>& grid() const { return grid_; }
  // The tables themselves, for searches specialised on them (see search.cpp).
  const MoveTables& move_tables() const { return tables_; }
  const std::vector<std::int32_t>& h_table() const { return h_table_; }  // [slot*range + v-min]
  const std::vector<std::uint8_t>& goal_table() const { return goal_table_; }  // 1 = fails
  int value_range() const { return range_; }
  bool tabulated_heuristic() const { return h_table_.size() > 0; }
  bool has_linear_conflict() const { return lc_; }

  // Per-node context: computes the locals (prelude). Must be called before try_move.
  struct Context {
    std::int32_t locals[16];
    int combo = 0;  // index into the move tables
    // Bit k: local k's def failed to evaluate on this state (or read such a def). Not an
    // error by itself: only code that runs and reads local k raises the def's error, as if
    // the def's body were written at the read (a guard `a > 0 and q > 3` never reads q
    // where a = 0).
    std::uint16_t poisoned = 0;
  };
  void prepare(const Value* state, Context& ctx) const;
  // The context of a child, from its parent's context and the change that made it: the
  // `find` locals are updated from the touched slots (no rescan when values are unique).
  void prepare_after(const Context& parent, const Value* state, const Change& change,
                     Context& ctx) const {
    if (!move_tables_) return prepare(state, ctx);
    ctx.poisoned = 0;  // a find-only prelude never fails
    int combo = 0;
    int stride = 1;
    for (std::size_t k = 0; k < tables_.find_values.size(); ++k) {
      const int at = find_after(parent.locals[k], tables_.find_values[k], state, change);
      ctx.locals[k] = at;
      combo += (at + 1) * stride;
      stride *= (n_ + 1);
    }
    ctx.combo = combo;
  }
  // Applies move m in place if its guard holds; records the change (for undo and
  // incremental evaluation). Returns false (state untouched) if the guard fails.
  bool try_move(int m, const Context& ctx, Value* state, Change& change) const {
    if (!move_tables_) return try_move_interpreted(m, ctx, state, change);
    const MoveTables::Entry& e =
        tables_.entries[static_cast<std::size_t>(m) * static_cast<std::size_t>(tables_.combos) +
                        static_cast<std::size_t>(ctx.combo)];
    if (e.state != 1) return e.state == 0 ? false : try_move_interpreted(m, ctx, state, change);
    if (!e.distinct) return apply_prims_checked(e, state, change);
    const EffectPrim* pr = tables_.prims.data() + e.first;
    int c = 0;
    for (std::uint32_t k = 0; k < e.count; ++k, ++pr) {
      change.slot[c] = pr->i;
      change.old_value[c++] = state[pr->i];
      change.slot[c] = pr->j;
      change.old_value[c++] = state[pr->j];
      const Value t = state[pr->i];
      state[pr->i] = state[pr->j];
      state[pr->j] = t;
    }
    change.count = c;
    return true;
  }
  static void undo(Value* state, const Change& change) {
    for (int i = change.count - 1; i >= 0; --i) state[change.slot[i]] = change.old_value[i];
  }

  // Full evaluations.
  int heuristic(const Value* state) const;
  int goal_failures(const Value* state) const;  // 0 <=> goal (per-slot goal: #failing slots)
  // Incremental: the values after `change` was applied to a state whose values were h /
  // failures. `state` is the state after the change.
  int heuristic_after(int h, const Value* state, const Change& change) const {
    if (h_table_.empty() || lc_) return heuristic_after_general(h, state, change);
    for (int k = 0; k < change.count; ++k) {
      const int s = change.slot[k];
      const int base = s * range_ - program_.value_min;
      h += h_table_[static_cast<std::size_t>(base + state[s])] -
           h_table_[static_cast<std::size_t>(base + change.old_value[k])];
    }
    return h;
  }
  int goal_failures_after(int failures, const Value* state, const Change& change) const {
    if (goal_table_.empty()) return goal_failures_after_general(failures, state, change);
    for (int k = 0; k < change.count; ++k) {
      const int s = change.slot[k];
      const int base = s * range_ - program_.value_min;
      failures += goal_table_[static_cast<std::size_t>(base + state[s])] -
                  goal_table_[static_cast<std::size_t>(base + change.old_value[k])];
    }
    return failures;
  }

 private:
  int heuristic_unchecked(const Value* state) const;      // heuristic() names the heuristic
  int goal_failures_unchecked(const Value* state) const;  // on an evaluation error; these not
  int heuristic_after_general(int h, const Value* state, const Change& change) const;
  int heuristic_after_slots(int h, const Value* state, const Change& change) const;
  // The prelude: computes the locals, returns the poisoned ones (see Context). Fast path:
  // the whole prelude at once; only when it fails, def by def (see segments_).
  std::uint16_t run_prelude(const Value* state, std::int32_t* locals) const;
  // Runs segments_[first..] one by one, each failure poisoning its local; `causes` (may be
  // null, else num_locals entries) gets, per poisoned local, the def that failed first in
  // the chain of reads and its error.
  struct Cause {
    int root = -1;
    std::string what;
  };
  std::uint16_t run_segments(const Value* state, std::int32_t* locals, std::size_t first,
                             Cause* causes) const;
  // The error of a read of poisoned local k on `state` (the state the prelude ran on):
  // "in def q (used by move m): division by zero", naming the def that failed first.
  [[noreturn]] void def_error(const Value* state, int k) const;
  // The eager form, when the prelude cannot be split: the def being computed at e.pc.
  [[noreturn]] void eager_def_error(const ProgramError& e) const;
  // "in def q (used by move m): WHAT", as the def's own error.
  [[noreturn]] void throw_def_error(int local, const std::string& what) const;
  std::string local_name(int k) const;
  std::string users_of_local(int k) const;
  // Rethrow an evaluation error as the heuristic's / the goal's (a def's stays the def's).
  [[noreturn]] void heuristic_error(const ProgramError& e) const;
  [[noreturn]] void goal_error(const ProgramError& e) const;
  int goal_failures_after_general(int failures, const Value* state, const Change& change) const;
  bool try_move_interpreted(int m, const Context& ctx, Value* state, Change& change) const;
  bool apply_prims_checked(const MoveTables::Entry& e, Value* state, Change& change) const;
  // First slot holding v after `change`, given it was `before` (see prepare_after).
  int find_after(int before, Value v, const Value* state, const Change& change) const {
    int best = n_;  // smallest touched slot now holding v
    bool before_lost = false;
    for (int k = 0; k < change.count; ++k) {
      const int s = change.slot[k];
      if (state[s] == v && s < best) best = s;
      if (s == before && state[s] != v) before_lost = true;
    }
    if (before >= 0 && !before_lost) return before < best ? before : best;
    if (before < 0) return best < n_ ? best : -1;
    // The old first occurrence moved: slots before it never held v, touched ones are in
    // `best`; scan the untouched remainder up to `best`.
    if (best < before) return best;
    for (int s = before + 1; s < best; ++s)
      if (state[s] == v) return s;
    return best < n_ ? best : -1;
  }
  int slot_h(int slot, Value v) const;
  int slot_goal_fail(int slot, Value v) const;
  int linear_conflict(const Value* state) const;

  std::int32_t line_value(const Value* state, const Change* change, int slot) const;
  int line_conflict(const Value* state, const Change* change, bool is_row, int line) const;

  StateProgram program_;
  int n_ = 0;
  // The prelude split into one piece per def: [begin, end) of the prelude's pcs (ending
  // with its store_local), the code with jumps relative to begin. Empty when the prelude
  // is not of that shape (a jump leaving its def, code after the last store): then a
  // failing def is an error at once, as before.
  struct Segment {
    int begin = 0, end = 0;
    int local = 0;
    Code code;
  };
  std::vector<Segment> segments_;
  bool move_tables_ = false;
  MoveTables tables_;
  std::vector<std::int32_t> h_table_;     // [slot * range + (v - value_min)]
  std::vector<std::uint8_t> goal_table_;  // same layout, 1 = slot fails the goal
  int range_ = 0;
  bool h_slot_local_ = false;     // per-slot heuristic depending only on (slot, value)
  bool goal_slot_local_ = false;  // per-slot goal depending only on (slot, value)
  bool lc_ = false;
  bool positions_ = false;  // not a grid: slot i is position i + 1 in errors
  std::optional<GridPermutation> grid_;
};

}  // namespace pzc::statespace
