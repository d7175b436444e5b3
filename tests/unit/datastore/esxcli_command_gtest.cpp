// Running esxcli for real, with fake ones: small shell scripts named `esxcli` in a temporary
// directory that serve the recorded outputs, hang, or print too much.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>
#include <vector>

#include "esx_storage_stack.hpp"
#include "esxcli_command.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "iogate_test/temp_dir.hpp"

namespace iogate::detail {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

const fs::path kRecorded = IOGATE_TEST_DATA_DIR "/esxcli/hpvsa-88OEM";
const std::string kDatastore1 = "/vmfs/volumes/5a1e7f4c-3b2d9e10-8c4a-a0d3c1f2b4e6";

fs::path write_script(const fs::path& dir, const std::string& name, const std::string& body) {
  fs::create_directories(dir);
  const fs::path file = dir / name;
  std::ofstream(file) << "#!/bin/sh\n" << body << "\n";
  fs::permissions(file, fs::perms::owner_all);
  return file;
}

// Prints <dir>/<arguments joined by '-'>.txt, as tests/esxi/fake_esxcli.cpp does.
fs::path fake_esxcli(const fs::path& bin, const fs::path& outputs) {
  return write_script(bin, "esxcli", "IFS=-\nexec cat \"" + outputs.string() + "/$*.txt\"");
}

// One line of an esxcli table: the cells left-aligned in columns of `widths`, two spaces apart.
std::string table_line(const std::vector<std::string>& cells,
                       const std::vector<std::size_t>& widths, char fill = ' ') {
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) line += "  ";
    line += cells[i];
    line.append(widths[i] - cells[i].size(), fill);
  }
  return line + "\n";
}

std::optional<std::string> run(const fs::path& program, CommandLimits limits = {}) {
  return run_for_output(program, {program.filename().string()}, limits);
}

TEST(EsxiCommand, FoundOnlyAsAnExecutableFileInAnAbsoluteDirectory) {
  const test::TempDir tmp;
  write_script(tmp.path() / "plain", "esxcli", "true");
  fs::permissions(tmp.path() / "plain" / "esxcli", fs::perms::owner_read | fs::perms::owner_write);
  fs::create_directories(tmp.path() / "dir" / "esxcli");
  const fs::path real = write_script(tmp.path() / "bin", "esxcli", "true");
  const std::string relative = fs::relative(tmp.path() / "bin").string();
  const std::string dirs = (tmp.path() / "none").string() + "::" + relative + ":" +
                           (tmp.path() / "plain").string() + ":" + (tmp.path() / "dir").string();
  EXPECT_FALSE(find_on_path("esxcli", dirs));
  EXPECT_EQ(find_on_path("esxcli", dirs + ":" + (tmp.path() / "bin").string()), real);
  EXPECT_FALSE(find_on_path("esxcli", ""));
  EXPECT_FALSE(find_on_path("bin/esxcli", tmp.path().string()));
}

TEST(EsxiCommand, FakeEsxcliOnThePathGivesTheFingerprint) {
  const test::TempDir tmp;
  fake_esxcli(tmp.path() / "bin", kRecorded);
  const auto esxcli = find_on_path("esxcli", "/nonexistent:" + (tmp.path() / "bin").string());
  ASSERT_TRUE(esxcli);
  const auto s = read_esx_storage_stack(*esxcli, kDatastore1 + "/iogate");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->filesystem, "VMFS-5");
  EXPECT_EQ(s->host_driver, "hpvsa");
  EXPECT_EQ(s->host_driver_version, "5.5.0-88OEM.550.0.0.1331820");
  EXPECT_EQ(s->model, "LOGICAL VOLUME");
  EXPECT_FALSE(read_esx_storage_stack(*esxcli, "/tmp/iogate"));  // on no datastore
}

TEST(EsxiCommand, ReadStorageStackUsesEsxcliWhenItIsOnThePath) {
  const test::TempDir tmp;
  // A filesystem list whose datastore is the temporary directory, so that the directory exists;
  // the rest as recorded.
  const fs::path outputs = tmp.path() / "outputs";
  fs::create_directories(outputs);
  for (const auto& entry : fs::directory_iterator(kRecorded))
    fs::copy_file(entry.path(), outputs / entry.path().filename());
  const std::string mount = fs::canonical(tmp.path()).string();
  const std::string uuid = "5a1e7f4c-3b2d9e10-8c4a-a0d3c1f2b4e6";
  const std::vector<std::size_t> widths{std::max<std::size_t>(mount.size(), 11), 11, uuid.size(), 7,
                                        6};
  std::ofstream(outputs / "storage-filesystem-list.txt")
      << table_line({"Mount Point", "Volume Name", "UUID", "Mounted", "Type"}, widths)
      << table_line({"", "", "", "", ""}, widths, '-')
      << table_line({mount, "datastore1", uuid, "   true", "VMFS-5"}, widths);
  fake_esxcli(tmp.path() / "bin", outputs);
  fs::create_directories(tmp.path() / "run");
  const char* old = std::getenv("PATH");
  const std::string saved = old ? old : "";
  ::setenv("PATH", ((tmp.path() / "bin").string() + ":" + saved).c_str(), 1);
  StorageStack s;
  EXPECT_NO_THROW(s = read_storage_stack(tmp.path() / "run"));
  ::setenv("PATH", saved.c_str(), 1);
  EXPECT_EQ(s.mount_point, mount);
  EXPECT_EQ(s.mount_source, "datastore1");
  EXPECT_EQ(s.host_driver, "hpvsa");
  EXPECT_EQ(s.host_driver_version, "5.5.0-88OEM.550.0.0.1331820");
  EXPECT_EQ(s.mount_options, "");  // nothing of the Linux reading mixed in
  struct utsname uts {};
  ASSERT_EQ(uname(&uts), 0);
  EXPECT_EQ(s.kernel, uts.release);
}

TEST(EsxiCommand, FailureExitAndMissingProgramGiveNothing) {
  const test::TempDir tmp;
  EXPECT_FALSE(run(write_script(tmp.path(), "fails", "echo partial; exit 1")));
  EXPECT_FALSE(run(tmp.path() / "absent"));
  // Unknown command: the fake has no such file, cat fails.
  const fs::path esxcli = fake_esxcli(tmp.path() / "bin", kRecorded);
  EXPECT_FALSE(run_for_output(esxcli, {"esxcli", "storage", "nmp", "device", "list"}, {}));
}

TEST(EsxiCommand, StderrIsDroppedAndStdinIsAtEndOfFile) {
  const test::TempDir tmp;
  // More on stderr than a pipe holds: it must be drained, or the child would block.
  const fs::path noisy = write_script(
      tmp.path(), "noisy", "yes warning | head -c 300000 >&2\nread line\necho \"got:$line\"");
  EXPECT_EQ(run(noisy, {.max_output = 4096, .time_limit = 10s}), "got:\n");
}

TEST(EsxiCommand, HangingCommandIsKilledAtTheTimeLimit) {
  const test::TempDir tmp;
  const fs::path pid_file = tmp.path() / "sleep.pid";
  // Not exec: the shell's child holds the pipe too, and must die with it.
  const fs::path hangs = write_script(
      tmp.path(), "hangs", "sleep 60 &\necho $! > '" + pid_file.string() + "'\necho started\nwait");
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(run(hangs, {.time_limit = 300ms}));
  EXPECT_LT(std::chrono::steady_clock::now() - start, 10s);
  std::string pid;
  std::ifstream(pid_file) >> pid;
  ASSERT_FALSE(pid.empty());
  // The sleep was killed with its group: gone, or a zombie waiting for its new parent to reap it.
  bool ended = false;
  for (int i = 0; i < 200 && !ended; ++i) {
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string number, name, state;
    ended = !(stat >> number >> name >> state) || state == "Z";
    if (!ended) std::this_thread::sleep_for(10ms);
  }
  EXPECT_TRUE(ended);
}

TEST(EsxiCommand, OutputPastTheBoundIsRefused) {
  const test::TempDir tmp;
  const fs::path chatty = write_script(tmp.path(), "chatty", "yes 0123456789 | head -c 200000");
  EXPECT_FALSE(run(chatty, {.max_output = 64 * 1024, .time_limit = 10s}));
  const auto all = run(chatty, {.max_output = 1 << 20, .time_limit = 10s});
  ASSERT_TRUE(all);
  EXPECT_EQ(all->size(), 200000u);
}

}  // namespace
}  // namespace iogate::detail
