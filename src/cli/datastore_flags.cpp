#include "datastore_flags.hpp"

#include <iostream>

namespace iogate::cli {

void add_datastore_flags(CLI::App& sub, DatastoreFlags& flags) {
  sub.add_option("--datastore", flags.dir,
                 "Datastore: an existing directory on the storage under test (else "
                 "$IOGATE_DATASTORE; required)");
  sub.add_flag("--allow-shared-datastore", flags.allow_shared,
               "As root, accept a datastore other users own or can write to (else "
               "$IOGATE_ALLOW_SHARED_DATASTORE=1)");
  sub.add_flag("--require-mount", flags.require_mount,
               "Refuse a datastore that is not a mount point of its own (else "
               "$IOGATE_REQUIRE_MOUNT=1)");
  sub.add_option("--require-filesystem", flags.require_filesystem,
                 "Refuse a datastore on another filesystem type, e.g. xfs (else "
                 "$IOGATE_REQUIRE_FILESYSTEM, else the threshold file's)");
  sub.add_option("--require-device", flags.require_device,
                 "Refuse a datastore on another block device, e.g. /dev/sdb1 (else "
                 "$IOGATE_REQUIRE_DEVICE, else the threshold file's)");
}

std::optional<DatastoreChoice> choose_datastore(const char* command, const DatastoreFlags& flags,
                                                const ThresholdFile* file) {
  try {
    DatastoreChoice choice = resolve_datastore(flags);
    if (file != nullptr) choice.policy = with_file_demands(choice.policy, *file);
    check_datastore(choice.dir, choice.policy);
    return choice;
  } catch (const std::exception& e) {
    std::cerr << "iogate " << command << ": " << e.what() << '\n';
    return std::nullopt;
  }
}

}  // namespace iogate::cli
