// What judging a check produces (CheckOutcome) and what the judging is told (JudgeOptions,
// RecordingPlan): the runner's results, apart from the session that makes them
// (check_session.hpp), so that a suite sees the outcome without the scratch area's workings.
#pragma once

#include <cmath>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "iogate/baseline/baseline.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate/results/check_record.hpp"
#include "iogate/verdicts/verdict.hpp"

namespace iogate {

// Recording a baseline (`iogate baseline record`) instead of judging: the check's bounds are not
// judged and fail-fast stops nothing; runs go on until the median of every figure the check
// bounds (its MB/s when it bounds none) is pinned within `precision` (the 95% interval of the
// median, as a share of it), or tighter where the check's relative bounds need it, at least
// `repeat`, at most `repeat_max` runs (JudgeOptions; 0: baseline_recording_runs), and beyond
// `repeat` only while the next run fits `budget` (verdicts/baseline_precision.hpp). A
// neighbour's burst must not become "known good": when the recording's one-second intervals
// shift level (verdicts/level_shift.hpp), it is made again after a pause (confirm_pause,
// else the longer of 30 s and the recording's longest run), up to `recordings` in all; the last
// is kept.
struct RecordingPlan {
  double precision = 0.03;
  std::optional<Nanoseconds> budget;
  int recordings = 3;
};

struct BaselineRecording {
  std::vector<std::string> pinned;  // the figures whose median was to be pinned
  double precision = NAN;           // the worst of theirs; NaN: too few runs to tell
  int recordings = 1;               // made, the last kept
  // The kept recording's own shift, when every recording shifted: "the datastore shifted ...".
  std::optional<std::string> shifted;
};

struct CheckOutcome {
  RunResult result;             // the median run (by the check's first figure) when repeated
  std::vector<RunResult> runs;  // every run, in order
  std::size_t shown_run = 0;    // where `result` is among `runs` (0-based)
  Verdict verdict;
  const Baseline* baseline = nullptr;  // what the check was compared with
  // Since the baseline: its host and datastore where they differ, then the storage stack's fields.
  std::vector<std::string> fingerprint_changes;
  std::optional<std::string> baseline_mismatch;  // the recorded workload differs: a failure
  double fail_fast_elapsed_s = -1;               // when fail-fast stopped a run: its elapsed time
  bool budget_spent = false;                     // runs stopped undecided at the check's budget
  // A shortfall weighed again after a pause (verdicts/confirmation.hpp): `verdict` and
  // `result` are then the second sample's, and `runs` hold both samples, the first one's first.
  std::optional<ConfirmationRecord> confirmation;
  // When a baseline was recorded instead of judged: how it went (`runs`: the recording kept).
  std::optional<BaselineRecording> recording;
};

// A pause between two samples: how long, the sentence that announces it (after the check's name:
// "a shortfall in the first sample; a second one after a 30.00s pause confirms it or not"), and
// what an interruption during it names ("pausing before the sample that confirms a shortfall").
struct Pause {
  Nanoseconds length{};
  std::string why;
  std::string doing;
};

struct JudgeOptions {
  const Baseline* baseline = nullptr;
  // Where the check runs, compared with where the baseline was recorded (baseline_provenance):
  // this host's hostname and the datastore as given.
  std::string host;
  std::string datastore;
  // A baseline of another host, datastore or filesystem is an error, not a named difference.
  bool strict_baseline = false;
  int repeat = 0;      // 0: the check's own `repeat`
  int repeat_max = 0;  // 0: the check's own `repeat_max`
  // Called once per run for a fresh backend (tests inject slowed fakes); empty: the spec's engine.
  std::function<std::unique_ptr<IoBackend>()> make_backend;
  IntervalHook on_interval;  // progress display; runs before fail-fast's
  // Called before every run but the first; CheckSession::judge gives the test file its layout
  // back there (restore_layout), when nothing else is set.
  std::function<void()> before_rerun;
  // The pause before a confirming sample or a recording made again; empty: pause_unless_stopped()
  // (the runner announces it first, tests pass their own).
  std::function<void(const Pause&)> pause;
  // Record a baseline instead of judging (record_until_pinned).
  std::optional<RecordingPlan> recording;
};

}  // namespace iogate
