#include "compiler/driver/stack.hpp"

#include <pthread.h>

#include <system_error>
#include <thread>

namespace pzc::driver {

void use_large_thread_stacks() {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return;
  if (pthread_attr_setstacksize(&attr, kThreadStack) == 0) pthread_setattr_default_np(&attr);
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
