// Stopping a run cleanly on SIGINT or SIGTERM: the stop request and the Interrupted exception.
// In common, not the engine: the engine's workload loop and the datastore's preallocation both
// read the request, and neither should link the other for it.
//
// Design. A process that opts in (enable_graceful_stop(), datastore/graceful_stop.hpp)
// turns its first SIGINT or SIGTERM into a stop request: the signal handler only stores the
// signal number in one lock-free atomic (request_stop: a compare-exchange, async-signal-safe).
// Everything else runs as ordinary code, where allocating, locking and writing files are allowed:
//   - the workload loop reads the request with a relaxed load where it already reads the clock
//     (once per issue or completion: no syscall, no fence on the per-I/O path), stops issuing,
//     reaps what is in flight, skips the final flush and throws Interrupted;
//   - preallocation's write-through looks once per 1 MiB written and throws Interrupted too;
//   - the exception unwinds through the normal destructors, so the scratch area goes the way it
//     goes after any error, and the caller records the check as an error with what() — its
//     report files are written whole — and finally re-raises the signal (finish_graceful_stop)
//     so the exit status is still "killed by SIGTERM" for shells, CI and ctest.
//
// Why an exception and not RunResult::completed = false: a run stopped by the interval hook is a
// legitimate, judged result (fail-fast decided it); an interrupted run measured nothing anyone
// asked for and must not reach a verdict, a baseline or a figure. Every caller already turns an
// exception from run_workload into an error record, so an interruption takes that path without
// any caller having to remember a new flag. It derives from std::runtime_error so that code which
// knows nothing of it still reports its message.
//
// The request is process-wide, as a signal is. iogate never clears it (the process is about to
// end); tests and programs that embed the engine may (clear_stop_request).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace iogate {

namespace detail {
extern std::atomic<int> g_stop_signal;  // 0: no stop requested; else the signal's number
static_assert(std::atomic<int>::is_always_lock_free, "signal handlers need a lock-free atomic");
}  // namespace detail

// The signal that requested a stop, or 0. A relaxed load: cheap enough for every I/O.
inline int stop_requested() noexcept {
  return detail::g_stop_signal.load(std::memory_order_relaxed);
}

// Records a stop request for `sig`; true only for the first request (a later one changes
// nothing). Async-signal-safe.
inline bool request_stop(int sig) noexcept {
  int expected = 0;
  return detail::g_stop_signal.compare_exchange_strong(expected, sig, std::memory_order_relaxed);
}

inline void clear_stop_request() noexcept {
  detail::g_stop_signal.store(0, std::memory_order_relaxed);
}

// "SIGINT", "SIGTERM", else "signal N".
std::string signal_name(int sig);

// How far a piece of work got when it was interrupted.
struct InterruptProgress {
  std::string doing;                   // "preallocating /x/a.dat"; empty for a workload run
  std::chrono::nanoseconds elapsed{};  // since the work began
  std::chrono::nanoseconds planned{};  // time it was to take; 0 when size-bound
  std::uint64_t bytes = 0;             // transferred (measured) so far
  std::uint64_t bytes_planned = 0;     // 0 when time-bound
};

// what(): "interrupted by SIGTERM after 3.20s, 41 MiB of 1 GiB",
//         "interrupted by SIGINT after 3.20s of 1m, 41 MiB transferred",
//         "interrupted by SIGTERM while preallocating /x/a.dat after 2.10s, 300 MiB of 1 GiB".
class Interrupted : public std::runtime_error {
 public:
  Interrupted(int sig, InterruptProgress progress);
  int signal() const noexcept { return signal_; }
  const InterruptProgress& progress() const noexcept { return progress_; }

 private:
  int signal_;
  InterruptProgress progress_;
};

// Waits `d`, looking at the stop request ten times a second: throws Interrupted, saying `doing`
// ("pausing before a confirming sample"), as soon as one arrives.
void sleep_unless_stopped(std::chrono::nanoseconds d, const std::string& doing);

// What a check that never started because of the stop request is recorded with:
// "not run: interrupted by SIGTERM".
std::string not_run_reason(int sig);

}  // namespace iogate
