// A check written by hand in a user's project, built against the installed headers alone: the
// fixture, the builder and the matchers, and a report writer given the check's record.
#include <gmock/gmock.h>

#include <sstream>

#include "iogate/fixtures/check_fixture.hpp"
#include "iogate/fixtures/matchers.hpp"
#include "iogate/reports/report_formats.hpp"

namespace {

class Gate : public iogate::CheckFixture {};

TEST_F(Gate, tiny_read_code) {
  const iogate::FinishedCheck& report = run(iogate::CheckBuilder()
                                                .workload("block_size", "64KiB")
                                                .workload("read", "100%")
                                                .workload("size", "8MiB")
                                                .workload("file_size", "8MiB")
                                                .expect("mbps_min", 0.001));
  EXPECT_THAT(report, iogate::Passes());
  std::ostringstream summary;
  iogate::write_report(*iogate::make_markdown_writer(summary),
                       iogate::RunRecord{report.context, {report.record}});
  EXPECT_THAT(summary.str(), testing::HasSubstr("tiny_read_code"));
}

}  // namespace
