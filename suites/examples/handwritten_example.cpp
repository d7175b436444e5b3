// An iogate suite written by hand: checks as GoogleTest tests on iogate::CheckFixture, built into
// the suite `handwritten_example` by
//
//   iogate_add_suite(handwritten_example SOURCES examples/handwritten_example.cpp
//                    THRESHOLDS thresholds/handwritten-example.toml)
//
// Each test is one check named after the test, and runs like a generated one: on the suite's
// datastore, against its baseline, repeated while undecided, recorded in the same JSON and JUnit
// figures and merged into the same reports.
#include <gmock/gmock.h>

#include "iogate/fixtures/check_fixture.hpp"
#include "iogate/fixtures/matchers.hpp"

namespace {

class Datastore : public iogate::CheckFixture {};

// The threshold file's rand_read_4k_file, run by name, with one more bound written here.
TEST_F(Datastore, rand_read_4k_file) {
  const iogate::FinishedCheck& report = run();
  EXPECT_THAT(report, iogate::IopsAtLeast(20));
}

// rand_read_4k_file again, in C++: the same workload, bounds and repeats, hence the same record
// (e2e.handwritten_records compares the two).
TEST_F(Datastore, rand_read_4k_code) {
  run(iogate::CheckBuilder()
          .description("4 KiB random reads, queue depth 4, 2 s: the same check as "
                       "rand_read_4k_file")
          .repeat(2)
          .workload("file_size", "32MiB")
          .workload("direct", true)
          .workload("block_size", "4KiB")
          .workload("read", "100%")
          .workload("random", "100%")
          .workload("queue_depth", 4)
          .workload("duration", "2s")
          .expect("iops_min", 50)
          .expect("latency_p99_max", "500ms"));
}

// A check whose bounds live in matchers only would not be a check: the builder's bound makes
// the runner judge (and repeat for) it; the matchers add bounds judged on the same runs.
TEST_F(Datastore, seq_write_64k) {
  const iogate::FinishedCheck& report = run(iogate::CheckBuilder()
                                                .workload("block_size", "64KiB")
                                                .workload("read", "0%")
                                                .workload("size", "16MiB")
                                                .workload("file_size", "16MiB")
                                                .workload("flush", "end")
                                                .expect("mbps_min", 2));
  EXPECT_THAT(report, iogate::Passes());
  EXPECT_THAT(report, iogate::MbpsAtLeast(1));
  EXPECT_THAT(report, iogate::LatencyPercentileAtMost(99, 1000.0));
}

}  // namespace
