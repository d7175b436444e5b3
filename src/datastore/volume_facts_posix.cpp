// Reading a datastore's filesystem on Linux (datastore/volume_facts.hpp): statfs's f_type,
// statvfs's ST_RDONLY and free space, all of one descriptor, and the mount table's type name.
#include <fcntl.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include <system_error>
#include <vector>

#include "common/posix_error.hpp"
#include "common/unique_fd.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "mountinfo.hpp"
#include "volume_facts.hpp"

namespace iogate {
namespace {

namespace fs = std::filesystem;

// The type /proc/self/mountinfo gives the mount holding `dir`; "" when it cannot tell (no /proc).
std::string mount_type(const fs::path& dir) {
  try {
    const std::optional<detail::MountEntry> mount = detail::mount_holding(dir);
    return mount ? mount->fstype : "";
  } catch (const std::exception&) {
    return "";
  }
}

}  // namespace

VolumeFacts read_volume_facts(const fs::path& dir) {
  const detail::UniqueFd fd(open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd.valid()) detail::throw_errno("open", dir);
  struct statfs fs_info {};
  if (fstatfs(fd.get(), &fs_info) != 0) detail::throw_errno("statfs", dir);
  struct statvfs vfs_info {};
  if (fstatvfs(fd.get(), &vfs_info) != 0) detail::throw_errno("statvfs", dir);
  VolumeFacts facts;
  facts.magic = static_cast<std::uint64_t>(fs_info.f_type);
  facts.type = mount_type(dir);
  facts.read_only = (vfs_info.f_flag & ST_RDONLY) != 0;
  facts.available = free_space(fd.get(), dir).available;
  return facts;
}

}  // namespace iogate
