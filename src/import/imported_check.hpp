// A check imported from another tool's file (a fio job section, an IOMeter test, a DiskSpd time
// span or command line), as every importer hands it to the one threshold writer
// (threshold_text.hpp): the workload, where each of its keys came from, and the caveats.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "iogate/common/threshold_error.hpp"
#include "iogate/engine/workload.hpp"

namespace iogate::import_core {

// A [check.expect] lower bound the file sets itself (fio's rate_min: "mbps_min" 20), beside the
// ones the import is given; where both name a key the stricter is written (threshold_text.hpp).
struct ImportedBound {
  std::string key;
  double value = 0;
  std::vector<std::string> from;  // where it came from, one comment line each
  std::string called;             // what the notes call it: "fio's floor"
};

struct ImportedCheck {
  std::string origin;       // what it came from: "IOMeter access specification \"Max Throughput\""
  std::string check_name;   // an identifier (identifier_of); the writer makes it unique
  std::string description;  // none: the check has no description line
  SourceLocation where;     // where `origin` is in its file
  WorkloadSpec workload;
  // Each threshold workload key ("block_size", "read" ...) and where its value came from, one
  // comment line each; a key without any holds the tool's default (ImportedFile::default_source).
  std::map<std::string, std::vector<std::string>> sources;
  std::vector<std::string> notes;  // settings taken with a caveat, each with its place (notes.hpp)
  std::vector<ImportedBound> own_bounds;
};

}  // namespace iogate::import_core
