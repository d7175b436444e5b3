// The one bounded reader (read_file.hpp) for a file named in a directory held open: the safe
// writer's directory reads what it is about to remove (report --clear-dir) this way.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace iogate::detail {

// The bytes of the regular file `name` in the directory open as `dir_fd`, not through a link
// (O_NOFOLLOW), up to `max_bytes`; FileReadError naming `shown` otherwise.
std::string read_regular_file_at(int dir_fd, const std::filesystem::path& name,
                                 std::uint64_t max_bytes, const char* what,
                                 const std::filesystem::path& shown);

}  // namespace iogate::detail
