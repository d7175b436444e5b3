// Opting a process in to stopping gracefully on SIGINT and SIGTERM.
//
// Without it (a library user who never calls enable_graceful_stop) a signal takes the hard path
// the scratch area has always taken: its async-signal-safe handler removes every registered
// scratch file and directory and re-raises, so the process dies at once, writing nothing more.
//
// With it, the first SIGINT or SIGTERM only requests a stop (common/interrupt.hpp): the
// run in progress stops at its next I/O completion and throws Interrupted, the caller records the
// check as an error, skips the checks still to come, writes its reports, lets the destructors
// remove the scratch area and then calls finish_graceful_stop(), which re-raises the signal with
// the disposition it had before iogate, so the exit status is still "killed by SIGTERM".
//
// Nothing may hang forever on a stuck device: a second SIGINT or SIGTERM while stopping takes
// the hard path at once, and so does a watchdog thread when the process is still alive `grace`
// after the first signal. The watchdog sleeps in sem_wait until the handler posts (sem_post is
// async-signal-safe), and runs with both signals blocked so it never takes one itself.
//
// On Windows the console's control events take the signals' place (Ctrl-C as SIGINT, Ctrl-Break
// as SIGBREAK, the console closing, logoff and shutdown as SIGTERM), and a stopped process ends
// with STATUS_CONTROL_C_EXIT (src/datastore/graceful_stop_windows.cpp).
#pragma once

#include <chrono>

namespace iogate {

inline constexpr std::chrono::milliseconds kDefaultStopGrace{10'000};

// Installs the SIGINT/SIGTERM handlers (a signal that is ignored stays ignored) in graceful mode
// and starts the watchdog. Idempotent (the last grace given applies); call it again in a forked
// child, which has no watchdog thread of its parent's. Returns false, with a note on stderr and
// the hard path left in place, when the watchdog cannot be started; throws std::system_error
// when a handler cannot be installed (as a ScratchArea would).
bool enable_graceful_stop(std::chrono::milliseconds grace = kDefaultStopGrace);

// When a stop was requested: flushes stdout and stderr, removes any scratch still registered,
// restores the signal's previous disposition and raises it — by default the process dies of it
// here. Returns at once when no stop was requested (or when a handler installed before iogate
// handled the signal and returned).
void finish_graceful_stop();

}  // namespace iogate
