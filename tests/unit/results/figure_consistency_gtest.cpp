// Figures read back against what they were computed from (figure_consistency.hpp): a rate that
// disagrees with its own counts, a latency that disagrees with its histogram, a baseline sample
// above what any run can measure or out of step with its run's other figures, each refused with
// the key path and no value of the file; everything iogate writes still reads.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "iogate/reports/report_formats.hpp"
#include "iogate/reports/report_writer.hpp"
#include "iogate_test/sample_report.hpp"
#include "results/figure_consistency.hpp"
#include "results/json_fields.hpp"
#include "results/result_json.hpp"
#include "results/result_reader.hpp"

namespace iogate {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

// The sample's first check (4000 reads in 4 s) as a per-check document.
nlohmann::json check_doc() {
  const RunRecord sample = test::sample_report();
  return check_to_json(sample.checks[0], sample.context);
}

// What reading `doc` as a file is refused with; "" when it is read.
std::string refusal(const nlohmann::json& doc) {
  try {
    (void)read_results_text(doc.dump(), "h2/rand8k.json");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(FigureConsistency, EveryRecordIogateWritesReadsBack) {
  const RunRecord sample = test::sample_report();
  for (const CheckRecord& c : sample.checks)
    EXPECT_EQ(refusal(check_to_json(c, sample.context)), "") << c.check;
  std::ostringstream run;
  write_report(*make_json_writer(run), sample);
  EXPECT_EQ(read_results_text(run.str(), "results.json").checks.size(), sample.checks.size());
}

// compare once printed 1e300 with 300 digits, and 0.5 (where ios and duration say 1,000) as
// -100%.
TEST(FigureConsistency, ARateThatDisagreesWithItsCountsIsRefusedNamingTheKey) {
  for (const double iops : {1e300, 0.5}) {
    nlohmann::json doc = check_doc();
    doc["result"]["iops"] = iops;
    EXPECT_THAT(refusal(doc),
                AllOf(HasSubstr("h2/rand8k.json: result.iops: expected ios / duration_s (to 6 "
                                "significant digits), got another number (value not shown)"),
                      Not(HasSubstr("e+300")), Not(HasSubstr("0.5"))));
  }
  nlohmann::json doc = check_doc();
  doc["result"]["mbps"] = doc["result"]["mbps"].get<double>() * 2;
  EXPECT_THAT(refusal(doc), HasSubstr("result.mbps: expected bytes / duration_s in MB/s"));
  doc = check_doc();
  doc["result"]["read"]["iops"] = 1;
  EXPECT_THAT(refusal(doc), HasSubstr("result.read.iops: expected ios_read / duration_s"));
  doc = check_doc();
  doc["result"]["intervals"][2]["mbps"] = 1e9;
  EXPECT_THAT(refusal(doc), HasSubstr("result.intervals[2].mbps: expected bytes / length_s"));
  doc = check_doc();
  doc["result"]["ios"] = 1;
  EXPECT_THAT(refusal(doc), HasSubstr("result.ios: expected ios_read + ios_written"));
}

TEST(FigureConsistency, ALatencyThatDisagreesWithItsHistogramIsRefused) {
  nlohmann::json doc = check_doc();
  doc["result"]["lat_avg_ms"] = 1e-3;
  EXPECT_THAT(refusal(doc), HasSubstr("result.lat_avg_ms: expected lat_mean_ns in ms"));
  doc = check_doc();
  doc["result"]["lat_percentiles_ms"]["99.9"] = 1e6;
  EXPECT_THAT(refusal(doc), HasSubstr("result.lat_percentiles_ms.99.9: expected that percentile"));
  doc = check_doc();
  doc["result"]["lat_percentiles_ms"]["most"] = 1;
  EXPECT_THAT(refusal(doc), HasSubstr("result.lat_percentiles_ms: expected percentiles keyed by "
                                      "a number from 0 to 100"));
}

// A file written by a person or another tool to the precision iogate shows figures in reads; a
// figure it does not write is not checked.
TEST(FigureConsistency, AFigureRoundedToTheShownDigitsOrLeftOutStillReads) {
  nlohmann::json doc = check_doc();
  const double iops = doc["result"]["iops"].get<double>();
  const double rounded = std::stod(fmt::format("{:.{}g}", iops * (1 + 1e-7), kFigureDigits));
  doc["result"]["iops"] = rounded;
  EXPECT_EQ(refusal(doc), "");
  doc["result"].erase("iops");
  doc["result"].erase("mbps");
  EXPECT_EQ(refusal(doc), "");
  EXPECT_TRUE(figures_agree(100000.5, 100000));
  EXPECT_FALSE(figures_agree(100002, 100000));
}

using Samples = std::map<std::string, std::vector<double>>;

std::string baseline_refusal(const Samples& samples, std::optional<std::uint64_t> block) {
  try {
    check_baseline_samples(samples, block, "checks.c.metrics");
  } catch (const ReadBackError& e) {
    return e.what();
  }
  return "";
}

// 1,000 and 2,000 IOPS of 4 KiB, in MB/s as the engine computes them.
Samples consistent() {
  RunResult a, b;
  a.ios_read = 1000;
  b.ios_read = 2000;
  a.bytes_read = 1000 * 4096;
  b.bytes_read = 2000 * 4096;
  a.elapsed_s = b.elapsed_s = 1;
  return {{"iops", {a.iops(), b.iops()}},      {"mbps", {a.mbps(), b.mbps()}},
          {"read_iops", {a.iops(), b.iops()}}, {"read_mbps", {a.mbps(), b.mbps()}},
          {"latency_avg_ms", {1, NAN}},        {"latency_p50_ms", {0.9, 0.8}},
          {"latency_p99_ms", {2, 1.5}},        {"latency_max_ms", {3, 1.5}}};
}

TEST(BaselineSamples, ConsistentSamplesRead) {
  EXPECT_EQ(baseline_refusal(consistent(), 4096), "");
  EXPECT_EQ(baseline_refusal(consistent(), std::nullopt), "");
}

TEST(BaselineSamples, ASampleAboveWhatAnyRunCanMeasureIsRefused) {
  Samples s = consistent();
  s["iops"][1] = 1e300;
  EXPECT_THAT(baseline_refusal(s, std::nullopt),
              AllOf(HasSubstr("checks.c.metrics.iops.samples[1]: expected at most "),
                    HasSubstr("IOPS (the most any run can measure), got another number (value "
                              "not shown)"),
                    Not(HasSubstr("e+300"))));
  s = consistent();
  s["duration_s"] = {1e12};
  EXPECT_THAT(baseline_refusal(s, std::nullopt), HasSubstr("duration_s.samples[0]: expected at"));
  s = consistent();
  s["write_latency_p99_ms"] = {1e300};
  EXPECT_THAT(baseline_refusal(s, std::nullopt), HasSubstr("write_latency_p99_ms.samples[0]"));
  EXPECT_LT(figure_ceiling("iops"), 1e300);
  EXPECT_EQ(figure_ceiling("read_mbps"), figure_ceiling("mbps"));
}

TEST(BaselineSamples, RatesThatDisagreeWithTheBlockSizeAreRefused) {
  Samples s = consistent();
  s["iops"][0] = 0.5;
  EXPECT_THAT(baseline_refusal(s, 4096),
              HasSubstr("checks.c.metrics.mbps.samples[0]: expected iops.samples[0] times the "
                        "workload's block size"));
  s = consistent();
  s["read_mbps"][1] *= 2;
  EXPECT_THAT(baseline_refusal(s, 4096), HasSubstr("read_mbps.samples[1]: expected "
                                                   "read_iops.samples[1] times"));
  // A block mix, or another tool's rounded figures: no one size to hold them to.
  EXPECT_EQ(baseline_refusal(s, std::nullopt), "");
}

TEST(BaselineSamples, LatenciesOutOfOrderAreRefused) {
  Samples s = consistent();
  s["latency_p50_ms"][0] = 2.5;
  EXPECT_THAT(baseline_refusal(s, 4096),
              HasSubstr("latency_p50_ms.samples[0]: expected at most latency_p99_ms.samples[0]"));
  s = consistent();
  s["latency_avg_ms"][0] = 4;
  EXPECT_THAT(baseline_refusal(s, 4096),
              HasSubstr("latency_avg_ms.samples[0]: expected at most latency_max_ms.samples[0]"));
  s = consistent();
  s["latency_max_ms"][1] = 1;
  EXPECT_THAT(baseline_refusal(s, 4096),
              HasSubstr("latency_p99_ms.samples[1]: expected at most latency_max_ms.samples[1]"));
}

// The rule of every JSON reader's refusals: no value of the file, only its kind.
TEST(ValueKind, SaysTheKindNeverTheValue) {
  const nlohmann::json secret = "sk-LIVE-SECRET", number = 977, list = nlohmann::json::array();
  EXPECT_EQ(value_kind(&secret), "a string (value not shown)");
  EXPECT_EQ(value_kind(&number), "a number (value not shown)");
  EXPECT_EQ(value_kind(&list), "an array");
  EXPECT_EQ(value_kind(nullptr), "nothing");
  EXPECT_EQ(without_value("expected a queue depth from 1 to 4096, got 5000"),
            "expected a queue depth from 1 to 4096 (value not shown)");
  EXPECT_EQ(without_value("think_time: give one, or leave think_blocks out (got 4)"),
            "think_time: give one, or leave think_blocks out (value not shown)");
  EXPECT_EQ(without_value("expected a name"), "expected a name");
}

}  // namespace
}  // namespace iogate
