// Turning a failed syscall into an exception that says what was attempted on which path: the one
// errno-to-std::system_error of the library.
#pragma once

#include <cerrno>
#include <filesystem>
#include <string>
#include <system_error>

namespace iogate::detail {

// what() reads "<operation> <path>: <strerror>", e.g. "open /data/x/t.dat: File exists".
[[noreturn]] inline void throw_errno(int error, const char* operation,
                                     const std::filesystem::path& path) {
  throw std::system_error(error, std::generic_category(),
                          std::string(operation) + " " + path.string());
}

// Reads errno before anything else can change it; pass a path that already exists as an object
// (not a temporary built in the call), so no allocation runs between the failure and this call.
[[noreturn]] inline void throw_errno(const char* operation, const std::filesystem::path& path) {
  const int error = errno;
  throw_errno(error, operation, path);
}

// For a call on no path (sigaction, sem_init, fdatasync on an open descriptor): what() reads
// "<operation>: <strerror>".
[[noreturn]] inline void throw_errno(const char* operation) {
  const int error = errno;
  throw std::system_error(error, std::generic_category(), operation);
}

// For library calls that return -errno instead of setting errno (libaio, liburing): what() reads
// "<operation>: <strerror>".
[[noreturn]] inline void throw_negative_errno(int rc, const char* operation) {
  throw std::system_error(-rc, std::generic_category(), operation);
}

}  // namespace iogate::detail
