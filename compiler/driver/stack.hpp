// Large thread stacks for every thread pzc starts.
#pragma once

#include <cstddef>
#include <functional>

namespace pzc::driver {

// The native engine's search recurses once per decision, so a legal instance of 40,000
// variables (a 200x200 Mosaic without clues) overflowed a default 8 MB thread stack.
// Address space only: pages are touched as a recursion goes. 1 GiB holds the deepest
// search the grounding limits allow (a million variables).
inline constexpr std::size_t kThreadStack = std::size_t{1} << 30;

// Makes kThreadStack (less under `ulimit -v`) the stack size of every thread started from now on (std::thread
// included: generate's workers, the engines' race, the grounder's parts).
void use_large_thread_stacks();

// f() on a new thread (with the default stack, large after use_large_thread_stacks), or on
// this one if no thread can be made. The main thread's own stack is the shell's `ulimit -s`.
int on_new_thread(const std::function<int()>& f);

}  // namespace pzc::driver
