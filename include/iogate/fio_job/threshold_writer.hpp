// `iogate import fio`: the threshold file equivalent to a fio job file, as TOML text.
//
// One suite, one [[check]] per job section, every workload key written out (fio's defaults are
// not iogate's, so none is left to the reader's memory), each preceded by the fio lines it came
// from as comments, and the options taken without effect listed with why. A check needs an
// expectation, and no job file says what the storage must reach, so the caller gives them
// (`--expect iops_min=300`, the same for every check); without one nothing is written. A job's
// own floors (rate_min, rate_iops_min: FioJob::floors) are bounds too, after the fio lines they
// came from; where one and a given bound share a key the stricter, the higher, is written and a
// note says which (a given value that is no plain number, "90% of baseline", is kept, noted).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "iogate/fio_job/job_mapping.hpp"

namespace iogate::fio_job {

struct ImportRequest {
  std::string suite;  // the suite's name, an identifier
  // [check.expect] lines for every check: key and value as given ("iops_min", "300"); a value
  // that reads as a number is written as one, anything else as a TOML string.
  std::vector<std::pair<std::string, std::string>> expect;
};

// The TOML text; a job the format cannot hold is a ThresholdError at its fio line.
std::string threshold_text(const FioJobFile& file, const std::vector<FioJob>& jobs,
                           const ImportRequest& request);

}  // namespace iogate::fio_job
