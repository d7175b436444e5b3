// One check on one datastore: the scratch area and its preallocated test file, the storage stack
// under it, the run and its verdict. The GoogleTest fixture and `iogate check` both drive checks
// through this class, so a check behaves the same under ctest and without it.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "iogate/engine/engine.hpp"
#include "iogate/reports/check_record.hpp"
#include "iogate/thresholds/threshold_file.hpp"
#include "iogate/verdicts/verdict.hpp"

namespace iogate {

struct CheckOutcome {
  RunResult result;
  Verdict verdict;
};

class CheckSession {
 public:
  // Refuses with InsufficientSpace before writing anything when the datastore lacks room.
  CheckSession(const Check& check, const std::filesystem::path& datastore);

  const Check& check() const { return check_; }
  const StorageStack& storage_stack() const { return stack_; }
  const std::filesystem::path& test_file() const { return test_file_; }

  CheckOutcome run(RunOptions options = {}) const;

  // Removes the scratch area now (also done on destruction).
  void finish() { scratch_.remove(); }

 private:
  const Check& check_;
  ScratchArea scratch_;
  StorageStack stack_;
  std::filesystem::path test_file_;
};

// Where checks write: --datastore if given, else $IOGATE_DATASTORE, else `fallback` (the
// build-tree default compiled into suites and the CLI).
std::filesystem::path resolve_datastore(const std::optional<std::string>& flag,
                                        const std::filesystem::path& fallback);

// The record of a run's place and time: version, host, UTC start, datastore and its storage stack.
RunContext describe_run(std::string suite, const std::filesystem::path& datastore);

// The record writers format, from a judged run of `check`.
CheckRecord make_check_record(const std::string& suite, const Check& check,
                              const CheckOutcome& outcome);

}  // namespace iogate
