#include "iogate/runner/check_session.hpp"

#include <cstdlib>

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

}  // namespace iogate
