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
}

std::optional<DatastoreChoice> choose_datastore(const char* command, const DatastoreFlags& flags,
                                                bool require_mount) {
  try {
    DatastoreChoice choice = resolve_datastore(flags);
    choice.policy.require_mount = choice.policy.require_mount || require_mount;
    check_datastore(choice.dir, choice.policy);
    return choice;
  } catch (const std::exception& e) {
    std::cerr << "iogate " << command << ": " << e.what() << '\n';
    return std::nullopt;
  }
}

}  // namespace iogate::cli
