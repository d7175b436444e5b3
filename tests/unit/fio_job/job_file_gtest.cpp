// The fio job file reader: sections, comments, [global] inheritance, include and ${VAR}.
#include "fio_job/job_file.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "fio_test_support.hpp"

namespace iogate::fio_job {
namespace {

using test::env_of;
using testing::HasSubstr;

std::string read_error(const std::string& text, const EnvLookup& env = env_of({})) {
  try {
    parse_job_text(text, "t.fio", env);
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "no error";
}

std::string read_error_file(const std::filesystem::path& path) {
  try {
    read_job_file(path, env_of({}));
  } catch (const ThresholdError& e) {
    return e.what();
  }
  return "no error";
}

TEST(JobFile, SectionsOptionsAndComments) {
  const FioJobFile f = parse_job_text(
      "; a comment\n# another\n\n[global]\n  bs = 4k ; trailing\n[seq-read]\nrw=read\n"
      "time_based\nfilename=/tmp/a#b\n",
      "t.fio", env_of({}));
  ASSERT_EQ(f.sections.size(), 2u);
  EXPECT_TRUE(f.sections[0].global);
  EXPECT_FALSE(f.sections[1].global);
  EXPECT_EQ(f.sections[1].name, "seq-read");
  EXPECT_EQ(f.sections[1].where.line, 6);
  ASSERT_EQ(f.sections[0].options.size(), 1u);
  const FioOption& bs = f.sections[0].options[0];
  EXPECT_EQ(bs.name, "bs");
  EXPECT_EQ(bs.value, "4k");
  EXPECT_EQ(bs.where.line, 5);
  EXPECT_EQ(bs.where.column, 3);
  EXPECT_EQ(bs.text, "bs = 4k");
  ASSERT_EQ(f.sections[1].options.size(), 3u);
  EXPECT_FALSE(f.sections[1].options[1].value.has_value());  // bare time_based
  EXPECT_EQ(f.sections[1].options[2].value, "/tmp/a");       // fio cuts at '#' too
}

TEST(JobFile, GlobalSectionsApplyToTheJobsAfterThem) {
  const FioJobFile f = parse_job_text(
      "[global]\nbs=4k\n[a]\nrw=read\n[global]\nbs=8k\n[b]\nrw=write\n", "t.fio", env_of({}));
  const std::vector<FioJobOptions> jobs = jobs_of(f);
  ASSERT_EQ(jobs.size(), 2u);
  ASSERT_EQ(jobs[0].options.size(), 2u);
  EXPECT_EQ(jobs[0].options[0]->value, "4k");
  ASSERT_EQ(jobs[1].options.size(), 3u);
  EXPECT_EQ(jobs[1].options[1]->value, "8k");  // the later [global] adds after the first
  EXPECT_EQ(jobs[1].index, 1u);
}

TEST(JobFile, AnOptionOutsideASectionIsAnError) {
  EXPECT_EQ(read_error("bs=4k\n[a]\n"),
            "t.fio:1:1: bs: option outside of a [job] section (fio refuses it too)");
}

TEST(JobFile, EnvironmentVariablesAreExpanded) {
  const FioJobFile f = parse_job_text("[a]\nsize=${SIZE}\nfilename=${DIR}/x${N}\n", "t.fio",
                                      env_of({{"SIZE", "1g"}, {"DIR", "/d"}, {"N", ""}}));
  EXPECT_EQ(f.sections[0].options[0].value, "1g");
  EXPECT_EQ(f.sections[0].options[1].value, "/d/x");
}

TEST(JobFile, AnUnsetVariableIsAnError) {
  EXPECT_EQ(read_error("[a]\nsize=${SIZE}\n"),
            "t.fio:2:1: size: ${SIZE} is not set in the environment (fio would put an empty "
            "string there)");
}

TEST(JobFile, FioHostKeywordsAreRefused) {
  EXPECT_THAT(read_error("[a]\nnumjobs=$ncpus\n"), HasSubstr("t.fio:2:1: numjobs: $ncpus"));
}

TEST(JobFile, IncludeReadsOptionsIntoTheSection) {
  const test::TempDir dir;
  dir.write("common/sizes.fio", "size=1g\n; comment\ninclude more.fio\n");
  dir.write("common/more.fio", "bs=${BS}\n");
  const auto main = dir.write("job.fio", "[a]\nrw=read\ninclude common/sizes.fio\niodepth=4\n");
  const FioJobFile f = read_job_file(main, env_of({{"BS", "8k"}}));
  ASSERT_EQ(f.sections.size(), 1u);
  const auto& o = f.sections[0].options;
  ASSERT_EQ(o.size(), 4u);
  EXPECT_EQ(o[1].name, "size");
  EXPECT_EQ(o[1].where.file, dir.path() / "common/sizes.fio");
  EXPECT_EQ(o[1].where.line, 1);
  EXPECT_EQ(o[2].value, "8k");
  EXPECT_EQ(o[2].where.file, dir.path() / "common/more.fio");
  EXPECT_EQ(o[3].name, "iodepth");
}

TEST(JobFile, IncludeErrors) {
  const test::TempDir dir;
  dir.write("self.fio", "include self.fio\n");
  dir.write("sect.fio", "[b]\n");
  const auto loop = dir.write("loop.fio", "[a]\ninclude self.fio\n");
  EXPECT_THAT(read_error_file(loop), HasSubstr("includes nest deeper than 8"));
  const auto sect = dir.write("s.fio", "[a]\ninclude sect.fio\n");
  EXPECT_THAT(read_error_file(sect), HasSubstr("sect.fio:1:1: include: an included file holds "
                                               "options only"));
  const auto missing = dir.write("m.fio", "[a]\ninclude nothere.fio\n");
  EXPECT_THAT(read_error_file(missing), HasSubstr("m.fio:2:1: include: "));
  EXPECT_THAT(read_error_file(missing), HasSubstr("nothere.fio: cannot open"));
}

TEST(JobFile, AnUnreadableFileNamesIt) {
  try {
    read_job_file("/nonexistent/job.fio", env_of({}));
    FAIL();
  } catch (const ThresholdError& e) {
    EXPECT_EQ(e.where().line, 0);
    EXPECT_THAT(e.what(), HasSubstr("/nonexistent/job.fio: cannot open"));
  }
}

TEST(JobFile, ABadSectionHeader) {
  EXPECT_THAT(read_error("[unclosed\n"), HasSubstr("t.fio:1:1: expected a section header"));
  EXPECT_THAT(read_error("[]\n"), HasSubstr("t.fio:1:1: expected a section header"));
}

}  // namespace
}  // namespace iogate::fio_job
