// The layout pool's files on Windows: opened relative to the scratch directory's handle without
// following a reparse point (detail::open_relative), identity by the volume serial number and the
// file index (GetFileInformationByHandle), which NTFS keeps for a file's life as ext4 keeps an
// inode number.
#include "scratch_file_io.hpp"

#include <charconv>
#include <system_error>

#include <fmt/format.h>

#include "common/windows_handle.hpp"

namespace iogate::detail {
namespace {

std::wstring wide(const std::string& name) { return std::filesystem::path(name).wstring(); }

UniqueHandle open_in(HANDLE dir, const std::string& name, ACCESS_MASK access, EntryType type,
                     const std::filesystem::path& shown) {
  return open_relative(dir, wide(name), RelativeOpen{.access = access, .type = type}, shown);
}

bool is_missing(const std::system_error& e) {
  return e.code().category() == std::system_category() &&
         (e.code().value() == ERROR_FILE_NOT_FOUND || e.code().value() == ERROR_PATH_NOT_FOUND);
}

}  // namespace

ScratchFileInfo look_at(HANDLE dir, const std::string& name, const std::filesystem::path& shown) {
  ScratchFileInfo info;
  UniqueHandle h;
  try {
    h = open_in(dir, name, FILE_READ_ATTRIBUTES, EntryType::any, shown);
  } catch (const std::system_error& e) {
    if (!is_missing(e)) throw;
    info.found = ScratchFileInfo::Found::missing;
    return info;
  }
  BY_HANDLE_FILE_INFORMATION file{};
  if (!::GetFileInformationByHandle(h.get(), &file)) throw_last_error("stat", shown);
  if ((file.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0)
    info.found = ScratchFileInfo::Found::link;
  else if ((file.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0 ||
           ::GetFileType(h.get()) != FILE_TYPE_DISK)
    info.found = ScratchFileInfo::Found::other;
  info.device = file.dwVolumeSerialNumber;
  info.file_id = (std::uint64_t{file.nFileIndexHigh} << 32) | file.nFileIndexLow;
  info.size = (std::uint64_t{file.nFileSizeHigh} << 32) | file.nFileSizeLow;
  return info;
}

std::string read_small(HANDLE dir, const std::string& name, const std::filesystem::path& shown) {
  const UniqueHandle h = open_in(dir, name, GENERIC_READ, EntryType::file, shown);
  std::string text;
  char buf[1024];
  for (;;) {
    DWORD n = 0;
    if (!::ReadFile(h.get(), buf, sizeof buf, &n, nullptr)) throw_last_error("read", shown);
    if (n == 0 || text.size() > 16 * 1024) break;
    text.append(buf, n);
  }
  return text;
}

void write_small(HANDLE dir, const std::string& name, const std::string& text,
                 const std::filesystem::path& shown) {
  const UniqueHandle h = open_in(dir, name, GENERIC_WRITE, EntryType::file, shown);
  std::size_t done = 0;
  while (done < text.size()) {
    DWORD n = 0;
    const auto chunk = static_cast<DWORD>(std::min<std::size_t>(text.size() - done, 1 << 20));
    if (!::WriteFile(h.get(), text.data() + done, chunk, &n, nullptr) || n == 0)
      throw_last_error("write", shown);
    done += n;
  }
  // Shorter than what was there (the reserved note): cut at the end of what was written, which
  // needs no space.
  if (!::SetEndOfFile(h.get())) throw_last_error("truncate", shown);
  if (!::FlushFileBuffers(h.get())) throw_last_error("flush", shown);
}

std::string device_text(std::uint64_t device) {
  return fmt::format("{:04X}-{:04X}", (device >> 16) & 0xffff, device & 0xffff);
}

std::optional<std::uint64_t> parse_device_text(std::string_view text) {
  if (text.size() != 9 || text[4] != '-') return std::nullopt;
  std::uint64_t high = 0;
  std::uint64_t low = 0;
  const auto hex = [](std::string_view part, std::uint64_t& value) {
    const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value, 16);
    return ec == std::errc() && end == part.data() + part.size();
  };
  if (!hex(text.substr(0, 4), high) || !hex(text.substr(5), low)) return std::nullopt;
  return (high << 16) | low;
}

}  // namespace iogate::detail
