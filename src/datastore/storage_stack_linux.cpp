// read_storage_stack on Linux and ESXi: the mount from /proc/self/mountinfo, the device and its
// adapter from sysfs, the kernel from uname; on ESXi (esxcli on the PATH) from esxcli instead, when
// a datastore holds the directory.
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>

#include <cstdlib>
#include <cstring>
#include <optional>
#include <system_error>

#include "common/posix_error.hpp"
#include "esx_storage_stack.hpp"
#include "iogate/datastore/storage_stack.hpp"
#include "mountinfo.hpp"
#include "storage_stack_internal.hpp"
#include "sysfs_block.hpp"

namespace iogate {

namespace detail {
namespace {

// Where the system has no /proc (ESXi, a sandbox without it mounted) there is no mount to report;
// any other failure to read it, or a malformed line, is still an error.
std::vector<MountEntry> mounts_if_any(const std::filesystem::path& mountinfo) {
  try {
    return read_mountinfo(mountinfo);
  } catch (const std::system_error& e) {
    if (e.code() == std::errc::no_such_file_or_directory || e.code() == std::errc::not_a_directory)
      return {};
    throw;
  }
}

}  // namespace

StorageStack describe_storage(const std::string& canonical_dir, unsigned major, unsigned minor,
                              const std::filesystem::path& sysfs_root,
                              const std::filesystem::path& mountinfo) {
  StorageStack stack;
  const std::vector<MountEntry> mounts = mounts_if_any(mountinfo);
  if (const MountEntry* mount = find_mount(mounts, canonical_dir)) {
    stack.mount_point = mount->mount_point;
    stack.filesystem = mount->fstype;
    stack.mount_options = merge_options(mount->options, mount->super_options);
    stack.mount_source = mount->source;
  }
  if (major != 0) {  // major 0: an anonymous device (tmpfs, overlay ...), nothing in sysfs
    BlockDevice block = read_block_device(sysfs_root, major, minor);
    stack.device = std::move(block.device);
    stack.partition = std::move(block.partition);
    stack.driver = std::move(block.driver);
    stack.scheduler = std::move(block.scheduler);
    stack.rotational = std::move(block.rotational);
    stack.logical_block_size = std::move(block.logical_block_size);
    stack.vendor = std::move(block.vendor);
    stack.model = std::move(block.model);
    stack.firmware = std::move(block.firmware);
    stack.host_driver = std::move(block.host_driver);
    stack.host_driver_version = std::move(block.host_driver_version);
    stack.nr_requests = std::move(block.nr_requests);
    stack.queue_depth = std::move(block.queue_depth);
    stack.physical_block_size = std::move(block.physical_block_size);
    stack.write_cache = std::move(block.write_cache);
  }
  stack.hypervisor = read_hypervisor(sysfs_root);
  return stack;
}

}  // namespace detail

StorageStack read_storage_stack(const std::filesystem::path& dir) {
  const std::filesystem::path canonical = std::filesystem::canonical(dir);
  std::optional<StorageStack> esx;
  const char* path_list = std::getenv("PATH");
  if (const auto esxcli = detail::find_on_path("esxcli", path_list ? path_list : ""))
    esx = detail::read_esx_storage_stack(*esxcli, canonical.string());
  StorageStack stack;
  if (esx) {
    stack = std::move(*esx);
  } else {
    struct stat st {};
    if (stat(canonical.c_str(), &st) != 0) detail::throw_errno("stat", canonical);
    stack = detail::describe_storage(canonical.string(), major(st.st_dev), minor(st.st_dev), "/sys",
                                     "/proc/self/mountinfo");
  }
  struct utsname uts {};
  if (uname(&uts) == 0) {
    stack.kernel = uts.release;
    // ESXi has no DMI in sysfs to name it; its kernel does.
    if (std::strcmp(uts.sysname, "VMkernel") == 0) stack.hypervisor = "VMware ESXi";
  }
  return stack;
}

}  // namespace iogate
