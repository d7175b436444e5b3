#include "cleanup_registry.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

#include <climits>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <system_error>

#include "common/interrupt.hpp"
#include "common/posix_error.hpp"

namespace iogate::detail {
namespace {

static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");
static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler needs lock-free atomics");

enum SlotState : int { kFree = 0, kClaimed = 1, kActive = 2 };

struct Slot {
  std::atomic<int> state{kFree};
  std::atomic<bool> has_dir{false};
  std::atomic<bool> has_marker{false};
  std::atomic<int> file_count{0};
  std::atomic<int> store_fd{-1};
  std::atomic<int> dir_fd{-1};
  char dir[NAME_MAX + 1];
  char marker[NAME_MAX + 1];
  char files[kMaxFiles][NAME_MAX + 1];
};

Slot g_slots[kMaxAreas];

constexpr int kSignals[] = {SIGINT, SIGTERM};
struct sigaction g_previous[2];  // indexed like kSignals; written before our handler is installed
std::atomic<bool> g_have_previous[2];  // set (release) once g_previous[i] holds something

// Non-null: graceful mode (see the header). Read by the handler, hence atomic and lock-free.
std::atomic<FirstSignalHook> g_first_signal_hook{nullptr};
static_assert(std::atomic<FirstSignalHook>::is_always_lock_free,
              "the signal handler needs lock-free atomics");

int signal_index(int sig) { return sig == SIGINT ? 0 : sig == SIGTERM ? 1 : -1; }

// Only plain names: every removal is relative to a directory descriptor, never a path.
bool copy_name(char (&buffer)[NAME_MAX + 1], const char* name) {
  const std::size_t length = std::strlen(name);
  if (length > NAME_MAX || std::strchr(name, '/') != nullptr) return false;
  std::memcpy(buffer, name, length + 1);
  return true;
}

void cleanup_handler(int sig) {
  const int saved_errno = errno;
  const FirstSignalHook hook = g_first_signal_hook.load(std::memory_order_acquire);
  if (hook != nullptr && request_stop(sig)) {
    hook(sig);  // graceful: the process stops on its own and re-raises the signal when done
    errno = saved_errno;
    return;
  }
  cleanup_all_registered();
  // The signal stays blocked until this handler returns; then it is delivered to whatever was
  // there before iogate: the default action kills the process with this signal as the status.
  restore_previous_disposition(sig);
  raise(sig);
  errno = saved_errno;
}

bool is_our_handler(const struct sigaction& sa) {
  return (sa.sa_flags & SA_SIGINFO) == 0 && sa.sa_handler == cleanup_handler;
}

bool is_ignored(const struct sigaction& sa) {
  return (sa.sa_flags & SA_SIGINFO) == 0 && sa.sa_handler == SIG_IGN;
}

}  // namespace

void install_cleanup_handlers() {
  static std::mutex mutex;
  const std::lock_guard lock(mutex);
  for (int i = 0; i < 2; ++i) {
    const int sig = kSignals[i];
    struct sigaction current {};
    if (sigaction(sig, nullptr, &current) != 0) detail::throw_errno("sigaction (query)");
    if (is_our_handler(current) || is_ignored(current)) continue;
    g_previous[i] = current;
    g_have_previous[i].store(true, std::memory_order_release);
    struct sigaction ours {};
    ours.sa_handler = cleanup_handler;
    sigemptyset(&ours.sa_mask);
    for (int other : kSignals) sigaddset(&ours.sa_mask, other);  // one cleanup at a time
    ours.sa_flags = SA_RESTART;
    if (sigaction(sig, &ours, nullptr) != 0) detail::throw_errno("sigaction (install)");
  }
}

int claim_slot() {
  for (int i = 0; i < kMaxAreas; ++i) {
    int expected = kFree;
    if (!g_slots[i].state.compare_exchange_strong(expected, kClaimed, std::memory_order_acq_rel))
      continue;
    g_slots[i].has_dir.store(false, std::memory_order_relaxed);
    g_slots[i].has_marker.store(false, std::memory_order_relaxed);
    g_slots[i].file_count.store(0, std::memory_order_relaxed);
    g_slots[i].store_fd.store(-1, std::memory_order_relaxed);
    g_slots[i].dir_fd.store(-1, std::memory_order_relaxed);
    g_slots[i].state.store(kActive, std::memory_order_release);
    return i;
  }
  return -1;
}

void set_store(int slot, int store_fd) {
  g_slots[slot].store_fd.store(store_fd, std::memory_order_release);
}

bool set_dir(int slot, const char* name) {
  Slot& s = g_slots[slot];
  if (!copy_name(s.dir, name)) return false;
  s.has_dir.store(true, std::memory_order_release);
  return true;
}

void set_dir_fd(int slot, int dir_fd) {
  g_slots[slot].dir_fd.store(dir_fd, std::memory_order_release);
}

bool set_marker(int slot, const char* name) {
  Slot& s = g_slots[slot];
  if (!copy_name(s.marker, name)) return false;
  s.has_marker.store(true, std::memory_order_release);
  return true;
}

bool push_file(int slot, const char* name) {
  Slot& s = g_slots[slot];
  const int n = s.file_count.load(std::memory_order_relaxed);
  if (n >= kMaxFiles || !copy_name(s.files[n], name)) return false;
  s.file_count.store(n + 1, std::memory_order_release);
  return true;
}

void clear_dir(int slot) { g_slots[slot].has_dir.store(false, std::memory_order_release); }

void clear_marker(int slot) { g_slots[slot].has_marker.store(false, std::memory_order_release); }

void pop_file(int slot) {
  Slot& s = g_slots[slot];
  const int n = s.file_count.load(std::memory_order_relaxed);
  if (n > 0) s.file_count.store(n - 1, std::memory_order_release);
}

void release_slot(int slot) {
  Slot& s = g_slots[slot];
  s.file_count.store(0, std::memory_order_release);
  s.has_marker.store(false, std::memory_order_release);
  s.has_dir.store(false, std::memory_order_release);
  s.dir_fd.store(-1, std::memory_order_release);
  s.store_fd.store(-1, std::memory_order_release);
  s.state.store(kFree, std::memory_order_release);
}

void cleanup_all_registered() noexcept {
  for (Slot& s : g_slots) {
    if (s.state.load(std::memory_order_acquire) != kActive) continue;
    // Files and marker need the scratch directory's descriptor: until it is open, none exist.
    if (const int dir_fd = s.dir_fd.load(std::memory_order_acquire); dir_fd >= 0) {
      for (int i = s.file_count.load(std::memory_order_acquire) - 1; i >= 0; --i)
        unlinkat(dir_fd, s.files[i], 0);
      if (s.has_marker.load(std::memory_order_acquire)) unlinkat(dir_fd, s.marker, 0);
    }
    const int store_fd = s.store_fd.load(std::memory_order_acquire);
    if (store_fd >= 0 && s.has_dir.load(std::memory_order_acquire))
      unlinkat(store_fd, s.dir, AT_REMOVEDIR);
  }
}

void set_first_signal_hook(FirstSignalHook hook) noexcept {
  g_first_signal_hook.store(hook, std::memory_order_release);
}

void restore_previous_disposition(int sig) noexcept {
  const int index = signal_index(sig);
  if (index < 0 || !g_have_previous[index].load(std::memory_order_acquire)) return;
  sigaction(sig, &g_previous[index], nullptr);
}

SignalBlocker::SignalBlocker() {
  sigset_t block;
  sigemptyset(&block);
  for (int sig : kSignals) sigaddset(&block, sig);
  pthread_sigmask(SIG_BLOCK, &block, &saved_);
}

SignalBlocker::~SignalBlocker() { pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }

}  // namespace iogate::detail
