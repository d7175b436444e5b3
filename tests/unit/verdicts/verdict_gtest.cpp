#include "iogate/verdicts/verdict.hpp"

#include <gtest/gtest.h>

namespace iogate {
namespace {

Expectation expect(std::string key, Metric metric, BoundKind kind, double value,
                   double percentile = 0) {
  return Expectation{std::move(key), metric, kind, percentile, AbsoluteBound{value}};
}

// Seed 000's bad driver: 8 GiB of 8 KiB sequential writes in 14m12s.
RunResult seed000_bad_driver() {
  RunResult r;
  r.bytes_written = 8ull << 30;
  r.ios_written = r.bytes_written / 8192;
  r.elapsed_s = 14 * 60 + 12.62;
  for (int i = 0; i < 100; ++i) r.latency.record(8'000'000);  // 8 ms
  return r;
}

// A broken bound needs evidence at the 1% level: seven runs all beyond it (1/2^7 < 1%).
std::vector<RunResult> seven(const RunResult& r) { return std::vector<RunResult>(7, r); }

TEST(Verdict, PassesWhenEveryBoundHolds) {
  Check check;
  check.name = "ok";
  check.expectations = {expect("iops_min", Metric::iops, BoundKind::min, 100),
                        expect("latency_max", Metric::latency_max, BoundKind::max, 10)};
  RunResult r;
  r.ios_read = 1000;
  r.bytes_read = 1000 * 4096;
  r.elapsed_s = 1.0;
  r.latency.record(5'000'000);
  EXPECT_TRUE(evaluate(check, r).passed());
}

TEST(Verdict, FailureLineNamesCheckFigureMeasuredAndThreshold) {
  Check check;
  check.name = "seq_write_8k_8g";
  check.expectations = {expect("duration_max", Metric::duration, BoundKind::max, 180)};
  const RunResult r = seed000_bad_driver();
  const Verdict v = evaluate(check, seven(r));
  ASSERT_EQ(v.shortfalls.size(), 1u);
  EXPECT_EQ(failure_line(check, r, v.shortfalls[0], 10, "run 4 of 7"),
            "seq_write_8k_8g: duration 14m12s (median of 7 runs) > duration_max 3m: interval "
            "14m12s-14m12s, after 7 of 10 runs; run 4 of 7: duration 14m12s, 8 GiB at 9.61 MB/s");
}

TEST(Verdict, OneRunBelowAFloorIsUndecidedNotAFailure) {
  Check check;
  check.name = "one";
  check.expectations = {expect("duration_max", Metric::duration, BoundKind::max, 180)};
  const Verdict v = evaluate(check, seed000_bad_driver());
  EXPECT_TRUE(v.shortfalls.empty());
  ASSERT_EQ(v.unstable.size(), 1u);
  // One run bounds the duration from one side only, and the line says which.
  EXPECT_EQ(v.unstable[0],
            "duration at most 14m12s (duration_max 3m) after 1 of 1 runs: undecided");
  EXPECT_FALSE(v.passed());
  EXPECT_FALSE(v.decided());
}

TEST(Verdict, FloorsFailBelowAndCeilingsAbove) {
  Check check;
  check.name = "c";
  check.expectations = {
      expect("iops_min", Metric::iops, BoundKind::min, 300),
      expect("mbps_min", Metric::mbps, BoundKind::min, 1),
      expect("latency_avg_max", Metric::latency_avg, BoundKind::max, 100),
      expect("latency_p99_max", Metric::latency_percentile, BoundKind::max, 500, 99)};
  RunResult r;  // seed 001, BusLogic: Random 8k 70% read, 75.55 IOPS, 0.59 MB/s, 788 ms avg
  r.ios_read = 7555;
  r.bytes_read = r.ios_read * 8192;
  r.elapsed_s = 100;
  for (int i = 0; i < 99; ++i) r.latency.record(700'000'000);
  r.latency.record(5'399'000'000);
  const Verdict v = evaluate(check, seven(r));
  ASSERT_EQ(v.shortfalls.size(), 4u);
  EXPECT_EQ(v.shortfalls[0].expectation->key, "iops_min");
  EXPECT_NEAR(v.shortfalls[0].measured, 75.55, 1e-9);
  EXPECT_EQ(v.shortfalls[1].expectation->key, "mbps_min");
  EXPECT_EQ(v.shortfalls[2].expectation->key, "latency_avg_max");
  EXPECT_EQ(v.shortfalls[3].expectation->key, "latency_p99_max");
  EXPECT_NE(failure_line(check, r, v.shortfalls[0], 7, "run 4 of 7")
                .find("c: iops 75.55 IOPS (median of 7 runs) < iops_min 300.00 IOPS: interval"),
            std::string::npos);
  // The tail is weighed on every I/O of the seven runs: 700 I/Os, 693 of them at 700 ms.
  ASSERT_TRUE(v.shortfalls[3].judgement.has_value());
  EXPECT_TRUE(v.shortfalls[3].judgement->pooled);
}

TEST(Verdict, NoCompletedIoFailsEveryBound) {
  Check check;
  check.name = "dead";
  check.expectations = {expect("latency_max", Metric::latency_max, BoundKind::max, 1),
                        expect("iops_min", Metric::iops, BoundKind::min, 1)};
  RunResult r;
  r.elapsed_s = 10;
  r.completed = false;
  const Verdict v = evaluate(check, seven(r));
  ASSERT_EQ(v.shortfalls.size(), 2u);
  EXPECT_EQ(failure_line(check, r, v.shortfalls[0], 7, "run 4 of 7"),
            "dead: latency_max n/a (median of 7 runs) > latency_max 1ms: interval n/a-n/a, after 7 "
            "of 7 runs; run 4 of 7: latency_max n/a, 0 B at 0.00 MB/s, 0.00 IOPS, stopped early");
}

}  // namespace
}  // namespace iogate
