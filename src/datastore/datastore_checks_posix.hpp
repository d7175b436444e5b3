// Opening a datastore and holding it to the DatastorePolicy (iogate/datastore/scratch_area.hpp):
// it must exist unless it is a build tree's default, be a directory, be safe for root
// (datastore_trust.hpp) and, when asked, be a mount point.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "common/unique_fd.hpp"
#include "iogate/datastore/scratch_area.hpp"

namespace iogate::detail {

// The datastore open O_RDONLY|O_DIRECTORY, checked against `policy`; created first (with its
// parents) when missing and policy.create_if_missing, after a free-space check of the deepest
// existing ancestor for `bytes_needed` (InsufficientSpace, nothing created). DatastoreError for a
// missing datastore otherwise, a non-directory, or a failed check.
UniqueFd open_datastore(const std::filesystem::path& datastore, const DatastorePolicy& policy,
                        std::uint64_t bytes_needed);

// The policy's checks on a datastore already open as `fd` (trust, mount, filesystem, device).
void vet_datastore(int fd, const std::filesystem::path& datastore, const DatastorePolicy& policy);

// DatastoreError unless the directory open as `fd` is the root of a mount: another device than its
// parent ("/" itself counts), or a mount point in /proc/self/mountinfo (a bind mount keeps the
// device of what it shows).
void require_mount_root(int fd, const std::filesystem::path& datastore);
// The datastore (open as `fd`) is on a filesystem of `type`; else DatastoreError.
void require_filesystem(const std::filesystem::path& datastore, const std::string& type);
// The datastore is on the block device at `device` (by device number); else DatastoreError. A
// filesystem whose files report no device of their own (btrfs, overlay) never matches.
void require_device(int fd, const std::filesystem::path& datastore, const std::string& device);

// Whether `name` in the directory open as `store_fd` is still the directory open as `dir_fd`
// (true when dir_fd is not open: nothing to compare, the name is all there is).
bool still_named(int store_fd, const std::string& name, int dir_fd);

}  // namespace iogate::detail
