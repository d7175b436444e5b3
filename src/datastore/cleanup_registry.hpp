// The async-signal-safe record of what scratch areas have created, so that SIGINT and SIGTERM
// remove it before the process dies, and the handler that turns a first signal into a stop
// request in processes that opted in to graceful stopping.
//
// Design. A signal handler may call only async-signal-safe functions and must not allocate or
// lock, so the registry is a fixed static table: kMaxAreas slots, each holding the descriptors of
// the datastore and of the scratch directory, and the plain names of the scratch directory, its
// marker and up to kMaxFiles test files as fixed char buffers. Removal goes through the
// descriptors (unlinkat), never through a path: a scratch directory renamed and replaced by a
// symlink meanwhile cannot redirect the handler's unlinks elsewhere. A ScratchArea claims a slot
// with a compare-exchange, and publishes each entry by writing the bytes first and then storing a
// flag, count or descriptor with release order; the handler reads those with acquire order, so it
// only ever sees complete names. Entries are withdrawn only after the thing they name is gone, so
// a signal at any moment removes everything still present (an unlink of something already gone is
// harmless).
//
// Each create-and-register step (mkdir, the marker, each O_EXCL open) runs with SIGINT and SIGTERM
// blocked in the calling thread (SignalBlocker), so the handler never sees a created-but-not-yet-
// registered entry nor a registered name iogate did not create (a planted file that made O_EXCL
// fail is never recorded, hence never unlinked).
//
// Two ways to react to a signal:
//   graceful (only after set_first_signal_hook, i.e. enable_graceful_stop(): iogate check, iogate
//     run, the suite executables): the first SIGINT or SIGTERM only records a stop request
//     (request_stop, one lock-free compare-exchange, see common/interrupt.hpp) and calls
//     the hook (which posts a semaphore: the graceful-stop watchdog's wake-up). The process goes
//     on, stops its run, writes its reports, removes its scratch area through the destructors
//     and re-raises the signal itself (graceful_stop.hpp).
//   hard (every other signal: a process that did not opt in, a second signal while stopping, or
//     the watchdog when stopping took too long): the handler unlinks each slot's files in reverse
//     order, then the marker, then removes the directory — unlinkat() only, relative to the
//     descriptors, never following a symlink, never recursing. It then restores the disposition
//     that was in place before iogate installed it and raises the signal again: with the default
//     disposition the process dies "killed by SIGTERM"; a handler somebody else installed earlier
//     runs next, as if iogate had not been there.
// A signal that was ignored when the handlers were installed (as SIGINT is for `cmd &` in a
// script) is left ignored.
#pragma once

#include <csignal>

namespace iogate::detail {

inline constexpr int kMaxAreas = 8;
inline constexpr int kMaxFiles = 64;

// Installs the SIGINT/SIGTERM handlers unless they are already the current ones. Called by every
// ScratchArea constructor, so a process that reset its dispositions (a forked child, say) gets
// them back. Thread-safe.
void install_cleanup_handlers();

// The set_ and push_ functions take plain names (no '/'), and return false (changing nothing)
// when the table is full or the name does not fit. The descriptors stay owned by the ScratchArea
// and must stay open until release_slot.
int claim_slot();                          // -1 when all kMaxAreas slots are in use
void set_store(int slot, int store_fd);    // the datastore directory
bool set_dir(int slot, const char* name);  // the scratch directory's name in the datastore
void set_dir_fd(int slot, int dir_fd);     // ... and its descriptor, once open and verified
bool set_marker(int slot, const char* name);
bool push_file(int slot, const char* name);

void clear_dir(int slot);
void clear_marker(int slot);
void pop_file(int slot);  // withdraws the most recently pushed file
void release_slot(int slot);

// What the handler does, callable directly so that tests can check it without a signal.
void cleanup_all_registered() noexcept;

// Graceful mode: from now on the first SIGINT/SIGTERM (the first stop request of the process)
// calls `hook` from the handler, which must be async-signal-safe, instead of the hard path.
using FirstSignalHook = void (*)(int sig) noexcept;
void set_first_signal_hook(FirstSignalHook hook) noexcept;

// Puts back the disposition `sig` had before iogate installed its handler (no-op when iogate
// never did). Async-signal-safe. The caller then raises or sends the signal.
void restore_previous_disposition(int sig) noexcept;

// Blocks SIGINT and SIGTERM in the calling thread for its lifetime; a signal that arrives meanwhile
// is delivered when it ends.
class SignalBlocker {
 public:
  SignalBlocker();
  ~SignalBlocker();
  SignalBlocker(const SignalBlocker&) = delete;
  SignalBlocker& operator=(const SignalBlocker&) = delete;

 private:
  sigset_t saved_;
};

}  // namespace iogate::detail
