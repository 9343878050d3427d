// Internal to the runtime (src/*.cpp): signal handling during a launch.
//
// * Ctrl-C. A launch blocks the Python thread inside one C call, so Python
//   cannot react to SIGINT until it returns. While a launch runs (a
//   SigintScope is alive), SIGINT raises a flag instead; cores see it at
//   their next API call (Core::poll) and stop, and run_launch returns 2, for
//   which the Python side raises KeyboardInterrupt.
// * Hardware traps. Kernel code that traps (SIGFPE for an integer division by
//   zero or INT_MIN / -1, SIGSEGV / SIGBUS / SIGILL) on a core's thread ends
//   that core with a fault instead of killing the process: the handler jumps
//   back to the core's entry (call_trapped). A trap on any other thread (or in
//   another kernel library's launch) goes to the handler installed before ours.
#pragma once
#include <csignal>
#include <cstdint>
#include <string>

#include <setjmp.h>

namespace asc_model {

// Set by the SIGINT handler while a SigintScope is alive; cleared when the
// first scope starts.
extern volatile std::sig_atomic_t g_interrupted;
inline bool interrupt_requested() { return g_interrupted != 0; }

// Installs the SIGINT handler for its lifetime and restores the previous one
// after; nested and concurrent launches share one installation.
struct SigintScope {
  SigintScope();
  ~SigintScope();
  SigintScope(const SigintScope&) = delete;
  SigintScope& operator=(const SigintScope&) = delete;
};

// Where a trap on this thread jumps to, and what it was.
struct TrapFrame {
  sigjmp_buf env;
  int sig = 0;
  uintptr_t pc = 0;  // code address of the trapping instruction
};

// Installs the SIGFPE/SIGSEGV/SIGBUS/SIGILL handlers, once per kernel library
// (chained to the previous handlers, never removed: libraries are never
// unloaded, so the chain stays valid).
void install_trap_handlers();

// Runs body(ctx); a trap on this thread while it runs makes it return false
// with `frame` filled in. No C++ object of the caller lives across the jump.
bool call_trapped(void (*body)(void*), void* ctx, TrapFrame& frame);

// What a trap signal means, for the fault message.
const char* trap_what(int sig);

// "pc <library>+0x<offset>" of a code address, which the Python side turns
// into the kernel's file:line with addr2line (kernel libraries carry line tables).
std::string code_address(uintptr_t pc);

}  // namespace asc_model
