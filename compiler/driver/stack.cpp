#include "compiler/driver/stack.hpp"

#include <pthread.h>
#include <sys/resource.h>

#include <algorithm>
#include <system_error>
#include <thread>

namespace pzc::driver {

void use_large_thread_stacks() {
  // Under a limit on address space (`ulimit -v`), a sixteenth of it, so that a pool of
  // workers still fits; never below the usual 8 MB.
  std::size_t size = kThreadStack;
  rlimit as{};
  if (getrlimit(RLIMIT_AS, &as) == 0 && as.rlim_cur != RLIM_INFINITY)
    size = std::clamp<std::size_t>(static_cast<std::size_t>(as.rlim_cur / 16), std::size_t{8} << 20, kThreadStack);
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return;
  if (pthread_attr_setstacksize(&attr, size) == 0) pthread_setattr_default_np(&attr);
  pthread_attr_destroy(&attr);
}

int on_new_thread(const std::function<int()>& f) {
  int code = 0;
  try {
    std::thread t([&] { code = f(); });
    t.join();
  } catch (const std::system_error&) {
    code = f();
  }
  return code;
}

}  // namespace pzc::driver
