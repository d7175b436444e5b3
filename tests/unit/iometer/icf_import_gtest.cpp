// IOMeter configurations as threshold files: the VMware community's four tests import to the
// checks thresholds/vmware-community.toml spells by hand, and every file of the corpus converts
// and lints or is refused where tests/data/iometer/icf/expected.txt says.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/workload_toml.hpp"
#include "iogate/thresholds/threshold_file.hpp"
#include "iometer/icf_threshold_writer.hpp"

namespace iogate::iometer {
namespace {

using testing::HasSubstr;
using testing::StartsWith;

const std::filesystem::path kData = std::filesystem::path(IOGATE_TEST_DATA_DIR) / "iometer";

const import_core::ImportRequest kRequest{"imported", {{"iops_min", "1"}}};

ThresholdFile imported(const std::filesystem::path& icf, const IcfImportOptions& options = {}) {
  const IcfFile file = read_icf_file(icf);
  return parse_threshold_text(threshold_text(file, map_icf(file, options), kRequest), "out.toml");
}

std::string keys_of(const WorkloadSpec& w) {
  std::string out;
  for (const WorkloadKey& k : workload_toml_keys(w)) out += k.key + " = " + k.value + "\n";
  return out;
}

TEST(IcfImport, TheCommunityTestsAreTheHandWrittenSuite) {
  const ThresholdFile by_hand = load_threshold_file(std::filesystem::path(IOGATE_SOURCE_DIR) /
                                                    "thresholds" / "vmware-community.toml");
  const ThresholdFile from_icf = imported(kData / "vmware-community.icf");
  ASSERT_EQ(from_icf.checks.size(), by_hand.checks.size());
  for (std::size_t i = 0; i < by_hand.checks.size(); ++i) {
    SCOPED_TRACE(by_hand.checks[i].name);
    EXPECT_EQ(from_icf.checks[i].name, by_hand.checks[i].name);
    // Every workload key a threshold file can hold, as the parser read each file.
    EXPECT_EQ(keys_of(from_icf.checks[i].workload), keys_of(by_hand.checks[i].workload));
  }
}

TEST(IcfImport, SaysWhereEachKeyCameFrom) {
  const IcfFile file = read_icf_file(kData / "vmware-community.icf");
  const std::string text = threshold_text(file, map_icf(file), kRequest);
  const std::string icf = (kData / "vmware-community.icf").string();
  EXPECT_THAT(text,
              HasSubstr("# " + icf + ":48: 32768,100,100,0,0,1,0,0\nblock_size = \"32KiB\"\n"));
  EXPECT_THAT(text,
              HasSubstr("# " + icf + ":73: 'Number of outstanding IOs: 64\nqueue_depth = 64\n"));
  EXPECT_THAT(text, HasSubstr("# " + icf +
                              ":75: 'Disk maximum size: 8388608 sectors of 512 bytes\n"
                              "file_size = \"4GiB\"\n"));
  EXPECT_THAT(text, HasSubstr("# " + icf + ":7: 'Run Time: 120 s\nduration = \"2m\"\n"));
  EXPECT_THAT(text, HasSubstr("# IOMeter opens its test file unbuffered\ndirect = true\n"));
  // Random 8 KiB I/Os aligned to sectors in IOMeter, to blocks here: said, not hidden.
  EXPECT_THAT(text, HasSubstr("# note: " + icf + ":52: align 0 (sector boundaries)"));
  EXPECT_THAT(text, HasSubstr("[check.expect]\niops_min = 1\n"));
}

TEST(IcfImport, MapsMixesWorkersAndCycledQueueDepths) {
  const ThresholdFile fs = imported(kData / "icf" / "file-server-4-workers.icf");
  ASSERT_EQ(fs.checks.size(), 1u);
  const WorkloadSpec& w = fs.checks[0].workload;
  EXPECT_EQ(w.block_size, 512u);
  ASSERT_EQ(w.block_mix.size(), 8u);
  EXPECT_EQ(w.block_mix[3].block_size, 4096u);
  EXPECT_EQ(w.block_mix[3].pct, 60);
  EXPECT_EQ(w.read_pct, 80);
  EXPECT_EQ(w.random_pct, 100);
  EXPECT_EQ(w.workers, 4u);
  EXPECT_EQ(w.queue_depth, 16u);
  EXPECT_EQ(w.file_size, 1024u * 1024 * 1024);
  EXPECT_EQ(fs.checks[0].name, "File_Server");

  const ThresholdFile cycled = imported(kData / "icf" / "queue-depth-cycle.icf");
  ASSERT_EQ(cycled.checks.size(), 6u);
  std::vector<unsigned> depths;
  for (const Check& c : cycled.checks) depths.push_back(c.workload.queue_depth);
  EXPECT_THAT(depths, testing::ElementsAre(1, 2, 4, 8, 16, 32));
  EXPECT_EQ(cycled.checks[2].name, "4K_random_read_qd4");

  const ThresholdFile idle = imported(kData / "icf" / "idle-worker-ramp.icf");
  ASSERT_EQ(idle.checks.size(), 1u);
  EXPECT_EQ(idle.checks[0].workload.workers, 1u);  // the worker with no target idles
  EXPECT_EQ(idle.checks[0].workload.ramp, std::chrono::seconds(10));
  EXPECT_EQ(idle.checks[0].workload.read_pct, 0);
}

TEST(IcfImport, AWholeDiskNeedsAFileSize) {
  const std::filesystem::path icf = kData / "icf" / "whole-disk.icf";
  const ThresholdFile t = imported(icf, IcfImportOptions{std::uint64_t{1} << 30});
  ASSERT_EQ(t.checks.size(), 1u);
  EXPECT_EQ(t.checks[0].workload.file_size, std::uint64_t{1} << 30);
}

struct Expectation {
  std::string file;
  bool ok = false;
  std::size_t checks = 0;  // ok
  int line = 0;            // error
  std::string key;
};

std::vector<Expectation> expectations() {
  std::ifstream in(kData / "icf" / "expected.txt");
  std::vector<Expectation> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    Expectation e;
    std::string verdict;
    words >> e.file >> verdict;
    e.ok = verdict == "ok";
    if (e.ok) {
      words >> e.checks;
    } else {
      words >> e.line;
      std::getline(words >> std::ws, e.key);
    }
    out.push_back(e);
  }
  return out;
}

TEST(IcfImport, EveryCorpusFileConvertsOrIsRefusedWhereExpected) {
  const std::vector<Expectation> all = expectations();
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kData / "icf"))
    files += entry.path().extension() == ".icf" ? 1 : 0;
  ASSERT_EQ(all.size(), files) << "every .icf of the corpus has one line in expected.txt";
  int converted = 0;
  int refused = 0;
  for (const Expectation& e : all) {
    SCOPED_TRACE(e.file);
    const std::filesystem::path icf = kData / "icf" / e.file;
    try {
      const ThresholdFile t = imported(icf);
      EXPECT_TRUE(e.ok) << "converted, but expected an error at line " << e.line;
      EXPECT_EQ(t.checks.size(), e.checks);
      ++converted;
    } catch (const ThresholdError& error) {
      EXPECT_FALSE(e.ok) << error.what();
      if (e.ok) continue;
      EXPECT_THAT(error.what(), StartsWith(icf.string() + ":" + std::to_string(e.line) + ":"));
      EXPECT_THAT(error.what(), HasSubstr(": " + e.key));
      ++refused;
    }
  }
  EXPECT_GE(converted, 4);
  EXPECT_GE(refused, 15);
  std::cout << "icf corpus: " << all.size() << " files, " << converted << " converted, " << refused
            << " refused where expected\n";
}

// Cut anywhere, the community file is refused with a message or still converts; it never
// crashes or hangs: every prefix, by line, and by byte through its first 1000 bytes and its end.
TEST(IcfImport, EveryPrefixOfAFileConvertsOrIsRefused) {
  std::ifstream in(kData / "vmware-community.icf", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  ASSERT_GT(text.size(), 2000u);
  std::vector<std::size_t> cuts;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n' || i < 1000 || i + 1000 > text.size()) cuts.push_back(i);
  // Only a file whole up to its last section's end converts (the closing version line repeats
  // the first).
  const std::size_t complete = text.find("'END manager list") + 17;
  for (const std::size_t cut : cuts) {
    try {
      const IcfFile f = parse_icf_text(text.substr(0, cut), "cut.icf");
      parse_threshold_text(threshold_text(f, map_icf(f), kRequest), "out.toml");
      EXPECT_GE(cut, complete);
    } catch (const ThresholdError& e) {
      EXPECT_THAT(e.what(), StartsWith("cut.icf")) << "cut at " << cut;
    }
  }
}

}  // namespace
}  // namespace iogate::iometer
