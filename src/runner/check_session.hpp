// One check on one datastore: the scratch area and its test file (laid out as the workload's
// FileLayout says), the storage stack under it, the run and its verdict. The GoogleTest fixture
// and `iogate check` both drive checks through this class, so a check behaves the same under
// ctest and without it.
//
// judge() runs the check at least `repeat` times and, while an expectation is undecided, again, up
// to `repeat_max` runs or its budget (iogate/verdicts/evidence.hpp), and judges all runs together,
// against a baseline when one is given. A shortfall is then confirmed by a second such sample
// after a pause, unless the check says `confirm = false` (verdicts/confirmation.hpp). A
// check with "N% of baseline" bounds:
//   - no baseline named at all, or the baseline has no such check: SKIPPED, with the reason. Not
//     naming a baseline is a set-up state (the datastore was never recorded), not a property of
//     the storage: failing would blame the storage, passing would hide that nothing was compared.
//     A skip shows in ctest's summary and in JUnit, visibly different from both. Absolute bounds of
//     the same check are still run and judged; any shortfall there is a FAIL.
//   - a baseline named (--baseline, $IOGATE_BASELINE, a suite's BASELINE) but missing or
//     unreadable: an error before anything runs (load_named_baseline(), run_settings.hpp). Someone
//     asked for the comparison; a typo in the path must not quietly switch every relative bound
//     off.
//   - the baseline has the check but not a positive sample of a figure it bounds relative to it
//     (zero, negative or missing): an error (BaselineError), without running. The comparison was
//     asked for and cannot be made.
//   - the baseline was recorded on another host, datastore or filesystem: named with the
//     fingerprint's changes (CheckOutcome::fingerprint_changes); with strict_baseline, an error.
//   - the baseline was recorded with a different workload: FAIL, without running. The threshold
//     file changed after the baseline was recorded; a skip here would silently switch the gate
//     off for good, so the user is made to record the baseline again.
#pragma once

#include <cmath>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iogate/baseline/baseline.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate/results/check_record.hpp"
#include "iogate/runner/check_outcome.hpp"
#include "iogate/thresholds/threshold_file.hpp"
#include "iogate/verdicts/verdict.hpp"
#include "layout_pool.hpp"

namespace iogate {

class CheckSession {
 public:
  // Refuses with InsufficientSpace before writing anything when the datastore lacks room, with
  // DatastoreError when it breaks `policy` (see scratch_area.hpp). Warns on stderr when a
  // direct-I/O check runs on tmpfs or ramfs: O_DIRECT there measures memory, not storage.
  CheckSession(const Check& check, const std::filesystem::path& datastore,
               const DatastorePolicy& policy = {});
  // On a test file a LayoutPool handed out (a `written` layout, which no run changes): the
  // session makes no scratch area of its own, and restore_layout() leaves the file as it is.
  CheckSession(const Check& check, const std::filesystem::path& datastore,
               const LayoutLease& shared);

  const Check& check() const { return check_; }
  const StorageStack& storage_stack() const { return stack_; }
  // The test file, relative to the scratch directory's descriptor (engine/file_ref.hpp).
  const FileRef& test_file() const { return test_file_; }

  // The time this session spent laying its file out (0 for a file it reused), and the check the
  // file was laid out for (this one's name unless it was reused).
  double layout_s() const { return layout_s_; }
  const std::string& laid_out_for() const { return laid_out_for_; }

  CheckOutcome run(RunOptions options = {}) const;
  // After a run: the test file as the workload's layout had it before the first run (grown:
  // empty again; preallocated: reserved, unwritten again; written: as it is), so that every run
  // of a repeated check measures the same thing. judge() calls it between runs.
  void restore_layout() const;
  // Judges the check (run_until_decided), or with options.recording records its baseline.
  CheckOutcome judge(const JudgeOptions& options) const;

  // Removes the scratch area now (also done on destruction).
  void finish() {
    if (scratch_) scratch_->remove();
  }

 private:
  void read_stack(const std::filesystem::path& datastore);

  const Check& check_;
  std::optional<ScratchArea> scratch_;  // none on a shared file
  StorageStack stack_;
  FileRef test_file_;
  double layout_s_ = 0;
  std::string laid_out_for_;
};

// A pause between samples: a sleep that a stop request (SIGINT, SIGTERM) ends at once with
// Interrupted.
void pause_unless_stopped(const Pause& pause);

// Runs and judges a check on `test_file` (what CheckSession::judge does once its scratch area is
// ready); `stack` is compared with the baseline's fingerprint.
CheckOutcome run_until_decided(const Check& check, const FileRef& test_file,
                               const StorageStack& stack, const JudgeOptions& options);

// Records a baseline of the check on `test_file` (RecordingPlan; what CheckSession::judge does
// when options.recording is set): the outcome's runs are the recording kept, its `recording` says
// how precise it got, and its verdict is empty.
CheckOutcome record_until_pinned(const Check& check, const FileRef& test_file,
                                 const JudgeOptions& options);

}  // namespace iogate
