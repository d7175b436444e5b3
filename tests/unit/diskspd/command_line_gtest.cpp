// DiskSpd command lines as threshold files: the published lines of
// tests/data/diskspd/command-lines/published.cmd, each imported alone at its own line and checked
// against the keys it must give or the line:column it must be refused at; then how a script
// around the lines is read, and DiskSpd's thread affinity from an XML profile.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "diskspd/profile.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate::diskspd {
namespace {

using testing::HasSubstr;

const std::filesystem::path kData = std::filesystem::path(IOGATE_TEST_DATA_DIR) / "diskspd";
const std::filesystem::path kPublished = kData / "command-lines" / "published.cmd";
const import_core::ImportRequest kRequest{"imported", {{"iops_min", "1"}}};

std::vector<std::string> file_lines(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The threshold text of `text` (a --file-size given, for lines that test an existing file).
std::string imported(const std::string& text, const std::filesystem::path& as = "lines.cmd") {
  ProfileImportOptions options;
  options.file_size = std::uint64_t{1} << 30;
  return profile_threshold_text(as, import_profile_text(text, as, options), kRequest);
}

struct Published {
  int line;
  std::size_t checks;             // 0: refused
  std::vector<const char*> keys;  // "key = value" lines every check must hold
  int column = 0;                 // where it is refused
  const char* key = "";           // the flag the refusal names
};

// What each line of published.cmd must become, read against DiskSpd's own parser
// (CmdLineParser.cpp) and defaults (Common.h): 64 KiB, 2 outstanding, 1 thread, 10 s after 5 s,
// sequential reads, cached, threads pinned round-robin.
const std::vector<Published> kPublishedLines = {
    {10,
     1,
     {"block_size = \"64KiB\"", "read = \"100%\"", "random = \"0%\"", "queue_depth = 2",
      "workers = 1", "file_size = \"8MiB\"", "duration = \"1s\"", "ramp = \"5s\"", "direct = false",
      "engine = \"auto\"", "cpu_affinity = \"round-robin\""}},
    {12,
     1,
     {"block_size = \"4KiB\"", "random = \"100%\"", "queue_depth = 32", "workers = 2",
      "duration = \"10s\"", "direct = true", "write_through = true", "file_size = \"1GiB\""}},
    {14,
     2,
     {"block_size = \"4KiB\"", "workers = 2", "file_size = \"1GiB\"", "cpu_affinity = \"0-1\""}},
    {16,
     1,
     {"workers = 8", "queue_depth = 32", "random = \"100%\"", "read = \"100%\"",
      "file_size = \"2GiB\"", "ramp = \"1m\"", "duration = \"1m\""}},
    {18, 1, {"workers = 8", "queue_depth = 32", "read = \"0%\""}},
    {20, 1, {"queue_depth = 1", "engine = \"psync\"", "random = \"100%\"", "direct = true"}},
    {22, 1, {"queue_depth = 1", "engine = \"psync\"", "read = \"0%\""}},
    {24, 0, {}, 23, "-T"},
    {26, 1, {"queue_depth = 1", "engine = \"psync\"", "random = \"0%\""}},
    {28, 1, {"queue_depth = 1", "read = \"0%\"", "random = \"0%\""}},
    {30, 0, {}, 30, "-T"},
    {32,
     1,
     {"block_size = \"4KiB\"", "read = \"70%\"", "random = \"100%\"", "queue_depth = 20",
      "workers = 8", "ramp = \"10s\"", "duration = \"1m\"", "direct = true",
      "write_through = true"}},
    {34, 1, {"read = \"100%\"", "queue_depth = 20", "workers = 8"}},
    {37,
     1,
     {"queue_depth = 32", "workers = 1", "duration = \"30m\"", "ramp = \"1m\"",
      "cpu_affinity = \"round-robin\""}},
    {39, 0, {}, 85, "target"},
    {42, 0, {}, 30, ""},
    {44,
     1,
     {"block_size = \"8KiB\"", "read = \"75%\"", "queue_depth = 4", "workers = 8",
      "file_size = \"20GiB\"", "duration = \"30s\"", "direct = true", "write_through = true"}},
    {46, 0, {}, 19, ""},
};

TEST(DiskspdCommandLine, EveryPublishedLineMapsOrIsRefusedWhereExpected) {
  const std::vector<std::string> lines = file_lines(kPublished);
  for (const Published& p : kPublishedLines) {
    SCOPED_TRACE("published.cmd:" + std::to_string(p.line));
    ASSERT_LE(static_cast<std::size_t>(p.line), lines.size());
    // The line alone, at its own line number.
    const std::string text = std::string(static_cast<std::size_t>(p.line - 1), '\n') +
                             lines[static_cast<std::size_t>(p.line - 1)] + "\n";
    if (p.checks == 0) {
      try {
        imported(text, kPublished);
        ADD_FAILURE() << "expected a refusal";
      } catch (const ThresholdError& e) {
        EXPECT_EQ(e.where().line, p.line);
        EXPECT_EQ(e.where().column, p.column) << e.what();
        EXPECT_EQ(e.key(), p.key) << e.what();
      }
      continue;
    }
    const std::string toml = imported(text, kPublished);
    const ThresholdFile parsed = parse_threshold_text(toml, "out.toml");
    ASSERT_EQ(parsed.checks.size(), p.checks);
    EXPECT_EQ(parsed.checks[0].name, "line_" + std::to_string(p.line));
    for (const char* key : p.keys) {
      std::size_t found = 0;
      for (std::size_t at = toml.find(std::string("\n") + key + "\n"); at != std::string::npos;
           at = toml.find(std::string("\n") + key + "\n", at + 1))
        ++found;
      EXPECT_EQ(found, p.checks) << key;
    }
  }
}

TEST(DiskspdCommandLine, NotesEachKeyWithTheFlagItCameFrom) {
  const std::string toml = imported(file_lines(kPublished).at(31) + "\n", "sweep.cmd");
  EXPECT_THAT(toml, HasSubstr("# sweep.cmd:1:35: -b4k\nblock_size = \"4KiB\""));
  EXPECT_THAT(toml, HasSubstr("# sweep.cmd:1:45: -w30\nread = \"70%\""));
  EXPECT_THAT(toml, HasSubstr("# sweep.cmd:1:23: -h\ndirect = true"));
  // -n: DiskSpd's threads unpinned, which is iogate's default (no cpu_affinity key written).
  EXPECT_THAT(toml, HasSubstr("sweep.cmd:1:20: -n: DiskSpd's threads unpinned"));
  EXPECT_THAT(toml, testing::Not(HasSubstr("\ncpu_affinity =")));
  // The write pattern's difference, on the line: DiskSpd's default buffer is the same each write.
  EXPECT_THAT(toml, HasSubstr("DiskSpd writes the bytes 0 to 255 repeated"));
}

TEST(DiskspdCommandLine, ReadsAScriptAroundTheLinesCrlfOrLf) {
  const std::string script =
      "@echo off\r\n"
      "REM a sweep\r\n"
      ":: two sizes\r\n"
      "# a note\r\n"
      "set OUT=results\r\n"
      "echo running\r\n"
      "\r\n"
      "\"C:\\Program Files\\diskspd.exe\" -b8K -c1G -o1 -t1 -Zr -w50 -r test.dat > out.txt 2>&1\r\n"
      "diskspd -b64K -c1G -s -t1 test.dat\r\n";
  const std::string toml = imported(script);
  const ThresholdFile parsed = parse_threshold_text(toml, "out.toml");
  ASSERT_EQ(parsed.checks.size(), 2u);
  EXPECT_EQ(parsed.checks[0].name, "line_8");
  EXPECT_EQ(parsed.checks[0].workload.block_size, 8192u);
  EXPECT_EQ(parsed.checks[0].workload.read_pct, 50);
  EXPECT_EQ(parsed.checks[0].workload.engine, "psync");
  EXPECT_THAT(toml, HasSubstr("-Zr: fresh random data for each write, as iogate writes"));
  EXPECT_EQ(parsed.checks[1].name, "line_9");
  EXPECT_EQ(parsed.checks[1].workload.random_pct, 0);
  // The same script with LF ends gives the same checks.
  std::string lf = script;
  for (std::size_t at; (at = lf.find('\r')) != std::string::npos;) lf.erase(at, 1);
  EXPECT_EQ(imported(lf), toml);
}

// Each refusal at the line and column of what is refused, naming the flag, never its value.
TEST(DiskspdCommandLine, RefusesWhatIogateCannotHonourAtItsColumn) {
  const struct {
    const char* line;
    int column;
    const char* key;
  } kRefused[] = {
      {"diskspd -c1G -Sm test.dat", 14, "-Sm"},          // memory-mapped I/O
      {"diskspd -c1G -j10 -i4 test.dat", 19, "-i"},      // think time: the shared rule's order
      {"diskspd -c1G -rdpct90/10 test.dat", 14, "-rd"},  // a skewed distribution
      {"diskspd -c1G -I1 test.dat", 14, "-I"},           // a low priority
      {"diskspd -c1G -Xprofile.xml", 14, "-X"},          // run a profile: import it instead
      {"diskspd -c1G -Q test.dat", 14, "-Q"},            // not a DiskSpd flag
      {"diskspd -c1G test.dat -d10", 23, "-d"},          // a flag after a target
      {"diskspd -c1G D:", 14, "target"},                 // a volume
      {"diskspd -b4K -r8K -c1G t.dat", 14, "-r"},        // random offsets not block-aligned
      {"diskspd -n -a0,1 -c1G t.dat", 12, "-a"},         // affinity disabled and listed
      {"diskspd -ag1,0 -c1G t.dat", 9, "-a"},            // a processor group other than 0
      {"diskspd -c1G -dten t.dat", 14, "-d"},            // not a number
      {"diskspd -c1G -d10 t.dat | more", 25, ""},        // a second command
      {"diskspd -c1G \"t.dat", 14, ""},                  // an unclosed quote
      {"fsutil file createnew t.dat 1", 1, ""},          // not DiskSpd
      {"diskspd -d10 t.dat", 14, "-c"},                  // no size, no --file-size
  };
  for (const auto& r : kRefused) {
    SCOPED_TRACE(r.line);
    try {
      import_profile_text(r.line, "r.cmd");
      ADD_FAILURE() << "expected a refusal";
    } catch (const ThresholdError& e) {
      EXPECT_EQ(e.where().line, 1);
      EXPECT_EQ(e.where().column, r.column) << e.what();
      EXPECT_EQ(e.key(), r.key) << e.what();
    }
  }
}

// DiskSpd pins threads round-robin unless <DisableAffinity>; <Affinity> lists the CPUs.
TEST(DiskspdProfileAffinity, MapsDiskspdsAffinityFromXml) {
  const auto affinity_of = [](const std::string& span_extra) {
    const std::string xml =
        "<Profile><TimeSpans><TimeSpan>" + span_extra +
        "<Targets><Target><Path>t.dat</Path><FileSize>1048576</FileSize></Target></Targets>"
        "</TimeSpan></TimeSpans></Profile>";
    return import_profile_text(xml, "p.xml").at(0).workload.cpu_affinity;
  };
  EXPECT_EQ(affinity_of("").mode, CpuAffinity::Mode::round_robin);
  EXPECT_EQ(affinity_of("<DisableAffinity>true</DisableAffinity>").mode, CpuAffinity::Mode::none);
  const CpuAffinity listed = affinity_of(
      "<Affinity><AffinityGroupAssignment Group=\"0\" Processor=\"2\"/>"
      "<AffinityGroupAssignment Group=\"0\" Processor=\"4\"/></Affinity>");
  EXPECT_EQ(listed.mode, CpuAffinity::Mode::list);
  EXPECT_EQ(listed.cpus, (std::vector<unsigned>{2, 4}));
  EXPECT_EQ(affinity_of("<Affinity><AffinityAssignment>3</AffinityAssignment></Affinity>").cpus,
            std::vector<unsigned>{3});
}

}  // namespace
}  // namespace iogate::diskspd
