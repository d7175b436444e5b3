// The Windows half of workload_file.hpp: overlapped handles opened without following a reparse
// point (relative to the caller's directory HANDLE when the FileRef holds one), one per worker
// and each checked to be the first one's file, its size, and the volume's sector sizes that
// unbuffered I/O requires of offsets, lengths and buffers.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <system_error>

#include "common/windows_handle.hpp"
#include "workload_file.hpp"

namespace iogate {
namespace {

constexpr ULONG kShareAll = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;

// What unbuffered I/O on the file must be aligned to (the datastore layer's SectorSizes reports a
// device's sizes as read; this is what the engine aligns to, 512 where nothing says).
struct UnbufferedAlignment {
  std::uint32_t logical = 512;   // offsets and lengths of unbuffered I/O: multiples of it
  std::uint32_t physical = 512;  // buffers: aligned to it (Microsoft asks for physical alignment)
};

// FileStorageInfo (Windows 8 and later) names both sizes; where it is not implemented (older
// systems, wine) the volume's bytes per sector stand for both.
UnbufferedAlignment unbuffered_alignment(HANDLE h) {
  UnbufferedAlignment sizes;
  FILE_STORAGE_INFO info{};
  if (::GetFileInformationByHandleEx(h, FileStorageInfo, &info, sizeof info) &&
      info.LogicalBytesPerSector >= 512) {
    sizes.logical = info.LogicalBytesPerSector;
    sizes.physical =
        std::max<std::uint32_t>(sizes.logical, info.PhysicalBytesPerSectorForPerformance);
    return sizes;
  }
  wchar_t path[MAX_PATH * 4];
  wchar_t volume[MAX_PATH * 4];
  const DWORD n = ::GetFinalPathNameByHandleW(h, path, static_cast<DWORD>(std::size(path)), 0);
  DWORD per_cluster = 0, per_sector = 0, free_clusters = 0, clusters = 0;
  if (n > 0 && n < std::size(path) &&
      ::GetVolumePathNameW(path, volume, static_cast<DWORD>(std::size(volume))) &&
      ::GetDiskFreeSpaceW(volume, &per_cluster, &per_sector, &free_clusters, &clusters) &&
      per_sector >= 512) {
    sizes.logical = sizes.physical = per_sector;
  }
  return sizes;
}

HANDLE open_path(const std::filesystem::path& path, FileAccess access, const std::string& shown) {
  const DWORD flags = FILE_FLAG_OVERLAPPED | FILE_FLAG_OPEN_REPARSE_POINT |
                      (access.direct ? FILE_FLAG_NO_BUFFERING : 0) |
                      (access.write_through ? FILE_FLAG_WRITE_THROUGH : 0);
  HANDLE h = ::CreateFileW(path.c_str(), GENERIC_READ | GENERIC_WRITE, kShareAll, nullptr,
                           OPEN_EXISTING, flags, nullptr);
  if (h == INVALID_HANDLE_VALUE) detail::throw_last_error("open", shown);
  return h;
}

// Opens the file and refuses a reparse point (a junction or symbolic link swapped in for the test
// file would send the run's writes to whatever it names).
detail::UniqueHandle open_checked(const FileRef& file, FileAccess access,
                                  const std::string& shown) {
  detail::UniqueHandle h;
  try {
    h = file.in_directory() ? detail::open_relative(file.dir(), file.native_name().wstring(),
                                                    {.access = GENERIC_READ | GENERIC_WRITE,
                                                     .overlapped = true,
                                                     .unbuffered = access.direct,
                                                     .write_through = access.write_through},
                                                    shown)
                            : detail::UniqueHandle(open_path(file.native_name(), access, shown));
  } catch (const std::system_error& e) {
    if (access.direct && e.code().value() == ERROR_INVALID_PARAMETER) {
      throw DirectIoUnsupported(e.code(), "open " + shown +
                                              " unbuffered: the filesystem does not support "
                                              "unbuffered I/O (set direct = false to go through "
                                              "the file cache)");
    }
    throw;
  }
  if (detail::is_reparse_point(h.get(), shown)) {
    throw std::system_error(static_cast<int>(ERROR_CANT_ACCESS_FILE), std::system_category(),
                            "open " + shown +
                                ": it is a reparse point (a symbolic link, junction or mount "
                                "point), which iogate never follows");
  }
  return h;
}

BY_HANDLE_FILE_INFORMATION identity(HANDLE h, const std::string& shown) {
  BY_HANDLE_FILE_INFORMATION info{};
  if (!::GetFileInformationByHandle(h, &info)) detail::throw_last_error("identify", shown);
  return info;
}

bool same_file(const BY_HANDLE_FILE_INFORMATION& a, const BY_HANDLE_FILE_INFORMATION& b) {
  return a.dwVolumeSerialNumber == b.dwVolumeSerialNumber && a.nFileIndexHigh == b.nFileIndexHigh &&
         a.nFileIndexLow == b.nFileIndexLow;
}

// Gives up ownership: UniqueHandle has no release of its own.
HANDLE take(detail::UniqueHandle&& h) {
  HANDLE raw = nullptr;
  if (!::DuplicateHandle(::GetCurrentProcess(), h.get(), ::GetCurrentProcess(), &raw, 0, FALSE,
                         DUPLICATE_SAME_ACCESS))
    detail::throw_last_error("DuplicateHandle");
  return raw;
}

}  // namespace

WorkloadFile::WorkloadFile(const FileRef& file, FileAccess access)
    : path_(file.shown()), file_(file), access_(access) {
  detail::UniqueHandle h = open_checked(file, access, path_);
  FILE_STANDARD_INFO standard{};
  if (!::GetFileInformationByHandleEx(h.get(), FileStandardInfo, &standard, sizeof standard))
    detail::throw_last_error("read the size of", path_);
  if (standard.Directory || ::GetFileType(h.get()) != FILE_TYPE_DISK)
    throw std::invalid_argument(path_ + " is not a regular file");
  size_ = static_cast<std::uint64_t>(standard.EndOfFile.QuadPart);
  const UnbufferedAlignment sectors = unbuffered_alignment(h.get());
  direct_io_block_ = sectors.logical;
  buffer_alignment_ = std::max({buffer_alignment_, sectors.logical, sectors.physical});
  handle_ = take(std::move(h));
}

WorkloadFile::~WorkloadFile() {
  for (HANDLE h : more_) ::CloseHandle(h);
  ::CloseHandle(handle_);
}

NativeHandle WorkloadFile::handle(unsigned worker) const {
  return worker == 0 ? handle_ : more_.at(worker - 1);
}

// A file object belongs to at most one completion port: each worker's engine gets its own.
void WorkloadFile::open_for_workers(unsigned workers) {
  if (workers <= more_.size() + 1) return;
  const BY_HANDLE_FILE_INFORMATION first = identity(handle_, path_);
  while (more_.size() + 1 < workers) {
    detail::UniqueHandle h = open_checked(file_, access_, path_);
    if (!same_file(identity(h.get(), path_), first)) {
      throw std::runtime_error("open " + path_ +
                               ": the name now names another file than the one the run opened "
                               "first; refusing to run on it");
    }
    more_.push_back(take(std::move(h)));
  }
}

// Windows has no call that drops one file's cached pages; unbuffered reads are what bypass the
// cache, and NTFS and ReFS always grant them, so the integrity check's fallback is rarely taken.
void WorkloadFile::drop_cached_pages() const {}

// Nor one that shows which are cached: a buffered run cannot be shown to reach the device.
CacheDrop WorkloadFile::drop_cached_pages_verified() const {
  SYSTEM_INFO system{};
  ::GetSystemInfo(&system);
  return {.verified = false,
          .seen = "Windows can neither drop nor show one file's cached pages",
          .page_size = system.dwPageSize};
}

}  // namespace iogate
