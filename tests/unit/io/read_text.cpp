// io::read_text: the whole input, or why not (a NUL byte, too large, a read error).
#include "runtime/io/read_text.hpp"

#include <boost/test/unit_test.hpp>

#include <sstream>
#include <streambuf>

namespace {

// A stream buffer whose reads fail after `good` characters, as a read error would.
class FailingBuf : public std::streambuf {
 public:
  explicit FailingBuf(std::string good) : good_(std::move(good)) { setg(good_.data(), good_.data(), good_.data() + good_.size()); }

 protected:
  int_type underflow() override { throw std::runtime_error("disk on fire"); }

 private:
  std::string good_;
};

}  // namespace

BOOST_AUTO_TEST_SUITE(read_text)

BOOST_AUTO_TEST_CASE(reads_a_whole_text_past_one_buffer) {
  std::string big;
  for (int i = 0; i < 50000; ++i) big += "line " + std::to_string(i) + "\n";  // ~600 KB, many 64 KB reads
  std::istringstream in(big);
  std::string error;
  auto text = pzc::io::read_text(in, error);
  BOOST_REQUIRE(text);
  BOOST_TEST(*text == big);
  BOOST_TEST(error.empty());
}

BOOST_AUTO_TEST_CASE(a_nul_byte_is_not_text) {
  std::istringstream in(std::string("puzzle P\n") + '\0' + "end\n");
  std::string error;
  BOOST_TEST(!pzc::io::read_text(in, error));
  BOOST_TEST(error == "holds a NUL byte (not a text file)");
}

BOOST_AUTO_TEST_CASE(past_the_limit_is_refused) {
  std::istringstream in(std::string(3u << 20, 'x'));
  std::string error;
  BOOST_TEST(!pzc::io::read_text(in, error, std::size_t{2} << 20));
  BOOST_TEST(error == "is larger than 2 MB");
  std::istringstream small(std::string(1u << 20, 'x'));
  BOOST_TEST(pzc::io::read_text(small, error, std::size_t{2} << 20).has_value());
}

BOOST_AUTO_TEST_CASE(a_read_error_is_reported) {
  FailingBuf buf("puzzle P\n");
  std::istream in(&buf);
  std::string error;
  BOOST_TEST(!pzc::io::read_text(in, error));
  BOOST_TEST(error.rfind("cannot be read", 0) == 0, error);
}

BOOST_AUTO_TEST_SUITE_END()
