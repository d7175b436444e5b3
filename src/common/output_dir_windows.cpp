// The safe writer's directory on Windows: a handle opened without following a reparse point,
// files made relative to it (NtCreateFile, FILE_CREATE, never following a reparse point) and
// renamed by handle into that same directory, so a junction or symlink swapped in after the
// check redirects nothing. Not here yet: the path policy of path_policy.hpp (directories on the
// way are made, and files listed, read and removed, by path here), and a rule like Linux's for
// elevated runs in directories other accounts can change (their ACLs); the scratch area's own
// directory is the place it is needed first.
#include <algorithm>
#include <cstring>
#include <cwctype>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include <fmt/format.h>

#include "output_dir.hpp"
#include "read_file.hpp"
#include "windows_handle.hpp"
//
#include <winternl.h>

namespace iogate::detail {

namespace fs = std::filesystem;

namespace {

std::wstring random_name() {
  std::random_device entropy;  // mingw: rand_s, the system's generator
  std::string name = ".iogate-";
  for (int i = 0; i < 4; ++i) name += fmt::format("{:04x}", entropy() & 0xffffu);
  name += ".tmp";
  return std::wstring(name.begin(), name.end());  // ASCII
}

void write_all(HANDLE file, std::string_view text, const fs::path& shown) {
  while (!text.empty()) {
    const DWORD chunk = static_cast<DWORD>(std::min<std::size_t>(text.size(), 1u << 30));
    DWORD written = 0;
    if (!::WriteFile(file, text.data(), chunk, &written, nullptr)) throw_last_error("write", shown);
    text.remove_prefix(written);
  }
}

bool not_found(DWORD error) {
  return error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND;
}

std::wstring upper(std::wstring text) {
  for (wchar_t& c : text) c = static_cast<wchar_t>(std::towupper(c));
  return text;
}

// CON, PRN, AUX, NUL, COM1-9, LPT1-9 (and the superscript digits), CONIN$, CONOUT$: Win32 opens
// the device for such a component whatever its extension and trailing dots or spaces ("nul.txt",
// "COM1 .xml"), in any directory.
bool device_name(const std::wstring& component) {
  std::wstring stem = upper(component.substr(0, component.find(L'.')));
  while (!stem.empty() && stem.back() == L' ') stem.pop_back();
  if (stem == L"CON" || stem == L"PRN" || stem == L"AUX" || stem == L"NUL" || stem == L"CONIN$" ||
      stem == L"CONOUT$")
    return true;
  if (stem.size() != 4 || (stem.compare(0, 3, L"COM") != 0 && stem.compare(0, 3, L"LPT") != 0))
    return false;
  const wchar_t digit = stem[3];
  return (digit >= L'1' && digit <= L'9') || digit == L'\u00b9' || digit == L'\u00b2' ||
         digit == L'\u00b3';
}

// \\.\ names a device; \\?\ (and \??\) passes a path to the object manager untouched, a file
// only when it goes on to a drive (\\?\C:\), a share (\\?\UNC\) or a volume (\\?\Volume{...}).
// Either a reason, or the path without that prefix (a drive's, a share's or a volume's), to be
// read as any other.
std::variant<std::string, fs::path> strip_namespace(const fs::path& target) {
  std::wstring p = target.wstring();
  std::replace(p.begin(), p.end(), L'/', L'\\');
  if (p.rfind(L"\\\\.\\", 0) == 0) return std::string("names a device (\\\\.\\), not a file");
  if (p.rfind(L"\\\\?\\", 0) != 0 && p.rfind(L"\\??\\", 0) != 0) return target;
  const std::wstring rest = p.substr(4);
  const std::wstring head = upper(rest.substr(0, 7));
  if (rest.size() >= 3 && std::iswalpha(rest[0]) && rest[1] == L':' && rest[2] == L'\\')
    return fs::path(rest);
  if (head.rfind(L"UNC\\", 0) == 0) return fs::path(L"\\\\" + rest.substr(4));
  if (head == L"VOLUME{") return fs::path(L"\\" + rest.substr(rest.find(L'\\') + 1));
  return std::string("names an object of the Windows namespace, not a file on a drive");
}

}  // namespace

std::optional<std::string> unfit_output_name(const fs::path& named) {
  const std::variant<std::string, fs::path> stripped = strip_namespace(named);
  if (const auto* why = std::get_if<std::string>(&stripped)) return *why;
  const fs::path& target = std::get<fs::path>(stripped);
  if (target.has_root_name() && !target.has_root_directory())
    return fmt::format(
        "is relative to the current directory of drive {}; name it from the drive's "
        "root ({}\\...)",
        target.root_name().string(), target.root_name().string());
  for (const fs::path& part : target.relative_path()) {
    const std::wstring name = part.wstring();
    if (name.find(L':') != std::wstring::npos)
      return fmt::format("names a stream of a file ({}), not a file", part.string());
    if (device_name(name))
      return fmt::format("names the Windows device {}, not a file", part.string());
  }
  const std::wstring last = target.filename().wstring();
  if (!last.empty() && (last.back() == L'.' || last.back() == L' ') && last != L"." &&
      last != L"..")
    return "ends in a dot or a space, which Windows drops from a name: a file of that name could "
           "not be opened by Windows' own tools";
  return std::nullopt;
}

class OutputDir::Native {
 public:
  UniqueHandle dir;
  fs::path path;  // for listing, reading and removing, which go by path here (the header says)
};

class TemporaryFile::Native {
 public:
  HANDLE dir = nullptr;  // the OutputDir's handle, which outlives this file
  UniqueHandle file;     // held open: renamed, or deleted, by handle
  fs::path target;
};

OutputDir::OutputDir(const fs::path& dir, bool make_missing) : native_(std::make_unique<Native>()) {
  if (make_missing) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw std::system_error(ec, "create directory " + dir.string());
  }
  native_->dir = open_directory(dir, FILE_LIST_DIRECTORY | FILE_TRAVERSE | FILE_ADD_FILE);
  native_->path = dir;
}

std::optional<OutputDir> OutputDir::if_exists(const fs::path& dir) {
  std::error_code ec;
  if (fs::status(dir, ec).type() == fs::file_type::not_found) return std::nullopt;
  return OutputDir(dir);
}

std::vector<std::string> OutputDir::regular_files() const {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(native_->path))
    if (entry.is_regular_file() && !entry.is_symlink())
      names.push_back(entry.path().filename().string());
  return names;
}

std::string OutputDir::read(const fs::path& name, std::uint64_t max_bytes, const char* what,
                            const fs::path&) const {
  return read_regular_file(native_->path / name, max_bytes, what, Links::refuse);
}

void OutputDir::remove(const fs::path& name, const fs::path& shown) const {
  std::error_code ec;
  fs::remove(native_->path / name, ec);
  if (ec) throw std::system_error(ec, "remove " + shown.string());
}
OutputDir::~OutputDir() = default;
OutputDir::OutputDir(OutputDir&&) noexcept = default;
OutputDir& OutputDir::operator=(OutputDir&&) noexcept = default;

EntryKind OutputDir::kind_of(const fs::path& name) const {
  try {
    const UniqueHandle h =
        open_relative(native_->dir.get(), name.wstring(),
                      {.access = FILE_READ_ATTRIBUTES, .type = EntryType::any}, name);
    return is_directory(h.get(), name) ? EntryKind::directory : EntryKind::other;
  } catch (const std::system_error& e) {
    if (not_found(static_cast<DWORD>(e.code().value()))) return EntryKind::none;
    throw;
  }
}

TemporaryFile OutputDir::write_temporary(std::string_view content, const fs::path& shown) {
  auto tmp = std::make_unique<TemporaryFile::Native>();
  tmp->dir = native_->dir.get();
  tmp->target = shown;
  for (int attempt = 0; !tmp->file.valid(); ++attempt) {
    try {
      tmp->file = open_relative(
          tmp->dir, random_name(),
          {.access = GENERIC_WRITE | DELETE, .disposition = Disposition::create}, shown);
    } catch (const std::system_error& e) {
      const auto error = static_cast<DWORD>(e.code().value());
      if ((error != ERROR_FILE_EXISTS && error != ERROR_ALREADY_EXISTS) || attempt == 8) throw;
    }
  }
  const HANDLE file = tmp->file.get();
  TemporaryFile result(std::move(tmp));  // from here on, deleted if anything fails
  write_all(file, content, shown);
  if (!::FlushFileBuffers(file)) throw_last_error("flush", shown);
  return result;
}

void OutputDir::sync() const {
  // NTFS and ReFS journal their directory entries; a directory handle cannot be flushed
  // without write access to the directory itself.
}

TemporaryFile::TemporaryFile(std::unique_ptr<Native> native) : native_(std::move(native)) {}
TemporaryFile::~TemporaryFile() {
  if (!native_ || !native_->file.valid()) return;
  FILE_DISPOSITION_INFO dispose{};
  dispose.DeleteFile = TRUE;
  ::SetFileInformationByHandle(native_->file.get(), FileDispositionInfo, &dispose, sizeof dispose);
}
TemporaryFile::TemporaryFile(TemporaryFile&&) noexcept = default;
TemporaryFile& TemporaryFile::operator=(TemporaryFile&&) noexcept = default;

// Renamed by handle into the directory handle, by the native call: the Win32 wrapper
// (SetFileInformationByHandle) reads the new name as a path to resolve, which wine turns into a
// path of the working directory and refuses beside a root directory.
bool TemporaryFile::move_to(const fs::path& name, bool replace) {
  const std::wstring wide = name.wstring();
  // FILE_RENAME_INFORMATION, which FILE_RENAME_INFO lays out the same.
  std::vector<std::byte> buffer(sizeof(FILE_RENAME_INFO) + wide.size() * sizeof(wchar_t));
  auto* info = reinterpret_cast<FILE_RENAME_INFO*>(buffer.data());
  info->ReplaceIfExists = replace ? TRUE : FALSE;
  info->RootDirectory = native_->dir;
  info->FileNameLength = static_cast<DWORD>(wide.size() * sizeof(wchar_t));
  std::memcpy(info->FileName, wide.data(), info->FileNameLength);
  IO_STATUS_BLOCK status{};
  const NTSTATUS result = ::NtSetInformationFile(
      native_->file.get(), &status, info, static_cast<ULONG>(buffer.size()), FileRenameInformation);
  if (result < 0) {
    const DWORD error = ::RtlNtStatusToDosError(result);
    if (!replace && (error == ERROR_ALREADY_EXISTS || error == ERROR_FILE_EXISTS)) return false;
    throw_win32(error, "rename to", native_->target);
  }
  native_->file.reset();
  return true;
}

}  // namespace iogate::detail
