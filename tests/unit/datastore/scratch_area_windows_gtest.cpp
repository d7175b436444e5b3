// The scratch area on Windows: what it makes, what it removes, and what another account that may
// write in the datastore cannot make it do.
#include "common/windows_handle.hpp"
//
#include <aclapi.h>
#include <gtest/gtest.h>
#include <sddl.h>
#include <winioctl.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "iogate/datastore/scratch_area.hpp"
#include "iogate_test/temp_dir.hpp"
#include "marker.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_text(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

// A process id that no process has: one that ran and exited, its handle closed.
ProcessId exited_process() {
  wchar_t self[MAX_PATH] = {};
  ::GetModuleFileNameW(nullptr, self, MAX_PATH);
  std::wstring command = L"\"" + std::wstring(self) + L"\" --gtest_filter=-*";
  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  PROCESS_INFORMATION process{};
  if (!::CreateProcessW(nullptr, command.data(), nullptr, nullptr, FALSE, CREATE_NO_WINDOW, nullptr,
                        nullptr, &startup, &process))
    throw std::system_error(static_cast<int>(::GetLastError()), std::system_category(), "start");
  ::WaitForSingleObject(process.hProcess, INFINITE);
  ::CloseHandle(process.hThread);
  ::CloseHandle(process.hProcess);
  return process.dwProcessId;
}

// A directory laid out as a run would leave it, marked as `pid`'s on `host`.
fs::path leftover(const fs::path& store, const std::string& suffix, ProcessId pid,
                  const std::string& host) {
  const fs::path dir = store / (std::string(ScratchArea::kDirPrefix) + suffix);
  fs::create_directory(dir);
  write_text(dir / ScratchArea::kMarkerName, detail::marker_text(pid, host, 1714564800));
  write_text(dir / "check.dat", "test file");
  return dir;
}

// Makes `link` a junction to `target` (an existing directory), as mklink /J does; false where
// the filesystem cannot (wine before version 9 has no reparse points).
bool make_junction(const fs::path& link, const fs::path& target) {
  fs::create_directory(link);
  const detail::UniqueHandle dir(
      ::CreateFileW(link.c_str(), GENERIC_WRITE, 0, nullptr, OPEN_EXISTING,
                    FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
  if (!dir.valid()) return false;
  const std::wstring substitute = L"\\??\\" + fs::absolute(target).wstring();
  const std::wstring print = fs::absolute(target).wstring();
  // REPARSE_DATA_BUFFER's mount point form: tag, lengths, then both names with their NULs.
  std::vector<unsigned char> buffer(8 + 8 + (substitute.size() + print.size() + 2) * 2);
  auto put16 = [&](std::size_t at, std::size_t v) {
    buffer[at] = static_cast<unsigned char>(v & 0xff);
    buffer[at + 1] = static_cast<unsigned char>(v >> 8);
  };
  const std::size_t names = (substitute.size() + print.size() + 2) * 2;
  *reinterpret_cast<DWORD*>(buffer.data()) = IO_REPARSE_TAG_MOUNT_POINT;
  put16(4, 8 + names);
  put16(8, 0);
  put16(10, substitute.size() * 2);
  put16(12, (substitute.size() + 1) * 2);
  put16(14, print.size() * 2);
  std::memcpy(buffer.data() + 16, substitute.c_str(), (substitute.size() + 1) * 2);
  std::memcpy(buffer.data() + 16 + (substitute.size() + 1) * 2, print.c_str(),
              (print.size() + 1) * 2);
  DWORD returned = 0;
  return ::DeviceIoControl(dir.get(), FSCTL_SET_REPARSE_POINT, buffer.data(),
                           static_cast<DWORD>(buffer.size()), nullptr, 0, &returned, nullptr) != 0;
}

TEST(WindowsScratchArea, AJunctionIsNeverFollowed) {
  const TempDir root;
  const fs::path elsewhere = root.path() / "elsewhere";
  fs::create_directory(elsewhere);
  const fs::path store = root.path() / "store";
  fs::create_directory(store);
  const fs::path linked_store = root.path() / "linked-store";
  if (!make_junction(linked_store, elsewhere))
    GTEST_SKIP() << "this filesystem cannot make a junction (error " << ::GetLastError()
                 << "; wine 8 answers ERROR_NOT_SUPPORTED)";
  EXPECT_THROW(ScratchArea(linked_store, 1), DatastoreError) << "a junction as the datastore";

  // A leftover that is a junction to a directory holding a dead run's marker and a file: the
  // junction is not a scratch directory, and nothing where it leads is touched.
  write_text(elsewhere / ScratchArea::kMarkerName,
             detail::marker_text(exited_process(), detail::this_host(), 1714564800));
  write_text(elsewhere / "precious", "theirs");
  ASSERT_TRUE(make_junction(store / (std::string(ScratchArea::kDirPrefix) + "planted"), elsewhere));
  EXPECT_TRUE(ScratchArea::remove_stale(store).empty());
  EXPECT_EQ(read_text(elsewhere / "precious"), "theirs");
  EXPECT_TRUE(fs::exists(elsewhere / ScratchArea::kMarkerName));
}

TEST(WindowsScratchArea, MakesAMarkedDirectoryAndRemovesAllItMade) {
  const TempDir store;
  fs::path dir;
  {
    ScratchArea area(store.path(), 4 << 20);
    dir = area.dir();
    EXPECT_EQ(dir.parent_path(), fs::absolute(store.path()));
    EXPECT_TRUE(dir.filename().string().starts_with(ScratchArea::kDirPrefix));
    const std::optional<detail::MarkerInfo> marker =
        detail::parse_marker(read_text(dir / ScratchArea::kMarkerName));
    ASSERT_TRUE(marker);
    EXPECT_EQ(marker->pid, ::GetCurrentProcessId());
    EXPECT_EQ(marker->host, detail::this_host());

    const fs::path written = area.preallocate("a.dat", 1 << 20, FileLayout::written, 64 << 10);
    EXPECT_EQ(fs::file_size(written), 1u << 20);
    const std::string head = read_text(written).substr(0, 16);
    EXPECT_EQ(head.find('\0'), std::string::npos) << "laid out with the stamped pattern";
    EXPECT_EQ(fs::file_size(area.preallocate("b.dat", 1 << 20, FileLayout::grown)), 0u);
    EXPECT_EQ(fs::file_size(area.preallocate("c.dat", 1 << 20)), 1u << 20);
    EXPECT_EQ(area.files(), (std::vector<std::string>{"a.dat", "b.dat", "c.dat"}));
    EXPECT_EQ(names_in(dir),
              (std::vector<std::string>{".iogate-scratch", "a.dat", "b.dat", "c.dat"}));

    write_text(dir / "c.dat", "a run wrote here");
    area.restore("c.dat", 1 << 20, FileLayout::preallocated);
    EXPECT_EQ(fs::file_size(dir / "c.dat"), 1u << 20);
    EXPECT_THROW(area.restore("d.dat", 1, FileLayout::grown), std::logic_error);
  }
  EXPECT_FALSE(fs::exists(dir));
  EXPECT_TRUE(fs::is_empty(store.path()));
}

TEST(WindowsScratchArea, RefusesAPlantedNameAndNeverRemovesIt) {
  const TempDir store;
  ScratchArea area(store.path(), 1 << 20);
  write_text(area.dir() / "planted.dat", "theirs");
  EXPECT_THROW(area.preallocate("planted.dat", 4096), std::system_error);
  EXPECT_EQ(read_text(area.dir() / "planted.dat"), "theirs");
  EXPECT_TRUE(area.files().empty());
  for (const char* bad : {"..", "sub\\x.dat", "sub/x.dat", "c:x.dat", ".iogate-scratch"})
    EXPECT_THROW(area.preallocate(bad, 4096), std::invalid_argument) << bad;

  area.remove();  // its own marker goes; the directory stays for what it holds
  EXPECT_EQ(names_in(area.dir()), (std::vector<std::string>{"planted.dat"}));
}

TEST(WindowsScratchArea, ItsDirectoryCannotBeRenamedAwayWhileItLives) {
  // The junction swap: rename the scratch directory away, put a junction to somewhere else under
  // its name, and let the run write through it. The first step already fails: the area holds its
  // directory open without FILE_SHARE_DELETE.
  const TempDir store;
  ScratchArea area(store.path(), 1 << 20);
  const fs::path away = store.path() / "away";
  EXPECT_FALSE(::MoveFileExW(area.dir().c_str(), away.c_str(), 0));
  const DWORD error = ::GetLastError();
  EXPECT_TRUE(error == ERROR_SHARING_VIOLATION || error == ERROR_ACCESS_DENIED) << error;
  EXPECT_FALSE(fs::exists(away));
  area.preallocate("x.dat", 4096);
  EXPECT_TRUE(fs::exists(area.dir() / "x.dat")) << "still written where it was made";
}

// The security descriptor of `path` in SDDL, and whether any allow entry is for someone other
// than this user or LocalSystem.
struct Access {
  std::string sddl;
  bool others_allowed = false;
};

Access access_of(const fs::path& path) {
  PSECURITY_DESCRIPTOR descriptor = nullptr;
  PACL dacl = nullptr;
  if (::GetNamedSecurityInfoW(path.c_str(), SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr,
                              nullptr, &dacl, nullptr, &descriptor) != ERROR_SUCCESS)
    throw std::system_error(static_cast<int>(::GetLastError()), std::system_category(), "read");
  LPWSTR text = nullptr;
  ::ConvertSecurityDescriptorToStringSecurityDescriptorW(descriptor, SDDL_REVISION_1,
                                                         DACL_SECURITY_INFORMATION, &text, nullptr);
  Access access{fs::path(text != nullptr ? text : L"?").string(), dacl == nullptr};
  ::LocalFree(text);
  HANDLE token = nullptr;
  ::OpenProcessToken(::GetCurrentProcess(), TOKEN_QUERY, &token);
  alignas(8) unsigned char user[256] = {};
  DWORD size = 0;
  ::GetTokenInformation(token, TokenUser, user, sizeof user, &size);
  ::CloseHandle(token);
  alignas(8) unsigned char system[SECURITY_MAX_SID_SIZE] = {};
  size = sizeof system;
  ::CreateWellKnownSid(WinLocalSystemSid, nullptr, system, &size);
  for (DWORD i = 0; dacl != nullptr && i < dacl->AceCount; ++i) {
    void* ace = nullptr;
    ::GetAce(dacl, i, &ace);
    const auto* allowed = static_cast<ACCESS_ALLOWED_ACE*>(ace);
    if (allowed->Header.AceType != ACCESS_ALLOWED_ACE_TYPE) continue;
    PSID sid = const_cast<DWORD*>(&allowed->SidStart);
    if (!::EqualSid(sid, reinterpret_cast<TOKEN_USER*>(user)->User.Sid) && !::EqualSid(sid, system))
      access.others_allowed = true;
  }
  ::LocalFree(descriptor);
  return access;
}

TEST(WindowsScratchArea, ItsDirectoryIsItsOwnersAloneInAnOpenDatastore) {
  // Real Windows keeps the protected DACL iogate sets (this user only); wine makes the DACL from
  // the Unix mode it sets from it (this user and SYSTEM). Either way, nobody else.
  const TempDir store;
  fs::permissions(store.path(), fs::perms::all);
  ASSERT_TRUE(access_of(store.path()).others_allowed)
      << "the datastore must let others in for this test to mean anything: "
      << access_of(store.path()).sddl;
  ScratchArea area(store.path(), 1 << 20);
  const Access dir = access_of(area.dir());
  EXPECT_FALSE(dir.others_allowed) << dir.sddl;
  const Access file = access_of(area.preallocate("a.dat", 4096));
  EXPECT_FALSE(file.others_allowed) << file.sddl;
}

TEST(WindowsScratchArea, RefusesTooLittleSpaceWritingNothing) {
  const TempDir store;
  EXPECT_THROW(ScratchArea(store.path(), std::uint64_t{1} << 60), InsufficientSpace);
  EXPECT_TRUE(fs::is_empty(store.path()));
}

TEST(WindowsScratchArea, TwoAreasOfOneProcessShareTheDatastoresLock) {
  const TempDir store;
  const ScratchArea first(store.path(), 1 << 20);
  const ScratchArea second(store.path(), 1 << 20);
  EXPECT_NE(first.dir(), second.dir());
}

TEST(WindowsDatastore, RefusesWhatItCannotHonour) {
  const TempDir root;
  const fs::path missing = root.path() / "not-mounted";
  EXPECT_THROW(ScratchArea(missing, 1), DatastoreError);
  EXPECT_FALSE(fs::exists(missing)) << "a named datastore is never created";
  EXPECT_THROW(check_datastore(missing, {}), DatastoreError);
  EXPECT_NO_THROW(check_datastore(missing, {.create_if_missing = true}));

  write_text(root.path() / "file", "x");
  EXPECT_THROW(ScratchArea(root.path() / "file", 1), DatastoreError);
  EXPECT_THROW(check_datastore(root.path(), {.require_device = "/dev/sdb1"}), DatastoreError);
  try {
    check_datastore(root.path(), {.require_filesystem = "nosuchfs"});
    ADD_FAILURE() << "a filesystem that is not there passed";
  } catch (const DatastoreError& e) {
    EXPECT_NE(std::string(e.what()).find("not nosuchfs (require_filesystem)"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(check_datastore(root.path(), {.require_mount = true}), DatastoreError)
      << "a temporary directory is not the root of a volume";

  {
    const ScratchArea made(missing, 1, {.create_if_missing = true});
    EXPECT_TRUE(fs::is_directory(missing));
  }
}

TEST(WindowsStaleCleanup, RemovesOnlyTheLeftoversOfExitedRunsOfThisHost) {
  const TempDir store;
  const std::string host = detail::this_host();
  const ProcessId gone = exited_process();
  EXPECT_FALSE(detail::process_alive(gone));
  EXPECT_TRUE(detail::process_alive(::GetCurrentProcessId()));

  const fs::path dead = leftover(store.path(), "dead", gone, host);
  const fs::path live = leftover(store.path(), "live", ::GetCurrentProcessId(), host);
  const fs::path elsewhere = leftover(store.path(), "elsewhere", gone, host + "-other");
  const fs::path nested = leftover(store.path(), "nested", gone, host);
  fs::create_directory(nested / "sub");
  const fs::path unmarked = store.path() / (std::string(ScratchArea::kDirPrefix) + "unmarked");
  fs::create_directory(unmarked);

  const std::vector<fs::path> removed = ScratchArea::remove_stale(store.path());
  EXPECT_EQ(removed, std::vector<fs::path>{dead});
  EXPECT_FALSE(fs::exists(dead));
  for (const fs::path& kept : {live, elsewhere, nested, unmarked})
    EXPECT_TRUE(fs::exists(kept)) << kept.string();
  EXPECT_TRUE(fs::exists(nested / "check.dat")) << "nothing of a refused leftover is removed";

  // A new area removes a dead run's leftover on its own, before it counts the free space.
  const fs::path dead_again = leftover(store.path(), "again", gone, host);
  const ScratchArea area(store.path(), 1 << 20);
  EXPECT_FALSE(fs::exists(dead_again));
}

}  // namespace
}  // namespace iogate
