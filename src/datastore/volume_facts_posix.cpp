// Reading a datastore's filesystem on Linux (datastore/volume_facts.hpp): statfs's f_type,
// statvfs's ST_RDONLY and free space, all of one descriptor, and the mount table's type name;
// and the free space a scratch area demands (free_space, iogate/datastore/scratch_area.hpp), read
// from the same statvfs.
#include <fcntl.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include <boost/filesystem/operations.hpp>
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

struct statvfs statvfs_of(int dir_fd, const fs::path& shown) {
  struct statvfs st {};
  if (fstatvfs(dir_fd, &st) != 0) detail::throw_errno("statvfs", shown);
  return st;
}

FreeSpace space_of(const struct statvfs& st) {
  return FreeSpace{static_cast<std::uint64_t>(st.f_bavail) * st.f_frsize,
                   static_cast<std::uint64_t>(st.f_blocks) * st.f_frsize};
}

}  // namespace

FreeSpace free_space(const fs::path& dir) {
  boost::system::error_code ec;
  const boost::filesystem::space_info info = boost::filesystem::space(dir.string(), ec);
  if (ec) detail::throw_errno(ec.value(), "statvfs", dir);
  return FreeSpace{info.available, info.capacity};
}

FreeSpace free_space(int dir_fd, const fs::path& shown) {
  return space_of(statvfs_of(dir_fd, shown));
}

VolumeFacts read_volume_facts(const fs::path& dir) {
  const detail::UniqueFd fd(open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd.valid()) detail::throw_errno("open", dir);
  struct statfs fs_info {};
  if (fstatfs(fd.get(), &fs_info) != 0) detail::throw_errno("statfs", dir);
  const struct statvfs vfs_info = statvfs_of(fd.get(), dir);
  VolumeFacts facts;
  facts.magic = static_cast<std::uint64_t>(fs_info.f_type);
  facts.type = mount_type(dir);
  facts.read_only = (vfs_info.f_flag & ST_RDONLY) != 0;
  facts.available = space_of(vfs_info).available;
  return facts;
}

}  // namespace iogate
