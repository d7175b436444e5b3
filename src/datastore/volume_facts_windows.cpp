// Reading a datastore's volume on Windows (datastore/volume_facts.hpp): the volume's
// filesystem name and FILE_READ_ONLY_VOLUME (GetVolumeInformationW of the volume's root), and the
// free space as the scratch area asks for it (free_space, iogate/datastore/scratch_area.hpp: by
// path, or of an open directory). No pseudo filesystem is reachable by a path here.
#include "common/windows_handle.hpp"
//
#include <winternl.h>

#include "iogate/datastore/scratch_area.hpp"
#include "volume_facts.hpp"

namespace iogate {

namespace fs = std::filesystem;

FreeSpace free_space(const fs::path& dir) {
  ULARGE_INTEGER available{};
  ULARGE_INTEGER capacity{};
  if (!::GetDiskFreeSpaceExW(dir.c_str(), &available, &capacity, nullptr))
    detail::throw_last_error("read the free space of", dir);
  return FreeSpace{available.QuadPart, capacity.QuadPart};
}

FreeSpace free_space(NativeHandle dir, const fs::path& shown) {
  FILE_FS_FULL_SIZE_INFORMATION info{};
  IO_STATUS_BLOCK status{};
  const NTSTATUS result =
      ::NtQueryVolumeInformationFile(dir, &status, &info, sizeof info, FileFsFullSizeInformation);
  if (result < 0)
    detail::throw_win32(::RtlNtStatusToDosError(result), "read the free space of", shown);
  const std::uint64_t unit =
      static_cast<std::uint64_t>(info.SectorsPerAllocationUnit) * info.BytesPerSector;
  return FreeSpace{static_cast<std::uint64_t>(info.CallerAvailableAllocationUnits.QuadPart) * unit,
                   static_cast<std::uint64_t>(info.TotalAllocationUnits.QuadPart) * unit};
}

VolumeFacts read_volume_facts(const fs::path& dir) {
  wchar_t root[MAX_PATH + 1] = {};
  if (!::GetVolumePathNameW(dir.c_str(), root, MAX_PATH))
    detail::throw_last_error("find the volume of", dir);
  DWORD flags = 0;
  wchar_t name[MAX_PATH + 1] = {};
  if (!::GetVolumeInformationW(root, nullptr, 0, nullptr, nullptr, &flags, name, MAX_PATH))
    detail::throw_last_error("read the volume information of", dir);
  VolumeFacts facts;
  facts.type = fs::path(name).string();
  facts.read_only = (flags & FILE_READ_ONLY_VOLUME) != 0;
  facts.available = free_space(dir).available;
  return facts;
}

}  // namespace iogate
