// The runner thread pool (thread_pool.h).
#include "thread_pool.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include <unistd.h>

namespace asc_model {

namespace {

// Persistent runner threads (leaked on purpose: detached threads must not see
// their pool destroyed at exit). submit() hands a task to an idle thread or
// starts a new one, so a task never waits for another task to finish.
class Pool {
 public:
  void submit(std::function<void()> f) {
    std::lock_guard<std::mutex> lk(mu_);
    tasks_.push_back(std::move(f));
    if (tasks_.size() > idle_) {
      std::thread([this] { work(); }).detach();
    } else {
      cv_.notify_one();
    }
  }

 private:
  void work() {
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      ++idle_;
      cv_.wait(lk, [&] { return !tasks_.empty(); });
      --idle_;
      std::function<void()> f = std::move(tasks_.front());
      tasks_.pop_front();
      lk.unlock();
      f();
      lk.lock();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> tasks_;
  size_t idle_ = 0;
};

// One pool per process: after a fork() the child's pool has no threads, so
// it starts a fresh one.
Pool& pool() {
  static std::atomic<Pool*> p{nullptr};
  static std::atomic<pid_t> owner{0};
  pid_t me = getpid();
  Pool* cur = p.load();
  if (!cur || owner.load() != me) {
    Pool* fresh = new Pool;
    if (p.compare_exchange_strong(cur, fresh)) owner.store(me);
    else delete fresh;
    cur = p.load();
  }
  return *cur;
}

}  // namespace

void run_on_runner(std::function<void()> task) { pool().submit(std::move(task)); }

int host_threads() {
  static int n = std::max(1, int(std::thread::hardware_concurrency()));
  return n;
}

}  // namespace asc_model
