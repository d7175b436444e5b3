// Results read back from another host's files: every number within what the engine can produce,
// every host label by --host-label's rule, one host's run per directory, no link followed out of
// it; each refusal names the file, the key path and what was expected, and echoes no value.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>

#include "iogate_test/sample_report.hpp"
#include "results/result_json.hpp"
#include "results/result_reader.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;

class ReadBack : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("iogate-readback-" +
            std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "h2");
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The sample's first check (4000 reads in 4 s) as a per-check document.
  static nlohmann::json check_doc() {
    const RunRecord sample = test::sample_report();
    return check_to_json(sample.checks[0], sample.context);
  }
  fs::path put(const std::string& name, const nlohmann::json& doc) {
    std::ofstream(dir_ / name) << doc.dump();
    return dir_ / name;
  }
  // What reading `doc` as h2/rand8k.json is refused with; "" when it is read.
  std::string refusal(const nlohmann::json& doc) {
    try {
      read_results(put("h2/rand8k.json", doc));
    } catch (const std::runtime_error& e) {
      return e.what();
    }
    return "";
  }
  fs::path dir_;
};

TEST_F(ReadBack, ADurationOfZeroOrBelowOrTooSmallForARateIsRefused) {
  nlohmann::json doc = check_doc();
  EXPECT_EQ(refusal(doc), "");
  doc["result"]["duration_s"] = 0;
  EXPECT_THAT(refusal(doc), HasSubstr("h2/rand8k.json: result.duration_s: expected a positive "
                                      "number of seconds, got a number (value not shown)"));
  doc["result"]["duration_s"] = -1;
  EXPECT_THAT(refusal(doc), HasSubstr("result.duration_s: expected a number of seconds"));
  doc["result"]["duration_s"] = 1e-320;  // its IOPS would be infinite, written as null
  EXPECT_THAT(refusal(doc), HasSubstr("result.duration_s: expected a positive number"));
  doc = check_doc();
  doc["result"]["intervals"][0]["length_s"] = 0;
  EXPECT_THAT(refusal(doc), HasSubstr("result.intervals[0].length_s: expected a positive"));
}

// An error's record has a run that never started: no I/O in no time is what it is.
TEST_F(ReadBack, ARunWithoutIoMayTakeNoTime) {
  const RunRecord sample = test::sample_report();
  EXPECT_EQ(refusal(check_to_json(sample.checks[4], sample.context)), "");
}

TEST_F(ReadBack, NegativeAndHugeCountsAreRefusedNotWrapped) {
  nlohmann::json doc = check_doc();
  doc["result"]["ios_read"] = -5;  // get<std::uint64_t>() made it 1.8e19
  EXPECT_THAT(refusal(doc), HasSubstr("result.ios_read: expected a whole number from 0 to "
                                      "9007199254740992, got a number (value not shown)"));
  doc = check_doc();
  doc["workload"]["queue_depth"] = 1e30;
  EXPECT_THAT(refusal(doc), HasSubstr("workload.queue_depth: expected a whole number"));
  doc["workload"]["queue_depth"] = 5000;  // the engine's own limit, in its own words
  EXPECT_THAT(refusal(doc), AllOf(HasSubstr("workload.queue_depth: expected a queue depth from 1 "
                                            "to 4096 (value not shown)"),
                                  Not(HasSubstr("5000"))));
  doc = check_doc();
  doc["result"]["queue_depth"] = 1e30;
  EXPECT_THAT(refusal(doc), HasSubstr("result.queue_depth: expected a whole number"));
  doc = check_doc();
  doc["workload"]["block_size"] = 1000;
  EXPECT_THAT(refusal(doc), HasSubstr("workload.block_size: expected a positive multiple of 512"));
  doc = check_doc();
  doc["result"]["cpu_pct"] = -3;
  EXPECT_THAT(refusal(doc), HasSubstr("result.cpu_pct: expected a percentage"));
  doc = check_doc();
  doc["runs"] = -1;
  EXPECT_THAT(refusal(doc), HasSubstr("runs: expected a whole number"));
}

TEST_F(ReadBack, AHistogramCannotClaimMoreValuesThanTheRunHasIos) {
  nlohmann::json doc = check_doc();
  doc["result"]["lat_histogram_ns"][0][2] = 1ULL << 50;
  EXPECT_THAT(refusal(doc), HasSubstr("result.lat_histogram_ns[0]: expected a bucket"));
}

// One record() per bucket: a run of 2^40 I/Os reads back as fast as one of 4000.
TEST_F(ReadBack, AHistogramOfManyIosIsRestoredWithoutCountingThemOneByOne) {
  nlohmann::json doc = check_doc();
  auto& r = doc["result"];
  const std::uint64_t n = std::uint64_t{1} << 40;
  r["ios_read"] = n;
  r["bytes_read"] = 8192 * (n >> 10);  // any count: only the histogram's is bounded by ios
  // The figures written from the old counts would disagree with these (figure_consistency.hpp):
  // a file need not write them.
  for (const char* figure : {"iops", "mbps", "ios", "bytes", "read", "lat_avg_ms", "lat_min_ms",
                             "lat_max_ms", "lat_p99_ms", "lat_percentiles_ms", "intervals"})
    r.erase(figure);
  r["lat_histogram_ns"] = {{100000, 100512, n / 2}, {200000, 201024, n / 2}};
  r["lat_min_ns"] = 100000;
  r["lat_max_ns"] = 200500;
  r["lat_mean_ns"] = 150200.0;
  const auto started = std::chrono::steady_clock::now();
  const RunRecord back = read_results(put("h2/big.json", doc));
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  const LatencyHistogram& h = back.checks[0].result.latency;
  EXPECT_EQ(h.count(), n);
  EXPECT_EQ(h.min_ns(), 100000u);
  EXPECT_EQ(h.max_ns(), 200500u);
  EXPECT_NEAR(h.mean_ns(), 150200.0, 1.0);
}

// iogate fleet compares the runs' own latencies only: the directions' are not restored (each
// histogram is 58 KiB to build), but their buckets are held to the same rules.
TEST_F(ReadBack, AFleetReadRestoresOnlyTheRunsLatenciesAndStillChecksTheOthers) {
  const RunRecord sample = test::sample_report();
  nlohmann::json doc = check_to_json(sample.checks[2], sample.context);  // 70% reads
  const fs::path file = put("h2/mixed.json", doc);
  const RunResult all = read_results(file).checks[0].repeats[1];
  const RunResult lean = read_results(file, RunLatencies::run_only).checks[0].repeats[1];
  EXPECT_GT(all.write_latency.count(), 0u);
  EXPECT_EQ(lean.write_latency.count(), 0u);
  EXPECT_EQ(lean.read_latency.count(), 0u);
  EXPECT_EQ(lean.latency.count(), all.latency.count());
  EXPECT_EQ(lean.lat_percentile_ms(99), all.lat_percentile_ms(99));
  EXPECT_EQ(lean.iops(), all.iops());
  doc["repeats"][1]["write"]["lat_histogram_ns"][0][2] = 1ULL << 50;
  try {
    read_results(put("h2/mixed.json", doc), RunLatencies::run_only);
    FAIL() << "a direction's histogram claiming more values than its I/Os was read";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), HasSubstr("repeats[1].write.lat_histogram_ns[0]: expected a bucket"));
  }
}

TEST_F(ReadBack, HostLabelsAreHeldToTheHostLabelRule) {
  nlohmann::json doc = check_doc();
  for (const std::string& bad : {std::string("ok\r<!--"), std::string("rack/vm07"),
                                 std::string("a\x1b[2J"), std::string("a\0b", 3)}) {
    doc["host_label"] = bad;
    EXPECT_THAT(refusal(doc), HasSubstr("host_label: expected a host label of 1 to 64 printable "
                                        "characters without spaces or '/'"))
        << bad;
  }
  doc["host_label"] = std::string(10000, 'x');
  const std::string long_label = refusal(doc);
  EXPECT_THAT(long_label, AllOf(HasSubstr("host_label: expected"), HasSubstr("(value not shown)"),
                                Not(HasSubstr("xxxx"))));
  doc = check_doc();
  doc["host"] = "esx\x1b";
  EXPECT_THAT(refusal(doc), HasSubstr("host: expected a host label"));
}

// The file may be one the caller could not read: no value of it is shown, only its kind.
TEST_F(ReadBack, ARefusedValueIsNeverShown) {
  nlohmann::json doc = check_doc();
  doc["status"] = "sk-LIVE-SECRET";
  EXPECT_THAT(refusal(doc), AllOf(HasSubstr("status: expected pass, fail, unstable, skipped or "
                                            "error, got another string (value not shown)"),
                                  Not(HasSubstr("sk-LIVE"))));
  doc = check_doc();
  doc["status"] = "sk-LIVE-SECRET-" + std::string(5000, 'z');
  EXPECT_THAT(refusal(doc), AllOf(HasSubstr("status: expected a string of at most 16 bytes, got "
                                            "a string (value not shown)"),
                                  Not(HasSubstr("sk-LIVE"))));
  doc = check_doc();
  doc["workload"]["layout"] = "sk-LIVE-SECRET";
  EXPECT_THAT(refusal(doc), AllOf(HasSubstr("layout: expected"), Not(HasSubstr("sk-LIVE"))));
  doc = check_doc();
  doc["workload"]["random_distribution"] = "zipf:sk-LIVE-SECRET";
  EXPECT_THAT(refusal(doc), AllOf(HasSubstr("workload.random_distribution: "),
                                  HasSubstr("(value not shown)"), Not(HasSubstr("sk-LIVE"))));
  doc = check_doc();
  doc["result"]["lat_histogram_ns"][0] = {977123456, 1, 1};
  EXPECT_THAT(refusal(doc), AllOf(HasSubstr("result.lat_histogram_ns[0]: expected a bucket"),
                                  Not(HasSubstr("977123456"))));
}

TEST_F(ReadBack, TwoResultsOfOneCheckInOneDirectoryAreRefusedNamingBoth) {
  put("h2/rand8k.json", check_doc());
  put("h2/rand8k-copy.json", check_doc());
  try {
    read_report_dir(dir_ / "h2");
    FAIL() << "two results of one check were read as one run";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("rand8k.json"), HasSubstr("rand8k-copy.json"),
                                HasSubstr("both results of one check")));
  }
}

TEST_F(ReadBack, AResultOfAnotherHostInADirectoryIsRefusedNamingIt) {
  const RunRecord sample = test::sample_report();
  put("h2/a.json", check_to_json(sample.checks[0], sample.context));
  RunContext elsewhere = sample.context;
  elsewhere.host_label = "someoneelse";
  put("h2/b.json", check_to_json(sample.checks[2], elsewhere));
  try {
    read_report_dir(dir_ / "h2");
    FAIL() << "another host's result was counted as this one's";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("b.json: a result of another host than"),
                                HasSubstr("a.json"), Not(HasSubstr("someoneelse"))));
    EXPECT_THAT(e.what(), HasSubstr("a directory holds one host's results"));
  }
}

TEST_F(ReadBack, ALinkInAResultsDirectoryIsNotFollowedOutOfIt) {
  std::ofstream(dir_ / "token") << "\"sk-LIVE-SECRET-TOKEN\"";
  put("h2/a.json", check_doc());
  std::error_code ec;
  fs::create_symlink(dir_ / "token", dir_ / "h2" / "b.json", ec);
  if (ec) GTEST_SKIP() << "cannot make a symbolic link here: " << ec.message();
  try {
    read_report_dir(dir_ / "h2");
    FAIL() << "a link was followed";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(),
                AllOf(HasSubstr("b.json: is a symbolic link"), Not(HasSubstr("sk-LIVE"))));
  }
}

}  // namespace
}  // namespace iogate
