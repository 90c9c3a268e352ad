// driver::use_large_thread_stacks: a thread started afterwards recurses far past the
// default 8 MB stack (as the native engine's search does on a 200x200 board).
#include "compiler/driver/stack.hpp"

#include <boost/test/unit_test.hpp>

#include <pthread.h>

#include <cstring>

namespace {

// About 1 KB of stack a level, kept from being optimised into a loop.
int deep(int n, volatile char* prev) {
  volatile char frame[1024];
  std::memset(const_cast<char*>(frame), n & 0xff, sizeof frame);
  if (n == 0) return frame[0] + (prev ? prev[0] : 0);
  return deep(n - 1, frame) + frame[1];
}

}  // namespace

BOOST_AUTO_TEST_SUITE(stack)

BOOST_AUTO_TEST_CASE(threads_started_after_get_the_large_stack) {
  pzc::driver::use_large_thread_stacks();
  std::size_t size = 0;
  const int code = pzc::driver::on_new_thread([&] {
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      pthread_attr_getstacksize(&attr, &size);
      pthread_attr_destroy(&attr);
    }
    volatile int sink = deep(64 * 1024, nullptr);  // ~64 MB of frames: 8 times the default stack
    (void)sink;
    return 7;
  });
  BOOST_TEST(code == 7);
  BOOST_TEST(size >= pzc::driver::kThreadStack);
}

BOOST_AUTO_TEST_SUITE_END()
