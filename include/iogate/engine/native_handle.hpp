// What the operating system calls an open file or directory (a descriptor on POSIX, a HANDLE on
// Windows) and a process (pid_t, a DWORD). The engine's interfaces (FileRef, BackendSetup) carry it
// without looking inside; only the files of one platform (workload_file_<platform>.cpp, the
// backends) use it. This header is the one place the two platforms' types meet, as
// std::thread::native_handle_type does.
#pragma once

#ifdef _WIN32
#include <cstdint>
#else
#include <fcntl.h>
#include <sys/types.h>
#endif

namespace iogate {

#ifdef _WIN32
using NativeHandle = void*;       // HANDLE, without <windows.h> in a public header
using ProcessId = unsigned long;  // DWORD
inline constexpr NativeHandle kNoHandle = nullptr;
// A FileRef's path is opened as given: no root directory (OBJECT_ATTRIBUTES.RootDirectory null).
inline constexpr NativeHandle kWorkingDirectory = nullptr;
// Neither null nor INVALID_HANDLE_VALUE.
inline bool is_open_handle(NativeHandle h) {
  return h != nullptr && h != reinterpret_cast<void*>(static_cast<std::intptr_t>(-1));
}
#else
using NativeHandle = int;
using ProcessId = pid_t;
inline constexpr NativeHandle kNoHandle = -1;
inline constexpr NativeHandle kWorkingDirectory = AT_FDCWD;
inline bool is_open_handle(NativeHandle fd) { return fd >= 0; }
#endif

}  // namespace iogate
