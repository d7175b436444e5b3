// The path policy (path_policy.hpp) as the writer applies it: links another user planted in a
// shared directory, devices, FIFOs and standard error at an output's name, directories held once
// resolved, and outputs that name one file. The hostile links are made as root and handed to
// uid 65534 with lchown, as if that user had planted them; without root those cases skip.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

#include "common/path_policy.hpp"
#include "iogate/common/output_file.hpp"
#include "output_file_test_files.hpp"

namespace iogate {
namespace {
using detail::link_problem;
namespace fs = std::filesystem;
using test::listing;
using test::put;
using test::slurp;

constexpr uid_t kOther = 65534;  // nobody

struct stat dir_stat(mode_t mode, uid_t owner) {
  struct stat st {};
  st.st_mode = S_IFDIR | mode;
  st.st_uid = owner;
  return st;
}

TEST(LinkRule, InADirectoryOthersCanWriteOnlyTheOwnersPeersLinksAreFollowed) {
  const struct stat tmp = dir_stat(01777, 0);
  EXPECT_FALSE(link_problem(tmp, 0, 1000).has_value());
  EXPECT_FALSE(link_problem(tmp, 1000, 1000).has_value()) << "the caller's own link";
  EXPECT_TRUE(link_problem(tmp, kOther, 1000).has_value());
  EXPECT_TRUE(link_problem(tmp, kOther, 0).has_value())
      << "root is not exempt: it is the one attacked";
  const struct stat owned = dir_stat(01777, kOther);
  EXPECT_FALSE(link_problem(owned, kOther, 0).has_value())
      << "the directory's owner could move it anyway";
  EXPECT_TRUE(link_problem(dir_stat(0775, 0), kOther, 0).has_value())
      << "group-writable, no sticky bit";
  EXPECT_TRUE(link_problem(dir_stat(01770, 0), kOther, 0).has_value()) << "group-writable, sticky";
  EXPECT_FALSE(link_problem(dir_stat(0755, 0), kOther, 0).has_value())
      << "only its owner writes there";
}

class PathPolicy : public test::OutputFileFixture {
 protected:
  void SetUp() override { ::unsetenv("IOGATE_ALLOW_SHARED_OUTPUT"); }
  void TearDown() override { ::unsetenv("IOGATE_ALLOW_SHARED_OUTPUT"); }

  // dir()/shared (mode 1777, root's), dir()/victim (root's only), and the link shared/<name> to
  // the victim, owned by `owner`.
  fs::path plant(const std::string& name, uid_t owner) {
    shared_ = dir() / "shared";
    victim_ = dir() / "victim";
    fs::create_directories(shared_);
    fs::create_directories(victim_);
    ::chmod(shared_.c_str(), 01777);
    ::chmod(victim_.c_str(), 0700);
    fs::create_symlink(victim_, shared_ / name);
    EXPECT_EQ(::lchown((shared_ / name).c_str(), owner, owner), 0);
    return shared_ / name;
  }
  static void need_root() {
    if (::geteuid() != 0) GTEST_SKIP() << "a link owned by another user needs root to make";
  }

  fs::path shared_, victim_;
};

TEST_F(PathPolicy, AnotherUsersLinkInAStickyDirectoryIsNotFollowed) {
  need_root();
  if (IsSkipped()) return;
  const fs::path link = plant("rep", kOther);
  try {
    write_output_text(link / "r.md", "x");
    FAIL() << "written through nobody's link";
  } catch (const UnsafeOutputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(link.string() + " is a symbolic link owned by uid 65534"),
              std::string::npos)
        << what;
    EXPECT_NE(what.find("protected_symlinks"), std::string::npos) << what;
  }
  EXPECT_THROW(write_output_text(link / "sub" / "deeper" / "j.xml", "x"), UnsafeOutputError);
  EXPECT_THROW(check_output_allowed(link / "r.md", IfExists::replace), UnsafeOutputError);
  ::setenv("IOGATE_ALLOW_SHARED_OUTPUT", "1", 1);
  EXPECT_THROW(write_output_text(link / "r.md", "x"), UnsafeOutputError)
      << "opting into a shared directory is not opting into others' links";
  EXPECT_TRUE(listing(victim_).empty()) << "nothing written or made in the link's target";
}

TEST_F(PathPolicy, LinksOfRootTheCallerOrTheDirectorysOwnerAreFollowed) {
  need_root();
  if (IsSkipped()) return;
  const fs::path link = plant("mine", 0);
  write_output_text(link / "sub" / "r.md", "x");
  EXPECT_EQ(slurp(victim_ / "sub" / "r.md"), "x");
}

TEST_F(PathPolicy, AnotherUsersLinkIsNotFollowedForAnUnprivilegedCallerEither) {
  need_root();
  if (IsSkipped()) return;
  // The rule is the kernel's, for every caller: judged against the effective uid.
  const fs::path link = plant("rep", kOther);
  fs::permissions(dir(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
  ASSERT_EQ(::setegid(1000), 0);
  ASSERT_EQ(::seteuid(1000), 0);
  bool refused = false;
  try {
    write_output_text(link / "r.md", "x");
  } catch (const UnsafeOutputError&) {
    refused = true;
  } catch (const std::exception&) {
  }
  ASSERT_EQ(::seteuid(0), 0);
  ASSERT_EQ(::setegid(0), 0);
  EXPECT_TRUE(refused);
  EXPECT_TRUE(listing(victim_).empty());
}

TEST_F(PathPolicy, ADirectoryIsHeldOnceResolvedAndASwapLaterRedirectsNothing) {
  need_root();
  if (IsSkipped()) return;
  // A directory shared on purpose (0777, another user's): what the opt-in allows. Resolved before
  // the run; swapped for a link to the victim by its owner during it.
  ::setenv("IOGATE_ALLOW_SHARED_OUTPUT", "1", 1);
  const fs::path shared = dir() / "team";
  const fs::path out = shared / "out";
  victim_ = dir() / "victim";
  fs::create_directories(out);
  fs::create_directories(victim_);
  ::chmod(shared.c_str(), 0777);
  ASSERT_EQ(::chown(out.c_str(), kOther, kOther), 0);
  check_output_allowed(out / "r.json", IfExists::replace);
  fs::rename(out, shared / "old");
  fs::create_symlink(victim_, out);
  ASSERT_EQ(::lchown(out.c_str(), kOther, kOther), 0);
  write_output_text(out / "r.json", "{}");
  EXPECT_TRUE(listing(victim_).empty());
  EXPECT_EQ(slurp(shared / "old" / "r.json"), "{}") << "written into the directory resolved first";
}

TEST_F(PathPolicy, AFifoOrADeviceAtTheNameIsRefusedAndLeftAsItWas) {
  const fs::path fifo = dir() / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  fs::create_symlink(fifo, dir() / "to-pipe");
  for (const fs::path& p : {fifo, dir() / "to-pipe"}) {
    EXPECT_THROW(check_output_allowed(p, IfExists::replace), UnsafeOutputError) << p;
    EXPECT_THROW(write_output_text(p, "x"), UnsafeOutputError) << p;
  }
  EXPECT_TRUE(fs::is_fifo(fifo));
  EXPECT_TRUE(fs::is_symlink(dir() / "to-pipe"));
  if (::geteuid() == 0) {  // a private copy of /dev/null's node: the real one is never at stake
    const fs::path null = dir() / "null";
    ASSERT_EQ(::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
    EXPECT_THROW(write_output_text(null, "x"), UnsafeOutputError);
    EXPECT_TRUE(fs::is_character_file(null));
  }
}

TEST_F(PathPolicy, StandardOutputAndErrorByTheirNames) {
  EXPECT_TRUE(is_standard_output("/dev/stdout"));
  EXPECT_TRUE(is_standard_output("-"));
  EXPECT_FALSE(is_standard_output(dir() / "stdout"));
  try {
    check_output_allowed("/dev/stderr", IfExists::replace);
    FAIL() << "standard error taken for a file";
  } catch (const UnsafeOutputError& e) {
    EXPECT_NE(std::string(e.what()).find("is standard error"), std::string::npos) << e.what();
  }
  // A link into a process's descriptors is never replaced, whatever it leads to now.
  fs::create_symlink("/proc/self/fd/2", dir() / "err");
  EXPECT_THROW(write_output_text(dir() / "err", "x"), UnsafeOutputError);
  EXPECT_TRUE(fs::is_symlink(dir() / "err"));
}

TEST_F(PathPolicy, OutputsThatNameOneFileAreRefusedBeforeAnythingIsWritten) {
  put(dir() / "gate.toml", "suite = \"x\"\n");
  const fs::path gate = dir() / "gate.toml";
  EXPECT_THROW(require_distinct_paths({gate}, {gate}), PathClashError);
  EXPECT_THROW(require_distinct_paths({dir() / "." / "gate.toml"}, {gate}), PathClashError);
  fs::create_hard_link(gate, dir() / "hard.toml");
  EXPECT_THROW(require_distinct_paths({dir() / "hard.toml"}, {gate}), PathClashError);
  EXPECT_THROW(require_distinct_paths({dir() / "x.md", dir() / "sub" / ".." / "x.md"}, {}),
               PathClashError)
      << "not made yet: the same path";
  EXPECT_NO_THROW(require_distinct_paths({dir() / "x.md", dir() / "x.html", "-", "-"}, {gate}));
  EXPECT_THROW(write_outputs({{dir() / "x", [](std::ostream& o) { o << "html"; }},
                              {dir() / "x", [](std::ostream& o) { o << "md"; }}}),
               PathClashError);
  EXPECT_FALSE(fs::exists(dir() / "x"));
  EXPECT_EQ(slurp(gate), "suite = \"x\"\n");
}

// A fleet's --results-from list is held apart from its reports host by host, each report looked at
// once: the same refusals as require_distinct_paths, an existing input matched by identity.
TEST_F(PathPolicy, AStreamOfInputsIsHeldApartFromOutputsLookedAtOnce) {
  put(dir() / "fleet.json", "{}");
  put(dir() / "host.json", "{}");
  fs::create_hard_link(dir() / "fleet.json", dir() / "linked.json");
  const DistinctFromOutputs apart({dir() / "fleet.json", dir() / "fleet.md", "-"});
  EXPECT_NO_THROW(apart.require_apart(dir() / "host.json"));
  EXPECT_THROW(apart.require_apart(dir() / "fleet.json"), PathClashError);
  EXPECT_THROW(apart.require_apart(dir() / "linked.json"), PathClashError);
  EXPECT_THROW(apart.require_apart(dir() / "sub" / ".." / "fleet.md"), PathClashError)
      << "not made yet: the same path";
  EXPECT_NO_THROW(apart.require_apart(dir() / "missing.json")) << "its reading will say so";
}

}  // namespace
}  // namespace iogate
