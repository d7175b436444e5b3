// Reading scratch directories on Windows: a directory handle's entries, and the marker opened
// relative to it without following a reparse point.
#include "common/windows_handle.hpp"
//
#include "iogate/datastore/scratch_area.hpp"
#include "scratch_listing.hpp"

#include <array>

namespace iogate::detail {

namespace fs = std::filesystem;

namespace {
constexpr DWORD kMaxMarkerBytes = 4096;
}  // namespace

std::vector<std::string> list_names(NativeHandle fd, const fs::path& path) {
  // Aligned for FILE_FULL_DIR_INFO's LARGE_INTEGER fields.
  alignas(8) std::array<unsigned char, 64 * 1024> buffer{};
  std::vector<std::string> names;
  FILE_INFO_BY_HANDLE_CLASS query = FileFullDirectoryRestartInfo;
  for (;;) {
    if (!::GetFileInformationByHandleEx(fd, query, buffer.data(),
                                        static_cast<DWORD>(buffer.size()))) {
      if (::GetLastError() == ERROR_NO_MORE_FILES) break;
      throw_last_error("list", path);
    }
    query = FileFullDirectoryInfo;
    std::size_t at = 0;
    for (;;) {
      const auto* entry = reinterpret_cast<const FILE_FULL_DIR_INFO*>(buffer.data() + at);
      const fs::path name(std::wstring(entry->FileName, entry->FileNameLength / sizeof(wchar_t)));
      if (name != "." && name != "..") names.push_back(name.string());
      if (entry->NextEntryOffset == 0) break;
      at += entry->NextEntryOffset;
    }
  }
  return names;
}

std::optional<std::string> read_marker(NativeHandle dir_fd, const fs::path& marker) {
  UniqueHandle file;
  try {
    file = open_relative(dir_fd, fs::path(ScratchArea::kMarkerName).wstring(),
                         {.access = GENERIC_READ, .type = EntryType::any}, marker);
  } catch (const std::system_error& e) {
    if (e.code().value() == ERROR_FILE_NOT_FOUND) return std::nullopt;
    throw;
  }
  if (is_reparse_point(file.get(), marker) || is_directory(file.get(), marker)) return std::nullopt;
  std::string text(kMaxMarkerBytes, '\0');
  DWORD n = 0;
  if (!::ReadFile(file.get(), text.data(), kMaxMarkerBytes, &n, nullptr))
    throw_last_error("read", marker);
  text.resize(n);
  return text;
}

}  // namespace iogate::detail
