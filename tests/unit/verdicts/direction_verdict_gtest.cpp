// Bounds on one direction of a mixed workload (read_iops_min, write_latency_p99_max): judged on
// that direction's figures by the same evidence as the run's, and said so when they break.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "iogate/verdicts/verdict.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

Expectation bound(std::string key, Metric metric, BoundKind kind, double value,
                  std::optional<IoDirection> direction, double percentile = 0) {
  return Expectation{std::move(key), metric, kind, percentile, AbsoluteBound{value}, direction};
}

// One second of a 70/30 mix: 700 reads of 8 KiB at 1 ms, 300 writes at 20 ms.
RunResult mixed_run() {
  RunResult r;
  r.ios_read = 700;
  r.bytes_read = 700 * 8192;
  r.ios_written = 300;
  r.bytes_written = 300 * 8192;
  r.elapsed_s = 1.0;
  for (int i = 0; i < 700; ++i) r.read_latency.record(1'000'000);
  for (int i = 0; i < 300; ++i) r.write_latency.record(20'000'000);
  r.merge_direction_latencies();
  return r;
}

TEST(DirectionVerdict, SampleKeysNameTheDirection) {
  EXPECT_EQ(sample_key(bound("read_iops_min", Metric::iops, BoundKind::min, 1, IoDirection::read)),
            "read_iops");
  EXPECT_EQ(sample_key(bound("write_latency_p99_9_max", Metric::latency_percentile, BoundKind::max,
                             1, IoDirection::write, 99.9)),
            "write_latency_p99.9_ms");
  EXPECT_EQ(
      sample_key(bound("latency_avg_max", Metric::latency_avg, BoundKind::max, 1, std::nullopt)),
      "latency_avg_ms");
}

TEST(DirectionVerdict, EachDirectionIsMeasuredOnItsOwnIos) {
  const RunResult r = mixed_run();
  const auto read_iops = bound("read_iops_min", Metric::iops, BoundKind::min, 1, IoDirection::read);
  const auto write_mbps =
      bound("write_mbps_min", Metric::mbps, BoundKind::min, 1, IoDirection::write);
  const auto write_avg =
      bound("write_latency_avg_max", Metric::latency_avg, BoundKind::max, 1, IoDirection::write);
  const auto read_max =
      bound("read_latency_max", Metric::latency_max, BoundKind::max, 1, IoDirection::read);
  EXPECT_DOUBLE_EQ(measured_value(read_iops, r), 700);
  EXPECT_DOUBLE_EQ(measured_value(write_mbps, r), 300 * 8192 / 1048576.0);
  EXPECT_NEAR(measured_value(write_avg, r), 20, 20 * LatencyHistogram::kRelativeErrorBound);
  EXPECT_NEAR(measured_value(read_max, r), 1, 1e-9);
}

TEST(DirectionVerdict, ABrokenWriteFloorFailsWhileTheRunsFloorHolds) {
  Check check;
  check.name = "oltp_8k_70r";
  check.expectations = {
      bound("iops_min", Metric::iops, BoundKind::min, 900, std::nullopt),
      bound("read_iops_min", Metric::iops, BoundKind::min, 600, IoDirection::read),
      bound("write_iops_min", Metric::iops, BoundKind::min, 500, IoDirection::write)};
  const RunResult r = mixed_run();
  const Verdict v = evaluate(check, std::vector<RunResult>(7, r));
  ASSERT_EQ(v.shortfalls.size(), 1u);
  EXPECT_EQ(v.shortfalls[0].expectation->key, "write_iops_min");
  EXPECT_FALSE(v.passed());
  const std::string line = failure_line(check, r, v.shortfalls[0], 10, "run 1 of 7");
  EXPECT_THAT(line, HasSubstr("oltp_8k_70r: write_iops 300.00 IOPS (median of 7 runs) < "
                              "write_iops_min 500.00 IOPS"));
  EXPECT_THAT(line, HasSubstr("run 1 of 7: write_iops 300.00 IOPS, "));
}

TEST(DirectionVerdict, APercentileBoundPoolsThatDirectionsIosOnly) {
  Check check;
  check.name = "tail";
  // Writes take 20 ms: the run's p99 is a write's, the reads' p99 stays at 1 ms.
  check.expectations = {bound("read_latency_p99_max", Metric::latency_percentile, BoundKind::max, 5,
                              IoDirection::read, 99),
                        bound("write_latency_p99_max", Metric::latency_percentile, BoundKind::max,
                              10, IoDirection::write, 99)};
  const Verdict v = evaluate(check, std::vector<RunResult>(7, mixed_run()));
  ASSERT_EQ(v.shortfalls.size(), 1u);
  EXPECT_EQ(v.shortfalls[0].expectation->key, "write_latency_p99_max");
  EXPECT_NEAR(v.shortfalls[0].measured, 20, 20 * LatencyHistogram::kRelativeErrorBound);

  Check reads_only = check;
  reads_only.expectations.pop_back();
  EXPECT_TRUE(evaluate(reads_only, std::vector<RunResult>(7, mixed_run())).passed());
}

// The share at cmd_priority (prioritized_latency_p99_max) is judged on its own I/Os: a fifth of
// the mixed run's at 0.5 ms, while the run's p99 is a write's 20 ms.
TEST(DirectionVerdict, APrioritizedBoundPoolsTheSharesIosOnly) {
  RunResult r = mixed_run();
  for (int i = 0; i < 200; ++i) r.prioritized_latency.record(500'000);
  for (int i = 0; i < 800; ++i) r.unprioritized_latency.record(20'000'000);
  Expectation share = bound("prioritized_latency_p99_max", Metric::latency_percentile,
                            BoundKind::max, 1, std::nullopt, 99);
  share.prioritized = true;
  EXPECT_EQ(sample_key(share), "prioritized_latency_p99_ms");
  EXPECT_NEAR(measured_value(share, r), 0.5, 0.5 * LatencyHistogram::kRelativeErrorBound);
  Check check;
  check.name = "qos";
  check.expectations = {share, bound("latency_p99_max", Metric::latency_percentile, BoundKind::max,
                                     30, std::nullopt, 99)};
  EXPECT_TRUE(evaluate(check, std::vector<RunResult>(7, r)).passed());
  std::get<AbsoluteBound>(check.expectations[0].bound).value = 0.1;
  const Verdict v = evaluate(check, std::vector<RunResult>(7, r));
  ASSERT_EQ(v.shortfalls.size(), 1u);
  EXPECT_EQ(v.shortfalls[0].expectation->key, "prioritized_latency_p99_max");
  EXPECT_NEAR(v.shortfalls[0].measured, 0.5, 0.5 * LatencyHistogram::kRelativeErrorBound);
}

TEST(DirectionVerdict, ADirectionWithoutIosHasNoFigureAndMeetsNoBound) {
  RunResult r = mixed_run();
  r.ios_written = r.bytes_written = 0;
  r.write_latency.reset();
  r.merge_direction_latencies();
  const auto floor = bound("write_iops_min", Metric::iops, BoundKind::min, 1, IoDirection::write);
  const auto ceiling =
      bound("write_latency_max", Metric::latency_max, BoundKind::max, 1, IoDirection::write);
  EXPECT_TRUE(std::isnan(measured_value(floor, r)));
  EXPECT_TRUE(std::isnan(measured_value(ceiling, r)));
  Check check;
  check.name = "no_writes";
  check.expectations = {floor};
  EXPECT_FALSE(evaluate(check, std::vector<RunResult>(7, r)).passed());
}

}  // namespace
}  // namespace iogate
