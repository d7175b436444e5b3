// One check at a time on a datastore, across processes — Windows side
// (datastore_lock_posix.hpp says why).
//
// The lock is a named mutex, "Global\iogate-datastore-<volume serial>-<file id>", named after the
// datastore directory itself (not its path, so two spellings of one directory share it). It writes
// nothing anywhere, the system releases it however the holder dies (an abandoned mutex is taken
// over by the next waiter), and Global\ reaches other sessions (a remote desktop's run waits for
// the console's). A waiting process polls, so a Ctrl-C ends the wait (Interrupted), and says once
// on stderr that it is waiting.
//
// A mutex belongs to the thread that took it: a lock is released by the thread that took it
// (iogate makes and removes its scratch areas on one thread). Locks of one process on one
// directory share one mutex, counted, as on Linux.
#pragma once

#include "common/windows_handle.hpp"

#include <filesystem>
#include <memory>

namespace iogate::detail {

class DatastoreLock {
 public:
  // Waits until no other process holds the datastore open as `dir`. std::system_error naming
  // the datastore when the mutex cannot be made; iogate::Interrupted on a stop request.
  DatastoreLock(HANDLE dir, const std::filesystem::path& datastore);
  ~DatastoreLock();
  DatastoreLock(const DatastoreLock&) = delete;
  DatastoreLock& operator=(const DatastoreLock&) = delete;

  struct Shared;  // one per locked directory per process

 private:
  std::shared_ptr<Shared> shared_;
};

}  // namespace iogate::detail
