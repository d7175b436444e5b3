// The threshold file `iogate import fio` writes: it lints, it says where each key came from, and
// it runs the workload the job mapped to.
#include "fio_job/imported_jobs.hpp"
#include "iogate/thresholds/threshold_file.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fio_test_support.hpp"

namespace iogate::fio_job {
namespace {

using import_core::ImportRequest;
using testing::HasSubstr;

std::string text_of(const std::string& job_text, const ImportRequest& request) {
  const FioJobFile f = parse_job_text(job_text, "jobs/t.fio", test::env_of({}));
  return threshold_text(f, map_jobs(f), request);
}

const ImportRequest kRequest{"t", {{"iops_min", "300"}, {"latency_p99_max", "20ms"}}};

TEST(ImportedJobs, TheFileLintsAndHoldsTheMappedWorkload) {
  const std::string job =
      "[global]\nioengine=libaio\ndirect=1\nthread\n[rand-read]\nrw=randread\nbs=8k\n"
      "iodepth=16\nsize=64m\nruntime=30\ntime_based\nramp_time=2\n[seq-write]\nstonewall\n"
      "rw=write\nbs=1m\nsize=256m\nend_fsync=1\nnumjobs=2\nrate=50m\n";
  const std::string text = text_of(job, kRequest);
  const ThresholdFile file = parse_threshold_text(text, "out.toml");
  EXPECT_EQ(file.suite, "t");
  ASSERT_EQ(file.checks.size(), 2u);
  const std::vector<FioJob> jobs = test::jobs_of_text(job);
  for (std::size_t i = 0; i < 2; ++i) {
    const WorkloadSpec& want = jobs[i].workload;
    const WorkloadSpec& got = file.checks[i].workload;
    EXPECT_EQ(got.block_size, want.block_size) << i;
    EXPECT_EQ(got.read_pct, want.read_pct) << i;
    EXPECT_EQ(got.random_pct, want.random_pct) << i;
    EXPECT_EQ(got.queue_depth, want.queue_depth) << i;
    EXPECT_EQ(got.workers, want.workers) << i;
    EXPECT_EQ(got.file_size, want.file_size) << i;
    EXPECT_EQ(got.io_size, want.io_size) << i;
    EXPECT_EQ(got.duration, want.duration) << i;
    EXPECT_EQ(got.ramp, want.ramp) << i;
    EXPECT_EQ(got.direct, want.direct) << i;
    EXPECT_EQ(got.flush, want.flush) << i;
    EXPECT_EQ(got.engine, want.engine) << i;
    EXPECT_EQ(got.layout, want.layout) << i;
    EXPECT_EQ(got.rate_mbps, want.rate_mbps) << i;
    ASSERT_EQ(file.checks[i].expectations.size(), 2u);
    EXPECT_EQ(file.checks[i].expectations[0].key, "iops_min");
  }
  EXPECT_EQ(file.checks[0].name, "rand_read");
  EXPECT_EQ(file.checks[1].workload.rate_mbps, 100.0);
  // The fio lines each key came from, as comments above it; fio's defaults marked.
  EXPECT_THAT(text, HasSubstr("# jobs/t.fio:7: bs=8k\nblock_size = \"8KiB\"\n"));
  EXPECT_THAT(text, HasSubstr("# jobs/t.fio:2: ioengine=libaio\nengine = \"libaio\"\n"));
  EXPECT_THAT(text, HasSubstr("# jobs/t.fio:17: size=256m\n# jobs/t.fio:19: numjobs=2\n"
                              "file_size = \"512MiB\"\n"));
  EXPECT_THAT(text, HasSubstr("# fio's default\nqueue_depth = 1\n"));
  EXPECT_THAT(text, HasSubstr("# note: jobs/t.fio:4: thread: iogate's workers are threads"));
  EXPECT_THAT(text, HasSubstr("# fio job [rand-read] at jobs/t.fio:5\n"));
}

TEST(ImportedJobs, ExpectationsAreNumbersOrStrings) {
  const std::string text =
      text_of("[j]\nsize=1m\n", {"t", {{"iops_min", "90% of baseline"}, {"mbps_min", "2.5"}}});
  EXPECT_THAT(text, HasSubstr("iops_min = \"90% of baseline\"\n"));
  EXPECT_THAT(text, HasSubstr("mbps_min = 2.5\n"));
  EXPECT_NO_THROW(parse_threshold_text(text, "out.toml"));
}

TEST(ImportedJobs, DuplicateNamesGetASuffix) {
  const ThresholdFile f =
      parse_threshold_text(text_of("[a-b]\nsize=1m\n[a_b]\nsize=1m\n", kRequest), "out.toml");
  ASSERT_EQ(f.checks.size(), 2u);
  EXPECT_EQ(f.checks[0].name, "a_b");
  EXPECT_EQ(f.checks[1].name, "a_b_2");
}

TEST(ImportedJobs, StringsAndCommentsAreEscaped) {
  const std::string text = text_of("[j]\nsize=1m\ndescription=say \"hi\" \\ there\n", kRequest);
  const ThresholdFile f = parse_threshold_text(text, "out.toml");
  EXPECT_EQ(f.checks[0].description, "say \"hi\" \\ there");
}

TEST(ImportedJobs, ABlockSizeMixIsWrittenAsBlockMixAndReadsBack) {
  const FioJobFile f =
      parse_job_text("[j]\nsize=1m\nbssplit=4k/60:64k/40\n", "jobs/t.fio", test::env_of({}));
  const std::string text = threshold_text(f, map_jobs(f), kRequest);
  EXPECT_THAT(text, HasSubstr("# jobs/t.fio:3: bssplit=4k/60:64k/40\nblock_mix = [ { size = "
                              "\"4KiB\", pct = 60 }, { size = \"64KiB\", pct = 40 } ]\n"));
  const ThresholdFile parsed = parse_threshold_text(text, "out.toml");
  ASSERT_EQ(parsed.checks.size(), 1u);
  const WorkloadSpec& w = parsed.checks[0].workload;
  EXPECT_EQ(w.block_size, 4096u);
  ASSERT_EQ(w.block_mix.size(), 2u);
  EXPECT_EQ(w.block_mix[1].block_size, 65536u);
  EXPECT_EQ(w.block_mix[1].pct, 40);
}

// fio's floors join the given bounds; where both give a key, the stricter (higher) is kept.
TEST(ImportedJobs, FioFloorsAreBoundsTheStricterWinning) {
  const std::string job = "[j]\nsize=1m\nrw=write\nrate_min=10m\nnumjobs=2\n";
  const std::string added = text_of(job, kRequest);
  EXPECT_THAT(added, HasSubstr("iops_min = 300\nlatency_p99_max = \"20ms\"\n"
                               "# jobs/t.fio:4: rate_min=10m\n# jobs/t.fio:5: numjobs=2\n"
                               "mbps_min = 20\n"));
  const ThresholdFile f = parse_threshold_text(added, "out.toml");
  EXPECT_EQ(f.checks[0].expectations.size(), 3u);

  const std::string looser = text_of(job, {"t", {{"mbps_min", "5"}}});
  EXPECT_THAT(looser, HasSubstr("# jobs/t.fio:5: numjobs=2\nmbps_min = 20\n"));
  EXPECT_THAT(looser, HasSubstr("# note: mbps_min: fio's floor, 20, is kept, stricter than the "
                                "given 5\n"));
  const std::string stricter = text_of(job, {"t", {{"mbps_min", "50"}}});
  EXPECT_THAT(stricter, HasSubstr("\n[check.expect]\nmbps_min = 50\n"));
  EXPECT_THAT(stricter, HasSubstr("# note: mbps_min: the given 50 is kept, stricter than fio's "
                                  "floor, 20\n"));
  const std::string relative = text_of(job, {"t", {{"mbps_min", "90% of baseline"}}});
  EXPECT_THAT(relative, HasSubstr("\n[check.expect]\nmbps_min = \"90% of baseline\"\n"));
  EXPECT_THAT(relative, HasSubstr("fio's floor, 20, cannot be weighed against it"));
  for (const std::string& text : {looser, stricter, relative})
    EXPECT_NO_THROW(parse_threshold_text(text, "out.toml"));
}

TEST(ImportedJobs, ARangeOfBlockSizesReadsBack) {
  const ThresholdFile f =
      parse_threshold_text(text_of("[j]\nsize=3m\nbsrange=4k-12k\n", kRequest), "out.toml");
  const WorkloadSpec& w = f.checks[0].workload;
  EXPECT_EQ(w.block_size, 4096u);
  ASSERT_EQ(w.block_mix.size(), 3u);
  EXPECT_EQ(w.block_mix[2].block_size, 12288u);
  EXPECT_EQ(w.block_mix[2].pct, 100.0 / 3);  // to the last bit
}

TEST(ImportedJobs, VerifyAndIntegrity) {
  const ThresholdFile f = parse_threshold_text(
      text_of("[w]\nsize=1m\nrw=write\nverify=crc32c\n[m]\nsize=1m\nrw=randrw\nverify=md5\n",
              kRequest),
      "out.toml");
  EXPECT_EQ(f.checks[0].workload.kind, WorkloadKind::integrity);
  EXPECT_TRUE(f.checks[1].workload.verify);
  EXPECT_EQ(f.checks[1].workload.kind, WorkloadKind::mixed);
}

}  // namespace
}  // namespace iogate::fio_job
