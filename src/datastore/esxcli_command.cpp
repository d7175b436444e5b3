#include "esxcli_command.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <climits>
#include <initializer_list>
#include <thread>

#include "common/unique_fd.hpp"

extern char** environ;

namespace iogate::detail {
namespace {

using Clock = std::chrono::steady_clock;

bool make_pipe(UniqueFd& read_end, UniqueFd& write_end) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return false;
  read_end = UniqueFd(fds[0]);
  write_end = UniqueFd(fds[1]);
  return true;
}

// posix_spawn's two attribute objects, destroyed on every path out.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

// The child leads a process group of its own, so that killing the group ends what it started;
// signals it gets are neither blocked (a mask inherited from a thread that blocks them) nor left
// ignored (SIGPIPE), as a program started from a shell would expect.
bool prepare(SpawnSetup& setup, int in, int out, int err) {
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (int s : {SIGPIPE, SIGINT, SIGTERM, SIGHUP}) sigaddset(&defaults, s);
  return posix_spawn_file_actions_adddup2(&setup.actions, in, STDIN_FILENO) == 0 &&
         posix_spawn_file_actions_adddup2(&setup.actions, out, STDOUT_FILENO) == 0 &&
         posix_spawn_file_actions_adddup2(&setup.actions, err, STDERR_FILENO) == 0 &&
         posix_spawnattr_setflags(&setup.attributes, POSIX_SPAWN_SETPGROUP |
                                                         POSIX_SPAWN_SETSIGMASK |
                                                         POSIX_SPAWN_SETSIGDEF) == 0 &&
         posix_spawnattr_setpgroup(&setup.attributes, 0) == 0 &&
         posix_spawnattr_setsigmask(&setup.attributes, &none) == 0 &&
         posix_spawnattr_setsigdefault(&setup.attributes, &defaults) == 0;
}

void kill_and_reap(pid_t child) {
  kill(-child, SIGKILL);
  while (waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
}

// For poll(): 0 once the deadline has passed, and no more than an int holds.
int milliseconds_until(Clock::time_point deadline) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::clamp<decltype(left)>(left, 0, INT_MAX));
}

// Reads the child's stdout (kept) and stderr (dropped) until both end; false on the deadline, a
// read error or more than `max_output` bytes.
bool drain(int out, int err, std::string& output, std::size_t max_output,
           Clock::time_point deadline) {
  std::array<pollfd, 2> fds{{{out, POLLIN, 0}, {err, POLLIN, 0}}};
  std::array<char, 64 * 1024> buffer{};
  while (fds[0].fd >= 0 || fds[1].fd >= 0) {  // poll skips a negative (finished) descriptor
    const int wait_ms = milliseconds_until(deadline);
    if (wait_ms == 0) return false;
    const int ready = poll(fds.data(), fds.size(), wait_ms);
    if (ready < 0 && errno != EINTR) return false;
    for (pollfd& p : fds) {
      if (ready <= 0 || p.fd < 0 || p.revents == 0) continue;
      const ssize_t got = read(p.fd, buffer.data(), buffer.size());
      if (got < 0 && errno != EINTR && errno != EAGAIN) return false;
      if (got == 0) p.fd = -1;
      if (got > 0 && &p == &fds[0]) {
        output.append(buffer.data(), static_cast<std::size_t>(got));
        if (output.size() > max_output) return false;
      }
    }
  }
  return true;
}

}  // namespace

std::optional<std::string> run_for_output(const std::filesystem::path& program,
                                          const std::vector<std::string>& argv,
                                          const CommandLimits& limits) {
  if (argv.empty()) return std::nullopt;
  UniqueFd in_read, in_write, out_read, out_write, err_read, err_write;
  if (!make_pipe(in_read, in_write) || !make_pipe(out_read, out_write) ||
      !make_pipe(err_read, err_write))
    return std::nullopt;
  in_write.reset();  // the child's stdin is at end of file from the start
  SpawnSetup setup;
  if (!prepare(setup, in_read.get(), out_write.get(), err_write.get())) return std::nullopt;
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const Clock::time_point deadline = Clock::now() + limits.time_limit;
  pid_t child = 0;
  if (posix_spawn(&child, program.c_str(), &setup.actions, &setup.attributes, args.data(),
                  environ) != 0)
    return std::nullopt;
  // Only the child holds the write ends now, so the reads end when it (and what it started) does.
  in_read.reset();
  out_write.reset();
  err_write.reset();
  std::string output;
  if (!drain(out_read.get(), err_read.get(), output, limits.max_output, deadline)) {
    kill_and_reap(child);
    return std::nullopt;
  }
  // Both pipes closed: the child is exiting, or closed them and carries on until the deadline.
  int status = 0;
  for (;;) {
    const pid_t reaped = waitpid(child, &status, WNOHANG);
    if (reaped == child) break;
    if (reaped < 0 && errno != EINTR) return std::nullopt;
    if (Clock::now() >= deadline) {
      kill_and_reap(child);
      return std::nullopt;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return output;
}

std::optional<std::filesystem::path> find_on_path(std::string_view name,
                                                  std::string_view path_list) {
  if (name.empty() || name.find('/') != std::string_view::npos) return std::nullopt;
  for (;;) {
    const std::size_t colon = path_list.find(':');
    const std::string_view dir = path_list.substr(0, colon);
    if (dir.starts_with('/')) {
      std::filesystem::path candidate = std::filesystem::path(dir) / name;
      struct stat st {};
      if (stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
          access(candidate.c_str(), X_OK) == 0)
        return candidate;
    }
    if (colon == std::string_view::npos) return std::nullopt;
    path_list.remove_prefix(colon + 1);
  }
}

}  // namespace iogate::detail
