// Source texts and diagnostic rendering.
#include "compiler/front/source/source.hpp"

#include <algorithm>
#include <tuple>

#include <fmt/format.h>

namespace pzc::source {

std::string SourceFile::line(std::uint32_t n) const {
  if (n == 0 || n > line_starts.size()) return {};
  std::size_t b = line_starts[n - 1];
  std::size_t e = text.find('\n', b);
  if (e == std::string::npos) e = text.size();
  if (e > b && text[e - 1] == '\r') --e;
  return text.substr(b, e - b);
}

std::uint32_t SourceFile::column(Position p) const {
  if (p.col == 0) return 0;
  return static_cast<std::uint32_t>(char_count(line(p.line), p.col - 1) + 1);
}

std::uint32_t SourceManager::add(std::string path, std::string text) {
  auto f = std::make_unique<SourceFile>();
  f->path = std::move(path);
  f->text = std::move(text);
  f->line_starts.push_back(0);
  for (std::size_t i = 0; i < f->text.size(); ++i)
    if (f->text[i] == '\n' && i + 1 < f->text.size()) f->line_starts.push_back(i + 1);
  files_.push_back(std::move(f));
  return static_cast<std::uint32_t>(files_.size() - 1);
}

void Diagnostics::error(Range r, std::string message, std::vector<std::string> notes) {
  list_.push_back({Severity::Error, r, true, std::move(message), std::move(notes)});
  ++errors_;
}

void Diagnostics::error_no_location(std::string message) {
  list_.push_back({Severity::Error, {}, false, std::move(message), {}});
  ++errors_;
}

void Diagnostics::warning(Range r, std::string message) {
  list_.push_back({Severity::Warning, r, true, std::move(message), {}});
}

void Diagnostics::append(const Diagnostics& other) {
  list_.insert(list_.end(), other.list_.begin(), other.list_.end());
  errors_ += other.errors_;
}

namespace {

// The source line and a caret under the range's first line. The range's columns are bytes
// (as the parser counts them), but the caret is placed by characters (next_char): one
// space per character before it, tabs kept as tabs, so it sits under the text on a line
// with accents, at the column the first line reports (SourceFile::column). A line longer
// than kWide bytes is cut to a window around the caret, marked with "...".
std::string caret_lines(std::string line, const Range& r) {
  constexpr std::size_t kWide = 160, kBefore = 60;
  std::size_t at = std::min<std::size_t>(r.begin.col > 0 ? r.begin.col - 1 : 0, line.size());
  std::size_t len = 1;
  if (r.end.line == r.begin.line && r.end.col > r.begin.col) len = r.end.col - r.begin.col;
  len = std::max<std::size_t>(1, std::min(len, line.size() > at ? line.size() - at : 1));
  std::string head, tail;
  if (line.size() > kWide) {
    std::size_t from = at > kBefore ? at - kBefore : 0;
    while (from > 0 && utf8_continuation(line[from])) --from;
    std::size_t to = std::min(line.size(), from + kWide);
    while (to < line.size() && utf8_continuation(line[to])) ++to;
    if (from > 0) head = "...";
    if (to < line.size()) tail = "...";
    len = std::min(len, to > at ? to - at : 1);
    line = line.substr(from, to - from);
    at -= from;
  }
  std::string caret(head.size(), ' ');
  for (std::size_t i = 0; i < at && i < line.size(); i = next_char(line, i)) caret += line[i] == '\t' ? '\t' : ' ';
  std::size_t width = 0;
  for (std::size_t i = at; i < at + len && i < line.size(); i = next_char(line, i)) ++width;
  width = std::max<std::size_t>(width, 1);
  return fmt::format("  {}{}{}\n  {}^{}\n", head, line, tail, caret, std::string(width - 1, '~'));
}

}  // namespace

std::string Diagnostics::render(const SourceManager& sm) const {
  std::vector<const Diagnostic*> sorted;
  for (const auto& d : list_) sorted.push_back(&d);
  std::stable_sort(sorted.begin(), sorted.end(), [](const Diagnostic* a, const Diagnostic* b) {
    return std::tuple(a->has_range, a->range.file, a->range.begin.line, a->range.begin.col) <
           std::tuple(b->has_range, b->range.file, b->range.begin.line, b->range.begin.col);
  });
  std::string out;
  for (const Diagnostic* d : sorted) {
    const char* sev = d->severity == Severity::Error     ? "error"
                      : d->severity == Severity::Warning ? "warning"
                                                         : "note";
    // A range in a source with no text: an empty file is named at its line 1, with no
    // line to show; an in-memory source of none (`<generate>`, whose instances pzc
    // generate makes) has nothing to point at.
    if (!d->has_range || d->range.file >= sm.size() || sm.file(d->range.file).text.empty()) {
      const bool empty_file = d->has_range && d->range.file < sm.size() && !sm.file(d->range.file).path.empty() &&
                              sm.file(d->range.file).path[0] != '<';
      if (empty_file) out += fmt::format("{}:1:1: {}: {}\n", sm.file(d->range.file).path, sev, d->message);
      else out += fmt::format("pzc: {}: {}\n", sev, d->message);
    } else {
      const SourceFile& f = sm.file(d->range.file);
      out += fmt::format("{}:{}:{}: {}: {}\n", f.path, d->range.begin.line, f.column(d->range.begin), sev,
                         d->message);
      if (d->range.begin.line > 0) out += caret_lines(f.line(d->range.begin.line), d->range);
    }
    for (const auto& n : d->notes) out += fmt::format("  note: {}\n", n);
  }
  return out;
}

}  // namespace pzc::source
