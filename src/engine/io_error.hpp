// A read or write the device failed (EIO, ENOSPC, a short transfer retried too often), with what
// the run had measured until then. The message names the operation, the length, the offset, the
// file and the errno; partial() holds the figures of the measured window up to the failure
// (zeros when it failed while ramping up), so a record can show how far the device got: a disk
// that fails after 1 GiB at full speed is a different story from one that fails at once.
//
// With several workers, the figures are those of the worker that failed.
#pragma once

#include <system_error>

#include "iogate/engine/run_result.hpp"

namespace iogate {

class IoError : public std::system_error {
 public:
  IoError(int err, const std::string& what, RunResult partial)
      : std::system_error(err, std::generic_category(), what), partial_(std::move(partial)) {}
  const RunResult& partial() const { return partial_; }

 private:
  RunResult partial_;
};

}  // namespace iogate
