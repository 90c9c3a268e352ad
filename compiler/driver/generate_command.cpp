// pzc generate: puzzles with a unique solution and minimal clues, from the spec alone.
// What differs per family comes from the spec: the `clue` givens (each element a
// removable clue) or, for a family whose clues are `clue` rules over a Char grid given (a
// "layout board" such as Light Up's), the block squares of a randomly drawn layout.
#include "compiler/driver/generate_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "compiler/driver/hint_command.hpp"
#include "compiler/driver/json_text.hpp"
#include "compiler/driver/metrics_command.hpp"
#include "compiler/driver/session.hpp"
#include "compiler/front/ast/walk.hpp"
#include "compiler/front/ground/eval.hpp"
#include "compiler/front/ground/ground.hpp"
#include "compiler/front/parse/parser.hpp"
#include "compiler/lower/z3_backend.hpp"
#include "runtime/engine/search.hpp"
#include "runtime/ir/eval.hpp"
#include "runtime/io/plural.hpp"
#include "runtime/ir/import.hpp"
#include "runtime/ir/print.hpp"

namespace pzc::driver {

namespace {
int max_jobs() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }
}  // namespace

using nlohmann::json;

namespace {

using K = ast::Type::K;

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// The seed of attempt `a` of puzzle `k`: independent of threads and of other puzzles.
std::uint64_t attempt_seed(std::uint64_t seed, int k, int a) {
  return splitmix(splitmix(splitmix(seed) ^ static_cast<std::uint64_t>(k)) ^ static_cast<std::uint64_t>(a) * 0x5851F42D4C957F2Dull);
}

const char* const kLevelNames[] = {"easy", "tricky", "hard", "fiendish"};

int level_of(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kLevelNames[i]) return i + 1;
  return 0;
}

const char* level_name(int level) { return level >= 1 && level <= 4 ? kLevelNames[level - 1] : "unsolved"; }

// A --classify class as `house_zebra = 3, house_water = 1`.
std::string class_label(const std::vector<std::pair<std::string, std::string>>& cls) {
  std::string out;
  for (const auto& [nm, v] : cls) out += (out.empty() ? "" : ", ") + nm + " = " + v;
  return out;
}

// Fisher-Yates with our own draw, so the order is the same with every standard library.
template <class T>
void shuffle(std::vector<T>& v, std::mt19937_64& rng) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng() % i]);
}

// A ground constraint's identity across groundings with different clue values: its rule
// and the values of the rule's binders.
std::string key_of(const ir::Constraint& c) {
  std::string k = std::to_string(c.origin.rule);
  for (const auto& [n, v] : c.origin.bindings) k += "\x1f" + n + "=" + v;
  return k;
}

// What a constraint says, independent of term numbering (which depends on what was
// grounded before it): the key, the kind and its payload; the term only for Expr.
std::string signature(const ir::Program& p, const ir::Constraint& c) {
  std::string out = key_of(c) + fmt::format("\x1e{}:{}:{}", static_cast<int>(c.kind), c.lo, c.hi);
  for (auto v : c.scope) out += fmt::format(",{}", v);
  std::vector<std::string> lits;
  for (const auto& l : c.literals) lits.push_back(ir::format_literal(p, l));
  std::sort(lits.begin(), lits.end());
  for (const auto& l : lits) out += ";" + l;
  for (auto k : c.coeffs) out += fmt::format("*{}", k);
  if (c.kind == ir::Kind::Table)
    for (const auto& row : p.tables[static_cast<std::size_t>(c.table)].rows) out += fmt::format("|{}", fmt::join(row, " "));
  if (c.kind == ir::Kind::Expr) out += ir::format_term(p, c.term);
  return out;
}

std::vector<std::string> rows_of(const GivenBoard& b) {
  bool wide = std::any_of(b.tokens.begin(), b.tokens.end(), [](const std::string& t) { return t.size() != 1; });
  std::size_t width = 1;
  for (const auto& t : b.tokens) width = std::max(width, t.size());
  std::vector<std::string> rows;
  for (std::int64_t r = 0; r < b.rows; ++r) {
    std::string row;
    for (std::int64_t c = 0; c < b.cols; ++c) {
      const std::string& t = b.tokens[static_cast<std::size_t>(r * b.cols + c)];
      if (wide) {
        if (c) row += ' ';
        row.append(width - t.size(), ' ');
      }
      row += t;
    }
    rows.push_back(row);
  }
  return rows;
}

// A derived clue value as the token written in the instance: an Int, or a Seq or Set of
// them ("[1, 2]"); "" for null (no clue); nullopt for a value generate cannot write.
std::optional<std::string> token_of(const ground::Value& v0) {
  const ground::Value v = ground::line_items(v0);
  switch (v.k) {
    case ground::Value::K::Null: return std::string();
    case ground::Value::K::Int: return std::to_string(v.i);
    case ground::Value::K::Seq:
    case ground::Value::K::Set: {
      if (v.has_guards()) return std::nullopt;
      std::string out = "[";
      for (std::size_t k = 0; k < v.size(); ++k) {
        auto t = token_of(v.at(k));
        if (!t || t->empty()) return std::nullopt;
        out += (k ? ", " : "") + *t;
      }
      return out + "]";
    }
    default: return std::nullopt;
  }
}

// A token of an expression board (token_of's output, or "null") as an expression.
ast::ExprPtr token_expr(std::string_view t, source::Range r) {
  std::size_t pos = 0;
  auto skip = [&] {
    while (pos < t.size() && t[pos] == ' ') ++pos;
  };
  std::function<ast::ExprPtr()> parse = [&]() -> ast::ExprPtr {
    skip();
    if (t.compare(pos, 4, "null") == 0 || (pos < t.size() && t[pos] == '.')) {
      pos += t[pos] == '.' ? 1 : 4;
      return ast::make_expr(ast::NullLit{}, r);
    }
    if (pos < t.size() && (std::isalpha(static_cast<unsigned char>(t[pos])) || t[pos] == '_')) {  // an enum member
      std::size_t start = pos;
      while (pos < t.size() && (std::isalnum(static_cast<unsigned char>(t[pos])) || t[pos] == '_')) ++pos;
      return ast::make_expr(ast::Name{std::string(t.substr(start, pos - start))}, r);
    }
    if (pos < t.size() && t[pos] == '[') {
      ++pos;
      ast::SeqLit seq;
      skip();
      while (pos < t.size() && t[pos] != ']') {
        seq.items.push_back(parse());
        skip();
        if (pos < t.size() && t[pos] == ',') ++pos;
        skip();
      }
      ++pos;
      return ast::make_expr(std::move(seq), r);
    }
    std::size_t start = pos;
    if (pos < t.size() && t[pos] == '-') ++pos;
    while (pos < t.size() && t[pos] >= '0' && t[pos] <= '9') ++pos;
    if (pos == start) throw std::logic_error("generate: a bad expression token '" + std::string(t) + "'");
    return ast::make_expr(ast::IntLit{std::stoll(std::string(t.substr(start, pos - start)))}, r);
  };
  return parse();
}

// A Seq board is written as a Seq literal when its tokens are expressions or numbers, or
// when one is longer than a character; otherwise (letters) as a string ("D.BA..").
bool as_list(const GivenBoard& b) {
  return !b.grid && (b.exprs || b.numbers || std::any_of(b.tokens.begin(), b.tokens.end(), [](const std::string& t) { return t.size() > 1; }));
}

// The tokens of a board written as a Seq literal ("." is null).
std::string list_text(const GivenBoard& b) {
  std::vector<std::string> items;
  for (const auto& t : b.tokens) items.push_back(t == "." ? "null" : t);
  return fmt::format("[{}]", fmt::join(items, ", "));
}

// Int clues that no variable takes: the largest value probed against the requires.
constexpr int kMaxProbedClue = 200;

// LeaveLayout: a retry whose cause is the layout itself (the full clue set has several
// solutions), so the layout is not worth another solution; only try_solution returns it.
enum class Outcome { Ok, Retry, Fatal, LeaveLayout };

constexpr int kSolutionsPerLayout = 4;
constexpr int kPartitionsPerAttempt = 20;
// Regions of a drawn partition: at most one per letter (A-Z, a-z); regions that carry
// clues (Killer's cages) get about this many squares each, unless --regions says.
constexpr std::int64_t kMaxRegions = 52;
constexpr std::int64_t kSquaresPerClueRegion = 3;
constexpr std::int64_t kSquaresPerFreeRegion = 4;
// The largest side tried for a partition beside clue grids when no --size is given.
constexpr std::int64_t kMaxPartitionSide = 16;
// Decisions the search for a drawn layout's solution may take before the layout is left.
constexpr std::uint64_t kDrawNodeLimit = 20000;
// Without a drawn layout there is no other board to try: the search for a solution of the
// puzzle without clues gets as many decisions, then generate stops with an error (an empty
// 5x5 Numbrix, a path through every square, ran for hours with no output; now it stops in
// about 35 s, its generic propagator taking 1.7 ms a decision). The families that
// generate serves need far fewer (an empty 8x8 Easy as ABC: under 5000).
constexpr std::uint64_t kDrawAloneNodeLimit = kDrawNodeLimit;
// Decisions a uniqueness question of the clue removal may take before it is decided
// otherwise (Family::solves).
constexpr std::uint64_t kRemovalNodeLimit = 10000;
constexpr std::uint64_t kRemovalNodeLimitZ3Drawn = 200;
constexpr const char* kTathamNeedsLayout =
    "pzc: error: --format tatham needs a family whose only generated given is a layout board (Light Up)\n";
// The layout screen's: it only spares work, so it gives up sooner. Light Up 20x20 tricky,
// 30 puzzles, seed 1: 14 of 555 screens took 459 ms of the screens' 836 ms of search (6 of
// them to 10000 decisions); at 2000 the same puzzles come out about 3% sooner.
constexpr std::uint64_t kScreenNodeLimit = 2000;
// The native search gave up at its decision limit (SearchOptions::node_limit): it decided nothing.
bool past_node_limit(const engine::SearchResult& r) { return r.reason == "node limit"; }
// The search found exactly one solution and proved there is no other.
bool unique_answer(const engine::SearchResult& r) {
  return r.status == engine::Status::Sat && r.solutions.size() == 1 && r.reason.empty();
}
// Per constraint of a removal's program: on when it is a rule's, or its clue is active.
std::vector<char> constraints_on(const std::vector<int>& slot_of, const std::vector<char>& active) {
  std::vector<char> on(slot_of.size(), 0);
  for (std::size_t c = 0; c < on.size(); ++c) on[c] = slot_of[c] < 0 || active[static_cast<std::size_t>(slot_of[c])];
  return on;
}
// --classify: at most this many classes (combinations of the variables' values).
constexpr std::size_t kMaxClasses = 10000;
// Layout boards: after this many attempts (layouts) without a puzzle, the density rises by
// kDensityStep (up to 0.9). Tatham's Light Up generator does the same after 20 layouts of
// one solution each, so its 20x20 "20%" puzzles have 25-35% walls. When most of those
// layouts had no solution at all (Tents: random trees that no placement of tents fits),
// the density falls instead (down to kDensityStep).
constexpr int kAttemptsPerDensity = 5;
// A free count of regions: the share of partitions with a solution above which it rises
// and below which it falls (Family::attempt).
constexpr double kSolvableHigh = 0.2;
constexpr double kSolvableLow = 0.01;
constexpr double kDensityStep = 0.05;

// A puzzle's layout density, from attempt to attempt (kept per puzzle, so the batch does
// not depend on which worker made which attempt).
struct DensityWalk {
  int steps = 0;       // the density is --density plus this many kDensitySteps (clamped)
  int attempts = 0;    // attempts since the density last changed
  int unsolvable = 0;  // of them, layouts with no solution
  int parts = 0;       // a free count of regions: partitions drawn in those attempts
  int solvable = 0;    // of them, partitions with a solution
};

// Loads a generated instance through the whole pipeline, as a file would be, into a
// session that holds the spec alone (`spec_files` source files, one module): the spec is
// read and checked once, and each instance replaces the one before.
bool load_instance(Session& s, std::size_t spec_files, const std::string& text) {
  s.modules.resize(1);
  s.sm.truncate(spec_files);
  s.diags = {};
  s.instance = nullptr;
  s.program.reset();
  s.bound = {};
  std::uint32_t id = s.sm.add("<generated>", text);
  auto m = parse::parse_module(s.sm, id, s.diags);
  if (!m) return false;
  s.modules.push_back(std::make_unique<ast::Module>(std::move(*m)));
  if (s.modules.back()->instances.empty()) return false;
  s.instance = &s.modules.back()->instances[0];
  return s.ground();
}

struct Slot {
  std::size_t board, index;
};

// What one set of slots knows before any solution is drawn: a drawn layout (Light Up's
// walls), or the fixed clue givens of a family without layout (then once per worker).
struct Frame {
  std::vector<GivenBoard> boards;     // every slot empty
  std::vector<Slot> slots;
  std::optional<ir::Program> p0;      // every rule grounded, every slot empty
  std::set<std::string> keys0;        // p0's clue-rule constraints: present whatever the clues
  std::map<std::string, std::size_t> key_slot;  // a clue constraint -> its slot
  // Per token index j: the clue rules grounded with every slot holding its board's j-th
  // token. Filled when first needed and shared by the solutions drawn on this frame.
  std::vector<std::optional<ir::Program>> tried;
  // Per tried grounding, once the frame is attributed: each constraint's slot, or kAlways
  // (present whatever the clues, keys0) or kUnattributed. Saves every later solution on
  // the frame a key and a lookup per constraint.
  std::vector<std::vector<int>> tried_slot;
  static constexpr int kAlways = -1, kUnattributed = -2;
  bool attributed = false;  // key_slot is known (attribute())
  ground::BoundInstance bound0;        // the givens of p0, for evaluating derived clues
  std::optional<ir::Program> scratch;  // what the evaluator of derived clues may intern into
  // The screen's grounding of the clue rules with a solution's derived clues: that
  // solution's full clue set, next in try_solution, takes it instead of grounding again.
  std::optional<ir::Program> screened;
};

// A clue rule `E = G[i]` (or `G[i] = E`) over an expression board G: the clue at G[i] is
// E evaluated on the solution.
struct Derivation {
  const ast::RuleDecl* rule = nullptr;
  const ast::Expr* value = nullptr;    // E
  const ast::Index* at = nullptr;      // G[i]
  std::size_t board = 0;
  bool where_reads_clue = false;       // its `where` tests G (`G[i] <> null`): not evaluated
  bool digit = false;                  // `E = digit(G[i])` on a drawn layout: G[i] is E's digit
  // With where_reads_clue: the top-level `and` terms of the `where` that do not read G,
  // which are evaluated (Keen's `ops[p] = '+' and targets[p] <> null`: the sum is the clue
  // only where the operation is +; unevaluated, each operation's rule wrote its value in
  // every cage, the last one's winning).
  std::vector<const ast::Expr*> where_rest;
  // `E = G[i] * F` (or `F * G[i]`), F not reading G: the clue is E / F where F divides E
  // (Keen's `big(p) = targets[p] * small(p)`), and no clue where it does not.
  const ast::Expr* factor = nullptr;
};

// One worker's view of the family: its own session (the front end is not shared between
// threads) and what was learnt from the spec once.
class Family {
 public:
  Family() = default;
  Family(const Family&) = delete;
  Family& operator=(const Family&) = delete;
  // When the process ends with the command, the Z3 context is left to the exit: deleting
  // it costs Z3 about 7 ms, more than a Sudoku takes to generate.
  ~Family() {
    if (Session::process_ends()) (void)z3_.release();
  }
  // `first`: the batch's first family, initialised already; the others take its findings
  // (whether Z3 draws the solutions) instead of repeating them.
  bool init(const GenerateOptions& o, std::string& error, const Family* first = nullptr);
  // An attempt of a puzzle (on a layout of `walk`'s density, which it then updates); with
  // `cls`, the values its solution gives the --classify variables.
  Outcome attempt(std::uint64_t seed, DensityWalk& walk, const std::vector<ir::Value>* cls, GeneratedPuzzle& out,
                  std::string& why);
  // --classify: every combination of the variables' values, in the order of their domains;
  // without a layout, only those some solution has (`impossible` gets the others).
  std::vector<std::vector<ir::Value>> classes(std::vector<std::vector<ir::Value>>* impossible = nullptr);
  // `p` solved with `cls`'s variables narrowed to its values (none: as it is); the domains
  // are restored after. Unsat at once when a value is outside its variable's domain.
  engine::SearchResult solve_in_class(ir::Program& p, const std::vector<ir::Value>* cls, const engine::SearchOptions& so) const;
  // A solution of p (in the class) drawn by Z3 with `seed` as its random seed: Sat with the
  // solution, Unsat, or Unknown (time, or a program Z3 does not take: `why`).
  engine::SearchResult z3_draw(ir::Program& p, const std::vector<ir::Value>* cls, std::uint64_t seed, std::string& why) const;
  // The native search options of an attempt's draw of a solution with `seed`.
  engine::SearchOptions draw_options(const Frame& f, std::uint64_t seed) const;
  // `solve` on p with the class's variables held to its values (Unsat when one cannot take it).
  engine::SearchResult in_class(ir::Program& p, const std::vector<ir::Value>* cls,
                                const std::function<engine::SearchResult(const ir::Program&)>& solve) const;
  // A class as text: `house_zebra = 3, house_water = 1`, with each name and value.
  std::vector<std::pair<std::string, std::string>> class_text(const std::vector<ir::Value>& cls) const;
  const std::vector<ir::ValueKind>& class_kinds() const { return classify_kinds_; }
  const std::string& puzzle_name() const { return s_.puzzle->name; }
  // A run's time limit: past `until` the searches, deductions and Z3 checks stop early
  // once `stop` is set, so the attempt in progress ends within a fraction of a second (its
  // outcome is then discarded by the caller).
  void set_stop(const std::atomic<bool>* stop, std::chrono::steady_clock::time_point until);
  const std::string& note() const { return note_; }
  bool no_slots() const { return no_slots_; }
  bool draws_boards() const { return layout_ >= 0; }  // a layout or regions, drawn per attempt
  bool draws_regions() const { return layout_ >= 0 && regions_; }  // a partition into regions
  // Whether its puzzles are one drawn layout board and nothing else (tatham_id's form).
  bool one_layout_board() const { return layout_ >= 0 && !regions_ && empty_.size() == 1; }
  // The options that shape this family's boards, for the note when no puzzle comes out
  // (Nonogram was told to try --size and --density, which it refuses).
  std::string shaping_options() const {
    std::vector<std::string> out;
    if (std::any_of(empty_.begin(), empty_.end(), [](const GivenBoard& b) { return b.grid; })) out.push_back("--size");
    if (std::any_of(empty_.begin(), empty_.end(), [](const GivenBoard& b) { return !b.grid; })) out.push_back("--length");
    if (draws_regions()) out.push_back("--regions, --max-region");
    else if (layout_ >= 0 && !tiles_) out.push_back("--density");
    return fmt::format("{}", fmt::join(out, ", "));
  }
  bool clue_rules() const { return has_clue_rules_; }
  const GenerateStats& stats() const { return stats_; }

 private:
  // The characters of the spec's Char literals and ranges ('0'..'4'), in order of appearance.
  std::vector<char> spec_chars() const;
  // The spec's integer literals >= 0 in the bodies of its defs (not `def picture`) and in
  // the `where`s and bodies of its rules, clues, requires and techniques (not their
  // binders' collections), ascending, each once.
  std::vector<std::int64_t> spec_ints() const;
  // The body of the def named `name`, or null.
  const ast::Expr* def_body(const std::string& name) const;
  // Whether a rule reads one of `givens` (in its binders, `where` or body, through defs).
  bool rule_reads(const ast::RuleDecl& r, const std::set<std::string>& givens) const;
  // The clue rules `E = G[i]` or `E = digit(G[i])` (either side) of a given G, E not
  // reading G: how its clues follow from a solution (E evaluated on it). `board` is the
  // caller's to fill in.
  std::vector<Derivation> derivations_of(const std::string& g) const;
  // The layout board's clue rules, when each is `E = digit(L[x])` (or `digit(L[x]) = E`)
  // with E not reading L and every token a digit; nullopt otherwise.
  std::optional<std::vector<Derivation>> layout_digit_derivations(std::size_t board, const std::vector<std::string>& toks) const;
  // What a grounding covers: every rule with the requires checked; only the clue rules,
  // unchecked (clue values tried); every rule, unchecked (which tokens make clues).
  // CluesChecked: only the clue rules, the requires checked (derived clues). Techniques:
  // only the `technique` rules, unchecked (a clue subset's facts).
  enum class Rules { Checked, CluesOnly, Unchecked, CluesChecked, Techniques };
  // `shown`: each board gets a source of its own ("<drawn cages>", its rows), so that an
  // error names the drawn board and shows it; for errors told to the user, not the hot path.
  // A board as a binding of its given (`shown`: see ground_with).
  ast::Binding board_binding(const GivenBoard& b, bool shown = false);
  // The options of a grounding of `boards` covering `rules`; the user's own bindings are
  // lent to it, and restore_overrides(options.overrides) gives them back.
  ground::GroundOptions ground_options(const std::vector<GivenBoard>& boards, Rules rules, bool shown = false);
  void restore_overrides(std::vector<ast::Binding>& lent);
  std::optional<ir::Program> ground_with(const std::vector<GivenBoard>& boards, std::string* error = nullptr,
                                         Rules rules = Rules::Checked, ground::BoundInstance* bound = nullptr,
                                         bool shown = false);
  // The clues of the expression boards, per slot ("" none), from the solution.
  Outcome derive(Frame& f, const ir::Assignment& solution, std::vector<std::string>& out, std::string& why);
  void draw_layout(GivenBoard& b, std::mt19937_64& rng, double density) const;
  // Regions: --regions, or the smallest number of them the requires accept (on a partition
  // into runs of the row-major order), or for regions beside clue grids about
  // kSquaresPerClueRegion squares each; each drawn partition then has that many. False,
  // with the error, if the requires refuse --regions or every count up to 52.
  bool region_count(std::string& error);
  // Whether the requires accept k regions, on a partition into runs of the row-major
  // order, each row walked in alternate directions so that a run is connected. With
  // `first` > 0 the first run has that many squares and the others share the rest.
  bool partition_fits(std::int64_t k, std::string& error, std::int64_t first = 0);
  // min_region_: the fewest squares (1 to 3, or up to the average region) of the first run
  // that partition_fits accepts with region_count_ regions; 1 when none is.
  void find_min_region();
  // max_region_: the most squares of the first run that partition_fits accepts, counting up
  // from min_region_ until the requires refuse (Killer's "at most n squares a cage"); the
  // drawing then caps each region there, unless --max-region says.
  void find_max_region();
  bool max_region_fits(std::string& error) const;
  // A random partition into `count` connected regions: seeds at random squares,
  // then a square next to a region joins it (next to a region below min_region_ squares
  // first, else every other step next to a smallest one), until every square has one.
  bool draw_regions(GivenBoard& b, std::mt19937_64& rng, int count) const;
  // A random partition into `count` connected regions of `size` squares each (Jigsaw
  // Sudoku's), which growth from seeds rarely makes: the snake of partition_fits, then
  // random exchanges of two squares between neighbouring regions that keep both connected.
  void draw_equal_regions(GivenBoard& b, std::mt19937_64& rng, int count, std::int64_t size) const;
  std::optional<ir::Program> force_blocks(std::string& error);
  // A layout whose requires accept it all one character (the filler, Magnets' '*') and a
  // two-square piece on that board only as certain character pairs (Magnets' L R and T B):
  // it is drawn as a random tiling by such pieces (draw_tiles). True when both a
  // horizontal and a vertical piece fit (one, on a board of one row or one column); the
  // empty board is then all filler.
  bool find_tiles(std::string& error);
  // A random tiling of the board by the pieces of find_tiles, with one filler square when
  // the board has an odd number of squares: a regular tiling, then random flips of two
  // parallel pieces in a 2x2 square and moves of the single square.
  void draw_tiles(GivenBoard& b, std::mt19937_64& rng) const;
  Outcome build_frame(Frame& f, std::string& why);
  // `derived`: per slot, the value an expression board's slot is filled with.
  // With `token` > 0: the slots hold their board's token-th candidate instead, and only the
  // constraints not attributed yet are added (a clue constant for its first value, like
  // "0 seen" on a line with no unknown square, grounds constraints only for the others).
  Outcome attribute(Frame& f, std::string& why, const std::vector<std::string>* derived = nullptr, std::size_t token = 0);
  bool ground_tried(Frame& f, std::size_t j, std::string& err);
  const std::vector<int>& tried_slots(Frame& f, std::size_t j) const;
  Outcome screen(Frame& f, const ir::Assignment& solution, std::string& why);
  // The screen of a frame whose clues are derived (Magnets' counts on a drawn tiling): the
  // clue rules grounded once with the solution's derived clues, before their attribution;
  // p0's other rules with those of their constraints that the solution satisfies hold the
  // full clue set's, so this program is at least as strong.
  Outcome screen_derived(Frame& f, const ir::Assignment& solution, const std::vector<std::string>& derived, std::string& why);
  // Whether the screened program `u` leaves the layout: several solutions, or beyond tier 1
  // at easy.
  // `facts`: the technique facts of the full clue set, when techniques read clues (null:
  // unknown).
  Outcome screen_check(const Frame& f, const ir::Program& u, const ir::Assignment& solution, std::string& why,
                       const ir::Program* facts = nullptr);
  // What a full clue set that fails on this frame says. Mostly the layout is left: its open
  // areas decide, whatever the solution (Light Up's walls; Kakuro's white areas, where
  // trying the next solution on the layout made 8x8 generation 2x slower). A tiling has no
  // such areas and the solution decides (Magnets 6x6 easy, 60 puzzles: 1 full clue set in
  // 12.3 passes when each layout serves up to 4 solutions, 1 in 13.8 when it serves one), so
  // there the next solution on it is tried: 1.65 -> 0.68 s.
  Outcome leave(const Frame& f) const { return tiles_ && !f.slots.empty() ? Outcome::Retry : Outcome::LeaveLayout; }
  void describe_trace(const ir::Program& p, const hints::Trace& trace, GeneratedPuzzle& out) const;
  // p0's constraints, those of the other rules first, then the clue rules' (every slot
  // empty): the start of every program assembled from a frame.
  std::vector<ir::Constraint> p0_rules_first(const Frame& f) const;
  // A copy of p0 but for its constraints (which the caller picks): none copied twice.
  static ir::Program p0_without_constraints(Frame& f);
  Outcome try_solution(Frame& f, std::uint64_t seed, GeneratedPuzzle& out, std::string& why);
  // The --given values as a printed instance binds them: NAME=@FILE as the file's rows
  // (`grid { ... }`) for a grid, else as `file "/absolute/path"` (the instance is read
  // from elsewhere than the working directory that @FILE is relative to).
  std::vector<std::string> printable_givens() const;
  bool solves(const ir::Program& all, engine::SubsetSearch& search, hints::HintEngine* he,
              const hints::StartStates* starts, const std::vector<int>& slot_of, const std::vector<char>& active, int cap,
              std::vector<char>* cited, int* level = nullptr);

  GenerateOptions o_;
  Session s_;
  std::uint32_t src_ = 0;
  std::vector<GivenBoard> empty_;           // every clue empty; a layout board all open
  std::vector<char> omitted_;               // per board of empty_: named by --without (no slots)
  int layout_ = -1;                         // index of the layout board in empty_
  std::string block_;                       // the layout's block token
  bool plain_layout_ = false;               // its blocks are never clues (Tents' trees)
  bool regions_ = false;                    // the layout is a partition into regions (Star Battle)
  bool tiles_ = false;                      // ... into pieces of one or two squares (Magnets' dominoes)
  std::string tile_fill_;                   // the single square's character ('*')
  std::array<std::string, 2> tile_h_, tile_v_;  // a horizontal piece, left to right; a vertical one, top down
  int region_count_ = 0;
  bool free_count_ = false;                 // the requires accept any count of regions (Norinori's)
  int min_region_ = 1;                      // the fewest squares of a region the requires accept (up to 3)
  std::int64_t max_region_ = 0;             // the most they accept (0: no bound found)
  bool unsolvable_ = false;                 // the current layout has no solution at all
  bool solved_ = false;                     // a solution of the current layout was drawn
  std::vector<char> forced_;                // layout squares that are blocks in every layout (force_blocks)
  std::string forced_block_;                // the block character they were found with
  std::vector<ir::VarId> classify_;         // --classify variables (in the ground program)
  std::vector<std::string> classify_names_;
  std::vector<std::vector<ir::Value>> classify_domains_;
  std::vector<ir::ValueKind> classify_kinds_;
  const std::vector<ir::Value>* class_ = nullptr;  // the current attempt's class, if any
  const ir::Assignment* drawn_ = nullptr;           // the current attempt's drawn solution
  ir::Program naming_;                      // the enum members, to write a class's values
  std::vector<std::vector<std::string>> cands_;  // per board: the clue tokens to try
  int level_ = 0;
  // The rules whose constraints depend on clue values (`clue` rules, rules reading a clue
  // given); only these are grounded again when clue values are tried.
  std::set<const ast::RuleDecl*> clue_rules_;
  std::set<std::int32_t> clue_rule_ids_;    // their indices in Program::rules
  // The `technique` rules (Rules::Techniques grounds these alone), and the lowest tier of
  // those that read a clue given (0: none does). Such a technique's facts change with the
  // clue set, so removal grounds them again for each clue subset it asks about.
  std::set<const ast::RuleDecl*> technique_rules_;
  int clue_technique_tier_ = 0;
  // While a removal asks about clue subsets: the technique facts of the subset of slots
  // marked (its own grounding), or null with facts_error_ set. See try_solution.
  std::function<const ir::Program*(const std::vector<char>& active)> facts_for_;
  // During a removal: the hint runtime's closures under tier 1 and under tiers 1-2 (above
  // easy) with the rules and the clues kept so far, which every question of the run has
  // (HintEngine::saturate from bases).
  bool last_several_ = false;  // solves(): the last `false` was for several solutions (monotone)
  const hints::Closure* kept_closure_ = nullptr;
  std::function<const hints::Closure*()> kept_closure2_;  // made when a question first needs it
  std::string facts_error_;
  std::optional<Frame> fixed_;              // no layout: the one frame
  bool no_slots_ = false;
  // Without a layout, Z3 draws every attempt's solution: the native engine's random search
  // drew none of the puzzle without clues in kDrawAloneNodeLimit decisions, at the batch's
  // first seed (Filling and Palisade, whose regions are Boolean memberships). Decided once,
  // in init, so the batch does not depend on --jobs.
  bool z3_draws_ = false;
  // That question's draw, where the native search made it: the first attempt's own (same
  // seed, no class), taken by try_solution instead of being searched again.
  std::optional<std::pair<std::uint64_t, engine::SearchResult>> probed_draw_;
  bool has_clue_rules_ = false;             // `clue` rules, every given known (a clue puzzle)
  // Proves each printed puzzle unique; one Z3 context for the worker's whole batch, since
  // its puzzles share most constraints (the rules) and only the clues change.
  std::unique_ptr<z3lower::UniqueChecker> z3_ = std::make_unique<z3lower::UniqueChecker>();
  bool z3_started_ = false;  // z3_ has made a proof (its first includes Z3's start-up)
  // Compiles each printed puzzle again, like a file: the spec read and checked once.
  std::unique_ptr<Session> verify_;
  std::size_t verify_files_ = 0;
  bool attribution_checked_ = false;  // a frame of this worker has been attributed
  std::string note_;                  // see GenerateResult::note
  std::vector<Derivation> derivations_;     // how the expression boards' clues follow
  std::set<std::string> layout_digits_;     // the layout's clue characters, when derived
  std::vector<char> derives_;               // per board: its clues are derived (Derivation)
  bool derived_ = false;                    // some board's are
  GenerateStats stats_;                     // this worker's share of the batch's (--stats)
  const std::atomic<bool>* stop_ = nullptr; // see set_stop
  bool stopped() const { return stop_ && stop_->load(std::memory_order_relaxed); }
  static constexpr const char* kStoppedWhy = "stopped by the time limit";
  std::optional<std::chrono::steady_clock::time_point> until_;
  bool time_is_up() const { return until_ && std::chrono::steady_clock::now() >= *until_; }
  engine::SearchOptions search_options() const {
    engine::SearchOptions so;
    so.stop = stop_;
    return so;
  }
  hints::Options hint_options() const {
    hints::Options ho;
    ho.stop = stop_;
    return ho;
  }
};

void Family::set_stop(const std::atomic<bool>* stop, std::chrono::steady_clock::time_point until) {
  stop_ = stop;
  until_ = until;
  z3lower::Options zo;
  zo.until = until;
  z3_ = std::make_unique<z3lower::UniqueChecker>(zo);
}

// Adds the wall-clock time of its scope to a GenerateStats phase.
class PhaseTimer {
 public:
  explicit PhaseTimer(double& into) : into_(into), t0_(std::chrono::steady_clock::now()) {}
  ~PhaseTimer() { into_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count(); }
  PhaseTimer(const PhaseTimer&) = delete;
  PhaseTimer& operator=(const PhaseTimer&) = delete;
 private:
  double& into_;
  std::chrono::steady_clock::time_point t0_;
};

std::vector<std::string> Family::printable_givens() const {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const std::string& g : o_.givens) {
    const auto eq = g.find('=');
    if (eq == std::string::npos || eq + 1 >= g.size() || g[eq + 1] != '@') {
      out.push_back(g);
      continue;
    }
    const std::string name = g.substr(0, eq), path = g.substr(eq + 2);
    auto it = s_.checked.names.find(name);
    const bool grid = it != s_.checked.names.end() && it->second.type.k == ast::Type::K::Grid;
    std::ifstream in(path, std::ios::binary);
    if (grid && in) {
      std::string text = "grid {\n", line;
      while (std::getline(in, line)) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) line.pop_back();
        const std::size_t b = line.find_first_not_of(" \t");
        if (b != std::string::npos) text += "    " + line.substr(b) + "\n";
      }
      out.push_back(name + "=" + text + "  }");
    } else {
      std::error_code ec;
      out.push_back(name + "=file \"" + fs::absolute(path, ec).lexically_normal().string() + "\"");
    }
  }
  return out;
}

const ast::Expr* Family::def_body(const std::string& name) const {
  auto it = s_.checked.names.find(name);
  return it != s_.checked.names.end() && it->second.def ? it->second.def->body.get() : nullptr;
}

bool Family::rule_reads(const ast::RuleDecl& r, const std::set<std::string>& givens) const {
  auto body_of = [this](const std::string& nm) { return def_body(nm); };
  std::vector<const ast::Expr*> parts{r.where.get(), r.body.get()};
  for (const auto& b : r.binders) parts.push_back(b.collection.get());
  for (const ast::Expr* e : parts)
    if (e)
      for (const auto& n : ast::names_read(*e, body_of))
        if (givens.count(n)) return true;
  return false;
}

std::vector<Derivation> Family::derivations_of(const std::string& g) const {
  auto body_of = [this](const std::string& nm) { return def_body(nm); };
  // `digit` names the built-in unless a def takes the name.
  const bool builtin_digit = !s_.checked.names.count("digit");
  std::vector<Derivation> out;
  for (const ast::RuleDecl* r : s_.checked.rules) {
    if (r->kind != ast::RuleKind::Clue || !r->body) continue;
    const auto* eq = std::get_if<ast::Binary>(&r->body->node);
    if (!eq || eq->op != ast::BinOp::Eq) continue;
    for (int side = 0; side < 2; ++side) {
      const ast::Expr* at = side ? eq->rhs.get() : eq->lhs.get();
      const ast::Expr& value = side ? *eq->lhs : *eq->rhs;
      const ast::Expr* factor = nullptr;
      if (const auto* mul = std::get_if<ast::Binary>(&at->node); mul && mul->op == ast::BinOp::Mul)
        for (int k = 0; k < 2 && !factor; ++k) {
          const ast::Expr* x = k ? mul->rhs.get() : mul->lhs.get();
          const ast::Expr* f = k ? mul->lhs.get() : mul->rhs.get();
          const auto* xi = std::get_if<ast::Index>(&x->node);
          const auto* xb = xi ? std::get_if<ast::Name>(&xi->base->node) : nullptr;
          if (xb && xb->id == g && !ast::names_read(*f, body_of).count(g)) {
            at = x;
            factor = f;
          }
        }
      const auto* call = std::get_if<ast::Call>(&at->node);
      const bool digit = builtin_digit && call && call->fn == "digit" && call->args.size() == 1;
      if (digit) at = call->args[0].get();
      const auto* ix = std::get_if<ast::Index>(&at->node);
      const auto* base = ix ? std::get_if<ast::Name>(&ix->base->node) : nullptr;
      if (!base || base->id != g || ix->args.size() != 1 || ast::names_read(value, body_of).count(g)) continue;
      if (digit && factor) continue;
      Derivation d{r, &value, ix, 0, r->where && ast::names_read(*r->where, body_of).count(g) > 0, digit, {}, factor};
      if (d.where_reads_clue) {
        std::function<void(const ast::Expr&)> terms = [&](const ast::Expr& e) {
          const auto* b = std::get_if<ast::Binary>(&e.node);
          if (b && b->op == ast::BinOp::And) {
            terms(*b->lhs);
            terms(*b->rhs);
          } else if (!ast::names_read(e, body_of).count(g)) {
            d.where_rest.push_back(&e);
          }
        };
        terms(*r->where);
      }
      out.push_back(std::move(d));
    }
  }
  return out;
}

std::optional<std::vector<Derivation>> Family::layout_digit_derivations(std::size_t board,
                                                                        const std::vector<std::string>& toks) const {
  const std::string& g = empty_[board].name;
  auto is_digit = [](const std::string& t) { return t.size() == 1 && std::isdigit(static_cast<unsigned char>(t[0])); };
  if (toks.empty() || !std::all_of(toks.begin(), toks.end(), is_digit)) return std::nullopt;
  std::vector<Derivation> out = derivations_of(g);
  for (auto& d : out) d.board = board;
  // Every clue rule that reads the layout has one, of the `digit` form; else tried.
  const std::set<std::string> layout{g};
  std::set<const ast::RuleDecl*> derived;
  for (const auto& d : out) {
    if (!d.digit) return std::nullopt;
    derived.insert(d.rule);
  }
  for (const ast::RuleDecl* r : s_.checked.rules)
    if (r->kind == ast::RuleKind::Clue && rule_reads(*r, layout) && !derived.count(r)) return std::nullopt;
  if (out.empty()) return std::nullopt;
  return out;
}

std::vector<char> Family::spec_chars() const {
  const source::SourceFile& file = s_.sm.file(0);
  std::string text = file.text;
  // Comments say nothing to the program: blanked (a `--` outside a string to the line's end).
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n') in_string = false;
    else if (text[i] == '"' && (i == 0 || (text[i - 1] != '\\' && text[i - 1] != '\''))) in_string = !in_string;
    else if (!in_string && text[i] == '-' && i + 1 < text.size() && text[i + 1] == '-')
      while (i < text.size() && text[i] != '\n') text[i++] = ' ';
  }
  // `def picture` only draws a solution: its characters ('#' for a shaded square) say
  // nothing of what the givens hold, so a spec that draws with them still has its letter
  // grid drawn as a partition (Heyawake's rooms).
  if (auto it = s_.checked.names.find("picture");
      it != s_.checked.names.end() && it->second.kind == sema::NameKind::Def && it->second.def && it->second.def->body) {
    const ast::DefDecl& d = *it->second.def;
    auto offset = [&](const source::Position& at) -> std::size_t {
      if (at.line == 0 || at.line > file.line_starts.size()) return std::string::npos;
      return file.line_starts[at.line - 1] + (at.col > 0 ? at.col - 1 : 0);
    };
    const std::size_t from = offset(d.range.begin), to = offset(d.body->range.end);
    if (d.range.file == 0 && d.body->range.file == 0 && from != std::string::npos && to != std::string::npos && from < to &&
        to <= text.size())
      std::fill(text.begin() + static_cast<std::ptrdiff_t>(from), text.begin() + static_cast<std::ptrdiff_t>(to), ' ');
  }
  static const std::regex lit(R"('([^'\\\s])'(?:\s*\.\.\s*'([^'\\\s])')?)");
  std::vector<char> chars;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), lit); it != std::sregex_iterator(); ++it) {
    char a = (*it)[1].str()[0], z = (*it)[2].matched ? (*it)[2].str()[0] : a;
    for (int ch = a; ch <= z; ++ch)
      if (std::find(chars.begin(), chars.end(), static_cast<char>(ch)) == chars.end()) chars.push_back(static_cast<char>(ch));
  }
  return chars;
}

std::vector<std::int64_t> Family::spec_ints() const {
  std::set<std::int64_t> ints;
  auto collect = [&](const ast::ExprPtr& e) {
    if (!e) return;
    ast::walk(*e, [&](const ast::Expr& x) {
      if (const auto* lit = std::get_if<ast::IntLit>(&x.node); lit && lit->value >= 0) ints.insert(lit->value);
      return true;
    });
  };
  for (const auto& d : s_.puzzle->decls) {
    if (const auto* def = std::get_if<ast::DefDecl>(&d); def && def->name != "picture") collect(def->body);
    if (const auto* r = std::get_if<ast::RuleDecl>(&d)) {
      collect(r->where);
      collect(r->body);
    }
  }
  return {ints.begin(), ints.end()};
}

ast::Binding Family::board_binding(const GivenBoard& b, bool shown) {
  source::Range r{src_, {1, 1}, {1, 1}};
  ast::Binding bind;
  bind.name = b.name;
  bind.range = r;
  if (shown) {
    const std::vector<std::string> rows = b.grid ? rows_of(b) : std::vector<std::string>{as_list(b) ? list_text(b) : fmt::format("{}", fmt::join(b.tokens, ""))};
    const std::uint32_t id = s_.sm.add("<drawn " + b.name + ">", fmt::format("{}\n", fmt::join(rows, "\n")));
    bind.range = {id, {1, 1}, {1, static_cast<std::uint32_t>(rows.empty() ? 1 : rows[0].size() + 1)}};
  }
  if (b.grid) {
    bind.value = ast::make_expr(ast::GridLit{rows_of(b)}, r);
  } else if (as_list(b)) {
    ast::SeqLit seq;
    for (const auto& t : b.tokens) seq.items.push_back(token_expr(t, r));
    bind.value = ast::make_expr(std::move(seq), r);
  } else {
    std::string text;
    for (const auto& t : b.tokens) text += t;
    bind.value = ast::make_expr(ast::StringLit{text}, r);
  }
  return bind;
}

ground::GroundOptions Family::ground_options(const std::vector<GivenBoard>& boards, Rules rules, bool shown) {
  ground::GroundOptions go;
  go.split = false;  // the workers already use every core
  go.render_text = false;  // constraints are compared and solved here, never explained
  if (rules == Rules::CluesOnly || rules == Rules::CluesChecked) go.only_rules = &clue_rules_;
  if (rules == Rules::Techniques) go.only_rules = &technique_rules_;
  // Clue values tried: accepted by full groundings. Tokens probed: they may break a
  // require somewhere (a sign in the last column) and still make clues elsewhere.
  if (rules != Rules::Checked && rules != Rules::CluesChecked) go.check_requirements = false;
  go.limits = s_.limits;
  // The user's bindings are lent (restore_overrides gives them back).
  for (auto& b : s_.overrides) go.overrides.push_back({b.name, std::move(b.value), b.range});
  for (const auto& b : boards) go.overrides.push_back(board_binding(b, shown));
  return go;
}

void Family::restore_overrides(std::vector<ast::Binding>& lent) {
  for (std::size_t i = 0; i < s_.overrides.size(); ++i) s_.overrides[i].value = std::move(lent[i].value);
}

std::optional<ir::Program> Family::ground_with(const std::vector<GivenBoard>& boards, std::string* error,
                                              Rules rules, ground::BoundInstance* bound, bool shown) {
  ground::GroundOptions go = ground_options(boards, rules, shown);
  source::Diagnostics d;
  auto prog = ground::ground(s_.checked, nullptr, go, s_.sm, d, bound);
  restore_overrides(go.overrides);
  if (!prog && error) *error = d.render(s_.sm);
  return prog;
}

bool Family::init(const GenerateOptions& o, std::string& error, const Family* first) {
  o_ = o;
  level_ = level_of(o.difficulty);
  bool ok = s_.load_spec(o.spec, o.puzzle) && s_.no_state_space();
  if (ok)
    for (const auto& g : o.givens) ok = s_.add_given(g) && ok;
  if (!ok) {
    error = s_.render_diagnostics();
    return false;
  }
  src_ = s_.sm.add("<generate>", "");
  const sema::CheckedPuzzle& cp = s_.checked;
  std::set<std::string> user;
  for (const auto& b : s_.overrides) user.insert(b.name);
  bool clue_rules = std::any_of(cp.rules.begin(), cp.rules.end(), [](const ast::RuleDecl* r) { return r->kind == ast::RuleKind::Clue; });
  // Clue puzzles (`pzc generate-clues`): `clue` rules, and every given known (a default
  // or --given). A spec whose clue rules read givens left unbound (Nonogram's line
  // clues) is an instance family, not a clue puzzle.
  has_clue_rules_ = clue_rules && std::all_of(cp.given_order.begin(), cp.given_order.end(), [&](const std::string& g) {
    return user.count(g) || cp.names.at(g).given->default_value;
  });
  const std::set<std::string> clue_names(cp.clue_givens.begin(), cp.clue_givens.end());
  // A clue given is what generate fills in (it was bound twice in the printed instance,
  // and the spec was blamed for it).
  for (const auto& nm : user)
    if (clue_names.count(nm)) {
      error = fmt::format("pzc: error: --given {}: '{}' holds the clues, which generate draws and removes itself, so it does "
                          "not take them; leave out --given {}\n", nm, nm, nm);
      return false;
    }
  // --without names that cannot be right are refused at once: otherwise the search for a
  // size that fits the requires comes first, and its failure hid the mistake (Undead
  // without --length: "no length of the clue lists up to 64 ...").
  {
    std::set<std::string> seen;
    for (const auto& nm : o.without) {
      if (!seen.insert(nm).second) {
        error = fmt::format("pzc: error: --without {} is given twice\n", nm);
        return false;
      }
      auto it = cp.names.find(nm);
      if (it == cp.names.end() || it->second.kind != sema::NameKind::Given) {
        std::vector<std::string> quoted;
        for (const auto& c : cp.clue_givens) quoted.push_back("'" + c + "'");
        error = fmt::format("pzc: error: --without {}: '{}' is not a given of {}, so there is nothing to leave out ({}'s clue "
                            "givens: {})\n", nm, nm, s_.puzzle->name, s_.puzzle->name, fmt::join(quoted, ", "));
        return false;
      }
    }
  }
  auto reads_clue = [&](const ast::RuleDecl& r) { return rule_reads(r, clue_names); };
  // A derivation that reads a variable as it is (Sudoku's `cell[p] = clues[p]`): the
  // variables' values are the clues to try, and trying them is shared by every solution.
  auto reads_a_var = [&](const Derivation& d) {
    const auto* ix = std::get_if<ast::Index>(&d.value->node);
    const auto* base = ix ? std::get_if<ast::Name>(&ix->base->node) : nullptr;
    auto it = base ? cp.names.find(base->id) : cp.names.end();
    return it != cp.names.end() && it->second.kind == sema::NameKind::Var;
  };
  std::vector<const ast::Type*> elems;
  std::vector<std::vector<Derivation>> computed;  // per board: its clue rules that compute it
  std::string user_layout;  // a board generate would draw, given with --given
  for (const auto& nm : cp.given_order) {
    const ast::Type& t = cp.names.at(nm).type;
    bool is_clue = std::find(cp.clue_givens.begin(), cp.clue_givens.end(), nm) != cp.clue_givens.end();
    if (is_clue) {
      if (!(t.is(K::Seq) || t.is(K::Grid)) || !t.elem || !t.elem->optional) {
        error = fmt::format("pzc: error: generate needs each clue given to be a Seq(T?) or a Grid(T?); '{}' is not\n", nm);
        return false;
      }
      GivenBoard b;
      b.name = nm;
      b.grid = t.is(K::Grid);
      // Clues that are collections (a Nonogram line's runs) are derived from the solution
      // (and Int clues that the variables' values do not cover: below).
      const bool collection = t.elem->is(K::Seq) || t.elem->is(K::Set);
      auto ds = derivations_of(nm);
      for (auto& d : ds) d.board = empty_.size();
      computed.push_back(!ds.empty() && std::none_of(ds.begin(), ds.end(), reads_a_var) ? ds : std::vector<Derivation>{});
      if (collection && b.grid) {
        error = fmt::format("pzc: error: generate cannot write a grid of collections ('{}'); a Seq of them it can\n", nm);
        return false;
      }
      if (collection && ds.empty()) {
        error = fmt::format("pzc: error: the clues of '{}' are collections, which generate derives from a solution through a "
                            "clue rule `E = {}[i]`; no clue rule has that form\n", nm, nm);
        return false;
      }
      b.exprs = collection;
      b.numbers = !b.grid && t.elem->is(K::Int);
      derives_.push_back(collection);
      if (collection) derivations_.insert(derivations_.end(), ds.begin(), ds.end());
      derived_ = derived_ || collection;
      empty_.push_back(b);
      elems.push_back(t.elem.get());
    } else if (clue_rules && layout_ < 0 && t.is(K::Grid) && t.elem && t.elem->is(K::Char) && !user.count(nm)) {
      GivenBoard b;
      b.name = nm;
      b.grid = true;
      layout_ = static_cast<int>(empty_.size());
      // A spec that names no character but '.' can only compare the grid's squares with
      // one another: its letters say which squares go together (Killer's cages), so the
      // grid is drawn as a partition into regions, not as blocks and open squares.
      const auto chars = spec_chars();
      if (std::all_of(chars.begin(), chars.end(), [](char ch) { return ch == '.'; })) {
        regions_ = true;
        plain_layout_ = true;
      }
      derives_.push_back(0);
      computed.emplace_back();
      empty_.push_back(b);
      elems.push_back(t.elem.get());
    } else if (clue_rules && layout_ < 0 && t.is(K::Grid) && t.elem && t.elem->is(K::Char) && user_layout.empty()) {
      user_layout = nm;
    } else if (!clue_rules && cp.clue_givens.empty() && layout_ < 0 && t.is(K::Grid) && t.elem && t.elem->is(K::Char) &&
               !user.count(nm)) {
      // No clues at all, and a Char grid (Star Battle's regions): the puzzle is that
      // grid, drawn as a partition into connected regions (see region_count).
      GivenBoard b;
      b.name = nm;
      b.grid = true;
      layout_ = static_cast<int>(empty_.size());
      regions_ = true;
      plain_layout_ = true;
      derives_.push_back(0);
      computed.emplace_back();
      empty_.push_back(b);
      elems.push_back(t.elem.get());
    }
  }
  // Light Up's board given with --given: it is the board generate draws and numbers (its
  // clue rules derive the numbers from a solution), so it is not taken as fixed. (Taken as
  // a puzzle of clue rules, it was sent to generate-clues, which said it had no enum vars.)
  if (empty_.empty() && !user_layout.empty() && cp.clue_givens.empty()) {
    error = fmt::format("pzc: error: --given {}: generate draws {}'s '{}' itself (its blocks, then the numbers its clue "
                        "rules derive from a solution), so it does not take one; leave out --given {} (--size, "
                        "--density and --symmetry shape the drawn board)\n",
                        user_layout, s_.puzzle->name, user_layout, user_layout);
    return false;
  }
  if (empty_.empty()) {
    no_slots_ = true;
    error = fmt::format("pzc: error: {} has no clue givens (`clue NAME`) and no Char grid given for `clue` rules to number, "
                        "so there is nothing to generate (for puzzles whose clues are rules, see `pzc generate-clues`)\n",
                        s_.puzzle->name);
    return false;
  }
  // A given that is neither a clue nor drawn (ABC's `n` and `letters`, Towers' `n`) is the
  // setter's choice: without a default or --given there is nothing to generate from.
  {
    std::vector<std::string> missing;
    for (const auto& nm : cp.given_order)
      if (!user.count(nm) && !cp.names.at(nm).given->default_value &&
          std::none_of(empty_.begin(), empty_.end(), [&](const GivenBoard& b) { return b.name == nm; }))
        missing.push_back(fmt::format("'{}' ({})", nm, ast::to_string(cp.names.at(nm).type, cp.enum_names)));
    if (!missing.empty()) {
      error = fmt::format("pzc: error: {} needs {} to generate from: {}; give --given NAME=VALUE\n", s_.puzzle->name,
                          fmt::join(missing, " and "),
                          missing.size() == 1 ? "it is not a clue and has no default" : "they are not clues and have no default");
      return false;
    }
  }
  if ((o.regions > 0 || o.max_region > 0) && !regions_) {
    error = fmt::format("pzc: error: {}: {} has no grid that generate draws as a partition into regions (a Char grid "
                        "given whose letters the spec only compares with one another)\n",
                        o.regions > 0 ? fmt::format("--regions {}", o.regions) : fmt::format("--max-region {}", o.max_region),
                        s_.puzzle->name);
    return false;
  }
  // Sizes: --size for grids, --length for Seqs; otherwise the size nearest 7 that the
  // `require`s accept with empty clues (7 to 16, then 6 down to 1, then up to 64): a
  // Sudoku's box*box, an even Unruly's 8, a free grid's 7x7 (a Mosaic, a Futoshiki).
  auto fill = [&](GivenBoard& b, std::int64_t rows, std::int64_t cols, const std::string& tok) {
    b.rows = rows;
    b.cols = cols;
    b.tokens.assign(static_cast<std::size_t>(rows * cols), tok);
  };
  // A board the requires refuse when it is all open squares ('.') is not drawn at random.
  auto fail_with_layout_note = [&] {
    if (layout_ >= 0 && regions_)
      error += fmt::format("pzc: note: '{0}' is taken as a partition into regions, drawn at random ({1}{2}); a partition "
                           "of your own is given with --given {0}=...\n", empty_[static_cast<std::size_t>(layout_)].name,
                           o.regions > 0 ? "--regions " + std::to_string(o.regions) : "how many: --regions K",
                           o.width > 0 ? "" : "; its size: --size WxH");
    else if (layout_ >= 0)
      error += fmt::format("pzc: note: '{0}' is taken as a layout board, drawn at random{1}; a board of another kind is "
                           "given with --given {0}=...\n", empty_[static_cast<std::size_t>(layout_)].name,
                           o.width > 0 ? "" : " (its size: --size WxH)");
    return false;
  };
  std::string last_error;
  // Generate starts from the puzzle with every clue empty: the requires that read a clue
  // given may refuse that start whatever its size (Nurikabe's "at least one number").
  auto clue_requires = [&] {
    std::vector<const ast::RuleDecl*> out;
    for (const ast::RuleDecl* r : cp.rules)
      if (r->kind == ast::RuleKind::Require && reads_clue(*r)) out.push_back(r);
    return out;
  };
  auto refused_by = [&](const ast::RuleDecl* r) {
    return last_error.find(fmt::format("required at {}:{}\n", s_.sm.file(r->range.file).path, r->range.begin.line)) !=
           std::string::npos;
  };
  auto clue_require_note = [&](const std::vector<const ast::RuleDecl*>& refusing) {
    std::vector<std::string> needing;
    for (const ast::RuleDecl* r : refusing) needing.push_back(fmt::format("line {}", r->range.begin.line));
    if (!needing.empty())
      error += fmt::format("pzc: note: generate starts from the puzzle with every clue empty (it derives the clues from a drawn "
                           "solution); the {} at {} {} the clues and {} that start{}\n",
                           needing.size() == 1 ? "require" : "requires", fmt::join(needing, " and "),
                           needing.size() == 1 ? "reads" : "read", needing.size() == 1 ? "refuses" : "refuse",
                           // (With --size, the size may be what it refuses: Towers' n = 4 at 6x6.)
                           o.width > 0 ? fmt::format(" at --size {}x{} (what it refuses may be that size, or the empty clues)", o.width, o.height) : "");
    // With --size: a given left at its default that those requires read may be what does not
    // fit it (Kropki's box = 3 against --size 6x6).
    if (o.width > 0) {
      std::vector<std::string> defaulted, lines;
      for (const auto& g : cp.given_order)
        if (!user.count(g) && !clue_names.count(g) && cp.names.at(g).given->default_value &&
            std::any_of(refusing.begin(), refusing.end(), [&](const ast::RuleDecl* r) { return rule_reads(*r, {g}); }))
          defaulted.push_back(g);
      for (const ast::RuleDecl* r : refusing)
        if (std::any_of(defaulted.begin(), defaulted.end(), [&](const std::string& g) { return rule_reads(*r, {g}); }))
          lines.push_back(fmt::format("line {}", r->range.begin.line));
      if (!defaulted.empty())
        error += fmt::format("pzc: note: --size {}x{}: the {} at {} also {} {}, left at {} default{}; --given {}=... may fit "
                             "that size\n",
                             o.width, o.height, lines.size() == 1 ? "require" : "requires", fmt::join(lines, " and "),
                             lines.size() == 1 ? "reads" : "read", fmt::join(defaulted, " and "),
                             defaulted.size() == 1 ? "its" : "their", defaulted.size() == 1 ? "" : "s", defaulted[0]);
    }
  };
  bool has_seq = false, search_grid = false;
  std::map<std::string, std::int64_t> length;  // --length NAME=N
  for (const auto& [nm, n] : o.lengths) {
    auto it = std::find_if(empty_.begin(), empty_.end(), [&](const GivenBoard& b) { return b.name == nm && !b.grid; });
    if (it == empty_.end()) {
      error = fmt::format("pzc: error: --length {}={}: '{}' is not a clue Seq given of {}\n", nm, n, nm, s_.puzzle->name);
      return false;
    }
    length[nm] = n;
  }
  omitted_.assign(empty_.size(), 0);  // (--without: below, once the layout's kind is known)
  for (std::size_t i = 0; i < empty_.size(); ++i) {
    GivenBoard& b = empty_[i];
    if (!b.grid && length.count(b.name)) fill(b, 1, length[b.name], b.exprs ? "null" : ".");
    else if (!b.grid) has_seq = true;
    else if (o.width > 0) fill(b, o.height, o.width, ".");
    else if (static_cast<int>(i) == layout_) fill(b, 7, 7, ".");
    else search_grid = true;
  }
  if (has_seq || search_grid) {
    bool found = false;
    // Generate starts from the puzzle with every clue empty: a require that reads a clue
    // given and refuses every size (Nurikabe's "at least one number") refuses that start.
    std::vector<const ast::RuleDecl*> always_refusing = clue_requires();
    std::vector<std::int64_t> sizes;
    for (std::int64_t n = 7; n <= 16; ++n) sizes.push_back(n);
    for (std::int64_t n = 6; n >= 1; --n) sizes.push_back(n);
    for (std::int64_t n = 17; n <= 64; ++n) sizes.push_back(n);
    // The givens as filled now fit the requires: as they are, with a layout's forced blocks
    // (Kakuro), or with a layout drawn as a tiling (Magnets).
    auto fits = [&] {
      bool ok = ground_with(empty_, &last_error).has_value();
      if (!ok && layout_ >= 0 && !regions_) ok = force_blocks(last_error).has_value();
      if (!ok && layout_ >= 0 && !regions_) ok = find_tiles(last_error) && ground_with(empty_, &last_error);
      return ok;
    };
    // A grid of --size W x H with W != H: first each clue Seq of length W or H (Magnets'
    // counts per column and per row), every combination, before one length for them all.
    std::vector<std::size_t> free_seqs;
    for (std::size_t i = 0; i < empty_.size(); ++i)
      if (!empty_[i].grid && !length.count(empty_[i].name)) free_seqs.push_back(i);
    // Clue Seqs alone (Kakurasu's sums, a Nonogram's lines): the lengths whose grid of
    // variables is W x H, or --size would be ignored (5x5 gave the 7x7 of the size search).
    const bool seqs_alone = o.width > 0 && !search_grid && free_seqs.size() == empty_.size() - length.size();
    auto fits_size = [&] {
      auto p = ground_with(empty_, &last_error);
      if (!p) return false;
      const ir::VarGroup* g = ir::answer_grid(*p);
      if (!g || (g->dims[0] == o.height && g->dims[1] == o.width)) return true;
      last_error = fmt::format("the variables' grid is {}x{}, not {}x{}", g->dims[1], g->dims[0], o.width, o.height);
      return false;
    };
    if (o.width > 0 && (o.width != o.height || seqs_alone) && !search_grid && free_seqs.size() <= 6) {
      for (std::size_t mask = 0; mask < (std::size_t{1} << free_seqs.size()) && !found; ++mask) {
        for (std::size_t k = 0; k < free_seqs.size(); ++k) {
          GivenBoard& b = empty_[free_seqs[k]];
          fill(b, 1, (mask >> k) & 1 ? o.height : o.width, b.exprs ? "null" : ".");
        }
        found = seqs_alone ? fits_size() : fits();
      }
      if (!found && seqs_alone) {
        error = fmt::format("pzc: error: --size {}x{}: no {} of the clue lists make a puzzle of that size; the last attempt "
                            "said:\n{}\n", o.width, o.height,
                            o.width == o.height ? fmt::format("length {}", o.width) : fmt::format("lengths {} or {}", o.width, o.height),
                            last_error);
        return false;
      }
    }
    auto search_sizes = [&](std::int64_t regions) {
      for (std::size_t k = 0; k < sizes.size() && !found; ++k) {
        const std::int64_t n = sizes[k];
        if (regions_ && search_grid && n > kMaxPartitionSide) continue;
        for (auto& b : empty_)
          if (!b.grid && !length.count(b.name)) fill(b, 1, n, b.exprs ? "null" : ".");
          else if (search_grid && o.width <= 0 && (&b - empty_.data() != layout_ || regions_)) fill(b, n, n, ".");
        found = fits();
        // A partition beside clue grids (Killer's cages) has their size, and one region may
        // not fit: the size is tried with the partition's count of regions (--regions, or
        // about kSquaresPerClueRegion squares each), up to 16x16.
        if (!found && regions_ && search_grid) {
          const std::int64_t r = regions > 0 ? regions : std::min(n * n / kSquaresPerClueRegion, kMaxRegions);
          found = r >= 1 && partition_fits(r, last_error);
        }
        if (!found)
          std::erase_if(always_refusing, [&](const ast::RuleDecl* r) { return !refused_by(r); });
      }
    };
    search_sizes(o.regions);
    // No size takes --regions K: the size is the one the default count finds, and the
    // region count's check below says that the requires refuse K regions there (it said
    // that no size fits, about the grids, when only K was wrong: Killer --regions 3).
    if (!found && o.regions > 0 && regions_ && search_grid) search_sizes(0);
    // A --given value that is wrong whatever the size ("n=abc") is the error, not the size.
    if (!found && (last_error.rfind("<--given ", 0) == 0 || last_error.find("\n<--given ") != std::string::npos)) {
      error = last_error;
      return false;
    }
    if (!found) {
      error = fmt::format("pzc: error: {} makes the empty clue givens fit the requires{}; the last attempt said:\n{}",
                          o.width > 0 && !search_grid
                              ? fmt::format("with --size {}x{}, no length of the clue lists up to 64", o.width, o.height)
                              : fmt::format("no size up to {}", regions_ && search_grid ? kMaxPartitionSide : 64),
                          search_grid && o.width <= 0 ? " (only square grids are tried without --size: --size WxH gives another shape)" : "",
                          last_error);
      // (The lengths given stay as given at every size: with a given layout of 6 columns,
      // `--length colPlus=7` was what no size could fit, and nothing said so.)
      if (!length.empty()) {
        std::vector<std::string> fixed;
        for (const auto& [nm, n] : length) fixed.push_back(fmt::format("{}={}", nm, n));
        error += fmt::format("pzc: note: --length {} stayed as given at every size tried, so {} may be what the requires "
                             "refuse\n", fmt::join(fixed, " --length "), fixed.size() == 1 ? "it" : "they");
      }
      clue_require_note(always_refusing);
      return fail_with_layout_note();
    }
    // The only size the requires accept is a single entry: surely not what was meant.
    std::vector<std::string> single;
    for (const auto& b : empty_)
      if (!b.grid && !length.count(b.name) && b.tokens.size() == 1) single.push_back(b.name);
    if (!single.empty())
      note_ = fmt::format("pzc: note: {} {} one entry, the only length the requires accept; --length NAME=N sets a clue Seq's length\n",
                          fmt::join(single, " and "), single.size() == 1 ? "has" : "have");
  }
  if (regions_ && !tiles_ && !region_count(last_error)) {
    error = last_error;
    return false;
  }
  auto none = ground_with(empty_, &last_error);
  if (!none && layout_ >= 0 && !regions_) none = force_blocks(last_error);
  if (!none && layout_ >= 0 && !regions_ && find_tiles(last_error)) none = ground_with(empty_, &last_error);
  if (!none) {
    error = last_error;
    // The note on requires that refuse every empty start: those that refuse this size
    // and the square sizes of its sides too (not Futoshiki's "the grid is square" at 5x4).
    std::vector<const ast::RuleDecl*> refusing = clue_requires();
    std::erase_if(refusing, [&](const ast::RuleDecl* r) { return !refused_by(r); });
    std::vector<std::int64_t> sides{o.width};
    if (o.height != o.width) sides.push_back(o.height);
    for (std::int64_t n : sides) {
      if (refusing.empty() || n <= 0) break;
      for (auto& b : empty_)
        if (b.grid) fill(b, n, n, ".");
      if (ground_with(empty_, &last_error)) refusing.clear();
      std::erase_if(refusing, [&](const ast::RuleDecl* r) { return !refused_by(r); });
    }
    clue_require_note(refusing);
    return fail_with_layout_note();
  }
  // --classify: variables of the ground program, by name (`house_zebra`, `cell_r1_c1`).
  naming_.symbols = none->symbols;
  std::size_t classes = 1;
  // (A name given twice fixed its variable to one value for good: the first class's
  // restriction was what solve_in_class restored last, and a puzzle with several
  // solutions went as far as the Z3 check, an internal error.)
  if (std::string twice = classify_named_twice(o.classify); !twice.empty()) {
    error = twice;
    return false;
  }
  for (const auto& nm : o.classify) {
    auto it = std::find_if(none->vars.begin(), none->vars.end(), [&](const ir::Variable& v) { return v.name == nm; });
    if (it == none->vars.end() || it->aux) {
      std::vector<std::string> names;
      for (const auto& v : none->vars)
        if (!v.aux) names.push_back(v.name);
      std::string near = sema::closest_name(nm, names);
      error = fmt::format("pzc: error: --classify: {} has no variable '{}'{}\n", s_.puzzle->name, nm,
                          near.empty() ? fmt::format(" (its variables are named like '{}')", names.empty() ? "" : names.front())
                                       : fmt::format("; did you mean '{}'?", near));
      return false;
    }
    classify_.push_back(static_cast<ir::VarId>(it - none->vars.begin()));
    classify_names_.push_back(nm);
    classify_domains_.push_back(it->domain);
    classify_kinds_.push_back(it->kind);
    classes *= std::max<std::size_t>(1, it->domain.size());
    if (classes > kMaxClasses) {
      error = fmt::format("pzc: error: --classify: more than {} combinations of values\n", kMaxClasses);
      return false;
    }
  }
  // The clue tokens to try, from the element types and the variables' values.
  for (std::size_t i = 0; i < empty_.size(); ++i) {
    if (derives_[i]) {  // derived, not tried
      cands_.emplace_back();
      continue;
    }
    const ast::Type& e = *elems[i];
    std::set<ir::Value> seen;
    auto collect = [&](ir::ValueKind kind) {
      for (const auto& v : none->vars)
        if (v.kind == kind) seen.insert(v.domain.begin(), v.domain.end());
    };
    std::vector<std::string> toks;
    if (static_cast<int>(i) == layout_ && regions_) {
      cands_.emplace_back();  // a partition has no clue tokens
      continue;
    }
    if (static_cast<int>(i) == layout_) {
      // The spec's character literals: which fill the block squares (`clue` rules ground
      // for them) and which is the plain block (none do).
      for (char ch : spec_chars()) {
        if (ch == '.') continue;
        std::vector<GivenBoard> trial = empty_;
        std::fill(trial[i].tokens.begin(), trial[i].tokens.end(), std::string(1, ch));
        auto p = ground_with(trial);
        if (!p) continue;
        // On a board of one row or column a square may have no neighbour, and a clue rule
        // over neighbours then grounds to nothing even for a numbering character (Light
        // Up's '0' on a 1x1 board became the plain block and was printed as a numbered
        // wall). The question is asked on a 3x3 board of it too, when the requires allow.
        if (trial[i].grid && (trial[i].rows < 2 || trial[i].cols < 2)) {
          std::vector<GivenBoard> wide = trial;
          wide[i].rows = std::max<std::int64_t>(wide[i].rows, 3);
          wide[i].cols = std::max<std::int64_t>(wide[i].cols, 3);
          wide[i].tokens.assign(static_cast<std::size_t>(wide[i].rows * wide[i].cols), std::string(1, ch));
          if (auto pw = ground_with(wide)) p = std::move(pw);
        }
        bool clue = std::any_of(p->constraints.begin(), p->constraints.end(),
                                [&](const ir::Constraint& c) { return p->rules[static_cast<std::size_t>(c.origin.rule)].is_clue; });
        if (clue) toks.emplace_back(1, ch);
        else if (block_.empty()) block_ = std::string(1, ch);
      }
      if (block_.empty()) {
        error = fmt::format("pzc: error: no character besides '.' makes a plain block square of '{}'\n", empty_[i].name);
        return false;
      }
      if (!forced_.empty() && block_ != forced_block_) {
        error = fmt::format("pzc: error: the squares of '{}' that the requires keep blocked hold '{}', but the plain block is '{}'\n",
                            empty_[i].name, forced_block_, block_);
        return false;
      }
      // No character numbers a block (Tents' trees): the layout is drawn, and the clues
      // are the other clue givens'.
      if (toks.empty() && !cp.clue_givens.empty()) {
        plain_layout_ = true;
        cands_.emplace_back();
        continue;
      }
      // Blocks numbered by digits that clue rules `E = digit(L[p])` compute from the
      // solution (Light Up's walls): derived, as an Int board's clues are, not tried. A
      // layout is a new frame each time, and trying costs a grounding per digit.
      if (auto ds = layout_digit_derivations(i, toks)) {
        derives_[i] = 1;
        derived_ = true;
        derivations_.insert(derivations_.end(), ds->begin(), ds->end());
        layout_digits_.insert(toks.begin(), toks.end());
        cands_.emplace_back();
        continue;
      }
    } else if (e.is(K::Symbol)) {
      collect(ir::ValueKind::Symbol);
      for (ir::Value v : seen) {
        const std::string& nm = cp.symbols.at(static_cast<std::size_t>(v));
        if (cp.names.at(nm).enum_id == e.enum_id) toks.push_back(nm);
      }
      // Clues of an enum that no variable takes (a sign, a direction): every member.
      if (toks.empty())
        for (const auto& nm : cp.symbols)
          if (cp.names.at(nm).enum_id == e.enum_id) toks.push_back(nm);
    } else if (e.is(K::Int)) {
      collect(ir::ValueKind::Int);
      for (ir::Value v : seen)
        if (v >= 0) toks.push_back(std::to_string(v));
      // A clue that a rule computes from the variables (Kakuro's sums of digits, Towers'
      // counts of towers seen) need not be among their values: it is derived, not tried.
      // So are counts of Bool variables on a drawn layout (Tents' tents per row): every
      // layout is a new frame, where tried values would cost a grounding each (Tents:
      // 0..200, as the requires do not bound them) before the frame serves any solution.
      if ((!seen.empty() || layout_ >= 0) && !computed[i].empty()) {
        derives_[i] = 1;
        derived_ = true;
        derivations_.insert(derivations_.end(), computed[i].begin(), computed[i].end());
        cands_.emplace_back();
        continue;
      }
      // Int clues that no variable takes (Range's counts of squares seen): the values the
      // requires accept for them, probed upward from 0 with the board full of each; then
      // the spec's integer literals above those that the requires accept too (Tapa's
      // 1111, four runs of one, after 0..122: "at most 122 or 1111").
      if (toks.empty()) {
        auto accepted = [&](std::int64_t v) {
          std::vector<GivenBoard> trial = empty_;
          std::fill(trial[i].tokens.begin(), trial[i].tokens.end(), std::to_string(v));
          return ground_with(trial).has_value();
        };
        int v = 0;
        for (; v <= kMaxProbedClue; ++v) {
          if (accepted(v)) toks.push_back(std::to_string(v));
          else if (!toks.empty()) break;
        }
        if (!toks.empty())
          for (std::int64_t lit : spec_ints())
            if (lit > v && accepted(lit)) toks.push_back(std::to_string(lit));
      }
    } else if (e.is(K::Bool)) {
      toks = {"0", "1"};
    } else if (e.is(K::Char)) {
      collect(ir::ValueKind::Char);
      // Characters no variable takes (Futoshiki's '<' and '>'): the spec's literals for
      // which the clue rules ground something when they fill the board.
      if (seen.empty())
        for (char ch : spec_chars()) {
          std::vector<GivenBoard> trial = empty_;
          std::fill(trial[i].tokens.begin(), trial[i].tokens.end(), std::string(1, ch));
          auto p = ground_with(trial, nullptr, Rules::Unchecked);
          if (p && std::any_of(p->constraints.begin(), p->constraints.end(), [&](const ir::Constraint& c) {
                return p->rules[static_cast<std::size_t>(c.origin.rule)].is_clue;
              }))
            seen.insert(ch);
        }
      for (ir::Value v : seen)
        if (v > ' ' && v < 127 && v != '.' && v != '_' && v != '-') toks.emplace_back(1, static_cast<char>(v));
    }
    if (toks.empty()) {
      const GivenBoard& b = empty_[i];
      if (e.is(K::Int)) {
        // Clue values are drawn from the variables' values (a Sudoku digit), else from
        // what the requires accept.
        error = fmt::format("pzc: error: no value to try for the clues of '{}': they are Int, no variable takes Int values, "
                            "and the requires accept none of 0..{} for them\n", b.name, kMaxProbedClue);
        return false;
      }
      error = fmt::format("pzc: error: no value to try for the clues of '{}': none makes a `clue` rule ground a constraint", b.name);
      if (b.grid) error += fmt::format(" on a {}x{} grid{}", b.cols, b.rows, o.width > 0 ? "" : " (the size nearest 7x7 that the requires accept; give --size WxH)");
      error += "\n";
      return false;
    }
    cands_.push_back(std::move(toks));
  }
  // The rules whose constraints depend on the clue values: `clue` rules, and rules that
  // read a clue given (through defs). A layout board is read by every rule (its blocks
  // are walls whatever their numbers), so there a rule is tested instead: on a sample
  // layout, its constraints must be the same whatever token fills the block squares.
  std::vector<const ast::RuleDecl*> by_id;  // Program::rules index -> declaration
  for (const ast::RuleDecl* r : cp.rules) {
    if (r->kind == ast::RuleKind::Technique) {
      technique_rules_.insert(r);
      if (reads_clue(*r) && (clue_technique_tier_ == 0 || r->tier < clue_technique_tier_)) clue_technique_tier_ = r->tier;
    }
    if (r->kind == ast::RuleKind::Require) continue;
    if (r->kind == ast::RuleKind::Clue || (r->kind == ast::RuleKind::Rule && reads_clue(*r))) clue_rules_.insert(r);
    by_id.push_back(r);
  }
  if (layout_ >= 0 && !regions_) {
    std::mt19937_64 rng(0);
    std::vector<GivenBoard> sample = empty_;
    GivenBoard& b = sample[static_cast<std::size_t>(layout_)];
    draw_layout(b, rng, o_.density);
    std::map<std::int32_t, std::multiset<std::string>> first;
    // The tokens that number a block: tried, or derived (digits).
    std::vector<std::string> toks = cands_[static_cast<std::size_t>(layout_)];
    toks.insert(toks.end(), layout_digits_.begin(), layout_digits_.end());
    for (std::size_t t = 0; t <= toks.size(); ++t) {
      std::vector<GivenBoard> trial = sample;
      const std::string& tok = t == 0 ? block_ : toks[t - 1];
      for (auto& x : trial[static_cast<std::size_t>(layout_)].tokens)
        if (x == block_) x = tok;
      auto p = ground_with(trial);
      if (!p) continue;
      std::map<std::int32_t, std::multiset<std::string>> got;
      for (const auto& c : p->constraints) got[c.origin.rule].insert(signature(*p, c));
      for (std::size_t r = 0; r < by_id.size(); ++r) {
        auto id = static_cast<std::int32_t>(r);
        if (t == 0) first[id] = got[id];
        else if (got[id] != first[id]) clue_rules_.insert(by_id[r]);
      }
    }
  }
  for (std::size_t r = 0; r < by_id.size(); ++r)
    if (clue_rules_.count(by_id[r])) clue_rule_ids_.insert(static_cast<std::int32_t>(r));
  // --without NAME: a board that carries clues, a clue given or a layout whose blocks are
  // numbered (Light Up's walls); a layout of plain blocks (Undead's mirrors) has none.
  {
    std::vector<std::string> carriers;
    auto carries = [&](std::size_t i) {
      return std::find(cp.clue_givens.begin(), cp.clue_givens.end(), empty_[i].name) != cp.clue_givens.end() ||
             (static_cast<int>(i) == layout_ && !plain_layout_ && !regions_ && !tiles_);
    };
    for (std::size_t i = 0; i < empty_.size(); ++i)
      if (carries(i)) carriers.push_back("'" + empty_[i].name + "'");
    for (const auto& nm : o.without) {
      auto it = std::find_if(empty_.begin(), empty_.end(), [&](const GivenBoard& b) { return b.name == nm; });
      const auto i = static_cast<std::size_t>(it - empty_.begin());
      if (it == empty_.end() || !carries(i)) {
        error = fmt::format("pzc: error: --without {}: '{}' {}, so there is nothing to leave out ({}'s clue givens: {})\n", nm, nm,
                            it == empty_.end() ? "is not a clue given" : "is the drawn layout, and its blocks carry no clues",
                            s_.puzzle->name, fmt::join(carriers, ", "));
        return false;
      }
      omitted_[i] = 1;  // (a name given twice was refused above)
    }
    if (layout_ < 0 && !o.without.empty() && carriers.size() == o.without.size()) {
      error = fmt::format("pzc: error: --without leaves {} no clue given to draw clues in\n", s_.puzzle->name);
      return false;
    }
  }
  // --symmetry and --density shape a layout of blocks and open squares; without one they
  // would be ignored in silence (a Sudoku "generated with rot4 symmetry" had none).
  if ((o.symmetry_given || o.density_given) && !(layout_ >= 0 && !regions_)) {
    error = fmt::format("pzc: error: {}: {} {}, so there is no layout of blocks and open squares for it to shape\n",
                        o.symmetry_given ? "--symmetry" : "--density", s_.puzzle->name,
                        layout_ < 0 ? "draws no board (its clues are filled into given boards)"
                                    : fmt::format("draws '{}' as {}", empty_[static_cast<std::size_t>(layout_)].name,
                                                  tiles_ ? "a tiling" : "a partition into regions"));
    return false;
  }
  // A quarter turn maps a board onto itself only when it is square (rot4 was rot2 there,
  // without a word).
  if (o.symmetry == "rot4" && layout_ >= 0 && !regions_ && !tiles_) {
    const GivenBoard& b = empty_[static_cast<std::size_t>(layout_)];
    if (b.rows != b.cols) {
      error = fmt::format("pzc: error: --symmetry rot4 turns the board a quarter turn, so it needs a square board, not "
                          "{}x{} (rot2 and mirror fit any board)\n", b.cols, b.rows);
      return false;
    }
  }
  // --clues numbers the clues of a puzzle whose clues are rules (generate-clues); here it
  // would be ignored.
  if (o.clues_given && !has_clue_rules_) {
    error = fmt::format("pzc: error: --clues: {} is not a puzzle whose clues are rules over scalar enum variables (as "
                        "generate-clues makes): its clues come from its boards, and generate removes them until "
                        "the puzzle is minimal\n", s_.puzzle->name);
    return false;
  }
  if (layout_ < 0) {
    fixed_.emplace();
    fixed_->boards = empty_;
    std::string why;
    // Derived clues are attributed with the first solution's values.
    if (build_frame(*fixed_, why) != Outcome::Ok || (!derived_ && attribute(*fixed_, why) != Outcome::Ok)) {
      error = "pzc: error: " + why + "\n";
      return false;
    }
    // Whether the native search draws this puzzle's solutions: asked once, of the batch's
    // first attempt's seed (its draw, without a class), as try_solution would ask it.
    if (first) {
      z3_draws_ = first->z3_draws_;
    } else {
      const std::uint64_t seed = attempt_seed(o_.seed, 0, 0);
      engine::SearchResult r = engine::solve(*fixed_->p0, draw_options(*fixed_, seed));
      z3_draws_ = past_node_limit(r);
      if (!z3_draws_) probed_draw_.emplace(seed, std::move(r));
    }
  }
  return true;
}

void Family::draw_layout(GivenBoard& b, std::mt19937_64& rng, double density) const {
  std::int64_t h = b.rows, w = b.cols;
  std::vector<char> done(static_cast<std::size_t>(h * w), 0);
  const std::string& sym = o_.symmetry;  // (rot4: square, see init)
  for (std::int64_t r = 0; r < h; ++r)
    for (std::int64_t c = 0; c < w; ++c) {
      if (done[static_cast<std::size_t>(r * w + c)]) continue;
      std::vector<std::pair<std::int64_t, std::int64_t>> orbit{{r, c}};
      if (sym == "rot2") orbit.push_back({h - 1 - r, w - 1 - c});
      else if (sym == "mirror") orbit.push_back({r, w - 1 - c});
      else if (sym == "rot4") orbit.insert(orbit.end(), {{c, w - 1 - r}, {h - 1 - r, w - 1 - c}, {h - 1 - c, r}});
      double u = static_cast<double>(rng() >> 11) * 0x1.0p-53;
      for (auto [rr, cc] : orbit) {
        auto at = static_cast<std::size_t>(rr * w + cc);
        done[at] = 1;
        b.tokens[at] = u < density || (!forced_.empty() && forced_[at]) ? block_ : ".";
      }
    }
}

// The letter of region k: A-Z, then a-z.
std::string region_letter(int k) { return std::string(1, static_cast<char>(k < 26 ? 'A' + k : 'a' + (k - 26))); }

bool Family::region_count(std::string& error) {
  GivenBoard& b = empty_[static_cast<std::size_t>(layout_)];
  const auto n = static_cast<std::int64_t>(b.tokens.size());
  const std::int64_t most = std::min<std::int64_t>(n, kMaxRegions);
  if (o_.max_region > 0 && (n + o_.max_region - 1) / o_.max_region > most) {
    error = fmt::format("pzc: error: --max-region {}: the {} squares of '{}' need at least {} regions of at most {} square{}, and "
                        "a partition has at most {} (one letter each)\n",
                        o_.max_region, n, b.name, (n + o_.max_region - 1) / o_.max_region, o_.max_region,
                        o_.max_region == 1 ? "" : "s", most);
    return false;
  }
  if (o_.regions > 0) {
    if (o_.regions > most) {
      error = fmt::format("pzc: error: --regions {}: a partition of '{}' has at most {} regions ({} squares, one letter each)\n",
                          o_.regions, b.name, most, n);
      return false;
    }
    if (!partition_fits(o_.regions, error)) {
      error = fmt::format("pzc: error: --regions {}: the requires refuse a partition of '{}' into {} regions, such as\n  {}\n{}",
                          o_.regions, b.name, o_.regions, fmt::join(rows_of(b), "\n  "), error);
      return false;
    }
    region_count_ = o_.regions;
    const std::vector<std::string> good = b.tokens;  // a partition the requires accept
    find_min_region();
    find_max_region();
    b.tokens = good;
    return max_region_fits(error);
  }
  for (std::int64_t k = 1; k <= most; ++k) {
    if (!partition_fits(k, error)) continue;
    region_count_ = static_cast<int>(k);
    // The board keeps a partition the requires accept: the trials below may leave one they
    // refuse there, and the start of generation grounds the board as it is (a LITS whose
    // "every region has room for a tetromino" refused the trial of 9 regions stopped there).
    std::vector<std::string> good = b.tokens;
    // Regions that carry clues (Killer's cages, each with its sum) pin few values when they
    // are large: about kSquaresPerClueRegion squares each, when the requires accept that.
    // A count the requires leave free (they accept one region: Norinori's) is about
    // kSquaresPerFreeRegion squares a region.
    const bool clues = empty_.size() > 1;
    const std::int64_t want = n / (clues ? kSquaresPerClueRegion : kSquaresPerFreeRegion);
    // (The nearest count the requires accept, when they refuse the snake partition of
    // that one: LITS's 6x6 into 9 regions has a 2x2 bend, where no tetromino but the
    // square fits.)
    if (clues || k == 1)
      for (std::int64_t d : {0, 1, -1, 2, -2, 3, -3}) {
        const std::int64_t w = want + d;
        if (w > k && w <= most && partition_fits(w, error)) {
          region_count_ = static_cast<int>(w);
          free_count_ = !clues;
          good = b.tokens;
          break;
        }
      }
    find_min_region();
    find_max_region();
    b.tokens = good;
    return max_region_fits(error);
  }
  error = fmt::format("pzc: error: the requires refuse every partition of '{}' into 1 to {} regions; the last said:\n{}", b.name,
                      most, error);
  return false;
}

// --max-region below the smallest region the requires accept (Norinori's regions of two
// squares at least) can make no partition: said at once, not after every attempt failed.
bool Family::max_region_fits(std::string& error) const {
  if (o_.max_region <= 0 || o_.max_region >= min_region_) return true;
  const GivenBoard& b = empty_[static_cast<std::size_t>(layout_)];
  error = fmt::format("pzc: error: --max-region {}: the requires accept no region of '{}' smaller than {} squares\n", o_.max_region,
                      b.name, min_region_);
  return false;
}

void Family::find_min_region() {
  const auto n = static_cast<std::int64_t>(empty_[static_cast<std::size_t>(layout_)].tokens.size());
  std::string ignored;
  min_region_ = 1;
  // (Up to the average region: LITS's regions need four squares for a tetromino.)
  const std::int64_t top = std::max<std::int64_t>(3, region_count_ > 0 ? n / region_count_ : 3);
  for (std::int64_t s = 1; s <= top && region_count_ > 1 && n - s >= region_count_ - 1; ++s)
    if (partition_fits(region_count_, ignored, s)) {
      min_region_ = static_cast<int>(s);
      return;
    }
}

void Family::find_max_region() {
  GivenBoard& b = empty_[static_cast<std::size_t>(layout_)];
  const auto n = static_cast<std::int64_t>(b.tokens.size());
  const std::vector<std::string> kept = b.tokens;  // partition_fits leaves its trial there
  std::string ignored;
  max_region_ = 0;
  for (std::int64_t s = min_region_ + 1; region_count_ > 1 && s <= n - (region_count_ - 1); ++s)
    if (!partition_fits(region_count_, ignored, s)) {
      max_region_ = s - 1;
      break;
    }
  b.tokens = kept;
}

bool Family::partition_fits(std::int64_t k, std::string& error, std::int64_t first) {
  GivenBoard& b = empty_[static_cast<std::size_t>(layout_)];
  const auto n = static_cast<std::int64_t>(b.tokens.size());
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t r = i / b.cols, c = r % 2 == 0 ? i % b.cols : b.cols - 1 - i % b.cols;
    const std::int64_t region = first <= 0 ? i * k / n : i < first ? 0 : 1 + (i - first) * (k - 1) / (n - first);
    b.tokens[static_cast<std::size_t>(r * b.cols + c)] = region_letter(static_cast<int>(region));
  }
  if (ground_with(empty_).has_value()) return true;
  ground_with(empty_, &error, Rules::Checked, nullptr, true);  // again, to show the drawn board
  return false;
}

// False when --max-region leaves squares that only more than kMaxRegions regions cover, or
// when a region is shut in below min_region_ squares.
bool Family::draw_regions(GivenBoard& b, std::mt19937_64& rng, int count) const {
  const std::int64_t h = b.rows, w = b.cols, n = h * w;
  const std::int64_t cap = o_.max_region > 0 ? o_.max_region : max_region_ > 0 ? max_region_ : n;
  // Regions of one size that fill the board: growth from seeds shuts one in below its size
  // almost every time (Jigsaw 9x9: about 5000 draws a partition; 10x10: none in 57 s).
  if (cap == min_region_ && cap * count == n) {
    draw_equal_regions(b, rng, count, cap);
    return true;
  }
  std::vector<int> owner(static_cast<std::size_t>(n), -1);
  std::vector<std::int64_t> cells(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) cells[static_cast<std::size_t>(i)] = i;
  shuffle(cells, rng);
  for (int k = 0; k < count; ++k) owner[static_cast<std::size_t>(cells[static_cast<std::size_t>(k)])] = k;
  std::int64_t left = n - count;
  std::vector<std::int64_t> size(static_cast<std::size_t>(count), 1);
  const std::int64_t dr[] = {-1, 1, 0, 0}, dc[] = {0, 0, -1, 1};
  while (left > 0) {
    // The squares next to a region, each with the region it touches. Every other step the
    // smallest region that can grow takes one of them, so that no region swallows the
    // board (one of 20 squares in 64 was common); the other steps any region may grow, so
    // that sizes still vary (even sizes made unique puzzles ten times rarer).
    std::vector<std::pair<std::int64_t, int>> choices, small, under;
    std::int64_t smallest = n;
    for (std::int64_t i = 0; i < n; ++i) {
      if (owner[static_cast<std::size_t>(i)] >= 0) continue;
      for (int d = 0; d < 4; ++d) {
        const std::int64_t r = i / w + dr[d], c = i % w + dc[d];
        if (r < 0 || r >= h || c < 0 || c >= w) continue;
        const int o = owner[static_cast<std::size_t>(r * w + c)];
        if (o < 0 || size[static_cast<std::size_t>(o)] >= cap) continue;
        choices.emplace_back(i, o);
        const std::int64_t sz = size[static_cast<std::size_t>(o)];
        if (sz < min_region_) under.emplace_back(i, o);
        if (sz < smallest) {
          smallest = sz;
          small.clear();
        }
        if (sz == smallest) small.emplace_back(i, o);
      }
    }
    if (choices.empty()) {
      // Every region next to a free square is full (--max-region): a free square starts
      // a region of its own.
      if (static_cast<std::int64_t>(size.size()) >= kMaxRegions) return false;
      std::vector<std::int64_t> free;
      for (std::int64_t i = 0; i < n; ++i)
        if (owner[static_cast<std::size_t>(i)] < 0) free.push_back(i);
      owner[static_cast<std::size_t>(free[rng() % free.size()])] = static_cast<int>(size.size());
      size.push_back(1);
      --left;
      continue;
    }
    const auto& pool = !under.empty() ? under : rng() % 2 ? small : choices;
    const auto [i, o] = pool[rng() % pool.size()];
    owner[static_cast<std::size_t>(i)] = o;
    ++size[static_cast<std::size_t>(o)];
    --left;
  }
  for (std::int64_t sz : size)
    if (sz < min_region_) return false;  // shut in before it could grow
  for (std::int64_t i = 0; i < n; ++i) b.tokens[static_cast<std::size_t>(i)] = region_letter(owner[static_cast<std::size_t>(i)]);
  return true;
}

void Family::draw_equal_regions(GivenBoard& b, std::mt19937_64& rng, int count, std::int64_t size) const {
  const std::int64_t h = b.rows, w = b.cols, n = h * w;
  std::vector<int> owner(static_cast<std::size_t>(n));
  // The snake: row by row in alternate directions, `size` squares a region (connected).
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t r = i / w, c = r % 2 == 0 ? i % w : w - 1 - i % w;
    owner[static_cast<std::size_t>(r * w + c)] = static_cast<int>(i / size);
  }
  auto neighbours = [&](std::int64_t i, auto&& f) {
    const std::int64_t r = i / w, c = i % w;
    if (r > 0) f(i - w);
    if (r + 1 < h) f(i + w);
    if (c > 0) f(i - 1);
    if (c + 1 < w) f(i + 1);
  };
  // Whether region k is connected after its squares `out` leaves and `in` joins.
  std::vector<std::int64_t> stack;
  std::vector<char> seen(static_cast<std::size_t>(n));
  auto connected = [&](int k, std::int64_t out, std::int64_t in) {
    auto member = [&](std::int64_t i) { return i == in || (i != out && owner[static_cast<std::size_t>(i)] == k); };
    std::fill(seen.begin(), seen.end(), 0);
    stack.assign(1, in);
    seen[static_cast<std::size_t>(in)] = 1;
    std::int64_t reached = 1;
    while (!stack.empty()) {
      const std::int64_t i = stack.back();
      stack.pop_back();
      neighbours(i, [&](std::int64_t j) {
        if (!seen[static_cast<std::size_t>(j)] && member(j)) {
          seen[static_cast<std::size_t>(j)] = 1;
          ++reached;
          stack.push_back(j);
        }
      });
    }
    return reached == size;
  };
  // An exchange: s of region A next to region B goes to B, and u of B next to what is left
  // of A goes to A; kept when both stay connected. Sizes never change, so every step is a
  // partition the requires accept as they accept the snake. 150 kept exchanges a square
  // (10x10: 34 ms a partition) leave no run of the snake's rows that the eye finds; at 40
  // the bottom rows of a 10x10 were often still strips.
  // The sides between regions next to square i.
  auto cut = [&](std::int64_t i) {
    std::int64_t k = 0;
    neighbours(i, [&](std::int64_t j) { k += owner[static_cast<std::size_t>(j)] != owner[static_cast<std::size_t>(i)]; });
    return k;
  };
  // An exchange that lengthens the borders by d sides is kept with probability e^-d
  // (Metropolis): without it the regions grow long arms (Jigsaw 9x9, 12 partitions: 61
  // sides between regions on average against 52 for growth from seeds; with it, 54).
  constexpr double kCompact = 1.0;
  std::vector<std::int64_t> cands;
  const std::int64_t want = 150 * n, most = 1500 * n;
  for (std::int64_t kept = 0, tries = 0; kept < want && tries < most && count > 1; ++tries) {
    const auto s = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n));
    const int a = owner[static_cast<std::size_t>(s)];
    cands.clear();
    neighbours(s, [&](std::int64_t t) {
      if (owner[static_cast<std::size_t>(t)] != a) cands.push_back(t);
    });
    if (cands.empty()) continue;
    const int bk = owner[static_cast<std::size_t>(cands[rng() % cands.size()])];
    cands.clear();
    for (std::int64_t u = 0; u < n; ++u) {
      if (owner[static_cast<std::size_t>(u)] != bk) continue;
      bool touches = false;
      neighbours(u, [&](std::int64_t j) { touches = touches || (j != s && owner[static_cast<std::size_t>(j)] == a); });
      if (touches) cands.push_back(u);
    }
    if (cands.empty()) continue;
    const std::int64_t u = cands[rng() % cands.size()];
    const std::int64_t before = cut(s) + cut(u);
    owner[static_cast<std::size_t>(s)] = bk;
    owner[static_cast<std::size_t>(u)] = a;
    const std::int64_t grown = cut(s) + cut(u) - before;
    owner[static_cast<std::size_t>(s)] = a;
    owner[static_cast<std::size_t>(u)] = bk;
    if (grown > 0 && std::uniform_real_distribution<double>(0, 1)(rng) >= std::exp(-kCompact * static_cast<double>(grown))) continue;
    if (!connected(a, s, u) || !connected(bk, u, s)) continue;
    owner[static_cast<std::size_t>(s)] = bk;
    owner[static_cast<std::size_t>(u)] = a;
    ++kept;
  }
  // Letters in reading order of each region's first square.
  std::vector<int> letter(static_cast<std::size_t>(count), -1);
  int next = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    int& l = letter[static_cast<std::size_t>(owner[static_cast<std::size_t>(i)])];
    if (l < 0) l = next++;
    b.tokens[static_cast<std::size_t>(i)] = region_letter(l);
  }
}

// A layout that the requires refuse all open (Kakuro's, whose first row and column are
// black): with a character whose full board they accept, every square that they refuse
// open alone in it is a block in every drawn layout. The all-open layout with those
// blocks must then fit; it becomes the empty board. Nullopt when there is no such character.
std::optional<ir::Program> Family::force_blocks(std::string& error) {
  GivenBoard& b = empty_[static_cast<std::size_t>(layout_)];
  for (char ch : spec_chars()) {
    if (ch == '.') continue;
    const std::string block(1, ch);
    std::vector<GivenBoard> trial = empty_;
    auto& t = trial[static_cast<std::size_t>(layout_)].tokens;
    std::fill(t.begin(), t.end(), block);
    if (!ground_with(trial).has_value()) continue;
    std::vector<char> forced(t.size(), 0);
    for (std::size_t i = 0; i < t.size(); ++i) {
      t[i] = ".";
      forced[i] = !ground_with(trial).has_value();
      t[i] = block;
    }
    // Every square forced: the requires are not about single squares (a run's length).
    if (std::all_of(forced.begin(), forced.end(), [](char x) { return x != 0; })) continue;
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = forced[i] ? block : ".";
    auto p = ground_with(trial, &error);
    if (!p) continue;
    b.tokens = t;
    forced_ = std::move(forced);
    forced_block_ = block;
    return p;
  }
  return std::nullopt;
}

bool Family::find_tiles(std::string& error) {
  GivenBoard& b = empty_[static_cast<std::size_t>(layout_)];
  if (b.rows < 2 && b.cols < 2) return false;
  const auto chars = spec_chars();
  std::vector<GivenBoard> trial = empty_;
  auto& t = trial[static_cast<std::size_t>(layout_)].tokens;
  const std::int64_t w = b.cols, h = b.rows;
  std::string pieceless;  // a note: a filler without pieces
  for (char fill : chars) {
    if (fill == '.') continue;
    const std::string x(1, fill);
    std::fill(t.begin(), t.end(), x);
    if (!ground_with(trial).has_value()) continue;
    // The first pair of characters, in the spec's order, that the requires accept as a
    // piece from `a` to `a + step`, both in the corner and in the middle of the board.
    // (`down` says which: on a board of one column a piece down has step 1 too.)
    auto piece = [&](bool down, std::array<std::string, 2>& out) {
      const std::int64_t step = down ? w : 1;
      const std::int64_t corner = 0, middle = down ? (h / 2 - 1) * w + w / 2 : (h / 2) * w + (w / 2 - 1);
      for (char p : chars)
        for (char q : chars) {
          if (p == '.' || q == '.' || (p == fill && q == fill)) continue;
          bool fits = true;
          for (std::int64_t at : {corner, middle}) {
            t[static_cast<std::size_t>(at)] = std::string(1, p);
            t[static_cast<std::size_t>(at + step)] = std::string(1, q);
            fits = fits && ground_with(trial).has_value();
            t[static_cast<std::size_t>(at)] = t[static_cast<std::size_t>(at + step)] = x;
            if (!fits) break;
          }
          if (fits) {
            out = {std::string(1, p), std::string(1, q)};
            return true;
          }
        }
      return false;
    };
    std::array<std::string, 2> hp, vp;
    // A board of one row needs no piece down, one of one column none across.
    const bool across = w < 2 || piece(false, hp), down = h < 2 || piece(true, vp);
    if (!across || !down) {
      pieceless = fmt::format("pzc: note: '{}' fills '{}' on its own, but the requires accept no two-square piece {} on it, so "
                              "it is not drawn as a tiling\n", x, b.name, across ? "down" : down ? "across" : "across or down");
      continue;
    }
    tile_fill_ = x;
    tile_h_ = hp;
    tile_v_ = vp;
    tiles_ = regions_ = plain_layout_ = true;
    b.tokens.assign(b.tokens.size(), x);
    return true;
  }
  error += pieceless;
  return false;
}

void Family::draw_tiles(GivenBoard& b, std::mt19937_64& rng) const {
  const std::int64_t h = b.rows, w = b.cols, n = h * w;
  // mate[i]: the other square of i's piece, or i itself for the single square.
  std::vector<std::int64_t> mate(static_cast<std::size_t>(n));
  auto at = [&](std::int64_t r, std::int64_t c) { return r * w + c; };
  auto pair = [&](std::int64_t a, std::int64_t z) {
    mate[static_cast<std::size_t>(a)] = z;
    mate[static_cast<std::size_t>(z)] = a;
  };
  // A regular tiling: rows of horizontal pieces (columns of vertical ones when the width is
  // odd and the height even); both odd: the last column vertical, its last square single.
  for (std::int64_t r = 0; r < h; ++r)
    for (std::int64_t c = 0; c < w; ++c) {
      if (w % 2 == 0) {
        if (c % 2 == 0) pair(at(r, c), at(r, c + 1));
      } else if (h % 2 == 0) {
        if (r % 2 == 0) pair(at(r, c), at(r + 1, c));
      } else if (c < w - 1) {
        if (c % 2 == 0) pair(at(r, c), at(r, c + 1));
      } else if (r == h - 1) {
        mate[static_cast<std::size_t>(at(r, c))] = at(r, c);
      } else if (r % 2 == 0) {
        pair(at(r, c), at(r + 1, c));
      }
    }
  // Random flips and moves of the single square: any tiling of a rectangle is reached
  // from any other by flips, so enough of them leave little of the regular start.
  auto m = [&](std::int64_t i) { return mate[static_cast<std::size_t>(i)]; };
  const std::int64_t steps = 40 * n;
  for (std::int64_t k = 0; k < steps; ++k) {
    const std::int64_t i = static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(n));
    const std::int64_t r = i / w, c = i % w;
    if (m(i) == i) {
      // The single square takes a neighbour, whose mate becomes the single square.
      const int d = static_cast<int>(rng() % 4);
      const std::int64_t rr = r + (d == 0) - (d == 1), cc = c + (d == 2) - (d == 3);
      if (rr < 0 || rr >= h || cc < 0 || cc >= w) continue;
      const std::int64_t a = at(rr, cc), z = m(a);
      pair(i, a);
      mate[static_cast<std::size_t>(z)] = z;
      continue;
    }
    if (r + 1 >= h || c + 1 >= w) continue;
    const std::int64_t a = at(r, c), right = at(r, c + 1), down = at(r + 1, c), diag = at(r + 1, c + 1);
    if (m(a) == right && m(down) == diag) {
      pair(a, down);
      pair(right, diag);
    } else if (m(a) == down && m(right) == diag) {
      pair(a, right);
      pair(down, diag);
    }
  }
  for (std::int64_t i = 0; i < n; ++i) {
    const std::int64_t z = m(i);
    auto& tok = b.tokens[static_cast<std::size_t>(i)];
    if (z == i) tok = tile_fill_;
    else if (z / w == i / w) tok = z > i ? tile_h_[0] : tile_h_[1];  // one row: across (w = 1 has none)
    else tok = z > i ? tile_v_[0] : tile_v_[1];
  }
}

// The puzzle's metrics from its solving trace, and with --trace the trace itself.
void Family::describe_trace(const ir::Program& p, const hints::Trace& trace, GeneratedPuzzle& out) const {
  // Counts by rule and technique index, each with the step that first met it (the order
  // they are listed in).
  std::vector<std::pair<std::size_t, int>> by_rule(p.rules.size(), {SIZE_MAX, 0});
  std::vector<std::pair<std::size_t, int>> by_technique;
  std::vector<std::int32_t> rules;
  for (std::size_t i = 0; i < trace.hints.size(); ++i) {
    const auto& h = trace.hints[i];
    const auto t = static_cast<std::size_t>(h.technique);
    if (by_technique.size() <= t) by_technique.resize(t + 1, {SIZE_MAX, 0});
    by_technique[t].first = std::min(by_technique[t].first, i);
    ++by_technique[t].second;
    rules.clear();
    // A tier-5 step is the solver's (a Z3 core), not a person's use of its rules: it counts
    // by technique only, so its core need not be shrunk unless the trace is shown.
    if (h.tier < 5)
      for (int c : h.constraints) rules.push_back(p.constraints[static_cast<std::size_t>(c)].origin.rule);
    std::sort(rules.begin(), rules.end());
    rules.erase(std::unique(rules.begin(), rules.end()), rules.end());
    for (std::int32_t r : rules) {
      auto& e = by_rule[static_cast<std::size_t>(r)];
      e.first = std::min(e.first, i);
      ++e.second;
    }
  }
  auto listed = [](const std::vector<std::pair<std::size_t, int>>& counts, auto name) {
    std::vector<std::pair<std::size_t, std::size_t>> order;  // (first step, index)
    for (std::size_t k = 0; k < counts.size(); ++k)
      if (counts[k].second > 0) order.emplace_back(counts[k].first, k);
    std::sort(order.begin(), order.end());
    std::vector<std::pair<std::string, int>> out;
    for (const auto& [first, k] : order) out.emplace_back(name(k), counts[k].second);
    return out;
  };
  out.steps_by_rule = listed(by_rule, [&](std::size_t r) { return p.rules[r].name; });
  out.steps_by_technique =
      listed(by_technique, [](std::size_t t) { return std::string(hints::info(static_cast<hints::Technique>(t)).name); });
  out.cells = static_cast<std::size_t>(std::count_if(p.vars.begin(), p.vars.end(), [](const ir::Variable& v) { return !v.aux; }));
  out.trace_text.clear();
  out.trace_json = nlohmann::json::array();
  if (!o_.trace) return;
  for (const auto& h : trace.hints) {
    out.trace_text.push_back(hint_text(p, h));
    out.trace_json.push_back(hint_json(p, h));
  }
}

// Does the puzzle with the `active` clues have the unique solution (cap 0), or does the
// hint runtime capped at `cap` solve it (`he`: an engine over `all`, every clue in)?
bool Family::solves(const ir::Program& all, engine::SubsetSearch& search, hints::HintEngine* he,
                    const hints::StartStates* starts, const std::vector<int>& slot_of, const std::vector<char>& active, int cap,
                    std::vector<char>* cited, int* level) {
  std::vector<char> on = constraints_on(slot_of, active);
  if (cited) cited->clear();
  last_several_ = false;
  // The native engine first (for a level above easy): most clue sets that fail have
  // several solutions, which it tells in a fraction of a failing saturation's time (Light
  // Up 10x10 tricky: 0.06 ms against 0.36 ms), and sound deductions never solve those.
  // The search stops after kRemovalNodeLimit decisions (a sparse Mosaic 12x12 or 15x15
  // took it minutes, where Z3 answers at once): without a cap Z3 then decides uniqueness;
  // with one, saturation decides, as it would after a unique answer (it solves only
  // puzzles with one solution).
  if (cap == 0 || cap >= 2) {
    engine::SearchResult r = search.unique(on);
    const bool undecided = past_node_limit(r);
    // (Stopped by the time limit, one solution found says nothing of a second.)
    bool unique = unique_answer(r);
    if (undecided) ++stats_.search_undecided;
    if (undecided && cap == 0) {
      if (!drawn_) return false;  // (not reached: the questions are asked of a drawn solution)
      ir::Program q = all;
      q.constraints.clear();
      for (std::size_t c = 0; c < on.size(); ++c)
        if (on[c]) q.constraints.push_back(all.constraints[c]);
      z3lower::UniqueResult u = z3_->confirm(q, *drawn_);
      return u.status == z3lower::Status::Sat && u.unique;
    }
    last_several_ = !undecided && !unique;
    if (!undecided && (cap == 0 || !unique)) return unique;
  }
  // Saturation answers what the trace would (HintEngine::saturate), without building it,
  // on the sub-program of the active clues, with the technique facts of those clues.
  // At easy the program's own facts (those of techniques with every clue empty) are tried
  // first: tier 1 solving is monotone in the deductions, so when they suffice so do the
  // subset's (a superset), and the grounding is saved. Above easy the grade's softening
  // is not monotone: the subset's facts always.
  bool with_facts = false;
  auto saturate = [&]() {
    return kept_closure_ ? he->saturate(*kept_closure_, starts->from(on), &on, cap, kept_closure2_)
                         : he->saturate(starts->from(on), &on, cap);
  };
  if (facts_for_) he->use_facts(nullptr);
  hints::Saturation sat;
  if (!facts_for_ || cap == 1) sat = saturate();
  if (facts_for_ && (cap != 1 || !(sat.solved && level_of(sat.level) <= cap))) {
    const ir::Program* facts = facts_for_(active);
    if (!facts) return false;
    he->use_facts(facts);
    sat = saturate();
    with_facts = true;
  }
  bool ok = sat.solved && level_of(sat.level) <= cap;
  if (ok && level) *level = level_of(sat.level);
  // The slots the saturation relied on. Removing any other clue leaves it as it is: the
  // same deductions apply without that clue, reach the same fixpoint, and a hint taken
  // one at a time (tier 3) stays the cheapest when another constraint is gone. Exact for
  // tiers 1-3; one-variable constraints are applied silently at the start, so they count
  // as cited; tier-4 chains (their propagation may touch other constraints) give no
  // shortcut, nor does a saturation with a subset's facts (a fact cites no constraint of
  // the clues it read).
  if (ok && cited && sat.max_tier <= 3 && !with_facts) {
    cited->assign(active.size(), 0);
    for (std::size_t c = 0; c < on.size(); ++c)
      if (on[c] && all.constraints[c].scope.size() == 1 && slot_of[c] >= 0) (*cited)[static_cast<std::size_t>(slot_of[c])] = 1;
    for (int c : sat.used)
      if (slot_of[static_cast<std::size_t>(c)] >= 0) (*cited)[static_cast<std::size_t>(slot_of[static_cast<std::size_t>(c)])] = 1;
  }
  return ok;
}

Outcome Family::build_frame(Frame& f, std::string& why) {
  PhaseTimer timer(stats_.t_frame);
  if (layout_ >= 0) ++stats_.layouts;
  f.slots.clear();
  for (std::size_t i = 0; i < f.boards.size(); ++i)
    for (std::size_t j = 0; (i >= omitted_.size() || !omitted_[i]) && j < f.boards[i].tokens.size(); ++j)
      if (static_cast<int>(i) != layout_ || (!plain_layout_ && f.boards[i].tokens[j] == block_)) f.slots.push_back({i, j});
  std::string err;
  f.bound0 = {};
  f.scratch.reset();
  f.p0 = ground_with(f.boards, &err, Rules::Checked, &f.bound0);
  if (!f.p0) {
    why = "the drawn layout does not ground: " + err;
    stats_.refused += layout_ >= 0;
    return layout_ >= 0 ? Outcome::Retry : Outcome::Fatal;
  }
  // The clue rules' constraints with every slot empty (p0 holds them): present whatever
  // the clues, so never attributed to a slot.
  f.keys0.clear();
  for (const auto& c : f.p0->constraints)
    if (clue_rule_ids_.count(c.origin.rule)) f.keys0.insert(key_of(c));
  f.tried.clear();
  f.tried_slot.clear();
  f.attributed = false;
  return Outcome::Ok;
}

Outcome Family::attribute(Frame& f, std::string& why, const std::vector<std::string>* derived, std::size_t token) {
  PhaseTimer timer(stats_.t_attribute);
  std::string err;
  // Which clue constraints come from which slot: ground the clue rules with the slots
  // whose index has bit b set (and, separately, clear) filled; a constraint belongs to the
  // slot whose index it spells. 2*log2(slots) small groundings, not one per slot.
  int bits = 1;
  while ((std::size_t{1} << bits) < f.slots.size()) ++bits;
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> seen;  // key -> (set-side bits, clear-side bits)
  for (int b = 0; b < bits; ++b)
    for (int side = 0; side < 2; ++side) {
      std::vector<GivenBoard> trial = f.boards;
      for (std::size_t i = 0; i < f.slots.size(); ++i) {
        if (static_cast<int>((i >> b) & 1) != side) continue;
        const Slot& sl = f.slots[i];
        if (!derives_[sl.board]) {
          if (token < cands_[sl.board].size()) trial[sl.board].tokens[sl.index] = cands_[sl.board][token];
        } else if (derived && !(*derived)[i].empty()) {
          trial[sl.board].tokens[sl.index] = (*derived)[i];
        }
      }
      auto p = ground_with(trial, &err, Rules::CluesOnly);
      if (!p) {
        why = "the clue rules do not ground with the clues filled in: " + err;
        return Outcome::Fatal;
      }
      for (const auto& c : p->constraints) {
        std::string k = key_of(c);
        if (f.keys0.count(k) || (token > 0 && f.key_slot.count(k))) continue;
        auto& e = seen[k];
        (side ? e.first : e.second) |= std::uint64_t{1} << b;
      }
    }
  const std::uint64_t all_bits = (bits >= 64) ? ~std::uint64_t{0} : ((std::uint64_t{1} << bits) - 1);
  if (token == 0) f.key_slot.clear();
  for (const auto& [k, e] : seen) {
    if ((e.first & e.second) != 0 || (e.first | e.second) != all_bits || e.first >= f.slots.size()) {
      why = "a clue constraint depends on several clues at once; generate needs each clue's constraints to be its own";
      return Outcome::Fatal;
    }
    f.key_slot[k] = static_cast<std::size_t>(e.first);
  }
  f.attributed = true;
  attribution_checked_ = true;
  return Outcome::Ok;
}

Outcome Family::derive(Frame& f, const ir::Assignment& solution, std::vector<std::string>& out, std::string& why) {
  out.assign(f.slots.size(), std::string());
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> slot_at;  // (board, index) -> slot
  for (std::size_t i = 0; i < f.slots.size(); ++i) slot_at[{f.slots[i].board, f.slots[i].index}] = i;
  if (!f.scratch) {
    // The evaluator reads the variables' values, not their terms: p0's names and
    // variables, without its terms and constraints (copying those cost Light Up 10x10
    // easy a tenth of a millisecond a solution).
    f.scratch.emplace();
    f.scratch->puzzle = f.p0->puzzle;
    f.scratch->symbols = f.p0->symbols;
    f.scratch->strings = f.p0->strings;
    f.scratch->vars = f.p0->vars;
    f.scratch->groups = f.p0->groups;
  }
  ground::Evaluator ev(s_.checked, *f.scratch, s_.sm, s_.limits);
  for (const auto& [name, v] : f.bound0.givens) ev.givens[name] = v;
  ev.vars = solution_values(*f.p0, solution);
  // Each binding of the rule's binders; `leaf` gets the slot that G[i] names (or none).
  auto each_slot = [&](const Derivation& d, const std::function<void(std::optional<std::size_t>)>& leaf) {
    const ast::RuleDecl& r = *d.rule;
    std::function<void(std::size_t)> bind = [&](std::size_t k) {
      if (k < r.binders.size()) {
        const ast::Binder& b = r.binders[k];
        for (const ground::Value& x : ev.concrete_items(ev.eval(*b.collection), b.range, "a binder's collection")) {
          ev.locals.emplace_back(b.var, x);
          bind(k + 1);
          ev.locals.pop_back();
        }
        return;
      }
      ground::Value at = ev.eval(*d.at->args[0]);
      const GivenBoard& g = f.boards[d.board];
      std::int64_t index = -1;  // in g.tokens
      if (!g.grid && at.k == ground::Value::K::Int && at.i >= 1 && at.i <= g.cols) index = at.i - 1;
      if (g.grid && at.k == ground::Value::K::Cell && at.r >= 1 && at.r <= g.rows && at.c >= 1 && at.c <= g.cols)
        index = (at.r - 1) * g.cols + (at.c - 1);
      auto slot = index < 0 ? slot_at.end() : slot_at.find({d.board, static_cast<std::size_t>(index)});
      leaf(slot == slot_at.end() ? std::nullopt : std::optional<std::size_t>(slot->second));
    };
    bind(0);
  };
  try {
    // E on the solution at every binding whose `where` holds. A `where` that tests G
    // (`G[i] <> null and not white(p)`) is not evaluated here: the clue rules' grounding
    // with the derived values says which slots make a clue (a slot whose constraints never
    // ground is not live, see try_solution).
    for (const Derivation& d : derivations_)
      each_slot(d, [&](std::optional<std::size_t> slot) {
        if (!slot || (d.rule->where && !d.where_reads_clue && !ev.concrete_bool(*d.rule->where, "a clue rule's `where`"))) return;
        for (const ast::Expr* e : d.where_rest)
          if (!ev.concrete_bool(*e, "a clue rule's `where`")) return;
        ground::Value v = ev.eval(*d.value);
        if (d.factor) {  // E = G[i] * F: G[i] is E / F where F divides E
          const ground::Value f = ev.eval(*d.factor);
          if (v.k != ground::Value::K::Int || f.k != ground::Value::K::Int || f.i == 0 || v.i % f.i != 0) return;
          v = ground::Value::integer(v.i / f.i);
        }
        if (d.digit) {  // a digit the layout's clue characters include, else no clue there
          std::string t = v.k == ground::Value::K::Int ? std::to_string(v.i) : std::string();
          if (layout_digits_.count(t)) out[*slot] = t;
          return;
        }
        auto tok = token_of(v);
        if (!tok)
          throw ground::EvalError{d.value->range, fmt::format("a clue of '{}' would be {}, which generate cannot write (an Int "
                                                              "or a collection of Ints)", f.boards[d.board].name, ev.format(v))};
        out[*slot] = *tok;
      });
  } catch (const ground::EvalError& e) {
    why = fmt::format("{}:{}:{}: deriving a clue from the solution: {}", s_.sm.file(e.range.file).path, e.range.begin.line, s_.sm.column(e.range), e.message);
    return Outcome::Fatal;
  }
  return Outcome::Ok;
}

// The clue rules grounded with every slot holding its board's j-th token (f.tried[j]).
bool Family::ground_tried(Frame& f, std::size_t j, std::string& err) {
  if (f.tried.size() <= j) f.tried.resize(j + 1);
  if (f.tried[j]) return true;
  std::vector<GivenBoard> trial = f.boards;
  for (const auto& sl : f.slots)
    if (j < cands_[sl.board].size()) trial[sl.board].tokens[sl.index] = cands_[sl.board][j];
  f.tried[j] = ground_with(trial, &err, Rules::CluesOnly);
  return f.tried[j].has_value();
}

ir::Program Family::p0_without_constraints(Frame& f) {
  std::vector<ir::Constraint> p0_constraints = std::move(f.p0->constraints);
  ir::Program out = *f.p0;
  f.p0->constraints = std::move(p0_constraints);
  return out;
}

std::vector<ir::Constraint> Family::p0_rules_first(const Frame& f) const {
  std::vector<ir::Constraint> out;
  out.reserve(f.p0->constraints.size());
  for (bool clue_rule : {false, true})
    for (const auto& c : f.p0->constraints)
      if ((clue_rule_ids_.count(c.origin.rule) != 0) == clue_rule) out.push_back(c);
  return out;
}

// f.tried[j]'s constraints by slot (f.tried_slot[j]); the frame is attributed.
const std::vector<int>& Family::tried_slots(Frame& f, std::size_t j) const {
  if (f.tried_slot.size() <= j) f.tried_slot.resize(j + 1);
  std::vector<int>& out = f.tried_slot[j];
  if (out.empty() && !f.tried[j]->constraints.empty()) {
    for (const auto& c : f.tried[j]->constraints) {
      std::string k = key_of(c);
      auto it = f.key_slot.find(k);
      out.push_back(f.keys0.count(k) ? Frame::kAlways
                    : it == f.key_slot.end() ? Frame::kUnattributed
                                             : static_cast<int>(it->second));
    }
  }
  return out;
}

// Before a new layout's clue constraints are attributed to their slots (2*log2(slots)
// groundings), a cheaper question that rejects most layouts: the program of p0's other
// rules and every clue constraint, of any slot and any token, that the solution satisfies.
// It holds every constraint of the full clue set (each derived clue's constraints are
// satisfied) and maybe more, so it is at least as strong: if it has several solutions, or
// tier 1 does not solve it (deductions are monotone: more constraints, more removals), the
// full clue set fails the same way, and the layout is left exactly as it would have been.
Outcome Family::screen(Frame& f, const ir::Assignment& solution, std::string& why) {
  PhaseTimer timer(stats_.t_screen);
  std::size_t max_cands = 0;
  for (const auto& c : cands_) max_cands = std::max(max_cands, c.size());
  std::string err;
  for (std::size_t j = 0; j < max_cands; ++j)
    if (!ground_tried(f, j, err)) return Outcome::Ok;  // the exact path reports it
  ir::Program u = p0_without_constraints(f);
  std::vector<ir::Constraint> all = p0_rules_first(f);
  {
    ir::TermBuilder tb(u);
    for (std::size_t j = 0; j < max_cands; ++j) {
      const ir::Program& p = *f.tried[j];
      ir::Importer from(tb, p);
      for (const auto& c : p.constraints)
        if ((f.keys0.empty() || !f.keys0.count(key_of(c))) && ir::satisfied(p, c, solution))
          all.push_back(from.constraint(c));
    }
  }
  u.constraints = std::move(all);
  return screen_check(f, u, solution, why);
}

Outcome Family::screen_derived(Frame& f, const ir::Assignment& solution, const std::vector<std::string>& derived,
                               std::string& why) {
  PhaseTimer timer(stats_.t_screen);
  std::vector<GivenBoard> trial = f.boards;
  for (std::size_t i = 0; i < f.slots.size(); ++i)
    if (derives_[f.slots[i].board] && !derived[i].empty()) trial[f.slots[i].board].tokens[f.slots[i].index] = derived[i];
  std::string err;
  f.screened.reset();  // (an earlier solution's, screened out on this frame)
  auto p = ground_with(trial, &err, Rules::CluesChecked);
  if (!p) return Outcome::Ok;  // the exact path reports it
  ir::Program u = p0_without_constraints(f);
  std::vector<ir::Constraint> all = p0_rules_first(f);
  {
    ir::TermBuilder tb(u);
    ir::Importer from(tb, *p);
    // Those the solution breaks are left out, as the exact path leaves out such a clue's
    // constraints (Range: a number on a shaded square): still at least as strong.
    for (const auto& c : p->constraints)
      if (!f.keys0.count(key_of(c)) && ir::satisfied(*p, c, solution)) all.push_back(from.constraint(c));
  }
  u.constraints = std::move(all);
  f.screened = std::move(p);
  // The full clue set is known here, and so are its technique facts.
  std::optional<ir::Program> facts;
  if (level_ == 1 && clue_technique_tier_ == 1) facts = ground_with(trial, nullptr, Rules::Techniques);
  return screen_check(f, u, solution, why, facts && facts->vars.size() == u.vars.size() ? &*facts : nullptr);
}

Outcome Family::screen_check(const Frame& f, const ir::Program& u, const ir::Assignment& solution, std::string& why,
                             const ir::Program* facts) {
  // (u holds the facts of techniques with every clue empty: when one that reads clues is
  // of tier 1 and the full clue set's facts are not given, tier 1 failing on u says nothing
  // of the full clue set, so only uniqueness is asked.)
  if (level_ == 1 && (clue_technique_tier_ != 1 || facts)) {
    hints::Options ho = hint_options();
    ho.max_tier = 1;
    hints::HintEngine he(u, ho);
    he.use_facts(facts);
    if (!he.saturate(hints::State::from_program(u)).solved) {
      why = f.slots.empty() ? "the drawn board (no clues) is beyond the target level" : "the full clue set is beyond the target level";
      ++stats_.screened_out;
      return leave(f);
    }
  } else {
    // Another solution is looked for first (the drawn one's values last): most screened
    // layouts have several, and this avoids the long searches for the second that the
    // natural order sometimes makes (Light Up 20x20 tricky: 800 -> 280 ms over 195 screens).
    engine::SearchOptions so = search_options();
    so.known_last = &solution;
    // The screen only spares work: past kScreenNodeLimit decisions it says nothing, and
    // the exact path decides (its questions fall back on Z3). Unbounded, one screen of a
    // Light Up 20x20 tricky layout searched for 72 s (seed 2, 20 puzzles: 80 s, not 6).
    so.node_limit = kScreenNodeLimit;
    engine::SearchResult r = engine::unique(u, so);
    if (past_node_limit(r)) {
      ++stats_.screen_undecided;
      return Outcome::Ok;
    }
    if (!unique_answer(r)) {
      why = f.slots.empty() ? "the drawn board (no clues) has several solutions" : "the full clue set has several solutions";
      ++stats_.screened_out;
      return leave(f);
    }
  }
  return Outcome::Ok;
}

Outcome Family::attempt(std::uint64_t seed, DensityWalk& walk, const std::vector<ir::Value>* cls, GeneratedPuzzle& out,
                        std::string& why) {
  class_ = cls;
  if (layout_ < 0) {
    Outcome o = try_solution(*fixed_, seed, out, why);
    return o == Outcome::LeaveLayout ? Outcome::Retry : o;
  }
  std::mt19937_64 rng(seed);
  Frame f;
  f.boards = empty_;
  GivenBoard& b = f.boards[static_cast<std::size_t>(layout_)];
  // Like Tatham's generator, the density rises after layouts that gave nothing: on a
  // large board most sparse layouts leave open areas whose lights no wall number pins down,
  // so even the full clue set has several solutions (Light Up 20x20 at 0.2: every one).
  // It falls when most of them had no solution (see kAttemptsPerDensity).
  auto density = [&](int steps) {
    return std::clamp(o_.density + kDensityStep * steps, std::min(o_.density, kDensityStep), std::max(o_.density, 0.9));
  };
  // A count of regions that the requires leave free walks too, a region at a time. Unique
  // partitions are at the edge of solvability: Norinori 8x8 at 13 regions, 376 of 1200
  // partitions had a solution and none only one; at 14, 41 of 563 and 2 unique; at 15, 4 of
  // 1200. So the count rises while more than kSolvableHigh of the partitions have solutions,
  // falls while fewer than kSolvableLow do, and stays between.
  auto regions = [&](int steps) {
    if (!free_count_) return region_count_;
    const auto n = static_cast<int>(b.tokens.size());
    return std::clamp(region_count_ + steps, 2, std::min(n / min_region_, static_cast<int>(kMaxRegions)));
  };
  // A partition into regions is cheap and rarely qualifies (Star Battle 8x8: about 1 in
  // 260), so one attempt draws up to kPartitionsPerAttempt of them.
  Outcome o = Outcome::Retry;
  int parts = 0, parts_unsolvable = 0;
  for (int part = 0; part < (regions_ ? kPartitionsPerAttempt : 1) && o == Outcome::Retry; ++part) {
    unsolvable_ = solved_ = false;
    bool drawn = !regions_;
    std::optional<PhaseTimer> drawing(std::in_place, stats_.t_layout);
    for (int tries = 0; tries < 100; ++tries) {
      if (tiles_) {
        draw_tiles(b, rng);
        drawn = true;
        break;
      }
      if (regions_) {
        drawn = draw_regions(b, rng, regions(walk.steps));
        if (drawn) break;
        continue;
      }
      draw_layout(b, rng, density(walk.steps));
      if (std::count(b.tokens.begin(), b.tokens.end(), block_) > 0) break;
    }
    drawing.reset();
    if (!drawn) {
      ++stats_.undrawn;
      const std::int64_t most = o_.max_region > 0 ? o_.max_region : max_region_;
      const std::string sizes = most == min_region_ ? fmt::format("{}", min_region_)
                                : most > min_region_ ? fmt::format("{} to {}", min_region_, most)
                                                     : fmt::format("{} or more", min_region_);
      why = o_.max_region > 0
                ? fmt::format("no partition into regions of {} squares fits in {} letters", sizes, kMaxRegions)
                : fmt::format("no partition into {} regions of {} squares was drawn", regions(walk.steps), sizes);
      o = Outcome::Retry;
      continue;
    }
    o = build_frame(f, why);
    // A spec error shows at once; derived clues are attributed with a solution's values
    // (try_solution), after the screen.
    if (o == Outcome::Ok && !attribution_checked_ && !derived_) o = attribute(f, why);
    // A layout costs a full grounding; another solution on it costs only groundings of the
    // clue rules, so each layout serves a few solutions before a new one is drawn.
    // Whether a full clue set has several solutions hardly depends on the solution (the
    // layout's open areas decide it), so a layout that gave one is left at once; so is a
    // layout with no solution.
    if (o == Outcome::Ok) {
      o = Outcome::Retry;
      for (int k = 0; k < kSolutionsPerLayout; ++k) {
        o = try_solution(f, splitmix(seed + static_cast<std::uint64_t>(k) + 1), out, why);
        if (o == Outcome::LeaveLayout || unsolvable_) {
          o = Outcome::Retry;
          break;
        }
        if (o != Outcome::Retry) break;
      }
    }
    ++parts;
    parts_unsolvable += unsolvable_;
    walk.solvable += solved_;
  }
  walk.unsolvable += 2 * parts_unsolvable > parts;
  walk.parts += parts;
  if (++walk.attempts == kAttemptsPerDensity) {
    const double solvable = static_cast<double>(walk.solvable) / std::max(walk.parts, 1);
    const int to = walk.steps + (free_count_ ? (solvable > kSolvableHigh ? 1 : solvable < kSolvableLow ? -1 : 0)
                                             : (2 * walk.unsolvable > walk.attempts ? -1 : 1));
    if (regions_ ? regions(to) != regions(walk.steps) : density(to) != density(walk.steps)) walk.steps = to;
    walk.attempts = walk.unsolvable = walk.parts = walk.solvable = 0;
  }
  return o;
}

std::vector<std::vector<ir::Value>> Family::classes(std::vector<std::vector<ir::Value>>* impossible) {
  std::vector<std::vector<ir::Value>> out{{}};
  for (const auto& dom : classify_domains_) {
    std::vector<std::vector<ir::Value>> next;
    for (const auto& c : out)
      for (ir::Value v : dom) {
        next.push_back(c);
        next.back().push_back(v);
      }
    out = std::move(next);
  }
  if (layout_ >= 0 || !fixed_) return out;  // a class may fit one layout and not another
  std::vector<std::vector<ir::Value>> possible;
  ir::Program& p0 = *fixed_->p0;
  for (auto& c : out) {
    // As a solution is drawn: the native search (where it draws at all) within its
    // decisions, then Z3 (a class it cannot decide is kept: its attempts will say).
    // Unbounded, the native search ran for minutes on an empty Filling 5x5.
    engine::SearchResult r;
    if (!z3_draws_) {
      engine::SearchOptions so = search_options();
      so.node_limit = kDrawAloneNodeLimit;
      r = solve_in_class(p0, &c, so);
    }
    if (z3_draws_ || past_node_limit(r)) {
      std::string why;
      r = z3_draw(p0, &c, 0, why);
    }
    const bool sat = r.status != engine::Status::Unsat;
    if (sat) possible.push_back(std::move(c));
    else if (impossible) impossible->push_back(std::move(c));
  }
  return possible;
}

engine::SearchOptions Family::draw_options(const Frame& f, std::uint64_t seed) const {
  engine::SearchOptions so = search_options();
  so.random_seed = seed;
  // A drawn board may have no solution, and proving that can take the search very long (a
  // Killer partition whose cages, all different, clash with the boxes): such a layout is
  // left after kDrawNodeLimit decisions, as one with no solution is.
  so.node_limit = layout_ >= 0 ? kDrawNodeLimit : kDrawAloneNodeLimit;
  // Randomised search is heavy-tailed: restarts (Luby, in units of the variables) keep an
  // unlucky seed from searching for minutes (an empty 8x8 Easy as ABC: a quarter of the
  // seeds took over 5 s without restarts; with them none takes 5000 decisions).
  so.restart_base = std::max<std::uint64_t>(64, f.p0->vars.size());
  return so;
}

engine::SearchResult Family::z3_draw(ir::Program& p, const std::vector<ir::Value>* cls, std::uint64_t seed,
                                     std::string& why) const {
  return in_class(p, cls, [&](const ir::Program& q) {
    engine::SearchResult r;
    z3lower::Options zo;
    // Z3's random seed sets its solver's choices, so the model varies with it (an empty 5x5
    // Filling: three seeds, three fillings with nothing in common).
    zo.seed = static_cast<unsigned>(seed ^ (seed >> 32));
    zo.until = until_;
    zo.random_phase = true;
    try {
      z3lower::Z3Backend backend(q, zo);
      z3lower::SolveResult s = backend.solve();
      if (s.status == z3lower::Status::Sat && s.solution) {
        r.status = engine::Status::Sat;
        r.solutions.push_back(std::move(*s.solution));
      } else if (s.status == z3lower::Status::Unsat) {
        r.status = engine::Status::Unsat;
      } else {
        why = s.unknown_reason.empty() ? "no answer" : s.unknown_reason;
      }
    } catch (const z3lower::Unsupported& e) {
      why = e.what();
    }
    return r;
  });
}

engine::SearchResult Family::solve_in_class(ir::Program& p, const std::vector<ir::Value>* cls, const engine::SearchOptions& so) const {
  return in_class(p, cls, [&](const ir::Program& q) { return engine::solve(q, so); });
}

engine::SearchResult Family::in_class(ir::Program& p, const std::vector<ir::Value>* cls,
                                      const std::function<engine::SearchResult(const ir::Program&)>& solve) const {
  std::vector<std::vector<ir::Value>> saved;
  bool outside = false;  // a value the variable cannot take here (a light on a wall)
  if (cls)
    for (std::size_t i = 0; i < classify_.size(); ++i) {
      auto& dom = p.vars[static_cast<std::size_t>(classify_[i])].domain;
      saved.push_back(dom);
      outside = outside || std::find(dom.begin(), dom.end(), (*cls)[i]) == dom.end();
      dom = {(*cls)[i]};
    }
  engine::SearchResult r;
  if (!outside) r = solve(p);
  else r.status = engine::Status::Unsat;
  // Restored last first: a variable saved twice has its own domain back, not the first
  // restriction (init refuses a name given twice; this keeps the restore right anyway).
  for (std::size_t i = saved.size(); i-- > 0;) p.vars[static_cast<std::size_t>(classify_[i])].domain = std::move(saved[i]);
  return r;
}

std::vector<std::pair<std::string, std::string>> Family::class_text(const std::vector<ir::Value>& cls) const {
  std::vector<std::pair<std::string, std::string>> out;
  for (std::size_t i = 0; i < cls.size() && i < classify_.size(); ++i)
    out.emplace_back(classify_names_[i], ir::format_value(naming_, classify_kinds_[i], cls[i]));
  return out;
}

Outcome Family::try_solution(Frame& f, std::uint64_t seed, GeneratedPuzzle& out, std::string& why) {
  std::mt19937_64 rng(seed);
  const auto& slots = f.slots;
  auto empty_token = [&](const Slot& s) {
    return static_cast<int>(s.board) == layout_ ? block_ : f.boards[s.board].exprs ? std::string("null") : std::string(".");
  };
  // 1. A random solution of the puzzle without clues: the native engine's random search,
  //    or Z3 where that search drew none (no layout: there is no other board to try).
  engine::SearchResult sol;
  {
    PhaseTimer timer(stats_.t_draw);
    if (layout_ < 0 && !class_ && probed_draw_ && probed_draw_->first == seed) sol = std::move(probed_draw_->second);
    else if (!(layout_ < 0 && z3_draws_)) sol = solve_in_class(*f.p0, class_, draw_options(f, seed));
    probed_draw_.reset();  // (the first attempt's, taken or not)
    if (layout_ < 0 && (z3_draws_ || past_node_limit(sol))) {
      std::string z3_why;
      sol = z3_draw(*f.p0, class_, seed, z3_why);
      stats_.z3_draws += sol.status == engine::Status::Sat;
      if (sol.status == engine::Status::Unknown) {
        if (stopped() || time_is_up()) {
          why = kStoppedWhy;
          return Outcome::Retry;
        }
        why = fmt::format("neither the native engine's random search ({} decisions) nor Z3 ({}) drew a solution of the "
                          "puzzle without clues",
                          kDrawAloneNodeLimit, z3_why);
        return Outcome::Fatal;
      }
    }
  }
  // Without a drawn board every attempt asks the same question: no solution is final (a
  // Battleships fleet too large for its board was proved so on every attempt, for minutes).
  if (layout_ < 0 && !class_ && sol.status == engine::Status::Unsat) {
    why = "the puzzle without clues has no solution: its givens and rules alone allow none";
    return Outcome::Fatal;
  }
  if (sol.status != engine::Status::Sat || sol.solutions.empty()) {
    why = class_ ? "no solution of the class without clues" : "no solution without clues";
    if (sol.status == engine::Status::Unknown) why += fmt::format(" found in {} decisions", kDrawNodeLimit);
    // Whatever the seed: leave the layout.
    unsolvable_ = sol.status == engine::Status::Unsat || sol.status == engine::Status::Unknown;
    return Outcome::Retry;
  }
  ++stats_.solutions;
  solved_ = true;
  const ir::Assignment solution = sol.solutions[0];
  drawn_ = &solution;
  struct Forget {
    const ir::Assignment*& p;
    ~Forget() { p = nullptr; }
  } forget{drawn_};
  std::vector<std::string> derived;  // per slot of an expression board: its clue
  if (derived_) {
    PhaseTimer timer(stats_.t_clues);
    Outcome o = derive(f, solution, derived, why);
    if (o != Outcome::Ok) return o;
  }
  if (!f.attributed) {
    // (Derived clues without a layout: the one frame is attributed with the first
    // solution's clues, so it is not screened, which would change that solution.)
    Outcome o = !derived_ ? screen(f, solution, why) : layout_ >= 0 ? screen_derived(f, solution, derived, why) : Outcome::Ok;
    if (o == Outcome::Ok) o = attribute(f, why, derived_ ? &derived : nullptr);
    if (o != Outcome::Ok) return o;
  }
  // 2. Each slot's value: the first token whose constraints the solution satisfies. One
  //    grounding of the clue rules per token, every slot filled with it at once; each
  //    clue's constraints are its own (build_frame), so these groundings do not depend on
  //    the solution and are shared by every solution drawn on the frame.
  std::optional<PhaseTimer> phase(std::in_place, stats_.t_clues);
  std::string err;
  std::vector<std::string> value(slots.size());
  std::vector<std::size_t> value_from(slots.size(), 0);  // index in f.tried of the grounding
  std::size_t max_cands = 0;
  for (const auto& c : cands_) max_cands = std::max(max_cands, c.size());
  std::size_t used_groundings = 0;
  // A slot where no token grounds a clue constraint (a sign right of the last column) is
  // never a clue.
  std::vector<char> live(slots.size(), 0);
  for (const auto& [k, sl] : f.key_slot) live[sl] = 1;
  for (std::size_t j = 0; j < max_cands; ++j) {
    std::vector<char> tried(slots.size(), 0);
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (live[i] && value[i].empty() && j < cands_[slots[i].board].size()) tried[i] = 1;
    if (std::none_of(tried.begin(), tried.end(), [](char t) { return t != 0; })) break;
    if (!ground_tried(f, j, err)) {
      why = "the clue rules do not ground with the clues filled in: " + err;
      return Outcome::Fatal;
    }
    const ir::Program& p = *f.tried[j];
    const std::vector<int>* slot_of_c = &tried_slots(f, j);
    // Constraints that only other values than the first ground: attributed now, once.
    if (j > 0 && std::find(slot_of_c->begin(), slot_of_c->end(), Frame::kUnattributed) != slot_of_c->end()) {
      phase.reset();  // (attribute() times itself: not counted twice)
      if (attribute(f, why, nullptr, j) != Outcome::Ok) return Outcome::Fatal;
      phase.emplace(stats_.t_clues);
      f.tried_slot[j].clear();
      slot_of_c = &tried_slots(f, j);
    }
    std::vector<char> bad(slots.size(), 0);
    for (std::size_t ci = 0; ci < p.constraints.size(); ++ci) {
      const int sl = (*slot_of_c)[ci];
      if (sl == Frame::kAlways) continue;
      if (sl == Frame::kUnattributed) {
        why = "a clue value grounds constraints that the first value did not; generate cannot attribute them";
        return Outcome::Fatal;
      }
      const auto i = static_cast<std::size_t>(sl);
      if (tried[i] && !bad[i] && !ir::satisfied(p, p.constraints[ci], solution)) bad[i] = 1;
    }
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (tried[i] && !bad[i]) {
        value[i] = cands_[slots[i].board][j];
        value_from[i] = j;
      }
    used_groundings = j + 1;
  }
  // Derived clues: one grounding of the clue rules with every expression board's slot
  // holding the value the solution gives it.
  std::optional<ir::Program> derived_program;
  if (derived_) {
    std::vector<GivenBoard> trial = f.boards;
    for (std::size_t i = 0; i < slots.size(); ++i)
      if (derives_[slots[i].board] && live[i] && !derived[i].empty()) {
        trial[slots[i].board].tokens[slots[i].index] = derived[i];
        value[i] = derived[i];
      }
    // The requires checked: a spec whose clue rule derives clues where the requires allow
    // none (its `where` says less than they do) is told so here, not by a broken puzzle.
    // (The screen's grounding has every derived clue, also where no constraint comes of
    // one, as on a wall with no open square beside it: the same constraints.)
    if (f.screened) derived_program = std::move(f.screened);
    else derived_program = ground_with(trial, &err, Rules::CluesChecked);
    f.screened.reset();
    if (!derived_program) {
      why = "the clues derived from a solution do not fit the puzzle (a clue rule's `where` allows clues that the "
            "requires do not):\n" + err;
      return Outcome::Fatal;
    }
    // A clue whose other constraints the solution breaks is no clue there (Range: a
    // number on a shaded square, which a rule keeps white).
    for (const auto& c : derived_program->constraints) {
      auto it = f.key_slot.find(key_of(c));
      if (it != f.key_slot.end() && derives_[slots[it->second].board] && !ir::satisfied(*derived_program, c, solution))
        value[it->second].clear();
    }
  }
  std::vector<const ir::Program*> tried_programs;
  for (std::size_t j = 0; j < used_groundings; ++j) tried_programs.push_back(&*f.tried[j]);
  std::vector<std::size_t> valued;
  for (std::size_t i = 0; i < slots.size(); ++i)
    if (!value[i].empty()) valued.push_back(i);
  // 3. The puzzle with every derived clue: the rules' constraints from the layout's
  //    grounding, each clue's constraints from the grounding that tried its value.
  ir::Program pall = p0_without_constraints(f);  // the constraints are picked below
  std::vector<ir::Constraint> all = p0_rules_first(f);
  std::vector<int> slot_of(all.size(), -1);  // the rules' constraints belong to no slot
  {
    ir::TermBuilder tb(pall);
    std::vector<ir::Importer> from;
    from.reserve(tried_programs.size());
    for (const auto* tp : tried_programs) from.emplace_back(tb, *tp);
    for (std::size_t t = 0; t < tried_programs.size(); ++t) {
      const std::vector<int>& slot_of_c = tried_slots(f, t);
      for (std::size_t ci = 0; ci < tried_programs[t]->constraints.size(); ++ci) {
        const int sl = slot_of_c[ci];
        if (sl < 0 || value[static_cast<std::size_t>(sl)].empty() || value_from[static_cast<std::size_t>(sl)] != t) continue;
        all.push_back(from[t].constraint(tried_programs[t]->constraints[ci]));
        slot_of.push_back(sl);
      }
    }
    if (derived_program) {
      ir::Importer from_derived(tb, *derived_program);
      for (const auto& c : derived_program->constraints) {
        std::string k = key_of(c);
        if (f.keys0.count(k)) continue;
        auto it = f.key_slot.find(k);
        if (it == f.key_slot.end()) {
          why = "a derived clue grounds constraints that the first solution's did not; generate cannot attribute them";
          return Outcome::Fatal;
        }
        const std::size_t sl = it->second;
        if (!derives_[slots[sl].board] || value[sl].empty()) continue;
        all.push_back(from_derived.constraint(c));
        slot_of.push_back(static_cast<int>(sl));
      }
    }
  }
  pall.constraints = std::move(all);
  if (pall.vars.size() != solution.size() || !ir::violated_constraints(pall, solution).empty()) {
    throw std::logic_error("generate: the derived clues do not hold for the solution");
  }
  phase.reset();
  phase.emplace(stats_.t_removal);
  // 4. Remove clues in random order while the puzzle stays unique (and, with a target
  //    level, while the hint runtime capped at that tier still solves it).
  // A level allows one tier more than its own when that tier is needed at most twice
  // (the grade's softening), so the cap is one above the level, except for easy (tier 2
  // is never softened). One hint engine over every clue serves every subset. It has no
  // Z3 oracle, so at fiendish its tier 5 is the one step that needs none: parities summed
  // by elimination (Flip's; a spec without parities has none).
  std::optional<hints::HintEngine> saturating;
  const int removal_cap = level_ == 1 ? 1 : std::min(level_ + 1, hints::kMaxTier);
  if (level_) {
    hints::Options ho = hint_options();
    ho.max_tier = removal_cap;
    saturating.emplace(pall, ho);
  }
  hints::HintEngine* hep = saturating ? &*saturating : nullptr;
  std::optional<hints::HintEngine> tier1_only;  // above easy, while the clue set is easy
  if (level_ >= 2) {
    hints::Options ho = hint_options();
    ho.max_tier = 1;
    tier1_only.emplace(pall, ho);
  }
  std::optional<hints::StartStates> starts;
  if (level_) starts.emplace(pall);
  const hints::StartStates* startp = starts ? &*starts : nullptr;
  std::vector<char> rules_only(slot_of.size());
  for (std::size_t c = 0; c < slot_of.size(); ++c) rules_only[c] = slot_of[c] < 0;
  engine::SearchOptions subset_options = search_options();
  // Where the native search drew no solution of the empty puzzle, it rarely decides a
  // sparse clue set either (Filling 5x5: 51 of 54 questions past 10000 decisions, 1.6 s
  // each): it gets a few decisions, for the clue sets it decides at once, then Z3 does.
  subset_options.node_limit = z3_draws_ ? kRemovalNodeLimitZ3Drawn : kRemovalNodeLimit;
  engine::SubsetSearch search(pall, subset_options, &rules_only);
  std::vector<char> active(slots.size(), 0);
  for (auto i : valued) active[i] = 1;
  // Techniques that read clues (Magnets' "row r already has its blank squares", ABC's
  // corners): the program's facts are those with every clue empty. When the full clue set
  // passes with those, the removal asks with them alone, as it always did (a grounding
  // per question would cost more than the rest: Futoshiki 5x5 tricky 0.58 -> 3.7 s for 30
  // puzzles, the same batch). When it fails with them and such a technique is within the
  // removal's cap, each question gets the facts of its own clue subset, grounded for it
  // (the other techniques' facts come along): Magnets 10x10 easy, where no full clue set
  // is easy without them. (A fact may need several clues, or a clue to be absent, so it
  // cannot be attributed to one slot as a clue's constraints are.)
  std::optional<ground::FactGrounder> fact_grounder;  // made at the first question
  std::set<std::size_t> clue_boards;                  // the boards with slots, bound again
  bool facts_vars_checked = false;
  for (const auto& sl : slots) clue_boards.insert(sl.board);
  facts_error_.clear();
  struct Reset {
    std::function<const ir::Program*(const std::vector<char>&)>& f;
    ~Reset() { f = nullptr; }
  } reset_facts{facts_for_};
  std::function<const ir::Program*(const std::vector<char>&)> subset_facts_of;
  if (level_ && clue_technique_tier_ > 0 && clue_technique_tier_ <= removal_cap) {
    // One FactGrounder for the run: the clue boards are bound again for each question,
    // and what does not read them (the terms, the defs about the cells) is kept.
    subset_facts_of = [&](const std::vector<char>& act) -> const ir::Program* {
      std::vector<GivenBoard> trial = f.boards;
      for (std::size_t i = 0; i < slots.size(); ++i)
        if (act[i]) trial[slots[i].board].tokens[slots[i].index] = value[i];
      source::Diagnostics d;
      if (!fact_grounder) {
        std::set<std::string> rebound;
        for (std::size_t b : clue_boards) rebound.insert(trial[b].name);
        fact_grounder.emplace(s_.checked, ground_options(trial, Rules::Techniques), s_.sm, rebound);
        std::vector<ast::Binding> lent = fact_grounder->take_overrides();
        restore_overrides(lent);
        if (!fact_grounder->ok()) {
          facts_error_ = "the techniques do not ground with a subset of the clues: " + fact_grounder->diagnostics().render(s_.sm);
          return nullptr;
        }
      }
      std::vector<ast::Binding> changed;
      for (std::size_t b : clue_boards) changed.push_back(board_binding(trial[b]));
      const ir::Program* facts = fact_grounder->facts(changed, d);
      if (!facts) {
        facts_error_ = "the techniques do not ground with a subset of the clues: " + d.render(s_.sm);
        return nullptr;
      }
      // (Its variables are made once, with the grounder: compared on the first question.)
      if (!facts_vars_checked &&
          (facts->vars.size() != pall.vars.size() ||
           !std::equal(pall.vars.begin(), pall.vars.end(), facts->vars.begin(),
                       [](const ir::Variable& x, const ir::Variable& y) { return x.domain == y.domain; }))) {
        facts_error_ = "the techniques' grounding with a subset of the clues declares other variables";
        return nullptr;
      }
      facts_vars_checked = true;
      return facts;
    };
  }
  std::vector<char> cited;  // slots the current clue set's trace relies on; empty: unknown
  // Most rejected full clue sets have several solutions (open areas no clue pins down):
  // above easy, the native engine says so faster than saturation failing at tier 3, and
  // the answer is the same (sound deductions never solve a puzzle with two solutions).
  bool several = level_ >= 2 && !solves(pall, search, nullptr, nullptr, slot_of, active, 0, nullptr);
  int level = 0;  // of the current clue set, by saturation
  bool full_ok = !several && solves(pall, search, hep, startp, slot_of, active, level_, &cited, &level);
  if (!several && !full_ok && subset_facts_of) {
    facts_for_ = subset_facts_of;
    full_ok = solves(pall, search, hep, startp, slot_of, active, level_, &cited, &level);
    stats_.subset_facts += full_ok;
  }
  if (!full_ok) {
    if (!facts_error_.empty()) {
      why = facts_error_;
      return Outcome::Fatal;
    }
    const char* what = slots.empty() ? "the drawn board (no clues)" : "the full clue set";
    why = fmt::format("{} {}", what, level_ && !several ? "is beyond the target level" : "has several solutions");
    ++stats_.full_set_failed;
    // At easy, tier 1 failing on the full clue set almost always means several solutions
    // too (Light Up 20x20: 50 of 54); asking the engine would cost more than it saves.
    return several || level_ <= 1 ? leave(f) : Outcome::Retry;
  }
  ++stats_.removal_runs;
  std::vector<std::size_t> order = valued;
  shuffle(order, rng);
  // In order, each clue is removed when the puzzle without it still passes. Where passing
  // is monotone in the clues (uniqueness; tier 1 solving it, at easy: more clues never
  // hurt), a run of removals is asked as one block, doubling after each success and halving
  // after a failure down to a single clue: when the puzzle without the whole block passes,
  // so does each intermediate one, so the result is the one-by-one result (Sudoku easy:
  // the first ~40 removals all pass). Above easy the grade's softening is not monotone:
  // one at a time, except while the clue set is still easy. Then a block of two or more
  // that tier 1 alone solves without is removed at once: each intermediate set is easy,
  // so unique and within the target, and passes. A single clue gets the target's own test.
  // The result is the one-by-one result (Sudoku tricky and hard: about 8% faster).
  std::size_t block = 1;
  // A clue is asked once, so each question has the clues kept before it: tier 1's closure
  // under them and the rules is made once, grown with each kept clue, and each question's
  // saturation goes on from it (hints::Closure); the native search propagates them once
  // too (SubsetSearch::keep). The answers are those from scratch.
  std::vector<char> kept_on = rules_only;
  std::vector<std::size_t> ask_again;  // clues kept for a reason that may go (see below)
  std::vector<std::vector<std::size_t>> constraints_of_slot(slots.size());
  for (std::size_t c = 0; c < slot_of.size(); ++c)
    if (slot_of[c] >= 0) constraints_of_slot[static_cast<std::size_t>(slot_of[c])].push_back(c);
  std::optional<hints::Closure> kept, kept2;
  bool kept_stale = true, kept2_stale = true;
  struct ResetKept {
    Family& f;
    ~ResetKept() {
      f.kept_closure_ = nullptr;
      f.kept_closure2_ = nullptr;
    }
  } reset_kept{*this};
  if (hep && removal_cap >= 2)
    kept_closure2_ = [&]() -> const hints::Closure* {
      if (kept2_stale) kept2 = hep->close(2, starts->from(kept_on), kept_on, kept2 ? &*kept2 : nullptr);
      kept2_stale = false;
      return &*kept2;
    };
  for (std::size_t pos = 0; !o_.keep_clues && pos < order.size();) {
    // Above easy, on a drawn board, while the clue set is still below the target, the
    // clues its trace cites are tried first (in the drawn order among themselves), the
    // others last: removing a clue the trace does not cite leaves the trace as it is, so
    // only a cited one can lift the set to the target, and the uncited ones, kept
    // meanwhile, may be what the target's tiers use instead. When no untried clue is cited,
    // the rest would all go without changing the trace: the run ends below the target, and
    // stops here. Fewer runs end below the target (Light Up 10x10 tricky: 359 of 419 ->
    // 231 of 291), but a run costs more: the clues kept meanwhile are asked one at a time
    // at the target's tiers. That pays where a rejected run also costs a layout (Light Up
    // 20x20 tricky: 1.9 -> 3.2 puzzles/s), not where it costs only another solution
    // (Towers 5x5 tricky and hard: 4x slower; Futoshiki 5x5 hard 1.7x slower).
    std::size_t cited_end = order.size();
    if (level_ >= 2 && draws_boards() && level < level_ && !cited.empty()) {
      auto split = std::stable_partition(order.begin() + static_cast<std::ptrdiff_t>(pos), order.end(),
                                         [&](std::size_t k) { return cited[k] != 0; });
      cited_end = static_cast<std::size_t>(split - order.begin());
      if (cited_end == pos) break;
    }
    std::size_t i = order[pos];
    if (!cited.empty() && !cited[i]) {
      active[i] = 0;  // the trace does not use it: same trace, same grade, without it
      ++pos;
      continue;
    }
    const bool easy_now = level_ <= 1 || level == 1;
    std::size_t end = easy_now ? std::min(cited_end, pos + block) : pos + 1;
    for (std::size_t k = pos; k < end; ++k) active[order[k]] = 0;
    if (hep && kept_stale) {
      kept = hep->close(1, starts->from(kept_on), kept_on, kept ? &*kept : nullptr);
      kept_closure_ = &*kept;
      kept_stale = false;
    }
    std::vector<char> now;
    // A block above easy: tier 1 alone (a single clue: the target's own test).
    bool ok = tier1_only && end - pos > 1 ? solves(pall, search, &*tier1_only, startp, slot_of, active, 1, &now, &level)
                                          : solves(pall, search, hep, startp, slot_of, active, level_, &now, &level);
    if (ok) {
      cited = std::move(now);
      pos = end;
      block *= 2;
      continue;
    }
    for (std::size_t k = pos; k < end; ++k) active[order[k]] = 1;
    // A clue kept for a reason that later removals may take away: beyond the level above
    // easy (the grade's softening is not monotone), or asked with the facts of techniques
    // as if every clue were empty when the clue set's own facts may differ (Futoshiki's
    // inequalities): asked again below. Several solutions stay several with fewer clues.
    if (end - pos == 1 && level_ && ((level_ >= 2 && !last_several_) || (subset_facts_of && !facts_for_)))
      ask_again.push_back(order[pos]);
    if (end - pos == 1) {  // this clue stays
      for (std::size_t c : constraints_of_slot[order[pos]]) kept_on[c] = 1;
      kept_stale = kept2_stale = true;
      search.keep(kept_on);
      ++pos;
    }
    block = std::max<std::size_t>(1, (end - pos) / 2);
  }
  // Minimal: no clue can go with the puzzle still unique and within the level. A clue kept
  // for a reason that later removals may take away is asked again, with the exact question
  // (from scratch: the closures and the search above hold the kept clues, this one among
  // them; with the clue set's own technique facts, as the printed puzzle's grade has them),
  // until none goes. Futoshiki 5x5 easy kept a digit that the inequality techniques made
  // needless; Slitherlink 4x4 hard a number that later removals made needless.
  if (!ask_again.empty() && facts_error_.empty() && !stopped()) {
    kept_closure_ = nullptr;
    kept_closure2_ = nullptr;
    if (subset_facts_of) facts_for_ = subset_facts_of;
    engine::SubsetSearch exact(pall, subset_options, &rules_only);
    for (bool removed = true; removed && facts_error_.empty() && !stopped();) {
      removed = false;
      for (std::size_t i : ask_again) {
        if (!active[i]) continue;
        active[i] = 0;
        // Several solutions without it: needed, whatever the facts (the native search is
        // cheaper than a grounding of the technique facts: Futoshiki 5x5 easy).
        if (level_ == 1) {
          engine::SearchResult u = exact.unique(constraints_on(slot_of, active));
          if (!past_node_limit(u) && !unique_answer(u)) {
            active[i] = 1;
            continue;
          }
        }
        std::vector<char> now;
        if (solves(pall, exact, hep, startp, slot_of, active, level_, &now, &level)) {
          removed = true;
          cited = std::move(now);
        } else {
          active[i] = 1;
        }
      }
    }
  }
  if (!facts_error_.empty()) {
    why = facts_error_;
    return Outcome::Fatal;
  }
  // Below the target already (with the clue-dependent techniques of tiers above the
  // removal's cap left out, which can only make the printed grade lower): rejected as the
  // printed grade would be.
  if (level_ && level < level_) {
    why = "graded " + std::string(level_name(level));
    ++stats_.below_level;
    return Outcome::Retry;
  }
  // A removal cut short by the time limit took answers of stopped searches: left here.
  if (stopped()) {
    why = kStoppedWhy;
    return Outcome::Retry;
  }
  phase.reset();
  phase.emplace(stats_.t_reground);
  out.user_givens = printable_givens();
  out.boards = f.boards;
  out.clues.clear();
  for (std::size_t i = 0; i < slots.size(); ++i) {
    if (!active[i]) continue;
    out.boards[slots[i].board].tokens[slots[i].index] = value[i];
    out.clues.push_back({f.boards[slots[i].board].name, slots[i].index, value[i], empty_token(slots[i])});
  }
  out.candidate_clues = valued.size();
  out.block = block_;
  out.solution = solution;
  // 5. The puzzle as printed, compiled again like a file: graded there (with every
  //    technique of the spec, clue-dependent ones included) at exactly the target level —
  //    a puzzle that a lower level already solves is rejected — and proved unique by Z3,
  //    independently of the engine that generated it.
  if (!verify_) {
    verify_ = std::make_unique<Session>();
    if (!verify_->load_spec(o_.spec, o_.puzzle))
      throw std::logic_error("the spec does not load a second time:\n" + verify_->render_diagnostics());
    verify_files_ = verify_->sm.size();
  }
  Session& s = *verify_;
  std::string text = instance_text(out, s_.puzzle->name, "generated");
  if (!load_instance(s, verify_files_, text)) {
    // The generator's own groundings leave out the techniques and some rules, so an error
    // of the spec may show only here (a division by zero in a technique): the spec's,
    // reported with the puzzle it met it on.
    why = "the spec does not compile a generated puzzle:\n" + s.render_diagnostics() + text;
    return Outcome::Fatal;
  }
  if (s.program->vars.size() != solution.size())
    throw std::logic_error("a generated puzzle grounds to other variables:\n" + text);
  phase.reset();
  phase.emplace(stats_.t_grade);
  hints::Options ho = hint_options();
  // (Without an oracle, tier 5 is parities summed by elimination only: see the removal.)
  ho.max_tier = std::min((level_ ? level_ : hints::kMaxTier) + 1, hints::kMaxTier);
  hints::HintEngine he(*s.program, ho);
  hints::Trace trace = he.solve(hints::State::from_program(*s.program));
  out.grade = hints::grade(trace);
  if (!level_ && !out.grade.solved) {
    // With no target, the grade is `pzc grade`'s, whose last resort is tier 5 (Z3 cores):
    // a minimal puzzle may need it. Asked only then, as it costs a Z3 back end.
    z3lower::Options zo;
    zo.until = until_;
    z3lower::Z3Backend backend(*s.program, zo);
    Z3ProofOracle oracle(backend);
    hints::Options fo = hint_options();
    fo.minimal_cores = o_.trace;  // the cores are shown only in the trace (describe_trace)
    hints::HintEngine full(*s.program, fo, &oracle);
    trace = full.solve(hints::State::from_program(*s.program));
    out.grade = hints::grade(trace);
  }
  // A puzzle whose givens fix every square by themselves (Light Up at 1x1, or at
  // --density 1: walls only; a 1x1 Sudoku; every clue kept where the clues are the cells)
  // is no puzzle: nothing is left to deduce.
  if (trace.solved && out.grade.steps == 0) {
    if (o_.keep_clues && !draws_boards()) {
      why = "--keep-clues keeps every clue, and here they fix every square: nothing is left to solve";
      return Outcome::Fatal;
    }
    why = draws_boards() ? "the drawn board leaves nothing to solve" : "the clues leave nothing to solve";
    return Outcome::Retry;
  }
  if (level_ && out.grade.level != o_.difficulty) {
    why = "graded " + out.grade.level;
    ++stats_.grade_rejected;
    return Outcome::Retry;
  }
  phase.reset();
  phase.emplace(stats_.t_z3);
  // The techniques' facts are proved sound on the printed puzzle, as `pzc grade` proves
  // them before it grades (a grade from an unsound one would be no grade): all at once, in
  // the same Z3 scope as the uniqueness proof, and through `prove_techniques` (a Z3 solver
  // of its own, diagnostics with a counterexample) only when that does not settle it.
  // Once Z3 proves the generator's solution the only one, a case of a fact can only hold
  // at that solution. So a fact needs no case of its own when its literal holds there (on
  // a variable that tells solutions apart, not an `aux var`), or when its condition holds
  // in no candidate state that keeps the solution's values (hints::condition_around, three-
  // valued). Only the other facts are asked of Z3, at the solution's values (Magnets 6x6
  // easy: the one check of 48-192 cases took 10-35 ms a puzzle, the uniqueness proof 0.5 ms).
  std::vector<z3lower::Z3Backend::Case> facts;
  bool in_scope = true;
  for (const auto& fact : s.program->techniques) {
    const auto v = static_cast<std::size_t>(fact.literal.var);
    if (!s.program->vars[v].aux && (solution[v] == fact.literal.value) == fact.literal.positive) continue;
    if (fact.condition >= 0 && hints::condition_around(*s.program, fact.condition, solution) == false) continue;
    if (fact.condition >= 0 && hints::unevaluable_in_pattern(*s.program, fact.condition)) in_scope = false;
    ir::Literal negated = fact.literal;
    negated.positive = !negated.positive;
    facts.push_back({negated, fact.condition});
  }
  z3lower::SolveResult refuted;
  const auto proof_start = std::chrono::steady_clock::now();
  auto u = z3_->confirm(*s.program, solution, in_scope && !facts.empty() ? &facts : nullptr, &refuted);
  if (!z3_started_) {
    stats_.t_z3_first += std::chrono::duration<double>(std::chrono::steady_clock::now() - proof_start).count();
    z3_started_ = true;
  }
  if (stopped()) {  // the grade or Z3's proof may be cut short
    why = kStoppedWhy;
    return Outcome::Retry;
  }
  // Z3 may give up at its own deadline (the time limit's) a moment before the stop flag
  // is seen: that is no answer, not a refutation (it aborted a batch with --jobs 2 and
  // --time-limit 1). Nor is an unknown for another reason: the puzzle is not printed.
  if (u.status == z3lower::Status::Unknown) {
    why = stopped() || time_is_up() ? kStoppedWhy : "Z3 could not decide the printed puzzle's uniqueness (" + u.unknown_reason + ")";
    return Outcome::Retry;
  }
  out.z3_unique = u.status == z3lower::Status::Sat && u.unique && u.first && *u.first == solution;
  if (!out.z3_unique) throw std::logic_error("Z3 does not confirm a generated puzzle's unique solution:\n" + text);
  if (!facts.empty() && refuted.status != z3lower::Status::Unsat &&
      !prove_techniques(s, [&](const std::vector<z3lower::Z3Backend::Case>& cases) { return z3_->solve_any(*s.program, cases); })) {
    if (stopped()) {
      why = kStoppedWhy;
      return Outcome::Retry;
    }
    why = "a technique of the spec does not hold on a generated puzzle:\n" + s.render_diagnostics() + text;
    return Outcome::Fatal;
  }
  describe_trace(*s.program, trace, out);
  phase.reset();
  ++stats_.accepted;
  out.picture = draw(s, solution);
  return Outcome::Ok;
}

}  // namespace

std::string instance_text(const GeneratedPuzzle& p, const std::string& puzzle, const std::string& name,
                          std::optional<std::size_t> drop) {
  std::vector<GivenBoard> boards = p.boards;
  if (drop) {
    const ClueSlot& c = p.clues.at(*drop);
    for (auto& b : boards)
      if (b.name == c.given) b.tokens[c.index] = c.empty;
  }
  std::string out = fmt::format("instance {} of {}\n", name, puzzle);
  for (const auto& g : p.user_givens) {
    auto eq = g.find('=');
    out += fmt::format("  {} = {}\n", g.substr(0, eq), g.substr(eq + 1));
  }
  for (const auto& b : boards) {
    if (b.grid) {
      out += fmt::format("  {} = grid {{\n", b.name);
      for (const auto& row : rows_of(b)) out += "    " + row + "\n";
      out += "  }\n";
    } else if (as_list(b)) {
      out += fmt::format("  {} = {}\n", b.name, list_text(b));
    } else {
      std::string text;
      for (const auto& t : b.tokens) text += t;
      out += fmt::format("  {} = \"{}\"\n", b.name, text);
    }
  }
  return out + "end\n";
}

std::string tatham_id(const GeneratedPuzzle& p) {
  if (p.boards.size() != 1 || !p.boards[0].grid || p.block.empty()) return "";
  const GivenBoard& b = p.boards[0];
  std::string desc;
  int run = 0;
  auto flush = [&] {
    while (run > 0) {
      int n = std::min(run, 26);
      desc += static_cast<char>('a' + n - 1);
      run -= n;
    }
  };
  for (const auto& t : b.tokens) {
    if (t == ".") {
      ++run;
      continue;
    }
    flush();
    // A game ID's letters are runs of empty squares: a square is a number 0-4 or B (a spec
    // whose clues are letters wrote IDs of more squares than the board has).
    if (t != p.block && (t.size() != 1 || t[0] < '0' || t[0] > '4')) return "";
    desc += t == p.block ? "B" : t;
  }
  flush();
  return fmt::format("{}x{}:{}", b.cols, b.rows, desc);
}

namespace {

// A thread that waits on `cv` until `done` (a timer, a progress ticker): stopped and joined
// on every way out of its scope, a throw included.
struct Waiter {
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  std::thread thread;
  ~Waiter() {
    {
      std::lock_guard<std::mutex> lock(mu);
      done = true;
    }
    cv.notify_all();
    if (thread.joinable()) thread.join();
  }
};

}  // namespace

GenerateResult generate(const GenerateOptions& options, const std::function<void(int, int)>& progress) {
  GenerateResult res;
  if (!options.difficulty.empty() && level_of(options.difficulty) == 0) {
    res.error = fmt::format("pzc: error: --difficulty must be easy, tricky, hard or fiendish, not '{}'\n", options.difficulty);
    return res;
  }
  const auto start = std::chrono::steady_clock::now();
  Family main;
  std::atomic<bool> timed_out{false};
  // With a time limit a timer sets timed_out at the limit, and every family's searches,
  // deductions and Z3 checks stop early on seeing it (Family::set_stop): the attempt in
  // progress ends at once, and the puzzles already made are kept (stop_for_time below).
  // It runs from the start: preparing the family may search too (whether the native
  // engine draws the empty puzzle's solutions, which classes --classify has).
  const auto until = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                 std::chrono::duration<double>(std::max(options.time_limit_s, 0.0)));
  Waiter timer;
  if (options.time_limit_s > 0) {
    main.set_stop(&timed_out, until);
    timer.thread = std::thread([&timer, &timed_out, until] {
      std::unique_lock<std::mutex> lock(timer.mu);
      if (!timer.cv.wait_until(lock, until, [&timer] { return timer.done; })) timed_out = true;
    });
  }
  // Preparing the family grounds the spec once with every clue empty (a 100x100 Light Up
  // board: half a minute): the progress line shows that time too, as "0 of N". The ticker
  // stops and is joined on every way out of the block, a throw included.
  {
    Waiter ticker;
    if (progress)
      ticker.thread = std::thread([&] {
        std::unique_lock<std::mutex> lock(ticker.mu);
        while (!ticker.cv.wait_for(lock, std::chrono::seconds(1), [&] { return ticker.done; }))
          progress(0, std::max(options.count, 1));
      });
    if (!main.init(options, res.error)) {
      // Stopped while the family was prepared: its searches' answers were cut short, so
      // what it says is the time limit, not the error they led to.
      if (timed_out) {
        res.timed_out = true;
        res.error = fmt::format("pzc: error: time limit of {} s reached: 0 of {} puzzles made (while preparing the family)\n",
                                options.time_limit_s, std::max(options.count, 1));
        res.stats.add(main.stats());
        res.stats.t_total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return res;
      }
      res.no_slots = main.no_slots();
      res.clue_rules = main.clue_rules();
      res.bad_input = true;
      return res;
    }
  }
  res.puzzle = main.puzzle_name();
  res.note = main.note();
  if (options.tatham && !main.one_layout_board()) {
    res.error = kTathamNeedsLayout;
    res.bad_input = true;
    return res;
  }
  // An attempt that draws a layout or regions grounds them (a millisecond or more); one
  // that only draws a solution costs a search and a uniqueness check, and some families
  // need many (about 1 in 130 full clue sets of a 7x7 Easy as ABC is unique, 1 in 2300 at
  // 8x8, where 2000 attempts left a puzzle unmade about half the time).
  const int max_attempts = options.max_attempts > 0 ? options.max_attempts : main.draws_boards() ? 200 : 10000;
  // --classify: `count` puzzles per class, in class order.
  std::vector<std::vector<ir::Value>> impossible;
  const std::vector<std::vector<ir::Value>> classes =
      options.classify.empty() ? std::vector<std::vector<ir::Value>>{} : main.classes(&impossible);
  for (const auto& c : impossible)
    res.note += fmt::format("pzc: note: no solution has {}: no puzzle for that class\n", class_label(main.class_text(c)));
  if (!options.classify.empty() && classes.empty()) {
    res.error = "pzc: error: --classify: no class has a solution\n";
    res.bad_input = true;
    return res;
  }
  const int per_class = std::max(options.count, 0);
  const int n = per_class * static_cast<int>(std::max<std::size_t>(1, classes.size()));
  res.requested = n;
  auto class_of = [&](int k) { return classes.empty() ? nullptr : &classes[static_cast<std::size_t>(k / std::max(1, per_class))]; };
  // (A pointer each, not the puzzle: --count 1000000 took 0.45 GB before any puzzle.)
  std::vector<std::unique_ptr<GeneratedPuzzle>> got(static_cast<std::size_t>(n));
  std::vector<int> next_attempt(static_cast<std::size_t>(n), 0);
  std::vector<DensityWalk> walks(static_cast<std::size_t>(n));  // each puzzle's, on whichever thread
  std::mutex mu;
  std::string fatal;
  // Before an attempt starts, the clock itself is read too: no attempt starts past the limit
  // even when the timer thread has not run yet (a limit shorter than the start-up).
  auto out_of_time = [&] {
    if (options.time_limit_s > 0 && std::chrono::steady_clock::now() >= until) timed_out = true;
    return timed_out.load();
  };

  // Why puzzle k's attempts ended without a puzzle, and how often: said when it has none.
  std::vector<std::map<std::string, int>> why_not(static_cast<std::size_t>(n));
  // Tries attempts of puzzle k from `from` on; true when one was accepted.
  std::atomic<bool> worker_failed{false};  // a worker threw (see the pool below)
  auto run = [&](Family& fam, int k, int from) -> bool {
    for (int a = from; a < max_attempts; ++a) {
      if (worker_failed) return false;
      {
        std::lock_guard<std::mutex> lock(mu);
        if (!fatal.empty()) return false;
      }
      if (out_of_time()) return false;
      GeneratedPuzzle p;
      std::string why;
      Outcome out = fam.attempt(attempt_seed(options.seed, k, a), walks[static_cast<std::size_t>(k)], class_of(k), p, why);
      // Stopped by the time limit: what the attempt made may be cut short. (The flag is
      // never cleared, so an attempt that ends with it unset was never stopped.)
      if (timed_out) return false;
      if (out == Outcome::Fatal) {
        std::lock_guard<std::mutex> lock(mu);
        if (fatal.empty()) fatal = "pzc: error: " + why + "\n";
        return false;
      }
      if (out != Outcome::Ok) {
        std::lock_guard<std::mutex> lock(mu);
        // The first line of what the attempt said, without a diagnostic's own prefix.
        std::string line = why.substr(0, why.find('\n'));
        for (const char* prefix : {"pzc: error: ", "pzc: "})
          if (auto at = line.find(prefix); at != std::string::npos) line.erase(at, std::strlen(prefix));
        ++why_not[static_cast<std::size_t>(k)][line.empty() ? "no puzzle" : line];
        continue;
      }
      p.index = k + 1;
      p.attempts = a + 1;
      if (class_of(k)) {
        p.cls = fam.class_text(*class_of(k));
        for (ir::ValueKind kind : fam.class_kinds()) {
          p.cls_number.push_back(kind == ir::ValueKind::Int);
          p.cls_bool.push_back(kind == ir::ValueKind::Bool);
        }
      }
      std::lock_guard<std::mutex> lock(mu);
      got[static_cast<std::size_t>(k)] = std::make_unique<GeneratedPuzzle>(std::move(p));
      next_attempt[static_cast<std::size_t>(k)] = a + 1;
      return true;
    }
    return false;
  };

  std::atomic<int> done{0};
  // At most one worker per core: the batch does not depend on the number of workers, and
  // each holds a grounded family (--jobs 64 on 2 cores took 2.4 GB and made nothing).
  int jobs = std::max(1, std::min({options.jobs, n, max_jobs()}));
  // One job runs on the calling thread, unless there is progress to show: then on a worker
  // of its own, so that the calling thread shows the time going by during a long puzzle
  // (a minimal Killer Sudoku takes minutes). The batch is the same either way.
  if (jobs <= 1 && !progress) {
    for (int k = 0; k < n; ++k) run(main, k, 0);
  } else {
    std::atomic<int> next{0};
    std::vector<std::thread> pool;
    // A worker that cannot go on (its family does not start, or an exception: out of
    // memory) stops the others through `fatal`; an exception is thrown again here, after
    // the join, as it would have been with one job.
    std::vector<std::exception_ptr> thrown(static_cast<std::size_t>(jobs));
    std::atomic<int> running{jobs};
    auto stop_all = [&](const std::string& why) {
      std::lock_guard<std::mutex> lock(mu);
      if (fatal.empty()) fatal = why;
    };
    for (int j = 0; j < jobs; ++j)
      pool.emplace_back([&, j] {
        try {
          Family fam;
          std::string error;
          if (!fam.init(options, error, &main)) {
            stop_all(error.empty() ? "pzc: error: a worker could not start\n" : error);
          } else {
            if (options.time_limit_s > 0) fam.set_stop(&timed_out, until);
            for (int k = next++; k < n; k = next++) {
              run(fam, k, 0);
              ++done;
            }
            std::lock_guard<std::mutex> lock(mu);
            res.stats.add(fam.stats());
          }
        } catch (...) {
          // (Nothing allocated here: out of memory, a second bad_alloc would end the process.)
          thrown[static_cast<std::size_t>(j)] = std::current_exception();
          worker_failed = true;
        }
        --running;
      });
    int shown = -1;
    auto last = std::chrono::steady_clock::now();
    while (done < n && running > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      const auto now = std::chrono::steady_clock::now();
      if (progress && (done != shown || now - last >= std::chrono::seconds(1))) {
        progress(shown = done, n);
        last = now;
      }
      bool all_stopped = !fatal.empty();
      if (all_stopped) break;
    }
    for (auto& t : pool) t.join();
    for (auto& e : thrown)
      if (e) std::rethrow_exception(e);
    if (progress && done != shown) progress(done, n);
  }
  // The batch's figures: the workers' (added as they ended) and the main family's (every
  // puzzle with one job; with more, the attempts that replace a repeated solution).
  auto finish_stats = [&] {
    res.stats.add(main.stats());
    res.stats.t_total = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    res.stats.batch = static_cast<std::int64_t>(res.puzzles.size());
  };
  // A Fatal outcome: the spec does not fit generate.
  auto stop_for_fatal = [&] {
    res.error = fatal;
    res.bad_input = true;
    return res;
  };
  if (!fatal.empty()) return stop_for_fatal();
  // Out of time: the puzzles made, in batch order, the diversity rule applied to them.
  auto stop_for_time = [&] {
    std::set<ir::Assignment> seen;
    for (auto& p : got)
      if (p && seen.insert(p->solution).second) res.puzzles.push_back(std::move(*p));
    res.timed_out = true;
    res.error = fmt::format("pzc: error: time limit of {} s reached: {} of {} puzzles made\n", options.time_limit_s,
                            res.puzzles.size(), n);
    finish_stats();
    return res;
  };
  if (timed_out) return stop_for_time();
  // Diversity: no two puzzles share a solution. Resolved in batch order, so the result
  // does not depend on which thread finished first.
  std::set<ir::Assignment> solutions;
  for (int k = 0; k < n; ++k) {
    auto& p = got[static_cast<std::size_t>(k)];
    while (p && solutions.count(p->solution)) {
      int from = next_attempt[static_cast<std::size_t>(k)];
      p.reset();
      ++why_not[static_cast<std::size_t>(k)]["the puzzle's solution is an earlier puzzle's (no two share one)"];
      run(main, k, from);
    }
    if (!fatal.empty()) return stop_for_fatal();
    if (timed_out) return stop_for_time();
    if (!p) {
      const std::string cls = class_of(k) ? " with " + class_label(main.class_text(*class_of(k))) : "";
      res.error = fmt::format("pzc: error: no puzzle {} after {} attempts{}{}\n", k + 1, max_attempts,
                              options.difficulty.empty() ? "" : " at level " + options.difficulty, cls);
      std::vector<std::pair<int, std::string>> reasons;
      for (const auto& [why, count] : why_not[static_cast<std::size_t>(k)]) reasons.emplace_back(-count, why);
      std::sort(reasons.begin(), reasons.end());
      for (std::size_t i = 0; i < reasons.size() && i < 3; ++i)
        res.error += fmt::format("  note: {} attempt{}: {}\n", -reasons[i].first, reasons[i].first == -1 ? "" : "s", reasons[i].second);
      res.error += fmt::format("  note: --max-attempts N tries longer; another {} or --difficulty may suit the spec better\n",
                               main.shaping_options());
      // The puzzles made before it are printed all the same (as at a time limit).
      for (int j = 0; j < k; ++j) res.puzzles.push_back(std::move(*got[static_cast<std::size_t>(j)]));
      res.gave_up = true;
      finish_stats();
      return res;
    }
    solutions.insert(p->solution);
  }
  for (auto& p : got) res.puzzles.push_back(std::move(*p));
  res.ok = true;
  finish_stats();
  return res;
}

void GenerateStats::add(const GenerateStats& o) {
  layouts += o.layouts;
  screened_out += o.screened_out;
  refused += o.refused;
  undrawn += o.undrawn;
  solutions += o.solutions;
  z3_draws += o.z3_draws;
  full_set_failed += o.full_set_failed;
  search_undecided += o.search_undecided;
  screen_undecided += o.screen_undecided;
  removal_runs += o.removal_runs;
  subset_facts += o.subset_facts;
  below_level += o.below_level;
  grade_rejected += o.grade_rejected;
  accepted += o.accepted;
  t_frame += o.t_frame;
  t_attribute += o.t_attribute;
  t_screen += o.t_screen;
  t_layout += o.t_layout;
  t_draw += o.t_draw;
  t_clues += o.t_clues;
  t_removal += o.t_removal;
  t_reground += o.t_reground;
  t_grade += o.t_grade;
  t_z3 += o.t_z3;
  t_z3_first += o.t_z3_first;
}

namespace {
struct Phase {
  const char* key;
  const char* text;
  double GenerateStats::*time;
};
constexpr Phase kPhases[] = {
    {"layout", "drawing layouts", &GenerateStats::t_layout},
    {"frame", "grounding each board in full", &GenerateStats::t_frame},
    {"attribute", "attributing clues to slots", &GenerateStats::t_attribute},
    {"screen", "screening layouts", &GenerateStats::t_screen},
    {"draw", "drawing solutions", &GenerateStats::t_draw},
    {"clues", "clue values, full clue sets", &GenerateStats::t_clues},
    {"removal", "removing clues", &GenerateStats::t_removal},
    {"reground", "printing, compiling again", &GenerateStats::t_reground},
    {"grade", "grading the printed puzzle", &GenerateStats::t_grade},
    {"z3", "Z3 proof", &GenerateStats::t_z3},
};
}  // namespace

std::string stats_text(const GenerateStats& s, int jobs) {
  std::string out = fmt::format("generate: {} in {:.3f} s with {}", io::counted(s.batch, "puzzle", "puzzles"), s.t_total,
                                io::counted(jobs, "job", "jobs"));
  if (s.batch > 0 && s.t_total > 0) out += fmt::format(" ({:.1f} puzzles/s)", static_cast<double>(s.batch) / s.t_total);
  out += "\n";
  if (s.layouts > 0)
    out += fmt::format("  layouts drawn            {:>8}  ({}{} left at the screen)\n", s.layouts,
                       s.refused > 0 ? fmt::format("{} refused by the requires, ", s.refused) : "", s.screened_out);
  if (s.undrawn > 0)
    out += fmt::format("  layouts not drawn        {:>8}  (100 tries each: none that the requires accept)\n", s.undrawn);
  out += fmt::format("  solutions drawn          {:>8}  ({}{} with a full clue set that fails)\n", s.solutions,
                     s.z3_draws > 0 ? fmt::format("{} by Z3, ", s.z3_draws) : "", s.full_set_failed);
  if (s.screen_undecided > 0)
    out += fmt::format("  screens past            {:>9}  (native search, {} decisions: the full clue set's questions decided)\n",
                       s.screen_undecided, kScreenNodeLimit);
  if (s.search_undecided > 0)
    out += fmt::format("  removal questions past  {:>9}  (native search, {} decisions: Z3 or saturation decided)\n",
                       s.search_undecided, s.z3_draws > 0 ? kRemovalNodeLimitZ3Drawn : kRemovalNodeLimit);
  out += fmt::format("  removal runs             {:>8}  ({}{} ended below the level)\n", s.removal_runs,
                     s.subset_facts > 0 ? fmt::format("{} with each clue subset's technique facts, ", s.subset_facts) : "", s.below_level);
  out += fmt::format("  printed, graded          {:>8}  ({} graded off the target", s.accepted + s.grade_rejected, s.grade_rejected);
  if (s.accepted > s.batch) out += fmt::format(", {} made again for a repeated solution", s.accepted - s.batch);
  out += ")\n";
  double sum = 0;
  for (const Phase& ph : kPhases) sum += s.*ph.time;
  const double per = s.batch > 0 ? 1000.0 / static_cast<double>(s.batch) : 0.0;
  out += fmt::format("  time by phase (summed over jobs)        s      %   ms/puzzle\n");
  for (const Phase& ph : kPhases)
    out += fmt::format("    {:<34} {:>7.3f} {:>6.1f} {:>10.2f}\n", ph.text, s.*ph.time, sum > 0 ? 100.0 * (s.*ph.time) / sum : 0.0,
                       (s.*ph.time) * per);
  if (s.t_z3_first > 0)  // at a small batch, most of the proof's time per puzzle
    out += fmt::format("      {:<32} {:>7.3f}\n", "of which each job's first proof", s.t_z3_first);
  out += fmt::format("    {:<34} {:>7.3f} {:>6} {:>10.2f}\n", "all phases", sum, "", sum * per);
  return out;
}

nlohmann::json stats_json(const GenerateStats& s) {
  nlohmann::json seconds = nlohmann::json::object();
  for (const Phase& ph : kPhases) seconds[ph.key] = s.*ph.time;
  seconds["z3_first"] = s.t_z3_first;
  return {{"puzzles", s.batch},            {"proved", s.accepted},       {"seconds", s.t_total},         {"layouts", s.layouts},
          {"screened_out", s.screened_out}, {"refused", s.refused}, {"undrawn", s.undrawn}, {"solutions", s.solutions}, {"z3_draws", s.z3_draws},     {"full_set_failed", s.full_set_failed}, {"search_undecided", s.search_undecided}, {"screen_undecided", s.screen_undecided},
          {"removal_runs", s.removal_runs}, {"subset_facts", s.subset_facts}, {"below_level", s.below_level}, {"grade_rejected", s.grade_rejected},
          {"phase_seconds", seconds}};
}

void add_generate_commands(CLI::App& app, CommonOptions& o, Registry& r) {
  static GenerateOptions g;
  static std::string size, format = "pz";
  auto* c = app.add_subcommand("generate", "new puzzles with a unique solution and minimal clues, optionally at a difficulty");
  add_common_options(c, o, false);
  c->add_option("--count", g.count, "how many puzzles (default 1)")->check(CLI::Range(1, 1000000));
  c->add_option("--difficulty", g.difficulty, "easy, tricky, hard or fiendish (default: any, minimal clues only)")
      ->check(CLI::IsMember({"easy", "tricky", "hard", "fiendish"}));
  c->add_option("--size", size, "WxH of the grid givens (default: 7x7, or the size nearest it that the requires accept)");
  c->add_option("--symmetry", g.symmetry, "layout boards: none, rot2, rot4 or mirror (default rot2)")
      ->each([](const std::string&) { g.symmetry_given = true; })
      ->check(CLI::IsMember({"none", "rot2", "rot4", "mirror"}));
  // (CLI::Range lets "nan" through: every comparison with it is false.)
  c->add_option("--density", g.density, "layout boards: fraction of block squares (default 0.2)")
      ->each([](const std::string&) { g.density_given = true; })
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            char* end = nullptr;
            const double v = std::strtod(text.c_str(), &end);
            if (end == text.c_str() || *end != '\0' || !(v >= 0.0 && v <= 1.0))
              return fmt::format("expects a fraction from 0 to 1, not '{}'", text);
            return "";
          },
          "FRACTION"));
  c->add_option("--regions", g.regions, "region grids drawn as a partition (Star Battle's, Killer's cages): how many regions (default: the fewest the requires accept; regions with clues: about 3 squares each)")
      ->check(CLI::Range(1, 52));
  c->add_option("--max-region", g.max_region, "region grids drawn as a partition: at most this many squares a region (default: no bound; a free square that no region may take starts one more)")
      ->check(CLI::Range(1, 1000000));
  g.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  c->add_option("--jobs", g.jobs, "worker threads (default: every core; the output does not depend on it)")
      ->check(CLI::Range(1, 4096));
  c->add_option("--max-attempts", g.max_attempts, "attempts per puzzle before giving up (default 200 where an attempt is one layout with up to 4 solutions or up to 20 partitions into regions; 10000 where it is one solution)")
      ->check(CLI::Range(1, 100000000));
  static std::vector<int> clue_counts;
  static std::vector<std::string> classify;
  c->add_option("--clues", clue_counts, "clue puzzles: numbers of clues, e.g. 2,3,4,5 (as generate-clues)")
      ->each([](const std::string&) { g.clues_given = true; })
      ->delimiter(',')
      ->check(CLI::Range(1, 1000));
  c->add_option("--classify", classify, "variables (house_zebra, cell_r1_c1) whose every value the batch covers: --count puzzles per combination; clue puzzles of rules: scalar enum vars (as generate-clues)")
      ->delimiter(',');
  c->add_option("--format", format, "pz (instance blocks), json or tatham (Tatham game IDs, Light Up)")
      ->check(CLI::IsMember({"pz", "json", "tatham"}));
  c->add_flag("--trace", g.trace, "each puzzle's solving trace, the steps its grade comes from (as comments, or \"trace\" with --json)");
  c->add_flag("--keep-clues", g.keep_clues, "keep every clue the solution implies (no removal: a Nonogram's every line)");
  c->add_option("--without", g.without, "NAME: a clue given left empty in every puzzle (Undead's monsters: edge numbers alone); repeatable");
  static bool stats = false;
  c->add_flag("--stats", stats, "after the batch, what it did and where its time went, on stderr (with --json, also as \"stats\")");
  static std::vector<std::string> lengths;
  c->add_option("--length", lengths, "NAME=N: the length of a clue Seq given (a Nonogram's rows=10 and cols=15)");
  r.commands.emplace_back(c, [&o, c](Output io) {
    GenerateOptions opt = g;
    opt.classify = classify;
    opt.spec = o.spec;
    opt.puzzle = o.puzzle;
    opt.givens = o.givens;
    opt.seed = o.seed;
    opt.time_limit_s = o.time_limit;
    // Should the time limit strike before the batch can stop (the spec's first grounding
    // is not interrupted), the watchdog says so in generate's own form: no puzzles printed.
    if (o.time_limit > 0) {
      const std::string err = fmt::format("pzc: error: time limit of {} s reached before generate could stop: no puzzles "
                                          "are printed\n", o.time_limit);
      const std::string out =
          o.json || format == "json"
              ? json{{"status", "time_limit"}, {"seed", o.seed},
                     {"difficulty", g.difficulty.empty() ? "any" : g.difficulty}, {"puzzles", json::array()}}
                        .dump(2, ' ', false, kReplaceBadUtf8) + "\n"
              : std::string();
      set_watchdog_report(out, err);
    }
    // A usage error: on stderr, and with --json as a document on stdout too.
    auto refuse = [&](const std::string& message) {
      io.err << message;
      if (o.json || format == "json")
        io.out << error_json(1, message);
      return kExitBadInput;
    };
    // (It was ignored in silence: generate reads no instance.)
    if (o.line > 0)
      return refuse(fmt::format("pzc: error: --line {} takes an instance file of one puzzle on each line, and generate reads "
                                "no instance: leave out --line\n", o.line));
    // (--json made the output JSON in silence, and a spec that has no game IDs passed.)
    if (o.json && format == "tatham") return refuse("pzc: error: --format tatham and --json ask for two formats: give one\n");
    // (A game ID has no room for a trace: it was left out without a word.)
    if (format == "tatham" && c->count("--trace") > 0)
      return refuse("pzc: error: --trace: a Tatham game ID holds only the puzzle; --format pz or json prints the trace\n");
    if (!size.empty()) {
      static const std::regex wh(R"((\d{1,6})x(\d{1,6}))");
      std::smatch m;
      if (!std::regex_match(size, m, wh) || std::stoll(m[1]) <= 0 || std::stoll(m[2]) <= 0) {
        return refuse(fmt::format("pzc: error: --size expects WxH, e.g. 10x10, not '{}'\n", size));
      }
      opt.width = std::stoll(m[1]);
      opt.height = std::stoll(m[2]);
      // Refused here, before any board is built: grounding refuses such a grid too, but only
      // after drawing it (2000x2000: 18 s and 345 MB; 999999x999999: gigabytes, silent).
      const std::int64_t most = ground::Limits{}.max_cells;
      if (opt.width * opt.height > most)
        return refuse(fmt::format("pzc: error: --size {}: {} squares, more than the {} a grid may have\n", size,
                                  opt.width * opt.height, most));
    }
    opt.lengths.clear();
    for (const auto& l : lengths) {
      static const std::regex nl(R"(([A-Za-z_][A-Za-z0-9_]*)=(\d+))");
      std::smatch m;
      if (!std::regex_match(l, m, nl) || m[2].length() > 18 || std::stoll(m[2]) <= 0) {
        return refuse(fmt::format("pzc: error: --length expects NAME=N with N at least 1, e.g. rows=10, not '{}'\n", l));
      }
      // (The same name twice took the last in silence; a length past a grid's cells was
      // refused as "not at least 1".)
      const std::int64_t most = ground::Limits{}.max_cells;
      if (std::stoll(m[2]) > most)
        return refuse(fmt::format("pzc: error: --length {}: more than {}, the most cells a grid may have\n", l, most));
      for (const auto& [name, n] : opt.lengths)
        if (name == m[1])
          return refuse(fmt::format("pzc: error: --length {} is given twice ({}={} and {}): give it once\n", name, name, n, m[2].str()));
      opt.lengths.emplace_back(m[1], std::stoll(m[2]));
    }
    std::string fmt_name = o.json ? "json" : format;
    opt.tatham = fmt_name == "tatham";
    std::function<void(int, int)> progress;
    if (isatty(2))
      // Done of total, the time so far and, once a puzzle is made, the rate and the time left.
      progress = [&io, start = std::chrono::steady_clock::now()](int done, int total) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::string line = fmt::format("\rgenerate: {}/{}, {:.0f} s", done, total, s);
        if (done > 0 && s > 0) line += fmt::format(" ({:.1f} puzzles/s, about {:.0f} s left)", done / s, (total - done) * s / done);
        io.err << fmt::format("{:<64}", line) << std::flush;
      };
    GenerateResult res = generate(opt, progress);
    if (progress) io.err << "\r" << std::string(64, ' ') << "\r" << std::flush;
    // A family whose clues are rules (implication clues): one puzzle per classifying value.
    if (!res.ok && res.no_slots && res.clue_rules) {
      // Its options are generate-clues' own: the others were taken and ignored in silence
      // (--difficulty hard printed ungraded puzzles, --format json a table).
      std::vector<std::string> unused;
      for (const char* name : {"--count", "--difficulty", "--size", "--symmetry", "--density", "--regions", "--max-region",
                               "--max-attempts", "--trace", "--keep-clues", "--stats", "--length", "--without"})
        if (c->count(name) > 0) unused.push_back(name);
      if (format == "tatham") unused.push_back("--format tatham");
      if (!unused.empty())
        return refuse(fmt::format("pzc: error: {} has clue rules over scalar enum variables, so generate makes its puzzles as "
                                  "generate-clues does, which takes --clues, --classify, --seed and --json (or --format "
                                  "json), not {}\n",
                                  res.puzzle.empty() ? "the puzzle" : res.puzzle, fmt::join(unused, ", ")));
      CommonOptions as_json = o;
      as_json.json = o.json || format == "json";
      return generate_clue_puzzles(as_json, clue_counts, classify, io);
    }
    io.err << res.note;
    const int jobs_used = std::max(1, std::min({opt.jobs, res.requested, max_jobs()}));
    if (stats && !res.bad_input) io.err << stats_text(res.stats, jobs_used);
    if (!res.ok && !res.timed_out && !res.gave_up) {
      io.err << res.error;
      // With --json, stdout still gets a document (as the other commands' errors do).
      if (o.json)
        io.out << json{{"status", res.bad_input ? "error" : "no_puzzle"}, {"errors", 1}, {"message", res.error}}.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
      return res.bad_input ? kExitBadInput : kExitNo;
    }
    // Out of time, or out of attempts for one puzzle: the puzzles made are printed, then
    // the message; exit code 3 or 1.
    const int done_code = res.timed_out ? kExitUnknown : res.gave_up ? kExitNo : kExitOk;
    if (res.timed_out || res.gave_up) io.err << res.error;
    auto name_of = [&](const GeneratedPuzzle& p) { return fmt::format("gen_s{}_{}", opt.seed, p.index); };
    auto grade_line = [](const GeneratedPuzzle& p) {
      const std::string cls = class_label(p.cls);
      std::string line = fmt::format("{}{} (score {}, max tier {}, {})", cls.empty() ? "" : cls + ": ", p.grade.level,
                                     p.grade.score, p.grade.max_tier, io::counted(p.grade.steps, "step", "steps"));
      if (p.candidate_clues > 0) line += fmt::format("; {} of {} clues", p.clues.size(), p.candidate_clues);
      return line;
    };
    if (fmt_name == "tatham") {
      std::vector<std::string> ids;  // all written, or none
      for (const auto& p : res.puzzles) {
        ids.push_back(tatham_id(p));
        if (ids.back().empty()) {
          io.err << "pzc: error: --format tatham: a Light Up game ID holds numbers 0 to 4 and blocks, and a puzzle's board "
                    "holds other clues\n";
          return kExitBadInput;
        }
      }
      for (const auto& id : ids) io.out << id << "\n";
      return done_code;
    }
    if (fmt_name == "json") {
      json list = json::array();
      for (const auto& p : res.puzzles) {
        json givens = json::object();
        for (const auto& b : p.boards) {
          if (b.grid) givens[b.name] = rows_of(b);
          else if (as_list(b)) givens[b.name] = json::parse(list_text(b));
          else {
            std::string t;
            for (const auto& x : b.tokens) t += x;
            givens[b.name] = t;
          }
        }
        json item = {{"index", p.index},
                     {"name", name_of(p)},
                     {"attempts", p.attempts},
                     {"clues", p.clues.size()},
                     {"candidate_clues", p.candidate_clues},
                     {"givens", givens},
                     {"grade", grade_json(p.grade)},
                     {"unique_z3", p.z3_unique},
                     {"instance", instance_text(p, res.puzzle, name_of(p))}};
        json by_rule = json::array(), by_technique = json::array();
        for (const auto& [nm, k] : p.steps_by_rule) by_rule.push_back({{"rule", nm}, {"steps", k}});
        for (const auto& [nm, k] : p.steps_by_technique) by_technique.push_back({{"technique", nm}, {"steps", k}});
        item["metrics"] = {{"cells", p.cells},
                           {"clues", p.clues.size()},
                           {"candidate_clues", p.candidate_clues},
                           {"clues_per_cell", p.cells ? static_cast<double>(p.clues.size()) / static_cast<double>(p.cells) : 0.0},
                           {"clues_kept", p.candidate_clues ? static_cast<double>(p.clues.size()) / static_cast<double>(p.candidate_clues) : 0.0},
                           {"steps_by_rule", by_rule},
                           {"steps_by_technique", by_technique}};
        if (opt.trace) item["trace"] = p.trace_json;
        std::string id = tatham_id(p);
        if (!id.empty()) item["tatham"] = id;
        if (!p.cls.empty()) {
          json cls = json::object();
          // As every command writes a value: an Int as a number, a Bool as true or false.
          for (std::size_t i = 0; i < p.cls.size(); ++i) {
            const auto& [nm, v] = p.cls[i];
            if (i < p.cls_number.size() && p.cls_number[i]) cls[nm] = std::stoll(v);
            else if (i < p.cls_bool.size() && p.cls_bool[i]) cls[nm] = v == "true";
            else cls[nm] = v;
          }
          item["class"] = cls;
        }
        std::vector<std::string> lines;
        std::istringstream in(p.picture);
        for (std::string l; std::getline(in, l);) lines.push_back(l);
        item["solution"] = lines;
        list.push_back(item);
      }
      json doc = {{"status", res.timed_out ? "time_limit" : res.gave_up ? "no_puzzle" : "ok"}, {"puzzle", res.puzzle}, {"seed", opt.seed},
                  {"difficulty", opt.difficulty.empty() ? "any" : opt.difficulty}, {"puzzles", list}};
      if (res.gave_up) {
        doc["message"] = res.error;
        doc["errors"] = 1;
      }
      if (stats) doc["stats"] = stats_json(res.stats);
      io.out << doc.dump(2, ' ', false, kReplaceBadUtf8) << "\n";
      return done_code;
    }
    for (const auto& p : res.puzzles) {
      io.out << fmt::format("-- pzc generate #{} of {} (seed {}): {}\n", p.index, res.requested, opt.seed, grade_line(p));
      for (std::size_t i = 0; i < p.trace_text.size(); ++i) {
        std::istringstream lines(p.trace_text[i]);
        std::string line;
        for (bool first = true; std::getline(lines, line); first = false)
          io.out << (first ? fmt::format("--   {}. ", i + 1) : "--   ") << line << "\n";
      }
      io.out << instance_text(p, res.puzzle, name_of(p)) << "\n";
    }
    return done_code;
  });
}

}  // namespace pzc::driver
