#include "check_test.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <chrono>
#include <iostream>
#include <string_view>

#include "iogate/interrupt.hpp"
#include "iogate/reports/figures.hpp"
#include "iogate/reports/iometer_table.hpp"
#include "iogate/reports/progress_meter.hpp"
#include "iogate/reports/result_json.hpp"

namespace iogate {

CheckTest::CheckTest(std::string suite, const Check& check, std::filesystem::path datastore,
                     DatastorePolicy policy, std::filesystem::path report_dir)
    : DatastoreFixture(check, std::move(datastore), policy),
      suite_(std::move(suite)),
      report_dir_(std::move(report_dir)) {}

void CheckTest::record_figures(const RunResult& r) {
  auto put = [this](const char* key, double v) { RecordProperty(key, fmt::format("{:.6g}", v)); };
  put("iops", r.iops());
  put("mbps", r.mbps());
  put("bytes", static_cast<double>(r.bytes()));
  put("ios", static_cast<double>(r.ios()));
  put("lat_avg_ms", r.lat_avg_ms());
  put("lat_max_ms", r.lat_max_ms());
  put("lat_p99_ms", r.lat_percentile_ms(99));
  put("cpu_pct", r.cpu_process_pct);
  put("cpu_system_pct", r.cpu_system_pct);
  put("duration_s", r.elapsed_s);
  RecordProperty("engine", r.engine);
}

void CheckTest::SetUp() {
  started_ = std::chrono::steady_clock::now();
  if (const int sig = stop_requested(); sig != 0) {
    const std::string message = check().name + ": " + not_run_reason(sig);
    write_error_record(message);
    GTEST_FAIL() << message;
  }
  DatastoreFixture::SetUp();
  if (!HasFatalFailure()) return;
  // The fixture's failure says why (no room, interrupted while preallocating ...).
  const ::testing::TestResult* result =
      ::testing::UnitTest::GetInstance()->current_test_info()->result();
  const int parts = result->total_part_count();
  std::string message = parts > 0 ? result->GetTestPartResult(parts - 1).message()
                                  : check().name + ": cannot set up the datastore";
  constexpr std::string_view kPrefix = "Failed\n";  // what GTEST_FAIL() puts before the text
  if (message.starts_with(kPrefix)) message.erase(0, kPrefix.size());
  write_error_record(message);
}

void CheckTest::TestBody() {
  try {
    judge_and_report();
  } catch (const std::exception& e) {
    // Interrupted (SIGINT/SIGTERM) lands here like any other error: the scratch area goes with
    // TearDown, the process dies of the signal once RUN_ALL_TESTS has written its output.
    const std::string message = check().name + ": error: " + e.what();
    std::cout << message << '\n';
    write_error_record(message);
    ADD_FAILURE() << message;
  }
}

void CheckTest::write_error_record(const std::string& message) {
  CheckRecord record;
  record.suite = suite_;
  record.check = check().name;
  record.description = check().description;
  record.workload = check().workload;
  record.status = CheckStatus::error;
  record.messages.push_back(message);
  try {
    write_record(std::move(record), describe_run(suite_, datastore()));
  } catch (const std::exception& e) {
    ADD_FAILURE() << check().name << ": " << e.what();
  }
}

void CheckTest::write_record(CheckRecord record, const RunContext& context) {
  record.wall_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  if (!report_dir_.empty())
    write_json_file(report_dir_ / suite_ / (check().name + ".json"),
                    check_to_json(record, context));
}

void CheckTest::judge_and_report() {
  JudgeOptions options = judge_options_ ? *judge_options_ : JudgeOptions{};
  ProgressMeter progress(std::cout, isatty(STDOUT_FILENO) == 1, check().name, check().workload);
  if (!options.on_interval)
    options.on_interval = [&progress](const RunResult& so_far) { return progress.update(so_far); };
  const CheckOutcome outcome = session().judge(options);
  progress.finish();
  const RunResult& r = outcome.result;
  record_figures(r);

  CheckRecord record = make_check_record(suite_, check(), outcome);
  RunContext context = describe_run(suite_, datastore());
  context.stack = session().storage_stack();
  std::cout << table_header() << '\n'
            << table_row_line(table_row(check().name, r, record.status)) << '\n'
            << ctest_measurements(r);  // named figures for `ctest -T Test` and CDash
  for (const std::string& line : evidence_lines(record)) std::cout << "  " << line << '\n';
  try {
    write_record(record, context);
  } catch (const std::exception& e) {
    // The check has its verdict: one failure line for the lost result file, not a second
    // "error" record that hides the verdict (and fails to be written in turn).
    ADD_FAILURE() << check().name << ": result not written: " << e.what();
  }

  // A skip (a relative bound with no baseline to compare with) shows as skipped in ctest; an
  // unstable check fails with its reason: it is not a pass.
  if (record.status == CheckStatus::skipped) {
    for (const std::string& line : record.messages) std::cout << line << '\n';
    GTEST_SKIP() << (record.messages.empty() ? "" : record.messages.front());
  }
  for (const std::string& line : record.messages) ADD_FAILURE() << line;
}

}  // namespace iogate
