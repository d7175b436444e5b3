#include "datastore_lock_windows.hpp"

#include <chrono>
#include <iostream>
#include <map>
#include <mutex>
#include <string>

#include <fmt/format.h>
#include <fmt/xchar.h>

#include "common/interrupt.hpp"

namespace iogate::detail {

struct DatastoreLock::Shared {
  UniqueHandle mutex;
  ~Shared() {
    if (mutex.valid()) ::ReleaseMutex(mutex.get());  // not when the wait for it ended early
  }
};

namespace {

constexpr DWORD kPollMilliseconds = 100;

std::mutex g_mutex;  // guards the registry

std::map<std::wstring, std::weak_ptr<DatastoreLock::Shared>>& registry() {
  static std::map<std::wstring, std::weak_ptr<DatastoreLock::Shared>> locks;
  return locks;
}

std::wstring mutex_name(HANDLE dir, const std::filesystem::path& datastore) {
  const FileIdentity id = file_identity(dir, datastore);
  return fmt::format(L"Global\\iogate-datastore-{:08x}-{:016x}", id.volume, id.index);
}

}  // namespace

DatastoreLock::DatastoreLock(HANDLE dir, const std::filesystem::path& datastore) {
  const std::wstring name = mutex_name(dir, datastore);
  const std::lock_guard lock(g_mutex);
  std::weak_ptr<Shared>& slot = registry()[name];
  if ((shared_ = slot.lock())) return;

  auto shared = std::make_shared<Shared>();
  shared->mutex = UniqueHandle(::CreateMutexW(nullptr, FALSE, name.c_str()));
  if (!shared->mutex.valid()) throw_last_error("make the lock of datastore", datastore);
  const auto started = std::chrono::steady_clock::now();
  bool told = false;
  for (;;) {
    const DWORD got = ::WaitForSingleObject(shared->mutex.get(), kPollMilliseconds);
    // WAIT_ABANDONED: its holder died holding it; ours now, as a dead flock holder's lock is.
    if (got == WAIT_OBJECT_0 || got == WAIT_ABANDONED) break;
    if (got != WAIT_TIMEOUT) {
      const DWORD error = ::GetLastError();
      shared->mutex.reset();  // not held: nothing to release
      throw_win32(error, "wait for the lock of datastore", datastore);
    }
    if (const int sig = stop_requested(); sig != 0) {
      shared->mutex.reset();
      throw Interrupted(sig, {.doing = "waiting for the lock on datastore " + datastore.string(),
                              .elapsed = std::chrono::steady_clock::now() - started});
    }
    if (!told) {
      std::cerr << "iogate: datastore " << datastore.string()
                << " is in use by another iogate run: waiting until it ends (no timeout of its "
                   "own: Ctrl-C or the CI job's timeout end the wait)\n";
      told = true;
    }
  }
  shared_ = std::move(shared);
  slot = shared_;
}

DatastoreLock::~DatastoreLock() {
  const std::lock_guard lock(g_mutex);
  shared_.reset();
}

}  // namespace iogate::detail
