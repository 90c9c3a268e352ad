// Current candidate sets of every variable (bitsets over the indexes of the variable's
// IR domain) with a trail, so search undoes changes instead of copying domains per node.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "runtime/ir/program.hpp"

namespace pzc::engine {

class Domains {
 public:
  Domains() = default;
  // Full domains of every variable of the program.
  explicit Domains(const ir::Program& program);

  int num_vars() const { return static_cast<int>(sizes_.size()); }
  int initial_size(ir::VarId v) const { return initial_[static_cast<size_t>(v)]; }
  int size(ir::VarId v) const { return sizes_[static_cast<size_t>(v)]; }
  bool fixed(ir::VarId v) const { return size(v) == 1; }
  bool contains(ir::VarId v, int i) const {
    return (bits_[offset_[static_cast<size_t>(v)] + static_cast<size_t>(i >> 6)] >> (i & 63)) & 1u;
  }
  // Iteration over present indexes: first(v), next(v, i); -1 at the end.
  int first(ir::VarId v) const { return next_from(v, 0); }
  int next(ir::VarId v, int i) const { return next_from(v, i + 1); }
  int last(ir::VarId v) const;
  std::vector<int> indexes(ir::VarId v) const;
  // Sum of all domain sizes (used to measure how constraining a choice is).
  std::int64_t total_size() const { return total_; }

  // Removes index i; returns true when it was present.
  bool remove(ir::VarId v, int i);
  // Keeps only index i (which must be present to keep the domain non-empty).
  void assign(ir::VarId v, int i);
  // Keeps only the indexes whose bit is set in mask (num_words(v) words).
  void intersect(ir::VarId v, const std::uint64_t* mask);

  int num_words(ir::VarId v) const { return initial_[static_cast<size_t>(v)] == 0 ? 0 : ((initial_[static_cast<size_t>(v)] + 63) >> 6); }
  const std::uint64_t* words(ir::VarId v) const { return bits_.data() + offset_[static_cast<size_t>(v)]; }

  // Variables whose domain shrank since the last take_touched(); each listed once.
  std::vector<ir::VarId> take_touched();
  void take_touched(std::vector<ir::VarId>& out);  // the same, into a reused buffer
  bool has_touched() const { return !touched_.empty(); }
  void clear_touched();

  // Trail: mark() returns a position, undo(mark) restores every change made after it.
  std::size_t mark();
  void undo(std::size_t mark);
  // Propagator state that must follow backtracking (e.g. a live-row count) is saved here
  // before it is modified.
  void save(std::int32_t& x);
  // Forget the trail (the current state becomes the base state).
  void clear_trail();
  // Whether changes are trailed now (a mark taken since the last clear_trail()).
  bool trailing() const { return marked_; }

 private:
  enum class Entry : std::uint8_t { Word, Size, External };
  struct TrailEntry {
    Entry kind;
    std::uint32_t index;
    std::uint64_t old;
    std::int32_t* external;
  };
  int next_from(ir::VarId v, int i) const;
  void save_word(std::size_t w);
  void save_size(ir::VarId v);
  void touch(ir::VarId v);

  std::vector<std::uint64_t> bits_;
  std::vector<std::size_t> offset_;
  std::vector<int> sizes_, initial_;
  std::int64_t total_ = 0;
  // Per word / per variable: the level at which its old value was last trailed, so a
  // word is saved once per level however often it changes.
  std::vector<std::uint32_t> word_stamp_, size_stamp_;
  std::uint32_t level_ = 1;
  // No mark taken since the start or the last clear_trail(): nothing can be undone, so
  // changes are not trailed (a hint engine's states are copied, never backtracked).
  bool marked_ = false;
  std::vector<TrailEntry> trail_;
  std::vector<ir::VarId> touched_;
  std::vector<char> is_touched_;
};

// Inline: iteration over candidates is the innermost loop of propagation and deduction.
inline int Domains::next_from(ir::VarId v, int i) const {
  int s = initial_[static_cast<size_t>(v)];
  if (i >= s) return -1;
  const std::uint64_t* w = words(v);
  int wi = i >> 6;
  std::uint64_t cur = w[wi] & (~std::uint64_t{0} << (i & 63));
  int nw = (s + 63) >> 6;
  while (true) {
    if (cur) return (wi << 6) + std::countr_zero(cur);
    if (++wi >= nw) return -1;
    cur = w[wi];
  }
}

}  // namespace pzc::engine
