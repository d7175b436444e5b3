// The failure line as a check's record carries it, beside the table row a log prints above it: a
// reader who finds one number in the line and another in the row must see which is which, and two
// run counts side by side must count the same runs.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>

#include "iogate/results/iometer_table.hpp"
#include "iogate/verdicts/verdict.hpp"
#include "iogate_test/synthetic_runs.hpp"
#include "runner/outcome_records.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

Check floor_check() {
  Check c;
  c.name = "rand_read_8k";
  c.expectations = {{"iops_min", Metric::iops, BoundKind::min, 0, AbsoluteBound{70000}}};
  return c;
}

// A shortfall confirmed after a pause: a first sample of 6 runs, then a second of 8 whose verdict
// stands, its runs at 62,000 to 65,500 IOPS. Eight runs have no middle one: the verdict's median
// lies between the 4th and 5th, and the row shows the 4th, as the runner picks it (adopt()).
CheckOutcome confirmed_shortfall(const Check& check) {
  CheckOutcome outcome;
  for (int i = 0; i < 6; ++i) outcome.runs.push_back(test::run_at_iops(60000 + 500.0 * i));
  std::vector<RunResult> second;
  for (int i = 0; i < 8; ++i) second.push_back(test::run_at_iops(62000 + 500.0 * i));
  const RunPlan plan{3, 12};
  outcome.verdict = evaluate(check, second, collect_samples(check, second), nullptr, plan);
  outcome.runs.insert(outcome.runs.end(), second.begin(), second.end());
  outcome.shown_run = 6 + 3;
  outcome.result = outcome.runs[outcome.shown_run];
  ConfirmationRecord c;
  c.outcome = "persisted";
  c.first_runs = 6;
  c.pause_s = 30;
  outcome.confirmation = c;
  return outcome;
}

TEST(FailureLine, NamesItsStatisticAndGivesTheRowsOwnFigure) {
  const Check check = floor_check();
  const CheckOutcome outcome = confirmed_shortfall(check);
  ASSERT_EQ(outcome.verdict.shortfalls.size(), 1u);
  const CheckRecord record = make_check_record("unit", check, outcome);
  ASSERT_EQ(record.status, CheckStatus::fail);
  const std::string& line = record.messages.at(0);
  // The verdict's figure, with what it is, where the line leads.
  EXPECT_THAT(line, HasSubstr("rand_read_8k: iops 63750.00 IOPS (median of 8 runs) < iops_min"));
  // The row's figure, in the row's own digits, named as the row's.
  const std::string row = table_row_line(table_row(record.check, record.result, record.status));
  ASSERT_THAT(row, HasSubstr("63500.00"));
  EXPECT_THAT(line,
              HasSubstr("the table's row, run 4 of the second sample's 8: iops 63500.00 IOPS"));
}

TEST(FailureLine, ItsRunCountsCountTheSameRuns) {
  const Check check = floor_check();
  const CheckRecord record = make_check_record("unit", check, confirmed_shortfall(check));
  const std::string& line = record.messages.at(0);
  std::smatch m;
  ASSERT_TRUE(std::regex_search(
      line, m,
      std::regex(R"(after (\d+) of (\d+) runs; .*run (\d+) of the second sample's (\d+):)")))
      << line;
  EXPECT_EQ(m[1].str(), m[4].str())
      << "the judged runs and the runs the row is counted among: " << line;
  EXPECT_LE(std::stoi(m[3].str()), std::stoi(m[4].str())) << line;
  EXPECT_EQ(std::stoi(m[1].str()), record.runs) << line;
}

}  // namespace
}  // namespace iogate
