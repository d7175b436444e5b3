#include "results/result_json.hpp"
#include "results/run_json.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "iogate/common/units.hpp"

namespace iogate {
namespace {

RunResult sample_run() {
  RunResult r;
  r.engine = "psync";
  r.ios_read = 300;
  r.ios_written = 100;
  r.bytes_read = 300 * 8192;
  r.bytes_written = 100 * 8192;
  r.elapsed_s = 2.0;
  for (int i = 1; i <= 400; ++i) r.latency.record(static_cast<std::uint64_t>(i) * 10'000);
  r.cpu_process_pct = 12.5;
  r.intervals.push_back({0.0, 1.0, 200 * 8192, 200});
  r.intervals.push_back({1.0, 1.0, 200 * 8192, 200});
  return r;
}

TEST(ResultJson, RunCarriesTheDocumentedFigures) {
  const nlohmann::json j = run_to_json(sample_run());
  for (const char* key : {"iops", "mbps", "bytes", "ios", "lat_avg_ms", "lat_max_ms", "lat_p99_ms",
                          "cpu_pct", "duration_s"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["bytes"], 400u * 8192);
  EXPECT_EQ(j["ios"], 400u);
  EXPECT_DOUBLE_EQ(j["iops"].get<double>(), 200.0);
  EXPECT_DOUBLE_EQ(j["mbps"].get<double>(), 400.0 * 8192 / 2.0 / kMiB);
  EXPECT_NEAR(j["lat_max_ms"].get<double>(), 4.0, 1e-9);
  EXPECT_NEAR(j["lat_p99_ms"].get<double>(), 3.96, 3.96 * LatencyHistogram::kRelativeErrorBound);
  EXPECT_EQ(j["intervals"].size(), 2u);
  EXPECT_DOUBLE_EQ(j["cpu_pct"].get<double>(), 12.5);
}

TEST(ResultJson, WriteIsWholeFileOrNothing) {
  const auto dir = std::filesystem::temp_directory_path() / "iogate-json-test";
  std::filesystem::remove_all(dir);
  const auto path = dir / "out" / "r.json";
  CheckRecord record;
  record.suite = "s";
  record.check = "c";
  record.result = sample_run();
  write_json_file(path, check_to_json(record, RunContext{}));
  const nlohmann::json back = nlohmann::json::parse(std::ifstream(path));  // closed: Windows
                                                                           // removes no open file
  EXPECT_EQ(back["version"], kResultJsonVersion);
  EXPECT_EQ(back["check"], "c");
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));
  std::filesystem::remove_all(dir);
}

TEST(RunJson, TheWorkloadsLayoutRoundTrips) {
  for (const FileLayout layout :
       {FileLayout::written, FileLayout::preallocated, FileLayout::grown}) {
    WorkloadSpec w;
    w.block_size = 8192;
    w.file_size = w.io_size = 8 << 20;
    w.layout = layout;
    const nlohmann::json j = workload_to_json(w);
    EXPECT_EQ(j.at("layout"), kFileLayouts.name(layout));
    EXPECT_EQ(workload_from_json(j).layout, layout);
  }
}

// Written only when the workload names it: a workload laid out in its own largest I/O keeps the
// JSON it had, so baselines recorded before the key existed still match it.
TEST(RunJson, ANamedLayoutWriteSizeRoundTripsAndNoneIsLeftOut) {
  WorkloadSpec w;
  w.block_size = 8192;
  w.file_size = w.io_size = 8 << 20;
  EXPECT_FALSE(workload_to_json(w).contains("layout_write_size"));
  EXPECT_EQ(workload_from_json(workload_to_json(w)).layout_write_size, 0u);
  w.layout_write_size = 65536;
  const nlohmann::json j = workload_to_json(w);
  EXPECT_EQ(j.at("layout_write_size"), 65536);
  EXPECT_EQ(workload_from_json(j).layout_write_size, 65536u);
}

// Write-through is in the JSON only when asked for, so baselines recorded before it still match.
TEST(RunJson, WriteThroughRoundTripsAndIsLeftOutWhenOff) {
  WorkloadSpec w;
  w.block_size = 8192;
  w.file_size = w.io_size = 8 << 20;
  EXPECT_FALSE(workload_to_json(w).contains("write_through"));
  EXPECT_FALSE(workload_from_json(workload_to_json(w)).write_through);
  w.write_through = true;
  const nlohmann::json j = workload_to_json(w);
  EXPECT_EQ(j.at("write_through"), true);
  EXPECT_TRUE(workload_from_json(j).write_through);
}

// Pinned workers are in the JSON only when asked for, so baselines recorded before the key still
// match; a pinned workload compares unequal with one the scheduler placed.
TEST(RunJson, CpuAffinityRoundTripsAndIsLeftOutWhenNone) {
  WorkloadSpec w;
  w.block_size = 8192;
  w.file_size = w.io_size = 8 << 20;
  const nlohmann::json unpinned = workload_to_json(w);
  EXPECT_FALSE(unpinned.contains("cpu_affinity"));
  EXPECT_FALSE(workload_from_json(unpinned).cpu_affinity.pinned());
  w.cpu_affinity = *parse_cpu_affinity("0,2-3").affinity;
  const nlohmann::json j = workload_to_json(w);
  EXPECT_EQ(j.at("cpu_affinity"), "0,2-3");
  EXPECT_EQ(workload_from_json(j).cpu_affinity, w.cpu_affinity);
  EXPECT_NE(compared_workload(w), compared_workload(workload_from_json(unpinned)));
  nlohmann::json bad = j;
  bad["cpu_affinity"] = "every";
  EXPECT_THROW((void)workload_from_json(bad), std::exception);
}

// Before the layout was chosen, a workload that read ran on a file written through and one that
// only wrote on a preallocated one: a document without "layout" says what it ran on.
TEST(RunJson, AWorkloadWithoutLayoutReadsAsTheFileItRanOn) {
  WorkloadSpec w;
  w.block_size = 8192;
  w.file_size = w.io_size = 8 << 20;
  nlohmann::json j = workload_to_json(w);
  j.erase("layout");
  EXPECT_EQ(workload_from_json(j).layout, FileLayout::preallocated);
  j["read_pct"] = 65.0;
  EXPECT_EQ(workload_from_json(j).layout, FileLayout::written);
  j["layout"] = nullptr;
  EXPECT_EQ(workload_from_json(j).layout, FileLayout::written);
}

TEST(RunJson, AnUnknownLayoutIsAnErrorNamingTheKeyNotTheValue) {
  WorkloadSpec w;
  w.block_size = 8192;
  w.file_size = w.io_size = 8 << 20;
  nlohmann::json j = workload_to_json(w);
  j["layout"] = "sparse";
  try {
    (void)workload_from_json(j);
    ADD_FAILURE() << "layout \"sparse\" was read";
  } catch (const std::exception& e) {
    EXPECT_NE(
        std::string(e.what()).find(
            R"(layout: expected "written", "preallocated" or "grown", got a string (value not shown))"),
        std::string::npos)
        << e.what();
  }
}

// The minimum's bucket starts below the minimum (1,000,000 ns lies inside a bucket whose low edge
// is lower), and the maximum's ends above the maximum: the values read back stay within both, so
// the low percentiles are not below the fastest I/O the run saw nor the high ones above its
// slowest.
TEST(RunJson, AHistogramReadBackStaysWithinTheRunsMinimumAndMaximum) {
  RunResult r;
  r.engine = "psync";
  r.ios_read = 401;
  r.bytes_read = 401 * 8192;
  r.elapsed_s = 1.0;
  for (std::uint64_t ns = 1'000'000; ns <= 1'000'400; ++ns) r.latency.record(ns);
  ASSERT_EQ(r.latency.nonempty_buckets().size(), 1u);
  ASSERT_LT(r.latency.nonempty_buckets().front().low_ns, 1'000'000u);
  ASSERT_GT(r.latency.nonempty_buckets().front().high_ns, 1'000'401u);
  const RunResult back = run_from_json(run_to_json(r));
  EXPECT_EQ(back.latency.min_ns(), 1'000'000u);
  EXPECT_EQ(back.latency.max_ns(), 1'000'400u);
  EXPECT_NEAR(back.latency.mean_ns(), r.latency.mean_ns(), 1.0);
  for (const double q : {1.0, 50.0, 99.0, 99.9}) {
    EXPECT_GE(back.latency.percentile_ns(q), 1'000'000.0) << q;
    EXPECT_LE(back.latency.percentile_ns(q), 1'000'400.0) << q;
  }
}
}  // namespace
}  // namespace iogate
