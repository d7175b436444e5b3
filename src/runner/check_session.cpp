#include "iogate/runner/check_session.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <ctime>

namespace iogate {

CheckSession::CheckSession(const Check& check, const std::filesystem::path& datastore)
    : check_(check), scratch_(datastore, space_needed(check)) {
  stack_ = read_storage_stack(scratch_.dir());
  const auto fill =
      check.workload.read_pct > 0 ? ScratchArea::Fill::write : ScratchArea::Fill::allocate;
  test_file_ = scratch_.preallocate(check.name + ".dat", check.workload.file_size, fill);
}

CheckOutcome CheckSession::run(RunOptions options) const {
  CheckOutcome outcome;
  outcome.result = run_workload(check_.workload, test_file_, std::move(options));
  outcome.verdict = evaluate(check_, outcome.result);
  return outcome;
}

std::filesystem::path resolve_datastore(const std::optional<std::string>& flag,
                                        const std::filesystem::path& fallback) {
  if (flag && !flag->empty()) return *flag;
  if (const char* env = std::getenv("IOGATE_DATASTORE"); env && *env) return env;
  return fallback;
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
  record.status = outcome.verdict.passed() ? CheckStatus::pass : CheckStatus::fail;
  for (const Shortfall& s : outcome.verdict.shortfalls)
    record.messages.push_back(failure_line(check, outcome.result, s));
  record.workload = check.workload;
  record.result = outcome.result;
  return record;
}

}  // namespace iogate
