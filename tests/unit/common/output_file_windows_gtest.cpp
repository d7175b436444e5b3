// The output writer on Windows: names Windows reads as no file (a device, a stream, an object of
// its namespace, a name it trims, a drive's current directory) are refused before anything is
// written, by the probe and the write alike; a long path (\\?\ before a drive) is a file.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "iogate/common/output_file.hpp"
#include "output_file_test_files.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::listing;
using test::slurp;

class OutputFileWindowsTest : public test::OutputFileFixture {};

TEST_F(OutputFileWindowsTest, NamesThatAreNoFileAreRefusedAndNothingIsMade) {
  const std::string d = dir().string();
  const std::vector<std::string> refused = {"NUL",
                                            d + "\\nul.txt",
                                            d + "\\COM1.xml",
                                            d + "\\Lpt9",
                                            d + "\\aux\\r.json",
                                            d + "\\CON .log",
                                            d + "\\r.html:evil",
                                            d + "\\r.html.",
                                            d + "\\r.html ",
                                            "C:r.json",
                                            "\\\\.\\NUL",
                                            "\\\\.\\PhysicalDrive0",
                                            "\\\\?\\GLOBALROOT\\Device\\Null"};
  for (const std::string& name : refused) {
    EXPECT_THROW(check_output_allowed(name, IfExists::replace), UnsafeOutputError) << name;
    EXPECT_THROW(write_output_text(name, "x"), UnsafeOutputError) << name;
  }
  EXPECT_TRUE(listing(dir()).empty());
}

TEST_F(OutputFileWindowsTest, ALongPathAndNamesLikeDevicesAreFiles) {
  const fs::path long_path = "\\\\?\\" + fs::absolute(dir()).string() + "\\long.json";
  write_output_text(long_path, "1\n");
  write_output_text(dir() / "console.log", "2\n");  // CON is a device, console is not
  write_output_text(dir() / "COM10.xml", "3\n");
  EXPECT_EQ(slurp(dir() / "long.json"), "1\n");
  EXPECT_EQ(listing(dir()), (std::vector<std::string>{"COM10.xml", "console.log", "long.json"}));
}

}  // namespace
}  // namespace iogate
