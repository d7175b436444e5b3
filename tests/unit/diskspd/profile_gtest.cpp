// DiskSpd profiles as threshold files: what a profile maps to, and every file of the corpus
// (tests/data/diskspd, expected.txt) converting and linting or refused at its line.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>
#include <sstream>

#ifndef _WIN32
#include <unistd.h>
#endif

#include "diskspd/profile.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::diskspd {
namespace {

using testing::HasSubstr;
using testing::StartsWith;

const std::filesystem::path kData = std::filesystem::path(IOGATE_TEST_DATA_DIR) / "diskspd";
const import_core::ImportRequest kRequest{"imported", {{"iops_min", "1"}}};

ThresholdFile imported(const std::filesystem::path& xml, const ProfileImportOptions& o = {}) {
  return parse_threshold_text(profile_threshold_text(xml, import_profile(xml, o), kRequest),
                              "out.toml");
}

TEST(DiskspdProfile, MapsAnOltpProfile) {
  const ThresholdFile t = imported(kData / "oltp-8k-70r.xml");
  ASSERT_EQ(t.checks.size(), 1u);
  const WorkloadSpec& w = t.checks[0].workload;
  EXPECT_EQ(t.checks[0].name, "timespan_1");
  EXPECT_EQ(w.block_size, 8192u);
  EXPECT_EQ(w.random_pct, 100);
  EXPECT_EQ(w.read_pct, 70);
  EXPECT_EQ(w.queue_depth, 8u);
  EXPECT_EQ(w.workers, 4u);
  EXPECT_EQ(w.file_size, std::uint64_t{10} << 30);
  EXPECT_EQ(w.duration, std::chrono::seconds(60));
  EXPECT_EQ(w.ramp, std::chrono::seconds(15));
  EXPECT_TRUE(w.direct);         // -Sh
  EXPECT_TRUE(w.write_through);  // -Sh
  EXPECT_EQ(w.flush, FlushPolicy::none);
  EXPECT_EQ(w.engine, "auto");
}

TEST(DiskspdProfile, MapsSpansDefaultsRatiosAndRates) {
  const ThresholdFile two = imported(kData / "two-spans-seq-and-mix.xml");  // CRLF
  ASSERT_EQ(two.checks.size(), 2u);
  EXPECT_EQ(two.checks[0].workload.block_size, 512u * 1024);
  EXPECT_EQ(two.checks[0].workload.random_pct, 0);
  EXPECT_TRUE(two.checks[0].workload.direct);
  EXPECT_FALSE(two.checks[0].workload.write_through);
  EXPECT_EQ(two.checks[1].workload.random_pct, 20);
  EXPECT_EQ(two.checks[1].workload.read_pct, 0);
  EXPECT_EQ(two.checks[1].workload.rate_iops, 500);
  EXPECT_EQ(two.checks[1].workload.file_size, std::uint64_t{2} << 30);  // MaxFileSize

  const ThresholdFile defaults = imported(kData / "defaults-only.xml");
  const WorkloadSpec& d = defaults.checks.at(0).workload;
  EXPECT_EQ(d.block_size, 64u * 1024);
  EXPECT_EQ(d.queue_depth, 2u);
  EXPECT_EQ(d.workers, 1u);
  EXPECT_EQ(d.duration, std::chrono::seconds(10));
  EXPECT_EQ(d.ramp, std::chrono::seconds(5));
  EXPECT_FALSE(d.direct);  // DiskSpd caches unless told not to
  EXPECT_EQ(d.read_pct, 100);

  const ThresholdFile f = imported(kData / "thread-count-F.xml");
  EXPECT_EQ(f.checks.at(0).workload.workers, 8u);
  EXPECT_EQ(f.checks.at(0).workload.queue_depth, 16u);
}

TEST(DiskspdProfile, SaysWhereEachKeyCameFrom) {
  const std::filesystem::path xml = kData / "oltp-8k-70r.xml";
  const std::string text = profile_threshold_text(xml, import_profile(xml), kRequest);
  EXPECT_THAT(text, HasSubstr("# " + xml.string() +
                              ":18: <BlockSize>8192</BlockSize>\n"
                              "block_size = \"8KiB\"\n"));
  EXPECT_THAT(text, HasSubstr("<DisableAllCache>true</DisableAllCache>\ndirect = true\n"));
  EXPECT_THAT(text, HasSubstr("# note: " + xml.string() + ":16: <Path>: never used"));
}

TEST(DiskspdProfile, NoFileSizeNeedsTheFlag) {
  const ThresholdFile t =
      imported(kData / "no-file-size.xml", ProfileImportOptions{std::uint64_t{1} << 30});
  EXPECT_EQ(t.checks.at(0).workload.file_size, std::uint64_t{1} << 30);
}

TEST(DiskspdProfile, EveryCorpusFileConvertsOrIsRefusedWhereExpected) {
  std::ifstream in(kData / "expected.txt");
  std::string line;
  int converted = 0;
  int refused = 0;
  std::size_t listed = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    ++listed;
    std::istringstream words(line);
    std::string file, verdict, key;
    std::size_t number = 0;
    words >> file >> verdict >> number >> key;
    SCOPED_TRACE(file);
    const std::filesystem::path xml = kData / file;
    try {
      const ThresholdFile t = imported(xml);
      EXPECT_EQ(verdict, "ok");
      EXPECT_EQ(t.checks.size(), number);
      ++converted;
    } catch (const ThresholdError& e) {
      EXPECT_EQ(verdict, "error") << e.what();
      EXPECT_THAT(e.what(), StartsWith(xml.string() + ":" + std::to_string(number) + ":"));
      if (!key.empty()) {
        EXPECT_THAT(e.what(), HasSubstr(": " + key + ": "));
      }
      ++refused;
    }
  }
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kData))
    files += entry.path().extension() == ".xml" ? 1 : 0;
  EXPECT_EQ(listed, files) << "every profile of the corpus has one line in expected.txt";
  EXPECT_GE(converted, 4);
  EXPECT_GE(refused, 17);
  std::cout << "diskspd corpus: " << listed << " profiles, " << converted << " converted, "
            << refused << " refused where expected\n";
}

// Cut anywhere, a profile is refused with a message or still converts; never a crash.
TEST(DiskspdProfile, EveryPrefixConvertsOrIsRefused) {
  std::ifstream in(kData / "oltp-8k-70r.xml", std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  const std::size_t complete = text.find("</Profile>") + 10;
  for (std::size_t cut = 0; cut < text.size(); ++cut) {
    try {
      const auto checks = import_profile_text(text.substr(0, cut), "cut.xml");
      parse_threshold_text(profile_threshold_text("cut.xml", checks, kRequest), "out.toml");
      EXPECT_GE(cut, complete);
    } catch (const ThresholdError& e) {
      EXPECT_THAT(e.what(), StartsWith("cut.xml")) << "cut at " << cut;
    }
  }
}

}  // namespace
}  // namespace iogate::diskspd

#ifndef _WIN32
namespace iogate::diskspd {
namespace {

// A profile not every user may read: its element names stay out of messages (CI logs).
TEST(DiskspdProfile, AnUnreadableProfileIsNotQuoted) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("iogate-diskspd-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::filesystem::path xml = dir / "secret.xml";
  {
    std::ofstream out(xml);
    out << "<Profile>\n<TimeSpans><TimeSpan><Targets><Target>\n<sk-LIVE-token>1</sk-LIVE-token>"
           "</Target></Targets></TimeSpan></TimeSpans></Profile>\n";
  }
  std::filesystem::permissions(
      xml, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  try {
    import_profile(xml);
    ADD_FAILURE() << "imported";
  } catch (const ThresholdError& e) {
    EXPECT_THAT(e.what(), StartsWith(xml.string() + ":3:1: an element (its name not shown"));
    EXPECT_THAT(e.what(), testing::Not(HasSubstr("sk-LIVE")));
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace iogate::diskspd
#endif
