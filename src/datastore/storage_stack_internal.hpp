// The part of read_storage_stack that does not look at the live filesystem, so that tests can
// point it at a captured mountinfo and sysfs tree with a device number of their choosing.
#pragma once

#include <filesystem>
#include <string>

#include "iogate/datastore/storage_stack.hpp"

namespace iogate::detail {

// `canonical_dir`: an absolute path without symlinks or dot components; `major`:`minor`: the
// device number its files report in st_dev (0:N is an anonymous device with no sysfs entry).
// `kernel` is left empty: it describes the running system, not the captured one. A `mountinfo`
// that does not exist leaves the mount fields empty; one that cannot be read otherwise throws
// std::system_error, a malformed one std::runtime_error.
StorageStack describe_storage(const std::string& canonical_dir, unsigned major, unsigned minor,
                              const std::filesystem::path& sysfs_root,
                              const std::filesystem::path& mountinfo);

}  // namespace iogate::detail
