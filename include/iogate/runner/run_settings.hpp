// Where checks run and what they are compared with, from a front end's flags, the environment and
// a suite's compiled-in defaults, in that order of precedence. The rules are shared by `iogate
// check`, `run`, `baseline record` and every suite executable.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "iogate/baseline/baseline.hpp"
#include "iogate/datastore/scratch_area.hpp"
#include "iogate/results/labels.hpp"
#include "iogate/thresholds/threshold_file.hpp"

namespace iogate {

// The datastore options a front end takes.
struct DatastoreFlags {
  std::optional<std::string> dir;                   // --datastore DIR
  bool allow_shared = false;                        // --allow-shared-datastore
  bool require_mount = false;                       // --require-mount
  std::optional<std::string> require_filesystem{};  // --require-filesystem TYPE
  std::optional<std::string> require_device{};      // --require-device DEV
};

// The flags every entry point that runs checks takes for what it demands of the datastore
// (`iogate check`, `run`, `baseline record`, a suite executable): --allow-shared-datastore,
// --require-mount, --require-filesystem, --require-device, each with the variable that stands in
// for it (resolve_datastore). --datastore itself is each entry point's own: where it falls back
// to differs. A template so that the runner needs no command-line library: App is CLI::App.
template <class App>
void add_datastore_demand_flags(App& app, DatastoreFlags& flags) {
  app.add_flag("--allow-shared-datastore", flags.allow_shared,
               "As root, accept a datastore other users own or can write to (else "
               "$IOGATE_ALLOW_SHARED_DATASTORE=1)");
  app.add_flag("--require-mount", flags.require_mount,
               "Refuse a datastore that is not a mount point of its own (else "
               "$IOGATE_REQUIRE_MOUNT=1)");
  app.add_option("--require-filesystem", flags.require_filesystem,
                 "Refuse a datastore on another filesystem type, e.g. xfs (else "
                 "$IOGATE_REQUIRE_FILESYSTEM, else the threshold file's require_filesystem)");
  app.add_option("--require-device", flags.require_device,
                 "Refuse a datastore on another block device, e.g. /dev/sdb1 (else "
                 "$IOGATE_REQUIRE_DEVICE, else the threshold file's require_device)");
}

// Where checks write, and what is demanded of it.
struct DatastoreChoice {
  std::filesystem::path dir;
  DatastorePolicy policy;
};

// The datastore: --datastore if given, else $IOGATE_DATASTORE, else `fallback` (a suite's
// compiled-in DATASTORE; the CLI has none and passes ""), else DatastoreError saying how to name
// one. Only a fallback with `create_fallback` (a build tree's own `<build dir>/datastore`) is
// created when missing. The policy's allow_shared is the flag or IOGATE_ALLOW_SHARED_DATASTORE=1,
// its require_mount the flag or IOGATE_REQUIRE_MOUNT=1, its require_filesystem and require_device
// the flag or IOGATE_REQUIRE_FILESYSTEM / IOGATE_REQUIRE_DEVICE (a threshold file's demands are
// added by with_file_demands).
DatastoreChoice resolve_datastore(const DatastoreFlags& flags,
                                  const std::filesystem::path& fallback = {},
                                  bool create_fallback = false);

// `policy` with what a threshold file's [suite] demands of the datastore: require_mount is added;
// a filesystem or device the file names applies unless the flag or the environment named one
// (the operator's word for this host wins over the file's).
DatastorePolicy with_file_demands(DatastorePolicy policy, const ThresholdFile& file);

// The host label: --host-label if given (even empty: an empty label is refused), else
// $IOGATE_HOST_LABEL when set and not empty, else "" (the hostname is the host's identity). A
// malformed label throws std::invalid_argument naming the flag or the variable and what was
// expected (host_label_problem, iogate/results/labels.hpp: the rule results are read back with).
std::string resolve_host_label(const std::optional<std::string>& flag);

// The baseline file: --baseline if given, else $IOGATE_BASELINE, else `fallback` (a suite's
// BASELINE); empty when none is named.
std::filesystem::path resolve_baseline(const std::optional<std::string>& flag,
                                       const std::filesystem::path& fallback);

// --strict-baseline, or IOGATE_STRICT_BASELINE=1 (how a suite under ctest gets it): a baseline
// recorded on another host, datastore or filesystem is refused instead of named.
bool resolve_strict_baseline(bool flag);

// The named baseline, loaded; nothing when `file` is empty (none named: checks with relative
// bounds then skip, see check_session.hpp). A missing, unreadable or malformed file throws
// BaselineError saying it is the baseline and how to get one.
std::optional<Baseline> load_named_baseline(const std::filesystem::path& file);

}  // namespace iogate
