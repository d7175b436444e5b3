#include "check_session.hpp"

#include "seconds_since.hpp"

#include <chrono>
#include <iostream>

namespace iogate {

CheckSession::CheckSession(const Check& check, const std::filesystem::path& datastore,
                           const DatastorePolicy& policy)
    : check_(check),
      scratch_(std::in_place, datastore, space_needed(check), policy),
      test_file_(scratch_->dir_handle(), check.name + ".dat",
                 scratch_->dir() / (check.name + ".dat")),
      laid_out_for_(check.name) {
  read_stack(scratch_->datastore());
  const auto started = std::chrono::steady_clock::now();
  scratch_->preallocate(test_file_.name(), check.workload.file_size, check.workload.layout,
                        layout_write_size_of(check.workload));
  layout_s_ = seconds_since(started);
}

CheckSession::CheckSession(const Check& check, const std::filesystem::path& datastore,
                           const LayoutLease& shared)
    : check_(check),
      test_file_(shared.file),
      layout_s_(shared.layout_s),
      laid_out_for_(shared.laid_out_for) {
  if (check.workload.layout != FileLayout::written)
    throw std::logic_error("check \"" + check.name + "\": a shared file has the written layout");
  read_stack(std::filesystem::absolute(datastore));
}

void CheckSession::read_stack(const std::filesystem::path& datastore) {
  // Of the datastore, not of the scratch directory: the same filesystem (the scratch area checks
  // it), and a path someone who can write the datastore cannot rename away mid-read.
  stack_ = read_storage_stack(datastore);
  // Memory filesystems: with or without O_DIRECT (page cache or none), what is measured there is
  // memory. (devtmpfs, `--datastore /dev`, is refused before this: preflight.hpp.)
  const std::string& fs = stack_.filesystem;
  if (fs == "tmpfs" || fs == "ramfs") {
    std::cerr << "iogate: warning: " << check_.name << ": datastore " << datastore.string()
              << " is on " << fs << ", which is memory: this measures memory, not storage"
              << (check_.workload.direct ? " (direct = true does not change that)" : "") << '\n';
  }
}

void CheckSession::restore_layout() const {
  // A shared file is written, and a written file stays as it is.
  if (scratch_)
    scratch_->restore(test_file_.name(), check_.workload.file_size, check_.workload.layout);
}

CheckOutcome CheckSession::run(RunOptions options) const {
  CheckOutcome outcome;
  outcome.result = run_workload(check_.workload, test_file_, std::move(options));
  outcome.runs = {outcome.result};
  outcome.verdict = evaluate(check_, outcome.result);
  return outcome;
}

}  // namespace iogate
