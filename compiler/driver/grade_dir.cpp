// pzc grade over a directory or several instance files: each instance is loaded in a
// Session of its own (one bad file is a row, not the end of the run), then graded.
#include "compiler/driver/grade_dir.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compiler/driver/hint_command.hpp"
#include "compiler/driver/json_text.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/io/read_text.hpp"

namespace pzc::driver {

namespace {

namespace fs = std::filesystem;
using ordered_json = nlohmann::ordered_json;

// One thing to grade: a path (or a spec instance name), and which of its instance blocks
// when the file holds several.
struct Unit {
  std::string path;
  int block = -1;     // which instance block of the file (its index, whatever its puzzle); -1: the only one
  std::string label;  // the "file" column
  int line = 0;       // a file of game IDs: which line (0: --line, or the first)
};

// The "file" column's name of a path: standard input is "<stdin>", as in diagnostics.
std::string shown_path(const std::string& path) { return path == "-" ? "<stdin>" : path; }

// The levels in the histogram, easiest first; hints::grade's levels, then the two failures.
const std::vector<std::string> kLevels = {"easy", "tricky", "hard", "fiendish", "unsolved", "error", "not graded"};
// A row the time limit left ungraded (the table so far is printed when the limit strikes).
const std::string kNotGraded = "not graded";

bool has_instance_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  return std::any_of(kInstanceExtensions.begin(), kInstanceExtensions.end(), [&](const char* e) { return ext == e; });
}

// What a directory entry that is not a regular file is, for the note that skips it.
const char* kind_of(const fs::file_status& st) {
  switch (st.type()) {
    case fs::file_type::fifo: return "a FIFO";
    case fs::file_type::socket: return "a socket";
    case fs::file_type::block: return "a block device";
    case fs::file_type::character: return "a character device";
    default: return "neither a file nor a directory";
  }
}

std::string extension_list() {
  std::string out;
  for (const char* e : kInstanceExtensions) out += (out.empty() ? "" : ", ") + std::string(e);
  return out;
}

// The first error of a session, in one line (the full diagnostics go to stderr).
std::string first_error(const Session& s) {
  for (const auto& d : s.diags.all())
    if (d.severity == source::Severity::Error) return d.message;
  return "could not be loaded";
}

// Loads the spec and one instance (block `block` of `path` when not empty), grounds it and
// proves its techniques: prepare() for one row, without printing.
bool load_unit(Session& s, const CommonOptions& o, const Unit& u) {
  s.line = u.line > 0 ? u.line : o.line;
  s.several_instances_ok = true;
  s.block = u.block;  // (one of another puzzle is an error about that block)
  bool ok = s.load_spec(o.spec, o.puzzle) && s.select_instance(u.path);
  if (ok)
    for (const auto& g : o.givens) ok = s.add_given(g) && ok;
  if (ok) ok = s.no_state_space() && s.ground();
  if (ok && !s.program->techniques.empty()) ok = prove_techniques(s, o);
  return ok && !s.diags.has_errors();
}

// The names of the instance blocks in the file `path`, in order, of whatever puzzle (a name
// that blocks of two puzzles share followed by the puzzle's: "abc_5x5_a of LightUp"): each
// is a row, one of another puzzle than the spec's an `error` row saying so (leaving them out
// graded a mixed file's blocks of the spec's puzzle alone, exit 0). None when it is not a
// .pz file, or cannot be read or parsed, or names a block twice: the file is then one row,
// which reports that.
std::vector<std::string> blocks_of(const CommonOptions& o, const std::string& path) {
  Session probe;
  probe.line = o.line;
  probe.several_instances_ok = true;
  if (!probe.load_spec(o.spec, o.puzzle)) return {};
  (void)probe.select_instance(path);  // (fails when no block is of the spec's puzzle: still one row each)
  if (probe.modules.size() < 2) return {};
  const auto& instances = probe.modules.back()->instances;
  std::vector<std::string> names;
  // Each name's puzzles (a file of generated puzzles may hold thousands of blocks).
  std::map<std::string, std::set<std::string>> puzzles_of;
  for (const auto& inst : instances)
    if (!puzzles_of[inst.name].insert(inst.puzzle).second) return {};
  for (const auto& inst : instances)  // (a name shared with another puzzle's block: whose it is)
    names.push_back(puzzles_of[inst.name].size() > 1 ? inst.name + " of " + inst.puzzle : inst.name);
  return names;
}

// The number of lines of a file of game IDs (0: another kind of file, or unreadable).
std::size_t game_id_lines_of(const std::string& path) {
  if (path == "-") {  // (standard input is shared by grade's sessions: Session::share_stdin)
    Session s;
    auto text = s.read(path);
    return text ? Session::game_id_lines(*text) : 0;
  }
  std::ifstream in(path, std::ios::binary);
  std::string error;
  auto text = in ? io::read_text(in, error) : std::nullopt;
  return text ? Session::game_id_lines(*text) : 0;
}

std::string size_of(const ir::Program& p) {
  if (const ir::VarGroup* g = ir::answer_grid(p)) return fmt::format("{}x{}", g->dims[1], g->dims[0]);  // W x H, as --size
  std::size_t clues = 0;
  for (const auto& c : p.constraints)
    if (ir::from_clue(p, c)) ++clues;
  return fmt::format("{} clue{}", clues, clues == 1 ? "" : "s");
}

constexpr const char* kNoSolution = "no solution";

// A row whose trace is shown: graded, and of a puzzle that has a solution. (With none,
// its steps are deductions from givens that cannot all hold, which single `grade` does not
// show either.)
bool traced(const GradeRow& r) { return r.level != "error" && r.level != kNotGraded && r.error != kNoSolution; }

// Why a trace stopped short: `pzc unique`'s engines tell no solution from several (`unknown`:
// they could not).
std::string why_unsolved(const ir::Program& p, const CommonOptions& o, int steps, bool& unknown) {
  std::string solver;
  auto u = unique_answer(p, o, solver);
  unknown = u.status == z3lower::Status::Unknown;
  if (u.status == z3lower::Status::Unsat) return kNoSolution;
  if (u.status == z3lower::Status::Sat && !u.unique) return "not unique: at least two solutions";
  if (u.status == z3lower::Status::Unknown) return fmt::format("stuck after {} steps (uniqueness unknown: {})", steps, u.unknown_reason);
  return fmt::format("stuck after {} steps", steps);
}

GradeRow not_graded(const std::string& label) {
  GradeRow r;
  r.file = label;
  r.level = kNotGraded;
  r.error = "time limit";
  return r;
}

// One row. With --time-limit, each Z3 query gets what is left of the run's time, and the
// trace stops at the limit: an instance whose loading, trace or Z3 check the limit cut short
// is `not graded` (a trace stopped there is no grade; nor is "uniqueness unknown").
GradeRow grade_unit(const CommonOptions& all, const Unit& u, const GradeClock& clock, Output io) {
  auto start = std::chrono::steady_clock::now();
  const CommonOptions o = clock.left(all);
  GradeRow row;
  row.file = u.label;
  Session s;
  const bool loaded = load_unit(s, o, u);
  if (clock.up()) return not_graded(u.label);
  if (!loaded) {
    io.err << s.render_diagnostics();
    row.level = "error";
    row.error = first_error(s);
  } else {
    io.err << s.render_diagnostics();  // warnings
    const ir::Program& p = *s.program;
    row.size = size_of(p);
    const hints::Trace trace = solving_trace(p, clock.left(all), nullptr, /*for_grade=*/true, clock.stop());
    if (!trace.solved && clock.up()) return not_graded(u.label);
    row.grade = hints::grade(trace);
    row.level = row.grade.level;
    if (!row.grade.solved) {
      bool unknown = false;
      row.error = why_unsolved(p, clock.left(all), row.grade.steps, unknown);
      if (unknown && clock.up()) return not_graded(u.label);
    }
  }
  row.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return row;
}

// Expands the arguments into units; false on a usage error (`error` says why): a
// directory that is missing or holds no instance file, or standard input in a batch.
// Notes on skipped files go to io.err.
bool expand(const CommonOptions& o, const std::vector<std::string>& arguments, std::vector<Unit>& units, Output io,
            std::string& error) {
  std::error_code ec;
  std::vector<std::string> files;
  for (const auto& arg : arguments) {
    if (arg == "-" && arguments.size() == 1) {  // (its blocks or lines are rows, as a file's)
      files.push_back(arg);
      continue;
    }
    if (arg == "-") {
      error = "standard input ('-') cannot be graded together with other instances";
      return false;
    }
    bool dir_like = !arg.empty() && arg.back() == '/';
    if (!fs::is_directory(arg, ec)) {
      if (dir_like) {
        error = fmt::format("cannot open directory '{}': {}", arg, fs::exists(arg, ec) ? "not a directory" : "no such directory");
        return false;
      }
      files.push_back(arg);  // a file, or an instance name of the spec; a row reports any error
      continue;
    }
    std::vector<fs::path> entries;
    for (const auto& e : fs::directory_iterator(arg, ec)) entries.push_back(e.path());
    if (ec) {
      error = fmt::format("cannot read directory '{}': {}", arg, ec.message());
      return false;
    }
    // Sorted by file name (bytewise), so the table is the same on every file system.
    std::sort(entries.begin(), entries.end(), [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });
    std::size_t before = files.size();
    for (const auto& e : entries) {
      std::string name = e.filename().string();
      std::string shown = (fs::path(arg) / name).string();
      if (name.empty() || name[0] == '.') continue;  // hidden files: editors' and VCS' own
      // (Following a symbolic link: what it names is what would be read.)
      const fs::file_status st = fs::status(e, ec);
      if (fs::is_directory(st)) {
        io.err << fmt::format("pzc: note: skipping {}: a directory (directories are not searched recursively)\n", shown);
      } else if (fs::exists(st) && !fs::is_regular_file(st)) {
        // Never opened: reading a FIFO blocked the run until a writer came (forever).
        io.err << fmt::format("pzc: note: skipping {}: not a regular file ({})\n", shown, kind_of(st));
      } else if (!has_instance_extension(e)) {
        io.err << fmt::format("pzc: note: skipping {}: not an instance file ({})\n", shown, extension_list());
      } else if (fs::equivalent(e, o.spec, ec)) {
        io.err << fmt::format("pzc: note: skipping {}: it is the spec\n", shown);
      } else {
        files.push_back(shown);
      }
    }
    if (files.size() == before) {
      error = fmt::format("directory '{}' holds no instance file ({})", arg, extension_list());
      return false;
    }
  }
  for (const auto& f : files) {
    const std::string shown = shown_path(f);
    if (std::size_t n = o.line == 0 ? game_id_lines_of(f) : 0; n > 1) {  // each line, as `:K`
      for (std::size_t k = 1; k <= n; ++k) units.push_back({f, -1, shown + ":" + std::to_string(k), static_cast<int>(k)});
      continue;
    }
    auto blocks = blocks_of(o, f);
    if (blocks.size() < 2) {
      units.push_back({f, -1, shown});
      continue;
    }
    for (std::size_t b = 0; b < blocks.size(); ++b) units.push_back({f, static_cast<int>(b), shown + "#" + blocks[b]});
  }
  return true;
}

std::string time_text(double s) { return fmt::format("{:.2f} s", s); }

void print_table(const std::vector<GradeRow>& rows, bool show_time, std::ostream& out) {
  std::vector<std::string> head = {"file", "size", "level", "score", "max tier", "steps"};
  if (show_time) head.push_back("time");
  std::vector<bool> right = {false, false, false, true, true, true, true};
  std::vector<std::vector<std::string>> cells;
  for (const auto& r : rows) {
    bool graded = r.level != "error" && r.level != kNotGraded;
    std::vector<std::string> c = {r.file, graded ? r.size : "-", r.level,
                                  // (a trace that stops short has no score: its steps and tiers say how far it went)
                                  traced(r) && r.grade.solved ? fmt::format("{}", r.grade.score) : "-",
                                  traced(r) ? fmt::format("{}", r.grade.max_tier) : "-",
                                  traced(r) ? fmt::format("{}", r.grade.steps) : "-"};
    // (A row the limit cut short or never started has no time of its own: "-".)
    if (show_time) c.push_back(r.level == kNotGraded ? "-" : time_text(r.time_s));
    cells.push_back(std::move(c));
  }
  std::vector<std::size_t> width;
  for (const auto& h : head) width.push_back(h.size());
  for (const auto& c : cells)
    for (std::size_t i = 0; i < c.size(); ++i) width[i] = std::max(width[i], c[i].size());
  auto line = [&](const std::vector<std::string>& c, const std::string& note) {
    std::string s;
    for (std::size_t i = 0; i < c.size(); ++i) {
      std::string pad(width[i] - c[i].size(), ' ');
      s += (i ? "  " : "") + (right[i] ? pad + c[i] : c[i] + pad);
    }
    if (!note.empty()) s += "  " + note;
    while (!s.empty() && s.back() == ' ') s.pop_back();
    out << s << "\n";
  };
  line(head, "");
  for (std::size_t i = 0; i < rows.size(); ++i) line(cells[i], rows[i].error);
}

// Bars of '#': one per instance while the largest count fits in 40 columns, else scaled so
// the largest is 40 wide (a non-zero count keeps at least one '#').
void print_histogram(const std::vector<std::pair<std::string, int>>& counts, std::ostream& out) {
  int largest = 0;
  std::size_t name_width = 0, count_width = 1;
  for (const auto& [level, n] : counts) {
    largest = std::max(largest, n);
    name_width = std::max(name_width, level.size());
    count_width = std::max(count_width, std::to_string(n).size());
  }
  constexpr int kWidth = 40;
  out << "levels:\n";
  for (const auto& [level, n] : counts) {
    int bar = largest <= kWidth ? n : std::max(n > 0 ? 1 : 0, static_cast<int>(std::lround(static_cast<double>(n) * kWidth / largest)));
    std::string s = fmt::format("  {:<{}}  {:>{}}  {}", level, name_width, n, count_width, std::string(static_cast<std::size_t>(bar), '#'));
    while (s.back() == ' ') s.pop_back();
    out << s << "\n";
  }
}

ordered_json row_json(const GradeRow& r, bool show_time) {
  ordered_json j{{"file", r.file}};
  const bool graded = r.level != "error" && r.level != kNotGraded;
  if (graded) j["size"] = r.size;
  j["level"] = r.level;
  if (traced(r)) {
    const ordered_json g = grade_json(r.grade);
    for (const auto& [key, value] : g.items())
      if (key != "level") j[key] = value;
  } else if (graded) {
    j["solved"] = false;
  }
  if (!r.error.empty()) j["error"] = r.error;
  if (show_time) j["time_s"] = r.level == kNotGraded ? ordered_json(nullptr) : ordered_json(std::round(r.time_s * 1000) / 1000);
  return j;
}

}  // namespace

bool is_grade_batch(const CommonOptions& o, const std::vector<std::string>& arguments) {
  if (arguments.size() > 1) return true;
  if (arguments.empty()) return false;
  if (arguments[0] == "-" && !Session::stdin_shared()) return false;  // (read once, by the grade itself)
  std::error_code ec;
  const std::string& a = arguments[0];
  if (fs::is_directory(a, ec) || (!a.empty() && a.back() == '/')) return true;
  return (o.line == 0 && game_id_lines_of(a) > 1) || blocks_of(o, a).size() > 1;
}

int cmd_grade_batch(const CommonOptions& o, const std::vector<std::string>& arguments, bool show_time, Output io) {
  // --time-limit S is for the whole run: checked before each instance, and it stops the
  // trace in progress (the watchdog, a second later, is for what does not stop).
  GradeClock clock(o.time_limit);
  // A spec that does not load is said once, not in every row.
  {
    Session spec;
    if (!spec.load_spec(o.spec, o.puzzle)) {
      const std::string text = spec.render_diagnostics();
      io.err << text;
      if (o.json)
        io.out << error_json(spec.diags.error_count(), text);
      return kExitBadInput;
    }
  }
  std::vector<Unit> units;
  std::string why;
  if (!expand(o, arguments, units, io, why)) {
    io.err << "pzc: error: " << why << "\n";
    if (o.json) io.out << error_json(1, why);
    return kExitBadInput;
  }
  // The table and histogram of `rows` (with `partial`, the time limit's: status time_limit).
  auto render = [&](const std::vector<GradeRow>& rows, bool partial) {
    std::vector<std::pair<std::string, int>> counts;
    for (const auto& level : kLevels) {
      int n = static_cast<int>(std::count_if(rows.begin(), rows.end(), [&](const GradeRow& r) { return r.level == level; }));
      if (n > 0 || (level != "error" && level != kNotGraded)) counts.emplace_back(level, n);  // those two only when they happened
    }
    std::ostringstream out;
    if (o.json) {
      ordered_json list = ordered_json::array();
      for (const auto& r : rows) list.push_back(row_json(r, show_time));
      ordered_json hist = ordered_json::object();
      for (const auto& [level, n] : counts) hist[level] = n;
      ordered_json doc = ordered_json::object();
      if (partial) doc["status"] = "time_limit";
      doc["instances"] = list;
      doc["histogram"] = hist;
      out << doc.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
    } else {
      print_table(rows, show_time, out);
      out << "\n";
      print_histogram(counts, out);
    }
    return out.str();
  };
  bool progress = isatty(2) && units.size() > 1;
  auto limit_note = [&](std::size_t graded) {
    return fmt::format("pzc: time limit of {} s reached: {} of {} instances graded\n", o.time_limit, graded, units.size());
  };
  std::vector<GradeRow> rows;
  std::size_t graded = 0;  // rows before the first the limit left ungraded
  bool timed_out = false;
  for (std::size_t i = 0; i < units.size() && !timed_out; ++i) {
    // If the time limit strikes while this row is graded and the row does not stop (a
    // grounding, a Z3 query that overruns), the process watchdog prints the rows graded so
    // far and the rest as not graded (exit 3), rather than nothing.
    if (o.time_limit > 0) {
      std::vector<GradeRow> so_far = rows;
      for (std::size_t j = i; j < units.size(); ++j) so_far.push_back(not_graded(units[j].label));
      set_watchdog_report(render(so_far, true), (progress ? "\r\x1b[K" : "") + limit_note(i));
    }
    if (clock.up()) {  // (no instance is started past the limit)
      timed_out = true;
      break;
    }
    if (progress) io.err << fmt::format("\rgrade: {}/{} {}", i + 1, units.size(), units[i].label) << "\x1b[K" << std::flush;
    GradeRow row = grade_unit(o, units[i], clock, io);
    timed_out = row.level == kNotGraded;  // cut short
    if (!timed_out) {
      rows.push_back(std::move(row));
      ++graded;
    }
  }
  if (progress) io.err << "\r\x1b[K" << std::flush;
  if (timed_out) {
    // Any instance cut short or not started: exit 3, the rows graded so far and the others
    // `not graded`. (One graded in full is a row like any other, even when the clock passed
    // the limit while it was written down.)
    for (std::size_t j = graded; j < units.size(); ++j) rows.push_back(not_graded(units[j].label));
    io.out << render(rows, true) << std::flush;
    io.err << limit_note(graded);
    return kExitUnknown;
  }
  io.out << render(rows, false);
  bool failed = std::any_of(rows.begin(), rows.end(), [](const GradeRow& r) { return r.level == "error"; });
  bool unsolved = std::any_of(rows.begin(), rows.end(), [](const GradeRow& r) { return r.level == "unsolved"; });
  return failed ? kExitBadInput : unsolved ? kExitNo : kExitOk;
}

}  // namespace pzc::driver
