// Parsing input.txt and writing solution.txt for the seed's N-puzzle exercise.
#include "runtime/statespace/npuzzle_io.hpp"

#include <unistd.h>

#include <cstdio>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "runtime/io/read_text.hpp"

namespace pzc::statespace {

std::string NPuzzleError::describe() const {
  return line > 0 ? fmt::format("line {}: {}", line, message) : message;
}

namespace {

NPuzzleParse fail(int line, std::string message) {
  NPuzzleParse r;
  r.error = NPuzzleError{line, std::move(message)};
  return r;
}

}  // namespace

NPuzzleParse parse_npuzzle(std::string_view text) {
  struct Row {
    int line;
    std::vector<long> values;
  };
  std::vector<Row> rows;
  int line_no = 0;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    Row row{line_no, {}};
    std::size_t i = 0;
    while (i < line.size()) {
      if (line[i] == ' ' || line[i] == '\t') {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      const std::string_view word = line.substr(i, j - i);
      long v = 0;
      const auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
      if (ec != std::errc() || ptr != word.data() + word.size())
        return fail(line_no, fmt::format("'{}' is not a whole number", word));
      row.values.push_back(v);
      i = j;
    }
    if (!row.values.empty()) rows.push_back(std::move(row));
    if (end == text.size()) break;
    pos = end + 1;
  }
  if (rows.empty()) return fail(0, "the input holds no numbers");
  const int n = static_cast<int>(rows.size());
  if (n < 2) return fail(rows[0].line, "the puzzle must be at least 2 x 2 (found 1 row)");
  if (n > 16) return fail(rows[16].line, fmt::format("the puzzle has {} rows; at most 16 are supported", n));
  NPuzzle p;
  p.n = n;
  const long cells = static_cast<long>(n) * n;
  std::vector<int> first_line(static_cast<std::size_t>(cells), 0);
  for (const Row& row : rows) {
    if (static_cast<int>(row.values.size()) != n)
      return fail(row.line, fmt::format("expected {} numbers (the board is square, with {} rows), found {}",
                                        n, n, row.values.size()));
    for (long v : row.values) {
      if (v < 0 || v >= cells)
        return fail(row.line, fmt::format("{} is out of range: a {}x{} board holds 0..{}", v, n, n, cells - 1));
      int& seen = first_line[static_cast<std::size_t>(v)];
      if (seen != 0)
        return fail(row.line, seen == row.line ? fmt::format("{} appears twice on this line", v)
                                               : fmt::format("{} appears again (first on line {})", v, seen));
      seen = row.line;
      p.tiles.push_back(static_cast<Value>(v));
    }
  }
  NPuzzleParse r;
  r.puzzle = std::move(p);
  return r;
}

NPuzzleParse read_npuzzle_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fail(0, fmt::format("'{}' is a directory, not a file", path));
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(0, fmt::format("cannot open '{}'", path));
  std::string error;
  auto text = io::read_text(in, error);
  if (!text) return fail(0, fmt::format("'{}' {}", path, error));
  return parse_npuzzle(*text);
}

std::string format_solution(const std::vector<std::string>& moves) {
  return fmt::format("{}\n{}\n", moves.size(), fmt::join(moves, " "));
}

std::optional<std::string> write_solution_file(const std::string& path,
                                               const std::vector<std::string>& moves) {
  // A new or regular file is written beside it and renamed over it: a reader (or another
  // pzc writing the same path) never sees half a file. Anything else (a device such as
  // /dev/full, a pipe, a symlink) is written in place: a rename would replace it.
  std::error_code ec;
  const auto st = std::filesystem::symlink_status(path, ec);
  const bool replaceable = ec ? st.type() == std::filesystem::file_type::not_found
                              : st.type() == std::filesystem::file_type::not_found ||
                                    st.type() == std::filesystem::file_type::regular;
  if (!replaceable) {
    std::ofstream out(path, std::ios::binary);
    if (!out) return fmt::format("cannot write '{}': {}", path, std::strerror(errno));
    out << format_solution(moves);
    out.close();
    if (!out) return fmt::format("error while writing '{}': {}", path, std::strerror(errno));
    return std::nullopt;
  }
  const std::string tmp = path + ".pzc-" + std::to_string(::getpid()) + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return fmt::format("cannot write '{}': {}", path, std::strerror(errno));
    out << format_solution(moves);
    out.close();  // the data reaches the file here: a full disk shows now, not before
    if (!out) {
      const int err = errno;
      std::remove(tmp.c_str());
      return fmt::format("error while writing '{}': {}", path, std::strerror(err));
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    const int err = errno;
    std::remove(tmp.c_str());
    return fmt::format("cannot write '{}': {}", path, std::strerror(err));
  }
  return std::nullopt;
}

SearchResult solve_npuzzle(const NPuzzle& puzzle, const SearchOptions& options) {
  return search(make_sliding_tiles(puzzle.n, puzzle.n), puzzle.tiles, options);
}

}  // namespace pzc::statespace
