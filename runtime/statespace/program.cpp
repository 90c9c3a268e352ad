// The state-program bytecode: validation, the interpreter, the tabulated (compiled) form,
// the grid-permutation analysis and the reference sliding-tile lowering.
#include "runtime/statespace/program.hpp"

#include <algorithm>
#include <limits>
#include <fmt/format.h>

namespace pzc::statespace {

CodeBuilder& CodeBuilder::patch(int at, int target) {
  code_.instrs.at(static_cast<std::size_t>(at)).arg = target;
  return *this;
}

CodeBuilder& CodeBuilder::append(const Code& other) {
  // Jump targets of `other` are relative to its start.
  const int base = label();
  for (Instr in : other.instrs) {
    if (in.op == Op::jump || in.op == Op::jump_if_false) in.arg += base;
    code_.instrs.push_back(in);
  }
  return *this;
}

namespace {

enum class Kind { expression, per_slot, prelude, effect };

// Stack effect (pops, pushes) of an instruction.
std::pair<int, int> stack_effect(Op op) {
  switch (op) {
    case Op::push: case Op::load_slot: case Op::load_local: case Op::cur_slot:
    case Op::cur_value:
      return {0, 1};
    case Op::load_at: case Op::neg: case Op::abs: case Op::lnot: case Op::find:
    case Op::row_of: case Op::col_of:
      return {1, 1};
    case Op::store_local: case Op::jump_if_false:
      return {1, 0};
    case Op::swap: case Op::assign:
      return {2, 0};
    case Op::jump:
      return {0, 0};
    default:
      return {2, 1};  // binary arithmetic / comparison / logic
  }
}

void validate_code(const Code& code, Kind kind, const StateProgram& p, const std::string& what) {
  const int size = static_cast<int>(code.instrs.size());
  auto fail = [&](int pc, const std::string& msg) {
    throw ProgramError(fmt::format("{}: instruction {}: {}", what, pc, msg));
  };
  // Abstract interpretation of the stack depth over both branches of every jump.
  std::vector<int> depth(static_cast<std::size_t>(size) + 1, -1);
  std::vector<int> work{0};
  depth[0] = 0;
  int end_depth = -1;
  while (!work.empty()) {
    const int pc = work.back();
    work.pop_back();
    if (pc == size) {
      if (end_depth != -1 && end_depth != depth[pc]) fail(pc, "inconsistent stack depth at end");
      end_depth = depth[pc];
      continue;
    }
    const Instr in = code.instrs[static_cast<std::size_t>(pc)];
    switch (in.op) {
      case Op::load_slot:
        if (in.arg < 0 || in.arg >= p.num_slots) fail(pc, "slot index out of range");
        break;
      case Op::load_local:
        if (in.arg < 0 || in.arg >= p.num_locals) fail(pc, "local out of range");
        break;
      case Op::store_local:
        if (kind != Kind::prelude) fail(pc, "store_local outside the prelude");
        if (in.arg < 0 || in.arg >= p.num_locals) fail(pc, "local out of range");
        break;
      case Op::cur_slot: case Op::cur_value:
        if (kind != Kind::per_slot) fail(pc, "cur_slot/cur_value outside per-slot code");
        break;
      case Op::swap: case Op::assign:
        if (kind != Kind::effect) fail(pc, "swap/assign outside a move effect");
        break;
      case Op::row_of: case Op::col_of:
        if (in.arg <= 0) fail(pc, "grid width must be positive");
        break;
      case Op::jump: case Op::jump_if_false:
        if (in.arg < 0 || in.arg > size) fail(pc, "jump target out of range");
        break;
      default:
        break;
    }
    const auto [pops, pushes] = stack_effect(in.op);
    const int d = depth[static_cast<std::size_t>(pc)];
    if (d < pops) fail(pc, "stack underflow");
    const int next_depth = d - pops + pushes;
    if (next_depth > 64) fail(pc, "stack deeper than 64");
    auto flow = [&](int target) {
      int& t = depth[static_cast<std::size_t>(target)];
      if (t == -1) {
        t = next_depth;
        work.push_back(target);
      } else if (t != next_depth) {
        fail(pc, "inconsistent stack depth at a join");
      }
    };
    if (in.op == Op::jump) {
      flow(in.arg);
    } else {
      flow(pc + 1);
      if (in.op == Op::jump_if_false) flow(in.arg);
    }
  }
  const int want = (kind == Kind::expression || kind == Kind::per_slot) ? 1 : 0;
  if (end_depth != want)
    throw ProgramError(fmt::format("{}: leaves {} values on the stack, expected {}", what,
                                   end_depth, want));
}

struct Recorder {
  std::vector<EffectPrim>* prims = nullptr;  // record instead of applying
  Change* change = nullptr;                  // record first touches
  bool positions = false;                    // slots are a Seq's positions: name them 1-based in errors
  std::uint32_t poisoned = 0;                // locals whose def failed: reading one throws PoisonedRead
};

// Code read a local whose def failed on this state (Context::poisoned). Internal: not a
// ProgramError, so no handler names it as the reading code's own error; the
// CompiledProgram method that ran the code turns it into the def's error (def_error).
struct PoisonedRead {
  int local;
};

// The message for a slot index outside the state. A Seq's slot i is position i + 1 (the
// lowering passes an out-of-range position on as it is, so this is the one the spec asked
// for); a Grid's -1 is a null cell.
std::string slot_error(std::int32_t i, int n, bool positions) {
  if (positions) return fmt::format("position {} is out of range 1..{}", std::int64_t{i} + 1, n);
  return fmt::format("slot index {} out of range", i);
}

void touch(Change* change, std::int32_t slot, Value old) {
  if (!change) return;
  for (int k = 0; k < change->count; ++k)
    if (change->slot[k] == slot) return;
  if (change->count == Change::kMax) throw ProgramError("an effect touched more than 8 slots");
  change->slot[change->count] = slot;
  change->old_value[change->count] = old;
  ++change->count;
}

std::int32_t floor_div(std::int32_t a, std::int32_t b) {
  std::int32_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

constexpr const char* kOverflow = "integer overflow: a value past the 32-bit range of state-space code";

// The interpreter shared by expressions and effects.
std::int32_t exec(const Code& code, Value* state, int n, std::int32_t* locals, int cur_slot,
                  const Recorder& rec) {
  std::int32_t stack[66];
  int sp = 0;
  const int size = static_cast<int>(code.instrs.size());
  auto check_slot = [&](std::int32_t i) {
    if (i < 0 || i >= n) throw ProgramError(slot_error(i, n, rec.positions));
  };
  int pc = 0;
  try {
  for (; pc < size; ++pc) {
    const Instr in = code.instrs[static_cast<std::size_t>(pc)];
    switch (in.op) {
      case Op::push: stack[sp++] = in.arg; break;
      case Op::load_slot: check_slot(in.arg); stack[sp++] = state[in.arg]; break;
      case Op::load_at: check_slot(stack[sp - 1]); stack[sp - 1] = state[stack[sp - 1]]; break;
      case Op::load_local:
        if ((rec.poisoned >> in.arg) & 1u) throw PoisonedRead{in.arg};
        stack[sp++] = locals[in.arg];
        break;
      case Op::store_local: locals[in.arg] = stack[--sp]; break;
      case Op::cur_slot: stack[sp++] = cur_slot; break;
      case Op::cur_value: stack[sp++] = state[cur_slot]; break;
      case Op::neg:
      case Op::abs:
        if (stack[sp - 1] == std::numeric_limits<std::int32_t>::min()) throw ProgramError(kOverflow);
        stack[sp - 1] = in.op == Op::neg ? -stack[sp - 1] : std::abs(stack[sp - 1]);
        break;
      case Op::lnot: stack[sp - 1] = stack[sp - 1] == 0; break;
      case Op::find: {
        const std::int32_t v = stack[sp - 1];
        std::int32_t at = -1;
        for (int i = 0; i < n; ++i)
          if (state[i] == v) { at = i; break; }
        stack[sp - 1] = at;
        break;
      }
      case Op::row_of: stack[sp - 1] = floor_div(stack[sp - 1], in.arg); break;
      case Op::col_of: {
        const std::int32_t v = stack[sp - 1];
        stack[sp - 1] = v - floor_div(v, in.arg) * in.arg;
        break;
      }
      case Op::swap: {
        const std::int32_t j = stack[--sp];
        const std::int32_t i = stack[--sp];
        check_slot(i);
        check_slot(j);
        if (rec.prims) {
          rec.prims->push_back({i, j, false});
        } else {
          touch(rec.change, i, state[i]);
          touch(rec.change, j, state[j]);
          std::swap(state[i], state[j]);
        }
        break;
      }
      case Op::assign: {
        const std::int32_t v = stack[--sp];
        const std::int32_t i = stack[--sp];
        check_slot(i);
        // (Past Value's range the cast would wrap into the declared one unseen.)
        if (v < std::numeric_limits<Value>::min() || v > std::numeric_limits<Value>::max())
          throw StoreError(v, i);
        if (rec.prims) {
          rec.prims->push_back({i, v, true});
        } else {
          touch(rec.change, i, state[i]);
          state[i] = static_cast<Value>(v);
        }
        break;
      }
      case Op::jump_if_false:
        if (stack[--sp] == 0) pc = in.arg - 1;
        break;
      case Op::jump: pc = in.arg - 1; break;
      default: {
        const std::int32_t b = stack[--sp];
        const std::int32_t a = stack[sp - 1];
        std::int32_t r = 0;
        switch (in.op) {
          case Op::add: if (__builtin_add_overflow(a, b, &r)) throw ProgramError(kOverflow); break;
          case Op::sub: if (__builtin_sub_overflow(a, b, &r)) throw ProgramError(kOverflow); break;
          case Op::mul: if (__builtin_mul_overflow(a, b, &r)) throw ProgramError(kOverflow); break;
          case Op::div:
            if (b == 0) throw ProgramError("division by zero");
            r = floor_div(a, b);
            break;
          case Op::mod:
            if (b == 0) throw ProgramError("modulo by zero");
            r = a - floor_div(a, b) * b;
            break;
          case Op::min: r = std::min(a, b); break;
          case Op::max: r = std::max(a, b); break;
          case Op::eq: r = a == b; break;
          case Op::ne: r = a != b; break;
          case Op::lt: r = a < b; break;
          case Op::le: r = a <= b; break;
          case Op::gt: r = a > b; break;
          case Op::ge: r = a >= b; break;
          case Op::land: r = (a != 0) && (b != 0); break;
          case Op::lor: r = (a != 0) || (b != 0); break;
          default: throw ProgramError("unknown opcode");
        }
        stack[sp - 1] = r;
        break;
      }
    }
  }
  } catch (ProgramError& e) {
    if (e.pc < 0) e.pc = pc;  // where it failed (the prelude's errors name their def by it)
    throw;
  }
  return sp > 0 ? stack[sp - 1] : 0;
}

bool reads_state(const Code& code) {
  return std::any_of(code.instrs.begin(), code.instrs.end(), [](const Instr& in) {
    return in.op == Op::load_slot || in.op == Op::load_at || in.op == Op::find ||
           in.op == Op::cur_slot || in.op == Op::cur_value;
  });
}

// Per-slot code that depends only on (cur_slot, cur_value) and constants.
bool slot_local(const Code& code) {
  return std::none_of(code.instrs.begin(), code.instrs.end(), [](const Instr& in) {
    return in.op == Op::load_slot || in.op == Op::load_at || in.op == Op::find ||
           in.op == Op::load_local;
  });
}

}  // namespace

void validate(const StateProgram& p) {
  if (p.num_slots <= 0) throw ProgramError("a state program needs at least one slot");
  if (p.value_min > p.value_max) throw ProgramError("value_min > value_max");
  if (p.num_locals < 0 || p.num_locals > 16) throw ProgramError("at most 16 locals");
  if (p.grid_rows > 0 && p.grid_rows * p.grid_cols != p.num_slots)
    throw ProgramError("grid_rows * grid_cols != num_slots");
  validate_code(p.prelude, Kind::prelude, p, "prelude");
  for (const MoveDef& m : p.moves) {
    if (!m.guard.empty()) validate_code(m.guard, Kind::expression, p, "guard of " + m.name);
    validate_code(m.effect, Kind::effect, p, "effect of " + m.name);
  }
  if (!p.goal.empty() && !p.goal_per_slot.empty())
    throw ProgramError("give either goal or goal_per_slot, not both");
  if (p.goal.empty() && p.goal_per_slot.empty()) throw ProgramError("the program has no goal");
  if (!p.goal.empty()) validate_code(p.goal, Kind::expression, p, "goal");
  if (!p.goal_per_slot.empty()) validate_code(p.goal_per_slot, Kind::per_slot, p, "goal");
  if (!p.heuristic.empty() && !p.heuristic_per_slot.empty())
    throw ProgramError("give either heuristic or heuristic_per_slot, not both");
  if (!p.heuristic.empty()) validate_code(p.heuristic, Kind::expression, p, "heuristic");
  if (!p.heuristic_per_slot.empty())
    validate_code(p.heuristic_per_slot, Kind::per_slot, p, "heuristic");
}

std::int32_t eval(const Code& code, const Value* state, int num_slots, std::int32_t* locals,
                  int cur_slot) {
  // Expressions never write the state (validated), so the cast is safe.
  return exec(code, const_cast<Value*>(state), num_slots, locals, cur_slot, Recorder{});
}

void run_effect(const Code& code, Value* state, int num_slots, const std::int32_t* locals,
                Change& change) {
  exec(code, state, num_slots, const_cast<std::int32_t*>(locals), -1, Recorder{nullptr, &change});
}

// ---- Sliding tiles ----------------------------------------------------------------------

StateProgram make_sliding_tiles(int rows, int cols) {
  if (rows < 1 || cols < 1 || rows * cols < 2 || rows * cols > 256)
    throw ProgramError("sliding tiles: need 2 <= rows*cols <= 256");
  const int n = rows * cols;
  StateProgram p;
  p.name = "SlidingTiles";
  p.num_slots = n;
  p.value_min = 0;
  p.value_max = static_cast<Value>(n - 1);
  p.grid_rows = rows;
  p.grid_cols = cols;
  p.num_locals = 1;
  // def b = board.find(0)
  p.prelude = CodeBuilder().push(0).find().set_local(0).build();
  constexpr int b = 0;
  // The blank's motion, in the seed's generation order: right, down, left, up.
  // (0-based: `b.col < board.cols` becomes col(b) < cols - 1.)
  p.moves.push_back({"right",
                     CodeBuilder().local(b).col_of(cols).push(cols - 1).lt().build(),
                     CodeBuilder().local(b).local(b).push(1).add().swap().build()});
  p.moves.push_back({"down",
                     CodeBuilder().local(b).row_of(cols).push(rows - 1).lt().build(),
                     CodeBuilder().local(b).local(b).push(cols).add().swap().build()});
  p.moves.push_back({"left",
                     CodeBuilder().local(b).col_of(cols).push(0).gt().build(),
                     CodeBuilder().local(b).local(b).push(1).sub().swap().build()});
  p.moves.push_back({"up",
                     CodeBuilder().local(b).row_of(cols).push(0).gt().build(),
                     CodeBuilder().local(b).local(b).push(cols).sub().swap().build()});
  // goal forAll(p | board[p] = p.index mod board.size)   (p.index is 1-based)
  p.goal_per_slot = CodeBuilder().cur_value().cur_slot().push(1).add().push(n).mod().eq().build();
  // heuristic manhattan: sum over non-blank p of distance(p, cellOf(board[p])), where
  // cellOf(v) = (v - 1) mod n is v's goal slot.
  auto goal_slot = [&](CodeBuilder& c) { c.cur_value().push(1).sub().push(n).mod(); };
  CodeBuilder h;
  h.cur_value().push(0).ne();
  h.cur_slot().row_of(cols);
  goal_slot(h);
  h.row_of(cols).sub().abs();
  h.cur_slot().col_of(cols);
  goal_slot(h);
  h.col_of(cols).sub().abs();
  h.add().mul();
  p.heuristic_name = "manhattan";
  p.heuristic_per_slot = h.build();
  return p;
}

// ---- Tabulation -------------------------------------------------------------------------

MoveTables build_move_tables(const StateProgram& p) {
  MoveTables t;
  // The prelude must be a sequence of `push v; find; store_local k`, each local once.
  const auto& pre = p.prelude.instrs;
  if (pre.size() % 3 != 0) return t;
  std::vector<int> local_order;
  std::vector<Value> find_values(static_cast<std::size_t>(p.num_locals), 0);
  std::vector<bool> assigned(static_cast<std::size_t>(p.num_locals), false);
  for (std::size_t i = 0; i < pre.size(); i += 3) {
    if (pre[i].op != Op::push || pre[i + 1].op != Op::find || pre[i + 2].op != Op::store_local)
      return t;
    const int k = pre[i + 2].arg;
    if (assigned[static_cast<std::size_t>(k)]) return t;
    assigned[static_cast<std::size_t>(k)] = true;
    find_values[static_cast<std::size_t>(k)] = static_cast<Value>(pre[i].arg);
  }
  if (std::find(assigned.begin(), assigned.end(), false) != assigned.end()) return t;
  for (const MoveDef& m : p.moves)
    if (reads_state(m.guard) || reads_state(m.effect)) return t;
  long combos = 1;
  for (int k = 0; k < p.num_locals; ++k) {
    combos *= (p.num_slots + 1);
    if (combos > 65536) return t;
  }
  t.find_values = find_values;
  t.combos = static_cast<int>(combos);
  t.entries.resize(p.moves.size() * static_cast<std::size_t>(combos));
  std::vector<Value> dummy(static_cast<std::size_t>(p.num_slots), 0);
  std::int32_t locals[16] = {};
  for (int combo = 0; combo < t.combos; ++combo) {
    int rest = combo;
    for (int k = 0; k < p.num_locals; ++k) {
      locals[k] = rest % (p.num_slots + 1) - 1;
      rest /= (p.num_slots + 1);
    }
    for (std::size_t m = 0; m < p.moves.size(); ++m) {
      MoveTables::Entry& e = t.entries[m * static_cast<std::size_t>(t.combos) +
                                       static_cast<std::size_t>(combo)];
      try {
        const bool enabled =
            p.moves[m].guard.empty() ||
            exec(p.moves[m].guard, dummy.data(), p.num_slots, locals, -1, Recorder{}) != 0;
        if (!enabled) continue;
        std::vector<EffectPrim> prims;
        exec(p.moves[m].effect, dummy.data(), p.num_slots, locals, -1, Recorder{&prims, nullptr});
        std::vector<std::int32_t> touched;
        for (const EffectPrim& pr : prims) {
          if (pr.is_assign && (pr.j < p.value_min || pr.j > p.value_max))
            throw ProgramError("assigns a value outside the declared range");
          if (pr.is_assign) e.distinct = false;
          touched.push_back(pr.i);
          if (!pr.is_assign) touched.push_back(pr.j);
        }
        std::sort(touched.begin(), touched.end());
        if (std::adjacent_find(touched.begin(), touched.end()) != touched.end() ||
            touched.size() > static_cast<std::size_t>(Change::kMax))
          e.distinct = false;
        e.first = static_cast<std::uint32_t>(t.prims.size());
        e.count = static_cast<std::uint32_t>(prims.size());
        t.prims.insert(t.prims.end(), prims.begin(), prims.end());
        e.state = 1;
      } catch (const ProgramError&) {
        e.state = 2;  // e.g. a find that found nothing; an error only if it ever happens
      }
    }
  }
  t.ok = true;
  return t;
}

std::optional<GridPermutation> analyze_grid_permutation(const StateProgram& p) {
  validate(p);
  if (p.grid_rows <= 0 || p.grid_rows > 256 || p.grid_cols > 256 || p.goal_per_slot.empty() || !slot_local(p.goal_per_slot))
    return std::nullopt;
  const int n = p.num_slots;
  const int cols = p.grid_cols;
  GridPermutation g;
  g.rows = p.grid_rows;
  g.cols = cols;
  g.goal_pos.assign(static_cast<std::size_t>(p.value_max - p.value_min + 1), -1);
  g.goal.assign(static_cast<std::size_t>(n), 0);
  std::vector<Value> dummy(static_cast<std::size_t>(n), 0);
  for (int s = 0; s < n; ++s) {
    int found = 0;
    for (int v = p.value_min; v <= p.value_max; ++v) {
      dummy[static_cast<std::size_t>(s)] = static_cast<Value>(v);
      bool holds;
      try {
        holds = exec(p.goal_per_slot, dummy.data(), n, nullptr, s, Recorder{}) != 0;
      } catch (const ProgramError&) {
        return std::nullopt;  // the goal is not known for every value: no analysis
      }
      if (holds) {
        ++found;
        g.goal[static_cast<std::size_t>(s)] = static_cast<Value>(v);
      }
    }
    if (found != 1) return std::nullopt;
    const int idx = g.goal[static_cast<std::size_t>(s)] - p.value_min;
    if (g.goal_pos[static_cast<std::size_t>(idx)] != -1) return std::nullopt;  // not distinct
    g.goal_pos[static_cast<std::size_t>(idx)] = s;
  }
  // Moves: one find local (the blank); each enabled move at blank position b is exactly
  // swap(b, q) with q an orthogonal neighbour of b.
  const MoveTables t = build_move_tables(p);
  if (!t.ok || t.find_values.size() != 1) return std::nullopt;
  g.blank = t.find_values[0];
  // reach[b]: the neighbours of blank position b some move swaps it with (bits: right,
  // down, left, up).
  std::vector<unsigned> reach(static_cast<std::size_t>(n), 0);
  for (std::size_t m = 0; m < p.moves.size(); ++m) {
    for (int b = 0; b < n; ++b) {
      const auto& e = t.entries[m * static_cast<std::size_t>(t.combos) + static_cast<std::size_t>(b + 1)];
      if (e.state == 0) continue;
      if (e.state == 2 || e.count != 1) return std::nullopt;
      const EffectPrim& pr = t.prims[e.first];
      if (pr.is_assign) return std::nullopt;
      const int q = pr.i == b ? pr.j : (pr.j == b ? pr.i : -1);
      if (q < 0) return std::nullopt;
      if (std::abs(q / cols - b / cols) + std::abs(q % cols - b % cols) != 1) return std::nullopt;
      reach[static_cast<std::size_t>(b)] |= q == b + 1 ? 1u : q == b + cols ? 2u : q == b - 1 ? 4u : 8u;
    }
  }
  g.all_moves = true;
  for (int b = 0; b < n; ++b) {
    const int r = b / cols, c = b % cols;
    const unsigned inside = (c + 1 < cols ? 1u : 0u) | (r + 1 < g.rows ? 2u : 0u) | (c > 0 ? 4u : 0u) | (r > 0 ? 8u : 0u);
    if (reach[static_cast<std::size_t>(b)] != inside) g.all_moves = false;
  }
  return g;
}

// ---- CompiledProgram --------------------------------------------------------------------

CompiledProgram::CompiledProgram(const StateProgram& program, bool linear_conflict,
                                 bool allow_tables)
    : program_(program), n_(program.num_slots) {
  validate(program_);
  positions_ = program_.grid_rows == 0;
  // The prelude's defs, one segment each (the lowering appends each def's code and its
  // store_local; a jump inside a def stays inside it).
  {
    const auto& pre = program_.prelude.instrs;
    int begin = 0;
    bool ok = true;
    for (int pc = 0; pc < static_cast<int>(pre.size()) && ok; ++pc) {
      if (pre[static_cast<std::size_t>(pc)].op != Op::store_local) continue;
      Segment seg{begin, pc + 1, pre[static_cast<std::size_t>(pc)].arg, {}};
      for (int q = begin; q <= pc; ++q) {
        Instr in = pre[static_cast<std::size_t>(q)];
        if (in.op == Op::jump || in.op == Op::jump_if_false) {
          if (in.arg < begin || in.arg > pc) ok = false;  // (to pc: the store_local)
          in.arg -= begin;
        }
        seg.code.instrs.push_back(in);
      }
      try {
        validate_code(seg.code, Kind::prelude, program_, "def");
      } catch (const ProgramError&) {
        ok = false;  // not stack-balanced on its own
      }
      segments_.push_back(std::move(seg));
      begin = pc + 1;
    }
    if (!ok || begin != static_cast<int>(pre.size())) segments_.clear();
  }
  range_ = program_.value_max - program_.value_min + 1;
  h_slot_local_ = !program_.heuristic_per_slot.empty() && slot_local(program_.heuristic_per_slot);
  goal_slot_local_ = !program_.goal_per_slot.empty() && slot_local(program_.goal_per_slot);
  if (allow_tables) {
    tables_ = build_move_tables(program_);
    move_tables_ = tables_.ok;
    const long table_size = static_cast<long>(n_) * range_;
    if (table_size <= (1L << 20)) {
      std::vector<Value> dummy(static_cast<std::size_t>(n_), 0);
      // Every (slot, value) in the declared range, reachable or not. One that fails to
      // evaluate (`3 mod a[i]` at 0, which no reachable state may hold) leaves the code
      // without a table: it is then evaluated on the states the search meets, and fails
      // only if one of them does.
      auto tabulate = [&](const Code& code, auto& out) {
        out.resize(static_cast<std::size_t>(table_size));
        try {
          for (int s = 0; s < n_; ++s)
            for (int v = 0; v < range_; ++v) {
              dummy[static_cast<std::size_t>(s)] = static_cast<Value>(v + program_.value_min);
              out[static_cast<std::size_t>(s * range_ + v)] =
                  static_cast<std::remove_reference_t<decltype(out[0])>>(
                      exec(code, dummy.data(), n_, nullptr, s, Recorder{}));
            }
        } catch (const ProgramError&) {
          out.clear();
          out.shrink_to_fit();
          return false;
        }
        return true;
      };
      if (!program_.heuristic_per_slot.empty() && slot_local(program_.heuristic_per_slot))
        tabulate(program_.heuristic_per_slot, h_table_);
      if (!program_.goal_per_slot.empty() && slot_local(program_.goal_per_slot) &&
          tabulate(program_.goal_per_slot, goal_table_))
        for (auto& x : goal_table_) x = x == 0;  // store "fails"

    }
  }
  if (linear_conflict) {
    grid_ = analyze_grid_permutation(program_);
    if (!grid_)
      throw ProgramError(
          "linear conflict needs a grid-permutation program (unique goal permutation, moves "
          "that swap the blank with an orthogonal neighbour)");
    lc_ = true;
  }
}

void CompiledProgram::prepare(const Value* state, Context& ctx) const {
  if (move_tables_) {
    int combo = 0;
    int stride = 1;
    for (std::size_t k = 0; k < tables_.find_values.size(); ++k) {
      const Value v = tables_.find_values[k];
      int at = -1;
      for (int i = 0; i < n_; ++i)
        if (state[i] == v) { at = i; break; }
      ctx.locals[k] = at;
      combo += (at + 1) * stride;
      stride *= (n_ + 1);
    }
    ctx.combo = combo;
    return;
  }
  ctx.poisoned = program_.prelude.empty() ? 0 : run_prelude(state, ctx.locals);
}

bool CompiledProgram::try_move_interpreted(int m, const Context& ctx, Value* state,
                                           Change& change) const {
  change.count = 0;
  const MoveDef& move = program_.moves[static_cast<std::size_t>(m)];
  std::int32_t locals[16];
  std::copy(ctx.locals, ctx.locals + 16, locals);
  try {
    if (!move.guard.empty() &&
        exec(move.guard, state, n_, locals, -1, Recorder{nullptr, nullptr, positions_, ctx.poisoned}) == 0)
      return false;
    exec(move.effect, state, n_, locals, -1, Recorder{nullptr, &change, positions_, ctx.poisoned});
  } catch (const PoisonedRead& r) {
    undo(state, change);  // the def's error on the state it was computed on
    def_error(state, r.local);
  } catch (const StoreError& e) {
    throw ProgramError(fmt::format("move {} stores {} in {}, outside the declared range {}..{}", move.name, e.value,
                                   program_.slot_name(e.slot), program_.value_min, program_.value_max),
                       ProgramError::In::move, move.name);
  } catch (const ProgramError& e) {
    throw ProgramError(fmt::format("in move {}: {}", move.name, e.what()), ProgramError::In::move, move.name);
  }
  // The tables (h, goal, hashing) rely on the declared value range.
  for (int k = 0; k < change.count; ++k) {
    const Value v = state[change.slot[k]];
    if (v < program_.value_min || v > program_.value_max) {
      undo(state, change);
      throw ProgramError(fmt::format("move {} stores {} in {}, outside the declared range {}..{}", move.name, v,
                                     program_.slot_name(change.slot[k]), program_.value_min, program_.value_max),
                         ProgramError::In::move, move.name);
    }
  }
  return true;
}

bool CompiledProgram::apply_prims_checked(const MoveTables::Entry& e, Value* state,
                                          Change& change) const {
  change.count = 0;
  const EffectPrim* pr = tables_.prims.data() + e.first;
  for (std::uint32_t k = 0; k < e.count; ++k, ++pr) {
    if (pr->is_assign) {
      touch(&change, pr->i, state[pr->i]);
      state[pr->i] = static_cast<Value>(pr->j);
    } else {
      touch(&change, pr->i, state[pr->i]);
      touch(&change, pr->j, state[pr->j]);
      std::swap(state[pr->i], state[pr->j]);
    }
  }
  return true;
}

int CompiledProgram::slot_h(int slot, Value v) const {
  if (!h_table_.empty()) {
    const int idx = v - program_.value_min;
    if (idx >= 0 && idx < range_) return h_table_[static_cast<std::size_t>(slot * range_ + idx)];
  }
  // Out of the declared range (or no table): interpret on a one-slot view.
  std::vector<Value> dummy(static_cast<std::size_t>(n_), 0);
  dummy[static_cast<std::size_t>(slot)] = v;
  return exec(program_.heuristic_per_slot, dummy.data(), n_, nullptr, slot, Recorder{nullptr, nullptr, positions_});
}

int CompiledProgram::slot_goal_fail(int slot, Value v) const {
  if (!goal_table_.empty()) {
    const int idx = v - program_.value_min;
    if (idx >= 0 && idx < range_) return goal_table_[static_cast<std::size_t>(slot * range_ + idx)];
  }
  std::vector<Value> dummy(static_cast<std::size_t>(n_), 0);
  dummy[static_cast<std::size_t>(slot)] = v;
  return exec(program_.goal_per_slot, dummy.data(), n_, nullptr, slot, Recorder{nullptr, nullptr, positions_}) == 0;
}

// The prelude: the state-dependent defs, computed once per node. A def that fails to
// evaluate is no error yet: it is poisoned, and so is every later def whose computation
// reads it; code that runs and reads a poisoned local raises the def's error (def_error).
std::uint16_t CompiledProgram::run_prelude(const Value* state, std::int32_t* locals) const {
  try {
    exec(program_.prelude, const_cast<Value*>(state), n_, locals, -1, Recorder{nullptr, nullptr, positions_});
    return 0;
  } catch (const ProgramError& e) {
    if (segments_.empty()) eager_def_error(e);
    // The segments before the failing one stored their locals; go on def by def from it.
    std::size_t first = 0;
    while (first + 1 < segments_.size() && segments_[first].end <= e.pc) ++first;
    return run_segments(state, locals, first, nullptr);
  }
}

std::uint16_t CompiledProgram::run_segments(const Value* state, std::int32_t* locals, std::size_t first,
                                            Cause* causes) const {
  std::uint16_t poisoned = 0;
  for (std::size_t i = first; i < segments_.size(); ++i) {
    const Segment& seg = segments_[i];
    const auto bit = static_cast<std::uint16_t>(1u << seg.local);
    try {
      exec(seg.code, const_cast<Value*>(state), n_, locals, -1, Recorder{nullptr, nullptr, positions_, poisoned});
      poisoned = static_cast<std::uint16_t>(poisoned & ~bit);  // (a local stored twice)
    } catch (const PoisonedRead& r) {
      poisoned |= bit;
      locals[seg.local] = 0;
      if (causes) causes[seg.local] = causes[r.local];
    } catch (const ProgramError& e) {
      poisoned |= bit;
      locals[seg.local] = 0;
      if (causes) causes[seg.local] = Cause{seg.local, e.what()};
    }
  }
  return poisoned;
}

void CompiledProgram::def_error(const Value* state, int k) const {
  // Recompute the defs on the state, recording why each poisoned one failed.
  std::int32_t locals[16] = {};
  std::vector<Cause> causes(16);
  run_segments(state, locals, 0, causes.data());
  const Cause& c = causes[static_cast<std::size_t>(k)];
  const int root = c.root >= 0 ? c.root : k;
  const std::string what = c.root >= 0 ? c.what : "failed to evaluate";  // (not expected)
  throw_def_error(root, what);
}

void CompiledProgram::throw_def_error(int local, const std::string& what) const {
  throw ProgramError(fmt::format("in def {} ({}): {}", local_name(local), users_of_local(local), what),
                     ProgramError::In::def, local_name(local));
}

void CompiledProgram::eager_def_error(const ProgramError& e) const {
  const auto& pre = program_.prelude.instrs;
  int local = -1;
  for (std::size_t pc = static_cast<std::size_t>(std::max(e.pc, 0)); pc < pre.size() && local < 0; ++pc)
    if (pre[pc].op == Op::store_local) local = pre[pc].arg;
  if (local < 0) throw e;
  throw_def_error(local, e.what());
}

std::string CompiledProgram::local_name(int k) const {
  if (k >= 0 && static_cast<std::size_t>(k) < program_.local_names.size() && !program_.local_names[static_cast<std::size_t>(k)].empty())
    return program_.local_names[static_cast<std::size_t>(k)];
  return fmt::format("#{}", k + 1);
}

// "used by move m, heuristic h and the goal": the declarations whose code reads local k,
// directly or through other defs (the error is raised only where one of them reads it).
std::string CompiledProgram::users_of_local(int k) const {
  auto reads = [](const Code& c, const std::vector<bool>& set) {
    return std::any_of(c.instrs.begin(), c.instrs.end(), [&](const Instr& in) {
      return in.op == Op::load_local && in.arg >= 0 && static_cast<std::size_t>(in.arg) < set.size() &&
             set[static_cast<std::size_t>(in.arg)];
    });
  };
  // The locals that depend on k: the prelude's segments (each ends with its store_local).
  std::vector<bool> dep(static_cast<std::size_t>(std::max(program_.num_locals, 0)), false);
  if (k >= 0 && k < program_.num_locals) dep[static_cast<std::size_t>(k)] = true;
  Code segment;
  for (const Instr& in : program_.prelude.instrs) {
    if (in.op == Op::store_local) {
      if (reads(segment, dep) && in.arg >= 0 && in.arg < program_.num_locals) dep[static_cast<std::size_t>(in.arg)] = true;
      segment.instrs.clear();
    } else {
      segment.instrs.push_back(in);
    }
  }
  std::vector<std::string> users;
  for (int j = 0; j < program_.num_locals; ++j)
    if (j != k && dep[static_cast<std::size_t>(j)]) users.push_back("def " + local_name(j));
  for (const MoveDef& m : program_.moves)
    if (reads(m.guard, dep) || reads(m.effect, dep)) users.push_back("move " + m.name);
  if (reads(program_.goal, dep)) users.push_back("the goal");
  if (reads(program_.heuristic, dep)) users.push_back("heuristic " + program_.heuristic_name);
  if (users.empty()) return "computed for every state";
  std::string out = "used by ";
  for (std::size_t i = 0; i < users.size(); ++i)
    out += (i == 0 ? "" : i + 1 == users.size() ? " and " : ", ") + users[i];
  return out;
}

int CompiledProgram::heuristic(const Value* state) const {
  try {
    return heuristic_unchecked(state);
  } catch (const ProgramError& e) {
    heuristic_error(e);
  }
}

void CompiledProgram::heuristic_error(const ProgramError& e) const {
  if (e.in != ProgramError::In::unknown) throw e;  // a def's, already named
  throw ProgramError(fmt::format("in heuristic {}: {}", program_.heuristic_name, e.what()), ProgramError::In::heuristic,
                     program_.heuristic_name);
}

void CompiledProgram::goal_error(const ProgramError& e) const {
  if (e.in != ProgramError::In::unknown) throw e;
  throw ProgramError(fmt::format("in the goal: {}", e.what()), ProgramError::In::goal, "");
}

int CompiledProgram::heuristic_unchecked(const Value* state) const {
  int h = 0;
  if (!program_.heuristic_per_slot.empty()) {
    if (!slot_local(program_.heuristic_per_slot)) {
      for (int s = 0; s < n_; ++s)
        h += exec(program_.heuristic_per_slot, const_cast<Value*>(state), n_, nullptr, s, Recorder{nullptr, nullptr, positions_});
    } else {
      for (int s = 0; s < n_; ++s) h += slot_h(s, state[s]);
    }
  } else if (!program_.heuristic.empty()) {
    Context ctx{};
    if (!program_.prelude.empty()) ctx.poisoned = run_prelude(state, ctx.locals);
    try {
      h = exec(program_.heuristic, const_cast<Value*>(state), n_, ctx.locals, -1,
               Recorder{nullptr, nullptr, positions_, ctx.poisoned});
    } catch (const PoisonedRead& r) {
      def_error(state, r.local);
    }
  }
  if (lc_) h += linear_conflict(state);
  return h;
}

int CompiledProgram::goal_failures(const Value* state) const {
  try {
    return goal_failures_unchecked(state);
  } catch (const ProgramError& e) {
    goal_error(e);
  }
}

int CompiledProgram::goal_failures_unchecked(const Value* state) const {
  if (!program_.goal_per_slot.empty()) {
    int f = 0;
    if (!slot_local(program_.goal_per_slot)) {
      for (int s = 0; s < n_; ++s)
        f += exec(program_.goal_per_slot, const_cast<Value*>(state), n_, nullptr, s, Recorder{nullptr, nullptr, positions_}) == 0;
    } else {
      for (int s = 0; s < n_; ++s) f += slot_goal_fail(s, state[s]);
    }
    return f;
  }
  Context ctx{};
  if (!program_.prelude.empty()) ctx.poisoned = run_prelude(state, ctx.locals);
  try {
    return exec(program_.goal, const_cast<Value*>(state), n_, ctx.locals, -1,
                Recorder{nullptr, nullptr, positions_, ctx.poisoned}) == 0;
  } catch (const PoisonedRead& r) {
    def_error(state, r.local);
  }
}

int CompiledProgram::heuristic_after_general(int h, const Value* state, const Change& change) const {
  // Incremental only when the per-slot function is slot-local; otherwise recompute.
  if (!h_slot_local_) return heuristic(state);
  try {
    return heuristic_after_slots(h, state, change);
  } catch (const ProgramError& e) {
    heuristic_error(e);
  }
}

int CompiledProgram::heuristic_after_slots(int h, const Value* state, const Change& change) const {
  if (!h_table_.empty()) {
    for (int k = 0; k < change.count; ++k) {
      const int s = change.slot[k];
      const std::size_t row = static_cast<std::size_t>(s * range_ - program_.value_min);
      h += h_table_[row + static_cast<std::size_t>(state[s])] -
           h_table_[row + static_cast<std::size_t>(change.old_value[k])];
    }
  } else {
    for (int k = 0; k < change.count; ++k) {
      const int s = change.slot[k];
      h += slot_h(s, state[s]) - slot_h(s, change.old_value[k]);
    }
  }
  if (lc_) {
    // Linear conflict changes only on the rows and columns of the touched slots.
    const int cols = grid_->cols;
    int rows_seen[Change::kMax], cols_seen[Change::kMax];
    int nr = 0, nc = 0;
    for (int k = 0; k < change.count; ++k) {
      const int r = change.slot[k] / cols, c = change.slot[k] % cols;
      if (std::find(rows_seen, rows_seen + nr, r) == rows_seen + nr) rows_seen[nr++] = r;
      if (std::find(cols_seen, cols_seen + nc, c) == cols_seen + nc) cols_seen[nc++] = c;
    }
    for (int i = 0; i < nr; ++i)
      h += line_conflict(state, nullptr, true, rows_seen[i]) -
           line_conflict(state, &change, true, rows_seen[i]);
    for (int i = 0; i < nc; ++i)
      h += line_conflict(state, nullptr, false, cols_seen[i]) -
           line_conflict(state, &change, false, cols_seen[i]);
  }
  return h;
}

int CompiledProgram::goal_failures_after_general(int failures, const Value* state,
                                         const Change& change) const {
  if (!goal_slot_local_) return goal_failures(state);
  try {
    for (int k = 0; k < change.count; ++k) {
      const int s = change.slot[k];
      failures += slot_goal_fail(s, state[s]) - slot_goal_fail(s, change.old_value[k]);
    }
  } catch (const ProgramError& e) {
    goal_error(e);
  }
  return failures;
}

// ---- Linear conflict ----------------------------------------------------------------------
//
// Derived from the move schema (checked by analyze_grid_permutation): a move moves exactly
// one tile by one cell orthogonally. Manhattan distance counts, per tile, the moves along
// its row and along its column. Two tiles that are both in their goal row, with goal
// positions in the opposite order of their current positions, cannot pass each other
// inside the row (a tile moves one at a time into the blank, never over another), so one
// of them must leave the row and come back: two moves Manhattan does not count. Per line
// we count the fewest tiles to remove so the rest are in goal order (line length minus
// the longest increasing subsequence of goal positions); each costs 2 extra moves. A row
// conflict's extra moves are vertical moves of a tile already in its goal row (Manhattan
// counts none for it), a column conflict's are horizontal moves of a tile in its goal
// column, so no move is counted twice and Manhattan + linear conflict stays admissible.

std::int32_t CompiledProgram::line_value(const Value* state, const Change* change, int slot) const {
  if (change)
    for (int k = 0; k < change->count; ++k)
      if (change->slot[k] == slot) return change->old_value[k];
  return state[slot];
}

int CompiledProgram::line_conflict(const Value* state, const Change* change, bool is_row,
                                   int line) const {
  const GridPermutation& g = *grid_;
  const int len = is_row ? g.cols : g.rows;
  int keys[256];
  int count = 0;
  for (int i = 0; i < len; ++i) {
    const int slot = is_row ? line * g.cols + i : i * g.cols + line;
    const std::int32_t v = line_value(state, change, slot);
    if (v == g.blank) continue;
    const int idx = v - program_.value_min;
    if (idx < 0 || idx >= static_cast<int>(g.goal_pos.size())) continue;
    const int gp = g.goal_pos[static_cast<std::size_t>(idx)];
    if (gp < 0) continue;
    if (is_row ? gp / g.cols != line : gp % g.cols != line) continue;
    keys[count++] = is_row ? gp % g.cols : gp / g.cols;
  }
  // Longest strictly increasing subsequence (patience sorting).
  int tails[256];
  int lis = 0;
  for (int i = 0; i < count; ++i) {
    const int pos = static_cast<int>(std::lower_bound(tails, tails + lis, keys[i]) - tails);
    tails[pos] = keys[i];
    if (pos == lis) ++lis;
  }
  return 2 * (count - lis);
}

int CompiledProgram::linear_conflict(const Value* state) const {
  int total = 0;
  for (int r = 0; r < grid_->rows; ++r) total += line_conflict(state, nullptr, true, r);
  for (int c = 0; c < grid_->cols; ++c) total += line_conflict(state, nullptr, false, c);
  return total;
}

}  // namespace pzc::statespace
