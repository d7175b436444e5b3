// Reading scratch directories without trusting them: what stale cleanup and adopting a kept area
// (scratch_area.hpp) both look at, relative to descriptors and never following a symlink.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace iogate::detail {

// Names in the directory open as `fd` (without "." and ".."); `fd` itself stays open and unmoved.
// std::system_error naming `path`.
std::vector<std::string> list_names(int fd, const std::filesystem::path& path);

// The contents (up to 4 KiB) of the `.iogate-scratch` marker in the directory open as `dir_fd`
// when it is a regular file; nullopt when absent, a symlink or anything else. `marker` is for
// messages.
std::optional<std::string> read_marker(int dir_fd, const std::filesystem::path& marker);

}  // namespace iogate::detail
