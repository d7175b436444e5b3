// The synchronous backend: one positional read or write per request, done when submit returns.
// One implementation per platform: pread/pwrite and fdatasync (psync_backend_posix.cpp);
// ReadFile/WriteFile with the offset in an OVERLAPPED, each waited for before submit returns, and
// FlushFileBuffers (psync_backend_windows.cpp): the same semantics, so the same name.
//
// It keeps exactly one I/O outstanding, so max_in_flight() is 1 whatever depth the workload
// asks for, and RunResult::queue_depth then reports 1: a psync run at "queue depth 32" is a
// queue-depth-1 run, and the result says so rather than pretending otherwise.
#pragma once

#include "iogate/engine/io_backend.hpp"

namespace iogate {

class PsyncBackend final : public IoBackend {
 public:
  std::string_view name() const override { return "psync"; }
  unsigned max_in_flight(unsigned /*requested*/) const override { return 1; }
  void setup(const BackendSetup& setup) override;
  SubmitStatus submit(IoRequest& req) override;
  std::size_t reap(std::span<IoRequest*> out, std::size_t min) override;
  void flush() override;

 private:
  NativeHandle file_ = kNoHandle;
};

}  // namespace iogate
