// The one output writer (iogate/common/output_file.hpp): whole or nothing, sets all or none, on
// every platform (output_file_posix_gtest.cpp: symlinks and root's trust rule).
#include "iogate/common/output_file.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <system_error>

#include "output_file_test_files.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::listing;
using test::put;
using test::slurp;
using test::TempDir;

class OutputFileTest : public test::OutputFileFixture {};

TEST_F(OutputFileTest, WritesAFileWholeAndMakesItsDirectory) {
  write_output_text(dir() / "a" / "b" / "r.md", "hello\n");
  EXPECT_EQ(slurp(dir() / "a" / "b" / "r.md"), "hello\n");
  EXPECT_EQ(listing(dir() / "a" / "b"), std::vector<std::string>{"r.md"}) << "no temporary left";
}

TEST_F(OutputFileTest, ReplacesOnlyWhenAsked) {
  put(dir() / "t.toml", "mine\n");
  EXPECT_THROW(write_output_text(dir() / "t.toml", "new\n", IfExists::refuse), OutputExistsError);
  EXPECT_EQ(slurp(dir() / "t.toml"), "mine\n");
  EXPECT_EQ(listing(dir()), std::vector<std::string>{"t.toml"});
  write_output_text(dir() / "t.toml", "new\n", IfExists::replace);
  EXPECT_EQ(slurp(dir() / "t.toml"), "new\n");
}

TEST_F(OutputFileTest, ADirectoryInTheWayIsRefusedBeforeAnythingIsWritten) {
  fs::create_directory(dir() / "report.html");
  try {
    write_output_text(dir() / "report.html", "x");
    FAIL() << "no error";
  } catch (const std::system_error& e) {
    EXPECT_EQ(e.code().value(), EISDIR);
    EXPECT_NE(std::string(e.what()).find("report.html"), std::string::npos) << e.what();
  }
  EXPECT_EQ(listing(dir()), std::vector<std::string>{"report.html"});
}

TEST_F(OutputFileTest, AWriterThatThrowsLeavesNoFile) {
  EXPECT_THROW(write_output(dir() / "r.json",
                            [](std::ostream& out) {
                              out << "half";
                              throw std::runtime_error("bad record");
                            }),
               std::runtime_error);
  EXPECT_TRUE(listing(dir()).empty());
}

TEST_F(OutputFileTest, ASetIsAllOrNone) {
  put(dir() / "fleet.md", "old\n");
  fs::create_directory(dir() / "fleet.html");  // the last of the set cannot be written
  EXPECT_THROW(write_outputs({{dir() / "fleet.md", [](std::ostream& o) { o << "new\n"; }},
                              {dir() / "fleet.json", [](std::ostream& o) { o << "{}\n"; }},
                              {dir() / "fleet.html", [](std::ostream& o) { o << "<p>\n"; }}}),
               std::system_error);
  EXPECT_EQ(slurp(dir() / "fleet.md"), "old\n");
  EXPECT_EQ(listing(dir()), (std::vector<std::string>{"fleet.html", "fleet.md"}));
}

TEST_F(OutputFileTest, CheckOutputAllowedWritesNothing) {
  put(dir() / "b.json", "{}");
  EXPECT_THROW(check_output_allowed(dir() / "b.json", IfExists::refuse), OutputExistsError);
  EXPECT_NO_THROW(check_output_allowed(dir() / "b.json", IfExists::replace));
  EXPECT_NO_THROW(check_output_allowed(dir() / "new" / "c.json", IfExists::refuse));
  EXPECT_EQ(listing(dir()), std::vector<std::string>{"b.json"}) << "no directory made";
}

}  // namespace
}  // namespace iogate
