// Reading a datastore's volume on Windows (datastore/volume_facts.hpp): the volume's
// filesystem name and FILE_READ_ONLY_VOLUME (GetVolumeInformationW of the volume's root), and the
// free space as the scratch area asks for it. No pseudo filesystem is reachable by a path here.
#include "common/windows_handle.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "volume_facts.hpp"

namespace iogate {

namespace fs = std::filesystem;

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
