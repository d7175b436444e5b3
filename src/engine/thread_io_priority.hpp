// A worker thread's I/O priority for one pass: the workload's class taken on construction and
// the thread's own given back on destruction (the thread may be the caller's). The class a share
// of the I/Os carries (cmd_priority) is tried on the thread first, so that a class the kernel
// refuses (real time without CAP_SYS_ADMIN or CAP_SYS_NICE) fails before the first I/O, with the
// class named, rather than as an I/O error of whichever request first carried it.
// One implementation per platform: Linux's ioprio_set (thread_io_priority_posix.cpp); Windows has
// no such classes (thread_io_priority_windows.cpp refuses them).
#pragma once

#include <cstdint>

#include "iogate/engine/workload.hpp"

namespace iogate {

class ThreadIoPriority {
 public:
  // Throws std::runtime_error naming the class when the kernel refuses it; nothing to do when
  // the workload sets no priority.
  explicit ThreadIoPriority(const WorkloadSpec& spec);
  ~ThreadIoPriority();
  ThreadIoPriority(const ThreadIoPriority&) = delete;
  ThreadIoPriority& operator=(const ThreadIoPriority&) = delete;

 private:
  bool changed_ = false;
  int own_ = 0;  // the thread's priority before, in the platform's encoding
};

}  // namespace iogate
