// The search strategies: breadth-first (FIFO over a node arena), greedy best-first and A*
// (binary heap with the seed's tie-breaking keys), IDA* (in-place depth-first with undo).
#include "runtime/statespace/search.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <fmt/format.h>
#include <queue>

namespace pzc::statespace {

std::optional<Strategy> parse_strategy(std::string_view name) {
  if (name == "breadth") return Strategy::breadth;
  if (name == "best") return Strategy::best;
  if (name == "a-star" || name == "astar") return Strategy::astar;
  if (name == "ida-star" || name == "idastar") return Strategy::idastar;
  return std::nullopt;
}

std::string_view to_string(Strategy s) {
  switch (s) {
    case Strategy::breadth: return "breadth";
    case Strategy::best: return "best";
    case Strategy::astar: return "a-star";
    case Strategy::idastar: return "ida-star";
  }
  return "?";
}

std::string_view to_string(SearchStatus s) {
  switch (s) {
    case SearchStatus::solved: return "solved";
    case SearchStatus::exhausted: return "no solution (search space exhausted)";
    case SearchStatus::unsolvable: return "unsolvable";
    case SearchStatus::node_limit: return "limit reached: nodes";
    case SearchStatus::time_limit: return "limit reached: time";
    case SearchStatus::memory_limit: return "limit reached: memory";
  }
  return "?";
}

State apply_moves(const CompiledProgram& program, const State& start, const std::vector<int>& moves) {
  State s = start;
  CompiledProgram::Context ctx{};
  Change ch;
  for (int m : moves) {
    program.prepare(s.data(), ctx);
    if (!program.try_move(m, ctx, s.data(), ch))
      throw ProgramError(fmt::format("move {} is not enabled", program.program().moves[static_cast<std::size_t>(m)].name));
  }
  return s;
}

// ---- Solvability --------------------------------------------------------------------------

Solvability grid_solvability(const GridPermutation& g, Value value_min, const State& start,
                             std::string* message) {
  auto say = [&](const std::string& m) {
    if (message) *message = m;
  };
  const int n = g.rows * g.cols;
  if (static_cast<int>(start.size()) != n) {
    say(fmt::format("the start has {} cells, the grid {}", start.size(), n));
    return Solvability::unsolvable;
  }
  // pos_in_goal[i]: where the value of start slot i sits in the goal.
  std::vector<int> perm(static_cast<std::size_t>(n));
  std::vector<bool> used(static_cast<std::size_t>(n), false);
  int blank_start = -1;
  for (int i = 0; i < n; ++i) {
    const int idx = start[static_cast<std::size_t>(i)] - value_min;
    const int gp = (idx >= 0 && idx < static_cast<int>(g.goal_pos.size()))
                       ? g.goal_pos[static_cast<std::size_t>(idx)]
                       : -1;
    if (gp < 0 || used[static_cast<std::size_t>(gp)]) {
      say(fmt::format("the start is not a permutation of the goal's values (value {})",
                      start[static_cast<std::size_t>(i)]));
      return Solvability::unsolvable;
    }
    used[static_cast<std::size_t>(gp)] = true;
    perm[static_cast<std::size_t>(i)] = gp;
    if (start[static_cast<std::size_t>(i)] == g.blank) blank_start = i;
  }
  const int blank_goal = g.goal_pos[static_cast<std::size_t>(g.blank - value_min)];
  if (g.rows == 1 || g.cols == 1) {
    // On a strip the tiles keep their order.
    std::vector<Value> a, b;
    for (int i = 0; i < n; ++i) {
      if (start[static_cast<std::size_t>(i)] != g.blank) a.push_back(start[static_cast<std::size_t>(i)]);
      if (g.goal[static_cast<std::size_t>(i)] != g.blank) b.push_back(g.goal[static_cast<std::size_t>(i)]);
    }
    if (a != b) {
      say("on a single row or column the tiles can never pass each other");
      return Solvability::unsolvable;
    }
    return g.all_moves ? Solvability::solvable : Solvability::unknown;
  }
  // Parity of the permutation by cycle counting.
  std::vector<bool> seen(static_cast<std::size_t>(n), false);
  int transpositions = 0;
  for (int i = 0; i < n; ++i) {
    if (seen[static_cast<std::size_t>(i)]) continue;
    int len = 0;
    for (int j = i; !seen[static_cast<std::size_t>(j)]; j = perm[static_cast<std::size_t>(j)]) {
      seen[static_cast<std::size_t>(j)] = true;
      ++len;
    }
    transpositions += len - 1;
  }
  const int blank_dist = std::abs(blank_start / g.cols - blank_goal / g.cols) +
                         std::abs(blank_start % g.cols - blank_goal % g.cols);
  if ((transpositions - blank_dist) % 2 != 0) {
    say(fmt::format("permutation parity is {} but the blank is {} moves from its goal cell "
                    "(each move changes both parities)",
                    transpositions % 2 == 0 ? "even" : "odd", blank_dist));
    return Solvability::unsolvable;
  }
  // Sufficient only when the blank can move to every neighbour from everywhere: moves
  // restricted by its position (a tree of cells, one-way doors) may leave a start of the
  // right parity unsolvable.
  if (!g.all_moves) {
    say("the parity check cannot decide: some blank position lacks a move to a neighbour");
    return Solvability::unknown;
  }
  return Solvability::solvable;
}

bool sliding_tiles_solvable(int rows, int cols, const State& start) {
  const auto g = analyze_grid_permutation(make_sliding_tiles(rows, cols));
  return grid_solvability(*g, 0, start) == Solvability::solvable;
}

namespace {

using Clock = std::chrono::steady_clock;

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Zobrist hashing, so a child's hash is updated from the slots its move touched.
class Zobrist {
 public:
  Zobrist(int n, Value vmin, Value vmax) : n_(n), vmin_(vmin), range_(vmax - vmin + 1) {
    if (static_cast<long>(n) * range_ <= (1L << 20)) {
      table_.resize(static_cast<std::size_t>(n * range_));
      for (std::size_t i = 0; i < table_.size(); ++i) table_[i] = splitmix(i * 7919 + 17);
    }
  }
  std::uint64_t z(int slot, Value v) const {
    const int idx = v - vmin_;
    if (!table_.empty() && idx >= 0 && idx < range_)
      return table_[static_cast<std::size_t>(slot * range_ + idx)];
    return splitmix((static_cast<std::uint64_t>(slot) << 20) ^ static_cast<std::uint16_t>(v) ^
                    0xABCDEF12345ull);
  }
  std::uint64_t full(const Value* s) const {
    std::uint64_t h = 0;
    for (int i = 0; i < n_; ++i) h ^= z(i, s[i]);
    return h;
  }
  std::uint64_t update(std::uint64_t h, const Value* after, const Change& c) const {
    for (int k = 0; k < c.count; ++k) h ^= z(c.slot[k], c.old_value[k]) ^ z(c.slot[k], after[c.slot[k]]);
    return h;
  }

 private:
  int n_;
  Value vmin_;
  int range_;
  std::vector<std::uint64_t> table_;
};

// The explored nodes, in generation order (the node id is the seed's insertion order).
// States are kept packed: each slot's value less value_min in the fewest bits that hold
// the range, as many slots to a 64-bit word as fit whole (a Pegs board of 81 slots of
// 0..2: 3 words, not 81 Values of 2 bytes; a 15-puzzle: one word).
struct Arena {
  int n = 0;
  Value vmin = 0;
  int bits = 1, per_word = 64, words = 1;
  std::vector<std::uint64_t> states;
  std::vector<std::int32_t> parent;
  std::vector<std::uint8_t> move;
  std::vector<std::int32_t> g, h, fails;
  std::vector<std::uint64_t> hash;
  static_assert(sizeof(Value) <= 2, "a slot's range fits 16 bits");
  Arena(int slots, Value value_min, Value value_max) : n(slots), vmin(value_min) {
    const auto range = static_cast<std::uint64_t>(static_cast<std::int64_t>(value_max) - value_min);
    bits = std::max(1, static_cast<int>(std::bit_width(range)));
    per_word = 64 / bits;
    words = std::max(1, (n + per_word - 1) / per_word);
  }
  std::size_t size() const { return parent.size(); }
  const std::uint64_t* key(std::size_t id) const { return states.data() + id * static_cast<std::size_t>(words); }
  void pack(const Value* s, std::uint64_t* out) const {
    std::fill(out, out + words, std::uint64_t{0});
    for (int i = 0; i < n; ++i)
      out[i / per_word] |= static_cast<std::uint64_t>(s[i] - vmin) << (i % per_word * bits);
  }
  void unpack(std::size_t id, Value* out) const {
    const std::uint64_t* k = key(id);
    const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;  // bits <= 16: Value is 16 bits
    for (int i = 0; i < n; ++i) out[i] = static_cast<Value>(static_cast<std::int64_t>((k[i / per_word] >> (i % per_word * bits)) & mask) + vmin);
  }
  bool same(std::size_t id, const std::uint64_t* k) const {
    return std::memcmp(key(id), k, static_cast<std::size_t>(words) * sizeof(std::uint64_t)) == 0;
  }
  // The memory held: the vectors' capacities (up to twice their sizes), and room for the
  // largest one's next growth, when the old and the new block are both held. (Counting
  // sizes alone let a 2 GiB limit reach 3 GiB.)
  std::size_t bytes() const {
    const std::size_t each[] = {states.capacity() * 8, parent.capacity() * 4, move.capacity(),
                                g.capacity() * 4, h.capacity() * 4, fails.capacity() * 4, hash.capacity() * 8};
    std::size_t sum = 0, largest = 0;
    for (std::size_t b : each) {
      sum += b;
      largest = std::max(largest, b);
    }
    return sum + largest;
  }
  // A node of the packed state k.
  std::size_t add(const std::uint64_t* k, std::int32_t par, int mv, int gg, int hh, int ff, std::uint64_t hs) {
    states.insert(states.end(), k, k + words);
    parent.push_back(par);
    move.push_back(static_cast<std::uint8_t>(mv));
    g.push_back(gg);
    h.push_back(hh);
    fails.push_back(ff);
    hash.push_back(hs);
    return parent.size() - 1;
  }
};

// An exact set of arena node ids, keyed by their state (open addressing, linear probing).
class StateSet {
 public:
  explicit StateSet(const Arena& a) : arena_(a), slots_(1024, -1) {}
  // Finds a node with this packed state; -1 if none.
  std::int32_t find(const std::uint64_t* k, std::uint64_t hash) const {
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      const std::int32_t id = slots_[i];
      if (id < 0) return -1;
      if (arena_.hash[static_cast<std::size_t>(id)] == hash && arena_.same(static_cast<std::size_t>(id), k)) return id;
    }
  }
  void insert(std::int32_t id) {
    if ((count_ + 1) * 2 > slots_.size()) grow();
    place(id);
    ++count_;
  }
  std::size_t bytes() const { return slots_.size() * sizeof(std::int32_t); }

 private:
  void place(std::int32_t id) {
    std::size_t mask = slots_.size() - 1;
    for (std::size_t i = arena_.hash[static_cast<std::size_t>(id)] & mask;; i = (i + 1) & mask)
      if (slots_[i] < 0) {
        slots_[i] = id;
        return;
      }
  }
  void grow() {
    std::vector<std::int32_t> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, -1);
    for (std::int32_t id : old)
      if (id >= 0) place(id);
  }
  const Arena& arena_;
  std::vector<std::int32_t> slots_;
  std::size_t count_ = 0;
};

class Limits {
 public:
  Limits(const SearchOptions& o) : o_(o), start_(Clock::now()) {}
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
  // Checked once per expansion; the clock only every 1024 expansions.
  std::optional<SearchStatus> check(std::uint64_t expanded, std::size_t memory) {
    if (o_.max_expanded && expanded >= o_.max_expanded) return SearchStatus::node_limit;
    if (o_.max_memory_bytes && memory > o_.max_memory_bytes) return SearchStatus::memory_limit;
    if (o_.time_limit_seconds > 0 && (expanded & 1023) == 0 && elapsed() > o_.time_limit_seconds)
      return SearchStatus::time_limit;
    return std::nullopt;
  }

 private:
  const SearchOptions& o_;
  Clock::time_point start_;
};

void finish_path(const CompiledProgram& cp, const Arena& a, std::size_t goal, SearchResult& r) {
  for (std::int64_t id = static_cast<std::int64_t>(goal); a.parent[static_cast<std::size_t>(id)] >= 0;
       id = a.parent[static_cast<std::size_t>(id)])
    r.moves.push_back(a.move[static_cast<std::size_t>(id)]);
  std::reverse(r.moves.begin(), r.moves.end());
  for (int m : r.moves) r.move_names.push_back(cp.program().moves[static_cast<std::size_t>(m)].name);
  r.status = SearchStatus::solved;
}

bool equals_ancestor(const Arena& a, std::int32_t from, const std::uint64_t* k, std::uint64_t hash) {
  for (std::int32_t id = from; id >= 0; id = a.parent[static_cast<std::size_t>(id)])
    if (a.hash[static_cast<std::size_t>(id)] == hash && a.same(static_cast<std::size_t>(id), k)) return true;
  return false;
}

void limit_message(SearchResult& r, const SearchOptions& o) {
  switch (r.status) {
    case SearchStatus::node_limit: r.message = fmt::format("stopped after {} expanded nodes", o.max_expanded); break;
    case SearchStatus::time_limit: r.message = fmt::format("stopped after {} s", o.time_limit_seconds); break;
    case SearchStatus::memory_limit:
      // The estimate counts room for the largest vector's next growth, so it passes the
      // limit by a jump (frogs and toads 3000/3000: 3005 MiB, the process at 1.5 GB).
      r.message = fmt::format("stopped: the search memory would pass the {} MiB limit (estimate {} MiB, counting the "
                              "next growth of its largest vector)",
                              o.max_memory_bytes >> 20, r.stats.peak_memory_bytes >> 20);
      break;
    default: break;
  }
}

// Breadth-first, greedy best-first and A* over a node arena.
SearchResult frontier_search(const CompiledProgram& cp, const State& start, const SearchOptions& o) {
  SearchResult r;
  Limits limits(o);
  const int n = cp.num_slots();
  const StateProgram& p = cp.program();
  Zobrist zob(n, p.value_min, p.value_max);
  Arena a(n, p.value_min, p.value_max);
  StateSet closed(a);
  const bool use_set = o.duplicates == DuplicateCheck::closed_set;
  const bool bfs = o.strategy == Strategy::breadth;
  const bool need_h = !bfs;
  std::vector<std::uint64_t> packed(static_cast<std::size_t>(a.words));
  a.pack(start.data(), packed.data());
  a.add(packed.data(), -1, 0, 0, need_h ? cp.heuristic(start.data()) : 0, cp.goal_failures(start.data()),
        zob.full(start.data()));
  r.stats.generated = 0;

  // Priority: smaller key first. best: (h, id); A*: (f, -g, id). The id is the insertion
  // order; siblings get ids in move-declaration order, which is the seed's rule (A).
  struct Key {
    std::int32_t primary, secondary;
    std::int32_t id;
    bool operator>(const Key& k) const {
      if (primary != k.primary) return primary > k.primary;
      if (secondary != k.secondary) return secondary > k.secondary;
      return id > k.id;
    }
  };
  std::priority_queue<Key, std::vector<Key>, std::greater<Key>> heap;
  auto key_of = [&](std::size_t id) {
    const std::int32_t g = a.g[id], h = a.h[id];
    if (o.strategy == Strategy::best) return Key{h, 0, static_cast<std::int32_t>(id)};
    return Key{g + h, -g, static_cast<std::int32_t>(id)};
  };
  std::size_t head = 0;  // BFS: the frontier is arena[head, size)
  if (bfs) {
    if (use_set) closed.insert(0);
  } else {
    heap.push(key_of(0));
  }

  std::vector<Value> child(static_cast<std::size_t>(n));
  CompiledProgram::Context ctx{};
  Change ch;
  const int moves = cp.num_moves();
  for (;;) {
    // Pop.
    std::size_t id;
    if (bfs) {
      if (head == a.size()) break;
      id = head++;
    } else {
      if (heap.empty()) break;
      id = static_cast<std::size_t>(heap.top().id);
      heap.pop();
      if (use_set) {
        if (closed.find(a.key(id), a.hash[id]) >= 0) continue;  // already expanded
        closed.insert(static_cast<std::int32_t>(id));
      }
    }
    if (a.fails[id] == 0) {
      finish_path(cp, a, id, r);
      break;
    }
    const std::size_t memory = a.bytes() + closed.bytes() + 2 * heap.size() * sizeof(Key);
    r.stats.peak_memory_bytes = std::max(r.stats.peak_memory_bytes, memory);
    if (auto stop = limits.check(r.stats.expanded, memory)) {
      r.status = *stop;
      limit_message(r, o);
      break;
    }
    ++r.stats.expanded;
    // Expand: children in move-declaration order.
    a.unpack(id, child.data());
    cp.prepare(child.data(), ctx);
    const std::int32_t parent_g = a.g[id], parent_h = a.h[id], parent_fails = a.fails[id];
    const std::uint64_t parent_hash = a.hash[id];
    for (int m = 0; m < moves; ++m) {
      if (!cp.try_move(m, ctx, child.data(), ch)) continue;
      const std::uint64_t hs = zob.update(parent_hash, child.data(), ch);
      a.pack(child.data(), packed.data());
      bool keep;
      if (use_set) {
        keep = closed.find(packed.data(), hs) < 0;
      } else {
        keep = !equals_ancestor(a, static_cast<std::int32_t>(id), packed.data(), hs);
      }
      if (keep) {
        const int hh = need_h ? cp.heuristic_after(parent_h, child.data(), ch) : 0;
        const int ff = cp.goal_failures_after(parent_fails, child.data(), ch);
        const std::size_t cid = a.add(packed.data(), static_cast<std::int32_t>(id), m, parent_g + 1, hh, ff, hs);
        ++r.stats.generated;
        if (bfs) {
          if (use_set) closed.insert(static_cast<std::int32_t>(cid));
        } else {
          heap.push(key_of(cid));
        }
      }
      CompiledProgram::undo(child.data(), ch);
    }
    const std::uint64_t frontier = bfs ? a.size() - head : heap.size();
    r.stats.max_frontier = std::max(r.stats.max_frontier, frontier);
  }
  r.stats.seconds = limits.elapsed();
  return r;
}

// IDA*: depth-first with an f bound, in place with undo; children in move order.
// The start of a node visit that both IDA* variants share: prune past the bound (noting
// the next bound), recognise the goal, check the limits, count the expansion.
enum class IdaVisit { Expand, OverBound, Goal, Stopped };
inline IdaVisit ida_visit(int g, int h, int fails, int bound, int& next_bound, SearchResult& r, Limits& limits,
                          const SearchOptions& o) {
  const int f = g + h;
  if (f > bound) {
    if (f < next_bound) next_bound = f;
    return IdaVisit::OverBound;
  }
  if (fails == 0) return IdaVisit::Goal;
  if (auto stop = limits.check(r.stats.expanded, 0)) {
    r.status = *stop;
    limit_message(r, o);
    return IdaVisit::Stopped;
  }
  ++r.stats.expanded;
  if (static_cast<std::uint64_t>(g + 1) > r.stats.max_frontier) r.stats.max_frontier = static_cast<std::uint64_t>(g + 1);
  return IdaVisit::Expand;
}

// The states on IDA*'s current path, root to the node being expanded, by their hashes,
// so that a child equal to any of them is not generated (checking only the grandparent
// let longer cycles through: on a small space with no goal the iterations never ran out
// of cut-off nodes, and IDA* never ended). A count per bucket of the hash rejects nearly
// every child with one load; an equal hash is confirmed by the caller, which rebuilds
// that ancestor from its undo information (the states themselves are not kept: copying
// one per expansion cost more than the whole check).
class PathHashes {
 public:
  PathHashes() : buckets_(kBuckets, 0) {}

  void push(std::uint64_t hash) {
    if (depth_ == hashes_.size()) hashes_.resize(2 * depth_ + 64);
    hashes_[depth_++] = hash;
    ++buckets_[hash & (kBuckets - 1)];
  }
  void pop() { --buckets_[hashes_[--depth_] & (kBuckets - 1)]; }
  // Whether `same(d)` holds for a depth d on the path whose hash is `hash` (asked deepest
  // first: a move undone, the commonest repeat, meets the grandparent).
  template <class Same>
  bool contains(std::uint64_t hash, Same same) const {
    if (buckets_[hash & (kBuckets - 1)] == 0) return false;
    for (std::size_t d = depth_; d-- > 0;)
      if (hashes_[d] == hash && same(d)) return true;
    return false;
  }
  // The memory for a path of `depth` nodes.
  static std::size_t bytes(std::size_t depth) {
    return depth * sizeof(std::uint64_t) + kBuckets * sizeof(std::uint32_t);
  }

 private:
  static constexpr std::size_t kBuckets = 4096;
  std::size_t depth_ = 0;
  std::vector<std::uint32_t> buckets_;  // path nodes per hash & (kBuckets - 1)
  std::vector<std::uint64_t> hashes_;   // [depth]
};

class Ida {
 public:
  Ida(const CompiledProgram& cp, const SearchOptions& o, SearchResult& r, Limits& limits)
      : cp_(cp), o_(o), r_(r), limits_(limits), moves_(cp.num_moves()),
        zob_(cp.num_slots(), cp.program().value_min, cp.program().value_max) {
    changes_.reserve(1024);
  }

  void run(const State& start) {
    state_ = start;
    int h = cp_.heuristic(state_.data());
    const int fails = cp_.goal_failures(state_.data());
    const std::uint64_t hash = zob_.full(state_.data());
    bound_ = h;
    for (;;) {
      ++r_.stats.iterations;
      next_bound_ = kInf;
      CompiledProgram::Context ctx{};
      cp_.prepare(state_.data(), ctx);
      const int res = dfs(0, h, fails, hash, ctx);
      if (res == kFound) {
        std::reverse(path_.begin(), path_.end());
        r_.moves = path_;
        for (int m : r_.moves) r_.move_names.push_back(cp_.program().moves[static_cast<std::size_t>(m)].name);
        r_.status = SearchStatus::solved;
        return;
      }
      if (res == kStopped) return;
      // No node was cut off by the bound: every path from the start was followed to its
      // end (paths do not repeat a state, so there are finitely many) and none met a goal.
      if (next_bound_ == kInf) {
        r_.status = SearchStatus::exhausted;
        return;
      }
      bound_ = next_bound_;
    }
  }

 private:
  static constexpr int kInf = 1 << 30;
  static constexpr int kFound = -1;
  static constexpr int kStopped = -2;
  static constexpr int kContinue = 0;

  int dfs(int g, int h, int fails, std::uint64_t hash, const CompiledProgram::Context& ctx) {
    switch (ida_visit(g, h, fails, bound_, next_bound_, r_, limits_, o_)) {
      case IdaVisit::OverBound: return kContinue;
      case IdaVisit::Goal: return kFound;
      case IdaVisit::Stopped: return kStopped;
      case IdaVisit::Expand: break;
    }
    if (changes_.size() <= static_cast<std::size_t>(g)) changes_.resize(static_cast<std::size_t>(g) + 1);
    on_path_.push(hash);
    CompiledProgram::Context child_ctx;
    for (int m = 0; m < moves_; ++m) {
      Change& c = changes_[static_cast<std::size_t>(g)];
      if (!cp_.try_move(m, ctx, state_.data(), c)) continue;
      const std::uint64_t child_hash = zob_.update(hash, state_.data(), c);
      if (!on_path_.contains(child_hash, [&](std::size_t d) { return equals_ancestor(g, d); })) {
        ++r_.stats.generated;
        const int ch = cp_.heuristic_after(h, state_.data(), c);
        const int cf = cp_.goal_failures_after(fails, state_.data(), c);
        cp_.prepare_after(ctx, state_.data(), c, child_ctx);
        const int res = dfs(g + 1, ch, cf, child_hash, child_ctx);
        if (res == kFound) {
          path_.push_back(m);
          return kFound;  // the state stays at the goal (and on_path_ unpopped); run() only needs the path
        }
        if (res == kStopped) return kStopped;
      }
      CompiledProgram::undo(state_.data(), changes_[static_cast<std::size_t>(g)]);
    }
    on_path_.pop();
    return kContinue;
  }

  // Whether the child of the node at depth g (the current state) equals the ancestor at
  // depth d: the changes from depth d on, undone on a copy.
  bool equals_ancestor(int g, std::size_t d) {
    scratch_ = state_;
    for (std::size_t k = static_cast<std::size_t>(g) + 1; k-- > d;) CompiledProgram::undo(scratch_.data(), changes_[k]);
    return scratch_ == state_;
  }

  const CompiledProgram& cp_;
  const SearchOptions& o_;
  SearchResult& r_;
  Limits& limits_;
  int moves_;
  const Zobrist zob_;
  PathHashes on_path_;
  State state_, scratch_;
  int bound_ = 0;
  int next_bound_ = kInf;
  std::vector<Change> changes_;
  std::vector<int> path_;
};

// IDA* specialised on the tabulated form when every enabled move is one swap and the
// prelude has one `find` local (the sliding-tile schema, whatever the grid): the move,
// heuristic and goal tables are read directly, the local is followed through the swaps,
// and the hash is updated from a (slot, value) table. A child that swaps the parent's
// pair back is its grandparent, told without a hash; other repeats go through PathHashes.
// Same node order, counts and result as Ida.
class IdaSwap {
 public:
  static bool applicable(const CompiledProgram& cp) {
    const MoveTables& t = cp.move_tables();
    if (!cp.tabulated_moves() || cp.has_linear_conflict()) return false;
    if (t.find_values.size() != 1 || (cp.h_table().empty() && !cp.program().heuristic_per_slot.empty()))
      return false;
    if (!cp.program().heuristic.empty() || cp.goal_table().empty()) return false;
    for (const MoveTables::Entry& e : t.entries) {
      if (e.state == 1 && (e.count != 1 || !e.distinct)) return false;
    }
    return true;
  }

  // `path_check`: skip a child equal to any state on the path, which makes a space without
  // a goal end as exhausted. Without it only the move undone is skipped, as in Korf's IDA*:
  // for a start the parity check proved solvable, where the search ends at the goal
  // anyway (the 15-puzzle about 12% faster).
  IdaSwap(const CompiledProgram& cp, const SearchOptions& o, SearchResult& r, Limits& limits, bool path_check)
      : cp_(cp), o_(o), r_(r), limits_(limits), path_check_(path_check), n_(cp.num_slots()), moves_(cp.num_moves()),
        combos_(cp.move_tables().combos), find_value_(cp.move_tables().find_values[0]),
        range_(cp.value_range()), vmin_(cp.program().value_min) {
    const MoveTables& t = cp.move_tables();
    // [combo * moves + m] -> the swapped pair, or (-1, -1) when disabled.
    pairs_.assign(static_cast<std::size_t>(combos_ * moves_), {-1, -1});
    for (int c = 0; c < combos_; ++c)
      for (int m = 0; m < moves_; ++m) {
        const MoveTables::Entry& e = t.entries[static_cast<std::size_t>(m * combos_ + c)];
        if (e.state == 1) {
          const EffectPrim& p = t.prims[e.first];
          pairs_[static_cast<std::size_t>(c * moves_ + m)] = {p.i, p.j};
        } else if (e.state == 2) {
          pairs_[static_cast<std::size_t>(c * moves_ + m)] = {-2, -2};  // raises if reached
        }
      }
    // Zero heuristic when the program has none.
    h_ = cp.h_table().empty() ? std::vector<std::int32_t>(static_cast<std::size_t>(n_ * range_), 0) : cp.h_table();
    goal_.assign(cp.goal_table().begin(), cp.goal_table().end());
    const Zobrist zob(n_, vmin_, cp.program().value_max);
    z_.resize(static_cast<std::size_t>(n_ * range_));
    for (int slot = 0; slot < n_; ++slot)
      for (int k = 0; k < range_; ++k) z_[at(slot, static_cast<Value>(vmin_ + k))] = zob.z(slot, static_cast<Value>(vmin_ + k));
  }

  void run(const State& start) {
    state_ = start;
    int h = cp_.heuristic(state_.data());
    const int fails = cp_.goal_failures(state_.data());
    CompiledProgram::Context ctx{};
    cp_.prepare(state_.data(), ctx);
    std::uint64_t hash = 0;
    for (int slot = 0; slot < n_; ++slot) hash ^= z_[at(slot, state_[static_cast<std::size_t>(slot)])];
    bound_ = h;
    for (;;) {
      ++r_.stats.iterations;
      next_bound_ = kInf;
      const int res = dfs(0, h, fails, hash, ctx.locals[0], -1, -1);
      if (res == kFound) {
        std::reverse(path_.begin(), path_.end());
        r_.moves = path_;
        for (int m : r_.moves) r_.move_names.push_back(cp_.program().moves[static_cast<std::size_t>(m)].name);
        r_.status = SearchStatus::solved;
        return;
      }
      if (res == kStopped) return;
      if (next_bound_ == kInf) {  // nothing cut off (see Ida::run)
        r_.status = SearchStatus::exhausted;
        return;
      }
      bound_ = next_bound_;
    }
  }

 private:
  static constexpr int kInf = 1 << 30;
  static constexpr int kFound = -1;
  static constexpr int kStopped = -2;
  static constexpr int kContinue = 0;
  struct Pair {
    std::int32_t i, j;
  };

  std::size_t at(int slot, Value v) const { return static_cast<std::size_t>(slot * range_ + (v - vmin_)); }

  // The local after swapping slots i and j (see CompiledProgram::find_after).
  int follow(int before, int i, int j) const {
    const Value* s = state_.data();
    const int lo = i < j ? i : j, hi = i < j ? j : i;
    int best = s[lo] == find_value_ ? lo : (s[hi] == find_value_ ? hi : n_);
    const bool lost = (before == i || before == j) && s[before] != find_value_;
    if (before >= 0 && !lost) return before < best ? before : best;
    if (before < 0) return best < n_ ? best : -1;
    if (best < before) return best;
    for (int k = before + 1; k < best; ++k)
      if (s[k] == find_value_) return k;
    return best < n_ ? best : -1;
  }

  // pi/pj: the pair the parent's move swapped (-1 at the root).
  int dfs(int g, int h, int fails, std::uint64_t hash, int local, int pi, int pj) {
    switch (ida_visit(g, h, fails, bound_, next_bound_, r_, limits_, o_)) {
      case IdaVisit::OverBound: return kContinue;
      case IdaVisit::Goal: return kFound;
      case IdaVisit::Stopped: return kStopped;
      case IdaVisit::Expand: break;
    }
    Value* s = state_.data();
    if (path_check_) on_path_.push(hash);
    if (path_check_ && g > 0) {
      if (swaps_.size() < static_cast<std::size_t>(g)) swaps_.resize(2 * static_cast<std::size_t>(g) + 64);
      swaps_[static_cast<std::size_t>(g - 1)] = {pi, pj};
    }
    const Pair* pairs = pairs_.data() + (local + 1) * moves_;
    for (int m = 0; m < moves_; ++m) {
      const int i = pairs[m].i, j = pairs[m].j;
      if (i < 0) {
        if (i == -2) raise(m, local);
        continue;
      }
      if ((i == pi && j == pj) || (i == pj && j == pi)) continue;  // back to the grandparent
      const Value vi = s[i], vj = s[j];
      // Table indexes: slot i (j) holding its value before (*0) and after (*1) the swap.
      const std::size_t i0 = at(i, vi), i1 = at(i, vj), j0 = at(j, vj), j1 = at(j, vi);
      const std::uint64_t child_hash = hash ^ z_[i0] ^ z_[i1] ^ z_[j0] ^ z_[j1];
      s[i] = vj;
      s[j] = vi;
      if (path_check_ && on_path_.contains(child_hash, [&](std::size_t d) { return equals_ancestor(g, d, i, j); })) {
        s[i] = vi;
        s[j] = vj;
        continue;
      }
      ++r_.stats.generated;
      const int ch = h + h_[i1] - h_[i0] + h_[j1] - h_[j0];
      const int cf = fails + goal_[i1] - goal_[i0] + goal_[j1] - goal_[j0];
      const int res = dfs(g + 1, ch, cf, child_hash, follow(local, i, j), i, j);
      if (res == kFound) {
        path_.push_back(m);
        return kFound;
      }
      if (res == kStopped) return kStopped;
      s[i] = vi;
      s[j] = vj;
    }
    if (path_check_) on_path_.pop();
    return kContinue;
  }

  // As Ida::equals_ancestor, with the swaps of the path; the child's own is (i, j).
  bool equals_ancestor(int g, std::size_t d, int i, int j) {
    scratch_ = state_;
    std::swap(scratch_[static_cast<std::size_t>(i)], scratch_[static_cast<std::size_t>(j)]);
    for (std::size_t k = static_cast<std::size_t>(g); k-- > d;)
      std::swap(scratch_[static_cast<std::size_t>(swaps_[k].i)], scratch_[static_cast<std::size_t>(swaps_[k].j)]);
    return scratch_ == state_;
  }

  // Re-runs the interpreter on a move whose tabulation failed, to raise its error.
  [[noreturn]] void raise(int m, int local) {
    CompiledProgram::Context ctx{};
    ctx.locals[0] = local;
    ctx.combo = local + 1;
    Change c;
    cp_.try_move(m, ctx, state_.data(), c);
    throw ProgramError("a move failed to evaluate");
  }

  const CompiledProgram& cp_;
  const SearchOptions& o_;
  SearchResult& r_;
  Limits& limits_;
  bool path_check_;
  int n_, moves_, combos_;
  Value find_value_;
  int range_;
  Value vmin_;
  std::vector<Pair> pairs_;
  std::vector<std::int32_t> h_;
  std::vector<std::uint8_t> goal_;
  std::vector<std::uint64_t> z_;  // Zobrist keys by at(slot, value)
  PathHashes on_path_;
  std::vector<Pair> swaps_;       // [depth]: the pair swapped from the path's node at that depth
  State state_, scratch_;
  int bound_ = 0;
  int next_bound_ = kInf;
  std::vector<int> path_;
};

}  // namespace

SearchResult search(const CompiledProgram& cp, const State& start, const SearchOptions& o) {
  if (static_cast<int>(start.size()) != cp.num_slots())
    throw ProgramError(fmt::format("the start state has {} values, the program {} slots", start.size(),
                                   cp.num_slots()));
  for (std::size_t i = 0; i < start.size(); ++i)
    if (start[i] < cp.program().value_min || start[i] > cp.program().value_max)
      throw ProgramError(fmt::format("the start state holds {} in {}, outside the declared range {}..{}", start[i],
                                     cp.program().slot_name(static_cast<int>(i)), cp.program().value_min,
                                     cp.program().value_max));
  SearchResult r;
  bool proved_solvable = false;
  if (o.check_solvability) {
    const auto grid = cp.grid() ? cp.grid() : analyze_grid_permutation(cp.program());
    if (grid) {
      std::string why;
      const Solvability sv = grid_solvability(*grid, cp.program().value_min, start, &why);
      if (sv == Solvability::unsolvable) {
        r.status = SearchStatus::unsolvable;
        r.message = why;
        return r;
      }
      proved_solvable = sv == Solvability::solvable;
    }
  }
  if (o.strategy != Strategy::idastar) return frontier_search(cp, start, o);
  Limits limits(o);
  if (IdaSwap::applicable(cp)) {
    IdaSwap ida(cp, o, r, limits, !proved_solvable);
    ida.run(start);
  } else {
    Ida ida(cp, o, r, limits);
    ida.run(start);
  }
  r.stats.seconds = limits.elapsed();
  r.stats.peak_memory_bytes = r.stats.max_frontier * sizeof(Change) + PathHashes::bytes(r.stats.max_frontier);
  return r;
}

SearchResult search(const StateProgram& program, const State& start, const SearchOptions& options) {
  const CompiledProgram cp(program, options.linear_conflict);
  return search(cp, start, options);
}

}  // namespace pzc::statespace
