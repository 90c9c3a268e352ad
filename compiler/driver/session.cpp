// Loading a spec and an instance, and grounding them; also the drawing of solutions.
#include "compiler/driver/session.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "compiler/front/ast/walk.hpp"
#include "compiler/front/ground/eval.hpp"
#include "compiler/front/parse/parser.hpp"
#include "runtime/engine/domains.hpp"
#include "runtime/engine/propagators.hpp"
#include "runtime/hints/hints.hpp"
#include "runtime/io/read_text.hpp"
#include "runtime/ir/print.hpp"

namespace pzc::driver {

namespace {
std::atomic<bool> g_process_ends{false};
// Standard input shared by the sessions of one grade (Session::share_stdin): read once.
bool g_share_stdin = false;
std::optional<std::optional<std::string>> g_stdin_kept;  // once read: the text, or none
std::string g_stdin_error;                                // why none
}  // namespace

void Session::share_stdin() { g_share_stdin = true; }
bool Session::stdin_shared() { return g_share_stdin; }

void Session::process_ends_after_command() { g_process_ends = true; }
bool Session::process_ends() { return g_process_ends; }

Session::~Session() {
  // (While an exception unwinds, out of memory most likely, the members are freed.)
  if (!lasts_to_exit || !g_process_ends || std::uncaught_exceptions() > 0) return;
  struct Left {
    std::optional<ir::Program> program;
    ground::BoundInstance bound;
    std::vector<std::unique_ptr<ast::Module>> modules;
    sema::CheckedPuzzle checked;
  };
  // Moving is cheap (the containers hand over their blocks); the moved-from members are
  // then empty, and the Left object is never freed. Out of memory (this destructor may run
  // while std::bad_alloc unwinds), the members are freed as usual instead.
  try {
    (void)new Left{std::move(program), std::move(bound), std::move(modules), std::move(checked)};
  } catch (...) {
  }
}

namespace {

// A CR that ends a line by itself (classic Mac OS line endings) becomes a LF; CRLF stays
// as it is (every reader drops the CR before a LF). A spec of CR-only lines was one line
// ("declares no puzzle", with the CRs echoed). Offsets are unchanged.
void normalise_line_ends(std::string& text) {
  for (std::size_t i = text.find('\r'); i != std::string::npos; i = text.find('\r', i + 1))
    if (i + 1 == text.size() || text[i + 1] != '\n') text[i] = '\n';
}

}  // namespace

std::optional<std::string> Session::read(const std::string& path) {
  std::string error;
  if (path == "-") {
    // Standard input can be read once: a second '-' (an instance and --grid both from it)
    // would read nothing and fail later with a puzzling "the grid has 0 rows".
    // (Shared, a later read gets the same text, or the same error.)
    if (g_share_stdin && g_stdin_kept) {
      if (!*g_stdin_kept) diags.error_no_location(g_stdin_error);
      return *g_stdin_kept;
    }
    static bool stdin_taken = false;
    if (stdin_taken) {
      diags.error_no_location("standard input ('-') was already read for another argument: give this one as a file");
      return std::nullopt;
    }
    stdin_taken = true;
    auto fail = [&](std::string message) -> std::optional<std::string> {
      diags.error_no_location(message);
      if (g_share_stdin) {
        g_stdin_kept.emplace(std::nullopt);
        g_stdin_error = std::move(message);
      }
      return std::nullopt;
    };
    // (`< dir` read as empty: "'<stdin>' holds no grid rows".)
    struct stat st {};
    if (fstat(0, &st) == 0 && S_ISDIR(st.st_mode)) return fail("the standard input is a directory, not a file");
    auto text = io::read_text(std::cin, error);
    if (!text) return fail(fmt::format("the standard input {}", error));
    normalise_line_ends(*text);
    if (g_share_stdin) g_stdin_kept.emplace(*text);
    return text;
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    diags.error_no_location(fmt::format("'{}' is a directory, not a file", path));
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.error_no_location(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
    return std::nullopt;
  }
  auto text = io::read_text(in, error);
  if (!text) diags.error_no_location(fmt::format("'{}' {}", path, error));
  if (text) normalise_line_ends(*text);
  return text;
}

namespace {

// Two instance blocks of one name in a file: the second would hide the first (grade graded
// the later block twice, solve took the last; two generate outputs concatenated have such
// names). An error at the second.
bool instance_names_apart(const ast::Module& m, source::Diagnostics& diags) {
  bool ok = true;
  for (std::size_t i = 1; i < m.instances.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (m.instances[i].name == m.instances[j].name && m.instances[i].puzzle == m.instances[j].puzzle) {
        diags.error(m.instances[i].range,
                    fmt::format("instance '{}' is declared twice (first on line {}): give each block its own name",
                                m.instances[i].name, m.instances[j].range.begin.line));
        ok = false;
        break;
      }
  return ok;
}

}  // namespace

bool Session::load_spec(const std::string& path, const std::string& puzzle_name, const std::string& instance_arg) {
  auto text = read(path);
  if (!text) return false;
  std::uint32_t id = sm.add(path, std::move(*text));
  auto m = parse::parse_module(sm, id, diags);
  if (!m) return false;
  modules.push_back(std::make_unique<ast::Module>(std::move(*m)));
  const ast::Module& spec = *modules[0];
  if (spec.puzzles.empty()) {
    diags.error({id, {1, 1}, {1, 1}}, fmt::format("'{}' declares no puzzle", path));
    return false;
  }
  for (std::size_t i = 1; i < spec.puzzles.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (spec.puzzles[i].name == spec.puzzles[j].name) {
        diags.error(spec.puzzles[i].range, fmt::format("puzzle '{}' is declared twice (first on line {})", spec.puzzles[i].name,
                                                      spec.puzzles[j].range.begin.line));
        break;
      }
  instance_names_apart(spec, diags);
  if (diags.has_errors()) return false;
  puzzle = &spec.puzzles[0];
  // `pzc solve both.pz die_hard`, die_hard an `instance … of Jugs` in a file that also
  // declares another puzzle first: Jugs.
  if (puzzle_name.empty() && !instance_arg.empty())
    for (const auto& inst : spec.instances)
      if (inst.name == instance_arg) {
        auto it = std::find_if(spec.puzzles.begin(), spec.puzzles.end(), [&](const ast::Puzzle& p) { return p.name == inst.puzzle; });
        if (it != spec.puzzles.end()) puzzle = &*it;
        break;
      }
  if (!puzzle_name.empty()) {
    auto it = std::find_if(spec.puzzles.begin(), spec.puzzles.end(), [&](const ast::Puzzle& p) { return p.name == puzzle_name; });
    if (it == spec.puzzles.end()) {
      diags.error_no_location(fmt::format("'{}' declares no puzzle named '{}'", path, puzzle_name));
      return false;
    }
    puzzle = &*it;
  }
  checked = sema::check_puzzle(*puzzle, sm, diags);
  if (check_every_puzzle && puzzle_name.empty())
    for (const auto& other : spec.puzzles)
      if (&other != puzzle) sema::check_puzzle(other, sm, diags);
  // Instances in the spec file are checked against their puzzle's name at least.
  for (const auto& inst : spec.instances) {
    bool known = std::any_of(spec.puzzles.begin(), spec.puzzles.end(), [&](const ast::Puzzle& p) { return p.name == inst.puzzle; });
    if (!known) diags.error(inst.puzzle_range, fmt::format("instance '{}' is of unknown puzzle '{}'", inst.name, inst.puzzle));
  }
  return !diags.has_errors();
}

namespace {

// The non-empty lines of a text, without trailing blanks, skipping `--` comment lines.
// `grid_rows`: a comment is "-- " (or "--" and a tab), as in a .pz file, since '-' is
// false in a Bool grid and "--*-" is a row. `line_numbers`: each row's line, 1-based.
std::vector<std::string> text_rows(const std::string& text, bool grid_rows = false,
                                   std::vector<std::uint32_t>* line_numbers = nullptr) {
  std::vector<std::string> rows;
  std::istringstream in(text);
  std::string line;
  auto comment = [&] {
    return grid_rows ? line.rfind("-- ", 0) == 0 || line.rfind("--\t", 0) == 0 : line.rfind("--", 0) == 0;
  };
  for (std::uint32_t line_no = 1; std::getline(in, line); ++line_no) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
    if (line.empty() || comment()) continue;
    rows.push_back(line);
    if (line_numbers) line_numbers->push_back(line_no);
  }
  return rows;
}

// Tatham's game parameters after a game ID's size ("3x3x" -> "x"), as its decode_params
// reads them: why pzc cannot take them, or none. Solo's 'x' (X-Sudoku), 'j' (jigsaw) and
// 'k' (Killer) change the rules, which pzc would read as plain Sudoku: a solution that
// breaks the diagonals was printed as the unique one. Solo's symmetry (a, r2, r4, m2,
// md2, m4, md4, m8) and difficulty (dt, db, di, da, de, du), and Light Up's b, s and d
// (each with a number), only steer Tatham's generator: accepted. Any other letter (Loopy's
// "5x5t0") is refused; another game's ID whose letters look like these (Bridges'
// "10x10m2") fails later, its description fitting neither game.
std::optional<std::string> game_params_error(const std::string& params, const std::string& dims) {
  auto is_digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  for (std::size_t i = 0; i < params.size();) {
    const char c = params[i];
    std::size_t j = i + 1;
    switch (c) {
      case 'x':
        return fmt::format("X-Sudoku ('x' in '{}': each main diagonal holds every number once too) is not what pzc "
                           "reads a Solo ID as: plain Sudoku, which would ignore the diagonals", dims);
      case 'j':
        return fmt::format("jigsaw Sudoku ('j' in '{}': irregular boxes) is not what pzc reads a Solo ID as: plain "
                           "Sudoku, with square boxes", dims);
      case 'k':
        return fmt::format("Killer Sudoku ('k' in '{}': cages with sums) is not what pzc reads a Solo ID as: plain "
                           "Sudoku, without cages (write a Killer puzzle's cages in an instance block)", dims);
      case 'a': break;
      case 'd':  // Solo's dt, db, ... or Light Up's d0, d1, ...
        if (j < params.size() && params[j] >= 'a' && params[j] <= 'z') ++j;
        break;
      case 'm':
        if (j < params.size() && params[j] == 'd') ++j;
        break;
      case 'r': case 'b': case 's': break;
      default:
        return fmt::format("'{}' in '{}' is not a game parameter of Light Up or Solo (pzc reads those two; Solo's "
                           "a, r, m, d and Light Up's b, s, d steer only the generator and are accepted)", c, dims);
    }
    while (j < params.size() && is_digit(params[j])) ++j;
    i = j;
  }
  return std::nullopt;
}

// Tatham game IDs: "WxH:desc". Light Up: letters are runs of empty squares, 'B' a black
// square, digits numbered walls (W*H squares). Solo (Sudoku): "CxR:desc" with letters as
// runs of blanks and numbers separated by '_' ((C*R)^2 squares).
// `solo_box`: for a Solo ID with square boxes (C = R), C.
std::optional<std::vector<std::string>> decode_game_id(const std::string& text, std::string& error, long* solo_box = nullptr) {
  // `\s*(\d+)x(\d+)[a-z0-9]*:([A-Za-z0-9_]+)\s*`, scanned by hand: std::regex matches
  // recursively, one frame per character, and a multi-megabyte line overflowed the stack.
  auto is_space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f' || ch == '\v'; };
  auto is_digit = [](char ch) { return ch >= '0' && ch <= '9'; };
  std::size_t i = 0, end = text.size();
  while (i < end && is_space(text[i])) ++i;
  while (end > i && is_space(text[end - 1])) --end;
  const std::size_t w_at = i;
  while (i < end && is_digit(text[i])) ++i;
  const std::size_t w_len = i - w_at;
  // (Solo's jigsaw IDs are "9j:...", without an 'x': refused below for the 'j'.)
  if (w_len == 0 || i >= end || (text[i] != 'x' && text[i] != 'j')) return std::nullopt;
  std::size_t h_at = i, h_len = 0;
  if (text[i] == 'x') {
    h_at = ++i;
    while (i < end && is_digit(text[i])) ++i;
    h_len = i - h_at;
    if (h_len == 0) return std::nullopt;
  }
  const std::size_t params_at = i;
  while (i < end && ((text[i] >= 'a' && text[i] <= 'z') || is_digit(text[i]))) ++i;
  if (i >= end || text[i] != ':') return std::nullopt;
  // The game parameters after the size, before the description is read (a Killer ID's
  // cages follow a ',', which is no square).
  if (auto why = game_params_error(text.substr(params_at, i - params_at), text.substr(w_at, i - w_at))) {
    error = *why;
    return std::vector<std::string>{};
  }
  std::string desc = text.substr(i + 1, end - i - 1);
  if (desc.empty() || !std::all_of(desc.begin(), desc.end(), [&](char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || is_digit(ch) || ch == '_';
      }))
    return std::nullopt;
  // (More than 4 digits is out of range too, and would overflow stol.)
  const bool long_digits = w_len > 4 || h_len > 4;
  long w = long_digits ? 0 : std::stol(text.substr(w_at, w_len)), h = long_digits ? 0 : std::stol(text.substr(h_at, h_len));
  if (w <= 0 || h <= 0 || w > 1000 || h > 1000) {
    error = "game ID dimensions out of range";
    return std::vector<std::string>{};
  }
  // Light Up reading.
  // Squares are counted, but kept only up to what the size needs (a long ID of 'z's would
  // otherwise spell 26 squares a byte).
  std::string cells;
  std::size_t lightup_count = 0;
  bool lightup_ok = true;
  char lightup_bad = 0;
  auto lightup_add = [&](std::size_t k, char sq) {
    lightup_count += k;
    if (lightup_count <= static_cast<std::size_t>(w * h)) cells.append(k, sq);
  };
  for (char ch : desc) {
    if (ch >= 'a' && ch <= 'z') lightup_add(static_cast<std::size_t>(ch - 'a' + 1), '.');
    else if (ch == 'B') lightup_add(1, '#');
    else if (ch >= '0' && ch <= '4') lightup_add(1, ch);
    else if (lightup_ok) lightup_ok = false, lightup_bad = ch;
  }
  // Why it is not Light Up, for the message when it is not Solo either.
  const std::string as_lightup =
      !lightup_ok ? fmt::format("as Light Up, '{}' is not a square (a-z: runs of empty squares, B: a wall, 0-4: a numbered wall)", lightup_bad)
                  : fmt::format("as Light Up, it describes {} squares, not {} ({}x{})", lightup_count, w * h, w, h);
  if (lightup_ok && lightup_count == static_cast<std::size_t>(w * h)) {
    std::vector<std::string> rows;
    for (long r = 0; r < h; ++r) rows.push_back(cells.substr(static_cast<std::size_t>(r * w), static_cast<std::size_t>(w)));
    return rows;
  }
  // Solo reading.
  long n = w * h;
  std::vector<std::string> toks;
  std::size_t solo_count = 0;  // counted as the Light Up squares are, kept up to n * n
  auto solo_add = [&](std::size_t k, const std::string& tok) {
    solo_count += k;
    if (solo_count <= static_cast<std::size_t>(n * n)) toks.insert(toks.end(), k, tok);
  };
  for (std::size_t i = 0; i < desc.size();) {
    char ch = desc[i];
    if (ch >= 'a' && ch <= 'z') {
      solo_add(static_cast<std::size_t>(ch - 'a' + 1), ".");
      ++i;
    } else if (ch >= '0' && ch <= '9') {
      std::size_t j = i;
      while (j < desc.size() && desc[j] >= '0' && desc[j] <= '9') ++j;
      solo_add(1, desc.substr(i, j - i));
      i = j;
    } else if (ch == '_') {
      ++i;
    } else {
      error = fmt::format("the game ID is neither Light Up nor Solo (pzc reads those two): {}; as Solo, '{}' is not a "
                          "square (a-z: runs of blanks, digits separated by _)", as_lightup, ch);
      return std::vector<std::string>{};
    }
  }
  if (solo_count != static_cast<std::size_t>(n * n)) {
    error = fmt::format("the game ID is neither Light Up nor Solo (pzc reads those two): {}; as Solo, it describes {} "
                        "squares, not {}", as_lightup, solo_count, n * n);
    return std::vector<std::string>{};
  }
  if (w != h) {
    // (Read on, a 6x6 grid met sudoku.pz's default box of 3: "the grid is 9 x 9 for boxes of 3 x 3".)
    error = fmt::format("a Solo ID with boxes of {} x {} ('{}x{}') is not read: pzc reads Solo IDs with square boxes "
                        "only ('3x3' for 9x9, '4x4' for 16x16)", w, h, w, h);
    return std::vector<std::string>{};
  }
  std::vector<std::string> rows;
  for (long r = 0; r < n; ++r) {
    std::string row;
    for (long c = 0; c < n; ++c) row += (c ? " " : "") + toks[static_cast<std::size_t>(r * n + c)];
    rows.push_back(row);
  }
  if (solo_box) *solo_box = w;
  return rows;
}

}  // namespace

namespace {

// A file of game IDs, one per line (blank lines and `--` comments aside): its lines (with
// their line numbers in `numbers`), when its first line reads as a game ID; else none.
std::vector<std::string> game_id_rows(const std::string& text, std::vector<std::uint32_t>* numbers = nullptr) {
  std::vector<std::string> lines = text_rows(text, false, numbers);
  std::string ignored;
  if (lines.empty() || !decode_game_id(lines[0], ignored).has_value()) lines.clear();
  return lines;
}

}  // namespace

std::size_t Session::game_id_lines(const std::string& text) { return game_id_rows(text).size(); }

bool Session::bind_text_instance(const std::string& path, const std::string& text) {
  // The rows go to the puzzle's only Grid given.
  std::vector<std::string> grid_givens;
  for (const auto& nm : checked.given_order)
    if (checked.names.at(nm).type.is(ast::Type::K::Grid)) grid_givens.push_back(nm);
  std::uint32_t id = sm.add(path, text);
  source::Range whole{id, {1, 1}, {1, 1}};
  // One puzzle per line (the crossword seed's slot lists): line K, as whitespace-separated
  // tokens, goes to the puzzle's only Seq(String) given.
  std::vector<std::string> token_givens;
  for (const auto& nm : checked.given_order) {
    const ast::Type& t = checked.names.at(nm).type;
    if (t.is(ast::Type::K::Seq) && t.elem->is(ast::Type::K::String)) token_givens.push_back(nm);
  }
  if (grid_givens.empty() && token_givens.size() == 1) {
    std::istringstream in(text);
    std::string l;
    int seen = 0;
    std::uint32_t line_no = 0;
    const int want = line_or_first();
    while (std::getline(in, l)) {
      ++line_no;
      if (l.find_first_not_of(" \t\r") == std::string::npos || l.rfind("--", 0) == 0) continue;
      if (++seen == want) break;
    }
    if (seen != want) {
      diags.error(whole, fmt::format("'{}' has {} puzzle line{}; --line {} is out of range", path, seen, seen == 1 ? "" : "s", want));
      return false;
    }
    ast::SeqLit items;
    std::istringstream toks(l);
    std::string tok;
    source::Range lr{id, {line_no, 1}, {line_no, static_cast<std::uint32_t>(l.size() + 1)}};
    while (toks >> tok) items.items.push_back(ast::make_expr(ast::StringLit{tok}, lr));
    ast::Binding b;
    b.name = token_givens[0];
    b.range = lr;
    b.value = ast::make_expr(std::move(items), lr);
    overrides.insert(overrides.begin(), std::move(b));
    return true;
  }
  if (grid_givens.size() != 1) {
    diags.error(whole, fmt::format("'{}' is not an instance block, and puzzle {} has {} Grid givens, so a grid of text rows cannot be bound",
                                   path, puzzle->name, grid_givens.size()));
    return false;
  }
  std::string error;
  ast::GridLit grid;
  long solo_box = 0;
  // A file of game IDs, one per line (as `generate --format tatham` writes them): the one
  // on line --line (blank lines and `--` comments aside).
  std::string id_text;
  {
    std::vector<std::uint32_t> numbers;
    std::vector<std::string> lines = game_id_rows(text, &numbers);
    if (!lines.empty()) {
      const int want = line_or_first();
      if (static_cast<std::size_t>(want) > lines.size()) {
        diags.error(whole, fmt::format("'{}' has {} puzzle line{}; --line {} is out of range", path, lines.size(),
                                       lines.size() == 1 ? "" : "s", want));
        return false;
      }
      const auto k = static_cast<std::size_t>(want - 1);
      id_text = lines[k];
      whole = {id, {numbers[k], 1}, {numbers[k], static_cast<std::uint32_t>(id_text.size() + 1)}};
    }
  }
  if (!id_text.empty() && !decode_game_id(id_text, error).has_value()) {
    // (It was read as the file's grid rows, the error pointing at line 1.)
    // (Numbered as --line and grade's rows number them, blank and comment lines skipped;
    // the location gives the file's own line.)
    diags.error(whole, fmt::format("puzzle line {} of '{}' is not a game ID (WxH:...), though its first puzzle line is: a "
                                   "file of game IDs holds one on each line", line_or_first(), path));
    return false;
  }
  if (id_text.empty() && line_given()) {
    diags.error(whole, fmt::format("--line {} takes a file of one puzzle on each line (Tatham game IDs, slot lists), and "
                                   "'{}' is not one: its rows are read as one grid; leave out --line", line, path));
    return false;
  }
  error.clear();
  if (auto decoded = decode_game_id(id_text.empty() ? text : id_text, error, &solo_box)) {
    if (!error.empty()) {
      diags.error(whole, fmt::format("bad game ID: {}", error));
      return false;
    }
    grid.rows = *decoded;
    // A Solo ID says its box size ("4x4:" for 16x16): it binds an Int given named `box`
    // when the spec has one (a --given box=... still comes after, and wins).
    if (solo_box > 0) {
      auto it = checked.names.find("box");
      if (it != checked.names.end() && it->second.kind == sema::NameKind::Given && it->second.type.is(ast::Type::K::Int)) {
        ast::Binding bb;
        bb.name = "box";
        bb.range = whole;
        bb.value = ast::make_expr(ast::IntLit{solo_box}, whole);
        overrides.insert(overrides.begin(), std::move(bb));
      }
    }
  } else {
    std::vector<std::uint32_t> lines;
    grid.rows = text_rows(text, false, &lines);
    for (std::size_t k = 0; k < lines.size(); ++k)
      grid.rows_at.push_back({id, {lines[k], 1}, {lines[k], static_cast<std::uint32_t>(grid.rows[k].size() + 1)}});
  }
  if (grid.rows.empty()) {
    diags.error(whole, fmt::format("'{}' holds no grid rows", path));
    return false;
  }
  ast::Binding b;
  b.name = grid_givens[0];
  b.range = whole;
  b.value = ast::make_expr(std::move(grid), whole);
  overrides.insert(overrides.begin(), std::move(b));
  return true;
}

bool Session::select_instance(const std::string& arg) {
  const ast::Module& spec = *modules[0];
  // --line picks a line of a one-puzzle-per-line file (bind_text_instance); an instance
  // block, or none, has no lines to pick from.
  auto no_line = [&](const std::string& what) {
    diags.error_no_location(fmt::format("--line {} takes an instance file of one puzzle on each line (Tatham game IDs, "
                                        "slot lists), and {}: leave out --line", line, what));
    return false;
  };
  if (arg.empty()) {
    if (line_given()) return no_line("no instance file was given");
    std::vector<const ast::Instance*> mine;
    for (const auto& inst : spec.instances)
      if (inst.puzzle == puzzle->name) mine.push_back(&inst);
    if (mine.size() == 1) instance = mine[0];
    return true;  // no instance: givens come from defaults and --given
  }
  for (const auto& inst : spec.instances)
    if (inst.name == arg) {
      // (With --puzzle naming another puzzle: binding its givens to that puzzle answered
      // for a puzzle the instance is not of.)
      if (inst.puzzle != puzzle->name) {
        diags.error(inst.puzzle_range, fmt::format("instance '{}' is of puzzle '{}', but the command took puzzle '{}'; "
                                                   "give --puzzle {}", inst.name, inst.puzzle, puzzle->name, inst.puzzle));
        return false;
      }
      if (line_given()) return no_line(fmt::format("'{}' is an instance block of {}", arg, sm.file(0).path));
      instance = &inst;
      return true;
    }
  std::error_code ec;
  if (arg != "-" && !std::filesystem::exists(arg, ec)) {
    std::vector<std::string> names;
    for (const auto& inst : spec.instances) names.push_back(inst.name);
    std::string near = sema::closest_name(arg, names);
    diags.error_no_location(fmt::format("'{}' is neither an instance in {} nor a file{}", arg,
                                        sm.file(0).path, near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near)));
    return false;
  }
  auto text = read(arg);
  if (!text) return false;
  std::string path = arg == "-" ? "<stdin>" : arg;
  // An instance block? (Or its body alone: `board = grid {` with no `instance … of` line,
  // which as rows of text would be read as a grid whose first cell is "board".)
  bool looks_pz = false;
  std::uint32_t binding_line = 0;
  {
    std::istringstream in(*text);
    std::string line;
    for (std::uint32_t n = 1; std::getline(in, line); ++n) {
      std::size_t b = line.find_first_not_of(" \t\r");
      if (b == std::string::npos || line.compare(b, 2, "--") == 0) continue;
      looks_pz = line.compare(b, 9, "instance ") == 0 || line.compare(b, 7, "puzzle ") == 0;
      std::size_t e = b;
      while (e < line.size() && (std::isalnum(static_cast<unsigned char>(line[e])) || line[e] == '_')) ++e;
      std::size_t eq = line.find_first_not_of(" \t", e);
      if (e > b && !std::isdigit(static_cast<unsigned char>(line[b])) && eq != std::string::npos && line[eq] == '=' &&
          line.compare(eq, 2, "==") != 0)
        binding_line = n;
      break;
    }
  }
  if (!looks_pz && binding_line > 0) {
    std::uint32_t id = sm.add(path, std::move(*text));
    diags.error(source::Range{id, {binding_line, 1}, {binding_line, 1}},
                fmt::format("this looks like the body of an instance block without its first line: write the bindings "
                            "between `instance NAME of {}` and `end`",
                            puzzle ? puzzle->name : std::string("PUZZLE")));
    return false;
  }
  if (!looks_pz) return bind_text_instance(path, *text);
  if (line_given()) return no_line(fmt::format("'{}' holds instance blocks", path));
  std::uint32_t id = sm.add(path, std::move(*text));
  auto m = parse::parse_module(sm, id, diags);
  if (!m) return false;
  modules.push_back(std::make_unique<ast::Module>(std::move(*m)));
  const ast::Module& file = *modules.back();
  if (!instance_names_apart(file, diags)) return false;
  // An instance of a puzzle the spec does not take, said at its `of PUZZLE`.
  auto foreign = [&](const ast::Instance& inst) {
    const auto& puzzles = modules[0]->puzzles;
    const bool declared = std::any_of(puzzles.begin(), puzzles.end(), [&](const ast::Puzzle& q) { return q.name == inst.puzzle; });
    if (declared)  // a file of several puzzles: the first was taken
      diags.error(inst.puzzle_range, fmt::format("instance '{}' is of puzzle '{}', but the command took puzzle '{}' of {}; "
                                                 "give --puzzle {}", inst.name, inst.puzzle, puzzle->name, sm.file(0).path, inst.puzzle));
    else
      diags.error(inst.puzzle_range, fmt::format("instance '{}' is of puzzle '{}', but {} declares puzzle '{}'",
                                                 inst.name, inst.puzzle, sm.file(0).path, puzzle->name));
    return false;
  };
  if (block >= 0) {  // (grade's pick: each block of the file is a row, whatever its puzzle)
    if (static_cast<std::size_t>(block) >= file.instances.size()) {
      diags.error({id, {1, 1}, {1, 1}}, fmt::format("'{}' holds {} instance blocks, not {}", path, file.instances.size(), block + 1));
      return false;
    }
    const ast::Instance& inst = file.instances[static_cast<std::size_t>(block)];
    if (inst.puzzle != puzzle->name) return foreign(inst);
    instance = &inst;
    return true;
  }
  const ast::Instance* found = nullptr;
  const ast::Instance* second = nullptr;
  std::vector<std::string> names;  // the instances of this puzzle in the file
  for (const auto& inst : file.instances)
    if (inst.puzzle == puzzle->name) {
      if (!found) found = &inst;
      else if (!second) second = &inst;
      names.push_back(inst.name);
    }
  if (second && !several_instances_ok) {
    // Taking the first in silence answered for a puzzle the user may not have meant.
    diags.error(second->range,
                fmt::format("'{}' holds {} instances of puzzle {} ({}), and this command takes one: put it in a file of "
                            "its own (grade takes them all)",
                            path, names.size(), puzzle->name, fmt::join(names, ", ")));
    return false;
  }
  if (!found) {
    if (!file.instances.empty()) {
      foreign(file.instances[0]);
    } else {
      diags.error({id, {1, 1}, {1, 1}}, fmt::format("'{}' holds no instance", path));
    }
    return false;
  }
  instance = found;
  return true;
}

bool Session::add_given(const std::string& spec) {
  auto eq = spec.find('=');
  if (eq == std::string::npos || eq == 0) {
    diags.error_no_location(fmt::format("--given expects NAME=VALUE or NAME=@FILE, not '{}'", spec));
    return false;
  }
  std::string name = spec.substr(0, eq), value = spec.substr(eq + 1);
  // (Both were bound, and the instance was refused for binding it twice, or generate
  // printed an instance that binds it twice.)
  for (const auto& o : overrides)
    if (o.name == name) {
      diags.error_no_location(fmt::format("--given {} is given twice: give it once", name));
      return false;
    }
  if (value.find_first_not_of(" \t") == std::string::npos) {
    diags.error_no_location(fmt::format("--given {}= has no value: write --given {}=VALUE or {}=@FILE", name, name, name));
    return false;
  }
  std::uint32_t id;
  if (!value.empty() && value[0] == '@') {
    // A file: grid rows or a word list, read relative to the working directory.
    std::string text = "file \"" + value.substr(1) + "\"";
    id = sm.add("<--given " + name + ">", text);
  } else {
    id = sm.add("<--given " + name + ">", value);
  }
  source::Range r{id, {1, 1}, {1, static_cast<std::uint32_t>(value.size() + 1)}};
  ast::ExprPtr e = parse::parse_expression(sm, id, diags);
  if (!e) return false;
  // Checked here too, not only when the instance is bound: a command that grounds nothing
  // (`show` without an instance) would ignore it.
  if (puzzle && !sema::check_given_name(checked, name, r, diags)) return false;
  overrides.push_back({name, std::move(e), r});
  return true;
}

bool Session::no_state_space() {
  if (!checked.has_state_space || !checked.var_order.empty()) return true;
  diags.error(puzzle->range, fmt::format("puzzle {} declares states and moves, not variables: it is solved by search "
                                         "(use pzc search)", puzzle->name));
  return false;
}

bool Session::ground(bool include_clues, bool include_techniques) {
  ground::GroundOptions options;
  options.limits = limits;
  options.include_clues = include_clues;
  options.include_techniques = include_techniques;
  for (auto& b : overrides) {
    ast::Binding copy;
    copy.name = b.name;
    copy.range = b.range;
    copy.value = std::move(b.value);
    options.overrides.push_back(std::move(copy));
  }
  bound = {};
  program = ground::ground(checked, instance, options, sm, diags, &bound);
  for (std::size_t i = 0; i < overrides.size(); ++i) overrides[i].value = std::move(options.overrides[i].value);
  return program.has_value();
}

namespace {

ground::Value to_value(const ir::Variable& v, ir::Value x) {
  switch (v.kind) {
    case ir::ValueKind::Bool: return ground::Value::boolean(x != 0);
    case ir::ValueKind::Symbol: return ground::Value::symbol(x);
    case ir::ValueKind::String: return ground::Value::string(x);
    case ir::ValueKind::Char: return ground::Value::character(static_cast<char>(x));
    default: return ground::Value::integer(x);
  }
}

}  // namespace

std::map<std::string, ground::Value> solution_values(const ir::Program& p, const ir::Assignment& a) {
  std::map<std::string, ground::Value> out;
  for (const auto& g : p.groups) {
    std::vector<ground::Value> items;
    for (std::int32_t i = 0; i < g.count; ++i) items.push_back(to_value(p.vars[static_cast<std::size_t>(g.first + i)], a[static_cast<std::size_t>(g.first + i)]));
    switch (g.shape) {
      case ir::VarGroup::Shape::Scalar: out[g.name] = items[0]; break;
      case ir::VarGroup::Shape::Seq: out[g.name] = ground::Value::seq(std::move(items)); break;
      case ir::VarGroup::Shape::Grid: out[g.name] = ground::Value::grid_of(g.dims[0], g.dims[1], std::move(items)); break;
      case ir::VarGroup::Shape::Map: break;
    }
  }
  return out;
}

namespace {

// A `def picture` that cannot draw: a warning on stderr (once a process: a batch draws
// many solutions), and the solution is drawn as its variables instead.
void picture_warning(const Session& s, const source::Range& at, const std::string& why) {
  static std::atomic<bool> warned{false};
  if (warned.exchange(true)) return;
  source::Diagnostics d;
  d.warning(at, fmt::format("def picture cannot draw the solution, which is printed without it: {}", why));
  std::cerr << d.render(s.sm);
}

}  // namespace

std::string title(const ir::Program& p) {
  return p.instance.empty() ? p.puzzle : fmt::format("{} ({})", p.instance, p.puzzle);
}

namespace {

// The spec's `def picture`, or null.
const ast::DefDecl* picture_def(const Session& s) {
  auto it = s.checked.names.find("picture");
  return it != s.checked.names.end() && it->second.kind == sema::NameKind::Def ? it->second.def : nullptr;
}

// What `def picture` draws for each cell of the assignment `a`, row by row; nullopt when
// the spec has no picture, or (with `why` and `at` set) when it cannot draw.
std::optional<std::vector<std::vector<std::string>>> picture_cells(Session& s, const ir::Assignment& a, std::string& why,
                                                                   source::Range& at) {
  const ir::Program& p = *s.program;
  const ast::DefDecl* picture = picture_def(s);
  if (!picture) return std::nullopt;
  const ast::DefDecl& def = *picture;
  if (def.params.size() != 1 || def.params[0].type.name != "Cell") {
    why = "it takes one parameter, a Cell (def picture(p : Cell) = ...)";
    at = def.range;
    return std::nullopt;
  }
  // Evaluate picture(p) with every variable replaced by its value in the solution.
  // The evaluator may intern strings into the program; nothing else changes.
  ground::Evaluator ev(s.checked, *s.program, s.sm, s.limits);
  for (const auto& [name, v] : s.bound.givens) ev.givens[name] = v;
  ev.vars = solution_values(p, a);
  // The drawing's size: the first grid variable's, else (a puzzle whose unknowns are
  // Maps, Bridges' bridges by island) the first grid given's.
  std::int64_t rows = 0, cols = 0;
  if (const ir::VarGroup* grid = ir::answer_grid(p)) {
    rows = grid->dims[0];
    cols = grid->dims[1];
  } else {
    for (const auto& [name, v] : s.bound.givens)
      if (v.k == ground::Value::K::Grid && v.grid) {
        rows = v.grid->rows;
        cols = v.grid->cols;
        break;
      }
  }
  if (rows < 1 || cols < 1) return std::nullopt;
  std::vector<std::vector<std::string>> cells(static_cast<std::size_t>(rows));
  try {
    // A Map group's keys, evaluated again from its declaration: the solution's values by key.
    for (const auto& g : p.groups) {
      if (g.shape != ir::VarGroup::Shape::Map) continue;
      auto n = s.checked.names.find(g.name);
      if (n == s.checked.names.end() || !n->second.var || n->second.var->dims.empty()) continue;
      const ast::Expr& keys_expr = *n->second.var->dims[0];
      std::vector<ground::Value> keys = ev.concrete_items(ev.eval(keys_expr), keys_expr.range, "a map's keys");
      if (keys.size() != static_cast<std::size_t>(g.count)) continue;
      std::vector<ground::Value> items;
      for (std::int32_t i = 0; i < g.count; ++i)
        items.push_back(to_value(p.vars[static_cast<std::size_t>(g.first + i)], a[static_cast<std::size_t>(g.first + i)]));
      ground::Value m = ground::Value::seq(std::move(items));
      m.k = ground::Value::K::Map;
      m.keys = ground::Rc<std::vector<ground::Value>>::make(std::move(keys));
      ev.vars[g.name] = std::move(m);
    }
    for (std::int64_t r = 1; r <= rows; ++r)
      for (std::int64_t c = 1; c <= cols; ++c) {
        ev.locals = {{def.params[0].name, ground::Value::cell(r, c, rows, cols)}};
        cells[static_cast<std::size_t>(r - 1)].push_back(ev.format(ev.eval(*def.body)));
      }
  } catch (const ground::EvalError& e) {
    why = e.message;
    at = e.range;
    return std::nullopt;
  }
  return cells;
}

// Whether `def picture(p : Cell)` reads no variable but `grid[p]` (directly, not in a def
// it calls): then what it draws at a cell depends on that cell's value alone, and a
// character it draws can be read back as the value (see read_grid).
bool picture_reads_only_its_cell(const Session& s, const std::string& grid) {
  const ast::DefDecl* picture = picture_def(s);
  if (!picture || picture->params.size() != 1 || !picture->body) return false;
  const ast::DefDecl& def = *picture;
  auto body_of = [&](const std::string& nm) -> const ast::Expr* {
    auto d = s.checked.names.find(nm);
    return d != s.checked.names.end() && d->second.kind == sema::NameKind::Def && d->second.def ? d->second.def->body.get()
                                                                                               : nullptr;
  };
  for (const auto& n : ast::names_read(*def.body, body_of)) {
    auto d = s.checked.names.find(n);
    if (d != s.checked.names.end() && d->second.kind == sema::NameKind::Var && n != grid) return false;
  }
  bool ok = true;
  ast::walk(*def.body, [&](const ast::Expr& e) {
    if (const auto* ix = std::get_if<ast::Index>(&e.node)) {
      const auto* base = std::get_if<ast::Name>(&ix->base->node);
      if (base && base->id == grid) {
        const auto* arg = ix->args.size() == 1 ? std::get_if<ast::Name>(&ix->args[0]->node) : nullptr;
        if (!arg || arg->id != def.params[0].name) ok = false;
        return false;
      }
    }
    if (const auto* nm = std::get_if<ast::Name>(&e.node); nm && nm->id == grid) ok = false;
    if (const auto* call = std::get_if<ast::Call>(&e.node))
      if (const ast::Expr* b = body_of(call->fn); b && ast::names_read(*b, body_of).count(grid)) ok = false;
    return ok;
  });
  return ok;
}

constexpr std::size_t kMaxPictureValues = 256;

// For reading a grid drawn by `def picture` (one that reads only its own cell, see
// picture_reads_only_its_cell): the picture of every cell of the answer grid holding its
// k-th value, for each k (the other variables, which it does not read, at their first
// value). Nullopt when it cannot draw.
std::optional<std::vector<std::vector<std::vector<std::string>>>> pictures(Session& s, const ir::VarGroup& grid) {
  const ir::Program& p = *s.program;
  std::size_t values = 0;
  for (std::int32_t i = 0; i < grid.count; ++i)
    values = std::max(values, p.vars[static_cast<std::size_t>(grid.first + i)].domain.size());
  // (A drawing per value: a domain of thousands of numbers is not read back this way.)
  if (values > kMaxPictureValues) return std::nullopt;
  std::vector<std::vector<std::vector<std::string>>> out;
  for (std::size_t k = 0; k < values; ++k) {
    ir::Assignment a(p.vars.size());
    for (std::size_t v = 0; v < p.vars.size(); ++v) {
      const auto& dom = p.vars[v].domain;
      if (dom.empty()) return std::nullopt;
      const bool in_grid = static_cast<std::int64_t>(v) >= grid.first && static_cast<std::int64_t>(v) < grid.first + grid.count;
      a[v] = in_grid ? dom[std::min(k, dom.size() - 1)] : dom.front();
    }
    std::string why;
    source::Range at;
    auto cells = picture_cells(s, a, why, at);
    if (!cells || static_cast<std::int64_t>(cells->size()) != grid.dims[0]) return std::nullopt;
    out.push_back(std::move(*cells));
  }
  return out;
}

}  // namespace

std::string draw(Session& s, const ir::Assignment& a) {
  std::string why;
  source::Range at;
  const auto cells = picture_cells(s, a, why, at);
  if (!cells) {
    if (!why.empty()) picture_warning(s, at, why);
    return ir::draw_assignment(*s.program, a);
  }
  std::size_t width = 1;
  for (const auto& row : *cells)
    for (const auto& txt : row) width = std::max(width, txt.size());
  std::string out;
  for (const auto& row : *cells) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (width > 1 && c) line += ' ';
      line += std::string(width - row[c].size(), ' ') + row[c];
    }
    out += line + "\n";
  }
  return out;
}

std::optional<std::vector<std::optional<ir::Value>>> read_grid(Session& s, const std::string& text, std::string& error) {
  const ir::Program& p = *s.program;
  const ir::VarGroup* grid = ir::answer_grid(p);
  if (!grid) {
    error = "the puzzle has no grid variable to fill in";
    return std::nullopt;
  }
  std::vector<std::string> rows = text_rows(text, /*grid_rows=*/true);
  // `solve`'s or `unique`'s output as it is: its first line is the answer, not a row; so
  // is `enumerate`'s "NAME: solution K" above each solution.
  if (const std::string answer = title(p) + ": "; !rows.empty()) {
    auto enumerated = [&](const std::string& row) {
      const std::string head = answer + "solution ";
      return row.size() > head.size() && row.compare(0, head.size(), head) == 0 &&
             std::all_of(row.begin() + static_cast<std::ptrdiff_t>(head.size()), row.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
    };
    if (rows[0] == answer + "solution" || rows[0] == answer + "unique solution (no second solution exists)" ||
        enumerated(rows[0]))
      rows.erase(rows.begin());
    // (Without a picture, the grid's rows come under its name: "cell:".)
    if (!rows.empty() && rows[0] == grid->name + ":") rows.erase(rows.begin());
  }
  std::string line;
  if (rows.size() == 1 && rows[0].find('/') != std::string::npos) {  // "ABX/XBA/..." on one line
    std::string all = rows[0];
    rows.clear();
    std::istringstream parts(all);
    while (std::getline(parts, line, '/')) rows.push_back(line);
  }
  if (static_cast<std::int64_t>(rows.size()) != grid->dims[0]) {
    error = fmt::format("the grid has {} row{}, but {} is {}x{}", rows.size(), rows.size() == 1 ? "" : "s", grid->name,
                        grid->dims[0], grid->dims[1]);
    return std::nullopt;
  }
  // Each row's cells: one character each, or words between spaces.
  std::vector<std::vector<std::string>> cells;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    // (A character of several bytes counted as several cells: "row 9 has 10 cells".)
    if (auto bad = source::first_non_ascii(rows[r])) {
      error = fmt::format("row {} of the grid holds '{}', which is not an ASCII character (a cell is one character, or a "
                          "word between spaces, of ASCII)", r + 1, rows[r].substr(bad->first, bad->second));
      return std::nullopt;
    }
    std::vector<std::string> toks;
    // (Blanks around a row are not cells: " *.." is three of them, not one word.)
    const std::size_t b = rows[r].find_first_not_of(" \t"), e = rows[r].find_last_not_of(" \t");
    rows[r] = b == std::string::npos ? std::string() : rows[r].substr(b, e - b + 1);
    if (rows[r].find_first_of(" \t") != std::string::npos) {
      std::istringstream ts(rows[r]);
      std::string t;
      while (ts >> t) toks.push_back(t);
    } else {
      for (char ch : rows[r]) toks.emplace_back(1, ch);
    }
    if (static_cast<std::int64_t>(toks.size()) != grid->dims[1]) {
      error = fmt::format("row {} of the grid has {} cell{}, but {} has {} column{}", r + 1, toks.size(),
                          toks.size() == 1 ? "" : "s", grid->name, grid->dims[1], grid->dims[1] == 1 ? "" : "s");
      return std::nullopt;
    }
    cells.push_back(std::move(toks));
  }
  auto var_at = [&](std::size_t r, std::size_t c) {
    return static_cast<std::size_t>(grid->first) + r * static_cast<std::size_t>(grid->dims[1]) + c;
  };
  // A cell's text as one of its values ('*' or '1' for true, a member's name).
  auto as_value = [&](const ir::Variable& var, const std::string& t) -> std::optional<ir::Value> {
    if (var.kind == ir::ValueKind::Bool) {
      if (t == "*" || t == "1" || t == "L" || t == "#" || t == "true") return 1;
      if (t == "-" || t == "x" || t == "0" || t == "false" || t == "_") return 0;
      return std::nullopt;
    }
    for (ir::Value d : var.domain)
      if (ir::format_value(p, var.kind, d) == t) return d;
    return std::nullopt;
  };
  // A cell's text as the picture draws it (`def picture`, when it reads no variable but
  // the cell's own: Magnets' '+', Thermometers' bulb letter, Light Up's wall "1" whatever
  // the cell), or, without one, as the board shows it there (a Bool grid beside a Char or
  // Int grid given of its size: Light Up's walls, Nurikabe's numbers): the values it
  // stands for; none when it is neither.
  std::optional<std::vector<std::vector<std::vector<std::string>>>> pictured;
  if (picture_reads_only_its_cell(s, grid->name)) pictured = pictures(s, *grid);
  std::vector<const ground::GridData*> boards;
  for (const auto& [name, v] : s.bound.givens)
    if (v.k == ground::Value::K::Grid && v.grid && v.grid->rows == grid->dims[0] && v.grid->cols == grid->dims[1])
      boards.push_back(&*v.grid);
  auto as_drawn = [&](std::size_t r, std::size_t c, const std::string& t) {
    const ir::Variable& var = p.vars[var_at(r, c)];
    std::vector<ir::Value> out;
    if (pictured) {
      for (std::size_t k = 0; k < pictured->size() && k < var.domain.size(); ++k)
        if ((*pictured)[k][r][c] == t) out.push_back(var.domain[k]);
      return out;
    }
    if (var.kind != ir::ValueKind::Bool) return out;
    for (const ground::GridData* g : boards) {
      const ground::Value& x = g->cells[r * static_cast<std::size_t>(g->cols) + c];
      if ((x.k == ground::Value::K::Chr && t.size() == 1 && x.i == static_cast<unsigned char>(t[0])) ||
          (x.k == ground::Value::K::Int && t == std::to_string(x.i)))
        return var.domain;
    }
    return out;
  };
  // Text that is both (a "1" on a Net tile 1, a Mosaic clue 1, or a Light Up wall "1"):
  // read as a value when the grid writes it as a value elsewhere (a grid of 1s and 0s),
  // else as drawn (a solution's picture, a person's copy of the board).
  std::vector<std::vector<std::vector<ir::Value>>> drawn_as(cells.size());
  std::set<std::string> written_as_value;
  for (std::size_t r = 0; r < cells.size(); ++r)
    for (std::size_t c = 0; c < cells[r].size(); ++c) {
      const std::string& t = cells[r][c];
      drawn_as[r].push_back(t == "." || t == "?" ? std::vector<ir::Value>{} : as_drawn(r, c, t));
      if (t != "." && t != "?" && drawn_as[r][c].empty()) written_as_value.insert(t);
    }
  std::vector<std::optional<ir::Value>> partial(p.vars.size());
  // The puzzle's own fixed cells, for text drawn alike for several values: the native
  // engine's propagation from the givens (Nurikabe's number fixes its square unshaded only
  // through the aux `island`); none when it finds the givens contradictory.
  bool propagated = false;
  std::optional<engine::Domains> fixed;
  for (std::size_t r = 0; r < cells.size(); ++r)
    for (std::size_t c = 0; c < cells[r].size(); ++c) {
      const std::string& t = cells[r][c];
      const std::size_t vid = var_at(r, c);
      const ir::Variable& var = p.vars[vid];
      if (t == "." || t == "?") continue;
      std::optional<ir::Value> val = as_value(var, t);
      const std::vector<ir::Value> drawn = val && written_as_value.count(t) ? std::vector<ir::Value>{} : drawn_as[r][c];
      if (drawn.size() == 1) {
        val = drawn[0];
      } else if (drawn.size() > 1) {
        // Filled when the puzzle alone fixes the cell to one of them (no light on a wall),
        // so a solution drawn with its board is full; otherwise unfilled.
        if (!propagated) {
          propagated = true;
          engine::Domains d(p);
          if (engine::Propagators(p).fixpoint_all(d)) fixed.emplace(std::move(d));
        }
        const auto v = static_cast<ir::VarId>(vid);
        if (fixed && fixed->size(v) == 1) {
          const ir::Value x = var.domain[static_cast<std::size_t>(fixed->first(v))];
          if (std::find(drawn.begin(), drawn.end(), x) != drawn.end()) partial[vid] = x;
        }
        continue;
      }
      if (!val) {
        // What the spec's picture draws at this cell, for each value: also accepted.
        std::string picture;
        if (pictured)
          for (std::size_t k = 0; k < pictured->size() && k < var.domain.size(); ++k)
            picture += fmt::format("{}{} for {}", picture.empty() ? "" : ", ", (*pictured)[k][r][c],
                                   ir::format_value(p, var.kind, var.domain[k]));
        if (var.kind == ir::ValueKind::Bool) {
          error = fmt::format("'{}' at row {}, column {} is neither a value of {} (* 1 L # true for true, - x 0 false _ for "
                              "false, . ? for unfilled) nor {}", t, r + 1, c + 1, var.name,
                              pictured ? "as the picture draws it there (" + picture + ")" : "the board's own character there");
        } else {
          error = fmt::format("'{}' at row {}, column {} is not a value of {} (", t, r + 1, c + 1, var.name);
          for (std::size_t i = 0; i < var.domain.size(); ++i) error += (i ? " " : "") + ir::format_value(p, var.kind, var.domain[i]);
          error += pictured ? "; as the picture draws it there: " + picture + ")" : ")";
        }
        return std::nullopt;
      }
      partial[vid] = val;
    }
  return partial;
}

ir::PartialAssignment with_givens(const ir::Program& p, const ir::PartialAssignment& grid) {
  ir::PartialAssignment out = grid;
  const ir::PartialAssignment given = hints::State::from_program(p).fixed();
  for (std::size_t v = 0; v < out.size() && v < given.size(); ++v)
    if (!out[v]) out[v] = given[v];
  return out;
}

engine::SearchResult solve_keeping(const ir::Program& p, const ir::PartialAssignment& entries, std::uint64_t node_limit,
                                   double time_limit_s) {
  ir::Program fixed = p;
  for (std::size_t v = 0; v < fixed.vars.size() && v < entries.size(); ++v)
    if (const auto& x = entries[v]) fixed.vars[v].domain = {*x};
  engine::SearchOptions so;
  so.time_limit_s = time_limit_s;
  so.node_limit = node_limit;
  return engine::solve(fixed, so);
}

bool solution_with_open_false(const ir::Program& p, const ir::PartialAssignment& filled, double time_limit_s) {
  const ir::VarGroup* g = ir::answer_grid(p);
  if (!g || g->count == 0 || p.vars[static_cast<std::size_t>(g->first)].kind != ir::ValueKind::Bool) return false;
  ir::PartialAssignment completed = filled;
  for (std::int32_t i = 0; i < g->count; ++i) {
    auto& x = completed[static_cast<std::size_t>(g->first + i)];
    if (!x) x = 0;
  }
  if (!ir::definitely_violated(p, completed).empty()) return false;
  if (std::all_of(completed.begin(), completed.end(), [](const auto& x) { return x.has_value(); })) return true;
  // (Bounded as verify's completion search is; past the bound, nothing is said.)
  return solve_keeping(p, completed, 1000000, time_limit_s).status == engine::Status::Sat;
}

std::vector<ir::VarId> culprits(const ir::Program& p, const ir::Constraint& c, const ir::PartialAssignment& grid,
                                ir::PartialAssignment filled) {
  std::vector<ir::VarId> out;
  for (ir::VarId v : c.scope) {
    const auto at = static_cast<std::size_t>(v);
    if (!grid[at]) continue;
    std::optional<ir::Value> entry = filled[at];
    filled[at].reset();
    if (ir::constraint_truth(p, c, filled) == ir::Truth::False) continue;  // broken without it too
    filled[at] = entry;
    out.push_back(v);
  }
  return out;
}

}  // namespace pzc::driver
