// Bitset domains with a trail of saved words, sizes and external propagator state.
#include "runtime/engine/domains.hpp"

#include <bit>

namespace pzc::engine {

Domains::Domains(const ir::Program& program) {
  size_t n = program.vars.size();
  offset_.resize(n);
  sizes_.resize(n);
  initial_.resize(n);
  size_t total_words = 0;
  for (size_t v = 0; v < n; ++v) {
    offset_[v] = total_words;
    int s = static_cast<int>(program.vars[v].domain.size());
    sizes_[v] = initial_[v] = s;
    total_ += s;
    total_words += static_cast<size_t>((s + 63) >> 6);
  }
  bits_.assign(total_words, 0);
  for (size_t v = 0; v < n; ++v) {
    int s = initial_[v];
    for (int i = 0; i < s; ++i) bits_[offset_[v] + static_cast<size_t>(i >> 6)] |= std::uint64_t{1} << (i & 63);
  }
  word_stamp_.assign(total_words, 0);
  size_stamp_.assign(n, 0);
  is_touched_.assign(n, 0);
}

int Domains::last(ir::VarId v) const {
  const std::uint64_t* w = words(v);
  for (int wi = num_words(v) - 1; wi >= 0; --wi)
    if (w[wi]) return (wi << 6) + 63 - std::countl_zero(w[wi]);
  return -1;
}

std::vector<int> Domains::indexes(ir::VarId v) const {
  std::vector<int> out;
  out.reserve(static_cast<size_t>(size(v)));
  for (int i = first(v); i >= 0; i = next(v, i)) out.push_back(i);
  return out;
}

void Domains::save_word(size_t w) {
  if (!marked_ || word_stamp_[w] == level_) return;
  word_stamp_[w] = level_;
  trail_.push_back({Entry::Word, static_cast<std::uint32_t>(w), bits_[w], nullptr});
}

void Domains::save_size(ir::VarId v) {
  auto vi = static_cast<size_t>(v);
  if (!marked_ || size_stamp_[vi] == level_) return;
  size_stamp_[vi] = level_;
  trail_.push_back({Entry::Size, static_cast<std::uint32_t>(v), static_cast<std::uint64_t>(sizes_[vi]), nullptr});
}

void Domains::touch(ir::VarId v) {
  auto vi = static_cast<size_t>(v);
  if (!is_touched_[vi]) {
    is_touched_[vi] = 1;
    touched_.push_back(v);
  }
}

bool Domains::remove(ir::VarId v, int i) {
  if (!contains(v, i)) return false;
  size_t w = offset_[static_cast<size_t>(v)] + static_cast<size_t>(i >> 6);
  save_word(w);
  save_size(v);
  bits_[w] &= ~(std::uint64_t{1} << (i & 63));
  --sizes_[static_cast<size_t>(v)];
  --total_;
  touch(v);
  return true;
}

void Domains::assign(ir::VarId v, int i) {
  int nw = num_words(v);
  size_t off = offset_[static_cast<size_t>(v)];
  bool had = contains(v, i);
  int old = size(v);
  int now = had ? 1 : 0;
  if (old == now) return;
  for (int k = 0; k < nw; ++k) {
    std::uint64_t want = (k == (i >> 6) && had) ? (std::uint64_t{1} << (i & 63)) : 0;
    if (bits_[off + static_cast<size_t>(k)] != want) {
      save_word(off + static_cast<size_t>(k));
      bits_[off + static_cast<size_t>(k)] = want;
    }
  }
  save_size(v);
  sizes_[static_cast<size_t>(v)] = now;
  total_ -= old - now;
  touch(v);
}

void Domains::intersect(ir::VarId v, const std::uint64_t* mask) {
  int nw = num_words(v);
  size_t off = offset_[static_cast<size_t>(v)];
  int removed = 0;
  for (int k = 0; k < nw; ++k) {
    std::uint64_t& w = bits_[off + static_cast<size_t>(k)];
    std::uint64_t nv = w & mask[k];
    if (nv != w) {
      removed += std::popcount(w ^ nv);
      save_word(off + static_cast<size_t>(k));
      w = nv;
    }
  }
  if (removed) {
    save_size(v);
    sizes_[static_cast<size_t>(v)] -= removed;
    total_ -= removed;
    touch(v);
  }
}

std::vector<ir::VarId> Domains::take_touched() {
  std::vector<ir::VarId> out;
  out.swap(touched_);
  for (ir::VarId v : out) is_touched_[static_cast<size_t>(v)] = 0;
  return out;
}

void Domains::take_touched(std::vector<ir::VarId>& out) {
  out.clear();
  out.swap(touched_);
  for (ir::VarId v : out) is_touched_[static_cast<size_t>(v)] = 0;
}

void Domains::clear_touched() {
  for (ir::VarId v : touched_) is_touched_[static_cast<size_t>(v)] = 0;
  touched_.clear();
}

size_t Domains::mark() {
  marked_ = true;
  ++level_;
  return trail_.size();
}

void Domains::undo(size_t mark) {
  while (trail_.size() > mark) {
    const TrailEntry& e = trail_.back();
    switch (e.kind) {
      case Entry::Word: bits_[e.index] = e.old; break;
      case Entry::Size: {
        int old = static_cast<int>(e.old);
        total_ += old - sizes_[e.index];
        sizes_[e.index] = old;
        break;
      }
      case Entry::External: *e.external = static_cast<std::int32_t>(e.old); break;
    }
    trail_.pop_back();
  }
  // A fresh level: words saved by the undone levels must be saved again when changed.
  ++level_;
  clear_touched();
}

void Domains::save(std::int32_t& x) {
  if (!marked_) return;
  trail_.push_back({Entry::External, 0, static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)), &x});
}

void Domains::clear_trail() {
  trail_.clear();
  marked_ = false;
  ++level_;
}

}  // namespace pzc::engine
