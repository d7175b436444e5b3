// The threshold file an import writes, the same for every tool: a header saying what it came
// from, one suite, and one [[check]] per imported check. Each check is preceded by where it came
// from and its notes; every workload key is written out after where its value came from (or the
// tool's default: the tool's defaults are not iogate's, so none is left to the reader's memory);
// [check.expect] holds the bounds the import is given and the check's own (ImportedBound), where
// both name a key the stricter, the higher, with a note saying which (a given value that is no
// plain number, "90% of baseline", cannot be weighed: it is kept and the check's own left out,
// noted). Two checks of one name are told apart as NAME, NAME_2, NAME_3 ...
#pragma once

#include <string>
#include <vector>

#include "import_request.hpp"
#include "imported_check.hpp"

namespace iogate::import_core {

// What the tool's file says about the file as a whole.
struct ImportedFile {
  std::string header;       // comment text above [suite], lines without the "# "
  std::string description;  // the suite's
  // The comment on a workload key no setting gave. An importer that writes its tool's defaults
  // out as sources ("DiskSpd's default: 64 KiB") leaves only iogate's own to it; fio's mapping
  // leaves fio's defaults without one, so fio's import says "fio's default".
  std::string default_source = "iogate's default: the file has no such setting";
};

std::string threshold_text(const ImportedFile& file, const std::vector<ImportedCheck>& checks,
                           const ImportRequest& request);

}  // namespace iogate::import_core
