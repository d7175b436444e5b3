#include "datastore_checks.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "datastore_trust.hpp"
#include "missing_datastore.hpp"
#include "mountinfo.hpp"
#include "posix_error.hpp"

namespace iogate {
namespace detail {
namespace {

namespace fs = std::filesystem;

constexpr int kOpenFlags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;

// fd, or -1 with errno set.
int open_dir(const fs::path& datastore) { return ::open(datastore.c_str(), kOpenFlags); }

[[noreturn]] void open_failed(const fs::path& datastore, int error) {
  if (error == ENOENT) missing_datastore(datastore);
  if (error == ENOTDIR)
    throw DatastoreError(fmt::format("datastore {} is not a directory", datastore.string()));
  throw_errno(error, "open", datastore);
}

}  // namespace

UniqueFd open_datastore(const fs::path& datastore, const DatastorePolicy& policy,
                        std::uint64_t bytes_needed) {
  UniqueFd fd(open_dir(datastore));
  if (!fd.valid() && errno == ENOENT && policy.create_if_missing) {
    const FreeSpace space = free_space(nearest_existing(datastore));
    if (space.available < space_required(bytes_needed))
      throw InsufficientSpace(datastore, bytes_needed, space.available);
    std::error_code ec;
    if (!fs::create_directories(datastore, ec) && ec)
      throw_errno(ec.value(), "create_directories", datastore);
    fd = UniqueFd(open_dir(datastore));
  }
  if (!fd.valid()) open_failed(datastore, errno);
  vet_datastore(fd.get(), datastore, policy);
  return fd;
}

void vet_datastore(int fd, const fs::path& datastore, const DatastorePolicy& policy) {
  if (!policy.allow_shared) check_datastore_trust(fd, datastore);
  if (policy.require_mount) require_mount_root(fd, datastore);
  if (!policy.require_filesystem.empty()) require_filesystem(datastore, policy.require_filesystem);
  if (!policy.require_device.empty()) require_device(fd, datastore, policy.require_device);
}

namespace {

// The mount holding the datastore, for messages and the filesystem type.
MountEntry mount_of(const fs::path& datastore) {
  std::error_code ec;
  const fs::path real = fs::canonical(datastore, ec);
  if (ec) throw_errno(ec.value(), "realpath", datastore);
  const std::vector<MountEntry> mounts = read_mountinfo("/proc/self/mountinfo");
  const MountEntry* mount = find_mount(mounts, real.string());
  if (mount == nullptr)
    throw DatastoreError(
        fmt::format("datastore {}: no mount holds it in /proc/self/mountinfo", datastore.string()));
  return *mount;
}

}  // namespace

void require_filesystem(const fs::path& datastore, const std::string& type) {
  const MountEntry mount = mount_of(datastore);
  if (mount.fstype == type) return;
  throw DatastoreError(fmt::format(
      "datastore {} is on {} (mounted at {} from {}), not {} (require_filesystem); is the "
      "storage under test mounted?",
      datastore.string(), mount.fstype, mount.mount_point, mount.source, type));
}

void require_device(int fd, const fs::path& datastore, const std::string& device) {
  struct stat self {};
  struct stat dev {};
  if (fstat(fd, &self) != 0) throw_errno("fstat", datastore);
  if (::stat(device.c_str(), &dev) != 0)
    throw DatastoreError(fmt::format("require_device {}: {}", device, std::strerror(errno)));
  if (!S_ISBLK(dev.st_mode))
    throw DatastoreError(fmt::format("require_device {}: not a block device", device));
  if (dev.st_rdev == self.st_dev) return;
  const MountEntry mount = mount_of(datastore);
  throw DatastoreError(fmt::format(
      "datastore {} is on device {}:{} ({} mounted at {}), not {} ({}:{}) (require_device); is "
      "the storage under test mounted?",
      datastore.string(), major(self.st_dev), minor(self.st_dev), mount.source, mount.mount_point,
      device, major(dev.st_rdev), minor(dev.st_rdev)));
}

void require_mount_root(int fd, const fs::path& datastore) {
  struct stat self {};
  struct stat parent {};
  if (fstat(fd, &self) != 0) throw_errno("fstat", datastore);
  if (fstatat(fd, "..", &parent, 0) != 0) throw_errno("stat", datastore / "..");
  if (self.st_dev != parent.st_dev || self.st_ino == parent.st_ino) return;
  std::error_code ec;
  const fs::path real = fs::canonical(datastore, ec);
  if (ec) throw_errno(ec.value(), "realpath", datastore);
  const std::vector<MountEntry> mounts = read_mountinfo("/proc/self/mountinfo");
  const MountEntry* mount = find_mount(mounts, real.string());
  if (mount != nullptr && mount->mount_point == real.string()) return;
  throw DatastoreError(fmt::format(
      "datastore {} is not a mount point (require_mount): it is a directory of the filesystem "
      "mounted at {}; is the storage under test mounted?",
      datastore.string(), mount != nullptr ? mount->mount_point : "?"));
}

bool still_named(int store_fd, const std::string& name, int dir_fd) {
  if (dir_fd < 0) return true;
  struct stat held {};
  struct stat named {};
  if (fstat(dir_fd, &held) != 0) return true;
  if (fstatat(store_fd, name.c_str(), &named, AT_SYMLINK_NOFOLLOW) != 0) return errno == ENOENT;
  return named.st_dev == held.st_dev && named.st_ino == held.st_ino;
}

}  // namespace detail

void check_datastore(const std::filesystem::path& datastore, const DatastorePolicy& policy) {
  const detail::UniqueFd fd(detail::open_dir(datastore));
  if (!fd.valid()) {
    if (errno == ENOENT && policy.create_if_missing) return;
    detail::open_failed(datastore, errno);
  }
  detail::vet_datastore(fd.get(), datastore, policy);
}

}  // namespace iogate
