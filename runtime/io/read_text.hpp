// Reading a whole input (a spec, an instance, a word list, a tile file, stdin) with the
// limits every bad input needs: a read error, a binary file or an endless stream
// (`/dev/zero`, a pipe that never ends) is a message, never a crash or a hang.
#pragma once

#include <cerrno>
#include <cstring>
#include <exception>
#include <istream>
#include <optional>
#include <string>

namespace pzc::io {

// Larger inputs are refused (the largest bundled input, a word list, is under 2 MB).
inline constexpr std::size_t kMaxInputBytes = std::size_t{256} << 20;

// The whole of `in` (without a leading UTF-8 byte-order mark), or nullopt with `error`
// saying why: "holds a NUL byte (not a text file)", "is larger than 256 MB", or the read
// error.
inline std::optional<std::string> read_text(std::istream& in, std::string& error, std::size_t limit = kMaxInputBytes) {
  std::string text;
  char buf[1 << 16];
  errno = 0;
  try {
    while (in) {
      in.read(buf, sizeof buf);
      const auto n = static_cast<std::size_t>(in.gcount());
      if (std::memchr(buf, '\0', n) != nullptr) {
        error = "holds a NUL byte (not a text file)";
        return std::nullopt;
      }
      text.append(buf, n);
      if (text.size() > limit) {
        error = "is larger than " + std::to_string(limit >> 20) + " MB";
        return std::nullopt;
      }
    }
    if (in.bad()) {
      error = std::string("cannot be read: ") + (errno != 0 ? std::strerror(errno) : "read error");
      return std::nullopt;
    }
  } catch (const std::exception& e) {
    error = std::string("cannot be read: ") + e.what();
    return std::nullopt;
  }
  // A UTF-8 byte-order mark (some Windows editors start files with one) is not text.
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.erase(0, 3);
  return text;
}

}  // namespace pzc::io
