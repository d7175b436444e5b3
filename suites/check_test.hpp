// The GoogleTest test a suite registers for each [[check]] of its threshold files.
//
// Every check leaves its per-check JSON (<report dir>/<suite>/<check>.json) for the merge step,
// also when it produced no result: a set-up that failed, an exception from the run, and a run
// stopped by SIGINT/SIGTERM are recorded with status error and the reason; a check that was not
// started because a stop had been requested, as error "not run: interrupted by SIGTERM". The
// GoogleTest test fails with the same message, so ctest, GoogleTest's own XML and iogate's reports
// agree. The suite's main re-raises the signal after RUN_ALL_TESTS has written everything.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "iogate/fixtures/datastore_fixture.hpp"

namespace iogate {

class CheckTest : public DatastoreFixture {
 public:
  CheckTest(std::string suite, const Check& check, std::filesystem::path datastore,
            DatastorePolicy policy, std::filesystem::path report_dir);
  void SetUp() override;
  void TestBody() override;

  // How every check of this process is judged (the baseline, a repeat override): set once by main
  // before the tests run; the options must outlive them.
  static void set_judge_options(const JudgeOptions* options) { judge_options_ = options; }

 private:
  void record_figures(const RunResult& result);
  void judge_and_report();
  // Writes the per-check JSON of a check without a result; `message` starts with the check name.
  void write_error_record(const std::string& message);
  void write_record(CheckRecord record, const RunContext& context);

  std::string suite_;
  std::filesystem::path report_dir_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  static inline const JudgeOptions* judge_options_ = nullptr;
};

}  // namespace iogate
