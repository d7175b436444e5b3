// tests/data/fio_jobs: every job file maps, converts and lints, or is refused at the line and
// option its first line names (the corpus's README).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>

#include "fio_job/imported_jobs.hpp"
#include "fio_test_support.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::fio_job {
namespace {

const std::filesystem::path kCorpus = std::filesystem::path(IOGATE_TEST_DATA_DIR) / "fio_jobs";

struct Expected {
  bool ok = true;
  std::string where;  // "4" or "include/bad.fioinc:2"
  std::string option;
};

// "; expect: ok" or "; expect: error LINE OPTION" on the line starting with `tag`.
std::optional<Expected> expected(const std::filesystem::path& file, const std::string& tag) {
  std::ifstream in(file);
  std::string line;
  for (int i = 0; i < 2 && std::getline(in, line); ++i) {
    if (!line.starts_with(tag)) continue;
    std::istringstream words(line.substr(tag.size()));
    std::string verdict;
    Expected e;
    words >> verdict >> e.where >> e.option;
    e.ok = verdict == "ok";
    return e;
  }
  return std::nullopt;
}

std::vector<std::filesystem::path> corpus() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(kCorpus))
    if (entry.path().extension() == ".fio") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

const EnvLookup kEnv = test::env_of({{"IOGATE_CORPUS_BS", "8k"}});

std::string fmt_where(const std::filesystem::path& file, const std::string& line) {
  return file.string() + ":" + line + ":";
}

// The error's start, "FILE:LINE:", for an expectation's "LINE" or "include/x:LINE".
std::string error_start(const std::filesystem::path& file, const std::string& where) {
  const std::size_t colon = where.rfind(':');
  if (colon == std::string::npos) return fmt_where(file, where);
  return fmt_where(file.parent_path() / where.substr(0, colon), where.substr(colon + 1));
}

TEST(Corpus, EveryFileConvertsOrIsRefusedWhereItSays) {
  const std::vector<std::filesystem::path> files = corpus();
  ASSERT_GE(files.size(), 30u);
  int converted = 0;
  int refused = 0;
  for (const std::filesystem::path& file : files) {
    SCOPED_TRACE(file.filename().string());
    const std::optional<Expected> want = expected(file, "; expect: ");
    ASSERT_TRUE(want) << "no \"; expect:\" line";
    const std::optional<Expected> on_import = expected(file, "; import: ");
    try {
      const FioJobFile f = read_job_file(file, kEnv);
      const std::vector<FioJob> jobs = map_jobs(f);
      EXPECT_TRUE(want->ok) << "mapped, but expected an error at " << want->where;
      if (on_import && !on_import->ok) {
        try {
          threshold_text(f, jobs, {"corpus", {{"iops_min", "1"}}});
          ADD_FAILURE() << "imported, but expected an error";
        } catch (const ThresholdError& e) {
          EXPECT_THAT(e.what(), testing::StartsWith(error_start(file, on_import->where)));
          EXPECT_THAT(e.what(), testing::HasSubstr(": " + on_import->option + ": "));
        }
        continue;
      }
      const std::string text = threshold_text(f, jobs, {"corpus", {{"iops_min", "1"}}});
      const ThresholdFile t = parse_threshold_text(text, "corpus.toml");
      EXPECT_EQ(t.checks.size(), jobs.size());
      ++converted;
    } catch (const ThresholdError& e) {
      EXPECT_FALSE(want->ok) << e.what();
      if (want->ok) continue;
      EXPECT_THAT(e.what(), testing::StartsWith(error_start(file, want->where)));
      EXPECT_THAT(e.what(), testing::HasSubstr(": " + want->option + ": "));
      ++refused;
    }
  }
  EXPECT_GE(converted, 12);
  EXPECT_GE(refused, 18);
  std::cout << "corpus: " << files.size() << " job files, " << converted << " converted, "
            << refused << " refused where expected\n";
}

}  // namespace
}  // namespace iogate::fio_job
