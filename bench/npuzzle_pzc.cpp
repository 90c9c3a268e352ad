// Benchmark: the 15-puzzle solved by the pzc state-space runtime (make_sliding_tiles(4,4),
// IDA*, Manhattan). Same input and output format as npuzzle_handwritten.cpp.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "runtime/statespace/program.hpp"
#include "runtime/statespace/search.hpp"

using namespace pzc::statespace;

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s instances.txt [linear-conflict]\n", argv[0]);
    return 2;
  }
  const bool lc = argc > 2 && std::string(argv[2]) == "linear-conflict";
  std::ifstream in(argv[1]);
  const CompiledProgram program(make_sliding_tiles(4, 4), lc);
  SearchOptions options;
  options.strategy = Strategy::idastar;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    int korf[16];
    for (int& v : korf) ss >> v;
    // Korf's goal has the blank top-left; map to the seed's (blank last).
    State start(16);
    for (int p = 0; p < 16; ++p) start[15 - p] = static_cast<Value>(korf[p] == 0 ? 0 : 16 - korf[p]);
    const auto t0 = std::chrono::steady_clock::now();
    const SearchResult r = search(program, start, options);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%zu %llu %.3f\n", r.moves.size(), static_cast<unsigned long long>(r.stats.expanded), s);
  }
  return 0;
}
