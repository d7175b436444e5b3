// Graceful stopping: the first-signal hook, the watchdog and the final re-raise. See
// src/datastore/graceful_stop.hpp and cleanup_registry.hpp.
#include "graceful_stop.hpp"

#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>

#include "cleanup_registry.hpp"
#include "common/interrupt.hpp"
#include "common/posix_error.hpp"

namespace iogate {
namespace {

sem_t g_wake;                          // posted by the handler on the first signal
std::atomic<pid_t> g_watchdog_pid{0};  // the process whose watchdog thread is running
std::atomic<long long> g_grace_ms{0};
std::atomic<bool> g_finished{false};  // finish_graceful_stop() has taken over

void wake_watchdog(int /*sig*/) noexcept { sem_post(&g_wake); }

void write_stderr(const std::string& text) noexcept {
  // write(2), not std::cerr: the thread that is stuck may hold the stream.
  const ssize_t ignored = ::write(STDERR_FILENO, text.data(), text.size());
  (void)ignored;
}

void watchdog() {
  while (sem_wait(&g_wake) != 0 && errno == EINTR) {
  }
  const auto grace = std::chrono::milliseconds(g_grace_ms.load(std::memory_order_relaxed));
  std::this_thread::sleep_for(grace);
  const int sig = stop_requested();
  if (sig == 0 || g_finished.load(std::memory_order_acquire)) return;
  write_stderr("iogate: still stopping " + std::to_string(grace.count()) + " ms after " +
               signal_name(sig) + ": removing the scratch area and exiting now\n");
  detail::cleanup_all_registered();
  detail::restore_previous_disposition(sig);
  ::kill(::getpid(), sig);  // this thread blocks it: another thread takes it
}

}  // namespace

bool enable_graceful_stop(std::chrono::milliseconds grace) {
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  g_grace_ms.store(grace.count(), std::memory_order_relaxed);
  detail::install_cleanup_handlers();
  if (g_watchdog_pid.load() != ::getpid()) {
    // A forked child starts over: its parent's watchdog thread did not come along.
    try {
      if (sem_init(&g_wake, 0, 0) != 0) detail::throw_errno("sem_init");
      const detail::SignalBlocker blocked;  // the thread inherits the mask: never takes a signal
      std::thread(watchdog).detach();
    } catch (const std::exception& e) {
      // Without a watchdog a graceful stop could hang for good: keep the hard path instead.
      std::cerr << "iogate: SIGINT/SIGTERM will stop without writing reports: " << e.what() << '\n';
      return false;
    }
    g_watchdog_pid.store(::getpid());
  }
  detail::set_first_signal_hook(wake_watchdog);
  return true;
}

void finish_graceful_stop() {
  const int sig = stop_requested();
  if (sig == 0) return;
  g_finished.store(true, std::memory_order_release);
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  detail::cleanup_all_registered();  // normally empty by now: the destructors have run
  detail::restore_previous_disposition(sig);
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, sig);
  pthread_sigmask(SIG_UNBLOCK, &only, nullptr);
  raise(sig);
}

}  // namespace iogate
