// Hash-consing term construction for the ground IR. Ids are assigned in creation order,
// so the table is deterministic even though the index is a hash table (never iterated).
#include "runtime/ir/builder.hpp"

#include <algorithm>

namespace pzc::ir {

namespace {
inline std::uint64_t mix(std::uint64_t x) {  // the murmur3 finaliser: every input bit moves every output bit
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}
}  // namespace

std::uint64_t TermBuilder::hash_of(Op op, ValueKind kind, Value value, const TermId* args, std::size_t n) {
  std::uint64_t h = (static_cast<std::uint64_t>(op) << 8 | static_cast<std::uint64_t>(kind)) * 0x9e3779b97f4a7c15ULL;
  h = (h ^ static_cast<std::uint64_t>(value)) * 0x100000001b3ULL;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ static_cast<std::uint32_t>(args[i])) * 0x100000001b3ULL;
  return mix(h ^ n);
}

TermId TermBuilder::find(std::uint64_t h, Op op, ValueKind kind, Value value, const TermId* args, std::size_t n,
                         std::size_t& slot) const {
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = static_cast<std::size_t>(h) & mask;; i = (i + 1) & mask) {
    const Slot& s = slots_[i];
    if (s.id < 0) {
      slot = i;
      return -1;
    }
    if (s.hash != h) continue;
    const Term& t = program_.terms[static_cast<std::size_t>(s.id)];
    if (t.op == op && t.kind == kind && t.value == value && t.args.size() == n && std::equal(args, args + n, t.args.begin()))
      return s.id;
  }
}

void TermBuilder::insert(std::uint64_t h, TermId id) {
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = static_cast<std::size_t>(h) & mask;
  while (slots_[i].id >= 0) i = (i + 1) & mask;
  slots_[i] = Slot{h, id};
  ++used_;
}

void TermBuilder::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(std::max<std::size_t>(64, old.size() * 2), Slot{});
  used_ = 0;
  for (const Slot& s : old)
    if (s.id >= 0) insert(s.hash, s.id);
}

void TermBuilder::index_existing() {
  for (; indexed_ < program_.terms.size(); ++indexed_) {
    const Term& t = program_.terms[indexed_];
    if (2 * (used_ + 1) > slots_.size()) grow();
    std::uint64_t h = hash_of(t.op, t.kind, t.value, t.args.data(), t.args.size());
    std::size_t slot = 0;
    // A program built elsewhere may hold equal terms twice: the first one is the representative.
    if (find(h, t.op, t.kind, t.value, t.args.data(), t.args.size(), slot) < 0) {
      slots_[slot] = Slot{h, static_cast<TermId>(indexed_)};
      ++used_;
    }
  }
}

TermId TermBuilder::find_or_add(Op op, ValueKind kind, Value value, std::span<const TermId> args,
                                std::vector<TermId>* take) {
  if (indexed_ < program_.terms.size()) index_existing();
  if (2 * (used_ + 1) > slots_.size()) grow();
  const std::uint64_t h = hash_of(op, kind, value, args.data(), args.size());
  std::size_t slot = 0;
  if (TermId id = find(h, op, kind, value, args.data(), args.size(), slot); id >= 0) return id;
  auto id = static_cast<TermId>(program_.terms.size());
  program_.terms.push_back(Term{op, kind, value, take ? std::move(*take) : std::vector<TermId>(args.begin(), args.end())});
  slots_[slot] = Slot{h, id};
  ++used_;
  indexed_ = program_.terms.size();
  return id;
}

TermId TermBuilder::make(Op op, ValueKind kind, std::span<const TermId> args, Value value) {
  return find_or_add(op, kind, value, args, nullptr);
}

TermId TermBuilder::make(Op op, ValueKind kind, std::vector<TermId>&& args, Value value) {
  return find_or_add(op, kind, value, args, &args);
}

TermId TermBuilder::constant(ValueKind kind, Value value) {
  return find_or_add(Op::Const, kind, value, {}, nullptr);
}

TermId TermBuilder::var(VarId v) {
  return make(Op::Var, program_.vars[static_cast<size_t>(v)].kind, {}, v);
}

}  // namespace pzc::ir
