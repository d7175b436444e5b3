#include "check_test.hpp"

#include <fmt/format.h>

#include <chrono>
#include <iostream>

#include "iogate/reports/iometer_table.hpp"
#include "iogate/reports/result_json.hpp"

namespace iogate {

CheckTest::CheckTest(std::string suite, const Check& check, std::filesystem::path datastore,
                     std::filesystem::path report_dir)
    : DatastoreFixture(check, std::move(datastore)),
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

void CheckTest::TestBody() {
  const auto started = std::chrono::steady_clock::now();
  const CheckOutcome outcome = session().run();
  const RunResult& r = outcome.result;
  record_figures(r);

  CheckRecord record = make_check_record(suite_, check(), outcome);
  RunContext context = describe_run(suite_, datastore());
  context.stack = session().storage_stack();
  std::cout << table_header() << '\n'
            << table_row_line(table_row(check().name, r, record.status)) << '\n';
  record.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (!report_dir_.empty())
    write_json_file(report_dir_ / suite_ / (check().name + ".json"),
                    check_to_json(record, context));

  for (const std::string& line : record.messages) ADD_FAILURE() << line;
}

}  // namespace iogate
