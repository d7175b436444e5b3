// System calls made to fail as on a platform without them, for tests of iogate's fallbacks: a
// seccomp filter answering ENOSYS for the given calls, and optionally EINVAL for any open asking
// for O_DIRECT (a filesystem without direct I/O); and calls made to succeed without acting, as on
// a platform that accepts them and does nothing (ignore_syscalls). Installed on the calling process
// with no new privileges, so it needs no root; it lasts for the process and its children (a forked
// test child, or the program the ESXi sandbox executes).
#pragma once

#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <cerrno>
#include <cstddef>
#include <utility>
#include <vector>

namespace iogate::test {

namespace detail {

constexpr sock_filter bpf_statement(unsigned short code, unsigned k) {
  return sock_filter{code, 0, 0, k};
}
constexpr sock_filter bpf_jump(unsigned short code, unsigned k, unsigned char yes,
                               unsigned char no) {
  return sock_filter{code, yes, no, k};
}

}  // namespace detail

// The filter: x86-64 only (another architecture's calls are killed, x32's answer ENOSYS); each
// number in `enosys` answers ENOSYS; with `refuse_direct`, open and openat whose flags hold
// O_DIRECT answer EINVAL; everything else is allowed.
inline std::vector<sock_filter> denial_filter(const std::vector<int>& enosys, bool refuse_direct) {
  using detail::bpf_jump;
  using detail::bpf_statement;
  constexpr unsigned kNr = offsetof(seccomp_data, nr);
  std::vector<sock_filter> f = {
      bpf_statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
      bpf_jump(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
      bpf_statement(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
      bpf_statement(BPF_LD | BPF_W | BPF_ABS, kNr),
      // x32 calls (the x86-64 arch with bit 30 set) would pass every number compared below.
      bpf_jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1),
      bpf_statement(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
  };
  for (const int nr : enosys) {
    f.push_back(bpf_jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<unsigned>(nr), 0, 1));
    f.push_back(bpf_statement(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS));
  }
  if (refuse_direct) {
    // open(path, flags) has its flags in args[1], openat(dir, path, flags) in args[2]; the low
    // 32 bits hold them on a little-endian machine.
    const std::pair<int, unsigned> opens[] = {{SYS_open, 1}, {SYS_openat, 2}};
    for (const auto& [nr, arg] : opens) {
      f.push_back(bpf_jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<unsigned>(nr), 0, 5));
      f.push_back(bpf_statement(BPF_LD | BPF_W | BPF_ABS,
                                static_cast<unsigned>(offsetof(seccomp_data, args) + 8 * arg)));
      f.push_back(bpf_statement(BPF_ALU | BPF_AND | BPF_K, O_DIRECT));
      f.push_back(bpf_jump(BPF_JMP | BPF_JEQ | BPF_K, O_DIRECT, 0, 1));
      f.push_back(bpf_statement(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL));
      f.push_back(bpf_statement(BPF_LD | BPF_W | BPF_ABS, kNr));
    }
  }
  f.push_back(bpf_statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  return f;
}

// Installs denial_filter on this process; false (errno set) when the kernel refuses it. Call it
// in a process of its own (a forked child): it cannot be taken back.
inline bool deny_syscalls(const std::vector<int>& enosys, bool refuse_direct = false) {
  std::vector<sock_filter> filter = denial_filter(enosys, refuse_direct);
  const sock_fprog program{static_cast<unsigned short>(filter.size()), filter.data()};
  return ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
         ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0;
}

// A second filter, beside deny_syscalls' or alone: each call in `noop` returns 0 unmade
// (SECCOMP_RET_ERRNO with errno 0 skips the call and sets its result to 0): posix_fadvise's
// fadvise64 on a platform that ignores the advice. Where two filters answer, the kernel takes the
// answer of higher precedence, this ERRNO over the other's ALLOW. Calls of another architecture
// are left to the other filter (their numbers differ). Same terms as deny_syscalls.
inline bool ignore_syscalls(const std::vector<int>& noop) {
  using detail::bpf_jump;
  using detail::bpf_statement;
  std::vector<sock_filter> f = {
      bpf_statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
      bpf_jump(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
      bpf_statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
      bpf_statement(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
  };
  for (const int nr : noop) {
    f.push_back(bpf_jump(BPF_JMP | BPF_JEQ | BPF_K, static_cast<unsigned>(nr), 0, 1));
    f.push_back(bpf_statement(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 0u));
  }
  f.push_back(bpf_statement(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  const sock_fprog program{static_cast<unsigned short>(f.size()), f.data()};
  return ::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 &&
         ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) == 0;
}

}  // namespace iogate::test
