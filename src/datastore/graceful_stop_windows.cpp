// Graceful stopping on Windows: the console's control events in place of SIGINT and SIGTERM
// (datastore/graceful_stop.hpp says what graceful means).
//
// A console control handler runs on a thread of its own that the system starts for each event.
// The first event only requests a stop, as the first signal does on Linux: Ctrl-C as SIGINT,
// Ctrl-Break as SIGBREAK, the console window closing, logoff and shutdown as SIGTERM. For Ctrl-C
// and Ctrl-Break the handler returns at once and the run winds down on its own thread. For the
// other three the system ends the process as soon as the handler returns (and after about five
// seconds in any case), so the handler waits there until finish_graceful_stop() says the reports
// are written and the scratch area removed, or until the grace period is over.
//
// The hard path: a second event while stopping, or a watchdog thread `grace` after the first,
// ends the process at once with STATUS_CONTROL_C_EXIT. Windows has no async-signal-safe removal
// to run then: what was left in the scratch area is a dead run's leftover, removed by the next
// run on the datastore (its marker names a process that no longer exists).
#include "common/windows_handle.hpp"
//
#include "graceful_stop.hpp"

#include <signal.h>

#include <atomic>
#include <cstdio>
#include <iostream>
#include <thread>

#include "common/interrupt.hpp"

namespace iogate {
namespace {

// How a process that stopped on a console event ends, as the console's own Ctrl-C handling ends
// it: shells and CI see an interrupted program, not a success or an ordinary failure.
constexpr UINT kStoppedExitCode = 0xC000013AU;  // STATUS_CONTROL_C_EXIT

std::atomic<long long> g_grace_ms{0};
HANDLE g_stop_event = nullptr;      // set on the first event: wakes the watchdog
HANDLE g_finished_event = nullptr;  // set by finish_graceful_stop(): the handler may return

int signal_for(DWORD event) {
  switch (event) {
    case CTRL_C_EVENT:
      return SIGINT;
    case CTRL_BREAK_EVENT:
      return SIGBREAK;
    default:  // CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT
      return SIGTERM;
  }
}

void stop_now() {
  static const char text[] = "iogate: stopping now, without waiting for the run to wind down\n";
  DWORD ignored = 0;
  ::WriteFile(::GetStdHandle(STD_ERROR_HANDLE), text, sizeof text - 1, &ignored, nullptr);
  ::ExitProcess(kStoppedExitCode);
}

BOOL WINAPI on_console_event(DWORD event) {
  if (!request_stop(signal_for(event))) stop_now();  // the second event: the hard path
  ::SetEvent(g_stop_event);
  if (event == CTRL_C_EVENT || event == CTRL_BREAK_EVENT) return TRUE;
  // The process ends when this returns: give the run its grace period to finish first.
  ::WaitForSingleObject(g_finished_event, static_cast<DWORD>(g_grace_ms.load()));
  return TRUE;
}

void watchdog() {
  ::WaitForSingleObject(g_stop_event, INFINITE);
  if (::WaitForSingleObject(g_finished_event, static_cast<DWORD>(g_grace_ms.load())) ==
      WAIT_TIMEOUT)
    stop_now();
}

}  // namespace

bool enable_graceful_stop(std::chrono::milliseconds grace) {
  g_grace_ms.store(grace.count());
  if (g_stop_event != nullptr) return true;
  g_stop_event = ::CreateEventW(nullptr, TRUE, FALSE, nullptr);
  g_finished_event = ::CreateEventW(nullptr, TRUE, FALSE, nullptr);
  if (g_stop_event == nullptr || g_finished_event == nullptr)
    detail::throw_last_error("make the events for stopping");
  if (!::SetConsoleCtrlHandler(on_console_event, TRUE))
    detail::throw_last_error("install the console control handler");
  try {
    std::thread(watchdog).detach();
  } catch (const std::system_error& e) {
    std::cerr << "iogate: no watchdog for stopping (" << e.what()
              << "): a stuck device can keep a stopped run from ending\n";
    return false;
  }
  return true;
}

void finish_graceful_stop() {
  if (stop_requested() == 0) return;
  std::fflush(stdout);
  std::fflush(stderr);
  std::cout.flush();
  std::cerr.flush();
  if (g_finished_event != nullptr) ::SetEvent(g_finished_event);
  ::ExitProcess(kStoppedExitCode);
}

}  // namespace iogate
