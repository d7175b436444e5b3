#include "iogate/runner/check_session.hpp"

#include <iostream>

namespace iogate {
namespace {

ScratchArea::Fill fill_for(const WorkloadSpec& workload) {
  switch (workload.layout) {
    case FileLayout::preallocated:
      return ScratchArea::Fill::allocate;
    case FileLayout::grown:
      return ScratchArea::Fill::empty;
    case FileLayout::written:
      break;
  }
  return ScratchArea::Fill::write;
}

}  // namespace

CheckSession::CheckSession(const Check& check, const std::filesystem::path& datastore,
                           const DatastorePolicy& policy)
    : check_(check),
      scratch_(datastore, space_needed(check), policy),
      test_file_(scratch_.dir_fd(), check.name + ".dat", scratch_.dir() / (check.name + ".dat")) {
  // Of the datastore, not of the scratch directory: the same filesystem (the scratch area checks
  // it), and a path someone who can write the datastore cannot rename away mid-read.
  stack_ = read_storage_stack(scratch_.datastore());
  if (check.workload.direct && (stack_.filesystem == "tmpfs" || stack_.filesystem == "ramfs")) {
    std::cerr << "iogate: warning: " << check.name << ": datastore " << datastore.string()
              << " is on " << stack_.filesystem
              << ": direct = true measures memory there, not storage\n";
  }
  // A mix's file is laid out in its largest size, as fio lays out in its largest bs.
  scratch_.preallocate(test_file_.name(), check.workload.file_size, fill_for(check.workload),
                       largest_block_size(check.workload));
}

void CheckSession::restore_layout() const {
  scratch_.restore(test_file_.name(), check_.workload.file_size, fill_for(check_.workload));
}

CheckOutcome CheckSession::run(RunOptions options) const {
  CheckOutcome outcome;
  outcome.result = run_workload(check_.workload, test_file_, std::move(options));
  outcome.runs = {outcome.result};
  outcome.verdict = evaluate(check_, outcome.result);
  return outcome;
}

}  // namespace iogate
