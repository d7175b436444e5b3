// Windows only: a Win32 error of a read or write as the errno an IoRequest's result carries
// (io_backend.hpp), so the loop judges Windows failures by the same rules as POSIX ones: out of
// resources for one more request is EAGAIN (resubmitted), end of file a 0-byte transfer, the rest
// the nearest errno, EIO when none is near.
#pragma once

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <cstdint>

namespace iogate::detail {

// A request's result for a failed ReadFile/WriteFile: 0 at end of file, else -errno.
std::int64_t win32_io_result(DWORD error);

}  // namespace iogate::detail
