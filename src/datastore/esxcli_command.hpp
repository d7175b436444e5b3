// Running a command for its standard output, bounded in size and time, without a shell: the ESXi
// shell may be absent (a sandboxed or stripped host), and no argument is ever parsed by one.
//
// posix_spawn starts the program in its own process group, stdin an empty pipe (a program that
// asks for input reads end of file instead of waiting), stdout into a pipe that is kept, stderr
// into another that is drained and dropped (so a chatty program cannot fill it and block, and a
// warning on it cannot corrupt what is parsed). /dev/null is not used: the host may have no /dev.
// Past the time limit, or past the size bound, the whole group is killed (SIGKILL) and the child
// reaped, so a helper it left behind holding the pipe is ended too. Every failure is an empty
// answer, never an exception: the caller is a fingerprint, which leaves fields unknown instead.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iogate::detail {

struct CommandLimits {
  std::size_t max_output = 4u << 20;  // bytes of stdout; beyond it the output is not trusted
  std::chrono::milliseconds time_limit{30'000};
};

// `program`'s standard output run with `argv` (argv[0] included), or std::nullopt if it could not
// be started, wrote more than limits.max_output, ran past limits.time_limit, or did not exit 0.
std::optional<std::string> run_for_output(const std::filesystem::path& program,
                                          const std::vector<std::string>& argv,
                                          const CommandLimits& limits);

// The first executable regular file `name` in the directories of `path_list` (PATH's syntax,
// colon-separated), or std::nullopt. Only absolute directories are searched: an empty or relative
// entry would make the current directory, which anyone may have written, part of the search.
std::optional<std::filesystem::path> find_on_path(std::string_view name,
                                                  std::string_view path_list);

}  // namespace iogate::detail
