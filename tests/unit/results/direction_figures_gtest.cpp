// Read and write figures apart in the results: written for each direction a run did I/O in,
// absent (not zero) for the other, read back exactly and bounded as the run's are, and results
// written before they were kept still read.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "iogate/results/figures.hpp"
#include "iogate_test/sample_report.hpp"
#include "results/json_fields.hpp"
#include "results/run_json.hpp"

namespace iogate {
namespace {

using ::testing::HasSubstr;

const RunResult& mixed() {
  static const RunResult r = test::sample_mixed_result(4000, 8192, 4);
  return r;
}
const RunResult& reads_only() {
  static const RunResult r = test::sample_result(4000, 8192, 4, true);
  return r;
}

std::string refusal(const nlohmann::json& j) {
  try {
    run_from_json(j, "result");
  } catch (const ReadBackError& e) {
    return e.what();
  }
  return "";
}

void expect_same(const LatencyHistogram& b, const LatencyHistogram& a) {
  EXPECT_EQ(b.count(), a.count());
  EXPECT_EQ(b.min_ns(), a.min_ns());
  EXPECT_EQ(b.max_ns(), a.max_ns());
  for (double q : {1.0, 50.0, 90.0, 99.0, 99.9})
    EXPECT_DOUBLE_EQ(b.percentile_ns(q), a.percentile_ns(q)) << q;
  EXPECT_NEAR(b.mean_ns(), a.mean_ns(), 1.0);
}

TEST(DirectionFigures, EachDirectionIsWrittenWithItsRatesAndLatencies) {
  const nlohmann::json j = run_to_json(mixed());
  ASSERT_TRUE(j.contains("read"));
  ASSERT_TRUE(j.contains("write"));
  EXPECT_DOUBLE_EQ(j["read"]["iops"].get<double>(), 700.0);
  EXPECT_DOUBLE_EQ(j["write"]["iops"].get<double>(), 300.0);
  EXPECT_DOUBLE_EQ(j["write"]["mbps"].get<double>(), 300.0 * 8192 / 1048576);
  EXPECT_GT(j["write"]["lat_avg_ms"].get<double>(), j["read"]["lat_avg_ms"].get<double>());
  EXPECT_TRUE(j["read"]["lat_percentiles_ms"].contains("99.9"));
  EXPECT_FALSE(j["read"]["lat_histogram_ns"].empty());
}

TEST(DirectionFigures, ADirectionNotDoneIsAbsentNotZero) {
  const nlohmann::json j = run_to_json(reads_only());
  EXPECT_TRUE(j.contains("read"));
  EXPECT_FALSE(j.contains("write"));
  // The reads' histogram is the run's: written once.
  EXPECT_DOUBLE_EQ(j["read"]["lat_p99_ms"].get<double>(), j["lat_p99_ms"].get<double>());
  EXPECT_FALSE(j["read"].contains("lat_histogram_ns"));
  std::vector<std::string> keys;
  for (const Figure& f : key_figures(reads_only())) keys.emplace_back(f.key);
  EXPECT_THAT(keys, ::testing::Contains("read_iops"));
  EXPECT_THAT(keys, ::testing::Contains("read_lat_p99_ms"));
  EXPECT_THAT(keys, ::testing::Not(::testing::Contains("write_iops")));
  EXPECT_FALSE(figure_by_name(reads_only(), "write_iops"));
  EXPECT_FALSE(figure_by_name(reads_only(), "write_latency_p99_ms"));
  EXPECT_EQ(directions_line(reads_only()), "");
}

TEST(DirectionFigures, RoundTripKeepsEachDirection) {
  const RunResult back = run_from_json(run_to_json(mixed()));
  EXPECT_EQ(back.ios_read, mixed().ios_read);
  EXPECT_EQ(back.ios_written, mixed().ios_written);
  expect_same(back.read_latency, mixed().read_latency);
  expect_same(back.write_latency, mixed().write_latency);
  expect_same(back.latency, mixed().latency);
  EXPECT_EQ(run_to_json(back), run_to_json(mixed()));

  const RunResult read_back = run_from_json(run_to_json(reads_only()));
  expect_same(read_back.read_latency, reads_only().read_latency);
  EXPECT_EQ(read_back.write_latency.count(), 0u);
  EXPECT_EQ(run_to_json(read_back), run_to_json(reads_only()));
}

TEST(DirectionFigures, FiguresByNameAndTheConsoleLine) {
  EXPECT_DOUBLE_EQ(*figure_by_name(mixed(), "read_iops"), 700.0);
  EXPECT_DOUBLE_EQ(*figure_by_name(mixed(), "write_latency_max_ms"), max_ms(mixed().write_latency));
  EXPECT_DOUBLE_EQ(*figure_by_name(mixed(), "write_latency_p99.9_ms"),
                   percentile_ms(mixed().write_latency, 99.9));
  EXPECT_FALSE(figure_by_name(mixed(), "read_duration_s"));
  EXPECT_THAT(directions_line(mixed()), HasSubstr("reads: 700.00 IOPS, 5.47 MB/s, latency avg "));
  EXPECT_THAT(directions_line(mixed()), HasSubstr("; writes: 300.00 IOPS, 2.34 MB/s"));
}

// A share at cmd_priority: its latencies and the rest's, by name, in the JSON and back, and on the
// check's line.
TEST(DirectionFigures, ThePrioritizedShareAndTheRest) {
  RunResult r = mixed();
  for (int i = 0; i < 250; ++i) r.prioritized_latency.record(400'000 + 1000 * i);
  for (int i = 0; i < 750; ++i) r.unprioritized_latency.record(9'000'000 + 1000 * i);
  EXPECT_DOUBLE_EQ(*figure_by_name(r, "prioritized_latency_p99_ms"),
                   percentile_ms(r.prioritized_latency, 99));
  EXPECT_DOUBLE_EQ(*figure_by_name(r, "prioritized_latency_avg_ms"), avg_ms(r.prioritized_latency));
  EXPECT_FALSE(figure_by_name(r, "prioritized_iops"));
  EXPECT_FALSE(figure_by_name(mixed(), "prioritized_latency_p99_ms"));  // no share: no figure
  const nlohmann::json j = run_to_json(r);
  EXPECT_EQ(j["prioritized"]["ios"], 250);
  EXPECT_DOUBLE_EQ(j["unprioritized"]["ios_pct"].get<double>(), 75.0);
  const RunResult back = run_from_json(j);
  expect_same(back.prioritized_latency, r.prioritized_latency);
  expect_same(back.unprioritized_latency, r.unprioritized_latency);
  EXPECT_FALSE(run_to_json(mixed()).contains("prioritized"));
  WorkloadSpec w;
  w.priority = *parse_priority("idle");
  w.cmd_priority = *parse_priority("rt:0");
  w.cmd_priority_pct = 25;
  EXPECT_THAT(priority_line(w, r),
              HasSubstr("priority: rt:0 on 25.00% of I/Os (asked 25%), latency avg 0.5"));
  EXPECT_THAT(priority_line(w, r), HasSubstr("; the rest at idle, latency avg 9.3"));
  w.cmd_priority = {};
  EXPECT_EQ(priority_line(w, r), "priority: idle on every I/O");
  EXPECT_EQ(priority_line(WorkloadSpec{}, r), "");
}

TEST(DirectionFigures, ResultsWrittenBeforeDirectionsWereKeptStillRead) {
  nlohmann::json mixed_old = run_to_json(mixed());
  mixed_old.erase("read");
  mixed_old.erase("write");
  const RunResult m = run_from_json(mixed_old);
  EXPECT_EQ(m.ios_read, mixed().ios_read);
  EXPECT_EQ(m.read_latency.count(), 0u);  // not known apart: no direction latencies
  EXPECT_EQ(m.write_latency.count(), 0u);
  expect_same(m.latency, mixed().latency);
  EXPECT_FALSE(figure_by_name(m, "read_latency_avg_ms"));
  EXPECT_DOUBLE_EQ(*figure_by_name(m, "read_iops"), 700.0);  // the counts always were kept

  // A run of one direction: that direction's latencies are the run's.
  nlohmann::json read_old = run_to_json(reads_only());
  read_old.erase("read");
  const RunResult r = run_from_json(read_old);
  expect_same(r.read_latency, reads_only().latency);
  EXPECT_EQ(r.write_latency.count(), 0u);
}

TEST(DirectionFigures, ADirectionClaimingMoreLatenciesThanItsIosIsRefused) {
  // The reads' 2800 latencies as the writes', of which there were 1200.
  nlohmann::json j = run_to_json(mixed());
  j["write"]["lat_histogram_ns"] = j["read"]["lat_histogram_ns"];
  EXPECT_THAT(refusal(j), HasSubstr("result.write.lat_histogram_ns["));
  EXPECT_THAT(refusal(j), HasSubstr("as many as the run has I/Os not yet counted"));

  // Latencies of writes a run never did.
  nlohmann::json none = run_to_json(reads_only());
  none["write"] = run_to_json(mixed())["write"];
  EXPECT_THAT(refusal(none), HasSubstr("result.write.lat_histogram_ns[0]: expected a bucket with "
                                       "low below high and from 1 value"));

  nlohmann::json bad = run_to_json(mixed());
  bad["read"]["lat_mean_ns"] = -1;
  EXPECT_THAT(refusal(bad), HasSubstr("result.read.lat_mean_ns: expected a mean in nanoseconds"));

  nlohmann::json not_object = run_to_json(mixed());
  not_object["write"] = 5;
  EXPECT_THAT(refusal(not_object), HasSubstr("result.write: expected an object"));
}

}  // namespace
}  // namespace iogate
