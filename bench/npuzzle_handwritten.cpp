// Benchmark baseline: a tight hand-written IDA* with incremental Manhattan distance for the
// 15-puzzle. Reads 16 numbers per line (Korf's convention, see npuzzle_instances.txt) and
// prints per instance: optimal length, nodes expanded, seconds. As pzc's IDA*, it creates
// no child equal to a board on the current path (a move back to the previous blank square
// is the usual case; the rest, cycles of 12 moves or more, go through a packed board).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

namespace {

int board[16];
int md[16][16];  // md[tile][pos]
int neighbours[16][4];
unsigned long long expanded = 0;
int next_bound;
// The boards on the path (4 bits a square), and how many of them fall in each bucket.
std::uint64_t path[256];
std::uint16_t buckets[4096];

unsigned bucket(std::uint64_t packed) { return static_cast<unsigned>((packed * 0x9E3779B97F4A7C15ull) >> 52); }

bool on_path(std::uint64_t packed, int depth) {
  if (buckets[bucket(packed)] == 0) return false;
  for (int d = 0; d <= depth; ++d)
    if (path[d] == packed) return true;
  return false;
}

// Returns true when solved. Children in the seed's order: blank right, down, left, up.
bool dfs(int blank, int g, int h, int bound, int prev_blank, std::uint64_t packed) {
  const int f = g + h;
  if (f > bound) {
    if (f < next_bound) next_bound = f;
    return false;
  }
  if (h == 0) return true;
  ++expanded;
  path[g] = packed;
  ++buckets[bucket(packed)];
  for (int k = 0; k < 4; ++k) {
    const int to = neighbours[blank][k];
    if (to < 0 || to == prev_blank) continue;
    const int tile = board[to];
    const std::uint64_t child = packed ^ (static_cast<std::uint64_t>(tile) << (4 * to)) ^
                                (static_cast<std::uint64_t>(tile) << (4 * blank));
    if (on_path(child, g)) continue;
    const int nh = h - md[tile][to] + md[tile][blank];
    board[blank] = tile;
    board[to] = 0;
    if (dfs(to, g + 1, nh, bound, blank, child)) return true;
    board[to] = tile;
    board[blank] = 0;
  }
  --buckets[bucket(packed)];
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s instances.txt\n", argv[0]);
    return 2;
  }
  for (int t = 1; t < 16; ++t)
    for (int p = 0; p < 16; ++p) md[t][p] = std::abs(p / 4 - (t - 1) / 4) + std::abs(p % 4 - (t - 1) % 4);
  for (int p = 0; p < 16; ++p) {
    neighbours[p][0] = p % 4 < 3 ? p + 1 : -1;
    neighbours[p][1] = p / 4 < 3 ? p + 4 : -1;
    neighbours[p][2] = p % 4 > 0 ? p - 1 : -1;
    neighbours[p][3] = p / 4 > 0 ? p - 4 : -1;
  }
  std::ifstream in(argv[1]);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    int korf[16];
    for (int& v : korf) ss >> v;
    int blank = 0, h = 0;
    for (int p = 0; p < 16; ++p) {
      board[15 - p] = korf[p] == 0 ? 0 : 16 - korf[p];
    }
    std::uint64_t packed = 0;
    for (int p = 0; p < 16; ++p) {
      if (board[p] == 0) blank = p; else h += md[board[p]][p];
      packed |= static_cast<std::uint64_t>(board[p]) << (4 * p);
    }
    const auto t0 = std::chrono::steady_clock::now();
    expanded = 0;
    int bound = h;
    for (;;) {
      next_bound = 1 << 30;
      std::fill(std::begin(buckets), std::end(buckets), 0);
      if (dfs(blank, 0, h, bound, -1, packed)) break;
      bound = next_bound;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%d %llu %.3f\n", bound, expanded, s);
  }
  return 0;
}
