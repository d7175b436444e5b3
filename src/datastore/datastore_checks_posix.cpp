#include "datastore_checks_posix.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include <fmt/format.h>

#include "common/path_policy.hpp"
#include "common/posix_error.hpp"
#include "datastore_trust.hpp"
#include "missing_datastore.hpp"
#include "mountinfo.hpp"

namespace iogate {
namespace detail {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void open_failed(const fs::path& datastore, int error) {
  if (error == ENOENT) missing_datastore(datastore);
  if (error == ENOTDIR)
    throw DatastoreError(fmt::format("datastore {} is not a directory", datastore.string()));
  throw_errno(error, "open", datastore);
}

// The datastore reached by the path policy (path_policy.hpp), as every output directory is: a
// link another user planted in a shared directory on the way is not followed, and what is made
// is made in the directory held. Root's rule for the directories themselves is
// check_datastore_trust's, with its own opt-in. Invalid when the datastore is missing and
// `missing` is Missing::stop.
UniqueFd reach(const fs::path& datastore, Missing missing) {
  try {
    const ResolvedDir found = resolve_directory(datastore, missing, {.root_rule = false});
    if (!found.rest.empty()) return {};
    return open_for_use(found);
  } catch (const UntrustedPathError& e) {
    throw DatastoreError(fmt::format("datastore {}: {}", datastore.string(), e.what()));
  } catch (const std::system_error& e) {
    if (e.code().category() != std::generic_category()) throw;
    open_failed(datastore, e.code().value());
  }
}

}  // namespace

UniqueFd open_datastore(const fs::path& datastore, const DatastorePolicy& policy,
                        std::uint64_t bytes_needed) {
  UniqueFd fd = reach(datastore, Missing::stop);
  if (!fd.valid() && policy.create_if_missing) {
    const FreeSpace space = free_space(nearest_existing(datastore));
    if (space.available < space_required(bytes_needed))
      throw InsufficientSpace(datastore, bytes_needed, space.available);
    fd = reach(datastore, Missing::make);
  }
  if (!fd.valid()) open_failed(datastore, ENOENT);
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
  std::optional<MountEntry> mount = mount_holding(datastore);
  if (!mount)
    throw DatastoreError(
        fmt::format("datastore {}: no mount holds it in /proc/self/mountinfo", datastore.string()));
  return std::move(*mount);
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
  const std::optional<MountEntry> mount = mount_holding(real);
  if (mount && mount->mount_point == real.string()) return;
  throw DatastoreError(fmt::format(
      "datastore {} is not a mount point (require_mount): it is a directory of the filesystem "
      "mounted at {}; is the storage under test mounted?",
      datastore.string(), mount ? mount->mount_point : "?"));
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
  const detail::UniqueFd fd = detail::reach(datastore, detail::Missing::stop);
  if (!fd.valid()) {
    if (policy.create_if_missing) return;
    detail::open_failed(datastore, ENOENT);
  }
  detail::vet_datastore(fd.get(), datastore, policy);
}

}  // namespace iogate
