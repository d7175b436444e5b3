// esxi_sandbox: runs a program as the ESXi shell would, as far as Linux can pretend: in an empty
// root (no /proc, /sys, /dev, /etc or shell unless the caller put them there) and under a
// seccomp filter that answers ENOSYS for the system calls ESXi's userworld is known or suspected
// to lack, so that iogate's static build shows it degrades rather than fails.
//
//   esxi_sandbox --root DIR [--deny NAME,...] [--no-direct] [--noop NAME,...] -- PROGRAM [ARG...]
//
// --deny esxi denies the whole list below; --deny NAME,... only those (fallocate, flock, statx
// ...); --no-direct makes every open with O_DIRECT fail with EINVAL, as a filesystem without
// direct I/O does; --noop NAME,... answers 0 for those calls without making them (fadvise64, the
// call under posix_fadvise: a platform that accepts the advice and ignores it, which is what
// fio's own ESX build assumes of ESXi when it compiles its cache invalidation out). The program
// runs with the sandbox's environment, chrooted to DIR (root only) with no new privileges.
//
// The list, and why each is on it:
//   io_uring_setup, io_uring_enter, io_uring_register  io_uring (Linux 5.1) is not in ESXi
//   io_setup, io_destroy, io_submit, io_cancel, io_getevents, io_pgetevents
//                                                      Linux AIO: libaio's calls, not in ESXi
//   epoll_pwait, epoll_pwait2                          missing: Go's runtime fails on it there
//                                                      (golang/go#73350)
//   fallocate, flock, statx, sync_file_range           suspected: Linux-specific file calls
//                                                      iogate uses, each with a fallback
//   openat2 (5.6), copy_file_range (4.5)               newer than ESXi's Linux ABI layer
//   clone3 (5.3), rseq (4.18)                          newer; glibc's threads and start-up try
//                                                      them first and must fall back
//   ioprio_set, ioprio_get                             I/O priority classes are Linux's
// A denied call is an ENOSYS, never a kill, so the program sees what ESXi would tell it.
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "iogate_test/deny_syscalls.hpp"

namespace {

const std::map<std::string, int>& known_calls() {
  static const std::map<std::string, int> calls = {
      {"io_uring_setup", SYS_io_uring_setup},
      {"io_uring_enter", SYS_io_uring_enter},
      {"io_uring_register", SYS_io_uring_register},
      {"io_setup", SYS_io_setup},
      {"io_destroy", SYS_io_destroy},
      {"io_submit", SYS_io_submit},
      {"io_cancel", SYS_io_cancel},
      {"io_getevents", SYS_io_getevents},
      {"io_pgetevents", SYS_io_pgetevents},
      {"epoll_pwait", SYS_epoll_pwait},
      {"epoll_pwait2", SYS_epoll_pwait2},
      {"fallocate", SYS_fallocate},
      {"flock", SYS_flock},
      {"statx", SYS_statx},
      {"sync_file_range", SYS_sync_file_range},
      {"openat2", SYS_openat2},
      {"copy_file_range", SYS_copy_file_range},
      {"clone3", SYS_clone3},
      {"rseq", SYS_rseq},
      {"ioprio_set", SYS_ioprio_set},
      {"ioprio_get", SYS_ioprio_get},
  };
  return calls;
}

// The calls --noop may name: each answers success without doing anything.
const std::map<std::string, int>& ignorable_calls() {
  static const std::map<std::string, int> calls = {{"fadvise64", SYS_fadvise64}};
  return calls;
}

int usage(const char* why) {
  std::fprintf(stderr,
               "esxi_sandbox: %s\nusage: esxi_sandbox --root DIR [--deny esxi|NAME,...] "
               "[--no-direct] [--noop fadvise64] -- PROGRAM [ARG...]\n",
               why);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string root;
  std::vector<int> denied;
  std::vector<int> ignored;
  bool no_direct = false;
  int at = 1;
  for (; at < argc; ++at) {
    const std::string arg = argv[at];
    if (arg == "--") {
      ++at;
      break;
    }
    if (arg == "--no-direct") {
      no_direct = true;
    } else if ((arg == "--root" || arg == "--deny" || arg == "--noop") && at + 1 < argc) {
      const std::string value = argv[++at];
      if (arg == "--root") {
        root = value;
        continue;
      }
      std::istringstream names(value);
      if (arg == "--noop") {
        for (std::string name; std::getline(names, name, ',');) {
          const auto found = ignorable_calls().find(name);
          if (found == ignorable_calls().end())
            return usage(("no --noop for the system call: " + name).c_str());
          ignored.push_back(found->second);
        }
        continue;
      }
      for (std::string name; std::getline(names, name, ',');) {
        if (name == "esxi") {
          for (const auto& [_, nr] : known_calls()) denied.push_back(nr);
        } else if (const auto found = known_calls().find(name); found != known_calls().end()) {
          denied.push_back(found->second);
        } else {
          return usage(("unknown system call in --deny: " + name).c_str());
        }
      }
    } else {
      return usage(("unknown argument: " + arg).c_str());
    }
  }
  if (root.empty() || at >= argc) return usage("--root and a program are needed");

  if (::chroot(root.c_str()) != 0 || ::chdir("/") != 0) {
    std::fprintf(stderr, "esxi_sandbox: chroot %s: %s\n", root.c_str(), std::strerror(errno));
    return 1;
  }
  if (!iogate::test::deny_syscalls(denied, no_direct) ||
      (!ignored.empty() && !iogate::test::ignore_syscalls(ignored))) {
    std::fprintf(stderr, "esxi_sandbox: seccomp: %s\n", std::strerror(errno));
    return 1;
  }
  ::execv(argv[at], argv + at);
  std::fprintf(stderr, "esxi_sandbox: exec %s: %s\n", argv[at], std::strerror(errno));
  return 127;
}
