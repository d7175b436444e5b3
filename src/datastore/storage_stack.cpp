#include "iogate/datastore/storage_stack.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>

#include "mountinfo.hpp"
#include "posix_error.hpp"
#include "storage_stack_internal.hpp"
#include "sysfs_block.hpp"

namespace iogate {

std::vector<std::pair<std::string, std::string>> StorageStack::fields() const {
  const std::pair<const char*, const std::string*> all[] = {
      {"mount_point", &mount_point},
      {"filesystem", &filesystem},
      {"mount_options", &mount_options},
      {"mount_source", &mount_source},
      {"device", &device},
      {"partition", &partition},
      {"driver", &driver},
      {"scheduler", &scheduler},
      {"rotational", &rotational},
      {"logical_block_size", &logical_block_size},
      {"kernel", &kernel},
  };
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value] : all) {
    if (!value->empty()) out.emplace_back(key, *value);
  }
  return out;
}

namespace detail {

StorageStack describe_storage(const std::string& canonical_dir, unsigned major, unsigned minor,
                              const std::filesystem::path& sysfs_root,
                              const std::filesystem::path& mountinfo) {
  StorageStack stack;
  const std::vector<MountEntry> mounts = read_mountinfo(mountinfo);
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
  }
  return stack;
}

}  // namespace detail

StorageStack read_storage_stack(const std::filesystem::path& dir,
                                const std::filesystem::path& sysfs_root,
                                const std::filesystem::path& mountinfo) {
  const std::filesystem::path canonical = std::filesystem::canonical(dir);
  struct stat st {};
  if (stat(canonical.c_str(), &st) != 0) detail::throw_errno("stat", canonical);
  StorageStack stack = detail::describe_storage(canonical.string(), major(st.st_dev),
                                                minor(st.st_dev), sysfs_root, mountinfo);
  struct utsname uts {};
  if (uname(&uts) == 0) stack.kernel = uts.release;
  return stack;
}

}  // namespace iogate
