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
    // A range in a source with no text (the instances `pzc generate` makes): nothing to
    // point at.
    if (!d->has_range || d->range.file >= sm.size() || sm.file(d->range.file).text.empty()) {
      out += fmt::format("pzc: {}: {}\n", sev, d->message);
    } else {
      const SourceFile& f = sm.file(d->range.file);
      out += fmt::format("{}:{}:{}: {}: {}\n", f.path, d->range.begin.line, d->range.begin.col, sev,
                         d->message);
      std::string line = f.line(d->range.begin.line);
      if (d->range.begin.line > 0) {
        out += fmt::format("  {}\n", line);
        std::string caret(d->range.begin.col > 0 ? d->range.begin.col - 1 : 0, ' ');
        for (std::size_t i = 0; i < caret.size() && i < line.size(); ++i)
          if (line[i] == '\t') caret[i] = '\t';
        std::uint32_t width = 1;
        if (d->range.end.line == d->range.begin.line && d->range.end.col > d->range.begin.col)
          width = d->range.end.col - d->range.begin.col;
        out += fmt::format("  {}^{}\n", caret, std::string(width - 1, '~'));
      }
    }
    for (const auto& n : d->notes) out += fmt::format("  note: {}\n", n);
  }
  return out;
}

}  // namespace pzc::source
