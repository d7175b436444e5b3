// Reading input files on Windows: a regular file only (not a directory, a console or a pipe), up to
// the limit. A file's text may be quoted when its ACL lets every user read it, the counterpart of
// Linux's o+r. Not applied yet: Linux's rule that a file names only files its owner could read.
#include <array>
#include <optional>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "read_file.hpp"
#include "windows_handle.hpp"
//
#include <aclapi.h>

namespace iogate {
namespace {

using detail::UniqueHandle;

std::string os_words(DWORD error) {
  return std::system_category().message(static_cast<int>(error));
}

// A path holding a control character is refused before it is opened (read_file.hpp).
void refuse_control_characters(const std::filesystem::path& path) {
  if (std::optional<std::string> why = path_control_problem(path.string()))
    throw FileReadError(path, std::move(*why));
}

UniqueHandle open_input(const std::filesystem::path& path, Links links) {
  refuse_control_characters(path);
  // Backup semantics: a directory opens too, so that it is named as one rather than "access
  // denied"; a reparse point is opened as itself when links are refused.
  const DWORD flags =
      FILE_FLAG_BACKUP_SEMANTICS | (links == Links::refuse ? FILE_FLAG_OPEN_REPARSE_POINT : 0);
  UniqueHandle h(::CreateFileW(path.c_str(), GENERIC_READ,
                               FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                               OPEN_EXISTING, flags, nullptr));
  if (!h.valid()) throw FileReadError(path, "cannot open: " + os_words(::GetLastError()));
  return h;
}

std::string read_open_file(const UniqueHandle& h, const std::filesystem::path& path,
                           std::uint64_t max_bytes, const char* what, Links links) {
  if (::GetFileType(h.get()) != FILE_TYPE_DISK)
    throw FileReadError(path, fmt::format("is a device or a pipe, expected {}", what));
  FILE_BASIC_INFO basic{};
  if (!::GetFileInformationByHandleEx(h.get(), FileBasicInfo, &basic, sizeof basic))
    throw FileReadError(path, "cannot stat: " + os_words(::GetLastError()));
  if (links == Links::refuse && (basic.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0)
    throw FileReadError(path,
                        "is a symbolic link or junction; not followed out of the directory "
                        "it is in");
  if ((basic.FileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0)
    throw FileReadError(path, fmt::format("is a directory, expected {}", what));
  LARGE_INTEGER size{};
  if (!::GetFileSizeEx(h.get(), &size))
    throw FileReadError(path, "cannot stat: " + os_words(::GetLastError()));
  if (static_cast<std::uint64_t>(size.QuadPart) > max_bytes)
    throw FileReadError(path, fmt::format("is {} bytes, larger than {} can be ({} bytes at most)",
                                          size.QuadPart, what, max_bytes));
  std::string text;
  text.reserve(static_cast<std::size_t>(size.QuadPart));
  std::array<char, 65536> buffer;
  for (;;) {
    DWORD n = 0;
    if (!::ReadFile(h.get(), buffer.data(), static_cast<DWORD>(buffer.size()), &n, nullptr))
      throw FileReadError(path, "cannot read: " + os_words(::GetLastError()));
    if (n == 0) break;
    text.append(buffer.data(), n);
    // The file may grow while it is read (a writer appending): the limit still holds.
    if (text.size() > max_bytes)
      throw FileReadError(path, fmt::format("grew past {} bytes while being read", max_bytes));
  }
  return text;
}

// Whether the file's DACL lets Everyone, Authenticated Users or Users read it: every account that
// could log on may read it anyway. The ACEs are walked in order, as Windows checks them (a denial
// before the grant wins); a null DACL grants everything; a DACL that cannot be read counts as not
// readable, so nothing is quoted by mistake.
bool readable_by_every_user(HANDLE h) {
  PACL dacl = nullptr;
  PSECURITY_DESCRIPTOR descriptor = nullptr;
  if (::GetSecurityInfo(h, SE_FILE_OBJECT, DACL_SECURITY_INFORMATION, nullptr, nullptr, &dacl,
                        nullptr, &descriptor) != ERROR_SUCCESS)
    return false;
  const auto everyone_like = [](PSID sid) {
    for (const WELL_KNOWN_SID_TYPE type :
         {WinWorldSid, WinAuthenticatedUserSid, WinBuiltinUsersSid})
      if (::IsWellKnownSid(sid, type)) return true;
    return false;
  };
  constexpr ACCESS_MASK kRead = FILE_READ_DATA | GENERIC_READ | GENERIC_ALL;
  bool readable = dacl == nullptr;
  for (DWORD i = 0; !readable && dacl != nullptr && i < dacl->AceCount; ++i) {
    void* ace = nullptr;
    if (!::GetAce(dacl, i, &ace)) break;
    const auto* header = static_cast<const ACE_HEADER*>(ace);
    if (header->AceFlags & INHERIT_ONLY_ACE) continue;
    if (header->AceType == ACCESS_ALLOWED_ACE_TYPE) {
      auto* allowed = static_cast<ACCESS_ALLOWED_ACE*>(ace);
      if (everyone_like(&allowed->SidStart) && (allowed->Mask & kRead) != 0) readable = true;
    } else if (header->AceType == ACCESS_DENIED_ACE_TYPE) {
      auto* denied = static_cast<ACCESS_DENIED_ACE*>(ace);
      if (everyone_like(&denied->SidStart) && (denied->Mask & kRead) != 0) break;
    }
  }
  ::LocalFree(descriptor);
  return readable;
}

InputText read_text(const std::filesystem::path& path, std::uint64_t max_bytes, const char* what) {
  const UniqueHandle h = open_input(path, Links::follow);
  std::string text = read_open_file(h, path, max_bytes, what, Links::follow);
  return {std::move(text), readable_by_every_user(h.get())};
}

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                              const char* what, Links links) {
  return read_open_file(open_input(path, links), path, max_bytes, what, links);
}

std::vector<DirectoryEntry> list_directory(const std::filesystem::path& path) {
  refuse_control_characters(path);
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec))
    throw FileReadError(path, ec ? "cannot open: " + ec.message() : "is not a directory");
  std::vector<DirectoryEntry> entries;
  for (const auto& item : std::filesystem::directory_iterator(path, ec)) {
    const std::filesystem::file_status st = item.symlink_status(ec);
    DirectoryEntry::Kind kind = DirectoryEntry::Kind::other;
    if (std::filesystem::is_symlink(st))
      kind = DirectoryEntry::Kind::link;
    else if (std::filesystem::is_regular_file(st))
      kind = DirectoryEntry::Kind::regular;
    entries.push_back({item.path().filename().string(), kind});
  }
  if (ec) throw FileReadError(path, "cannot list: " + ec.message());
  return entries;
}

InputText read_input_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                          const char* what) {
  return read_text(path, max_bytes, what);
}

InputText read_named_file(const std::filesystem::path& path, const std::filesystem::path&,
                          std::uint64_t max_bytes, const char* what) {
  return read_text(path, max_bytes, what);
}

}  // namespace iogate
