// A threshold file's check whose workload is a fio job: fio_job and fio_section.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fio_test_support.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::fio_job {
namespace {

using testing::HasSubstr;

std::string check_with(const std::string& keys) {
  return "[suite]\nname = \"s\"\n[defaults]\nblock_size = \"64k\"\n[[check]]\nname = \"c\"\n" +
         keys + "[check.expect]\niops_min = 10\n";
}

std::string error_loading(const std::filesystem::path& p) {
  try {
    load_threshold_file(p);
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "no error";
}

TEST(FioJobCheck, TheJobIsTheWorkload) {
  const test::TempDir dir;
  dir.write("jobs/two.fio",
            "[global]\ndirect=1\nsize=32m\n[reader]\nrw=randread\nbs=8k\niodepth=8\n"
            "runtime=5\ntime_based\n[writer]\nrw=write\nbssplit=4k/25:16k/75\n");
  const auto toml =
      dir.write("gate.toml", check_with("fio_job = \"jobs/two.fio\"\nfio_section = \"reader\"\n"));
  const ThresholdFile f = load_threshold_file(toml);
  ASSERT_EQ(f.checks.size(), 1u);
  const WorkloadSpec& w = f.checks[0].workload;
  EXPECT_EQ(w.block_size, 8192u);  // the job's, not [defaults]'
  EXPECT_EQ(w.random_pct, 100.0);
  EXPECT_EQ(w.queue_depth, 8u);
  EXPECT_TRUE(w.direct);
  EXPECT_EQ(w.duration, std::chrono::seconds(5));
  EXPECT_EQ(w.file_size, 32u << 20);
  EXPECT_GT(f.checks[0].timeout.count(), 5);

  const auto mix =
      dir.write("mix.toml", check_with("fio_job = \"jobs/two.fio\"\nfio_section = \"writer\"\n"));
  const ThresholdFile mixed = load_threshold_file(mix);  // kept: m refers into it
  const WorkloadSpec& m = mixed.checks[0].workload;
  ASSERT_EQ(m.block_mix.size(), 2u);
  EXPECT_EQ(m.block_mix[1].block_size, 16384u);
  EXPECT_EQ(m.block_mix[1].pct, 75.0);
  EXPECT_EQ(m.block_size, 4096u);
}

TEST(FioJobCheck, Errors) {
  const test::TempDir dir;
  dir.write("jobs/two.fio", "[a]\nsize=1m\n[b]\nsize=1m\nioengine=rbd\n");
  auto at = [&](const std::string& keys) {
    return error_loading(dir.write("t.toml", check_with(keys)));
  };
  const std::string toml = (dir.path() / "t.toml").string();
  EXPECT_THAT(at("fio_job = \"jobs/two.fio\"\n"),
              HasSubstr(toml + ":7:11: check \"c\": fio_job: "));
  EXPECT_THAT(at("fio_job = \"jobs/two.fio\"\n"), HasSubstr("holds 2 jobs (a, b): name one"));
  EXPECT_THAT(at("fio_job = \"jobs/two.fio\"\nfio_section = \"z\"\n"),
              HasSubstr(toml + ":8:15: check \"c\": fio_section: "));
  // A mistake in the job file is reported at its own line.
  EXPECT_THAT(at("fio_job = \"jobs/two.fio\"\nfio_section = \"b\"\n"),
              HasSubstr((dir.path() / "jobs/two.fio").string() +
                        ":5:1: ioengine: rbd: iogate runs local files only"));
  EXPECT_THAT(at("fio_job = \"jobs/none.fio\"\n"),
              HasSubstr(toml + ":7:11: check \"c\": fio_job: "));
  EXPECT_THAT(at("fio_job = \"jobs/none.fio\"\n"), HasSubstr("none.fio: cannot open"));
  EXPECT_THAT(at("fio_job = \"jobs/two.fio\"\nfio_section = \"a\"\n[check.workload]\n"
                 "duration = \"1s\"\n"),
              HasSubstr("check \"c\": workload: a check takes its workload from fio_job or"));
  EXPECT_THAT(at("fio_section = \"a\"\n[check.workload]\nduration = \"1s\"\n"),
              HasSubstr("check \"c\": fio_section: fio_section names a job of fio_job"));
  EXPECT_THAT(at("fio_job = 3\n"), HasSubstr("check \"c\": fio_job: "));
}

// A floor (rate_min) is a bound; a check naming the job takes its bounds from [check.expect].
TEST(FioJobCheck, AJobsOwnFloorIsRefusedNotDropped) {
  const test::TempDir dir;
  const auto job = dir.write("jobs/floor.fio", "[j]\nsize=1m\nrw=write\nrate_min=4m\n");
  const auto toml = dir.write("gate.toml", check_with("fio_job = \"jobs/floor.fio\"\n"));
  EXPECT_THAT(error_loading(toml),
              HasSubstr(job.string() + ":4:1: rate_min: fio's floor for the job: a check naming "
                                       "a job file takes its bounds from [check.expect] alone; "
                                       "write mbps_min = 4 there"));
}

}  // namespace
}  // namespace iogate::fio_job
