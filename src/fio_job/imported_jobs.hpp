// `iogate import fio`: the threshold file equivalent to a fio job file, as TOML text.
//
// One suite, one [[check]] per job section, written by the import core's one writer
// (import/threshold_text.hpp): every workload key written out, each preceded by the fio
// lines it came from as comments ("fio's default" where the job left it to fio), and the options
// taken without effect listed with why. A check needs an expectation, and no job file says what
// the storage must reach, so the caller gives them (`--expect iops_min=300`, the same for every
// check); without one nothing is written. A job's own floors (rate_min, rate_iops_min:
// FioJob::floors) are the check's own bounds, "fio's floor" in the notes that weigh them against
// the given ones.
#pragma once

#include <string>
#include <vector>

#include "import/import_request.hpp"
#include "import/imported_check.hpp"
#include "job_mapping.hpp"

namespace iogate::fio_job {

// A mapped job as the import core's check: each fio line shown as "file:line: option=value".
import_core::ImportedCheck imported_check(const FioJob& job);

// The TOML text of `jobs`, mapped from `file`.
std::string threshold_text(const FioJobFile& file, const std::vector<FioJob>& jobs,
                           const import_core::ImportRequest& request);

}  // namespace iogate::fio_job
