// A test body run in a forked child that reports one line through a pipe, for tests whose
// subject is the process itself: signal handlers, dying of a signal, what is left afterwards.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <stdexcept>
#include <string>

namespace iogate::test {

// For the child: writes all of `text` to `fd`, or leaves with status 3 (there is no one to tell).
inline void write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n <= 0) _exit(3);
    done += static_cast<std::size_t>(n);
  }
}

struct ChildOutcome {
  std::string report;  // the child's first line, without the newline
  int status = 0;      // from waitpid
};

// Forks; the child runs `child(report_fd)`, which must not return into the test (it dies or
// _exits). The parent reads the child's first line, runs `after_report(pid)` (to signal it, say)
// and reaps it.
inline ChildOutcome run_forked(const std::function<void(int report_fd)>& child,
                               const std::function<void(pid_t)>& after_report = {}) {
  int fds[2];
  if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    ::close(fds[0]);
    child(fds[1]);
    _exit(98);  // the child body returned: a broken test
  }
  ::close(fds[1]);
  ChildOutcome out;
  char c;
  while (::read(fds[0], &c, 1) == 1 && c != '\n') out.report.push_back(c);
  ::close(fds[0]);
  if (after_report) after_report(pid);
  ::waitpid(pid, &out.status, 0);
  return out;
}

}  // namespace iogate::test
