#include <system_error>

#include "common/windows_handle.hpp"
#include "run_host.hpp"

namespace iogate::detail {

std::string host_name() {
  wchar_t name[256] = {};
  DWORD size = sizeof name / sizeof name[0];
  if (!::GetComputerNameExW(ComputerNameDnsHostname, name, &size)) return "";
  return std::filesystem::path(std::wstring(name, size)).string();
}

// Opened as stat(2) looks: a junction or symlink on the way, or the directory itself being one,
// is followed (the identity of what the path names now is the point, not how it gets there).
DirIdentity identify_dir(const std::filesystem::path& dir) {
  const UniqueHandle h(::CreateFileW(dir.c_str(), FILE_READ_ATTRIBUTES,
                                     FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                                     nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr));
  BY_HANDLE_FILE_INFORMATION info{};
  if (!h.valid() || !::GetFileInformationByHandle(h.get(), &info))
    return {.error = std::system_category().message(static_cast<int>(::GetLastError()))};
  return {.found = true,
          .device = info.dwVolumeSerialNumber,
          .file_id = (std::uint64_t{info.nFileIndexHigh} << 32) | info.nFileIndexLow,
          .error = {}};
}

}  // namespace iogate::detail
