#include "iogate/runner/check_session.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <string_view>

namespace iogate {

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
  const auto fill =
      check.workload.read_pct > 0 ? ScratchArea::Fill::write : ScratchArea::Fill::allocate;
  scratch_.preallocate(test_file_.name(), check.workload.file_size, fill);
}

CheckOutcome CheckSession::run(RunOptions options) const {
  CheckOutcome outcome;
  outcome.result = run_workload(check_.workload, test_file_, std::move(options));
  outcome.runs = {outcome.result};
  outcome.verdict = evaluate(check_, outcome.result);
  return outcome;
}

namespace {

bool env_on(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && std::string_view(value) == "1";
}

}  // namespace

DatastoreChoice resolve_datastore(const DatastoreFlags& flags,
                                  const std::filesystem::path& fallback, bool create_fallback) {
  DatastoreChoice choice;
  if (flags.dir && !flags.dir->empty()) {
    choice.dir = *flags.dir;
  } else if (const char* env = std::getenv("IOGATE_DATASTORE"); env && *env) {
    choice.dir = env;
  } else if (!fallback.empty()) {
    choice.dir = fallback;
    choice.policy.create_if_missing = create_fallback;
  } else {
    throw DatastoreError(
        "no datastore named: pass --datastore DIR or set IOGATE_DATASTORE=DIR, an existing "
        "directory on the storage under test (iogate measures whatever disk holds it)");
  }
  choice.policy.allow_shared = flags.allow_shared || env_on("IOGATE_ALLOW_SHARED_DATASTORE");
  choice.policy.require_mount = flags.require_mount || env_on("IOGATE_REQUIRE_MOUNT");
  return choice;
}

std::filesystem::path resolve_baseline(const std::optional<std::string>& flag,
                                       const std::filesystem::path& fallback) {
  if (flag && !flag->empty()) return *flag;
  if (const char* env = std::getenv("IOGATE_BASELINE"); env && *env) return env;
  return fallback;
}

std::optional<Baseline> load_named_baseline(const std::filesystem::path& file) {
  if (file.empty()) return std::nullopt;
  try {
    return load_baseline(file);
  } catch (const BaselineError& e) {
    throw BaselineError(
        fmt::format("baseline {}: record it with `iogate baseline record`, or name an existing one "
                    "(--baseline, IOGATE_BASELINE or the suite's BASELINE)",
                    e.what()));
  }
}

RunContext describe_run(std::string suite, const std::filesystem::path& datastore) {
  RunContext context;
  context.iogate_version = IOGATE_VERSION;
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) == 0) context.host = host;
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);
  context.started_at = stamp;
  context.suite = std::move(suite);
  context.datastore = datastore.string();
  return context;
}

CheckRecord make_check_record(const std::string& suite, const Check& check,
                              const CheckOutcome& outcome) {
  CheckRecord record;
  record.suite = suite;
  record.check = check.name;
  record.description = check.description;
  record.workload = check.workload;
  record.result = outcome.result;
  if (outcome.runs.size() > 1) record.repeats = outcome.runs;
  record.fingerprint_changes = outcome.fingerprint_changes;
  record.runs = static_cast<int>(outcome.runs.size());
  record.runs_allowed = outcome.verdict.runs_allowed;
  for (const Judgement& j : outcome.verdict.judgements)
    record.expectations.push_back(
        {j.expectation->key, decision_name(j.decision), describe_interval(j)});
  for (const Comparison& c : outcome.verdict.compared)
    record.baseline.push_back({c.expectation->key, c.baseline, c.current});
  if (outcome.baseline_mismatch) {
    record.status = CheckStatus::fail;
    record.messages.push_back(check.name + ": " + *outcome.baseline_mismatch);
    return record;
  }
  const Verdict& v = outcome.verdict;
  // Against a baseline a failure says how far off it is and what changed underneath since.
  std::string changed;
  for (const std::string& c : outcome.fingerprint_changes) changed += "; " + c;
  for (const Shortfall& s : v.shortfalls) {
    std::string line = failure_line(check, outcome.result, s, v.runs_allowed);
    for (const Comparison& c : v.compared) {
      if (c.expectation == s.expectation && c.baseline != 0)
        line += fmt::format("; {} {:+.0f}% vs baseline", check.name,
                            (c.current / c.baseline - 1.0) * 100.0);
    }
    if (outcome.baseline != nullptr && !changed.empty())
      line += "; changed since the baseline" + changed.substr(1);
    record.messages.push_back(std::move(line));
  }
  if (!v.shortfalls.empty()) {
    record.status = CheckStatus::fail;
  } else if (!v.unstable.empty()) {
    record.status = CheckStatus::unstable;
    for (const std::string& u : v.unstable)
      record.messages.push_back(check.name + ": unstable: " + u +
                                (outcome.budget_spent ? " (budget spent)" : ""));
    if (!check.unstable_fails) record.status = CheckStatus::skipped;
  } else if (v.skipped) {
    record.status = CheckStatus::skipped;
    record.messages.push_back(check.name + ": skipped: " + *v.skipped);
  } else {
    record.status = CheckStatus::pass;
  }
  return record;
}

}  // namespace iogate
