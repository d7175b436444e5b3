#include "iogate/runner/check_runner.hpp"

#include "common/platform_fallbacks.hpp"
#include "common/utc_time.hpp"
#include "run_host.hpp"
#include "seconds_since.hpp"

#include <chrono>
#include <ctime>
#include <ostream>

#include <fmt/format.h>

#include "check_session.hpp"
#include "common/interrupt.hpp"
#include "engine/io_error.hpp"
#include "layout_pool.hpp"
#include "outcome_records.hpp"
#include "preflight.hpp"
#include "progress_meter.hpp"
#include "results/result_json.hpp"

namespace iogate {

TableRow FinishedCheck::row() const {
  if (outcome) return table_row(record.check, outcome->result, record.status);
  // An I/O error keeps what was measured before it (its record's result).
  if (record.result.ios() > 0) return table_row(record.check, record.result, record.status);
  return TableRow{record.check, 0, 0, 0, 0, 0, started ? "ERROR" : "NOT RUN"};
}

CheckRunner::CheckRunner(RunnerSettings settings)
    : settings_(std::move(settings)), host_label_(resolve_host_label(settings_.host_label)) {
  pin();
}

CheckRunner::~CheckRunner() = default;

void CheckRunner::pin() {
  if (pinned_) return;
  if (const detail::DirIdentity dir = detail::identify_dir(settings_.datastore.dir); dir.found)
    pinned_ = Pinned{dir.device, dir.file_id};
}

std::string CheckRunner::refusal() const {
  if (const int sig = stop_requested(); sig != 0) return not_run_reason(sig);
  if (!pinned_) return "";
  const std::filesystem::path& dir = settings_.datastore.dir;
  const detail::DirIdentity now = detail::identify_dir(dir);
  if (!now.found) return "error: not run: cannot stat " + dir.string() + ": " + now.error;
  if (now.device != pinned_->device || now.file_id != pinned_->file_id)
    return "error: not run: " + dir.string() +
           " is no longer the directory this run started on (unmounted or replaced)";
  return "";
}

void CheckRunner::preflight(const std::vector<Check>& checks) const {
  // A backend of the caller's (a test's) stands in for every engine: the host's do not matter.
  StrictBaseline strict;
  if (settings_.strict_baseline && settings_.baseline)
    strict = {&*settings_.baseline, detail::host_name()};
  iogate::preflight(checks, settings_.datastore, !settings_.make_backend, strict);
}

FinishedCheck CheckRunner::run(const Check& check, const ThresholdFile* file) {
  const auto started = std::chrono::steady_clock::now();
  const auto started_at = std::chrono::system_clock::now();
  const detail::FallbackWindow fallbacks;
  FinishedCheck report;
  if (const std::string reason = refusal(); !reason.empty()) {
    report.record = make_error_record(settings_.suite, check, check.name + ": " + reason);
    report.context = describe_run(settings_.suite, settings_.datastore.dir, host_label_);
  } else {
    report = run_in_scratch_area(check, file ? with_file_demands(settings_.datastore.policy, *file)
                                             : settings_.datastore.policy);
    pin();
  }
  if (pool_) {
    // The last check of a shared file removes it here: that removal is this check's cleanup.
    const auto releasing = std::chrono::steady_clock::now();
    pool_->release(check);
    if (report.record.cleanup_s) *report.record.cleanup_s += seconds_since(releasing);
  }
  report.record.wall_s = seconds_since(started);
  report.record.start_time = detail::utc_millis(started_at);
  report.record.end_time = detail::utc_millis(std::chrono::system_clock::now());
  report.record.fallbacks = fallbacks.noted();
  write_json(report);
  return report;
}

FinishedCheck CheckRunner::run_in_scratch_area(const Check& check, const DatastorePolicy& policy) {
  FinishedCheck report;
  report.started = true;
  report.context = describe_run(settings_.suite, settings_.datastore.dir, host_label_);
  // Outside the try: after an error, removing the scratch area is tried once more and a failure
  // to do so goes into the record, not only to stderr.
  std::optional<CheckSession> session;
  try {
    open_session(check, policy, session);  // its errors name the datastore
    report.context.stack = session->storage_stack();
    JudgeOptions options;
    options.baseline = settings_.baseline ? &*settings_.baseline : nullptr;
    options.host = report.context.host;
    options.datastore = settings_.datastore.dir.string();
    options.strict_baseline = settings_.strict_baseline;
    options.repeat = settings_.repeat;
    options.repeat_max = settings_.repeat_max;
    options.make_backend = settings_.make_backend;
    options.recording = settings_.recording;
    std::optional<ProgressMeter> progress;
    if (settings_.progress != nullptr) {
      progress.emplace(*settings_.progress, settings_.progress_tty, check.name, check.workload);
      options.on_interval = [&progress](const RunResult& r) { return progress->update(r); };
      // Half a minute or more of silence would look like a hang.
      options.pause = [&](const Pause& pause) {
        progress->note(pause.why);
        pause_unless_stopped(pause);
      };
    }
    report.outcome = session->judge(options);
    if (progress) progress->finish();
    report.record = make_check_record(settings_.suite, check, *report.outcome);
  } catch (const IoError& e) {
    // The device failed mid-run: the error, and how far it got before (io_error.hpp).
    const RunResult& partial = e.partial();
    report.outcome.reset();
    report.record = make_error_record(
        settings_.suite, check,
        fmt::format("{}: error: {}; measured before it: {} I/Os, {:.2f} MiB in {:.3f} s",
                    check.name, e.what(), partial.ios(),
                    static_cast<double>(partial.bytes()) / (1 << 20), partial.elapsed_s));
    report.record.result = partial;
  } catch (const std::exception& e) {
    report.outcome.reset();
    report.record = make_error_record(settings_.suite, check, check.name + ": error: " + e.what());
  }
  if (session) {
    report.record.layout_s = session->layout_s();
    if (session->laid_out_for() != check.name)
      report.record.layout_reused_from = session->laid_out_for();
  }
  try {
    const auto removing = std::chrono::steady_clock::now();
    if (session) {
      session->finish();
      report.record.cleanup_s = seconds_since(removing);
    }
  } catch (const std::exception& e) {
    // The datastore must hold nothing of ours afterwards; when it does, the record says so.
    CheckRecord& record = report.record;
    if (record.status == CheckStatus::error) {
      record.messages.back() += std::string("; scratch area left in place: ") + e.what();
    } else {
      if (record.status != CheckStatus::fail) record.status = CheckStatus::error;
      record.messages.push_back(check.name + ": error: scratch area left in place: " + e.what());
    }
  }
  return report;
}

void CheckRunner::plan(const std::vector<Check>& checks) {
  if (settings_.share_layouts) pool().plan(checks);
}

LayoutPool& CheckRunner::pool() {
  if (!pool_) {
    std::optional<RunSharing> run;
    if (settings_.share_layouts_with != 0)
      run = RunSharing{settings_.share_layouts_with, settings_.suite};
    pool_ = std::make_unique<LayoutPool>(settings_.datastore.dir, std::move(run));
  }
  return *pool_;
}

void CheckRunner::release_layouts() {
  if (pool_) pool_->clear();
}

void CheckRunner::open_session(const Check& check, const DatastorePolicy& policy,
                               std::optional<CheckSession>& session) {
  if (settings_.share_layouts && shared_layout_key(check) && pool().shares(check)) {
    session.emplace(check, settings_.datastore.dir, pool_->acquire(check, policy));
    return;
  }
  try {
    session.emplace(check, settings_.datastore.dir, policy);
  } catch (const InsufficientSpace&) {
    // The files kept for later checks take the room this check's own file needs: they go, and
    // are laid out again when a check needs one.
    // (With a run's processes sharing, files kept by earlier ones may be what takes the room.)
    const bool run_keeps_files = settings_.share_layouts && settings_.share_layouts_with != 0;
    if (!run_keeps_files && (!pool_ || pool_->files() == 0)) throw;
    pool().clear(policy);
    session.emplace(check, settings_.datastore.dir, policy);
  }
}

void CheckRunner::write_json(FinishedCheck& report) const {
  if (settings_.json_dir.empty()) return;
  const std::filesystem::path path = settings_.json_dir / (report.record.check + ".json");
  try {
    write_json_file(path, check_to_json(report.record, report.context));
  } catch (const std::exception& e) {
    report.unwritten.push_back(report.record.check + ": result not written to " + path.string() +
                               ": " + e.what());
  }
}

}  // namespace iogate
