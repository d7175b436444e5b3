// What a datastore's filesystem says of itself before anything is written there, and what makes
// it no place for test files whatever the checks ask. The runner's preflight
// (runner/preflight.hpp) reads these once, before any scratch area, lock or layout, so a
// datastore that can never hold a test file is refused as bad input (exit 2) rather than met by
// every check in turn as an error row.
//
// Refused here:
//   - a pseudo filesystem of the kernel (procfs, sysfs, devtmpfs, devpts, cgroup, debugfs,
//     tracefs, securityfs, configfs, ...): it shows the kernel's objects, it is no storage. Known
//     by statfs's f_type on Linux, and by the mount table's type name, since devtmpfs reports
//     tmpfs's f_type. tmpfs and ramfs are real places to write (a warning says they measure
//     memory, check_session.hpp), and stay allowed.
//   - a read-only mount (statvfs's ST_RDONLY; on Windows the volume's FILE_READ_ONLY_VOLUME).
// The space a check's files need is the scratch area's rule (space_required, scratch_area.hpp),
// weighed by the preflight against `available`.
//
// The reading is per platform (volume_facts_posix.cpp, volume_facts_windows.cpp); the judgement
// and the table of pseudo filesystems are shared (volume_facts.cpp), and are tested with values
// as statfs gives them on every platform.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace iogate {

struct VolumeFacts {
  std::uint64_t magic = 0;      // statfs's f_type (Linux); 0 where there is none (Windows)
  std::string type;             // as the mount table or the volume names it: "ext4", "NTFS"; ""
  bool read_only = false;       // mounted read-only
  std::uint64_t available = 0;  // bytes an unprivileged writer may use (FreeSpace::available)
};

// The facts of the filesystem holding `dir`, an existing directory. std::system_error naming
// `dir` when it cannot be examined; the type is "" when the mount table cannot tell it.
VolumeFacts read_volume_facts(const std::filesystem::path& dir);

// The facts of the filesystem a datastore is on, or for a missing one that `create_if_missing`
// would make, of the filesystem it would be made on (the deepest existing ancestor, as the scratch
// area's own space check). nullopt when there is nothing to examine: a missing datastore that would
// not be made, a path that is no directory, one that cannot be read (the datastore's own checks,
// check_datastore or the scratch area, refuse those with their reasons).
std::optional<VolumeFacts> read_datastore_volume(const std::filesystem::path& datastore,
                                                 bool create_if_missing);

// Why no test file can be written on the filesystem `facts` describe, as a sentence about
// `datastore` ("datastore /proc is on proc, a pseudo filesystem ..."); nullopt when it can hold
// one.
std::optional<std::string> volume_refusal(const std::filesystem::path& datastore,
                                          const VolumeFacts& facts);

// The bytes the files in the datastore's iogate scratch directories hold (iogate-scratch-*, one
// level deep, regular files only; what cannot be read counts 0). A scratch area about to be made
// would have them back: a dead run's leftovers are removed first, another process's area is gone
// once its lock is released, and the files a run keeps for its later checks are removed when a
// check lacks room (layout_pool.hpp). So the preflight counts them as room and refuses only what
// could not fit even then; the scratch area's own rule, with its lock held, decides for real.
std::uint64_t scratch_bytes(const std::filesystem::path& datastore);

}  // namespace iogate
