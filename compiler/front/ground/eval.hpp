// The evaluator used by grounding: evaluates checked expressions over bound givens and
// the puzzle's variables, folding everything known into constants and building ground
// terms (hash-consed, simplified) for the rest.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <unordered_map>
#include <string>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "compiler/front/ast/ast.hpp"
#include "compiler/front/ground/ground.hpp"
#include "compiler/front/ground/ranges.hpp"
#include "compiler/front/ground/value.hpp"
#include "compiler/front/sema/check.hpp"
#include "runtime/ir/builder.hpp"

namespace pzc::ground {

// An evaluation failure at a source location (index out of range, unknown value where a
// known one is required, a limit exceeded, ...).
struct EvalError {
  EvalError(source::Range r, std::string m) : range(r), message(std::move(m)) {}
  source::Range range;
  std::string message;
  std::vector<std::string> notes;  // where it came from: the def calls it was inside, innermost first
};

class Evaluator {
 public:
  Evaluator(const sema::CheckedPuzzle& cp, ir::Program& program, source::SourceManager& sm,
            const Limits& limits);

  Value eval(const ast::Expr& e);
  // `body` with `param` bound to x (a lambda's one parameter); the binding is dropped on
  // every way out.
  Value eval_bound(const std::string& param, Value x, const ast::Expr& body);
  std::string format(const Value& v) const;
  // Starts counting the evaluation steps of one rule (Limits::max_steps).
  void start_rule() { steps_ = 0; }
  std::string intern_text(std::int64_t string_id) const { return program_.strings.at(static_cast<size_t>(string_id)); }
  std::int64_t intern(const std::string& s);

  // Names visible to every expression.
  std::map<std::string, Value> givens;
  std::map<std::string, Value> vars;

  // Local names (binders, lambda parameters, let, def parameters), innermost last.
  std::vector<std::pair<std::string, Value>> locals;

  // Term construction with simplification.
  ir::TermId to_term(const Value& v, const source::Range& where);
  Value from_term(ir::TermId t);
  ir::TermId t_not(ir::TermId a);
  ir::TermId t_and(std::span<const ir::TermId> args);
  ir::TermId t_or(std::span<const ir::TermId> args);
  ir::TermId t_and(std::initializer_list<ir::TermId> args) { return t_and(std::span<const ir::TermId>(args.begin(), args.size())); }
  ir::TermId t_or(std::initializer_list<ir::TermId> args) { return t_or(std::span<const ir::TermId>(args.begin(), args.size())); }
  ir::TermId t_implies(ir::TermId a, ir::TermId b) { return t_or({t_not(a), b}); }
  ir::TermId t_eq(ir::TermId a, ir::TermId b);
  ir::TermId t_cmp(ir::Op op, ir::TermId a, ir::TermId b);
  ir::TermId t_arith(ir::Op op, ir::TermId a, ir::TermId b);
  ir::TermId t_add(std::vector<ir::TermId> args);
  ir::TermId t_ite(ir::TermId c, ir::TermId a, ir::TermId b);
  ir::TermId t_count(std::vector<ir::TermId> args);
  bool is_const(ir::TermId t) const { return tb_[t].op == ir::Op::Const; }
  bool is_true(ir::TermId t) const { return is_const(t) && tb_[t].kind == ir::ValueKind::Bool && tb_[t].value == 1; }
  bool is_false(ir::TermId t) const { return is_const(t) && tb_[t].kind == ir::ValueKind::Bool && tb_[t].value == 0; }

  ir::TermBuilder& builder() { return tb_; }
  const sema::CheckedPuzzle& checked() const { return cp_; }

  // Reads of some givens, recorded while set (FactGrounder's memo of technique bindings):
  // the given, and the 0-based element read (-1: the whole value, or an element that the
  // index does not name plainly). null, null: no recording.
  struct GivenRead {
    const std::string* given;
    std::int64_t at;
  };
  void track_reads(const std::set<std::string>* givens, std::vector<GivenRead>* out) {
    track_ = givens;
    reads_ = out;
  }
  // Defs whose results are never cached: they read givens that are bound again between
  // groundings in this evaluator (FactGrounder). Set before the first evaluation.
  void never_cache(const ast::DefDecl* def) { uncached_.insert(def); }
  // Forget what is remembered by an expression's address (lists of literals, the def a
  // call names): to call before evaluating expressions that may sit where freed ones were
  // (FactGrounder binds each question's newly parsed clue lists in this evaluator).
  void forget_expressions() {
    literal_cache_.clear();
    def_of_call_.clear();
  }
  // Concrete helpers for binding and grounding.
  bool concrete_bool(const ast::Expr& e, const char* what);
  std::vector<Value> concrete_items(const Value& v, const source::Range& r, const char* what);
  // The same as a Seq value (its items shared, not copied).
  Value concrete_seq(const Value& v, const source::Range& r, const char* what);

 private:
  // Arguments of one call, index or member access: usually one or two, kept inline.
  using SmallValues = boost::container::small_vector<Value, 3>;
  // A def's body sees only its parameters: it opens a frame over the locals, and the
  // frame's end drops whatever the body left (also when it throws).
  struct Frame {
    explicit Frame(Evaluator& ev) : ev_(ev), saved_(ev.frame_) { ev.frame_ = ev.locals.size(); }
    ~Frame() {
      ev_.locals.resize(ev_.frame_);
      ev_.frame_ = saved_;
    }
    Frame(const Frame&) = delete;
    Frame& operator=(const Frame&) = delete;
    Evaluator& ev_;
    std::size_t saved_;
  };

  Value eval_node(const ast::Expr& e);
  // The value a Name expression is bound to among the locals, givens and vars, in place;
  // null for any other expression or name.
  const Value* bound_value(const ast::Expr& e) const;
  Value eval_keep_line(const ast::Expr& e);  // eval, but a Line stays lazy (for arrow's base)
  Value name(const ast::Name& n, const ast::Expr& e);
  Value binary(const ast::Binary& n, const ast::Expr& e);
  Value call(const ast::Call& n, const ast::Expr& e);
  Value eval_def_body(const ast::DefDecl& d, const source::Range& call_at);
  int def_depth_ = 0;  // def bodies being evaluated, one inside another
  Value index(const ast::Index& n, const ast::Expr& e);
  Value member(const ast::Member& n, const ast::Expr& e);
  Value arrow(const ast::Arrow& n, const ast::Expr& e);
  Value def_value(const std::string& name, const source::Range& r);
  Value cells_of(std::int64_t rows, std::int64_t cols);  // a rows x cols grid's cells, row by row
  std::optional<Value> table_member(const Value& set, const Value& probe, const source::Range& r);
  // `line->runs() = clue` (or `<>`, either side): see runs_equal in eval.cpp.
  static const ast::Arrow* runs_call(const ast::Expr& e);
  Value runs_equal(const ast::Arrow& runs, const ast::Expr& clue, const source::Range& r);
  Value table_term(std::vector<ir::TermId> columns, std::vector<std::vector<ir::Value>> rows);

  Value eq(const Value& a, const Value& b, const source::Range& r);
  Value bool_value(ir::TermId t) { return from_term(t); }
  // Fails when s holds a byte past ASCII: a string's size, characters and positions count
  // Chars, and a Char is one ASCII character.
  void ascii_only(const std::string& s, const source::Range& r,
                  const char* why = "a string's size, characters and positions count ASCII characters") const;
  Value seq_items(const Value& v, const source::Range& r);  // Seq/Set/Grid/Map -> Seq with guards
  Value element_at(const Value& seq, const Value& idx, const source::Range& r);
  Value first_of(const Value& seq, const source::Range& r);
  ir::ValueKind kind_of(const Value& v) const;
  [[noreturn]] void fail(const source::Range& r, std::string msg) const;
  // x + y, x - y or x * y (op Add, Sub or Mul) of known values; an error at the expression
  // being evaluated when the result leaves the 64-bit range.
  std::int64_t arith(ir::Op op, std::int64_t x, std::int64_t y) const;

  const sema::CheckedPuzzle& cp_;
  ir::Program& program_;
  source::SourceManager& sm_;
  Limits limits_;
  ir::TermBuilder tb_;
  RangeCheck ranges_;  // the intervals of Int terms (unknown indexes)
  std::map<std::string, Value> def_cache_;
  std::unordered_map<const ast::Expr*, Value> literal_cache_;  // collections of literals
  // Results of def calls with known arguments. A key is the def and each argument's kind
  // and fields, as words; the table is open-addressing over one word arena, so a lookup
  // allocates nothing (it is on the hot path of every def call).
  class CallCache {
   public:
    // The entry for the key: a new one is reserved (not ready) when absent.
    std::size_t entry(const std::vector<std::uint64_t>& key);
    const Value* ready(std::size_t e) const { return done_[e] ? &values_[e] : nullptr; }
    void set(std::size_t e, const Value& v) { values_[e] = v; done_[e] = true; }
   private:
    struct Slot {
      std::uint64_t hash = 0;
      std::uint32_t offset = 0, len = 0;
      std::int64_t entry = -1;  // -1: empty
    };
    void grow();
    std::vector<Slot> slots_;
    std::vector<std::uint64_t> words_;
    std::vector<Value> values_;
    std::vector<bool> done_;
  };
  CallCache call_cache_;
  // Calls of a def whose one argument is a cell (the commonest: `wall(p)`, `seen(p)`):
  // their results by cell index, for one grid size per def; other grids use call_cache_.
  struct CellCache {
    std::int32_t rows = 0, cols = 0;
    std::vector<Value> values;
    std::vector<std::uint8_t> done;
  };
  struct CallSite {
    const ast::DefDecl* def = nullptr;  // null: a built-in function
    CellCache* cells = nullptr;         // the def's CellCache, when it has one Cell parameter
    bool cached = true;                 // false: the def is in uncached_
  };
  std::set<const ast::DefDecl*> uncached_;
  const std::set<std::string>* track_ = nullptr;
  std::vector<GivenRead>* reads_ = nullptr;
  std::unordered_map<const ast::Call*, CallSite> def_of_call_;  // see call()
  std::unordered_map<const ast::DefDecl*, CellCache> cell_caches_;
  std::map<std::pair<std::int64_t, std::int64_t>, Value> cells_of_size_;  // g.cells by (rows, cols)
  std::vector<std::pair<ir::VarId, ir::Value>> lits_scratch_;  // t_and / t_or (never nested)
  std::vector<std::uint64_t> call_key_;  // scratch for building keys
  // Locals below this index belong to callers of the def being evaluated: invisible.
  std::size_t frame_ = 0;
  std::map<std::vector<std::vector<ir::Value>>, std::int64_t> table_ids_;  // equal tables shared
  std::map<std::string, std::int64_t> string_ids_;
  int depth_ = 0;
  std::int64_t steps_ = 0;  // since start_rule(): lambda bodies, range elements, elements walked
  void charge(std::int64_t steps, const source::Range& r) {
    steps_ += steps;
    if (steps_ > limits_.max_steps) [[unlikely]] too_many_steps(r);
  }
  [[noreturn]] void too_many_steps(const source::Range& r);
  const source::Range* at_ = nullptr;  // the innermost expression being evaluated (arith's errors)
};

}  // namespace pzc::ground
