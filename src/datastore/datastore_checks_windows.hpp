// Opening a datastore on Windows and holding it to the DatastorePolicy
// (iogate/datastore/scratch_area.hpp), the counterpart of datastore_checks.hpp.
//
// The datastore is opened once, as a directory, never following a reparse point at its own
// name (a junction or symlink there is refused: name the directory it points to); everything
// after goes through that handle. Of the policy:
//   - create_if_missing, require_mount (the root of a volume: a drive or a mounted folder) and
//     require_filesystem (NTFS, ReFS, as the volume names itself) mean what they mean on Linux;
//   - require_device names a Linux block device: on Windows it is refused, never ignored;
//   - allow_shared: the Linux rule for root (a datastore others may rename entries in) has no
//     Windows counterpart yet. What holds on Windows regardless: the scratch directory is
//     created with a DACL for its owner alone, held open so that nobody can rename it, and
//     everything in it is opened relative to that handle without following a reparse point.
#pragma once

#include <cstdint>
#include <filesystem>

#include "common/windows_handle.hpp"
#include "iogate/datastore/scratch_area.hpp"

namespace iogate::detail {

// The datastore open as a directory (with FILE_LIST_DIRECTORY, for stale cleanup), checked
// against `policy`; created first (with its parents) when missing and policy.create_if_missing,
// after a free-space check (InsufficientSpace, nothing created). DatastoreError for a missing
// datastore otherwise, a non-directory, a reparse point or a failed check.
UniqueHandle open_datastore(const std::filesystem::path& datastore, const DatastorePolicy& policy,
                            std::uint64_t bytes_needed);

}  // namespace iogate::detail
