// How long a check's name may be, wherever one is given or read back: the threshold file, a fio
// job mapped to a check, `iogate run --name`, a result or baseline read back.
#pragma once

#include <cstddef>

namespace iogate {

// A check's name becomes file names: <name>.dat in the scratch area, <name>.json (written as
// <name>.json.tmp, then renamed) in a report directory. NAME_MAX is 255 bytes on every Linux
// filesystem a datastore lives on (ext4, XFS, btrfs, tmpfs, NFS); the longest suffix leaves 246.
inline constexpr std::size_t kMaxFileNameBytes = 255;
inline constexpr std::size_t kMaxCheckNameLength = kMaxFileNameBytes - sizeof(".json.tmp") + 1;

}  // namespace iogate
