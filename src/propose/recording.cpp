// Reading a known-good recording (recording.hpp) from a baseline or from results.
#include "recording.hpp"

#include <fmt/format.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "common/json_input.hpp"
#include "common/read_file.hpp"
#include "iogate/baseline/baseline.hpp"
#include "results/json_fields.hpp"
#include "results/result_reader.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// As the baseline and results readers' own limits: only a mistyped path is refused by it.
constexpr std::uint64_t kMaxRecordingBytes = 256ULL << 20;

// A NaN sample is a run that has no such figure (no I/O completed): nothing to propose from.
bool any_nan(const MetricSamples& samples) {
  for (const auto& [key, values] : samples)
    for (double v : values)
      if (std::isnan(v)) return true;
  return false;
}

Recording from_baseline(const Baseline& b, const fs::path& path) {
  Recording r;
  r.source = path;
  r.kind = "baseline";
  r.iogate_version = b.iogate_version;
  r.host = b.host;
  r.recorded_at = b.recorded_at;
  r.datastore = b.datastore;
  r.stack = b.fingerprint;
  for (const BaselineCheck& c : b.checks) {
    RecordedCheck out;
    out.name = c.name;
    try {
      out.workload = workload_from_json(c.workload, "workload");
    } catch (const json::exception& e) {
      throw RecordingError(
          fmt::format("{}: checks.{}.workload: {}", path.string(), c.name, e.what()));
    } catch (const ReadBackError& e) {  // already says where below the workload
      throw RecordingError(fmt::format("{}: checks.{}.{}", path.string(), c.name, e.what()));
    }
    out.samples = c.samples;
    out.measured_at = b.recorded_at;
    if (!c.completed)
      out.unusable = "a run was cut short (completed: false), so its figures are not the storage's";
    else if (any_nan(c.samples))
      out.unusable = "a run has no figures (no I/O completed)";
    r.checks.push_back(std::move(out));
  }
  return r;
}

RecordedCheck from_record(const CheckRecord& c) {
  RecordedCheck out;
  out.name = c.check;
  out.description = c.description;
  out.workload = c.workload;
  out.measured_at = c.start_time;
  out.datastore = c.datastore;
  out.status = status_name(c.status);
  const std::vector<RunResult> runs =
      c.repeats.empty() ? std::vector<RunResult>{c.result} : c.repeats;
  Check check;
  check.name = c.check;
  check.workload = c.workload;
  out.samples = baseline_samples(check, runs);  // the same figures a baseline keeps
  if (c.status == CheckStatus::error || c.status == CheckStatus::skipped) {
    out.unusable = fmt::format("it {} in that run{}",
                               c.status == CheckStatus::error ? "ended in an error" : "was skipped",
                               c.messages.empty() ? "" : ": " + c.messages.front());
    return out;
  }
  for (const RunResult& run : runs)
    if (!run.completed)
      out.unusable = "a run was cut short (stopped early), so its figures are not the storage's";
  if (out.unusable.empty() && any_nan(out.samples))
    out.unusable = "a run has no figures (no I/O completed)";
  return out;
}

Recording from_results(const RunRecord& report, const fs::path& path) {
  Recording r;
  r.source = path;
  r.kind = "results";
  r.suite = report.context.suite;
  r.iogate_version = report.context.iogate_version;
  r.host = report.context.host;
  r.recorded_at = report.context.started_at;
  r.datastore = report.context.datastore;
  r.stack = report.context.stack;
  for (const CheckRecord& c : report.checks) {
    r.checks.push_back(from_record(c));
    if (r.checks.back().measured_at.empty()) r.checks.back().measured_at = r.recorded_at;
  }
  return r;
}

}  // namespace

Recording load_recording(const fs::path& path) {
  std::error_code ec;
  Recording r;
  try {
    if (fs::is_directory(path, ec)) {
      r = from_results(read_results_at(path), path);
      if (r.checks.empty())
        throw RecordingError(fmt::format(
            "{}: no iogate check results in this directory (expected the <check>.json files "
            "`iogate check --json-dir` or a ctest suite writes, or a results.json)",
            path.string()));
      return r;
    }
    const std::string text = read_regular_file(path, kMaxRecordingBytes, "a baseline or results");
    const json doc = parse_json_input(text, path.string());  // its error names the file
    const json* stated = doc.is_object() && doc.contains("format") ? &doc.at("format") : nullptr;
    const std::string format =
        stated != nullptr && stated->is_string() ? stated->get<std::string>() : "";
    if (format == "iogate-baseline") {
      r = from_baseline(baseline_from_json(doc, path), path);
    } else if (format == "iogate-results" || format == "iogate-check") {
      r = from_results(read_results_text(text, path), path);  // the bytes just read, not again
    } else {
      throw RecordingError(fmt::format(
          "{}: format: expected \"iogate-baseline\" (iogate baseline record), \"iogate-results\" "
          "or \"iogate-check\" (iogate check --json, --json-dir), got {}",
          path.string(), value_kind(stated)));
    }
  } catch (const RecordingError&) {
    throw;
  } catch (const std::exception& e) {
    // BaselineError, FileReadError and the results reader's errors all name the file already.
    throw RecordingError(e.what());
  }
  if (r.checks.empty())
    throw RecordingError(
        fmt::format("{}: no checks recorded: nothing to propose from", path.string()));
  return r;
}

}  // namespace iogate
