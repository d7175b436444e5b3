// Reading by name under the path policy's link rule (read_file.hpp): a link another user planted in
// a directory others can write is not followed, on the way to the file or at its own name, and the
// refusal names the path and the link's owner; links root, the caller or the directory's owner
// made are followed as before, and so is a descriptor's link in /proc. The hostile links are made
// as root and handed to uid 65534 with lchown; without root those cases skip.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <map>
#include <string>

#include "common/read_file.hpp"
#include "output_file_test_files.hpp"

namespace iogate {
namespace {
namespace fs = std::filesystem;
using test::put;

constexpr uid_t kOther = 65534;  // nobody
constexpr std::uint64_t kLimit = 1 << 20;

class ReadByName : public test::OutputFileFixture {
 protected:
  void SetUp() override {
    shared_ = dir() / "shared";
    private_ = dir() / "private";
    fs::create_directories(shared_);
    fs::create_directories(private_ / "sub");
    ::chmod(shared_.c_str(), 01777);
    ::chmod(private_.c_str(), 0700);
    put(private_ / "secret.json", "root's secret");
    put(private_ / "sub" / "inner.json", "root's inner secret");
  }
  // shared/<name> -> `target`, owned by `owner`.
  fs::path plant(const std::string& name, const fs::path& target, uid_t owner) {
    fs::create_symlink(target, shared_ / name);
    EXPECT_EQ(::lchown((shared_ / name).c_str(), owner, owner), 0);
    return shared_ / name;
  }
  static void need_root() {
    if (::geteuid() != 0) GTEST_SKIP() << "a link owned by another user needs root to make";
  }
  // The refusal of reading `path`, or "" when it was read.
  static std::string refusal(const fs::path& path, Links links = Links::follow) {
    try {
      read_regular_file(path, kLimit, "a test file", links);
    } catch (const FileReadError& e) {
      return e.what();
    }
    return "";
  }

  fs::path shared_, private_;
};

TEST_F(ReadByName, AnotherUsersLinkInAStickyDirectoryIsNotFollowed) {
  need_root();
  if (IsSkipped()) return;
  const fs::path link = plant("in.json", private_ / "secret.json", kOther);
  const std::string what = refusal(link);
  EXPECT_EQ(what.rfind(link.string() + ": is a symbolic link owned by uid 65534", 0), 0) << what;
  EXPECT_NE(what.find("protected_symlinks"), std::string::npos) << what;
  EXPECT_EQ(what.find("secret"), std::string::npos) << "nothing of root's file: " << what;
  EXPECT_THROW(read_input_file(link, kLimit, "a test file"), FileReadError);
  EXPECT_THROW(read_named_file(link, private_ / "secret.json", kLimit, "a test file"),
               FileReadError);
}

TEST_F(ReadByName, AnotherUsersLinkOnTheWayIsNamedWithThePath) {
  need_root();
  if (IsSkipped()) return;
  const fs::path link = plant("dir", private_ / "sub", kOther);
  const fs::path asked = link / "inner.json";
  const std::string what = refusal(asked);
  EXPECT_EQ(what.rfind(asked.string() + ": " + link.string() +
                           ", on the way to it, is a symbolic "
                           "link owned by uid 65534",
                       0),
            0)
      << what;
  EXPECT_NE(refusal(asked, Links::refuse), "") << "its directory is reached the same way";
  EXPECT_THROW(list_directory(link), FileReadError) << "nor is the directory listed";
  // A link root made that leads through nobody's: the one nobody made is named.
  fs::create_symlink(asked, dir() / "roots.json");
  EXPECT_NE(refusal(dir() / "roots.json").find(link.string() + ", on the way to it"),
            std::string::npos);
}

TEST_F(ReadByName, LinksOfRootOrTheDirectorysOwnerAreFollowed) {
  need_root();
  if (IsSkipped()) return;
  EXPECT_EQ(refusal(plant("roots.json", private_ / "secret.json", 0)), "");
  EXPECT_EQ(read_regular_file(shared_ / "roots.json", kLimit, "a test file"), "root's secret");
  // nobody's own directory: only nobody could have changed it anyway.
  const fs::path own = dir() / "nobodys";
  fs::create_directories(own);
  ASSERT_EQ(::chown(own.c_str(), kOther, kOther), 0);
  ::chmod(own.c_str(), 01777);
  put(own / "file.json", "nobody's");
  fs::create_symlink("file.json", own / "same.json");
  ASSERT_EQ(::lchown((own / "same.json").c_str(), kOther, kOther), 0);
  EXPECT_EQ(read_regular_file(own / "same.json", kLimit, "a test file"), "nobody's");
}

TEST_F(ReadByName, FilesAndLinksInPrivateDirectoriesReadAsBefore) {
  put(dir() / "plain.json", "plain");
  fs::create_symlink("plain.json", dir() / "relative.json");
  fs::create_symlink(dir() / "relative.json", dir() / "chained.json");
  fs::create_directories(dir() / "a");
  EXPECT_EQ(read_regular_file(dir() / "chained.json", kLimit, "a test file"), "plain");
  EXPECT_EQ(read_regular_file(dir() / "a" / ".." / "relative.json", kLimit, "a test file"),
            "plain");
  EXPECT_EQ(refusal(dir() / "relative.json", Links::refuse),
            (dir() / "relative.json").string() +
                ": is a symbolic link; not followed out of the directory it is in");
  EXPECT_EQ(refusal(dir() / "missing.json"),
            (dir() / "missing.json").string() + ": cannot open: No such file or directory");
  EXPECT_EQ(refusal(dir() / "plain.json" / "x"),
            (dir() / "plain.json" / "x").string() + ": cannot open: Not a directory");
  EXPECT_EQ(refusal(dir()), dir().string() + ": is a directory, expected a test file");
  fs::create_symlink("loop", dir() / "loop");
  EXPECT_NE(refusal(dir() / "loop").find("cannot open: Too many levels of symbolic links"),
            std::string::npos);
}

TEST_F(ReadByName, ADescriptorsLinkInProcIsOpenedByTheKernel) {
  put(dir() / "in.json", "by descriptor");
  const int fd = ::open((dir() / "in.json").c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  ::unlink((dir() / "in.json").c_str());  // its link's text ("... (deleted)") is no path
  const std::string text =
      read_regular_file("/proc/self/fd/" + std::to_string(fd), kLimit, "a test file");
  ::close(fd);
  EXPECT_EQ(text, "by descriptor");
  int pipe_fds[2];
  ASSERT_EQ(::pipe(pipe_fds), 0);
  const std::string what = refusal("/dev/fd/" + std::to_string(pipe_fds[0]));
  ::close(pipe_fds[0]);
  ::close(pipe_fds[1]);
  EXPECT_NE(what.find("is a FIFO"), std::string::npos) << what;
}

TEST_F(ReadByName, ADirectoryIsListedWithWhatEachEntryIs) {
  const fs::path listed = dir() / "listed";
  fs::create_directories(listed / "sub.json");
  put(listed / "one.json", "{}");
  fs::create_symlink("one.json", listed / "link.json");
  std::map<std::string, DirectoryEntry::Kind> kinds;
  for (const DirectoryEntry& e : list_directory(listed)) kinds[e.name] = e.kind;
  using K = DirectoryEntry::Kind;
  EXPECT_EQ(kinds, (std::map<std::string, K>{
                       {"one.json", K::regular}, {"link.json", K::link}, {"sub.json", K::other}}));
  EXPECT_THROW(list_directory(listed / "one.json"), FileReadError);
  EXPECT_THROW(list_directory(listed / "missing"), FileReadError);
}

}  // namespace
}  // namespace iogate
