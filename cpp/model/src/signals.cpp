// Signal handling during a launch (signals.h): the SIGINT scope and the
// hardware trap handlers.
#include "signals.h"

#include <cstring>
#include <iterator>
#include <mutex>

#include <dlfcn.h>
#include <signal.h>
#include <ucontext.h>

#include "asc_model/core.h"

namespace asc_model {

// ------------------------------------------------------------------ SIGINT

volatile std::sig_atomic_t g_interrupted = 0;

namespace {

struct sigaction g_previous_sigint;
std::mutex g_sigint_mu;
int g_sigint_users = 0;

void on_sigint(int) { g_interrupted = 1; }

}  // namespace

SigintScope::SigintScope() {
  std::lock_guard<std::mutex> lk(g_sigint_mu);
  if (g_sigint_users++ == 0) {
    g_interrupted = 0;
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sa.sa_flags = 0;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &g_previous_sigint);
  }
}

SigintScope::~SigintScope() {
  std::lock_guard<std::mutex> lk(g_sigint_mu);
  if (--g_sigint_users == 0) sigaction(SIGINT, &g_previous_sigint, nullptr);
}

// ----------------------------------------------------------- hardware traps

namespace {

thread_local TrapFrame* tl_trap = nullptr;
const int kTrapSignals[] = {SIGFPE, SIGSEGV, SIGBUS, SIGILL};
struct sigaction g_previous_trap[std::size(kTrapSignals)];

void on_trap(int sig, siginfo_t* info, void* uc) {
  TrapFrame* f = tl_trap;
  if (f) {
    tl_trap = nullptr;
    f->sig = sig;
#if defined(__x86_64__)
    f->pc = uintptr_t(static_cast<ucontext_t*>(uc)->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
    f->pc = uintptr_t(static_cast<ucontext_t*>(uc)->uc_mcontext.pc);
#endif
    siglongjmp(f->env, 1);
  }
  for (size_t i = 0; i < std::size(kTrapSignals); ++i) {
    if (kTrapSignals[i] != sig) continue;
    const struct sigaction& prev = g_previous_trap[i];
    if (prev.sa_flags & SA_SIGINFO) {
      prev.sa_sigaction(sig, info, uc);
    } else if (prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN) {
      prev.sa_handler(sig);
    } else {
      signal(sig, SIG_DFL);  // returning re-runs the instruction: the default action follows
    }
  }
}

}  // namespace

void install_trap_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (size_t i = 0; i < std::size(kTrapSignals); ++i) {
      struct sigaction sa;
      std::memset(&sa, 0, sizeof sa);
      sa.sa_sigaction = on_trap;
      sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
      sigemptyset(&sa.sa_mask);
      sigaction(kTrapSignals[i], &sa, &g_previous_trap[i]);
    }
  });
}

const char* trap_what(int sig) {
  switch (sig) {
    case SIGFPE: return "integer division by zero, or of the minimum integer by -1 (SIGFPE)";
    case SIGSEGV: return "invalid memory access (SIGSEGV)";
    case SIGBUS: return "bus error (SIGBUS)";
    default: return "illegal instruction (SIGILL)";
  }
}

// Kept apart from run_core so that no C++ object lives across sigsetjmp (GCC
// never inlines a function that calls sigsetjmp).
bool call_trapped(void (*body)(void*), void* ctx, TrapFrame& frame) {
  struct Clear { ~Clear() { tl_trap = nullptr; } } clear;  // also when body throws
  if (sigsetjmp(frame.env, 1) != 0) return false;
  tl_trap = &frame;
  body(ctx);
  return true;
}

std::string code_address(uintptr_t pc) {
  Dl_info info;
  if (pc && dladdr(reinterpret_cast<void*>(pc), &info) && info.dli_fname)
    return strprintf("pc %s+0x%llx", info.dli_fname,
                     (unsigned long long)(pc - reinterpret_cast<uintptr_t>(info.dli_fbase)));
  return strprintf("pc 0x%llx", (unsigned long long)pc);
}

}  // namespace asc_model
