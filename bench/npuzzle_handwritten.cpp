// Benchmark baseline: a tight hand-written IDA* with incremental Manhattan distance for the
// 15-puzzle. Reads 16 numbers per line (Korf's convention, see npuzzle_instances.txt) and
// prints per instance: optimal length, nodes expanded, seconds.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace {

int board[16];
int md[16][16];  // md[tile][pos]
int neighbours[16][4];
unsigned long long expanded = 0;
int next_bound;

// Returns true when solved. Children in the seed's order: blank right, down, left, up.
bool dfs(int blank, int g, int h, int bound, int prev_blank) {
  const int f = g + h;
  if (f > bound) {
    if (f < next_bound) next_bound = f;
    return false;
  }
  if (h == 0) return true;
  ++expanded;
  for (int k = 0; k < 4; ++k) {
    const int to = neighbours[blank][k];
    if (to < 0 || to == prev_blank) continue;
    const int tile = board[to];
    const int nh = h - md[tile][to] + md[tile][blank];
    board[blank] = tile;
    board[to] = 0;
    if (dfs(to, g + 1, nh, bound, blank)) return true;
    board[to] = tile;
    board[blank] = 0;
  }
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
    for (int p = 0; p < 16; ++p) {
      if (board[p] == 0) blank = p; else h += md[board[p]][p];
    }
    const auto t0 = std::chrono::steady_clock::now();
    expanded = 0;
    int bound = h;
    for (;;) {
      next_bound = 1 << 30;
      if (dfs(blank, 0, h, bound, -1)) break;
      bound = next_bound;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%d %llu %.3f\n", bound, expanded, s);
  }
  return 0;
}
