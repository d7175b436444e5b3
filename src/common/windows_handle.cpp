#include "windows_handle.hpp"

#include <winternl.h>

#include <fmt/format.h>

namespace iogate::detail {

namespace {

constexpr ULONG kShareAll = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;

FILE_BASIC_INFO basic_info(HANDLE h, const std::filesystem::path& shown) {
  FILE_BASIC_INFO info{};
  if (!::GetFileInformationByHandleEx(h, FileBasicInfo, &info, sizeof info))
    throw_last_error("read the attributes of", shown);
  return info;
}

}  // namespace

void throw_win32(DWORD error, const std::string& what, const std::filesystem::path& path) {
  const std::string where = path.empty() ? what : fmt::format("{} {}", what, path.string());
  throw std::system_error(static_cast<int>(error), std::system_category(), where);
}

UniqueHandle open_relative(HANDLE dir, const std::wstring& name, const RelativeOpen& how,
                           const std::filesystem::path& shown) {
  if (name.empty() || name == L"." || name == L".." ||
      name.find_first_of(L"\\/:") != std::wstring::npos)
    throw_win32(ERROR_INVALID_NAME, "open (not a plain file name)", shown);
  UNICODE_STRING uname{};
  uname.Buffer = const_cast<PWSTR>(name.c_str());
  uname.Length = static_cast<USHORT>(name.size() * sizeof(wchar_t));
  uname.MaximumLength = uname.Length;
  OBJECT_ATTRIBUTES attributes{};
  InitializeObjectAttributes(&attributes, &uname, OBJ_CASE_INSENSITIVE, dir, how.security);
  IO_STATUS_BLOCK status{};
  ULONG options = FILE_OPEN_REPARSE_POINT;
  if (how.type == EntryType::file) options |= FILE_NON_DIRECTORY_FILE;
  if (how.type == EntryType::directory) options |= FILE_DIRECTORY_FILE;
  if (!how.overlapped) options |= FILE_SYNCHRONOUS_IO_NONALERT;
  if (how.unbuffered) options |= FILE_NO_INTERMEDIATE_BUFFERING;
  if (how.write_through) options |= FILE_WRITE_THROUGH;
  HANDLE h = nullptr;
  const NTSTATUS result = ::NtCreateFile(
      &h, how.access | SYNCHRONIZE | FILE_READ_ATTRIBUTES, &attributes, &status, nullptr,
      FILE_ATTRIBUTE_NORMAL, how.exclusive_name ? kShareAll & ~FILE_SHARE_DELETE : kShareAll,
      how.disposition == Disposition::create ? FILE_CREATE : FILE_OPEN, options, nullptr, 0);
  if (result < 0) throw_win32(::RtlNtStatusToDosError(result), "open", shown);
  return UniqueHandle(h);
}

UniqueHandle open_directory(const std::filesystem::path& path, ACCESS_MASK access) {
  UniqueHandle h(::CreateFileW(path.c_str(), access | FILE_READ_ATTRIBUTES, kShareAll, nullptr,
                               OPEN_EXISTING,
                               FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
  if (!h.valid()) throw_last_error("open", path);
  // NUL, CON, \\.\PhysicalDrive0 open as devices, which have no file attributes to ask for.
  if (::GetFileType(h.get()) != FILE_TYPE_DISK)
    throw_win32(ERROR_DIRECTORY, "open as a directory", path);
  // Asked of the handle, and of the name too: wine (8.0) follows a symbolic link of its drives
  // whatever the flag, answers with the target's attributes by handle, and says "reparse point"
  // only when asked by name. On Windows the handle is the junction itself and the name agrees.
  const DWORD by_name = ::GetFileAttributesW(path.c_str());
  if (is_reparse_point(h.get(), path) ||
      (by_name != INVALID_FILE_ATTRIBUTES && (by_name & FILE_ATTRIBUTE_REPARSE_POINT) != 0))
    throw_win32(ERROR_CANT_ACCESS_FILE, "open (a reparse point: junction, symlink or mount point)",
                path);
  if (!is_directory(h.get(), path)) throw_win32(ERROR_DIRECTORY, "open as a directory", path);
  return h;
}

void delete_by_handle(HANDLE h, const std::filesystem::path& shown) {
  FILE_DISPOSITION_INFO info{};
  info.DeleteFile = TRUE;
  if (!::SetFileInformationByHandle(h, FileDispositionInfo, &info, sizeof info))
    throw_last_error("delete", shown);
}

FileIdentity file_identity(HANDLE h, const std::filesystem::path& shown) {
  BY_HANDLE_FILE_INFORMATION info{};
  if (!::GetFileInformationByHandle(h, &info)) throw_last_error("identify", shown);
  return {info.dwVolumeSerialNumber,
          (static_cast<ULONGLONG>(info.nFileIndexHigh) << 32) | info.nFileIndexLow};
}

bool is_reparse_point(HANDLE h, const std::filesystem::path& shown) {
  return (basic_info(h, shown).FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0;
}

bool is_directory(HANDLE h, const std::filesystem::path& shown) {
  return (basic_info(h, shown).FileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
}

}  // namespace iogate::detail
