// Reading input files on Windows: a regular file only (not a directory, a console or a pipe), up to
// the limit. What Linux decides from the mode bits (whether a file's text may be quoted, whether
// the one who named a file could read it) would need the file's ACL here; until it is read, no
// text is quoted and the naming rule is not applied.
#include <array>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "iogate/read_file.hpp"
#include "windows_handle.hpp"

namespace iogate {
namespace {

using detail::UniqueHandle;

std::string os_words(DWORD error) {
  return std::system_category().message(static_cast<int>(error));
}

UniqueHandle open_input(const std::filesystem::path& path, Links links) {
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

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                              const char* what, Links links) {
  return read_open_file(open_input(path, links), path, max_bytes, what, links);
}

InputText read_input_file(const std::filesystem::path& path, std::uint64_t max_bytes,
                          const char* what) {
  return {read_regular_file(path, max_bytes, what), false};
}

InputText read_named_file(const std::filesystem::path& path, const std::filesystem::path&,
                          std::uint64_t max_bytes, const char* what) {
  return {read_regular_file(path, max_bytes, what), false};
}

}  // namespace iogate
