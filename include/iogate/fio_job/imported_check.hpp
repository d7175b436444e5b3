// A check imported from another tool's file (IOMeter's .icf, DiskSpd's XML profile) and the
// threshold file written from such checks, the same for every tool: one [[check]] each, every
// workload key written out after where its value came from (a line of the file, or what the tool
// always does), and the caveats as notes above the check. fio's import writes its own (its
// sources are fio lines, shown as fio_job/job_file.hpp allows).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "iogate/engine/workload.hpp"
#include "iogate/fio_job/threshold_writer.hpp"
#include "iogate/threshold_error.hpp"

namespace iogate::fio_job {

struct ImportedCheck {
  std::string origin;      // what it came from: "IOMeter access specification \"Max Throughput\""
  std::string check_name;  // an identifier (identifier_of)
  std::string description;
  SourceLocation where;  // where `origin` is in its file
  WorkloadSpec workload;
  // Each threshold workload key ("block_size", "read" ...) and where its value came from.
  std::map<std::string, std::vector<std::string>> sources;
  std::vector<std::string> notes;  // settings taken with a caveat, each with its line
};

struct ImportedFile {
  std::string header;       // comment text above [suite], lines without the "# "
  std::string description;  // the suite's
};

// The TOML text; two checks of one name get _2, _3 ...
std::string imported_threshold_text(const ImportedFile& file,
                                    const std::vector<ImportedCheck>& checks,
                                    const ImportRequest& request);

}  // namespace iogate::fio_job
