#include "datastore_flags.hpp"

#include <iostream>

#include "runner/preflight.hpp"

namespace iogate::cli {

void add_datastore_option(CLI::App& sub, std::optional<std::string>& dir) {
  sub.add_option("--datastore", dir,
                 "Datastore: an existing directory on the storage under test (else "
                 "$IOGATE_DATASTORE; required)");
}

void add_datastore_flags(CLI::App& sub, DatastoreFlags& flags) {
  add_datastore_option(sub, flags.dir);
  add_datastore_demand_flags(sub, flags);
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

bool preflight_passes(const char* command, const std::function<void()>& preflight) {
  try {
    preflight();
    return true;
  } catch (const PreflightRefusal& e) {
    for (const std::string& reason : e.reasons())
      std::cerr << "iogate " << command << ": " << reason << '\n';
    return false;
  }
}

}  // namespace iogate::cli
