#include "iogate/datastore/storage_stack.hpp"

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>

#include <type_traits>

#include "mountinfo.hpp"
#include "posix_error.hpp"
#include "storage_stack_internal.hpp"
#include "sysfs_block.hpp"

namespace iogate {

namespace {

template <typename Stack>
auto all_fields(Stack& s) {
  using Field = std::conditional_t<std::is_const_v<Stack>, const std::string*, std::string*>;
  return std::vector<std::pair<const char*, Field>>{
      {"mount_point", &s.mount_point},
      {"filesystem", &s.filesystem},
      {"mount_options", &s.mount_options},
      {"mount_source", &s.mount_source},
      {"device", &s.device},
      {"partition", &s.partition},
      {"driver", &s.driver},
      {"scheduler", &s.scheduler},
      {"rotational", &s.rotational},
      {"logical_block_size", &s.logical_block_size},
      {"kernel", &s.kernel},
      {"vendor", &s.vendor},
      {"model", &s.model},
      {"firmware", &s.firmware},
      {"host_driver", &s.host_driver},
      {"host_driver_version", &s.host_driver_version},
      {"nr_requests", &s.nr_requests},
      {"queue_depth", &s.queue_depth},
      {"physical_block_size", &s.physical_block_size},
      {"write_cache", &s.write_cache},
      {"hypervisor", &s.hypervisor},
  };
}

}  // namespace

bool StorageStack::set_field(const std::string& key, std::string value) {
  for (const auto& [name, field] : all_fields(*this)) {
    if (key == name) {
      *field = std::move(value);
      return true;
    }
  }
  return false;
}

std::vector<std::string> diff_storage_stacks(const StorageStack& before,
                                             const StorageStack& after) {
  const auto a = all_fields(before), b = all_fields(after);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::string key = a[i].first;
    // A field the baseline could not read (or an older iogate did not record) is no change.
    if (key == "mount_point" || key == "partition" || a[i].second->empty() ||
        *a[i].second == *b[i].second)
      continue;
    auto shown = [](const std::string& v) { return v.empty() ? std::string("(unknown)") : v; };
    out.push_back(key + " " + shown(*a[i].second) + " \u2192 " + shown(*b[i].second));
  }
  return out;
}

std::vector<std::string> StorageStack::field_names() {
  const StorageStack none;
  std::vector<std::string> out;
  for (const auto& field : all_fields(none)) out.emplace_back(field.first);
  return out;
}

std::vector<std::pair<std::string, std::string>> StorageStack::fields() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value] : all_fields(*this)) {
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
